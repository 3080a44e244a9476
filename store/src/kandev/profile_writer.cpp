// SPDX-License-Identifier: Apache-2.0
// The one conditional write path into a kandev database, for an editor save
// and a migration alike: one transaction, kandev's version check, the routes
// compared with those read, then replaced.
#include "store/kandev_database.h"
#include "kandev_text.h"

#include "sql_support.h"

#include "format/codec.h"

#include "policy/text.h"

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
    StatementRunner(const KandevDatabase& database, WriteResult& result)
        : m_database(database)
        , m_result(result)
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
            m_result.error
                = KandevText::tr("%1: %2 (did kandev's tables change since they were read?); nothing was written")
                      .arg(m_database.target().displayName(), sqlError(q.lastError()));
            return false;
        }
        if (q.exec())
            return true;
        m_result.error = KandevText::tr("%1: %2; nothing was written")
                             .arg(m_database.target().displayName(), sqlError(q.lastError()));
        return false;
    }

private:
    const KandevDatabase& m_database;
    WriteResult& m_result;
    int m_step = 0;
};

}  // namespace detail

using detail::StatementRunner;

namespace
{

// kandev's built-in agent that every dynamic profile belongs to (agents.name),
// and the display name kandev gives its profiles.
constexpr auto kDynamicAgentName = "dynamic";
constexpr auto kDynamicAgentDisplayName = "Dynamic";

// kandev trims a profile's name before it stores it.
std::string trimmedName(const std::string& name)
{
    return std::string(policy::trimSpace(name));
}

}  // namespace

std::vector<KandevDatabase::RouteRow> KandevDatabase::routeRows(const ProfileRoutes& profile)
{
    std::vector<RouteRow> rows;
    rows.reserve(profile.candidates.size());
    for (const policy::Candidate& candidate : profile.candidates)
        rows.push_back({candidate.position, QString::fromStdString(candidate.executionProfileId),
            candidate.enabled ? 1 : 0, QString::fromStdString(format::serializeRulesJson(candidate))});
    return rows;
}

struct KandevDatabase::ProfileStatements {
    explicit ProfileStatements(QSqlDatabase& db)
        : dynamicAgent(db)
        , insertProfile(db)
        , insertDynamic(db)
        , updateRow(db)
        , softDelete(db)
    {
        dynamicAgent.prepare(QStringLiteral("SELECT id FROM agents WHERE name = ? ORDER BY id"));
        insertProfile.prepare(QStringLiteral("INSERT INTO agent_profiles (id, agent_id, name, agent_display_name, "
                                             "enabled, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)"));
        insertDynamic.prepare(QStringLiteral("INSERT INTO dynamic_agent_profiles (profile_id, version, created_at, "
                                             "updated_at) VALUES (?, 1, ?, ?)"));
        // Conditional on the row as read: a rename or switch made in kandev meanwhile is a conflict.
        updateRow.prepare(QStringLiteral("UPDATE agent_profiles SET name = ?, enabled = ?, updated_at = ? WHERE id = ? "
                                         "AND name = ? AND enabled = ? AND deleted_at IS NULL"));
        softDelete.prepare(QStringLiteral("UPDATE agent_profiles SET deleted_at = ?, updated_at = ? WHERE id = ? AND "
                                          "name = ? AND enabled = ? AND deleted_at IS NULL"));
    }
    QSqlQuery dynamicAgent, insertProfile, insertDynamic, updateRow, softDelete;
    std::optional<QString> dynamicAgentId;  // looked up once per write
};

