// SPDX-License-Identifier: Apache-2.0
// The window's controllers and parts on their own, without a MainWindow:
// what each one tells its listeners (signals), and the flows that used to
// be the window's methods: the document handed over before the old one goes,
// a database read again in a loop after its migration (one "Save changes?",
// one document), the remembered migration report, docks by role.

#include "controllers/database_session.h"
#include "controllers/document_controller.h"
#include "controllers/migration_flow.h"
#include "controllers/recent_files.h"
#include "dialogs/open_database_dialog.h"
#include "window/action_set.h"
#include "window/dock_layout.h"

#include "editor/candidate_editor.h"
#include "route/candidate_list_panel.h"
#include "panels/fleet_pane.h"
#include "panels/live_routes_pane.h"
#include "route/route_pane.h"
#include "timeline/timeline_panel.h"
#include "panels/try_error_panel.h"
#include "panels/validation_pane.h"
#include "panels/what_happens_panel.h"

#include "model/commands.h"
#include "model/editor_document.h"
#include "model/profile_list_model.h"

#include "../common/gui_helpers.h"
#include "../common/kandev_fixture.h"
#include "../common/test_paths.h"
#include "translations.h"

#include <QAbstractButton>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QMainWindow>
#include <QMenuBar>
#include <QPointer>
#include <QSettings>
#include <QSignalSpy>
#include <QTimer>
#include <QToolBar>
#include <QUndoView>
#include <QtTest>

using namespace gui;

namespace
{

// Answers the modal dialogs that come, in order, with the buttons given; a
// dialog after those is noted in `unexpected` and rejected, so that a test
// that asks once too often fails instead of hanging. One script at a time:
// it answers for as long as it lives.
class DialogScript final : public QObject
{
public:
    explicit DialogScript(QStringList buttons)
        : m_buttons(std::move(buttons))
    {
        connect(&m_timer, &QTimer::timeout, this, &DialogScript::answer);
        m_timer.start(10);
    }
    QStringList answered;  // the titles of the dialogs answered
    QStringList unexpected;  // the titles of the dialogs nobody expected

private:
    void answer()
    {
        auto* modal = qobject_cast<QDialog*>(QApplication::activeModalWidget());
        if (!modal || !modal->isVisible())
            return;
        if (modal == m_current) {
            // Under a window manager a click can reach a dialog before X has
            // mapped it, and is lost: pressed again, as a person would.
            if (m_clicked && m_shown.elapsed() > 500) {
                m_shown.restart();
                m_clicked->click();
            }
            return;
        }
        m_current = modal;
        m_clicked = nullptr;
        m_shown.start();
        if (m_buttons.isEmpty()) {
            unexpected << modal->windowTitle();
            modal->reject();
            return;
        }
        const QString text = m_buttons.takeFirst();
        answered << modal->windowTitle();
        for (auto* button : modal->findChildren<QAbstractButton*>()) {
            if (button->text().remove(QLatin1Char('&')) == text) {
                m_clicked = button;
                QTest::mouseClick(button, Qt::LeftButton);
                return;
            }
        }
        unexpected << modal->windowTitle() + QStringLiteral(" (no button ") + text + QLatin1Char(')');
        modal->reject();
    }

    QStringList m_buttons;
    QTimer m_timer;
    QPointer<QDialog> m_current;
    QPointer<QAbstractButton> m_clicked;
    QElapsedTimer m_shown;
};

// The controllers as MainWindow makes them, in a plain window.
struct Controllers {
    QWidget window;
    MigrationFlow* migrations = new MigrationFlow(&window);
    RecentFiles* recent = new RecentFiles(&window);
    DocumentController* documents = new DocumentController(migrations, recent, &window);
    DatabaseSession* database = new DatabaseSession(documents, migrations, &window);
};

// An edit that leaves the document as it was, but not clean: "Save changes?" asks.
void touch(model::EditorDocument* doc)
{
    doc->undoStack()->push(new model::ReplaceDocumentCommand(doc, doc->document(), QStringLiteral("touch")));
}

}  // namespace

