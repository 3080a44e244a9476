// SPDX-License-Identifier: Apache-2.0
// kandev databases, real ones: a SQLite file per test, and a database per
// test on the throwaway PostgreSQL server scripts/run-tests starts (these
// rows skip when POLICY_STUDIO_PG_URL is not set).
#include "store/kandev_database.h"

#include "check/eligibility.h"
#include "migration/migration.h"

#include "../common/kandev_fixture.h"
#include "../common/test_paths.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QThread>
#include <QUuid>
#include <QtTest>

#include <sys/stat.h>
#include <unistd.h>
#include <sys/mount.h>

using store::DatabaseTarget;
using store::KandevDatabase;

class TestDatabase final : public QObject
{
    Q_OBJECT
private slots:
    void defaultSqlitePathIsKandevs();
    void targets_data();
    void targets();
    void environmentTarget();
    void backupFileNamesAreSafe_data();
    void backupFileNamesAreSafe();
    void loads_data();
    void loads();
    void dryRunThenApply_data();
    void dryRunThenApply();
    void saveProfileAndConcurrentEdit_data();
    void saveProfileAndConcurrentEdit();
    void failureInTheMiddleOfApplyChangesNothing_data();
    void failureInTheMiddleOfApplyChangesNothing();
    void lockedSqliteFileGivesAClearError();
    void vanishedTablesGiveAClearError();
    void policyctlMigrateDb();
    void policyctlDiffDatabases();
    void blankRouteIdIsAnError_data();
    void hostileRows_data();
    void silentChangesAreConflicts_data();
    void silentChangesAreConflicts();
    void replacedDatabaseFileIsRefused();
    void aServerThatWantsAPasswordSaysSo();
    void aDatabaseWithoutKandevTablesSaysSo_data()
    {
        backends();
    }
    void aDatabaseWithoutKandevTablesSaysSo();
    void backupOnAFullDiskWritesNothing();
    void hostileRows();
    void blankRouteIdIsAnError();
    void liveRoutesInEveryState_data()
    {
        backends();
    }
    void liveRoutesInEveryState();
    void liveRoutesWhileKandevWrites();
    void liveRoutesGiveUpQuicklyOnALockedFile();
    void liveRoutesOfAnOlderKandev_data()
    {
        backends();
    }
    void liveRoutesOfAnOlderKandev();
    void candidateRulesReadTheCatalogue_data();
    void candidateRulesReadTheCatalogue();
    void policyctlRoutes();
    void textOutputCannotForgeLines();
    void policyctlExportOpensAgain();
    void valuesKandevCannotReadAreNamed_data();
    void valuesKandevCannotReadAreNamed();
    void liveRouteValuesKandevCannotReadAreNamed_data();
    void liveRouteValuesKandevCannotReadAreNamed();
    void aLockedDatabaseIsSaidToBeLocked_data();
    void aLockedDatabaseIsSaidToBeLocked();
    void routesReadOnlyTheNewestAttemptsOfTheRoutesShown();
    void aBackupBelongsToTheDatabasesOwner_data()
    {
        backends();
    }
    void aBackupBelongsToTheDatabasesOwner();
    void kandevsWriterNeverWaitsOutItsTimeoutForRoutes();

private:
    QTemporaryDir m_dir;
    void backends();
};

void TestDatabase::backends()
{
    QTest::addColumn<QString>("backend");
    QTest::newRow("sqlite") << "sqlite";
    QTest::newRow("postgres") << "postgres";
}

#define REQUIRE_BACKEND(backend)                                                                                       \
    if (backend == QLatin1String("postgres") && qEnvironmentVariableIsEmpty("POLICY_STUDIO_PG_URL"))                   \
        QSKIP("no PostgreSQL server: run the tests through make test");

void TestDatabase::defaultSqlitePathIsKandevs()
{
    const QByteArray oldPath = qgetenv("KANDEV_DATABASE_PATH"), oldHome = qgetenv("KANDEV_HOME_DIR");
    qunsetenv("KANDEV_DATABASE_PATH");
    qunsetenv("KANDEV_HOME_DIR");
    QCOMPARE(store::defaultSqlitePath(), QDir::homePath() + QStringLiteral("/.kandev/data/kandev.db"));
    qputenv("KANDEV_HOME_DIR", "/srv/kandev");
    QCOMPARE(store::defaultSqlitePath(), QStringLiteral("/srv/kandev/data/kandev.db"));
    qputenv("KANDEV_DATABASE_PATH", "/var/lib/kandev/k.db");
    QCOMPARE(store::defaultSqlitePath(), QStringLiteral("/var/lib/kandev/k.db"));
    for (const auto& [name, value] :
        {std::pair {"KANDEV_DATABASE_PATH", oldPath}, std::pair {"KANDEV_HOME_DIR", oldHome}}) {
        if (value.isNull())
            qunsetenv(name);
        else
            qputenv(name, value);
    }
}

void TestDatabase::targets_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("valid");
    QTest::addColumn<QString>("display");
    QTest::newRow("path") << "/var/lib/kandev/kandev.db" << true << "/var/lib/kandev/kandev.db";
    QTest::newRow("sqlite: prefix") << "sqlite:/tmp/k.db" << true << "/tmp/k.db";
    QTest::newRow("postgres url, password hidden")
        << "postgres://kandev:s3cret@db.local:6543/kandev" << true << "postgres://kandev@db.local:6543/kandev";
    QTest::newRow("postgresql scheme, default port") << "postgresql://u@h/k" << true << "postgres://u@h:5432/k";
    QTest::newRow("postgres without database") << "postgres://u@h:5432" << false << "";
    QTest::newRow("empty") << "" << false << "";
}

void TestDatabase::targets()
{
    QFETCH(QString, text);
    QFETCH(bool, valid);
    QFETCH(QString, display);
    QString error;
    const auto t = store::parseDatabaseTarget(text, &error);
    QCOMPARE(t.has_value(), valid);
    if (valid) {
        QCOMPARE(t->displayName(), display);
        QVERIFY(!t->displayName().contains(QStringLiteral("s3cret")));
    } else {
        QVERIFY(!error.isEmpty());
    }
}

void TestDatabase::backupFileNamesAreSafe_data()
{
    QTest::addColumn<QString>("database");
    QTest::addColumn<QString>("stem");
    QTest::newRow("plain") << "kandev"
                           << "kandev";
    QTest::newRow("dashes and digits") << "kandev-prod_2"
                                       << "kandev-prod_2";
    QTest::newRow("a path") << "../../etc/cron.d/x"
                            << "______etc_cron_d_x";
    QTest::newRow("only dots and slashes") << "../.."
                                           << "kandev-database";
    QTest::newRow("empty") << ""
                           << "kandev-database";
    QTest::newRow("non-ASCII") << QString::fromUtf8("\xC3\xA9t\xC3\xA9") << "_t_";
    QTest::newRow("very long") << QString(300, QLatin1Char('a')) << QString(64, QLatin1Char('a'));
}

void TestDatabase::backupFileNamesAreSafe()
{
    QFETCH(QString, database);
    QFETCH(QString, stem);
    QCOMPARE(store::safeFileStem(database), stem);
}

void TestDatabase::environmentTarget()
{
    qputenv("KANDEV_DATABASE_DRIVER", "postgres");
    qputenv("KANDEV_DATABASE_HOST", "10.1.2.3");
    qputenv("KANDEV_DATABASE_PORT", "6000");
    qputenv("KANDEV_DATABASE_USER", "kandev");
    qputenv("KANDEV_DATABASE_PASSWORD", "hunter2");
    qputenv("KANDEV_DATABASE_NAME", "prod");
    QString error;
    const auto t = store::databaseTargetFromEnvironment(&error);
    QVERIFY(t);
    QCOMPARE(t->displayName(), QStringLiteral("postgres://kandev@10.1.2.3:6000/prod"));
    QCOMPARE(t->password, QStringLiteral("hunter2"));
    // A URL without a password takes it from the environment (never from the
    // command line, where `ps` shows it).
    const auto url = store::parseDatabaseTarget(QStringLiteral("postgres://kandev@db:5432/prod"), &error);
    QCOMPARE(url->password, QStringLiteral("hunter2"));
    qunsetenv("KANDEV_DATABASE_PASSWORD");
    qputenv("PGPASSWORD", "from-pg");
    QCOMPARE(store::parseDatabaseTarget(QStringLiteral("postgres://kandev@db:5432/prod"), &error)->password,
        QStringLiteral("from-pg"));
    QCOMPARE(store::parseDatabaseTarget(QStringLiteral("postgres://kandev:inline@db:5432/prod"), &error)->password,
        QStringLiteral("inline"));
    qunsetenv("PGPASSWORD");
    for (const char* port : {"abc", "0", "70000", "-1"}) {
        qputenv("KANDEV_DATABASE_PORT", port);
        QVERIFY(!store::databaseTargetFromEnvironment(&error));
        QVERIFY2(error
                == QStringLiteral("KANDEV_DATABASE_PORT must be a port number from 1 to 65535, not '%1'")
                       .arg(QLatin1String(port)),
            qPrintable(error));
    }
    qputenv("KANDEV_DATABASE_PORT", "6000");
    qputenv("KANDEV_DATABASE_DRIVER", "oracle");
    QVERIFY(!store::databaseTargetFromEnvironment(&error));
    QVERIFY(error.contains(QStringLiteral("oracle")));
    for (const char* v : {"KANDEV_DATABASE_DRIVER", "KANDEV_DATABASE_HOST", "KANDEV_DATABASE_PORT",
             "KANDEV_DATABASE_USER", "KANDEV_DATABASE_PASSWORD", "KANDEV_DATABASE_NAME"})
        qunsetenv(v);
    QVERIFY(!store::databaseTargetFromEnvironment(&error));
}

void TestDatabase::loads_data()
{
    backends();
}

void TestDatabase::loads()
{
    QFETCH(QString, backend);
    REQUIRE_BACKEND(backend);
    QTemporaryDir dir;
    Fixture fx(backend, dir.path());
    QVERIFY(fx.ok);
    QString error;
    auto db = KandevDatabase::open(fx.target, &error);
    QVERIFY2(db, qPrintable(error));
    const auto loaded = db->load(&error);
    QVERIFY2(loaded, qPrintable(error));
    const auto* legacy = loaded->profile("dyn-legacy");
    QVERIFY(legacy && legacy->dynamic);
    QCOMPARE(legacy->dynamic->candidates.size(), std::size_t(3));
    QCOMPARE(legacy->dynamic->candidates[0].rules.size(), std::size_t(2));
    QVERIFY(legacy->dynamic->candidates[1].policies);
    QCOMPARE(legacy->dynamic->candidates[1].policies->hard.waitForReset.maxWaitSeconds, 300);
    QVERIFY(!legacy->dynamic->candidates[2].policies && legacy->dynamic->candidates[2].rules.empty());
    QCOMPARE(loaded->versions.at("dyn-current"), 9);
    QVERIFY(loaded->profile("old-gpt4")->deleted);
    QVERIFY(loaded->profile("haiku-fallback")->autoFallback);
    QVERIFY(!loaded->profile("claude-sonnet")->isDynamic());
    QCOMPARE(loaded->invalidRows.size(), std::size_t(1));
    QVERIFY(loaded->invalidRows[0].message.find("dyn-broken") != std::string::npos);
    QCOMPARE(loaded->invalidProfiles, std::set<std::string> {"dyn-broken"});
    // Its unreadable route is not described as getting the default document:
    // the profile is left out of the migration report (it is never written).
    const migration::MigrationReport report = store::planDatabaseMigration(*loaded);
    QVERIFY(std::none_of(report.profiles.begin(), report.profiles.end(),
        [](const migration::ProfileMigration& p) { return p.profileId == "dyn-broken"; }));
    QVERIFY(std::any_of(report.profiles.begin(), report.profiles.end(),
        [](const migration::ProfileMigration& p) { return p.profileId == "dyn-legacy"; }));
    // The secret-bearing env_vars column is never read.
    for (const auto& p : loaded->document.profiles)
        QVERIFY(p.source.find("SECRET") == std::string::npos && p.name.find("SECRET") == std::string::npos);

    // The connection is read-only.
    const QString before = fx.snapshot().join(QLatin1Char('\n'));
    QCOMPARE(fx.snapshot().join(QLatin1Char('\n')), before);
}

