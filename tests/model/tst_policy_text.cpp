// SPDX-License-Identifier: Apache-2.0
// PolicyText: a class policy's one-line summary and its retry schedule.
#include "model/diff_text.h"
#include "model/policy_text.h"

#include "../common/test_paths.h"
#include "document_helpers.h"

#include "translations.h"

#include <QtTest>

using namespace model;

Q_DECLARE_METATYPE(policy::ResetHintUse)
Q_DECLARE_METATYPE(policy::DecisionReason)

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
    void unusedResetHints_data();
    void unusedResetHints();
    void stopReasons_data();
    void stopReasons();
    void diffTextHasTheCliLayout();
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

// One sentence per reason a reset hint was not used; none when it was used or there was none.
void TestPolicyText::unusedResetHints_data()
{
    QTest::addColumn<policy::ResetHintUse>("use");
    QTest::addColumn<QString>("sentence");
    using policy::ResetHintUse;
    QTest::newRow("not considered") << ResetHintUse::NotConsidered << QString();
    QTest::newRow("no hint") << ResetHintUse::NoHint << QString();
    QTest::newRow("used") << ResetHintUse::Used << QString();
    QTest::newRow("not trusted") << ResetHintUse::NotTrusted
                                 << "The reset hint is not trusted for this error, so it is not used.";
    QTest::newRow("wait disabled") << ResetHintUse::WaitDisabled
                                   << "Wait-for-reset is off for hard errors on this candidate, so the 2 h hint is "
                                      "not used.";
    QTest::newRow("already waited") << ResetHintUse::AlreadyWaited
                                    << "This candidate already waited for a reset of hard errors in this cycle, so "
                                       "the 2 h reset is not used.";
    QTest::newRow("not in the future") << ResetHintUse::NotInFuture
                                       << "The reported reset is not in the future, so it is not used.";
    QTest::newRow("beyond the maximum wait")
        << ResetHintUse::BeyondMaxWait
        << "The 2 h hint is beyond this candidate's 1 h maximum wait for hard errors, so it is not used.";
}

void TestPolicyText::unusedResetHints()
{
    QFETCH(policy::ResetHintUse, use);
    QFETCH(QString, sentence);
    QCOMPARE(PolicyText::unusedResetHint(use, policy::ErrorClass::Hard, 7200, 3600), sentence);
}

// A stop says why from the decision's reason, not from a test of its own.
void TestPolicyText::stopReasons_data()
{
    QTest::addColumn<policy::DecisionReason>("reason");
    QTest::addColumn<QString>("decision");
    QTest::addColumn<QString>("gate");
    using policy::DecisionReason;
    QTest::newRow("no failure") << DecisionReason::NoFailure
                                << "Stop for manual recovery: the classifier could not classify this error, and "
                                   "unclassified errors always stop."
                                << QString();
    QTest::newRow("invalid policies")
        << DecisionReason::InvalidPolicies
        << "Stop: this candidate's policies are invalid, and invalid settings never authorize work."
        << "Stop: this candidate's policies are invalid, and invalid settings never authorize work.";
    QTest::newRow("after side effects")
        << DecisionReason::AfterSideEffects
        << "Stop for manual recovery: the failure came after output or tool activity, so retrying could repeat side "
           "effects."
        << "The failure came after output or tool activity: errors after side effects always stop.";
    QTest::newRow("unknown error") << DecisionReason::UnknownError
                                   << "Stop for manual recovery: the classifier could not classify this error, and "
                                      "unclassified errors always stop."
                                   << "odd_code is neither transient nor hard: unknown errors always stop for a "
                                      "person.";
    QTest::newRow("retry off") << DecisionReason::RetryOff << "Stop for manual recovery." << QString();
    QTest::newRow("retries used") << DecisionReason::RetriesUsed << "Stop for manual recovery." << QString();
}

void TestPolicyText::stopReasons()
{
    QFETCH(policy::DecisionReason, reason);
    QFETCH(QString, decision);
    QFETCH(QString, gate);
    policy::Decision d;
    d.kind = policy::DecisionKind::Stop;
    d.reason = reason;
    QCOMPARE(PolicyText::decision(d, 0), decision);
    QCOMPARE(PolicyText::gateStopReason(reason, "odd_code"), gate);
}

// Review Changes speaks the difference through tr(); in English it is, line for line, what policyctl diff prints.
void TestPolicyText::diffTextHasTheCliLayout()
{
    auto doc = modeltest::open(testpaths::sample("export.json"));
    QCOMPARE(DiffText::render(doc->pendingChanges()), QStringLiteral("no differences\n"));
    modeltest::editEveryWay(doc.get());
    doc->undoStack()->push(new SetEnabledCommand(doc.get(), 1, false));
    const review::DocumentDiff diff = doc->pendingChanges();
    QVERIFY(!diff.equal());
    const review::CandidateNames nameOf
        = [](const std::string& id) { return id == "codex-gpt5" ? std::string("Codex\nGPT-5") : std::string(); };
    for (const auto& names : {review::CandidateNames {}, nameOf}) {
        const QString text = DiffText::render(diff, names);
        QCOMPARE(text, QString::fromStdString(review::renderDiffText(diff, names)));
        QVERIFY2(text.contains(QStringLiteral(" moved from ")), qPrintable(text));
    }
}

QTEST_GUILESS_MAIN(TestPolicyText)
#include "tst_policy_text.moc"
