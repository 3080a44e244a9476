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
    std::optional<Seconds> resetAt;  // a trusted reset time
    bool untrustedResetHint = false;  // a reset hint was reported but not trusted (resetAt is then empty)
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

// Why the decision is what it is: the evaluator's own test, so that nobody
// above it repeats the test to explain the decision.
enum class DecisionReason {
    NoFailure,  // Stop: nothing failed, so nothing authorizes more work
    InvalidPolicies,  // Stop (safety gate): the policy document is not valid
    AfterSideEffects,  // Stop (safety gate): output, tool activity, a partial result or ambiguous delivery came first
    UnknownError,  // Stop (safety gate): the failure is neither transient nor hard
    TrustedReset,  // WaitingForReset: a trusted reset within the class's maximum wait
    RetryLeft,  // RetryWait: a retry is left
    RetryOff,  // Skip or Stop (on_exhausted): retrying is off for the class
    RetriesUsed,  // Skip or Stop (on_exhausted): every retry is used
};
std::string_view decisionReasonName(DecisionReason r) noexcept;  // snake_case: "after_side_effects"

// Why a reset hint did, or did not, lead to a wait.
enum class ResetHintUse {
    NotConsidered,  // the safety gate decided before any setting was read
    NoHint,  // the failure reported no reset time
    NotTrusted,  // a reset hint was reported, but it is not trusted
    WaitDisabled,  // waiting for resets is off for the class
    AlreadyWaited,  // the candidate already waited for a reset of this class in this route cycle
    NotInFuture,  // the reset time is not after now
    BeyondMaxWait,  // the reset is later than the class's maximum wait
    Used,  // the decision waits for it
};
std::string_view resetHintUseName(ResetHintUse u) noexcept;  // snake_case: "beyond_max_wait"

struct Decision {
    DecisionKind kind = DecisionKind::Stop;
    std::optional<ErrorClass> errorClass;  // empty only when there is no failure
    std::string_view code;  // empty only when there is no failure
    std::string_view catalogueVersion = kCatalogueVersion;
    std::int64_t retryOrdinal = 0;  // non-zero only for RetryWait
    std::optional<Seconds> deadline;
    Outcome pendingOutcome = Outcome::Stop;
    DecisionReason reason = DecisionReason::NoFailure;
    ResetHintUse resetHint = ResetHintUse::NotConsidered;
};

// The class the evaluator uses for a failure: the catalogue's class, or the
// failure's stated transient/hard class for the twelve provider codes; any
// other code, and low confidence, are Unclassified.
ErrorClass resolveClass(const Failure& failure) noexcept;
// The rule itself, on codes already looked up: `code` empty for a code
// outside the catalogue; `stated` empty when the failure states no class, and
// Unclassified for any stated word other than "transient" and "hard".
// SPEC 4.1, failing closed: a stated class decides when it is transient or
// hard; any other stated word ("unclassified", "Transient", "fatal") means
// the classifier could not classify, so nothing may retry or skip; only when
// no class is stated does the catalogue decide. (Inline: a compiled policy's
// per-decision path, where a call through memory cost a third of the time.)
constexpr ErrorClass resolveClass(
    std::optional<ErrorCode> code, std::optional<ErrorClass> stated, Confidence confidence) noexcept
{
    if (confidence == Confidence::Low || !code)
        return ErrorClass::Unclassified;
    return stated ? *stated : kCatalogue[static_cast<std::size_t>(*code)].errorClass;
}

// True for the reasons of the safety gate, which overrides every setting.
constexpr bool isGateStop(DecisionReason r) noexcept
{
    return r == DecisionReason::NoFailure || r == DecisionReason::InvalidPolicies
        || r == DecisionReason::AfterSideEffects || r == DecisionReason::UnknownError;
}

Decision evaluate(const PolicyDocument& doc, const EvaluationInput& input) noexcept;

// evaluate() for a caller that settled the document's validity (isValid) and
// the failure's class (resolveClass) beforehand, as a compiled policy does
// once: no names are looked up per decision. `resolved` is ignored when
// there is no failure; input.failure's code and class words are not read.
Decision evaluateResolved(
    const PolicyDocument& doc, bool documentValid, ErrorClass resolved, const EvaluationInput& input) noexcept;

}  // namespace policy