void TestDatabase::dryRunThenApply_data()
{
    backends();
}

void TestDatabase::dryRunThenApply()
{
    QFETCH(QString, backend);
    REQUIRE_BACKEND(backend);
    QTemporaryDir dir;
    Fixture fx(backend, dir.path());
    QVERIFY(fx.ok);
    QString error;
    auto db = KandevDatabase::open(fx.target, &error);
    const auto loaded = db->load(&error);
    const migration::MigrationReport report = migration::planMigration(loaded->document);
    QVERIFY(report.hasErrors());  // dyn-conflict
    const QStringList before = fx.snapshot();
    if (backend == QLatin1String("sqlite"))  // a database readable by all must not give a world-readable copy
        QVERIFY(QFile::setPermissions(fx.target.path,
            QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ReadGroup | QFileDevice::ReadOther));

    const store::WriteResult result = db->applyMigration(*loaded, report, dir.path());
    QVERIFY2(result.ok, qPrintable(result.error));
    QCOMPARE(result.profilesWritten, 1);  // dyn-legacy only
    QVERIFY(QFile::exists(result.backupPath));
    // The backup holds secrets (env_vars): only its owner may read it.
    struct stat st {
    };
    QCOMPARE(::stat(QFile::encodeName(result.backupPath).constData(), &st), 0);
    QCOMPARE(st.st_mode & 07777, mode_t(0600));
    // Migrated: the legacy route and the "{}" default; the v1 route is unchanged.
    const QJsonObject migrated
        = QJsonDocument::fromJson(fx.rulesJson(QStringLiteral("dyn-legacy"), 0).toUtf8()).object();
    QCOMPARE(migrated[QStringLiteral("version")].toInt(), 1);
    QCOMPARE(migrated[QStringLiteral("transient")].toObject()[QStringLiteral("on_exhausted")].toString(),
        QStringLiteral("stop"));
    QCOMPARE(
        migrated[QStringLiteral("hard")].toObject()[QStringLiteral("on_exhausted")].toString(), QStringLiteral("skip"));
    QVERIFY(fx.rulesJson(QStringLiteral("dyn-legacy"), 2).contains(QStringLiteral("\"version\":1")));
    QCOMPARE(fx.rulesJson(QStringLiteral("dyn-legacy"), 1), QString::fromUtf8(kPolicies));
    QCOMPARE(fx.version(QStringLiteral("dyn-legacy")), 4);
    // Flagged profiles are untouched.
    QCOMPARE(fx.version(QStringLiteral("dyn-broken")), 5);
    QCOMPARE(fx.rulesJson(QStringLiteral("dyn-broken"), 1), QStringLiteral(R"({"on_provider_error":"stop"})"));
    QCOMPARE(fx.version(QStringLiteral("dyn-conflict")), 1);
    QCOMPARE(fx.version(QStringLiteral("dyn-current")), 9);

    // The backup holds the rows as they were.
    if (backend == QLatin1String("sqlite")) {
        QString original;
        {
            QSqlDatabase b = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("backup"));
            b.setDatabaseName(result.backupPath);
            QVERIFY(b.open());
            QSqlQuery q(b);
            QVERIFY(q.exec(QStringLiteral("SELECT rules_json FROM dynamic_agent_routes WHERE dynamic_profile_id = "
                                          "'dyn-legacy' AND position = 0")));
            QVERIFY(q.next());
            original = q.value(0).toString();
        }
        QSqlDatabase::removeDatabase(QStringLiteral("backup"));
        QCOMPARE(original, QStringLiteral(R"({"on_provider_error":"try_next","model_capacity":"retry_same"})"));
    } else {
        QFile f(result.backupPath);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QJsonArray rows = QJsonDocument::fromJson(f.readAll()).array();
        QCOMPARE(rows.size(), 1);
        QCOMPARE(rows[0].toObject()[QStringLiteral("profile_id")].toString(), QStringLiteral("dyn-legacy"));
        QCOMPARE(rows[0]
                     .toObject()[QStringLiteral("routes")]
                     .toArray()[0]
                     .toObject()[QStringLiteral("rules_json")]
                     .toString(),
            QStringLiteral(R"({"on_provider_error":"try_next","model_capacity":"retry_same"})"));
    }

    // Migrating again has nothing to do.
    auto again = KandevDatabase::open(fx.target, &error);
    const auto reloaded = again->load(&error);
    const auto second = again->applyMigration(*reloaded, migration::planMigration(reloaded->document), dir.path());
    QVERIFY(second.ok);
    QCOMPARE(second.profilesWritten, 0);
    QVERIFY(fx.snapshot() != before);
}

void TestDatabase::saveProfileAndConcurrentEdit_data()
{
    backends();
}

void TestDatabase::saveProfileAndConcurrentEdit()
{
    QFETCH(QString, backend);
    REQUIRE_BACKEND(backend);
    QTemporaryDir dir;
    Fixture fx(backend, dir.path());
    QVERIFY(fx.ok);
    QString error;
    auto db = KandevDatabase::open(fx.target, &error);
    const auto loaded = db->load(&error);
    std::vector<policy::Candidate> candidates = loaded->profile("dyn-current")->dynamic->candidates;
    candidates[0].policies->transient.retry.maxRetries = 7;
    policy::Candidate second;
    second.executionProfileId = "codex-gpt5";
    second.enabled = false;
    second.policies = policy::PolicyDocument {};
    candidates.push_back(second);
    const auto saved = db->saveProfile("dyn-current", 9, candidates);
    QVERIFY2(saved.ok, qPrintable(saved.error));
    QCOMPARE(fx.version(QStringLiteral("dyn-current")), 10);
    QVERIFY(fx.rulesJson(QStringLiteral("dyn-current"), 0).contains(QStringLiteral("\"max_retries\":7")));
    QVERIFY(!fx.rulesJson(QStringLiteral("dyn-current"), 1).isEmpty());

    // Someone else saved in between: our version 9 is stale now.
    const QStringList before = fx.snapshot();
    const auto stale = db->saveProfile("dyn-current", 9, candidates);
    QVERIFY(!stale.ok);
    QVERIFY(stale.conflict);
    QVERIFY(stale.error.contains(QStringLiteral("reload")));
    QCOMPARE(fx.snapshot(), before);

    // A reference to a missing profile is refused by kandev's foreign key; nothing changes.
    candidates[1].executionProfileId = "no-such-profile";
    const auto refused = db->saveProfile("dyn-current", 10, candidates);
    QVERIFY(!refused.ok);
    QVERIFY(!refused.conflict);
    QCOMPARE(fx.snapshot(), before);
}

void TestDatabase::failureInTheMiddleOfApplyChangesNothing_data()
{
    backends();
}

void TestDatabase::failureInTheMiddleOfApplyChangesNothing()
{
    QFETCH(QString, backend);
    REQUIRE_BACKEND(backend);
    QTemporaryDir dir;
    Fixture fx(backend, dir.path());
    QVERIFY(fx.ok);
    fx.exec("UPDATE dynamic_agent_routes SET rules_json = '{\"on_provider_error\":\"stop\"}' WHERE dynamic_profile_id "
            "= 'dyn-current'");
    fx.exec("DELETE FROM dynamic_agent_routes WHERE dynamic_profile_id IN ('dyn-broken', 'dyn-conflict')");
    QString error;
    auto db = KandevDatabase::open(fx.target, &error);
    const auto loaded = db->load(&error);
    const auto report = migration::planMigration(loaded->document);
    const QStringList before = fx.snapshot();
    if (backend == QLatin1String("postgres")) {
        // The server drops the writer's connection after its first statement.
        db->beforeWriteStatement = [&](int step) {
            if (step == 2)
                fx.exec("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() "
                        "AND pid <> pg_backend_pid()");
        };
        const auto result = db->applyMigration(*loaded, report, dir.path());
        QVERIFY(!result.ok);
        QVERIFY(result.error.contains(QStringLiteral("nothing was written")));
    } else {
        // The process dies in the middle: the open transaction never commits.
        db->beforeWriteStatement = [](int step) {
            if (step == 2)
                throw std::runtime_error("simulated crash");
        };
        QVERIFY_THROWS_EXCEPTION(std::runtime_error, db->applyMigration(*loaded, report, dir.path()));
    }
    QCOMPARE(fx.snapshot(), before);
}

void TestDatabase::vanishedTablesGiveAClearError()
{
    QTemporaryDir dir;
    Fixture fx(QStringLiteral("sqlite"), dir.path());
    QVERIFY(fx.ok);
    QString error;
    auto db = KandevDatabase::open(fx.target, &error);
    const auto loaded = db->load(&error);
    QVERIFY(loaded);
    QVERIFY(fx.exec(QStringLiteral("DROP TABLE dynamic_agent_routes")));
    const auto result = db->applyMigration(*loaded, migration::planMigration(loaded->document), dir.path());
    QVERIFY(!result.ok);
    QVERIFY2(result.error.contains(QStringLiteral("no such table: dynamic_agent_routes")), qPrintable(result.error));
    QVERIFY2(!result.error.contains(QStringLiteral("Parameter count mismatch")), qPrintable(result.error));
}

void TestDatabase::lockedSqliteFileGivesAClearError()
{
    QTemporaryDir dir;
    Fixture fx(QStringLiteral("sqlite"), dir.path());
    QVERIFY(fx.ok);
    QString error;
    auto db = KandevDatabase::open(fx.target, &error);
    const auto loaded = db->load(&error);
    const QStringList before = fx.snapshot();
    QVERIFY(fx.exec(QStringLiteral("BEGIN EXCLUSIVE")));  // another writer holds the file
    const auto result = db->applyMigration(*loaded, migration::planMigration(loaded->document), dir.path());
    QVERIFY(!result.ok);
    QVERIFY2(result.error.contains(QStringLiteral("locked")), qPrintable(result.error));
    QVERIFY(result.error.contains(fx.target.path));
    QVERIFY(fx.exec(QStringLiteral("ROLLBACK")));
    QCOMPARE(fx.snapshot(), before);
}

