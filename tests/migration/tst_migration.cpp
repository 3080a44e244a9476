// SPDX-License-Identifier: Apache-2.0
#include "check/document_check.h"
#include "migration/migration.h"
#include "migration/report_json.h"

#include "format/codec.h"

#include "../common/test_paths.h"

#include "policy/text.h"

#include <QtTest>

using namespace migration;
using check::checkDocument;
using check::routeCandidates;
using policy::ClassPolicy;
using policy::ErrorClass;
using policy::Outcome;

namespace
{

policy::Candidate legacy(std::vector<policy::LegacyRule> rules)
{
    policy::Candidate c;
    c.position = 1;
    c.executionProfileId = "codex-gpt5";
    c.rules = std::move(rules);
    return c;
}

const ClassPolicy kSkip = policyForAction(LegacyAction::TryNext);
const ClassPolicy kStop = policyForAction(LegacyAction::Stop);
const ClassPolicy kRetry = policyForAction(LegacyAction::RetrySame);

QString describe(const ClassPolicy& p)
{
    if (p == kSkip)
        return QStringLiteral("try_next");
    if (p == kStop)
        return QStringLiteral("stop");
    if (p == kRetry)
        return QStringLiteral("retry_same");
    return QStringLiteral("other");
}

}  // namespace

Q_DECLARE_METATYPE(std::vector<policy::LegacyRule>)

class TestMigration final : public QObject
{
    Q_OBJECT
private slots:
    void actions();
    void streamedReportIsTheReport_data();
    void streamedReportIsTheReport();
    void conflictCanBeSettledByChoosingARule_data();
    void conflictCanBeSettledByChoosingARule();
    void rules_data();
    void rules();
    void kandevRuleOrder_data();
    void kandevRuleOrder();
    void errors_data();
    void errors();
    void sourceForms();
    void goldenFile();
    void idempotent_data();
    void idempotent();
    void nothingElseChanges();
    void conflictWritesNothing();
    void reportRendersAsTextAndJson();
    void routeCandidatesCarryConfigurationErrors();
};

void TestMigration::actions()
{
    QCOMPARE(kSkip, (ClassPolicy {{false, 0, 0}, {false, 0}, Outcome::Skip}));
    QCOMPARE(kStop, (ClassPolicy {{false, 0, 0}, {false, 0}, Outcome::Stop}));
    QCOMPARE(kRetry, (ClassPolicy {{true, 1, 5}, {false, 0}, Outcome::Stop}));
    QVERIFY(policy::isValid(kRetry));
}

