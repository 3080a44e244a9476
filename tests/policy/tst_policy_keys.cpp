// SPDX-License-Identifier: Apache-2.0
// The keys of a policy document are declared once (policy/policy_keys.h); a
// setting's dotted path is written by renderPath and read back by parsePath,
// and validation's issue paths are read back by locateIssue. The expected
// texts are spelled here on purpose: they are kandev's format.
#include "policy/policy_keys.h"

#include "policy/limits.h"
#include "policy/validation.h"

#include <QtTest>

using namespace policy;

namespace
{

std::string_view view(const QByteArray& bytes)
{
    return {bytes.constData(), std::size_t(bytes.size())};
}

}  // namespace

class TestPolicyKeys final : public QObject
{
    Q_OBJECT
private slots:
    void roundTrip_data();
    void roundTrip();
    void everySettingOfEveryClassRoundTrips();
    void malformedPaths_data();
    void malformedPaths();
    void malformedSettings_data();
    void malformedSettings();
    void descriptorsNameTheirSettings();
    void locateIssue_data();
    void locateIssue();
    void validationWritesWhatLocateReads();
};

void TestPolicyKeys::roundTrip_data()
{
    QTest::addColumn<int>("errorClass");
    QTest::addColumn<int>("setting");
    QTest::addColumn<QByteArray>("path");
    QTest::addColumn<QByteArray>("settingText");
    const struct {
        Setting setting;
        const char* text;
    } settings[] = {
        {Setting::RetryEnabled, "retry.enabled"},
        {Setting::RetryMaxRetries, "retry.max_retries"},
        {Setting::RetryInitialInterval, "retry.initial_interval_seconds"},
        {Setting::ResetEnabled, "wait_for_reset.enabled"},
        {Setting::ResetMaxWait, "wait_for_reset.max_wait_seconds"},
        {Setting::OnExhausted, "on_exhausted"},
    };
    static_assert(std::size(settings) == kSettings.size(), "a row for every setting");
    for (const auto& [cls, name] : {std::pair {ErrorClass::Transient, "transient"}, {ErrorClass::Hard, "hard"}}) {
        for (const auto& s : settings) {
            const QByteArray path = QByteArray(name) + '.' + s.text;
            QTest::newRow(path.constData()) << int(cls) << int(s.setting) << path << QByteArray(s.text);
        }
    }
}

void TestPolicyKeys::roundTrip()
{
    QFETCH(int, errorClass);
    QFETCH(int, setting);
    QFETCH(QByteArray, path);
    QFETCH(QByteArray, settingText);
    const SettingPath typed {ErrorClass(errorClass), Setting(setting)};
    QCOMPARE(renderPath(typed), path.toStdString());
    QCOMPARE(renderSetting(typed.setting), settingText.toStdString());
    const auto parsed = parsePath(view(path));
    QVERIFY(parsed);
    QVERIFY(*parsed == typed);
    QCOMPARE(parseSetting(view(settingText)), std::optional<Setting>(typed.setting));
    // Inside a candidate, under its policies.
    QVERIFY(candidateSetting(view("policies." + path)) == std::optional<SettingPath>(typed));
}

void TestPolicyKeys::everySettingOfEveryClassRoundTrips()
{
    int count = 0;
    for (const ErrorClass cls : kPolicyClasses) {
        for (const Setting s : kSettings) {
            const SettingPath typed {cls, s};
            QVERIFY2(parsePath(renderPath(typed)) == std::optional<SettingPath>(typed), renderPath(typed).c_str());
            QCOMPARE(parseSetting(renderSetting(s)), std::optional<Setting>(s));
            ++count;
        }
    }
    QCOMPARE(count, 12);
}

