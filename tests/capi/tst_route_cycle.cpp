// SPDX-License-Identifier: Apache-2.0
// libpolicy's route helpers (policy_route_start, _decide, _pass_over) against
// the editor's timeline preview (policy::simulateRouteCycle): on random
// profiles and failure scenarios, a route moved failure by failure through
// the C API makes the same decisions, on the same candidates, at the same
// times, and ends the same way.
#include "policy/timeline.h"
#include "policy_c.h"

#include <QtTest>

#include <cstring>
#include <random>
#include <string>
#include <vector>

namespace
{

struct Step {
    std::size_t candidate = 0;
    policy_decision_kind kind = POLICY_DECISION_STOP;
    std::int64_t deadline = POLICY_TIME_NONE;
    friend bool operator==(const Step&, const Step&) = default;
};

QString describe(const std::vector<Step>& steps)
{
    QStringList out;
    for (const Step& s : steps)
        out << QStringLiteral("c%1 %2 %3").arg(s.candidate).arg(policy_decision_kind_name(s.kind)).arg(s.deadline);
    return out.join(QStringLiteral(", "));
}

std::string classJson(const policy::ClassPolicy& c)
{
    return "{\"retry\":{\"enabled\":" + std::string(c.retry.enabled ? "true" : "false")
        + ",\"max_retries\":" + std::to_string(c.retry.maxRetries)
        + ",\"initial_interval_seconds\":" + std::to_string(c.retry.initialIntervalSeconds)
        + "},\"wait_for_reset\":{\"enabled\":" + (c.waitForReset.enabled ? "true" : "false")
        + ",\"max_wait_seconds\":" + std::to_string(c.waitForReset.maxWaitSeconds) + "},\"on_exhausted\":\""
        + (c.onExhausted == policy::Outcome::Skip ? "skip" : "stop") + "\"}";
}

std::string profileJson(const std::vector<policy::RouteCandidate>& candidates)
{
    std::string out = "{\"candidates\":[";
    for (std::size_t i = 0; i < candidates.size(); ++i) {
        const auto& c = candidates[i];
        out += (i ? "," : "") + std::string("{\"position\":") + std::to_string(i) + ",\"execution_profile_id\":\""
            + c.executionProfileId + "\",\"enabled\":" + (c.enabled ? "true" : "false")
            + ",\"policies\":{\"version\":1,\"transient\":" + classJson(c.policies.transient)
            + ",\"hard\":" + classJson(c.policies.hard) + "}}";
    }
    return out + "]}";
}

policy::ClassPolicy randomClass(std::mt19937& random)
{
    const auto pick = [&](int n) { return std::uniform_int_distribution<int>(0, n - 1)(random); };
    policy::ClassPolicy c;
    if (pick(3)) {
        c.retry = {true, 1 + pick(3), 1 + pick(60)};
    }
    if (pick(2)) {
        c.waitForReset = {true, 1 + pick(600)};
    }
    c.onExhausted = pick(3) ? policy::Outcome::Skip : policy::Outcome::Stop;
    return c;
}

policy::ScenarioAttempt randomFailure(std::mt19937& random)
{
    static const char* const kCodes[] = {"model_capacity", "provider_overloaded", "rate_limited", "quota_limited",
        "auth_required", "network_unavailable", "unknown_provider_error"};
    const auto pick = [&](int n) { return std::uniform_int_distribution<int>(0, n - 1)(random); };
    policy::ScenarioAttempt a;
    a.code = kCodes[pick(7)];
    static const std::optional<std::int64_t> kResets[] = {std::nullopt, 30, 300, 1000};
    a.resetAfterSeconds = kResets[pick(4)];
    a.effectSafe = pick(10) != 0;
    return a;
}

// The decisions the preview draws, and how its cycle ends.
std::vector<Step> stepsOf(const policy::Timeline& timeline)
{
    std::vector<Step> out;
    for (const auto& e : timeline.events) {
        const auto seconds = e.deadline.time_since_epoch().count();
        switch (e.kind) {
        case policy::EventKind::RetryWait:
            out.push_back({e.candidateIndex, POLICY_DECISION_RETRY_WAIT, seconds});
            break;
        case policy::EventKind::WaitForReset:
            out.push_back({e.candidateIndex, POLICY_DECISION_WAITING_FOR_RESET, seconds});
            break;
        case policy::EventKind::Skip: out.push_back({e.candidateIndex, POLICY_DECISION_SKIP}); break;
        case policy::EventKind::Stop: out.push_back({e.candidateIndex, POLICY_DECISION_STOP}); break;
        default: break;
        }
    }
    return out;
}

}  // namespace

class TestRouteCycle : public QObject
{
    Q_OBJECT

private slots:
    void routeHelpersMoveAsThePreviewDraws();
    void startAndPassOver();
    void badRoutesAreRefusedAndLeftAlone();
};

