// SPDX-License-Identifier: Apache-2.0
#pragma once
// Opening a kandev database: the target, the password prompt (again while
// the server refuses it), reading the profiles, the review of legacy rules
// and, when the person migrates, a backup, the write, and reading the
// database again. Also the reload offered when a save meets rows that
// changed in the database since they were read.

#include "store/database_target.h"

#include <QObject>
#include <QString>

#include <optional>

class QWidget;

namespace migration
{
struct MigrationReport;
}
namespace model
{
class EditorDocument;
}
namespace store
{
class KandevDatabase;
struct LoadedDatabase;
struct WriteResult;
}  // namespace store

namespace gui
{

class DocumentController;
class MigrationFlow;
struct DatabaseChoice;

class DatabaseSession final : public QObject
{
    Q_OBJECT
public:
    // Dialogs are modal to `window`, which also owns this session. The
    // database becomes the document of `documents`.
    DatabaseSession(DocumentController* documents, MigrationFlow* migrations, QWidget* window);

    // False (after telling the user why) when the database could not be
    // opened, or the person cancelled the password prompt.
    bool open(const store::DatabaseTarget& target);
    // A command-line argument that names a database (namesDatabase()).
    bool openArgument(const QString& argument);
    // The start page's kandev database, a SQLite file.
    bool openSqlite(const QString& path);
    // File > Open Database…: asks where the database is.
    void openDialog();

    // sqlite:PATH, postgres://…, or a file that is SQLite inside: not a document file.
    static bool namesDatabase(const QString& argument);
    // The folder of the SQLite file open now, where house rules may sit beside it; "" for PostgreSQL or none.
    QString sqliteFolder() const;
    // Where kandev keeps its SQLite database unless told otherwise (the file may not exist).
    static QString defaultDatabasePath();
    // The database a choice in the Open Database dialog names; nullopt with the reason when none.
    static std::optional<store::DatabaseTarget> targetOf(const DatabaseChoice& choice, QString* error);

signals:
    void statusMessage(const QString& text, int timeoutMs);

private:
    // What became of one reading of the database.
    enum class Reading { Opened, Failed, Migrated };
    Reading read(store::DatabaseTarget& target, bool firstReading, store::WriteResult* written);
    // After "Apply Migration?": a backup beside the database (or in the home
    // directory), then the migrated profiles in one transaction. False when
    // the person declined or nothing was written.
    bool writeMigration(store::KandevDatabase& database, const store::LoadedDatabase& loaded,
        const migration::MigrationReport& report, const store::DatabaseTarget& target, store::WriteResult* written);
    // Profiles that are read but never written: their rows cannot be read, or
    // are newer than this build, or their legacy rules cannot be migrated.
    // Only those are read-only; the rest stay editable.
    std::optional<QString> askPassword(const store::DatabaseTarget& target, const QString& error);
    void offerReload(const QString& error);

    QWidget* m_window;
    DocumentController* m_documents;
    MigrationFlow* m_migrations;
    std::optional<store::DatabaseTarget> m_target;  // of the database open now, for a reload
};

}  // namespace gui
