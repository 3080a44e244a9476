// SPDX-License-Identifier: Apache-2.0
#include "policy/review.h"
#include "policy/timeline.h"

#include "../common/route_fixtures.h"

#include <QtTest>

using namespace policy;

namespace
{

using routefixtures::retrying;
using routefixtures::sampleProfile;
using routefixtures::waiting;

QStringList render(const Timeline& timeline)
{
    QStringList out;
    for (const auto& e : timeline.events) {
        QString line = QStringLiteral("%1 %2 %3")
                           .arg(e.offsetSeconds)
                           .arg(QLatin1String(eventKindName(e.kind).data()), QString::fromStdString(e.candidate));
        switch (e.kind) {
        case EventKind::Attempt: line += QStringLiteral(" #%1").arg(e.attempt); break;
        case EventKind::RetryWait: line += QStringLiteral(" %1s ord%2").arg(e.delaySeconds).arg(e.retryOrdinal); break;
        case EventKind::WaitForReset:
        case EventKind::CircuitOpen: line += QStringLiteral(" %1s").arg(e.delaySeconds); break;
        case EventKind::Exhausted:
        case EventKind::ConfigError: line += QLatin1Char(' ') + QString::fromStdString(e.reason); break;
        default: break;
        }
        out << line;
    }
    return out;
}

}  // namespace

Q_DECLARE_METATYPE(policy::ClassPolicy)
Q_DECLARE_METATYPE(policy::ScenarioAttempt)
Q_DECLARE_METATYPE(policy::EventKind)
Q_DECLARE_METATYPE(policy::DecisionReason)
Q_DECLARE_METATYPE(policy::ResetHintUse)

class TestTimeline final : public QObject
{
    Q_OBJECT
private slots:
    void presets_data();
    void presets();
    void disabledCandidatesAreSkipped();
    void noEnabledCandidate();
    void configErrorStopsTheCycle();
    void invalidPoliciesStopTheCycle();
    void resetWaitKeepsOrdinalAndIsPerClass();
    void explicitSequenceThenSuccess();
    void eventBound();
    void liveStartContinuesTheRoute_data();
    void liveStartContinuesTheRoute();
    void openCircuitsArePassedOver_data();
    void openCircuitsArePassedOver();
    void reviewWarnings();
    void eventsCarryTheirReasons_data();
    void eventsCarryTheirReasons();
};

void TestTimeline::presets_data()
{
    QTest::addColumn<QString>("preset");
    QTest::addColumn<QStringList>("expected");
    QTest::addColumn<qint64>("attempts");
    QTest::addColumn<qint64>("duration");

    QTest::newRow("capacity every attempt")
        << "capacity-every-attempt"
        << QStringList {"0 attempt claude-sonnet #1", "0 retry_wait claude-sonnet 5s ord1",
               "5 attempt claude-sonnet #2", "5 retry_wait claude-sonnet 10s ord2", "15 attempt claude-sonnet #3",
               "15 retry_wait claude-sonnet 20s ord3", "35 attempt claude-sonnet #4", "35 skip claude-sonnet",
               "35 attempt codex-gpt5 #5", "35 retry_wait codex-gpt5 10s ord1", "45 attempt codex-gpt5 #6",
               "45 retry_wait codex-gpt5 20s ord2", "65 attempt codex-gpt5 #7", "65 skip codex-gpt5",
               "65 attempt gemini-pro #8", "65 retry_wait gemini-pro 30s ord1", "95 attempt gemini-pro #9",
               "95 stop gemini-pro"}
        << qint64(9) << qint64(95);
    QTest::newRow("quota reset in 1 min")
        << "quota-reset-1m"
        << QStringList {"0 attempt claude-sonnet #1", "0 wait_for_reset claude-sonnet 60s",
               "60 attempt claude-sonnet #2", "60 skip claude-sonnet", "60 attempt codex-gpt5 #3", "60 skip codex-gpt5",
               "60 attempt gemini-pro #4", "60 wait_for_reset gemini-pro 60s", "120 attempt gemini-pro #5",
               "120 stop gemini-pro"}
        << qint64(5) << qint64(120);
    QTest::newRow("quota reset in 6 h") << "quota-reset-6h"
                                        << QStringList {"0 attempt claude-sonnet #1", "0 skip claude-sonnet",
                                               "0 attempt codex-gpt5 #2", "0 skip codex-gpt5",
                                               "0 attempt gemini-pro #3", "0 wait_for_reset gemini-pro 21600s",
                                               "21600 attempt gemini-pro #4", "21600 stop gemini-pro"}
                                        << qint64(4) << qint64(21600);
    QTest::newRow("two transient then success")
        << "two-transient-then-success"
        << QStringList {"0 attempt claude-sonnet #1", "0 retry_wait claude-sonnet 5s ord1",
               "5 attempt claude-sonnet #2", "5 retry_wait claude-sonnet 10s ord2", "15 attempt claude-sonnet #3",
               "15 success claude-sonnet"}
        << qint64(3) << qint64(15);
    QTest::newRow("unknown error") << "unknown-error"
                                   << QStringList {"0 attempt claude-sonnet #1", "0 stop claude-sonnet"} << qint64(1)
                                   << qint64(0);
    QTest::newRow("after tool activity") << "after-tool-activity"
                                         << QStringList {"0 attempt claude-sonnet #1", "0 stop claude-sonnet"}
                                         << qint64(1) << qint64(0);
}

