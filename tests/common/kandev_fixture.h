// SPDX-License-Identifier: Apache-2.0
#pragma once
// A fresh kandev database for tests: kandev's real table definitions and a
// few profiles, in a SQLite file or in a new database on the PostgreSQL
// server given by POLICY_STUDIO_PG_URL.

#include "store/database_target.h"

#include "test_paths.h"

#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QUuid>

namespace
{

[[maybe_unused]] const char* kPolicies
    = R"({"version":1,"transient":{"retry":{"enabled":true,"max_retries":3,"initial_interval_seconds":5},"wait_for_reset":{"enabled":false,"max_wait_seconds":0},"on_exhausted":"skip"},"hard":{"retry":{"enabled":false,"max_retries":0,"initial_interval_seconds":0},"wait_for_reset":{"enabled":true,"max_wait_seconds":300},"on_exhausted":"stop"}})";

// A fresh kandev database with kandev's real table definitions and a few profiles.
class Fixture
{
public:
    Fixture(const QString& backend, const QString& dir)
        : m_connection(QStringLiteral("fixture-") + QUuid::createUuid().toString())
    {
        if (backend == QLatin1String("sqlite")) {
            target.kind = store::DatabaseTarget::Kind::Sqlite;
            target.path = dir + QStringLiteral("/kandev.db");
            QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), m_connection);
            db.setDatabaseName(target.path);
            ok = db.open();
        } else {
            QString error;
            const auto admin = store::parseDatabaseTarget(qEnvironmentVariable("POLICY_STUDIO_PG_URL"), &error);
            if (!admin)
                return;
            const QString name = QStringLiteral("kandev_") + QUuid::createUuid().toString(QUuid::Id128).left(12);
            {
                QSqlDatabase a
                    = QSqlDatabase::addDatabase(QStringLiteral("QPSQL"), m_connection + QStringLiteral("-admin"));
                a.setHostName(admin->host);
                a.setPort(admin->port);
                a.setUserName(admin->user);
                a.setDatabaseName(admin->database);
                ok = a.open() && QSqlQuery(a).exec(QStringLiteral("CREATE DATABASE ") + name);
                a.close();
            }
            QSqlDatabase::removeDatabase(m_connection + QStringLiteral("-admin"));
            target = *admin;
            target.database = name;
            QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QPSQL"), m_connection);
            db.setHostName(target.host);
            db.setPort(target.port);
            db.setUserName(target.user);
            db.setDatabaseName(name);
            ok = ok && db.open();
        }
        if (!ok)
            return;
        // kandev's own table definitions, comments removed (they contain semicolons).
        const QString schema
            = QString::fromStdString(testpaths::readAll(testpaths::fixture(QStringLiteral("kandev-schema.sql"))));
        QStringList code;
        for (const QString& line : schema.split(QLatin1Char('\n')))
            code << line.section(QStringLiteral("--"), 0, 0);
        for (const QString& statement : code.join(QLatin1Char('\n')).split(QLatin1Char(';'))) {
            if (!statement.trimmed().isEmpty())
                ok = exec(statement.trimmed()) && ok;
        }
        exec("INSERT INTO agents (id, name, created_at, updated_at) VALUES ('agent-dynamic', 'dynamic', "
             "CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)");
        exec("INSERT INTO agents (id, name, created_at, updated_at) VALUES ('agent-claude', 'claude-code', "
             "CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)");
        concrete("claude-sonnet", "Claude Sonnet", 1, 0, false);
        concrete("codex-gpt5", "Codex GPT-5", 1, 0, false);
        concrete("haiku-fallback", "Haiku", 1, 1, false);
        concrete("old-gpt4", "GPT-4", 0, 0, true);
        dynamic("dyn-legacy", 3);
        route("dyn-legacy", 0, "claude-sonnet", R"({"on_provider_error":"try_next","model_capacity":"retry_same"})");
        route("dyn-legacy", 1, "codex-gpt5", kPolicies);
        route("dyn-legacy", 2, "haiku-fallback", "{}");
        dynamic("dyn-broken", 5);
        route("dyn-broken", 0, "claude-sonnet", R"({"on_provider_error": "try_next")");  // truncated JSON
        route("dyn-broken", 1, "codex-gpt5", R"({"on_provider_error":"stop"})");
        dynamic("dyn-conflict", 1);
        route("dyn-conflict", 0, "codex-gpt5", R"({"model_capacity":"retry_same","rate_limited":"try_next"})");
        dynamic("dyn-current", 9);
        route("dyn-current", 0, "claude-sonnet", kPolicies);
    }

    ~Fixture()
    {
        QSqlDatabase::database(m_connection, false).close();
        QSqlDatabase::removeDatabase(m_connection);
    }

    QSqlDatabase db() const
    {
        return QSqlDatabase::database(m_connection);
    }

    bool exec(const QString& sql)
    {
        QSqlQuery q(db());
        if (!q.exec(sql)) {
            qWarning("%s: %s", qPrintable(sql), qPrintable(q.lastError().text()));
            return false;
        }
        return true;
    }

    QString rulesJson(const QString& profile, int position)
    {
        QSqlQuery q(db());
        q.prepare(QStringLiteral(
            "SELECT rules_json FROM dynamic_agent_routes WHERE dynamic_profile_id = ? AND position = ?"));
        q.addBindValue(profile);
        q.addBindValue(position);
        return q.exec() && q.next() ? q.value(0).toString() : QString();
    }

    qint64 version(const QString& profile)
    {
        QSqlQuery q(db());
        q.prepare(QStringLiteral("SELECT version FROM dynamic_agent_profiles WHERE profile_id = ?"));
        q.addBindValue(profile);
        return q.exec() && q.next() ? q.value(0).toLongLong() : -1;
    }

    // Every route and version, to compare before and after.
    QStringList snapshot()
    {
        QStringList out;
        QSqlQuery q(db());
        q.exec(QStringLiteral("SELECT dynamic_profile_id, position, execution_profile_id, enabled, rules_json FROM "
                              "dynamic_agent_routes ORDER BY dynamic_profile_id, position"));
        while (q.next())
            out << QStringLiteral("%1/%2 %3 %4 %5")
                       .arg(q.value(0).toString())
                       .arg(q.value(1).toInt())
                       .arg(q.value(2).toString())
                       .arg(q.value(3).toInt())
                       .arg(q.value(4).toString());
        q.exec(QStringLiteral("SELECT profile_id, version FROM dynamic_agent_profiles ORDER BY profile_id"));
        while (q.next())
            out << QStringLiteral("%1 v%2").arg(q.value(0).toString()).arg(q.value(1).toLongLong());
        return out;
    }

    store::DatabaseTarget target;
    bool ok = false;

    // Rows a test may add to the standard fixture.
    void concrete(const char* id, const char* name, int enabled, int autoFallback, bool deleted)
    {
        exec(QStringLiteral(
            "INSERT INTO agent_profiles (id, agent_id, name, agent_display_name, enabled, auto_fallback, "
            "env_vars, created_at, updated_at, deleted_at) VALUES ('%1', 'agent-claude', '%2', '%2', %3, %4, "
            "'[{\"key\":\"ANTHROPIC_API_KEY\",\"value\":\"SECRET-TOKEN-123\"}]', CURRENT_TIMESTAMP, "
            "CURRENT_TIMESTAMP, %5)")
                 .arg(QString::fromUtf8(id), QString::fromUtf8(name))
                 .arg(enabled)
                 .arg(autoFallback)
                 .arg(deleted ? QStringLiteral("CURRENT_TIMESTAMP") : QStringLiteral("NULL")));
    }
    void dynamic(const char* id, int version)
    {
        exec(QStringLiteral(
            "INSERT INTO agent_profiles (id, agent_id, name, agent_display_name, created_at, updated_at) "
            "VALUES ('%1', 'agent-dynamic', '%1', 'Dynamic', CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)")
                 .arg(QLatin1String(id)));
        exec(QStringLiteral("INSERT INTO dynamic_agent_profiles (profile_id, version, created_at, updated_at) VALUES "
                            "('%1', %2, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)")
                 .arg(QLatin1String(id))
                 .arg(version));
    }
    void route(const char* profile, int position, const char* candidate, const char* rules)
    {
        QSqlQuery q(db());
        q.prepare(
            QStringLiteral("INSERT INTO dynamic_agent_routes (dynamic_profile_id, position, execution_profile_id, "
                           "enabled, rules_json) VALUES (?, ?, ?, 1, ?)"));
        q.addBindValue(QLatin1String(profile));
        q.addBindValue(position);
        q.addBindValue(QString::fromUtf8(candidate));
        q.addBindValue(QString::fromUtf8(rules));
        if (!q.exec())
            qWarning("%s", qPrintable(q.lastError().text()));
    }

    // Route state as kandev writes it for a running session (times in UTC).
    void routeState(const QString& session, const QString& profile, const QString& candidate, const QString& state,
        const QString& policyState, qint64 version = 9,
        const QString& updatedAt = QStringLiteral("2026-08-21 10:00:00"))
    {
        QSqlQuery s(db());
        s.prepare(
            QStringLiteral("INSERT INTO task_sessions (id, task_id, state, created_at, updated_at) VALUES (?, 'task', "
                           "'RUNNING', CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)"));
        s.addBindValue(session);
        if (!s.exec())
            qWarning("%s", qPrintable(s.lastError().text()));
        QSqlQuery q(db());
        q.prepare(QStringLiteral(
            "INSERT INTO dynamic_route_states (session_id, logical_profile_id, execution_profile_id, "
            "route_generation, profile_version, state, continuation_json, policy_state_json, updated_at) "
            "VALUES (?, ?, ?, 2, ?, ?, ?, ?, ?)"));
        for (const QVariant& v : {QVariant(session), QVariant(profile), QVariant(candidate), QVariant(version),
                 QVariant(state), QVariant(QStringLiteral("{\"prompt\":\"TASK-CONTEXT-SECRET\"}")),
                 QVariant(policyState.isNull() ? QString(QLatin1String("")) : policyState), QVariant(updatedAt)})
            q.addBindValue(v);
        if (!q.exec())
            qWarning("%s", qPrintable(q.lastError().text()));
    }
    void routeAttempt(
        const QString& session, const QString& profile, const QString& candidate, int generation, const QString& reason)
    {
        QSqlQuery q(db());
        q.prepare(QStringLiteral(
            "INSERT INTO dynamic_route_attempts (id, session_id, logical_profile_id, execution_profile_id, "
            "route_generation, profile_version, reason, created_at) VALUES (?, ?, ?, ?, ?, 9, ?, "
            "'2026-08-21 09:59:00')"));
        for (const QVariant& v : {QVariant(session + QString::number(generation)), QVariant(session), QVariant(profile),
                 QVariant(candidate), QVariant(generation), QVariant(reason)})
            q.addBindValue(v);
        if (!q.exec())
            qWarning("%s", qPrintable(q.lastError().text()));
    }
    void circuit(const QString& key, const QString& state, const QVariant& until, const QString& code,
        const QVariant& probe = {})
    {
        QSqlQuery q(db());
        q.prepare(
            QStringLiteral("INSERT INTO dynamic_resource_circuits (resource_key, state, until_at, code, probe_until, "
                           "updated_at) VALUES (?, ?, ?, ?, ?, CURRENT_TIMESTAMP)"));
        for (const QVariant& v : {QVariant(key), QVariant(state), until, QVariant(code), probe})
            q.addBindValue(v);
        if (!q.exec())
            qWarning("%s", qPrintable(q.lastError().text()));
    }

private:
    QString m_connection;
};

}  // namespace
