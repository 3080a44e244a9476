// SPDX-License-Identifier: Apache-2.0
#pragma once
// Small Qt SQL helpers shared by the readers and writers of kandev's database.

#include <QSqlDatabase>
#include "kandev_text.h"
#include <QSqlError>
#include <QSqlQuery>
#include <QString>
#include <QStringList>
#include <QVariant>

#include <algorithm>
#include <optional>

namespace store::detail
{

// The reason a Qt SQL call failed, as the server or SQLite said it.
inline QString sqlError(const QSqlError& e)
{
    const QString text = e.databaseText().isEmpty() ? e.text() : e.databaseText();
    return text.trimmed();
}

// The reason a read failed, saying so when another connection holds the
// database locked (SQLite's BUSY and LOCKED): that is no SQL problem, and
// waiting for the writer to finish is the remedy.
inline QString readError(const QString& database, const QSqlError& e)
{
    const QString code = e.nativeErrorCode();
    if (code == QLatin1String("5") || code == QLatin1String("6")
        || sqlError(e).contains(QLatin1String("database is locked")))
        return KandevText::tr(
            "%1 is locked: another connection is writing to it (%2); nothing was read, try again when it "
            "is done")
            .arg(database, sqlError(e));
    return QStringLiteral("%1: %2").arg(database, sqlError(e));
}

// The tables of the database, asked with a statement that fails when the
// database cannot be read: QSqlDatabase::tables() answers "none" when a
// writer holds SQLite's lock, which would read as "not a kandev database".
inline std::optional<QStringList> tableNames(QSqlDatabase& db, bool sqlite, QSqlError* error)
{
    QSqlQuery q(db);
    q.setForwardOnly(true);
    if (!q.exec(sqlite ? QStringLiteral("SELECT name FROM sqlite_master WHERE type = 'table'")
                       : QStringLiteral("SELECT table_name FROM information_schema.tables WHERE table_schema = ANY "
                                        "(current_schemas(false))"))) {
        if (error)
            *error = q.lastError();
        return std::nullopt;
    }
    QStringList names;
    while (q.next())
        names << q.value(0).toString();
    return names;
}

// The columns of `table`, asked once (an older kandev lacks some): SQLite's
// PRAGMA table_info, PostgreSQL's information_schema.columns of the tables
// on the search path.
inline std::optional<QStringList> columnNames(QSqlDatabase& db, bool sqlite, const QString& table, QSqlError* error)
{
    QSqlQuery q(db);
    q.setForwardOnly(true);
    bool ok = false;
    if (sqlite) {
        // PRAGMA takes no bound parameter; the name is one of ours, quoted all the same.
        QString quoted = table;
        quoted.replace(QLatin1Char('\''), QLatin1String("''"));
        ok = q.exec(QStringLiteral("PRAGMA table_info('%1')").arg(quoted));
    } else {
        ok = q.prepare(QStringLiteral("SELECT column_name FROM information_schema.columns WHERE table_name = ? AND "
                                      "table_schema = ANY (current_schemas(false))"));
        q.addBindValue(table);
        ok = ok && q.exec();
    }
    if (!ok) {
        if (error)
            *error = q.lastError();
        return std::nullopt;
    }
    QStringList names;
    while (q.next())
        names << q.value(sqlite ? 1 : 0).toString();
    return names;
}

// Whether `tables` (QSqlDatabase::tables()) holds `table`; QPSQL names tables
// outside the public schema "schema.table".
inline bool hasTable(const QStringList& tables, const QString& table)
{
    return std::any_of(tables.begin(), tables.end(),
        [&](const QString& t) { return t == table || t.endsWith(QLatin1Char('.') + table); });
}

}  // namespace store::detail
