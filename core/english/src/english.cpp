// SPDX-License-Identifier: Apache-2.0
#include "english/english.h"

#include "policy/schedule.h"

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

}  // namespace english
