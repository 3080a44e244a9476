// SPDX-License-Identifier: Apache-2.0
// Connections to a kandev database: the read-only one a KandevDatabase keeps
// open, and the identity that every writer checks before it writes.
#include "store/kandev_database.h"
#include "kandev_text.h"

#include "sql_support.h"

#include <QFile>
#include <QFileInfo>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QUuid>

#include <sys/stat.h>

namespace store
{

using detail::sqlError;

KandevDatabase::KandevDatabase(DatabaseTarget target)
    : m_reader(QStringLiteral("kandev-reader-") + QUuid::createUuid().toString(QUuid::WithoutBraces))
    , m_target(std::move(target))
{
}

KandevDatabase::~KandevDatabase()
{
    if (QSqlDatabase::contains(m_reader)) {
        QSqlDatabase::database(m_reader, false).close();
        QSqlDatabase::removeDatabase(m_reader);
    }
}

bool KandevDatabase::connect(const QString& name, bool readOnly, QString* error, OpenFailure* failure)
{
    const bool sqlite = m_target.kind == DatabaseTarget::Kind::Sqlite;
    QSqlDatabase db = QSqlDatabase::addDatabase(sqlite ? QStringLiteral("QSQLITE") : QStringLiteral("QPSQL"), name);
    if (sqlite) {
        if (!QFileInfo::exists(m_target.path)) {
            if (error)
                *error = KandevText::tr("%1: no such database file").arg(m_target.path);
            return false;
        }
        db.setDatabaseName(m_target.path);
        // A writer that holds the lock makes us wait briefly, then fail clearly.
        db.setConnectOptions(readOnly ? QStringLiteral("QSQLITE_OPEN_READONLY;QSQLITE_BUSY_TIMEOUT=2000")
                                      : QStringLiteral("QSQLITE_BUSY_TIMEOUT=2000"));
    } else {
        db.setHostName(m_target.host);
        db.setPort(m_target.port);
        db.setUserName(m_target.user);
        db.setPassword(m_target.password);
        db.setDatabaseName(m_target.database);
        db.setConnectOptions(QStringLiteral("connect_timeout=5"));
    }
    if (!db.open()) {
        const QString reason = sqlError(db.lastError());
        if (error)
            *error = QStringLiteral("%1: %2").arg(m_target.displayName(), reason);
        // libpq says "no password supplied" or the server "password
        // authentication failed" (SQLSTATE 28P01, which QPSQL does not pass on
        // for a connection): the word is the one dependable sign, in English
        // and in the translations that keep "passw" ("Passwort").
        if (failure)
            *failure = !sqlite && reason.contains(QLatin1String("passw"), Qt::CaseInsensitive)
                ? OpenFailure::PasswordNeeded
                : OpenFailure::Other;
        return false;
    }
    if (!sqlite && readOnly)
        QSqlQuery(db).exec(QStringLiteral("SET SESSION CHARACTERISTICS AS TRANSACTION READ ONLY"));
    // kandev declares foreign keys; SQLite enforces them only when asked.
    if (sqlite && !readOnly)
        QSqlQuery(db).exec(QStringLiteral("PRAGMA foreign_keys = ON"));
    return true;
}

std::unique_ptr<KandevDatabase> KandevDatabase::open(const DatabaseTarget& target, QString* error, OpenFailure* failure)
{
    if (failure)
        *failure = OpenFailure::Other;
    std::unique_ptr<KandevDatabase> db(new KandevDatabase(target));
    if (!db->connect(db->m_reader, true, error, failure))
        return nullptr;
    return db;
}

QString KandevDatabase::identityOf(QSqlDatabase& db) const
{
    if (m_target.kind == DatabaseTarget::Kind::Sqlite) {
        struct stat st {
        };
        if (::stat(QFile::encodeName(m_target.path).constData(), &st) != 0)
            return {};
        return QStringLiteral("file %1:%2").arg(qulonglong(st.st_dev)).arg(qulonglong(st.st_ino));
    }
    QString identity;
    QSqlQuery q(db);
    // pg_control_system() may be refused to an unprivileged role: the oid alone then.
    if (q.exec(QStringLiteral("SELECT system_identifier FROM pg_control_system()")) && q.next())
        identity = q.value(0).toString();
    QSqlQuery oid(db);
    if (oid.exec(QStringLiteral("SELECT oid FROM pg_database WHERE datname = current_database()")) && oid.next())
        identity += QLatin1Char('/') + oid.value(0).toString();
    return identity;
}

}  // namespace store
