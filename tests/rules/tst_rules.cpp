// SPDX-License-Identifier: Apache-2.0
// House rules in the core: the kinds table against the JSON Schema, the rules
// file reader's errors (with line and column), and lint, one row per kind
// that fires and one that does not, exceptions and applies_to.
#include "rules/glob.h"
#include "rules/kinds.h"
#include "rules/lint.h"
#include "rules/rules_file.h"

#include "english/lint.h"
#include "format/codec.h"
#include "format/validator.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include <nlohmann/json.hpp>
// The same renaming as core/format's validator, so the program has one definition of the adapter.
#define json ordered_json
#include <valijson/adapters/nlohmann_json_adapter.hpp>
#undef json
#include <valijson/schema.hpp>
#include <valijson/schema_parser.hpp>
#include <valijson/validation_results.hpp>
#include <valijson/validator.hpp>

using namespace rules;

namespace
{

// One class policy: retries from an interval (0: retry off), a reset wait (0: off), the outcome.
QString classPolicy(int retries, int interval, int wait, const char* outcome)
{
    return QStringLiteral(R"({"retry":{"enabled":%1,"max_retries":%2,"initial_interval_seconds":%3},)"
                          R"("wait_for_reset":{"enabled":%4,"max_wait_seconds":%5},"on_exhausted":"%6"})")
        .arg(retries > 0 ? "true" : "false")
        .arg(retries)
        .arg(interval)
        .arg(wait > 0 ? "true" : "false")
        .arg(wait)
        .arg(QLatin1String(outcome));
}

// The house's usual candidate: transient 3 retries from 5 s then skip; hard
// a reset wait of up to 300 s then stop.
const QString kUsualTransient = classPolicy(3, 5, 0, "skip");
const QString kUsualHard = classPolicy(0, 0, 300, "stop");

QString candidate(int position, const char* id, const QString& transient = kUsualTransient,
    const QString& hard = kUsualHard, bool enabled = true)
{
    return QStringLiteral(
        R"({"position":%1,"execution_profile_id":"%2","enabled":%3,"policies":{"version":1,"transient":%4,"hard":%5}})")
        .arg(position)
        .arg(QLatin1String(id))
        .arg(enabled ? "true" : "false")
        .arg(transient, hard);
}

QString concrete(const char* id, const char* agent)
{
    return QStringLiteral(
        R"({"id":"%1","name":"%1","kind":"concrete","agent_name":"%2","enabled":true,"auto_fallback":false,"deleted_at":null})")
        .arg(QLatin1String(id), QLatin1String(agent));
}

QString dynamicProfile(const char* id, const char* name, const QStringList& candidates)
{
    return QStringLiteral(R"({"id":"%1","name":"%2","kind":"dynamic","dynamic":{"version":1,"candidates":[%3]}})")
        .arg(QLatin1String(id), QLatin1String(name), candidates.join(QLatin1Char(',')));
}

// An export: the catalogue, then dynamic profiles.
QString exportOf(const QStringList& dynamics)
{
    const QStringList catalogue {concrete("claude-sonnet", "claude-acp"), concrete("claude-haiku", "claude-acp"),
        concrete("codex-gpt5", "codex-acp")};
    return QStringLiteral(R"({"profiles":[%1,%2]})")
        .arg(catalogue.join(QLatin1Char(',')), dynamics.join(QLatin1Char(',')));
}

// The documents the rows lint, by name.
QString document(const QString& name)
{
    if (name == QLatin1String("two"))  // claude-sonnet then codex-gpt5, both usual
        return exportOf(
            {dynamicProfile("dyn-a", "Route A", {candidate(0, "claude-sonnet"), candidate(1, "codex-gpt5")})});
    if (name == QLatin1String("mixed"))  // the second candidate retries transient errors once
        return exportOf({dynamicProfile("dyn-a", "Route A",
            {candidate(0, "claude-sonnet"), candidate(1, "codex-gpt5", classPolicy(1, 5, 0, "skip"))})});
    if (name == QLatin1String("invalid"))  // 11 retries: over kandev's limit of 10
        return exportOf(
            {dynamicProfile("dyn-a", "Route A", {candidate(0, "claude-sonnet", classPolicy(11, 5, 0, "skip"))})});
    if (name == QLatin1String("ineligible"))  // names a profile the export does not have
        return exportOf({dynamicProfile("dyn-a", "Route A", {candidate(0, "claude-sonnet"), candidate(1, "ghost")})});
    if (name == QLatin1String("fleet"))  // two routes, for applies_to
        return exportOf({dynamicProfile("dyn-a", "Route A", {candidate(0, "claude-sonnet")}),
            dynamicProfile("dyn-b", "Nightly batch", {candidate(0, "claude-haiku")})});
    qFatal("no document %s", qPrintable(name));
}

RuleSet ruleSetOf(const QString& rulesJson, const QString& exceptions = QStringLiteral("[]"))
{
    const std::string text
        = QStringLiteral(R"({"version":1,"rules":[%1],"exceptions":%2})").arg(rulesJson, exceptions).toStdString();
    RulesFileResult r = readRulesFile(text);
    if (!r.ruleSet)
        qFatal("bad rules in a test: %s", r.errors.empty() ? "" : r.errors.front().message.c_str());
    return *r.ruleSet;
}

// "profile candidate class measured>limit", "-" for what a violation does not have.
QString render(const Violation& v)
{
    QString s = QString::fromStdString(v.profileId) + QLatin1Char(' ')
        + (v.candidateIndex ? QStringLiteral("c%1").arg(*v.candidateIndex) : QStringLiteral("-")) + QLatin1Char(' ')
        + (v.errorClass ? QLatin1String(policy::classKey(*v.errorClass).data()) : QLatin1String("-"));
    if (v.measured || v.limit)
        s += QStringLiteral(" %1>%2").arg(v.measured.value_or(-1)).arg(v.limit.value_or(-1));
    if (v.ending)
        s += QLatin1Char(' ') + QLatin1String(kExpectedEndingNames[std::size_t(*v.ending)].data());
    if (v.excepted())
        s += QStringLiteral(" excepted: ") + QString::fromStdString(*v.exceptionReason);
    return s;
}

QStringList lint(const QString& documentName, const RuleSet& set, std::vector<Violation>* out = nullptr)
{
    const std::string text = document(documentName).toStdString();
    format::ParseResult parsed = format::parseDocument(text);
    if (!parsed.document)
        qFatal("bad document %s", qPrintable(documentName));
    std::vector<Violation> violations = Linter(*parsed.document, set).lintDocument();
    locateViolations(text, violations);
    QStringList rendered;
    for (const Violation& v : violations)
        rendered << render(v);
    if (out)
        *out = std::move(violations);
    return rendered;
}

}  // namespace

