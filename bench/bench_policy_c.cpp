// SPDX-License-Identifier: Apache-2.0
// The C API's cost per call, as a cgo backend pays it: policy_evaluate on a
// typical policyctl evaluate line (parse, decide, print, copy out, free),
// policy_evaluate_compiled on bench_policy's BM_Evaluate inputs (ten
// candidates, 64 failures; its goal: at least as fast as that C++ evaluate()),
// policy_route_decide on the same inputs, and policy_next_retry_delay.
#include "policy_c.h"

#include <benchmark/benchmark.h>

#include <cstring>
#include <string>
#include <vector>

namespace
{

const std::string kLine
    = R"({"policies":{"version":1,"transient":{"retry":{"enabled":true,"max_retries":3,"initial_interval_seconds":5},)"
      R"("wait_for_reset":{"enabled":true,"max_wait_seconds":300},"on_exhausted":"skip"},)"
      R"("hard":{"retry":{"enabled":false,"max_retries":0,"initial_interval_seconds":0},)"
      R"("wait_for_reset":{"enabled":true,"max_wait_seconds":3600},"on_exhausted":"stop"}},)"
      R"("failure":{"code":"rate_limited","class":"transient","reset_at":"2026-08-17T12:02:00Z"},)"
      R"("now":"2026-08-17T12:00:00Z","retry_ordinal":1,"reset_wait_used":true,"effect_safe":true})";

void BM_CEvaluate(benchmark::State& state)
{
    for (auto _ : state) {
        char* decision = nullptr;
        if (policy_evaluate(kLine.data(), kLine.size(), POLICY_READING_SPEC, &decision, nullptr) != POLICY_OK)
            state.SkipWithError("policy_evaluate failed");
        benchmark::DoNotOptimize(decision);
        policy_free(decision);
    }
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * kLine.size()));
}
BENCHMARK(BM_CEvaluate);

// BM_Evaluate's ten candidates as one dynamic profile.
std::string tenCandidateProfile()
{
    std::string text = R"({"candidates":[)";
    for (int i = 0; i < 10; ++i) {
        const std::string n = std::to_string(i);
        text += std::string(i ? "," : "") + R"({"position":)" + n + R"(,"execution_profile_id":"candidate-)" + n
            + R"(","policies":{"version":1,"transient":{"retry":{"enabled":true,"max_retries":)"
            + std::to_string(3 + i % 5) + R"(,"initial_interval_seconds":)" + std::to_string(5 + i)
            + R"(},"wait_for_reset":{"enabled":)" + (i % 2 == 0 ? "true" : "false") + R"(,"max_wait_seconds":)"
            + (i % 2 == 0 ? "600" : "0") + R"(},"on_exhausted":"skip"},)"
            + R"("hard":{"retry":{"enabled":false,"max_retries":0,"initial_interval_seconds":0},)"
            + R"("wait_for_reset":{"enabled":true,"max_wait_seconds":)" + std::to_string(3600 * (i + 1))
            + R"(},"on_exhausted":")" + (i == 9 ? "stop" : "skip") + R"("}}})";
    }
    return text + "]}";
}

// BM_Evaluate's 64 failures.
std::vector<policy_failure> benchFailures(std::int64_t now)
{
    const policy_error_code codes[]
        = {POLICY_CODE_MODEL_CAPACITY, POLICY_CODE_QUOTA_LIMITED, POLICY_CODE_RATE_LIMITED, POLICY_CODE_TASK_ERROR};
    std::vector<policy_failure> failures;
    for (int i = 0; i < 64; ++i) {
        policy_failure f {};
        f.struct_size = sizeof f;
        f.code = codes[i % 4];
        f.reset_at = now + 60 * (i % 7);
        f.now = now;
        f.retry_ordinal = i % 6;
        f.transient_reset_wait_used = f.hard_reset_wait_used = i % 3 == 0;
        f.effect_safe = i % 11 != 0;
        failures.push_back(f);
    }
    return failures;
}

policy_compiled* compileTenCandidates(benchmark::State& state)
{
    const std::string profile = tenCandidateProfile();
    policy_compiled* compiled = nullptr;
    if (policy_compile(profile.data(), profile.size(), POLICY_READING_SPEC, &compiled, nullptr, nullptr) != POLICY_OK) {
        state.SkipWithError("policy_compile failed");
        policy_release(compiled);
        return nullptr;
    }
    return compiled;
}

constexpr std::int64_t kNow = 1786968000;  // 2026-08-17T12:00:00Z

void BM_CEvaluateCompiled(benchmark::State& state)
{
    policy_compiled* compiled = compileTenCandidates(state);
    if (!compiled)
        return;
    const std::vector<policy_failure> failures = benchFailures(kNow);
    std::size_t i = 0;
    for (auto _ : state) {
        policy_decision d;
        d.struct_size = sizeof d;
        if (policy_evaluate_compiled(compiled, i % 10, &failures[i & 63], &d) != POLICY_OK)
            state.SkipWithError("policy_evaluate_compiled failed");
        benchmark::DoNotOptimize(d);
        ++i;
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()));
    policy_release(compiled);
}
BENCHMARK(BM_CEvaluateCompiled);

// The route helpers on the same inputs: one failure decided and the route
// moved per item; a route that ends is started again (counted in its item).
void BM_CRouteDecide(benchmark::State& state)
{
    policy_compiled* compiled = compileTenCandidates(state);
    if (!compiled)
        return;
    const std::vector<policy_failure> failures = benchFailures(kNow);
    policy_route route {};
    route.struct_size = sizeof route;
    policy_route_start(compiled, &route);
    std::size_t i = 0;
    for (auto _ : state) {
        policy_decision d;
        d.struct_size = sizeof d;
        if (policy_route_decide(compiled, &route, &failures[i & 63], &d) != POLICY_OK)
            state.SkipWithError("policy_route_decide failed");
        if (route.state != POLICY_ROUTE_ATTEMPTING)
            policy_route_start(compiled, &route);
        benchmark::DoNotOptimize(d);
        ++i;
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()));
    policy_release(compiled);
}
BENCHMARK(BM_CRouteDecide);

void BM_CNextRetryDelay(benchmark::State& state)
{
    std::int64_t ordinal = 0;
    for (auto _ : state) {
        std::int64_t delay = 0;
        policy_next_retry_delay(5, ordinal++ % 20, &delay, nullptr);
        benchmark::DoNotOptimize(delay);
    }
}
BENCHMARK(BM_CNextRetryDelay);

void BM_CValidate(benchmark::State& state)
{
    const std::string document = R"({"candidates":[{"position":0,"execution_profile_id":"claude","policies":)"
        + kLine.substr(12, kLine.find(R"(,"failure")") - 12) + "}]}";
    for (auto _ : state) {
        char* result = nullptr;
        if (policy_validate(document.data(), document.size(), &result, nullptr) != POLICY_OK)
            state.SkipWithError("policy_validate failed");
        policy_free(result);
    }
}
BENCHMARK(BM_CValidate);

}  // namespace

BENCHMARK_MAIN();
