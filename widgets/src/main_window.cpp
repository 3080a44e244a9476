#include "window/main_window.h"

#include "controls/accessibility.h"
#include "panels/live_routes_pane.h"

#include "catalogue/classifier.h"
#include "policy/catalogue.h"
#include "policy/limits.h"

#include "window/bundled_icons.h"
#include "window/document_undo_keys.h"
#include "editor/candidate_editor.h"
#include "window/start_page.h"
#include "route/candidate_list_panel.h"
#include "route/route_pane.h"
#include "dialogs/review_changes_dialog.h"
#include "window/colour_scheme.h"
#include "dialogs/migration_review_dialog.h"
#include "dialogs/open_database_dialog.h"
#include "timeline/timeline_panel.h"
#include "panels/try_error_panel.h"
#include "dialogs/catalogue_dialog.h"
#include "panels/validation_pane.h"
#include "panels/what_happens_panel.h"

#include "model/commands.h"
#include "model/database_writes.h"
#include "model/policy_text.h"
#include "model/profile_list_model.h"

#include "migration/migration.h"
#include "store/database_target.h"
#include "store/kandev_database.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QDir>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QFileSystemWatcher>
#include <QInputDialog>
#include <QLabel>
#include <QListView>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QScreen>
#include <QScrollArea>
#include <QSettings>
#include <QStatusBar>
#include <QTableView>
#include <QStackedWidget>
#include <QTemporaryDir>
#include <QTimer>
#include <QToolBar>
#include <QToolButton>
#include <QUndoView>

namespace gui
{

namespace
{
constexpr int kMaxRecentFiles = 8;

// Puts the focusable widgets inside `container` right after `anchor` in the
// Tab chain, keeping their order; returns the last of them.
QWidget* chainFocus(QWidget* anchor, QWidget* container)
{
    // The whole window's chain: reparenting (a scroll area's widget) can split
    // a container's part of it.
    QList<QWidget*> inside;
    QWidget* start = anchor->window();
    for (QWidget* w = start->nextInFocusChain(); w != start; w = w->nextInFocusChain()) {
        // Only leaves that take Tab focus: setTabOrder() moves a widget's
        // children along with it, which would scramble a container.
        if (container->isAncestorOf(w) && (w->focusPolicy() & Qt::TabFocus) && !w->focusProxy())
            inside << w;
    }
    QWidget* previous = anchor;
    for (QWidget* w : inside) {
        QWidget::setTabOrder(previous, w);
        previous = w;
    }
    return previous;
}

// Raises a dock over its tab siblings and focuses its first control, once it is shown.
void bringForward(QDockWidget* dock)
{
    dock->raise();
    QTimer::singleShot(0, dock, [dock] {
        for (QWidget* w = dock->nextInFocusChain(); w != dock; w = w->nextInFocusChain()) {
            if (dock->isAncestorOf(w) && (w->focusPolicy() & Qt::TabFocus) && w->isVisible() && w->isEnabled()) {
                w->setFocus(Qt::OtherFocusReason);
                return;
            }
        }
    });
}
const auto kRecentKey = QStringLiteral("recentFiles");
}  // namespace

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent)
    // The accessibility factory first: an interface, once created for a control, is kept.
    , m_profileModel((installAccessibility(), new model::ProfileListModel(this)))
    , m_route(new RoutePane(m_profileModel, this))
    , m_profiles(m_route->profileList())
    , m_candidates(m_route->candidates())
    , m_editor(new CandidateEditor(this))
    , m_validation(new ValidationPane(this))
    , m_whatHappens(new WhatHappensPanel(this))
    , m_timeline(new TimelinePanel(this))
    , m_tryError(new TryErrorPanel(this))
    , m_undoView(new QUndoView(this))
    , m_liveRoutes(new LiveRoutesPane(this))
    , m_watcher(new QFileSystemWatcher(this))
{
    setObjectName(QStringLiteral("mainWindow"));
    setAcceptDrops(true);
    setWindowTitle(tr("Policy Studio"));

    // The centre is the candidate editor and nothing else; docks can take
    // room from it only down to its minimum, so it never collapses.
    auto* scroll = new QScrollArea(this);
    scroll->setObjectName(QStringLiteral("editorScroll"));
    scroll->setAccessibleName(tr("Candidate editor"));
    // Not a Tab stop of its own (it would show no focus mark): its fields are,
    // and a focused field is scrolled into view.
    scroll->setFocusPolicy(Qt::NoFocus);
    scroll->setWidget(m_editor);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setMinimumSize(kEditorMinimumSize);
    // Before a document is open, the start page stands where the editor will be.
    m_startPage = new StartPage(this);
    m_central = new QStackedWidget(this);
    m_central->addWidget(m_startPage);
    m_central->addWidget(scroll);
    setCentralWidget(m_central);
    m_startPage->setDefaultDatabase(store::defaultSqlitePath());
    m_startPage->setSampleAvailable(!sampleDocumentPath().isEmpty());
    connect(m_startPage, &StartPage::openFileRequested, this, &MainWindow::openDialog);
    connect(m_startPage, &StartPage::openDatabaseRequested, this, &MainWindow::openDatabaseDialog);
    connect(m_startPage, &StartPage::openDefaultDatabaseRequested, this, [this](const QString& path) {
        store::DatabaseTarget target;
        target.path = path;
        openDatabase(target);
    });
    connect(m_startPage, &StartPage::openSampleRequested, this, &MainWindow::openSample);
    connect(m_startPage, &StartPage::newProfileRequested, this, &MainWindow::newDocument);
    connect(m_startPage, &StartPage::recentFileRequested, this, &MainWindow::openFromCommandLine);

    m_undoView->setEmptyLabel(tr("Opened"));  // the state before the first edit, as the list reads
    m_undoView->setAccessibleName(tr("Undo history"));

    createActions();
    // Ctrl+Z and Ctrl+Shift+Z from any field act on the document's stack.
    new DocumentUndoKeys(this);
    createDocks();
    // Reading order for Tab: the route, the editor's fields, the timeline, then the docks.
    chainFocus(chainFocus(m_candidates->view(), m_editor), m_timeline);
    // A field that gets focus (Tab, a mnemonic, a validation problem) is scrolled into view.
    connect(qApp, &QApplication::focusChanged, this, [scroll](QWidget*, QWidget* now) {
        if (now && scroll->widget() && scroll->widget()->isAncestorOf(now))
            scroll->ensureWidgetVisible(now);
    });
    statusBar()->showMessage(tr("Open a dynamic profile document to start."));
    // "2 problems": a click brings Validation forward.
    m_problemButton = new QToolButton(this);
    m_problemButton->setObjectName(QStringLiteral("problemCount"));
    m_problemButton->setAutoRaise(true);
    m_problemButton->setToolTip(tr("Show the problems in Validation"));
    m_problemButton->hide();
    statusBar()->addPermanentWidget(m_problemButton);
    connect(m_problemButton, &QToolButton::clicked, this, &MainWindow::showValidation);

    connect(m_candidates, &CandidateListPanel::currentRowChanged, m_editor, &CandidateEditor::setRow);
    connect(m_candidates, &CandidateListPanel::currentRowChanged, m_whatHappens, &WhatHappensPanel::setRow);
    connect(m_candidates, &CandidateListPanel::currentRowChanged, m_tryError, &TryErrorPanel::setRow);
    connect(m_tryError, &TryErrorPanel::scenarioRequested, this, [this](const policy::Scenario& scenario) {
        m_timeline->showScenario(scenario);
        if (auto* dock = findChild<QDockWidget*>(QStringLiteral("timelineDock"))) {
            dock->show();
            dock->raise();
        }
    });
    connect(m_liveRoutes, &LiveRoutesPane::scenarioRequested, this, [this](const policy::Scenario& scenario) {
        m_timeline->showScenario(scenario);
        if (auto* dock = findChild<QDockWidget*>(QStringLiteral("timelineDock"))) {
            dock->show();
            dock->raise();
        }
    });
    connect(m_validation, &ValidationPane::issueActivated, this, &MainWindow::goToIssue);
    connect(m_route, &RoutePane::profileChosen, this, [this](int profile) {
        if (m_doc)
            m_doc->setCurrentProfile(profile);
    });
    connect(m_watcher, &QFileSystemWatcher::fileChanged, this, &MainWindow::onFileChangedOnDisk);

    // First start: fit the screen people have (a 1366x768 laptop included).
    const QRect available = screen() ? screen()->availableGeometry() : QRect(0, 0, 1440, 900);
    resize(std::min(2200, available.width() * 92 / 100), std::min(1300, available.height() * 92 / 100));
    placeDocksForScreen(available.size());
    // View > Reset Layout comes back to this.
    m_defaultState = saveState(kLayoutVersion);
    QSettings settings;
    if (settings.contains(QStringLiteral("window/geometry"))) {
        restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray());
        // A layout saved by an older window (another set of docks) is not applied.
        m_savedState = settings.value(QStringLiteral("window/state")).toByteArray();
        restoreState(m_savedState, kLayoutVersion);
        m_route->restoreSplitState(settings.value(QStringLiteral("window/routeSplit")).toByteArray());
    } else {
        move(available.center() - rect().center());
        // A laptop's screen is used whole: every row counts there.
        m_startMaximized = available.height() < kRoomyScreenHeight;
    }
    // Dock sizes only stick once the window has its size, and the timeline's
    // depends on the editor's: both are set when the first document shows.
    m_sizeDocksOnOpen = !settings.contains(QStringLiteral("window/state"));
    // Nothing to show in the route and the timeline until a document is open.
    for (QDockWidget* dock : documentDocks()) {
        m_dockWanted.insert(dock, !dock->isHidden());
        dock->hide();
    }
    updateActions();
}

