// KandevDatabase::readLiveRoutes: kandev's route-state tables, read so that
// kandev running beside the editor never waits for it.
#include "store/kandev_database.h"

#include "sql_support.h"

#include "schema/route_snapshot.h"

#include <QSqlDatabase>
#include <QSqlQuery>
#include <QVariant>

namespace store {

namespace {

using detail::sqlError;

// How long a live read waits for a lock before it gives up; the dock tries
// again on its next refresh. The connection's own timeout (for loads) is longer.
constexpr int kLiveBusyTimeoutMs = 250;
constexpr int kReaderBusyTimeoutMs = 2000;

// A timestamp column read as text on both backends (CAST ... AS TEXT): SQLite
// holds what kandev's driver wrote ("2026-08-21 10:00:00+00:00" or RFC 3339),
// PostgreSQL's TIMESTAMP prints without a zone and kandev writes UTC. SQL's
// layout (a space for the 'T', no zone for UTC) becomes RFC 3339 here, so
// that the one parser of every time reads it: that parser takes no space.
std::optional<policy::Seconds> timeOf(const QVariant& v)
{
    if (v.isNull())
        return std::nullopt;
    std::string text = v.toString().trimmed().toStdString();
    if (text.empty())
        return std::nullopt;
    if (text.size() > 10 && text[10] == ' ')
        text[10] = 'T';
    if (auto t = policy::parseRfc3339(text))
        return t;
    return policy::parseRfc3339(text + "Z");
}

// Ends the read transaction and puts the connection's busy timeout back, however the read ends.
class LiveReadScope {
public:
    LiveReadScope(QSqlDatabase db, bool sqlite) : m_db(std::move(db)), m_sqlite(sqlite)
    {
        if (m_sqlite)
            QSqlQuery(m_db).exec(QStringLiteral("PRAGMA busy_timeout = %1").arg(kLiveBusyTimeoutMs));
        m_open = m_db.transaction();
        if (m_open && !m_sqlite) {
            // SET LOCAL ends with the transaction. A read never takes a lock a writer
            // waits for, but a DDL lock held by a migration could make it wait.
            QSqlQuery(m_db).exec(QStringLiteral("SET LOCAL lock_timeout = '%1ms'").arg(kLiveBusyTimeoutMs));
            QSqlQuery(m_db).exec(QStringLiteral("SET LOCAL statement_timeout = '%1ms'").arg(kReaderBusyTimeoutMs));
        }
    }
    ~LiveReadScope()
    {
        if (m_open)
            m_db.rollback();  // nothing was written: rollback ends it without a commit's work
        if (m_sqlite)
            QSqlQuery(m_db).exec(QStringLiteral("PRAGMA busy_timeout = %1").arg(kReaderBusyTimeoutMs));
    }
    bool isOpen() const { return m_open; }

private:
    QSqlDatabase m_db;
    bool m_sqlite;
    bool m_open = false;
};

}  // namespace

std::optional<migration::LiveRoutesRead> KandevDatabase::readLiveRoutes(const std::string& profileId, QString* error)
{
    QSqlDatabase db = QSqlDatabase::database(m_reader);
    migration::LiveRoutesRead read;
    auto fail = [&](const QSqlQuery& q) -> std::optional<migration::LiveRoutesRead> {
        if (error)
            *error = QStringLiteral("%1: reading the live routes: %2").arg(m_target.displayName(), sqlError(q.lastError()));
        return std::nullopt;
    };

    const bool sqlite = m_target.kind == DatabaseTarget::Kind::Sqlite;
    LiveReadScope scope(db, sqlite);
    if (!scope.isOpen()) {
        if (error)
            *error = QStringLiteral("%1: reading the live routes: %2").arg(m_target.displayName(), sqlError(db.lastError()));
        return std::nullopt;
    }
    // Which tables this kandev has, asked in the transaction: QSqlDatabase::tables()
    // says "none" when the catalogue is locked, which would hide the dock wrongly.
    QSqlQuery tables(db);
    tables.setForwardOnly(true);
    if (!tables.exec(sqlite ? QStringLiteral("SELECT name FROM sqlite_master WHERE type = 'table'")
                            : QStringLiteral("SELECT table_name FROM information_schema.tables WHERE table_schema = ANY "
                                             "(current_schemas(false))")))
        return fail(tables);
    while (tables.next()) {
        const QString name = tables.value(0).toString();
        read.hasRouteStates = read.hasRouteStates || name == QLatin1String("dynamic_route_states");
        read.hasRouteAttempts = read.hasRouteAttempts || name == QLatin1String("dynamic_route_attempts");
        read.hasCircuits = read.hasCircuits || name == QLatin1String("dynamic_resource_circuits");
    }
    if (!read.hasRouteStates)
        return read;
    const QString filter = profileId.empty() ? QString() : QStringLiteral(" WHERE logical_profile_id = ?");
    auto bindProfile = [&](QSqlQuery& q) {
        if (!profileId.empty())
            q.addBindValue(QString::fromStdString(profileId));
    };

    // A policy_state_json past the bound is never fetched: its length is.
    QSqlQuery routes(db);
    routes.setForwardOnly(true);
    if (!routes.prepare(QStringLiteral("SELECT session_id, logical_profile_id, execution_profile_id, route_generation, "
                                       "profile_version, state, "
                                       "CASE WHEN length(policy_state_json) <= ? THEN policy_state_json END, "
                                       "length(policy_state_json), CAST(updated_at AS TEXT) "
                                       "FROM dynamic_route_states%1 ORDER BY logical_profile_id, session_id")
                            .arg(filter)))
        return fail(routes);
    routes.addBindValue(qlonglong(schema::kMaxRouteSnapshotCharacters));
    bindProfile(routes);
    if (!routes.exec())
        return fail(routes);
    while (routes.next()) {
        migration::RouteStateRow r;
        r.sessionId = routes.value(0).toString().toStdString();
        r.logicalProfileId = routes.value(1).toString().toStdString();
        r.executionProfileId = routes.value(2).toString().toStdString();
        r.routeGeneration = routes.value(3).toLongLong();
        r.profileVersion = routes.value(4).toLongLong();
        r.state = routes.value(5).toString().toStdString();
        r.policyStateTooLong = routes.value(7).toLongLong() > qlonglong(schema::kMaxRouteSnapshotCharacters);
        if (!r.policyStateTooLong)
            r.policyStateJson = routes.value(6).toString().toStdString();
        r.updatedAt = timeOf(routes.value(8));
        read.routes.push_back(std::move(r));
    }

    if (read.hasRouteAttempts) {
        QSqlQuery attempts(db);
        attempts.setForwardOnly(true);
        if (!attempts.prepare(QStringLiteral("SELECT session_id, execution_profile_id, route_generation, profile_version, reason, "
                                             "CAST(created_at AS TEXT) FROM dynamic_route_attempts%1 "
                                             "ORDER BY session_id, route_generation")
                                  .arg(profileId.empty() ? QString()
                                                         : QStringLiteral(" WHERE session_id IN (SELECT session_id FROM "
                                                                          "dynamic_route_states WHERE logical_profile_id = ?)"))))
            return fail(attempts);
        bindProfile(attempts);
        if (!attempts.exec())
            return fail(attempts);
        while (attempts.next()) {
            read.attempts.push_back({attempts.value(0).toString().toStdString(), attempts.value(1).toString().toStdString(),
                                     attempts.value(2).toLongLong(), attempts.value(3).toLongLong(),
                                     attempts.value(4).toString().toStdString(), timeOf(attempts.value(5))});
        }
    }

    if (read.hasCircuits) {
        QSqlQuery circuits(db);
        circuits.setForwardOnly(true);
        if (!circuits.exec(QStringLiteral("SELECT resource_key, state, CAST(until_at AS TEXT), code, CAST(probe_until AS TEXT) "
                                          "FROM dynamic_resource_circuits ORDER BY resource_key")))
            return fail(circuits);
        while (circuits.next()) {
            read.circuits.push_back({circuits.value(0).toString().toStdString(), circuits.value(1).toString().toStdString(),
                                     timeOf(circuits.value(2)), circuits.value(3).toString().toStdString(),
                                     timeOf(circuits.value(4))});
        }
    }
    return read;
}

}  // namespace store
