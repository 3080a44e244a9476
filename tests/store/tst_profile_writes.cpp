// SPDX-License-Identifier: Apache-2.0
// A dynamic profile's own row through the one write path, on real SQLite and
// PostgreSQL: its name and enabled flag in the same conditional write as its
// routes, a new profile created as kandev creates one, and kandev's soft
// delete; each refused, writing nothing, when the row changed since it was read.
#include "store/document_source.h"
#include "store/kandev_database.h"

#include "../common/kandev_fixture.h"

#include <QTemporaryDir>
#include <QTest>

using store::KandevDatabase;
using store::KandevSource;

namespace
{

struct Row {
    QString name;
    int enabled = -1;
    bool deleted = false;
    QString agent;
    QString displayName;
};

Row agentProfile(Fixture& fx, const QString& id)
{
    QSqlQuery q(fx.db());
    q.prepare(QStringLiteral("SELECT p.name, p.enabled, p.deleted_at IS NOT NULL, a.name, p.agent_display_name FROM "
                             "agent_profiles p LEFT JOIN agents a ON a.id = p.agent_id WHERE p.id = ?"));
    q.addBindValue(id);
    if (!q.exec() || !q.next())
        return {};
    return {
        q.value(0).toString(), q.value(1).toInt(), q.value(2).toBool(), q.value(3).toString(), q.value(4).toString()};
}

policy::Candidate candidate(const std::string& id)
{
    policy::Candidate c;
    c.executionProfileId = id;
    c.enabled = true;
    c.policies = policy::PolicyDocument {};
    c.policies->transient.onExhausted = policy::Outcome::Skip;
    c.policies->hard.onExhausted = policy::Outcome::Stop;
    return c;
}

}  // namespace

class TestProfileWrites : public QObject
{
    Q_OBJECT

private slots:
    void renameAndSwitchInOneWrite_data();
    void renameAndSwitchInOneWrite();
    void aRowChangedSinceReadIsAConflict_data();
    void aRowChangedSinceReadIsAConflict();
    void newProfileIsCreatedAsKandevCreatesOne_data();
    void newProfileIsCreatedAsKandevCreatesOne();
    void withoutTheDynamicAgentNothingIsCreated_data();
    void withoutTheDynamicAgentNothingIsCreated();
    void softDeleteKeepsTheRows_data();
    void softDeleteKeepsTheRows();
    void aSourceWritesEditsCreationsAndDeletions_data();
    void aSourceWritesEditsCreationsAndDeletions();

private:
    void backends();
};

void TestProfileWrites::backends()
{
    QTest::addColumn<QString>("backend");
    QTest::newRow("sqlite") << "sqlite";
    QTest::newRow("postgres") << "postgres";
}

#define OPEN_FIXTURE(backend)                                                                                          \
    if (backend == QLatin1String("postgres") && qEnvironmentVariableIsEmpty("POLICY_STUDIO_PG_URL"))                   \
        QSKIP("no PostgreSQL server: run the tests through make test");                                                \
    QTemporaryDir dir;                                                                                                 \
    Fixture fx(backend, dir.path());                                                                                   \
    QVERIFY(fx.ok);                                                                                                    \
    QString error;                                                                                                     \
    auto db = KandevDatabase::open(fx.target, &error);                                                                 \
    QVERIFY2(db, qPrintable(error));                                                                                   \
    auto loaded = db->load(&error);                                                                                    \
    QVERIFY2(loaded, qPrintable(error));

void TestProfileWrites::renameAndSwitchInOneWrite_data()
{
    backends();
}

void TestProfileWrites::renameAndSwitchInOneWrite()
{
    QFETCH(QString, backend);
    OPEN_FIXTURE(backend);
    store::ProfileRoutes write
        = store::inRouteOrder("dyn-current", 9, loaded->profile("dyn-current")->dynamic->candidates);
    write.name = "  Nightly route \t";  // kandev trims
    write.enabled = false;
    const auto written = db->writeProfiles({write});
    QVERIFY2(written.ok, qPrintable(written.error));
    const Row row = agentProfile(fx, QStringLiteral("dyn-current"));
    QCOMPARE(row.name, QStringLiteral("Nightly route"));
    QCOMPARE(row.enabled, 0);
    QCOMPARE(fx.version(QStringLiteral("dyn-current")), 10);

    // Read again, switched back on: the row moves from what was written.
    write.expectedVersion = 10;
    write.enabled = true;
    const auto again = db->writeProfiles({write});
    QVERIFY2(again.ok, qPrintable(again.error));
    QCOMPARE(agentProfile(fx, QStringLiteral("dyn-current")).enabled, 1);
    QCOMPARE(agentProfile(fx, QStringLiteral("dyn-current")).name, QStringLiteral("Nightly route"));
}