void TestDatabase::policyctlDiffDatabases()
{
    // A real SQLite file against a copy of itself, then against the copy after kandev changed a route.
    QTemporaryDir dir;
    Fixture fx(QStringLiteral("sqlite"), dir.path());
    QVERIFY(fx.ok);
    auto run = [&](const QStringList& args) {
        QProcess p;
        p.start(QStringLiteral(POLICYCTL_PATH), args);
        p.waitForFinished(60000);
        return std::make_pair(p.exitCode(), QString::fromUtf8(p.readAllStandardOutput()));
    };
    // dyn-broken's rules_json cannot be read: the database is no side of a diff, not "equal" to itself.
    auto [broken, brokenOut] = run({"diff", fx.target.path, fx.target.path});
    QCOMPARE(broken, 2);
    QVERIFY(!brokenOut.contains(QStringLiteral("no differences")));
    QVERIFY(fx.exec(QStringLiteral("DELETE FROM dynamic_agent_routes WHERE dynamic_profile_id = 'dyn-broken'")));
    const QString before = dir.filePath(QStringLiteral("before.db"));
    QVERIFY(QFile::copy(fx.target.path, before));
    auto [same, sameOut] = run({"diff", before, QStringLiteral("sqlite:") + fx.target.path});
    QCOMPARE(same, 0);
    QCOMPARE(sameOut, QStringLiteral("no differences\n"));
    fx.exec(QStringLiteral(
        "UPDATE dynamic_agent_routes SET enabled = 0 WHERE dynamic_profile_id = 'dyn-current' AND position = 0"));
    auto [changed, changedOut] = run({"diff", before, fx.target.path});
    QCOMPARE(changed, 1);
    QVERIFY2(changedOut.contains(QStringLiteral("profile dyn-current")), qPrintable(changedOut));
    QVERIFY2(changedOut.contains(QStringLiteral("candidate claude-sonnet\n    enabled: true -> false")),
        qPrintable(changedOut));
    // A route that a newer kandev wrote as policy version 2 is never "equal", either way round.
    QVERIFY(QFile::remove(before));
    QVERIFY(QFile::copy(fx.target.path, before));
    QVERIFY(fx.exec(
        QStringLiteral("UPDATE dynamic_agent_routes SET rules_json = '{\"version\":2,\"transient\":{},\"hard\":{}}' "
                       "WHERE dynamic_profile_id = 'dyn-current' AND position = 0")));
    for (const QStringList& args :
        {QStringList {"diff", before, fx.target.path}, QStringList {"diff", fx.target.path, before}}) {
        auto [newer, newerOut] = run(args);
        QCOMPARE(newer, 2);
        QVERIFY2(newerOut.contains(QStringLiteral("cannot compare: policy version 2")), qPrintable(newerOut));
    }
}

void TestDatabase::policyctlMigrateDb()
{
    QTemporaryDir dir;
    Fixture fx(QStringLiteral("sqlite"), dir.path());
    QVERIFY(fx.ok);
    auto run = [&](const QStringList& args) {
        QProcess p;
        p.setWorkingDirectory(dir.path());
        p.start(QStringLiteral(POLICYCTL_PATH), args);
        p.waitForFinished(60000);
        return std::make_tuple(
            p.exitCode(), QString::fromUtf8(p.readAllStandardOutput()), QString::fromUtf8(p.readAllStandardError()));
    };
    const QStringList before = fx.snapshot();
    const auto [dryCode, dryOut, dryErr]
        = run({"migrate", "--db", QStringLiteral("sqlite:") + fx.target.path, "--format", "json"});
    QCOMPARE(dryCode, 1);  // flagged rows
    const QJsonObject dry = QJsonDocument::fromJson(dryOut.toUtf8()).object();
    QCOMPARE(dry[QStringLiteral("applied")].toBool(), false);
    QCOMPARE(dry[QStringLiteral("errors")].toArray().size(), 2);
    QVERIFY(dryErr.contains(QStringLiteral("dyn-broken")));
    QCOMPARE(fx.snapshot(), before);
    // --kandev reads the same rows in kandev's rule order and says so.
    const auto [kandevCode, kandevOut, kandevErr]
        = run({"migrate", "--db", fx.target.path, "--kandev", "--format", "json"});
    QCOMPARE(kandevCode, 1);
    const QJsonObject kandevReport
        = QJsonDocument::fromJson(kandevOut.toUtf8()).object()[QStringLiteral("report")].toObject();
    QCOMPARE(kandevReport[QStringLiteral("reading")].toString(), QStringLiteral("kandev"));
    QCOMPARE(dry[QStringLiteral("report")].toObject()[QStringLiteral("reading")].toString(), QStringLiteral("spec"));
    QCOMPARE(kandevReport[QStringLiteral("divergences")],
        dry[QStringLiteral("report")].toObject()[QStringLiteral("divergences")]);
    QCOMPARE(fx.snapshot(), before);

    const auto [code, out, err] = run({"migrate", "--db", fx.target.path, "--apply"});
    QCOMPARE(code, 1);
    QVERIFY2(
        out.contains(QStringLiteral("applied: 1 profile(s) written in one transaction; backup: ")), qPrintable(out));
    QVERIFY(err.contains(QStringLiteral("(left untouched)")));
    QCOMPARE(fx.version(QStringLiteral("dyn-legacy")), 4);

    QCOMPARE(std::get<0>(run({"migrate", "--db", dir.filePath(QStringLiteral("missing.db"))})), 2);
    // --password-file: read like a document (a regular file, bounded), first line only.
    const auto [pwCode, pwOut, pwErr]
        = run({"migrate", "--db", "postgres://u@127.0.0.1:1/x", "--password-file", "/dev/zero"});
    QCOMPARE(pwCode, 2);
    QVERIFY2(pwErr.contains(QStringLiteral("--password-file: /dev/zero: is a character device")), qPrintable(pwErr));
    QCOMPARE(std::get<0>(run({"migrate", "--password-file", "pw", fx.target.path})), 2);  // only with --db
    QCOMPARE(std::get<0>(run({"migrate", "--db", "postgres://nobody@127.0.0.1:1/none"})), 2);
}

void TestDatabase::blankRouteIdIsAnError_data()
{
    backends();
}

// kandev's backend rejects a route whose execution_profile_id is blank once
// trimmed (dynamic_profile_test TestValidateDynamicAgentProfile); a row like
// that names its profile and position, and its profile is never written.
void TestDatabase::blankRouteIdIsAnError()
{
    QFETCH(QString, backend);
    REQUIRE_BACKEND(backend);
    QTemporaryDir dir;
    Fixture fx(backend, dir.path());
    QVERIFY(fx.ok);
    // kandev's foreign key needs a profile row with that id (PostgreSQL enforces it).
    fx.concrete(" \t\xE3\x80\x80", "Blank", 1, 0, false);
    fx.dynamic("dyn-blank", 2);
    fx.route("dyn-blank", 0, "claude-sonnet", R"({"on_provider_error":"stop"})");
    fx.route("dyn-blank", 1, " \t\xE3\x80\x80", R"({"on_provider_error":"stop"})");
    QString error;
    auto db = KandevDatabase::open(fx.target, &error);
    QVERIFY2(db, qPrintable(error));
    const auto loaded = db->load(&error);
    QVERIFY2(loaded, qPrintable(error));
    QVERIFY(loaded->invalidProfiles.count("dyn-blank"));
    const auto row = std::find_if(loaded->invalidRows.begin(), loaded->invalidRows.end(),
        [](const format::Diagnostic& d) { return d.message.find("dyn-blank") != std::string::npos; });
    QVERIFY(row != loaded->invalidRows.end());
    QVERIFY2(row->message.find("position 1: execution_profile_id is empty") != std::string::npos, row->message.c_str());
    QVERIFY2(row->path.ends_with("candidates[1].execution_profile_id"), row->path.c_str());

    const QStringList before = fx.snapshot();
    const auto written = db->applyMigration(*loaded, migration::planMigration(loaded->document), dir.path());
    QVERIFY(written.ok);
    QCOMPARE(fx.version(QStringLiteral("dyn-blank")), 2);  // untouched
    QVERIFY(fx.snapshot() != before);  // while dyn-legacy was migrated
}

void TestDatabase::hostileRows_data()
{
    // A rules_json that an attacker or a broken tool wrote: each is read with
    // the checks a file gets, in bounded time and memory, and named by row.
    QTest::addColumn<QString>("backend");
    QTest::addColumn<QByteArray>("rules");
    QTest::addColumn<QString>("message");  // of the invalid row; "" when the row reads
    QTest::addColumn<bool>("newerVersion");
    const QByteArray deep = QByteArray(100000, '[') + QByteArray(100000, ']');
    QByteArray manyKeys = "{";
    for (int i = 0; i < 60000; ++i)  // as many as fit the bound
        manyKeys += (i ? ",\"k" : "\"k") + QByteArray::number(i) + "\":\"\"";
    manyKeys += "}";
    const QByteArray huge
        = "{\"on_provider_error\":\"stop\",\"pad\":\"" + QByteArray(int(store::kMaxRulesJsonCharacters), 'x') + "\"}";
    for (const char* backend : {"sqlite", "postgres"}) {
        QTest::addRow("%s: 100,000 levels of nesting", backend)
            << backend << deep << "nested more than 256 levels deep" << false;
        QTest::addRow("%s: a duplicate key written with an escape", backend)
            << backend << QByteArray(R"({"on_provider_error":"stop","on_provider_\u0065rror":"try_next"})")
            << R"(duplicate key "on_provider_error")" << false;
        QTest::addRow("%s: 60,000 keys", backend) << backend << manyKeys << "" << false;
        QTest::addRow("%s: longer than the bound", backend)
            << backend << huge << "characters long; a route's rules are limited to 1048576 characters" << false;
        QTest::addRow("%s: a newer policy version", backend)
            << backend << QByteArray(R"({"version":2,"transient":{"mode":"new"},"hard":{}})") << "" << true;
    }
}

void TestDatabase::hostileRows()
{
    QFETCH(QString, backend);
    QFETCH(QByteArray, rules);
    QFETCH(QString, message);
    QFETCH(bool, newerVersion);
    REQUIRE_BACKEND(backend);
    QTemporaryDir dir;
    Fixture fx(backend, dir.path());
    QVERIFY(fx.ok);
    fx.dynamic("dyn-hostile", 7);
    fx.route("dyn-hostile", 0, "claude-sonnet", rules.constData());
    QString error;
    auto db = KandevDatabase::open(fx.target, &error);
    QVERIFY2(db, qPrintable(error));
    const auto loaded = db->load(&error);
    QVERIFY2(loaded, qPrintable(error));
    const auto row = std::find_if(loaded->invalidRows.begin(), loaded->invalidRows.end(),
        [](const format::Diagnostic& d) { return d.message.find("dyn-hostile") != std::string::npos; });
    if (message.isEmpty()) {
        QVERIFY2(row == loaded->invalidRows.end(), row == loaded->invalidRows.end() ? "" : row->message.c_str());
    } else {
        QVERIFY(row != loaded->invalidRows.end());
        QVERIFY2(row->message.find(message.toStdString()) != std::string::npos, row->message.c_str());
        QVERIFY(loaded->invalidProfiles.count("dyn-hostile"));
    }
    QCOMPARE(loaded->newerVersionProfiles.count("dyn-hostile") == 1, newerVersion);
    // Whatever the row holds, applying the migration never touches its profile.
    const auto written = db->applyMigration(*loaded, migration::planMigration(loaded->document), dir.path());
    QVERIFY2(written.ok, qPrintable(written.error));
    QCOMPARE(fx.version(QStringLiteral("dyn-hostile")), 7);
    QCOMPARE(fx.rulesJson(QStringLiteral("dyn-hostile"), 0).toUtf8(), rules);
}

void TestDatabase::silentChangesAreConflicts_data()
{
    backends();
}

