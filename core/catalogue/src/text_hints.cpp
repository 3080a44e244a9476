// SPDX-License-Identifier: Apache-2.0
// Reset times that agent CLIs write in words: Claude's "usage limit
// reached|1786975200", "resets 3pm (Europe/Berlin)", Codex's "try again in
// 2 days 3 hours 10 minutes" and "try again at Aug 19th, 2026 7:05 PM",
// OpenCode's "Resets in 4hr 19min".
#include "hints.h"

#include "text.h"
#include "zoneinfo.h"

#include <array>
#include <cmath>

namespace catalogue::detail
{
namespace
{

constexpr double kMaxRelativeSeconds = 366.0 * 86400;

// A cursor over one lowered line (and the same bytes before lowering).
struct Cursor {
    std::string_view lower;
    std::string_view original;
    std::size_t at = 0;

    bool done() const
    {
        return at >= lower.size();
    }
    void skip(std::string_view chars)
    {
        while (!done() && chars.find(lower[at]) != std::string_view::npos)
            ++at;
    }
    bool take(std::string_view word)
    {
        if (lower.substr(at, word.size()) != word)
            return false;
        at += word.size();
        return true;
    }
    // A word followed by something that is not a letter.
    bool takeWord(std::string_view word)
    {
        if (lower.substr(at, word.size()) != word
            || (at + word.size() < lower.size() && asciiAlpha(lower[at + word.size()])))
            return false;
        at += word.size();
        return true;
    }
    std::optional<double> number()
    {
        const std::size_t start = at;
        double v = 0;
        while (!done() && asciiDigit(lower[at]) && at - start < 9)
            v = v * 10 + (lower[at++] - '0');
        if (at == start)
            return std::nullopt;
        if (!done() && lower[at] == '.' && at + 1 < lower.size() && asciiDigit(lower[at + 1])) {
            ++at;
            double scale = 0.1;
            while (!done() && asciiDigit(lower[at])) {
                v += (lower[at++] - '0') * scale;
                scale /= 10;
            }
        }
        return v;
    }
};

std::optional<double> unitSeconds(Cursor& c)
{
    struct Unit {
        std::string_view word;
        double seconds;
    };
    static constexpr std::array<Unit, 18> kUnits {{{"days", 86400}, {"day", 86400}, {"d", 86400}, {"hours", 3600},
        {"hour", 3600}, {"hrs", 3600}, {"hr", 3600}, {"h", 3600}, {"minutes", 60}, {"minute", 60}, {"mins", 60},
        {"min", 60}, {"m", 60}, {"seconds", 1}, {"second", 1}, {"secs", 1}, {"sec", 1}, {"s", 1}}};
    for (const Unit& u : kUnits) {
        if (c.takeWord(u.word))
            return u.seconds;
    }
    return std::nullopt;
}

// "2 days 3 hours 10 minutes", "4hr 19min", "1h30m", "30 seconds" -> seconds.
std::optional<double> relativeSeconds(Cursor& c)
{
    double total = 0;
    int parts = 0;
    while (true) {
        const std::size_t back = c.at;
        c.skip(" ,");
        if (parts > 0 && c.takeWord("and"))
            c.skip(" ");
        const auto n = c.number();
        if (!n) {
            c.at = back;
            break;
        }
        c.skip(" ");
        const auto unit = unitSeconds(c);
        if (!unit) {
            c.at = back;
            break;
        }
        total += *n * *unit;
        ++parts;
    }
    if (parts == 0 || total <= 0 || total > kMaxRelativeSeconds)
        return std::nullopt;
    return total;
}

struct ClockTime {
    int hour = 0, minute = 0;
};

// "3pm", "3 pm", "3:30pm", "15:00" (a 24-hour time needs its minutes).
std::optional<ClockTime> clockTime(Cursor& c)
{
    const std::size_t back = c.at;
    const auto h = c.number();
    if (!h || *h != std::floor(*h) || *h > 23) {
        c.at = back;
        return std::nullopt;
    }
    ClockTime t {int(*h), 0};
    bool minutes = false;
    if (c.take(":")) {
        if (c.at + 2 > c.lower.size() || !asciiDigit(c.lower[c.at]) || !asciiDigit(c.lower[c.at + 1])) {
            c.at = back;
            return std::nullopt;
        }
        t.minute = (c.lower[c.at] - '0') * 10 + (c.lower[c.at + 1] - '0');
        c.at += 2;
        minutes = true;
        if (t.minute > 59) {
            c.at = back;
            return std::nullopt;
        }
    }
    const std::size_t beforeMeridiem = c.at;
    c.skip(" ");
    if (c.takeWord("am") || c.takeWord("a.m.")) {
        if (t.hour < 1 || t.hour > 12) {
            c.at = back;
            return std::nullopt;
        }
        t.hour %= 12;
    } else if (c.takeWord("pm") || c.takeWord("p.m.")) {
        if (t.hour < 1 || t.hour > 12) {
            c.at = back;
            return std::nullopt;
        }
        t.hour = t.hour % 12 + 12;
    } else {
        c.at = beforeMeridiem;
        if (!minutes) {
            c.at = back;
            return std::nullopt;
        }
    }
    return t;
}

struct MonthDay {
    int month = 0, day = 0;
    std::optional<int> year;  // when written
};

// "jan 5", "january 5,", Codex's "aug 19th, 2026" -> month 1..12, day and year.
std::optional<MonthDay> monthDay(Cursor& c)
{
    static constexpr std::array<std::string_view, 12> kMonths {
        "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"};
    const std::size_t back = c.at;
    for (int m = 0; m < 12; ++m) {
        if (!c.take(kMonths[std::size_t(m)]))
            continue;
        while (!c.done() && asciiAlpha(c.lower[c.at]))
            ++c.at;
        c.skip(" .");
        const auto d = c.number();
        if (d && *d >= 1 && *d <= 31 && *d == std::floor(*d)) {
            MonthDay found {m + 1, int(*d), std::nullopt};
            for (const std::string_view ordinal : {"st", "nd", "rd", "th"}) {
                if (c.takeWord(ordinal))
                    break;
            }
            c.skip(" ,");
            // A year is four digits and no clock time ("jan 5, 15:30" has none).
            const std::size_t beforeYear = c.at;
            const auto y = c.number();
            if (y && c.at - beforeYear == 4 && (c.done() || c.lower[c.at] != ':')) {
                found.year = int(*y);
                c.skip(" ,");
            } else {
                c.at = beforeYear;
            }
            c.takeWord("at");
            c.skip(" ");
            return found;
        }
        break;
    }
    c.at = back;
    return std::nullopt;
}

// "(Europe/Berlin)", "Europe/Berlin", "UTC", "(UTC)": the name as written.
std::string zoneName(Cursor& c)
{
    const std::size_t back = c.at;
    c.skip(" ");
    const bool paren = c.take("(");
    const std::size_t start = c.at;
    while (!c.done()) {
        const char ch = c.original[c.at];
        const bool ok = (ch >= 'A' && ch <= 'Z') || (ch >= 'a' && ch <= 'z') || asciiDigit(ch) || ch == '_' || ch == '/'
            || ch == '-' || ch == '+';
        if (!ok)
            break;
        ++c.at;
    }
    std::string name(c.original.substr(start, c.at - start));
    if (name == "utc" || name == "gmt" || name == "Utc")
        name = "UTC";
    if ((paren && !c.take(")")) || !looksLikeZoneName(name)) {
        c.at = back;
        return {};
    }
    return name;
}

std::int64_t civilSeconds(int year, int month, int day, const ClockTime& t)
{
    using namespace std::chrono;
    const sys_days date {
        std::chrono::year(year) / std::chrono::month(unsigned(month)) / std::chrono::day(unsigned(day))};
    return std::int64_t(date.time_since_epoch().count()) * 86400 + t.hour * 3600 + t.minute * 60;
}

struct Found {
    std::string source;
    std::size_t from, to;  // in the line
    std::optional<policy::Seconds> at;
    std::string reason;  // set when it is seen but not to be trusted
    HintVerdict verdict = HintVerdict::Unparsable;
    std::string detail;
};

// "resets 3pm (Europe/Berlin)", "reset at Jan 5, 9:00 AM UTC", "try again at 15:05".
std::optional<Found> absoluteTime(Cursor& c, std::size_t from, policy::Seconds now)
{
    c.skip(" ");
    if (!c.takeWord("at"))
        c.takeWord("on");
    c.skip(" ");
    {  // an RFC 3339 time
        std::size_t end = c.at;
        while (end < c.lower.size() && c.lower[end] != ' ' && c.lower[end] != ')' && c.lower[end] != ',')
            ++end;
        std::string_view token = c.original.substr(c.at, end - c.at);
        while (!token.empty() && token.back() == '.')
            token.remove_suffix(1);
        if (const auto t = policy::parseRfc3339(token))
            return Found {"text.reset_time", from, c.at + token.size(), t, {}, HintVerdict::Unparsable, {}};
    }
    const auto date = monthDay(c);
    const auto time = clockTime(c);
    if (!time)
        return std::nullopt;
    const std::string name = zoneName(c);
    Found f {"text.reset_time", from, c.at, std::nullopt, {}, HintVerdict::Unparsable, {}};
    if (name.empty()) {
        f.reason = "a time of day without a time zone is ambiguous";
        f.verdict = HintVerdict::NoTimeZone;
        return f;
    }
    const auto zone = Zone::load(name);
    if (!zone) {
        f.reason = "unknown time zone " + name;
        f.verdict = HintVerdict::UnknownTimeZone;
        f.detail = name;
        return f;
    }
    using namespace std::chrono;
    const std::int64_t nowUtc = now.time_since_epoch().count();
    const std::int64_t nowLocal = nowUtc + zone->offsetAt(nowUtc);
    const year_month_day today {floor<days>(sys_seconds(seconds(nowLocal)))};
    std::int64_t utc = 0;
    if (date && date->year) {
        if (!year_month_day(std::chrono::year(*date->year) / date->month / unsigned(date->day)).ok()) {
            f.reason = "not a calendar date";
            f.verdict = HintVerdict::NotACalendarDate;
            return f;
        }
        utc = zone->toUtc(civilSeconds(*date->year, date->month, date->day, *time));
    } else if (date) {
        // The next such date: this year, or next year when it has passed.
        for (int y = int(today.year()); y <= int(today.year()) + 1; ++y) {
            if (!year_month_day(std::chrono::year(y) / date->month / unsigned(date->day)).ok())
                continue;
            utc = zone->toUtc(civilSeconds(y, date->month, date->day, *time));
            if (utc > nowUtc)
                break;
        }
    } else {
        utc = zone->toUtc(
            civilSeconds(int(today.year()), int(unsigned(today.month())), int(unsigned(today.day())), *time));
        if (utc <= nowUtc)
            utc = zone->toUtc(
                civilSeconds(int(today.year()), int(unsigned(today.month())), int(unsigned(today.day())), *time)
                + 86400);
    }
    f.at = policy::Seconds {seconds {utc}};
    return f;
}

// Every phrase collectTextHints reads holds "reset", "try", "again" or '|':
// one pass decides whether it needs to run at all (most errors hold none).
bool mayHoldResetPhrase(std::string_view lower) noexcept
{
    for (std::size_t i = 0; i < lower.size(); ++i) {
        switch (lower[i]) {
        case '|': return true;
        case 'r':
            if (detail::hasAt(lower, i + 1, "eset"))
                return true;
            break;
        case 't':
            if (detail::hasAt(lower, i + 1, "ry"))
                return true;
            break;
        case 'a':
            if (detail::hasAt(lower, i + 1, "gain"))
                return true;
            break;
        default: break;
        }
    }
    return false;
}

}  // namespace

void collectTextHints(std::string_view lowered, std::string_view original, const std::vector<Line>& lines,
    policy::Seconds now, std::vector<TimingHint>& hints)
{
    if (!mayHoldResetPhrase(lowered))
        return;  // most errors hold no reset phrase: one pass decides
    auto add = [&](const Found& f, std::string_view line) {
        TimingHint h;
        h.source = f.source;
        h.value = std::string(line.substr(f.from, f.to - f.from)).substr(0, 96);
        h.resetAt = f.at;
        h.reason = f.reason;
        h.verdict = f.verdict;
        h.detail = f.detail;
        hints.push_back(std::move(h));
    };
    static constexpr std::array<std::string_view, 6> kRelative {
        "try again in ", "resets in ", "reset in ", "retry in ", "available again in ", "retry after "};
    static constexpr std::array<std::string_view, 6> kAbsolute {
        "try again at ", "resets ", "reset at ", "will reset ", "available again at ", "reset on "};
    for (const Line& line : lines) {
        if (line.kind == LineKind::AgentOutput || line.text.empty())
            continue;
        const std::size_t offset = std::size_t(line.text.data() - lowered.data());
        const std::string_view originalLine = original.substr(offset, line.text.size());
        // "limit reached|1786975200": epoch seconds (or milliseconds) after a limit message.
        if (const auto bar = line.text.find('|'); bar != std::string_view::npos && line.text.find("limit") < bar) {
            std::size_t end = bar + 1;
            std::int64_t epoch = 0;
            while (end < line.text.size() && asciiDigit(line.text[end]) && end - bar <= 13)
                epoch = epoch * 10 + (line.text[end++] - '0');
            const std::size_t digits = end - bar - 1;
            if ((digits == 10 || digits == 13) && (end == line.text.size() || !asciiDigit(line.text[end]))) {
                const std::size_t from
                    = line.text.rfind(' ', bar) == std::string_view::npos ? 0 : line.text.rfind(' ', bar) + 1;
                add(Found {"text.epoch", from, end,
                        policy::Seconds {std::chrono::seconds {digits == 13 ? epoch / 1000 : epoch}}, {},
                        HintVerdict::Unparsable, {}},
                    originalLine);
            }
        }
        // Every trigger begins with 'r', 't', 'a' or 'w': only those positions are compared.
        for (std::size_t at = 0; at < line.text.size(); ++at) {
            const char first = line.text[at];
            if ((first != 'r' && first != 't' && first != 'a' && first != 'w')
                || (at > 0 && asciiAlpha(line.text[at - 1])))
                continue;
            for (const std::string_view trigger : kRelative) {
                if (trigger.front() != first || !hasAt(line.text, at, trigger))
                    continue;
                Cursor c {line.text, originalLine, at + trigger.size()};
                if (const auto s = relativeSeconds(c))
                    add(Found {"text.relative", at, c.at, now + std::chrono::seconds {std::int64_t(std::ceil(*s))}, {},
                            HintVerdict::Unparsable, {}},
                        originalLine);
            }
            for (const std::string_view trigger : kAbsolute) {
                if (trigger.front() != first || !hasAt(line.text, at, trigger))
                    continue;
                Cursor c {line.text, originalLine, at + trigger.size()};
                if (hasAt(c.lower, c.at, "in "))
                    continue;  // "resets in 4hr": relative, read above
                if (const auto f = absoluteTime(c, at, now))
                    add(*f, originalLine);
            }
        }
    }
}

}  // namespace catalogue::detail