void TestProfileWrites::aRowChangedSinceReadIsAConflict_data()
{
    QTest::addColumn<QString>("backend");
    QTest::addColumn<QString>("meanwhile");  // what kandev did to the row after the read
    QTest::addColumn<int>("kind");
    for (const char* backend : {"sqlite", "postgres"}) {
        const QString b = QString::fromLatin1(backend);
        QTest::addRow("%s: renamed, then a rename", backend)
            << b << "UPDATE agent_profiles SET name = 'Theirs' WHERE id = 'dyn-current'"
            << int(store::ProfileWriteKind::Update);
        QTest::addRow("%s: disabled, then a rename", backend)
            << b << "UPDATE agent_profiles SET enabled = 0 WHERE id = 'dyn-current'"
            << int(store::ProfileWriteKind::Update);
        QTest::addRow("%s: deleted, then a rename", backend)
            << b << "UPDATE agent_profiles SET deleted_at = CURRENT_TIMESTAMP WHERE id = 'dyn-current'"
            << int(store::ProfileWriteKind::Update);
        QTest::addRow("%s: renamed, then a delete", backend)
            << b << "UPDATE agent_profiles SET name = 'Theirs' WHERE id = 'dyn-current'"
            << int(store::ProfileWriteKind::SoftDelete);
    }
}

void TestProfileWrites::aRowChangedSinceReadIsAConflict()
{
    QFETCH(QString, backend);
    QFETCH(QString, meanwhile);
    QFETCH(int, kind);
    OPEN_FIXTURE(backend);
    QVERIFY(fx.exec(meanwhile));
    const Row before = agentProfile(fx, QStringLiteral("dyn-current"));
    const QStringList routesBefore = fx.snapshot();
    store::ProfileRoutes write
        = store::inRouteOrder("dyn-current", 9, loaded->profile("dyn-current")->dynamic->candidates);
    write.kind = store::ProfileWriteKind(kind);
    write.name = "Ours";
    write.enabled = true;
    write.candidates[0].policies->transient.retry.maxRetries = 5;  // the routes change too: all or nothing
    const auto written = db->writeProfiles({write});
    QVERIFY(!written.ok);
    QVERIFY(written.conflict);
    QVERIFY2(written.error.contains(QStringLiteral("reload")), qPrintable(written.error));
    const Row after = agentProfile(fx, QStringLiteral("dyn-current"));
    QCOMPARE(after.name, before.name);
    QCOMPARE(after.enabled, before.enabled);
    QCOMPARE(after.deleted, before.deleted);
    QCOMPARE(fx.snapshot(), routesBefore);
    QCOMPARE(fx.version(QStringLiteral("dyn-current")), 9);
}

void TestProfileWrites::newProfileIsCreatedAsKandevCreatesOne_data()
{
    backends();
}

void TestProfileWrites::newProfileIsCreatedAsKandevCreatesOne()
{
    QFETCH(QString, backend);
    OPEN_FIXTURE(backend);
    store::ProfileRoutes create = store::inRouteOrder(
        "6f1c1d8e-0000-4000-8000-000000000001", 0, {candidate("claude-sonnet"), candidate("codex-gpt5")});
    create.kind = store::ProfileWriteKind::Create;
    create.name = " Weekend ";
    create.enabled = true;
    const auto written = db->writeProfiles({create});
    QVERIFY2(written.ok, qPrintable(written.error));
    const Row row = agentProfile(fx, QStringLiteral("6f1c1d8e-0000-4000-8000-000000000001"));
    QCOMPARE(row.name, QStringLiteral("Weekend"));
    QCOMPARE(row.enabled, 1);
    QCOMPARE(row.agent, QStringLiteral("dynamic"));
    QCOMPARE(row.displayName, QStringLiteral("Dynamic"));
    QCOMPARE(fx.version(QStringLiteral("6f1c1d8e-0000-4000-8000-000000000001")), 1);

    // Read back as kandev would: a dynamic profile with both routes in order.
    auto reread = db->load(&error);
    QVERIFY2(reread, qPrintable(error));
    const auto* profile = reread->profile("6f1c1d8e-0000-4000-8000-000000000001");
    QVERIFY(profile && profile->dynamic);
    QCOMPARE(profile->dynamic->candidates.size(), std::size_t(2));
    QCOMPARE(profile->dynamic->candidates[1].executionProfileId, std::string("codex-gpt5"));
    QCOMPARE(profile->dynamic->version, std::optional<std::int64_t>(1));

    // The same id again is refused, and nothing else is written with it.
    const QStringList routes = fx.snapshot();
    const auto twice = db->writeProfiles({create});
    QVERIFY(!twice.ok);
    QCOMPARE(fx.snapshot(), routes);
}

