#pragma once
// Small Qt SQL helpers shared by the readers and writers of kandev's database.

#include <QSqlError>
#include <QString>
#include <QStringList>

#include <algorithm>

namespace store::detail {

// The reason a Qt SQL call failed, as the server or SQLite said it.
inline QString sqlError(const QSqlError& e)
{
    const QString text = e.databaseText().isEmpty() ? e.text() : e.databaseText();
    return text.trimmed();
}

// Whether `tables` (QSqlDatabase::tables()) holds `table`; QPSQL names tables
// outside the public schema "schema.table".
inline bool hasTable(const QStringList& tables, const QString& table)
{
    return std::any_of(tables.begin(), tables.end(),
                       [&](const QString& t) { return t == table || t.endsWith(QLatin1Char('.') + table); });
}

}  // namespace store::detail
