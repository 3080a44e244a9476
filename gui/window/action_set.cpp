// SPDX-License-Identifier: Apache-2.0
#include "window/action_set.h"

#include "controls/bundled_icons.h"
#include "route/candidate_list_panel.h"
#include "dialogs/catalogue_dialog.h"
#include "window/colour_scheme.h"

#include "model/editor_document.h"

#include "catalogue/classifier.h"
#include "policy/catalogue.h"
#include "policy/limits.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QDockWidget>
#include <QFileInfo>
#include <QMainWindow>
#include <QMenuBar>
#include <QMessageBox>
#include <QToolBar>

#include <string_view>
#include <utility>

namespace gui
{

ActionSet::ActionSet(QMainWindow* window, CandidateListPanel* candidates)
    : QObject(window)
{
    QMenu* file = window->menuBar()->addMenu(tr("&File"));
    m_new = file->addAction(tr("&New Dynamic Profile"));
    m_new->setShortcut(QKeySequence::New);
    m_deleteProfile = file->addAction(tr("Dele&te Dynamic Profile…"));
    m_deleteProfile->setStatusTip(tr("Delete the dynamic profile shown, as kandev deletes one (a kandev database)"));
    m_open = file->addAction(bundledIcon(QStringLiteral("open")), tr("&Open…"));
    m_open->setShortcut(QKeySequence::Open);
    m_openDatabase = file->addAction(bundledIcon(QStringLiteral("database")), tr("Open &Database…"));
    m_recentMenu = file->addMenu(tr("Open &Recent"));
    m_reload = file->addAction(tr("Re&load from Disk"));
    file->addSeparator();
    m_save = file->addAction(bundledIcon(QStringLiteral("save")), tr("&Save"));
    m_save->setShortcut(QKeySequence::Save);
    m_saveAs = file->addAction(tr("Save &As…"));
    m_saveAs->setShortcut(QKeySequence::SaveAs);
    m_review = file->addAction(tr("Revie&w Changes…"));
    file->addSeparator();
    m_quit = file->addAction(tr("&Quit"));
    m_quit->setShortcut(QKeySequence::Quit);

    QMenu* edit = window->menuBar()->addMenu(tr("&Edit"));
    m_undo = edit->addAction(bundledIcon(QStringLiteral("undo")), tr("&Undo"));
    m_undo->setShortcut(QKeySequence::Undo);
    m_redo = edit->addAction(bundledIcon(QStringLiteral("redo")), tr("&Redo"));
    m_redo->setShortcut(QKeySequence::Redo);
    edit->addSeparator();
    candidates->addAction()->setIcon(bundledIcon(QStringLiteral("add")));
    candidates->removeAction()->setIcon(bundledIcon(QStringLiteral("remove")));
    candidates->moveUpAction()->setIcon(bundledIcon(QStringLiteral("up")));
    candidates->moveDownAction()->setIcon(bundledIcon(QStringLiteral("down")));
    const QList<QAction*> candidateActions {candidates->addAction(), candidates->removeAction(),
        candidates->moveUpAction(), candidates->moveDownAction(), candidates->copyPoliciesAction()};
    edit->addActions(candidateActions);

    // The main tool bar: the file and the route at one click, icons only (the tool tips name them).
    m_toolBar = window->addToolBar(tr("Main Tool Bar"));
    m_toolBar->setObjectName(QStringLiteral("mainToolBar"));
    m_toolBar->setMovable(false);
    m_toolBar->setToolButtonStyle(Qt::ToolButtonIconOnly);
    m_toolBar->setIconSize(QSize(20, 20));
    m_toolBar->addActions({m_open, m_openDatabase, m_save});
    m_toolBar->addSeparator();
    m_toolBar->addActions({m_undo, m_redo});
    m_toolBar->addSeparator();
    candidates->copyPoliciesAction()->setIcon(bundledIcon(QStringLiteral("copy")));
    m_toolBar->addActions(candidateActions);
    // One place for these actions: the route's own button row would repeat them.
    candidates->actionBar()->hide();

    m_viewMenu = window->menuBar()->addMenu(tr("&View"));
    m_migrationReport = new QAction(tr("&Migration Report…"), m_viewMenu);
    m_migrationReport->setEnabled(false);  // until a migration was done on opening
    m_resetLayout = new QAction(tr("&Reset Layout"), m_viewMenu);
    addHelpMenu(window);
}

void ActionSet::addHelpMenu(QMainWindow* window)
{
    QMenu* help = window->menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("Error &Catalogue…"), window, [window] { CatalogueDialog(window).exec(); });
    help->addAction(tr("&About Policy Studio"), window,
        [window] { QMessageBox::about(window, tr("About Policy Studio"), aboutText()); });
}