void TestMigration::rules_data()
{
    QTest::addColumn<std::vector<policy::LegacyRule>>("rules");
    QTest::addColumn<QString>("transient");
    QTest::addColumn<QString>("hard");
    QTest::addColumn<QStringList>("divergent");  // classes where kandev's Go backend differs

    using R = std::vector<policy::LegacyRule>;
    QTest::newRow("generic try_next") << R {{"on_provider_error", "try_next"}} << "try_next"
                                      << "try_next" << QStringList {};
    QTest::newRow("generic stop") << R {{"on_provider_error", "stop"}} << "stop"
                                  << "stop" << QStringList {};
    QTest::newRow("generic retry_same") << R {{"on_provider_error", "retry_same"}} << "retry_same"
                                        << "retry_same" << QStringList {};
    QTest::newRow("code only: other class defaults") << R {{"quota_limited", "stop"}} << "try_next"
                                                     << "stop" << QStringList {};
    QTest::newRow("code before generic (sorted): per-code wins, Go differs")
        << R {{"on_provider_error", "try_next"}, {"model_capacity", "retry_same"}} << "retry_same"
        << "try_next" << QStringList {"transient"};
    QTest::newRow("auth_required sorts first: Go differs")
        << R {{"auth_required", "stop"}, {"on_provider_error", "retry_same"}} << "retry_same"
        << "stop" << QStringList {"hard"};
    QTest::newRow("code after generic (sorted): both agree")
        << R {{"on_provider_error", "stop"}, {"rate_limited", "try_next"}} << "try_next"
        << "stop" << QStringList {};
    QTest::newRow("same action: no divergence")
        << R {{"on_provider_error", "stop"}, {"network_unavailable", "stop"}} << "stop"
        << "stop" << QStringList {};
    QTest::newRow("two codes of one class agree")
        << R {{"model_capacity", "retry_same"}, {"rate_limited", "retry_same"}} << "retry_same"
        << "try_next" << QStringList {};
    // Read as kandev reads them: keys and actions trimmed of Unicode white
    // space (settings controller dynamic_profile_test.go, legacy normalization).
    QTest::newRow("action with white space") << R {{"on_provider_error", " stop\t"}} << "stop"
                                             << "stop" << QStringList {};
    QTest::newRow("key with U+3000") << R {{"quota_limited\xE3\x80\x80", "stop"}} << "try_next"
                                     << "stop" << QStringList {};
    QTest::newRow("key with NBSP") << R {{"\xC2\xA0model_capacity", "retry_same"}} << "retry_same"
                                   << "try_next" << QStringList {};
    QTest::newRow("equal after trimming: no conflict")
        << R {{"model_capacity", "stop"}, {"rate_limited", " stop \n"}} << "stop"
        << "try_next" << QStringList {};
    QTest::newRow("several generic keys: the last by bytes wins")
        << R {{" on_provider_error", "try_next"}, {"on_provider_error", "stop"}} << "stop"
        << "stop" << QStringList {};
    QTest::newRow("both classes per code, generic for none")
        << R {{"on_provider_error", "stop"}, {"model_capacity", "try_next"}, {"quota_limited", "retry_same"}}
        << "try_next"
        << "retry_same" << QStringList {"transient"};
}

void TestMigration::rules()
{
    QFETCH(std::vector<policy::LegacyRule>, rules);
    QFETCH(QString, transient);
    QFETCH(QString, hard);
    QFETCH(QStringList, divergent);
    const CandidateMigration m = migrateCandidate(legacy(rules), 1, "candidates[1]");
    QVERIFY(m.errors.empty());
    QVERIFY(m.result);
    QCOMPARE(m.source, SourceForm::Legacy);
    QCOMPARE(describe(m.result->transient), transient);
    QCOMPARE(describe(m.result->hard), hard);
    QStringList actual;
    for (const auto& d : m.divergences)
        actual << QLatin1String(policy::errorClassName(d.errorClass).data());
    QCOMPARE(actual, divergent);
    QCOMPARE(m.rules.size(), rules.size());
    for (std::size_t i = 0; i < m.rules.size(); ++i) {
        QCOMPARE(m.rules[i].key, rules[i].key);  // the report keeps what was written
        QCOMPARE(m.rules[i].readKey, std::string(policy::trimSpace(rules[i].key)));
        QCOMPARE(m.rules[i].readAction, std::string(policy::trimSpace(rules[i].action)));
    }
    QVERIFY(m.changes());
    // The text report says when a rule was read other than it was written.
    const std::string text = renderReportText(MigrationReport {{ProfileMigration {0, "", "", {m}}}});
    const bool trimmed = std::any_of(rules.begin(), rules.end(), [](const policy::LegacyRule& r) {
        return policy::trimSpace(r.key) != r.key || policy::trimSpace(r.action) != r.action;
    });
    QCOMPARE(text.find("read with white space trimmed") != std::string::npos, trimmed);
}

