// SPDX-License-Identifier: Apache-2.0
// Drives the real editor window on kandev databases (real SQLite files):
// the password prompt, read-only profiles, Live Routes, migrate, edit, save
// and a conflict, databases named on the command line.
#include "editor/candidate_editor.h"
#include "route/candidate_list_panel.h"
#include "editor/class_policy_panel.h"
#include "editor/field_binder.h"
#include "controls/value_controls.h"
#include "panels/live_routes_pane.h"
#include "dialogs/candidate_picker_dialog.h"
#include "window/main_window.h"
#include "dialogs/migration_review_dialog.h"
#include "panels/validation_pane.h"
#include "dialogs/catalogue_dialog.h"
#include "window/start_page.h"
#include "timeline/timeline_panel.h"
#include "panels/try_error_panel.h"
#include "catalogue/classifier.h"
#include <QDockWidget>
#include <QPlainTextEdit>
#include <QTableWidget>
#include "panels/what_happens_panel.h"

#include "model/candidate_list_model.h"
#include "model/validation_model.h"

#include "../common/catalogue_fixtures.h"
#include "../common/gui_helpers.h"
#include "../common/kandev_routes.h"
#include "../common/test_paths.h"
#include "translations.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDialog>
#include <QInputDialog>
#include <QLineEdit>
#include <QJsonDocument>
#include <QJsonObject>
#include <QKeySequence>
#include <QLabel>
#include <QListView>
#include <QMessageBox>
#include <QPushButton>
#include <QRadioButton>
#include <QSettings>
#include <QSpinBox>
#include <QTableView>
#include <QTemporaryDir>
#include <QMenu>
#include <QMenuBar>
#include <QSplitter>
#include <QToolBar>
#include <QToolButton>
#include <QTextBrowser>
#include <QTimer>
#include <QTreeView>
#include <QXmlStreamReader>
#include <QScrollBar>
#include <QTextDocumentFragment>
#include <QStatusBar>
#include <functional>
#include <QtTest>

using namespace gui;

namespace
{

using guitest::answerNextDialog;
using guitest::clickButton;
using guitest::onNextReview;
using guitest::typeValue;

}  // namespace

namespace
{
// Types `text` into the next password prompt and presses Return (or Escape
// when `text` is empty), keeping the prompt's words.
void answerPasswordPrompt(const QString& text, QString* label)
{
    QTimer::singleShot(0, [=] {
        auto* prompt = qobject_cast<QInputDialog*>(QApplication::activeModalWidget());
        if (!prompt) {
            answerPasswordPrompt(text, label);  // not shown yet
            return;
        }
        *label = prompt->labelText();
        auto* field = prompt->findChild<QLineEdit*>();
        QCOMPARE(field->echoMode(), QLineEdit::Password);
        QTest::keyClicks(field, text);
        QTest::keyClick(field, text.isEmpty() ? Qt::Key_Escape : Qt::Key_Return);
    });
}
}  // namespace

namespace
{

// Makes the profile with this id the one being edited.
}  // namespace

class TestGuiDatabase final : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void databasePasswordIsAskedFor();
    void unreadableDatabaseProfileAloneIsReadOnly();
    void liveRoutesDock();
    void liveRoutesShowFiveRowsOnALaptop();
    void liveRoutesDockHiddenWithoutRouteState();
    void databaseMigrateEditSaveAndConflict();
    void databaseConflictLeavesTheOtherProfilesMigratable();
    void commandLineOpensDatabases();

private:
    QTemporaryDir m_dir;
    QString copyOf(const QString& sample);
};

void TestGuiDatabase::initTestCase()
{
    QVERIFY(m_dir.isValid());
    guitest::isolateSettings(m_dir, QStringLiteral("Policy Studio Test"));
    i18n::install(QLocale(QLocale::English));
}

void TestGuiDatabase::init()
{
    QSettings().clear();
}

QString TestGuiDatabase::copyOf(const QString& sample)
{
    return guitest::copyOfSample(m_dir, testpaths::sample(sample));
}