void TestTimeline::presets()
{
    QFETCH(QString, preset);
    QFETCH(QStringList, expected);
    QFETCH(qint64, attempts);
    QFETCH(qint64, duration);
    const ScenarioPreset* p = findScenarioPreset(preset.toStdString());
    QVERIFY(p);
    QCOMPARE(p->scenario.start, *parseRfc3339(kDefaultScenarioStart));
    const auto candidates = sampleProfile();
    const Timeline t = simulateRouteCycle(candidates, p->scenario);
    QCOMPARE(render(t), expected);
    QCOMPARE(t.totals.attempts, attempts);
    QCOMPARE(t.totals.durationSeconds, duration);
    QVERIFY(!t.truncated);
    QCOMPARE(t.events.back().kind, t.totals.finalEvent);
    for (const auto& e : t.events)
        QCOMPARE((e.t - p->scenario.start).count(), e.offsetSeconds);
}

void TestTimeline::disabledCandidatesAreSkipped()
{
    auto candidates = sampleProfile();
    candidates[0].enabled = false;
    candidates[1].enabled = false;
    const Timeline t = simulateRouteCycle(candidates, findScenarioPreset("unknown-error")->scenario);
    QCOMPARE(render(t), QStringList({"0 attempt gemini-pro #1", "0 stop gemini-pro"}));
    QCOMPARE(t.events.front().candidateIndex, std::size_t(2));
    QVERIFY(t.events.back().gateStop);
}

void TestTimeline::noEnabledCandidate()
{
    auto candidates = sampleProfile();
    for (auto& c : candidates)
        c.enabled = false;
    const Timeline t = simulateRouteCycle(candidates, findScenarioPreset(kDefaultScenarioId)->scenario);
    QCOMPARE(render(t), QStringList({"0 exhausted  no_eligible_candidate"}));
    QCOMPARE(t.totals.attempts, 0);

    // Every candidate skips: the route ends with no eligible candidate left.
    auto skipping = sampleProfile();
    skipping[2].policies.transient.onExhausted = Outcome::Skip;
    const Timeline all = simulateRouteCycle(skipping, findScenarioPreset(kDefaultScenarioId)->scenario);
    QCOMPARE(all.events.back().kind, EventKind::Exhausted);
    QCOMPARE(all.events.back().reason, std::string("no_eligible_candidate"));
    QCOMPARE(all.totals.durationSeconds, 95);
}

void TestTimeline::configErrorStopsTheCycle()
{
    auto candidates = sampleProfile();
    candidates[1].configurationError = "legacy_rule_conflict";
    const Timeline t = simulateRouteCycle(candidates, findScenarioPreset("quota-reset-6h")->scenario);
    QCOMPARE(render(t),
        QStringList(
            {"0 attempt claude-sonnet #1", "0 skip claude-sonnet", "0 config_error codex-gpt5 legacy_rule_conflict"}));
    QCOMPARE(t.totals.finalEvent, EventKind::ConfigError);
}

void TestTimeline::invalidPoliciesStopTheCycle()
{
    auto candidates = sampleProfile();
    candidates[0].policies.transient.retry.maxRetries = 11;
    const Timeline t = simulateRouteCycle(candidates, findScenarioPreset(kDefaultScenarioId)->scenario);
    QCOMPARE(render(t), QStringList({"0 config_error claude-sonnet invalid_policies"}));
    QCOMPARE(t.totals.attempts, 0);
}

