// SPDX-License-Identifier: Apache-2.0
// The JSON Schema walker (core/format/src/json_schema.h) against valijson,
// a complete draft-07 implementation, as the oracle: both must give the same
// verdict on the shipped samples and on thousands of mutations of them.
#include "json_schema.h"

#include "format/codec.h"
#include "format/locate.h"
#include "format/validator.h"

#include "../common/test_paths.h"

#include <nlohmann/json.hpp>
#include <valijson/adapters/nlohmann_json_adapter.hpp>
#include <valijson/schema.hpp>
#include <valijson/schema_parser.hpp>
#include <valijson/validator.hpp>

#include <QtTest>

#include <map>
#include <random>

using format::detail::CompiledSchema;
using format::detail::SchemaError;
using Json = nlohmann::ordered_json;

namespace
{

// valijson's verdict, with the schema files fetched by name like ours.
class Oracle
{
public:
    explicit Oracle(const std::string& fileName)
    {
        const nlohmann::json root = nlohmann::json::parse(format::schemaText(fileName));
        valijson::SchemaParser parser(valijson::SchemaParser::kDraft7);
        valijson::adapters::NlohmannJsonAdapter adapter(root);
        auto fetch = [](const std::string& uri) -> const nlohmann::json* {
            const auto slash = uri.find_last_of('/');
            return new nlohmann::json(
                nlohmann::json::parse(format::schemaText(slash == std::string::npos ? uri : uri.substr(slash + 1))));
        };
        auto release = [](const nlohmann::json* doc) { delete doc; };
        parser.populateSchema(adapter, m_schema, fetch, release);
    }
    bool accepts(const Json& value) const
    {
        const nlohmann::json plain = nlohmann::json::parse(value.dump());
        valijson::adapters::NlohmannJsonAdapter adapter(plain);
        valijson::Validator validator;
        return validator.validate(m_schema, adapter, nullptr);
    }

private:
    valijson::Schema m_schema;
};

// Values that sit on and beyond the schemas' bounds, of every type.
std::vector<Json> palette()
{
    return {nullptr, true, false, 0, 1, -1, 10, 11, 3600, 3601, 604800, 604801, 1.5, "", "x", "skip", "stop",
        "none_left", "error", "max_retries", Json::array(), Json::object(), Json::parse(R"({"enabled": true})"),
        Json::parse(R"({"enabled": false, "max_retries": 0})"), Json::parse(R"([{"position": 0}])")};
}

// Every place in a value, as JSON pointers, root included.
void collectPointers(const Json& value, const Json::json_pointer& at, std::vector<Json::json_pointer>& out)
{
    out.push_back(at);
    if (value.is_object()) {
        for (const auto& [key, member] : value.items())
            collectPointers(member, at / key, out);
    } else if (value.is_array()) {
        for (std::size_t i = 0; i < value.size(); ++i)
            collectPointers(value[i], at / i, out);
    }
}

// One random change: a value replaced, a member removed, an unknown member
// added, or an item removed.
Json mutate(const Json& original, std::mt19937& random)
{
    static const std::vector<Json> values = palette();
    Json doc = original;
    std::vector<Json::json_pointer> pointers;
    collectPointers(doc, Json::json_pointer(), pointers);
    const auto pick = [&](std::size_t n) { return std::uniform_int_distribution<std::size_t>(0, n - 1)(random); };
    const Json::json_pointer at = pointers[pick(pointers.size())];
    Json& target = doc[at];
    switch (pick(4)) {
    case 0: target = values[pick(values.size())]; break;
    case 1:
        if (!at.empty())
            doc[at.parent_pointer()].is_object() ? (void)doc[at.parent_pointer()].erase(at.back())
                                                 : (void)doc[at.parent_pointer()].erase(std::stoul(at.back()));
        break;
    case 2:
        if (target.is_object())
            target["zz_unknown"] = values[pick(values.size())];
        else
            target = values[pick(values.size())];
        break;
    default:
        if (target.is_array() && !target.empty())
            target.erase(target.size() - 1);
        else
            target = values[pick(values.size())];
    }
    return doc;
}

std::string join(const std::vector<SchemaError>& errors)
{
    std::string out;
    for (const auto& e : errors)
        out += e.path + ": " + e.message + "\n";
    return out;
}

}  // namespace