void TestGuiDatabase::databasePasswordIsAskedFor()
{
    if (qEnvironmentVariableIsEmpty("POLICY_STUDIO_PG_PASSWORD"))
        QSKIP("no PostgreSQL role with a password: run the tests through make test");
    QTemporaryDir dir;
    Fixture fx(QStringLiteral("postgres"), dir.path());
    QVERIFY(fx.ok);
    fx.exec(QStringLiteral("DELETE FROM dynamic_agent_routes WHERE dynamic_profile_id <> 'dyn-current'"));
    store::DatabaseTarget target = fx.target;
    target.user = qEnvironmentVariable("POLICY_STUDIO_PG_PASSWORD_USER");
    MainWindow window;
    window.show();

    // Cancelled: nothing opens.
    QString first;
    answerPasswordPrompt(QString(), &first);
    QVERIFY(!window.openDatabase(target));
    QVERIFY2(first.contains(target.user), qPrintable(first));

    // A wrong password is refused and asked for again; the right one opens.
    QString second;
    QString third;
    answerPasswordPrompt(QStringLiteral("not-the-password"), &second);
    QTimer::singleShot(300, [&] { answerPasswordPrompt(qEnvironmentVariable("POLICY_STUDIO_PG_PASSWORD"), &third); });
    QVERIFY(window.openDatabase(target));
    QVERIFY2(third.contains(QLatin1String("passw"), Qt::CaseInsensitive), qPrintable(third));
    QVERIFY(!third.contains(QStringLiteral("not-the-password")));
    QVERIFY(window.document() && window.document()->isDatabase());
    QVERIFY(!window.windowTitle().contains(qEnvironmentVariable("POLICY_STUDIO_PG_PASSWORD")));
}

void TestGuiDatabase::unreadableDatabaseProfileAloneIsReadOnly()
{
    QTemporaryDir dir;
    Fixture fx(QStringLiteral("sqlite"), dir.path());
    QVERIFY(fx.ok);
    // No legacy rules left (so no review), one profile with an unreadable route.
    fx.exec(
        QStringLiteral("DELETE FROM dynamic_agent_routes WHERE dynamic_profile_id IN ('dyn-legacy', 'dyn-conflict') "
                       "OR (dynamic_profile_id = 'dyn-broken' AND position = 1)"));
    fx.route("dyn-broken", 1, "codex-gpt5", kPolicies);
    const QString broken = fx.rulesJson(QStringLiteral("dyn-broken"), 0);
    MainWindow window;
    window.resize(1366, 768);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.openDatabase(fx.target));
    model::EditorDocument* doc = window.document();
    QVERIFY(!doc->isDocumentReadOnly());

    // Chosen with the mouse in the profile list.
    auto* list = window.findChild<QListView*>();
    QVERIFY(list && list->isVisible());
    const auto choose = [&](const char* id) {
        for (int row = 0; row < list->model()->rowCount(); ++row) {
            const QModelIndex index = list->model()->index(row, 0);
            if (index.data().toString().contains(QLatin1String(id))) {
                list->scrollTo(index);
                QTest::mouseClick(list->viewport(), Qt::LeftButton, {}, list->visualRect(index).center());
                return doc->document().profiles[std::size_t(doc->currentProfile())].id == id;
            }
        }
        return false;
    };
    ValueSpinBox* retries = window.candidateEditor()->transientPanel()->maxRetriesBox();
    QVERIFY(choose("dyn-broken"));
    QVERIFY(doc->isReadOnly());
    QVERIFY2(window.windowTitle().contains(QStringLiteral("read-only")), qPrintable(window.windowTitle()));
    QVERIFY(doc->readOnlyReason().contains(QStringLiteral("cannot be read")));
    window.candidateList()->selectRow(1);
    QVERIFY(!retries->isEnabled() || retries->isReadOnly());

    QVERIFY(choose("dyn-current"));
    QVERIFY(!doc->isReadOnly());
    QVERIFY(!window.windowTitle().contains(QStringLiteral("read-only")));
    window.candidateList()->selectRow(0);
    QVERIFY(retries->isEnabled() && !retries->isReadOnly());
    typeValue(retries, 7);
    QVERIFY(choose("dyn-broken"));  // saving from a read-only profile saves the others
    answerNextDialog(QStringLiteral("Save"));
    QVERIFY(window.save());
    QVERIFY(fx.rulesJson(QStringLiteral("dyn-current"), 0).contains(QStringLiteral("\"max_retries\":7")));
    QCOMPARE(fx.rulesJson(QStringLiteral("dyn-broken"), 0), broken);
    QCOMPARE(fx.version(QStringLiteral("dyn-broken")), 5);
}

