// SPDX-License-Identifier: Apache-2.0
// The backup before a migration is written: where it goes (one rule for the
// editor and policyctl), and how (SQLite: the whole database, VACUUM INTO a
// private file; PostgreSQL: the rows of the profiles written, as JSON).
#include "store/kandev_database.h"
#include "kandev_text.h"

#include "store/file_store.h"

#include "sql_support.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QStandardPaths>
#include <QVariant>

#include <nlohmann/json.hpp>

#include <sys/stat.h>
#include <unistd.h>

namespace store
{

using detail::sqlError;
using Json = nlohmann::ordered_json;

QString defaultBackupDirectory(const DatabaseTarget& target)
{
    if (target.kind == DatabaseTarget::Kind::Sqlite)
        return QFileInfo(target.path).absolutePath();
    const QString dir = QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation)
        + QStringLiteral("/policy-studio/backups");
    if (!QFileInfo::exists(dir)) {
        QDir().mkpath(dir);
        QFile::setPermissions(dir, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
    }
    return dir;
}

bool KandevDatabase::backUp(
    QSqlDatabase& db, const std::vector<ProfileRoutes>& profiles, const QString& dir, WriteResult& result)
{
    const QString stamp = QDateTime::currentDateTimeUtc().toString(QStringLiteral("yyyyMMdd-HHmmss-zzz"));
    if (m_target.kind == DatabaseTarget::Kind::Sqlite) {
        const QFileInfo info(m_target.path);
        result.backupPath = QDir(dir).filePath(QStringLiteral("%1.backup-%2.db").arg(info.completeBaseName(), stamp));
        // The copy holds every secret the database does (env_vars): it is
        // created no wider than the database and never wider than 0600 before
        // SQLite writes a byte into it. It is the database owner's, as the
        // database stays theirs: root migrating another user's database
        // leaves them a backup they can restore.
        struct stat st {
        };
        const bool seen = ::stat(QFile::encodeName(m_target.path).constData(), &st) == 0;
        const mode_t mode = seen ? (st.st_mode & 0600) : 0600;
        const std::string backup = result.backupPath.toStdString();
        if (const auto e = createEmptyPrivateFile(
                backup, mode, seen ? std::optional<FileOwner>(FileOwner {st.st_uid, st.st_gid}) : std::nullopt)) {
            result.error = KandevText::tr("%1: backup failed, nothing was written: %2")
                               .arg(m_target.displayName(), QString::fromStdString(e->message));
            result.backupPath.clear();
            return false;
        }
        QSqlQuery vacuum(db);
        vacuum.prepare(QStringLiteral("VACUUM INTO ?"));
        vacuum.addBindValue(result.backupPath);
        if (!vacuum.exec()) {
            // A half-written copy is no backup: remove it.
            ::unlink(backup.c_str());
            result.error = KandevText::tr("%1: backup to %2 failed, nothing was written: %3")
                               .arg(m_target.displayName(), result.backupPath, sqlError(vacuum.lastError()));
            result.backupPath.clear();
            return false;
        }
        return true;
    }
    Json rows = Json::array();
    for (const ProfileRoutes& profile : profiles) {
        QSqlQuery q(db);
        q.prepare(QStringLiteral("SELECT position, execution_profile_id, enabled, rules_json FROM dynamic_agent_routes "
                                 "WHERE dynamic_profile_id = ? ORDER BY position"));
        q.addBindValue(QString::fromStdString(profile.profileId));
        if (!q.exec()) {
            result.error = KandevText::tr("backup failed, nothing was written: %1").arg(sqlError(q.lastError()));
            return false;
        }
        Json routes = Json::array();
        while (q.next()) {
            routes.push_back(
                {{"position", q.value(0).toLongLong()}, {"execution_profile_id", q.value(1).toString().toStdString()},
                    {"enabled", q.value(2).toInt()}, {"rules_json", q.value(3).toString().toStdString()}});
        }
        rows.push_back(
            {{"profile_id", profile.profileId}, {"version", profile.expectedVersion}, {"routes", std::move(routes)}});
    }
    result.backupPath
        = QDir(dir).filePath(QStringLiteral("%1.backup-%2.json").arg(safeFileStem(m_target.database), stamp));
    // A server's database has no file owner: the backup belongs to whoever
    // owns the folder it is written to (theirs, not root's).
    const auto owner = ownerOf(QFile::encodeName(QFileInfo(result.backupPath).absolutePath()).toStdString());
    if (const auto e = writeFileAtomically(result.backupPath.toStdString(), rows.dump(2) + "\n", {{}, 0600, owner})) {
        result.error = KandevText::tr("backup failed, nothing was written: %1").arg(QString::fromStdString(e->message));
        result.backupPath.clear();
        return false;
    }
    return true;
}

}  // namespace store
