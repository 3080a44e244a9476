// SPDX-License-Identifier: Apache-2.0
#include "format/codec.h"
#include "format/scenario.h"
#include "format/validator.h"

#include "check/document_check.h"

#include "../common/test_paths.h"

#include <nlohmann/json.hpp>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

using namespace format;

namespace
{

QString firstError(const std::vector<Diagnostic>& errors)
{
    if (errors.empty())
        return {};
    const auto& e = errors.front();
    return QStringLiteral("%1:%2 %3: %4")
        .arg(e.line)
        .arg(e.column)
        .arg(QString::fromStdString(e.path), QString::fromStdString(e.message));
}

const char* kPolicies = R"({"version": 1,
 "transient": {"retry": {"enabled": true, "max_retries": 3, "initial_interval_seconds": 5},
               "wait_for_reset": {"enabled": false, "max_wait_seconds": 0}, "on_exhausted": "skip"},
 "hard": {"retry": {"enabled": false, "max_retries": 0, "initial_interval_seconds": 0},
          "wait_for_reset": {"enabled": true, "max_wait_seconds": 300}, "on_exhausted": "stop"}})";

// A bare document with one candidate whose policies text has `from`
// replaced by `to`.
std::string documentWith(const std::string& from, const std::string& to)
{
    std::string policies = kPolicies;
    if (!from.empty()) {
        const auto at = policies.find(from);
        if (at == std::string::npos)
            qFatal("fixture text not found: %s", from.c_str());
        policies.replace(at, from.size(), to);
    }
    return "{\"version\": 1, \"candidates\": [{\"position\": 0, \"execution_profile_id\": \"a\", \"policies\": "
        + policies + "}]}";
}

}  // namespace

class TestCodec final : public QObject
{
    Q_OBJECT
private slots:
    void loadsEveryShape_data();
    void loadsEveryShape();
    void roundTripIsByteIdentical_data();
    void roundTripIsByteIdentical();
    void unknownFieldsAndOrderSurvive();
    void compactLayoutIsTheSameDocument_data();
    void compactLayoutIsTheSameDocument();
    void readWithoutSourcesChecksAlikeAndIsNeverWritten_data();
    void readWithoutSourcesChecksAlikeAndIsNeverWritten();
    void writtenAsPrettyPrintedJson_data();
    void writtenAsPrettyPrintedJson();
    void largeDocumentsAreWrittenInPieces();
    void editsPatchInPlace();
    void errors_data();
    void errors();
    void diagnosticsAreCappedAndPlaced_data();
    void diagnosticsAreCappedAndPlaced();
    void nullAndAbsentReadAsZero();
    void newerPolicyVersionIsReadOnly();
    void schemaBoundsEqualDeclaredLimits();
    void schemaAcceptsTheSamples_data();
    void schemaAcceptsTheSamples();
    void schemaRejectsWhatTheRulesReject_data();
    void schemaRejectsWhatTheRulesReject();

private:
    QTemporaryDir m_dir;
};

void TestCodec::loadsEveryShape_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("shape");
    QTest::addColumn<int>("profiles");
    QTest::addColumn<int>("dynamicProfiles");
    QTest::addColumn<int>("firstCandidates");
    QTest::newRow("bare document") << "profile-v1.json" << int(FileShape::DynamicDocument) << 1 << 1 << 3;
    QTest::newRow("agent profile") << "legacy-profile.json" << int(FileShape::AgentProfile) << 1 << 1 << 4;
    QTest::newRow("export object") << "export.json" << int(FileShape::ExportObject) << 7 << 2 << 4;
}