// `policyctl migrate --kandev`: legacy rules read as kandev's settings
// controller applies them today, in sorted key order with the last one
// winning (TestNormalizeDynamicPolicyLegacyRules; its "specific class rule
// overrides generic default" holds only because quota_limited sorts after
// on_provider_error).
void TestMigration::kandevRuleOrder_data()
{
    QTest::addColumn<std::vector<policy::LegacyRule>>("rules");
    QTest::addColumn<QString>("specTransient");
    QTest::addColumn<QString>("specHard");
    QTest::addColumn<QString>("kandevTransient");
    QTest::addColumn<QString>("kandevHard");
    QTest::addColumn<QString>("overwritten");  // "key>winner" in kandev's reading, or ""
    using R = std::vector<policy::LegacyRule>;
    QTest::newRow("specific class rule overrides generic default (sorts after it)")
        << R {{"on_provider_error", "try_next"}, {"quota_limited", "stop"}} << "try_next"
        << "stop"
        << "try_next"
        << "stop"
        << "on_provider_error>quota_limited";
    QTest::newRow("generic sorts after the code rule: generic wins in kandev")
        << R {{"model_capacity", "retry_same"}, {"on_provider_error", "stop"}} << "retry_same"
        << "stop"
        << "stop"
        << "stop"
        << "model_capacity>on_provider_error";
    QTest::newRow("one class diverges, the other does not")
        << R {{"model_capacity", "try_next"}, {"on_provider_error", "stop"}, {"quota_limited", "retry_same"}}
        << "try_next"
        << "retry_same"
        << "stop"
        << "retry_same"
        << "model_capacity>on_provider_error";
    QTest::newRow("agreeing code rules: the later overwrites the earlier")
        << R {{"model_capacity", "stop"}, {"on_provider_error", "try_next"}, {"rate_limited", "stop"}} << "stop"
        << "try_next"
        << "stop"
        << "try_next"
        << "model_capacity>rate_limited";
    QTest::newRow("sorted by the key as written, white space included")
        << R {{" on_provider_error", "stop"}, {"model_capacity", "retry_same"}} << "retry_same"
        << "stop"
        << "retry_same"
        << "stop"
        << " on_provider_error>model_capacity";
}

void TestMigration::kandevRuleOrder()
{
    QFETCH(std::vector<policy::LegacyRule>, rules);
    QFETCH(QString, specTransient);
    QFETCH(QString, specHard);
    QFETCH(QString, kandevTransient);
    QFETCH(QString, kandevHard);
    QFETCH(QString, overwritten);
    const CandidateMigration spec = migrateCandidate(legacy(rules), 1, "candidates[1]");
    const CandidateMigration kandev
        = migrateCandidate(legacy(rules), 1, "candidates[1]", policy::Reading::KandevBackend);
    QVERIFY(spec.result && kandev.result);
    QCOMPARE(describe(spec.result->transient), specTransient);
    QCOMPARE(describe(spec.result->hard), specHard);
    QCOMPARE(describe(kandev.result->transient), kandevTransient);
    QCOMPARE(describe(kandev.result->hard), kandevHard);
    // Both readings record the same divergences: one per class that differs.
    const std::size_t differing = std::size_t(specTransient != kandevTransient) + std::size_t(specHard != kandevHard);
    QCOMPARE(spec.divergences.size(), differing);
    QCOMPARE(kandev.divergences.size(), differing);
    for (const Divergence& d : kandev.divergences) {
        QCOMPARE(d.go, kandev.result->forClass(d.errorClass));
        QCOMPARE(d.ours, spec.result->forClass(d.errorClass));
    }
    if (!overwritten.isEmpty()) {
        const QString key = overwritten.section(QLatin1Char('>'), 0, 0);
        const auto rule = std::find_if(kandev.rules.begin(), kandev.rules.end(),
            [&](const RuleOutcome& r) { return QString::fromStdString(r.key) == key; });
        QVERIFY(rule != kandev.rules.end());
        QCOMPARE(QString::fromStdString(rule->overriddenBy), overwritten.section(QLatin1Char('>'), 1));
    }
    // The text report names the reading and which rule won.
    MigrationReport report {{ProfileMigration {0, "", "", {kandev}}}, policy::Reading::KandevBackend};
    const std::string text = renderReportText(report);
    QVERIFY(text.find("Read as kandev's Go backend reads legacy rules today") != std::string::npos);
    QCOMPARE(text.find("read as kandev's Go backend reads it (sorted key order, last wins)") != std::string::npos,
        differing > 0);
    QCOMPARE(reportToJson(report)["reading"].get<std::string>(), std::string("kandev"));
}