void TestProfileWrites::withoutTheDynamicAgentNothingIsCreated_data()
{
    backends();
}

void TestProfileWrites::withoutTheDynamicAgentNothingIsCreated()
{
    QFETCH(QString, backend);
    OPEN_FIXTURE(backend);
    QVERIFY(fx.exec(QStringLiteral("UPDATE agents SET name = 'renamed' WHERE name = 'dynamic'")));
    store::ProfileRoutes create = store::inRouteOrder("new-one", 0, {candidate("claude-sonnet")});
    create.kind = store::ProfileWriteKind::Create;
    create.name = "New";
    const auto written = db->writeProfiles({create});
    QVERIFY(!written.ok);
    QVERIFY2(written.error.contains(QStringLiteral("\"dynamic\"")), qPrintable(written.error));
    QCOMPARE(agentProfile(fx, QStringLiteral("new-one")).enabled, -1);  // no row
}

void TestProfileWrites::softDeleteKeepsTheRows_data()
{
    backends();
}

void TestProfileWrites::softDeleteKeepsTheRows()
{
    QFETCH(QString, backend);
    OPEN_FIXTURE(backend);
    const QStringList routes = fx.snapshot();
    store::ProfileRoutes remove
        = store::inRouteOrder("dyn-current", 9, loaded->profile("dyn-current")->dynamic->candidates);
    remove.kind = store::ProfileWriteKind::SoftDelete;
    const auto written = db->writeProfiles({remove});
    QVERIFY2(written.ok, qPrintable(written.error));
    const Row row = agentProfile(fx, QStringLiteral("dyn-current"));
    QVERIFY(row.deleted);
    QCOMPARE(row.enabled, 1);
    // kandev's delete keeps the routes; only the version moved on (the write was conditional on it).
    QStringList expected = routes;
    expected.replaceInStrings(QStringLiteral("dyn-current v9"), QStringLiteral("dyn-current v10"));
    QCOMPARE(fx.snapshot(), expected);
    QCOMPARE(fx.version(QStringLiteral("dyn-current")), 10);
    // A second delete of what was read finds the row deleted: a conflict, not a second write.
    remove.expectedVersion = 10;
    const auto again = db->writeProfiles({remove});
    QVERIFY(!again.ok);
}

void TestProfileWrites::aSourceWritesEditsCreationsAndDeletions_data()
{
    backends();
}

void TestProfileWrites::aSourceWritesEditsCreationsAndDeletions()
{
    QFETCH(QString, backend);
    OPEN_FIXTURE(backend);
    std::shared_ptr<KandevDatabase> shared(std::move(db));
    KandevSource source(shared, *loaded);
    format::Document document = loaded->document;
    for (auto& p : document.profiles) {
        if (p.id == "dyn-current") {
            p.name = "Renamed ";
            p.enabled = false;
        }
        if (p.id == "dyn-conflict")
            p.deleted = true;
    }
    format::ProfileRecord created;
    created.id = "created-in-editor";
    created.name = "Created";
    created.kind = "dynamic";
    created.dynamic = format::DynamicRecord {};
    created.dynamic->candidates = {candidate("codex-gpt5")};
    document.profiles.push_back(created);
    format::ProfileRecord dropped = created;  // created and deleted again before a save: nothing to write
    dropped.id = "dropped-in-editor";
    dropped.deleted = true;
    document.profiles.push_back(dropped);

    const auto written
        = source.write(document, {"dyn-current", "dyn-conflict", "created-in-editor", "dropped-in-editor"});
    QVERIFY2(written.ok, qPrintable(written.error));
    QCOMPARE(agentProfile(fx, QStringLiteral("dyn-current")).name, QStringLiteral("Renamed"));
    QCOMPARE(agentProfile(fx, QStringLiteral("dyn-current")).enabled, 0);
    QVERIFY(agentProfile(fx, QStringLiteral("dyn-conflict")).deleted);
    QCOMPARE(agentProfile(fx, QStringLiteral("created-in-editor")).name, QStringLiteral("Created"));
    QCOMPARE(agentProfile(fx, QStringLiteral("dropped-in-editor")).enabled, -1);
    QCOMPARE(source.versionRead("created-in-editor"), std::optional<std::int64_t>(1));
    QCOMPARE(source.versionRead("dyn-current"), std::optional<std::int64_t>(10));
    // As read now: what kandev stores (the name trimmed).
    for (const auto& p : source.asRead().profiles) {
        if (p.id == "dyn-current")
            QCOMPARE(p.name, std::string("Renamed"));
    }
}

QTEST_GUILESS_MAIN(TestProfileWrites)
#include "tst_profile_writes.moc"
