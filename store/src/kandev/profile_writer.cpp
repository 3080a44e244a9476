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

#include <map>
#include <set>

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
}  // namespace

namespace detail
{

class StatementRunner
{
public:
    StatementRunner(const KandevDatabase& database, WriteResult& result, QString suffix = {})
        : m_database(database)
        , m_result(result)
        , m_suffix(std::move(suffix))
    {
    }
    // `write`: a statement that changes rows, which the test hook counts.
    bool operator()(QSqlQuery& q, bool write = true)
    {
        if (write && m_database.beforeWriteStatement)
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

}  // namespace detail

using detail::StatementRunner;

std::optional<std::vector<KandevDatabase::RouteRow>> KandevDatabase::routesAsRead(
    QSqlQuery& select, const std::string& profileId, StatementRunner& run, WriteResult& result) const
{
    select.bindValue(0, QString::fromStdString(profileId));
    if (!run(select, false))
        return std::nullopt;
    std::vector<RouteRow> now;
    while (select.next())
        now.push_back({select.value(0).toLongLong(), select.value(1).toString(), select.value(2).toInt(),
            select.value(3).toString()});
    const auto read = m_readRoutes.find(profileId);
    if (read != m_readRoutes.end() && read->second == now)
        return now;
    result.conflict = true;
    result.error
        = QStringLiteral("profile \"%1\": its routes were changed in the database since it was read (without a "
                         "version change); nothing was written, reload and review again")
              .arg(QString::fromStdString(profileId));
    return std::nullopt;
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
        // Prepared once for the whole write: a migration writes thousands of profiles.
        QSqlQuery bump(db), select(db), remove(db), update(db), insert(db);
        bump.prepare(QStringLiteral("UPDATE dynamic_agent_profiles SET version = version + 1, updated_at = ? "
                                    "WHERE profile_id = ? AND version = ?"));
        select.setForwardOnly(true);
        select.prepare(QStringLiteral("SELECT position, execution_profile_id, enabled, rules_json FROM "
                                      "dynamic_agent_routes WHERE dynamic_profile_id = ? ORDER BY position"));
        remove.prepare(
            QStringLiteral("DELETE FROM dynamic_agent_routes WHERE dynamic_profile_id = ? AND position = ?"));
        update.prepare(QStringLiteral("UPDATE dynamic_agent_routes SET execution_profile_id = ?, enabled = ?, "
                                      "rules_json = ? WHERE dynamic_profile_id = ? AND position = ?"));
        insert.prepare(QStringLiteral("INSERT INTO dynamic_agent_routes (dynamic_profile_id, position, "
                                      "execution_profile_id, enabled, rules_json) VALUES (?, ?, ?, ?, ?)"));
        const QDateTime now = QDateTime::currentDateTimeUtc();
        std::map<std::string, std::vector<RouteRow>> written;
        bool ok = true;
        for (const ProfileRoutes& profile : profiles) {
            const QString id = QString::fromStdString(profile.profileId);
            // kandev's optimistic concurrency: the version moves on only from the one read.
            bump.bindValue(0, now);
            bump.bindValue(1, id);
            bump.bindValue(2, qlonglong(profile.expectedVersion));
            if (!run(bump)) {
                ok = false;
                break;
            }
            if (bump.numRowsAffected() != 1) {
                result.conflict = true;
                result.error = QStringLiteral("profile \"%1\" was changed in the database since it was read "
                                              "(version %2 expected); nothing was written, reload and review again")
                                   .arg(id)
                                   .arg(profile.expectedVersion);
                ok = false;
                break;
            }
            const auto before = routesAsRead(select, profile.profileId, run, result);
            if (!before) {
                ok = false;
                break;
            }
            std::vector<RouteRow> rows;
            for (const policy::Candidate& candidate : profile.candidates)
                rows.push_back({candidate.position, QString::fromStdString(candidate.executionProfileId),
                    candidate.enabled ? 1 : 0, QString::fromStdString(format::serializeRulesJson(candidate))});
            ok = replaceRoutes(id, *before, rows, run, remove, update, insert);
            if (!ok)
                break;
            written[profile.profileId] = std::move(rows);
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

bool KandevDatabase::replaceRoutes(const QString& profileId, const std::vector<RouteRow>& before,
    const std::vector<RouteRow>& after, StatementRunner& run, QSqlQuery& remove, QSqlQuery& update, QSqlQuery& insert)
{
    // Only the rows that differ are written: a position gone is deleted, one
    // changed is updated, a new one inserted (the routes were compared with
    // those read in this transaction, so a position names the same row).
    std::map<std::int64_t, const RouteRow*> old;
    for (const RouteRow& row : before)
        old[row.position] = &row;
    std::set<std::int64_t> kept;
    for (const RouteRow& row : after)
        kept.insert(row.position);
    for (const RouteRow& row : before) {
        if (kept.contains(row.position))
            continue;
        remove.bindValue(0, profileId);
        remove.bindValue(1, qlonglong(row.position));
        if (!run(remove))
            return false;
    }
    for (const RouteRow& row : after) {
        const auto found = old.find(row.position);
        if (found != old.end() && *found->second == row)
            continue;
        QSqlQuery& q = found != old.end() ? update : insert;
        if (found != old.end()) {
            q.bindValue(0, row.executionProfileId);
            q.bindValue(1, row.enabled);
            q.bindValue(2, row.rulesJson);
            q.bindValue(3, profileId);
            q.bindValue(4, qlonglong(row.position));
        } else {
            q.bindValue(0, profileId);
            q.bindValue(1, qlonglong(row.position));
            q.bindValue(2, row.executionProfileId);
            q.bindValue(3, row.enabled);
            q.bindValue(4, row.rulesJson);
        }
        if (!run(q))
            return false;
    }
    return true;
}

ProfileRoutes inRouteOrder(
    std::string profileId, std::int64_t expectedVersion, std::vector<policy::Candidate> candidates)
{
    for (std::size_t i = 0; i < candidates.size(); ++i)
        candidates[i].position = std::int64_t(i);
    return {std::move(profileId), expectedVersion, std::move(candidates)};
}

WriteResult KandevDatabase::saveProfile(
    const std::string& profileId, std::int64_t expectedVersion, const std::vector<policy::Candidate>& candidates)
{
    return writeProfiles({inRouteOrder(profileId, expectedVersion, candidates)});
}

}  // namespace store
