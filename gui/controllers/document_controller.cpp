// SPDX-License-Identifier: Apache-2.0
#include "controllers/document_controller.h"

#include "controllers/migration_flow.h"
#include "controllers/recent_files.h"

#include "dialogs/review_changes_dialog.h"

#include "model/change_review.h"
#include "model/commands.h"
#include "model/editor_document.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFileSystemWatcher>
#include <QMessageBox>
#include <QTemporaryDir>

#include <utility>

namespace gui
{

DocumentController::DocumentController(MigrationFlow* migrations, RecentFiles* recent, QWidget* window)
    : QObject(window)
    , m_window(window)
    , m_migrations(migrations)
    , m_recent(recent)
    , m_watcher(new QFileSystemWatcher(this))
{
    connect(m_watcher, &QFileSystemWatcher::fileChanged, this, &DocumentController::onFileChangedOnDisk);
}

DocumentController::~DocumentController()
{
    if (m_doc)
        stopFollowing(*m_doc);
}

void DocumentController::install(std::unique_ptr<model::EditorDocument> document)
{
    if (m_doc) {
        if (!m_doc->filePath().isEmpty())
            m_watcher->removePath(m_doc->filePath());
        stopFollowing(*m_doc);
    }
    // The previous document lives until every listener has let go of it.
    const std::unique_ptr<model::EditorDocument> previous = std::exchange(m_doc, std::move(document));
    if (!m_doc->filePath().isEmpty())
        m_watcher->addPath(m_doc->filePath());
    emit documentChanged(m_doc.get());
    followDocumentState();
}

void DocumentController::stopFollowing(model::EditorDocument& document)
{
    // The stack signals while it is destroyed; nobody must hear it.
    document.undoStack()->disconnect(this);
    document.disconnect(this);
}

void DocumentController::followDocumentState()
{
    // Connected after documentChanged: the views follow the document first,
    // so that the validation model has its rows when the window counts them.
    QUndoStack* stack = m_doc->undoStack();
    connect(stack, &QUndoStack::cleanChanged, this, &DocumentController::cleanChanged);
    connect(stack, &QUndoStack::canUndoChanged, this, &DocumentController::documentStateChanged);
    connect(stack, &QUndoStack::canRedoChanged, this, &DocumentController::documentStateChanged);
    connect(stack, &QUndoStack::undoTextChanged, this, &DocumentController::documentStateChanged);
    connect(stack, &QUndoStack::redoTextChanged, this, &DocumentController::documentStateChanged);
    connect(m_doc.get(), &model::EditorDocument::issuesChanged, this, &DocumentController::documentStateChanged);
    connect(
        m_doc.get(), &model::EditorDocument::currentProfileChanged, this, &DocumentController::currentProfileChanged);
    connect(m_doc.get(), &model::EditorDocument::readOnlyChanged, this, &DocumentController::readOnlyChanged);
}

bool DocumentController::newDocument()
{
    // In a kandev database the new profile joins the others; the next save,
    // after its review, creates it there.
    if (m_doc && m_doc->holdsManyProfiles() && !m_doc->isDocumentReadOnly()) {
        m_doc->undoStack()->push(new model::AddProfileCommand(m_doc.get(), model::newDynamicProfile()));
        return true;
    }
    if (!maybeSave())
        return false;
    m_migrations->forget();
    // An agent profile with no name and no candidate yet: Validation says
    // what it needs, and Save asks where to put it.
    format::Document document;
    document.shape = format::FileShape::AgentProfile;
    document.profiles.push_back(model::newDynamicProfile());
    install(std::make_unique<model::EditorDocument>(std::move(document), QString(), QByteArray()));
    return true;
}

void DocumentController::deleteProfile()
{
    if (!m_doc || !m_doc->holdsManyProfiles() || m_doc->isReadOnly() || m_doc->currentProfile() < 0)
        return;
    const QString name = m_doc->profileTitle(m_doc->currentProfile());
    if (QMessageBox::question(m_window, tr("Delete Dynamic Profile"),
            tr("Delete the dynamic profile %1?\n\nThe next save marks it deleted in %2, as kandev deletes a "
               "profile: its rows stay, kandev stops offering it, and sessions already routed through it keep "
               "their route. Until you save, Undo brings it back.")
                .arg(name, m_doc->displayName()),
            QMessageBox::Yes | QMessageBox::Cancel, QMessageBox::Cancel)
        != QMessageBox::Yes)
        return;
    m_doc->undoStack()->push(new model::DeleteProfileCommand(m_doc.get()));
}

void DocumentController::openDialog()
{
    const QString dir = m_doc && !m_doc->filePath().isEmpty() ? QFileInfo(m_doc->filePath()).absolutePath() : QString();
    const QString path = QFileDialog::getOpenFileName(
        m_window, tr("Open Dynamic Profile"), dir, tr("JSON documents (*.json);;All files (*)"));
    if (!path.isEmpty())
        openFile(path);
}

bool DocumentController::openFile(const QString& path)
{
    if (!maybeSave())
        return false;
    m_migrations->forget();
    model::LoadResult loaded = model::loadDocumentFile(path);
    if (!loaded.document) {
        QMessageBox::critical(
            m_window, tr("Cannot Open File"), tr("Policy Studio cannot open this file:\n\n%1").arg(loaded.error));
        return false;
    }
    auto doc
        = std::make_unique<model::EditorDocument>(*loaded.document, QFileInfo(path).absoluteFilePath(), loaded.bytes);
    const QString name = QFileInfo(path).fileName();
    QString migrated;
    if (loaded.newerPolicyVersion) {
        doc->setReadOnly(true,
            tr("a candidate uses a newer policy version than this editor understands; it is never "
               "downgraded"));
        QMessageBox::information(m_window, tr("Opened Read-Only"),
            tr("%1 uses a newer policy version than this editor supports. It opens read-only so "
               "that nothing is downgraded.")
                .arg(name));
    } else if (loaded.legacy) {
        migrated = m_migrations->reviewFile(*doc, name, path);
    }
    install(std::move(doc));
    addRecentFile(m_doc->filePath());
    if (!migrated.isEmpty())
        emit statusMessage(migrated, 15000);
    return true;
}

QString DocumentController::sampleDocumentPath()
{
    // Installed (share/policy-studio/samples beside bin/), else the source tree this build came from.
    for (const QString& dir :
        {QCoreApplication::applicationDirPath() + QStringLiteral("/../share/policy-studio/samples"),
            QStringLiteral(POLICY_STUDIO_SAMPLES_DIR)}) {
        const QString path = QDir(dir).filePath(QStringLiteral("profile-v1.json"));
        if (QFileInfo(path).isFile())
            return QFileInfo(path).canonicalFilePath();
    }
    return {};
}

bool DocumentController::openSample()
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
        QMessageBox::critical(
            m_window, tr("Cannot Open File"), tr("The sample could not be copied to %1.").arg(m_sampleDir->path()));
        return false;
    }
    QFile::setPermissions(copy, QFile::ReadOwner | QFile::WriteOwner);
    return openFile(copy);
}