class TestJsonSchema : public QObject
{
    Q_OBJECT

private slots:
    void everyShippedSchemaCompiles();
    void refusesWhatItCannotCheck_data();
    void refusesWhatItCannotCheck();
    void agreesWithValijson_data();
    void agreesWithValijson();
    void errorsNameTheFieldAndSayWhatIsWrong_data();
    void errorsNameTheFieldAndSayWhatIsWrong();
    void diagnosticsAreCappedAndEachSaidOnce();
};

void TestJsonSchema::everyShippedSchemaCompiles()
{
    for (const auto name : format::schemaFileNames()) {
        try {
            const CompiledSchema schema(name, format::schemaText);
        } catch (const std::invalid_argument& e) {
            QFAIL(e.what());
        }
    }
    QCOMPARE(format::schemaFileNames().size(), std::size_t(6));
}

void TestJsonSchema::refusesWhatItCannotCheck_data()
{
    QTest::addColumn<QString>("schema");
    QTest::addColumn<QString>("expected");
    QTest::newRow("unknown keyword") << R"({"type": "string", "pattern": "^a"})"
                                     << "#/pattern: the keyword \"pattern\" is not supported";
    QTest::newRow("unknown keyword deep inside") << R"({"properties": {"a": {"items": {"uniqueItems": true}}}})"
                                                 << "#/properties/a/items/uniqueItems: the keyword \"uniqueItems\"";
    QTest::newRow("keywords beside $ref")
        << R"({"definitions": {"a": {}}, "$ref": "#/definitions/a", "type": "string"})"
        << "keywords beside $ref are ignored";
    QTest::newRow("$ref to nowhere") << R"({"$ref": "#/definitions/missing"})"
                                     << "t.json#/definitions/missing: the schema refers to a place that does not exist";
    QTest::newRow("$ref to another file that is not there") << R"({"$ref": "other.json"})"
                                                            << "other.json: no such schema file";
    QTest::newRow("$ref chain going round")
        << R"({"definitions": {"a": {"$ref": "#/definitions/b"}, "b": {"$ref": "#/definitions/a"}}, "$ref": "#/definitions/a"})"
        << "refers to itself";
    QTest::newRow("tuple items") << R"({"items": [{"type": "string"}]})"
                                 << "only one schema for every item";
    QTest::newRow("unknown type") << R"({"type": "float"})"
                                  << "unknown type \"float\"";
    QTest::newRow("bound is not a number") << R"({"maximum": "10"})"
                                           << "#/maximum: expected a number";
    QTest::newRow("not JSON") << R"({"type": )"
                              << "t.json: ";
}

void TestJsonSchema::refusesWhatItCannotCheck()
{
    QFETCH(QString, schema);
    QFETCH(QString, expected);
    const std::string text = schema.toStdString();
    const auto load
        = [&](std::string_view name) { return name == "t.json" ? std::string_view(text) : std::string_view(); };
    try {
        const CompiledSchema compiled("t.json", load);
        QFAIL("compiled");
    } catch (const std::invalid_argument& e) {
        QVERIFY2(std::string_view(e.what()).find(expected.toStdString()) != std::string_view::npos, e.what());
    }
}

void TestJsonSchema::agreesWithValijson_data()
{
    QTest::addColumn<QString>("schemaFile");
    QTest::addColumn<QString>("sample");
    QTest::newRow("bare document") << "dynamic-profile.schema.json"
                                   << "resources/samples/profile-v1.json";
    QTest::newRow("agent profile") << "agent-profile.schema.json"
                                   << "resources/samples/legacy-profile.json";
    QTest::newRow("export") << "export.schema.json"
                            << "resources/samples/export.json";
    QTest::newRow("legacy conflict") << "agent-profile.schema.json"
                                     << "resources/samples/legacy-conflict.json";
    QTest::newRow("house rules (anyOf, allOf, not, if)") << "policy-rules.schema.json"
                                                         << "examples/house-rules/policy-rules.json";
}