void TestCodec::loadsEveryShape()
{
    QFETCH(QString, file);
    QFETCH(int, shape);
    QFETCH(int, profiles);
    QFETCH(int, dynamicProfiles);
    QFETCH(int, firstCandidates);
    const ParseResult r = parseDocument(testpaths::readAll(testpaths::sample(file)));
    QVERIFY2(r.errors.empty(), qPrintable(firstError(r.errors)));
    QVERIFY(r.document);
    QCOMPARE(int(r.document->shape), shape);
    QCOMPARE(int(r.document->profiles.size()), profiles);
    int dynamicCount = 0;
    const ProfileRecord* first = nullptr;
    for (const auto& p : r.document->profiles) {
        if (p.dynamic) {
            ++dynamicCount;
            if (!first)
                first = &p;
        }
    }
    QCOMPARE(dynamicCount, dynamicProfiles);
    QCOMPARE(int(first->dynamic->candidates.size()), firstCandidates);
    QCOMPARE(first->dynamic->candidateSources.size(), first->dynamic->candidates.size());
}

void TestCodec::roundTripIsByteIdentical_data()
{
    QTest::addColumn<QString>("file");
    QTest::newRow("bare") << testpaths::sample("profile-v1.json");
    QTest::newRow("profile") << testpaths::sample("legacy-profile.json");
    QTest::newRow("export") << testpaths::sample("export.json");
    QTest::newRow("conflict") << testpaths::sample("legacy-conflict.json");
}

void TestCodec::roundTripIsByteIdentical()
{
    QFETCH(QString, file);
    const std::string text = testpaths::readAll(file);
    const ParseResult r = parseDocument(text);
    QVERIFY(r.document);
    QCOMPARE(QString::fromStdString(serializeDocument(*r.document)), QString::fromStdString(text));
}

void TestCodec::compactLayoutIsTheSameDocument_data()
{
    roundTripIsByteIdentical_data();
    // Strings whose quotes, backslashes and spaces a minifier must keep, one
    // longer than a piece so that a string spans two pieces.
    const QString tricky = QStringLiteral(R"({"note": "a \" b \\", "path": "C:\\x\\", "long": "%1 \" %1",
        "candidates": [{"position": 0, "execution_profile_id": " spaced \"id\" ", "enabled": true}]})")
                               .arg(QString(70000, QLatin1Char(' ')));
    QFile file(m_dir.filePath("tricky.json"));
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(tricky.toUtf8());
    file.close();
    QTest::newRow("strings") << file.fileName();
}

// The compact layout (migrate --format json's "document") is the indented
// file's document: written directly or minified from the file's text, it is
// what parsing the file and printing it compactly gives.
void TestCodec::compactLayoutIsTheSameDocument()
{
    QFETCH(QString, file);
    const std::string text = testpaths::readAll(file);
    const ParseResult r = parseDocument(text);
    QVERIFY2(r.document, r.errors.empty() ? "" : r.errors.front().message.c_str());
    const std::vector<std::string> indented = serializeDocumentPieces(*r.document);
    const std::string expected = nlohmann::ordered_json::parse(joinPieces(indented)).dump();
    QCOMPARE(joinPieces(serializeDocumentPieces(*r.document, Layout::Compact)), expected);
    QCOMPARE(joinPieces(compactPieces(indented)), expected);
    QVERIFY(indented.size() > 1 || text.size() < 65536);
}

void TestCodec::readWithoutSourcesChecksAlikeAndIsNeverWritten_data()
{
    roundTripIsByteIdentical_data();
    QTest::newRow("legacy, mixed") << testpaths::fixture("hostile/legacy-mixed.json");
    QTest::newRow("future version") << testpaths::fixture("hostile/future-version.json");
}

// validate, timeline and the C API read without the records' sources: the
// same problems, and a document that refuses to be written (it would lose
// every unknown field).
void TestCodec::readWithoutSourcesChecksAlikeAndIsNeverWritten()
{
    QFETCH(QString, file);
    const std::string text = testpaths::readAll(file);
    const check::DocumentCheck kept = check::checkDocument(text);
    const check::DocumentCheck dropped = check::checkDocument(text, true, RecordSources::Drop);
    QCOMPARE(dropped.errors, kept.errors);
    QCOMPARE(dropped.warnings, kept.warnings);
    QCOMPARE(dropped.document.has_value(), kept.document.has_value());
    if (!dropped.document)
        return;
    QVERIFY(kept.document->writable);
    QVERIFY(!dropped.document->writable);
    QVERIFY_THROWS_EXCEPTION(std::logic_error, serializeDocumentPieces(*dropped.document));
    QCOMPARE(dropped.document->profiles.size(), kept.document->profiles.size());
}

