// SPDX-License-Identifier: Apache-2.0
#pragma once
// The open document and the file flows around it: New, Open, Open the
// Sample, Save, Save As, "Save changes?", Reload, and the question when the
// file changes on disk. It owns the document and asks the user through the
// dialogs; the window only hears documentChanged and attaches its views.

#include <QObject>
#include <QString>

#include "policy/timeline.h"

#include <functional>
#include <memory>

class QFileSystemWatcher;
class QTemporaryDir;
class QWidget;

namespace model
{
class EditorDocument;
struct ChangeReview;
}  // namespace model

namespace gui
{

class MigrationFlow;
class RecentFiles;

class DocumentController final : public QObject
{
    Q_OBJECT
public:
    // Dialogs are modal to `window`, which also owns this controller.
    DocumentController(MigrationFlow* migrations, RecentFiles* recent, QWidget* window);
    ~DocumentController() override;

    model::EditorDocument* document() const
    {
        return m_doc.get();
    }

    // File > New Dynamic Profile: an untitled document with no candidate yet;
    // in a kandev database, a new profile in it (created by the next save).
    bool newDocument();
    // File > Delete Dynamic Profile (a kandev database): the current profile,
    // after a question; the next save soft-deletes it as kandev does.
    void deleteProfile();
    // Reads a document file; legacy rules are reviewed first (MigrationFlow).
    // False, after telling the user why, when it cannot be opened.
    bool openFile(const QString& path);
    // A copy of the bundled sample, in a temporary directory.
    bool openSample();
    // File > Open…: asks for the file.
    void openDialog();
    // File > Reload from Disk: the file as it is now, after "Save changes?".
    void reload();
    bool save();
    bool saveAs();
    // "Save changes?" before the document is replaced or the window closes:
    // false when the person cancels (or the save fails).
    bool maybeSave();
    // File > Review Changes: what a save would write, and what each edited
    // profile's edit does to its route for the scenario `scenario` returns
    // (the Timeline's; the default preset until one is given).
    void reviewChanges();
    void setReviewScenario(std::function<policy::Scenario()> scenario);
    // Edit > Undo and Redo: the open document's stack.
    void undo();
    void redo();
    // Takes over a document read elsewhere (a kandev database).
    void install(std::unique_ptr<model::EditorDocument> document);

    // The bundled sample document, installed or in the source tree; "" when neither is there.
    static QString sampleDocumentPath();
    // The path Save As writes: `chosen`, with ".json" added when the JSON
    // filter was chosen and the name has no extension.
    static QString savePathFor(const QString& chosen, const QString& selectedFilter);

signals:
    // A new document is open; the previous one is destroyed right after this
    // signal returns, so listeners let go of it here.
    void documentChanged(model::EditorDocument* document);
    // Saved: the name may have changed (Save As) and the edits are clean.
    void documentSaved();
    // The open document's state, whichever document is open: its undo and
    // redo steps or its issues changed; the save state; the profile shown;
    // whether the profile shown can be edited.
    void documentStateChanged();
    void cleanChanged(bool clean);
    void currentProfileChanged(int profileIndex);
    void readOnlyChanged(bool readOnly);
    void statusMessage(const QString& text, int timeoutMs);
    // A database save was refused because kandev's rows changed since they
    // were read; DatabaseSession offers to read them again.
    void databaseSaveConflicted(const QString& error);

private:
    void followDocumentState();
    void stopFollowing(model::EditorDocument& document);
    bool saveToDatabase();
    bool saveTo(const QString& path);
    void addRecentFile(const QString& path);
    model::ChangeReview review() const;
    void onFileChangedOnDisk(const QString& path);

    QWidget* m_window;
    MigrationFlow* m_migrations;
    RecentFiles* m_recent;
    QFileSystemWatcher* m_watcher;
    std::unique_ptr<model::EditorDocument> m_doc;
    std::unique_ptr<QTemporaryDir> m_sampleDir;  // where the sample's copy lives
    bool m_askingAboutDisk = false;  // one question at a time, however often the file changes
    std::function<policy::Scenario()> m_reviewScenario;
};

}  // namespace gui
