// SPDX-License-Identifier: Apache-2.0
#include "hints.h"
#include "text.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>

namespace catalogue
{

namespace
{

std::string_view trim(std::string_view s)
{
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front())))
        s.remove_prefix(1);
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back())))
        s.remove_suffix(1);
    return s;
}

std::optional<double> parseNumber(std::string_view s) noexcept
{
    s = trim(s);
    if (s.empty())
        return std::nullopt;
    double v = 0;
    const auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc() || ptr != s.data() + s.size() || !std::isfinite(v))
        return std::nullopt;
    return v;
}

// Hints further away than this are not hints (and their numbers would not fit).
constexpr double kMaxRelativeMs = 366.0 * 86400 * 1000;
constexpr double kMaxEpochSeconds = 4102444800.0;  // 2100-01-01

std::optional<policy::Seconds> plusMs(policy::Seconds now, double ms)
{
    if (!(ms >= 0 && ms <= kMaxRelativeMs))
        return std::nullopt;
    return now + std::chrono::seconds {std::int64_t(std::ceil(ms / 1000.0))};
}

// A value that is seconds, a duration, an RFC 3339 time, or epoch seconds / milliseconds.
std::optional<policy::Seconds> parseResetValue(std::string_view value, policy::Seconds now, bool millisecondsIfSmall)
{
    value = trim(value);
    if (const auto t = policy::parseRfc3339(value))
        return t;
    if (const auto n = parseNumber(value)) {
        if (*n < 0)
            return std::nullopt;
        if (*n >= 1e12) {  // epoch milliseconds
            if (*n / 1000 > kMaxEpochSeconds)
                return std::nullopt;
            return policy::Seconds {std::chrono::seconds {std::int64_t(*n / 1000)}};
        }
        if (*n >= 1e9) {  // epoch seconds
            if (*n > kMaxEpochSeconds)
                return std::nullopt;
            return policy::Seconds {std::chrono::seconds {std::int64_t(*n)}};
        }
        return plusMs(now, millisecondsIfSmall ? *n : *n * 1000);
    }
    if (const auto ms = parseDurationMs(value))
        return plusMs(now, double(*ms));
    if (const auto t = parseHttpDate(value))
        return t;
    return std::nullopt;
}

// The value of "key": in JSON text (string or number), without a JSON parser:
// bodies may be cut, nested, or not JSON at all.
std::optional<std::string> jsonValue(std::string_view text, std::string_view key)
{
    std::size_t at = 0;
    while ((at = text.find(key, at)) != std::string_view::npos) {
        if (at > 0 && text[at - 1] == '"' && at + key.size() < text.size() && text[at + key.size()] == '"')
            break;
        at += key.size();
    }
    if (at == std::string_view::npos)
        return std::nullopt;
    std::size_t i = at + key.size() + 1;
    while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i])))
        ++i;
    if (i >= text.size() || text[i] != ':')
        return std::nullopt;
    ++i;
    while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i])))
        ++i;
    if (i >= text.size())
        return std::nullopt;
    if (text[i] == '"') {
        const auto end = text.find('"', i + 1);
        if (end == std::string_view::npos)
            return std::nullopt;
        return std::string(text.substr(i + 1, end - i - 1));
    }
    std::size_t end = i;
    while (end < text.size()
        && (std::isdigit(static_cast<unsigned char>(text[end])) || text[end] == '.' || text[end] == '-'))
        ++end;
    if (end == i)
        return std::nullopt;
    return std::string(text.substr(i, end - i));
}

}  // namespace

std::optional<std::int64_t> parseDurationMs(std::string_view text) noexcept
{
    text = trim(text);
    if (text.empty())
        return std::nullopt;
    double total = 0;
    std::size_t i = 0;
    bool any = false;
    while (i < text.size()) {
        std::size_t start = i;
        while (i < text.size() && (std::isdigit(static_cast<unsigned char>(text[i])) || text[i] == '.'))
            ++i;
        if (i == start)
            return std::nullopt;
        double v = 0;
        const auto [ptr, ec] = std::from_chars(text.data() + start, text.data() + i, v);
        if (ec != std::errc() || ptr != text.data() + i)
            return std::nullopt;
        std::size_t unitStart = i;
        while (i < text.size() && std::isalpha(static_cast<unsigned char>(text[i])))
            ++i;
        const std::string_view unit = text.substr(unitStart, i - unitStart);
        double factor = 0;
        if (unit == "ms")
            factor = 1;
        else if (unit == "s")
            factor = 1000;
        else if (unit == "m")
            factor = 60000;
        else if (unit == "h")
            factor = 3600000;
        else
            return std::nullopt;
        total += v * factor;
        any = true;
    }
    if (!any || total > 366.0 * 86400 * 1000)
        return std::nullopt;
    return std::int64_t(std::llround(total));
}

