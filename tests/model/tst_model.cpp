#include "model/candidate_list_model.h"
#include "model/commands.h"
#include "model/database_writes.h"
#include "model/editor_document.h"
#include "model/live_routes_model.h"
#include "model/policy_text.h"
#include "model/profile_list_model.h"
#include "model/validation_model.h"

#include "../common/test_paths.h"
#include "translations.h"

#include <QAbstractItemModelTester>
#include <QMimeData>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

using namespace model;

namespace {

std::unique_ptr<EditorDocument> open(const QString& path)
{
    LoadResult r = loadDocumentFile(path);
    if (!r.document)
        qFatal("cannot open %s: %s", qPrintable(path), qPrintable(r.error));
    return std::make_unique<EditorDocument>(std::move(*r.document), path, r.bytes);
}

QStringList ids(const EditorDocument& doc)
{
    QStringList out;
    for (int i = 0; i < doc.candidateCount(); ++i)
        out << QString::fromStdString(doc.candidate(i).executionProfileId);
    return out;
}

}  // namespace

class TestModel final : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QCOMPARE(i18n::install(QLocale(QLocale::English)), QStringLiteral("en")); }
    void modelsPassTheTester();
    void candidateColumnsAndBadges();
    void profileSwitching();
    void everyCommandUndoesAndRedoes();
    void moveSaysWhereTo_data();
    void moveSaysWhereTo();
    void spinEditsMergeIntoOneStep();
    void enabledCheckBoxGoesThroughUndo();
    void dragAndDropMoves_data();
    void dragAndDropMoves();
    void validationFollowsEdits();
    void saveRenumbersAndRoundTrips();
    void saveRefusesInvalidAndReadOnly();
    void detectsChangesOnDisk();
    void loadErrorsNameFileLineAndColumn();
    void summaries_data();
    void summaries();
    void databaseWriteSentences_data();
    void databaseWriteSentences();
    void liveRoutePendingOutcome_data();
    void liveRoutePendingOutcome();
    void liveRouteCandidatesGoByName();
    void liveRouteDeadlineText_data();
    void liveRouteDeadlineText();
    void liveRouteDeadlineColumnDropsTodaysDate();
};

