// SPDX-License-Identifier: Apache-2.0
// policy::compareTimelines: what an edit does to the route, as codes and
// numbers, one row per kind of edit (SPEC section 6 simulates both sides).
#include "policy/timeline_compare.h"

#include "../common/route_fixtures.h"

#include <QtTest>

#include <functional>

using namespace policy;

namespace
{

using routefixtures::retrying;
using routefixtures::sampleProfile;
using routefixtures::waiting;

using Edit = std::function<void(std::vector<RouteCandidate>&)>;

std::vector<RouteCandidate> edited(const Edit& edit)
{
    auto route = sampleProfile();
    if (edit)
        edit(route);
    return route;
}

}  // namespace

Q_DECLARE_METATYPE(Edit)
Q_DECLARE_METATYPE(policy::EndingKind)

class TestTimelineCompare final : public QObject
{
    Q_OBJECT
private slots:
    void compares_data();
    void compares();
    void unsimulatableSidesAreNeverUnchanged_data();
    void unsimulatableSidesAreNeverUnchanged();
    void aMovedCandidateIsTheSameCandidate();
    void endings_data();
    void endings();
};

void TestTimelineCompare::compares_data()
{
    QTest::addColumn<QString>("scenario");
    QTest::addColumn<Edit>("editBefore");  // applied to the sample profile to make the saved side
    QTest::addColumn<Edit>("editAfter");  // and the edited side
    QTest::addColumn<qint64>("attempts");
    QTest::addColumn<qint64>("retries");
    QTest::addColumn<qint64>("resetWaits");
    QTest::addColumn<qint64>("duration");
    QTest::addColumn<EndingKind>("beforeEnd");
    QTest::addColumn<QString>("beforeOn");
    QTest::addColumn<EndingKind>("afterEnd");
    QTest::addColumn<QString>("afterOn");
    QTest::addColumn<int>("firstDifference");  // -1: none

    const QString capacity = QStringLiteral("capacity-every-attempt");
    // The sample on capacity errors: claude 5+10+20 s, codex 10+20 s, gemini 30 s, then stop on gemini (95 s).
    QTest::newRow("unchanged") << capacity << Edit {} << Edit {} << qint64(0) << qint64(0) << qint64(0) << qint64(0)
                               << EndingKind::Stop << "gemini-pro" << EndingKind::Stop << "gemini-pro" << -1;
    QTest::newRow("edit this scenario never meets")
        << capacity << Edit {} << Edit {[](auto& r) { r[0].policies.hard.waitForReset.maxWaitSeconds = 7200; }}
        << qint64(0) << qint64(0) << qint64(0) << qint64(0) << EndingKind::Stop << "gemini-pro" << EndingKind::Stop
        << "gemini-pro" << -1;
    QTest::newRow("added retry") << capacity << Edit {}
                                 << Edit {[](auto& r) { r[0].policies.transient.retry.maxRetries = 4; }} << qint64(1)
                                 << qint64(1) << qint64(0) << qint64(40) << EndingKind::Stop << "gemini-pro"
                                 << EndingKind::Stop << "gemini-pro" << 7;
    QTest::newRow("removed retry") << capacity << Edit {}
                                   << Edit {[](auto& r) { r[0].policies.transient.retry.maxRetries = 2; }} << qint64(-1)
                                   << qint64(-1) << qint64(0) << qint64(-20) << EndingKind::Stop << "gemini-pro"
                                   << EndingKind::Stop << "gemini-pro" << 5;
    QTest::newRow("skip becomes stop") << capacity << Edit {}
                                       << Edit {[](auto& r) { r[0].policies.transient.onExhausted = Outcome::Stop; }}
                                       << qint64(-5) << qint64(-3) << qint64(0) << qint64(-60) << EndingKind::Stop
                                       << "gemini-pro" << EndingKind::Stop << "claude-sonnet" << 7;
    QTest::newRow("stop becomes skip") << capacity << Edit {}
                                       << Edit {[](auto& r) { r[2].policies.transient.onExhausted = Outcome::Skip; }}
                                       << qint64(0) << qint64(0) << qint64(0) << qint64(0) << EndingKind::Stop
                                       << "gemini-pro" << EndingKind::Exhausted << "" << 17;
    QTest::newRow("longer wait") << capacity << Edit {}
                                 << Edit {[](auto& r) { r[0].policies.transient.retry.initialIntervalSeconds = 10; }}
                                 << qint64(0) << qint64(0) << qint64(0) << qint64(35) << EndingKind::Stop
                                 << "gemini-pro" << EndingKind::Stop << "gemini-pro" << 1;
    // The saved side is the one edited here: the delta is after - before, whichever side changed.
    QTest::newRow("the saved side had the retry")
        << capacity << Edit {[](auto& r) { r[0].policies.transient.retry.maxRetries = 4; }} << Edit {} << qint64(-1)
        << qint64(-1) << qint64(0) << qint64(-40) << EndingKind::Stop << "gemini-pro" << EndingKind::Stop
        << "gemini-pro" << 7;
    QTest::newRow("reset wait switched off")
        << QStringLiteral("quota-reset-1m") << Edit {} << Edit {[](auto& r) { r[0].policies.hard = ClassPolicy {}; }}
        << qint64(-1) << qint64(0) << qint64(-1) << qint64(-60) << EndingKind::Stop << "gemini-pro" << EndingKind::Stop
        << "gemini-pro" << 1;
    QTest::newRow("candidate disabled") << capacity << Edit {} << Edit {[](auto& r) { r[1].enabled = false; }}
                                        << qint64(-3) << qint64(-2) << qint64(0) << qint64(-30) << EndingKind::Stop
                                        << "gemini-pro" << EndingKind::Stop << "gemini-pro" << 8;
    QTest::newRow("success sooner") << QStringLiteral("two-transient-then-success") << Edit {}
                                    << Edit {[](auto& r) { r[0].policies.transient.retry.initialIntervalSeconds = 1; }}
                                    << qint64(0) << qint64(0) << qint64(0) << qint64(-12) << EndingKind::Success
                                    << "claude-sonnet" << EndingKind::Success << "claude-sonnet" << 1;
}

