// SPDX-License-Identifier: Apache-2.0
#include "policy/timeline_compare.h"

#include "policy/policy_keys.h"

#include <algorithm>

namespace policy
{
namespace
{

struct Counts {
    std::int64_t retries = 0;
    std::int64_t resetWaits = 0;
};

Counts countWaits(const Timeline& timeline)
{
    Counts c;
    for (const TimelineEvent& e : timeline.events) {
        c.retries += e.kind == EventKind::RetryWait ? 1 : 0;
        c.resetWaits += e.kind == EventKind::WaitForReset ? 1 : 0;
    }
    return c;
}

}  // namespace

std::string_view endingKindName(EndingKind kind) noexcept
{
    switch (kind) {
    case EndingKind::Success: return eventKindName(EventKind::Success);
    case EndingKind::Stop: return eventKindName(EventKind::Stop);
    case EndingKind::Exhausted: return eventKindName(EventKind::Exhausted);
    case EndingKind::Truncated: return eventKindName(EventKind::Truncated);
    case EndingKind::ConfigError: return eventKindName(EventKind::ConfigError);
    }
    return eventKindName(EventKind::Exhausted);
}

TimelineEnding endingOf(const Timeline& timeline)
{
    TimelineEnding ending;
    if (timeline.events.empty())
        return ending;
    const TimelineEvent& last = timeline.events.back();
    switch (last.kind) {
    case EventKind::Success: ending.kind = EndingKind::Success; break;
    case EventKind::Stop:
        ending.kind = EndingKind::Stop;
        ending.code = last.code;
        ending.gateStop = last.gateStop;
        break;
    case EventKind::ConfigError: ending.kind = EndingKind::ConfigError; break;
    case EventKind::Truncated: ending.kind = EndingKind::Truncated; return ending;
    default: ending.kind = EndingKind::Exhausted; return ending;  // no candidate left: it ends on none
    }
    ending.candidateIndex = last.candidateIndex;
    ending.candidate = last.candidate;
    return ending;
}

std::optional<RouteProblem> routeProblem(std::span<const RouteCandidate> candidates)
{
    for (std::size_t i = 0; i < candidates.size(); ++i) {
        const RouteCandidate& c = candidates[i];
        const bool invalid = !isValid(c.policies);
        if (!invalid && !c.configurationError)
            continue;
        RouteProblem problem;
        problem.candidateIndex = i;
        problem.candidate = c.executionProfileId;
        if (invalid) {
            const std::string prefix = "candidates[" + std::to_string(i) + "]." + std::string(keys::kPolicies);
            const std::vector<Issue> issues = validate(c.policies, prefix);
            if (!issues.empty())
                problem.issue = issues.front();
        }
        if (!problem.issue)
            problem.configurationError = c.configurationError.value_or(std::string());
        return problem;
    }
    return std::nullopt;
}

bool sameRouteEvent(const TimelineEvent& a, const TimelineEvent& b) noexcept
{
    return a.kind == b.kind && a.offsetSeconds == b.offsetSeconds && a.attempt == b.attempt
        && a.candidate == b.candidate && a.code == b.code && a.errorClass == b.errorClass
        && a.retryOrdinal == b.retryOrdinal && a.delaySeconds == b.delaySeconds && a.resourceKey == b.resourceKey
        && a.gateStop == b.gateStop && a.reason == b.reason;
}

TimelineComparison compareTimelines(std::span<const RouteCandidate> beforeRoute, const Timeline& before,
    std::span<const RouteCandidate> afterRoute, const Timeline& after)
{
    TimelineComparison c;
    c.beforeProblem = routeProblem(beforeRoute);
    c.afterProblem = routeProblem(afterRoute);
    if (!c.comparable())
        return c;

    const TimelineTotals& b = before.totals;
    const TimelineTotals& a = after.totals;
    const Counts bc = countWaits(before);
    const Counts ac = countWaits(after);
    c.delta.attempts = a.attempts - b.attempts;
    c.delta.retries = ac.retries - bc.retries;
    c.delta.resetWaits = ac.resetWaits - bc.resetWaits;
    c.delta.durationSeconds = a.durationSeconds - b.durationSeconds;
    c.delta.retryWaitSeconds = a.retryWaitSeconds - b.retryWaitSeconds;
    c.delta.resetWaitSeconds = a.resetWaitSeconds - b.resetWaitSeconds;
    c.delta.candidatesTried = a.candidatesTried - b.candidatesTried;
    c.before = endingOf(before);
    c.after = endingOf(after);

    const std::size_t common = std::min(before.events.size(), after.events.size());
    for (std::size_t i = 0; i < common && !c.firstDifference; ++i) {
        if (!sameRouteEvent(before.events[i], after.events[i]))
            c.firstDifference = i;
    }
    if (!c.firstDifference && before.events.size() != after.events.size())
        c.firstDifference = common;
    return c;
}

}  // namespace policy
