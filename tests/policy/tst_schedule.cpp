// SPDX-License-Identifier: Apache-2.0
#include "policy/schedule.h"
#include "policy/time.h"

#include <QtTest>

using namespace policy;

class TestSchedule final : public QObject
{
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
    QTest::newRow("spec example") << true << qint64(5) << qint64(3) << QList<qint64> {5, 10, 20} << qint64(35) << false;
    QTest::newRow("disabled") << false << qint64(0) << qint64(0) << QList<qint64> {} << qint64(0) << false;
    QTest::newRow("long, capped") << true << qint64(3600) << qint64(7)
                                  << QList<qint64> {3600, 7200, 14400, 28800, 57600, 86400, 86400} << qint64(284400)
                                  << true;
    QTest::newRow("hostile count is bounded")
        << true << qint64(1) << qint64(INT64_MAX) << QList<qint64> {1, 2, 4, 8, 16, 32, 64, 128, 256, 512}
        << qint64(1023) << false;
}

void TestSchedule::scheduleOfPolicy()
{
    QFETCH(bool, enabled);
    QFETCH(qint64, initial);
    QFETCH(qint64, retries);
    QFETCH(QList<qint64>, delays);
    QFETCH(qint64, total);
    QFETCH(bool, capped);
    const Schedule s = policy::schedule(RetryPolicy {enabled, retries, initial});
    QCOMPARE(QList<qint64>(s.delaysSeconds.begin(), s.delaysSeconds.end()), delays);
    QCOMPARE(s.totalSeconds, total);
    QCOMPARE(s.capped, capped);
}

void TestSchedule::rfc3339_data()
{
    // What Go's time.Parse(time.RFC3339, ...) reads (kandev's backend), and the
    // instant it reads: a truth table taken from Go's time/format.go and
    // checked against a Go program. Go 1.19 (not kandev's 1.26) differs on
    // offsets: it has no range test there and reads "+25:00" and "+-2:00".
    QTest::addColumn<QString>("text");
    QTest::addColumn<qint64>("epoch");
    QTest::addColumn<QString>("formatted");
    QTest::newRow("epoch") << "1970-01-01T00:00:00Z" << qint64(0) << "1970-01-01T00:00:00Z";
    QTest::newRow("spec") << "2026-08-17T12:00:00Z" << qint64(1786968000) << "2026-08-17T12:00:00Z";
    QTest::newRow("offset") << "2026-08-17T14:00:00+02:00" << qint64(1786968000) << "2026-08-17T12:00:00Z";
    QTest::newRow("negative offset") << "2026-08-17T07:30:00-04:30" << qint64(1786968000) << "2026-08-17T12:00:00Z";
    QTest::newRow("offset -00:00") << "2026-08-17T12:00:00-00:00" << qint64(1786968000) << "2026-08-17T12:00:00Z";
    QTest::newRow("fraction") << "2026-08-17T12:00:00.999Z" << qint64(1786968000) << "2026-08-17T12:00:00Z";
    QTest::newRow("fraction after a comma") << "2026-08-17T12:00:00,5Z" << qint64(1786968000) << "2026-08-17T12:00:00Z";
    QTest::newRow("fraction beyond nanoseconds")
        << "2026-08-17T12:00:00.123456789123Z" << qint64(1786968000) << "2026-08-17T12:00:00Z";
    QTest::newRow("fraction and offset") << "2026-08-17T12:00:00.5+01:00" << qint64(1786964400)
                                         << "2026-08-17T11:00:00Z";
    QTest::newRow("one-digit hour (Go's '15' is one or two digits)")
        << "2026-08-17T9:00:00Z" << qint64(1786957200) << "2026-08-17T09:00:00Z";
    QTest::newRow("one-digit hour and an offset")
        << "2026-08-17T1:00:00+01:00" << qint64(1786924800) << "2026-08-17T00:00:00Z";
    QTest::newRow("offset 23:59") << "2026-08-17T12:00:00+23:59" << qint64(1786881660) << "2026-08-16T12:01:00Z";
    QTest::newRow("offset 24:00 (Go tests > 24)")
        << "2026-08-17T12:00:00+24:00" << qint64(1786881600) << "2026-08-16T12:00:00Z";
    QTest::newRow("offset -24:00") << "2026-08-17T12:00:00-24:00" << qint64(1787054400) << "2026-08-18T12:00:00Z";
    QTest::newRow("offset 24:60 (Go tests > 60)")
        << "2026-08-17T12:00:00+24:60" << qint64(1786878000) << "2026-08-16T11:00:00Z";
    QTest::newRow("leap day") << "2024-02-29T23:59:59Z" << qint64(1709251199) << "2024-02-29T23:59:59Z";
    QTest::newRow("leap day of a 400th year") << "2000-02-29T00:00:00Z" << qint64(951782400) << "2000-02-29T00:00:00Z";
    QTest::newRow("before epoch") << "1969-12-31T23:59:59Z" << qint64(-1) << "1969-12-31T23:59:59Z";
    QTest::newRow("year 0000") << "0000-01-01T00:00:00Z" << qint64(-62167219200) << "0000-01-01T00:00:00Z";
    QTest::newRow("year 9999") << "9999-12-31T23:59:59Z" << qint64(253402300799) << "9999-12-31T23:59:59Z";
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
    if (!formatted.startsWith(QLatin1String("0000")))  // Qt's calendar has no year 0
        QCOMPARE(QDateTime::fromSecsSinceEpoch(epoch, Qt::UTC).toString(Qt::ISODate), formatted);
}

