// SPDX-License-Identifier: Apache-2.0
#pragma once
// What policyctl prints reaches a terminal: an id, a profile name, a scenario
// name or an error excerpt holding ESC sequences could rewrite the screen,
// and bytes that are not UTF-8 could garble it. policyctl's standard output
// and error pass through this buffer, which makes every byte printable with
// policy::escapeControls (Escaping::Text):
// - C0 control characters other than newline and tab, DEL, the C1 controls
//   (U+0080..U+009F) and the bidirectional overrides and isolates become
//   \u00XX / \u202e, escapes that mean the same character inside a JSON
//   string, so JSON output keeps its meaning;
// - a byte that is not part of a well-formed UTF-8 sequence becomes \xNN.
// The newlines and tabs this layer lets pass are the output's own: a value
// that could hold one (an id, a name read from a database) is escaped where
// it is put into a line (Escaping::Value), so it cannot forge a line.

#include <streambuf>
#include <string>

namespace cli
{

class TerminalSafeBuffer final : public std::streambuf
{
public:
    // `unbuffered`: pass each write on at once (standard error, so that a
    // message is seen when it is written).
    explicit TerminalSafeBuffer(std::streambuf* target, bool unbuffered = false)
        : m_target(target)
        , m_unbuffered(unbuffered)
    {
    }
    ~TerminalSafeBuffer() override;

    // Passes on everything, an incomplete sequence at the end as \xNN, and
    // flushes the target. False when the target refused bytes.
    bool finish();

    // Pure, for tests: `text` made printable; `final` says no more bytes
    // follow (an incomplete sequence at the end is then invalid).
    static std::string escape(std::string_view text, bool final, std::size_t* consumed = nullptr);

protected:
    int_type overflow(int_type c) override;
    std::streamsize xsputn(const char* s, std::streamsize n) override;
    int sync() override;

private:
    bool drain(bool final);

    std::streambuf* m_target;
    bool m_unbuffered;
    std::string m_pending;
    bool m_failed = false;
};

}  // namespace cli
