// SPDX-License-Identifier: Apache-2.0
#include "policy/validation.h"

#include <QtTest>

using namespace policy;

namespace
{

PolicyDocument withField(Field f, bool enabled, std::int64_t value)
{
    PolicyDocument doc;
    ClassPolicy& p = doc.hard;
    switch (f) {
    case Field::RetryMaxRetries:
        p.retry = {enabled, value, enabled ? descriptor(Field::RetryInitialInterval).min : 0};
        break;
    case Field::RetryInitialInterval:
        p.retry = {enabled, enabled ? descriptor(Field::RetryMaxRetries).min : 0, value};
        break;
    case Field::ResetMaxWait: p.waitForReset = {enabled, value}; break;
    }
    return doc;
}

QString path(const FieldDescriptor& d)
{
    return QStringLiteral("candidates[2].policies.hard.%1.%2")
        .arg(QString::fromUtf8(d.section.data(), qsizetype(d.section.size())),
            QString::fromUtf8(d.key.data(), qsizetype(d.key.size())));
}

}  // namespace

class TestValidation final : public QObject
{
    Q_OBJECT
private slots:
    void defaultIsImmediateSkipAndValid();
    void limitBoundaries_data();
    void limitBoundaries();
    void disabledSectionsMustBeZero_data();
    void disabledSectionsMustBeZero();
    void reportsAllIssues();
    void missingOutcome();
    void unsupportedVersionStopsReading();
    void profileRules_data();
    void profileRules();
    void descriptorsAreConsistent();
};

void TestValidation::defaultIsImmediateSkipAndValid()
{
    const PolicyDocument doc;
    for (const ClassPolicy* p : {&doc.transient, &doc.hard}) {
        QVERIFY(!p->retry.enabled);
        QCOMPARE(p->retry.maxRetries, 0);
        QCOMPARE(p->retry.initialIntervalSeconds, 0);
        QVERIFY(!p->waitForReset.enabled);
        QCOMPARE(p->waitForReset.maxWaitSeconds, 0);
        QCOMPARE(p->onExhausted, Outcome::Skip);
    }
    QCOMPARE(doc.version, 1);
    QVERIFY(validate(doc).empty());
    QVERIFY(isValid(doc));
}

void TestValidation::limitBoundaries_data()
{
    QTest::addColumn<int>("field");
    QTest::addColumn<qint64>("value");
    QTest::addColumn<bool>("valid");
    for (const auto& d : kFieldDescriptors) {
        const std::string name = std::string(d.section) + "." + std::string(d.key);
        QTest::newRow((name + " min-1").c_str()) << int(d.field) << qint64(d.min - 1) << false;
        QTest::newRow((name + " min").c_str()) << int(d.field) << qint64(d.min) << true;
        QTest::newRow((name + " max").c_str()) << int(d.field) << qint64(d.max) << true;
        QTest::newRow((name + " max+1").c_str()) << int(d.field) << qint64(d.max + 1) << false;
        QTest::newRow((name + " negative").c_str()) << int(d.field) << qint64(-1) << false;
        QTest::newRow((name + " int64 max").c_str()) << int(d.field) << qint64(INT64_MAX) << false;
    }
}

void TestValidation::limitBoundaries()
{
    QFETCH(int, field);
    QFETCH(qint64, value);
    QFETCH(bool, valid);
    const auto f = Field(field);
    const PolicyDocument doc = withField(f, true, value);
    const auto issues = validate(doc, "candidates[2].policies");
    QCOMPARE(isValid(doc), valid);
    QCOMPARE(issues.empty(), valid);
    if (!valid) {
        QCOMPARE(issues.size(), std::size_t(1));
        const Issue& issue = issues.front();
        QCOMPARE(QString::fromStdString(issue.path), path(descriptor(f)));
        QCOMPARE(issue.code, IssueCode::OutOfRange);
        QCOMPARE(issue.value, value);
        QCOMPARE(issue.min, descriptor(f).min);
        QCOMPARE(issue.max, descriptor(f).max);
    }
}

void TestValidation::disabledSectionsMustBeZero_data()
{
    QTest::addColumn<int>("field");
    QTest::addColumn<qint64>("value");
    QTest::addColumn<bool>("valid");
    for (const auto& d : kFieldDescriptors) {
        const std::string name = std::string(d.section) + "." + std::string(d.key);
        QTest::newRow((name + " zero").c_str()) << int(d.field) << qint64(0) << true;
        QTest::newRow((name + " min").c_str()) << int(d.field) << qint64(d.min) << false;
        QTest::newRow((name + " negative").c_str()) << int(d.field) << qint64(-5) << false;
    }
}

void TestValidation::disabledSectionsMustBeZero()
{
    QFETCH(int, field);
    QFETCH(qint64, value);
    QFETCH(bool, valid);
    const auto f = Field(field);
    const auto issues = validate(withField(f, false, value), "candidates[2].policies");
    QCOMPARE(issues.empty(), valid);
    if (!valid) {
        QCOMPARE(issues.size(), std::size_t(1));
        QCOMPARE(issues.front().code, IssueCode::MustBeZeroWhenDisabled);
        QCOMPARE(issues.front().value, value);
        QCOMPARE(QString::fromStdString(issues.front().path), path(descriptor(f)));
    }
}