class TestControllers final : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void recentFilesKeepTheNewestFirst();
    void databaseChoicesNameTargets_data();
    void databaseChoicesNameTargets();
    void newDocumentHandsOverBeforeTheOldOneGoes();
    void unreadableFileOpensNothing();
    void saveTellsTheWindowAndTheRecentFiles();
    void theSampleIsNoRecentFile();
    void migrationReportLastsUntilAnotherDocument();
    void migratedDatabaseIsReadAgainInALoop();
    void databaseReadAgainKeepsTheFirstReport();
    void saveConflictOffersToReadTheDatabaseAgain();
    void docksAreFoundByRole();
    void actionsFollowTheDocument();

private:
    QString copyOf(const QString& sample)
    {
        return guitest::copyOfSample(m_dir, testpaths::sample(sample));
    }
    QTemporaryDir m_dir;
};

void TestControllers::initTestCase()
{
    QVERIFY(m_dir.isValid());
    guitest::isolateSettings(m_dir, QStringLiteral("Policy Studio Controllers Test"));
    i18n::install(QLocale(QLocale::English));
}

void TestControllers::init()
{
    QSettings().clear();
}

void TestControllers::recentFilesKeepTheNewestFirst()
{
    RecentFiles recent;
    QSignalSpy changed(&recent, &RecentFiles::changed);
    for (int i = 0; i < RecentFiles::kMaxFiles + 2; ++i)
        recent.add(QStringLiteral("/tmp/%1.json").arg(i));
    recent.add(QStringLiteral("/tmp/3.json"));  // again: moves to the front, once
    const QStringList files = recent.files();
    QCOMPARE(files.size(), RecentFiles::kMaxFiles);
    QCOMPARE(files.front(), QStringLiteral("/tmp/3.json"));
    QCOMPARE(files.count(QStringLiteral("/tmp/3.json")), 1);
    QVERIFY(!files.contains(QStringLiteral("/tmp/0.json")));
    QCOMPARE(changed.count(), RecentFiles::kMaxFiles + 3);
    QCOMPARE(changed.last().at(0).toStringList(), files);
}

void TestControllers::newDocumentHandsOverBeforeTheOldOneGoes()
{
    Controllers c;
    QVERIFY(c.documents->openFile(copyOf(QStringLiteral("profile-v1.json"))));
    QPointer<model::EditorDocument> previous = c.documents->document();
    QVERIFY(previous);
    // Listeners hear the new document while the old one still exists, to let go of it.
    model::EditorDocument* handed = nullptr;
    bool previousAliveDuringSignal = false;
    connect(c.documents, &DocumentController::documentChanged, &c.window, [&](model::EditorDocument* doc) {
        handed = doc;
        previousAliveDuringSignal = !previous.isNull();
    });
    QVERIFY(c.documents->newDocument());
    QVERIFY(previousAliveDuringSignal);
    QVERIFY(previous.isNull());
    QCOMPARE(handed, c.documents->document());
    QVERIFY(handed->filePath().isEmpty());
    QCOMPARE(int(handed->dynamicProfiles().size()), 1);
    QCOMPARE(handed->candidateCount(), 0);
}

void TestControllers::unreadableFileOpensNothing()
{
    Controllers c;
    const QString path = m_dir.filePath(QStringLiteral("broken.json"));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("{ not json");
    f.close();
    QSignalSpy changed(c.documents, &DocumentController::documentChanged);
    DialogScript script({QStringLiteral("OK")});
    QVERIFY(!c.documents->openFile(path));
    QCOMPARE(script.answered, QStringList {QStringLiteral("Cannot Open File")});
    QVERIFY(script.unexpected.isEmpty());
    QCOMPARE(changed.count(), 0);
    QVERIFY(!c.documents->document());
    QVERIFY(c.recent->files().isEmpty());
}

