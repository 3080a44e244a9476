// SPDX-License-Identifier: Apache-2.0
#include "policy/timeline.h"

#include "policy/route_cycle.h"
#include "policy/validation.h"

namespace policy
{
namespace
{

const ScenarioAttempt& attemptFor(const Scenario& scenario, std::size_t index, const ScenarioAttempt& success)
{
    if (index < scenario.attempts.size())
        return scenario.attempts[index];
    if (scenario.then == ScenarioThen::Success || scenario.attempts.empty())
        return success;
    return scenario.attempts.back();
}

class Simulation
{
public:
    Simulation(std::span<const RouteCandidate> candidates, const Scenario& scenario)
        : m_candidates(candidates)
        , m_scenario(scenario)
        , m_now(scenario.start)
    {
        m_route.candidate = candidates.size();
    }

    Timeline run()
    {
        const std::optional<std::size_t> resumed = resumedCandidate();
        if (!enterFrom(resumed ? *resumed : 0))
            return std::move(m_timeline);
        if (resumed) {
            m_route.retryOrdinal = m_scenario.from->retryOrdinal;
            m_route.resetWaitUsed = {m_scenario.from->transientResetWaitUsed, m_scenario.from->hardResetWaitUsed};
        }
        while (!m_done) {
            if (m_timeline.events.size() >= m_scenario.maxEvents) {
                m_timeline.truncated = true;
                finish(EventKind::Truncated);
                break;
            }
            step();
        }
        return std::move(m_timeline);
    }

private:
    TimelineEvent& push(EventKind kind)
    {
        TimelineEvent& e = m_timeline.events.emplace_back();
        e.kind = kind;
        e.t = m_now;
        e.offsetSeconds = (m_now - m_scenario.start).count();
        e.candidateIndex = m_route.candidate;
        if (m_route.candidate < m_candidates.size())
            e.candidate = m_candidates[m_route.candidate].executionProfileId;
        return e;
    }

    TimelineEvent& finish(EventKind kind)
    {
        m_done = true;
        m_timeline.totals.finalEvent = kind;
        m_timeline.totals.durationSeconds = (m_now - m_scenario.start).count();
        return push(kind);
    }

    // The live route's candidate, when the scenario continues one that is in this route.
    std::optional<std::size_t> resumedCandidate() const
    {
        if (!m_scenario.from)
            return std::nullopt;
        for (std::size_t i = 0; i < m_candidates.size(); ++i) {
            if (m_candidates[i].enabled && m_candidates[i].executionProfileId == m_scenario.from->executionProfileId)
                return i;
        }
        return std::nullopt;
    }

    const CircuitPause* openCircuit(std::size_t index) const
    {
        for (const CircuitPause& pause : m_scenario.circuits) {
            if (pause.executionProfileId == m_candidates[index].executionProfileId && m_now < pause.until)
                return &pause;
        }
        return nullptr;
    }

    // Enters the first enabled candidate from `from` whose circuit is closed,
    // passing the paused ones over without an attempt; false when none is left.
    bool enterFrom(std::size_t from)
    {
        const std::size_t before = m_route.candidate;
        const auto enabled = [&](std::size_t i) { return m_candidates[i].enabled; };
        for (auto next = firstEnabledFrom(m_candidates.size(), from, enabled); next;
             next = firstEnabledFrom(m_candidates.size(), *next + 1, enabled)) {
            const CircuitPause* pause = openCircuit(*next);
            if (!pause) {
                enter(*next);
                return true;
            }
            m_route.candidate = *next;
            TimelineEvent& e = push(EventKind::CircuitOpen);
            e.code = pause->code;
            e.deadline = pause->until;
            e.delaySeconds = (pause->until - m_now).count();
            e.resourceKey = pause->resourceKey;
        }
        m_route.candidate = before;
        finish(EventKind::Exhausted).reason = "no_eligible_candidate";
        return false;
    }

    void enter(std::size_t index)
    {
        enterCandidate(m_route, index);
        ++m_timeline.totals.candidatesTried;
    }

