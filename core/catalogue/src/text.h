// SPDX-License-Identifier: Apache-2.0
#pragma once
// Small text helpers shared inside catalogue/.

#include <string>
#include <string_view>

namespace catalogue::detail
{

// ASCII only and locale-free: the hot path must not call into the C library
// per character, and evidence is matched byte by byte.
constexpr char asciiLower(char c) noexcept
{
    return c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c;
}
constexpr bool asciiDigit(char c) noexcept
{
    return c >= '0' && c <= '9';
}
constexpr bool asciiUpper(char c) noexcept
{
    return c >= 'A' && c <= 'Z';
}
constexpr bool asciiAlpha(char c) noexcept
{
    return asciiUpper(c) || (c >= 'a' && c <= 'z');
}
constexpr bool asciiAlnum(char c) noexcept
{
    return asciiAlpha(c) || asciiDigit(c);
}
constexpr bool asciiSpace(char c) noexcept
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

// Whether `s` holds `literal` at `at`, compared in line: the literals are a
// few bytes long, and a call to memcmp per candidate costs more than the compare.
constexpr bool hasAt(std::string_view s, std::size_t at, std::string_view literal) noexcept
{
    if (at > s.size() || s.size() - at < literal.size())
        return false;
    for (std::size_t i = 0; i < literal.size(); ++i) {
        if (s[at + i] != literal[i])
            return false;
    }
    return true;
}

inline std::string lowered(std::string_view s)
{
    std::string out(s);
    for (auto& c : out)
        c = asciiLower(c);
    return out;
}

}  // namespace catalogue::detail