void TestGuiDatabase::liveRoutesDock()
{
    QTemporaryDir dir;
    Fixture fx(QStringLiteral("sqlite"), dir.path());
    QVERIFY(fx.ok);
    addWaitingRoute(fx);
    MainWindow window;
    window.resize(1366, 768);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    LiveRoutesPane* pane = window.liveRoutesPane();
    policy::Seconds clock = *policy::parseRfc3339("2026-08-21T10:00:00Z");
    pane->setClock([&clock] { return clock; });
    QVERIFY(window.openDatabase(fx.target));
    model::EditorDocument* doc = window.document();
    QVERIFY(editProfile(*doc, "dyn-current"));
    auto* dock = window.findChild<QDockWidget*>(QStringLiteral("liveRoutesDock"));
    QVERIFY(dock);
    QVERIFY(dock->toggleViewAction()->isEnabled());
    dock->show();
    dock->raise();
    QTRY_VERIFY(pane->isVisible());
    QAbstractItemModelTester tester(pane->model(), QAbstractItemModelTester::FailureReportingMode::QtTest);

    QTest::mouseClick(pane->refreshButton(), Qt::LeftButton);
    QCOMPARE(pane->model()->rowCount(), 1);
    const auto cell = [&](int column) { return pane->model()->index(0, column).data().toString(); };
    QCOMPARE(cell(model::LiveRoutesModel::Session), QStringLiteral("s-1"));
    QCOMPARE(cell(model::LiveRoutesModel::State), QStringLiteral("Retry wait"));
    QCOMPARE(cell(model::LiveRoutesModel::Left), QStringLiteral("10 s"));
    QCOMPARE(cell(model::LiveRoutesModel::Then), QStringLiteral("skip"));
    QCOMPARE(cell(model::LiveRoutesModel::Policy), QStringLiteral("same"));
    QVERIFY2(pane->status()->text().contains(QStringLiteral("1 route running")), qPrintable(pane->status()->text()));

    // Chosen with the mouse: what happens next, the history, and the paused candidate.
    QTableView* view = pane->view();
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, view->visualRect(pane->model()->index(0, 0)).center());
    QCOMPARE(view->currentIndex().row(), 0);
    QVERIFY2(
        pane->details()->text().contains(QStringLiteral("retry 2 of 3 in 10 s")), qPrintable(pane->details()->text()));
    QVERIFY2(pane->details()->text().contains(QStringLiteral("candidate_order")), qPrintable(pane->details()->text()));
    // For the docs: POLICY_STUDIO_SCREENSHOT_DIR=docs writes what this looks like.
    if (const QString dir = qEnvironmentVariable("POLICY_STUDIO_SCREENSHOT_DIR"); !dir.isEmpty()) {
        QTest::qWait(300);
        QVERIFY(window.grab().save(dir + QStringLiteral("/live-routes.png")));
    }

    // The countdown moves with the clock, the rows stay.
    QSignalSpy changed(pane->model(), &QAbstractItemModel::dataChanged);
    clock += std::chrono::seconds {4};
    QTRY_COMPARE(cell(model::LiveRoutesModel::Left), QStringLiteral("6 s"));
    QVERIFY(changed.count() >= 1);
    QCOMPARE(view->currentIndex().row(), 0);

    // Editing the policy marks the route and spells out the difference.
    window.candidateList()->selectRow(0);
    typeValue(window.candidateEditor()->transientPanel()->maxRetriesBox(), 1);
    // ... at once, from the rows already read: well before the next read of the database.
    QTRY_COMPARE_WITH_TIMEOUT(
        cell(model::LiveRoutesModel::Policy), QStringLiteral("differs"), LiveRoutesPane::kRefreshIntervalMs / 5);
    QCOMPARE(view->currentIndex().row(), 0);
    QTest::mouseClick(pane->refreshButton(), Qt::LeftButton);
    QCOMPARE(cell(model::LiveRoutesModel::Policy), QStringLiteral("differs"));
    QCOMPARE(view->currentIndex().row(), 0);  // the same route stays selected across a refresh
    QVERIFY2(pane->details()->text().contains(
                 QStringLiteral("scheduled under 3 retries from 5 s; you are editing 1 retry from 5 s")),
        qPrintable(pane->details()->text()));

    // Saving says which routes run under the profile it writes; the route keeps its snapshot.
    QString review;
    answerNextDialog(QStringLiteral("Save"), &review);
    QVERIFY(window.save());
    QVERIFY2(
        review.contains(QStringLiteral("1 route running, 1 waiting under the old policy: its scheduled deadline stays, "
                                       "its next failure uses the new one.")),
        qPrintable(review));
    QTest::mouseClick(pane->refreshButton(), Qt::LeftButton);
    QCOMPARE(cell(model::LiveRoutesModel::Policy), QStringLiteral("differs"));

    // kandev writes while the dock is open: the next refresh shows it.
    QVERIFY(
        fx.exec(QStringLiteral("UPDATE dynamic_route_states SET state = 'action_required' WHERE session_id = 's-1'")));
    QTest::mouseClick(pane->refreshButton(), Qt::LeftButton);
    QCOMPARE(cell(model::LiveRoutesModel::State), QStringLiteral("Action required"));

    // Show in Timeline continues the route from its state, the paused candidate passed over.
    QSignalSpy requested(pane, &LiveRoutesPane::scenarioRequested);
    QVERIFY(pane->timelineButton()->isEnabled());
    QTest::mouseClick(pane->timelineButton(), Qt::LeftButton);
    QCOMPARE(requested.count(), 1);
    const auto scenario = requested.first().first().value<policy::Scenario>();
    QVERIFY(scenario.from);
    QCOMPARE(scenario.from->retryOrdinal, 1);
    QCOMPARE(scenario.circuits.size(), std::size_t(1));
    QTRY_VERIFY(window.findChild<QDockWidget*>(QStringLiteral("timelineDock"))->isVisible());
}

