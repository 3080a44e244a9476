// SPDX-License-Identifier: Apache-2.0
#include "window/main_window.h"

#include "controls/accessibility.h"
#include "controllers/database_session.h"
#include "controllers/house_rules_controller.h"
#include "controllers/document_controller.h"
#include "controllers/migration_flow.h"
#include "controllers/recent_files.h"
#include "window/document_undo_keys.h"
#include "window/action_set.h"
#include "window/dock_layout.h"
#include "window/editor_area.h"
#include "window/focus_chain.h"
#include "window/problem_count_button.h"

#include "editor/candidate_editor.h"
#include "route/candidate_list_panel.h"
#include "panels/fleet_pane.h"
#include "panels/live_routes_pane.h"
#include "route/route_pane.h"
#include "route/profile_settings_box.h"
#include "window/start_page.h"
#include "timeline/timeline_panel.h"
#include "panels/try_error_panel.h"
#include "panels/validation_pane.h"
#include "panels/what_happens_panel.h"

#include "model/editor_document.h"
#include "model/profile_list_model.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDockWidget>
#include <QLineEdit>
#include <QListView>
#include <QMimeData>
#include <QLabel>
#include <QStatusBar>
#include <QTableView>
#include <QUndoView>

namespace gui
{

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent)
    // The accessibility factory first: an interface, once created for a control, is kept.
    , m_route(new RoutePane((installAccessibility(), new model::ProfileListModel(this)), this))
    , m_profiles(m_route->profileList())
    , m_candidates(m_route->candidates())
    , m_editor(new CandidateEditor(this))
    , m_validation(new ValidationPane(this))
    , m_whatHappens(new WhatHappensPanel(this))
    , m_timeline(new TimelinePanel(this))
    , m_tryError(new TryErrorPanel(this))
    , m_undoView(new QUndoView(this))
    , m_liveRoutes(new LiveRoutesPane(this))
    , m_fleet(new FleetPane(this))
    // The candidates last: their first selection reaches views that already have the document.
    , m_views {m_route, m_editor, m_whatHappens, m_tryError, m_liveRoutes, m_fleet, m_timeline, m_validation,
          m_candidates}
    , m_migrations(new MigrationFlow(this))
    , m_recent(new RecentFiles(this))
    , m_documents(new DocumentController(m_migrations, m_recent, this))
    , m_database(new DatabaseSession(m_documents, m_migrations, this))
    , m_houseRules(new HouseRulesController(this))
{
    setObjectName(QStringLiteral("mainWindow"));
    setAcceptDrops(true);
    setWindowTitle(tr("Policy Studio"));

    m_centre = new EditorArea(m_editor, this);
    setCentralWidget(m_centre);
    m_startPage = m_centre->startPage();
    m_startPage->setDefaultDatabase(DatabaseSession::defaultDatabasePath());
    m_startPage->setSampleAvailable(!sampleDocumentPath().isEmpty());

    m_undoView->setEmptyLabel(tr("Opened"));  // the state before the first edit, as the list reads
    m_undoView->setAccessibleName(tr("Undo history"));

    m_actions = new ActionSet(this, m_candidates);
    // Ctrl+Z and Ctrl+Shift+Z from any field act on the document's stack.
    new DocumentUndoKeys(this);
    m_docks = new DockLayout(this,
        {m_route, m_timeline, m_validation, m_whatHappens, m_tryError, m_undoView, m_liveRoutes, m_fleet}, m_editor,
        m_actions->toolBar());
    m_actions->fillViewMenu(m_docks->documentDocks(), m_docks->helperDocks());
    // Reading order for Tab: the route, the editor's fields, the timeline, then the docks.
    chainFocus(chainFocus(m_candidates->view(), m_editor), m_timeline);
    statusBar()->showMessage(tr("Open a dynamic profile document to start."));
    statusBar()->addPermanentWidget(m_houseRules->statusLabel());
    m_problemButton = new ProblemCountButton(this);
    statusBar()->addPermanentWidget(m_problemButton);
    connect(m_problemButton, &ProblemCountButton::showProblemsRequested, this,
        [this] { m_docks->bringToFront(DockRole::Validation); });

    connectStartPage();
    connectActions();
    connectViews();
    connect(m_documents, &DocumentController::documentChanged, this, &MainWindow::showDocument);
    // Review Changes says what each edit does to the route for the scenario the Timeline shows.
    m_documents->setReviewScenario([this] { return m_timeline->preview()->scenario(); });
    connect(m_documents, &DocumentController::documentSaved, this, &MainWindow::updateTitle);
    connect(m_documents, &DocumentController::cleanChanged, this, &MainWindow::updateTitle);
    connect(m_documents, &DocumentController::documentStateChanged, this, &MainWindow::updateActions);
    connect(m_documents, &DocumentController::currentProfileChanged, this, [this](int profile) {
        m_route->showProfile(profile);
        updateTitle();
    });
    connect(m_documents, &DocumentController::readOnlyChanged, this, [this](bool readOnly) {
        updateActions();
        if (readOnly)
            statusBar()->showMessage(tr("Read-only: %1.").arg(m_doc->readOnlyReason()), 8000);
    });
    connect(m_documents, &DocumentController::statusMessage, statusBar(), &QStatusBar::showMessage);
    connect(m_database, &DatabaseSession::statusMessage, statusBar(), &QStatusBar::showMessage);
    connect(m_migrations, &MigrationFlow::reportAvailable, m_actions->migrationReportAction(), &QAction::setEnabled);
    const auto showRecentFiles = [this](const QStringList& files) {
        m_actions->setRecentFiles(files);
        m_startPage->setRecentFiles(files);
    };
    showRecentFiles(m_recent->files());
    connect(m_recent, &RecentFiles::changed, this, showRecentFiles);

    m_docks->restoreWindow();
    updateActions();
}

