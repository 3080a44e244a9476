// SPDX-License-Identifier: Apache-2.0
// What saving to a database says it will write: one sentence per profile.
#include "model/database_writes.h"

#include "translations.h"

#include <QtTest>

using namespace model;

class TestDatabaseWrites final : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QCOMPARE(i18n::install(QLocale(QLocale::English)), QStringLiteral("en"));
    }
    void databaseWriteSentences_data();
    void databaseWriteSentences();
};

void TestDatabaseWrites::databaseWriteSentences_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<qint64>("version");  // -1: not in the database
    QTest::addColumn<bool>("known");
    QTest::addColumn<QString>("error");
    QTest::addColumn<int>("running");
    QTest::addColumn<int>("scheduled");
    QTest::addColumn<QString>("sentence");
    QTest::newRow("no routes") << "Main" << qint64(9) << true << "" << 0 << 0
                               << "profile dyn-a (Main): version 9 becomes 10; no route is running under it.";
    QTest::newRow("one waiting")
        << "Main" << qint64(9) << true << "" << 1 << 1
        << "profile dyn-a (Main): version 9 becomes 10; 1 route running, 1 waiting under the old "
           "policy: its scheduled deadline stays, its next failure uses the new one.";
    QTest::newRow("some waiting")
        << "dyn-a" << qint64(2) << true << "" << 5 << 3
        << "profile dyn-a: version 2 becomes 3; 5 routes running, 3 waiting under the old policy: "
           "their scheduled deadlines stay, their next failure uses the new one.";
    QTest::newRow("none waiting") << "Main" << qint64(1) << true << "" << 2 << 0
                                  << "profile dyn-a (Main): version 1 becomes 2; 2 routes running, none waiting for a "
                                     "deadline: each meets the new policy at its next failure.";
    QTest::newRow("older kandev") << "Main" << qint64(4) << false << "" << 0 << 0
                                  << "profile dyn-a (Main): version 4 becomes 5; this kandev keeps no route state.";
    QTest::newRow("busy") << "Main" << qint64(4) << false << "database is locked" << 0 << 0
                          << "profile dyn-a (Main): version 4 becomes 5; the routes running now could not be read "
                             "(database is locked).";
    QTest::newRow("new") << "Main" << qint64(-1) << true << "" << 0 << 0
                         << "profile dyn-a (Main): written as a new profile; no route is running under it.";
}

void TestDatabaseWrites::databaseWriteSentences()
{
    QFETCH(QString, name);
    QFETCH(qint64, version);
    QFETCH(bool, known);
    QFETCH(QString, error);
    QFETCH(int, running);
    QFETCH(int, scheduled);
    QFETCH(QString, sentence);
    ProfileWrite write;
    write.profileId = QStringLiteral("dyn-a");
    write.name = name;
    if (version >= 0)
        write.versionRead = version;
    write.routesKnown = known;
    write.routesError = error;
    write.routesRunning = running;
    write.routesScheduled = scheduled;
    QCOMPARE(describeWrite(write), sentence);
}

QTEST_GUILESS_MAIN(TestDatabaseWrites)
#include "tst_database_writes.moc"