void TestTimeline::resetWaitKeepsOrdinalAndIsPerClass()
{
    // One candidate that both waits and retries for hard errors.
    std::vector<RouteCandidate> candidates {
        {"solo", true, {1, retrying(2, 5, Outcome::Skip), {{true, 2, 10}, {true, 600}, Outcome::Stop}}, std::nullopt}};
    Scenario s;
    s.start = *parseRfc3339(kDefaultScenarioStart);
    ScenarioAttempt quota;
    quota.code = "quota_limited";
    quota.resetAfterSeconds = 120;
    ScenarioAttempt capacity;
    capacity.code = "model_capacity";
    capacity.resetAfterSeconds = 30;
    // retry (hard, ord1), wait (hard), retry (hard, ord2: the wait did not refund),
    // transient: shared ordinal 2 = exhausted -> skip
    s.attempts = {quota, quota, quota, capacity};
    s.attempts[0].resetAfterSeconds = 9999;  // beyond the max wait: ignored
    const Timeline t = simulateRouteCycle(candidates, s);
    QCOMPARE(render(t),
        QStringList({"0 attempt solo #1", "0 retry_wait solo 10s ord1", "10 attempt solo #2",
            "10 wait_for_reset solo 120s", "130 attempt solo #3", "130 retry_wait solo 20s ord2", "150 attempt solo #4",
            "150 skip solo", "150 exhausted solo no_eligible_candidate"}));
    QCOMPARE(t.totals.retryWaitSeconds, 30);
    QCOMPARE(t.totals.resetWaitSeconds, 120);
}

void TestTimeline::explicitSequenceThenSuccess()
{
    Scenario s;
    s.start = *parseRfc3339("2026-08-17T12:00:00Z");
    ScenarioAttempt capacity;
    capacity.code = "model_capacity";
    s.attempts = {capacity, ScenarioAttempt::successful(), capacity};
    s.then = ScenarioThen::Repeat;
    const auto candidates = sampleProfile();
    const Timeline t = simulateRouteCycle(candidates, s);
    QCOMPARE(render(t),
        QStringList({"0 attempt claude-sonnet #1", "0 retry_wait claude-sonnet 5s ord1", "5 attempt claude-sonnet #2",
            "5 success claude-sonnet"}));
    QCOMPARE(formatRfc3339(t.events.back().t), std::string("2026-08-17T12:00:05Z"));

    Scenario empty;
    empty.start = s.start;
    QCOMPARE(render(simulateRouteCycle(candidates, empty)),
        QStringList({"0 attempt claude-sonnet #1", "0 success claude-sonnet"}));
}

void TestTimeline::eventBound()
{
    Scenario s = findScenarioPreset(kDefaultScenarioId)->scenario;
    s.maxEvents = 4;
    const auto candidates = sampleProfile();
    const Timeline t = simulateRouteCycle(candidates, s);
    QVERIFY(t.truncated);
    QCOMPARE(t.events.size(), std::size_t(5));
    QCOMPARE(t.events.back().kind, EventKind::Truncated);
    QCOMPARE(t.totals.finalEvent, EventKind::Truncated);
}