bool KandevDatabase::writeProfileRow(
    const ProfileRoutes& profile, ProfileStatements& q, const QDateTime& now, StatementRunner& run, WriteResult& result)
{
    const QString id = QString::fromStdString(profile.profileId);
    const auto rowChanged = [&] {
        result.conflict = true;
        result.error = KandevText::tr("profile \"%1\": its agent profile row was changed or deleted in the database "
                                      "since it was read; nothing was written, reload and review again")
                           .arg(id);
        return false;
    };
    if (profile.kind == ProfileWriteKind::Create) {
        if (!q.dynamicAgentId) {
            q.dynamicAgent.bindValue(0, QString::fromLatin1(kDynamicAgentName));
            if (!run(q.dynamicAgent, false))
                return false;
            if (!q.dynamicAgent.next()) {
                result.error = KandevText::tr("%1 has no agent named \"%2\" (kandev's built-in dynamic agent, which "
                                              "kandev adds when dynamic routing is on); nothing was written")
                                   .arg(m_target.displayName(), QString::fromLatin1(kDynamicAgentName));
                return false;
            }
            q.dynamicAgentId = q.dynamicAgent.value(0).toString();
        }
        q.insertProfile.bindValue(0, id);
        q.insertProfile.bindValue(1, *q.dynamicAgentId);
        q.insertProfile.bindValue(2, QString::fromStdString(trimmedName(profile.name.value_or(std::string()))));
        q.insertProfile.bindValue(3, QString::fromLatin1(kDynamicAgentDisplayName));
        q.insertProfile.bindValue(4, profile.enabled.value_or(true) ? 1 : 0);
        q.insertProfile.bindValue(5, now);
        q.insertProfile.bindValue(6, now);
        q.insertDynamic.bindValue(0, id);
        q.insertDynamic.bindValue(1, now);
        q.insertDynamic.bindValue(2, now);
        return run(q.insertProfile) && run(q.insertDynamic);
    }
    const auto read = m_readRows.find(profile.profileId);
    if (read == m_readRows.end())
        return rowChanged();
    const ProfileRow& asRead = read->second;
    // Both statements end "WHERE id = ? AND name = ? AND enabled = ? AND
    // deleted_at IS NULL": the row as read, or a conflict.
    const auto runOnRowAsRead = [&](QSqlQuery& q, int first) {
        q.bindValue(first, id);
        q.bindValue(first + 1, QString::fromStdString(asRead.name));
        q.bindValue(first + 2, asRead.enabled ? 1 : 0);
        if (!run(q))
            return false;
        return q.numRowsAffected() == 1 || rowChanged();
    };
    if (profile.kind == ProfileWriteKind::SoftDelete) {
        q.softDelete.bindValue(0, now);
        q.softDelete.bindValue(1, now);
        return runOnRowAsRead(q.softDelete, 2);
    }
    const std::string name = profile.name ? trimmedName(*profile.name) : asRead.name;
    const bool enabled = profile.enabled.value_or(asRead.enabled);
    if (name == asRead.name && enabled == asRead.enabled)
        return true;  // only the routes changed: the row is left alone
    q.updateRow.bindValue(0, QString::fromStdString(name));
    q.updateRow.bindValue(1, enabled ? 1 : 0);
    q.updateRow.bindValue(2, now);
    return runOnRowAsRead(q.updateRow, 3);
}

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
        = KandevText::tr("profile \"%1\": its routes were changed in the database since it was read (without a "
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
                = KandevText::tr("%1 is not the database that was read (%2); nothing was written, open it again")
                      .arg(m_target.displayName(),
                          m_target.kind == DatabaseTarget::Kind::Sqlite
                              ? KandevText::tr("the file at that path was replaced")
                              : KandevText::tr("another server or database answers there"));
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
        StatementRunner run(*this, result);
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
        ProfileStatements rowStatements(db);
        const QDateTime now = QDateTime::currentDateTimeUtc();
        std::map<std::string, std::vector<RouteRow>> written;
        bool ok = true;
        for (const ProfileRoutes& profile : profiles) {
            const QString id = QString::fromStdString(profile.profileId);
            if (profile.kind == ProfileWriteKind::Create) {
                // A new profile: its rows first, then its routes, as kandev creates one.
                ok = writeProfileRow(profile, rowStatements, now, run, result);
                if (!ok)
                    break;
                std::vector<RouteRow> rows = routeRows(profile);
                ok = replaceRoutes(id, {}, rows, run, remove, update, insert);
                if (!ok)
                    break;
                written[profile.profileId] = std::move(rows);
                continue;
            }
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
                result.error = KandevText::tr("profile \"%1\" was changed in the database since it was read "
                                              "(version %2 expected); nothing was written, reload and review again")
                                   .arg(id)
                                   .arg(profile.expectedVersion);
                ok = false;
                break;
            }
            const auto before = routesAsRead(select, profile.profileId, run, result);
            if (!before || !writeProfileRow(profile, rowStatements, now, run, result)) {
                ok = false;
                break;
            }
            if (profile.kind == ProfileWriteKind::SoftDelete)
                continue;  // kandev's delete keeps the routes
            std::vector<RouteRow> rows = routeRows(profile);
            ok = replaceRoutes(id, *before, rows, run, remove, update, insert);
            if (!ok)
                break;
            written[profile.profileId] = std::move(rows);
        }
        if (ok && !tx.commit()) {
            result.error
                = KandevText::tr("%1: %2; nothing was written").arg(m_target.displayName(), sqlError(db.lastError()));
            ok = false;
        }
        result.ok = ok;
        result.profilesWritten = ok ? int(profiles.size()) : 0;
        if (ok) {
            for (auto& [id, rows] : written)
                m_readRoutes[id] = std::move(rows);
            for (const ProfileRoutes& profile : profiles) {
                if (profile.kind == ProfileWriteKind::SoftDelete) {
                    m_readRows.erase(profile.profileId);
                    continue;
                }
                ProfileRow& row = m_readRows[profile.profileId];
                if (profile.name)
                    row.name = trimmedName(*profile.name);
                if (profile.enabled)
                    row.enabled = *profile.enabled;
            }
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
    ProfileRoutes routes;
    routes.profileId = std::move(profileId);
    routes.expectedVersion = expectedVersion;
    routes.candidates = std::move(candidates);
    return routes;
}

WriteResult KandevDatabase::saveProfile(
    const std::string& profileId, std::int64_t expectedVersion, const std::vector<policy::Candidate>& candidates)
{
    return writeProfiles({inRouteOrder(profileId, expectedVersion, candidates)});
}

}  // namespace store