// Another tool rewrites a route between our read and our write without
// bumping the version: both the migration and an editor save refuse it.
void TestDatabase::silentChangesAreConflicts()
{
    QFETCH(QString, backend);
    REQUIRE_BACKEND(backend);
    QTemporaryDir dir;
    Fixture fx(backend, dir.path());
    QVERIFY(fx.ok);
    QString error;
    auto db = KandevDatabase::open(fx.target, &error);
    const auto loaded = db->load(&error);
    QVERIFY(loaded);
    const QString silent = QStringLiteral(R"({"on_provider_error":"stop","model_capacity":"retry_same"})");
    QVERIFY(fx.exec(
        QStringLiteral("UPDATE dynamic_agent_routes SET rules_json = '%1' WHERE dynamic_profile_id = 'dyn-legacy' "
                       "AND position = 0")
            .arg(silent)));
    const QStringList before = fx.snapshot();
    const auto migrated = db->applyMigration(*loaded, store::planDatabaseMigration(*loaded), dir.path());
    QVERIFY(!migrated.ok);
    QVERIFY(migrated.conflict);
    QVERIFY2(
        migrated.error.contains(QStringLiteral("changed in the database since it was read (without a version change)")),
        qPrintable(migrated.error));
    QCOMPARE(fx.snapshot(), before);
    QCOMPARE(fx.rulesJson(QStringLiteral("dyn-legacy"), 0), silent);

    // The editor's save of the same profile: refused too.
    const auto saved = db->saveProfile("dyn-legacy", 3, loaded->profile("dyn-legacy")->dynamic->candidates);
    QVERIFY(!saved.ok);
    QVERIFY(saved.conflict);
    QVERIFY2(saved.error.contains(QStringLiteral("its routes were changed")), qPrintable(saved.error));
    QCOMPARE(fx.rulesJson(QStringLiteral("dyn-legacy"), 0), silent);
    QCOMPARE(fx.version(QStringLiteral("dyn-legacy")), 3);
}

void TestDatabase::aDatabaseWithoutKandevTablesSaysSo()
{
    QFETCH(QString, backend);
    REQUIRE_BACKEND(backend);
    store::DatabaseTarget target;
    QTemporaryDir dir;
    if (backend == QLatin1String("sqlite")) {
        target.path = dir.filePath(QStringLiteral("other.db"));
        {
            QSqlDatabase other = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("other"));
            other.setDatabaseName(target.path);
            QVERIFY(other.open() && QSqlQuery(other).exec(QStringLiteral("CREATE TABLE notes (id TEXT)")));
            other.close();
        }
        QSqlDatabase::removeDatabase(QStringLiteral("other"));
    } else {
        QString error;
        target = *store::parseDatabaseTarget(
            qEnvironmentVariable("POLICY_STUDIO_PG_URL"), &error);  // the server's own database
    }
    QString error;
    const auto db = store::KandevDatabase::open(target, &error);
    QVERIFY2(db, qPrintable(error));
    QVERIFY(!db->load(&error));
    QVERIFY2(
        error.contains(QStringLiteral("is not a kandev database")) && error.contains(QStringLiteral("agent_profiles")),
        qPrintable(error));
}

void TestDatabase::aServerThatWantsAPasswordSaysSo()
{
    if (qEnvironmentVariableIsEmpty("POLICY_STUDIO_PG_PASSWORD"))
        QSKIP("no PostgreSQL role with a password: run the tests through make test");
    Fixture fx(QStringLiteral("postgres"), m_dir.path());
    QVERIFY(fx.ok);
    store::DatabaseTarget target = fx.target;
    target.user = qEnvironmentVariable("POLICY_STUDIO_PG_PASSWORD_USER");
    QString error;
    store::OpenFailure failure = store::OpenFailure::Other;
    QVERIFY(!store::KandevDatabase::open(target, &error, &failure));
    QCOMPARE(failure, store::OpenFailure::PasswordNeeded);
    target.password = QStringLiteral("not-the-password");
    QVERIFY(!store::KandevDatabase::open(target, &error, &failure));
    QCOMPARE(failure, store::OpenFailure::PasswordNeeded);
    QVERIFY2(!error.contains(target.password), qPrintable(error));
    target.password = qEnvironmentVariable("POLICY_STUDIO_PG_PASSWORD");
    const auto db = store::KandevDatabase::open(target, &error, &failure);
    QVERIFY2(db, qPrintable(error));
    QVERIFY2(db->load(&error), qPrintable(error));
    // No server there: not something a password would fix.
    target.port = 1;
    QVERIFY(!store::KandevDatabase::open(target, &error, &failure));
    QCOMPARE(failure, store::OpenFailure::Other);
}

void TestDatabase::replacedDatabaseFileIsRefused()
{
    // The file at the path is another database with the same ids (a restore,
    // a copy from another machine): nothing read from the first is written to it.
    QTemporaryDir dir;
    QTemporaryDir other;
    Fixture fx(QStringLiteral("sqlite"), dir.path());
    Fixture twin(QStringLiteral("sqlite"), other.path());
    QVERIFY(fx.ok && twin.ok);
    QString error;
    auto db = KandevDatabase::open(fx.target, &error);
    const auto loaded = db->load(&error);
    QVERIFY(loaded);
    QVERIFY(
        ::rename(QFile::encodeName(twin.target.path).constData(), QFile::encodeName(fx.target.path).constData()) == 0);
    const auto result = db->applyMigration(*loaded, store::planDatabaseMigration(*loaded), dir.path());
    QVERIFY(!result.ok);
    QVERIFY2(
        result.error.contains(QStringLiteral("is not the database that was read (the file at that path was replaced)")),
        qPrintable(result.error));
    QCOMPARE(fx.version(QStringLiteral("dyn-legacy")), 3);
}

void TestDatabase::backupOnAFullDiskWritesNothing()
{
    if (::geteuid() != 0)
        QSKIP("mounting a small tmpfs needs root; make test runs as root in CI");
    QTemporaryDir dir;
    QTemporaryDir backups;
    const QByteArray mountPoint = QFile::encodeName(backups.path());
    if (::mount("tmpfs", mountPoint.constData(), "tmpfs", 0, "size=16k") != 0)
        QSKIP("cannot mount a tmpfs here; the container forbids it");
    Fixture fx(QStringLiteral("sqlite"), dir.path());
    QVERIFY(fx.ok);
    QString error;
    auto db = KandevDatabase::open(fx.target, &error);
    const auto loaded = db->load(&error);
    const QStringList before = fx.snapshot();
    const auto result = db->applyMigration(*loaded, store::planDatabaseMigration(*loaded), backups.path());
    QVERIFY(!result.ok);
    QVERIFY2(
        result.error.contains(QStringLiteral("backup")) && result.error.contains(QStringLiteral("nothing was written")),
        qPrintable(result.error));
    QCOMPARE(fx.snapshot(), before);
    // No partial copy is left to be mistaken for a backup.
    QCOMPARE(QDir(backups.path()).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot), QStringList());
    QCOMPARE(::umount(mountPoint.constData()), 0);
}

namespace
{

// A snapshot as kandev writes it: transient rate limit, retry 1 scheduled.
QString snapshotJson(const QString& code, const QString& cls, int ordinal, const QString& deadline)
{
    return QStringLiteral(
        R"({"failure_code":"%1","failure_class":"%2","catalogue_version":"provider-errors.v1","policy_json":%3,)"
        R"("retry_ordinal":%4,"reset_wait_used":false,"deadline":"%5","pending_outcome":"skip"})")
        .arg(code, cls,
            QString::fromUtf8(QJsonDocument(QJsonArray {QString::fromUtf8(kPolicies)}).toJson(QJsonDocument::Compact))
                .mid(1)
                .chopped(1))
        .arg(ordinal)
        .arg(deadline);
}

// Another process writing kandev's route state, as kandev does while the editor reads.
class RouteStateWriter : public QThread
{
public:
    RouteStateWriter(QString path, int updates)
        : m_path(std::move(path))
        , m_updates(updates)
    {
    }
    int written = 0;
    QString error;

protected:
    void run() override
    {
        const QString name = QStringLiteral("writer-") + QUuid::createUuid().toString();
        {
            QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), name);
            db.setDatabaseName(m_path);
            db.setConnectOptions(QStringLiteral("QSQLITE_BUSY_TIMEOUT=5000"));
            if (!db.open()) {
                error = db.lastError().text();
                return;
            }
            for (int i = 0; i < m_updates; ++i) {
                QSqlQuery q(db);
                q.prepare(QStringLiteral(
                    "UPDATE dynamic_route_states SET route_generation = ?, state = ? WHERE session_id = 's-retry'"));
                q.addBindValue(i + 3);
                q.addBindValue(i % 2 ? QStringLiteral("retry_wait") : QStringLiteral("retrying"));
                if (!q.exec()) {
                    error = q.lastError().text();
                    break;
                }
                ++written;
            }
            db.close();
        }
        QSqlDatabase::removeDatabase(name);
    }

private:
    QString m_path;
    int m_updates;
};

}  // namespace