MainWindow::~MainWindow()
{
    // The document goes before the views (members die before the QWidget
    // base): detach them first, or the route table asks for size hints of
    // rows that are gone and never returns.
    detachDocument();
}

void MainWindow::detachDocument()
{
    if (m_doc && !m_doc->filePath().isEmpty())
        m_watcher->removePath(m_doc->filePath());
    m_candidates->setDocument(nullptr);
    m_editor->setDocument(nullptr);
    m_validation->setDocument(nullptr);
    m_whatHappens->setDocument(nullptr);
    m_tryError->setDocument(nullptr);
    m_liveRoutes->setDocument(nullptr);
    m_timeline->setDocument(nullptr);
    m_profileModel->setDocument(nullptr);
    m_undoView->setStack(nullptr);
    // The stack signals while it is destroyed; this window must not hear it.
    if (m_doc) {
        m_doc->undoStack()->disconnect(this);
        m_doc->disconnect(this);
    }
}

void MainWindow::createActions()
{
    QMenu* file = menuBar()->addMenu(tr("&File"));
    file->addAction(tr("&New Dynamic Profile"), this, &MainWindow::newDocument)->setShortcut(QKeySequence::New);
    QAction* open = file->addAction(bundledIcon(QStringLiteral("open")), tr("&Open…"), this, &MainWindow::openDialog);
    open->setShortcut(QKeySequence::Open);
    QAction* openDatabase
        = file->addAction(bundledIcon(QStringLiteral("database")), tr("Open &Database…"), this, &MainWindow::openDatabaseDialog);
    m_recentMenu = file->addMenu(tr("Open &Recent"));
    rebuildRecentMenu();
    m_reloadAction = file->addAction(tr("Re&load from Disk"), this, [this] {
        if (m_doc && !m_doc->filePath().isEmpty() && maybeSave())
            openFile(m_doc->filePath());
    });
    file->addSeparator();
    m_saveAction
        = file->addAction(bundledIcon(QStringLiteral("save")), tr("&Save"), this, &MainWindow::save);
    m_saveAction->setShortcut(QKeySequence::Save);
    m_saveAsAction = file->addAction(tr("Save &As…"), this, &MainWindow::saveAs);
    m_saveAsAction->setShortcut(QKeySequence::SaveAs);
    m_reviewAction = file->addAction(tr("Revie&w Changes…"), this, [this] {
        if (!m_doc)
            return;
        const review::DocumentDiff changes = m_doc->pendingChanges();
        ReviewChangesDialog(changes, model::databaseWrites(*m_doc, changes), m_doc->displayName(),
                            ReviewChangesDialog::Purpose::Review, m_doc->saveRefusal(), this,
                            candidateNames())
            .exec();
    });
    file->addSeparator();
    QAction* quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);

    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    m_undoAction = edit->addAction(bundledIcon(QStringLiteral("undo")), tr("&Undo"));
    m_undoAction->setShortcut(QKeySequence::Undo);
    m_redoAction = edit->addAction(bundledIcon(QStringLiteral("redo")), tr("&Redo"));
    m_redoAction->setShortcut(QKeySequence::Redo);
    connect(m_undoAction, &QAction::triggered, this, [this] {
        if (m_doc)
            m_doc->undoStack()->undo();
    });
    connect(m_redoAction, &QAction::triggered, this, [this] {
        if (m_doc)
            m_doc->undoStack()->redo();
    });
    edit->addSeparator();
    m_candidates->addAction()->setIcon(bundledIcon(QStringLiteral("add")));
    m_candidates->removeAction()->setIcon(bundledIcon(QStringLiteral("remove")));
    m_candidates->moveUpAction()->setIcon(bundledIcon(QStringLiteral("up")));
    m_candidates->moveDownAction()->setIcon(bundledIcon(QStringLiteral("down")));
    for (QAction* a : {m_candidates->addAction(), m_candidates->removeAction(), m_candidates->moveUpAction(),
             m_candidates->moveDownAction(), m_candidates->copyPoliciesAction()})
        edit->addAction(a);

    // The main tool bar: the file and the route at one click, icons only (the tool tips name them).
    m_toolBar = addToolBar(tr("Main Tool Bar"));
    m_toolBar->setObjectName(QStringLiteral("mainToolBar"));
    m_toolBar->setMovable(false);
    m_toolBar->setToolButtonStyle(Qt::ToolButtonIconOnly);
    m_toolBar->setIconSize(QSize(20, 20));
    m_toolBar->addActions({open, openDatabase, m_saveAction});
    m_toolBar->addSeparator();
    m_toolBar->addActions({m_undoAction, m_redoAction});
    m_toolBar->addSeparator();
    m_candidates->copyPoliciesAction()->setIcon(bundledIcon(QStringLiteral("copy")));
    m_toolBar->addActions({m_candidates->addAction(), m_candidates->removeAction(), m_candidates->moveUpAction(),
                           m_candidates->moveDownAction(), m_candidates->copyPoliciesAction()});
    // One place for these actions: the route's own button row would repeat them.
    m_candidates->actionBar()->hide();

    m_viewMenu = menuBar()->addMenu(tr("&View"));
    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("Error &Catalogue…"), this, [this] { CatalogueDialog(this).exec(); });
    help->addAction(tr("&About Policy Studio"), this, [this] {
        QMessageBox::about(this, tr("About Policy Studio"), aboutText());
    });
}

