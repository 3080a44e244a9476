// SPDX-License-Identifier: Apache-2.0
#include "controllers/database_session.h"

#include "controllers/document_controller.h"
#include "controllers/migration_flow.h"

#include "dialogs/open_database_dialog.h"

#include "model/editor_document.h"

#include "model/migration_review.h"
#include "model/policy_text.h"
#include "store/database_target.h"
#include "store/document_source.h"
#include "store/kandev_database.h"

#include <QDir>
#include <QFileInfo>
#include <QInputDialog>
#include <QLabel>
#include <QMessageBox>

namespace gui
{

DatabaseSession::DatabaseSession(DocumentController* documents, MigrationFlow* migrations, QWidget* window)
    : QObject(window)
    , m_window(window)
    , m_documents(documents)
    , m_migrations(migrations)
{
    connect(m_documents, &DocumentController::databaseSaveConflicted, this, &DatabaseSession::offerReload);
}

bool DatabaseSession::namesDatabase(const QString& argument)
{
    return store::namesDatabase(argument);
}

QString DatabaseSession::defaultDatabasePath()
{
    return store::defaultSqlitePath();
}

void DatabaseSession::openDialog()
{
    OpenDatabaseDialog dialog(store::defaultSqlitePath(), m_window);
    if (dialog.exec() != QDialog::Accepted)
        return;
    QString error;
    const auto choice = dialog.choice(&error);
    const auto target = choice ? targetOf(*choice, &error) : std::nullopt;
    if (!target) {
        QMessageBox::critical(m_window, tr("Cannot Open Database"), error);
        return;
    }
    open(*target);
}

std::optional<store::DatabaseTarget> DatabaseSession::targetOf(const DatabaseChoice& choice, QString* error)
{
    switch (choice.kind) {
    case DatabaseChoice::Kind::Environment: {
        auto t = store::databaseTargetFromEnvironment(error);
        if (!t && error && error->isEmpty())
            *error = tr("KANDEV_DATABASE_DRIVER is not set.");
        return t;
    }
    case DatabaseChoice::Kind::SqliteFile: return store::parseDatabaseTarget(choice.path, error);
    case DatabaseChoice::Kind::Server: break;
    }
    store::DatabaseTarget t;
    t.kind = store::DatabaseTarget::Kind::Postgres;
    t.host = choice.host;
    t.port = choice.port;
    t.user = choice.user;
    // Left empty: kandev's variables or PGPASSWORD; then the server may ask.
    t.password = choice.password.isEmpty() ? store::passwordFromEnvironment() : choice.password;
    t.database = choice.database;
    return t;
}

bool DatabaseSession::openArgument(const QString& argument)
{
    QString error;
    const auto target = store::parseDatabaseTarget(argument, &error);
    if (!target) {
        // The argument may hold a password: the message names the problem, not the argument.
        QMessageBox::warning(m_window, tr("Cannot Open Database"),
            tr("The database could not be opened: %1.").arg(error.toHtmlEscaped()));
        return false;
    }
    return open(*target);
}

bool DatabaseSession::openSqlite(const QString& path)
{
    store::DatabaseTarget target;
    target.path = path;
    return open(target);
}

bool DatabaseSession::open(const store::DatabaseTarget& requested)
{
    if (!m_documents->maybeSave())
        return false;
    m_migrations->forget();
    store::DatabaseTarget target = requested;  // with the password, once one was asked for
    // A migration written on the first reading; the database is read again
    // after it, until a reading opens it (or fails).
    std::optional<store::WriteResult> migrated;
    for (;;) {
        store::WriteResult written;
        const Reading reading = read(target, !migrated, &written);
        if (reading == Reading::Migrated) {
            if (!migrated)
                migrated = written;
            continue;
        }
        if (migrated)
            emit statusMessage(
                tr("Migrated %n profile(s) in the database; backup: %1. View › Migration Report shows how.", nullptr,
                    migrated->profilesWritten)
                    .arg(migrated->backupPath),
                0);
        return reading == Reading::Opened;
    }
}

DatabaseSession::Reading DatabaseSession::read(
    store::DatabaseTarget& target, bool firstReading, store::WriteResult* written)
{
    QString error;
    store::OpenFailure failure = store::OpenFailure::Other;
    std::shared_ptr<store::KandevDatabase> database = store::KandevDatabase::open(target, &error, &failure);
    // A server that wants a password gets one asked for, as often as it
    // refuses one, until the person cancels.
    while (!database && failure == store::OpenFailure::PasswordNeeded) {
        const std::optional<QString> password = askPassword(target, error);
        if (!password)
            return Reading::Failed;
        target.password = *password;
        database = store::KandevDatabase::open(target, &error, &failure);
    }
    std::optional<store::LoadedDatabase> loaded;
    if (database)
        loaded = database->load(&error);
    if (!loaded) {
        QMessageBox::critical(
            m_window, tr("Cannot Open Database"), tr("Policy Studio cannot read this database:\n\n%1").arg(error));
        return Reading::Failed;
    }
    auto source = std::make_unique<store::KandevSource>(database, *loaded);
    std::optional<model::MigrationReview> planned;
    if (loaded->document.hasLegacyRules()) {
        planned.emplace(store::planDatabaseMigration(*loaded), loaded->document);
        source->lockUnmigratable(planned->report());
    }
    auto doc = std::make_unique<model::EditorDocument>(loaded->document, std::move(source));
    if (planned) {
        QStringList unreadable;
        for (const auto& row : loaded->invalidRows)
            unreadable << model::PolicyText::diagnostic(row);
        // Only the first review is the Migration Report: a reading after the
        // write reviews what is left, which is not how the profiles were migrated.
        const auto answer = m_migrations->reviewDatabase(*planned, target.displayName(), unreadable, firstReading);
        if (answer == MigrationFlow::DatabaseAnswer::Migrate
            && writeMigration(*database, *loaded, planned->report(), target, written))
            return Reading::Migrated;
        // Migrate without the write opens as Open Read-Only would: all of it.
        if (answer != MigrationFlow::DatabaseAnswer::Open)
            doc->setReadOnly(true, tr("its legacy rules were not migrated"));
    }
    // Before the document shows: what is shown with it (house rules beside the file) asks where it is.
    m_target = target;
    m_documents->install(std::move(doc));
    return Reading::Opened;
}

bool DatabaseSession::writeMigration(store::KandevDatabase& database, const store::LoadedDatabase& loaded,
    const migration::MigrationReport& report, const store::DatabaseTarget& target, store::WriteResult* written)
{
    const auto answer = QMessageBox::question(m_window, tr("Apply Migration"),
        tr("Write the migrated policies to %1 now, in one transaction, after a backup? Profiles with errors are left "
           "untouched.")
            .arg(target.displayName()),
        QMessageBox::Apply | QMessageBox::Cancel, QMessageBox::Cancel);
    if (answer != QMessageBox::Apply)
        return false;
    *written = database.applyMigration(loaded, report, store::defaultBackupDirectory(target));
    if (!written->ok) {
        QMessageBox::critical(
            m_window, tr("Migration Not Applied"), tr("Nothing was written.\n\n%1").arg(written->error));
        return false;
    }
    return true;
}

std::optional<QString> DatabaseSession::askPassword(const store::DatabaseTarget& target, const QString& error)
{
    // The server's words without the target they repeat ("postgres://…: ").
    QString reason = error;
    if (const QString prefix = target.displayName() + QStringLiteral(": "); reason.startsWith(prefix))
        reason.remove(0, prefix.size());
    QInputDialog dialog(m_window);
    dialog.setWindowTitle(tr("Database Password"));
    dialog.setLabelText(
        tr("%1 asks for the password of user \u201c%2\u201d. It is kept only while the database is open.\n\n%3")
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

void DatabaseSession::offerReload(const QString& error)
{
    const auto answer = QMessageBox::warning(m_window, tr("Changed in the Database"),
        tr("%1\n\nReload the profiles from the database? Your unsaved edits are lost.").arg(error),
        QMessageBox::Yes | QMessageBox::No, QMessageBox::No);
    if (answer != QMessageBox::Yes)
        return;
    model::EditorDocument* doc = m_documents->document();
    if (!doc || !doc->isDatabase() || !m_target)
        return;
    const store::DatabaseTarget target = *m_target;
    doc->undoStack()->setClean();  // the person chose to lose the edits
    open(target);
}

QString DatabaseSession::sqliteFolder() const
{
    if (!m_target || m_target->kind != store::DatabaseTarget::Kind::Sqlite)
        return {};
    return QFileInfo(m_target->path).absolutePath();
}

}  // namespace gui
