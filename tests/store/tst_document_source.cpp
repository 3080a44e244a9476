// SPDX-License-Identifier: Apache-2.0
// A document's source: a file or a kandev database (real SQLite files and the
// throwaway PostgreSQL server scripts/run-tests starts). What it keeps as
// read, which profiles it never writes and why, and its one write path: all
// or nothing, conflicts on anything changed since the read.
#include "store/document_source.h"
#include "store/kandev_database.h"

#include "migration/migration.h"

#include "../common/kandev_fixture.h"
#include "../common/test_paths.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

using store::KandevDatabase;

#define REQUIRE_BACKEND(backend)                                                                                       \
    if (backend == QLatin1String("postgres") && qEnvironmentVariableIsEmpty("POLICY_STUDIO_PG_URL"))                   \
        QSKIP("no PostgreSQL server: run the tests through make test");

class TestDocumentSource final : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void oneSaveOfTwoProfilesIsAllOrNothing_data();
    void oneSaveOfTwoProfilesIsAllOrNothing();
    void aMigrationMeetsReorderedRoutes_data();
    void aMigrationMeetsReorderedRoutes();
    void profilesNeverWrittenAreLockedById_data();
    void profilesNeverWrittenAreLockedById();
    void backupsGoToOnePlace_data();
    void backupsGoToOnePlace();
    void aFileSourceKeepsWhatWasWritten();

private:
    static void backends();
};

void TestDocumentSource::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
}

void TestDocumentSource::backends()
{
    QTest::addColumn<QString>("backend");
    QTest::newRow("sqlite") << "sqlite";
    QTest::newRow("postgres") << "postgres";
}

void TestDocumentSource::oneSaveOfTwoProfilesIsAllOrNothing_data()
{
    backends();
}

// Two edited profiles, one of them changed by someone else since the read:
// neither is written. Then, read again, both are, in one save.
void TestDocumentSource::oneSaveOfTwoProfilesIsAllOrNothing()
{
    QFETCH(QString, backend);
    REQUIRE_BACKEND(backend);
    QTemporaryDir dir;
    Fixture fx(backend, dir.path());
    QVERIFY(fx.ok);
    QString error;
    std::shared_ptr<KandevDatabase> db = KandevDatabase::open(fx.target, &error);
    QVERIFY2(db, qPrintable(error));
    auto loaded = db->load(&error);
    QVERIFY2(loaded, qPrintable(error));
    store::KandevSource source(db, *loaded);
    QCOMPARE(source.versionRead("dyn-current"), std::optional<std::int64_t>(9));
    QCOMPARE(source.versionRead("dyn-legacy"), std::optional<std::int64_t>(3));

    format::Document edited = loaded->document;
    for (auto& profile : edited.profiles) {
        if (profile.id == "dyn-current")
            profile.dynamic->candidates[0].policies->transient.retry.maxRetries = 7;
        if (profile.id == "dyn-legacy")
            profile.dynamic->candidates[1].enabled = false;
    }
    const std::set<std::string> both {"dyn-current", "dyn-legacy"};
    // dyn-legacy moves on in the database, written second in the transaction.
    fx.exec(QStringLiteral("UPDATE dynamic_agent_profiles SET version = 4 WHERE profile_id = 'dyn-legacy'"));
    const QStringList before = fx.snapshot();
    const store::SourceWrite refused = source.write(edited, both);
    QVERIFY(!refused.ok);
    QVERIFY(refused.conflict);
    QVERIFY2(refused.error.contains(QStringLiteral("dyn-legacy")), qPrintable(refused.error));
    QCOMPARE(fx.snapshot(), before);  // dyn-current, first in the transaction, is not written either
    QCOMPARE(source.versionRead("dyn-current"), std::optional<std::int64_t>(9));
    QVERIFY(source.asRead().profiles == loaded->document.profiles);

    loaded = db->load(&error);
    QVERIFY2(loaded, qPrintable(error));
    store::KandevSource again(db, *loaded);
    const store::SourceWrite written = again.write(edited, both);
    QVERIFY2(written.ok, qPrintable(written.error));
    QCOMPARE(fx.version(QStringLiteral("dyn-current")), 10);
    QCOMPARE(fx.version(QStringLiteral("dyn-legacy")), 5);
    QCOMPARE(again.versionRead("dyn-legacy"), std::optional<std::int64_t>(5));
    QVERIFY(fx.rulesJson(QStringLiteral("dyn-current"), 0).contains(QStringLiteral("\"max_retries\":7")));
    // What was written is what was read now: a second save expects version 10.
    const auto current = std::find_if(again.asRead().profiles.begin(), again.asRead().profiles.end(),
        [](const format::ProfileRecord& p) { return p.id == "dyn-current"; });
    QCOMPARE(current->dynamic->version, std::optional<std::int64_t>(10));
    QCOMPARE(current->dynamic->candidates[0].policies->transient.retry.maxRetries, 7);
}

void TestDocumentSource::aMigrationMeetsReorderedRoutes_data()
{
    backends();
}

// Another tool swaps two routes without touching a rules_json or the
// version: the migration, which writes whole profiles, sees it and writes nothing.
void TestDocumentSource::aMigrationMeetsReorderedRoutes()
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
    QVERIFY(fx.exec(QStringLiteral(
        "UPDATE dynamic_agent_routes SET execution_profile_id = CASE execution_profile_id WHEN 'codex-gpt5' THEN "
        "'haiku-fallback' ELSE 'codex-gpt5' END WHERE dynamic_profile_id = 'dyn-legacy' AND position IN (1, 2)")));
    const QStringList before = fx.snapshot();
    const auto written = db->applyMigration(*loaded, store::planDatabaseMigration(*loaded), dir.path());
    QVERIFY(!written.ok);
    QVERIFY(written.conflict);
    QVERIFY2(written.error.contains(QStringLiteral("its routes were changed")), qPrintable(written.error));
    QCOMPARE(fx.snapshot(), before);
    QCOMPARE(fx.version(QStringLiteral("dyn-legacy")), 3);
}

