// SPDX-License-Identifier: Apache-2.0
#include "store/kandev_database.h"

#include "store/file_store.h"

#include "checked_row.h"
#include "sql_support.h"

#include "migration/report_json.h"
#include "format/codec.h"

#include "policy/text.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QStringList>
#include <QUuid>
#include <QVariant>

#include <nlohmann/json.hpp>

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>

namespace store
{

using Json = nlohmann::ordered_json;

namespace
{

using detail::CheckedRow;
using detail::hasTable;
using detail::readError;
using detail::sqlError;

// Reads one rules_json value with the checks a file gets (size, encoding,
// nesting before any recursion, duplicate keys, shape). Returns the error
// message when it cannot be read.
std::optional<std::string> readRulesJson(const std::string& text, policy::Candidate& candidate)
{
    format::RulesJson read = format::parseRulesJson(text);
    if (!read.errors.empty()) {
        const format::Diagnostic& e = read.errors.front();
        std::string where = e.path.empty() ? std::string("rules_json") : "rules_json." + e.path;
        if (e.line > 0)
            where += " (line " + std::to_string(e.line) + ", column " + std::to_string(e.column) + ")";
        return where + ": " + e.message;
    }
    candidate.policies = std::move(read.policies);
    candidate.rules = std::move(read.rules);
    return std::nullopt;
}

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

const format::ProfileRecord* LoadedDatabase::profile(const std::string& id) const
{
    for (const auto& p : document.profiles) {
        if (p.id == id)
            return &p;
    }
    return nullptr;
}

migration::MigrationReport planDatabaseMigration(const LoadedDatabase& loaded, policy::Reading reading)
{
    migration::MigrationReport report = migration::planMigration(loaded.document, reading);
    std::erase_if(report.profiles, [&](const migration::ProfileMigration& p) {
        return loaded.invalidProfiles.count(p.profileId) || loaded.newerVersionProfiles.count(p.profileId);
    });
    return report;
}

std::string rulesJsonOf(const policy::Candidate& candidate)
{
    if (candidate.policies)
        return format::serializePolicies(*candidate.policies);
    if (candidate.rules.empty())
        return "{}";
    Json rules = Json::object();
    for (const auto& r : candidate.rules)
        rules[r.key] = r.action;
    return rules.dump();
}

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
                *error = QStringLiteral("%1: no such database file").arg(m_target.path);
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

bool KandevDatabase::routesAsRead(QSqlDatabase& db, const std::string& profileId, WriteResult& result) const
{
    QSqlQuery q(db);
    q.prepare(QStringLiteral("SELECT position, execution_profile_id, enabled, rules_json FROM dynamic_agent_routes "
                             "WHERE dynamic_profile_id = ? ORDER BY position"));
    q.addBindValue(QString::fromStdString(profileId));
    if (!q.exec()) {
        result.error = QStringLiteral("%1: %2").arg(m_target.displayName(), sqlError(q.lastError()));
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
        = QStringLiteral("profile \"%1\": its routes were changed in the database since they were read (without a "
                         "version change); nothing was written, reload and review again")
              .arg(QString::fromStdString(profileId));
    return false;
}

std::optional<LoadedDatabase> KandevDatabase::load(QString* error)
{
    QSqlDatabase db = QSqlDatabase::database(m_reader);
    LoadedDatabase loaded;
    m_readRoutes.clear();
    m_identity = identityOf(db);
    loaded.document.shape = format::FileShape::ExportArray;
    auto fail = [&](const QSqlError& e) -> std::optional<LoadedDatabase> {
        if (error)
            *error = readError(m_target.displayName(), e);
        return std::nullopt;
    };
    // A row with a value kandev cannot read makes its profile unreadable.
    auto refuseRow = [&](const CheckedRow& row, const std::string& profileId, const std::string& path) {
        for (const std::string& problem : row.problems())
            loaded.invalidRows.push_back(
                {path, "profile \"" + profileId + "\": " + problem + "; this profile is left untouched", 0, 0});
        loaded.invalidProfiles.insert(profileId);
    };

    // A database without kandev's tables is said to be that, not a SQL error.
    QSqlError tablesError;
    const auto tables = detail::tableNames(db, m_target.kind == DatabaseTarget::Kind::Sqlite, &tablesError);
    if (!tables)
        return fail(tablesError);
    for (const QString& table : {QStringLiteral("agent_profiles"), QStringLiteral("dynamic_agent_profiles"),
             QStringLiteral("dynamic_agent_routes"), QStringLiteral("agents")}) {
        if (!hasTable(*tables, table)) {
            if (error)
                *error = QStringLiteral("%1 is not a kandev database: it has no %2 table (kandev's are agents, "
                                        "agent_profiles, dynamic_agent_profiles and dynamic_agent_routes)")
                             .arg(m_target.displayName(), table);
            return std::nullopt;
        }
    }

    // Only the columns needed: never env_vars or any other secret-bearing column.
    QSqlQuery profiles(db);
    profiles.setForwardOnly(true);
    if (!profiles.exec(QStringLiteral(
            "SELECT p.id, p.name, p.enabled, p.auto_fallback, p.deleted_at IS NOT NULL, d.version, a.name, "
            "d.profile_id IS NOT NULL FROM agent_profiles p LEFT JOIN dynamic_agent_profiles d ON d.profile_id = p.id "
            "LEFT JOIN agents a ON a.id = p.agent_id ORDER BY p.id")))
        return fail(profiles.lastError());
    std::map<std::string, std::size_t> dynamicIndex;
    while (profiles.next()) {
        format::ProfileRecord p;
        p.id = profiles.value(0).toString().toStdString();
        CheckedRow row(profiles, "agent_profiles", "id \"" + p.id + "\"");
        p.id = row.text(0, "id");
        p.name = row.text(1, "name");
        p.enabled = row.boolean(2, "enabled");
        p.autoFallback = row.boolean(3, "auto_fallback");
        p.deleted = row.boolean(4, "deleted_at");
        const bool hasDynamicRow = row.boolean(7, "profile_id");
        const std::optional<std::string> agent = row.optionalText(6, "agents.name");
        const bool dynamic = hasDynamicRow || agent == "dynamic";
        p.kind = dynamic ? "dynamic" : "concrete";
        std::optional<std::int64_t> version;
        if (hasDynamicRow) {
            CheckedRow versionRow(profiles, "dynamic_agent_profiles", "profile_id \"" + p.id + "\"");
            version = versionRow.integer(5, "version");
            if (!versionRow.ok())
                refuseRow(versionRow, p.id, format::indexPath("", loaded.document.profiles.size()) + ".version");
        }
        if (!row.ok())
            refuseRow(row, p.id, format::indexPath("", loaded.document.profiles.size()));
        if (dynamic) {
            p.dynamic = format::DynamicRecord {};
            p.dynamic->version = version.value_or(0);
            loaded.versions[p.id] = *p.dynamic->version;
            dynamicIndex[p.id] = loaded.document.profiles.size();
        }
        loaded.document.profiles.push_back(std::move(p));
    }

    QSqlQuery routes(db);
    routes.setForwardOnly(true);
    // A rules_json past the bound is never fetched: its length is, and the
    // row is refused by name (a 200 MB value would cost gigabytes to read).
    if (!routes.prepare(QStringLiteral(
            "SELECT dynamic_profile_id, position, execution_profile_id, enabled, "
            "CASE WHEN length(rules_json) <= ? THEN rules_json END, length(rules_json), "
            "CAST(position AS TEXT) AS position_text FROM dynamic_agent_routes ORDER BY dynamic_profile_id, position")))
        return fail(routes.lastError());
    routes.addBindValue(qlonglong(kMaxRulesJsonCharacters));
    if (!routes.exec())
        return fail(routes.lastError());
    while (routes.next()) {
        const std::string profileId = routes.value(0).toString().toStdString();
        const auto it = dynamicIndex.find(profileId);
        if (it == dynamicIndex.end())
            continue;
        format::DynamicRecord& d = *loaded.document.profiles[it->second].dynamic;
        policy::Candidate c;
        CheckedRow row(routes, "dynamic_agent_routes",
            "dynamic_profile_id \"" + profileId + "\", position " + routes.value(6).toString().toStdString());
        c.position = row.integer(1, "position");
        c.executionProfileId = row.text(2, "execution_profile_id");
        c.enabled = row.boolean(3, "enabled");
        const std::optional<std::int64_t> length = row.optionalInteger(5, "rules_json");
        const bool tooLong = length > std::int64_t(kMaxRulesJsonCharacters);
        const std::string rulesText = tooLong ? std::string() : row.text(4, "rules_json");
        const std::string candidatePath = format::indexPath(
            format::joinPath(loaded.document.dynamicPath(it->second), "candidates"), d.candidates.size());
        const std::string path = candidatePath + ".rules_json";
        const std::string where
            = "profile \"" + profileId + "\", position " + routes.value(6).toString().toStdString() + ": ";
        m_readRoutes[profileId].push_back(
            {c.position, routes.value(2).toString(), routes.value(3).toInt(), routes.value(4).toString()});
        if (!row.ok()) {
            refuseRow(row, profileId, candidatePath);
        } else if (tooLong) {
            loaded.invalidRows.push_back({path,
                where + "rules_json is " + std::to_string(*length)
                    + " characters long; a route's "
                      "rules are limited to "
                    + std::to_string(kMaxRulesJsonCharacters) + " characters, so this profile is left untouched",
                0, 0});
            loaded.invalidProfiles.insert(profileId);
        } else if (const auto problem = readRulesJson(rulesText, c)) {
            loaded.invalidRows.push_back({path, where + *problem, 0, 0});
            loaded.invalidProfiles.insert(profileId);
        }
        if (c.policies && c.policies->isNewerVersion()) {
            loaded.newerVersionRows.push_back({path,
                where + "rules_json has policy version " + std::to_string(c.policies->version)
                    + ", newer than this build's " + std::to_string(policy::kSupportedPolicyVersion)
                    + "; this profile is read and never written",
                0, 0});
            loaded.newerVersionProfiles.insert(profileId);
        }
        // kandev's backend rejects a route whose id is blank once trimmed.
        if (policy::trimSpace(c.executionProfileId).empty()) {
            loaded.invalidRows.push_back({candidatePath + ".execution_profile_id",
                where
                    + "execution_profile_id is empty once white space is trimmed; kandev's backend "
                      "rejects the route, so this profile is left untouched",
                0, 0});
            loaded.invalidProfiles.insert(profileId);
        }
        d.candidates.push_back(std::move(c));
        d.candidateSources.emplace_back();
    }
    return loaded;
}

WriteResult KandevDatabase::saveProfile(
    const std::string& profileId, std::int64_t expectedVersion, const std::vector<policy::Candidate>& candidates)
{
    WriteResult result;
    withWriter(QStringLiteral("kandev-writer-"), result, [&](QSqlDatabase& db) {
        StatementRunner run(*this, result);
        Transaction tx(db);
        if (!tx.isOpen()) {
            result.error = QStringLiteral("%1: %2").arg(m_target.displayName(), sqlError(db.lastError()));
            return;
        }
        bool ok = bumpVersion(db, run, result, profileId, expectedVersion, QDateTime::currentDateTimeUtc(),
            QStringLiteral("profile \"%1\" was changed in the database since it was read (version %2 "
                           "expected); reload it and apply your edits again")
                .arg(QString::fromStdString(profileId))
                .arg(expectedVersion));
        ok = ok && routesAsRead(db, profileId, result);
        QSqlQuery remove(db);
        remove.prepare(QStringLiteral("DELETE FROM dynamic_agent_routes WHERE dynamic_profile_id = ?"));
        remove.addBindValue(QString::fromStdString(profileId));
        ok = ok && run(remove);
        for (std::size_t i = 0; ok && i < candidates.size(); ++i) {
            QSqlQuery insert(db);
            insert.prepare(QStringLiteral("INSERT INTO dynamic_agent_routes (dynamic_profile_id, position, "
                                          "execution_profile_id, enabled, rules_json) VALUES (?, ?, ?, ?, ?)"));
            insert.addBindValue(QString::fromStdString(profileId));
            insert.addBindValue(int(i));
            insert.addBindValue(QString::fromStdString(candidates[i].executionProfileId));
            insert.addBindValue(candidates[i].enabled ? 1 : 0);
            insert.addBindValue(QString::fromStdString(rulesJsonOf(candidates[i])));
            ok = run(insert);
        }
        if (ok && !tx.commit()) {
            result.error = QStringLiteral("%1: %2").arg(m_target.displayName(), sqlError(db.lastError()));
            ok = false;
        }
        result.ok = ok;
        result.profilesWritten = ok ? 1 : 0;
        if (ok) {
            std::vector<RouteRow>& rows = m_readRoutes[profileId];
            rows.clear();
            for (std::size_t i = 0; i < candidates.size(); ++i)
                rows.push_back({std::int64_t(i), QString::fromStdString(candidates[i].executionProfileId),
                    candidates[i].enabled ? 1 : 0, QString::fromStdString(rulesJsonOf(candidates[i]))});
        }
    });
    return result;
}

WriteResult KandevDatabase::applyMigration(
    const LoadedDatabase& loaded, const migration::MigrationReport& report, const QString& backupDir)
{
    WriteResult result;
    // What will be written: profiles whose candidates change, without errors or unreadable rows.
    struct Change {
        std::string profileId;
        std::int64_t version;
        std::vector<std::pair<std::int64_t, std::string>> rows;  // position -> new rules_json
    };
    std::vector<Change> changes;
    for (const auto& pm : report.profiles) {
        const auto& profile = loaded.document.profiles[pm.profileIndex];
        const bool hasErrors = std::any_of(pm.candidates.begin(), pm.candidates.end(),
            [](const migration::CandidateMigration& c) { return !c.errors.empty(); });
        if (hasErrors || loaded.invalidProfiles.count(profile.id) || loaded.newerVersionProfiles.count(profile.id))
            continue;
        Change change {profile.id, loaded.versions.at(profile.id), {}};
        for (const auto& cm : pm.candidates) {
            if (!cm.changes())
                continue;
            policy::Candidate migrated = profile.dynamic->candidates[cm.index];
            migrated.policies = cm.result;
            migrated.rules.clear();
            change.rows.emplace_back(migrated.position, rulesJsonOf(migrated));
        }
        if (!change.rows.empty())
            changes.push_back(std::move(change));
    }
    if (changes.empty()) {
        result.ok = true;
        return result;
    }

    withWriter(QStringLiteral("kandev-migrator-"), result, [&](QSqlDatabase& db) {
        const QString stamp = QDateTime::currentDateTimeUtc().toString(QStringLiteral("yyyyMMdd-HHmmss-zzz"));

        // The backup comes first; without it nothing is written.
        bool ok = true;
        if (m_target.kind == DatabaseTarget::Kind::Sqlite) {
            const QFileInfo info(m_target.path);
            result.backupPath = QDir(backupDir.isEmpty() ? info.absolutePath() : backupDir)
                                    .filePath(QStringLiteral("%1.backup-%2.db").arg(info.completeBaseName(), stamp));
            // The copy holds every secret the database does (env_vars):
            // it is created no wider than the database and never wider than
            // 0600 before SQLite writes a byte into it.
            // It is the database owner's, as the database stays theirs:
            // root migrating another user's database leaves them a backup they can restore.
            struct stat st {
            };
            const bool seen = ::stat(QFile::encodeName(m_target.path).constData(), &st) == 0;
            const mode_t mode = seen ? (st.st_mode & 0600) : 0600;
            const std::string backup = result.backupPath.toStdString();
            if (const auto e = createEmptyPrivateFile(
                    backup, mode, seen ? std::optional<FileOwner>(FileOwner {st.st_uid, st.st_gid}) : std::nullopt)) {
                result.error = QStringLiteral("%1: backup failed, nothing was written: %2")
                                   .arg(m_target.displayName(), QString::fromStdString(e->message));
                result.backupPath.clear();
                ok = false;
            } else {
                QSqlQuery vacuum(db);
                vacuum.prepare(QStringLiteral("VACUUM INTO ?"));
                vacuum.addBindValue(result.backupPath);
                if (!vacuum.exec()) {
                    // A half-written copy is no backup: remove it.
                    ::unlink(backup.c_str());
                    result.error = QStringLiteral("%1: backup to %2 failed, nothing was written: %3")
                                       .arg(m_target.displayName(), result.backupPath, sqlError(vacuum.lastError()));
                    result.backupPath.clear();
                    ok = false;
                }
            }
        } else {
            Json rows = Json::array();
            for (const auto& change : changes) {
                QSqlQuery q(db);
                q.prepare(QStringLiteral(
                    "SELECT position, execution_profile_id, enabled, rules_json FROM dynamic_agent_routes "
                    "WHERE dynamic_profile_id = ? ORDER BY position"));
                q.addBindValue(QString::fromStdString(change.profileId));
                if (!q.exec()) {
                    result.error
                        = QStringLiteral("backup failed, nothing was written: %1").arg(sqlError(q.lastError()));
                    ok = false;
                    break;
                }
                Json routes = Json::array();
                while (q.next()) {
                    routes.push_back({{"position", q.value(0).toLongLong()},
                        {"execution_profile_id", q.value(1).toString().toStdString()}, {"enabled", q.value(2).toInt()},
                        {"rules_json", q.value(3).toString().toStdString()}});
                }
                rows.push_back(
                    {{"profile_id", change.profileId}, {"version", change.version}, {"routes", std::move(routes)}});
            }
            if (ok) {
                result.backupPath
                    = QDir(backupDir.isEmpty() ? QDir::currentPath() : backupDir)
                          .filePath(QStringLiteral("%1.backup-%2.json").arg(safeFileStem(m_target.database), stamp));
                // A server's database has no file owner: the backup belongs to
                // whoever owns the folder it is written to (theirs, not root's).
                const auto owner
                    = ownerOf(QFile::encodeName(QFileInfo(result.backupPath).absolutePath()).toStdString());
                if (const auto e
                    = writeFileAtomically(result.backupPath.toStdString(), rows.dump(2) + "\n", {{}, 0600, owner})) {
                    result.error = QStringLiteral("backup failed, nothing was written: %1")
                                       .arg(QString::fromStdString(e->message));
                    result.backupPath.clear();
                    ok = false;
                }
            }
        }

        StatementRunner run(*this, result, QStringLiteral("; nothing was written"));
        if (ok) {
            Transaction tx(db);
            ok = tx.isOpen();
            if (!ok)
                result.error = QStringLiteral("%1: %2").arg(m_target.displayName(), sqlError(db.lastError()));
            const QDateTime now = QDateTime::currentDateTimeUtc();
            for (const auto& change : changes) {
                if (!ok)
                    break;
                ok = bumpVersion(db, run, result, change.profileId, change.version, now,
                    QStringLiteral("profile \"%1\" was changed in the database since it was read; nothing "
                                   "was written, reload and review again")
                        .arg(QString::fromStdString(change.profileId)));
                for (const auto& [position, json] : change.rows) {
                    if (!ok)
                        break;
                    QSqlQuery update(db);
                    // Only the exact text that was read is replaced: a rules_json
                    // changed since, even without a version bump, is a conflict.
                    QString before;
                    for (const RouteRow& row : m_readRoutes[change.profileId]) {
                        if (row.position == position)
                            before = row.rulesJson;
                    }
                    update.prepare(QStringLiteral("UPDATE dynamic_agent_routes SET rules_json = ? "
                                                  "WHERE dynamic_profile_id = ? AND position = ? AND rules_json = ?"));
                    update.addBindValue(QString::fromStdString(json));
                    update.addBindValue(QString::fromStdString(change.profileId));
                    update.addBindValue(qlonglong(position));
                    update.addBindValue(before);
                    ok = run(update);
                    if (ok && update.numRowsAffected() != 1) {
                        result.conflict = true;
                        result.error
                            = QStringLiteral("profile \"%1\", position %2: its rules_json was changed in the database "
                                             "since it was read (without a version change); nothing was written, "
                                             "reload and review again")
                                  .arg(QString::fromStdString(change.profileId))
                                  .arg(position);
                        ok = false;
                    }
                }
            }
            if (ok && !tx.commit()) {
                result.error = QStringLiteral("%1: %2; nothing was written")
                                   .arg(m_target.displayName(), sqlError(db.lastError()));
                ok = false;
            }
        }
        result.ok = ok;
        result.profilesWritten = ok ? int(changes.size()) : 0;
    });
    return result;
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

}  // namespace store
