// SPDX-License-Identifier: Apache-2.0
#pragma once
// The catalogue's small pattern language, matched within one line of lowered
// text and without std::regex (the classifier must stay fast and bounded):
//
//   letters, digits, punctuation   themselves (rules are written in lower case)
//   ' '                            one or more spaces or tabs
//   '~'                            an optional separator: nothing, or one ' ', '-' or '_'
//   '#'                            one or more digits
//   '!'                            one or more characters that are not white space
//   '*'                            up to 100 characters of the same line (as few as needed)
//   '^' (first only)               the start of the line, after its indentation
//   '\' before any of these        that character itself
//
// A pattern that begins (ends) with a letter or digit only matches where the
// text has no letter, digit or '_' just before (after) it: "overloaded_error"
// does not match inside "not_overloaded_error", "rate~limit" not inside
// "pirate limits"; "_api_key" does match inside "anthropic_api_key".

#include "text.h"

#include <string_view>

namespace catalogue::detail
{

inline bool isWordChar(char c) noexcept
{
    return asciiAlnum(c) || c == '_';
}

// Whether `pattern` matches `line` (lowered) starting exactly at `at`.
bool matchesAt(std::string_view pattern, std::string_view line, std::size_t at) noexcept;

// Whether `pattern` matches anywhere in `line` (lowered). Slow path for tests
// and for the rare rule checked outside the indexed scan.
bool matchesIn(std::string_view pattern, std::string_view line) noexcept;

// The characters a match of `pattern` can begin with: calls `add(c)` for each.
template <typename Add> void firstChars(std::string_view pattern, Add add)
{
    if (!pattern.empty() && pattern.front() == '^')
        pattern.remove_prefix(1);
    if (pattern.empty())
        return;
    switch (pattern.front()) {
    case '#':
        for (char c = '0'; c <= '9'; ++c)
            add(c);
        return;
    case '\\':
        if (pattern.size() > 1)
            add(pattern[1]);
        return;
    case ' ':
        add(' ');
        add('\t');
        return;
    default: add(pattern.front());
    }
}

// Whether a pattern is well formed for the scan: it starts with a literal,
// '#', ' ' or '^' (not with '~', '!' or '*', which could match anywhere).
bool isIndexable(std::string_view pattern) noexcept;

}  // namespace catalogue::detail