MainWindow::~MainWindow()
{
    // The document goes with its controller, after the views may be gone:
    // detach them first, or the route table asks for size hints of rows
    // that are gone and never returns.
    detachDocument();
}

void MainWindow::connectStartPage()
{
    connect(m_startPage, &StartPage::openFileRequested, m_documents, &DocumentController::openDialog);
    connect(m_startPage, &StartPage::openDatabaseRequested, m_database, &DatabaseSession::openDialog);
    connect(m_startPage, &StartPage::openDefaultDatabaseRequested, m_database, &DatabaseSession::openSqlite);
    connect(m_startPage, &StartPage::openSampleRequested, m_documents, &DocumentController::openSample);
    connect(m_startPage, &StartPage::newProfileRequested, this, &MainWindow::newDocument);
    connect(m_startPage, &StartPage::recentFileRequested, this, &MainWindow::openFromCommandLine);
}

void MainWindow::connectActions()
{
    const ActionSet* a = m_actions;
    connect(a->newDocumentAction(), &QAction::triggered, this, &MainWindow::newDocument);
    connect(a->deleteProfileAction(), &QAction::triggered, m_documents, &DocumentController::deleteProfile);
    connect(a->openAction(), &QAction::triggered, m_documents, &DocumentController::openDialog);
    connect(a->openDatabaseAction(), &QAction::triggered, m_database, &DatabaseSession::openDialog);
    connect(a, &ActionSet::recentFileChosen, m_documents, &DocumentController::openFile);
    connect(a->reloadAction(), &QAction::triggered, m_documents, &DocumentController::reload);
    connect(a->saveAction(), &QAction::triggered, m_documents, &DocumentController::save);
    connect(a->saveAsAction(), &QAction::triggered, m_documents, &DocumentController::saveAs);
    connect(a->reviewChangesAction(), &QAction::triggered, m_documents, &DocumentController::reviewChanges);
    connect(a->chooseHouseRulesAction(), &QAction::triggered, m_houseRules, &HouseRulesController::chooseFile);
    connect(
        a->houseRulesBesideAction(), &QAction::triggered, m_houseRules, &HouseRulesController::useFileBesideDocument);
    connect(a->reloadHouseRulesAction(), &QAction::triggered, m_houseRules, &HouseRulesController::reload);
    connect(a->quitAction(), &QAction::triggered, this, &QWidget::close);
    connect(a->undoAction(), &QAction::triggered, m_documents, &DocumentController::undo);
    connect(a->redoAction(), &QAction::triggered, m_documents, &DocumentController::redo);
    connect(a->migrationReportAction(), &QAction::triggered, m_migrations, &MigrationFlow::showReport);
    connect(a->resetLayoutAction(), &QAction::triggered, m_docks, &DockLayout::reset);
}

void MainWindow::connectViews()
{
    connect(m_candidates, &CandidateListPanel::currentRowChanged, m_editor, &CandidateEditor::setRow);
    connect(m_candidates, &CandidateListPanel::currentRowChanged, m_whatHappens, &WhatHappensPanel::setRow);
    connect(m_candidates, &CandidateListPanel::currentRowChanged, m_tryError, &TryErrorPanel::setRow);
    const auto showScenario = [this](const policy::Scenario& scenario) {
        m_timeline->showScenario(scenario);
        m_docks->bringToFront(DockRole::Timeline);
    };
    connect(m_tryError, &TryErrorPanel::scenarioRequested, this, showScenario);
    connect(m_liveRoutes, &LiveRoutesPane::scenarioRequested, this, showScenario);
    connect(m_validation, &ValidationPane::issueActivated, this, &MainWindow::goToIssue);
    const auto chooseProfile = [this](int profile) {
        if (m_doc)
            m_doc->setCurrentProfile(profile);
    };
    connect(m_route, &RoutePane::profileChosen, this, chooseProfile);
    connect(m_fleet, &FleetPane::profileChosen, this, chooseProfile);
    // The overview counts violations of the rules in force (kandev's own when there are none).
    connect(m_houseRules->rules(), &model::HouseRules::changed, m_fleet,
        [this] { m_fleet->setRuleSet(m_houseRules->rules()->ruleSet()); });
}

