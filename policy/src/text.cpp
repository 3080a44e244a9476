#include "policy/text.h"

#include <cstdint>

namespace policy {

namespace {

bool isWhiteSpace(char32_t c) noexcept
{
    switch (c) {
    case 0x09: case 0x0A: case 0x0B: case 0x0C: case 0x0D: case 0x20:
    case 0x85: case 0xA0: case 0x1680: case 0x2028: case 0x2029: case 0x202F: case 0x205F: case 0x3000:
        return true;
    default:
        return c >= 0x2000 && c <= 0x200A;
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

}  // namespace policy