// On a laptop, with a route opened, the dock still lists at least five routes.
void TestGuiDatabase::liveRoutesShowFiveRowsOnALaptop()
{
    QSettings().clear();  // the first start's layout, not one an earlier test left
    QTemporaryDir dir;
    Fixture fx(QStringLiteral("sqlite"), dir.path());
    QVERIFY(fx.ok);
    addWaitingRoute(fx);
    for (int session = 2; session <= 7; ++session)
        fx.routeState(QStringLiteral("s-%1").arg(session), QStringLiteral("dyn-current"),
            QStringLiteral("claude-sonnet"), QStringLiteral("action_required"), QStringLiteral("{}"));
    MainWindow window;
    window.resize(1366, 700);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.openDatabase(fx.target));
    QVERIFY(editProfile(*window.document(), "dyn-current"));
    auto* dock = window.findChild<QDockWidget*>(QStringLiteral("liveRoutesDock"));
    if (!dock->isVisible())
        dock->toggleViewAction()->trigger();
    dock->raise();
    LiveRoutesPane* pane = window.liveRoutesPane();
    QTRY_VERIFY(pane->isVisible());
    QTest::mouseClick(pane->refreshButton(), Qt::LeftButton);
    QCOMPARE(pane->model()->rowCount(), 7);
    QTableView* view = pane->view();
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, view->visualRect(pane->model()->index(0, 0)).center());
    QVERIFY(!pane->details()->text().isEmpty());
    const auto whole = [&] {
        int rows = 0;
        for (int row = 0; row < pane->model()->rowCount(); ++row)
            rows += view->viewport()->rect().contains(view->visualRect(pane->model()->index(row, 0))) ? 1 : 0;
        return rows;
    };
    // Once the docks have taken the sizes a newly opened document gives them.
    QTRY_VERIFY2(whole() >= 5,
        qPrintable(QStringLiteral("%1 routes in view, dock %2 px high").arg(whole()).arg(dock->height())));
}

void TestGuiDatabase::liveRoutesDockHiddenWithoutRouteState()
{
    QTemporaryDir dir;
    Fixture fx(QStringLiteral("sqlite"), dir.path());
    QVERIFY(fx.ok);
    fx.exec(QStringLiteral(
        "DELETE FROM dynamic_agent_routes WHERE dynamic_profile_id IN ('dyn-legacy', 'dyn-conflict', 'dyn-broken')"));
    for (const char* table : {"dynamic_route_attempts", "dynamic_route_states", "dynamic_resource_circuits"})
        QVERIFY(fx.exec(QStringLiteral("DROP TABLE %1").arg(QLatin1String(table))));
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.openDatabase(fx.target));
    auto* dock = window.findChild<QDockWidget*>(QStringLiteral("liveRoutesDock"));
    QVERIFY(!dock->isVisible());
    QVERIFY(!dock->toggleViewAction()->isEnabled());
    QVERIFY(window.liveRoutesPane()->status()->text().contains(QStringLiteral("no route state")));
    // Its save confirmation says so instead of counting routes.
    model::EditorDocument* doc = window.document();
    QVERIFY(editProfile(*doc, "dyn-current"));
    window.candidateList()->selectRow(0);
    typeValue(window.candidateEditor()->transientPanel()->maxRetriesBox(), 6);
    QString review;
    answerNextDialog(QStringLiteral("Save"), &review);
    QVERIFY(window.save());
    QVERIFY2(review.contains(QStringLiteral("this kandev keeps no route state.")), qPrintable(review));
    QCOMPARE(fx.version(QStringLiteral("dyn-current")), 10);
    // A file has no live routes either.
    QVERIFY(window.openFromCommandLine(testpaths::sample(QStringLiteral("export.json"))));
    QVERIFY(!dock->isVisible());
    QVERIFY(!dock->toggleViewAction()->isEnabled());
}

