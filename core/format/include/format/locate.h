// SPDX-License-Identifier: Apache-2.0
#pragma once
// Where a file's problems are: line and column of field paths, found for all
// of a file's diagnostics in one pass, and the cap on how many are reported.

#include "format/diagnostic.h"

#include <cstddef>
#include <string_view>
#include <vector>

namespace format
{

// Line and column (1-based, characters) of the value at `path` in `text`, or
// of its nearest existing ancestor; {0, 0} when the text is not valid JSON.
struct TextPosition {
    int line = 0;
    int column = 0;
};
// One path: a walk over the text. For many, locateDiagnostics.
TextPosition locatePath(std::string_view text, std::string_view path);
TextPosition positionOfOffset(std::string_view text, std::size_t offset);

// A file reports at most this many problems; the rest are counted in one
// more diagnostic (code "more", args {count}): a person reads the first
// hundred, and a file of a million mistakes costs no more to tell.
inline constexpr std::size_t kMaxDiagnosticsPerFile = 100;
inline constexpr std::string_view kMoreDiagnosticsCode = "more";

// Fills the line and column of every diagnostic that has none (line 0) from
// its path, with one walk over the valid JSON `text` for all of them.
void locateDiagnostics(std::string_view text, std::vector<Diagnostic>& diagnostics);

// Keeps the first `limit` diagnostics and says how many more there were in
// one diagnostic after them; "more" diagnostics already in the list (from a
// reporter that capped its own) are folded into that count.
void capDiagnostics(std::vector<Diagnostic>& diagnostics, std::size_t limit = kMaxDiagnosticsPerFile);

// The "more" diagnostic for `count` problems left out.
Diagnostic moreDiagnostics(std::size_t count);

// A reader's diagnostics for one text as it finds them: the first
// kMaxDiagnosticsPerFile kept, the rest counted, all placed in one pass.
class DiagnosticCollector
{
public:
    explicit DiagnosticCollector(std::string_view text)
        : m_text(text)
    {
    }
    void add(Diagnostic diagnostic);
    bool empty() const
    {
        return m_diagnostics.empty();
    }
    // Placed in the text, with the "more" diagnostic last when some were left out.
    std::vector<Diagnostic> take();

private:
    std::string_view m_text;
    std::vector<Diagnostic> m_diagnostics;
    std::size_t m_omitted = 0;
};

}  // namespace format