std::optional<policy::Seconds> parseHttpDate(std::string_view s) noexcept
{
    // IMF-fixdate: "Sun, 06 Nov 1994 08:49:37 GMT"
    s = trim(s);
    if (s.size() != 29 || s[3] != ',' || s.substr(26) != "GMT")
        return std::nullopt;
    static constexpr std::string_view months[]
        = {"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
    int month = 0;
    for (int m = 0; m < 12; ++m) {
        if (s.substr(8, 3) == months[m])
            month = m + 1;
    }
    if (month == 0)
        return std::nullopt;
    char rfc[21];
    // YYYY-MM-DDTHH:MM:SSZ from "DD Mon YYYY HH:MM:SS"
    const std::string_view day = s.substr(5, 2), year = s.substr(12, 4), time = s.substr(17, 8);
    std::snprintf(rfc, sizeof rfc, "%.*s-%02d-%.*sT%.*sZ", 4, year.data(), month, 2, day.data(), 8, time.data());
    return policy::parseRfc3339(std::string_view(rfc, 20));
}

namespace detail
{

std::vector<TimingHint> collectHints(const Evidence& evidence, std::string_view text, policy::Seconds now)
{
    std::vector<TimingHint> hints;
    auto add = [&](std::string source, std::string_view value, std::optional<policy::Seconds> at) {
        TimingHint h;
        h.source = std::move(source);
        h.value = std::string(trim(value)).substr(0, 64);
        h.resetAt = at;
        hints.push_back(std::move(h));
    };
    // Headers, most specific first.
    for (const std::string_view wanted : {std::string_view("retry-after-ms"), std::string_view("retry-after")}) {
        for (const auto& header : evidence.headers) {
            if (detail::lowered(header.name) != wanted)
                continue;
            std::optional<policy::Seconds> at;
            if (wanted == "retry-after-ms") {
                if (const auto ms = parseNumber(header.value))
                    at = plusMs(now, *ms);
            } else if (const auto seconds = parseNumber(header.value)) {
                at = plusMs(now, *seconds * 1000);
            } else {
                at = parseHttpDate(header.value);
            }
            add(std::string(wanted), header.value, at);
        }
    }
    for (const auto& header : evidence.headers) {
        const std::string name = detail::lowered(header.name);
        const bool openai = name.rfind("x-ratelimit-reset", 0) == 0;
        const bool anthropic
            = name.rfind("anthropic-ratelimit-", 0) == 0 && name.size() > 6 && name.substr(name.size() - 6) == "-reset";
        if (openai || anthropic)
            add(name, header.value, parseResetValue(header.value, now, false));
    }
    // JSON bodies: reset times, retry delays. Every key begins with "re":
    // look for `"re` once before looking for any key.
    bool quotedRe = false;
    for (std::size_t at = 0; !quotedRe && (at = text.find('"', at)) != std::string_view::npos; ++at)
        quotedRe = detail::hasAt(text, at + 1, "re");
    if (!quotedRe)
        return hints;
    for (const std::string_view key : {std::string_view("retryDelay"), std::string_view("retry_after"),
             std::string_view("retryAfter"), std::string_view("reset_at"), std::string_view("resets_at"),
             std::string_view("resetsAt"), std::string_view("reset_time")}) {
        if (const auto value = jsonValue(text, key))
            add("body." + std::string(key), *value, parseResetValue(*value, now, false));
    }
    return hints;
}

std::optional<std::size_t> chooseHint(std::vector<TimingHint>& hints, policy::Seconds now)
{
    const auto judge = [](TimingHint& h, HintVerdict verdict, std::string reason, std::string detail = {}) {
        h.verdict = verdict;
        h.reason = std::move(reason);
        h.detail = std::move(detail);
    };
    std::optional<std::size_t> chosen;
    for (std::size_t i = 0; i < hints.size(); ++i) {
        TimingHint& h = hints[i];
        // A reset past what RFC 3339 can write would be written clamped, as a
        // time it is not: it is no hint (a deadline may clamp, a hint may not).
        if (h.resetAt && (*h.resetAt > policy::kLatestTime || *h.resetAt < policy::kEarliestTime)) {
            const bool late = *h.resetAt > policy::kLatestTime;
            const std::string bound = policy::formatRfc3339(late ? policy::kLatestTime : policy::kEarliestTime);
            judge(h, HintVerdict::Unrepresentable,
                std::string("cannot be represented: ") + (late ? "later than " : "earlier than ") + bound, bound);
            h.resetAt.reset();
            continue;
        }
        if (!h.resetAt) {
            if (h.reason.empty())
                judge(h, HintVerdict::Unparsable, "could not be parsed");
            continue;
        }
        h.reason.clear();
        if (*h.resetAt <= now) {
            judge(h, HintVerdict::NotInFuture, "not in the future");
            continue;
        }
        if (*h.resetAt > now + std::chrono::seconds {std::int64_t(kMaxRelativeMs / 1000)}) {
            judge(h, HintVerdict::TooFar, "more than a year away");
            continue;
        }
        if (!chosen) {
            chosen = i;
            continue;
        }
        // Later hints must agree with the chosen one: within 5 s or 10 %.
        const auto a = (*hints[*chosen].resetAt - now).count();
        const auto b = (*h.resetAt - now).count();
        const auto tolerance = std::max<std::int64_t>(5, std::max(a, b) / 10);
        const std::string& other = hints[*chosen].source;
        if (std::abs(a - b) <= tolerance)
            judge(h, HintVerdict::Agrees, "agrees with " + other, other);
        else
            judge(h, HintVerdict::Disagrees, "disagrees with " + other, other);
    }
    if (!chosen)
        return std::nullopt;
    const bool conflict = std::any_of(
        hints.begin(), hints.end(), [](const TimingHint& h) { return h.verdict == HintVerdict::Disagrees; });
    if (conflict) {
        judge(hints[*chosen], HintVerdict::Conflicting, "conflicting hints: none is trusted");
        return std::nullopt;
    }
    hints[*chosen].trusted = true;
    judge(hints[*chosen], HintVerdict::Trusted, "parsed, in the future, and no other hint disagrees");
    return chosen;
}

}  // namespace detail
}  // namespace catalogue