class TestRules : public QObject
{
    Q_OBJECT
private slots:
    void schemaEqualsTheKindsTable();
    void schemaAcceptsTheExampleFiles_data();
    void schemaAcceptsTheExampleFiles();  // and the reader reads them
    void readsTheIssuesShape();
    void badRulesFiles_data();
    void badRulesFiles();
    void everyKind_data();
    void everyKind();
    void exceptionsAreShownNotCounted();
    void appliesToIdsAndNameGlobs_data();
    void appliesToIdsAndNameGlobs();
    void withoutRulesKandevsOwn();
    void kandevValidIsWhatValidateFinds_data();
    void kandevValidIsWhatValidateFinds();
    void violationsPointIntoTheFile();
    void oneProfileAsTheEditorAsks();
    void violationsInWords();
    void globs_data();
    void globs();
};

void TestRules::schemaEqualsTheKindsTable()
{
    const std::string_view text = format::schemaText("policy-rules.schema.json");
    QVERIFY(!text.empty());
    const QJsonObject schema = QJsonDocument::fromJson(QByteArray(text.data(), qsizetype(text.size()))).object();
    const QJsonObject rule = schema[QStringLiteral("definitions")].toObject()[QStringLiteral("rule")].toObject();
    const QJsonArray kindEnum = rule[QStringLiteral("properties")]
                                    .toObject()[QStringLiteral("kind")]
                                    .toObject()[QStringLiteral("enum")]
                                    .toArray();
    QCOMPARE(std::size_t(kindEnum.size()), kKindDescriptors.size());
    const QJsonArray allOf = rule[QStringLiteral("allOf")].toArray();
    QCOMPARE(std::size_t(allOf.size()), kKindDescriptors.size());
    const QJsonObject forbidden {{QStringLiteral("not"), QJsonObject {}}};
    for (std::size_t i = 0; i < kKindDescriptors.size(); ++i) {
        const KindDescriptor& d = kKindDescriptors[i];
        const QString name = QString::fromUtf8(d.name.data(), qsizetype(d.name.size()));
        QCOMPARE(kindEnum[qsizetype(i)].toString(), name);
        const QJsonObject branch = allOf[qsizetype(i)].toObject();
        QCOMPARE(branch[QStringLiteral("if")]
                     .toObject()[QStringLiteral("properties")]
                     .toObject()[QStringLiteral("kind")]
                     .toObject()[QStringLiteral("const")]
                     .toString(),
            name);
        const QJsonObject then = branch[QStringLiteral("then")].toObject();
        const QJsonObject props = then[QStringLiteral("properties")].toObject();
        if (d.value == ValueType::None) {
            QCOMPARE(props[QStringLiteral("value")].toObject(), forbidden);
        } else {
            QCOMPARE(then[QStringLiteral("required")].toArray(), QJsonArray {QStringLiteral("value")});
            QCOMPARE(props[QStringLiteral("value")].toObject()[QStringLiteral("minimum")].toInteger(-1), d.min);
            QCOMPARE(props[QStringLiteral("value")].toObject()[QStringLiteral("maximum")].toInteger(-1), d.max);
        }
        QCOMPARE(props.contains(QStringLiteral("class")), !d.takesClass);
        QCOMPARE(props.contains(QStringLiteral("outcome")), !d.takesOutcome);
        QCOMPARE(props.contains(QStringLiteral("agents")), !d.takesGlobs);
        QCOMPARE(then.contains(QStringLiteral("anyOf")), d.takesGlobs);
    }
    const QJsonObject properties = rule[QStringLiteral("properties")].toObject();
    QCOMPARE(properties[QStringLiteral("outcome")].toObject()[QStringLiteral("enum")].toArray(),
        (QJsonArray {QLatin1String(kExpectedEndingNames[0].data()), QLatin1String(kExpectedEndingNames[1].data())}));
    QCOMPARE(properties[QStringLiteral("severity")].toObject()[QStringLiteral("enum")].toArray(),
        (QJsonArray {QLatin1String(kSeverityNames[0].data()), QLatin1String(kSeverityNames[1].data())}));
    QCOMPARE(schema[QStringLiteral("properties")]
                 .toObject()[QStringLiteral("version")]
                 .toObject()[QStringLiteral("const")]
                 .toInteger(-1),
        kSupportedRulesVersion);
}

