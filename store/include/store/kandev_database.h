// SPDX-License-Identifier: Apache-2.0
#pragma once
// kandev's own database (SQLite or PostgreSQL, through Qt SQL): its dynamic
// profiles as a format::Document, written back one profile per transaction
// with kandev's optimistic version check, and legacy rules migrated in one
// transaction after a backup. Only the columns Policy Studio needs are ever
// selected; secret-bearing columns (env_vars, ...) are never read.

#include "store/database_target.h"

#include "routes/live_routes.h"
#include "migration/migration.h"
#include "format/diagnostic.h"
#include "format/document.h"

#include <QSqlDatabase>
#include <QString>

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>

class QDateTime;
class QSqlError;
class QSqlQuery;

namespace store
{

namespace detail
{
class StatementRunner;
}

// A route's rules_json is a few hundred bytes; one longer than this is
// refused by name without being fetched.
inline constexpr std::size_t kMaxRulesJsonCharacters = 1024 * 1024;

struct LoadedDatabase {
    // An export-shaped document: every agent profile; dynamic ones carry their routes.
    format::Document document;
    std::map<std::string, std::int64_t> versions;  // dynamic profile id -> version read
    std::vector<format::Diagnostic> invalidRows;  // rules_json that cannot be read
    std::set<std::string> invalidProfiles;  // profiles with such rows: never written
    // Routes whose policies have a version newer than this build knows: read,
    // reported, and their profiles never written (a downgrade would lose data).
    std::vector<format::Diagnostic> newerVersionRows;
    std::set<std::string> newerVersionProfiles;

    const format::ProfileRecord* profile(const std::string& id) const;
};

// The migration report for a database: profiles that are never written (an
// unreadable row, a newer policy version) are left out, so that a route
// whose rules_json could not be read is not described as getting the
// default document; their problems are in invalidRows and newerVersionRows.
migration::MigrationReport planDatabaseMigration(
    const LoadedDatabase& loaded, policy::Reading reading = policy::Reading::Spec);

// What a write does to one dynamic profile.
enum class ProfileWriteKind {
    Update,  // its routes (and its name and enabled flag, where they changed)
    Create,  // a new profile: its agent_profiles row under kandev's built-in dynamic agent, version 1, its routes
    SoftDelete  // kandev's delete: agent_profiles.deleted_at is set; the rows stay
};

// One profile's routes as a write leaves them.
struct ProfileRoutes {
    std::string profileId;
    std::int64_t expectedVersion = 0;  // the version read; the write makes it one more
    std::vector<policy::Candidate> candidates;  // in route order, each at its position
    ProfileWriteKind kind = ProfileWriteKind::Update;
    // The agent profile's own columns (agent_profiles.name, enabled). An
    // update writes them, in the same transaction, only when they differ
    // from those read, and only while the row is still as read.
    std::optional<std::string> name;
    std::optional<bool> enabled;
};

// A profile's routes as the editor saves them: positions renumbered 0, 1, ... in route order.
ProfileRoutes inRouteOrder(
    std::string profileId, std::int64_t expectedVersion, std::vector<policy::Candidate> candidates);

// Where a migration's backup goes, the one rule for the editor and policyctl:
// beside a SQLite database file; for PostgreSQL, in
// $XDG_DATA_HOME/policy-studio/backups (~/.local/share/policy-studio/backups),
// created private (0700) when missing.
QString defaultBackupDirectory(const DatabaseTarget& target);

struct WriteResult {
    bool ok = false;
    bool conflict = false;  // the version changed since it was read: reload
    QString error;
    QString backupPath;  // where the backup went (migrations)
    int profilesWritten = 0;
};

// Why open() failed, where the person opening can do something about it.
enum class OpenFailure {
    Other,
    PasswordNeeded  // PostgreSQL asked for a password, or refused the one given
};

class KandevDatabase
{
public:
    ~KandevDatabase();
    KandevDatabase(const KandevDatabase&) = delete;
    KandevDatabase& operator=(const KandevDatabase&) = delete;

    // Opens read-only; nothing can be written through this connection.
    static std::unique_ptr<KandevDatabase> open(
        const DatabaseTarget& target, QString* error, OpenFailure* failure = nullptr);

    const DatabaseTarget& target() const
    {
        return m_target;
    }
    std::optional<LoadedDatabase> load(QString* error);

    // Every write below is refused, and writes nothing, when the database is
    // not the one load() read (SQLite: another file at the path, by device
    // and inode; PostgreSQL: another server or database, by its system
    // identifier and database oid), or when a route it writes is not exactly
    // as load() read it (a rules_json changed without a version bump).