void TestModel::modelsPassTheTester()
{
    auto doc = open(testpaths::sample("export.json"));
    CandidateListModel candidates;
    ProfileListModel profiles;
    ValidationModel validation;
    QAbstractItemModelTester t1(&candidates, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester t2(&profiles, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester t3(&validation, QAbstractItemModelTester::FailureReportingMode::QtTest);
    candidates.setDocument(doc.get());
    profiles.setDocument(doc.get());
    validation.setDocument(doc.get());
    // Exercise every kind of change with the testers watching.
    auto* undo = doc->undoStack();
    undo->push(new MoveCandidateCommand(doc.get(), 0, 3));
    undo->push(new MoveCandidateCommand(doc.get(), 2, 0));
    undo->push(new InsertCandidateCommand(doc.get(), 1, newCandidate("gemini-pro"), QStringLiteral("Gemini")));
    undo->push(new RemoveCandidateCommand(doc.get(), 4));
    auto p = *doc->candidate(0).policies;
    p.hard.retry = {true, 11, 5};
    undo->push(new SetPoliciesCommand(doc.get(), 0, p, QStringLiteral("edit")));
    // The 11 retries, and the second gemini-pro (kandev refuses duplicates).
    QCOMPARE(validation.rowCount(), 2);
    undo->push(new SetEnabledCommand(doc.get(), 1, false));
    doc->setCurrentProfile(6);
    while (undo->canUndo())
        undo->undo();
    while (undo->canRedo())
        undo->redo();
    QCOMPARE(profiles.rowCount(), 2);
}

void TestModel::candidateColumnsAndBadges()
{
    auto doc = open(testpaths::sample("export.json"));
    CandidateListModel m;
    m.setDocument(doc.get());
    QCOMPARE(m.rowCount(), 4);
    QCOMPARE(m.index(0, CandidateListModel::NameColumn).data().toString(), QStringLiteral("Claude Sonnet (frontier)"));
    QCOMPARE(m.index(0, CandidateListModel::SummaryColumn).data().toString(),
             QStringLiteral("Transient: 3 retries from 5 s, then skip · Hard: wait up to 1 h, then skip"));
    QCOMPARE(m.index(2, CandidateListModel::StatusColumn).data().toString(), QStringLiteral("Ineligible: auto fallback"));
    QCOMPARE(m.index(0, CandidateListModel::StatusColumn).data().toString(), QString());
    QCOMPARE(m.index(1, CandidateListModel::EnabledColumn).data(Qt::CheckStateRole).toInt(), int(Qt::Checked));
    QVERIFY(m.flags(m.index(1, CandidateListModel::EnabledColumn)) & Qt::ItemIsUserCheckable);

    doc->setCurrentProfile(6);  // dyn-nightly: a deleted reference and a disabled candidate
    QCOMPARE(m.rowCount(), 3);
    QCOMPARE(m.index(1, CandidateListModel::StatusColumn).data().toString(), QStringLiteral("Stale: profile deleted"));
    QCOMPARE(m.index(2, CandidateListModel::EnabledColumn).data(Qt::CheckStateRole).toInt(), int(Qt::Unchecked));
    QCOMPARE(m.index(1, 0).data(CandidateListModel::EligibilityRole).toInt(), int(Eligibility::Deleted));

    const auto eligible = doc->eligibleProfiles();
    QStringList names;
    for (const auto& e : eligible)
        names << e.id;
    QCOMPARE(names, (QStringList{"claude-sonnet", "codex-gpt5", "gemini-pro"}));
}

void TestModel::profileSwitching()
{
    auto doc = open(testpaths::sample("export.json"));
    CandidateListModel m;
    m.setDocument(doc.get());
    QSignalSpy reset(&m, &QAbstractItemModel::modelReset);
    QSignalSpy changed(doc.get(), &EditorDocument::currentProfileChanged);
    QCOMPARE(doc->currentProfile(), 5);
    doc->setCurrentProfile(6);
    QCOMPARE(reset.count(), 1);
    QCOMPARE(changed.count(), 1);
    QCOMPARE(changed.first().first().toInt(), 6);
    doc->setCurrentProfile(0);  // a concrete profile: ignored
    QCOMPARE(doc->currentProfile(), 6);
    QCOMPARE(reset.count(), 1);
}

void TestModel::moveSaysWhereTo_data()
{
    QTest::addColumn<int>("from");
    QTest::addColumn<int>("to");
    QTest::addColumn<QString>("text");
    // A drag over two places says where the candidate went, not only "up".
    QTest::newRow("two up") << 2 << 0 << "Move gemini-pro up to position 0";
    QTest::newRow("one up") << 1 << 0 << "Move codex-gpt5 up to position 0";
    QTest::newRow("two down") << 0 << 2 << "Move claude-sonnet down to position 2";
}

void TestModel::moveSaysWhereTo()
{
    QFETCH(int, from);
    QFETCH(int, to);
    QFETCH(QString, text);
    auto doc = open(testpaths::sample("profile-v1.json"));
    doc->undoStack()->push(new MoveCandidateCommand(doc.get(), from, to));
    QCOMPARE(doc->undoStack()->undoText(), text);
    QCOMPARE(QString::fromStdString(doc->candidate(to).executionProfileId), text.section(QLatin1Char(' '), 1, 1));
}

void TestModel::everyCommandUndoesAndRedoes()
{
    auto doc = open(testpaths::sample("profile-v1.json"));
    const format::Document original = doc->document();
    auto* undo = doc->undoStack();
    QSignalSpy clean(undo, &QUndoStack::cleanChanged);

    undo->push(new MoveCandidateCommand(doc.get(), 0, 2));
    QCOMPARE(ids(*doc), (QStringList{"codex-gpt5", "gemini-pro", "claude-sonnet"}));
    QCOMPARE(doc->candidate(2).position, 2);
    QCOMPARE(undo->undoText(), QStringLiteral("Move claude-sonnet down to position 2"));
    QVERIFY(doc->isModified());
    QCOMPARE(clean.count(), 1);

    undo->push(new InsertCandidateCommand(doc.get(), 3, newCandidate("claude-haiku"), QStringLiteral("claude-haiku")));
    QCOMPARE(doc->candidateCount(), 4);
    QCOMPARE(*doc->candidate(3).policies, policy::PolicyDocument{});
    undo->push(new RemoveCandidateCommand(doc.get(), 0));
    QCOMPARE(ids(*doc), (QStringList{"gemini-pro", "claude-sonnet", "claude-haiku"}));
    undo->push(new SetEnabledCommand(doc.get(), 0, false));
    QVERIFY(!doc->candidate(0).enabled);
    policy::PolicyDocument p = *doc->candidate(1).policies;
    p.transient.onExhausted = policy::Outcome::Stop;
    undo->push(new SetPoliciesCommand(doc.get(), 1, p, QStringLiteral("Transient: stop")));
    QCOMPARE(doc->candidate(1).policies->transient.onExhausted, policy::Outcome::Stop);

    QStringList texts;
    while (undo->canUndo()) {
        texts << undo->undoText();
        undo->undo();
    }
    QCOMPARE(texts, (QStringList{"Transient: stop", "Disable gemini-pro", "Remove codex-gpt5", "Add claude-haiku",
                                 "Move claude-sonnet down to position 2"}));
    QCOMPARE(doc->document().profiles, original.profiles);
    QVERIFY(!doc->isModified());
    while (undo->canRedo())
        undo->redo();
    QCOMPARE(ids(*doc), (QStringList{"gemini-pro", "claude-sonnet", "claude-haiku"}));
    QCOMPARE(doc->candidate(1).policies->transient.onExhausted, policy::Outcome::Stop);
}

void TestModel::spinEditsMergeIntoOneStep()
{
    auto doc = open(testpaths::sample("profile-v1.json"));
    auto* undo = doc->undoStack();
    for (int value = 4; value <= 8; ++value) {
        policy::PolicyDocument p = *doc->candidate(0).policies;
        p.transient.retry.maxRetries = value;
        undo->push(new SetPoliciesCommand(doc.get(), 0, p, QStringLiteral("Transient max retries"),
                                          QStringLiteral("transient.retry.max_retries")));
    }
    QCOMPARE(undo->count(), 1);
    QCOMPARE(doc->candidate(0).policies->transient.retry.maxRetries, 8);
    undo->undo();
    QCOMPARE(doc->candidate(0).policies->transient.retry.maxRetries, 3);
    // Another field does not merge.
    policy::PolicyDocument p = *doc->candidate(0).policies;
    p.transient.retry.initialIntervalSeconds = 9;
    undo->redo();
    undo->push(new SetPoliciesCommand(doc.get(), 0, p, QStringLiteral("Interval"), QStringLiteral("transient.retry.initial")));
    QCOMPARE(undo->count(), 2);
}

void TestModel::enabledCheckBoxGoesThroughUndo()
{
    auto doc = open(testpaths::sample("profile-v1.json"));
    CandidateListModel m;
    m.setDocument(doc.get());
    QSignalSpy dataChanged(&m, &QAbstractItemModel::dataChanged);
    const QModelIndex cell = m.index(1, CandidateListModel::EnabledColumn);
    QVERIFY(m.setData(cell, Qt::Unchecked, Qt::CheckStateRole));
    QCOMPARE(cell.data(Qt::CheckStateRole).toInt(), int(Qt::Unchecked));
    QCOMPARE(dataChanged.count(), 1);
    QCOMPARE(doc->undoStack()->count(), 1);
    doc->undoStack()->undo();
    QCOMPARE(cell.data(Qt::CheckStateRole).toInt(), int(Qt::Checked));
    QVERIFY(!m.setData(m.index(1, CandidateListModel::NameColumn), QStringLiteral("x"), Qt::EditRole));
}

void TestModel::dragAndDropMoves_data()
{
    QTest::addColumn<int>("from");
    QTest::addColumn<int>("row");       // drop row (-1: on an item or below)
    QTest::addColumn<int>("onItem");    // parent row when dropped on an item
    QTest::addColumn<QStringList>("expected");
    QTest::newRow("first between 2 and 3") << 0 << 2 << -1 << QStringList{"codex-gpt5", "claude-sonnet", "gemini-pro"};
    QTest::newRow("first to the end") << 0 << -1 << -1 << QStringList{"codex-gpt5", "gemini-pro", "claude-sonnet"};
    QTest::newRow("last to the top") << 2 << 0 << -1 << QStringList{"gemini-pro", "claude-sonnet", "codex-gpt5"};
    QTest::newRow("last onto the first") << 2 << -1 << 0 << QStringList{"gemini-pro", "claude-sonnet", "codex-gpt5"};
    QTest::newRow("onto itself") << 1 << 1 << -1 << QStringList{"claude-sonnet", "codex-gpt5", "gemini-pro"};
}

void TestModel::dragAndDropMoves()
{
    QFETCH(int, from);
    QFETCH(int, row);
    QFETCH(int, onItem);
    QFETCH(QStringList, expected);
    auto doc = open(testpaths::sample("profile-v1.json"));
    CandidateListModel m;
    QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
    m.setDocument(doc.get());
    std::unique_ptr<QMimeData> data(m.mimeData({m.index(from, 1)}));
    QVERIFY(m.canDropMimeData(data.get(), Qt::MoveAction, row, 0, onItem >= 0 ? m.index(onItem, 0) : QModelIndex()));
    m.dropMimeData(data.get(), Qt::MoveAction, row, 0, onItem >= 0 ? m.index(onItem, 0) : QModelIndex());
    QCOMPARE(ids(*doc), expected);
    QVERIFY(!m.canDropMimeData(data.get(), Qt::CopyAction, row, 0, {}));
}

void TestModel::validationFollowsEdits()
{
    auto doc = open(testpaths::sample("profile-v1.json"));
    ValidationModel v;
    v.setDocument(doc.get());
    QSignalSpy issues(doc.get(), &EditorDocument::issuesChanged);
    QCOMPARE(v.rowCount(), 0);
    policy::PolicyDocument p = *doc->candidate(2).policies;
    p.hard.waitForReset.maxWaitSeconds = 0;  // enabled with 0: out of range
    doc->undoStack()->push(new SetPoliciesCommand(doc.get(), 2, p, QStringLiteral("edit")));
    QVERIFY(issues.count() >= 1);
    QCOMPARE(v.rowCount(), 1);
    QCOMPARE(v.index(0, ValidationModel::PathColumn).data().toString(),
             QStringLiteral("candidates[2].policies.hard.wait_for_reset.max_wait_seconds"));
    QCOMPARE(v.index(0, 0).data(ValidationModel::CandidateRowRole).toInt(), 2);
    QCOMPARE(v.index(0, 0).data(ValidationModel::FieldRole).toString(), QStringLiteral("policies.hard.wait_for_reset.max_wait_seconds"));
    QCOMPARE(v.index(0, ValidationModel::MessageColumn).data().toString(),
             QStringLiteral("Must be between 1 s and 7 d (found 0 s)."));
    QCOMPARE(v.index(0, ValidationModel::CandidateColumn).data().toString(), QStringLiteral("gemini-pro"));
    doc->undoStack()->undo();
    QCOMPARE(v.rowCount(), 0);
}

void TestModel::saveRenumbersAndRoundTrips()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("export.json"));
    QVERIFY(QFile::copy(testpaths::sample("export.json"), path));
    QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner);
    auto doc = open(path);
    doc->undoStack()->push(new MoveCandidateCommand(doc.get(), 3, 0));
    QSignalSpy saved(doc.get(), &EditorDocument::saved);
    const auto result = doc->saveAs(path);
    QVERIFY2(result.ok, qPrintable(result.error));
    QCOMPARE(saved.count(), 1);
    QVERIFY(!doc->isModified());
    QVERIFY(!doc->changedOnDisk());
    auto reopened = open(path);
    QCOMPARE(ids(*reopened), (QStringList{"gemini-pro", "claude-sonnet", "codex-gpt5", "claude-haiku-fallback"}));
    for (int i = 0; i < reopened->candidateCount(); ++i)
        QCOMPARE(reopened->candidate(i).position, i);
    QCOMPARE(reopened->document().profiles[0].source, doc->document().profiles[0].source);
}

