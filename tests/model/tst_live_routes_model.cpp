// SPDX-License-Identifier: Apache-2.0
// LiveRoutesModel: the routes kandev is running, as the Live Routes dock
// shows them, under QAbstractItemModelTester.
#include "model/live_routes_model.h"

#include "document_helpers.h"
#include "../common/test_paths.h"
#include "translations.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QtTest>

using modeltest::open;

using namespace model;

class TestLiveRoutesModel final : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QCOMPARE(i18n::install(QLocale(QLocale::English)), QStringLiteral("en"));
    }
    void liveRoutePendingOutcome_data();
    void liveRoutePendingOutcome();
    void liveRouteCandidatesGoByName();
    void aReadIsAnalysedAgainstTheDocumentAsEdited();
    void liveRouteDeadlineText_data();
    void liveRouteDeadlineText();
    void liveRouteDeadlineColumnDropsTodaysDate();
};

// The Then column shows the snapshot's pending_outcome as stored: a value this
// build does not know is shown, marked, and never read as skip or stop.
void TestLiveRoutesModel::liveRoutePendingOutcome_data()
{
    QTest::addColumn<bool>("snapshot");
    QTest::addColumn<QString>("stored");
    QTest::addColumn<QString>("shown");
    QTest::addColumn<bool>("marked");
    QTest::newRow("skip") << true << "skip"
                          << "skip" << false;
    QTest::newRow("stop") << true << "stop"
                          << "stop" << false;
    QTest::newRow("absent") << true << ""
                            << "" << false;
    QTest::newRow("unknown") << true << "retry_forever"
                             << "unknown: retry_forever" << true;
    QTest::newRow("case differs") << true << "Skip"
                                  << "unknown: Skip" << true;
    QTest::newRow("no snapshot") << false << ""
                                 << "" << false;
}

void TestLiveRoutesModel::liveRoutePendingOutcome()
{
    QFETCH(bool, snapshot);
    QFETCH(QString, stored);
    QFETCH(QString, shown);
    QFETCH(bool, marked);
    routes::LiveRoutes routes;
    routes.hasTables = true;
    routes::LiveRoute route;
    route.row.sessionId = "s-1";
    if (snapshot) {
        route.snapshot.emplace();
        route.snapshot->pendingOutcome = stored.toStdString();
    }
    routes.routes.push_back(route);
    LiveRoutesModel m;
    QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
    m.setRoutes(routes, policy::Seconds {});
    const QModelIndex cell = m.index(0, LiveRoutesModel::Then);
    QCOMPARE(cell.data().toString(), shown);
    QCOMPARE(cell.data(Qt::ForegroundRole).isValid(), marked);
    QCOMPARE(m.headerData(LiveRoutesModel::Then, Qt::Horizontal).toString(), QStringLiteral("Then"));
    QVERIFY(!m.headerData(LiveRoutesModel::Then, Qt::Horizontal, Qt::ToolTipRole).toString().isEmpty());
}

// The Candidate column names the profile as the route list does; its id is in the tooltip.
void TestLiveRoutesModel::liveRouteCandidatesGoByName()
{
    auto doc = open(testpaths::sample("export.json"));
    routes::LiveRoutesRead read;
    read.hasRouteStates = true;
    for (const char* candidate : {"codex-gpt5", "", "retired-profile"}) {
        routes::RouteStateRow row;
        row.sessionId = std::string("s-") + candidate;
        row.logicalProfileId = "dyn-main";
        row.executionProfileId = candidate;
        row.state = "waiting";
        read.routes.push_back(row);
    }
    const auto live = routes::analyseLiveRoutes(read, doc->document(), "dyn-main", policy::Seconds {});
    LiveRoutesModel m;
    QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
    m.setRoutes(live, policy::Seconds {});
    QCOMPARE(m.index(0, LiveRoutesModel::Candidate).data().toString(), QStringLiteral("Codex GPT-5"));
    QVERIFY(
        m.index(0, LiveRoutesModel::Candidate).data(Qt::ToolTipRole).toString().contains(QStringLiteral("codex-gpt5")));
    QCOMPARE(m.index(1, LiveRoutesModel::Candidate).data().toString(), QString());
    // A profile the document does not hold keeps its id: nothing is made up.
    QCOMPARE(m.index(2, LiveRoutesModel::Candidate).data().toString(), QStringLiteral("retired-profile"));
}

