// SPDX-License-Identifier: Apache-2.0
#include "policy/evaluator.h"

#include "policy/schedule.h"
#include "policy/validation.h"

namespace policy
{

std::string_view confidenceName(Confidence c) noexcept
{
    switch (c) {
    case Confidence::High: return "high";
    case Confidence::Medium: return "medium";
    case Confidence::Low: return "low";
    }
    return "high";
}

std::optional<Confidence> confidenceFromName(std::string_view name) noexcept
{
    if (name == "high")
        return Confidence::High;
    if (name == "medium")
        return Confidence::Medium;
    if (name == "low")
        return Confidence::Low;
    return std::nullopt;
}

std::string_view decisionKindName(DecisionKind k) noexcept
{
    switch (k) {
    case DecisionKind::WaitingForReset: return "waiting_for_reset";
    case DecisionKind::RetryWait: return "retry_wait";
    case DecisionKind::Skip: return "skip";
    case DecisionKind::Stop: return "stop";
    }
    return "stop";
}

std::string_view decisionReasonName(DecisionReason r) noexcept
{
    switch (r) {
    case DecisionReason::NoFailure: return "no_failure";
    case DecisionReason::InvalidPolicies: return "invalid_policies";
    case DecisionReason::AfterSideEffects: return "after_side_effects";
    case DecisionReason::UnknownError: return "unknown_error";
    case DecisionReason::TrustedReset: return "trusted_reset";
    case DecisionReason::RetryLeft: return "retry_left";
    case DecisionReason::RetryOff: return "retry_off";
    case DecisionReason::RetriesUsed: return "retries_used";
    }
    return "no_failure";
}

std::string_view resetHintUseName(ResetHintUse u) noexcept
{
    switch (u) {
    case ResetHintUse::NotConsidered: return "not_considered";
    case ResetHintUse::NoHint: return "no_hint";
    case ResetHintUse::NotTrusted: return "not_trusted";
    case ResetHintUse::WaitDisabled: return "wait_disabled";
    case ResetHintUse::AlreadyWaited: return "already_waited";
    case ResetHintUse::NotInFuture: return "not_in_future";
    case ResetHintUse::BeyondMaxWait: return "beyond_max_wait";
    case ResetHintUse::Used: return "used";
    }
    return "not_considered";
}

ErrorClass resolveClass(const Failure& failure) noexcept
{
    std::optional<ErrorClass> stated;
    if (failure.statedClass == "transient")
        stated = ErrorClass::Transient;
    else if (failure.statedClass == "hard")
        stated = ErrorClass::Hard;
    else if (!failure.statedClass.empty())
        stated = ErrorClass::Unclassified;
    return resolveClass(errorCodeFromName(failure.code), stated, failure.confidence);
}

Decision evaluate(const PolicyDocument& doc, const EvaluationInput& input) noexcept
{
    const ErrorClass cls = input.failure ? resolveClass(*input.failure) : ErrorClass::Unclassified;
    return evaluateResolved(doc, input.failure && isValid(doc), cls, input);
}

Decision evaluateResolved(
    const PolicyDocument& doc, bool documentValid, ErrorClass cls, const EvaluationInput& input) noexcept
{
    Decision d;
    if (!input.failure)
        return d;  // nothing failed: nothing authorizes more work

    const Failure& failure = *input.failure;
    d.errorClass = cls;
    d.code = failure.code;
    if (!failure.catalogueVersion.empty())
        d.catalogueVersion = failure.catalogueVersion;

    // The safety gate overrides every setting.
    if (!documentValid) {
        d.reason = DecisionReason::InvalidPolicies;
        return d;
    }
    if (!input.effectSafe) {
        d.reason = DecisionReason::AfterSideEffects;
        return d;
    }
    if (cls == ErrorClass::Unclassified) {
        d.reason = DecisionReason::UnknownError;
        return d;
    }

    const ClassPolicy& p = doc.forClass(cls);
    d.pendingOutcome = p.onExhausted;

    if (!failure.resetAt)
        d.resetHint = failure.untrustedResetHint ? ResetHintUse::NotTrusted : ResetHintUse::NoHint;
    else if (!p.waitForReset.enabled)
        d.resetHint = ResetHintUse::WaitDisabled;
    else if (input.resetWaitUsed)
        d.resetHint = ResetHintUse::AlreadyWaited;
    else if (*failure.resetAt <= input.now)
        d.resetHint = ResetHintUse::NotInFuture;
    else if (*failure.resetAt > input.now + std::chrono::seconds {p.waitForReset.maxWaitSeconds})
        d.resetHint = ResetHintUse::BeyondMaxWait;
    else {
        d.resetHint = ResetHintUse::Used;
        d.reason = DecisionReason::TrustedReset;
        d.kind = DecisionKind::WaitingForReset;
        d.deadline = *failure.resetAt;
        return d;
    }

    const std::int64_t ordinal = input.retryOrdinal < 0 ? 0 : input.retryOrdinal;
    if (p.retry.enabled && ordinal < p.retry.maxRetries) {
        d.reason = DecisionReason::RetryLeft;
        d.kind = DecisionKind::RetryWait;
        d.retryOrdinal = ordinal + 1;
        d.deadline = input.now + std::chrono::seconds {retryDelay(p.retry.initialIntervalSeconds, ordinal)};
        return d;
    }

    d.reason = p.retry.enabled ? DecisionReason::RetriesUsed : DecisionReason::RetryOff;
    d.kind = p.onExhausted == Outcome::Skip ? DecisionKind::Skip : DecisionKind::Stop;
    return d;
}

}  // namespace policy