void TestTimeline::liveStartContinuesTheRoute_data()
{
    QTest::addColumn<QString>("candidate");
    QTest::addColumn<int>("ordinal");
    QTest::addColumn<bool>("hardResetUsed");
    QTest::addColumn<QString>("code");
    QTest::addColumn<QStringList>("expected");
    // codex-gpt5 retries transient errors twice from 10 s: ordinal 1 is used, so retry 2 after 20 s, then skip.
    QTest::newRow("retry ordinal carried")
        << "codex-gpt5" << 1 << false << "model_capacity"
        << QStringList {"0 attempt codex-gpt5 #1", "0 retry_wait codex-gpt5 20s ord2", "20 attempt codex-gpt5 #2",
               "20 skip codex-gpt5", "20 attempt gemini-pro #3", "20 retry_wait gemini-pro 30s ord1",
               "50 attempt gemini-pro #4", "50 stop gemini-pro"};
    // claude-sonnet waits up to 1 h for a hard reset, once per class: used already, so it skips.
    QTest::newRow("reset wait already used")
        << "claude-sonnet" << 0 << true << "quota_limited"
        << QStringList {"0 attempt claude-sonnet #1", "0 skip claude-sonnet", "0 attempt codex-gpt5 #2",
               "0 skip codex-gpt5", "0 attempt gemini-pro #3", "0 wait_for_reset gemini-pro 60s",
               "60 attempt gemini-pro #4", "60 stop gemini-pro"};
    QTest::newRow("reset wait still free")
        << "claude-sonnet" << 0 << false << "quota_limited"
        << QStringList {"0 attempt claude-sonnet #1", "0 wait_for_reset claude-sonnet 60s",
               "60 attempt claude-sonnet #2", "60 skip claude-sonnet", "60 attempt codex-gpt5 #3", "60 skip codex-gpt5",
               "60 attempt gemini-pro #4", "60 wait_for_reset gemini-pro 60s", "120 attempt gemini-pro #5",
               "120 stop gemini-pro"};
    // A candidate the edited route no longer has: a fresh cycle from the first candidate.
    QTest::newRow("candidate not in the route")
        << "removed-profile" << 2 << true << "model_capacity"
        << QStringList {"0 attempt claude-sonnet #1", "0 retry_wait claude-sonnet 5s ord1",
               "5 attempt claude-sonnet #2", "5 retry_wait claude-sonnet 10s ord2", "15 attempt claude-sonnet #3",
               "15 retry_wait claude-sonnet 20s ord3", "35 attempt claude-sonnet #4", "35 skip claude-sonnet",
               "35 attempt codex-gpt5 #5", "35 retry_wait codex-gpt5 10s ord1", "45 attempt codex-gpt5 #6",
               "45 retry_wait codex-gpt5 20s ord2", "65 attempt codex-gpt5 #7", "65 skip codex-gpt5",
               "65 attempt gemini-pro #8", "65 retry_wait gemini-pro 30s ord1", "95 attempt gemini-pro #9",
               "95 stop gemini-pro"};
}

void TestTimeline::liveStartContinuesTheRoute()
{
    QFETCH(QString, candidate);
    QFETCH(int, ordinal);
    QFETCH(bool, hardResetUsed);
    QFETCH(QString, code);
    QFETCH(QStringList, expected);
    Scenario s;
    s.start = *parseRfc3339(kDefaultScenarioStart);
    ScenarioAttempt failure;
    failure.code = code.toStdString();
    if (code == QLatin1String("quota_limited"))
        failure.resetAfterSeconds = 60;
    s.attempts = {failure};
    s.from = RouteStartState {candidate.toStdString(), ordinal, false, hardResetUsed};
    const auto candidates = sampleProfile();
    QCOMPARE(render(simulateRouteCycle(candidates, s)), expected);
}

void TestTimeline::openCircuitsArePassedOver_data()
{
    QTest::addColumn<int>("codexPausedSeconds");  // from the start; 0: no circuit
    QTest::addColumn<int>("geminiPausedSeconds");
    QTest::addColumn<QStringList>("expected");
    // claude-sonnet skips capacity errors after 35 s of retries.
    QTest::newRow("open when reached") << 60 << 0
                                       << QStringList {"0 attempt claude-sonnet #1",
                                              "0 retry_wait claude-sonnet 5s ord1", "5 attempt claude-sonnet #2",
                                              "5 retry_wait claude-sonnet 10s ord2", "15 attempt claude-sonnet #3",
                                              "15 retry_wait claude-sonnet 20s ord3", "35 attempt claude-sonnet #4",
                                              "35 skip claude-sonnet", "35 circuit_open codex-gpt5 25s",
                                              "35 attempt gemini-pro #5", "35 retry_wait gemini-pro 30s ord1",
                                              "65 attempt gemini-pro #6", "65 stop gemini-pro"};
    QTest::newRow("closed again when reached")
        << 30 << 0
        << QStringList {"0 attempt claude-sonnet #1", "0 retry_wait claude-sonnet 5s ord1",
               "5 attempt claude-sonnet #2", "5 retry_wait claude-sonnet 10s ord2", "15 attempt claude-sonnet #3",
               "15 retry_wait claude-sonnet 20s ord3", "35 attempt claude-sonnet #4", "35 skip claude-sonnet",
               "35 attempt codex-gpt5 #5", "35 retry_wait codex-gpt5 10s ord1", "45 attempt codex-gpt5 #6",
               "45 retry_wait codex-gpt5 20s ord2", "65 attempt codex-gpt5 #7", "65 skip codex-gpt5",
               "65 attempt gemini-pro #8", "65 retry_wait gemini-pro 30s ord1", "95 attempt gemini-pro #9",
               "95 stop gemini-pro"};
    QTest::newRow("every later one open")
        << 3600 << 3600
        << QStringList {"0 attempt claude-sonnet #1", "0 retry_wait claude-sonnet 5s ord1",
               "5 attempt claude-sonnet #2", "5 retry_wait claude-sonnet 10s ord2", "15 attempt claude-sonnet #3",
               "15 retry_wait claude-sonnet 20s ord3", "35 attempt claude-sonnet #4", "35 skip claude-sonnet",
               "35 circuit_open codex-gpt5 3565s", "35 circuit_open gemini-pro 3565s",
               "35 exhausted claude-sonnet no_eligible_candidate"};
}