void TestDatabase::liveRoutesInEveryState()
{
    QFETCH(QString, backend);
    REQUIRE_BACKEND(backend);
    QTemporaryDir dir;
    Fixture fx(backend, dir.path());
    QVERIFY(fx.ok);
    const QStringList states {
        "selecting", "starting", "waiting", "retrying", "retry_wait", "waiting_for_reset", "action_required"};
    for (const QString& state : states)
        fx.routeState(QStringLiteral("s-") + state, QStringLiteral("dyn-current"), QStringLiteral("claude-sonnet"),
            state,
            snapshotJson(QStringLiteral("rate_limited"), QStringLiteral("transient"), 1,
                QStringLiteral("2026-08-21T10:00:10Z")));
    fx.routeState(QStringLiteral("s-unknown"), QStringLiteral("dyn-current"), QStringLiteral("claude-sonnet"),
        QStringLiteral("hibernating"), QString());
    fx.routeState(QStringLiteral("s-malformed"), QStringLiteral("dyn-current"), QStringLiteral("claude-sonnet"),
        QStringLiteral("retry_wait"), QStringLiteral(R"({"failure_code":"rate_)"));
    fx.routeState(QStringLiteral("s-huge"), QStringLiteral("dyn-current"), QStringLiteral("claude-sonnet"),
        QStringLiteral("retry_wait"), QString(int(format::kMaxRouteSnapshotCharacters) + 10, QLatin1Char(' ')));
    fx.routeState(QStringLiteral("s-other"), QStringLiteral("dyn-legacy"), QStringLiteral("codex-gpt5"),
        QStringLiteral("starting"), QString(), 3);
    fx.routeAttempt(QStringLiteral("s-retry_wait"), QStringLiteral("dyn-current"), QStringLiteral("claude-sonnet"), 1,
        QStringLiteral("candidate_order"));
    fx.routeAttempt(QStringLiteral("s-retry_wait"), QStringLiteral("dyn-current"), QStringLiteral("claude-sonnet"), 2,
        QStringLiteral("retry"));
    fx.routeAttempt(QStringLiteral("s-other"), QStringLiteral("dyn-legacy"), QStringLiteral("codex-gpt5"), 1,
        QStringLiteral("candidate_order"));
    fx.circuit(QStringLiteral("profile:codex-gpt5"), QStringLiteral("open"), QStringLiteral("2026-08-21 10:05:00"),
        QStringLiteral("provider_overloaded"));
    fx.circuit(QStringLiteral("credential:7a1e"), QStringLiteral("half_open"), QStringLiteral("2026-08-21 09:00:00"),
        QStringLiteral("quota_limited"), QStringLiteral("2026-08-21 10:00:30"));

    QString error;
    auto db = KandevDatabase::open(fx.target, &error);
    QVERIFY2(db, qPrintable(error));
    const auto read = db->readLiveRoutes("dyn-current", &error);
    QVERIFY2(read, qPrintable(error));
    QVERIFY(read->hasRouteStates && read->hasRouteAttempts && read->hasCircuits);
    QCOMPARE(read->routes.size(), std::size_t(states.size() + 3));  // the other profile's route is left out
    QCOMPARE(read->attempts.size(), std::size_t(2));
    QCOMPARE(read->circuits.size(), std::size_t(2));
    QCOMPARE(read->circuits[1].resourceKey, std::string("profile:codex-gpt5"));
    QCOMPARE(read->circuits[1].untilAt, policy::parseRfc3339("2026-08-21T10:05:00Z"));
    QCOMPARE(read->circuits[0].probeUntil, policy::parseRfc3339("2026-08-21T10:00:30Z"));
    QVERIFY(!read->circuits[1].probeUntil);
    const auto huge
        = std::find_if(read->routes.begin(), read->routes.end(), [](const auto& r) { return r.sessionId == "s-huge"; });
    QVERIFY(huge != read->routes.end() && huge->policyStateTooLong && huge->policyStateJson.empty());
    QCOMPARE(read->routes.front().updatedAt, policy::parseRfc3339("2026-08-21T10:00:00Z"));
    // continuation_json (task context) is never selected.
    for (const auto& r : read->routes)
        QVERIFY(r.policyStateJson.find("TASK-CONTEXT-SECRET") == std::string::npos);

    // What the dock and policyctl routes show of it.
    const auto loaded = db->load(&error);
    QVERIFY(loaded);
    const routes::LiveRoutes live = routes::analyseLiveRoutes(
        *read, loaded->document, "dyn-current", *policy::parseRfc3339("2026-08-21T10:00:00Z"));
    QCOMPARE(live.circuits.size(), std::size_t(2));  // both block at 10:00
    int scheduled = 0, unreadable = 0, unknown = 0;
    for (const auto& r : live.routes) {
        scheduled += r.next ? 1 : 0;
        unreadable += r.snapshotError.empty() ? 0 : 1;
        unknown += r.state == routes::RouteState::Unknown ? 1 : 0;
    }
    QCOMPARE(scheduled, 2);  // retry_wait and waiting_for_reset with a readable snapshot
    QCOMPARE(unreadable, 2);
    QCOMPARE(unknown, 1);

    const auto everything = db->readLiveRoutes("", &error);
    QVERIFY(everything);
    QCOMPARE(everything->routes.size(), std::size_t(states.size() + 4));
    QCOMPARE(everything->attempts.size(), std::size_t(3));
}

void TestDatabase::liveRoutesWhileKandevWrites()
{
    QTemporaryDir dir;
    Fixture fx(QStringLiteral("sqlite"), dir.path());
    QVERIFY(fx.ok);
    QSqlQuery wal(fx.db());
    QVERIFY(wal.exec(QStringLiteral("PRAGMA journal_mode = WAL")) && wal.next());
    QCOMPARE(wal.value(0).toString(), QStringLiteral("wal"));
    wal.finish();
    fx.routeState(QStringLiteral("s-retry"), QStringLiteral("dyn-current"), QStringLiteral("claude-sonnet"),
        QStringLiteral("retry_wait"),
        snapshotJson(
            QStringLiteral("rate_limited"), QStringLiteral("transient"), 1, QStringLiteral("2026-08-21T10:00:10Z")));

    QString error;
    auto db = KandevDatabase::open(fx.target, &error);
    QVERIFY2(db, qPrintable(error));

    // A writer in the middle of a transaction: the reader sees the last commit and does not wait.
    QVERIFY(fx.exec(QStringLiteral("BEGIN IMMEDIATE")));
    QVERIFY(fx.exec(
        QStringLiteral("UPDATE dynamic_route_states SET state = 'action_required' WHERE session_id = 's-retry'")));
    auto during = db->readLiveRoutes("dyn-current", &error);
    QVERIFY2(during, qPrintable(error));
    QCOMPARE(during->routes.front().state, std::string("retry_wait"));
    QVERIFY(fx.exec(QStringLiteral("COMMIT")));
    auto after = db->readLiveRoutes("dyn-current", &error);
    QVERIFY2(after, qPrintable(error));
    QCOMPARE(after->routes.front().state, std::string("action_required"));

    // The read leaves no transaction open: a writer that will not wait at all still commits.
    {
        const QString name = QStringLiteral("impatient");
        QSqlDatabase w = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), name);
        w.setDatabaseName(fx.target.path);
        w.setConnectOptions(QStringLiteral("QSQLITE_BUSY_TIMEOUT=0"));
        QVERIFY(w.open());
        QSqlQuery q(w);
        QVERIFY2(
            q.exec(QStringLiteral("UPDATE dynamic_route_states SET state = 'retry_wait' WHERE session_id = 's-retry'")),
            qPrintable(q.lastError().text()));
        w.close();
    }
    QSqlDatabase::removeDatabase(QStringLiteral("impatient"));

    // Reads and writes interleaved from two connections: neither side fails.
    RouteStateWriter writer(fx.target.path, 300);
    writer.start();
    int reads = 0;
    while (!writer.isFinished() || reads < 20) {
        const auto r = db->readLiveRoutes("dyn-current", &error);
        QVERIFY2(r, qPrintable(error));
        QCOMPARE(r->routes.size(), std::size_t(1));
        ++reads;
    }
    writer.wait();
    QVERIFY2(writer.error.isEmpty(), qPrintable(writer.error));
    QCOMPARE(writer.written, 300);
}

void TestDatabase::liveRoutesGiveUpQuicklyOnALockedFile()
{
    // Without WAL a writer's exclusive lock shuts readers out: the read gives up
    // after its short busy timeout with the reason, and loads keep their own timeout.
    QTemporaryDir dir;
    Fixture fx(QStringLiteral("sqlite"), dir.path());
    QVERIFY(fx.ok);
    QString error;
    auto db = KandevDatabase::open(fx.target, &error);
    QVERIFY(db);
    QVERIFY(fx.exec(QStringLiteral("BEGIN EXCLUSIVE")));
    QVERIFY(fx.exec(
        QStringLiteral("UPDATE dynamic_agent_profiles SET version = version WHERE profile_id = 'dyn-current'")));
    QElapsedTimer clock;
    clock.start();
    const auto read = db->readLiveRoutes("dyn-current", &error);
    const qint64 waited = clock.elapsed();
    QVERIFY(!read);
    QVERIFY2(error.contains(QStringLiteral("locked")) && error.contains(fx.target.path), qPrintable(error));
    QVERIFY2(waited < 2000, qPrintable(QString::number(waited)));  // the loader's 2 s would be the sign it waited
    QVERIFY(fx.exec(QStringLiteral("ROLLBACK")));
    QVERIFY(db->readLiveRoutes("dyn-current", &error));
}

void TestDatabase::liveRoutesOfAnOlderKandev()
{
    QFETCH(QString, backend);
    REQUIRE_BACKEND(backend);
    QTemporaryDir dir;
    Fixture fx(backend, dir.path());
    QVERIFY(fx.ok);
    for (const char* table : {"dynamic_route_attempts", "dynamic_route_states", "dynamic_resource_circuits"})
        QVERIFY(fx.exec(QStringLiteral("DROP TABLE %1").arg(QLatin1String(table))));
    QString error;
    auto db = KandevDatabase::open(fx.target, &error);
    QVERIFY(db);
    const auto read = db->readLiveRoutes("dyn-current", &error);
    QVERIFY2(read, qPrintable(error));
    QVERIFY(!read->hasTables());
    QVERIFY(read->routes.empty());
    QVERIFY(db->load(&error));  // the rest of the database still loads
}

namespace
{

struct Run {
    int code = -1;
    QString out;
    QString err;
};

Run policyctl(const QStringList& args)
{
    QProcess p;
    p.start(QStringLiteral(POLICYCTL_PATH), args);
    p.waitForFinished(60000);
    return {p.exitCode(), QString::fromUtf8(p.readAllStandardOutput()), QString::fromUtf8(p.readAllStandardError())};
}

}  // namespace

void TestDatabase::candidateRulesReadTheCatalogue_data()
{
    QTest::addColumn<QString>("backend");
    QTest::addColumn<bool>("roleColumn");  // an older kandev has no agent_profiles.role
    for (const char* backend : {"sqlite", "postgres"}) {
        QTest::addRow("%s, with role", backend) << QString::fromLatin1(backend) << true;
        QTest::addRow("%s, without role", backend) << QString::fromLatin1(backend) << false;
    }
}