void TestValidation::reportsAllIssues()
{
    PolicyDocument doc;
    doc.transient.retry = {true, 0, 4000};
    doc.transient.waitForReset = {false, 7};
    doc.hard.waitForReset = {true, 604801};
    doc.hard.onExhausted = Outcome::Unset;
    const auto issues = validate(doc);
    QStringList paths;
    for (const auto& i : issues)
        paths << QString::fromStdString(i.path) + QLatin1Char(' ') + QLatin1String(issueCodeName(i.code).data());
    QCOMPARE(paths,
        QStringList({
            "transient.retry.max_retries out_of_range",
            "transient.retry.initial_interval_seconds out_of_range",
            "transient.wait_for_reset.max_wait_seconds must_be_zero_when_disabled",
            "hard.wait_for_reset.max_wait_seconds out_of_range",
            "hard.on_exhausted missing_on_exhausted",
        }));
    QVERIFY(!isValid(doc));
}

void TestValidation::missingOutcome()
{
    PolicyDocument doc;
    doc.transient.onExhausted = Outcome::Unset;
    QVERIFY(!isValid(doc));
    QVERIFY(!isValid(doc.transient));
    QVERIFY(isValid(doc.hard));
}

void TestValidation::unsupportedVersionStopsReading()
{
    PolicyDocument doc;
    doc.version = 2;
    doc.hard.retry = {true, 99, 0};  // not reported: a v2 document is not read as v1
    const auto issues = validate(doc, "policies");
    QCOMPARE(issues.size(), std::size_t(1));
    QCOMPARE(issues[0].path, std::string("policies.version"));
    QCOMPARE(issues[0].code, IssueCode::UnsupportedVersion);
    QCOMPARE(issues[0].value, 2);
    QCOMPARE(issues[0].min, kSupportedPolicyVersion);
    QVERIFY(!isValid(doc));
}

void TestValidation::profileRules_data()
{
    QTest::addColumn<int>("scenario");
    QTest::addColumn<QStringList>("expected");
    QTest::newRow("valid") << 0 << QStringList();
    QTest::newRow("empty list") << 1 << QStringList {"dynamic.candidates empty_candidate_list"};
    QTest::newRow("positions shifted") << 2
                                       << QStringList {"dynamic.candidates[0].position position_mismatch",
                                              "dynamic.candidates[1].position position_mismatch"};
    QTest::newRow("duplicate position") << 3 << QStringList {"dynamic.candidates[1].position position_mismatch"};
    QTest::newRow("empty id") << 4
                              << QStringList {"dynamic.candidates[1].execution_profile_id empty_execution_profile_id"};
    QTest::newRow("duplicate id once trimmed (kandev trims, then refuses duplicates)")
        << 7 << QStringList {"dynamic.candidates[1].execution_profile_id duplicate_execution_profile_id"};
    QTest::newRow("policies with rules") << 5 << QStringList {"dynamic.candidates[0].rules policies_with_rules"};
    QTest::newRow("invalid nested policy")
        << 6 << QStringList {"dynamic.candidates[1].policies.transient.retry.max_retries out_of_range"};
}

void TestValidation::profileRules()
{
    QFETCH(int, scenario);
    QFETCH(QStringList, expected);
    std::vector<Candidate> list(2);
    list[0] = {0, "a", true, PolicyDocument {}, {}};
    list[1] = {1, "b", false, std::nullopt, {{"on_provider_error", "try_next"}}};
    switch (scenario) {
    case 1: list.clear(); break;
    case 2:
        list[0].position = 1;
        list[1].position = 2;
        break;
    case 3: list[1].position = 0; break;
    case 4: list[1].executionProfileId.clear(); break;
    case 5: list[0].rules = {{"model_capacity", "stop"}}; break;
    case 7: list[1].executionProfileId = " a\t"; break;
    case 6:
        list[1].rules.clear();
        list[1].policies = PolicyDocument {};
        list[1].policies->transient.retry = {true, 11, 5};
        break;
    default: break;
    }
    QStringList actual;
    for (const auto& i : validateCandidates(list, "dynamic"))
        actual << QString::fromStdString(i.path) + QLatin1Char(' ') + QLatin1String(issueCodeName(i.code).data());
    QCOMPARE(actual, expected);
}

void TestValidation::descriptorsAreConsistent()
{
    for (std::size_t i = 0; i < kFieldDescriptors.size(); ++i) {
        const auto& d = kFieldDescriptors[i];
        QCOMPARE(std::size_t(d.field), i);
        QVERIFY(d.min >= 1);
        QVERIFY(d.min <= d.enabledDefault && d.enabledDefault <= d.max);
    }
    QCOMPARE(descriptor(Field::RetryMaxRetries).max, 10);
    QCOMPARE(descriptor(Field::RetryInitialInterval).max, 3600);
    QCOMPARE(descriptor(Field::ResetMaxWait).max, 604800);
}

QTEST_APPLESS_MAIN(TestValidation)
#include "tst_validation.moc"