void TestControllers::saveTellsTheWindowAndTheRecentFiles()
{
    Controllers c;
    const QString path = copyOf(QStringLiteral("profile-v1.json"));
    QVERIFY(c.documents->openFile(path));
    QCOMPARE(c.recent->files(), QStringList {QFileInfo(path).absoluteFilePath()});
    touch(c.documents->document());
    QSignalSpy saved(c.documents, &DocumentController::documentSaved);
    QSignalSpy status(c.documents, &DocumentController::statusMessage);
    QVERIFY(c.documents->save());
    QCOMPARE(saved.count(), 1);
    QVERIFY(!c.documents->document()->isModified());
    QCOMPARE(status.last().at(0).toString(), QStringLiteral("Saved %1.").arg(QFileInfo(path).fileName()));
    // Clean: "Save changes?" has nothing to ask.
    DialogScript none({});
    QVERIFY(c.documents->maybeSave());
    QVERIFY(none.unexpected.isEmpty());
}

void TestControllers::theSampleIsNoRecentFile()
{
    if (DocumentController::sampleDocumentPath().isEmpty())
        QSKIP("no bundled sample in this build");
    Controllers c;
    QVERIFY(c.documents->openSample());
    QVERIFY(c.documents->document()->filePath() != DocumentController::sampleDocumentPath());
    QVERIFY(c.recent->files().isEmpty());
}

void TestControllers::migrationReportLastsUntilAnotherDocument()
{
    Controllers c;
    QSignalSpy available(c.migrations, &MigrationFlow::reportAvailable);
    QSignalSpy status(c.documents, &DocumentController::statusMessage);
    {
        DialogScript script({QStringLiteral("Migrate")});
        QVERIFY(c.documents->openFile(copyOf(QStringLiteral("legacy-profile.json"))));
        QVERIFY(script.unexpected.isEmpty());
    }
    QVERIFY(c.migrations->hasReport());
    QCOMPARE(available.last().at(0).toBool(), true);
    QVERIFY2(status.last().at(0).toString().startsWith(QStringLiteral("Migrated 4 candidates")),
        qPrintable(status.last().at(0).toString()));
    // The migration is one undoable edit, not written.
    QVERIFY(c.documents->document()->isModified());
    QVERIFY(!c.documents->document()->isReadOnly());

    DialogScript discard({QStringLiteral("Discard")});
    QVERIFY(c.documents->newDocument());
    QVERIFY(discard.unexpected.isEmpty());
    QVERIFY(!c.migrations->hasReport());
    QCOMPARE(available.last().at(0).toBool(), false);
}

void TestControllers::migratedDatabaseIsReadAgainInALoop()
{
    guitest::Watchdog watchdog(std::chrono::seconds(60));
    QTemporaryDir dir;
    Fixture fx(QStringLiteral("sqlite"), dir.path());
    QVERIFY(fx.ok);
    fx.exec(
        QStringLiteral("DELETE FROM dynamic_agent_routes WHERE dynamic_profile_id IN ('dyn-broken', 'dyn-conflict')"));
    Controllers c;
    // An edited file is open: the person discards the edits once, although the database is read twice.
    QVERIFY(c.documents->openFile(copyOf(QStringLiteral("profile-v1.json"))));
    touch(c.documents->document());
    QSignalSpy changed(c.documents, &DocumentController::documentChanged);
    QSignalSpy status(c.database, &DatabaseSession::statusMessage);
    DialogScript script({QStringLiteral("Discard"), QStringLiteral("Migrate"), QStringLiteral("Apply")});
    QVERIFY(c.database->open(fx.target));
    QVERIFY2(script.unexpected.isEmpty(), qPrintable(script.unexpected.join(u',')));
    QCOMPARE(script.answered.size(), 3);
    QCOMPARE(fx.version(QStringLiteral("dyn-legacy")), 4);  // written, then read again
    // One document, as read after the write: nothing left to migrate, nothing read-only.
    QCOMPARE(changed.count(), 1);
    model::EditorDocument* doc = c.documents->document();
    QVERIFY(doc && doc->isDatabase());
    QVERIFY(!doc->isDocumentReadOnly());
    QVERIFY(!doc->document().hasLegacyRules());
    QVERIFY(!doc->isModified());
    QVERIFY(c.migrations->hasReport());
    QVERIFY2(status.last().at(0).toString().startsWith(QStringLiteral("Migrated 1 profile in the database; backup: ")),
        qPrintable(status.last().at(0).toString()));
}

