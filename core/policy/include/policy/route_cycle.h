// SPDX-License-Identifier: Apache-2.0
#pragma once
// Where a route is in its cycle (SPEC 6) and how a decision moves it. The
// timeline preview and libpolicy's route helpers (policy_route_decide) both
// move routes with these functions, so that what the editor draws is what a
// backend linking libpolicy does.

#include "policy/evaluator.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>

namespace policy
{

// The candidate being attempted and what it used so far in this cycle.
struct RoutePosition {
    std::size_t candidate = 0;
    std::int64_t retryOrdinal = 0;  // one counter per candidate, shared by both classes
    std::array<bool, 2> resetWaitUsed {false, false};  // transient, hard
};

// The first index at or after `from`, below `count`, for which enabled(i);
// none when every later candidate is disabled. A cycle only moves forward.
template <class Enabled>
std::optional<std::size_t> firstEnabledFrom(std::size_t count, std::size_t from, Enabled&& enabled)
{
    for (std::size_t i = from; i < count; ++i) {
        if (enabled(i))
            return i;
    }
    return std::nullopt;
}

// Enters a candidate: a fresh ordinal and no reset wait used.
void enterCandidate(RoutePosition& route, std::size_t candidate) noexcept;

// The route's part of an evaluation for `cls`, the failure's resolved class:
// the ordinal, and whether that class's reset wait was used (never for an
// unclassified failure, which stops anyway).
void fillRouteInput(const RoutePosition& route, ErrorClass cls, EvaluationInput& input) noexcept;

// What the route does after a decision.
enum class RouteMove {
    WaitThenAttempt,  // waiting_for_reset or retry_wait: the same candidate again at the deadline
    NextCandidate,  // skip: the caller enters the next enabled candidate, or none is left
    Stop,  // stop: the cycle ends, a person must act
};

// Applies `decision` (made for `cls`) to the route: a reset wait marks that
// class's wait used and keeps the ordinal (a wait neither consumes nor
// refunds retries); a retry takes the decision's ordinal; a skip or a stop
// leaves the position as it was.
RouteMove applyDecision(RoutePosition& route, const Decision& decision, ErrorClass cls) noexcept;

}  // namespace policy