void TestCodec::unknownFieldsAndOrderSurvive()
{
    const std::string text = R"([
  {"zeta": 1, "id": "dyn", "dynamic": {"x-note": {"deep": [1, 2.5, "s"]}, "candidates": [
    {"execution_profile_id": "a", "custom": true, "position": 0, "enabled": false}
  ], "version": 3}, "kind": "dynamic"},
  {"id": "a", "kind": "concrete", "model": "m"}
])";
    const ParseResult r = parseDocument(text);
    QVERIFY2(r.document, qPrintable(firstError(r.errors)));
    QCOMPARE(r.document->shape, FileShape::ExportArray);
    const std::string saved = serializeDocument(*r.document);
    const QJsonDocument before = QJsonDocument::fromJson(QByteArray::fromStdString(text));
    const QJsonDocument after = QJsonDocument::fromJson(QByteArray::fromStdString(saved));
    QCOMPARE(after, before);  // same values everywhere
    // Key order: the candidate's keys keep their original order.
    const auto custom = saved.find("\"custom\"");
    const auto position = saved.find("\"position\"");
    const auto id = saved.find("\"execution_profile_id\"");
    QVERIFY(id < custom && custom < position);
    QVERIFY(saved.find("\"zeta\"") < saved.find("\"id\""));
    QVERIFY(saved.find("\"x-note\"") < saved.find("\"candidates\""));
    // Saving what we wrote changes nothing.
    QCOMPARE(serializeDocument(*parseDocument(saved).document), saved);
}

void TestCodec::writtenAsPrettyPrintedJson_data()
{
    // The writer builds one record at a time; its text must be what a
    // 2-space pretty printer makes of the whole tree.
    QTest::addColumn<QString>("text");
    QTest::newRow("no candidates") << R"({"candidates": [], "version": 2})";
    QTest::newRow("nested unknown fields")
        << R"({"x": {"a": [], "b": {}, "c": [[], [{}], {"d": [1, {"e": null}]}]}, "candidates": [{"position": 0, "execution_profile_id": "a", "y": [{}]}]})";
    QTest::newRow("escaped and non-ASCII keys")
        << R"({"k\"ey\n": 1, "schlüssel": "wert\u0007", "candidates": [{"position": 0, "execution_profile_id": "é\t"}]})";
    QTest::newRow("export object with fields around profiles")
        << R"({"a": 1, "profiles": [{"id": "p", "kind": "k"}, {"id": "d", "dynamic": {"candidates": []}}], "z": [2]})";
    QTest::newRow("empty export") << R"({"profiles": []})";
    QTest::newRow("empty export array") << R"([])";
    QTest::newRow("agent profile")
        << R"({"id": "d", "name": "n", "dynamic": {"candidates": [{"position": 0, "execution_profile_id": "a"}]}, "after": {}})";
}

void TestCodec::writtenAsPrettyPrintedJson()
{
    QFETCH(QString, text);
    const ParseResult r = parseDocument(text.toStdString());
    QVERIFY2(r.document, qPrintable(firstError(r.errors)));
    const std::string saved = serializeDocument(*r.document);
    QCOMPARE(
        QString::fromStdString(saved), QString::fromStdString(nlohmann::ordered_json::parse(saved).dump(2) + "\n"));
    QCOMPARE(QJsonDocument::fromJson(QByteArray::fromStdString(saved)), QJsonDocument::fromJson(text.toUtf8()));
}

void TestCodec::largeDocumentsAreWrittenInPieces()
{
    std::string text = "{\"candidates\": [";
    for (int i = 0; i < 5000; ++i)
        text += (i ? ", " : "") + std::string("{\"position\": ") + std::to_string(i)
            + ", \"execution_profile_id\": \"agent-" + std::to_string(i)
            + "\", \"rules\": {\"quota_limited\": \"stop\"}}";
    text += "]}";
    const ParseResult r = parseDocument(text);
    QVERIFY2(r.document, qPrintable(firstError(r.errors)));
    const std::vector<std::string> pieces = serializeDocumentPieces(*r.document);
    QVERIFY(pieces.size() > 3);
    std::string joined;
    for (const auto& p : pieces) {
        QVERIFY(!p.empty());
        QVERIFY(p.size() < 2 * 64 * 1024);
        joined += p;
    }
    QCOMPARE(joined, serializeDocument(*r.document));
    QCOMPARE(joined, nlohmann::ordered_json::parse(text).dump(2) + "\n");
}

