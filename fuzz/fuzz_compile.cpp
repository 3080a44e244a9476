// SPDX-License-Identifier: Apache-2.0
// libpolicy's compiled API: any text through policy_compile, then decisions
// for every candidate of a handle it gave, on failures drawn from the input.
// A handle of an invalid document must stop every decision, and a route
// through any handle must end.
#include "policy_c.h"

#include <cstdint>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const policy_reading reading = size > 0 && (data[0] & 1) ? POLICY_READING_KANDEV : POLICY_READING_SPEC;
    policy_compiled* compiled = nullptr;
    char* errors = nullptr;
    char* message = nullptr;
    const policy_status status
        = policy_compile(reinterpret_cast<const char*>(data), size, reading, &compiled, &errors, &message);
    policy_free(errors);
    policy_free(message);
    if ((status == POLICY_OK || status == POLICY_INVALID) != (compiled != nullptr))
        std::abort();  // a handle exactly when the text was one JSON value
    const std::size_t candidates = policy_compiled_candidate_count(compiled);
    for (std::size_t i = 0; i < candidates && i < 16; ++i) {
        const std::uint8_t b = size > i + 1 ? data[i + 1] : 0;
        policy_failure failure {};
        failure.struct_size = sizeof failure;
        failure.code = static_cast<policy_error_code>(b % 21);
        failure.stated_class = static_cast<policy_error_class>((b >> 5) % 4);
        failure.confidence = static_cast<policy_confidence>((b >> 2) % 3);
        failure.effect_safe = (b & 0x80) ? 0 : 1;
        failure.now = 1767225600;  // 2026-01-01T00:00:00Z
        failure.reset_at = (b & 0x40) ? failure.now + b * 60 : POLICY_TIME_NONE;
        failure.retry_ordinal = b % 7;
        failure.transient_reset_wait_used = b & 1;
        failure.hard_reset_wait_used = (b >> 1) & 1;
        policy_decision decision {};
        decision.struct_size = sizeof decision;
        if (policy_evaluate_compiled(compiled, i, &failure, &decision) != POLICY_OK)
            std::abort();  // every field above is a listed value
        if (status == POLICY_INVALID && decision.kind != POLICY_DECISION_STOP)
            std::abort();  // an invalid document never authorizes work
    }
    // A route through the handle on the same failures: it only moves
    // forward, onto enabled candidates, and ends within a bounded number of
    // decisions (each candidate's retries and reset waits are finite).
    if (compiled) {
        policy_route route {};
        route.struct_size = sizeof route;
        if (policy_route_start(compiled, &route) != POLICY_OK)
            std::abort();
        for (std::size_t step = 0; route.state == POLICY_ROUTE_ATTEMPTING; ++step) {
            if (step > 64 * (candidates + 1))
                std::abort();  // a cycle that never ends
            const std::uint8_t b = size > step % 16 + 1 ? data[step % 16 + 1] : 0;
            policy_failure failure {};
            failure.struct_size = sizeof failure;
            failure.code = static_cast<policy_error_code>(b % 21);
            failure.effect_safe = (b & 0x80) ? 0 : 1;
            failure.now = 1767225600 + static_cast<std::int64_t>(step) * 3600;
            failure.reset_at = (b & 0x40) ? failure.now + b * 60 : POLICY_TIME_NONE;
            const std::uint64_t before = route.candidate_index;
            policy_decision decision {};
            decision.struct_size = sizeof decision;
            if (policy_route_decide(compiled, &route, &failure, &decision) != POLICY_OK)
                std::abort();
            if (status == POLICY_INVALID && route.state != POLICY_ROUTE_STOPPED)
                std::abort();  // an invalid document never authorizes work
            if (route.state == POLICY_ROUTE_ATTEMPTING && route.candidate_index < before)
                std::abort();  // a cycle only moves forward
        }
    }
    policy_release(compiled);
    return 0;
}
