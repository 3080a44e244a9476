#include "policy/time.h"

#include <algorithm>

#include <cstdint>

namespace policy {
namespace {

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
    unsigned year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0;
    if (!digits(s, 0, 4, year) || s.size() < 20 || s[4] != '-' || !digits(s, 5, 2, month) || s[7] != '-'
        || !digits(s, 8, 2, day) || (s[10] != 'T' && s[10] != 't' && s[10] != ' ') || !digits(s, 11, 2, hour)
        || s[13] != ':' || !digits(s, 14, 2, minute) || s[16] != ':' || !digits(s, 17, 2, second))
        return std::nullopt;
    if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month) || hour > 23 || minute > 59
        || second > 60)
        return std::nullopt;
    std::size_t pos = 19;
    if (pos < s.size() && s[pos] == '.') {
        ++pos;
        const std::size_t start = pos;
        while (pos < s.size() && s[pos] >= '0' && s[pos] <= '9')
            ++pos;
        if (pos == start)
            return std::nullopt;
    }
    if (pos >= s.size())
        return std::nullopt;
    std::int64_t offset = 0;
    if (s[pos] == 'Z' || s[pos] == 'z') {
        ++pos;
    } else if (s[pos] == '+' || s[pos] == '-') {
        unsigned oh = 0, om = 0;
        if (!digits(s, pos + 1, 2, oh) || pos + 3 >= s.size() || s[pos + 3] != ':' || !digits(s, pos + 4, 2, om)
            || oh > 23 || om > 59)
            return std::nullopt;
        offset = (s[pos] == '+' ? 1 : -1) * static_cast<std::int64_t>(oh * 3600 + om * 60);
        pos += 6;
    } else {
        return std::nullopt;
    }
    if (pos != s.size())
        return std::nullopt;
    // A leap second reads as the last second of its minute.
    const unsigned sec = second == 60 ? 59 : second;
    const std::int64_t days = daysFromCivil(year, month, day);
    const std::int64_t total = days * 86400 + hour * 3600 + minute * 60 + sec - offset;
    const Seconds t{std::chrono::seconds{total}};
    // An offset can carry a time past either end (9999-12-31T23:00:00-05:00).
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
