// SPDX-License-Identifier: Apache-2.0
#pragma once
// Where a kandev database is: a SQLite file, or a PostgreSQL server given as a
// URL or through the KANDEV_DATABASE_* variables kandev itself reads.

#include <QString>

#include <optional>

namespace store
{

struct DatabaseTarget {
    enum class Kind { Sqlite, Postgres };
    Kind kind = Kind::Sqlite;
    QString path;  // SQLite
    QString host;  // PostgreSQL
    int port = 5432;
    QString user;
    QString password;  // never printed, never stored in settings
    QString database;

    // For messages and settings: no password, ever.
    QString displayName() const;
};

// DB is a SQLite file path, sqlite:PATH, or postgres://user:pass@host:port/name
// (postgresql:// too). Returns nullopt and sets error for anything else. A
// URL without a password takes passwordFromEnvironment(): a password in the
// URL is visible to every user in `ps`, so it is the least safe form.
std::optional<DatabaseTarget> parseDatabaseTarget(const QString& text, QString* error);

// KANDEV_DATABASE_PASSWORD, else PGPASSWORD, else "".
QString passwordFromEnvironment();

// Where kandev keeps its SQLite database unless told otherwise:
// KANDEV_DATABASE_PATH, else <home>/data/kandev.db with <home> =
// KANDEV_HOME_DIR, else ~/.kandev (kandev's own defaults). The file may not exist.
QString defaultSqlitePath();

// A command-line argument that names a database rather than a document:
// sqlite:PATH, postgres://… (or postgresql://…), or a regular file that is
// SQLite inside (its first 16 bytes say so, whatever its name; a FIFO or a
// device is never opened to find out).
bool namesDatabase(const QString& argument);

// A database name made safe as part of a file name: only ASCII letters,
// digits, '-' and '_' survive (others become '_', so "../x" cannot pick a
// directory); a name with nothing left becomes "kandev-database".
QString safeFileStem(const QString& name);

// KANDEV_DATABASE_DRIVER (sqlite|postgres), _PATH (SQLite), _HOST, _PORT,
// _USER, _PASSWORD, _NAME. nullopt when KANDEV_DATABASE_DRIVER is unset.
std::optional<DatabaseTarget> databaseTargetFromEnvironment(QString* error);

}  // namespace store
