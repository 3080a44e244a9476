// SPDX-License-Identifier: Apache-2.0
// The C API's cost per call, as a cgo backend pays it: policy_evaluate on a
// typical policyctl evaluate line (parse, decide, print, copy out, free) and
// policy_next_retry_delay, beside the C++ evaluator it wraps.
#include "policy_c.h"

#include <benchmark/benchmark.h>

#include <cstring>
#include <string>

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
