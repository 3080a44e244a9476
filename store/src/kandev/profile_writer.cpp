// SPDX-License-Identifier: Apache-2.0
// The one conditional write path into a kandev database, for an editor save
// and a migration alike: one transaction, kandev's version check, the routes
// compared with those read, then replaced.
#include "store/kandev_database.h"

#include "sql_support.h"

#include "format/codec.h"

#include <QDateTime>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QUuid>
#include <QVariant>

namespace store
{

namespace
{

using detail::sqlError;

class Transaction
{
public:
    explicit Transaction(QSqlDatabase db)
        : m_db(std::move(db))
    {
        m_open = m_db.transaction();
    }
    ~Transaction()
    {
        if (m_open)
            m_db.rollback();
    }
    bool isOpen() const
    {
        return m_open;
    }
    bool commit()
    {
        m_open = false;
        return m_db.commit();
    }

private:
    QSqlDatabase m_db;
    bool m_open;
};

// Runs write statements, calling the test hook first and keeping the first error.
class StatementRunner
{
public:
    StatementRunner(const KandevDatabase& database, WriteResult& result, QString suffix = {})
        : m_database(database)
        , m_result(result)
        , m_suffix(std::move(suffix))
    {
    }
    bool operator()(QSqlQuery& q)
    {
        if (m_database.beforeWriteStatement)
            m_database.beforeWriteStatement(m_step++);
        // A statement that did not prepare (its table vanished since the
        // read) keeps that reason; exec() would only say "Parameter count mismatch".
        if (q.lastError().isValid()) {
            m_result.error = QStringLiteral("%1: %2 (did kandev's tables change since they were read?)%3")
                                 .arg(m_database.target().displayName(), sqlError(q.lastError()), m_suffix);
            return false;
        }
        if (q.exec())
            return true;
        m_result.error
            = QStringLiteral("%1: %2%3").arg(m_database.target().displayName(), sqlError(q.lastError()), m_suffix);
        return false;
    }

private:
    const KandevDatabase& m_database;
    WriteResult& m_result;
    QString m_suffix;
    int m_step = 0;
};

// kandev's optimistic concurrency: the version moves on only from the one read.
bool bumpVersion(QSqlDatabase& db, StatementRunner& run, WriteResult& result, const std::string& profileId,
    std::int64_t expected, const QDateTime& now, const QString& conflictMessage)
{
    QSqlQuery bump(db);
    bump.prepare(QStringLiteral("UPDATE dynamic_agent_profiles SET version = version + 1, updated_at = ? "
                                "WHERE profile_id = ? AND version = ?"));
    bump.addBindValue(now);
    bump.addBindValue(QString::fromStdString(profileId));
    bump.addBindValue(qlonglong(expected));
    if (!run(bump))
        return false;
    if (bump.numRowsAffected() != 1) {
        result.conflict = true;
        result.error = conflictMessage;
        return false;
    }
    return true;
}

}  // namespace

bool KandevDatabase::routesAsRead(QSqlDatabase& db, const std::string& profileId, WriteResult& result) const
{
    QSqlQuery q(db);
    // A statement that does not prepare (the table vanished since the read)
    // keeps that reason; exec() would only say "Parameter count mismatch".
    if (!q.prepare(QStringLiteral("SELECT position, execution_profile_id, enabled, rules_json FROM "
                                  "dynamic_agent_routes WHERE dynamic_profile_id = ? ORDER BY position"))) {
        result.error = QStringLiteral("%1: %2 (did kandev's tables change since they were read?); nothing was written")
                           .arg(m_target.displayName(), sqlError(q.lastError()));
        return false;
    }
    q.addBindValue(QString::fromStdString(profileId));
    if (!q.exec()) {
        result.error
            = QStringLiteral("%1: %2; nothing was written").arg(m_target.displayName(), sqlError(q.lastError()));
        return false;
    }
    std::vector<RouteRow> now;
    while (q.next())
        now.push_back({q.value(0).toLongLong(), q.value(1).toString(), q.value(2).toInt(), q.value(3).toString()});
    const auto read = m_readRoutes.find(profileId);
    if (read != m_readRoutes.end() && read->second == now)
        return true;
    result.conflict = true;
    result.error
        = QStringLiteral("profile \"%1\": its routes were changed in the database since it was read (without a "
                         "version change); nothing was written, reload and review again")
              .arg(QString::fromStdString(profileId));
    return false;
}

template <typename Body> void KandevDatabase::withWriter(const QString& prefix, WriteResult& result, Body&& body)
{
    const QString name = prefix + QUuid::createUuid().toString(QUuid::WithoutBraces);
    if (connect(name, false, &result.error)) {
        QSqlDatabase db = QSqlDatabase::database(name);
        if (identityOf(db) != m_identity) {
            result.error
                = QStringLiteral("%1 is not the database that was read (%2); nothing was written, open it again")
                      .arg(m_target.displayName(),
                          m_target.kind == DatabaseTarget::Kind::Sqlite
                              ? QStringLiteral("the file at that path was replaced")
                              : QStringLiteral("another server or database answers there"));
        } else {
            body(db);
        }
        db.close();
    }
    QSqlDatabase::removeDatabase(name);
}

WriteResult KandevDatabase::writeProfiles(
    const std::vector<ProfileRoutes>& profiles, const std::optional<QString>& backupDir)
{
    WriteResult result;
    if (profiles.empty()) {
        result.ok = true;
        return result;
    }
    withWriter(QStringLiteral("kandev-writer-"), result, [&](QSqlDatabase& db) {
        // The backup comes first; without it nothing is written.
        if (backupDir && !backUp(db, profiles, *backupDir, result))
            return;
        StatementRunner run(*this, result, QStringLiteral("; nothing was written"));
        Transaction tx(db);
        if (!tx.isOpen()) {
            result.error = QStringLiteral("%1: %2").arg(m_target.displayName(), sqlError(db.lastError()));
            return;
        }
        const QDateTime now = QDateTime::currentDateTimeUtc();
        std::map<std::string, std::vector<RouteRow>> written;
        bool ok = true;
        for (const ProfileRoutes& profile : profiles) {
            const QString id = QString::fromStdString(profile.profileId);
            ok = ok
                && bumpVersion(db, run, result, profile.profileId, profile.expectedVersion, now,
                    QStringLiteral("profile \"%1\" was changed in the database since it was read (version %2 "
                                   "expected); nothing was written, reload and review again")
                        .arg(id)
                        .arg(profile.expectedVersion));
            ok = ok && routesAsRead(db, profile.profileId, result);
            QSqlQuery remove(db);
            remove.prepare(QStringLiteral("DELETE FROM dynamic_agent_routes WHERE dynamic_profile_id = ?"));
            remove.addBindValue(id);
            ok = ok && run(remove);
            std::vector<RouteRow>& rows = written[profile.profileId];
            for (const policy::Candidate& candidate : profile.candidates) {
                if (!ok)
                    break;
                const RouteRow row {candidate.position, QString::fromStdString(candidate.executionProfileId),
                    candidate.enabled ? 1 : 0, QString::fromStdString(format::serializeRulesJson(candidate))};
                QSqlQuery insert(db);
                insert.prepare(QStringLiteral("INSERT INTO dynamic_agent_routes (dynamic_profile_id, position, "
                                              "execution_profile_id, enabled, rules_json) VALUES (?, ?, ?, ?, ?)"));
                insert.addBindValue(id);
                insert.addBindValue(qlonglong(row.position));
                insert.addBindValue(row.executionProfileId);
                insert.addBindValue(row.enabled);
                insert.addBindValue(row.rulesJson);
                ok = run(insert);
                rows.push_back(row);
            }
            if (!ok)
                break;
        }
        if (ok && !tx.commit()) {
            result.error
                = QStringLiteral("%1: %2; nothing was written").arg(m_target.displayName(), sqlError(db.lastError()));
            ok = false;
        }
        result.ok = ok;
        result.profilesWritten = ok ? int(profiles.size()) : 0;
        if (ok) {
            for (auto& [id, rows] : written)
                m_readRoutes[id] = std::move(rows);
        }
    });
    return result;
}

WriteResult KandevDatabase::saveProfile(
    const std::string& profileId, std::int64_t expectedVersion, const std::vector<policy::Candidate>& candidates)
{
    ProfileRoutes profile {profileId, expectedVersion, candidates};
    for (std::size_t i = 0; i < profile.candidates.size(); ++i)
        profile.candidates[i].position = std::int64_t(i);
    return writeProfiles({std::move(profile)});
}

}  // namespace store