void TestGuiDatabase::databaseMigrateEditSaveAndConflict()
{
    QTemporaryDir dir;
    Fixture fx(QStringLiteral("sqlite"), dir.path());
    QVERIFY(fx.ok);
    // Only readable, migratable profiles: the editor then opens it for editing.
    fx.exec(
        QStringLiteral("DELETE FROM dynamic_agent_routes WHERE dynamic_profile_id IN ('dyn-broken', 'dyn-conflict')"));
    MainWindow window;
    window.show();
    QString report;
    answerNextDialog(QStringLiteral("Migrate"), &report);
    QTimer::singleShot(200, [] { answerNextDialog(QStringLiteral("Apply")); });
    QVERIFY(window.openDatabase(fx.target));
    QVERIFY(report.contains(QStringLiteral("model_capacity → retry_same")));
    QCOMPARE(fx.version(QStringLiteral("dyn-legacy")), 4);  // applied, after a backup
    QVERIFY(!QDir(dir.path()).entryList({QStringLiteral("kandev.backup-*.db")}).isEmpty());
    model::EditorDocument* doc = window.document();
    QVERIFY(doc && doc->isDatabase());
    QVERIFY(!doc->isReadOnly());
    QVERIFY(window.windowTitle().startsWith(fx.target.path));

    // Edit dyn-current and save: one transaction, version 9 -> 10.
    QVERIFY(editProfile(*doc, "dyn-current"));
    window.candidateList()->selectRow(0);
    typeValue(window.candidateEditor()->transientPanel()->maxRetriesBox(), 6);
    QVERIFY(window.isWindowModified());
    // Every database save is confirmed first; Cancel writes nothing.
    QString review;
    answerNextDialog(QStringLiteral("Cancel"), &review);
    QVERIFY(!window.save());
    QVERIFY(window.isWindowModified());
    QCOMPARE(fx.version(QStringLiteral("dyn-current")), 9);
    QVERIFY2(
        review.contains(QStringLiteral("version 9 becomes 10; no route is running under it.")), qPrintable(review));
    QVERIFY2(review.contains(QStringLiteral("transient.retry.max_retries: 3 -> 6")), qPrintable(review));
    answerNextDialog(QStringLiteral("Save"));
    QVERIFY(window.save());
    QVERIFY(!window.isWindowModified());
    QCOMPARE(fx.version(QStringLiteral("dyn-current")), 10);
    QVERIFY(fx.rulesJson(QStringLiteral("dyn-current"), 0).contains(QStringLiteral("\"max_retries\":6")));

    // Someone else saves in between: the save is refused, and we decline to reload.
    fx.exec(QStringLiteral("UPDATE dynamic_agent_profiles SET version = 11 WHERE profile_id = 'dyn-current'"));
    typeValue(window.candidateEditor()->transientPanel()->maxRetriesBox(), 2);
    QString message;
    answerNextDialog(QStringLiteral("Save"), nullptr, [&message] { answerNextDialog(QStringLiteral("No"), &message); });
    QVERIFY(!window.save());
    QVERIFY2(message.contains(QStringLiteral("changed in the database")), qPrintable(message));
    QVERIFY(window.isWindowModified());
    QVERIFY(fx.rulesJson(QStringLiteral("dyn-current"), 0).contains(QStringLiteral("\"max_retries\":6")));
    answerNextDialog(QStringLiteral("Discard"));
    QVERIFY(window.close());
}