void TestJsonSchema::agreesWithValijson()
{
    QFETCH(QString, schemaFile);
    QFETCH(QString, sample);
    const std::string name = schemaFile.toStdString();
    const CompiledSchema ours(name, format::schemaText);
    const Oracle oracle(name);
    const Json original = Json::parse(testpaths::readAll(QStringLiteral(POLICY_STUDIO_SOURCE_DIR "/") + sample));

    std::vector<SchemaError> errors;
    QVERIFY2(ours.validate(original, errors), join(errors).c_str());
    QVERIFY(oracle.accepts(original));

    std::mt19937 random(20261205);
    int rejected = 0;
    constexpr int kMutations = 400;
    for (int i = 0; i < kMutations; ++i) {
        Json doc = mutate(original, random);
        if (i % 2)
            doc = mutate(doc, random);  // two changes at once
        errors.clear();
        const bool verdict = ours.validate(doc, errors);
        const std::string context = "mutation " + std::to_string(i) + ":\n" + doc.dump() + "\nours:\n" + join(errors);
        QVERIFY2(verdict == oracle.accepts(doc), context.c_str());
        QVERIFY2(verdict == ours.accepts(doc), context.c_str());  // with and without messages alike
        QVERIFY2(verdict == errors.empty(), context.c_str());  // a refusal always says why
        rejected += verdict ? 0 : 1;
    }
    // The mutations reach the checks: some are refused (few for an agent
    // profile, which keeps unknown fields), never all.
    QVERIFY2(rejected >= kMutations / 50 && rejected < kMutations, qPrintable(QString::number(rejected)));
}

void TestJsonSchema::errorsNameTheFieldAndSayWhatIsWrong_data()
{
    QTest::addColumn<QString>("schemaFile");
    QTest::addColumn<QString>("json");
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("message");
    const QString policy = QStringLiteral("policy.schema.json");
    const QString dynamic = QStringLiteral("dynamic-profile.schema.json");
    const QString valid = QStringLiteral(
        R"({"version": 1, "transient": {"retry": {"enabled": true, "max_retries": 3, "initial_interval_seconds": 5}, "on_exhausted": "skip"}, "hard": {"on_exhausted": "stop"}})");
    QTest::newRow("above the maximum") << policy << QString(valid).replace("\"max_retries\": 3", "\"max_retries\": 11")
                                       << "transient.retry.max_retries"
                                       << "must be at most 10";
    QTest::newRow("below the minimum when enabled (then)")
        << policy << QString(valid).replace("\"initial_interval_seconds\": 5", "\"initial_interval_seconds\": 0")
        << "transient.retry.initial_interval_seconds"
        << "must be at least 1";
    QTest::newRow("missing field") << policy << QString(valid).replace(R"({"on_exhausted": "stop"})", "{}") << "hard"
                                   << "the field \"on_exhausted\" is missing";
    QTest::newRow("unknown field in a closed object")
        << policy << QString(valid).replace("\"version\": 1,", "\"version\": 1, \"fatal\": {},") << "fatal"
        << "the field \"fatal\" is not allowed here";
    QTest::newRow("not in the enum") << policy << QString(valid).replace("\"skip\"", "\"halt\"")
                                     << "transient.on_exhausted"
                                     << "must be one of \"skip\", \"stop\"";
    QTest::newRow("not the const") << policy << QString(valid).replace("\"version\": 1", "\"version\": 2") << "version"
                                   << "must be 1";
    QTest::newRow("wrong type") << policy << QString(valid).replace("\"max_retries\": 3", "\"max_retries\": \"3\"")
                                << "transient.retry.max_retries"
                                << "expected an integer or null, found a string";
    QTest::newRow("a fraction is not an integer")
        << policy << QString(valid).replace("\"max_retries\": 3", "\"max_retries\": 2.5")
        << "transient.retry.max_retries"
        << "expected an integer or null, found a fractional number";
    QTest::newRow("empty list") << dynamic << R"({"candidates": []})"
                                << "candidates"
                                << "must hold at least 1 items";
    QTest::newRow("empty id") << dynamic << R"({"candidates": [{"position": 0, "execution_profile_id": ""}]})"
                              << "candidates[0].execution_profile_id"
                              << "must be at least 1 characters long";
    QTest::newRow("oneOf: the one form of this type says what is wrong")
        << dynamic << R"({"candidates": [{"position": 0, "execution_profile_id": "a", "policies": {}}]})"
        << "candidates[0].policies"
        << "the field \"version\" is missing";
    QTest::newRow("oneOf: no form of this type")
        << dynamic << R"({"candidates": [{"position": 0, "execution_profile_id": "a", "policies": "v1"}]})"
        << "candidates[0].policies"
        << "matches none of the allowed forms";
}

