// SPDX-License-Identifier: Apache-2.0
#include "store/database_target.h"
#include "kandev_text.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QUrl>

namespace store
{

QString defaultSqlitePath()
{
    if (const QString path = qEnvironmentVariable("KANDEV_DATABASE_PATH"); !path.isEmpty())
        return path;
    QString home = qEnvironmentVariable("KANDEV_HOME_DIR");
    if (home.isEmpty())
        home = QDir::homePath() + QStringLiteral("/.kandev");
    return QDir(home).filePath(QStringLiteral("data/kandev.db"));
}

QString passwordFromEnvironment()
{
    const QString kandev = qEnvironmentVariable("KANDEV_DATABASE_PASSWORD");
    return kandev.isEmpty() ? qEnvironmentVariable("PGPASSWORD") : kandev;
}

QString safeFileStem(const QString& name)
{
    QString stem;
    for (const QChar c : name)
        stem += (c.isLetterOrNumber() && c.unicode() < 128) || c == QLatin1Char('-') || c == QLatin1Char('_')
            ? c
            : QLatin1Char('_');
    // Nothing left that names anything ("../..", "///"): a generated name.
    if (stem.count(QLatin1Char('_')) == stem.size())
        return QStringLiteral("kandev-database");
    return stem.left(64);
}

QString DatabaseTarget::displayName() const
{
    if (kind == Kind::Sqlite)
        return path;
    return QStringLiteral("postgres://%1@%2:%3/%4").arg(user, host).arg(port).arg(database);
}

std::optional<DatabaseTarget> parseDatabaseTarget(const QString& text, QString* error)
{
    DatabaseTarget t;
    if (text.startsWith(QLatin1String("postgres://")) || text.startsWith(QLatin1String("postgresql://"))) {
        const QUrl url(text, QUrl::StrictMode);
        if (!url.isValid() || url.host().isEmpty() || url.path().size() < 2) {
            if (error)
                *error = KandevText::tr("not a PostgreSQL URL (postgres://user:password@host:port/database)");
            return std::nullopt;
        }
        t.kind = DatabaseTarget::Kind::Postgres;
        t.host = url.host();
        t.port = url.port(5432);
        t.user = url.userName();
        t.password = url.password();
        // A URL's password shows in `ps`: the environment is the safer place.
        if (t.password.isEmpty())
            t.password = passwordFromEnvironment();
        t.database = url.path().mid(1);
        return t;
    }
    t.kind = DatabaseTarget::Kind::Sqlite;
    t.path = text.startsWith(QLatin1String("sqlite:")) ? text.mid(7) : text;
    if (t.path.isEmpty()) {
        if (error)
            *error = KandevText::tr("no database given");
        return std::nullopt;
    }
    return t;
}

std::optional<DatabaseTarget> databaseTargetFromEnvironment(QString* error)
{
    const QString driver = qEnvironmentVariable("KANDEV_DATABASE_DRIVER").toLower();
    if (driver.isEmpty())
        return std::nullopt;
    DatabaseTarget t;
    if (driver == QLatin1String("sqlite") || driver == QLatin1String("sqlite3")) {
        t.kind = DatabaseTarget::Kind::Sqlite;
        t.path = qEnvironmentVariable("KANDEV_DATABASE_PATH");
        if (t.path.isEmpty()) {
            if (error)
                *error = KandevText::tr("KANDEV_DATABASE_PATH is not set");
            return std::nullopt;
        }
        return t;
    }
    if (driver != QLatin1String("postgres") && driver != QLatin1String("postgresql")
        && driver != QLatin1String("pgx")) {
        if (error)
            *error = KandevText::tr("KANDEV_DATABASE_DRIVER must be sqlite or postgres, not '%1'").arg(driver);
        return std::nullopt;
    }
    t.kind = DatabaseTarget::Kind::Postgres;
    t.host = qEnvironmentVariable("KANDEV_DATABASE_HOST", QStringLiteral("127.0.0.1"));
    const QString port = qEnvironmentVariable("KANDEV_DATABASE_PORT", QStringLiteral("5432"));
    bool ok = false;
    t.port = port.toInt(&ok);
    if (!ok || t.port < 1 || t.port > 65535) {
        if (error)
            *error = KandevText::tr("KANDEV_DATABASE_PORT must be a port number from 1 to 65535, not '%1'").arg(port);
        return std::nullopt;
    }
    t.user = qEnvironmentVariable("KANDEV_DATABASE_USER");
    t.password = passwordFromEnvironment();
    t.database = qEnvironmentVariable("KANDEV_DATABASE_NAME", QStringLiteral("kandev"));
    return t;
}

bool namesDatabase(const QString& argument)
{
    if (argument.startsWith(QLatin1String("sqlite:")) || argument.startsWith(QLatin1String("postgres://"))
        || argument.startsWith(QLatin1String("postgresql://")))
        return true;
    QFile f(argument);
    if (!QFileInfo(argument).isFile() || !f.open(QIODevice::ReadOnly))
        return false;
    return f.read(16) == QByteArray("SQLite format 3\0", 16);
}

}  // namespace store