void DocumentController::reload()
{
    if (m_doc && !m_doc->filePath().isEmpty() && maybeSave())
        openFile(m_doc->filePath());
}

void DocumentController::reviewChanges()
{
    if (!m_doc)
        return;
    ReviewChangesDialog(review(), m_doc->displayName(), ReviewChangesDialog::Purpose::Review, m_window).exec();
}

void DocumentController::setReviewScenario(std::function<policy::Scenario()> scenario)
{
    m_reviewScenario = std::move(scenario);
}

model::ChangeReview DocumentController::review() const
{
    return m_reviewScenario ? model::reviewChanges(*m_doc, m_reviewScenario()) : model::reviewChanges(*m_doc);
}

void DocumentController::undo()
{
    if (m_doc)
        m_doc->undoStack()->undo();
}

void DocumentController::redo()
{
    if (m_doc)
        m_doc->undoStack()->redo();
}

bool DocumentController::save()
{
    if (!m_doc)
        return false;
    if (m_doc->isDatabase())
        return saveToDatabase();
    if (m_doc->filePath().isEmpty())
        return saveAs();
    if (m_doc->changedOnDisk()) {
        const auto answer = QMessageBox::warning(m_window, tr("File Changed on Disk"),
            tr("%1 was changed by another program since it was opened. Saving replaces those changes.")
                .arg(m_doc->displayName()),
            QMessageBox::Save | QMessageBox::Cancel, QMessageBox::Cancel);
        if (answer != QMessageBox::Save)
            return false;
    }
    return saveTo(m_doc->filePath());
}

