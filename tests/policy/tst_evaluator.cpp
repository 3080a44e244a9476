// SPDX-License-Identifier: Apache-2.0
#include "policy/evaluator.h"
#include "policy/kandev_backend.h"
#include "policy/catalogue.h"
#include "policy/validation.h"

#include <QtTest>

#include <random>

using namespace policy;
using namespace std::chrono_literals;

namespace
{

const Seconds kNow = *parseRfc3339("2026-08-17T12:00:00Z");

// The SPEC section 1 example document.
PolicyDocument specDocument()
{
    PolicyDocument doc;
    doc.transient = {{true, 3, 5}, {false, 0}, Outcome::Skip};
    doc.hard = {{false, 0, 0}, {true, 300}, Outcome::Stop};
    return doc;
}

struct Case {
    std::optional<Failure> failure;
    std::int64_t ordinal = 0;
    bool resetUsed = false;
    bool effectSafe = true;
};

}  // namespace

Q_DECLARE_METATYPE(Case)
Q_DECLARE_METATYPE(policy::PolicyDocument)
Q_DECLARE_METATYPE(policy::DecisionReason)
Q_DECLARE_METATYPE(policy::DecisionKind)
Q_DECLARE_METATYPE(policy::ResetHintUse)

class TestEvaluator final : public QObject
{
    Q_OBJECT
private slots:
    void decisions_data();
    void decisions();
    void specExampleSchedule();
    void invalidDocumentStops();
    void classResolution_data();
    void classResolution();
    void unclassifiedStatedClassAlwaysStops();
    void invalidDocumentsAlwaysStop();
    void kandevBackend_data();
    void kandevBackend();
    void decisionReasons_data();
    void decisionReasons();
    void resetHintUses_data();
    void resetHintUses();
};

void TestEvaluator::decisions_data()
{
    QTest::addColumn<Case>("input");
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QString>("cls");
    QTest::addColumn<qint64>("ordinal");
    QTest::addColumn<qint64>("deadlineOffset");  // -1: no deadline
    QTest::addColumn<QString>("pending");

    const Failure capacity {"model_capacity", "", Confidence::High, "", std::nullopt};
    Failure quota {"quota_limited", "", Confidence::High, "", std::nullopt};

    QTest::newRow("no failure") << Case {std::nullopt} << "stop"
                                << "" << qint64(0) << qint64(-1) << "stop";
    QTest::newRow("transient first retry") << Case {capacity, 0} << "retry_wait"
                                           << "transient" << qint64(1) << qint64(5) << "skip";
    QTest::newRow("transient second retry") << Case {capacity, 1} << "retry_wait"
                                            << "transient" << qint64(2) << qint64(10) << "skip";
    QTest::newRow("transient third retry") << Case {capacity, 2} << "retry_wait"
                                           << "transient" << qint64(3) << qint64(20) << "skip";
    QTest::newRow("transient exhausted") << Case {capacity, 3} << "skip"
                                         << "transient" << qint64(0) << qint64(-1) << "skip";
    QTest::newRow("negative ordinal reads as 0") << Case {capacity, -4} << "retry_wait"
                                                 << "transient" << qint64(1) << qint64(5) << "skip";
    QTest::newRow("not effect-safe") << Case {capacity, 0, false, false} << "stop"
                                     << "transient" << qint64(0) << qint64(-1) << "stop";

    Failure unknown {"unknown_provider_error", "", Confidence::High, "", kNow + 60s};
    QTest::newRow("unclassified") << Case {unknown} << "stop"
                                  << "unclassified" << qint64(0) << qint64(-1) << "stop";

    quota.resetAt = kNow + 60s;
    QTest::newRow("hard reset within max") << Case {quota} << "waiting_for_reset"
                                           << "hard" << qint64(0) << qint64(60) << "stop";
    QTest::newRow("hard reset already used") << Case {quota, 0, true} << "stop"
                                             << "hard" << qint64(0) << qint64(-1) << "stop";
    quota.resetAt = kNow + 300s;
    QTest::newRow("hard reset at max") << Case {quota} << "waiting_for_reset"
                                       << "hard" << qint64(0) << qint64(300) << "stop";
    quota.resetAt = kNow + 301s;
    QTest::newRow("hard reset beyond max ignored") << Case {quota} << "stop"
                                                   << "hard" << qint64(0) << qint64(-1) << "stop";
    quota.resetAt = kNow;
    QTest::newRow("hard reset now ignored") << Case {quota} << "stop"
                                            << "hard" << qint64(0) << qint64(-1) << "stop";
    quota.resetAt = kNow - 10s;
    QTest::newRow("hard reset in past ignored") << Case {quota} << "stop"
                                                << "hard" << qint64(0) << qint64(-1) << "stop";
    quota.resetAt = std::nullopt;
    QTest::newRow("hard without reset") << Case {quota} << "stop"
                                        << "hard" << qint64(0) << qint64(-1) << "stop";

    Failure transientWithReset = capacity;
    transientWithReset.resetAt = kNow + 30s;
    QTest::newRow("transient ignores reset when wait disabled") << Case {transientWithReset, 0} << "retry_wait"
                                                                << "transient" << qint64(1) << qint64(5) << "skip";
}