QString MainWindow::aboutText()
{
    const auto s = [](std::string_view v) { return QString::fromUtf8(v.data(), qsizetype(v.size())); };
    return tr("<b>Policy Studio %1</b><p>Edits the per-class recovery policies of kandev dynamic profiles, validated by the "
              "same evaluator a backend links.</p><p>Error catalogue: %2 (%3 rules)<br/>Policy schema version: %4</p>")
        .arg(QApplication::applicationVersion(), s(policy::kCatalogueVersion))
        .arg(catalogue::rules().size())
        .arg(policy::kSupportedPolicyVersion);
}

void MainWindow::createDocks()
{
    auto dock = [this](const QString& title, const QString& name, QWidget* widget, Qt::DockWidgetArea area) {
        auto* d = new QDockWidget(title, this);
        d->setObjectName(name);
        d->setWidget(widget);
        addDockWidget(area, d);
        // Under the editor, a dock's title runs up its left edge: height is
        // what a laptop lacks there, and the rows it saves are the timeline's.
        const auto titleFollowsArea = [d](Qt::DockWidgetArea where) {
            const bool across = where == Qt::BottomDockWidgetArea || where == Qt::TopDockWidgetArea;
            d->setFeatures(d->features().setFlag(QDockWidget::DockWidgetVerticalTitleBar, across));
        };
        titleFollowsArea(area);
        connect(d, &QDockWidget::dockLocationChanged, d, titleFollowsArea);
        m_viewMenu->addAction(d->toggleViewAction());
        // Asked for, a dock comes to the front of its tab group and takes the focus.
        connect(d->toggleViewAction(), &QAction::triggered, d, [d](bool shown) {
            if (shown)
                bringForward(d);
        });
        return d;
    };
    // The route stands left of the editor; the timeline and the helpers share
    // the bottom in tabs, across the whole width (a picture wants width, and
    // the controls above it then keep to one row), or the right on a wide screen.
    setCorner(Qt::BottomLeftCorner, Qt::BottomDockWidgetArea);
    setCorner(Qt::TopLeftCorner, Qt::LeftDockWidgetArea);
    setDockOptions(dockOptions() | QMainWindow::GroupedDragging);
    dock(tr("Route"), QStringLiteral("routeDock"), m_route, Qt::LeftDockWidgetArea);
    QDockWidget* timeline = dock(tr("Timeline"), QStringLiteral("timelineDock"), m_timeline, Qt::BottomDockWidgetArea);
    connect(m_timeline, &TimelinePanel::warningCountChanged, timeline, [timeline](int warnings) {
        timeline->setWindowTitle(warnings > 0 ? tr("Timeline — %n warning(s)", nullptr, warnings) : tr("Timeline"));
    });
    m_viewMenu->addAction(m_toolBar->toggleViewAction());
    m_viewMenu->addSeparator();
    QDockWidget* validation
        = dock(tr("Validation"), QStringLiteral("validationDock"), m_validation, Qt::BottomDockWidgetArea);
    // Scrollable, so that the shared area can stay low.
    auto* whatScroll = new QScrollArea(this);
    whatScroll->setWidget(m_whatHappens);
    whatScroll->setWidgetResizable(true);
    whatScroll->setFrameShape(QFrame::NoFrame);
    whatScroll->setAccessibleName(tr("What Happens If…"));
    whatScroll->setFocusPolicy(Qt::NoFocus);  // as the editor's: its fields are the stops
    QDockWidget* what
        = dock(tr("What Happens If…"), QStringLiteral("whatHappensDock"), whatScroll, Qt::BottomDockWidgetArea);
    QDockWidget* tryError = dock(tr("Try an Error"), QStringLiteral("tryErrorDock"), m_tryError, Qt::BottomDockWidgetArea);
    QDockWidget* history = dock(tr("Undo History"), QStringLiteral("undoDock"), m_undoView, Qt::BottomDockWidgetArea);
    QDockWidget* live = dock(tr("Live Routes"), QStringLiteral("liveRoutesDock"), m_liveRoutes, Qt::BottomDockWidgetArea);
    // Only a kandev database with route state has live routes: elsewhere the
    // dock is hidden and its View menu entry disabled.
    live->toggleViewAction()->setEnabled(false);
    connect(m_liveRoutes, &LiveRoutesPane::availabilityChanged, live, [live](bool available) {
        live->toggleViewAction()->setEnabled(available);
        live->setVisible(available);
    });
    // The helpers wait in the timeline's tab group, closed until asked for.
    for (QDockWidget* helper : {validation, what, tryError, history, live}) {
        tabifyDockWidget(timeline, helper);
        helper->hide();
    }
    timeline->raise();
    m_viewMenu->addSeparator();
    m_migrationReportAction = m_viewMenu->addAction(tr("&Migration Report…"), this, &MainWindow::showMigrationReport);
    m_migrationReportAction->setEnabled(false);
    m_viewMenu->addAction(tr("&Reset Layout"), this, &MainWindow::resetLayout);
    QMenu* schemes = m_viewMenu->addMenu(tr("Colour &Scheme"));
    auto* group = new QActionGroup(schemes);
    const std::pair<ColourScheme, QString> choices[] = {
        {ColourScheme::System, tr("&System")}, {ColourScheme::Light, tr("&Light")}, {ColourScheme::Dark, tr("&Dark")}};
    for (const auto& [scheme, text] : choices) {
        QAction* a = schemes->addAction(text);
        a->setCheckable(true);
        a->setChecked(scheme == storedColourScheme());
        group->addAction(a);
        connect(a, &QAction::triggered, this, [scheme] {
            storeColourScheme(scheme);
            applyColourScheme(scheme);
        });
    }
}