void TestDocumentSource::profilesNeverWrittenAreLockedById_data()
{
    QTest::addColumn<QString>("backend");
    QTest::addColumn<QString>("profile");
    QTest::addColumn<int>("lock");  // -1: none
    QTest::addColumn<QString>("detail");
    for (const char* backend : {"sqlite", "postgres"}) {
        QTest::addRow("%s: a row that cannot be read", backend)
            << backend << "dyn-broken" << int(store::ProfileLock::UnreadableRow) << "";
        QTest::addRow("%s: rules that cannot be migrated", backend)
            << backend << "dyn-conflict" << int(store::ProfileLock::NotMigratable) << "rate_limited";
        QTest::addRow("%s: a newer policy version", backend)
            << backend << "dyn-newer" << int(store::ProfileLock::NewerPolicyVersion) << "";
        QTest::addRow("%s: legacy rules that migrate", backend) << backend << "dyn-legacy" << -1 << "";
        QTest::addRow("%s: v1 policies", backend) << backend << "dyn-current" << -1 << "";
    }
}

void TestDocumentSource::profilesNeverWrittenAreLockedById()
{
    QFETCH(QString, backend);
    QFETCH(QString, profile);
    QFETCH(int, lock);
    QFETCH(QString, detail);
    REQUIRE_BACKEND(backend);
    QTemporaryDir dir;
    Fixture fx(backend, dir.path());
    QVERIFY(fx.ok);
    fx.dynamic("dyn-newer", 2);
    fx.route("dyn-newer", 0, "claude-sonnet", R"({"version":2,"transient":{},"hard":{}})");
    QString error;
    std::shared_ptr<KandevDatabase> db = KandevDatabase::open(fx.target, &error);
    QVERIFY2(db, qPrintable(error));
    const auto loaded = db->load(&error);
    QVERIFY2(loaded, qPrintable(error));
    store::KandevSource source(db, *loaded);
    source.lockUnmigratable(store::planDatabaseMigration(*loaded));
    const auto found = source.profileLock(profile.toStdString());
    QCOMPARE(found.has_value(), lock >= 0);
    if (found) {
        QCOMPARE(int(found->lock), lock);
        QVERIFY2(QString::fromStdString(found->detail).contains(detail), found->detail.c_str());
    }
}

void TestDocumentSource::backupsGoToOnePlace_data()
{
    backends();
}

// The editor and policyctl both ask defaultBackupDirectory: one rule.
void TestDocumentSource::backupsGoToOnePlace()
{
    QFETCH(QString, backend);
    REQUIRE_BACKEND(backend);
    QTemporaryDir dir;
    Fixture fx(backend, dir.path());
    QVERIFY(fx.ok);
    const QString expected = backend == QLatin1String("sqlite")
        ? dir.path()
        : QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation)
            + QStringLiteral("/policy-studio/backups");
    QCOMPARE(store::defaultBackupDirectory(fx.target), expected);
    QVERIFY(QFileInfo(expected).isDir());
    QString error;
    auto db = KandevDatabase::open(fx.target, &error);
    QVERIFY2(db, qPrintable(error));
    const auto loaded = db->load(&error);
    QVERIFY2(loaded, qPrintable(error));
    // An empty directory means the rule's.
    const auto written = db->applyMigration(*loaded, store::planDatabaseMigration(*loaded), QString());
    QVERIFY2(written.ok, qPrintable(written.error));
    QCOMPARE(QFileInfo(written.backupPath).absolutePath(), expected);
    if (backend == QLatin1String("postgres")) {
        QCOMPARE(QFileInfo(expected).permissions() & 0x0077, QFileDevice::Permissions());  // no group or other
        QFile::remove(written.backupPath);
    }
}

void TestDocumentSource::aFileSourceKeepsWhatWasWritten()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("route.json"));
    QVERIFY(QFile::copy(testpaths::sample(QStringLiteral("export.json")), path));
    QFile::setPermissions(path, QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    QFile read(path);
    QVERIFY(read.open(QIODevice::ReadOnly));
    const QByteArray bytes = read.readAll();
    store::FileSource source(format::Document {}, path, bytes);
    QVERIFY(!source.changedOnDisk());

    // A write that fails leaves the source as it was.
    format::Document written;
    written.shape = format::FileShape::ExportArray;
    const QString nowhere = dir.filePath(QStringLiteral("no-such-folder/route.json"));
    QVERIFY(!source.write(nowhere, "[]\n", written).ok);
    QCOMPARE(source.path(), path);
    QCOMPARE(source.bytes(), bytes);

    // Written elsewhere: that file is the source's now.
    const QString other = dir.filePath(QStringLiteral("other.json"));
    const store::SourceWrite ok = source.write(other, "[]\n", written);
    QVERIFY2(ok.ok, qPrintable(ok.error));
    QCOMPARE(source.path(), other);
    QCOMPARE(source.bytes(), QByteArray("[]\n"));
    QVERIFY(source.asRead().shape == format::FileShape::ExportArray);
    QVERIFY(!source.changedOnDisk());
    QFile f(other);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("[ ]\n");
    f.close();
    QVERIFY(source.changedOnDisk());
    QVERIFY(QFile::remove(other));
    QVERIFY(source.changedOnDisk());  // gone is changed, too
}

QTEST_GUILESS_MAIN(TestDocumentSource)
#include "tst_document_source.moc"