void TestSchedule::rfc3339Rejects_data()
{
    // What Go's time.Parse(time.RFC3339, ...) rejects: nothing here is a time.
    QTest::addColumn<QString>("text");
    QTest::newRow("empty") << "";
    QTest::newRow("date only") << "2026-08-17";
    QTest::newRow("no zone") << "2026-08-17T12:00:00";
    QTest::newRow("no seconds") << "2026-08-17T12:00Z";
    QTest::newRow("a space instead of T") << "2026-08-17 12:00:00Z";
    QTest::newRow("lower-case t") << "2026-08-17t12:00:00Z";
    QTest::newRow("lower-case z") << "2026-08-17T12:00:00z";
    QTest::newRow("lower-case t and z") << "2026-08-17t12:00:00z";
    QTest::newRow("a space before Z") << "2026-08-17T12:00:00 Z";
    QTest::newRow("leading space") << " 2026-08-17T12:00:00Z";
    QTest::newRow("trailing space") << "2026-08-17T12:00:00Z ";
    QTest::newRow("trailing") << "2026-08-17T12:00:00Zx";
    QTest::newRow("two zones") << "2026-08-17T12:00:00ZZ";
    QTest::newRow("Z and an offset") << "2026-08-17T12:00:00Z07:00";
    QTest::newRow("zone name") << "2026-08-17T12:00:00UTC";
    QTest::newRow("month 13") << "2026-13-17T12:00:00Z";
    QTest::newRow("month 00") << "2026-00-10T00:00:00Z";
    QTest::newRow("day 00") << "2026-08-00T00:00:00Z";
    QTest::newRow("feb 30") << "2026-02-30T12:00:00Z";
    QTest::newRow("feb 29 non-leap") << "2026-02-29T12:00:00Z";
    QTest::newRow("feb 29 of a 100th year") << "2100-02-29T00:00:00Z";
    QTest::newRow("april 31") << "2026-04-31T00:00:00Z";
    QTest::newRow("hour 24") << "2026-08-17T24:00:00Z";
    QTest::newRow("minute 60") << "2026-08-17T23:60:00Z";
    QTest::newRow("leap second") << "2026-08-17T23:59:60Z";
    QTest::newRow("one-digit month") << "2026-8-17T09:00:00Z";
    QTest::newRow("one-digit day") << "2026-08-7T09:00:00Z";
    QTest::newRow("one-digit minute") << "2026-08-17T09:0:00Z";
    QTest::newRow("one-digit second") << "2026-08-17T09:00:0Z";
    QTest::newRow("three-digit hour") << "2026-08-17T123:00:00Z";
    QTest::newRow("three-digit year") << "226-08-17T09:00:00Z";
    QTest::newRow("five-digit year") << "20260-08-17T09:00:00Z";
    QTest::newRow("signed year") << "+2026-08-17T09:00:00Z";
    QTest::newRow("a full-width digit") << QStringLiteral("\uFF12026-08-17T12:00:00Z");
    QTest::newRow("empty fraction") << "2026-08-17T12:00:00.Z";
    QTest::newRow("empty fraction after a comma") << "2026-08-17T12:00:00,Z";
    QTest::newRow("empty fraction before an offset") << "2026-08-17T12:00:00.+01:00";
    QTest::newRow("two fractions") << "2026-08-17T12:00:00.5.5Z";
    QTest::newRow("one-digit offset hour") << "2026-08-17T12:00:00+2:00";
    QTest::newRow("offset without a colon") << "2026-08-17T12:00:00+0200";
    QTest::newRow("offset without minutes") << "2026-08-17T12:00:00+02";
    QTest::newRow("offset with seconds") << "2026-08-17T12:00:00+02:00:00";
    QTest::newRow("offset hour 25") << "2026-08-17T12:00:00+25:00";
    QTest::newRow("offset minute 61") << "2026-08-17T12:00:00+00:61";
    QTest::newRow("signed offset hour") << "2026-08-17T12:00:00+-2:00";
    QTest::newRow("offset with a letter") << "2026-08-17T12:00:00+02:0a";
    QTest::newRow("no offset sign") << "2026-08-17T12:00:00*02:00";
    // Go reads these, but no time of ours can hold them (years -1 and 10000 in UTC).
    QTest::newRow("before year 0000 once offset") << "0000-01-01T00:00:00+01:00";
    QTest::newRow("after year 9999 once offset") << "9999-12-31T23:59:59-01:00";
}

void TestSchedule::rfc3339Rejects()
{
    QFETCH(QString, text);
    QVERIFY(!parseRfc3339(text.toStdString()));
}

QTEST_APPLESS_MAIN(TestSchedule)
#include "tst_schedule.moc"