void TestTimelineCompare::compares()
{
    QFETCH(QString, scenario);
    QFETCH(Edit, editBefore);
    QFETCH(Edit, editAfter);
    QFETCH(qint64, attempts);
    QFETCH(qint64, retries);
    QFETCH(qint64, resetWaits);
    QFETCH(qint64, duration);
    QFETCH(EndingKind, beforeEnd);
    QFETCH(QString, beforeOn);
    QFETCH(EndingKind, afterEnd);
    QFETCH(QString, afterOn);
    QFETCH(int, firstDifference);

    const Scenario& s = findScenarioPreset(scenario.toStdString())->scenario;
    const auto before = edited(editBefore);
    const auto after = edited(editAfter);
    const Timeline tb = simulateRouteCycle(before, s);
    const Timeline ta = simulateRouteCycle(after, s);
    const TimelineComparison c = compareTimelines(before, tb, after, ta);
    QVERIFY(c.comparable());
    QCOMPARE(c.delta.attempts, attempts);
    QCOMPARE(c.delta.retries, retries);
    QCOMPARE(c.delta.resetWaits, resetWaits);
    QCOMPARE(c.delta.durationSeconds, duration);
    QCOMPARE(c.delta.attempts, ta.totals.attempts - tb.totals.attempts);
    QCOMPARE(c.delta.retryWaitSeconds + c.delta.resetWaitSeconds, duration);  // attempts take no time
    QCOMPARE(c.before.kind, beforeEnd);
    QCOMPARE(QString::fromStdString(c.before.candidate), beforeOn);
    QCOMPARE(c.after.kind, afterEnd);
    QCOMPARE(QString::fromStdString(c.after.candidate), afterOn);
    QCOMPARE(c.firstDifference ? int(*c.firstDifference) : -1, firstDifference);
    QCOMPARE(c.unchanged(), firstDifference < 0);
    if (c.firstDifference) {
        // Every event before the first difference is the same; the one it names is not (or one side has none).
        for (std::size_t i = 0; i < *c.firstDifference; ++i)
            QVERIFY(sameRouteEvent(tb.events[i], ta.events[i]));
        const std::size_t i = *c.firstDifference;
        QVERIFY(i >= tb.events.size() || i >= ta.events.size() || !sameRouteEvent(tb.events[i], ta.events[i]));
    }
    // The other way round, every number turns its sign and the endings change places.
    const TimelineComparison back = compareTimelines(after, ta, before, tb);
    QCOMPARE(back.delta.attempts, -attempts);
    QCOMPARE(back.delta.durationSeconds, -duration);
    QCOMPARE(back.before, c.after);
    QCOMPARE(back.firstDifference, c.firstDifference);
}