// The model keeps the read and analyses it against the document as it is
// now: an edit is seen without reading the database again.
void TestLiveRoutesModel::aReadIsAnalysedAgainstTheDocumentAsEdited()
{
    auto doc = open(testpaths::sample("export.json"));
    routes::LiveRoutesRead read;
    read.hasRouteStates = true;
    routes::RouteStateRow row;
    row.sessionId = "s-1";
    row.logicalProfileId = "dyn-main";
    row.executionProfileId = "codex-gpt5";
    row.state = "waiting";
    read.routes.push_back(row);
    LiveRoutesModel m;
    QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QVERIFY(!m.hasRead());
    QVERIFY(!m.scenarioFor(0));
    m.setRead(read, "dyn-main");
    QVERIFY(m.hasRead());
    QCOMPARE(m.rowCount(), 0);  // shown once analysed
    const policy::Seconds now {std::chrono::seconds {1000}};
    m.analyse(doc->document(), now);
    QCOMPARE(m.rowCount(), 1);
    QCOMPARE(m.now(), now);
    QCOMPARE(m.routesUnderAnotherPolicy(), 0);
    QVERIFY(m.scenarioFor(0));
    QVERIFY(!m.scenarioFor(1));
    // Removed from the route being edited: the same read says so.
    int row0 = -1;
    for (int i = 0; i < doc->candidateCount(); ++i) {
        if (doc->candidate(i).executionProfileId == "codex-gpt5")
            row0 = i;
    }
    QVERIFY(row0 >= 0);
    doc->undoStack()->push(new RemoveCandidateCommand(doc.get(), row0));
    m.analyse(doc->document(), now);
    QCOMPARE(m.rowCount(), 1);
    QVERIFY(!m.route(0)->candidateInRoute);
    m.clearRead(now);
    QVERIFY(!m.hasRead());
    QCOMPARE(m.rowCount(), 0);
}

// The sentence under the dock's table counts down, and says "due now" (never
// "in due") once the deadline has passed.
void TestLiveRoutesModel::liveRouteDeadlineText_data()
{
    QTest::addColumn<qint64>("left");
    QTest::addColumn<QString>("ending");
    QTest::newRow("ninety seconds") << qint64(90) << ", in 1 min 30 s.";
    QTest::newRow("one second") << qint64(1) << ", in 1 s.";
    QTest::newRow("at the deadline") << qint64(0) << ", due now.";
    QTest::newRow("past it") << qint64(-5) << ", due now.";
}

void TestLiveRoutesModel::liveRouteDeadlineText()
{
    QFETCH(qint64, left);
    QFETCH(QString, ending);
    const policy::Seconds deadline = *policy::parseRfc3339("2026-08-21T10:00:10Z");
    const QString text = LiveRoutesModel::deadlineText(deadline, deadline - std::chrono::seconds {left});
    QCOMPARE(text, QStringLiteral("Deadline ") + LiveRoutesModel::localTime(deadline) + ending);
}

// The Deadline column leaves out today's date (narrow docks), not another day's.
void TestLiveRoutesModel::liveRouteDeadlineColumnDropsTodaysDate()
{
    const policy::Seconds now = *policy::parseRfc3339("2026-08-21T10:00:00Z");
    const policy::Seconds soon = now + std::chrono::seconds {10};
    const policy::Seconds later = now + std::chrono::hours {72};
    const auto local
        = [](policy::Seconds t) { return QDateTime::fromSecsSinceEpoch(t.time_since_epoch().count()).toLocalTime(); };
    QCOMPARE(
        LiveRoutesModel::localTimeOnDayOf(soon, now), QLocale().toString(local(soon).time(), QLocale::ShortFormat));
    QCOMPARE(LiveRoutesModel::localTimeOnDayOf(later, now), LiveRoutesModel::localTime(later));
    QVERIFY(LiveRoutesModel::localTime(later).contains(QLocale().toString(local(later).date(), QLocale::ShortFormat)));

    routes::LiveRoutes routes;
    routes::LiveRoute route;
    route.snapshot.emplace();
    route.snapshot->deadline = soon;
    routes.routes.push_back(route);
    LiveRoutesModel m;
    QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
    m.setRoutes(routes, now);
    QCOMPARE(m.index(0, LiveRoutesModel::Deadline).data().toString(), LiveRoutesModel::localTimeOnDayOf(soon, now));
    QSignalSpy changed(&m, &QAbstractItemModel::dataChanged);
    m.setNow(now + std::chrono::seconds {1});
    QCOMPARE(changed.count(), 1);
    QCOMPARE(changed.first().at(0).toModelIndex().column(), int(LiveRoutesModel::Deadline));
    QCOMPARE(changed.first().at(1).toModelIndex().column(), int(LiveRoutesModel::Left));
}

QTEST_GUILESS_MAIN(TestLiveRoutesModel)
#include "tst_live_routes_model.moc"