void TestEvaluator::decisions()
{
    QFETCH(Case, input);
    QFETCH(QString, kind);
    QFETCH(QString, cls);
    QFETCH(qint64, ordinal);
    QFETCH(qint64, deadlineOffset);
    QFETCH(QString, pending);

    EvaluationInput in;
    in.failure = input.failure;
    in.now = kNow;
    in.retryOrdinal = input.ordinal;
    in.resetWaitUsed = input.resetUsed;
    in.effectSafe = input.effectSafe;
    const Decision d = evaluate(specDocument(), in);

    QCOMPARE(QLatin1String(decisionKindName(d.kind).data()), kind);
    QCOMPARE(d.errorClass ? QLatin1String(errorClassName(*d.errorClass).data()) : QString(), cls);
    QCOMPARE(d.retryOrdinal, ordinal);
    if (deadlineOffset < 0)
        QVERIFY(!d.deadline);
    else
        QCOMPARE((*d.deadline - kNow).count(), deadlineOffset);
    QCOMPARE(QLatin1String(outcomeName(d.pendingOutcome).data()), pending);
    QCOMPARE(d.code, input.failure ? input.failure->code : std::string_view());
    QCOMPARE(d.catalogueVersion, kCatalogueVersion);
}

void TestEvaluator::specExampleSchedule()
{
    // SPEC section 4: capacity error, "3 retries from 5 s, then skip" -> 5, 10, 20, skip.
    const PolicyDocument doc = specDocument();
    EvaluationInput in;
    in.failure = Failure {"model_capacity", "", Confidence::High, "provider-errors.v2", std::nullopt};
    in.now = kNow;
    in.effectSafe = true;
    QList<qint64> waits;
    for (;;) {
        const Decision d = evaluate(doc, in);
        QCOMPARE(d.catalogueVersion, std::string_view("provider-errors.v2"));
        if (d.kind != DecisionKind::RetryWait) {
            QCOMPARE(d.kind, DecisionKind::Skip);
            break;
        }
        waits << (*d.deadline - in.now).count();
        in.now = *d.deadline;
        in.retryOrdinal = d.retryOrdinal;
    }
    QCOMPARE(waits, QList<qint64>({5, 10, 20}));
}

void TestEvaluator::invalidDocumentStops()
{
    PolicyDocument doc = specDocument();
    doc.hard.retry.maxRetries = 4;  // retry disabled but non-zero: invalid
    EvaluationInput in;
    in.failure = Failure {"model_capacity", "", Confidence::High, "", std::nullopt};
    in.now = kNow;
    in.effectSafe = true;
    const Decision d = evaluate(doc, in);
    QCOMPARE(d.kind, DecisionKind::Stop);
    QCOMPARE(d.pendingOutcome, Outcome::Stop);
    QVERIFY(!d.deadline);
    QCOMPARE(d.errorClass, std::optional<ErrorClass>(ErrorClass::Transient));
}

