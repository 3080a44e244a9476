// SPDX-License-Identifier: Apache-2.0
#include "policy/text.h"

#include <cstdint>

namespace policy
{

namespace
{

bool isWhiteSpace(char32_t c) noexcept
{
    switch (c) {
    case 0x09:
    case 0x0A:
    case 0x0B:
    case 0x0C:
    case 0x0D:
    case 0x20:
    case 0x85:
    case 0xA0:
    case 0x1680:
    case 0x2028:
    case 0x2029:
    case 0x202F:
    case 0x205F:
    case 0x3000: return true;
    default: return c >= 0x2000 && c <= 0x200A;
    }
}

// Length of the white-space code point starting at s[i], or 0.
std::size_t spaceAt(std::string_view s, std::size_t i) noexcept
{
    const auto b = [&](std::size_t k) { return static_cast<std::uint8_t>(s[k]); };
    const std::uint8_t lead = b(i);
    if (lead < 0x80)
        return isWhiteSpace(lead) ? 1 : 0;
    std::size_t len = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 0;
    if (len == 0 || len == 4 || i + len > s.size())
        return 0;  // every white-space code point has two or three bytes
    char32_t c = lead & (len == 2 ? 0x1F : 0x0F);
    for (std::size_t k = 1; k < len; ++k) {
        if ((b(i + k) & 0xC0) != 0x80)
            return 0;
        c = (c << 6) | (b(i + k) & 0x3F);
    }
    return isWhiteSpace(c) ? len : 0;
}

}  // namespace

std::string_view trimSpace(std::string_view s) noexcept
{
    std::size_t begin = 0;
    while (begin < s.size()) {
        const std::size_t n = spaceAt(s, begin);
        if (n == 0)
            break;
        begin += n;
    }
    std::size_t end = s.size();
    while (end > begin) {
        // Step back to the start of the last code point (at most 3 bytes back).
        std::size_t start = end - 1;
        while (start > begin && end - start < 3 && (static_cast<std::uint8_t>(s[start]) & 0xC0) == 0x80)
            --start;
        const std::size_t n = spaceAt(s, start);
        if (n == 0 || start + n != end)
            break;
        end = start;
    }
    return s.substr(begin, end - begin);
}

std::size_t utf8SequenceAt(std::string_view s, std::size_t i) noexcept
{
    const auto b = [&](std::size_t k) { return static_cast<std::uint8_t>(s[k]); };
    const std::uint8_t lead = b(i);
    if (lead < 0x80)
        return 1;
    std::size_t len = 0;
    std::uint8_t low = 0x80, high = 0xBF;  // the range of the second byte (RFC 3629)
    if (lead >= 0xC2 && lead <= 0xDF) {
        len = 2;
    } else if (lead >= 0xE0 && lead <= 0xEF) {
        len = 3;
        if (lead == 0xE0)
            low = 0xA0;
        if (lead == 0xED)
            high = 0x9F;  // no surrogates
    } else if (lead >= 0xF0 && lead <= 0xF4) {
        len = 4;
        if (lead == 0xF0)
            low = 0x90;
        if (lead == 0xF4)
            high = 0x8F;
    } else {
        return 0;
    }
    if (i + len > s.size())
        return 0;
    if (b(i + 1) < low || b(i + 1) > high)
        return 0;
    for (std::size_t k = 2; k < len; ++k) {
        if ((b(i + k) & 0xC0) != 0x80)
            return 0;
    }
    return len;
}

std::optional<std::size_t> firstInvalidUtf8(std::string_view s) noexcept
{
    for (std::size_t i = 0; i < s.size();) {
        // Fast path over ASCII.
        if (static_cast<std::uint8_t>(s[i]) < 0x80) {
            ++i;
            continue;
        }
        const std::size_t n = utf8SequenceAt(s, i);
        if (n == 0)
            return i;
        i += n;
    }
    return std::nullopt;
}

std::string toValidUtf8(std::string_view s)
{
    const auto bad = firstInvalidUtf8(s);
    if (!bad)
        return std::string(s);
    std::string out(s.substr(0, *bad));
    for (std::size_t i = *bad; i < s.size();) {
        const std::size_t n = utf8SequenceAt(s, i);
        if (n == 0) {
            out += "\xEF\xBF\xBD";  // U+FFFD
            ++i;
        } else {
            out.append(s.substr(i, n));
            i += n;
        }
    }
    return out;
}

std::size_t utf8Characters(std::string_view s) noexcept
{
    std::size_t count = 0;
    for (std::size_t i = 0; i < s.size(); ++count) {
        const std::size_t n = static_cast<std::uint8_t>(s[i]) < 0x80 ? 1 : utf8SequenceAt(s, i);
        i += n == 0 ? 1 : n;
    }
    return count;
}

namespace
{

void appendCodeEscape(std::string& out, char32_t c)
{
    static constexpr char hex[] = "0123456789abcdef";
    out += "\\u";
    for (int shift = 12; shift >= 0; shift -= 4)
        out += hex[(c >> shift) & 15];
}

bool isBidiControl(char32_t c) noexcept
{
    return (c >= 0x202A && c <= 0x202E) || (c >= 0x2066 && c <= 0x2069);
}

char32_t decode(std::string_view s, std::size_t i, std::size_t n) noexcept
{
    const auto b = [&](std::size_t k) { return static_cast<char32_t>(static_cast<std::uint8_t>(s[i + k])); };
    switch (n) {
    case 2: return ((b(0) & 0x1F) << 6) | (b(1) & 0x3F);
    case 3: return ((b(0) & 0x0F) << 12) | ((b(1) & 0x3F) << 6) | (b(2) & 0x3F);
    case 4: return ((b(0) & 0x07) << 18) | ((b(1) & 0x3F) << 12) | ((b(2) & 0x3F) << 6) | (b(3) & 0x3F);
    default: return b(0);
    }
}

}  // namespace

void escapeControls(std::string& out, std::string_view s, Escaping escaping)
{
    static constexpr char hex[] = "0123456789abcdef";
    out.reserve(out.size() + s.size());
    for (std::size_t i = 0; i < s.size();) {
        const auto b = static_cast<std::uint8_t>(s[i]);
        if (b < 0x80) {
            if (escaping == Escaping::JsonString && (b == '"' || b == '\\')) {
                out += '\\';
                out += static_cast<char>(b);
            } else if ((b < 0x20 || b == 0x7F) && !(escaping == Escaping::Text && (b == '\n' || b == '\t'))) {
                appendCodeEscape(out, b);
            } else {
                out += static_cast<char>(b);
            }
            ++i;
            continue;
        }
        const std::size_t n = utf8SequenceAt(s, i);
        if (n == 0) {
            if (escaping == Escaping::JsonString) {
                out += "\xEF\xBF\xBD";  // U+FFFD
            } else {
                out += "\\x";
                out += hex[b >> 4];
                out += hex[b & 15];
            }
            ++i;
            continue;
        }
        const char32_t c = decode(s, i, n);
        if ((c >= 0x80 && c < 0xA0) || isBidiControl(c))
            appendCodeEscape(out, c);
        else
            out.append(s.substr(i, n));
        i += n;
    }
}

std::string escapedControls(std::string_view s, Escaping escaping)
{
    std::string out;
    escapeControls(out, s, escaping);
    return out;
}

}  // namespace policy
