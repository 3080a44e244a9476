// SPDX-License-Identifier: Apache-2.0
// evaluate(), simulateRouteCycle() and compareTimelines() on a 10-candidate profile.
#include "policy/evaluator.h"
#include "policy/review.h"
#include "policy/timeline.h"
#include "policy/timeline_compare.h"

#include <benchmark/benchmark.h>

#include <vector>

using namespace policy;

namespace
{

std::vector<RouteCandidate> tenCandidates()
{
    std::vector<RouteCandidate> out;
    for (int i = 0; i < 10; ++i) {
        RouteCandidate c;
        c.executionProfileId = "candidate-" + std::to_string(i);
        c.policies.transient = {{true, 3 + i % 5, 5 + i}, {i % 2 == 0, i % 2 == 0 ? 600 : 0}, Outcome::Skip};
        c.policies.hard = {{false, 0, 0}, {true, 3600 * (i + 1)}, i == 9 ? Outcome::Stop : Outcome::Skip};
        out.push_back(std::move(c));
    }
    return out;
}

void BM_Evaluate(benchmark::State& state)
{
    const auto candidates = tenCandidates();
    const Seconds now = *parseRfc3339("2026-08-17T12:00:00Z");
    std::vector<EvaluationInput> inputs;
    const char* codes[] = {"model_capacity", "quota_limited", "rate_limited", "task_error"};
    for (int i = 0; i < 64; ++i) {
        EvaluationInput in;
        in.failure = Failure {codes[i % 4], "", Confidence::High, "", now + std::chrono::seconds {60 * (i % 7)}};
        in.now = now;
        in.retryOrdinal = i % 6;
        in.resetWaitUsed = i % 3 == 0;
        in.effectSafe = i % 11 != 0;
        inputs.push_back(in);
    }
    std::size_t i = 0;
    for (auto _ : state) {
        const Decision d = evaluate(candidates[i % 10].policies, inputs[i & 63]);
        benchmark::DoNotOptimize(d);
        ++i;
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()));
}
BENCHMARK(BM_Evaluate);

void BM_SimulateRouteCycle(benchmark::State& state)
{
    const auto candidates = tenCandidates();
    const Scenario& scenario = findScenarioPreset(
        static_cast<std::size_t>(state.range(0)) == 0 ? "capacity-every-attempt" : "quota-reset-1m")
                                   ->scenario;
    std::size_t events = 0;
    for (auto _ : state) {
        const Timeline t = simulateRouteCycle(candidates, scenario);
        events = t.events.size();
        benchmark::DoNotOptimize(t);
    }
    state.counters["events"] = static_cast<double>(events);
}
BENCHMARK(BM_SimulateRouteCycle)->Arg(0)->Arg(1)->Unit(benchmark::kMicrosecond);

void BM_ReviewRoute(benchmark::State& state)
{
    const auto candidates = tenCandidates();
    for (auto _ : state)
        benchmark::DoNotOptimize(reviewRoute(candidates));
}
BENCHMARK(BM_ReviewRoute)->Unit(benchmark::kMicrosecond);

// What the timeline adds per edit while it compares: the saved side simulated, and the two compared.
void BM_CompareWithSaved(benchmark::State& state)
{
    const auto saved = tenCandidates();
    auto edited = saved;
    edited[0].policies.transient.retry.maxRetries += 1;
    const Scenario& scenario = findScenarioPreset("capacity-every-attempt")->scenario;
    const Timeline after = simulateRouteCycle(edited, scenario);
    for (auto _ : state) {
        const Timeline before = simulateRouteCycle(saved, scenario);
        benchmark::DoNotOptimize(compareTimelines(saved, before, edited, after));
    }
    state.counters["events"] = static_cast<double>(after.events.size());
}
BENCHMARK(BM_CompareWithSaved)->Unit(benchmark::kMicrosecond);

void BM_CompareTimelines(benchmark::State& state)
{
    const auto saved = tenCandidates();
    auto edited = saved;
    edited[9].policies.transient.retry.maxRetries += 1;  // the last candidate: the difference comes late
    const Scenario& scenario = findScenarioPreset("capacity-every-attempt")->scenario;
    const Timeline before = simulateRouteCycle(saved, scenario);
    const Timeline after = simulateRouteCycle(edited, scenario);
    for (auto _ : state)
        benchmark::DoNotOptimize(compareTimelines(saved, before, edited, after));
    state.counters["events"] = static_cast<double>(after.events.size());
}
BENCHMARK(BM_CompareTimelines)->Unit(benchmark::kMicrosecond);

}  // namespace

BENCHMARK_MAIN();