void TestControllers::databaseReadAgainKeepsTheFirstReport()
{
    guitest::Watchdog watchdog(std::chrono::seconds(60));
    QTemporaryDir dir;
    Fixture fx(QStringLiteral("sqlite"), dir.path());
    QVERIFY(fx.ok);
    // dyn-conflict cannot be migrated: the second reading reviews it again, and only offers Open.
    fx.exec(QStringLiteral("DELETE FROM dynamic_agent_routes WHERE dynamic_profile_id = 'dyn-broken'"));
    Controllers c;
    QSignalSpy changed(c.documents, &DocumentController::documentChanged);
    QSignalSpy available(c.migrations, &MigrationFlow::reportAvailable);
    DialogScript script({QStringLiteral("Migrate"), QStringLiteral("Apply"), QStringLiteral("Open")});
    QVERIFY(c.database->open(fx.target));
    QVERIFY2(script.unexpected.isEmpty(), qPrintable(script.unexpected.join(u',')));
    QCOMPARE(changed.count(), 1);
    QCOMPARE(fx.version(QStringLiteral("dyn-legacy")), 4);
    QCOMPARE(fx.version(QStringLiteral("dyn-conflict")), 1);
    // The report is how the first reading was migrated, kept across the second.
    QVERIFY(c.migrations->hasReport());
    QCOMPARE(available.last().at(0).toBool(), true);
    model::EditorDocument* doc = c.documents->document();
    QVERIFY(!doc->isDocumentReadOnly());  // "Open": only the conflicting profile is read-only
}

void TestControllers::saveConflictOffersToReadTheDatabaseAgain()
{
    guitest::Watchdog watchdog(std::chrono::seconds(60));
    QTemporaryDir dir;
    Fixture fx(QStringLiteral("sqlite"), dir.path());
    QVERIFY(fx.ok);
    fx.exec(QStringLiteral("DELETE FROM dynamic_agent_routes WHERE dynamic_profile_id <> 'dyn-current'"));
    Controllers c;
    QVERIFY(c.database->open(fx.target));
    QPointer<model::EditorDocument> first = c.documents->document();
    touch(first);
    QSignalSpy changed(c.documents, &DocumentController::documentChanged);
    {
        DialogScript declined({QStringLiteral("No")});
        emit c.documents->databaseSaveConflicted(QStringLiteral("dyn-current changed in the database"));
        QCOMPARE(declined.answered, QStringList {QStringLiteral("Changed in the Database")});
        QCOMPARE(changed.count(), 0);
        QVERIFY(first && first->isModified());  // the edits stay
    }
    DialogScript reload({QStringLiteral("Yes")});
    emit c.documents->databaseSaveConflicted(QStringLiteral("dyn-current changed in the database"));
    QVERIFY2(reload.unexpected.isEmpty(), qPrintable(reload.unexpected.join(u',')));  // no "Save changes?": dropped
    QCOMPARE(changed.count(), 1);
    QVERIFY(first.isNull());
    QVERIFY(c.documents->document()->isDatabase());
    QVERIFY(!c.documents->document()->isModified());
}