void TestMigration::errors_data()
{
    QTest::addColumn<std::vector<policy::LegacyRule>>("rules");
    QTest::addColumn<QString>("path");
    QTest::addColumn<QStringList>("mentions");
    using R = std::vector<policy::LegacyRule>;
    QTest::newRow("conflict") << R {{"model_capacity", "retry_same"}, {"rate_limited", "try_next"}}
                              << "candidates[1].rules"
                              << QStringList {
                                     "candidate 1", "codex-gpt5", "model_capacity", "rate_limited", "transient"};
    QTest::newRow("unknown action") << R {{"on_provider_error", "retry_forever"}}
                                    << "candidates[1].rules.on_provider_error"
                                    << QStringList {"candidate 1", "retry_forever", "on_provider_error"};
    QTest::newRow("empty key") << R {{"", "stop"}} << "candidates[1].rules" << QStringList {"candidate 1", "empty key"};
    QTest::newRow("unclassified key") << R {{"task_error", "stop"}} << "candidates[1].rules.task_error"
                                      << QStringList {"candidate 1", "task_error"};
    QTest::newRow("class name as key") << R {{"transient", "stop"}} << "candidates[1].rules.transient"
                                       << QStringList {"transient"};
}

void TestMigration::errors()
{
    QFETCH(std::vector<policy::LegacyRule>, rules);
    QFETCH(QString, path);
    QFETCH(QStringList, mentions);
    const CandidateMigration m = migrateCandidate(legacy(rules), 1, "candidates[1]");
    QVERIFY(!m.result);
    QVERIFY(!m.changes());
    QCOMPARE(m.errors.size(), std::size_t(1));
    QCOMPARE(QString::fromStdString(m.errors[0].path), path);
    for (const auto& word : mentions)
        QVERIFY2(QString::fromStdString(m.errors[0].message).contains(word), m.errors[0].message.c_str());
}

void TestMigration::sourceForms()
{
    policy::Candidate neither;
    neither.executionProfileId = "a";
    const auto d = migrateCandidate(neither, 0, "candidates[0]");
    QCOMPARE(d.source, SourceForm::Default);
    QCOMPARE(*d.result, policy::PolicyDocument {});
    QVERIFY(d.changes());

    policy::Candidate canonical = neither;
    canonical.policies = policy::PolicyDocument {};
    canonical.policies->hard.onExhausted = Outcome::Stop;
    const auto c = migrateCandidate(canonical, 0, "candidates[0]");
    QCOMPARE(c.source, SourceForm::Canonical);
    QVERIFY(!c.changes());
    QCOMPARE(*c.result, *canonical.policies);

    policy::Candidate both = canonical;
    both.rules = {{"on_provider_error", "stop"}};
    const auto b = migrateCandidate(both, 0, "candidates[0]");
    QCOMPARE(b.errors.size(), std::size_t(1));
    QVERIFY(b.errors[0].message.find("both policies and legacy rules") != std::string::npos);
}

void TestMigration::goldenFile()
{
    const std::string text = testpaths::readAll(testpaths::sample("legacy-profile.json"));
    const auto check = checkDocument(text);
    QVERIFY(check.valid());
    QVERIFY(check.legacy);
    const MigrationReport report = planMigration(*check.document);
    QCOMPARE(report.changedCandidates(), std::size_t(4));
    QCOMPARE(report.divergenceCount(), std::size_t(1));
    const auto migrated = applyMigration(*check.document, report);
    QVERIFY(migrated);
    QCOMPARE(QString::fromStdString(format::serializeDocument(*migrated)),
        QString::fromStdString(testpaths::readAll(testpaths::fixture("migration/legacy-profile.migrated.json"))));
}

void TestMigration::idempotent_data()
{
    QTest::addColumn<QString>("file");
    QTest::newRow("legacy profile") << "legacy-profile.json";
    QTest::newRow("v1 profile") << "profile-v1.json";
    QTest::newRow("export") << "export.json";
}

void TestMigration::idempotent()
{
    QFETCH(QString, file);
    const std::string text = testpaths::readAll(testpaths::sample(file));
    const auto once = applyMigration(*checkDocument(text).document, planMigration(*checkDocument(text).document));
    QVERIFY(once);
    const std::string first = format::serializeDocument(*once);
    const auto reread = checkDocument(first);
    QVERIFY(reread.valid());
    QVERIFY(!reread.legacy);
    const MigrationReport second = planMigration(*reread.document);
    QCOMPARE(second.changedCandidates(), std::size_t(0));
    QCOMPARE(format::serializeDocument(*applyMigration(*reread.document, second)), first);
}