void TestDatabase::candidateRulesReadTheCatalogue()
{
    QFETCH(QString, backend);
    QFETCH(bool, roleColumn);
    REQUIRE_BACKEND(backend);
    QTemporaryDir dir;
    Fixture fx(backend, dir.path());
    QVERIFY(fx.ok);
    if (roleColumn)
        QVERIFY(fx.exec(QStringLiteral("ALTER TABLE agent_profiles ADD COLUMN role TEXT NOT NULL DEFAULT ''")));
    // A profile whose agent row is gone: PostgreSQL keeps the foreign key, SQLite (as kandev opens it) does not.
    if (backend == QLatin1String("postgres"))
        QVERIFY(fx.exec(QStringLiteral("ALTER TABLE agent_profiles DROP CONSTRAINT agent_profiles_agent_id_fkey")));
    QVERIFY(fx.exec(QStringLiteral("INSERT INTO agents (id, name, created_at, updated_at) VALUES ('agent-acp', "
                                   "'claude-acp', CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)")));
    auto profile = [&](const char* id, const char* agent, const char* workspace, const char* role) {
        return fx.exec(
            QStringLiteral("INSERT INTO agent_profiles (id, agent_id, name, agent_display_name, workspace_id, "
                           "created_at, updated_at%1) VALUES ('%2', '%3', '%2', 'A', '%4', "
                           "CURRENT_TIMESTAMP, CURRENT_TIMESTAMP%5)")
                .arg(roleColumn ? QStringLiteral(", role") : QString(), QLatin1String(id), QLatin1String(agent),
                    QLatin1String(workspace),
                    roleColumn ? QStringLiteral(", '%1'").arg(QLatin1String(role)) : QString()));
    };
    QVERIFY(profile("acp", "agent-acp", "", ""));
    QVERIFY(profile("office-ws", "agent-acp", "ws-1", ""));
    QVERIFY(profile("office-role", "agent-acp", "", "ceo"));
    QVERIFY(profile("orphan", "agent-gone", "", ""));
    fx.dynamic("dyn-rules", 1);
    const char* route[] = {"acp", "office-ws", "office-role", "orphan", "claude-sonnet", "haiku-fallback", "old-gpt4"};
    for (int i = 0; i < int(std::size(route)); ++i)
        fx.route("dyn-rules", i, route[i], kPolicies);

    QString error;
    auto db = KandevDatabase::open(fx.target, &error);
    QVERIFY2(db, qPrintable(error));
    const auto loaded = db->load(&error);
    QVERIFY2(loaded, qPrintable(error));
    const format::ProfileRecord* acp = loaded->profile("acp");
    QCOMPARE(acp->agentName, std::optional<std::string>("claude-acp"));
    QVERIFY(!acp->agentMissing);
    QCOMPARE(acp->workspaceId, std::optional<std::string>(""));
    QCOMPARE(acp->role, roleColumn ? std::optional<std::string>("") : std::nullopt);
    QCOMPARE(loaded->profile("office-ws")->workspaceId, std::optional<std::string>("ws-1"));
    QCOMPARE(loaded->profile("office-role")->role, roleColumn ? std::optional<std::string>("ceo") : std::nullopt);
    QVERIFY(loaded->profile("orphan")->agentMissing);
    QCOMPARE(loaded->profile("claude-sonnet")->agentName, std::optional<std::string>("claude-code"));
    QVERIFY(!loaded->profile("old-gpt4")->deletedAt.empty());
    QVERIFY(loaded->invalidRows.size() == 1);  // dyn-broken's, as always

    // The rules, judged from what was read: a missing role column judges no role.
    const check::ProfileIndex index(loaded->document);
    std::size_t dyn = 0;
    while (loaded->document.profiles[dyn].id != "dyn-rules")
        ++dyn;
    const auto checks = check::checkCandidates(index, dyn);
    QCOMPARE(checks.size(), std::size(route));
    auto rules = [](std::initializer_list<check::CandidateRule> list) {
        check::CandidateRules r;
        for (const auto rule : list)
            r.add(rule);
        return r.bits();
    };
    using R = check::CandidateRule;
    QCOMPARE(checks[0].rules.bits(), rules({}));
    QCOMPARE(checks[1].rules.bits(), rules({R::Office}));
    QCOMPARE(checks[2].rules.bits(), roleColumn ? rules({R::Office}) : rules({}));
    QCOMPARE(checks[3].rules.bits(), rules({R::NoAgent}));
    QCOMPARE(checks[4].rules.bits(), rules({R::NotLaunchable}));  // the fixture's agent is "claude-code"
    QCOMPARE(checks[5].rules.bits(), rules({R::AutoFallback, R::NotLaunchable}));
    QCOMPARE(checks[6].rules.bits(), rules({R::Deleted, R::Disabled, R::NotLaunchable}));
    // Never a secret-bearing column.
    for (const auto& p : loaded->document.profiles)
        QVERIFY(p.source.find("SECRET") == std::string::npos && p.name.find("SECRET") == std::string::npos);

    // policyctl export writes what the rules read, and validate judges the file as the database.
    if (backend != QLatin1String("sqlite"))
        return;
    const QString file = dir.filePath(QStringLiteral("rules.json"));
    const Run exported = policyctl({"export", "--db", fx.target.path, "--profile", "dyn-rules", "--output", file});
    QCOMPARE(exported.code, 0);
    QVERIFY2(exported.err.contains(QStringLiteral("an Office profile")), qPrintable(exported.err));
    const QJsonArray profiles = QJsonDocument::fromJson(QByteArray::fromStdString(testpaths::readAll(file)))
                                    .object()
                                    .value(QStringLiteral("profiles"))
                                    .toArray();
    QJsonObject byId;
    for (const QJsonValue& p : profiles)
        byId[p.toObject().value(QStringLiteral("id")).toString()] = p;
    QCOMPARE(byId[QStringLiteral("acp")].toObject().value(QStringLiteral("agent_name")).toString(),
        QStringLiteral("claude-acp"));
    QVERIFY(byId[QStringLiteral("orphan")].toObject().value(QStringLiteral("agent_name")).isNull());
    QCOMPARE(byId[QStringLiteral("office-ws")].toObject().value(QStringLiteral("workspace_id")).toString(),
        QStringLiteral("ws-1"));
    QCOMPARE(byId[QStringLiteral("office-role")].toObject().contains(QStringLiteral("role")), roleColumn);
    QVERIFY(!byId[QStringLiteral("old-gpt4")].toObject().value(QStringLiteral("deleted_at")).toString().isEmpty());
    const Run validate = policyctl({"validate", "--format", "json", file});
    QCOMPARE(validate.code, 1);
    const QJsonObject result
        = QJsonDocument::fromJson(validate.out.toUtf8()).object()[QStringLiteral("files")].toArray()[0].toObject();
    QCOMPARE(result[QStringLiteral("errors")].toArray().size(), roleColumn ? 6 : 5);
    QCOMPARE(result[QStringLiteral("warnings")].toArray().size(), 3);
}

void TestDatabase::policyctlRoutes()
{
    QTemporaryDir dir;
    Fixture fx(QStringLiteral("sqlite"), dir.path());
    QVERIFY(fx.ok);
    fx.routeState(QStringLiteral("s-1"), QStringLiteral("dyn-current"), QStringLiteral("claude-sonnet"),
        QStringLiteral("retry_wait"),
        snapshotJson(
            QStringLiteral("rate_limited"), QStringLiteral("transient"), 1, QStringLiteral("2026-08-21T10:00:10Z")));
    fx.routeAttempt(QStringLiteral("s-1"), QStringLiteral("dyn-current"), QStringLiteral("claude-sonnet"), 1,
        QStringLiteral("candidate_order"));
    fx.circuit(QStringLiteral("profile:codex-gpt5"), QStringLiteral("open"), QStringLiteral("2026-08-21 10:05:00"),
        QStringLiteral("provider_overloaded"));
    const QStringList base {
        "routes", "--db", fx.target.path, "--profile", "dyn-current", "--now", "2026-08-21T10:00:00Z"};

    const Run text = policyctl(base);
    QCOMPARE(text.code, 0);
    QVERIFY2(text.out.contains(QStringLiteral("deadline: 2026-08-21T10:00:10Z (in 10 s)")), qPrintable(text.out));
    // dyn-current has one candidate: after its retries the route has nowhere to go.
    QVERIFY2(text.out.contains(
                 QStringLiteral("next: if the same error repeats at the deadline: retry 2 of 3 in 10 s, then skip, "
                                "but no candidate is left")),
        qPrintable(text.out));
    QVERIFY2(text.out.contains(QStringLiteral("history: generation 1 claude-sonnet (candidate_order")),
        qPrintable(text.out));
    QVERIFY2(text.out.contains(QStringLiteral("circuit profile:codex-gpt5 open until 2026-08-21T10:05:00Z")),
        qPrintable(text.out));
    QVERIFY(!text.out.contains(QStringLiteral("TASK-CONTEXT-SECRET")));

    const Run json = policyctl(base + QStringList {"--format", "json"});
    QCOMPARE(json.code, 0);
    const QJsonObject root = QJsonDocument::fromJson(json.out.toUtf8()).object();
    QCOMPARE(root.value(QStringLiteral("routes")).toArray().size(), 1);
    const QJsonObject route = root.value(QStringLiteral("routes")).toArray().first().toObject();
    QCOMPARE(route.value(QStringLiteral("session_id")).toString(), QStringLiteral("s-1"));
    QCOMPARE(route.value(QStringLiteral("next")).toObject().value(QStringLiteral("decision")).toString(),
        QStringLiteral("retry_wait"));
    QCOMPARE(route.value(QStringLiteral("seconds_until_deadline")).toInt(), 10);

    // An unreadable snapshot is shown as such and makes the exit code 1.
    fx.routeState(QStringLiteral("s-2"), QStringLiteral("dyn-current"), QStringLiteral("claude-sonnet"),
        QStringLiteral("retry_wait"), QStringLiteral("{\"failure_code\":"));
    const Run bad = policyctl(base);
    QCOMPARE(bad.code, 1);
    QVERIFY2(bad.out.contains(QStringLiteral("policy state: unreadable: policy_state_json")), qPrintable(bad.out));

    const Run unknown = policyctl({"routes", "--db", fx.target.path, "--profile", "claude-sonnet"});
    QCOMPARE(unknown.code, 2);
    QVERIFY2(unknown.err.contains(QStringLiteral("has no dynamic profile 'claude-sonnet'")), qPrintable(unknown.err));
    QCOMPARE(policyctl({"routes"}).code, 2);
    QCOMPARE(policyctl({"routes", "--db", fx.target.path, "--now", "soon"}).code, 2);

    QVERIFY(fx.exec(QStringLiteral("DROP TABLE dynamic_route_attempts")));
    QVERIFY(fx.exec(QStringLiteral("DROP TABLE dynamic_route_states")));
    const Run older = policyctl({"routes", "--db", fx.target.path});
    QCOMPARE(older.code, 0);
    QVERIFY2(older.out.contains(QStringLiteral("no route-state tables")), qPrintable(older.out));
}

void TestDatabase::textOutputCannotForgeLines()
{
    QTemporaryDir dir;
    Fixture fx(QStringLiteral("sqlite"), dir.path());
    QVERIFY(fx.ok);
    // A newline, a carriage return, DEL, a C1 control and a right-to-left
    // override in every string a database gives: ids, names, codes, keys.
    // diff refuses a database with a row it cannot read: the broken profile goes.
    QVERIFY(fx.exec(QStringLiteral("DELETE FROM dynamic_agent_routes WHERE dynamic_profile_id = 'dyn-broken'")));
    QVERIFY(fx.exec(QStringLiteral("DELETE FROM dynamic_agent_profiles WHERE profile_id = 'dyn-broken'")));
    const QString hostile
        = QStringLiteral("x\nFAKE: injected\r\x7f") + QChar(0x9b) + QChar(0x202e) + QStringLiteral("evil");
    const QByteArray hostileUtf8 = hostile.toUtf8();
    fx.concrete(hostileUtf8.constData(), hostileUtf8.constData(), 1, 0, false);
    fx.route("dyn-legacy", 3, hostileUtf8.constData(), R"({"on_provider_error":"try_next"})");
    fx.routeState(hostile, QStringLiteral("dyn-current"), hostile, QStringLiteral("retry_wait"),
        snapshotJson(hostile, QStringLiteral("transient"), 1, QStringLiteral("2026-08-21T10:00:10Z")));
    fx.routeAttempt(hostile, QStringLiteral("dyn-current"), hostile, 1, hostile);
    fx.circuit(
        QStringLiteral("profile:") + hostile, QStringLiteral("open"), QStringLiteral("2026-08-21 10:05:00"), hostile);
    const QString before = dir.filePath(QStringLiteral("before.json"));
    QCOMPARE(policyctl({"export", "--db", fx.target.path, "--profile", "dyn-legacy", "--output", before}).code, 0);
    QSqlQuery rename(fx.db());
    rename.prepare(QStringLiteral("UPDATE agent_profiles SET name = ? WHERE id = 'dyn-legacy'"));
    rename.addBindValue(hostile);
    QVERIFY(rename.exec());

    // The command, and whether its output names a hostile string (escaped).
    const QList<std::pair<QStringList, bool>> commands {
        {{"routes", "--db", fx.target.path, "--now", "2026-08-21T10:00:00Z"}, true},
        {{"routes", "--db", fx.target.path, "--profile", hostile}, true},
        {{"migrate", "--db", fx.target.path}, true},
        {{"export", "--db", fx.target.path, "--profile", "dyn-legacy", "--output",
             dir.filePath(QStringLiteral("after.json"))},
            false},
        {{"export", "--db", fx.target.path, "--profile", hostile}, true},
        {{"validate", dir.filePath(QStringLiteral("after.json"))}, false},
        {{"diff", before, fx.target.path}, true},
        {{"timeline", dir.filePath(QStringLiteral("after.json")), "--profile", "dyn-legacy"}, true},
    };
    for (const auto& [args, named] : commands) {
        const Run r = policyctl(args);
        const QString all = r.out + r.err;
        if (named)
            QVERIFY2(all.contains(QStringLiteral("x\\u000aFAKE: injected\\u000d\\u007f\\u009b\\u202eevil")),
                qPrintable(args.first() + QStringLiteral(": ") + all));
        for (const QString& line : all.split(QLatin1Char('\n')))
            QVERIFY2(!line.startsWith(QStringLiteral("FAKE")), qPrintable(args.first() + QStringLiteral(": ") + line));
        for (const QChar raw : {QChar(u'\r'), QChar(0x7f), QChar(0x9b), QChar(0x202e)})
            QVERIFY2(!all.contains(raw), qPrintable(args.first()));
    }
}