// The shipped example files are read without an error (the reader is
// stricter than the schema, so this is the direction that can fail).
void TestRules::schemaAcceptsTheExampleFiles_data()
{
    QTest::addColumn<QString>("file");
    QTest::newRow("README's house") << QStringLiteral("examples/house-rules/policy-rules.json");
    QTest::newRow("golden fixture") << QStringLiteral("tests/fixtures/lint/house-rules.json");
}

// Whether the published schema accepts `text` (valijson, draft-07).
static bool schemaAccepts(const std::string& text)
{
    const auto schemaJson = nlohmann::ordered_json::parse(format::schemaText("policy-rules.schema.json"));
    valijson::Schema schema;
    valijson::SchemaParser parser(valijson::SchemaParser::kDraft7);
    valijson::adapters::NlohmannJsonAdapter schemaAdapter(schemaJson);
    parser.populateSchema(schemaAdapter, schema);
    const auto document = nlohmann::ordered_json::parse(text);
    valijson::adapters::NlohmannJsonAdapter adapter(document);
    valijson::Validator validator;
    return validator.validate(schema, adapter, nullptr);
}

void TestRules::schemaAcceptsTheExampleFiles()
{
    QFETCH(QString, file);
    QFile f(QStringLiteral(POLICY_STUDIO_SOURCE_DIR "/") + file);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const std::string text = f.readAll().toStdString();
    const RulesFileResult r = readRulesFile(text);
    QVERIFY2(r.errors.empty(), r.errors.empty() ? "" : r.errors.front().message.c_str());
    QVERIFY(r.ruleSet && !r.ruleSet->rules.empty());
    QVERIFY(schemaAccepts(text));
    // Both refuse what the table bounds: one retry over kandev's ten, a value where the kind takes none.
    const std::string tooMany
        = R"({"version":1,"rules":[{"id":"a","kind":"max_retries","value":11,"severity":"error"}]})";
    QVERIFY(!schemaAccepts(tooMany));
    QVERIFY(!readRulesFile(tooMany).ruleSet);
    const std::string extra
        = R"({"version":1,"rules":[{"id":"a","kind":"ends_in_stop","value":1,"severity":"error"}]})";
    QVERIFY(!schemaAccepts(extra));
    QVERIFY(!readRulesFile(extra).ruleSet);
    const std::string noGlobs = R"({"version":1,"rules":[{"id":"a","kind":"candidate_allowed","severity":"error"}]})";
    QVERIFY(!schemaAccepts(noGlobs));
    QVERIFY(!readRulesFile(noGlobs).ruleSet);
}