bool MainWindow::openFile(const QString& path)
{
    return m_documents->openFile(path);
}

bool MainWindow::openDatabase(const store::DatabaseTarget& target)
{
    return m_database->open(target);
}

bool MainWindow::openFromCommandLine(const QString& argument)
{
    return DatabaseSession::namesDatabase(argument) ? m_database->openArgument(argument) : openFile(argument);
}

bool MainWindow::newDocument()
{
    if (!m_documents->newDocument())
        return false;
    statusBar()->showMessage(tr("A new dynamic profile: add its first candidate with Add Candidate (%1).")
                                 .arg(m_candidates->addAction()->shortcut().toString(QKeySequence::NativeText)),
        15000);
    // The hint is done once there is a candidate: it must not outlive its truth.
    connect(m_doc, &model::EditorDocument::candidateInserted, statusBar(), &QStatusBar::clearMessage,
        Qt::SingleShotConnection);
    return true;
}

bool MainWindow::openSample()
{
    return m_documents->openSample();
}

QString MainWindow::sampleDocumentPath()
{
    return DocumentController::sampleDocumentPath();
}

bool MainWindow::save()
{
    return m_documents->save();
}

bool MainWindow::saveAs()
{
    return m_documents->saveAs();
}

QString MainWindow::savePathFor(const QString& chosen, const QString& selectedFilter)
{
    return DocumentController::savePathFor(chosen, selectedFilter);
}

QStringList MainWindow::recentFiles() const
{
    return m_recent->files();
}

bool MainWindow::startsMaximized() const
{
    return m_docks->startsMaximized();
}

QAction* MainWindow::saveAction() const
{
    return m_actions->saveAction();
}

QAction* MainWindow::saveAsAction() const
{
    return m_actions->saveAsAction();
}

QAction* MainWindow::migrationReportAction() const
{
    return m_actions->migrationReportAction();
}

QAction* MainWindow::reviewChangesAction() const
{
    return m_actions->reviewChangesAction();
}

QAction* MainWindow::undoAction() const
{
    return m_actions->undoAction();
}

QAction* MainWindow::redoAction() const
{
    return m_actions->redoAction();
}

QToolBar* MainWindow::mainToolBar() const
{
    return m_actions->toolBar();
}

QToolButton* MainWindow::problemCountButton() const
{
    return m_problemButton;
}

QString MainWindow::aboutText()
{
    return ActionSet::aboutText();
}

void MainWindow::detachDocument()
{
    // In reverse order of attaching: the candidates' selection goes first.
    for (auto it = m_views.crbegin(); it != m_views.crend(); ++it)
        (*it)->setDocument(nullptr);
    m_undoView->setStack(nullptr);
}

void MainWindow::showDocument(model::EditorDocument* document)
{
    detachDocument();
    m_doc = document;
    // The rules first: the views' first look includes their violations.
    m_houseRules->setDocument(m_doc, m_doc->isDatabase() ? m_database->sqliteFolder() : QString());
    m_problemButton->newDocument();
    m_centre->showEditor();
    for (DocumentView* view : m_views)
        view->setDocument(m_doc);
    m_undoView->setStack(m_doc->undoStack());
    m_route->showProfile(m_doc->currentProfile());
    m_docks->documentShown();
    // A fleet is what an admin opens: a kandev database of several dynamic
    // profiles, or a document of many. Its overview then comes up as a tab
    // beside the timeline, which stays in front; an export of a few profiles
    // leaves the bottom's room to the timeline (the route pane lists them). A
    // dock the user shows or closes stays so.
    const std::size_t profiles = m_doc->dynamicProfiles().size();
    if ((m_doc->isDatabase() && profiles > 1) || profiles >= window_sizes::kFleetOverviewProfiles)
        m_docks->dock(DockRole::Fleet)->show();
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
        //: the window title of a document open read-only: "%1 (read-only)"
        title = tr("%1 (read-only)").arg(title);
    setWindowTitle(title + QStringLiteral(" — ") + tr("Policy Studio"));
    setWindowModified(m_doc->isModified());
}

void MainWindow::updateActions()
{
    m_actions->update(m_doc);
    m_problemButton->setCount(m_doc ? m_validation->model()->errorCount() : 0);  // warnings are no problems
    updateTitle();
}

void MainWindow::goToIssue(int row, const QString& field)
{
    if (row < 0) {
        if (field == model::kProfileNameField) {
            m_docks->bringToFront(DockRole::Route);
            m_route->profileSettings()->nameEdit()->setFocus(Qt::OtherFocusReason);
        }
        return;
    }
    // A filter that hides the candidate gives way: the problem must be seen.
    if (!m_candidates->matchesFilter(row))
        m_route->filterEdit()->clear();
    m_candidates->selectRow(row);
    m_editor->focusField(field);
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    if (!m_documents->maybeSave()) {
        event->ignore();
        return;
    }
    m_docks->saveWindow();
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