void TestJsonSchema::errorsNameTheFieldAndSayWhatIsWrong()
{
    QFETCH(QString, schemaFile);
    QFETCH(QString, json);
    QFETCH(QString, path);
    QFETCH(QString, message);
    const CompiledSchema schema(schemaFile.toStdString(), format::schemaText);
    std::vector<SchemaError> errors;
    QVERIFY(!schema.validate(Json::parse(json.toStdString()), errors));
    bool found = false;
    for (const auto& e : errors)
        found = found || (e.path == path.toStdString() && e.message == message.toStdString());
    QVERIFY2(found, join(errors).c_str());
}

// What validate reports: a bound broken in two places of the schema (the
// properties and the `then` of retry) is one diagnostic; of many errors the
// first hundred are listed and the rest counted exactly.
void TestJsonSchema::diagnosticsAreCappedAndEachSaidOnce()
{
    constexpr int kUnknown = 250;
    std::string extra;
    for (int i = 0; i < kUnknown; ++i)
        extra += ", \"extra_" + std::to_string(i) + "\": " + std::to_string(i);
    const std::string text = R"({"candidates": [{"position": 0, "execution_profile_id": "a", "policies": {"version": 1)"
        + extra + R"(, "transient": {"retry": {"enabled": true, "max_retries": 11, "initial_interval_seconds": 5},
        "on_exhausted": "skip"}, "hard": {"on_exhausted": "stop"}}}]})";
    const auto diagnostics = format::validateAgainstSchema(text, format::FileShape::DynamicDocument);
    QCOMPARE(diagnostics.size(), format::kMaxDiagnosticsPerFile + 1);
    int onMaxRetries = 0;
    for (std::size_t i = 0; i < format::kMaxDiagnosticsPerFile; ++i) {
        QVERIFY(diagnostics[i].line > 0 && diagnostics[i].column > 0);
        onMaxRetries += diagnostics[i].path == "candidates[0].policies.transient.retry.max_retries" ? 1 : 0;
    }
    QCOMPARE(diagnostics.front().path, std::string("candidates[0].policies.extra_0"));
    QCOMPARE(diagnostics.back().code, std::string(format::kMoreDiagnosticsCode));
    // 250 fields and one bound, less the 100 listed; the bound is past them.
    QCOMPARE(diagnostics.back().args, std::vector<std::string> {std::to_string(kUnknown + 1 - 100)});
    QCOMPARE(onMaxRetries, 0);

    const std::string one = R"({"candidates": [{"position": 0, "execution_profile_id": "a", "policies": {"version": 1,
        "transient": {"retry": {"enabled": true, "max_retries": 11, "initial_interval_seconds": 5},
        "on_exhausted": "skip"}, "hard": {"on_exhausted": "stop"}}}]})";
    const auto once = format::validateAgainstSchema(one, format::FileShape::DynamicDocument);
    QCOMPARE(once.size(), std::size_t(1));
    QCOMPARE(once.front().path, std::string("candidates[0].policies.transient.retry.max_retries"));
    QCOMPARE(once.front().message, std::string("schema: must be at most 10"));
}

QTEST_APPLESS_MAIN(TestJsonSchema)
#include "tst_json_schema.moc"