void TestRules::readsTheIssuesShape()
{
    const std::string text = R"({"version": 1, "blocking": false,
 "rules": [
   {"id": "hold-1d", "kind": "max_hold_seconds", "class": "hard", "value": 86400, "severity": "error",
    "message": "A person hears about a stuck task within a day."},
   {"id": "two-providers", "kind": "provider_diversity", "value": 2, "severity": "warning",
    "applies_to": ["dyn-*"]},
   {"id": "no-legacy-agents", "kind": "candidate_forbidden", "agents": ["gpt4-*"], "severity": "error"}
 ],
 "exceptions": [{"rule": "two-providers", "profile": "dyn-nightly", "reason": "batch work, one vendor by contract"}]})";
    const RulesFileResult r = readRulesFile(text);
    QVERIFY(r.errors.empty());
    QVERIFY(r.ruleSet);
    const RuleSet& s = *r.ruleSet;
    QCOMPARE(s.rules.size(), std::size_t(3));
    QCOMPARE(s.rules[0].kind, RuleKind::MaxHoldSeconds);
    QCOMPARE(s.rules[0].errorClass, std::optional(policy::ErrorClass::Hard));
    QCOMPARE(s.rules[0].value, 86400);
    QCOMPARE(s.rules[0].message, std::string("A person hears about a stuck task within a day."));
    QCOMPARE(s.rules[1].severity, Severity::Warning);
    QCOMPARE(s.rules[1].appliesTo, std::vector<std::string> {"dyn-*"});
    QCOMPARE(s.rules[2].agents, std::vector<std::string> {"gpt4-*"});
    QVERIFY(s.rules[2].profiles.empty());
    QCOMPARE(s.exceptions.size(), std::size_t(1));
    QVERIFY(s.exceptionFor("two-providers", "dyn-nightly"));
    QVERIFY(!s.exceptionFor("two-providers", "dyn-other"));
    QVERIFY(!s.blocking);
}

// Each bad file: the first error's line, column, field path and code. The
// columns are counted by hand in the texts below (1-based, at the value).
void TestRules::badRulesFiles_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("line");
    QTest::addColumn<int>("column");
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("code");
    const QString ok = QStringLiteral(R"("id":"a","severity":"error")");
    QTest::newRow("unsupported version") << QStringLiteral(R"({"version": 2, "rules": []})") << 1 << 13 << "version"
                                         << "rules.unsupported_version";
    QTest::newRow("unknown kind") << QStringLiteral("{\"version\": 1,\n \"rules\": [\n  {\"id\": \"a\", \"kind\": "
                                                    "\"max_hold\", \"severity\": \"error\"}]}")
                                  << 3 << 23 << "rules[0].kind"
                                  << "rules.unknown_kind";
    // {"version":1,"rules":[{ -> the rule object starts at column 23
    QTest::newRow("missing value") << QStringLiteral(R"({"version":1,"rules":[{"kind":"max_attempts",%1}]})").arg(ok)
                                   << 1 << 23 << "rules[0]"
                                   << "rules.missing";
    QTest::newRow("value of the wrong type")
        << QStringLiteral("{\"version\":1,\"rules\":[\n{\"kind\":\"max_hold_seconds\",\"value\":\"86400\",%1}]}")
               .arg(ok)
        << 2 << 36 << "rules[0].value"
        << "rules.wrong_type";
    QTest::newRow("a fraction is no count")
        << QStringLiteral("{\"version\":1,\"rules\":[\n{\"kind\":\"max_attempts\",\"value\":1.5,%1}]}").arg(ok) << 2
        << 32 << "rules[0].value"
        << "rules.wrong_type";
    QTest::newRow("out of bounds")
        << QStringLiteral("{\"version\":1,\"rules\":[\n{\"kind\":\"max_retries\",\"value\":11,%1}]}").arg(ok) << 2 << 31
        << "rules[0].value"
        << "rules.out_of_bounds";
    QTest::newRow("a parameter the kind does not take")
        << QStringLiteral("{\"version\":1,\"rules\":[\n{\"kind\":\"ends_in_stop\",\"value\":1,%1}]}").arg(ok) << 2 << 32
        << "rules[0].value"
        << "rules.not_for_kind";
    QTest::newRow("globs missing")
        << QStringLiteral("{\"version\":1,\"rules\":[\n{\"kind\":\"candidate_allowed\",%1}]}").arg(ok) << 2 << 1
        << "rules[0]"
        << "rules.needs_globs";
    QTest::newRow("bad class") << QStringLiteral("{\"version\":1,\"rules\":[\n{\"kind\":\"max_retries\",\"class\":"
                                                 "\"Hard\",\"value\":1,%1}]}")
                                      .arg(ok)
                               << 2 << 31 << "rules[0].class"
                               << "rules.bad_enum";
    QTest::newRow("duplicate id") << QStringLiteral("{\"version\":1,\"rules\":[{\"kind\":\"ends_in_stop\",%1},\n"
                                                    "{\"kind\":\"ends_in_stop\",%1}]}")
                                         .arg(ok)
                                  << 2 << 29 << "rules[1].id"
                                  << "rules.duplicate_id";
    QTest::newRow("exception naming an unknown rule") << QStringLiteral(
        "{\"version\":1,\"rules\":[],\n\"exceptions\":[{\"rule\":\"nope\",\"profile\":\"p\","
        "\"reason\":\"r\"}]}") << 2 << 23 << "exceptions[0].rule"
                                                      << "rules.unknown_rule";
    QTest::newRow("unknown key") << QStringLiteral("{\"version\":1,\"rules\":[],\n \"rule\":[]}") << 2 << 9 << "rule"
                                 << "rules.unknown_key";
    QTest::newRow("unknown key in a rule") << QStringLiteral(
        "{\"version\":1,\"rules\":[\n{\"kind\":\"ends_in_stop\",\"sevrity\":\"error\",\"id\":\"a\"}]}")
                                           << 2 << 34 << "rules[0].sevrity"
                                           << "rules.unknown_key";
    QTest::newRow("missing severity") << QStringLiteral(
        "{\"version\":1,\"rules\":[{\"kind\":\"ends_in_stop\",\"id\":\"a\"}]}")
                                      << 1 << 23 << "rules[0]"
                                      << "rules.missing";
    QTest::newRow("duplicate key") << QStringLiteral("{\"version\":1,\"rules\":[],\n\"version\":1}") << 1 << 12
                                   << "version"
                                   << "rules.duplicate_key";
    QTest::newRow("not JSON") << QStringLiteral("{\"version\":1,\n\"rules\":[],}") << 2 << 12 << ""
                              << "rules.syntax";
    // Found by fuzz_rules: a number beyond a double is valid JSON that nlohmann refuses with another exception.
    QTest::newRow("a number beyond a double")
        << QStringLiteral("{\"version\":1,\"rules\":[\n{\"kind\":\"max_hold_seconds\",\"value\":7e2800,%1}]}").arg(ok)
        << 2 << 36 << ""
        << "rules.syntax";
    QTest::newRow("not an object") << QStringLiteral("[]") << 1 << 1 << ""
                                   << "rules.wrong_type";
    QTest::newRow("empty") << QString() << 1 << 1 << ""
                           << "rules.syntax";
}