void TestTimeline::openCircuitsArePassedOver()
{
    QFETCH(int, codexPausedSeconds);
    QFETCH(int, geminiPausedSeconds);
    QFETCH(QStringList, expected);
    Scenario s = findScenarioPreset(kDefaultScenarioId)->scenario;
    for (const auto& [id, seconds] :
        {std::pair {"codex-gpt5", codexPausedSeconds}, std::pair {"gemini-pro", geminiPausedSeconds}}) {
        if (seconds > 0)
            s.circuits.push_back(
                {id, s.start + std::chrono::seconds {seconds}, "provider_overloaded", std::string("profile:") + id});
    }
    const auto candidates = sampleProfile();
    const Timeline t = simulateRouteCycle(candidates, s);
    QCOMPARE(render(t), expected);
    for (const auto& e : t.events) {
        if (e.kind == EventKind::CircuitOpen) {
            QCOMPARE(e.code, std::string("provider_overloaded"));
            QCOMPARE(e.resourceKey, "profile:" + e.candidate);
        }
    }
    // Passed-over candidates are not counted as tried: only those with an attempt are.
    QSet<QString> attempted;
    for (const QString& line : expected) {
        if (line.contains(QLatin1String(" attempt ")))
            attempted.insert(line.section(QLatin1Char(' '), 2, 2));
    }
    QCOMPARE(t.totals.candidatesTried, std::int64_t(attempted.size()));
}

void TestTimeline::reviewWarnings()
{
    auto candidates = sampleProfile();
    candidates[1].eligible = false;
    candidates[1].policies.hard.retry = {true, 2, 60};  // hard retries without a reset wait
    const RouteReview review = reviewRoute(candidates);
    QStringList codes;
    for (const auto& w : review.warnings)
        codes << QStringLiteral("%1 %2")
                     .arg(QLatin1String(reviewWarningName(w.code).data()))
                     .arg(w.candidateIndex ? int(*w.candidateIndex) : -1);
    QCOMPARE(codes, (QStringList {"ineligible_candidate 1", "hard_retry_without_reset_wait 1"}));
    // Worst cases: transient 35 + 30 + 30 s of retries, then stop on gemini-pro; hard: 1 h wait + 3 min of
    // retries (60 + 120 s), then a day's wait, then stop.
    QCOMPARE(review.transient.seconds, 35 + 30 + 30);
    QCOMPARE(review.transient.stoppingCandidate, std::optional<std::size_t>(2));
    QCOMPARE(review.hard.seconds, 3600 + 180 + 86400);
    QCOMPARE(review.hard.finalOutcome, Outcome::Stop);
    // Attempts: each candidate's first, one after its reset wait, one per retry.
    // Transient: 1 + 3, 1 + 2, 1 + 1; hard: 1 + 1 (wait), 1 + 2 (retries), 1 + 1 (wait).
    QCOMPARE(review.transient.attempts, 4 + 3 + 2);
    QCOMPARE(review.hard.attempts, 2 + 3 + 2);
    // Without transient reset waits the worst case is what a capacity error on every attempt does.
    const Timeline capacity = simulateRouteCycle(candidates, findScenarioPreset(kDefaultScenarioId)->scenario);
    QCOMPARE(capacity.totals.attempts, review.transient.attempts);

    candidates[2].policies.transient.onExhausted = Outcome::Skip;
    candidates[0].policies.hard.onExhausted = Outcome::Stop;
    const RouteReview second = reviewRoute(candidates);
    QStringList more;
    for (const auto& w : second.warnings)
        more << QStringLiteral("%1 %2")
                    .arg(QLatin1String(reviewWarningName(w.code).data()))
                    .arg(w.candidateIndex ? int(*w.candidateIndex) : -1);
    QVERIFY(more.contains(QStringLiteral("all_candidates_skip -1")));
    QVERIFY(more.contains(QStringLiteral("unreachable_candidate 1")));
    QVERIFY(more.contains(QStringLiteral("unreachable_candidate 2")));
}