void TestRouteCycle::routeHelpersMoveAsThePreviewDraws()
{
    std::mt19937 random(5122026);
    const auto pick = [&](int n) { return std::uniform_int_distribution<int>(0, n - 1)(random); };
    int compared = 0;
    for (int round = 0; round < 600; ++round) {
        std::vector<policy::RouteCandidate> candidates(std::size_t(1 + pick(4)));
        for (std::size_t i = 0; i < candidates.size(); ++i) {
            candidates[i].executionProfileId = "c" + std::to_string(i);
            candidates[i].enabled = pick(4) != 0;
            candidates[i].policies.transient = randomClass(random);
            candidates[i].policies.hard = randomClass(random);
        }
        candidates[std::size_t(pick(int(candidates.size())))].enabled = true;  // kandev requires one
        policy::Scenario scenario = policy::scenarioPresets().front().scenario;
        scenario.attempts.clear();
        for (int i = 0, n = 1 + pick(4); i < n; ++i)
            scenario.attempts.push_back(randomFailure(random));
        scenario.then = pick(2) ? policy::ScenarioThen::Repeat : policy::ScenarioThen::Success;
        const policy::Timeline timeline = policy::simulateRouteCycle(candidates, scenario);
        if (timeline.truncated)
            continue;

        const std::string text = profileJson(candidates);
        policy_compiled* compiled = nullptr;
        char* errors = nullptr;
        const policy_status compiledStatus
            = policy_compile(text.data(), text.size(), POLICY_READING_SPEC, &compiled, &errors, nullptr);
        QVERIFY2(compiledStatus == POLICY_OK, errors);
        policy_free(errors);

        std::vector<Step> steps;
        policy_route route {};
        route.struct_size = sizeof route;
        QCOMPARE(policy_route_start(compiled, &route), POLICY_OK);
        std::int64_t now = scenario.start.time_since_epoch().count();
        bool succeeded = false;
        for (std::size_t attempt = 0; route.state == POLICY_ROUTE_ATTEMPTING; ++attempt) {
            const bool past = attempt >= scenario.attempts.size();
            if (past && scenario.then == policy::ScenarioThen::Success) {
                succeeded = true;
                break;
            }
            const policy::ScenarioAttempt& a = past ? scenario.attempts.back() : scenario.attempts[attempt];
            policy_failure f {};
            f.struct_size = sizeof f;
            f.code = policy_error_code_from_name(a.code.data(), a.code.size());
            f.effect_safe = a.effectSafe ? 1 : 0;
            f.reset_at = a.resetAfterSeconds ? now + *a.resetAfterSeconds : POLICY_TIME_NONE;
            f.now = now;
            f.retry_ordinal = 99;  // the route's own are read, never these
            f.transient_reset_wait_used = 1;
            f.hard_reset_wait_used = 1;
            const std::size_t candidate = std::size_t(route.candidate_index);
            policy_decision d {};
            d.struct_size = sizeof d;
            QCOMPARE(policy_route_decide(compiled, &route, &f, &d), POLICY_OK);
            steps.push_back({candidate, d.kind, d.deadline});
            if (d.deadline != POLICY_TIME_NONE)
                now = d.deadline;
            QVERIFY(steps.size() < 1000);
        }
        policy_release(compiled);

        const QString context = QStringLiteral("round %1: %2\npreview: %3\nroute:   %4")
                                    .arg(round)
                                    .arg(QString::fromStdString(text), describe(stepsOf(timeline)), describe(steps));
        QVERIFY2(steps == stepsOf(timeline), qPrintable(context));
        switch (timeline.totals.finalEvent) {
        case policy::EventKind::Success: QVERIFY2(succeeded, qPrintable(context)); break;
        case policy::EventKind::Stop: QVERIFY2(route.state == POLICY_ROUTE_STOPPED, qPrintable(context)); break;
        case policy::EventKind::Exhausted: QVERIFY2(route.state == POLICY_ROUTE_NONE_LEFT, qPrintable(context)); break;
        default: QFAIL(qPrintable(context));
        }
        ++compared;
    }
    QVERIFY2(compared > 500, qPrintable(QString::number(compared)));
}