void TestEvaluator::classResolution_data()
{
    QTest::addColumn<QString>("code");
    QTest::addColumn<QString>("stated");
    QTest::addColumn<int>("confidence");
    QTest::addColumn<QString>("expected");
    QTest::newRow("catalogue transient") << "rate_limited"
                                         << "" << int(Confidence::High) << "transient";
    QTest::newRow("catalogue hard") << "auth_required"
                                    << "" << int(Confidence::High) << "hard";
    QTest::newRow("stated hard honoured") << "rate_limited"
                                          << "hard" << int(Confidence::High) << "hard";
    QTest::newRow("stated transient honoured") << "quota_limited"
                                               << "transient" << int(Confidence::Medium) << "transient";
    // SPEC 4.1 as amended: a stated class other than transient/hard fails closed
    // (kandev routingpolicy/policy_test.go "unclassified stops").
    QTest::newRow("stated unclassified stops") << "rate_limited"
                                               << "unclassified" << int(Confidence::High) << "unclassified";
    QTest::newRow("stated unknown word stops") << "quota_limited"
                                               << "fatal" << int(Confidence::High) << "unclassified";
    QTest::newRow("stated differently cased stops") << "rate_limited"
                                                    << "Transient" << int(Confidence::High) << "unclassified";
    QTest::newRow("stated with white space stops") << "rate_limited"
                                                   << " transient" << int(Confidence::High) << "unclassified";
    QTest::newRow("stated HARD stops") << "quota_limited"
                                       << "HARD" << int(Confidence::High) << "unclassified";
    QTest::newRow("unknown code stated transient") << "task_error"
                                                   << "transient" << int(Confidence::High) << "unclassified";
    QTest::newRow("low confidence") << "rate_limited"
                                    << "" << int(Confidence::Low) << "unclassified";
    QTest::newRow("low confidence stated") << "rate_limited"
                                           << "transient" << int(Confidence::Low) << "unclassified";
    QTest::newRow("transport lost is transient") << "agent_transport_lost"
                                                 << "" << int(Confidence::High) << "transient";
}

void TestEvaluator::classResolution()
{
    QFETCH(QString, code);
    QFETCH(QString, stated);
    QFETCH(int, confidence);
    QFETCH(QString, expected);
    const std::string c = code.toStdString();
    const std::string s = stated.toStdString();
    const Failure f {c, s, Confidence(confidence), "", std::nullopt};
    QCOMPARE(QLatin1String(errorClassName(resolveClass(f)).data()), expected);
}