bool DocumentController::saveToDatabase()
{
    // Every database save is confirmed against what it writes and the routes it affects.
    const model::ChangeReview review = this->review();
    if (!review.nothingToSave
        && ReviewChangesDialog(review, m_doc->displayName(), ReviewChangesDialog::Purpose::ConfirmSave, m_window).exec()
            != QDialog::Accepted)
        return false;
    const auto result = m_doc->saveAs({});
    if (result.conflict) {
        emit databaseSaveConflicted(result.error);
        return false;
    }
    if (!result.ok) {
        QMessageBox::critical(
            m_window, tr("Cannot Save"), tr("Nothing was written; your edits are still here.\n\n%1").arg(result.error));
        return false;
    }
    emit documentSaved();
    emit statusMessage(tr("Saved to %1.").arg(m_doc->displayName()), 5000);
    return true;
}

bool DocumentController::saveAs()
{
    if (!m_doc)
        return false;
    QString filter;
    const QString chosen = QFileDialog::getSaveFileName(
        m_window, tr("Save Dynamic Profile As"), m_doc->filePath(), tr("JSON documents (*.json)"), &filter);
    if (chosen.isEmpty())
        return false;
    const QString path = savePathFor(chosen, filter);
    // The dialog asked about replacing the name as typed, not the one with ".json".
    if (path != chosen && QFileInfo::exists(path)
        && QMessageBox::question(m_window, tr("Replace File"),
               tr("%1 already exists. Replace it?").arg(QFileInfo(path).fileName()), QMessageBox::Yes | QMessageBox::No,
               QMessageBox::No)
            != QMessageBox::Yes)
        return false;
    return saveTo(path);
}

QString DocumentController::savePathFor(const QString& chosen, const QString& selectedFilter)
{
    if (!selectedFilter.contains(QLatin1String("*.json")) || !QFileInfo(chosen).suffix().isEmpty())
        return chosen;
    return chosen + (chosen.endsWith(QLatin1Char('.')) ? QStringLiteral("json") : QStringLiteral(".json"));
}

bool DocumentController::saveTo(const QString& path)
{
    const QString oldPath = m_doc->filePath();
    if (!oldPath.isEmpty())
        m_watcher->removePath(oldPath);
    const auto result = m_doc->saveAs(path);
    if (!m_doc->filePath().isEmpty())
        m_watcher->addPath(m_doc->filePath());
    if (!result.ok) {
        QMessageBox::critical(
            m_window, tr("Cannot Save"), tr("Nothing was written; your edits are still here.\n\n%1").arg(result.error));
        return false;
    }
    addRecentFile(path);
    emit documentSaved();
    emit statusMessage(tr("Saved %1.").arg(QFileInfo(path).fileName()), 5000);
    return true;
}

bool DocumentController::maybeSave()
{
    if (!m_doc || !m_doc->isModified())
        return true;
    const auto answer = QMessageBox::warning(m_window, tr("Unsaved Changes"),
        tr("%1 has unsaved changes. Save them?").arg(m_doc->displayName()),
        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
    if (answer == QMessageBox::Save)
        return save();
    return answer == QMessageBox::Discard;
}

void DocumentController::onFileChangedOnDisk(const QString& path)
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
        && QMessageBox::question(m_window, tr("File Changed on Disk"), question, QMessageBox::Yes | QMessageBox::No)
            == QMessageBox::Yes;
    m_askingAboutDisk = false;
    if (reload) {
        m_doc->undoStack()->setClean();  // the user chose to drop the edits
        openFile(path);
    } else {
        emit statusMessage(tr("%1 changed on disk; saving will replace it.").arg(m_doc->displayName()), 0);
    }
}

void DocumentController::addRecentFile(const QString& path)
{
    // The sample's temporary copy is gone when the window closes: not a file to come back to.
    if (m_sampleDir && QFileInfo(path).absolutePath() == QFileInfo(m_sampleDir->path()).absoluteFilePath())
        return;
    m_recent->add(path);
}

}  // namespace gui
