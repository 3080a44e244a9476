// SPDX-License-Identifier: Apache-2.0
// Reads N route-state rows (and two attempts each) of a generated kandev SQLite
// database, analyses them against the loaded profile (the work of one Live
// Routes refresh and of `policyctl routes`) and shows them in a table view
// the dock's way (model reset, columns fitted, one paint). Median of 11
// refreshes. Run with QT_QPA_PLATFORM=offscreen.
#include "kandev_schema.h"

#include "model/live_routes_model.h"
#include "store/kandev_database.h"

#include <QApplication>
#include <QHeaderView>
#include <QTableView>
#include <QElapsedTimer>
#include <QFile>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>

#include <algorithm>
#include <cstdio>
#include <vector>

namespace
{

const char* kPolicies
    = R"({\"version\":1,\"transient\":{\"retry\":{\"enabled\":true,\"max_retries\":3,\"initial_interval_seconds\":5},\"wait_for_reset\":{\"enabled\":false,\"max_wait_seconds\":0},\"on_exhausted\":\"skip\"},\"hard\":{\"retry\":{\"enabled\":false,\"max_retries\":0,\"initial_interval_seconds\":0},\"wait_for_reset\":{\"enabled\":true,\"max_wait_seconds\":300},\"on_exhausted\":\"stop\"}})";
const char* kStates[]
    = {"selecting", "starting", "waiting", "retrying", "retry_wait", "waiting_for_reset", "action_required"};

}  // namespace