    // The one write path, for an editor save and a migration alike: in one
    // transaction, each profile's version moves on from the one expected
    // (kandev's optimistic check; updated_at is set), its routes are compared
    // with those load() read (all four columns: a change without a version
    // bump is a conflict too), then replaced by `candidates`, at their
    // positions. With a backup directory, a backup of the database (SQLite:
    // VACUUM INTO a timestamped file; PostgreSQL: the rows of these profiles as
    // a timestamped JSON file) is written first, and without it nothing is.
    // All or nothing; on success the routes written become the ones "as read".
    WriteResult writeProfiles(const std::vector<ProfileRoutes>& profiles, const std::optional<QString>& backupDir = {});

    // One profile, as the editor saves it: positions renumbered in route order.
    WriteResult saveProfile(
        const std::string& profileId, std::int64_t expectedVersion, const std::vector<policy::Candidate>& candidates);

    // Every candidate the report migrates, for every profile without errors
    // or invalid rows, through writeProfiles() after a backup in backupDir
    // (empty: defaultBackupDirectory()).
    WriteResult applyMigration(
        const LoadedDatabase& loaded, const migration::MigrationReport& report, const QString& backupDir);

    // The state of the routes kandev is running (dynamic_route_states, their
    // attempts, and the resource circuits), for one dynamic profile or, with an
    // empty id, every one. One short read transaction with a small busy or lock
    // timeout, so that kandev's writers are never held up: SQLite readers do
    // not block a WAL writer, and a writer holding the lock makes this fail
    // quickly (the dock tries again later) instead of waiting. Only the
    // columns shown are selected: never continuation_json (task context).
    // A table an older kandev does not have is reported absent, not an error.
    std::optional<routes::LiveRoutesRead> readLiveRoutes(const std::string& profileId, QString* error);

    // Tests: called with a running count before each statement of a write.
    std::function<void(int)> beforeWriteStatement;

private:
    explicit KandevDatabase(DatabaseTarget target);
    bool connect(const QString& name, bool readOnly, QString* error, OpenFailure* failure = nullptr);
    // A read-write connection for one operation, removed afterwards.
    template <typename Body> void withWriter(const QString& prefix, WriteResult& result, Body&& body);
    QString identityOf(QSqlDatabase& db) const;
    // load() in parts: whether kandev's tables are there, the profiles, the routes of the dynamic ones.
    bool hasKandevTables(QSqlDatabase& db, QString* error) const;
    bool readProfiles(QSqlDatabase& db, LoadedDatabase& loaded, std::map<std::string, std::size_t>& dynamicIndex,
        QString* error) const;
    bool readRoutes(QSqlDatabase& db, LoadedDatabase& loaded, const std::map<std::string, std::size_t>& dynamicIndex,
        QString* error);
    bool failed(const QSqlError& e, QString* error) const;  // says why a read failed; false
    struct RouteRow {
        std::int64_t position = 0;
        QString executionProfileId;
        int enabled = 0;
        QString rulesJson;  // exactly as stored (empty when it was too long to fetch)
        bool operator==(const RouteRow&) const = default;
    };
    // The profile's routes now, when they are as load() read them; sets a conflict otherwise.
    std::optional<std::vector<RouteRow>> routesAsRead(
        QSqlQuery& select, const std::string& profileId, detail::StatementRunner& run, WriteResult& result) const;
    static std::vector<RouteRow> routeRows(const ProfileRoutes& profile);
    // Writes the rows of `after` that differ from `before`, by position.
    static bool replaceRoutes(const QString& profileId, const std::vector<RouteRow>& before,
        const std::vector<RouteRow>& after, detail::StatementRunner& run, QSqlQuery& remove, QSqlQuery& update,
        QSqlQuery& insert);
    // The profile-level statements of one write: the agent_profiles row of a
    // new profile, a changed name or enabled flag, a soft delete; each
    // refused as a conflict when the row is no longer as read.
    struct ProfileStatements;
    bool writeProfileRow(const ProfileRoutes& profile, ProfileStatements& q, const QDateTime& now,
        detail::StatementRunner& run, WriteResult& result);
    // Writes the backup of a write of `profiles` into `dir`; false (with the error) when it failed.
    bool backUp(QSqlDatabase& db, const std::vector<ProfileRoutes>& profiles, const QString& dir, WriteResult& result);

    QString m_reader;
    DatabaseTarget m_target;
    QString m_identity;  // of the database load() read
    std::map<std::string, std::vector<RouteRow>> m_readRoutes;  // profile id -> its routes as read
    struct ProfileRow {
        std::string name;
        bool enabled = true;
    };
    std::map<std::string, ProfileRow> m_readRows;  // dynamic profile id -> its agent_profiles columns as read
};

}  // namespace store