void TestPolicyKeys::malformedPaths_data()
{
    QTest::addColumn<QByteArray>("path");
    QTest::newRow("empty") << QByteArray();
    QTest::newRow("a class alone") << QByteArray("transient");
    QTest::newRow("a class and a dot") << QByteArray("hard.");
    QTest::newRow("a section alone") << QByteArray("transient.retry");
    QTest::newRow("a section and a dot") << QByteArray("transient.retry.");
    QTest::newRow("a trailing dot") << QByteArray("transient.retry.max_retries.");
    QTest::newRow("a key under a key") << QByteArray("hard.on_exhausted.skip");
    QTest::newRow("a doubled dot") << QByteArray("hard..on_exhausted");
    QTest::newRow("a leading space") << QByteArray(" transient.retry.max_retries");
    QTest::newRow("a trailing space") << QByteArray("transient.retry.max_retries ");
    QTest::newRow("a capital") << QByteArray("Transient.retry.max_retries");
    QTest::newRow("a capital key") << QByteArray("transient.retry.Max_retries");
    QTest::newRow("unclassified has no policy") << QByteArray("unclassified.retry.max_retries");
    QTest::newRow("an unknown class") << QByteArray("fatal.on_exhausted");
    QTest::newRow("a key of the other section") << QByteArray("hard.retry.max_wait_seconds");
    QTest::newRow("the other way round") << QByteArray("hard.wait_for_reset.max_retries");
    QTest::newRow("an unknown key") << QByteArray("hard.retry.no_such_field");
    QTest::newRow("an underscore for a dot") << QByteArray("hard.retry_max_retries");
    QTest::newRow("no dot after the class") << QByteArray("hardretry.max_retries");
    QTest::newRow("a class-relative path") << QByteArray("retry.max_retries");
    QTest::newRow("the outcome alone") << QByteArray("on_exhausted");
    QTest::newRow("under policies") << QByteArray("policies.hard.retry.max_retries");
    QTest::newRow("a validation path") << QByteArray("candidates[0].policies.hard.retry.max_retries");
    QTest::newRow("the version") << QByteArray("version");
    QTest::newRow("an embedded NUL") << QByteArray("hard.on_exhausted\0", 18);
}

void TestPolicyKeys::malformedPaths()
{
    QFETCH(QByteArray, path);
    QCOMPARE(parsePath(view(path)), std::nullopt);
    QCOMPARE(candidateSetting(view("policies." + path)), std::nullopt);
}

void TestPolicyKeys::malformedSettings_data()
{
    QTest::addColumn<QByteArray>("path");
    QTest::newRow("empty") << QByteArray();
    QTest::newRow("a section alone") << QByteArray("retry");
    QTest::newRow("a section and a dot") << QByteArray("wait_for_reset.");
    QTest::newRow("a key alone") << QByteArray("max_retries");
    QTest::newRow("a dot and a key") << QByteArray(".max_retries");
    QTest::newRow("a doubled dot") << QByteArray("retry..max_retries");
    QTest::newRow("a trailing part") << QByteArray("retry.max_retries.x");
    QTest::newRow("a document path") << QByteArray("transient.retry.max_retries");
    QTest::newRow("a key of the other section") << QByteArray("retry.max_wait_seconds");
    QTest::newRow("the outcome in a section") << QByteArray("retry.on_exhausted");
    QTest::newRow("a capital") << QByteArray("ON_EXHAUSTED");
    QTest::newRow("a prefix of a key") << QByteArray("retry.max_retrie");
    QTest::newRow("a longer key") << QByteArray("retry.max_retriess");
    QTest::newRow("a key that begins alike") << QByteArray("retry_budget.max");
}

void TestPolicyKeys::malformedSettings()
{
    QFETCH(QByteArray, path);
    QCOMPARE(parseSetting(view(path)), std::nullopt);
}

// The limits' descriptors spell no key of their own: theirs are their setting's.
void TestPolicyKeys::descriptorsNameTheirSettings()
{
    for (const FieldDescriptor& d : kFieldDescriptors) {
        const std::string text = std::string(d.section) + "." + std::string(d.key);
        QCOMPARE(parseSetting(text), std::optional<Setting>(settingOf(d.field)));
        QCOMPARE(renderSetting(settingOf(d.field)), text);
    }
}