    void step()
    {
        const RouteCandidate& candidate = m_candidates[m_route.candidate];
        if (candidate.configurationError || !isValid(candidate.policies)) {
            finish(EventKind::ConfigError).reason
                = candidate.configurationError ? *candidate.configurationError : std::string("invalid_policies");
            return;
        }

        const std::int64_t attemptNumber = ++m_timeline.totals.attempts;
        push(EventKind::Attempt).attempt = attemptNumber;

        const ScenarioAttempt& attempt = attemptFor(m_scenario, static_cast<std::size_t>(attemptNumber - 1), m_success);
        if (attempt.success) {
            finish(EventKind::Success).attempt = attemptNumber;
            return;
        }

        Failure failure;
        failure.code = attempt.code;
        failure.statedClass = attempt.statedClass;
        failure.confidence = attempt.confidence;
        if (attempt.resetAfterSeconds)
            failure.resetAt = m_now + std::chrono::seconds {*attempt.resetAfterSeconds};
        const ErrorClass cls = resolveClass(failure);

        EvaluationInput input;
        input.failure = failure;
        input.now = m_now;
        fillRouteInput(m_route, cls, input);
        input.effectSafe = attempt.effectSafe;
        const Decision decision = evaluate(candidate.policies, input);

        auto describe = [&](TimelineEvent& e) -> TimelineEvent& {
            e.code = attempt.code;
            e.errorClass = cls;
            e.pendingOutcome = decision.pendingOutcome;
            e.attempt = attemptNumber;
            e.decisionReason = decision.reason;
            e.resetHint = decision.resetHint;
            e.resetHintSeconds = attempt.resetAfterSeconds;
            return e;
        };

        switch (applyDecision(m_route, decision, cls)) {
        case RouteMove::WaitThenAttempt: {
            // The ordinal stays after a reset wait: a wait neither consumes nor refunds retries.
            const bool reset = decision.kind == DecisionKind::WaitingForReset;
            TimelineEvent& e = describe(push(reset ? EventKind::WaitForReset : EventKind::RetryWait));
            if (!reset)
                e.retryOrdinal = decision.retryOrdinal;
            e.deadline = *decision.deadline;
            e.delaySeconds = (*decision.deadline - m_now).count();
            (reset ? m_timeline.totals.resetWaitSeconds : m_timeline.totals.retryWaitSeconds) += e.delaySeconds;
            m_now = *decision.deadline;
            break;
        }
        case RouteMove::NextCandidate: {
            describe(push(EventKind::Skip));
            enterFrom(m_route.candidate + 1);
            break;
        }
        case RouteMove::Stop: {
            TimelineEvent& e = describe(finish(EventKind::Stop));
            e.gateStop = isGateStop(decision.reason);
            break;
        }
        }
    }

    std::span<const RouteCandidate> m_candidates;
    const Scenario& m_scenario;
    Timeline m_timeline;
    Seconds m_now;
    RoutePosition m_route;  // its candidate is size() until one is entered
    bool m_done = false;
    const ScenarioAttempt m_success = ScenarioAttempt::successful();
};

Seconds defaultStart()
{
    return *parseRfc3339(kDefaultScenarioStart);
}

ScenarioAttempt failureOf(
    std::string code, std::optional<std::int64_t> resetAfter = std::nullopt, bool effectSafe = true)
{
    ScenarioAttempt a;
    a.code = std::move(code);
    a.resetAfterSeconds = resetAfter;
    a.effectSafe = effectSafe;
    return a;
}

std::vector<ScenarioPreset> makePresets()
{
    const Seconds start = defaultStart();
    auto preset = [&](std::string_view id, std::string name, std::vector<ScenarioAttempt> attempts, ScenarioThen then) {
        return ScenarioPreset {id,
            Scenario {std::move(name), start, std::move(attempts), then, kDefaultMaxTimelineEvents, std::nullopt, {}}};
    };
    return {
        preset(kDefaultScenarioId, "Capacity error before output, every attempt", {failureOf("model_capacity")},
            ScenarioThen::Repeat),
        preset("quota-reset-1m", "Quota exhausted, reset in 1 min", {failureOf("quota_limited", 60)},
            ScenarioThen::Repeat),
        preset("quota-reset-6h", "Quota exhausted, reset in 6 h", {failureOf("quota_limited", 6 * 3600)},
            ScenarioThen::Repeat),
        preset("two-transient-then-success", "Two transient errors, then success",
            {failureOf("provider_overloaded"), failureOf("provider_overloaded")}, ScenarioThen::Success),
        preset("unknown-error", "Unknown error", {failureOf("unknown_provider_error")}, ScenarioThen::Repeat),
        preset("after-tool-activity", "Failure after tool activity", {failureOf("model_capacity", std::nullopt, false)},
            ScenarioThen::Repeat),
    };
}

}  // namespace

std::string_view eventKindName(EventKind k) noexcept
{
    switch (k) {
    case EventKind::Attempt: return "attempt";
    case EventKind::RetryWait: return "retry_wait";
    case EventKind::WaitForReset: return keys::kWaitForReset;  // named after the section that makes it
    case EventKind::Skip: return "skip";
    case EventKind::Stop: return "stop";
    case EventKind::Success: return "success";
    case EventKind::Exhausted: return "exhausted";
    case EventKind::ConfigError: return "config_error";
    case EventKind::Truncated: return "truncated";
    case EventKind::CircuitOpen: return "circuit_open";
    }
    return "attempt";
}

Timeline simulateRouteCycle(std::span<const RouteCandidate> candidates, const Scenario& scenario)
{
    return Simulation(candidates, scenario).run();
}

std::span<const ScenarioPreset> scenarioPresets()
{
    static const std::vector<ScenarioPreset> presets = makePresets();
    return presets;
}

const ScenarioPreset* findScenarioPreset(std::string_view id) noexcept
{
    for (const auto& p : scenarioPresets()) {
        if (p.id == id)
            return &p;
    }
    return nullptr;
}

}  // namespace policy