QString ActionSet::aboutText()
{
    const auto s = [](std::string_view v) { return QString::fromUtf8(v.data(), qsizetype(v.size())); };
    return tr(
        "<b>Policy Studio %1</b><p>Edits the per-class recovery policies of kandev dynamic profiles, validated by the "
        "same evaluator a backend links.</p><p>Error catalogue: %2 (%3 rules)<br/>Policy schema version: %4</p>")
        .arg(QApplication::applicationVersion(), s(policy::kCatalogueVersion))
        .arg(catalogue::rules().size())
        .arg(policy::kSupportedPolicyVersion);
}

void ActionSet::fillViewMenu(const QList<QDockWidget*>& documentDocks, const QList<QDockWidget*>& helperDocks)
{
    for (QDockWidget* dock : documentDocks)
        m_viewMenu->addAction(dock->toggleViewAction());
    m_viewMenu->addAction(m_toolBar->toggleViewAction());
    m_viewMenu->addSeparator();
    for (QDockWidget* dock : helperDocks)
        m_viewMenu->addAction(dock->toggleViewAction());
    m_viewMenu->addSeparator();
    m_viewMenu->addAction(m_migrationReport);
    m_viewMenu->addAction(m_resetLayout);
    addColourSchemeMenu();
}

void ActionSet::addColourSchemeMenu()
{
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

void ActionSet::update(model::EditorDocument* document)
{
    const bool open = document != nullptr;
    // Saving writes every edited profile, so a read-only current profile
    // does not keep the others from being saved.
    const bool savable = open && !document->isDocumentReadOnly();
    m_save->setEnabled(savable);
    m_saveAs->setEnabled(savable && !document->isDatabase());
    m_reload->setEnabled(open && !document->filePath().isEmpty());
    m_review->setEnabled(open);
    m_new->setText(open && document->holdsManyProfiles() ? tr("&New Dynamic Profile in %1").arg(document->displayName())
                                                         : tr("&New Dynamic Profile"));
    m_deleteProfile->setEnabled(
        open && document->holdsManyProfiles() && !document->isReadOnly() && document->currentProfile() >= 0);
    QUndoStack* stack = open ? document->undoStack() : nullptr;
    m_undo->setEnabled(stack && stack->canUndo());
    m_redo->setEnabled(stack && stack->canRedo());
    m_undo->setText(stack && stack->canUndo() ? tr("&Undo %1").arg(stack->undoText()) : tr("&Undo"));
    m_redo->setText(stack && stack->canRedo() ? tr("&Redo %1").arg(stack->redoText()) : tr("&Redo"));
}

void ActionSet::setRecentFiles(const QStringList& files)
{
    m_recentMenu->clear();
    for (int i = 0; i < files.size(); ++i) {
        const QString path = files[i];
        m_recentMenu
            ->addAction(QStringLiteral("&%1 %2").arg(i + 1).arg(QFileInfo(path).fileName()), this,
                [this, path] { emit recentFileChosen(path); })
            ->setToolTip(path);
    }
    m_recentMenu->setEnabled(!files.isEmpty());
}

}  // namespace gui
