// SPDX-License-Identifier: Apache-2.0
#pragma once
// Text rules the backend applies to ids and legacy rule keys, so that the
// editor reads them exactly as kandev does.

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace policy
{

// Removes leading and trailing Unicode white space (the White_Space property:
// ASCII space, \t \n \v \f \r, U+0085, U+00A0, U+1680, U+2000..U+200A, U+2028,
// U+2029, U+202F, U+205F, U+3000), as Go's strings.TrimSpace does. Bytes that
// are not valid UTF-8 are not white space.
std::string_view trimSpace(std::string_view utf8) noexcept;

// Length of the well-formed UTF-8 sequence at s[i] (1..4), or 0 when the
// bytes there are not one (overlong forms, surrogates and code points past
// U+10FFFF are not).
std::size_t utf8SequenceAt(std::string_view s, std::size_t i) noexcept;

// How many characters a database would count in `s`: each well-formed
// sequence is one, and so is each byte that is not part of one.
std::size_t utf8Characters(std::string_view s) noexcept;

// The offset of the first byte that does not start a well-formed sequence.
std::optional<std::size_t> firstInvalidUtf8(std::string_view s) noexcept;

// `s` with each byte that is not part of a well-formed sequence replaced by
// U+FFFD: evidence and messages stay readable and every output stays UTF-8.
std::string toValidUtf8(std::string_view s);

// What escapeControls leaves as it is besides printable text.
enum class Escaping {
    // A value inside a line (an id, a name, a message): nothing; a newline in
    // a database string must not start a line of its own.
    Value,
    // A whole text output: its own line breaks and tabs pass.
    Text,
    // Inside a JSON string literal: `"` and `\` are escaped too, and a byte
    // that is not UTF-8 becomes U+FFFD (JSON has no escape for a byte).
    JsonString,
};

// Appends `s` to `out` so that it can neither act on a terminal nor forge a
// line or reorder what follows: C0 controls, DEL and C1 controls become
// \u00XX, the bidirectional embeddings, overrides and isolates (U+202A..
// U+202E, U+2066..U+2069) \u202a..., and bytes that are not UTF-8 \xNN.
// Every output of policyctl passes through it; the escapes are JSON's own,
// so a JSON document stays the same value.
void escapeControls(std::string& out, std::string_view s, Escaping escaping = Escaping::Value);
std::string escapedControls(std::string_view s, Escaping escaping = Escaping::Value);

}  // namespace policy
