// SPDX-License-Identifier: Apache-2.0
#include "zoneinfo.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <iterator>

namespace catalogue::detail
{
namespace
{

constexpr std::size_t kMaxZoneFileBytes = 256 * 1024;

std::int64_t bigEndian(const unsigned char* p, int bytes) noexcept
{
    std::uint64_t v = 0;
    for (int i = 0; i < bytes; ++i)
        v = (v << 8) | p[i];
    if (bytes == 4)
        return std::int32_t(std::uint32_t(v));
    return std::int64_t(v);
}

// "[+-]hh[:mm[:ss]]" -> seconds; advances `tz`.
std::optional<std::int32_t> posixTime(std::string_view& tz) noexcept
{
    int sign = 1;
    if (!tz.empty() && (tz.front() == '+' || tz.front() == '-')) {
        sign = tz.front() == '-' ? -1 : 1;
        tz.remove_prefix(1);
    }
    std::int32_t total = 0;
    for (int part = 0; part < 3; ++part) {
        if (tz.empty() || tz.front() < '0' || tz.front() > '9')
            return part == 0 ? std::nullopt : std::optional<std::int32_t>(sign * total);
        int n = 0;
        while (!tz.empty() && tz.front() >= '0' && tz.front() <= '9' && n < 1000) {
            n = n * 10 + (tz.front() - '0');
            tz.remove_prefix(1);
        }
        total += n * (part == 0 ? 3600 : part == 1 ? 60 : 1);
        if (tz.empty() || tz.front() != ':')
            return sign * total;
        tz.remove_prefix(1);
    }
    return sign * total;
}

bool skipZoneAbbreviation(std::string_view& tz) noexcept
{
    if (!tz.empty() && tz.front() == '<') {
        const auto end = tz.find('>');
        if (end == std::string_view::npos)
            return false;
        tz.remove_prefix(end + 1);
        return true;
    }
    std::size_t n = 0;
    while (n < tz.size() && ((tz[n] >= 'A' && tz[n] <= 'Z') || (tz[n] >= 'a' && tz[n] <= 'z')))
        ++n;
    tz.remove_prefix(n);
    return n >= 3;
}

// The UTC instant at which month/week/weekday/at (local, under `offset`) falls in `year`.
std::int64_t switchInstant(int year, int month, int week, int weekday, std::int32_t at, std::int32_t offset) noexcept
{
    using namespace std::chrono;
    const sys_days first = sys_days(std::chrono::year(year) / std::chrono::month(unsigned(month)) / 1);
    const unsigned firstWeekday = std::chrono::weekday(first).c_encoding();  // 0 = Sunday, as in POSIX
    int day = 1 + (weekday - int(firstWeekday) + 7) % 7 + (week - 1) * 7;
    const int length = int(
        unsigned(year_month_day_last(std::chrono::year(year) / std::chrono::month(unsigned(month)) / last).day()));
    while (day > length)
        day -= 7;
    const sys_days date = first + days(day - 1);
    return std::int64_t(date.time_since_epoch().count()) * 86400 + at - offset;
}

}  // namespace

bool looksLikeZoneName(std::string_view name) noexcept
{
    if (name.empty() || name.size() > 64 || name.front() == '/' || name.back() == '/')
        return false;
    if (name == "UTC" || name == "GMT")
        return true;
    bool slash = false;
    std::size_t segment = 0;
    for (std::size_t i = 0; i < name.size(); ++i) {
        const char c = name[i];
        if (c == '/') {
            if (segment == 0)
                return false;
            slash = true;
            segment = 0;
            continue;
        }
        const bool ok = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_'
            || c == '-' || c == '+';
        if (!ok || (segment == 0 && !(c >= 'A' && c <= 'Z')))
            return false;  // segments start with a capital: never "." or ".."
        ++segment;
    }
    return slash;
}

std::optional<Zone> Zone::load(std::string_view name)
{
    if (!looksLikeZoneName(name))
        return std::nullopt;
    Zone zone;
    zone.m_name = std::string(name);
    if (name == "UTC" || name == "GMT")
        return zone;
    const char* dir = std::getenv("TZDIR");
    const std::string path = std::string(dir && *dir ? dir : "/usr/share/zoneinfo") + "/" + std::string(name);
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return std::nullopt;
    std::string bytes;
    bytes.resize(kMaxZoneFileBytes + 1);
    in.read(bytes.data(), std::streamsize(bytes.size()));
    bytes.resize(std::size_t(in.gcount()));
    if (bytes.size() > kMaxZoneFileBytes || bytes.size() < 44 || bytes.compare(0, 4, "TZif") != 0 || bytes[4] < '2')
        return std::nullopt;  // only version 2+ files carry 64-bit times and a footer
    const auto* data = reinterpret_cast<const unsigned char*>(bytes.data());
    auto counts = [&](std::size_t at, std::int64_t c[6]) {
        for (int i = 0; i < 6; ++i)
            c[i] = bigEndian(data + at + 20 + 4 * i, 4);
    };
    std::int64_t c[6];  // isutcnt, isstdcnt, leapcnt, timecnt, typecnt, charcnt
    counts(0, c);
    for (const auto v : c) {
        if (v < 0 || v > 100000)
            return std::nullopt;
    }
    const std::size_t v1 = std::size_t(c[3] * 5 + c[4] * 6 + c[5] + c[2] * 8 + c[1] + c[0]);
    const std::size_t second = 44 + v1;
    if (bytes.size() < second + 44 || bytes.compare(second, 4, "TZif") != 0)
        return std::nullopt;
    counts(second, c);
    for (const auto v : c) {
        if (v < 0 || v > 100000)
            return std::nullopt;
    }
    const std::size_t timecnt = std::size_t(c[3]), typecnt = std::size_t(c[4]);
    std::size_t at = second + 44;
    const std::size_t body = timecnt * 9 + typecnt * 6 + std::size_t(c[5] + c[2] * 12 + c[1] + c[0]);
    if (typecnt == 0 || bytes.size() < at + body)
        return std::nullopt;
    std::vector<std::int32_t> typeOffsets(typecnt);
    const std::size_t typesAt = at + timecnt * 9;
    for (std::size_t i = 0; i < typecnt; ++i)
        typeOffsets[i] = std::int32_t(bigEndian(data + typesAt + 6 * i, 4));
    for (std::size_t i = 0; i < timecnt; ++i) {
        const std::size_t type = data[at + timecnt * 8 + i];
        if (type >= typecnt)
            return std::nullopt;
        zone.m_transitions.push_back(bigEndian(data + at + 8 * i, 8));
        zone.m_offsetAfter.push_back(typeOffsets[type]);
    }
    zone.m_initialOffset = typeOffsets[0];
    at += body;
    if (at < bytes.size() && bytes[at] == '\n') {
        const auto end = bytes.find('\n', at + 1);
        if (end != std::string::npos)
            zone.m_hasFooter = zone.parseFooter(std::string_view(bytes).substr(at + 1, end - at - 1));
    }
    return zone;
}

bool Zone::parseFooter(std::string_view tz)
{
    if (!skipZoneAbbreviation(tz))
        return false;
    const auto stdOffset = posixTime(tz);
    if (!stdOffset)
        return false;
    m_std = -*stdOffset;  // POSIX counts west of Greenwich as positive
    if (tz.empty())
        return true;
    if (!skipZoneAbbreviation(tz))
        return false;
    m_dst = m_std + 3600;
    if (!tz.empty() && tz.front() != ',') {
        const auto dstOffset = posixTime(tz);
        if (!dstOffset)
            return false;
        m_dst = -*dstOffset;
    }
    for (Switch* s : {&m_toDst, &m_toStd}) {
        if (tz.size() < 2 || tz[0] != ',' || tz[1] != 'M')
            return false;  // only the Mm.w.d form, which every current zone uses
        tz.remove_prefix(2);
        int fields[3] = {0, 0, 0};
        for (int i = 0; i < 3; ++i) {
            if (tz.empty() || tz.front() < '0' || tz.front() > '9')
                return false;
            while (!tz.empty() && tz.front() >= '0' && tz.front() <= '9') {
                fields[i] = fields[i] * 10 + (tz.front() - '0');
                tz.remove_prefix(1);
                if (fields[i] > 12)
                    return false;
            }
            if (i < 2) {
                if (tz.empty() || tz.front() != '.')
                    return false;
                tz.remove_prefix(1);
            }
        }
        if (fields[0] < 1 || fields[1] < 1 || fields[1] > 5 || fields[2] > 6)
            return false;
        s->month = fields[0];
        s->week = fields[1];
        s->weekday = fields[2];
        if (!tz.empty() && tz.front() == '/') {
            tz.remove_prefix(1);
            const auto t = posixTime(tz);
            if (!t)
                return false;
            s->at = *t;
        }
    }
    m_hasDst = true;
    return tz.empty();
}

std::int32_t Zone::footerOffsetAt(std::int64_t utc) const noexcept
{
    if (!m_hasDst)
        return m_std;
    using namespace std::chrono;
    const int year = int(year_month_day(floor<days>(sys_seconds(seconds(utc + m_std)))).year());
    const std::int64_t start = switchInstant(year, m_toDst.month, m_toDst.week, m_toDst.weekday, m_toDst.at, m_std);
    const std::int64_t end = switchInstant(year, m_toStd.month, m_toStd.week, m_toStd.weekday, m_toStd.at, m_dst);
    const bool dst = start < end ? (utc >= start && utc < end) : !(utc >= end && utc < start);
    return dst ? m_dst : m_std;
}

std::int32_t Zone::offsetAt(std::int64_t utc) const noexcept
{
    if (m_transitions.empty())
        return m_hasFooter ? footerOffsetAt(utc) : m_initialOffset;
    if (utc < m_transitions.front())
        return m_initialOffset;
    if (utc >= m_transitions.back() && m_hasFooter)
        return footerOffsetAt(utc);
    const auto it = std::upper_bound(m_transitions.begin(), m_transitions.end(), utc);
    return m_offsetAfter[std::size_t(std::distance(m_transitions.begin(), it) - 1)];
}

std::int64_t Zone::toUtc(std::int64_t local) const noexcept
{
    // The two readings a wall time can have: with the offset in force at the
    // wall time read as UTC, and with the offset at that first guess. Where a
    // clock change makes the time occur twice, or not at all, the later
    // instant is taken: a reset read late only waits a little longer.
    const std::int64_t first = local - offsetAt(local);
    const std::int64_t second = local - offsetAt(first);
    const bool firstFits = offsetAt(first) == local - first;
    const bool secondFits = offsetAt(second) == local - second;
    if (firstFits != secondFits)
        return firstFits ? first : second;
    return std::max(first, second);
}

}  // namespace catalogue::detail
