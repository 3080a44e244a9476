// SPDX-License-Identifier: Apache-2.0
// KandevDatabase::readLiveRoutes: kandev's route-state tables, read so that
// kandev running beside the editor never waits for it.
#include "store/kandev_database.h"
#include "kandev_text.h"

#include "checked_row.h"
#include "sql_support.h"

#include "format/route_snapshot.h"

#include <QSqlDatabase>
#include <QElapsedTimer>
#include <QSqlQuery>
#include <QVariant>

namespace store
{

namespace
{

using detail::CheckedRow;
using detail::sqlError;

// How long a live read waits for a lock before it gives up; the dock tries
// again on its next refresh. The connection's own timeout (for loads) is longer.
constexpr int kLiveBusyTimeoutMs = 250;
constexpr int kReaderBusyTimeoutMs = 2000;
// How long one read transaction of attempts may stay open before the next
// begins: in rollback-journal mode a reader holds back every writer's commit,
// and kandev's writers wait 1 s at most.
constexpr qint64 kAttemptsTransactionMs = 100;

// A timestamp column read as text on both backends (CAST ... AS TEXT): SQLite
// holds what kandev's driver wrote ("2026-08-21 10:00:00+00:00" or RFC 3339),
// PostgreSQL's TIMESTAMP prints without a zone and kandev writes UTC. SQL's
// layout (a space for the 'T', no zone for UTC) becomes RFC 3339 here, so
// that the one parser of every time reads it: that parser takes no space.
std::optional<policy::Seconds> timeOf(const std::optional<std::string>& v)
{
    if (!v)
        return std::nullopt;
    std::string text = QString::fromStdString(*v).trimmed().toStdString();
    if (text.empty())
        return std::nullopt;
    if (text.size() > 10 && text[10] == ' ')
        text[10] = 'T';
    if (auto t = policy::parseRfc3339(text))
        return t;
    return policy::parseRfc3339(text + "Z");
}

// Ends the read transaction and puts the connection's busy timeout back, however the read ends.
class LiveReadScope
{
public:
    LiveReadScope(QSqlDatabase db, bool sqlite)
        : m_db(std::move(db))
        , m_sqlite(sqlite)
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
    bool isOpen() const
    {
        return m_open;
    }

private:
    QSqlDatabase m_db;
    bool m_sqlite;
    bool m_open = false;
};

}  // namespace

std::optional<routes::LiveRoutesRead> KandevDatabase::readLiveRoutes(const std::string& profileId, QString* error)
{
    QSqlDatabase db = QSqlDatabase::database(m_reader);
    routes::LiveRoutesRead read;
    auto failWith = [&](const QSqlError& e) -> std::optional<routes::LiveRoutesRead> {
        if (error)
            *error = KandevText::tr("%1 (reading the live routes)").arg(detail::readError(m_target.displayName(), e));
        return std::nullopt;
    };
    auto fail = [&](const QSqlQuery& q) { return failWith(q.lastError()); };

    const bool sqlite = m_target.kind == DatabaseTarget::Kind::Sqlite;
    {
        LiveReadScope scope(db, sqlite);
        if (!scope.isOpen())
            return failWith(db.lastError());
        // Which tables this kandev has, asked in the transaction (see tableNames).
        QSqlError tablesError;
        const auto tables = detail::tableNames(db, sqlite, &tablesError);
        if (!tables)
            return failWith(tablesError);
        read.hasRouteStates = tables->contains(QStringLiteral("dynamic_route_states"));
        read.hasRouteAttempts = tables->contains(QStringLiteral("dynamic_route_attempts"));
        read.hasCircuits = tables->contains(QStringLiteral("dynamic_resource_circuits"));
        if (!read.hasRouteStates)
            return read;

        // A policy_state_json past the bound is never fetched: its length is.
        QSqlQuery routes(db);
        routes.setForwardOnly(true);
        if (!routes.prepare(
                QStringLiteral("SELECT session_id, logical_profile_id, execution_profile_id, route_generation, "
                               "profile_version, state, "
                               "CASE WHEN length(policy_state_json) <= ? THEN policy_state_json END, "
                               "length(policy_state_json), CAST(updated_at AS TEXT) "
                               "FROM dynamic_route_states%1 ORDER BY logical_profile_id, session_id")
                    .arg(profileId.empty() ? QString() : QStringLiteral(" WHERE logical_profile_id = ?"))))
            return fail(routes);
        routes.addBindValue(qlonglong(format::kMaxRouteSnapshotCharacters));
        if (!profileId.empty())
            routes.addBindValue(QString::fromStdString(profileId));
        if (!routes.exec())
            return fail(routes);
        while (routes.next()) {
            routes::RouteStateRow r;
            CheckedRow row(
                routes, "dynamic_route_states", "session_id \"" + routes.value(0).toString().toStdString() + "\"");
            r.sessionId = row.text(0, "session_id");
            r.logicalProfileId = row.text(1, "logical_profile_id");
            r.executionProfileId = row.text(2, "execution_profile_id");
            r.routeGeneration = row.integer(3, "route_generation");
            r.profileVersion = row.integer(4, "profile_version");
            r.state = row.text(5, "state");
            r.policyStateTooLong = row.integer(7, "policy_state_json") > qlonglong(format::kMaxRouteSnapshotCharacters);
            if (!r.policyStateTooLong)
                r.policyStateJson = row.text(6, "policy_state_json");
            r.updatedAt = timeOf(row.optionalText(8, "updated_at"));
            row.appendProblemsTo(r.rowError);
            read.routes.push_back(std::move(r));
        }

        if (read.hasCircuits) {
            QSqlQuery circuits(db);
            circuits.setForwardOnly(true);
            if (!circuits.exec(QStringLiteral(
                    "SELECT resource_key, state, CAST(until_at AS TEXT), code, CAST(probe_until AS TEXT) "
                    "FROM dynamic_resource_circuits ORDER BY resource_key")))
                return fail(circuits);
            while (circuits.next()) {
                CheckedRow row(circuits, "dynamic_resource_circuits",
                    "resource_key \"" + circuits.value(0).toString().toStdString() + "\"");
                routes::CircuitRow c {row.text(0, "resource_key"), row.text(1, "state"),
                    timeOf(row.optionalText(2, "until_at")), row.text(3, "code"),
                    timeOf(row.optionalText(4, "probe_until"))};
                // A circuit pauses candidates: one that cannot be read cannot be left out as if closed.
                if (!row.ok()) {
                    if (error)
                        *error = QStringLiteral("%1: %2").arg(
                            m_target.displayName(), QString::fromStdString(row.problems().front()));
                    return std::nullopt;
                }
                read.circuits.push_back(std::move(c));
            }
        }
    }

    // The attempts of the routes read, and only those (finished sessions keep
    // theirs by the million): each route's newest kRouteHistoryAttempts by the
    // (session_id, route_generation) index, and a count of the rest. Attempts
    // are immutable, so they are read in transactions of their own, each ended
    // within kAttemptsTransactionMs so that no writer waits long for it.
    if (!read.hasRouteAttempts)
        return read;
    // Prepared once, run once per route.
    QSqlQuery attempts(db);
    attempts.setForwardOnly(true);
    if (!attempts.prepare(
            QStringLiteral("SELECT execution_profile_id, route_generation, profile_version, reason, "
                           "CAST(created_at AS TEXT), CAST(route_generation AS TEXT) AS route_generation_text "
                           "FROM dynamic_route_attempts WHERE session_id = ? ORDER BY route_generation DESC LIMIT ?")))
        return fail(attempts);
    QSqlQuery count(db);
    count.setForwardOnly(true);
    if (!count.prepare(QStringLiteral("SELECT COUNT(*) FROM dynamic_route_attempts WHERE session_id = ?")))
        return fail(count);
    QElapsedTimer clock;
    std::optional<LiveReadScope> scope;
    for (routes::RouteStateRow& route : read.routes) {
        if (!scope || clock.elapsed() > kAttemptsTransactionMs) {
            scope.reset();
            scope.emplace(db, sqlite);
            clock.start();
            if (!scope->isOpen())
                return failWith(db.lastError());
        }
        attempts.addBindValue(QString::fromStdString(route.sessionId));
        attempts.addBindValue(qlonglong(routes::kRouteHistoryAttempts));
        if (!attempts.exec())
            return fail(attempts);
        std::vector<routes::RouteAttemptRow> newest;
        while (attempts.next()) {
            CheckedRow row(attempts, "dynamic_route_attempts",
                "session_id \"" + route.sessionId + "\", route_generation "
                    + attempts.value(5).toString().toStdString());
            newest.push_back({route.sessionId, row.text(0, "execution_profile_id"), row.integer(1, "route_generation"),
                row.integer(2, "profile_version"), row.text(3, "reason"), timeOf(row.optionalText(4, "created_at"))});
            row.appendProblemsTo(route.rowError);
        }
        attempts.finish();
        read.attempts.insert(read.attempts.end(), newest.rbegin(), newest.rend());
        if (newest.size() < routes::kRouteHistoryAttempts)
            continue;
        count.addBindValue(QString::fromStdString(route.sessionId));
        if (!count.exec() || !count.next())
            return fail(count);
        const qlonglong all = count.value(0).toLongLong();
        count.finish();
        if (all > qlonglong(newest.size()))
            read.earlierAttempts[route.sessionId] = all - qlonglong(newest.size());
    }
    return read;
}

}  // namespace store