void TestDatabase::policyctlExportOpensAgain()
{
    QTemporaryDir dir;
    Fixture fx(QStringLiteral("sqlite"), dir.path());
    QVERIFY(fx.ok);
    const QString file = dir.filePath(QStringLiteral("export.json"));

    // dyn-broken's unreadable route is not exported as the default document: nothing is written.
    const Run refused = policyctl({"export", "--db", fx.target.path, "--output", file});
    QCOMPARE(refused.code, 1);
    QVERIFY2(refused.err.contains(QStringLiteral("dyn-broken")), qPrintable(refused.err));
    QVERIFY(!QFile::exists(file));

    // One profile and the concrete profiles it uses.
    const Run one = policyctl({"export", "--db", fx.target.path, "--profile", "dyn-current"});
    QCOMPARE(one.code, 0);
    const QJsonArray profiles
        = QJsonDocument::fromJson(one.out.toUtf8()).object().value(QStringLiteral("profiles")).toArray();
    QStringList ids;
    for (const QJsonValue& p : profiles)
        ids << p.toObject().value(QStringLiteral("id")).toString();
    QCOMPARE(ids, (QStringList {"claude-sonnet", "dyn-current"}));
    QVERIFY(!one.out.contains(QStringLiteral("SECRET")));

    // Every profile, once the unreadable one is gone: the file validates and has no difference from the database.
    QVERIFY(fx.exec(QStringLiteral("DELETE FROM dynamic_agent_routes WHERE dynamic_profile_id = 'dyn-broken'")));
    const Run all = policyctl({"export", "--db", fx.target.path, "--output", file});
    QCOMPARE(all.code, 0);
    QVERIFY2(all.err.contains(QStringLiteral("warning:")), qPrintable(all.err));  // dyn-conflict's rules conflict
    QVERIFY(QFile::exists(file));
    const Run diff = policyctl({"diff", file, fx.target.path});
    QVERIFY2(diff.code == 0, qPrintable(diff.out + diff.err));
    const Run validate = policyctl({"validate", file});
    // It opens; what validate finds is kandev's rules as they stand (the legacy conflict the export warned about).
    QCOMPARE(validate.code, 1);
    QVERIFY2(validate.out.contains(QStringLiteral("conflicting legacy rules")), qPrintable(validate.out));

    QCOMPARE(policyctl({"export", "--db", fx.target.path, "--profile", "nope"}).code, 2);
    QCOMPARE(
        policyctl({"export", "--db", fx.target.path, "--output", dir.filePath(QStringLiteral("no/such/dir/x.json"))})
            .code,
        2);
}

void TestDatabase::valuesKandevCannotReadAreNamed_data()
{
    // A value of another type or out of range, as a broken tool or a hand
    // edit leaves it in SQLite (PostgreSQL's column types keep most out).
    QTest::addColumn<QString>("backend");
    QTest::addColumn<QString>("sql");
    QTest::addColumn<QStringList>("named");  // table, row, column and the value, in the message
    for (const char* backend : {"sqlite", "postgres"}) {
        QTest::addRow("%s: enabled = 2", backend)
            << backend << "UPDATE dynamic_agent_routes SET enabled = 2 WHERE dynamic_profile_id = 'dyn-current'"
            << QStringList {
                   "dynamic_agent_routes", "dyn-current", "position 0", "column enabled", "2 is not a boolean"};
        QTest::addRow("%s: auto_fallback = -1", backend)
            << backend << "UPDATE agent_profiles SET auto_fallback = -1 WHERE id = 'dyn-current'"
            << QStringList {"agent_profiles", "dyn-current", "column auto_fallback", "-1 is not a boolean"};
    }
    QTest::newRow("sqlite: position 1e20")
        << "sqlite"
        << "UPDATE dynamic_agent_routes SET position = 1e20 WHERE dynamic_profile_id = 'dyn-current'"
        << QStringList {"dynamic_agent_routes", "dyn-current", "column position", "the real number 1e+20"};
    QTest::newRow("sqlite: enabled 'yes'")
        << "sqlite"
        << "UPDATE dynamic_agent_routes SET enabled = 'yes' WHERE dynamic_profile_id = 'dyn-current'"
        << QStringList {"dynamic_agent_routes", "dyn-current", "column enabled", "the text 'yes'"};
    QTest::newRow("sqlite: version past int64")
        << "sqlite"
        << "UPDATE dynamic_agent_profiles SET version = 99999999999999999999 WHERE profile_id = 'dyn-current'"
        << QStringList {"dynamic_agent_profiles", "dyn-current", "column version", "the real number 1e+20"};
    QTest::newRow("sqlite: profile enabled 'yes'")
        << "sqlite"
        << "UPDATE agent_profiles SET enabled = 'yes' WHERE id = 'dyn-current'"
        << QStringList {"agent_profiles", "dyn-current", "column enabled", "the text 'yes'"};
    QTest::newRow("sqlite: a blob for an id")
        << "sqlite"
        << "UPDATE dynamic_agent_routes SET execution_profile_id = x'00ff' WHERE dynamic_profile_id = 'dyn-current'"
        << QStringList {"dynamic_agent_routes", "column execution_profile_id", "a blob of 2 bytes"};
}

void TestDatabase::valuesKandevCannotReadAreNamed()
{
    QFETCH(QString, backend);
    QFETCH(QString, sql);
    QFETCH(QStringList, named);
    REQUIRE_BACKEND(backend);
    QTemporaryDir dir;
    Fixture fx(backend, dir.path());
    QVERIFY(fx.ok);
    QVERIFY(fx.exec(QStringLiteral("DELETE FROM dynamic_agent_routes WHERE dynamic_profile_id = 'dyn-broken'")));
    const QString before = dir.filePath(QStringLiteral("before.db"));
    if (backend == QLatin1String("sqlite"))
        QVERIFY(QFile::copy(fx.target.path, before));
    QVERIFY(fx.exec(sql));

    QString error;
    auto db = KandevDatabase::open(fx.target, &error);
    QVERIFY2(db, qPrintable(error));
    const auto loaded = db->load(&error);
    QVERIFY2(loaded, qPrintable(error));
    QVERIFY(loaded->invalidProfiles.count("dyn-current"));
    QStringList messages;
    for (const auto& d : loaded->invalidRows)
        messages << QString::fromStdString(d.message);
    const QString all = messages.join(QLatin1Char('\n'));
    for (const QString& part : named)
        QVERIFY2(all.contains(part), qPrintable(part + QStringLiteral(" not in: ") + all));
    // Never written, whatever is applied (the other profiles are migrated).
    const QStringList rows = fx.snapshot().filter(QStringLiteral("dyn-current"));
    QVERIFY(db->applyMigration(*loaded, store::planDatabaseMigration(*loaded), dir.path()).ok);
    QCOMPARE(fx.snapshot().filter(QStringLiteral("dyn-current")), rows);

    if (backend != QLatin1String("sqlite"))
        return;
    // policyctl: export refuses (1), diff cannot call it equal to anything, migrate names it.
    const QStringList base {"--db", fx.target.path, "--profile", "dyn-current"};
    const Run exported = policyctl(QStringList {"export"} + base);
    QCOMPARE(exported.code, 1);
    for (const QString& part : named)
        QVERIFY2(exported.err.contains(part), qPrintable(exported.err));
    QVERIFY(!exported.out.contains(QStringLiteral("dyn-current")));
    for (const QStringList& args :
        {QStringList {"diff", before, fx.target.path}, QStringList {"diff", fx.target.path, before}}) {
        const Run diff = policyctl(args);
        QCOMPARE(diff.code, 2);
        QVERIFY2(diff.err.contains(named.first()) && !diff.out.contains(QStringLiteral("no differences")),
            qPrintable(diff.err + diff.out));
    }
    const Run migrated = policyctl({"migrate", "--db", fx.target.path});
    QCOMPARE(migrated.code, 1);
    QVERIFY2(migrated.err.contains(named.first()), qPrintable(migrated.err));
}

void TestDatabase::liveRouteValuesKandevCannotReadAreNamed_data()
{
    QTest::addColumn<QString>("sql");
    QTest::addColumn<QStringList>("named");
    QTest::newRow("profile_version past int64")
        << "UPDATE dynamic_route_states SET profile_version = 99999999999999999999"
        << QStringList {"dynamic_route_states", "s-1", "column profile_version", "the real number 1e+20"};
    QTest::newRow("route_generation as text")
        << "UPDATE dynamic_route_states SET route_generation = 'two'"
        << QStringList {"dynamic_route_states", "column route_generation", "the text 'two'"};
    QTest::newRow("an attempt's version 1e20")
        << "UPDATE dynamic_route_attempts SET profile_version = 1e20"
        << QStringList {"dynamic_route_attempts", "s-1", "route_generation 1", "column profile_version"};
}

void TestDatabase::liveRouteValuesKandevCannotReadAreNamed()
{
    QFETCH(QString, sql);
    QFETCH(QStringList, named);
    QTemporaryDir dir;
    Fixture fx(QStringLiteral("sqlite"), dir.path());
    QVERIFY(fx.ok);
    fx.routeState(QStringLiteral("s-1"), QStringLiteral("dyn-current"), QStringLiteral("claude-sonnet"),
        QStringLiteral("retry_wait"),
        snapshotJson(
            QStringLiteral("rate_limited"), QStringLiteral("transient"), 1, QStringLiteral("2026-08-21T10:00:10Z")));
    fx.routeAttempt(QStringLiteral("s-1"), QStringLiteral("dyn-current"), QStringLiteral("claude-sonnet"), 1,
        QStringLiteral("candidate_order"));
    QVERIFY(fx.exec(sql));
    const Run text
        = policyctl({"routes", "--db", fx.target.path, "--profile", "dyn-current", "--now", "2026-08-21T10:00:00Z"});
    QCOMPARE(text.code, 1);
    for (const QString& part : named)
        QVERIFY2(text.out.contains(part), qPrintable(text.out));
    QVERIFY2(text.out.contains(QStringLiteral("row: unreadable: ")), qPrintable(text.out));
    QVERIFY2(!text.out.contains(QStringLiteral("next:")), qPrintable(text.out));  // nothing is predicted from it
    QVERIFY(!text.out.contains(QStringLiteral("version -")));
    const Run json = policyctl({"routes", "--db", fx.target.path, "--format", "json", "--now", "2026-08-21T10:00:00Z"});
    QCOMPARE(json.code, 1);
    const QJsonObject route = QJsonDocument::fromJson(json.out.toUtf8())
                                  .object()
                                  .value(QStringLiteral("routes"))
                                  .toArray()
                                  .first()
                                  .toObject();
    QVERIFY2(route.value(QStringLiteral("row_error")).toString().contains(named.first()), qPrintable(json.out));
}