void TestTimelineCompare::unsimulatableSidesAreNeverUnchanged_data()
{
    QTest::addColumn<Edit>("editBefore");
    QTest::addColumn<Edit>("editAfter");
    QTest::addColumn<bool>("beforeProblem");
    QTest::addColumn<bool>("afterProblem");
    QTest::addColumn<int>("candidate");
    QTest::addColumn<QString>("path");  // the issue's path; "" for a configuration error
    QTest::addColumn<QString>("error");

    const Edit outOfRange = [](auto& r) { r[0].policies.transient.retry.maxRetries = 999; };
    QTest::newRow("invalid edited side") << Edit {} << outOfRange << false << true << 0
                                         << "candidates[0].policies.transient.retry.max_retries"
                                         << "";
    QTest::newRow("invalid saved side") << outOfRange << Edit {} << true << false << 0
                                        << "candidates[0].policies.transient.retry.max_retries"
                                        << "";
    QTest::newRow("both invalid, the same way")
        << outOfRange << outOfRange << true << true << 0 << "candidates[0].policies.transient.retry.max_retries"
        << "";
    // The unknown-error scenario stops on claude and never reaches gemini: the same events, still no comparison.
    QTest::newRow("invalid candidate the route never reaches")
        << Edit {} << Edit {[](auto& r) { r[2].policies.hard.onExhausted = Outcome::Unset; }} << false << true << 2
        << "candidates[2].policies.hard.on_exhausted"
        << "";
    QTest::newRow("invalid disabled candidate") << Edit {} << Edit {[](auto& r) {
        r[1].enabled = false;
        r[1].policies.hard.waitForReset.maxWaitSeconds = -1;
    }} << false << true << 1 << "candidates[1].policies.hard.wait_for_reset.max_wait_seconds"
                                                << "";
    QTest::newRow("legacy rules that cannot be migrated")
        << Edit {[](auto& r) { r[1].configurationError = "unknown legacy action 'retry_forever'"; }} << Edit {} << true
        << false << 1 << ""
        << "unknown legacy action 'retry_forever'";
}

