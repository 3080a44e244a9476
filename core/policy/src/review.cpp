// SPDX-License-Identifier: Apache-2.0
#include "policy/review.h"

#include "policy/schedule.h"
#include "policy/validation.h"

namespace policy
{

std::string_view reviewWarningName(ReviewWarningCode code) noexcept
{
    switch (code) {
    case ReviewWarningCode::DisabledCandidate: return "disabled_candidate";
    case ReviewWarningCode::InvalidCandidate: return "invalid_candidate";
    case ReviewWarningCode::UnreachableCandidate: return "unreachable_candidate";
    case ReviewWarningCode::AllCandidatesSkip: return "all_candidates_skip";
    case ReviewWarningCode::HardRetryWithoutResetWait: return "hard_retry_without_reset_wait";
    case ReviewWarningCode::NoEnabledCandidate: return "no_enabled_candidate";
    case ReviewWarningCode::IneligibleCandidate: return "ineligible_candidate";
    }
    return "unknown";
}

namespace
{

bool usable(const RouteCandidate& c)
{
    return !c.configurationError && isValid(c.policies);
}

// Worst case for one class: every attempt fails with it, every trusted reset
// lies at the maximum wait, every retry is used.
ClassWorstCase worstCase(
    std::span<const RouteCandidate> candidates, ErrorClass cls, std::vector<ReviewWarning>& warnings)
{
    ClassWorstCase result;
    bool stopped = false;
    bool reachedAny = false;
    for (std::size_t i = 0; i < candidates.size(); ++i) {
        const RouteCandidate& c = candidates[i];
        if (!c.enabled)
            continue;
        if (stopped) {
            warnings.push_back({ReviewWarningCode::UnreachableCandidate, i, cls});
            continue;
        }
        reachedAny = true;
        if (!usable(c)) {
            stopped = true;
            result.finalOutcome = Outcome::Stop;
            result.stoppingCandidate = i;
            continue;
        }
        const ClassPolicy& p = c.policies.forClass(cls);
        if (p.waitForReset.enabled)
            result.seconds += p.waitForReset.maxWaitSeconds;
        result.seconds += schedule(p.retry).totalSeconds;
        result.attempts += 1 + (p.waitForReset.enabled ? 1 : 0) + (p.retry.enabled ? p.retry.maxRetries : 0);
        if (p.onExhausted == Outcome::Stop) {
            stopped = true;
            result.finalOutcome = Outcome::Stop;
            result.stoppingCandidate = i;
        }
    }
    if (reachedAny && !stopped)
        warnings.push_back({ReviewWarningCode::AllCandidatesSkip, std::nullopt, cls});
    return result;
}

}  // namespace

RouteReview reviewRoute(std::span<const RouteCandidate> candidates)
{
    RouteReview review;
    bool anyEnabled = false;
    for (std::size_t i = 0; i < candidates.size(); ++i) {
        const RouteCandidate& c = candidates[i];
        anyEnabled = anyEnabled || c.enabled;
        if (!c.enabled)
            review.warnings.push_back({ReviewWarningCode::DisabledCandidate, i, std::nullopt});
        if (!c.eligible)
            review.warnings.push_back({ReviewWarningCode::IneligibleCandidate, i, std::nullopt});
        if (!usable(c)) {
            review.warnings.push_back({ReviewWarningCode::InvalidCandidate, i, std::nullopt});
            continue;
        }
        if (c.policies.hard.retry.enabled && !c.policies.hard.waitForReset.enabled)
            review.warnings.push_back({ReviewWarningCode::HardRetryWithoutResetWait, i, ErrorClass::Hard});
    }
    if (!anyEnabled) {
        review.warnings.push_back({ReviewWarningCode::NoEnabledCandidate, std::nullopt, std::nullopt});
        return review;
    }
    review.transient = worstCase(candidates, ErrorClass::Transient, review.warnings);
    review.hard = worstCase(candidates, ErrorClass::Hard, review.warnings);
    return review;
}

}  // namespace policy