void TestCodec::editsPatchInPlace()
{
    const std::string text = testpaths::readAll(testpaths::sample("export.json"));
    ParseResult r = parseDocument(text);
    QVERIFY(r.document);
    auto& candidate = r.document->profiles[5].dynamic->candidates[0];
    candidate.policies->transient.retry.maxRetries = 7;
    candidate.enabled = false;
    const std::string saved = serializeDocument(*r.document);
    QJsonDocument expected = QJsonDocument::fromJson(QByteArray::fromStdString(text));
    QJsonObject root = expected.object();
    QJsonArray profiles = root[QStringLiteral("profiles")].toArray();
    QJsonObject profile = profiles[5].toObject();
    QJsonObject dynamic = profile[QStringLiteral("dynamic")].toObject();
    QJsonArray candidates = dynamic[QStringLiteral("candidates")].toArray();
    QJsonObject c = candidates[0].toObject();
    QJsonObject policies = c[QStringLiteral("policies")].toObject();
    QJsonObject transient = policies[QStringLiteral("transient")].toObject();
    QJsonObject retry = transient[QStringLiteral("retry")].toObject();
    retry[QStringLiteral("max_retries")] = 7;
    transient[QStringLiteral("retry")] = retry;
    policies[QStringLiteral("transient")] = transient;
    c[QStringLiteral("policies")] = policies;
    c[QStringLiteral("enabled")] = false;
    candidates[0] = c;
    dynamic[QStringLiteral("candidates")] = candidates;
    profile[QStringLiteral("dynamic")] = dynamic;
    profiles[5] = profile;
    root[QStringLiteral("profiles")] = profiles;
    QCOMPARE(QJsonDocument::fromJson(QByteArray::fromStdString(saved)).object(), root);
}