QList<QDockWidget*> MainWindow::documentDocks() const
{
    return {findChild<QDockWidget*>(QStringLiteral("routeDock")), findChild<QDockWidget*>(QStringLiteral("timelineDock"))};
}

void MainWindow::placeDocksForScreen(const QSize& available)
{
    // A wide screen has room for the timeline beside the editor; below it, the editor would lose its panels' width.
    const Qt::DockWidgetArea area = available.width() >= kWideScreenWidth ? Qt::RightDockWidgetArea : Qt::BottomDockWidgetArea;
    auto* timeline = findChild<QDockWidget*>(QStringLiteral("timelineDock"));
    if (dockWidgetArea(timeline) == area)
        return;
    addDockWidget(area, timeline);
    for (const char* name : {"validationDock", "whatHappensDock", "tryErrorDock", "undoDock", "liveRoutesDock"}) {
        auto* helper = findChild<QDockWidget*>(QLatin1String(name));
        addDockWidget(area, helper);
        tabifyDockWidget(timeline, helper);
        helper->hide();
    }
    timeline->raise();
}

void MainWindow::sizeDocksToWindow()
{
    // The route a quarter of the width, never so narrow that names are cut (300 px keeps kandev's profile names whole).
    auto* route = findChild<QDockWidget*>(QStringLiteral("routeDock"));
    auto* timeline = findChild<QDockWidget*>(QStringLiteral("timelineDock"));
    resizeDocks({route}, {std::clamp(width() / 4, 300, 400)}, Qt::Horizontal);
    if (dockWidgetArea(timeline) == Qt::RightDockWidgetArea) {
        resizeDocks({timeline}, {width() * 2 / 5}, Qt::Horizontal);
        return;
    }
    // The editor keeps what its panels need (when a candidate is shown); the timeline gets the rest, within reason.
    const int shared = centralWidget()->height() + (timeline->isVisible() ? timeline->height() : 0);
    const int editorNeeds = m_doc ? m_editor->fullHeightHint(centralWidget()->width()) + 8 : shared * 2 / 3;
    const int timelineNeeds = timeline->sizeHint().height();
    // (A window not shown yet has no height to share: the lower bound wins.)
    const int most = std::max(200, shared * 3 / 5);
    resizeDocks({timeline}, {std::clamp(std::min(shared - editorNeeds, timelineNeeds), 200, most)}, Qt::Vertical);
}

review::CandidateNames MainWindow::candidateNames() const
{
    const model::EditorDocument* doc = m_doc.get();
    return [doc](const std::string& id) { return doc ? doc->agentProfileName(id) : std::string(); };
}

void MainWindow::rememberMigration(const migration::MigrationReport& report, const format::Document& before,
                                   const QString& name)
{
    m_migration = RememberedMigration{report, before, name};
    m_migrationReportAction->setEnabled(true);
}

void MainWindow::forgetMigration()
{
    m_migration.reset();
    m_migrationReportAction->setEnabled(false);
}

void MainWindow::showMigrationReport()
{
    if (!m_migration)
        return;
    MigrationReviewDialog review(m_migration->report, m_migration->name, this, {}, &m_migration->before);
    review.setReviewOnly();
    review.exec();
}

void MainWindow::resetLayout()
{
    restoreState(m_defaultState, kLayoutVersion);
    m_toolBar->show();
    for (QDockWidget* dock : documentDocks())
        dock->setVisible(m_doc != nullptr);
    sizeDocksToWindow();
}

void MainWindow::openDialog()
{
    const QString dir = m_doc && !m_doc->filePath().isEmpty() ? QFileInfo(m_doc->filePath()).absolutePath() : QString();
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Open Dynamic Profile"), dir, tr("JSON documents (*.json);;All files (*)"));
    if (!path.isEmpty())
        openFile(path);
}