void TestControllers::docksAreFoundByRole()
{
    QMainWindow window;
    auto* profiles = new model::ProfileListModel(&window);
    auto* route = new RoutePane(profiles, &window);
    auto* timeline = new TimelinePanel(&window);
    auto* editor = new CandidateEditor(&window);
    window.setCentralWidget(editor);
    auto* toolBar = window.addToolBar(QStringLiteral("tools"));
    toolBar->setObjectName(QStringLiteral("tools"));  // a part of the saved state
    auto* layout = new DockLayout(&window,
        {route, timeline, new ValidationPane(&window), new WhatHappensPanel(&window), new TryErrorPanel(&window),
            new QUndoView(&window), new LiveRoutesPane(&window), new FleetPane(&window)},
        editor, toolBar);
    const std::pair<DockRole, const char*> roles[] = {{DockRole::Route, "routeDock"},
        {DockRole::Timeline, "timelineDock"}, {DockRole::Validation, "validationDock"},
        {DockRole::WhatHappens, "whatHappensDock"}, {DockRole::TryError, "tryErrorDock"},
        {DockRole::UndoHistory, "undoDock"}, {DockRole::LiveRoutes, "liveRoutesDock"}, {DockRole::Fleet, "fleetDock"}};
    for (const auto& [role, name] : roles) {
        QVERIFY(layout->dock(role));
        QCOMPARE(layout->dock(role)->objectName(), QLatin1String(name));
        QCOMPARE(layout->dock(role)->parent(), static_cast<QObject*>(&window));
    }
    QCOMPARE(layout->dock(DockRole::Route)->widget(), route);
    QCOMPARE(layout->documentDocks().size(), 2);
    QCOMPARE(layout->helperDocks().size(), 6);

    // The start page hides the route and the timeline until a document shows.
    layout->restoreWindow();
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(!layout->dock(DockRole::Route)->isVisible());
    QVERIFY(!layout->dock(DockRole::Timeline)->isVisible());
    layout->documentShown();
    QVERIFY(layout->dock(DockRole::Route)->isVisible());
    QVERIFY(layout->dock(DockRole::Timeline)->isVisible());
    QVERIFY(!layout->dock(DockRole::Validation)->isVisible());
    layout->bringToFront(DockRole::Validation);
    QVERIFY(layout->dock(DockRole::Validation)->isVisible());
    // Reset Layout: the helpers closed again, the tool bar back.
    toolBar->hide();
    layout->reset();
    QVERIFY(!layout->dock(DockRole::Validation)->isVisible());
    QVERIFY(layout->dock(DockRole::Route)->isVisible());
    QVERIFY(toolBar->isVisible());

    layout->saveWindow();
    QVERIFY(QSettings().contains(QStringLiteral("window/geometry")));
    QVERIFY(QSettings().contains(QStringLiteral("window/state")));
}

void TestControllers::actionsFollowTheDocument()
{
    QMainWindow window;
    auto* candidates = new CandidateListPanel(&window);
    auto* actions = new ActionSet(&window, candidates);
    actions->update(nullptr);
    QVERIFY(!actions->saveAction()->isEnabled());
    QVERIFY(!actions->reloadAction()->isEnabled());
    QVERIFY(!actions->reviewChangesAction()->isEnabled());
    QVERIFY(!actions->undoAction()->isEnabled());
    QCOMPARE(actions->undoAction()->text(), QStringLiteral("&Undo"));

    model::LoadResult loaded = model::loadDocumentFile(copyOf(QStringLiteral("profile-v1.json")));
    QVERIFY(loaded.document);
    model::EditorDocument doc(*loaded.document, QStringLiteral("/tmp/profile.json"), loaded.bytes);
    touch(&doc);
    actions->update(&doc);
    QVERIFY(actions->saveAction()->isEnabled());
    QVERIFY(actions->saveAsAction()->isEnabled());
    QVERIFY(actions->reloadAction()->isEnabled());
    QVERIFY(actions->undoAction()->isEnabled());
    QCOMPARE(actions->undoAction()->text(), QStringLiteral("&Undo touch"));
    doc.setReadOnly(true, QStringLiteral("a test"));
    actions->update(&doc);
    QVERIFY(!actions->saveAction()->isEnabled());

    // File > Open Recent asks for the file it names.
    actions->setRecentFiles({QStringLiteral("/tmp/a.json"), QStringLiteral("/tmp/b.json")});
    QMenu* recent = nullptr;
    for (QMenu* menu : window.menuBar()->findChildren<QMenu*>())
        if (menu->title().remove(QLatin1Char('&')) == QStringLiteral("Open Recent"))
            recent = menu;
    QVERIFY(recent && recent->isEnabled());
    QCOMPARE(recent->actions().size(), 2);
    QSignalSpy chosen(actions, &ActionSet::recentFileChosen);
    recent->actions().at(1)->trigger();
    QCOMPARE(chosen.count(), 1);
    QCOMPARE(chosen.at(0).at(0).toString(), QStringLiteral("/tmp/b.json"));
}

