// SPDX-License-Identifier: Apache-2.0
#include "pattern.h"

#include "text.h"

namespace catalogue::detail
{
namespace
{

constexpr std::size_t kMaxGap = 100;

bool isBlank(char c) noexcept
{
    return c == ' ' || c == '\t';
}

// Matches pattern[p..] against line[t..]. Backtracks only over '#', ' ', '!', '~' and '*', all bounded by
// the line, so a match costs at most (line length × gap) steps.
bool run(std::string_view pattern, std::size_t p, std::string_view line, std::size_t t, bool endBoundary) noexcept
{
    while (p < pattern.size()) {
        const char c = pattern[p];
        switch (c) {
        case ' ': {
            if (t >= line.size() || !isBlank(line[t]))
                return false;
            while (t < line.size() && isBlank(line[t]))
                ++t;
            ++p;
            continue;
        }
        case '#': {
            if (t >= line.size() || !asciiDigit(line[t]))
                return false;
            while (t < line.size() && asciiDigit(line[t]))
                ++t;
            ++p;
            continue;
        }
        case '~': {
            if (t < line.size() && (line[t] == ' ' || line[t] == '-' || line[t] == '_')
                && run(pattern, p + 1, line, t + 1, endBoundary))
                return true;
            ++p;
            continue;
        }
        case '!': {
            std::size_t stop = t;
            while (stop < line.size() && !asciiSpace(line[stop]))
                ++stop;
            for (std::size_t next = t + 1; next <= stop; ++next) {
                if (run(pattern, p + 1, line, next, endBoundary))
                    return true;
            }
            return false;
        }
        case '*': {
            const std::size_t stop = t + kMaxGap < line.size() ? t + kMaxGap : line.size();
            // A plain character after the gap: try only where it is.
            const char after = p + 1 < pattern.size() ? pattern[p + 1] : '\0';
            const bool plain = after != '\0' && after != ' ' && after != '~' && after != '#' && after != '!'
                && after != '*' && after != '\\';
            for (std::size_t next = t; next <= stop; ++next) {
                if (plain && (next >= line.size() || line[next] != after))
                    continue;
                if (run(pattern, p + 1, line, next, endBoundary))
                    return true;
            }
            return false;
        }
        case '\\':
            if (p + 1 < pattern.size()) {
                if (t >= line.size() || line[t] != pattern[p + 1])
                    return false;
                ++t;
                p += 2;
                continue;
            }
            [[fallthrough]];
        default:
            if (t >= line.size() || line[t] != c)
                return false;
            ++t;
            ++p;
        }
    }
    // A match ending inside a word fails here, so that a longer one through a gap is tried.
    return !(endBoundary && t < line.size() && isWordChar(line[t]));
}

char lastLiteral(std::string_view pattern) noexcept
{
    if (pattern.empty())
        return '\0';
    const char c = pattern.back();
    if (pattern.size() >= 2 && pattern[pattern.size() - 2] == '\\')
        return c;
    return (c == ' ' || c == '~' || c == '#' || c == '!' || c == '*') ? '\0' : c;
}

}  // namespace

bool matchesAt(std::string_view pattern, std::string_view line, std::size_t at) noexcept
{
    std::size_t p = 0;
    if (!pattern.empty() && pattern.front() == '^') {
        for (std::size_t i = 0; i < at; ++i) {
            if (!isBlank(line[i]))
                return false;
        }
        p = 1;
    }
    if (p >= pattern.size())
        return false;  // "^" alone, or nothing: not a pattern
    const char first = pattern[p] == '\\' && p + 1 < pattern.size() ? pattern[p + 1] : pattern[p];
    // Only a letter or digit asks for a boundary: "_api_key ..." may follow "anthropic".
    if ((asciiAlnum(first) || pattern[p] == '#') && at > 0 && isWordChar(line[at - 1]))
        return false;
    return run(pattern, p, line, at, asciiAlnum(lastLiteral(pattern)));
}

bool matchesIn(std::string_view pattern, std::string_view line) noexcept
{
    for (std::size_t at = 0; at < line.size(); ++at) {
        if (matchesAt(pattern, line, at))
            return true;
    }
    return false;
}

bool isIndexable(std::string_view pattern) noexcept
{
    if (!pattern.empty() && pattern.front() == '^')
        pattern.remove_prefix(1);
    if (pattern.empty())
        return false;
    const char c = pattern.front();
    return c != '~' && c != '!' && c != '*';
}

}  // namespace catalogue::detail