void TestDatabase::aLockedDatabaseIsSaidToBeLocked_data()
{
    QTest::addColumn<QStringList>("args");  // DB stands for the database
    QTest::newRow("routes") << QStringList {"routes", "--db", "DB"};
    QTest::newRow("export") << QStringList {"export", "--db", "DB"};
    QTest::newRow("diff") << QStringList {"diff", "DB", "DB"};
    QTest::newRow("migrate") << QStringList {"migrate", "--db", "DB"};
}

void TestDatabase::aLockedDatabaseIsSaidToBeLocked()
{
    QFETCH(QStringList, args);
    QTemporaryDir dir;
    Fixture fx(QStringLiteral("sqlite"), dir.path());
    QVERIFY(fx.ok);
    args.replaceInStrings(QStringLiteral("DB"), fx.target.path);
    // Another connection writes, in rollback-journal mode: its lock shuts readers out.
    QVERIFY(fx.exec(QStringLiteral("BEGIN EXCLUSIVE")));
    QVERIFY(fx.exec(
        QStringLiteral("UPDATE dynamic_agent_profiles SET version = version + 1 WHERE profile_id = 'dyn-current'")));
    const Run locked = policyctl(args);
    QVERIFY(fx.exec(QStringLiteral("ROLLBACK")));
    QCOMPARE(locked.code, 2);
    QVERIFY2(locked.err.contains(fx.target.path + QStringLiteral(" is locked: another connection is writing to it")),
        qPrintable(locked.err));
    QVERIFY2(!locked.err.contains(QStringLiteral("not a kandev database")), qPrintable(locked.err));
}

void TestDatabase::routesReadOnlyTheNewestAttemptsOfTheRoutesShown()
{
    QTemporaryDir dir;
    Fixture fx(QStringLiteral("sqlite"), dir.path());
    QVERIFY(fx.ok);
    fx.routeState(QStringLiteral("s-live"), QStringLiteral("dyn-current"), QStringLiteral("claude-sonnet"),
        QStringLiteral("retrying"), QString());
    fx.routeState(QStringLiteral("s-short"), QStringLiteral("dyn-current"), QStringLiteral("claude-sonnet"),
        QStringLiteral("starting"), QString());
    fx.routeAttempt(QStringLiteral("s-short"), QStringLiteral("dyn-current"), QStringLiteral("claude-sonnet"), 1,
        QStringLiteral("candidate_order"));
    // 5,000 attempts of the live route and 50,000 of finished sessions, which have no route state.
    const int live = 5000;
    QVERIFY(fx.exec(QStringLiteral(
        "INSERT INTO dynamic_route_attempts WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n "
        "WHERE i < %1) SELECT 'live-' || i, 's-live', 'dyn-current', 'claude-sonnet', i, 9, 'retry', "
        "'2026-08-21 09:00:00' FROM n")
                        .arg(live)));
    QVERIFY(fx.exec(QStringLiteral(
        "INSERT INTO dynamic_route_attempts WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n "
        "WHERE i < 50000) SELECT 'dead-' || i, 'done-' || (i / 10), 'dyn-current', 'codex-gpt5', i % 10, 9, "
        "'retry', '2026-08-20 09:00:00' FROM n")));
    QString error;
    auto db = KandevDatabase::open(fx.target, &error);
    QVERIFY2(db, qPrintable(error));
    const auto read = db->readLiveRoutes("", &error);
    QVERIFY2(read, qPrintable(error));
    QCOMPARE(read->attempts.size(), routes::kRouteHistoryAttempts + 1);
    for (const auto& a : read->attempts)
        QVERIFY(a.sessionId == "s-live" || a.sessionId == "s-short");
    QCOMPARE(read->earlierAttempts.at("s-live"), std::int64_t(live - routes::kRouteHistoryAttempts));
    QCOMPARE(read->earlierAttempts.count("s-short"), std::size_t(0));

    const routes::LiveRoutes routes = routes::analyseLiveRoutes(
        *read, db->load(&error)->document, "", *policy::parseRfc3339("2026-08-21T10:00:00Z"));
    const auto r = std::find_if(
        routes.routes.begin(), routes.routes.end(), [](const auto& x) { return x.row.sessionId == "s-live"; });
    QVERIFY(r != routes.routes.end());
    QCOMPARE(r->history.size(), routes::kRouteHistoryAttempts);
    QCOMPARE(r->history.front().routeGeneration,
        std::int64_t(live - routes::kRouteHistoryAttempts + 1));  // oldest shown first
    QCOMPARE(r->history.back().routeGeneration, std::int64_t(live));

    const Run text = policyctl({"routes", "--db", fx.target.path, "--now", "2026-08-21T10:00:00Z"});
    QCOMPARE(text.code, 0);
    QVERIFY2(
        text.out.contains(QStringLiteral("history: and %1 earlier attempts").arg(live - routes::kRouteHistoryAttempts)),
        qPrintable(text.out));
    QCOMPARE(text.out.count(QStringLiteral("history: generation")), int(routes::kRouteHistoryAttempts) + 1);
    const Run json = policyctl({"routes", "--db", fx.target.path, "--format", "json", "--now", "2026-08-21T10:00:00Z"});
    QCOMPARE(json.code, 0);
    for (const QJsonValue& v :
        QJsonDocument::fromJson(json.out.toUtf8()).object().value(QStringLiteral("routes")).toArray()) {
        const QJsonObject o = v.toObject();
        const bool isLive = o.value(QStringLiteral("session_id")).toString() == QLatin1String("s-live");
        QCOMPARE(o.value(QStringLiteral("history")).toArray().size(), isLive ? int(routes::kRouteHistoryAttempts) : 1);
        QCOMPARE(o.value(QStringLiteral("earlier_attempts")).toInteger(),
            isLive ? live - qint64(routes::kRouteHistoryAttempts) : 0);
    }
}

void TestDatabase::kandevsWriterNeverWaitsOutItsTimeoutForRoutes()
{
    // Rollback-journal mode, where a reader holds back a writer's commit: a
    // writer that waits 1 s, as kandev's does, commits while routes reads a
    // database with many finished sessions and many live routes.
    QTemporaryDir dir;
    Fixture fx(QStringLiteral("sqlite"), dir.path());
    QVERIFY(fx.ok);
    QVERIFY(fx.exec(QStringLiteral("BEGIN")));
    for (int i = 0; i < 200; ++i)
        fx.routeState(QStringLiteral("s-%1").arg(i), QStringLiteral("dyn-current"), QStringLiteral("claude-sonnet"),
            QStringLiteral("retrying"), QString());
    QVERIFY(fx.exec(QStringLiteral(
        "INSERT INTO dynamic_route_attempts WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n "
        "WHERE i < 100000) SELECT 'live-' || i, 's-' || (i % 200), 'dyn-current', 'claude-sonnet', i, 9, "
        "'retry', '2026-08-21 09:00:00' FROM n")));
    QVERIFY(fx.exec(QStringLiteral(
        "INSERT INTO dynamic_route_attempts WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n "
        "WHERE i < 400000) SELECT 'dead-' || i, 'done-' || (i / 10), 'dyn-current', 'codex-gpt5', i % 10, 9, "
        "'retry', '2026-08-20 09:00:00' FROM n")));
    QVERIFY(fx.exec(QStringLiteral("COMMIT")));

    const QString name = QStringLiteral("kandev-writer");
    {
        QSqlDatabase w = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), name);
        w.setDatabaseName(fx.target.path);
        w.setConnectOptions(QStringLiteral("QSQLITE_BUSY_TIMEOUT=1000"));
        QVERIFY(w.open());
        QSqlQuery journal(w);
        QVERIFY(journal.exec(QStringLiteral("PRAGMA journal_mode")) && journal.next());
        QCOMPARE(journal.value(0).toString(), QStringLiteral("delete"));
        journal.finish();
        int written = 0;
        for (const QString& format : {QStringLiteral("text"), QStringLiteral("json")}) {
            // The reader may give up quickly on a lock the writer holds (the
            // dock tries again later): then it says so, and it is run again.
            // The promise tested is the writer's: it never waits out its timeout.
            bool read = false;
            for (int attempt = 0; attempt < 10 && !read; ++attempt) {
                QProcess p;
                p.start(QStringLiteral(POLICYCTL_PATH), {"routes", "--db", fx.target.path, "--format", format});
                QVERIFY(p.waitForStarted());
                while (p.state() != QProcess::NotRunning) {
                    QSqlQuery q(w);
                    q.prepare(QStringLiteral("UPDATE dynamic_route_states SET route_generation = route_generation + 1 "
                                             "WHERE session_id = ?"));
                    q.addBindValue(QStringLiteral("s-%1").arg(written % 200));
                    QVERIFY2(q.exec(), qPrintable(q.lastError().text()));
                    ++written;
                    p.waitForFinished(5);
                }
                read = p.exitCode() == 0;
                if (!read) {
                    const QString said = QString::fromUtf8(p.readAllStandardError());
                    QVERIFY2(p.exitCode() == 2 && said.contains(QStringLiteral("locked")), qPrintable(said));
                }
            }
            QVERIFY2(read, qPrintable(format));
        }
        QVERIFY(written > 0);
        w.close();
    }
    QSqlDatabase::removeDatabase(name);
}

void TestDatabase::aBackupBelongsToTheDatabasesOwner()
{
    // Root migrates a database that belongs to someone else (nobody): the
    // backup is theirs, 0600, so that they can read and restore it.
    QFETCH(QString, backend);
    REQUIRE_BACKEND(backend);
    if (::geteuid() != 0)
        QSKIP("giving a file to another user needs root");
    QTemporaryDir dir;
    Fixture fx(backend, dir.path());
    QVERIFY(fx.ok);
    const uid_t nobody = 65534;
    const gid_t nogroup = 65534;
    const QString backups = dir.filePath(QStringLiteral("backups"));
    QVERIFY(QDir().mkpath(backups));
    // SQLite: the database file's owner; PostgreSQL: the owner of the folder the backup goes to.
    const QString owned = backend == QLatin1String("sqlite") ? fx.target.path : backups;
    QCOMPARE(::chown(QFile::encodeName(owned).constData(), nobody, nogroup), 0);
    QString error;
    auto db = KandevDatabase::open(fx.target, &error);
    QVERIFY2(db, qPrintable(error));
    const auto loaded = db->load(&error);
    QVERIFY2(loaded, qPrintable(error));
    const auto written = db->applyMigration(*loaded, store::planDatabaseMigration(*loaded), backups);
    QVERIFY2(written.ok, qPrintable(written.error));
    QVERIFY(!written.backupPath.isEmpty());
    struct stat st {
    };
    QCOMPARE(::stat(QFile::encodeName(written.backupPath).constData(), &st), 0);
    QCOMPARE(st.st_uid, nobody);
    QCOMPARE(st.st_gid, nogroup);
    QCOMPARE(st.st_mode & 07777, mode_t(0600));
    if (backend == QLatin1String("sqlite")) {
        QCOMPARE(::stat(QFile::encodeName(fx.target.path).constData(), &st), 0);
        QCOMPARE(st.st_uid, nobody);  // the database stays theirs too
    }
}

QTEST_GUILESS_MAIN(TestDatabase)
#include "tst_database.moc"
