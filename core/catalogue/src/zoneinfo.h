// SPDX-License-Identifier: Apache-2.0
#pragma once
// IANA time zones from the system's TZif files ($TZDIR, else
// /usr/share/zoneinfo), for reset times such as "resets 3pm (Europe/Berlin)".
// C++20's std::chrono::tzdb is not in the standard library we build with.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace catalogue::detail
{

class Zone
{
public:
    // nullopt when the name is not a zone name or no readable TZif file has it.
    static std::optional<Zone> load(std::string_view name);

    // Seconds east of UTC at a UTC instant.
    std::int32_t offsetAt(std::int64_t utc) const noexcept;
    // The UTC instant of a wall-clock time (seconds since 1970 as if UTC). A
    // time that a clock change skips or repeats is read as the later instant.
    std::int64_t toUtc(std::int64_t local) const noexcept;

    const std::string& name() const
    {
        return m_name;
    }

private:
    bool parseFooter(std::string_view tz);
    std::int32_t footerOffsetAt(std::int64_t utc) const noexcept;

    std::string m_name;
    std::vector<std::int64_t> m_transitions;
    std::vector<std::int32_t> m_offsetAfter;  // per transition
    std::int32_t m_initialOffset = 0;
    // The footer: standard offset, and when it has daylight time, the
    // daylight offset and the two switch rules (month, week 1-5, weekday, seconds).
    bool m_hasFooter = false, m_hasDst = false;
    std::int32_t m_std = 0, m_dst = 0;
    struct Switch {
        int month = 0, week = 0, weekday = 0;
        std::int32_t at = 7200;
    } m_toDst, m_toStd;
};

// Whether `name` is written like an IANA zone ("Europe/Berlin", "UTC",
// "America/Argentina/Buenos_Aires"): what a provider's text can name.
bool looksLikeZoneName(std::string_view name) noexcept;

}  // namespace catalogue::detail