void TestModel::saveRefusesInvalidAndReadOnly()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("p.json"));
    QVERIFY(QFile::copy(testpaths::sample("profile-v1.json"), path));
    QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner);
    const std::string before = testpaths::readAll(path);
    auto doc = open(path);
    policy::PolicyDocument p = *doc->candidate(0).policies;
    p.transient.retry.maxRetries = 0;
    doc->undoStack()->push(new SetPoliciesCommand(doc.get(), 0, p, QStringLiteral("edit")));
    const auto refused = doc->saveAs(path);
    QVERIFY(!refused.ok);
    QVERIFY2(refused.error.contains(QStringLiteral("candidates[0].policies.transient.retry.max_retries")), qPrintable(refused.error));
    QCOMPARE(testpaths::readAll(path), before);
    doc->undoStack()->undo();
    doc->setReadOnly(true, QStringLiteral("legacy rules were not migrated"));
    const auto readOnly = doc->saveAs(path);
    QVERIFY(!readOnly.ok);
    QVERIFY(readOnly.error.contains(QStringLiteral("read-only")));

    // A target that cannot be written keeps the edit in the editor.
    doc->setReadOnly(false);
    doc->undoStack()->push(new SetEnabledCommand(doc.get(), 0, false));
    const auto unwritable = doc->saveAs(dir.filePath(QStringLiteral("missing/dir/p.json")));
    QVERIFY(!unwritable.ok);
    QVERIFY(doc->isModified());
    QVERIFY(!doc->candidate(0).enabled);
}

