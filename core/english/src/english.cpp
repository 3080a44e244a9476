// SPDX-License-Identifier: Apache-2.0
#include "english/english.h"

#include "policy/schedule.h"

#include <vector>

namespace english
{

std::string formatByteSize(std::uint64_t bytes)
{
    const std::string exact = std::to_string(bytes) + (bytes == 1 ? " byte" : " bytes");
    if (bytes < 1024)
        return exact;
    const bool mebi = bytes >= 1024 * 1024;
    const std::uint64_t unit = mebi ? 1024 * 1024 : 1024;
    const char* name = mebi ? " MiB" : " KiB";
    if (bytes % unit == 0)
        return std::to_string(bytes / unit) + name;
    // One decimal, rounded; when that reads as a whole unit the bytes say it truly.
    const std::uint64_t tenths = bytes / unit * 10 + ((bytes % unit) * 10 + unit / 2) / unit;
    if (tenths % 10 == 0)
        return exact;
    return std::to_string(tenths / 10) + "." + std::to_string(tenths % 10) + name;
}

std::string formatDuration(std::int64_t seconds)
{
    if (seconds == 0)
        return "0 s";
    std::string out = seconds < 0 ? "-" : "";
    std::uint64_t rest = seconds < 0 ? 0 - static_cast<std::uint64_t>(seconds) : static_cast<std::uint64_t>(seconds);
    const std::pair<std::uint64_t, const char*> units[] = {{86400, "d"}, {3600, "h"}, {60, "min"}, {1, "s"}};
    bool first = true;
    for (const auto& [size, name] : units) {
        if (rest < size)
            continue;
        out += (first ? "" : " ") + std::to_string(rest / size) + " " + name;
        rest %= size;
        first = false;
    }
    return out;
}

std::string describeClassPolicy(const policy::ClassPolicy& p)
{
    std::string out;
    if (p.waitForReset.enabled)
        out += "wait for a trusted reset up to " + formatDuration(p.waitForReset.maxWaitSeconds) + ", ";
    if (p.retry.enabled) {
        out += "retry " + std::to_string(p.retry.maxRetries) + (p.retry.maxRetries == 1 ? " time" : " times") + " from "
            + formatDuration(p.retry.initialIntervalSeconds) + " (total "
            + formatDuration(policy::schedule(p.retry).totalSeconds) + "), ";
    }
    if (!p.waitForReset.enabled && !p.retry.enabled)
        out += "no wait, no retry, ";
    switch (p.onExhausted) {
    case policy::Outcome::Skip: out += "then skip to the next candidate"; break;
    case policy::Outcome::Stop: out += "then stop for manual recovery"; break;
    case policy::Outcome::Unset: out += "then (no outcome set)"; break;
    }
    return out;
}

std::string describeEnding(const policy::TimelineEnding& ending)
{
    using policy::EndingKind;
    switch (ending.kind) {
    case EndingKind::Success: return "success on " + ending.candidate;
    case EndingKind::Stop: return "stop on " + ending.candidate + (ending.gateStop ? " (safety gate)" : "");
    case EndingKind::Exhausted: return "no eligible candidate left";
    case EndingKind::ConfigError: return "a configuration error on " + ending.candidate;
    case EndingKind::Truncated: return "the event limit";
    }
    return {};
}

std::string describeComparison(const policy::TimelineComparison& c)
{
    if (!c.comparable()) {
        const bool before = c.beforeProblem.has_value();
        const policy::RouteProblem& p = before ? *c.beforeProblem : *c.afterProblem;
        return std::string("cannot compare: candidate ") + std::to_string(p.candidateIndex) + " \"" + p.candidate
            + "\" of the " + (before ? "before" : "after") + " policy cannot be simulated"
            + (p.issue                             ? " (" + p.issue->path + ")"
                    : p.configurationError.empty() ? ""
                                                   : " (" + p.configurationError + ")");
    }
    if (c.unchanged())
        return "no change to the route for this scenario";
    std::vector<std::string> parts;
    const auto count = [&parts](std::int64_t delta, const char* one, const char* many) {
        if (delta != 0)
            parts.push_back((delta > 0 ? "+" : "-") + std::to_string(delta > 0 ? delta : -delta) + " "
                + (delta == 1 || delta == -1 ? one : many));
    };
    count(c.delta.attempts, "attempt", "attempts");
    count(c.delta.retries, "retry", "retries");
    count(c.delta.resetWaits, "reset wait", "reset waits");
    if (c.delta.durationSeconds != 0)
        parts.push_back(formatDuration(c.delta.durationSeconds > 0 ? c.delta.durationSeconds : -c.delta.durationSeconds)
            + (c.delta.durationSeconds > 0 ? " longer" : " shorter"));
    const std::string after = describeEnding(c.after);
    const std::string before = describeEnding(c.before);
    if (after != before)
        parts.push_back("now ends in " + after + " instead of " + before);
    if (parts.empty())
        return "the same attempts, waits and ending, but the route differs from event "
            + std::to_string(*c.firstDifference + 1);
    std::string out;
    for (const std::string& part : parts)
        out += (out.empty() ? "" : ", ") + part;
    return out;
}

}  // namespace english