void TestCodec::errors_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("message");
    QTest::addColumn<int>("line");
    QTest::addColumn<int>("column");

    QTest::newRow("syntax") << "{\n  \"candidates\": [\n    }\n"
                            << ""
                            << "syntax error" << 3 << 5;
    QTest::newRow("empty file") << ""
                                << ""
                                << "the file is empty" << 1 << 1;
    QTest::newRow("whitespace only") << "  \n "
                                     << ""
                                     << "the file is empty" << 2 << 2;
    QTest::newRow("truncated") << "{\"candidates\": [{\"position\": 0,"
                               << ""
                               << "syntax error" << 1 << 32;
    QTest::newRow("nul byte") << QString::fromLatin1("{\"candidates\": \0[]}", 19) << ""
                              << "a NUL byte is not allowed in JSON text" << 1 << 16;
    QTest::newRow("deep nesting") << QString(10000, QLatin1Char('[')) << ""
                                  << "nested more than 256" << 1 << 257;
    QTest::newRow("1e400") << QString::fromStdString(documentWith("\"max_retries\": 3", "\"max_retries\": 1e400")) << ""
                           << "number overflow" << 2 << 0;
    QTest::newRow("beyond int64") << QString::fromStdString(
        documentWith("\"max_retries\": 3", "\"max_retries\": 9223372036854775808"))
                                  << "candidates[0].policies.transient.retry.max_retries"
                                  << "out of range" << 2 << 0;
    QTest::newRow("below int64") << QString::fromStdString(
        documentWith("\"max_retries\": 3", "\"max_retries\": -9223372036854775809"))
                                 << "candidates[0].policies.transient.retry.max_retries"
                                 << "beyond the 64-bit integer range" << 2 << 0;
    QTest::newRow("fraction") << QString::fromStdString(documentWith("\"max_retries\": 3", "\"max_retries\": 1.5"))
                              << "candidates[0].policies.transient.retry.max_retries"
                              << "expected an integer, found the fraction 1.5" << 2 << 0;
    QTest::newRow("string for integer") << QString::fromStdString(documentWith("\"max_retries\": 3",
        "\"max_retries\": \"3\"")) << "candidates[0].policies.transient.retry.max_retries"
                                        << "expected an integer, found a string" << 2 << 0;
    QTest::newRow("string for boolean") << QString::fromStdString(documentWith("\"enabled\": true",
        "\"enabled\": \"yes\"")) << "candidates[0].policies.transient.retry.enabled"
                                        << "expected true or false, found a string" << 2 << 0;
    QTest::newRow("duplicate key") << QString::fromStdString(
        documentWith("\"max_retries\": 3", "\"max_retries\": 3, \"max_retries\": 4"))
                                   << "candidates[0].policies.transient.retry.max_retries"
                                   << "duplicate key \"max_retries\"" << 2 << 0;
    QTest::newRow("duplicate key written with an escape")
        << QString::fromStdString(documentWith("\"max_retries\": 3", "\"max_retries\": 3, \"max_\\u0072etries\": 4"))
        << "candidates[0].policies.transient.retry.max_\\u0072etries"
        << "duplicate key \"max_retries\"" << 2 << 0;
    QTest::newRow("duplicate key with a surrogate pair") << QString::fromStdString(
        documentWith("\"max_retries\": 3", "\"max_retries\": 3, \"\\ud83d\\ude00\": 1, \"\xF0\x9F\x98\x80\": 2"))
                                                         << "candidates[0].policies.transient.retry.\xF0\x9F\x98\x80"
                                                         << "duplicate key" << 2 << 0;
    // An object of many keys is checked through a table, not pairwise.
    const auto manyKeys = [](const char* last) {
        QString text = QStringLiteral("{\"candidates\": []");
        for (int i = 0; i < 40; ++i)
            text += QStringLiteral(", \"k%1\": %1").arg(i);
        return text + QStringLiteral(",\n") + QString::fromUtf8(last) + QStringLiteral(": 1}");
    };
    QTest::newRow("duplicate among 41 keys") << manyKeys("\"k7\"") << "k7"
                                             << "duplicate key \"k7\"" << 2 << 1;
    QTest::newRow("duplicate among 41 keys, escaped") << manyKeys("\"\\u006b39\"") << "\\u006b39"
                                                      << "duplicate key \"k39\"" << 2 << 1;
    // Found by fuzz_scenario: an escaped key stays comparable after the
    // parser's stack has grown for nested objects.
    QTest::newRow("escaped key, nesting, then its duplicate")
        << "{\"c\\u0061ndidates\": {\"x\": {\"y\": {\"z\": {}}}}, \"candidates\": []}"
        << "candidates"
        << "duplicate key \"candidates\"" << 1 << 46;
    // Found by fuzz_scenario: an empty key, duplicated, has an empty path.
    QTest::newRow("duplicate empty key") << "{\"\": [1], \"\": 2}"
                                         << ""
                                         << "duplicate key \"\"" << 1 << 11;
    QTest::newRow("unknown on_exhausted")
        << QString::fromStdString(documentWith("\"on_exhausted\": \"skip\"", "\"on_exhausted\": \"retry_same\""))
        << "candidates[0].policies.transient.on_exhausted"
        << "unknown on_exhausted \"retry_same\"" << 3 << 0;
    QTest::newRow("unknown class") << QString::fromStdString(
        documentWith("\"version\": 1,", "\"version\": 1, \"fatal\": {},"))
                                   << "candidates[0].policies.fatal"
                                   << "unknown key \"fatal\"" << 1 << 0;
    QTest::newRow("differently cased class") << QString::fromStdString(documentWith("\"transient\":", "\"Transient\":"))
                                             << "candidates[0].policies.Transient"
                                             << "unknown key \"Transient\"" << 2 << 0;
    QTest::newRow("misspelt field") << QString::fromStdString(documentWith("\"max_retries\": 3", "\"max_retry\": 3"))
                                    << "candidates[0].policies.transient.retry.max_retry"
                                    << "unknown key \"max_retry\"" << 2 << 0;
    QTest::newRow("missing position") << "{\"candidates\": [{\"execution_profile_id\": \"a\"}]}"
                                      << "candidates[0].position"
                                      << "position is missing" << 1 << 17;
    QTest::newRow("candidates not an array") << "{\"candidates\": {}}"
                                             << "candidates"
                                             << "expected an array of candidates, found an object" << 1 << 16;
    QTest::newRow("not a document") << "{\"hello\": 1}"
                                    << ""
                                    << "not a policy document" << 1 << 1;
    QTest::newRow("rule not a string") << "{\"candidates\": [{\"position\": 0, \"execution_profile_id\": \"a\", "
                                          "\"rules\": {\"model_capacity\": 3}}]}"
                                       << "candidates[0].rules.model_capacity"
                                       << "expected an action string" << 1 << 90;
}