bool MainWindow::openFile(const QString& path)
{
    if (!maybeSave())
        return false;
    forgetMigration();
    model::LoadResult loaded = model::loadDocumentFile(path);
    if (!loaded.document) {
        QMessageBox::critical(
            this, tr("Cannot Open File"), tr("Policy Studio cannot open this file:\n\n%1").arg(loaded.error));
        return false;
    }
    auto doc
        = std::make_unique<model::EditorDocument>(*loaded.document, QFileInfo(path).absoluteFilePath(), loaded.bytes);
    const QString name = QFileInfo(path).fileName();
    if (loaded.newerPolicyVersion) {
        doc->setReadOnly(true,
            tr("a candidate uses a newer policy version than this editor understands; it is never "
               "downgraded"));
        QMessageBox::information(this, tr("Opened Read-Only"),
            tr("%1 uses a newer policy version than this editor supports. It opens read-only so "
               "that nothing is downgraded.")
                .arg(name));
    } else if (loaded.legacy) {
        QString migratedMessage;
        // Review until the person migrates, opens read-only, or settles a
        // conflict (an undoable edit) and reviews the result again.
        for (bool asRead = true;; asRead = false) {
            const migration::MigrationReport report = migration::planMigration(doc->document());
            MigrationReviewDialog review(report, name, this, {}, &doc->document());
            if (asRead)  // line numbers hold only for the document as it is in the file
                review.setSourceFile(path);
            review.setChoicesOffered(true);
            const int answer = review.exec();
            if (answer == MigrationReviewDialog::ChoiceMade && review.choice()) {
                const MigrationReviewDialog::Choice choice = *review.choice();
                const format::Document settled = migration::keepConflictingRule(
                    doc->document(), choice.profileIndex, choice.candidateIndex, choice.errorClass, choice.keep);
                const auto& candidate = settled.profiles[choice.profileIndex].dynamic->candidates[choice.candidateIndex];
                doc->undoStack()->push(new model::ReplaceDocumentCommand(
                    doc.get(), settled,
                    tr("Let %1 decide %2 of %3")
                        .arg(QString::fromStdString(choice.keep), model::PolicyText::classInSentence(choice.errorClass),
                             QString::fromStdString(candidate.executionProfileId))));
                continue;
            }
            if (answer == QDialog::Accepted && !report.hasErrors()) {
                rememberMigration(report, doc->document(), name);
                const auto migrated = migration::applyMigration(doc->document(), report);
                doc->undoStack()->push(new model::ReplaceDocumentCommand(doc.get(), *migrated, tr("Migrate legacy rules")));
                migratedMessage = tr("Migrated %n candidate(s) to versioned policies; nothing is written until you save. "
                                     "View › Migration Report shows how.",
                                     nullptr, int(report.changedCandidates()));
            } else {
                doc->setReadOnly(true,
                    report.hasErrors() ? tr("some legacy rules in this document cannot be migrated")
                                       : tr("its legacy rules were not migrated"));
            }
            break;
        }
        setDocument(std::move(doc));
        addRecentFile(m_doc->filePath());
        if (!migratedMessage.isEmpty())
            statusBar()->showMessage(migratedMessage, 15000);
        return true;
    }
    setDocument(std::move(doc));
    addRecentFile(m_doc->filePath());
    return true;
}

void MainWindow::openDatabaseDialog()
{
    OpenDatabaseDialog dialog(this);
    if (dialog.exec() != QDialog::Accepted)
        return;
    QString error;
    const auto target = dialog.target(&error);
    if (!target) {
        QMessageBox::critical(this, tr("Cannot Open Database"), error);
        return;
    }
    openDatabase(*target);
}

std::optional<QString> MainWindow::askDatabasePassword(const store::DatabaseTarget& target, const QString& error)
{
    // The server's words without the target they repeat ("postgres://…: ").
    QString reason = error;
    if (const QString prefix = target.displayName() + QStringLiteral(": "); reason.startsWith(prefix))
        reason.remove(0, prefix.size());
    QInputDialog dialog(this);
    dialog.setWindowTitle(tr("Database Password"));
    dialog.setLabelText(tr("%1 asks for the password of user \u201c%2\u201d. It is kept only while the database is open.\n\n%3")
                            .arg(target.displayName(), target.user, reason));
    dialog.setTextEchoMode(QLineEdit::Password);
    dialog.setOkButtonText(tr("&Connect"));
    // A long server message wraps instead of widening the prompt past the screen.
    if (auto* label = dialog.findChild<QLabel*>()) {
        label->setWordWrap(true);
        label->setMinimumWidth(dialog.fontMetrics().averageCharWidth() * 60);
    }
    if (dialog.exec() != QDialog::Accepted)
        return std::nullopt;
    return dialog.textValue();
}

QString MainWindow::sampleDocumentPath()
{
    // Installed (share/policy-studio/samples beside bin/), else the source tree this build came from.
    for (const QString& dir : {QCoreApplication::applicationDirPath() + QStringLiteral("/../share/policy-studio/samples"),
                               QStringLiteral(POLICY_STUDIO_SAMPLES_DIR)}) {
        const QString path = QDir(dir).filePath(QStringLiteral("profile-v1.json"));
        if (QFileInfo(path).isFile())
            return QFileInfo(path).canonicalFilePath();
    }
    return {};
}

bool MainWindow::newDocument()
{
    if (!maybeSave())
        return false;
    forgetMigration();
    // A bare dynamic profile document with no candidate yet: Validation says
    // what it needs, and Save asks where to put it.
    format::Document document;
    document.shape = format::FileShape::DynamicDocument;
    format::ProfileRecord profile;
    profile.dynamic = format::DynamicRecord{};
    document.profiles.push_back(std::move(profile));
    setDocument(std::make_unique<model::EditorDocument>(std::move(document), QString(), QByteArray()));
    statusBar()->showMessage(tr("A new dynamic profile: add its first candidate with Add Candidate (%1).")
                                 .arg(m_candidates->addAction()->shortcut().toString(QKeySequence::NativeText)),
                             15000);
    // The hint is done once there is a candidate: it must not outlive its truth.
    connect(m_doc.get(), &model::EditorDocument::candidateInserted, statusBar(), &QStatusBar::clearMessage,
            Qt::SingleShotConnection);
    return true;
}

