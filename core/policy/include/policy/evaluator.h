// SPDX-License-Identifier: Apache-2.0
#pragma once
// The shared policy evaluator (SPEC section 4): one decision for one failure.

#include "policy/time.h"
#include "policy/types.h"

#include <cstdint>
#include <optional>
#include <string_view>

namespace policy
{

enum class Confidence { High, Medium, Low };

std::string_view confidenceName(Confidence c) noexcept;
std::optional<Confidence> confidenceFromName(std::string_view name) noexcept;

// A failure as the classifier reports it. The views must outlive the call and
// the Decision it returns (the evaluator never allocates).
struct Failure {
    std::string_view code;
    std::string_view statedClass;  // "" when the failure states none
    Confidence confidence = Confidence::High;
    std::string_view catalogueVersion;  // "" means kCatalogueVersion
    std::optional<Seconds> resetAt;
};

struct EvaluationInput {
    std::optional<Failure> failure;
    Seconds now {};
    std::int64_t retryOrdinal = 0;
    bool resetWaitUsed = false;  // for this candidate and class, in this route cycle
    bool effectSafe = false;  // no output, tool activity, partial result or ambiguous delivery
};

enum class DecisionKind { WaitingForReset, RetryWait, Skip, Stop };
std::string_view decisionKindName(DecisionKind k) noexcept;

struct Decision {
    DecisionKind kind = DecisionKind::Stop;
    std::optional<ErrorClass> errorClass;  // empty only when there is no failure
    std::string_view code;  // empty only when there is no failure
    std::string_view catalogueVersion = kCatalogueVersion;
    std::int64_t retryOrdinal = 0;  // non-zero only for RetryWait
    std::optional<Seconds> deadline;
    Outcome pendingOutcome = Outcome::Stop;
};

// The class the evaluator uses for a failure: the catalogue's class, or the
// failure's stated transient/hard class for the twelve provider codes; any
// other code, and low confidence, are Unclassified.
ErrorClass resolveClass(const Failure& failure) noexcept;

Decision evaluate(const PolicyDocument& doc, const EvaluationInput& input) noexcept;

}  // namespace policy
