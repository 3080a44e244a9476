// SPDX-License-Identifier: Apache-2.0
#include "policy/kandev_backend.h"

#include "policy/catalogue.h"
#include "policy/schedule.h"
#include "policy/validation.h"

#include <algorithm>
#include <array>

namespace policy::kandev
{

bool fallbackAllowed(std::string_view code) noexcept
{
    // The codes kandev's classifier marks FallbackAllowed; every other code
    // (agent_transport_lost, resume_corrupted, task_error, ...) is false.
    static constexpr std::array<std::string_view, 13> kAllowed {
        "auth_required",
        "missing_credentials",
        "subscription_required",
        "provider_not_configured",
        "model_unavailable",
        "rate_limited",
        "quota_limited",
        "network_unavailable",
        "model_capacity",
        "provider_unavailable",
        "unknown_provider_error",
        "provider_overloaded",
        "npx_cache_corrupted",
    };
    return std::find(kAllowed.begin(), kAllowed.end(), code) != kAllowed.end();
}

Decision evaluate(const PolicyDocument& doc, const EvaluationInput& input) noexcept
{
    Decision stop;  // the Go zero values: no class, code or catalogue version
    stop.catalogueVersion = {};
    if (!input.failure || !input.effectSafe || !fallbackAllowed(input.failure->code))
        return stop;
    const Failure& failure = *input.failure;

    ErrorClass cls = ErrorClass::Unclassified;
    if (failure.statedClass.empty())
        cls = catalogueClass(failure.code);
    else if (failure.statedClass == "transient")
        cls = ErrorClass::Transient;
    else if (failure.statedClass == "hard")
        cls = ErrorClass::Hard;
    if (cls == ErrorClass::Unclassified || !isValid(doc))
        return stop;

    const ClassPolicy& p = doc.forClass(cls);
    Decision d;
    d.errorClass = cls;
    d.code = failure.code;
    if (!failure.catalogueVersion.empty())
        d.catalogueVersion = failure.catalogueVersion;
    d.pendingOutcome = p.onExhausted;

    if (p.waitForReset.enabled && !input.resetWaitUsed && failure.resetAt) {
        const Seconds resetAt = *failure.resetAt;
        if (input.now < resetAt && resetAt <= input.now + std::chrono::seconds {p.waitForReset.maxWaitSeconds}) {
            d.kind = DecisionKind::WaitingForReset;
            d.deadline = resetAt;
            return d;
        }
    }
    if (p.retry.enabled && input.retryOrdinal >= 0 && input.retryOrdinal < p.retry.maxRetries) {
        d.kind = DecisionKind::RetryWait;
        d.retryOrdinal = input.retryOrdinal + 1;
        d.deadline = input.now + std::chrono::seconds {retryDelay(p.retry.initialIntervalSeconds, input.retryOrdinal)};
        return d;
    }
    d.kind = p.onExhausted == Outcome::Skip ? DecisionKind::Skip : DecisionKind::Stop;
    return d;
}

}  // namespace policy::kandev