void TestModel::detectsChangesOnDisk()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("p.json"));
    QVERIFY(QFile::copy(testpaths::sample("profile-v1.json"), path));
    QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner);
    auto doc = open(path);
    QVERIFY(!doc->changedOnDisk());
    QFile f(path);
    QVERIFY(f.open(QIODevice::Append));
    f.write("\n");
    f.close();
    QVERIFY(doc->changedOnDisk());
    QFile::remove(path);
    QVERIFY(doc->changedOnDisk());
}

void TestModel::loadErrorsNameFileLineAndColumn()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("bad.json"));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("{\n  \"candidates\": [\n    {\"position\": 0, \"execution_profile_id\": \"a\", \"enabled\": \"yes\"}]}\n");
    f.close();
    const LoadResult r = loadDocumentFile(path);
    QVERIFY(!r.document);
    QCOMPARE(r.error, path + QStringLiteral(":3:61: candidates[0].enabled: expected true or false, found a string"));
    QVERIFY(loadDocumentFile(dir.filePath(QStringLiteral("none.json"))).error.contains(QStringLiteral("no such file")));
}

void TestModel::summaries_data()
{
    QTest::addColumn<int>("retries");
    QTest::addColumn<qint64>("interval");
    QTest::addColumn<qint64>("wait");
    QTest::addColumn<int>("outcome");
    QTest::addColumn<QString>("summary");
    QTest::addColumn<QString>("schedule");
    QTest::newRow("retries") << 3 << qint64(5) << qint64(0) << int(policy::Outcome::Skip) << "3 retries from 5 s, then skip"
                             << "Retries after 5 s, 10 s, 20 s, then skip. 3 retries: 4 attempts in all, up to 35 s of waiting.";
    QTest::newRow("one retry") << 1 << qint64(90) << qint64(0) << int(policy::Outcome::Stop) << "1 retry from 1 min 30 s, then stop"
                               << "Retries after 1 min 30 s, then stop. 1 retry: 2 attempts in all, up to 1 min 30 s of waiting.";
    QTest::newRow("wait") << 0 << qint64(0) << qint64(300) << int(policy::Outcome::Stop) << "wait up to 5 min, then stop"
                          << "No retries: the first failure goes straight to the outcome.";
    QTest::newRow("both") << 2 << qint64(60) << qint64(86400) << int(policy::Outcome::Skip)
                          << "wait up to 1 d, 2 retries from 1 min, then skip"
                          << "Retries after 1 min, 2 min, then skip. 2 retries: 3 attempts in all, up to 3 min of waiting.";
    QTest::newRow("capped") << 7 << qint64(3600) << qint64(0) << int(policy::Outcome::Stop) << "7 retries from 1 h, then stop"
                            << "Retries after 1 h, 2 h, 4 h, 8 h, 16 h, 1 d, 1 d, then stop. 7 retries: 8 attempts in all, up to 3 d 7 h of waiting. Delays stop growing at the 1 d cap.";
    QTest::newRow("immediate") << 0 << qint64(0) << qint64(0) << int(policy::Outcome::Skip) << "skip immediately"
                               << "No retries: the first failure goes straight to the outcome.";
}

