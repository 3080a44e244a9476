// SPDX-License-Identifier: Apache-2.0
// Migrate a generated kandev SQLite database of N dynamic profiles x M
// candidates (all legacy rules): open, load, plan, backup, apply.
#include "kandev_schema.h"

#include "store/kandev_database.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>

#include <cstdio>

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    const int profiles = argc > 1 ? std::atoi(argv[1]) : 10000;
    const int candidates = argc > 2 ? std::atoi(argv[2]) : 5;
    const QString schemaPath
        = argc > 3 ? QString::fromLocal8Bit(argv[3]) : QStringLiteral("tests/fixtures/kandev-schema.sql");
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("kandev.db"));
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("gen"));
        db.setDatabaseName(path);
        db.open();
        if (!bench::createKandevSchema(db, schemaPath))
            return 2;
        QSqlQuery q(db);
        db.transaction();
        q.exec(QStringLiteral("INSERT INTO agents VALUES ('dyn', 'dynamic', NULL, 0, '', '2026-01-01', '2026-01-01')"));
        q.exec(
            QStringLiteral("INSERT INTO agents VALUES ('cc', 'claude-code', NULL, 0, '', '2026-01-01', '2026-01-01')"));
        QSqlQuery profile(db), dynamic(db), route(db);
        profile.prepare(QStringLiteral("INSERT INTO agent_profiles (id, agent_id, name, agent_display_name, "
                                       "created_at, updated_at) VALUES (?, ?, ?, ?, '2026-01-01', '2026-01-01')"));
        dynamic.prepare(QStringLiteral("INSERT INTO dynamic_agent_profiles VALUES (?, 1, '2026-01-01', '2026-01-01')"));
        route.prepare(QStringLiteral("INSERT INTO dynamic_agent_routes VALUES (?, ?, ?, 1, ?)"));
        for (int c = 0; c < candidates; ++c) {
            profile.addBindValue(QStringLiteral("agent-%1").arg(c));
            profile.addBindValue(QStringLiteral("cc"));
            profile.addBindValue(QStringLiteral("Agent %1").arg(c));
            profile.addBindValue(QStringLiteral("Agent"));
            profile.exec();
        }
        for (int p = 0; p < profiles; ++p) {
            const QString id = QStringLiteral("dyn-%1").arg(p);
            profile.addBindValue(id);
            profile.addBindValue(QStringLiteral("dyn"));
            profile.addBindValue(id);
            profile.addBindValue(QStringLiteral("Dynamic"));
            profile.exec();
            dynamic.addBindValue(id);
            dynamic.exec();
            for (int c = 0; c < candidates; ++c) {
                route.addBindValue(id);
                route.addBindValue(c);
                route.addBindValue(QStringLiteral("agent-%1").arg(c));
                route.addBindValue(QStringLiteral(R"({"on_provider_error":"try_next","model_capacity":"retry_same"})"));
                route.exec();
            }
        }
        db.commit();
        db.close();
    }
    QSqlDatabase::removeDatabase(QStringLiteral("gen"));

    QElapsedTimer timer;
    timer.start();
    store::DatabaseTarget target;
    target.path = path;
    QString error;
    auto db = store::KandevDatabase::open(target, &error);
    const auto loaded = db->load(&error);
    const double loadMs = double(timer.nsecsElapsed()) / 1e6;
    const auto report = migration::planMigration(loaded->document);
    const double planMs = double(timer.nsecsElapsed()) / 1e6;
    const auto result = db->applyMigration(*loaded, report, dir.path());
    const double totalMs = double(timer.nsecsElapsed()) / 1e6;
    std::printf(
        "migrate a SQLite database of %d dynamic profiles x %d candidates: load %.0f ms, plan %.0f ms, backup + "
        "apply %.0f ms, total %.0f ms (%s, %d profiles written)\n",
        profiles, candidates, loadMs, planMs - loadMs, totalMs - planMs, totalMs,
        result.ok ? "ok" : qPrintable(result.error), result.profilesWritten);
    return result.ok ? 0 : 1;
}
