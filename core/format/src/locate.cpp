// SPDX-License-Identifier: Apache-2.0
#include "format/locate.h"

#include "json_text.h"

#include <algorithm>
#include <numeric>
#include <string>

namespace format
{
namespace
{

// Positions of ascending offsets, in one scan of the text up to the last.
std::vector<TextPosition> positionsOfSortedOffsets(std::string_view text, const std::vector<std::size_t>& offsets)
{
    std::vector<TextPosition> out;
    out.reserve(offsets.size());
    TextPosition pos {1, 1};
    std::size_t i = 0;
    for (std::size_t offset : offsets) {
        offset = std::min(offset, text.size());
        for (; i < offset; ++i) {
            const auto c = static_cast<unsigned char>(text[i]);
            if (c == '\n') {
                ++pos.line;
                pos.column = 1;
            } else if ((c & 0xC0) != 0x80) {  // count characters, not UTF-8 continuation bytes
                ++pos.column;
            }
        }
        out.push_back(pos);
    }
    return out;
}

}  // namespace

TextPosition positionOfOffset(std::string_view text, std::size_t offset)
{
    return positionsOfSortedOffsets(text, {offset}).front();
}

TextPosition locatePath(std::string_view text, std::string_view path)
{
    return positionOfOffset(text, detail::offsetOfPath(text, path));
}

void locateDiagnostics(std::string_view text, std::vector<Diagnostic>& diagnostics)
{
    std::vector<std::size_t> unplaced;
    std::vector<std::string_view> paths;
    for (std::size_t i = 0; i < diagnostics.size(); ++i) {
        if (diagnostics[i].line == 0 && diagnostics[i].code != kMoreDiagnosticsCode) {
            unplaced.push_back(i);
            paths.push_back(diagnostics[i].path);
        }
    }
    if (unplaced.empty() || text.empty())
        return;
    const std::vector<std::size_t> offsets = detail::offsetsOfPaths(text, paths);
    std::vector<std::size_t> order(offsets.size());
    std::iota(order.begin(), order.end(), std::size_t {0});
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return offsets[a] < offsets[b]; });
    std::vector<std::size_t> sorted;
    sorted.reserve(order.size());
    for (std::size_t k : order)
        sorted.push_back(offsets[k]);
    const std::vector<TextPosition> positions = positionsOfSortedOffsets(text, sorted);
    for (std::size_t k = 0; k < order.size(); ++k) {
        Diagnostic& d = diagnostics[unplaced[order[k]]];
        d.line = positions[k].line;
        d.column = positions[k].column;
    }
}

Diagnostic moreDiagnostics(std::size_t count)
{
    return {"",
        "and " + std::to_string(count) + (count == 1 ? " more problem" : " more problems")
            + " not listed; correct these and check again",
        0, 0, std::string(kMoreDiagnosticsCode), {std::to_string(count)}};
}

void capDiagnostics(std::vector<Diagnostic>& diagnostics, std::size_t limit)
{
    std::size_t more = 0;
    std::vector<Diagnostic> kept;
    kept.reserve(std::min(diagnostics.size(), limit) + 1);
    for (Diagnostic& d : diagnostics) {
        if (d.code == kMoreDiagnosticsCode && d.args.size() == 1)
            more += std::stoull(d.args.front());
        else if (kept.size() < limit)
            kept.push_back(std::move(d));
        else
            ++more;
    }
    if (more > 0)
        kept.push_back(moreDiagnostics(more));
    diagnostics = std::move(kept);
}

void DiagnosticCollector::add(Diagnostic diagnostic)
{
    if (m_diagnostics.size() >= kMaxDiagnosticsPerFile)
        ++m_omitted;
    else
        m_diagnostics.push_back(std::move(diagnostic));
}

std::vector<Diagnostic> DiagnosticCollector::take()
{
    if (m_omitted > 0)
        m_diagnostics.push_back(moreDiagnostics(m_omitted));
    m_omitted = 0;
    locateDiagnostics(m_text, m_diagnostics);
    return std::move(m_diagnostics);
}

}  // namespace format
