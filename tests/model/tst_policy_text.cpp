// SPDX-License-Identifier: Apache-2.0
// PolicyText: a class policy's one-line summary and its retry schedule.
#include "model/policy_text.h"

#include "translations.h"

#include <QtTest>

using namespace model;

class TestPolicyText final : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QCOMPARE(i18n::install(QLocale(QLocale::English)), QStringLiteral("en"));
    }
    void summaries_data();
    void summaries();
};

void TestPolicyText::summaries_data()
{
    QTest::addColumn<int>("retries");
    QTest::addColumn<qint64>("interval");
    QTest::addColumn<qint64>("wait");
    QTest::addColumn<int>("outcome");
    QTest::addColumn<QString>("summary");
    QTest::addColumn<QString>("schedule");
    QTest::newRow("retries")
        << 3 << qint64(5) << qint64(0) << int(policy::Outcome::Skip) << "3 retries from 5 s, then skip"
        << "Retries after 5 s, 10 s, 20 s, then skip. 3 retries: 4 attempts in all, up to 35 s of waiting.";
    QTest::newRow("one retry")
        << 1 << qint64(90) << qint64(0) << int(policy::Outcome::Stop) << "1 retry from 1 min 30 s, then stop"
        << "Retries after 1 min 30 s, then stop. 1 retry: 2 attempts in all, up to 1 min 30 s of waiting.";
    QTest::newRow("wait") << 0 << qint64(0) << qint64(300) << int(policy::Outcome::Stop)
                          << "wait up to 5 min, then stop"
                          << "No retries: the first failure goes straight to the outcome.";
    QTest::newRow("both")
        << 2 << qint64(60) << qint64(86400) << int(policy::Outcome::Skip)
        << "wait up to 1 d, 2 retries from 1 min, then skip"
        << "Retries after 1 min, 2 min, then skip. 2 retries: 3 attempts in all, up to 3 min of waiting.";
    QTest::newRow("capped") << 7 << qint64(3600) << qint64(0) << int(policy::Outcome::Stop)
                            << "7 retries from 1 h, then stop"
                            << "Retries after 1 h, 2 h, 4 h, 8 h, 16 h, 1 d, 1 d, then stop. 7 retries: 8 attempts in "
                               "all, up to 3 d 7 h of waiting. Delays stop growing at the 1 d cap.";
    QTest::newRow("immediate") << 0 << qint64(0) << qint64(0) << int(policy::Outcome::Skip) << "skip immediately"
                               << "No retries: the first failure goes straight to the outcome.";
}

void TestPolicyText::summaries()
{
    QFETCH(int, retries);
    QFETCH(qint64, interval);
    QFETCH(qint64, wait);
    QFETCH(int, outcome);
    QFETCH(QString, summary);
    QFETCH(QString, schedule);
    policy::ClassPolicy p {{retries > 0, retries, interval}, {wait > 0, wait}, policy::Outcome(outcome)};
    QCOMPARE(PolicyText::classSummary(p), summary);
    QCOMPARE(PolicyText::scheduleLine(p), schedule);
}

QTEST_GUILESS_MAIN(TestPolicyText)
#include "tst_policy_text.moc"
