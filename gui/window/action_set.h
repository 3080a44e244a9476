// SPDX-License-Identifier: Apache-2.0
#pragma once
// The window's actions, menus and main tool bar, and which actions the open
// document allows. MainWindow connects the document's actions to the
// controllers that do the work; the few that need no document (the colour
// scheme, the Help menu's dialogs) are handled here.

#include <QObject>
#include <QStringList>

class QAction;
class QDockWidget;
class QMainWindow;
class QMenu;
class QToolBar;

namespace model
{
class EditorDocument;
}

namespace gui
{

class CandidateListPanel;

class ActionSet final : public QObject
{
    Q_OBJECT
public:
    // Builds the menu bar and the tool bar of `window`; the candidate list's
    // own actions (Add, Remove, …) join the Edit menu and the tool bar.
    ActionSet(QMainWindow* window, CandidateListPanel* candidates);

    // After the docks exist: the View menu lists them, then the layout and colour entries.
    void fillViewMenu(const QList<QDockWidget*>& documentDocks, const QList<QDockWidget*>& helperDocks);
    // What the document allows (nullptr: nothing is open): saving, reloading, undo and redo with their texts.
    void update(model::EditorDocument* document);
    // File > Open Recent, newest first.
    void setRecentFiles(const QStringList& files);
    // Help > About: the version, and the catalogue and policy schema versions this build understands.
    static QString aboutText();

    QAction* newDocumentAction() const
    {
        return m_new;
    }
    QAction* deleteProfileAction() const
    {
        return m_deleteProfile;
    }
    QAction* openAction() const
    {
        return m_open;
    }
    QAction* openDatabaseAction() const
    {
        return m_openDatabase;
    }
    QAction* reloadAction() const
    {
        return m_reload;
    }
    QAction* saveAction() const
    {
        return m_save;
    }
    QAction* saveAsAction() const
    {
        return m_saveAs;
    }
    QAction* reviewChangesAction() const
    {
        return m_review;
    }
    // File > House Rules.
    QAction* chooseHouseRulesAction() const
    {
        return m_chooseHouseRules;
    }
    QAction* houseRulesBesideAction() const
    {
        return m_houseRulesBeside;
    }
    QAction* reloadHouseRulesAction() const
    {
        return m_reloadHouseRules;
    }
    QAction* quitAction() const
    {
        return m_quit;
    }
    QAction* undoAction() const
    {
        return m_undo;
    }
    QAction* redoAction() const
    {
        return m_redo;
    }
    QAction* migrationReportAction() const
    {
        return m_migrationReport;
    }
    QAction* resetLayoutAction() const
    {
        return m_resetLayout;
    }
    QToolBar* toolBar() const
    {
        return m_toolBar;
    }

signals:
    void recentFileChosen(const QString& path);

private:
    void addColourSchemeMenu();
    void addHelpMenu(QMainWindow* window);

    QAction* m_new;
    QAction* m_deleteProfile;
    QAction* m_open;
    QAction* m_openDatabase;
    QMenu* m_recentMenu;
    QAction* m_reload;
    QAction* m_save;
    QAction* m_saveAs;
    QAction* m_review;
    QAction* m_chooseHouseRules;
    QAction* m_houseRulesBeside;
    QAction* m_reloadHouseRules;
    QAction* m_quit;
    QAction* m_undo;
    QAction* m_redo;
    QToolBar* m_toolBar;
    QMenu* m_viewMenu;
    QAction* m_migrationReport;
    QAction* m_resetLayout;
};

}  // namespace gui