void TestCodec::errors()
{
    QFETCH(QString, text);
    QFETCH(QString, path);
    QFETCH(QString, message);
    QFETCH(int, line);
    QFETCH(int, column);
    const std::string bytes = text.toStdString();
    const ParseResult r
        = parseDocument(bytes.size() == 19 && bytes[15] == 0 ? std::string_view(bytes.data(), 19) : bytes);
    QVERIFY(!r.document);
    QVERIFY(!r.errors.empty());
    const Diagnostic& e = r.errors.front();
    QCOMPARE(QString::fromStdString(e.path), path);
    QVERIFY2(QString::fromStdString(e.message).contains(message), e.message.c_str());
    QCOMPARE(e.line, line);
    if (column > 0)
        QCOMPARE(e.column, column);
    QVERIFY(e.column > 0);
}

namespace
{

// Texts with `n` problems, one per line from line 2 on, each reader's own:
// the codec's unknown keys, the core's positions, a scenario's keys.
std::string unknownPolicyKeys(int n)
{
    std::string text
        = "{\"candidates\": [{\"position\": 0, \"execution_profile_id\": \"a\", \"policies\": {\"version\": 1";
    for (int i = 0; i < n; ++i)
        text += ",\n\"extra_" + std::to_string(i) + "\": " + std::to_string(i);
    return text + "}}]}";
}

std::string positionsOffByOne(int n)
{
    std::string text = "{\"candidates\": [";
    for (int i = 0; i < n; ++i)
        text += std::string(i > 0 ? "," : "") + "\n{\"position\": " + std::to_string(i + 1)
            + ", \"execution_profile_id\": \"agent-" + std::to_string(i) + "\"}";
    return text + "]}";
}

std::string unknownScenarioKeys(int n)
{
    std::string text = "{\"attempts\": [{\"code\": \"rate_limited\"}]";
    for (int i = 0; i < n; ++i)
        text += ",\n\"extra_" + std::to_string(i) + "\": " + std::to_string(i);
    return text + "}";
}

}  // namespace

void TestCodec::diagnosticsAreCappedAndPlaced_data()
{
    QTest::addColumn<QString>("reader");
    QTest::addColumn<int>("problems");
    QTest::addColumn<QString>("firstPath");
    QTest::addColumn<int>("firstColumn");
    // Below, at and past the cap; the reader that found them differs.
    for (const int n : {3, 100, 101, 2500}) {
        QTest::addRow("codec, %d unknown keys", n) << "document" << n << "candidates[0].policies.extra_0" << 12;
        QTest::addRow("core rules, %d positions", n) << "positions" << n << "candidates[0].position" << 14;
        QTest::addRow("scenario, %d unknown keys", n) << "scenario" << n << "extra_0" << 12;
    }
}