// Disabled candidates are never entered; passing over one whose circuit is
// open enters the next enabled one, fresh.
void TestRouteCycle::startAndPassOver()
{
    const std::string text = R"({"candidates":[
        {"position":0,"execution_profile_id":"a","enabled":false},
        {"position":1,"execution_profile_id":"b","enabled":true},
        {"position":2,"execution_profile_id":"c","enabled":false},
        {"position":3,"execution_profile_id":"d","enabled":true}]})";
    policy_compiled* compiled = nullptr;
    QCOMPARE(policy_compile(text.data(), text.size(), POLICY_READING_SPEC, &compiled, nullptr, nullptr), POLICY_OK);
    policy_route route {};
    route.struct_size = sizeof route;
    QCOMPARE(policy_route_start(compiled, &route), POLICY_OK);
    QCOMPARE(route.state, POLICY_ROUTE_ATTEMPTING);
    QCOMPARE(route.candidate_index, std::uint64_t(1));
    route.retry_ordinal = 2;
    route.hard_reset_wait_used = 1;
    QCOMPARE(policy_route_pass_over(compiled, &route), POLICY_OK);
    QCOMPARE(route.state, POLICY_ROUTE_ATTEMPTING);
    QCOMPARE(route.candidate_index, std::uint64_t(3));
    QCOMPARE(route.retry_ordinal, std::int64_t(0));
    QCOMPARE(route.hard_reset_wait_used, 0);
    QCOMPARE(policy_route_pass_over(compiled, &route), POLICY_OK);
    QCOMPARE(route.state, POLICY_ROUTE_NONE_LEFT);
    policy_release(compiled);
}

void TestRouteCycle::badRoutesAreRefusedAndLeftAlone()
{
    const std::string text = R"({"candidates":[{"position":0,"execution_profile_id":"a"},
        {"position":1,"execution_profile_id":"b","enabled":false}]})";
    policy_compiled* compiled = nullptr;
    QCOMPARE(policy_compile(text.data(), text.size(), POLICY_READING_SPEC, &compiled, nullptr, nullptr), POLICY_OK);
    policy_failure f {};
    f.struct_size = sizeof f;
    f.code = POLICY_CODE_MODEL_CAPACITY;
    f.effect_safe = 1;
    f.reset_at = POLICY_TIME_NONE;
    policy_route good {};
    good.struct_size = sizeof good;
    QCOMPARE(policy_route_start(compiled, &good), POLICY_OK);

    struct Case {
        const char* name;
        void (*spoil)(policy_route&);
    };
    const Case cases[] = {
        {"size too small", [](policy_route& r) { r.struct_size = 4; }},
        {"stopped", [](policy_route& r) { r.state = POLICY_ROUTE_STOPPED; }},
        {"none left", [](policy_route& r) { r.state = POLICY_ROUTE_NONE_LEFT; }},
        {"state not listed", [](policy_route& r) { r.state = policy_route_state(7); }},
        {"index past the candidates", [](policy_route& r) { r.candidate_index = 2; }},
        {"a disabled candidate", [](policy_route& r) { r.candidate_index = 1; }},
        {"negative ordinal", [](policy_route& r) { r.retry_ordinal = -1; }},
        {"flag 2", [](policy_route& r) { r.transient_reset_wait_used = 2; }},
        {"flag -1", [](policy_route& r) { r.hard_reset_wait_used = -1; }},
    };
    for (const Case& c : cases) {
        policy_route route = good;
        c.spoil(route);
        const policy_route before = route;
        policy_decision d {};
        d.struct_size = sizeof d;
        d.kind = POLICY_DECISION_SKIP;
        QVERIFY2(policy_route_decide(compiled, &route, &f, &d) == POLICY_BAD_ARGUMENT, c.name);
        QVERIFY2(d.kind == POLICY_DECISION_STOP && d.pending_outcome == POLICY_OUTCOME_STOP, c.name);
        QVERIFY2(std::memcmp(&route, &before, sizeof route) == 0, c.name);
        QVERIFY2(policy_route_pass_over(compiled, &route) == POLICY_BAD_ARGUMENT, c.name);
        QVERIFY2(std::memcmp(&route, &before, sizeof route) == 0, c.name);
    }
    policy_decision d {};
    d.struct_size = sizeof d;
    QCOMPARE(policy_route_decide(compiled, &good, nullptr, &d), POLICY_BAD_ARGUMENT);
    QCOMPARE(policy_route_decide(nullptr, &good, &f, &d), POLICY_BAD_ARGUMENT);
    QCOMPARE(policy_route_decide(compiled, nullptr, &f, &d), POLICY_BAD_ARGUMENT);
    QCOMPARE(policy_route_start(nullptr, &good), POLICY_BAD_ARGUMENT);
    QCOMPARE(policy_route_start(compiled, nullptr), POLICY_BAD_ARGUMENT);
    policy_route tooSmall {};
    tooSmall.struct_size = 8;
    QCOMPARE(policy_route_start(compiled, &tooSmall), POLICY_BAD_ARGUMENT);
    // The good route still works: a transient failure of the default policy skips, and b is disabled.
    QCOMPARE(policy_route_decide(compiled, &good, &f, &d), POLICY_OK);
    QCOMPARE(d.kind, POLICY_DECISION_SKIP);
    QCOMPARE(good.state, POLICY_ROUTE_NONE_LEFT);
    policy_release(compiled);
}

QTEST_APPLESS_MAIN(TestRouteCycle)
#include "tst_route_cycle.moc"