void TestPolicyKeys::locateIssue_data()
{
    QTest::addColumn<QByteArray>("path");
    QTest::addColumn<int>("candidate");  // -1: none
    QTest::addColumn<QByteArray>("field");
    QTest::addColumn<int>("errorClass");  // -1: no setting
    QTest::addColumn<int>("setting");
    QTest::newRow("a setting") << QByteArray("candidates[2].policies.hard.retry.max_retries") << 2
                               << QByteArray("policies.hard.retry.max_retries") << int(ErrorClass::Hard)
                               << int(Setting::RetryMaxRetries);
    QTest::newRow("the outcome") << QByteArray("candidates[0].policies.transient.on_exhausted") << 0
                                 << QByteArray("policies.transient.on_exhausted") << int(ErrorClass::Transient)
                                 << int(Setting::OnExhausted);
    QTest::newRow("many digits") << QByteArray("candidates[1234].policies.hard.wait_for_reset.max_wait_seconds") << 1234
                                 << QByteArray("policies.hard.wait_for_reset.max_wait_seconds") << int(ErrorClass::Hard)
                                 << int(Setting::ResetMaxWait);
    QTest::newRow("the version") << QByteArray("candidates[3].policies.version") << 3 << QByteArray("policies.version")
                                 << -1 << 0;
    QTest::newRow("not a setting") << QByteArray("candidates[1].execution_profile_id") << 1
                                   << QByteArray("execution_profile_id") << -1 << 0;
    QTest::newRow("the candidate itself") << QByteArray("candidates[4]") << 4 << QByteArray() << -1 << 0;
    QTest::newRow("the candidate and a dot") << QByteArray("candidates[4].") << 4 << QByteArray() << -1 << 0;
    QTest::newRow("the list") << QByteArray("candidates") << -1 << QByteArray() << -1 << 0;
    QTest::newRow("no index") << QByteArray("candidates[].position") << -1 << QByteArray() << -1 << 0;
    QTest::newRow("not a number") << QByteArray("candidates[x].position") << -1 << QByteArray() << -1 << 0;
    QTest::newRow("a negative number") << QByteArray("candidates[-1].position") << -1 << QByteArray() << -1 << 0;
    QTest::newRow("unclosed") << QByteArray("candidates[2") << -1 << QByteArray() << -1 << 0;
    QTest::newRow("no dot after the index")
        << QByteArray("candidates[2]policies.hard.on_exhausted") << -1 << QByteArray() << -1 << 0;
    QTest::newRow("an index too large") << QByteArray("candidates[99999999999999999999999].position") << -1
                                        << QByteArray() << -1 << 0;
    QTest::newRow("a bare document") << QByteArray("hard.retry.max_retries") << -1 << QByteArray() << -1 << 0;
    QTest::newRow("an agent profile's prefix")
        << QByteArray("dynamic.candidates[0].position") << -1 << QByteArray() << -1 << 0;
}

void TestPolicyKeys::locateIssue()
{
    QFETCH(QByteArray, path);
    QFETCH(int, candidate);
    QFETCH(QByteArray, field);
    QFETCH(int, errorClass);
    QFETCH(int, setting);
    const IssueLocation at = policy::locateIssue(view(path));
    QCOMPARE(at.candidate, candidate < 0 ? std::nullopt : std::optional<std::size_t>(std::size_t(candidate)));
    QCOMPARE(at.field, view(field));
    if (errorClass < 0)
        QVERIFY(!at.setting);
    else
        QVERIFY(at.setting == std::optional<SettingPath>(SettingPath {ErrorClass(errorClass), Setting(setting)}));
}

// Every setting issue validation writes is read back to the setting it is about.
void TestPolicyKeys::validationWritesWhatLocateReads()
{
    Candidate c;
    c.position = 1;
    c.executionProfileId = "b";
    c.policies = PolicyDocument {};
    c.policies->transient.retry = {false, 3, 5};
    c.policies->hard.waitForReset = {true, 0};
    c.policies->hard.onExhausted = Outcome::Unset;
    Candidate first;
    first.executionProfileId = "a";
    const std::vector<Candidate> candidates {first, c};
    const std::vector<Issue> issues = validateCandidates(candidates);
    QCOMPARE(issues.size(), std::size_t(4));
    const std::vector<SettingPath> expected {{ErrorClass::Transient, Setting::RetryMaxRetries},
        {ErrorClass::Transient, Setting::RetryInitialInterval}, {ErrorClass::Hard, Setting::ResetMaxWait},
        {ErrorClass::Hard, Setting::OnExhausted}};
    for (std::size_t i = 0; i < issues.size(); ++i) {
        const IssueLocation at = policy::locateIssue(issues[i].path);
        QCOMPARE(at.candidate, std::optional<std::size_t>(1));
        QVERIFY2(at.setting == std::optional<SettingPath>(expected[i]), issues[i].path.c_str());
        QCOMPARE(issues[i].path, "candidates[1].policies." + renderPath(expected[i]));
    }
}

QTEST_GUILESS_MAIN(TestPolicyKeys)
#include "tst_policy_keys.moc"
