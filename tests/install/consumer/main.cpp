// SPDX-License-Identifier: Apache-2.0
// Links libpolicy from its installed CMake package and uses both of its APIs:
// the C++ evaluator and the C functions over JSON. Prints what they decided.
#include <policy/evaluator.h>
#include <policy/schedule.h>
#include <policy_c.h>

#include <cstdio>
#include <cstring>
#include <string>

int main()
{
    policy::PolicyDocument document;
    document.transient.retry = {true, 3, 5};
    policy::EvaluationInput input;
    input.failure = policy::Failure {"rate_limited", "transient"};
    input.effectSafe = true;
    input.retryOrdinal = 1;
    const policy::Decision decision = policy::evaluate(document, input);

    std::int64_t delay = 0;
    if (policy_next_retry_delay(5, 3, &delay, nullptr) != POLICY_OK)
        return 1;
    char* result = nullptr;
    const char text[] = R"({"candidates":[{"position":0,"execution_profile_id":"claude"}]})";
    const policy_status status = policy_validate(text, std::strlen(text), &result, nullptr);
    std::printf("%s %lld %lld %s %s\n", std::string(policy::decisionKindName(decision.kind)).c_str(),
        static_cast<long long>(decision.retryOrdinal), static_cast<long long>(delay), policy_status_name(status),
        result ? result : "(null)");
    policy_free(result);
    return 0;
}
