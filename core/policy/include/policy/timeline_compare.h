// SPDX-License-Identifier: Apache-2.0
#pragma once
// What an edit does to the route: two simulated route cycles of the same
// scenario (the saved policy "before", the edited one "after") compared as
// codes and numbers. The editor's Timeline, Review Changes and `policyctl
// timeline --compare` word the same comparison; nothing here is a sentence.

#include "policy/timeline.h"
#include "policy/validation.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>

namespace policy
{

// How a route cycle ends: its final event, and the candidate it ends on.
enum class EndingKind { Success, Stop, Exhausted, Truncated, ConfigError };
std::string_view endingKindName(EndingKind kind) noexcept;  // success, stop, exhausted, truncated, config_error

struct TimelineEnding {
    EndingKind kind = EndingKind::Exhausted;
    std::optional<std::size_t> candidateIndex;  // Success, Stop, ConfigError: into that side's candidates
    std::string candidate;  // its execution_profile_id, "" when none
    std::string code;  // Stop: the failure that stopped it
    bool gateStop = false;  // Stop: the safety gate stopped, not the policy
    friend bool operator==(const TimelineEnding&, const TimelineEnding&) = default;
};
TimelineEnding endingOf(const Timeline& timeline);

// Why one side cannot be simulated as a route (a candidate whose policies
// are invalid, or whose legacy rules cannot be migrated, enabled or not): a
// comparison with such a side is never "no change".
struct RouteProblem {
    std::size_t candidateIndex = 0;
    std::string candidate;  // execution_profile_id
    std::optional<Issue> issue;  // invalid policies: the first issue, its path from "policies"
    std::string configurationError;  // otherwise: the candidate's configuration error (legacy rules)
    friend bool operator==(const RouteProblem&, const RouteProblem&) = default;
};
// The first candidate that makes the route unsimulatable; none when every one can be simulated.
std::optional<RouteProblem> routeProblem(std::span<const RouteCandidate> candidates);

// after - before, field by field.
struct TimelineDelta {
    std::int64_t attempts = 0;
    std::int64_t retries = 0;  // retry waits
    std::int64_t resetWaits = 0;
    std::int64_t durationSeconds = 0;  // from the first attempt to the final event
    std::int64_t retryWaitSeconds = 0;
    std::int64_t resetWaitSeconds = 0;
    std::int64_t candidatesTried = 0;
    friend bool operator==(const TimelineDelta&, const TimelineDelta&) = default;
};

struct TimelineComparison {
    // Either set: the two cannot be compared, and nothing below is filled in.
    std::optional<RouteProblem> beforeProblem;
    std::optional<RouteProblem> afterProblem;
    TimelineDelta delta;
    TimelineEnding before;
    TimelineEnding after;
    // The first event (an index into both event lists) where the two differ;
    // none when they are the same event for event. Events are the same when
    // they happen at the same offset, to the same candidate (by id: a moved
    // candidate is the same candidate), with the same failure and numbers.
    std::optional<std::size_t> firstDifference;

    bool comparable() const
    {
        return !beforeProblem && !afterProblem;
    }
    bool unchanged() const
    {
        return comparable() && !firstDifference;
    }
};

// Both events alike in everything the route does: not in the evaluator's
// reasons, nor a wait's pending outcome (what would come later, which the
// events that do come show), nor the candidate's position.
bool sameRouteEvent(const TimelineEvent& a, const TimelineEvent& b) noexcept;

// Linear in the events. The routes are the candidates each timeline was
// simulated from: a side with a RouteProblem makes the comparison incomparable.
TimelineComparison compareTimelines(std::span<const RouteCandidate> beforeRoute, const Timeline& before,
    std::span<const RouteCandidate> afterRoute, const Timeline& after);

}  // namespace policy