void TestMigration::nothingElseChanges()
{
    const auto check = checkDocument(testpaths::readAll(testpaths::sample("legacy-profile.json")));
    const auto migrated = applyMigration(*check.document, planMigration(*check.document));
    const auto& before = check.document->profiles[0];
    const auto& after = migrated->profiles[0];
    QCOMPARE(after.id, before.id);
    QCOMPARE(after.source, before.source);
    QCOMPARE(after.dynamic->version, before.dynamic->version);
    QCOMPARE(after.dynamic->candidateSources, before.dynamic->candidateSources);
    QCOMPARE(after.dynamic->candidates.size(), before.dynamic->candidates.size());
    for (std::size_t i = 0; i < before.dynamic->candidates.size(); ++i) {
        const auto& b = before.dynamic->candidates[i];
        const auto& a = after.dynamic->candidates[i];
        QCOMPARE(a.position, b.position);
        QCOMPARE(a.executionProfileId, b.executionProfileId);
        QCOMPARE(a.enabled, b.enabled);
        QVERIFY(a.rules.empty());
        QVERIFY(a.policies);
    }
    const std::string saved = format::serializeDocument(*migrated);
    QVERIFY(saved.find("\"note\": \"kept for the night shift\"") != std::string::npos);
    QVERIFY(saved.find("\"rules\"") == std::string::npos);
}

void TestMigration::conflictWritesNothing()
{
    const auto check = checkDocument(testpaths::readAll(testpaths::sample("legacy-conflict.json")));
    QVERIFY(check.document);
    QVERIFY(!check.valid());
    const MigrationReport report = planMigration(*check.document);
    QVERIFY(report.hasErrors());
    QVERIFY(!applyMigration(*check.document, report));
    QCOMPARE(check.errors.front().line, 16);
}

void TestMigration::conflictCanBeSettledByChoosingARule_data()
{
    QTest::addColumn<QString>("keep");
    QTest::addColumn<qint64>("retries");  // what the transient class becomes
    QTest::addColumn<int>("outcome");
    QTest::newRow("keep retry_same") << "model_capacity" << qint64(1) << int(policy::Outcome::Stop);
    QTest::newRow("keep try_next") << "rate_limited" << qint64(0) << int(policy::Outcome::Skip);
}

void TestMigration::conflictCanBeSettledByChoosingARule()
{
    QFETCH(QString, keep);
    QFETCH(qint64, retries);
    QFETCH(int, outcome);
    const auto check = checkDocument(testpaths::readAll(testpaths::sample("legacy-conflict.json")));
    QVERIFY(check.document);
    const MigrationReport before = planMigration(*check.document);
    const auto& conflicted = before.profiles[0].candidates[1];
    QCOMPARE(conflicted.conflicts.size(), std::size_t(1));
    QCOMPARE(conflicted.conflicts[0].errorClass, policy::ErrorClass::Transient);
    QCOMPARE(conflicted.conflicts[0].rules.size(), std::size_t(2));
    // A key that is not in the conflict, or another class, changes nothing.
    const auto rulesOf = [](const format::Document& d) { return d.profiles[0].dynamic->candidates[1].rules; };
    QVERIFY(rulesOf(keepConflictingRule(*check.document, 0, 1, policy::ErrorClass::Transient, "quota_limited"))
        == rulesOf(*check.document));
    QVERIFY(rulesOf(keepConflictingRule(*check.document, 0, 1, policy::ErrorClass::Hard, keep.toStdString()))
        == rulesOf(*check.document));
    QVERIFY(rulesOf(keepConflictingRule(*check.document, 0, 7, policy::ErrorClass::Transient, keep.toStdString()))
        == rulesOf(*check.document));

    const format::Document settled
        = keepConflictingRule(*check.document, 0, 1, policy::ErrorClass::Transient, keep.toStdString());
    const auto& rules = settled.profiles[0].dynamic->candidates[1].rules;
    QCOMPARE(rules.size(), std::size_t(2));  // the kept rule and quota_limited (hard) stay
    QVERIFY(std::any_of(rules.begin(), rules.end(), [&](const auto& r) { return r.key == keep.toStdString(); }));
    QVERIFY(std::any_of(rules.begin(), rules.end(), [](const auto& r) { return r.key == "quota_limited"; }));
    const MigrationReport after = planMigration(settled);
    QVERIFY(!after.hasErrors());
    const auto migrated = applyMigration(settled, after);
    QVERIFY(migrated);
    const auto& policies = *migrated->profiles[0].dynamic->candidates[1].policies;
    QCOMPARE(policies.transient.retry.maxRetries, retries);
    QCOMPARE(int(policies.transient.onExhausted), outcome);
    QCOMPARE(policies.hard.onExhausted, policy::Outcome::Stop);
}

