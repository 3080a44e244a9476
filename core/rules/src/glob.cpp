// SPDX-License-Identifier: Apache-2.0
#include "rules/glob.h"

#include <cstddef>

namespace rules
{

// Greedy matching with one backtrack point: linear in practice, never exponential.
bool globMatches(std::string_view pattern, std::string_view text) noexcept
{
    std::size_t p = 0, t = 0;
    std::size_t star = std::string_view::npos, mark = 0;
    while (t < text.size()) {
        if (p < pattern.size() && (pattern[p] == '?' || pattern[p] == text[t])) {
            ++p;
            ++t;
        } else if (p < pattern.size() && pattern[p] == '*') {
            star = p++;
            mark = t;
        } else if (star != std::string_view::npos) {
            p = star + 1;
            t = ++mark;
        } else {
            return false;
        }
    }
    while (p < pattern.size() && pattern[p] == '*')
        ++p;
    return p == pattern.size();
}

}  // namespace rules
