// SPDX-License-Identifier: Apache-2.0
#pragma once
// The benchmarks' kandev databases: kandev's own table definitions (the
// schema file, comments removed: they contain semicolons) run into `db`.

#include <QFile>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QStringList>

#include <cstdio>

namespace bench
{

inline bool createKandevSchema(QSqlDatabase& db, const QString& schemaPath)
{
    QFile f(schemaPath);
    if (!f.open(QIODevice::ReadOnly)) {
        std::fprintf(stderr, "cannot read %s\n", qPrintable(schemaPath));
        return false;
    }
    QStringList code;
    for (const QString& line : QString::fromUtf8(f.readAll()).split(QLatin1Char('\n')))
        code << line.section(QStringLiteral("--"), 0, 0);
    QSqlQuery q(db);
    for (const QString& s : code.join(QLatin1Char('\n')).split(QLatin1Char(';')))
        if (!s.trimmed().isEmpty())
            q.exec(s);
    return true;
}

}  // namespace bench