void TestMigration::streamedReportIsTheReport_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<bool>("kandev");
    for (const char* name : {"legacy-profile.json", "legacy-conflict.json", "export.json", "profile-v1.json"}) {
        QTest::addRow("%s, spec", name) << testpaths::sample(name) << false;
        QTest::addRow("%s, kandev", name) << testpaths::sample(name) << true;
    }
}

// migrate --format json writes the report a candidate at a time; it is the
// report's JSON, byte for byte.
void TestMigration::streamedReportIsTheReport()
{
    QFETCH(QString, file);
    QFETCH(bool, kandev);
    const auto check = checkDocument(testpaths::readAll(file));
    QVERIFY(check.document);
    const MigrationReport report
        = planMigration(*check.document, kandev ? policy::Reading::KandevBackend : policy::Reading::Spec);
    std::string streamed;
    writeReportJson(report, [&](std::string_view text) { streamed += text; });
    QCOMPARE(QString::fromStdString(streamed), QString::fromStdString(reportToJson(report).dump()));
}

void TestMigration::reportRendersAsTextAndJson()
{
    const auto check = checkDocument(testpaths::readAll(testpaths::sample("legacy-profile.json")));
    const MigrationReport report = planMigration(*check.document);
    const QString text = QString::fromStdString(renderReportText(report));
    QVERIFY(text.contains(QStringLiteral("rule model_capacity = retry_same")));
    QVERIFY(text.contains(QStringLiteral("overridden by the per-code rule model_capacity")));
    QVERIFY(text.contains(QStringLiteral("Go backend")));
    QVERIFY(text.contains(QStringLiteral("4 candidate(s) to migrate, 1 divergence warning(s), 0 error(s)")));

    const auto json = reportToJson(report);
    QCOMPARE(json["changed_candidates"].get<int>(), 4);
    const auto& c0 = json["profiles"][0]["candidates"][0];
    QCOMPARE(c0["source"].get<std::string>(), std::string("legacy"));
    QCOMPARE(c0["legacy_rules"]["model_capacity"].get<std::string>(), std::string("retry_same"));
    QCOMPARE(c0["rules"][0]["overridden_by"].get<std::string>(), std::string("model_capacity"));
    QCOMPARE(c0["warnings"][0]["code"].get<std::string>(), std::string("go_backend_divergence"));
    QCOMPARE(c0["warnings"][0]["go_backend_rule"].get<std::string>(), std::string("on_provider_error"));
    QCOMPARE(c0["policies"]["transient"]["retry"]["max_retries"].get<int>(), 1);
    QCOMPARE(json["profiles"][0]["candidates"][3]["source"].get<std::string>(), std::string("default"));
}

void TestMigration::routeCandidatesCarryConfigurationErrors()
{
    const auto conflict = checkDocument(testpaths::readAll(testpaths::sample("legacy-conflict.json")));
    const auto route = routeCandidates(*conflict.document->profiles[0].dynamic);
    QCOMPARE(route.size(), std::size_t(2));
    QVERIFY(!route[0].configurationError);
    QCOMPARE(route[0].policies.transient, kSkip);
    QVERIFY(route[1].configurationError);
    QVERIFY(route[1].configurationError->find("conflicting") != std::string::npos);
}

QTEST_APPLESS_MAIN(TestMigration)
#include "tst_migration.moc"
