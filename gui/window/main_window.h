// SPDX-License-Identifier: Apache-2.0
#pragma once
// The editor window. It only wires: the views and docks it shows, the
// controllers that own the document and ask the user (widgets/src/controllers),
// and the actions that reach them (widgets/src/window). The methods below
// forward to those controllers; the window itself attaches its views to the
// open document and keeps the title, the actions and the problem count current.

#include "window/window_sizes.h"

#include <QList>
#include <QMainWindow>

class QAction;
class QListView;
class QToolBar;
class QToolButton;
class QUndoView;

namespace model
{
class EditorDocument;
}
namespace store
{
struct DatabaseTarget;
}

namespace gui
{

class ActionSet;
class CandidateEditor;
class CandidateListPanel;
class DatabaseSession;
class HouseRulesController;
class DockLayout;
class DocumentController;
class DocumentView;
class EditorArea;
class FleetPane;
class LiveRoutesPane;
class MigrationFlow;
class ProblemCountButton;
class RecentFiles;
class RoutePane;
class StartPage;
class TimelinePanel;
class TryErrorPanel;
class ValidationPane;
class WhatHappensPanel;

class MainWindow final : public QMainWindow
{
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
    bool startsMaximized() const;
    StartPage* startPage() const
    {
        return m_startPage;
    }
    bool save();
    bool saveAs();
    // Help > About: the version, and the catalogue and policy schema versions this build understands.
    static QString aboutText();
    model::EditorDocument* document() const
    {
        return m_doc;
    }

    CandidateListPanel* candidateList() const
    {
        return m_candidates;
    }
    CandidateEditor* candidateEditor() const
    {
        return m_editor;
    }
    ValidationPane* validationPane() const
    {
        return m_validation;
    }
    WhatHappensPanel* whatHappensPanel() const
    {
        return m_whatHappens;
    }
    TimelinePanel* timelinePanel() const
    {
        return m_timeline;
    }
    TryErrorPanel* tryErrorPanel() const
    {
        return m_tryError;
    }
    LiveRoutesPane* liveRoutesPane() const
    {
        return m_liveRoutes;
    }
    FleetPane* fleetPane() const
    {
        return m_fleet;
    }
    QListView* profileList() const
    {
        return m_profiles;
    }
    RoutePane* routePane() const
    {
        return m_route;
    }
    static constexpr QSize kEditorMinimumSize = window_sizes::kEditorMinimumSize;
    static constexpr int kWideScreenWidth = window_sizes::kWideScreenWidth;
    static constexpr int kRoomyScreenHeight = window_sizes::kRoomyScreenHeight;
    QAction* saveAction() const;
    QAction* migrationReportAction() const;
    QAction* reviewChangesAction() const;
    QToolBar* mainToolBar() const;
    QToolButton* problemCountButton() const;
    QAction* saveAsAction() const;
    QAction* undoAction() const;
    QAction* redoAction() const;
    QStringList recentFiles() const;
    // The path Save As writes: `chosen`, with ".json" added when the JSON
    // filter was chosen and the name has no extension.
    static QString savePathFor(const QString& chosen, const QString& selectedFilter);

protected:
    void closeEvent(QCloseEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    void connectStartPage();
    void connectActions();
    void connectViews();
    void showDocument(model::EditorDocument* document);
    void detachDocument();  // every view lets go of the open document
    void updateTitle();
    void updateActions();
    void goToIssue(int row, const QString& field);

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
    FleetPane* m_fleet;
    QList<DocumentView*> m_views;  // attached in this order, detached in reverse
    MigrationFlow* m_migrations;
    RecentFiles* m_recent;
    DocumentController* m_documents;
    DatabaseSession* m_database;
    HouseRulesController* m_houseRules;
    EditorArea* m_centre = nullptr;  // the start page, then the editor
    StartPage* m_startPage = nullptr;
    ActionSet* m_actions = nullptr;
    DockLayout* m_docks = nullptr;
    ProblemCountButton* m_problemButton = nullptr;  // "2 problems" in the status bar
    model::EditorDocument* m_doc = nullptr;  // the document the views show; DocumentController owns it
};

}  // namespace gui