void TestCodec::diagnosticsAreCappedAndPlaced()
{
    QFETCH(QString, reader);
    QFETCH(int, problems);
    QFETCH(QString, firstPath);
    QFETCH(int, firstColumn);
    std::vector<Diagnostic> errors;
    if (reader == "document")
        errors = check::checkDocument(unknownPolicyKeys(problems)).errors;
    else if (reader == "positions")
        errors = check::checkDocument(positionsOffByOne(problems)).errors;
    else
        errors = parseScenario(unknownScenarioKeys(problems)).errors;

    const auto shown = static_cast<std::size_t>(std::min<int>(problems, int(kMaxDiagnosticsPerFile)));
    const bool capped = static_cast<std::size_t>(problems) > kMaxDiagnosticsPerFile;
    QCOMPARE(errors.size(), shown + (capped ? 1 : 0));
    QCOMPARE(QString::fromStdString(errors.front().path), firstPath);
    QCOMPARE(errors.front().column, firstColumn);
    // Problem i is on line i + 2, whichever reader found it.
    for (std::size_t i = 0; i < shown; ++i) {
        QCOMPARE(errors[i].line, int(i) + 2);
        QVERIFY(errors[i].code != "more");
    }
    if (capped) {
        const Diagnostic& more = errors.back();
        QCOMPARE(QString::fromStdString(more.code), QStringLiteral("more"));
        QCOMPARE(more.args, std::vector<std::string> {std::to_string(problems - int(kMaxDiagnosticsPerFile))});
        QVERIFY2(
            more.message.find(std::to_string(problems - int(kMaxDiagnosticsPerFile)) + " more") != std::string::npos,
            more.message.c_str());
        QCOMPARE(more.line, 0);
    }
}

void TestCodec::nullAndAbsentReadAsZero()
{
    const std::string text = R"({"candidates": [{"position": 0, "execution_profile_id": "a", "policies": {
  "version": 1,
  "transient": {"retry": null, "wait_for_reset": {"enabled": null, "max_wait_seconds": null}, "on_exhausted": "skip"},
  "hard": {"on_exhausted": null}}}]})";
    const auto check = check::checkDocument(text);
    QVERIFY(check.document);
    const auto& p = *check.document->profiles[0].dynamic->candidates[0].policies;
    QCOMPARE(p.transient, policy::ClassPolicy {});
    QCOMPARE(p.hard.onExhausted, policy::Outcome::Unset);
    QCOMPARE(check.errors.size(), std::size_t(1));
    QCOMPARE(check.errors[0].path, std::string("candidates[0].policies.hard.on_exhausted"));
    QCOMPARE(check.errors[0].line, 4);
}

void TestCodec::newerPolicyVersionIsReadOnly()
{
    const auto check = check::checkDocument(documentWith("\"version\": 1,", "\"version\": 2, \"extra\": {},"));
    QVERIFY(check.document);
    QVERIFY(check.readOnly);
    QVERIFY(!check.valid());
    QCOMPARE(check.errors.front().path, std::string("candidates[0].policies.version"));
    QCOMPARE(check.errors.front().message, std::string("unsupported policy version 2; this editor supports 1"));
    // Saving never rewrites (downgrades) the newer policies.
    const std::string saved = serializeDocument(*check.document);
    QVERIFY(saved.find("\"extra\"") != std::string::npos);
    QVERIFY(saved.find("\"version\": 2") != std::string::npos);
}