void TestModel::summaries()
{
    QFETCH(int, retries);
    QFETCH(qint64, interval);
    QFETCH(qint64, wait);
    QFETCH(int, outcome);
    QFETCH(QString, summary);
    QFETCH(QString, schedule);
    policy::ClassPolicy p{{retries > 0, retries, interval}, {wait > 0, wait}, policy::Outcome(outcome)};
    QCOMPARE(PolicyText::classSummary(p), summary);
    QCOMPARE(PolicyText::scheduleLine(p), schedule);
}

void TestModel::databaseWriteSentences_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<qint64>("version");  // -1: not in the database
    QTest::addColumn<bool>("known");
    QTest::addColumn<QString>("error");
    QTest::addColumn<int>("running");
    QTest::addColumn<int>("scheduled");
    QTest::addColumn<QString>("sentence");
    QTest::newRow("no routes") << "Main" << qint64(9) << true << "" << 0 << 0
                               << "profile dyn-a (Main): version 9 becomes 10; no route is running under it.";
    QTest::newRow("one waiting") << "Main" << qint64(9) << true << "" << 1 << 1
                                 << "profile dyn-a (Main): version 9 becomes 10; 1 route running, 1 waiting under the old "
                                    "policy: its scheduled deadline stays, its next failure uses the new one.";
    QTest::newRow("some waiting") << "dyn-a" << qint64(2) << true << "" << 5 << 3
                                  << "profile dyn-a: version 2 becomes 3; 5 routes running, 3 waiting under the old policy: "
                                     "their scheduled deadlines stay, their next failure uses the new one.";
    QTest::newRow("none waiting") << "Main" << qint64(1) << true << "" << 2 << 0
                                  << "profile dyn-a (Main): version 1 becomes 2; 2 routes running, none waiting for a "
                                     "deadline: each meets the new policy at its next failure.";
    QTest::newRow("older kandev") << "Main" << qint64(4) << false << "" << 0 << 0
                                  << "profile dyn-a (Main): version 4 becomes 5; this kandev keeps no route state.";
    QTest::newRow("busy") << "Main" << qint64(4) << false << "database is locked" << 0 << 0
                          << "profile dyn-a (Main): version 4 becomes 5; the routes running now could not be read "
                             "(database is locked).";
    QTest::newRow("new") << "Main" << qint64(-1) << true << "" << 0 << 0
                         << "profile dyn-a (Main): written as a new profile; no route is running under it.";
}

