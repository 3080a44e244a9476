#pragma once
// The editor window: wires actions, docks and the open document. File
// handling (open, migrate on open, save, reload) lives here because it is
// all about asking the user; the work itself is done by model/.

#include "model/editor_document.h"

#include "store/database_target.h"

#include "review/document_diff.h"
#include "migration/migration.h"

#include <QMainWindow>
#include <QHash>
#include <QPointer>

#include <memory>
#include <optional>

class QAction;
class QDockWidget;
class QToolBar;
class QStackedWidget;
class QTemporaryDir;
class QToolButton;
class QFileSystemWatcher;
class QListView;
class QMenu;
class QUndoView;

namespace model {
class ProfileListModel;
}

namespace gui {

class CandidateEditor;
class CandidateListPanel;
class LiveRoutesPane;
class RoutePane;
class StartPage;
class TimelinePanel;
class TryErrorPanel;
class ValidationPane;
class WhatHappensPanel;

class MainWindow final : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    // Opens a file; returns false (after telling the user why) when it cannot.
    bool openFile(const QString& path);
    // Opens a kandev database; legacy rules there are reviewed and applied to
    // the database directly (after a backup), then it is read again.
    // Asks for a password when a PostgreSQL server wants one (and again when
    // it refuses it); false when the database could not be opened.
    bool openDatabase(const store::DatabaseTarget& target);
    // A command-line argument: a kandev database (sqlite:PATH, postgres://…,
    // or a file that is SQLite inside) or a document file.
    bool openFromCommandLine(const QString& argument);
    // File > New Dynamic Profile: an untitled document with no candidate yet.
    bool newDocument();
    // A copy of the bundled sample, in a temporary directory.
    bool openSample();
    // The bundled sample document, installed or in the source tree; "" when neither is there.
    static QString sampleDocumentPath();
    // The first start on a small screen: the application shows the window maximized.
    bool startsMaximized() const { return m_startMaximized; }
    StartPage* startPage() const { return m_startPage; }
    bool save();
    bool saveAs();
    // Help > About: the version, and the catalogue and policy schema versions this build understands.
    static QString aboutText();
    model::EditorDocument* document() const { return m_doc.get(); }

    CandidateListPanel* candidateList() const { return m_candidates; }
    CandidateEditor* candidateEditor() const { return m_editor; }
    ValidationPane* validationPane() const { return m_validation; }
    WhatHappensPanel* whatHappensPanel() const { return m_whatHappens; }
    TimelinePanel* timelinePanel() const { return m_timeline; }
    TryErrorPanel* tryErrorPanel() const { return m_tryError; }
    LiveRoutesPane* liveRoutesPane() const { return m_liveRoutes; }
    QListView* profileList() const { return m_profiles; }
    RoutePane* routePane() const { return m_route; }
    // Below this the centre never shrinks, whatever the docks take.
    static constexpr QSize kEditorMinimumSize{440, 240};
    // From this available width on, the timeline starts on the right instead of at the bottom.
    static constexpr int kWideScreenWidth = 2200;
    // Below this available height, the first start opens maximized.
    static constexpr int kRoomyScreenHeight = 900;
    QAction* saveAction() const { return m_saveAction; }
    QAction* migrationReportAction() const { return m_migrationReportAction; }
    QAction* reviewChangesAction() const { return m_reviewAction; }
    QToolBar* mainToolBar() const { return m_toolBar; }
    QToolButton* problemCountButton() const { return m_problemButton; }
    QAction* saveAsAction() const { return m_saveAsAction; }
    QAction* undoAction() const { return m_undoAction; }
    QAction* redoAction() const { return m_redoAction; }
    QStringList recentFiles() const;
    // The path Save As writes: `chosen`, with ".json" added when the JSON
    // filter was chosen and the name has no extension.
    static QString savePathFor(const QString& chosen, const QString& selectedFilter);

protected:
    void closeEvent(QCloseEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    // The document's names for agent profiles, for reviews that list candidates.
    review::CandidateNames candidateNames() const;
    void createActions();
    void createDocks();
    void setDocument(std::unique_ptr<model::EditorDocument> document);
    void detachDocument();  // every view lets go of the open document
    bool maybeSave();
    bool saveTo(const QString& path);
    void updateTitle();
    void updateActions();
    void updateProblemCount();
    void showValidation();
    void resetLayout();
    // View > Migration Report: the review of the migration done on opening, to read again.
    void rememberMigration(const migration::MigrationReport& report, const format::Document& before, const QString& name);
    void forgetMigration();
    void showMigrationReport();
    void placeDocksForScreen(const QSize& available);
    void sizeDocksToWindow();
    QList<QDockWidget*> documentDocks() const;  // shown once a document is open
    void addRecentFile(const QString& path);
    void rebuildRecentMenu();
    void onFileChangedOnDisk(const QString& path);
    void goToIssue(int row, const QString& field);
    void openDialog();
    void openDatabaseDialog();
    std::optional<QString> askDatabasePassword(const store::DatabaseTarget& target, const QString& error);
    bool saveConflictAskReload(const QString& error);

    std::unique_ptr<model::EditorDocument> m_doc;
    model::ProfileListModel* m_profileModel;
    RoutePane* m_route;
    QListView* m_profiles;
    CandidateListPanel* m_candidates;
    CandidateEditor* m_editor;
    ValidationPane* m_validation;
    WhatHappensPanel* m_whatHappens;
    TimelinePanel* m_timeline;
    TryErrorPanel* m_tryError;
    QUndoView* m_undoView;
    LiveRoutesPane* m_liveRoutes;
    QFileSystemWatcher* m_watcher;
    QMenu* m_recentMenu = nullptr;
    QMenu* m_viewMenu = nullptr;
    QToolBar* m_toolBar = nullptr;
    QStackedWidget* m_central = nullptr;  // the start page, then the editor
    StartPage* m_startPage = nullptr;
    std::unique_ptr<QTemporaryDir> m_sampleDir;
    QToolButton* m_problemButton = nullptr;  // "2 problems" in the status bar
    bool m_problemsShown = false;            // Validation came forward for this document's first problems
    QByteArray m_defaultState;               // docks and tool bar as first built: View > Reset Layout
    QHash<QDockWidget*, bool> m_dockWanted;  // the route and timeline docks' visibility, while the start page hides them
    static constexpr int kLayoutVersion = 2;  // saved dock layouts of another version are not restored
    struct RememberedMigration {
        migration::MigrationReport report;
        format::Document before;
        QString name;
    };
    std::optional<RememberedMigration> m_migration;
    QAction* m_migrationReportAction = nullptr;
    QAction* m_saveAction = nullptr;
    QAction* m_saveAsAction = nullptr;
    QAction* m_reviewAction = nullptr;
    QAction* m_reloadAction = nullptr;
    QAction* m_undoAction = nullptr;
    QAction* m_redoAction = nullptr;
    bool m_askingAboutDisk = false;
    bool m_sizeDocksOnOpen = false;
    QByteArray m_savedState;  // the layout of the last session, applied again when the first document shows  // no saved layout: size the docks for the first document
    bool m_startMaximized = false;
};

}  // namespace gui
