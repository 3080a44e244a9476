// SPDX-License-Identifier: Apache-2.0
#pragma once
// What a person reviewing a route needs to know, computed from the policies
// alone (no scenario): worst-case time per class and structural warnings.

#include "policy/timeline.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace policy
{

enum class ReviewWarningCode {
    DisabledCandidate,  // candidateIndex: skipped by every cycle
    InvalidCandidate,  // candidateIndex: invalid policies or unmigratable rules stop the cycle
    UnreachableCandidate,  // candidateIndex, errorClass: an earlier candidate stops for that class
    AllCandidatesSkip,  // errorClass: the route ends with no eligible candidate
    HardRetryWithoutResetWait,  // candidateIndex: retrying quota or credentials errors rarely helps
    NoEnabledCandidate,
    IneligibleCandidate,  // candidateIndex: references a profile it may not use
};
std::string_view reviewWarningName(ReviewWarningCode code) noexcept;

struct ReviewWarning {
    ReviewWarningCode code;
    std::optional<std::size_t> candidateIndex;
    std::optional<ErrorClass> errorClass;
    friend bool operator==(const ReviewWarning&, const ReviewWarning&) = default;
};

struct ClassWorstCase {
    std::int64_t seconds = 0;  // longest time from the first failure to the final outcome
    std::int64_t attempts = 0;  // attempts in that cycle: each candidate's first, its post-wait one, its retries
    Outcome finalOutcome = Outcome::Skip;  // Stop, or Skip meaning "no eligible candidate left"
    std::optional<std::size_t> stoppingCandidate;
};

struct RouteReview {
    ClassWorstCase transient;
    ClassWorstCase hard;
    std::vector<ReviewWarning> warnings;
};

RouteReview reviewRoute(std::span<const RouteCandidate> candidates);

}  // namespace policy