void TestModel::databaseWriteSentences()
{
    QFETCH(QString, name);
    QFETCH(qint64, version);
    QFETCH(bool, known);
    QFETCH(QString, error);
    QFETCH(int, running);
    QFETCH(int, scheduled);
    QFETCH(QString, sentence);
    ProfileWrite write;
    write.profileId = QStringLiteral("dyn-a");
    write.name = name;
    if (version >= 0)
        write.versionRead = version;
    write.routesKnown = known;
    write.routesError = error;
    write.routesRunning = running;
    write.routesScheduled = scheduled;
    QCOMPARE(describeWrite(write), sentence);
}

// The Then column shows the snapshot's pending_outcome as stored: a value this
// build does not know is shown, marked, and never read as skip or stop.
void TestModel::liveRoutePendingOutcome_data()
{
    QTest::addColumn<bool>("snapshot");
    QTest::addColumn<QString>("stored");
    QTest::addColumn<QString>("shown");
    QTest::addColumn<bool>("marked");
    QTest::newRow("skip") << true << "skip" << "skip" << false;
    QTest::newRow("stop") << true << "stop" << "stop" << false;
    QTest::newRow("absent") << true << "" << "" << false;
    QTest::newRow("unknown") << true << "retry_forever" << "unknown: retry_forever" << true;
    QTest::newRow("case differs") << true << "Skip" << "unknown: Skip" << true;
    QTest::newRow("no snapshot") << false << "" << "" << false;
}