void TestRules::badRulesFiles()
{
    QFETCH(QString, text);
    QFETCH(int, line);
    QFETCH(int, column);
    QFETCH(QString, path);
    QFETCH(QString, code);
    const RulesFileResult r = readRulesFile(text.toStdString());
    QVERIFY(!r.ruleSet);  // never a default in place of a bad file
    QVERIFY(!r.errors.empty());
    const format::Diagnostic& e = r.errors.front();
    QCOMPARE(QString::fromStdString(e.code), code);
    QCOMPARE(QString::fromStdString(e.path), path);
    QCOMPARE(e.line, line);
    QCOMPARE(e.column, column);
    QVERIFY(!e.message.empty());
}

// One row per kind that fires and one that does not. On "two": each
// candidate's transient policy holds 5 + 10 + 20 = 35 s over 4 attempts and
// skips, so the route's transient worst case is 70 s, 8 attempts, ending with
// no candidate left; hard waits up to 300 s (2 attempts) and stops at
// candidate 0, so candidate 1 is never reached for hard errors.
void TestRules::everyKind_data()
{
    QTest::addColumn<QString>("doc");
    QTest::addColumn<QString>("rule");
    QTest::addColumn<QStringList>("expected");
    const auto row = [](const char* name, const char* doc, const char* rule, const QStringList& expected) {
        QTest::newRow(name) << QString::fromLatin1(doc) << QString::fromLatin1(rule) << expected;
    };
    row("max_hold_seconds fires", "two", R"("kind":"max_hold_seconds","class":"hard","value":299)",
        {"dyn-a - hard 300>299"});
    row("max_hold_seconds holds", "two", R"("kind":"max_hold_seconds","class":"hard","value":300)", {});
    row("max_hold_seconds both classes", "two", R"("kind":"max_hold_seconds","value":60)",
        {"dyn-a - transient 70>60", "dyn-a - hard 300>60"});
    row("max_attempts fires", "two", R"("kind":"max_attempts","class":"transient","value":7)",
        {"dyn-a - transient 8>7"});
    row("max_attempts holds", "two", R"("kind":"max_attempts","value":8)", {});
    row("max_retries fires", "two", R"("kind":"max_retries","class":"transient","value":2)",
        {"dyn-a c0 transient 3>2", "dyn-a c1 transient 3>2"});
    row("max_retries holds", "two", R"("kind":"max_retries","value":3)", {});
    row("max_reset_wait_seconds fires", "two", R"("kind":"max_reset_wait_seconds","class":"hard","value":299)",
        {"dyn-a c0 hard 300>299", "dyn-a c1 hard 300>299"});
    row("max_reset_wait_seconds holds", "two", R"("kind":"max_reset_wait_seconds","value":300)", {});
    row("ends_in_stop fires", "two", R"("kind":"ends_in_stop","class":"transient")", {"dyn-a - transient none_left"});
    row("ends_in_stop holds", "two", R"("kind":"ends_in_stop","class":"hard")", {});
    row("ends_in_stop none_left fires", "two", R"("kind":"ends_in_stop","class":"hard","outcome":"none_left")",
        {"dyn-a c0 hard stop"});
    row("ends_in_stop none_left holds", "two", R"("kind":"ends_in_stop","class":"transient","outcome":"none_left")",
        {});
    row("min_enabled_candidates fires", "two", R"("kind":"min_enabled_candidates","value":3)", {"dyn-a - - 2>3"});
    row("min_enabled_candidates holds", "two", R"("kind":"min_enabled_candidates","value":2)", {});
    row("provider_diversity fires", "two", R"("kind":"provider_diversity","value":3)", {"dyn-a - - 2>3"});
    row("provider_diversity holds", "two", R"("kind":"provider_diversity","value":2)", {});
    row("no_unreachable_candidates fires", "two", R"("kind":"no_unreachable_candidates","class":"hard")",
        {"dyn-a c1 hard"});
    row("no_unreachable_candidates holds", "two", R"("kind":"no_unreachable_candidates","class":"transient")", {});
    row("candidate_allowed fires", "two", R"("kind":"candidate_allowed","agents":["claude-*"])", {"dyn-a c1 -"});
    row("candidate_allowed holds", "two", R"("kind":"candidate_allowed","agents":["claude-*"],"profiles":["codex-*"])",
        {});
    row("candidate_forbidden fires", "two", R"("kind":"candidate_forbidden","agents":["codex-acp"])", {"dyn-a c1 -"});
    row("candidate_forbidden by profile", "two", R"("kind":"candidate_forbidden","profiles":["claude-s*"])",
        {"dyn-a c0 -"});
    row("candidate_forbidden holds", "two", R"("kind":"candidate_forbidden","agents":["gpt4-*"])", {});
    row("same_policy_for_class fires", "mixed", R"("kind":"same_policy_for_class","class":"transient")",
        {"dyn-a c1 transient"});
    row("same_policy_for_class holds", "mixed", R"("kind":"same_policy_for_class","class":"hard")", {});
    row("kandev_valid fires", "invalid", R"("kind":"kandev_valid")", {"dyn-a c0 -"});
    row("kandev_valid holds", "two", R"("kind":"kandev_valid")", {});
    row("kandev_eligible fires", "ineligible", R"("kind":"kandev_eligible")", {"dyn-a c1 -"});
    row("kandev_eligible holds", "two", R"("kind":"kandev_eligible")", {});
}