void TestControllers::databaseChoicesNameTargets_data()
{
    QTest::addColumn<int>("kind");
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("password");
    QTest::addColumn<bool>("named");
    QTest::addColumn<QString>("expected");  // the target's name for people, or the error
    QTest::addColumn<QString>("expectedPassword");
    using Kind = DatabaseChoice::Kind;
    QTest::newRow("a SQLite file") << int(Kind::SqliteFile) << "/tmp/k.db"
                                   << "" << true << "/tmp/k.db"
                                   << "";
    QTest::newRow("a sqlite: path") << int(Kind::SqliteFile) << "sqlite:/tmp/k.db"
                                    << "" << true << "/tmp/k.db"
                                    << "";
    QTest::newRow("a server, password typed") << int(Kind::Server) << ""
                                              << "typed" << true << "kandev"
                                              << "typed";
    QTest::newRow("a server, password from the environment") << int(Kind::Server) << ""
                                                             << "" << true << "kandev"
                                                             << "from-env";
    QTest::newRow("the environment, not set") << int(Kind::Environment) << ""
                                              << "" << false << "KANDEV_DATABASE_DRIVER is not set."
                                              << "";
}

// What the Open Database dialog's fields make, once DatabaseSession reads them.
void TestControllers::databaseChoicesNameTargets()
{
    QFETCH(int, kind);
    QFETCH(QString, path);
    QFETCH(QString, password);
    QFETCH(bool, named);
    QFETCH(QString, expected);
    QFETCH(QString, expectedPassword);
    const QByteArray oldDriver = qgetenv("KANDEV_DATABASE_DRIVER");
    const QByteArray oldPassword = qgetenv("KANDEV_DATABASE_PASSWORD");
    qunsetenv("KANDEV_DATABASE_DRIVER");
    qputenv("KANDEV_DATABASE_PASSWORD", "from-env");
    DatabaseChoice choice;
    choice.kind = DatabaseChoice::Kind(kind);
    choice.path = path;
    choice.host = QStringLiteral("db.example");
    choice.port = 5433;
    choice.user = QStringLiteral("kandev");
    choice.database = QStringLiteral("kandev");
    choice.password = password;
    QString error;
    const auto target = DatabaseSession::targetOf(choice, &error);
    qputenv("KANDEV_DATABASE_DRIVER", oldDriver);
    qputenv("KANDEV_DATABASE_PASSWORD", oldPassword);
    QCOMPARE(target.has_value(), named);
    if (!target) {
        QCOMPARE(error, expected);
        return;
    }
    if (choice.kind == DatabaseChoice::Kind::SqliteFile) {
        QCOMPARE(target->path, expected);
    } else {
        QCOMPARE(target->host, QStringLiteral("db.example"));
        QCOMPARE(target->port, 5433);
        QCOMPARE(target->database, expected);
    }
    QCOMPARE(target->password, expectedPassword);
}

QTEST_MAIN(TestControllers)
#include "tst_controllers.moc"