bool MainWindow::openSample()
{
    // A copy, so that saving never changes the sample itself.
    const QString sample = sampleDocumentPath();
    if (sample.isEmpty())
        return false;
    if (!m_sampleDir)
        m_sampleDir = std::make_unique<QTemporaryDir>();
    const QString copy = m_sampleDir->filePath(QStringLiteral("profile-v1.json"));
    QFile::remove(copy);
    if (!m_sampleDir->isValid() || !QFile::copy(sample, copy)) {
        QMessageBox::critical(this, tr("Cannot Open File"), tr("The sample could not be copied to %1.").arg(m_sampleDir->path()));
        return false;
    }
    QFile::setPermissions(copy, QFile::ReadOwner | QFile::WriteOwner);
    return openFile(copy);
}

bool MainWindow::openFromCommandLine(const QString& argument)
{
    if (!store::namesDatabase(argument))
        return openFile(argument);
    QString error;
    const auto target = store::parseDatabaseTarget(argument, &error);
    if (!target) {
        // The argument may hold a password: the message names the problem, not the argument.
        QMessageBox::warning(this, tr("Cannot Open Database"), tr("The database could not be opened: %1.").arg(error.toHtmlEscaped()));
        return false;
    }
    return openDatabase(*target);
}

bool MainWindow::openDatabase(const store::DatabaseTarget& requested)
{
    if (!maybeSave())
        return false;
    forgetMigration();
    QString error;
    store::DatabaseTarget target = requested;
    store::OpenFailure failure = store::OpenFailure::Other;
    std::shared_ptr<store::KandevDatabase> database = store::KandevDatabase::open(target, &error, &failure);
    // A server that wants a password gets one asked for, as often as it
    // refuses one, until the person cancels.
    while (!database && failure == store::OpenFailure::PasswordNeeded) {
        const std::optional<QString> password = askDatabasePassword(target, error);
        if (!password)
            return false;
        target.password = *password;
        database = store::KandevDatabase::open(target, &error, &failure);
    }
    std::optional<store::LoadedDatabase> loaded;
    if (database)
        loaded = database->load(&error);
    if (!loaded) {
        QMessageBox::critical(this, tr("Cannot Open Database"), tr("Policy Studio cannot read this database:\n\n%1").arg(error));
        return false;
    }
    auto doc = std::make_unique<model::EditorDocument>(loaded->document, QString(), QByteArray());
    doc->attachDatabase(database, loaded->versions);
    QStringList unreadable;
    for (const auto& row : loaded->invalidRows)
        unreadable << QString::fromStdString(row.message);
    // Only the profiles concerned are read-only; the rest stay editable.
    const auto& profiles = loaded->document.profiles;
    for (std::size_t i = 0; i < profiles.size(); ++i) {
        if (loaded->invalidProfiles.contains(profiles[i].id))
            doc->setProfileReadOnly(int(i), tr("a row of this profile holds a value that cannot be read"));
        else if (loaded->newerVersionProfiles.contains(profiles[i].id))
            doc->setProfileReadOnly(int(i), tr("a route of this profile has a policy version newer than this build; saving "
                                               "could lose what it means"));
    }

    if (loaded->document.hasLegacyRules()) {
        const migration::MigrationReport report = store::planDatabaseMigration(*loaded);
        MigrationReviewDialog review(report, target.displayName(), this, unreadable, &loaded->document);
        review.setDatabase();
        // A profile whose rules cannot be migrated stays read-only and says what to settle;
        // it keeps neither the migration of the others nor their editing from happening.
        for (const auto& profile : report.profiles) {
            for (const auto& candidate : profile.candidates) {
                if (candidate.errors.empty())
                    continue;
                doc->setProfileReadOnly(int(profile.profileIndex),
                    tr("its legacy rules cannot be migrated (%1); settle them in kandev and open the database again")
                        .arg(QString::fromStdString(candidate.errors.front().message)));
                break;
            }
        }
        const bool migratable = MigrationReviewDialog::canMigrateSome(report);
        if (review.exec() == QDialog::Accepted) {
            rememberMigration(report, loaded->document, target.displayName());
            const auto answer = QMessageBox::question(
                this, tr("Apply Migration"),
                tr("Write the migrated policies to %1 now, in one transaction, after a backup? Profiles with errors are left "
                   "untouched.")
                    .arg(target.displayName()),
                QMessageBox::Apply | QMessageBox::Cancel, QMessageBox::Cancel);
            if (answer == QMessageBox::Apply) {
                const QString backupDir = target.kind == store::DatabaseTarget::Kind::Sqlite
                    ? QFileInfo(target.path).absolutePath()
                    : QDir::homePath();
                const store::WriteResult written = database->applyMigration(*loaded, report, backupDir);
                if (!written.ok) {
                    QMessageBox::critical(this, tr("Migration Not Applied"), tr("Nothing was written.\n\n%1").arg(written.error));
                } else {
                    database.reset();
                    doc.reset();
                    const auto kept = m_migration;  // opening again must not forget it
                    const bool reopened = openDatabase(target);
                    m_migration = kept;
                    m_migrationReportAction->setEnabled(m_migration.has_value());
                    statusBar()->showMessage(tr("Migrated %n profile(s) in the database; backup: %1. View › Migration Report shows how.",
                                                nullptr, written.profilesWritten)
                                                 .arg(written.backupPath));
                    return reopened;
                }
            }
        }
        // "Open Read-Only", as the review's button says: all of it. With nothing
        // to migrate the button is "Open": only the profiles above stay read-only.
        if (migratable)
            doc->setReadOnly(true, tr("its legacy rules were not migrated"));
    }
    setDocument(std::move(doc));
    return true;
}

bool MainWindow::saveConflictAskReload(const QString& error)
{
    const auto answer = QMessageBox::warning(this, tr("Changed in the Database"),
                                             tr("%1\n\nReload the profiles from the database? Your unsaved edits are lost.").arg(error),
                                             QMessageBox::Yes | QMessageBox::No, QMessageBox::No);
    if (answer != QMessageBox::Yes)
        return false;
    const store::DatabaseTarget target = m_doc->database()->target();
    m_doc->undoStack()->setClean();
    return openDatabase(target);
}