void TestRules::everyKind()
{
    QFETCH(QString, doc);
    QFETCH(QString, rule);
    QFETCH(QStringList, expected);
    const RuleSet set = ruleSetOf(QStringLiteral(R"({"id":"r",%1,"severity":"error"})").arg(rule));
    QCOMPARE(lint(doc, set), expected);
}

void TestRules::exceptionsAreShownNotCounted()
{
    const RuleSet set = ruleSetOf(
        QStringLiteral(R"({"id":"two-providers","kind":"provider_diversity","value":2,"severity":"error"})"),
        QStringLiteral(
            R"([{"rule":"two-providers","profile":"dyn-b","reason":"batch work, one vendor by contract"}])"));
    std::vector<Violation> violations;
    QCOMPARE(lint(QStringLiteral("fleet"), set, &violations),
        (QStringList {"dyn-a - - 1>2", "dyn-b - - 1>2 excepted: batch work, one vendor by contract"}));
    const LintCounts counts = countViolations(violations);
    QCOMPARE(counts.errors, std::size_t(1));
    QCOMPARE(counts.excepted, std::size_t(1));
    QCOMPARE(counts.warnings, std::size_t(0));
}

void TestRules::appliesToIdsAndNameGlobs_data()
{
    QTest::addColumn<QString>("appliesTo");
    QTest::addColumn<QStringList>("expected");
    QTest::newRow("everyone") << QStringLiteral("[]") << QStringList {"dyn-a - - 1>2", "dyn-b - - 1>2"};
    QTest::newRow("an id") << QStringLiteral(R"(["dyn-a"])") << QStringList {"dyn-a - - 1>2"};
    QTest::newRow("an id glob") << QStringLiteral(R"(["dyn-?"])") << QStringList {"dyn-a - - 1>2", "dyn-b - - 1>2"};
    QTest::newRow("a name glob") << QStringLiteral(R"(["Nightly*"])") << QStringList {"dyn-b - - 1>2"};
    QTest::newRow("no match") << QStringLiteral(R"(["other-*"])") << QStringList {};
}

