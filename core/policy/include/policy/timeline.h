// SPDX-License-Identifier: Apache-2.0
#pragma once
// Route-cycle simulation (SPEC section 6): what one cycle across the
// candidates does for a failure scenario, as an ordered list of events.

#include "policy/evaluator.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace policy
{

// One scenario entry: the failure the i-th attempt meets, or success.
struct ScenarioAttempt {
    bool success = false;
    std::string code;
    std::string statedClass;  // "" when not stated
    Confidence confidence = Confidence::High;
    std::optional<std::int64_t> resetAfterSeconds;  // reset hint relative to the attempt
    bool effectSafe = true;

    static ScenarioAttempt successful()
    {
        ScenarioAttempt a;
        a.success = true;
        return a;
    }
    friend bool operator==(const ScenarioAttempt&, const ScenarioAttempt&) = default;
};

enum class ScenarioThen { Repeat, Success };

// Where a cycle continues a route that is running now (kandev's route state):
// the candidate owning it, its retry ordinal and the reset waits it used. A
// candidate id that is not in the route starts the cycle at the first
// enabled candidate, as if there were no live state.
struct RouteStartState {
    std::string executionProfileId;
    std::int64_t retryOrdinal = 0;
    bool transientResetWaitUsed = false;
    bool hardResetWaitUsed = false;
    friend bool operator==(const RouteStartState&, const RouteStartState&) = default;
};

// A candidate kandev will not select until `until` (its circuit in
// dynamic_resource_circuits is open, or half open with its probe taken).
struct CircuitPause {
    std::string executionProfileId;
    Seconds until {};
    std::string code;  // the failure that opened it
    std::string resourceKey;  // "profile:..." or "credential:..."
    friend bool operator==(const CircuitPause&, const CircuitPause&) = default;
};

inline constexpr std::string_view kDefaultScenarioStart = "2026-01-01T00:00:00Z";

struct Scenario {
    std::string name;
    Seconds start {};
    std::vector<ScenarioAttempt> attempts;
    ScenarioThen then = ScenarioThen::Repeat;
    std::size_t maxEvents = kDefaultMaxTimelineEvents;
    std::optional<RouteStartState> from;  // live state; none: a fresh cycle
    std::vector<CircuitPause> circuits;  // live state; none: every circuit closed
    friend bool operator==(const Scenario&, const Scenario&) = default;
};

// The candidate as the simulation sees it. The caller resolves legacy rules
// first; a candidate whose rules could not be migrated carries the reason in
// configurationError and stops the cycle when it is reached.
struct RouteCandidate {
    std::string executionProfileId;
    bool enabled = true;
    PolicyDocument policies;
    std::optional<std::string> configurationError;
    bool eligible = true;  // references a profile it may use (SPEC section 7); reported, not simulated
};

enum class EventKind {
    Attempt,
    RetryWait,
    WaitForReset,
    Skip,
    Stop,
    Success,
    Exhausted,
    ConfigError,
    Truncated,
    CircuitOpen
};
std::string_view eventKindName(EventKind k) noexcept;  // the wire names: attempt, retry_wait, ..., circuit_open

struct TimelineEvent {
    EventKind kind = EventKind::Attempt;
    Seconds t {};
    std::int64_t offsetSeconds = 0;
    std::int64_t attempt = 0;  // Attempt: 1-based count across the cycle; the events that answer it: its count
    std::size_t candidateIndex = 0;  // index into the candidate list
    std::string candidate;  // execution_profile_id
    std::string code;  // failure code (RetryWait, WaitForReset, Skip, Stop, CircuitOpen)
    ErrorClass errorClass = ErrorClass::Unclassified;
    std::int64_t retryOrdinal = 0;  // RetryWait
    std::int64_t delaySeconds = 0;  // RetryWait, WaitForReset
    Seconds deadline {};  // RetryWait, WaitForReset; CircuitOpen: until when
    std::string resourceKey;  // CircuitOpen
    Outcome pendingOutcome = Outcome::Stop;
    std::string reason;  // Exhausted: "no_eligible_candidate"; ConfigError: the error
    bool gateStop = false;  // Stop: the safety gate stopped, not the policy
    // RetryWait, WaitForReset, Skip, Stop: the evaluator's reasons, and the
    // failure's reset hint relative to the attempt (none when it gave none).
    DecisionReason decisionReason = DecisionReason::NoFailure;
    ResetHintUse resetHint = ResetHintUse::NotConsidered;
    std::optional<std::int64_t> resetHintSeconds;
};

struct TimelineTotals {
    std::int64_t attempts = 0;
    std::int64_t durationSeconds = 0;  // from the first attempt to the final event
    std::int64_t retryWaitSeconds = 0;
    std::int64_t resetWaitSeconds = 0;
    std::int64_t candidatesTried = 0;
    EventKind finalEvent = EventKind::Exhausted;
};

struct Timeline {
    std::vector<TimelineEvent> events;
    TimelineTotals totals;
    bool truncated = false;
};

Timeline simulateRouteCycle(std::span<const RouteCandidate> candidates, const Scenario& scenario);

// Built-in scenarios, addressed by a stable id.
struct ScenarioPreset {
    std::string_view id;
    Scenario scenario;
};
std::span<const ScenarioPreset> scenarioPresets();
const ScenarioPreset* findScenarioPreset(std::string_view id) noexcept;
inline constexpr std::string_view kDefaultScenarioId = "capacity-every-attempt";

}  // namespace policy