void TestCodec::schemaBoundsEqualDeclaredLimits()
{
    const auto text = schemaText("policy.schema.json");
    QVERIFY(!text.empty());
    const QJsonObject defs = QJsonDocument::fromJson(QByteArray(text.data(), qsizetype(text.size())))
                                 .object()[QStringLiteral("definitions")]
                                 .toObject();
    QVERIFY(!defs.isEmpty());
    for (const auto& d : policy::kFieldDescriptors) {
        const QString section = d.section == "retry" ? QStringLiteral("retry") : QStringLiteral("waitForReset");
        const QString key = QString::fromUtf8(d.key.data(), qsizetype(d.key.size()));
        const QJsonObject def = defs[section].toObject();
        const QJsonObject enabled
            = def[QStringLiteral("then")].toObject()[QStringLiteral("properties")].toObject()[key].toObject();
        const QJsonObject any = def[QStringLiteral("properties")].toObject()[key].toObject();
        QCOMPARE(enabled[QStringLiteral("minimum")].toInteger(-1), d.min);
        QCOMPARE(enabled[QStringLiteral("maximum")].toInteger(-1), d.max);
        QCOMPARE(any[QStringLiteral("maximum")].toInteger(-1), d.max);
        QCOMPARE(any[QStringLiteral("minimum")].toInteger(-1), 0);
        const QJsonArray disabled = def[QStringLiteral("else")]
                                        .toObject()[QStringLiteral("properties")]
                                        .toObject()[key]
                                        .toObject()[QStringLiteral("enum")]
                                        .toArray();
        QCOMPARE(disabled.first().toInteger(-1), 0);
    }
    // Every schema file is valid JSON and declares draft-07.
    for (const auto name : schemaFileNames()) {
        const auto t = schemaText(name);
        QJsonParseError error;
        const QJsonDocument doc = QJsonDocument::fromJson(QByteArray(t.data(), qsizetype(t.size())), &error);
        QVERIFY2(error.error == QJsonParseError::NoError, name.data());
        QCOMPARE(doc.object()[QStringLiteral("$schema")].toString(),
            QStringLiteral("http://json-schema.org/draft-07/schema#"));
    }
    QCOMPARE(schemaFileNames().size(), std::size_t(6));
}

void TestCodec::schemaAcceptsTheSamples_data()
{
    QTest::addColumn<QString>("file");
    QTest::newRow("bare") << "profile-v1.json";
    QTest::newRow("profile") << "legacy-profile.json";
    QTest::newRow("export") << "export.json";
    QTest::newRow("conflict (a migration error, not a schema error)") << "legacy-conflict.json";
}

void TestCodec::schemaAcceptsTheSamples()
{
    QFETCH(QString, file);
    const std::string text = testpaths::readAll(testpaths::sample(file));
    const ParseResult r = parseDocument(text);
    QVERIFY(r.document);
    const auto errors = validateAgainstSchema(text, r.document->shape);
    QVERIFY2(errors.empty(), qPrintable(firstError(errors)));
}

void TestCodec::schemaRejectsWhatTheRulesReject_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("path");
    QTest::newRow("max_retries above range")
        << QString::fromStdString(documentWith("\"max_retries\": 3", "\"max_retries\": 11"))
        << "candidates[0].policies.transient.retry.max_retries";
    QTest::newRow("disabled but non-zero")
        << QString::fromStdString(documentWith("\"max_wait_seconds\": 0", "\"max_wait_seconds\": 5"))
        << "candidates[0].policies.transient.wait_for_reset.max_wait_seconds";
    QTest::newRow("enabled but zero") << QString::fromStdString(documentWith("\"max_wait_seconds\": 300",
        "\"max_wait_seconds\": 0")) << "candidates[0].policies.hard.wait_for_reset.max_wait_seconds";
    QTest::newRow("unknown class") << QString::fromStdString(
        documentWith("\"version\": 1,", "\"version\": 1, \"fatal\": {},"))
                                   << "candidates[0].policies.fatal";
    QTest::newRow("bad outcome") << QString::fromStdString(
        documentWith("\"on_exhausted\": \"stop\"", "\"on_exhausted\": \"halt\""))
                                 << "candidates[0].policies.hard.on_exhausted";
    QTest::newRow("version 2") << QString::fromStdString(documentWith("\"version\": 1,", "\"version\": 2,"))
                               << "candidates[0].policies.version";
    QTest::newRow("empty candidate list") << "{\"candidates\": []}"
                                          << "candidates";
}

void TestCodec::schemaRejectsWhatTheRulesReject()
{
    QFETCH(QString, text);
    QFETCH(QString, path);
    const std::string bytes = text.toStdString();
    const auto errors = validateAgainstSchema(bytes, FileShape::DynamicDocument);
    QVERIFY(!errors.empty());
    bool found = false;
    for (const auto& e : errors)
        found = found || QString::fromStdString(e.path) == path;
    QVERIFY2(found, qPrintable(firstError(errors)));
    // The same file is invalid for the editor's own rules as well.
    const auto check = check::checkDocument(bytes);
    QVERIFY(!check.valid());
}

QTEST_APPLESS_MAIN(TestCodec)
#include "tst_codec.moc"