void TestRules::appliesToIdsAndNameGlobs()
{
    QFETCH(QString, appliesTo);
    QFETCH(QStringList, expected);
    const QString applies
        = appliesTo == QLatin1String("[]") ? QString() : QStringLiteral(R"(,"applies_to":%1)").arg(appliesTo);
    const RuleSet set = ruleSetOf(
        QStringLiteral(R"({"id":"r","kind":"provider_diversity","value":2,"severity":"warning"%1})").arg(applies));
    QCOMPARE(lint(QStringLiteral("fleet"), set), expected);
}

// Without a rules file lint applies what validate checks: the same problems.
void TestRules::withoutRulesKandevsOwn()
{
    const RuleSet set = RuleSet::kandevDefaults();
    QVERIFY(set.builtIn);
    QCOMPARE(lint(QStringLiteral("two"), set), QStringList {});
    QCOMPARE(lint(QStringLiteral("invalid"), set), QStringList {"dyn-a c0 -"});
    QCOMPARE(lint(QStringLiteral("ineligible"), set), QStringList {"dyn-a c1 -"});
    const std::string text = document(QStringLiteral("invalid")).toStdString();
    const auto parsed = format::parseDocument(text);
    const auto validation = format::validateDocument(*parsed.document, text);
    QCOMPARE(validation.size(), std::size_t(1));
    std::vector<Violation> violations;
    lint(QStringLiteral("invalid"), set, &violations);
    QCOMPARE(violations.front().path, validation.front().path);
    QCOMPARE(violations.front().line, validation.front().line);
    QCOMPARE(violations.front().column, validation.front().column);
}

// kandev_valid finds what validation finds, at the same paths, in every file shape.
void TestRules::kandevValidIsWhatValidateFinds_data()
{
    QTest::addColumn<QString>("text");
    const QString dynamic = QStringLiteral(R"({"version":1,"candidates":[%1]})");
    QTest::newRow("an export") << document(QStringLiteral("invalid"));
    QTest::newRow("an agent profile, blank name")
        << QStringLiteral(R"({"id":"dyn-x","name":" ","kind":"dynamic","dynamic":%1})")
               .arg(dynamic.arg(candidate(0, "claude-sonnet", classPolicy(0, 5, 0, "skip"))));
    QTest::newRow("a bare document, positions")
        << dynamic.arg(candidate(1, "claude-sonnet") + QLatin1Char(',') + candidate(1, "codex-gpt5"));
    QTest::newRow("no candidates") << dynamic.arg(QString());
    QTest::newRow("a duplicate") << dynamic.arg(candidate(0, "a") + QLatin1Char(',') + candidate(1, "a"));
}

void TestRules::kandevValidIsWhatValidateFinds()
{
    QFETCH(QString, text);
    const std::string bytes = text.toStdString();
    const format::ParseResult parsed = format::parseDocument(bytes);
    QVERIFY(parsed.document);
    QStringList validation;
    for (const format::Diagnostic& d : format::validateDocument(*parsed.document, bytes))
        validation << QStringLiteral("%1 %2:%3").arg(QString::fromStdString(d.path)).arg(d.line).arg(d.column);
    QVERIFY(!validation.isEmpty());
    const RuleSet set = ruleSetOf(QStringLiteral(R"({"id":"k","kind":"kandev_valid","severity":"error"})"));
    std::vector<Violation> violations = Linter(*parsed.document, set).lintDocument();
    locateViolations(bytes, violations);
    QStringList lint;
    for (const Violation& v : violations)
        lint << QStringLiteral("%1 %2:%3").arg(QString::fromStdString(v.path)).arg(v.line).arg(v.column);
    validation.sort();
    lint.sort();
    QCOMPARE(lint, validation);
}