int main(int argc, char** argv)
{
    QApplication app(argc, argv);
    const int routes = argc > 1 ? std::atoi(argv[1]) : 10000;
    const QString schemaPath
        = argc > 2 ? QString::fromLocal8Bit(argv[2]) : QStringLiteral("tests/fixtures/kandev-schema.sql");
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("kandev.db"));
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("gen"));
        db.setDatabaseName(path);
        db.open();
        if (!bench::createKandevSchema(db, schemaPath))
            return 2;
        QSqlQuery q(db);
        q.exec(QStringLiteral("PRAGMA journal_mode = WAL"));
        q.finish();
        db.transaction();
        q.exec(QStringLiteral("INSERT INTO agents VALUES ('dyn', 'dynamic', NULL, 0, '', '2026-01-01', '2026-01-01')"));
        q.exec(
            QStringLiteral("INSERT INTO agents VALUES ('cc', 'claude-code', NULL, 0, '', '2026-01-01', '2026-01-01')"));
        for (int c = 0; c < 3; ++c)
            q.exec(QStringLiteral(
                "INSERT INTO agent_profiles (id, agent_id, name, agent_display_name, created_at, updated_at) "
                "VALUES ('agent-%1', 'cc', 'Agent %1', 'Agent', '2026-01-01', '2026-01-01')")
                       .arg(c));
        q.exec(QStringLiteral(
            "INSERT INTO agent_profiles (id, agent_id, name, agent_display_name, created_at, updated_at) "
            "VALUES ('dyn-main', 'dyn', 'Main', 'Dynamic', '2026-01-01', '2026-01-01')"));
        q.exec(QStringLiteral("INSERT INTO dynamic_agent_profiles VALUES ('dyn-main', 4, '2026-01-01', '2026-01-01')"));
        for (int c = 0; c < 3; ++c)
            q.exec(QStringLiteral("INSERT INTO dynamic_agent_routes VALUES ('dyn-main', %1, 'agent-%1', 1, '%2')")
                       .arg(c)
                       .arg(QString::fromUtf8(kPolicies).replace(QStringLiteral("\\\""), QStringLiteral("\""))));
        QSqlQuery session(db), state(db), attempt(db);
        session.prepare(
            QStringLiteral("INSERT INTO task_sessions VALUES (?, 't', 'RUNNING', '2026-01-01', '2026-01-01')"));
        state.prepare(QStringLiteral(
            "INSERT INTO dynamic_route_states VALUES (?, 'dyn-main', ?, 2, 4, ?, '{\"prompt\":\"...\"}', ?, "
            "'2026-08-21 10:00:00')"));
        attempt.prepare(QStringLiteral(
            "INSERT INTO dynamic_route_attempts VALUES (?, ?, 'dyn-main', ?, ?, 4, ?, '2026-08-21 09:59:00')"));
        for (int i = 0; i < routes; ++i) {
            const QString id = QStringLiteral("session-%1").arg(i);
            session.addBindValue(id);
            session.exec();
            state.addBindValue(id);
            state.addBindValue(QStringLiteral("agent-%1").arg(i % 3));
            state.addBindValue(QString::fromLatin1(kStates[i % 7]));
            state.addBindValue(
                QStringLiteral(R"({"failure_code":"rate_limited","failure_class":"transient",)"
                               R"("catalogue_version":"provider-errors.v1","policy_json":"%1","retry_ordinal":%2,)"
                               R"("reset_wait_used":false,"deadline":"2026-08-21T10:00:%3Z","pending_outcome":"skip"})")
                    .arg(QString::fromUtf8(kPolicies))
                    .arg(i % 3)
                    .arg(i % 60, 2, 10, QLatin1Char('0')));
            state.exec();
            for (int g = 1; g <= 2; ++g) {
                attempt.addBindValue(QStringLiteral("%1-%2").arg(id).arg(g));
                attempt.addBindValue(id);
                attempt.addBindValue(QStringLiteral("agent-%1").arg(i % 3));
                attempt.addBindValue(g);
                attempt.addBindValue(g == 1 ? QStringLiteral("candidate_order") : QStringLiteral("retry"));
                attempt.exec();
            }
        }
        db.commit();
        db.close();
    }
    QSqlDatabase::removeDatabase(QStringLiteral("gen"));

    store::DatabaseTarget target;
    target.path = path;
    QString error;
    auto db = store::KandevDatabase::open(target, &error);
    const auto loaded = db ? db->load(&error) : std::nullopt;
    if (!loaded) {
        std::fprintf(stderr, "%s\n", qPrintable(error));
        return 1;
    }
    const policy::Seconds now = *policy::parseRfc3339("2026-08-21T10:00:00Z");
    model::LiveRoutesModel routesModel;
    QTableView view;
    view.setModel(&routesModel);
    view.horizontalHeader()->setResizeContentsPrecision(200);  // as the dock does
    view.resize(1300, 300);
    view.show();
    std::vector<double> readMs, analyseMs, showMs;
    std::size_t shown = 0, scheduled = 0;
    for (int run = 0; run < 11; ++run) {
        QElapsedTimer timer;
        timer.start();
        const auto read = db->readLiveRoutes("dyn-main", &error);
        readMs.push_back(double(timer.nsecsElapsed()) / 1e6);
        if (!read) {
            std::fprintf(stderr, "%s\n", qPrintable(error));
            return 1;
        }
        timer.restart();
        routes::LiveRoutes live = routes::analyseLiveRoutes(*read, loaded->document, "dyn-main", now);
        analyseMs.push_back(double(timer.nsecsElapsed()) / 1e6);
        shown = live.routes.size();
        scheduled
            = std::count_if(live.routes.begin(), live.routes.end(), [](const auto& r) { return r.next.has_value(); });
        timer.restart();
        routesModel.setRoutes(std::move(live), now);
        view.resizeColumnsToContents();
        view.grab();  // one full paint of the visible rows
        showMs.push_back(double(timer.nsecsElapsed()) / 1e6);
    }
    std::sort(readMs.begin(), readMs.end());
    std::sort(analyseMs.begin(), analyseMs.end());
    std::sort(showMs.begin(), showMs.end());
    std::printf("live routes: %zu route rows (%zu waiting, with what happens next) and %d attempts: read %.1f ms, "
                "analyse %.1f ms, "
                "show %.1f ms, total %.1f ms (medians of 11)\n",
        shown, scheduled, routes * 2, readMs[5], analyseMs[5], showMs[5], readMs[5] + analyseMs[5] + showMs[5]);
    return 0;
}