void MainWindow::setDocument(std::unique_ptr<model::EditorDocument> document)
{
    detachDocument();
    m_doc = std::move(document);
    m_problemsShown = false;
    m_central->setCurrentIndex(1);

    m_profileModel->setDocument(m_doc.get());
    m_editor->setDocument(m_doc.get());
    m_whatHappens->setDocument(m_doc.get());
    m_tryError->setDocument(m_doc.get());
    m_liveRoutes->setDocument(m_doc.get());
    m_timeline->setDocument(m_doc.get());
    m_validation->setDocument(m_doc.get());
    m_candidates->setDocument(m_doc.get());
    m_undoView->setStack(m_doc->undoStack());
    m_route->showProfile(m_doc->currentProfile());
    // The route and the timeline come back as they were left (the start page
    // hid them); hidden docks forget their sizes, so the saved layout is
    // applied again once they show.
    for (auto it = m_dockWanted.cbegin(); it != m_dockWanted.cend(); ++it)
        it.key()->setVisible(it.value());
    m_dockWanted.clear();
    if (!m_savedState.isEmpty()) {
        restoreState(m_savedState, kLayoutVersion);
        m_savedState.clear();
    }
    if (m_sizeDocksOnOpen) {
        m_sizeDocksOnOpen = false;
        QTimer::singleShot(0, this, &MainWindow::sizeDocksToWindow);
    }
    if (!m_doc->filePath().isEmpty())
        m_watcher->addPath(m_doc->filePath());

    QUndoStack* stack = m_doc->undoStack();
    connect(stack, &QUndoStack::cleanChanged, this, &MainWindow::updateTitle);
    connect(stack, &QUndoStack::canUndoChanged, this, &MainWindow::updateActions);
    connect(stack, &QUndoStack::canRedoChanged, this, &MainWindow::updateActions);
    connect(stack, &QUndoStack::undoTextChanged, this, &MainWindow::updateActions);
    connect(stack, &QUndoStack::redoTextChanged, this, &MainWindow::updateActions);
    connect(m_doc.get(), &model::EditorDocument::currentProfileChanged, this, [this](int profile) {
        m_route->showProfile(profile);
        updateTitle();
    });
    connect(m_doc.get(), &model::EditorDocument::issuesChanged, this, &MainWindow::updateActions);
    connect(m_doc.get(), &model::EditorDocument::readOnlyChanged, this, [this](bool readOnly) {
        updateActions();
        if (readOnly)
            statusBar()->showMessage(tr("Read-only: %1.").arg(m_doc->readOnlyReason()), 8000);
    });
    updateTitle();
    updateActions();
    // Arrow keys walk the route straight away.
    if (isActiveWindow() || !QApplication::focusWidget())
        m_candidates->view()->setFocus();
    statusBar()->showMessage(m_doc->isReadOnly() ? tr("Read-only: %1.").arg(m_doc->readOnlyReason())
                                                 : tr("Opened %1.").arg(m_doc->displayName()),
        8000);
}

void MainWindow::updateTitle()
{
    if (!m_doc) {
        setWindowTitle(tr("Policy Studio"));
        return;
    }
    QString title = m_doc->displayName() + QStringLiteral("[*]");
    if (m_doc->dynamicProfiles().size() > 1 && m_doc->currentProfile() >= 0)
        title += QStringLiteral(" — ") + m_doc->profileTitle(m_doc->currentProfile());
    if (m_doc->isReadOnly())
        title += QStringLiteral(" ") + tr("(read-only)");
    setWindowTitle(title + QStringLiteral(" — ") + tr("Policy Studio"));
    setWindowModified(m_doc->isModified());
}

void MainWindow::updateActions()
{
    const bool open = m_doc != nullptr;
    // Saving writes every edited profile, so a read-only current profile
    // does not keep the others from being saved.
    const bool savable = open && !m_doc->isDocumentReadOnly();
    m_saveAction->setEnabled(savable);
    m_saveAsAction->setEnabled(savable && !m_doc->isDatabase());
    m_reloadAction->setEnabled(open && !m_doc->filePath().isEmpty());
    m_reviewAction->setEnabled(open);
    QUndoStack* stack = open ? m_doc->undoStack() : nullptr;
    m_undoAction->setEnabled(stack && stack->canUndo());
    m_redoAction->setEnabled(stack && stack->canRedo());
    m_undoAction->setText(stack && stack->canUndo() ? tr("&Undo %1").arg(stack->undoText()) : tr("&Undo"));
    m_redoAction->setText(stack && stack->canRedo() ? tr("&Redo %1").arg(stack->redoText()) : tr("&Redo"));
    updateProblemCount();
    updateTitle();
}

void MainWindow::updateProblemCount()
{
    const int problems = m_doc ? m_validation->model()->rowCount() : 0;
    m_problemButton->setVisible(problems > 0);
    m_problemButton->setText(tr("%n problem(s)", nullptr, problems));
    // The first problems of a document bring Validation forward once; after
    // that the counter is enough, and a closed dock stays closed.
    if (problems > 0 && !m_problemsShown) {
        m_problemsShown = true;
        showValidation();
    }
}

void MainWindow::showValidation()
{
    if (auto* dock = findChild<QDockWidget*>(QStringLiteral("validationDock"))) {
        dock->show();
        dock->raise();
    }
}

bool MainWindow::save()
{
    if (!m_doc)
        return false;
    if (m_doc->isDatabase()) {
        // Every database save is confirmed against what it writes and the routes it affects.
        const review::DocumentDiff changes = m_doc->pendingChanges();
        if (!changes.equal()
            && ReviewChangesDialog(changes, model::databaseWrites(*m_doc, changes), m_doc->displayName(),
                                   ReviewChangesDialog::Purpose::ConfirmSave, m_doc->saveRefusal(), this,
                                   candidateNames())
                       .exec()
                   != QDialog::Accepted)
            return false;
        const auto result = m_doc->saveAs({});
        if (result.conflict) {
            saveConflictAskReload(result.error);
            return false;
        }
        if (!result.ok) {
            QMessageBox::critical(this, tr("Cannot Save"), tr("Nothing was written; your edits are still here.\n\n%1").arg(result.error));
            return false;
        }
        updateTitle();
        statusBar()->showMessage(tr("Saved to %1.").arg(m_doc->displayName()), 5000);
        return true;
    }
    if (m_doc->filePath().isEmpty())
        return saveAs();
    if (m_doc->changedOnDisk()) {
        const auto answer = QMessageBox::warning(this, tr("File Changed on Disk"),
            tr("%1 was changed by another program since it was opened. Saving replaces those changes.")
                .arg(m_doc->displayName()),
            QMessageBox::Save | QMessageBox::Cancel, QMessageBox::Cancel);
        if (answer != QMessageBox::Save)
            return false;
    }
    return saveTo(m_doc->filePath());
}

