#include "policy/schedule.h"
#include "policy/time.h"

#include <QtTest>

using namespace policy;

class TestSchedule final : public QObject {
    Q_OBJECT
private slots:
    void retryDelay_data();
    void retryDelay();
    void scheduleOfPolicy_data();
    void scheduleOfPolicy();
    void rfc3339_data();
    void rfc3339();
    void rfc3339Rejects_data();
    void rfc3339Rejects();
};

void TestSchedule::retryDelay_data()
{
    QTest::addColumn<qint64>("initial");
    QTest::addColumn<qint64>("ordinal");
    QTest::addColumn<qint64>("expected");
    QTest::newRow("first") << qint64(5) << qint64(0) << qint64(5);
    QTest::newRow("second") << qint64(5) << qint64(1) << qint64(10);
    QTest::newRow("third") << qint64(5) << qint64(2) << qint64(20);
    QTest::newRow("just under cap") << qint64(3600) << qint64(4) << qint64(57600);
    QTest::newRow("hits cap") << qint64(3600) << qint64(5) << qint64(86400);
    QTest::newRow("exactly cap") << qint64(675) << qint64(7) << qint64(86400);
    QTest::newRow("1 s, ordinal 16") << qint64(1) << qint64(16) << qint64(65536);
    QTest::newRow("1 s, ordinal 17") << qint64(1) << qint64(17) << qint64(86400);
    QTest::newRow("ordinal 62") << qint64(1) << qint64(62) << qint64(86400);
    QTest::newRow("ordinal 63") << qint64(1) << qint64(63) << qint64(86400);
    QTest::newRow("ordinal 64") << qint64(1) << qint64(64) << qint64(86400);
    QTest::newRow("ordinal INT64_MAX") << qint64(5) << qint64(INT64_MAX) << qint64(86400);
    QTest::newRow("initial INT64_MAX") << qint64(INT64_MAX) << qint64(3) << qint64(86400);
    QTest::newRow("both INT64_MAX") << qint64(INT64_MAX) << qint64(INT64_MAX) << qint64(86400);
    QTest::newRow("negative ordinal") << qint64(5) << qint64(-3) << qint64(5);
    QTest::newRow("zero interval") << qint64(0) << qint64(3) << qint64(0);
    QTest::newRow("negative interval") << qint64(-5) << qint64(3) << qint64(0);
}

void TestSchedule::retryDelay()
{
    QFETCH(qint64, initial);
    QFETCH(qint64, ordinal);
    QFETCH(qint64, expected);
    QCOMPARE(policy::retryDelay(initial, ordinal), expected);
}

void TestSchedule::scheduleOfPolicy_data()
{
    QTest::addColumn<bool>("enabled");
    QTest::addColumn<qint64>("initial");
    QTest::addColumn<qint64>("retries");
    QTest::addColumn<QList<qint64>>("delays");
    QTest::addColumn<qint64>("total");
    QTest::addColumn<bool>("capped");
    QTest::newRow("spec example") << true << qint64(5) << qint64(3) << QList<qint64>{5, 10, 20} << qint64(35) << false;
    QTest::newRow("disabled") << false << qint64(0) << qint64(0) << QList<qint64>{} << qint64(0) << false;
    QTest::newRow("long, capped") << true << qint64(3600) << qint64(7)
                                  << QList<qint64>{3600, 7200, 14400, 28800, 57600, 86400, 86400} << qint64(284400)
                                  << true;
    QTest::newRow("hostile count is bounded") << true << qint64(1) << qint64(INT64_MAX)
                                              << QList<qint64>{1, 2, 4, 8, 16, 32, 64, 128, 256, 512} << qint64(1023)
                                              << false;
}

void TestSchedule::scheduleOfPolicy()
{
    QFETCH(bool, enabled);
    QFETCH(qint64, initial);
    QFETCH(qint64, retries);
    QFETCH(QList<qint64>, delays);
    QFETCH(qint64, total);
    QFETCH(bool, capped);
    const Schedule s = policy::schedule(RetryPolicy{enabled, retries, initial});
    QCOMPARE(QList<qint64>(s.delaysSeconds.begin(), s.delaysSeconds.end()), delays);
    QCOMPARE(s.totalSeconds, total);
    QCOMPARE(s.capped, capped);
}

void TestSchedule::rfc3339_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<qint64>("epoch");
    QTest::addColumn<QString>("formatted");
    QTest::newRow("epoch") << "1970-01-01T00:00:00Z" << qint64(0) << "1970-01-01T00:00:00Z";
    QTest::newRow("spec") << "2026-08-17T12:00:00Z" << qint64(1786968000) << "2026-08-17T12:00:00Z";
    QTest::newRow("offset") << "2026-08-17T14:00:00+02:00" << qint64(1786968000) << "2026-08-17T12:00:00Z";
    QTest::newRow("negative offset") << "2026-08-17T07:30:00-04:30" << qint64(1786968000) << "2026-08-17T12:00:00Z";
    QTest::newRow("fraction") << "2026-08-17T12:00:00.999Z" << qint64(1786968000) << "2026-08-17T12:00:00Z";
    QTest::newRow("leap day") << "2024-02-29T23:59:59Z" << qint64(1709251199) << "2024-02-29T23:59:59Z";
    QTest::newRow("before epoch") << "1969-12-31T23:59:59Z" << qint64(-1) << "1969-12-31T23:59:59Z";
    QTest::newRow("lower case") << "2026-08-17t12:00:00z" << qint64(1786968000) << "2026-08-17T12:00:00Z";
}

void TestSchedule::rfc3339()
{
    QFETCH(QString, text);
    QFETCH(qint64, epoch);
    QFETCH(QString, formatted);
    const auto t = parseRfc3339(text.toStdString());
    QVERIFY(t);
    QCOMPARE(qint64(t->time_since_epoch().count()), epoch);
    QCOMPARE(QString::fromStdString(formatRfc3339(*t)), formatted);
    QCOMPARE(QDateTime::fromSecsSinceEpoch(epoch, Qt::UTC).toString(Qt::ISODate), formatted);
}

void TestSchedule::rfc3339Rejects_data()
{
    QTest::addColumn<QString>("text");
    QTest::newRow("empty") << "";
    QTest::newRow("date only") << "2026-08-17";
    QTest::newRow("no zone") << "2026-08-17T12:00:00";
    QTest::newRow("month 13") << "2026-13-17T12:00:00Z";
    QTest::newRow("feb 30") << "2026-02-30T12:00:00Z";
    QTest::newRow("feb 29 non-leap") << "2026-02-29T12:00:00Z";
    QTest::newRow("hour 24") << "2026-08-17T24:00:00Z";
    QTest::newRow("trailing") << "2026-08-17T12:00:00Zx";
    QTest::newRow("empty fraction") << "2026-08-17T12:00:00.Z";
    QTest::newRow("bad offset") << "2026-08-17T12:00:00+2:00";
}

void TestSchedule::rfc3339Rejects()
{
    QFETCH(QString, text);
    QVERIFY(!parseRfc3339(text.toStdString()));
}

QTEST_APPLESS_MAIN(TestSchedule)
#include "tst_schedule.moc"
