// SPDX-License-Identifier: Apache-2.0
#include "policy/time.h"

#include <algorithm>

#include <cstdint>

namespace policy
{
namespace
{

// Howard Hinnant's days_from_civil / civil_from_days: exact for the
// proleptic Gregorian calendar, no table, no locale.
constexpr std::int64_t daysFromCivil(std::int64_t y, unsigned m, unsigned d) noexcept
{
    y -= m <= 2;
    const std::int64_t era = (y >= 0 ? y : y - 399) / 400;
    const auto yoe = static_cast<unsigned>(y - era * 400);
    const unsigned doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    const unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + static_cast<std::int64_t>(doe) - 719468;
}

struct Civil {
    std::int64_t y;
    unsigned m, d;
};

constexpr Civil civilFromDays(std::int64_t z) noexcept
{
    z += 719468;
    const std::int64_t era = (z >= 0 ? z : z - 146096) / 146097;
    const auto doe = static_cast<unsigned>(z - era * 146097);
    const unsigned yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    const std::int64_t y = static_cast<std::int64_t>(yoe) + era * 400;
    const unsigned doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    const unsigned mp = (5 * doy + 2) / 153;
    const unsigned d = doy - (153 * mp + 2) / 5 + 1;
    const unsigned m = mp < 10 ? mp + 3 : mp - 9;
    return {y + (m <= 2), m, d};
}

bool digits(std::string_view s, std::size_t pos, std::size_t count, unsigned& out) noexcept
{
    if (pos + count > s.size())
        return false;
    unsigned v = 0;
    for (std::size_t i = pos; i < pos + count; ++i) {
        const char c = s[i];
        if (c < '0' || c > '9')
            return false;
        v = v * 10 + static_cast<unsigned>(c - '0');
    }
    out = v;
    return true;
}

constexpr unsigned daysInMonth(unsigned y, unsigned m) noexcept
{
    constexpr unsigned table[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    const bool leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    return m == 2 && leap ? 29 : table[m - 1];
}

void put2(char* out, unsigned v) noexcept
{
    out[0] = static_cast<char>('0' + v / 10);
    out[1] = static_cast<char>('0' + v % 10);
}

}  // namespace

std::optional<Seconds> parseRfc3339(std::string_view s) noexcept
{
    // The grammar of Go's time.Parse(time.RFC3339, ...), which kandev's backend
    // reads times with: its layout parser, not RFC 3339's own grammar. Go reads
    // the hour ("15") as one or two digits and every other field as exactly two
    // (four for the year); the literals '-', 'T', ':' and 'Z' match exactly.
    unsigned year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0;
    if (!digits(s, 0, 4, year) || s.size() < 5 || s[4] != '-' || !digits(s, 5, 2, month) || s.size() < 8 || s[7] != '-'
        || !digits(s, 8, 2, day) || s.size() < 11 || s[10] != 'T')
        return std::nullopt;
    std::size_t pos = 11;
    const std::size_t hourDigits = s.size() > 12 && s[12] >= '0' && s[12] <= '9' ? 2 : 1;
    if (!digits(s, pos, hourDigits, hour))
        return std::nullopt;
    pos += hourDigits;
    if (pos >= s.size() || s[pos] != ':' || !digits(s, pos + 1, 2, minute) || pos + 3 >= s.size() || s[pos + 3] != ':'
        || !digits(s, pos + 4, 2, second))
        return std::nullopt;
    pos += 6;
    // Go checks the day against its month, and rejects a leap second (60).
    if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month) || hour > 23 || minute > 59 || second > 59)
        return std::nullopt;
    // A fraction after '.' or ',' (at least one digit) is read and truncated to the second.
    if (pos + 1 < s.size() && (s[pos] == '.' || s[pos] == ',') && s[pos + 1] >= '0' && s[pos + 1] <= '9') {
        pos += 2;
        while (pos < s.size() && s[pos] >= '0' && s[pos] <= '9')
            ++pos;
    }
    std::int64_t offset = 0;
    if (pos < s.size() && s[pos] == 'Z') {
        ++pos;
    } else {
        // Exactly "+hh:mm" or "-hh:mm". Go's range test is > rather than >=
        // ("some people do write offsets of 24 hours or 60 minutes").
        unsigned oh = 0, om = 0;
        if (pos + 6 != s.size() || (s[pos] != '+' && s[pos] != '-') || !digits(s, pos + 1, 2, oh) || s[pos + 3] != ':'
            || !digits(s, pos + 4, 2, om) || oh > 24 || om > 60)
            return std::nullopt;
        offset = (s[pos] == '+' ? 1 : -1) * static_cast<std::int64_t>(oh * 3600 + om * 60);
        pos += 6;
    }
    if (pos != s.size())
        return std::nullopt;
    const std::int64_t days = daysFromCivil(year, month, day);
    const std::int64_t total = days * 86400 + hour * 3600 + minute * 60 + second - offset;
    const Seconds t {std::chrono::seconds {total}};
    // Go reads 0000-01-01T00:00:00+01:00 (year -1 in UTC); no time here can
    // hold it, and it is written nowhere, so it cannot be read either.
    if (t < kEarliestTime || t > kLatestTime)
        return std::nullopt;
    return t;
}

char* formatRfc3339To(char* out, Seconds t) noexcept
{
    t = std::clamp(t, kEarliestTime, kLatestTime);
    const std::int64_t total = t.time_since_epoch().count();
    std::int64_t days = total / 86400;
    std::int64_t rem = total % 86400;
    if (rem < 0) {
        rem += 86400;
        --days;
    }
    const Civil c = civilFromDays(days);
    const auto year = static_cast<unsigned>(c.y);
    out[0] = static_cast<char>('0' + year / 1000);
    out[1] = static_cast<char>('0' + year / 100 % 10);
    out[2] = static_cast<char>('0' + year / 10 % 10);
    out[3] = static_cast<char>('0' + year % 10);
    out[4] = '-';
    put2(out + 5, c.m);
    out[7] = '-';
    put2(out + 8, c.d);
    out[10] = 'T';
    put2(out + 11, static_cast<unsigned>(rem / 3600));
    out[13] = ':';
    put2(out + 14, static_cast<unsigned>(rem / 60 % 60));
    out[16] = ':';
    put2(out + 17, static_cast<unsigned>(rem % 60));
    out[19] = 'Z';
    return out + 20;
}

std::string formatRfc3339(Seconds t)
{
    char buffer[20];
    formatRfc3339To(buffer, t);
    return std::string(buffer, sizeof buffer);
}

}  // namespace policy