void TestTimelineCompare::unsimulatableSidesAreNeverUnchanged()
{
    QFETCH(Edit, editBefore);
    QFETCH(Edit, editAfter);
    QFETCH(bool, beforeProblem);
    QFETCH(bool, afterProblem);
    QFETCH(int, candidate);
    QFETCH(QString, path);
    QFETCH(QString, error);

    const Scenario& s = findScenarioPreset("unknown-error")->scenario;
    const auto before = edited(editBefore);
    const auto after = edited(editAfter);
    const TimelineComparison c
        = compareTimelines(before, simulateRouteCycle(before, s), after, simulateRouteCycle(after, s));
    QVERIFY(!c.comparable());
    QVERIFY(!c.unchanged());
    QCOMPARE(bool(c.beforeProblem), beforeProblem);
    QCOMPARE(bool(c.afterProblem), afterProblem);
    const RouteProblem& p = c.afterProblem ? *c.afterProblem : *c.beforeProblem;
    QCOMPARE(int(p.candidateIndex), candidate);
    QCOMPARE(p.candidate, before[std::size_t(candidate)].executionProfileId);
    QCOMPARE(p.issue ? QString::fromStdString(p.issue->path) : QString(), path);
    QCOMPARE(QString::fromStdString(p.configurationError), error);
    // Nothing else is filled in: no numbers a reader could take for "no change".
    QCOMPARE(c.delta, TimelineDelta {});
    QVERIFY(!c.firstDifference);
}

void TestTimelineCompare::aMovedCandidateIsTheSameCandidate()
{
    // codex disabled and moved last: the route tries the same candidates in the same order.
    auto before = sampleProfile();
    before[1].enabled = false;
    auto after = before;
    std::rotate(after.begin() + 1, after.begin() + 2, after.end());
    const Scenario& s = findScenarioPreset(kDefaultScenarioId)->scenario;
    const Timeline tb = simulateRouteCycle(before, s);
    const Timeline ta = simulateRouteCycle(after, s);
    QCOMPARE_NE(tb.events.back().candidateIndex, ta.events.back().candidateIndex);
    const TimelineComparison c = compareTimelines(before, tb, after, ta);
    QVERIFY(c.unchanged());
    QCOMPARE(c.before.candidate, c.after.candidate);
    QCOMPARE_NE(c.before.candidateIndex, c.after.candidateIndex);  // each side's own index
    QCOMPARE(c.before == c.after, false);
}

void TestTimelineCompare::endings_data()
{
    QTest::addColumn<QString>("scenario");
    QTest::addColumn<Edit>("edit");
    QTest::addColumn<EndingKind>("kind");
    QTest::addColumn<QString>("candidate");
    QTest::addColumn<QString>("name");

    QTest::newRow("stop") << "capacity-every-attempt" << Edit {} << EndingKind::Stop << "gemini-pro"
                          << "stop";
    QTest::newRow("success") << "two-transient-then-success" << Edit {} << EndingKind::Success << "claude-sonnet"
                             << "success";
    QTest::newRow("no candidate left") << "capacity-every-attempt"
                                       << Edit {[](auto& r) { r[2].policies.transient.onExhausted = Outcome::Skip; }}
                                       << EndingKind::Exhausted << ""
                                       << "exhausted";
    QTest::newRow("configuration error") << "capacity-every-attempt"
                                         << Edit {[](auto& r) { r[0].configurationError = "legacy"; }}
                                         << EndingKind::ConfigError << "claude-sonnet"
                                         << "config_error";
}

void TestTimelineCompare::endings()
{
    QFETCH(QString, scenario);
    QFETCH(Edit, edit);
    QFETCH(EndingKind, kind);
    QFETCH(QString, candidate);
    QFETCH(QString, name);
    const TimelineEnding e
        = endingOf(simulateRouteCycle(edited(edit), findScenarioPreset(scenario.toStdString())->scenario));
    QCOMPARE(e.kind, kind);
    QCOMPARE(QString::fromStdString(e.candidate), candidate);
    QCOMPARE(e.candidateIndex.has_value(), !candidate.isEmpty());
    QCOMPARE(QLatin1String(endingKindName(kind).data()), name);

    // The event limit ends a scenario that never ends.
    Scenario endless = findScenarioPreset("capacity-every-attempt")->scenario;
    endless.maxEvents = 3;
    QCOMPARE(endingOf(simulateRouteCycle(sampleProfile(), endless)).kind, EndingKind::Truncated);
}

QTEST_GUILESS_MAIN(TestTimelineCompare)
#include "tst_timeline_compare.moc"