bool MainWindow::saveAs()
{
    if (!m_doc)
        return false;
    QString filter;
    const QString chosen = QFileDialog::getSaveFileName(
        this, tr("Save Dynamic Profile As"), m_doc->filePath(), tr("JSON documents (*.json)"), &filter);
    if (chosen.isEmpty())
        return false;
    const QString path = savePathFor(chosen, filter);
    // The dialog asked about replacing the name as typed, not the one with ".json".
    if (path != chosen && QFileInfo::exists(path)
        && QMessageBox::question(this, tr("Replace File"), tr("%1 already exists. Replace it?").arg(QFileInfo(path).fileName()),
                                 QMessageBox::Yes | QMessageBox::No, QMessageBox::No)
            != QMessageBox::Yes)
        return false;
    return saveTo(path);
}

QString MainWindow::savePathFor(const QString& chosen, const QString& selectedFilter)
{
    if (!selectedFilter.contains(QLatin1String("*.json")) || !QFileInfo(chosen).suffix().isEmpty())
        return chosen;
    return chosen + (chosen.endsWith(QLatin1Char('.')) ? QStringLiteral("json") : QStringLiteral(".json"));
}

bool MainWindow::saveTo(const QString& path)
{
    const QString oldPath = m_doc->filePath();
    if (!oldPath.isEmpty())
        m_watcher->removePath(oldPath);
    const auto result = m_doc->saveAs(path);
    if (!m_doc->filePath().isEmpty())
        m_watcher->addPath(m_doc->filePath());
    if (!result.ok) {
        QMessageBox::critical(
            this, tr("Cannot Save"), tr("Nothing was written; your edits are still here.\n\n%1").arg(result.error));
        return false;
    }
    addRecentFile(path);
    updateTitle();
    statusBar()->showMessage(tr("Saved %1.").arg(QFileInfo(path).fileName()), 5000);
    return true;
}

bool MainWindow::maybeSave()
{
    if (!m_doc || !m_doc->isModified())
        return true;
    const auto answer = QMessageBox::warning(this, tr("Unsaved Changes"),
        tr("%1 has unsaved changes. Save them?").arg(m_doc->displayName()),
        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
    if (answer == QMessageBox::Save)
        return save();
    return answer == QMessageBox::Discard;
}

void MainWindow::onFileChangedOnDisk(const QString& path)
{
    if (!m_doc || path != m_doc->filePath() || m_askingAboutDisk)
        return;
    // Editors that save by replacing the file drop the watch; watch it again.
    if (QFileInfo::exists(path) && !m_watcher->files().contains(path))
        m_watcher->addPath(path);
    if (!m_doc->changedOnDisk())
        return;
    m_askingAboutDisk = true;
    const QString question = m_doc->isModified()
        ? tr("%1 was changed by another program. Reload it and lose your unsaved changes?").arg(m_doc->displayName())
        : tr("%1 was changed by another program. Reload it?").arg(m_doc->displayName());
    const bool reload = QFileInfo::exists(path)
        && QMessageBox::question(this, tr("File Changed on Disk"), question, QMessageBox::Yes | QMessageBox::No)
            == QMessageBox::Yes;
    m_askingAboutDisk = false;
    if (reload) {
        m_doc->undoStack()->setClean();  // the user chose to drop the edits
        openFile(path);
    } else {
        statusBar()->showMessage(tr("%1 changed on disk; saving will replace it.").arg(m_doc->displayName()));
    }
}

void MainWindow::goToIssue(int row, const QString& field)
{
    if (row < 0)
        return;
    // A filter that hides the candidate gives way: the problem must be seen.
    if (!m_candidates->matchesFilter(row))
        m_route->filterEdit()->clear();
    m_candidates->selectRow(row);
    m_editor->focusField(field);
}

QStringList MainWindow::recentFiles() const
{
    return QSettings().value(kRecentKey).toStringList();
}

void MainWindow::addRecentFile(const QString& path)
{
    // The sample's temporary copy is gone when the window closes: not a file to come back to.
    if (m_sampleDir && QFileInfo(path).absolutePath() == QFileInfo(m_sampleDir->path()).absoluteFilePath())
        return;
    QStringList files = recentFiles();
    files.removeAll(path);
    files.prepend(path);
    while (files.size() > kMaxRecentFiles)
        files.removeLast();
    QSettings().setValue(kRecentKey, files);
    rebuildRecentMenu();
}

void MainWindow::rebuildRecentMenu()
{
    m_recentMenu->clear();
    const QStringList files = recentFiles();
    for (int i = 0; i < files.size(); ++i) {
        const QString path = files[i];
        m_recentMenu
            ->addAction(QStringLiteral("&%1 %2").arg(i + 1).arg(QFileInfo(path).fileName()), this,
                [this, path] { openFile(path); })
            ->setToolTip(path);
    }
    m_recentMenu->setEnabled(!files.isEmpty());
    if (m_startPage)
        m_startPage->setRecentFiles(files);
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    if (!maybeSave()) {
        event->ignore();
        return;
    }
    QSettings settings;
    settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
    // Closed on the start page, the docks are hidden only for the moment: the last layout stays.
    if (m_doc) {
        settings.setValue(QStringLiteral("window/state"), saveState(kLayoutVersion));
        settings.setValue(QStringLiteral("window/routeSplit"), m_route->saveSplitState());
    }
    event->accept();
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event)
{
    const auto urls = event->mimeData()->urls();
    if (!urls.isEmpty() && urls.first().isLocalFile())
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event)
{
    const auto urls = event->mimeData()->urls();
    if (!urls.isEmpty() && urls.first().isLocalFile()) {
        event->acceptProposedAction();
        openFile(urls.first().toLocalFile());
    }
}

}  // namespace gui