// Each decision event carries the evaluator's reasons: one row per reason the
// simulation can meet, on a one-candidate route.
void TestTimeline::eventsCarryTheirReasons_data()
{
    QTest::addColumn<ClassPolicy>("transient");
    QTest::addColumn<ClassPolicy>("hard");
    QTest::addColumn<ScenarioAttempt>("attempt");
    QTest::addColumn<int>("index");  // the event that answers it
    QTest::addColumn<EventKind>("kind");
    QTest::addColumn<DecisionReason>("reason");
    QTest::addColumn<ResetHintUse>("hint");

    ScenarioAttempt capacity;
    capacity.code = "model_capacity";
    ScenarioAttempt quota;
    quota.code = "quota_limited";
    const ClassPolicy retries = retrying(3, 5, Outcome::Skip);
    const ClassPolicy waits = waiting(3600, Outcome::Skip);
    const ClassPolicy stops {{false, 0, 0}, {false, 0}, Outcome::Stop};

    QTest::newRow("retry left, no hint") << retries << waits << capacity << 1 << EventKind::RetryWait
                                         << DecisionReason::RetryLeft << ResetHintUse::NoHint;
    QTest::newRow("retries used") << retries << waits << capacity << 7 << EventKind::Skip << DecisionReason::RetriesUsed
                                  << ResetHintUse::NoHint;
    QTest::newRow("retry off, stop") << stops << waits << capacity << 1 << EventKind::Stop << DecisionReason::RetryOff
                                     << ResetHintUse::NoHint;
    ScenarioAttempt unsafe = capacity;
    unsafe.effectSafe = false;
    QTest::newRow("after side effects") << retries << waits << unsafe << 1 << EventKind::Stop
                                        << DecisionReason::AfterSideEffects << ResetHintUse::NotConsidered;
    ScenarioAttempt unknown;
    unknown.code = "unknown_provider_error";
    QTest::newRow("unknown error") << retries << waits << unknown << 1 << EventKind::Stop
                                   << DecisionReason::UnknownError << ResetHintUse::NotConsidered;
    quota.resetAfterSeconds = 60;
    QTest::newRow("trusted reset") << retries << waits << quota << 1 << EventKind::WaitForReset
                                   << DecisionReason::TrustedReset << ResetHintUse::Used;
    QTest::newRow("already waited") << retries << waits << quota << 3 << EventKind::Skip << DecisionReason::RetryOff
                                    << ResetHintUse::AlreadyWaited;
    quota.resetAfterSeconds = 7200;
    QTest::newRow("beyond the maximum wait")
        << retries << waits << quota << 1 << EventKind::Skip << DecisionReason::RetryOff << ResetHintUse::BeyondMaxWait;
    quota.resetAfterSeconds = 0;
    QTest::newRow("not in the future") << retries << waits << quota << 1 << EventKind::Skip << DecisionReason::RetryOff
                                       << ResetHintUse::NotInFuture;
    capacity.resetAfterSeconds = 30;
    QTest::newRow("wait disabled") << retries << waits << capacity << 1 << EventKind::RetryWait
                                   << DecisionReason::RetryLeft << ResetHintUse::WaitDisabled;
}

void TestTimeline::eventsCarryTheirReasons()
{
    QFETCH(ClassPolicy, transient);
    QFETCH(ClassPolicy, hard);
    QFETCH(ScenarioAttempt, attempt);
    QFETCH(int, index);
    QFETCH(EventKind, kind);
    QFETCH(DecisionReason, reason);
    QFETCH(ResetHintUse, hint);
    const std::vector<RouteCandidate> candidates {{"solo", true, {1, transient, hard}, std::nullopt}};
    Scenario s;
    s.start = *parseRfc3339(kDefaultScenarioStart);
    s.attempts = {attempt};
    const Timeline t = simulateRouteCycle(candidates, s);
    QVERIFY(std::size_t(index) < t.events.size());
    const TimelineEvent& e = t.events[std::size_t(index)];
    QCOMPARE(eventKindName(e.kind), eventKindName(kind));
    QCOMPARE(decisionReasonName(e.decisionReason), decisionReasonName(reason));
    QCOMPARE(resetHintUseName(e.resetHint), resetHintUseName(hint));
    QCOMPARE(e.resetHintSeconds, attempt.resetAfterSeconds);
    QCOMPARE(e.attempt, t.events[std::size_t(index) - 1].attempt);
    QCOMPARE(e.gateStop, isGateStop(reason));
}

QTEST_APPLESS_MAIN(TestTimeline)
#include "tst_timeline.moc"