void TestModel::liveRoutePendingOutcome()
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
    m.setRoutes(routes, policy::Seconds{});
    const QModelIndex cell = m.index(0, LiveRoutesModel::Then);
    QCOMPARE(cell.data().toString(), shown);
    QCOMPARE(cell.data(Qt::ForegroundRole).isValid(), marked);
    QCOMPARE(m.headerData(LiveRoutesModel::Then, Qt::Horizontal).toString(), QStringLiteral("Then"));
    QVERIFY(!m.headerData(LiveRoutesModel::Then, Qt::Horizontal, Qt::ToolTipRole).toString().isEmpty());
}

// The sentence under the dock's table counts down, and says "due now" (never
// "in due") once the deadline has passed.
void TestModel::liveRouteDeadlineText_data()
{
    QTest::addColumn<qint64>("left");
    QTest::addColumn<QString>("ending");
    QTest::newRow("ninety seconds") << qint64(90) << ", in 1 min 30 s.";
    QTest::newRow("one second") << qint64(1) << ", in 1 s.";
    QTest::newRow("at the deadline") << qint64(0) << ", due now.";
    QTest::newRow("past it") << qint64(-5) << ", due now.";
}

void TestModel::liveRouteDeadlineText()
{
    QFETCH(qint64, left);
    QFETCH(QString, ending);
    const policy::Seconds deadline = *policy::parseRfc3339("2026-08-21T10:00:10Z");
    const QString text = LiveRoutesModel::deadlineText(deadline, deadline - std::chrono::seconds{left});
    QCOMPARE(text, QStringLiteral("Deadline ") + LiveRoutesModel::localTime(deadline) + ending);
}

// The Deadline column leaves out today's date (narrow docks), not another day's.
void TestModel::liveRouteDeadlineColumnDropsTodaysDate()
{
    const policy::Seconds now = *policy::parseRfc3339("2026-08-21T10:00:00Z");
    const policy::Seconds soon = now + std::chrono::seconds{10};
    const policy::Seconds later = now + std::chrono::hours{72};
    const auto local = [](policy::Seconds t) { return QDateTime::fromSecsSinceEpoch(t.time_since_epoch().count()).toLocalTime(); };
    QCOMPARE(LiveRoutesModel::localTimeOnDayOf(soon, now), QLocale().toString(local(soon).time(), QLocale::ShortFormat));
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
    m.setNow(now + std::chrono::seconds{1});
    QCOMPARE(changed.count(), 1);
    QCOMPARE(changed.first().at(0).toModelIndex().column(), int(LiveRoutesModel::Deadline));
    QCOMPARE(changed.first().at(1).toModelIndex().column(), int(LiveRoutesModel::Left));
}

// The Candidate column names the profile as the route list does; its id is in the tooltip.
void TestModel::liveRouteCandidatesGoByName()
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
    const auto live = routes::analyseLiveRoutes(read, doc->document(), "dyn-main", policy::Seconds{});
    LiveRoutesModel m;
    QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
    m.setRoutes(live, policy::Seconds{});
    QCOMPARE(m.index(0, LiveRoutesModel::Candidate).data().toString(), QStringLiteral("Codex GPT-5"));
    QVERIFY(m.index(0, LiveRoutesModel::Candidate).data(Qt::ToolTipRole).toString().contains(QStringLiteral("codex-gpt5")));
    QCOMPARE(m.index(1, LiveRoutesModel::Candidate).data().toString(), QString());
    // A profile the document does not hold keeps its id: nothing is made up.
    QCOMPARE(m.index(2, LiveRoutesModel::Candidate).data().toString(), QStringLiteral("retired-profile"));
}

QTEST_GUILESS_MAIN(TestModel)
#include "tst_model.moc"