// The editor lints the profile being edited alone, with the profile index
// it keeps: the same violations as the whole document's for it.
void TestRules::oneProfileAsTheEditorAsks()
{
    const std::string text = document(QStringLiteral("fleet")).toStdString();
    const format::ParseResult parsed = format::parseDocument(text);
    const RuleSet set = ruleSetOf(QStringLiteral(R"({"id":"p","kind":"provider_diversity","value":2,"severity":"error"},
        {"id":"m","kind":"max_retries","value":2,"severity":"warning","applies_to":["Nightly*"]})"));
    const Linter linter(*parsed.document, set);
    const check::ProfileIndex editorsIndex(*parsed.document);
    const Linter editorsLinter(*parsed.document, editorsIndex, set);
    const std::vector<Violation> all = linter.lintDocument();
    std::size_t seen = 0;
    for (std::size_t i = 0; i < parsed.document->profiles.size(); ++i) {
        QStringList one, slice;
        for (const Violation& v : editorsLinter.lintProfile(i))
            one << render(v) + QString::fromStdString(" " + v.ruleId);
        for (const Violation& v : all) {
            if (v.profileIndex == i)
                slice << render(v) + QString::fromStdString(" " + v.ruleId);
        }
        QCOMPARE(one, slice);
        seen += std::size_t(one.size());
    }
    QCOMPARE(seen, all.size());
    QCOMPARE(all.size(), std::size_t(3));  // both routes span one provider; dyn-b's one candidate retries 3 times
    QCOMPARE(linter.dynamicProfileCount(), std::size_t(2));
}

// A violation's path is where its value is in the file.
void TestRules::violationsPointIntoTheFile()
{
    const RuleSet set = ruleSetOf(QStringLiteral(R"({"id":"r","kind":"max_retries","value":2,"severity":"error"})"));
    std::vector<Violation> violations;
    lint(QStringLiteral("two"), set, &violations);
    QCOMPARE(violations.size(), std::size_t(2));
    const std::string text = document(QStringLiteral("two")).toStdString();
    QCOMPARE(violations[1].path, std::string("profiles[3].dynamic.candidates[1].policies.transient.retry.max_retries"));
    // The file is one line: the column is the offset of that value plus one.
    const std::size_t second = text.find("\"max_retries\":3", text.find("codex-gpt5\",\"enabled\""));
    QCOMPARE(violations[1].line, 1);
    QCOMPARE(std::size_t(violations[1].column), second + std::string_view("\"max_retries\":").size() + 1);
}

void TestRules::violationsInWords()
{
    Violation v;
    v.kind = RuleKind::MaxHoldSeconds;
    v.errorClass = policy::ErrorClass::Hard;
    v.measured = 86400 + 3600 + 300;
    v.limit = 86400;
    QCOMPARE(english::describeViolation(v),
        std::string("worst-case hold for hard errors is 1 d 1 h 5 min; the house allows 1 d"));
    v.kind = RuleKind::MaxRetries;
    v.candidateIndex = 2;
    v.executionProfileId = "codex-gpt5";
    v.agent = "codex-acp";
    v.measured = 5;
    v.limit = 2;
    QCOMPARE(english::describeViolation(v),
        std::string("candidate 2 (\"codex-gpt5\", agent \"codex-acp\") retries hard errors 5 times; the house allows 2 "
                    "times"));
    Violation providers;
    providers.kind = RuleKind::ProviderDiversity;
    providers.measured = 1;
    providers.limit = 2;
    providers.agents = {"claude-acp"};
    QCOMPARE(english::describeViolation(providers),
        std::string("the enabled candidates span 1 provider (claude-acp); the house requires at least 2"));
    // kandev's own rule names the field, as validate does.
    Violation limits;
    limits.kind = RuleKind::KandevValid;
    limits.issue = policy::Issue {
        "candidates[0].policies.transient.retry.max_retries", policy::IssueCode::OutOfRange, 11, 1, 10};
    QCOMPARE(english::describeViolation(limits),
        "candidates[0].policies.transient.retry.max_retries: " + format::describeIssue(*limits.issue));
    for (const KindDescriptor& d : kKindDescriptors)
        QVERIFY(!english::describeKind(d.kind).empty());
}

void TestRules::globs_data()
{
    QTest::addColumn<QString>("pattern");
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("matches");
    QTest::newRow("exact") << "dyn-a"
                           << "dyn-a" << true;
    QTest::newRow("star") << "gpt4-*"
                          << "gpt4-turbo" << true;
    QTest::newRow("star empty") << "gpt4-*"
                                << "gpt4-" << true;
    QTest::newRow("star middle") << "a*c"
                                 << "abbbc" << true;
    QTest::newRow("question") << "dyn-?"
                              << "dyn-ab" << false;
    QTest::newRow("case") << "Dyn-*"
                          << "dyn-a" << false;
    QTest::newRow("backtrack") << "*ab*ab"
                               << "xabyab" << true;
    QTest::newRow("no") << "claude-*"
                        << "codex-acp" << false;
}

void TestRules::globs()
{
    QFETCH(QString, pattern);
    QFETCH(QString, text);
    QFETCH(bool, matches);
    QCOMPARE(globMatches(pattern.toStdString(), text.toStdString()), matches);
}

QTEST_GUILESS_MAIN(TestRules)
#include "tst_rules.moc"
