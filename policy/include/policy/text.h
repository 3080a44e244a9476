#pragma once
// Text rules the backend applies to ids and legacy rule keys, so that the
// editor reads them exactly as kandev does.

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace policy {

// Removes leading and trailing Unicode white space (the White_Space property:
// ASCII space, \t \n \v \f \r, U+0085, U+00A0, U+1680, U+2000..U+200A, U+2028,
// U+2029, U+202F, U+205F, U+3000), as Go's strings.TrimSpace does. Bytes that
// are not valid UTF-8 are not white space.
std::string_view trimSpace(std::string_view utf8) noexcept;

// Length of the well-formed UTF-8 sequence at s[i] (1..4), or 0 when the
// bytes there are not one (overlong forms, surrogates and code points past
// U+10FFFF are not).
std::size_t utf8SequenceAt(std::string_view s, std::size_t i) noexcept;

// The offset of the first byte that does not start a well-formed sequence.
std::optional<std::size_t> firstInvalidUtf8(std::string_view s) noexcept;

// `s` with each byte that is not part of a well-formed sequence replaced by
// U+FFFD: evidence and messages stay readable and every output stays UTF-8.
std::string toValidUtf8(std::string_view s);

}  // namespace policy