namespace
{

PolicyDocument randomValidDocument(std::mt19937& rng)
{
    auto pick
        = [&rng](std::int64_t lo, std::int64_t hi) { return std::uniform_int_distribution<std::int64_t>(lo, hi)(rng); };
    PolicyDocument doc;
    for (ClassPolicy* p : {&doc.transient, &doc.hard}) {
        p->retry = pick(0, 1) ? RetryPolicy {true, pick(1, 10), pick(1, 3600)} : RetryPolicy {};
        p->waitForReset = pick(0, 1) ? ResetWaitPolicy {true, pick(1, 604800)} : ResetWaitPolicy {};
        p->onExhausted = pick(0, 1) ? Outcome::Skip : Outcome::Stop;
    }
    return doc;
}

EvaluationInput randomInput(std::mt19937& rng, const Failure& failure)
{
    auto pick
        = [&rng](std::int64_t lo, std::int64_t hi) { return std::uniform_int_distribution<std::int64_t>(lo, hi)(rng); };
    EvaluationInput in;
    in.failure = failure;
    in.now = Seconds {std::chrono::seconds {1'800'000'000}};
    if (pick(0, 1))
        in.failure->resetAt = in.now + std::chrono::seconds {pick(1, 86400)};
    in.retryOrdinal = pick(0, 10);
    in.resetWaitUsed = pick(0, 1) != 0;
    in.effectSafe = true;
    return in;
}

}  // namespace

void TestEvaluator::unclassifiedStatedClassAlwaysStops()
{
    // Property: whatever the (valid) document and the code, a stated class
    // outside {transient, hard} is a stop with no deadline.
    std::mt19937 rng(20260817);
    const std::string stated[] = {"unclassified", "Transient", "HARD", "fatal", " hard", "transient ", "none", "0"};
    for (int i = 0; i < 20000; ++i) {
        const PolicyDocument doc = randomValidDocument(rng);
        QVERIFY(isValid(doc));
        const auto& entry = kCatalogue[std::size_t(rng() % kCatalogue.size())];
        const std::string& cls = stated[rng() % std::size(stated)];
        const Decision d
            = evaluate(doc, randomInput(rng, Failure {entry.name, cls, Confidence::High, "", std::nullopt}));
        QVERIFY2(d.kind == DecisionKind::Stop && !d.deadline && d.retryOrdinal == 0,
            qPrintable(QStringLiteral("iteration %1: %2 stated %3").arg(i).arg(entry.name.data()).arg(cls.c_str())));
        QCOMPARE(d.errorClass, std::optional<ErrorClass>(ErrorClass::Unclassified));
    }
}

void TestEvaluator::invalidDocumentsAlwaysStop()
{
    // Property: a document that fails validation never authorizes work.
    std::mt19937 rng(42);
    for (int i = 0; i < 20000; ++i) {
        PolicyDocument doc = randomValidDocument(rng);
        ClassPolicy& p = rng() % 2 ? doc.transient : doc.hard;
        switch (rng() % 6) {
        case 0: p.retry.maxRetries = p.retry.enabled ? 11 : 1; break;
        case 1: p.retry.initialIntervalSeconds = p.retry.enabled ? 0 : 5; break;
        case 2: p.waitForReset.maxWaitSeconds = p.waitForReset.enabled ? 604801 : 1; break;
        case 3: p.onExhausted = Outcome::Unset; break;
        case 4: doc.version = 2; break;
        default:
            p.retry.maxRetries = -1;
            p.retry.enabled = true;
            break;
        }
        QVERIFY(!isValid(doc));
        const auto& entry = kCatalogue[std::size_t(rng() % kCatalogue.size())];
        const Decision d
            = evaluate(doc, randomInput(rng, Failure {entry.name, "", Confidence::High, "", std::nullopt}));
        QVERIFY2(d.kind == DecisionKind::Stop && !d.deadline, qPrintable(QStringLiteral("iteration %1").arg(i)));
    }
}

void TestEvaluator::kandevBackend_data()
{
    // One failure, two answers: SPEC's and kandev's Go backend's today
    // (routingpolicy.Evaluate with the classifier's FallbackAllowed for the code).
    QTest::addColumn<QString>("code");
    QTest::addColumn<QString>("stated");
    QTest::addColumn<int>("confidence");
    QTest::addColumn<bool>("effectSafe");
    QTest::addColumn<qint64>("ordinal");
    QTest::addColumn<QString>("specKind");
    QTest::addColumn<QString>("specClass");
    QTest::addColumn<QString>("kandevKind");
    QTest::addColumn<QString>("kandevClass");  // "" when kandev's gate reports nothing
    const int high = int(Confidence::High);
    QTest::newRow("both retry a rate limit (policy_test retry)") << "rate_limited"
                                                                 << "" << high << true << qint64(0) << "retry_wait"
                                                                 << "transient"
                                                                 << "retry_wait"
                                                                 << "transient";
    QTest::newRow("both skip when exhausted") << "model_capacity"
                                              << "" << high << true << qint64(3) << "skip"
                                              << "transient"
                                              << "skip"
                                              << "transient";
    QTest::newRow("gate: kandev reports no class or code") << "rate_limited"
                                                           << "" << high << false << qint64(0) << "stop"
                                                           << "transient"
                                                           << "stop"
                                                           << "";
    QTest::newRow("agent_transport_lost: kandev allows no fallback") << "agent_transport_lost"
                                                                     << "" << high << true << qint64(0) << "retry_wait"
                                                                     << "transient"
                                                                     << "stop"
                                                                     << "";
    QTest::newRow("low confidence: kandev does not look") << "rate_limited"
                                                          << "" << int(Confidence::Low) << true << qint64(0) << "stop"
                                                          << "unclassified"
                                                          << "retry_wait"
                                                          << "transient";
    QTest::newRow("non-provider code stated transient: kandev retries")
        << "unknown_provider_error"
        << "transient" << high << true << qint64(0) << "stop"
        << "unclassified"
        << "retry_wait"
        << "transient";
    QTest::newRow("non-provider code stated hard: kandev uses hard") << "npx_cache_corrupted"
                                                                     << "hard" << high << true << qint64(0) << "stop"
                                                                     << "unclassified"
                                                                     << "stop"
                                                                     << "hard";
    QTest::newRow("task_error stated transient: both stop (no fallback)")
        << "task_error"
        << "transient" << high << true << qint64(0) << "stop"
        << "unclassified"
        << "stop"
        << "";
    QTest::newRow("stated unclassified: both stop (policy_test unclassified stops)")
        << "rate_limited"
        << "unclassified" << high << true << qint64(0) << "stop"
        << "unclassified"
        << "stop"
        << "";
    QTest::newRow("unknown_provider_error: both stop") << "unknown_provider_error"
                                                       << "" << high << true << qint64(0) << "stop"
                                                       << "unclassified"
                                                       << "stop"
                                                       << "";
    QTest::newRow("negative ordinal: kandev refuses the delay") << "rate_limited"
                                                                << "" << high << true << qint64(-1) << "retry_wait"
                                                                << "transient"
                                                                << "skip"
                                                                << "transient";
}

void TestEvaluator::kandevBackend()
{
    QFETCH(QString, code);
    QFETCH(QString, stated);
    QFETCH(int, confidence);
    QFETCH(bool, effectSafe);
    QFETCH(qint64, ordinal);
    QFETCH(QString, specKind);
    QFETCH(QString, specClass);
    QFETCH(QString, kandevKind);
    QFETCH(QString, kandevClass);
    const std::string c = code.toStdString();
    const std::string s = stated.toStdString();
    EvaluationInput in;
    in.failure = Failure {c, s, Confidence(confidence), "", std::nullopt};
    in.now = kNow;
    in.retryOrdinal = ordinal;
    in.effectSafe = effectSafe;
    auto className = [](const Decision& d) {
        return d.errorClass ? QString::fromLatin1(errorClassName(*d.errorClass).data()) : QString();
    };
    const Decision ours = evaluate(specDocument(), in);
    QCOMPARE(QLatin1String(decisionKindName(ours.kind).data()), specKind);
    QCOMPARE(className(ours), specClass);
    const Decision go = kandev::evaluate(specDocument(), in);
    QCOMPARE(QLatin1String(decisionKindName(go.kind).data()), kandevKind);
    QCOMPARE(className(go), kandevClass);
    if (kandevClass.isEmpty()) {
        QVERIFY(go.code.empty());
        QVERIFY(go.catalogueVersion.empty());
    } else {
        QCOMPARE(go.code, std::string_view(c));
        QCOMPARE(go.catalogueVersion, kCatalogueVersion);
    }
}

// Why the decision is what it is: one row per reason, each from a situation built for it.
void TestEvaluator::decisionReasons_data()
{
    QTest::addColumn<PolicyDocument>("doc");
    QTest::addColumn<Case>("input");
    QTest::addColumn<DecisionReason>("reason");
    QTest::addColumn<DecisionKind>("kind");

    const Failure capacity {"model_capacity", "", Confidence::High, "", std::nullopt};
    const Failure quotaIn60 {"quota_limited", "", Confidence::High, "", kNow + 60s};
    const Failure unknown {"unknown_provider_error", "", Confidence::High, "", std::nullopt};
    PolicyDocument invalid = specDocument();
    invalid.hard.retry.maxRetries = 4;  // retry disabled but non-zero
    PolicyDocument transientStops = specDocument();
    transientStops.transient.onExhausted = Outcome::Stop;

    QTest::newRow("no failure") << specDocument() << Case {std::nullopt} << DecisionReason::NoFailure
                                << DecisionKind::Stop;
    QTest::newRow("invalid policies") << invalid << Case {capacity} << DecisionReason::InvalidPolicies
                                      << DecisionKind::Stop;
    QTest::newRow("after side effects") << specDocument() << Case {capacity, 0, false, false}
                                        << DecisionReason::AfterSideEffects << DecisionKind::Stop;
    QTest::newRow("unknown error") << specDocument() << Case {unknown} << DecisionReason::UnknownError
                                   << DecisionKind::Stop;
    QTest::newRow("trusted reset") << specDocument() << Case {quotaIn60} << DecisionReason::TrustedReset
                                   << DecisionKind::WaitingForReset;
    QTest::newRow("retry left") << specDocument() << Case {capacity, 2} << DecisionReason::RetryLeft
                                << DecisionKind::RetryWait;
    QTest::newRow("retry off, then stop")
        << specDocument() << Case {quotaIn60, 0, true} << DecisionReason::RetryOff << DecisionKind::Stop;
    QTest::newRow("retries used, then skip")
        << specDocument() << Case {capacity, 3} << DecisionReason::RetriesUsed << DecisionKind::Skip;
    QTest::newRow("retries used, then stop")
        << transientStops << Case {capacity, 3} << DecisionReason::RetriesUsed << DecisionKind::Stop;
}

void TestEvaluator::decisionReasons()
{
    QFETCH(PolicyDocument, doc);
    QFETCH(Case, input);
    QFETCH(DecisionReason, reason);
    QFETCH(DecisionKind, kind);
    EvaluationInput in;
    in.failure = input.failure;
    in.now = kNow;
    in.retryOrdinal = input.ordinal;
    in.resetWaitUsed = input.resetUsed;
    in.effectSafe = input.effectSafe;
    const Decision d = evaluate(doc, in);
    QCOMPARE(decisionReasonName(d.reason), decisionReasonName(reason));
    QCOMPARE(decisionKindName(d.kind), decisionKindName(kind));
    QCOMPARE(isGateStop(d.reason), d.resetHint == ResetHintUse::NotConsidered);
}

// Why a reset hint was, or was not, used: one row per reason.
void TestEvaluator::resetHintUses_data()
{
    QTest::addColumn<Case>("input");
    QTest::addColumn<ResetHintUse>("use");

    Failure quota {"quota_limited", "", Confidence::High, "", std::nullopt};  // hard: waits up to 300 s
    Failure capacity {"model_capacity", "", Confidence::High, "", kNow + 30s};  // transient: does not wait

    QTest::newRow("not considered: the gate") << Case {quota, 0, false, false} << ResetHintUse::NotConsidered;
    QTest::newRow("no hint") << Case {quota} << ResetHintUse::NoHint;
    quota.untrustedResetHint = true;
    QTest::newRow("not trusted") << Case {quota} << ResetHintUse::NotTrusted;
    quota.untrustedResetHint = false;
    QTest::newRow("wait disabled") << Case {capacity} << ResetHintUse::WaitDisabled;
    quota.resetAt = kNow + 60s;
    QTest::newRow("already waited") << Case {quota, 0, true} << ResetHintUse::AlreadyWaited;
    QTest::newRow("used") << Case {quota} << ResetHintUse::Used;
    quota.resetAt = kNow;
    QTest::newRow("not in the future") << Case {quota} << ResetHintUse::NotInFuture;
    quota.resetAt = kNow + 301s;
    QTest::newRow("beyond the maximum wait") << Case {quota} << ResetHintUse::BeyondMaxWait;
}

void TestEvaluator::resetHintUses()
{
    QFETCH(Case, input);
    QFETCH(ResetHintUse, use);
    EvaluationInput in;
    in.failure = input.failure;
    in.now = kNow;
    in.retryOrdinal = input.ordinal;
    in.resetWaitUsed = input.resetUsed;
    in.effectSafe = input.effectSafe;
    const Decision d = evaluate(specDocument(), in);
    QCOMPARE(resetHintUseName(d.resetHint), resetHintUseName(use));
    QCOMPARE(d.kind == DecisionKind::WaitingForReset, use == ResetHintUse::Used);
}

QTEST_APPLESS_MAIN(TestEvaluator)
#include "tst_evaluator.moc"