void TestGuiDatabase::databaseConflictLeavesTheOtherProfilesMigratable()
{
    QTemporaryDir dir;
    Fixture fx(QStringLiteral("sqlite"), dir.path());
    QVERIFY(fx.ok);
    // dyn-conflict's rules conflict; dyn-legacy's can be migrated, as policyctl migrate --db --apply does.
    fx.exec(QStringLiteral("DELETE FROM dynamic_agent_routes WHERE dynamic_profile_id = 'dyn-broken'"));
    MainWindow window;
    window.show();
    QString firstIntro, secondIntro, secondReport;
    QStringList secondButtons;
    // The reviews after Apply: the database opened again, with only the conflict left.
    const std::function<void()> answerSecond = [&] {
        auto* review = qobject_cast<MigrationReviewDialog*>(QApplication::activeModalWidget());
        if (!review || !review->isVisible()) {
            QTimer::singleShot(10, answerSecond);
            return;
        }
        for (auto* label : review->findChildren<QLabel*>())
            secondIntro += label->text();
        secondReport = review->browser()->toPlainText();
        for (auto* b : review->findChildren<QPushButton*>())
            secondButtons << b->text().remove(QLatin1Char('&'));
        clickButton(review, QStringLiteral("Open"));
    };
    onNextReview([&](MigrationReviewDialog* review) {
        for (auto* label : review->findChildren<QLabel*>())
            firstIntro += label->text();
        clickButton(review, QStringLiteral("Migrate"));
        answerNextDialog(QStringLiteral("Apply"), nullptr, [&] { QTimer::singleShot(0, answerSecond); });
    });
    QVERIFY(window.openDatabase(fx.target));
    QVERIFY2(!firstIntro.contains(QStringLiteral("in the file")), qPrintable(firstIntro));
    QCOMPARE(fx.version(QStringLiteral("dyn-legacy")), 4);  // migrated
    QCOMPARE(fx.version(QStringLiteral("dyn-conflict")), 1);  // untouched
    // The conflict is told in the database's words: the profile and the candidate by name.
    QCOMPARE(secondButtons, QStringList {QStringLiteral("Open")});
    const QString said = secondIntro + secondReport;
    QVERIFY2(!said.contains(QStringLiteral("in the file")) && !said.contains(QStringLiteral("dynamic.candidates[")),
        qPrintable(said));
    QVERIFY2(said.contains(QStringLiteral("dyn-conflict")) && said.contains(QStringLiteral("Codex GPT-5")),
        qPrintable(said));
    QVERIFY2(said.contains(QStringLiteral("in kandev")), qPrintable(said));
    // Only the conflicting profile is read-only, and it says what to settle.
    model::EditorDocument* doc = window.document();
    QVERIFY(doc && !doc->isDocumentReadOnly());
    QVERIFY(editProfile(*doc, "dyn-conflict"));
    QVERIFY(doc->isReadOnly());
    QVERIFY2(doc->readOnlyReason().contains(QStringLiteral("model_capacity"))
            && doc->readOnlyReason().contains(QStringLiteral("rate_limited")),
        qPrintable(doc->readOnlyReason()));
    QVERIFY(editProfile(*doc, "dyn-legacy"));
    QVERIFY(!doc->isReadOnly());
    QVERIFY(doc->candidate(0).policies);
    QVERIFY(window.saveAction()->isEnabled());
}

void TestGuiDatabase::commandLineOpensDatabases()
{
    QTemporaryDir dir;
    Fixture fx(QStringLiteral("sqlite"), dir.path());
    QVERIFY(fx.ok);
    // No legacy rules left, so that no migration review is asked for.
    fx.exec(QStringLiteral(
        "DELETE FROM dynamic_agent_routes WHERE dynamic_profile_id IN ('dyn-legacy', 'dyn-conflict', 'dyn-broken')"));
    // A SQLite file by its contents, whatever it is called; sqlite:PATH; and a document file.
    const QString renamed = dir.path() + QStringLiteral("/kandev-copy.data");
    QVERIFY(QFile::copy(fx.target.path, renamed));
    for (const QString& argument : {fx.target.path, renamed, QStringLiteral("sqlite:") + fx.target.path}) {
        MainWindow window;
        QVERIFY2(window.openFromCommandLine(argument), qPrintable(argument));
        QVERIFY(window.document() && window.document()->isDatabase());
    }
    MainWindow window;
    QVERIFY(window.openFromCommandLine(copyOf(QStringLiteral("profile-v1.json"))));
    QVERIFY(!window.document()->isDatabase());
    // A URL that does not parse is refused with a message that does not repeat it (it may hold a password).
    QString message;
    answerNextDialog(QStringLiteral("OK"), &message);
    QVERIFY(!window.openFromCommandLine(QStringLiteral("postgres://user:s3cret@")));
    QVERIFY(!message.isEmpty());
    QVERIFY2(!message.contains(QStringLiteral("s3cret")), qPrintable(message));
}

QTEST_MAIN(TestGuiDatabase)
#include "tst_gui_database.moc"
