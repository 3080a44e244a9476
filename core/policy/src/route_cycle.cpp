// SPDX-License-Identifier: Apache-2.0
#include "policy/route_cycle.h"

namespace policy
{
namespace
{

std::size_t slotOf(ErrorClass cls) noexcept
{
    return cls == ErrorClass::Hard ? 1 : 0;
}

}  // namespace

void enterCandidate(RoutePosition& route, std::size_t candidate) noexcept
{
    route.candidate = candidate;
    route.retryOrdinal = 0;
    route.resetWaitUsed = {false, false};
}

void fillRouteInput(const RoutePosition& route, ErrorClass cls, EvaluationInput& input) noexcept
{
    input.retryOrdinal = route.retryOrdinal;
    input.resetWaitUsed = cls != ErrorClass::Unclassified && route.resetWaitUsed[slotOf(cls)];
}

RouteMove applyDecision(RoutePosition& route, const Decision& decision, ErrorClass cls) noexcept
{
    switch (decision.kind) {
    case DecisionKind::WaitingForReset: route.resetWaitUsed[slotOf(cls)] = true; return RouteMove::WaitThenAttempt;
    case DecisionKind::RetryWait: route.retryOrdinal = decision.retryOrdinal; return RouteMove::WaitThenAttempt;
    case DecisionKind::Skip: return RouteMove::NextCandidate;
    case DecisionKind::Stop: return RouteMove::Stop;
    }
    return RouteMove::Stop;
}

}  // namespace policy
