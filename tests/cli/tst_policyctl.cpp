// SPDX-License-Identifier: Apache-2.0
#include "cli/cli.h"
#include "cli/terminal_safe.h"
#include "format/parse_stats.h"

#include "policy/text.h"

#include "../common/catalogue_fixtures.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <functional>
#include <sstream>

#include <sys/stat.h>

namespace
{

struct Result {
    int code = -1;
    QString out;
    QString err;
};

Result runInProcess(const QStringList& arguments, const std::string& input = {})
{
    std::istringstream in(input);
    std::ostringstream out, err;
    cli::Io io {in, out, err};
    std::vector<std::string> args;
    for (const auto& a : arguments)
        args.push_back(a.toStdString());
    Result r;
    r.code = cli::run(args, io);
    r.out = QString::fromStdString(out.str());
    r.err = QString::fromStdString(err.str());
    return r;
}

Result runProcess(const QStringList& arguments, const QByteArray& input = {})
{
    QProcess p;
    p.start(QStringLiteral(POLICYCTL_PATH), arguments);
    if (!p.waitForStarted())
        qFatal("policyctl did not start");
    p.write(input);
    p.closeWriteChannel();
    p.waitForFinished(60000);
    return {p.exitCode(), QString::fromUtf8(p.readAllStandardOutput()), QString::fromUtf8(p.readAllStandardError())};
}

QJsonObject json(const QString& text)
{
    QJsonParseError error;
    const auto doc = QJsonDocument::fromJson(text.toUtf8(), &error);
    if (error.error != QJsonParseError::NoError)
        qWarning("not JSON: %s", qPrintable(text));
    return doc.object();
}

const char* kPolicies
    = R"({"version":1,"transient":{"retry":{"enabled":true,"max_retries":3,"initial_interval_seconds":5},"wait_for_reset":{"enabled":false,"max_wait_seconds":0},"on_exhausted":"skip"},"hard":{"retry":{"enabled":false,"max_retries":0,"initial_interval_seconds":0},"wait_for_reset":{"enabled":true,"max_wait_seconds":300},"on_exhausted":"stop"}})";

QString evaluateLine(const QString& failure, int ordinal = 0, bool resetUsed = false, bool effectSafe = true)
{
    return QStringLiteral(
        R"({"policies":%1,"failure":%2,"now":"2026-08-17T12:00:00Z","retry_ordinal":%3,"reset_wait_used":%4,"effect_safe":%5})")
        .arg(QLatin1String(kPolicies), failure)
        .arg(ordinal)
        .arg(resetUsed ? "true" : "false", effectSafe ? "true" : "false");
}

}  // namespace

Q_DECLARE_METATYPE(std::function<void(QJsonObject&)>)

class TestPolicyctl final : public QObject
{
    Q_OBJECT
private slots:
    void readsItsInputOnce_data();
    void readsItsInputOnce();
    void diffIsSemantic_data();
    void diffIsSemantic();
    void diffJsonAndErrors();
    void validateRefusesARepeatedProfile();
    void usage_data();
    void usage();
    void validateJson();
    void validateReportsLineColumnAndPath();
    void validateCandidateRules();
    void validateUnreadableFile();
    void migrateJson();
    void migrateKandevReading();
    void migrateConflictWritesNothing();
    void migrateInPlaceKeepsBackup();
    void evaluate_data();
    void evaluate();
    void evaluateBadLinesDoNotStopTheStream();
    void evaluateStreamsLineByLine();
    void evaluateEscapesLikeEveryOutput();
    void evaluateOutOfRangeNumbers_data();
    void evaluateOutOfRangeNumbers();
    void evaluateLineBound();
    void unwritableOutputFails_data();
    void hostileInputsAndTargets_data();
    void bytesThatAreNotUtf8NeverAbort_data();
    void bytesThatAreNotUtf8NeverAbort();
    void hostileFixturesNeverAbort_data();
    void hostileFixturesNeverAbort();
    void terminalEscapes_data();
    void terminalEscapes();
    void controlCharactersReachNoTerminal();
    void hostileInputsAndTargets();
    void unwritableOutputFails();
    void schedule_data();
    void schedule();
    void timelineJson();
    void timelineScenarioFile();
    void timelineBadScenario();
    void timelineCompare_data();
    void timelineCompare();
    void timelineCompareJson();
    void timelineCompareRefuses_data();
    void timelineCompareRefuses();
    void classify();
    void timesAreReadAsGoReadsThem_data();
    void timesAreReadAsGoReadsThem();
    void classifyPhasesAndProviders_data();
    void classifyPhasesAndProviders();
    void noSecretSurvivesClassifyOrExplain();
    void explain();
};

void TestPolicyctl::usage_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("code");
    QTest::addColumn<QString>("stream");  // where the text goes
    QTest::addColumn<QString>("mentions");
    QTest::newRow("no command") << QStringList {} << 2 << "err"
                                << "usage: policyctl";
    QTest::newRow("unknown command") << QStringList {"frobnicate"} << 2 << "err"
                                     << "unknown command";
    QTest::newRow("help") << QStringList {"--help"} << 0 << "out"
                          << "commands:";
    for (const char* c : {"validate", "migrate", "evaluate", "schedule", "timeline", "lint"})
        QTest::newRow((std::string(c) + " --help").c_str())
            << QStringList {c, "--help"} << 0 << "out" << QStringLiteral("usage: policyctl %1").arg(QLatin1String(c));
    QTest::newRow("unknown option") << QStringList {"validate", "--bogus", "x"} << 2 << "err"
                                    << "unknown option --bogus";
    QTest::newRow("bad format") << QStringList {"validate", "--format", "xml", "x"} << 2 << "err"
                                << "text or json";
    QTest::newRow("validate without file") << QStringList {"validate"} << 2 << "err"
                                           << "no FILE";
    QTest::newRow("schedule help shows limits") << QStringList {"schedule", "--help"} << 0 << "out"
                                                << "(1..3600)";
    QTest::newRow("timeline help lists presets") << QStringList {"timeline", "--help"} << 0 << "out"
                                                 << "quota-reset-6h";
    QTest::newRow("timeline help names --compare") << QStringList {"timeline", "--help"} << 0 << "out"
                                                   << "--compare OTHER      compare with OTHER";
    QTest::newRow("timeline --compare without a value") << QStringList {"timeline", "x.json", "--compare"} << 2 << "err"
                                                        << "--compare needs a value";
    QTest::newRow("timeline compares standard input with itself")
        << QStringList {"timeline", "--compare", "-", "-"} << 2 << "err"
        << "cannot both be standard input";
    QTest::newRow("output and in-place") << QStringList {"migrate", "--output", "a", "--in-place", "b"} << 2 << "err"
                                         << "exclude each other";
}

void TestPolicyctl::usage()
{
    QFETCH(QStringList, args);
    QFETCH(int, code);
    QFETCH(QString, stream);
    QFETCH(QString, mentions);
    const Result r = runInProcess(args);
    QCOMPARE(r.code, code);
    QVERIFY2((stream == QLatin1String("out") ? r.out : r.err).contains(mentions), qPrintable(r.out + r.err));
    QVERIFY((stream == QLatin1String("out") ? r.err : r.out).isEmpty());
}

void TestPolicyctl::validateJson()
{
    const Result r = runProcess({"validate", "--format", "json", testpaths::sample("profile-v1.json"),
        testpaths::sample("legacy-profile.json"), testpaths::sample("legacy-conflict.json")});
    QCOMPARE(r.code, 1);
    const QJsonArray files = json(r.out)[QStringLiteral("files")].toArray();
    QCOMPARE(files.size(), 3);
    QCOMPARE(files[0].toObject()[QStringLiteral("valid")].toBool(), true);
    QCOMPARE(files[0].toObject()[QStringLiteral("legacy")].toBool(), false);
    QCOMPARE(files[1].toObject()[QStringLiteral("valid")].toBool(), true);
    QCOMPARE(files[1].toObject()[QStringLiteral("legacy")].toBool(), true);
    const QJsonObject conflict = files[2].toObject();
    QCOMPARE(conflict[QStringLiteral("valid")].toBool(), false);
    const QJsonObject error = conflict[QStringLiteral("errors")].toArray().first().toObject();
    QCOMPARE(error[QStringLiteral("path")].toString(), QStringLiteral("candidates[1].rules"));
    QCOMPARE(error[QStringLiteral("line")].toInt(), 16);
    QCOMPARE(error[QStringLiteral("column")].toInt(), 16);
    QVERIFY(error[QStringLiteral("message")].toString().contains(QStringLiteral("conflicting")));
    QCOMPARE(QStringList(json(r.out).keys()), QStringList {"files"});
    // The contract's keys, and the additive warnings array.
    QCOMPARE(conflict.keys(), (QStringList {"errors", "file", "legacy", "valid", "warnings"}));
    QCOMPARE(conflict[QStringLiteral("warnings")].toArray().size(), 0);

    const Result ok = runProcess({"validate", testpaths::sample("export.json")});
    QCOMPARE(ok.code, 0);
    QVERIFY(ok.out.contains(QStringLiteral("valid")));
}

void TestPolicyctl::validateCandidateRules()
{
    // One candidate per kandev candidate rule: each broken rule an error at
    // the candidate's execution_profile_id, the unknown agent a warning.
    const QString file = testpaths::fixture(QStringLiteral("eligibility/every-rule.json"));
    const Result r = runProcess({"validate", "--format", "json", file});
    QCOMPARE(r.code, 1);
    const QJsonObject f = json(r.out)[QStringLiteral("files")].toArray().first().toObject();
    QCOMPARE(f.keys(), (QStringList {"errors", "file", "legacy", "valid", "warnings"}));
    QCOMPARE(f[QStringLiteral("valid")].toBool(), false);
    QStringList errors;
    for (const QJsonValue& e : f[QStringLiteral("errors")].toArray()) {
        const QJsonObject o = e.toObject();
        QCOMPARE(o.keys(), (QStringList {"column", "line", "message", "path"}));
        QVERIFY(o[QStringLiteral("line")].toInt() > 0);
        errors << o[QStringLiteral("path")].toString().section(QLatin1Char('.'), 2) + QLatin1Char(' ')
                + o[QStringLiteral("message")].toString().section(QLatin1Char('"'), 1, 1);
    }
    const auto at = [](int i) { return QStringLiteral("candidates[%1].execution_profile_id ").arg(i); };
    QCOMPARE(errors,
        (QStringList {at(2) + "haiku-auto", at(3) + "gpt4-retired", at(3) + "gpt4-retired", at(4) + "office-writer",
            at(5) + "orphan", at(7) + "paused", at(8) + "ghost", at(9) + "dyn-rules", at(10) + "dyn-other"}));
    const QJsonArray warnings = f[QStringLiteral("warnings")].toArray();
    QCOMPARE(warnings.size(), 2);  // custom-agent, in both routes
    const QJsonObject w = warnings.first().toObject();
    QCOMPARE(
        w[QStringLiteral("path")].toString(), QStringLiteral("profiles[9].dynamic.candidates[6].execution_profile_id"));
    QVERIFY2(w[QStringLiteral("message")].toString().contains(
                 QStringLiteral("its agent \"my-agent\" is not one of the inference agents kandev")),
        qPrintable(w[QStringLiteral("message")].toString()));
    QVERIFY(w[QStringLiteral("line")].toInt() > 0 && w[QStringLiteral("column")].toInt() > 0);

    // Only warnings: valid, exit 0; the text output says "warning:".
    QTemporaryDir dir;
    QFile onlyWarning(dir.filePath(QStringLiteral("warning.json")));
    QVERIFY(onlyWarning.open(QIODevice::WriteOnly));
    onlyWarning.write(
        QStringLiteral(R"([{"id":"custom","agent_name":"my-agent"},{"id":"dyn","name":"Dyn","dynamic":{"version":1,)"
                       R"("candidates":[{"position":0,"execution_profile_id":"custom","policies":%1}]}}])")
            .arg(QLatin1String(kPolicies))
            .toUtf8());
    onlyWarning.close();
    const Result json1 = runProcess({"validate", "--format", "json", onlyWarning.fileName()});
    QCOMPARE(json1.code, 0);
    const QJsonObject g = json(json1.out)[QStringLiteral("files")].toArray().first().toObject();
    QCOMPARE(g[QStringLiteral("valid")].toBool(), true);
    QCOMPARE(g[QStringLiteral("errors")].toArray().size(), 0);
    QCOMPARE(g[QStringLiteral("warnings")].toArray().size(), 1);
    const Result text = runProcess({"validate", onlyWarning.fileName()});
    QCOMPARE(text.code, 0);
    QVERIFY2(text.out.contains(QStringLiteral(": valid\n")), qPrintable(text.out));
    QVERIFY2(text.out.contains(QStringLiteral("  warning: ") + onlyWarning.fileName() + QStringLiteral(":1:")),
        qPrintable(text.out));
    QVERIFY(text.out.contains(QStringLiteral("[1].dynamic.candidates[0].execution_profile_id")));
}

void TestPolicyctl::validateReportsLineColumnAndPath()
{
    const std::string text = std::string(R"({"candidates": [
  {"position": 0, "execution_profile_id": "a", "policies": {"version": 1,
    "transient": {"retry": {"enabled": true, "max_retries": 11, "initial_interval_seconds": 5}, "on_exhausted": "skip"},
    "hard": {"on_exhausted": "stop"}}}]})");
    const Result r = runInProcess({"validate", "--format", "json", "-"}, text);
    QCOMPARE(r.code, 1);
    const QJsonObject e = json(r.out)[QStringLiteral("files")]
                              .toArray()[0]
                              .toObject()[QStringLiteral("errors")]
                              .toArray()[0]
                              .toObject();
    QCOMPARE(
        e[QStringLiteral("path")].toString(), QStringLiteral("candidates[0].policies.transient.retry.max_retries"));
    QCOMPARE(e[QStringLiteral("line")].toInt(), 3);
    QCOMPARE(e[QStringLiteral("column")].toInt(), 61);
    QVERIFY(e[QStringLiteral("message")].toString().contains(QStringLiteral("between 1 and 10")));

    const Result text1 = runInProcess({"validate", "-"}, text);
    QVERIFY(text1.out.contains(
        QStringLiteral("-:3:61: candidates[0].policies.transient.retry.max_retries: must be between 1 and 10")));
}

void TestPolicyctl::validateUnreadableFile()
{
    const Result r = runProcess({"validate", "/nonexistent/file.json", testpaths::sample("profile-v1.json")});
    QCOMPARE(r.code, 2);
    QVERIFY(r.err.contains(QStringLiteral("/nonexistent/file.json: no such file")));
    QVERIFY(r.out.contains(QStringLiteral("profile-v1.json: valid")));
}

void TestPolicyctl::migrateJson()
{
    const Result r = runProcess({"migrate", "--format", "json", testpaths::sample("legacy-profile.json")});
    QCOMPARE(r.code, 0);
    const QJsonObject o = json(r.out);
    QCOMPARE(o.keys(), (QStringList {"document", "errors", "report"}));
    const QJsonObject doc = o[QStringLiteral("document")].toObject();
    QCOMPARE(doc,
        QJsonDocument::fromJson(
            QByteArray::fromStdString(testpaths::readAll(testpaths::fixture("migration/legacy-profile.migrated.json"))))
            .object());
    QCOMPARE(o[QStringLiteral("report")].toObject()[QStringLiteral("changed_candidates")].toInt(), 4);
    QVERIFY(o[QStringLiteral("errors")].toArray().isEmpty());
}

void TestPolicyctl::migrateKandevReading()
{
    // Candidate 0 of the sample: model_capacity = retry_same and
    // on_provider_error = try_next. The documented rule lets the per-code rule
    // win; kandev's backend applies on_provider_error last (it sorts later).
    const QString file = testpaths::sample(QStringLiteral("legacy-profile.json"));
    const Result spec = runProcess({"migrate", "--format", "json", file});
    const Result kandev = runProcess({"migrate", "--format", "json", "--kandev", file});
    QCOMPARE(kandev.code, 0);
    auto transient = [](const Result& r) {
        return json(r.out)[QStringLiteral("document")][QStringLiteral("dynamic")][QStringLiteral("candidates")][0]
                          [QStringLiteral("policies")][QStringLiteral("transient")]
                              .toObject();
    };
    QCOMPARE(transient(spec)[QStringLiteral("retry")][QStringLiteral("enabled")].toBool(), true);
    QCOMPARE(transient(spec)[QStringLiteral("on_exhausted")].toString(), QStringLiteral("stop"));
    QCOMPARE(transient(kandev)[QStringLiteral("retry")][QStringLiteral("enabled")].toBool(), false);
    QCOMPARE(transient(kandev)[QStringLiteral("on_exhausted")].toString(), QStringLiteral("skip"));
    const QJsonObject report = json(kandev.out)[QStringLiteral("report")].toObject();
    QCOMPARE(report[QStringLiteral("reading")].toString(), QStringLiteral("kandev"));
    QCOMPARE(report[QStringLiteral("divergences")].toInt(), 1);

    const Result text = runProcess({"migrate", "--kandev", file});
    QCOMPARE(text.code, 0);
    QVERIFY2(text.out.startsWith(QStringLiteral("Read as kandev's Go backend reads legacy rules today (--kandev)")),
        qPrintable(text.out));
    QVERIFY(text.out.contains(QStringLiteral("overwritten by on_provider_error, which sorts after it")));
    QVERIFY(text.out.contains(QStringLiteral("on_provider_error wins (no wait, no retry, then skip")));
}

void TestPolicyctl::migrateConflictWritesNothing()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("conflict.json"));
    QVERIFY(QFile::copy(testpaths::sample("legacy-conflict.json"), path));
    const std::string before = testpaths::readAll(path);
    const Result r = runProcess({"migrate", "--in-place", path});
    QCOMPARE(r.code, 1);
    QVERIFY(r.err.contains(QStringLiteral("nothing was written")));
    QVERIFY(r.err.contains(QStringLiteral(":16:16: candidates[1].rules")));
    QCOMPARE(testpaths::readAll(path), before);
    QVERIFY(!QFile::exists(path + QStringLiteral(".bak")));

    const Result j = runProcess({"migrate", "--format", "json", path});
    QCOMPARE(j.code, 1);
    QVERIFY(json(j.out)[QStringLiteral("document")].isNull());
    QCOMPARE(json(j.out)[QStringLiteral("errors")].toArray().size(), 1);
}

void TestPolicyctl::migrateInPlaceKeepsBackup()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("legacy.json"));
    QVERIFY(QFile::copy(testpaths::sample("legacy-profile.json"), path));
    QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner);
    const std::string original = testpaths::readAll(path);
    const Result r = runProcess({"migrate", "--in-place", path});
    QCOMPARE(r.code, 0);
    QCOMPARE(testpaths::readAll(path + QStringLiteral(".bak")), original);
    QCOMPARE(
        testpaths::readAll(path), testpaths::readAll(testpaths::fixture("migration/legacy-profile.migrated.json")));
    // A second run has nothing to do and leaves the backup of the original alone.
    const Result again = runProcess({"migrate", "--in-place", path});
    QCOMPARE(again.code, 0);
    QVERIFY(again.err.contains(QStringLiteral("already in the v1 form")));
    QCOMPARE(testpaths::readAll(path + QStringLiteral(".bak")), original);

    const QString out = dir.filePath(QStringLiteral("out.json"));
    QCOMPARE(runProcess({"migrate", "--output", out, path + QStringLiteral(".bak")}).code, 0);
    QCOMPARE(testpaths::readAll(out), testpaths::readAll(path));
}

namespace
{

// kPolicies with one substring replaced: for invalid and unusual documents.
QString evaluateLineWith(const QString& failure, const QString& from, const QString& to, int ordinal = 0)
{
    QString line = evaluateLine(failure, ordinal);
    const int at = line.indexOf(from);
    if (at < 0)
        qFatal("evaluateLineWith: %s is not in the line", qPrintable(from));
    return line.replace(at, from.size(), to);
}

// A decision line; `extra` is appended before the closing brace.
QString decision(const char* kind, const char* errorClass, const char* code, int ordinal, const char* deadline,
    const char* pending, const QString& extra = {}, const char* catalogue = "provider-errors.v1")
{
    return QStringLiteral(
        R"({"kind":"%1","class":"%2","code":"%3","catalogue_version":"%4","retry_ordinal":%5,"deadline":%6,"pending_outcome":"%7"%8})")
        .arg(QLatin1String(kind), QLatin1String(errorClass), QLatin1String(code), QLatin1String(catalogue))
        .arg(ordinal)
        .arg(deadline ? QStringLiteral("\"%1\"").arg(QLatin1String(deadline)) : QStringLiteral("null"),
            QLatin1String(pending), extra);
}

}  // namespace

void TestPolicyctl::evaluate_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("line");
    QTest::addColumn<QString>("expected");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("stderrLine");  // "" when standard error must stay empty
    const QStringList spec {QStringLiteral("evaluate")};
    const QStringList kandev {QStringLiteral("evaluate"), QStringLiteral("--kandev")};
    const QString capacity = QStringLiteral(R"({"code":"model_capacity"})");

    QTest::newRow("retry") << spec << evaluateLine(capacity)
                           << decision("retry_wait", "transient", "model_capacity", 1, "2026-08-17T12:00:05Z", "skip")
                           << 0 << "";
    QTest::newRow("third retry") << spec << evaluateLine(capacity, 2)
                                 << decision(
                                        "retry_wait", "transient", "model_capacity", 3, "2026-08-17T12:00:20Z", "skip")
                                 << 0 << "";
    QTest::newRow("exhausted") << spec << evaluateLine(capacity, 3)
                               << decision("skip", "transient", "model_capacity", 0, nullptr, "skip") << 0 << "";
    QTest::newRow("reset wait") << spec << evaluateLine(R"({"code":"quota_limited","reset_at":"2026-08-17T12:04:00Z"})")
                                << decision(
                                       "waiting_for_reset", "hard", "quota_limited", 0, "2026-08-17T12:04:00Z", "stop")
                                << 0 << "";
    QTest::newRow("reset with offset zone")
        << spec << evaluateLine(R"({"code":"quota_limited","reset_at":"2026-08-17T14:04:00+02:00"})")
        << decision("waiting_for_reset", "hard", "quota_limited", 0, "2026-08-17T12:04:00Z", "stop") << 0 << "";
    QTest::newRow("reset too far") << spec
                                   << evaluateLine(R"({"code":"quota_limited","reset_at":"2026-08-17T12:05:01Z"})")
                                   << decision("stop", "hard", "quota_limited", 0, nullptr, "stop") << 0 << "";
    QTest::newRow("no failure") << spec << evaluateLine(QStringLiteral("null"))
                                << decision("stop", "", "", 0, nullptr, "stop") << 0 << "";
    QTest::newRow("unsafe") << spec << evaluateLine(capacity, 0, false, false)
                            << decision("stop", "transient", "model_capacity", 0, nullptr, "stop") << 0 << "";
    QTest::newRow("unclassified keeps code and version")
        << spec << evaluateLine(R"({"code":"task_error","class":"transient","catalogue_version":"provider-errors.v9"})")
        << decision("stop", "unclassified", "task_error", 0, nullptr, "stop", {}, "provider-errors.v9") << 0 << "";
    QTest::newRow("stated class honoured")
        << spec << evaluateLine(R"({"code":"rate_limited","class":"hard","confidence":"medium"})")
        << decision("stop", "hard", "rate_limited", 0, nullptr, "stop") << 0 << "";
    QTest::newRow("low confidence") << spec << evaluateLine(R"({"code":"rate_limited","confidence":"low"})")
                                    << decision("stop", "unclassified", "rate_limited", 0, nullptr, "stop") << 0 << "";
    QTest::newRow("escaped code") << spec << evaluateLine(R"({"code":"we\"ird"})")
                                  << QString(decision("stop", "unclassified", "we\\\"ird", 0, nullptr, "stop")) << 0
                                  << "";

    // Class resolution fails closed (SPEC section 4; kandev: PolicyFor fails
    // for any class but transient and hard, policy_test "unclassified stops").
    QTest::newRow("stated class unclassified stops")
        << spec << evaluateLine(R"({"code":"model_capacity","class":"unclassified"})")
        << decision("stop", "unclassified", "model_capacity", 0, nullptr, "stop") << 0 << "";
    QTest::newRow("stated class in capitals stops")
        << spec << evaluateLine(R"({"code":"model_capacity","class":"Transient"})")
        << decision("stop", "unclassified", "model_capacity", 0, nullptr, "stop") << 0 << "";
    QTest::newRow("unknown stated class stops")
        << spec << evaluateLine(R"({"code":"model_capacity","class":"fatal"})")
        << decision("stop", "unclassified", "model_capacity", 0, nullptr, "stop") << 0 << "";
    QTest::newRow("empty class is no class")
        << spec << evaluateLine(R"({"code":"model_capacity","class":""})")
        << decision("retry_wait", "transient", "model_capacity", 1, "2026-08-17T12:00:05Z", "skip") << 0 << "";
    QTest::newRow("empty confidence is high (Go zero value)")
        << spec << evaluateLine(R"({"code":"model_capacity","confidence":""})")
        << decision("retry_wait", "transient", "model_capacity", 1, "2026-08-17T12:00:05Z", "skip") << 0 << "";

    // Invalid documents are the gate's stop with policy_errors (kandev:
    // Evaluate runs ValidateDocument first and stops on any error).
    QTest::newRow("out of range stops") << spec
                                        << evaluateLineWith(capacity, QStringLiteral("\"max_retries\":3"),
                                               QStringLiteral("\"max_retries\":11"))
                                        << decision("stop", "transient", "model_capacity", 0, nullptr, "stop",
                                               R"(,"policy_errors":["policies.transient.retry.max_retries"])")
                                        << 1 << "policyctl evaluate: line 1: policies.transient.retry.max_retries: ";
    QTest::newRow("unknown policy key stops")
        << spec
        << evaluateLineWith(capacity, QStringLiteral("\"on_exhausted\":\"skip\""),
               QStringLiteral("\"on_exhausted\":\"skip\",\"jitter\":true"))
        << decision("stop", "transient", "model_capacity", 0, nullptr, "stop",
               R"(,"policy_errors":["policies.transient.jitter"])")
        << 1 << "policyctl evaluate: line 1: policies.transient.jitter: unknown key";
    QTest::newRow("legacy action as outcome stops")
        << spec
        << evaluateLineWith(
               capacity, QStringLiteral("\"on_exhausted\":\"skip\""), QStringLiteral("\"on_exhausted\":\"try_next\""))
        << decision("stop", "transient", "model_capacity", 0, nullptr, "stop",
               R"(,"policy_errors":["policies.transient.on_exhausted"])")
        << 1 << "policyctl evaluate: line 1: policies.transient.on_exhausted: ";
    QTest::newRow("wrong type stops")
        << spec
        << evaluateLineWith(capacity, QStringLiteral("\"max_retries\":3"), QStringLiteral("\"max_retries\":\"3\""))
        << decision("stop", "transient", "model_capacity", 0, nullptr, "stop",
               R"(,"policy_errors":["policies.transient.retry.max_retries"])")
        << 1 << "policyctl evaluate: line 1: policies.transient.retry.max_retries: expected an integer, found a string";
    QTest::newRow("missing class stops")
        << spec
        << QStringLiteral(
               R"({"policies":{"version":1,"transient":%1},"failure":{"code":"model_capacity"},"now":"2026-08-17T12:00:00Z","effect_safe":true})")
               .arg(QString::fromLatin1(kPolicies)
                        .section(QStringLiteral("\"transient\":"), 1)
                        .section(QStringLiteral(",\"hard\""), 0, 0))
        << decision("stop", "transient", "model_capacity", 0, nullptr, "stop", R"(,"policy_errors":["policies.hard"])")
        << 1 << "policyctl evaluate: line 1: policies.hard: is missing";

    // Untrusted or unreadable fields: named in warnings.
    QTest::newRow("unparseable reset hint ignored")
        << spec << evaluateLine(R"({"code":"model_capacity","reset_at":"in five minutes"})")
        << decision("retry_wait", "transient", "model_capacity", 1, "2026-08-17T12:00:05Z", "skip",
               R"(,"warnings":["failure.reset_at: not an RFC 3339 time such as 2026-08-17T12:00:00Z; the reset hint is ignored"])")
        << 0 << "";
    QTest::newRow("reset hint of the wrong type ignored")
        << spec << evaluateLine(R"({"code":"quota_limited","reset_at":1786968240})")
        << decision("stop", "hard", "quota_limited", 0, nullptr, "stop",
               R"(,"warnings":["failure.reset_at: expected an RFC 3339 time, found an integer; the reset hint is ignored"])")
        << 0 << "";
    QTest::newRow("unknown failure key ignored")
        << spec << evaluateLine(R"({"code":"model_capacity","provider":"anthropic"})")
        << decision("retry_wait", "transient", "model_capacity", 1, "2026-08-17T12:00:05Z", "skip",
               R"(,"warnings":["failure.provider: unknown key, ignored"])")
        << 0 << "";
    QTest::newRow("fractional ordinal stops")
        << spec
        << evaluateLineWith(capacity, QStringLiteral("\"retry_ordinal\":0"), QStringLiteral("\"retry_ordinal\":1.5"))
        << decision("stop", "transient", "model_capacity", 0, nullptr, "stop",
               R"(,"warnings":["retry_ordinal: expected an integer, found a fraction; the case stops"])")
        << 0 << "";
    QTest::newRow("effect_safe as a string stops")
        << spec
        << evaluateLineWith(
               capacity, QStringLiteral("\"effect_safe\":true"), QStringLiteral("\"effect_safe\":\"true\""))
        << decision("stop", "transient", "model_capacity", 0, nullptr, "stop",
               R"(,"warnings":["effect_safe: expected true or false, found a string; the case stops"])")
        << 0 << "";
    QTest::newRow("code of the wrong type is unclassified")
        << spec << evaluateLine(R"({"code":42})")
        << decision("stop", "unclassified", "", 0, nullptr, "stop",
               R"(,"warnings":["failure.code: expected a string, found an integer; the failure is unclassified"])")
        << 0 << "";

    // Times at the end of what RFC 3339 can write: a clamp, never a wrap.
    QTest::newRow("deadline past year 9999 is clamped, not wrapped")
        << spec
        << evaluateLineWith(capacity, QStringLiteral("2026-08-17T12:00:00Z"), QStringLiteral("9999-12-31T23:59:58Z"))
        << decision("retry_wait", "transient", "model_capacity", 1, "9999-12-31T23:59:59Z", "skip") << 0 << "";
    QTest::newRow("now past year 9999 through an offset is no time")
        << spec
        << evaluateLineWith(
               capacity, QStringLiteral("2026-08-17T12:00:00Z"), QStringLiteral("9999-12-31T23:00:00-05:00"))
        << QStringLiteral(R"({"error":"line 1: now: expected an RFC 3339 time such as 2026-08-17T12:00:00Z","line":1})")
        << 1 << "";

    // Times read as Go's time.Parse(time.RFC3339, ...) reads them (kandev's backend).
    QTest::newRow("reset hint with a space instead of T ignored")
        << spec << evaluateLine(R"({"code":"quota_limited","reset_at":"2026-08-17 12:01:00Z"})")
        << decision("stop", "hard", "quota_limited", 0, nullptr, "stop",
               R"(,"warnings":["failure.reset_at: not an RFC 3339 time such as 2026-08-17T12:00:00Z; the reset hint is ignored"])")
        << 0 << "";
    QTest::newRow("reset hint on a leap second ignored")
        << spec << evaluateLine(R"({"code":"quota_limited","reset_at":"2026-08-17T12:01:60Z"})")
        << decision("stop", "hard", "quota_limited", 0, nullptr, "stop",
               R"(,"warnings":["failure.reset_at: not an RFC 3339 time such as 2026-08-17T12:00:00Z; the reset hint is ignored"])")
        << 0 << "";
    QTest::newRow("reset hint with Go's comma fraction and one-digit hour")
        << spec << evaluateLine(R"({"code":"quota_limited","reset_at":"2026-08-17T9:04:00,5-03:00"})")
        << decision("waiting_for_reset", "hard", "quota_limited", 0, "2026-08-17T12:04:00Z", "stop") << 0 << "";
    QTest::newRow("now in lower case is no time")
        << spec
        << evaluateLineWith(capacity, QStringLiteral("2026-08-17T12:00:00Z"), QStringLiteral("2026-08-17t12:00:00z"))
        << QStringLiteral(R"({"error":"line 1: now: expected an RFC 3339 time such as 2026-08-17T12:00:00Z","line":1})")
        << 1 << "";

    // Lines a careless tool writes: duplicate keys (even escaped) and -0 are
    // error lines, never a silent pick of one value.
    QTest::newRow("duplicate effect_safe")
        << spec
        << evaluateLineWith(capacity, QStringLiteral("\"effect_safe\":true"),
               QStringLiteral("\"effect_safe\":false,\"effect_safe\":true"))
        << QStringLiteral(
               R"({"error":"line 1: duplicate key \"effect_safe\": each key may appear once per object","line":1})")
        << 1 << "";
    QTest::newRow("duplicate written with an escape")
        << spec
        << evaluateLineWith(capacity, QStringLiteral("\"max_retries\":3"),
               QStringLiteral("\"max_retries\":3,\"max_\\u0072etries\":9"))
        << QStringLiteral(
               R"({"error":"line 1: duplicate key \"max_retries\" in policies.transient.retry: each key may appear once per object","line":1})")
        << 1 << "";
    QTest::newRow("-0 as the ordinal") << spec
                                       << evaluateLineWith(capacity, QStringLiteral("\"retry_ordinal\":0"),
                                              QStringLiteral("\"retry_ordinal\":-0"))
                                       << QStringLiteral(
                                              R"({"error":"line 1: -0 is not a valid integer; write 0","line":1})")
                                       << 1 << "";
    QTest::newRow("-0 inside a string is text")
        << spec << evaluateLine(R"({"code":"model-0"})")
        << decision("stop", "unclassified", "model-0", 0, nullptr, "stop") << 0 << "";

    // --kandev: what kandev's Go backend answers today (policy::kandev).
    QTest::newRow("kandev: the gate reports nothing")
        << kandev << evaluateLine(capacity, 0, false, false) << decision("stop", "", "", 0, nullptr, "stop", {}, "")
        << 0 << "";
    QTest::newRow("kandev: agent_transport_lost does not fall back")
        << kandev << evaluateLine(R"({"code":"agent_transport_lost"})")
        << decision("stop", "", "", 0, nullptr, "stop", {}, "") << 0 << "";
    QTest::newRow("kandev: confidence is not looked at")
        << kandev << evaluateLine(R"({"code":"rate_limited","confidence":"low"})")
        << decision("retry_wait", "transient", "rate_limited", 1, "2026-08-17T12:00:05Z", "skip") << 0 << "";
    QTest::newRow("kandev: unknown policy key ignored")
        << kandev
        << evaluateLineWith(capacity, QStringLiteral("\"on_exhausted\":\"skip\""),
               QStringLiteral("\"on_exhausted\":\"skip\",\"jitter\":true"))
        << decision("retry_wait", "transient", "model_capacity", 1, "2026-08-17T12:00:05Z", "skip",
               R"(,"warnings":["policies.transient.jitter: unknown key, ignored as kandev's backend ignores it"])")
        << 0 << "";
    QTest::newRow("kandev: keys match without regard to case")
        << kandev << evaluateLineWith(capacity, QStringLiteral("\"transient\":"), QStringLiteral("\"Transient\":"))
        << decision("retry_wait", "transient", "model_capacity", 1, "2026-08-17T12:00:05Z", "skip") << 0 << "";
    QTest::newRow("kandev: an invalid document still stops")
        << kandev
        << evaluateLineWith(capacity, QStringLiteral("\"max_retries\":3"), QStringLiteral("\"max_retries\":11"))
        << decision(
               "stop", "", "", 0, nullptr, "stop", R"(,"policy_errors":["policies.transient.retry.max_retries"])", "")
        << 1 << "policyctl evaluate: line 1: policies.transient.retry.max_retries: ";
    QTest::newRow("kandev: unclassified stated class stops, reporting nothing")
        << kandev << evaluateLine(R"({"code":"model_capacity","class":"unclassified"})")
        << decision("stop", "", "", 0, nullptr, "stop", {}, "") << 0 << "";
}

void TestPolicyctl::evaluate()
{
    QFETCH(QStringList, args);
    QFETCH(QString, line);
    QFETCH(QString, expected);
    QFETCH(int, exitCode);
    QFETCH(QString, stderrLine);
    const Result r = runInProcess(args, line.toStdString() + "\n");
    QCOMPARE(r.out, expected + QLatin1Char('\n'));
    QVERIFY2(!json(r.out).isEmpty(), qPrintable(r.out));
    QCOMPARE(r.code, exitCode);
    if (stderrLine.isEmpty())
        QCOMPARE(r.err, QString());
    else
        QVERIFY2(r.err.startsWith(stderrLine), qPrintable(r.err));
}

void TestPolicyctl::evaluateBadLinesDoNotStopTheStream()
{
    const QString good = evaluateLine(R"({"code":"model_capacity"})");
    const QStringList lines {
        good,
        QStringLiteral("not json"),
        QStringLiteral(R"({"policies":{"version":1,"fatal":{}},"now":"2026-08-17T12:00:00Z"})"),
        QString(good).replace(QStringLiteral("2026-08-17T12:00:00Z"), QStringLiteral("yesterday")),
        QStringLiteral(R"({"now":"2026-08-17T12:00:00Z"})"),
        QStringLiteral(""),
        QStringLiteral("[1,2]"),
        QStringLiteral(R"({"policies":{},"failure":null})"),
        good + QStringLiteral("\r"),
    };
    const Result r = runInProcess({"evaluate"}, lines.join(QLatin1Char('\n')).toStdString());
    QCOMPARE(r.code, 1);
    const QStringList out = r.out.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QCOMPARE(out.size(), 8);
    QVERIFY(out[0].startsWith(QStringLiteral("{\"kind\":\"retry_wait\"")));
    QVERIFY(out[1].startsWith(QStringLiteral("{\"error\":\"line 2: invalid JSON")));
    // A valid line with an invalid document still gets the gate's stop.
    QCOMPARE(out[2],
        decision("stop", "", "", 0, nullptr, "stop",
            R"(,"policy_errors":["policies.fatal","policies.transient","policies.hard"])"));
    QVERIFY(out[3].contains(QStringLiteral("line 4: now: expected an RFC 3339 time")));
    QCOMPARE(out[4], decision("stop", "", "", 0, nullptr, "stop", R"(,"policy_errors":["policies"])"));
    QVERIFY(out[5].contains(QStringLiteral("line 7: expected a JSON object")));
    QCOMPARE(out[6], QStringLiteral(R"({"error":"line 8: now: is missing","line":8})"));
    QCOMPARE(out[7], out[0]);
    for (const auto& line : out)
        QVERIFY(!json(line).isEmpty());
    QVERIFY2(
        r.err.contains(QStringLiteral("policyctl evaluate: line 3: policies.fatal: unknown key\n")), qPrintable(r.err));
    QVERIFY2(r.err.contains(QStringLiteral("policyctl evaluate: line 5: policies: is missing")), qPrintable(r.err));
}

void TestPolicyctl::evaluateEscapesLikeEveryOutput()
{
    // DEL, a C1 control (CSI) and a bidirectional override are valid inside a
    // JSON string: they come back escaped, as every other command prints them.
    const QString code = QStringLiteral("rate") + QChar(0x7f) + QChar(0x9b) + QStringLiteral("31m") + QChar(0x202e);
    const Result r = runProcess(
        {QStringLiteral("evaluate")}, (evaluateLine(QStringLiteral(R"({"code":"%1"})").arg(code)) + '\n').toUtf8());
    QCOMPARE(r.code, 0);
    QVERIFY2(r.out.contains(QStringLiteral(R"("code":"rate\u007f\u009b31m\u202e")")), qPrintable(r.out));
    for (const QChar raw : {QChar(0x7f), QChar(0x9b), QChar(0x202e)})
        QVERIFY(!r.out.contains(raw));
    QCOMPARE(json(r.out.trimmed())[QStringLiteral("code")].toString(), code);  // the same value, escaped
}

void TestPolicyctl::evaluateOutOfRangeNumbers_data()
{
    QTest::addColumn<QString>("line");
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QString>("policyError");  // "" when the policies stay valid
    const QString good = evaluateLine(R"({"code":"model_capacity"})");
    QString huge = good;
    huge.replace(QStringLiteral("\"max_retries\":3"), QStringLiteral("\"max_retries\":1e400"));
    QVERIFY(huge != good);
    QTest::newRow("1e400 in policies") << huge << "stop"
                                       << "policies.transient.retry.max_retries";
    QString digits = good;
    digits.replace(
        QStringLiteral("\"max_retries\":3"), QStringLiteral("\"max_retries\":123456789012345678901234567890"));
    QTest::newRow("30 digits in policies") << digits << "stop"
                                           << "policies.transient.retry.max_retries";
    QString ignored = good;
    ignored.replace(QStringLiteral("\"now\""), QStringLiteral("\"extra\":{\"a\":[1e400,-1e999]},\"now\""));
    QTest::newRow("in an ignored key") << ignored << "retry_wait"
                                       << "";
    QString unknownInFailure = evaluateLine(R"({"code":"model_capacity","size":123456789012345678901234567890})");
    QTest::newRow("in an ignored failure key") << unknownInFailure << "retry_wait"
                                               << "";
}

void TestPolicyctl::evaluateOutOfRangeNumbers()
{
    QFETCH(QString, line);
    QFETCH(QString, kind);
    QFETCH(QString, policyError);
    const Result r = runInProcess({"evaluate"}, line.toStdString() + "\n");
    const QJsonObject decision = json(r.out.trimmed());
    QVERIFY2(!decision.contains(QStringLiteral("error")), qPrintable(r.out));
    QCOMPARE(decision[QStringLiteral("kind")].toString(), kind);
    if (policyError.isEmpty()) {
        QCOMPARE(r.code, 0);
        QVERIFY(!decision.contains(QStringLiteral("policy_errors")));
    } else {
        QCOMPARE(r.code, 1);
        QCOMPARE(decision[QStringLiteral("policy_errors")].toArray().first().toString(), policyError);
        QVERIFY2(r.err.contains(policyError + QStringLiteral(": expected an integer, found a number out of range")),
            qPrintable(r.err));
    }
}

void TestPolicyctl::evaluateLineBound()
{
    // The C API answers the same (tst_policy_c): a decision up to 16 MiB, the error past it.
    for (const qsizetype size : {qsizetype(16) << 20, (qsizetype(16) << 20) + 1}) {
        QString line = evaluateLine(R"({"code":"model_capacity"})");
        line.chop(1);
        line += QStringLiteral(",\"pad\":\"");
        line += QString(size - line.size() - 2, QLatin1Char('x'));
        line += QStringLiteral("\"}");
        QCOMPARE(line.size(), size);
        const Result r = runProcess({QStringLiteral("evaluate")}, line.toUtf8() + "\r\n");
        if (size <= (qsizetype(16) << 20))
            QVERIFY2(r.out.startsWith(QStringLiteral("{\"kind\":\"retry_wait\"")), qPrintable(r.out.left(200)));
        else
            QCOMPARE(r.out, QStringLiteral("{\"error\":\"line 1: the line is longer than 16 MiB\",\"line\":1}\n"));
    }
}

void TestPolicyctl::evaluateStreamsLineByLine()
{
    // Each answer arrives while the input is still open.
    QProcess p;
    p.start(QStringLiteral(POLICYCTL_PATH), {QStringLiteral("evaluate")});
    QVERIFY(p.waitForStarted());
    for (int i = 0; i < 3; ++i) {
        p.write((evaluateLine(R"({"code":"model_capacity"})", i) + QLatin1Char('\n')).toUtf8());
        QVERIFY(p.waitForReadyRead(20000));
        while (!p.canReadLine())
            QVERIFY(p.waitForReadyRead(20000));
        const QJsonObject answer = json(QString::fromUtf8(p.readLine()));
        QCOMPARE(answer[QStringLiteral("retry_ordinal")].toInt(), i + 1);
    }
    p.closeWriteChannel();
    QVERIFY(p.waitForFinished(20000));
    QCOMPARE(p.exitCode(), 0);
}

void TestPolicyctl::unwritableOutputFails_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<QString>("message");
    QTest::newRow("evaluate") << QStringList {QStringLiteral("evaluate")}
                              << (evaluateLine(R"({"code":"model_capacity"})") + QLatin1Char('\n')).toUtf8()
                              << QStringLiteral(
                                     "policyctl evaluate: cannot write to standard output: No space left on device");
    QTest::newRow("validate") << QStringList {QStringLiteral("validate"),
        testpaths::sample(QStringLiteral("export.json"))}
                              << QByteArray() << QStringLiteral("policyctl: cannot write to standard output");
    QTest::newRow("schedule") << QStringList {QStringLiteral("schedule"), QStringLiteral("--initial-interval"),
        QStringLiteral("5"), QStringLiteral("--max-retries"), QStringLiteral("3")}
                              << QByteArray() << QStringLiteral("policyctl: cannot write to standard output");
}

void TestPolicyctl::unwritableOutputFails()
{
    // /dev/full takes no bytes: ENOSPC on every write.
    if (!QFileInfo::exists(QStringLiteral("/dev/full")))
        QSKIP("this system has no /dev/full");
    QFETCH(QStringList, args);
    QFETCH(QByteArray, input);
    QFETCH(QString, message);
    QProcess p;
    p.setStandardOutputFile(QStringLiteral("/dev/full"));
    p.start(QStringLiteral(POLICYCTL_PATH), args);
    QVERIFY(p.waitForStarted());
    p.write(input);
    p.closeWriteChannel();
    QVERIFY(p.waitForFinished(60000));
    QCOMPARE(p.exitCode(), 2);
    QVERIFY2(QString::fromUtf8(p.readAllStandardError()).contains(message), qPrintable(message));
}

void TestPolicyctl::hostileInputsAndTargets_data()
{
    // A shell line run in a scratch directory holding doc.json (a legacy
    // profile), a FIFO `pipe` without a writer and `link.json` -> doc.json.
    // $P is policyctl.
    QTest::addColumn<QString>("shell");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("message");  // on stderr, or stdout when it starts with "out:"
    QTest::newRow("validate a device") << "$P validate /dev/zero" << 2
                                       << "/dev/zero: is a character device, not a regular file";
    QTest::newRow("validate a FIFO without a writer")
        << "$P validate pipe" << 2 << "pipe: is a FIFO (named pipe), not a regular file";
    QTest::newRow("validate endless standard input")
        << "$P validate - < /dev/zero" << 2 << "standard input: larger than the 64 MiB limit for documents";
    QTest::newRow("classify stops reading at its bound")
        << "$P classify - < /dev/zero" << 0 << R"(out:"truncated":true)";
    // --password-file: a pipe is how a password manager hands one over; a device is never read.
    const QString pg = QStringLiteral("$P routes --db postgres://u@127.0.0.1:1/none --password-file ");
    QTest::newRow("password from process substitution")
        << pg + QStringLiteral("<(printf 'pw\\nsecond line\\n')") << 2 << "postgres://u@127.0.0.1:1/none:";
    QTest::newRow("password from a FIFO with a writer") << QStringLiteral("(printf 'pw\\n' > pipe &); ") + pg
            + QStringLiteral("pipe") << 2 << "postgres://u@127.0.0.1:1/none:";
    QTest::newRow("password from a device")
        << pg + QStringLiteral("/dev/zero") << 2
        << "--password-file: /dev/zero: is a character device; this is read only from";
    QTest::newRow("password file of 70 kB") << QStringLiteral("head -c 70000 /dev/zero | tr '\\0' x > big; ") + pg
            + QStringLiteral("big") << 2 << "--password-file: big: the file is 68.4 KiB; it is limited to 4 KiB";
    QTest::newRow("password pipe without a line end within 4 KiB")
        << pg + QStringLiteral("<(head -c 70000 /dev/zero | tr '\\0' x)") << 2
        << "its first line is longer than 4 KiB; nothing was read";
    QTest::newRow("evaluate from a directory")
        << "$P evaluate < ." << 2 << "cannot read standard input: Is a directory";
    QTest::newRow("migrate onto /dev/null")
        << "$P migrate --output /dev/null doc.json; r=$?; test -c /dev/null || echo REPLACED >&2; exit $r" << 2
        << "/dev/null: is a character device, not a regular file; Policy Studio replaces only regular files";
    QTest::newRow("migrate onto a FIFO")
        << "$P migrate --output pipe doc.json; r=$?; test -p pipe || echo REPLACED >&2; exit $r" << 2
        << "pipe: is a FIFO (named pipe), not a regular file";
    QTest::newRow("migrate through a symlink")
        << "$P migrate --output link.json doc.json; r=$?; grep -q retry_same doc.json || echo WRITTEN-THROUGH >&2; "
           "exit $r"
        << 2 << "link.json: is a symbolic link to doc.json; Policy Studio does not write through links";
    QTest::newRow("migrate in place through a symlink")
        << "$P migrate --in-place link.json; r=$?; test -e link.json.bak && echo BACKUP-MADE >&2; exit $r" << 2
        << "link.json: is a symbolic link to doc.json";
}

void TestPolicyctl::hostileInputsAndTargets()
{
    QFETCH(QString, shell);
    QFETCH(int, exitCode);
    QFETCH(QString, message);
    QTemporaryDir dir;
    QVERIFY(QFile::copy(
        testpaths::sample(QStringLiteral("legacy-profile.json")), dir.filePath(QStringLiteral("doc.json"))));
    QCOMPARE(::mkfifo(QFile::encodeName(dir.filePath(QStringLiteral("pipe"))).constData(), 0600), 0);
    QVERIFY(QFile::link(QStringLiteral("doc.json"), dir.filePath(QStringLiteral("link.json"))));
    QProcess p;
    p.setWorkingDirectory(dir.path());
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("P"), QStringLiteral(POLICYCTL_PATH));
    p.setProcessEnvironment(env);
    p.start(QStringLiteral("/bin/bash"), {QStringLiteral("-c"), shell});  // bash: <(...) as people pass passwords
    QVERIFY(p.waitForStarted());
    QVERIFY2(p.waitForFinished(120000), "policyctl did not finish: blocked or unbounded");
    const QString out = QString::fromUtf8(p.readAllStandardOutput());
    const QString err = QString::fromUtf8(p.readAllStandardError());
    QVERIFY2(!err.contains(QStringLiteral("REPLACED")) && !err.contains(QStringLiteral("WRITTEN-THROUGH"))
            && !err.contains(QStringLiteral("BACKUP-MADE")),
        qPrintable(err));
    if (message.startsWith(QStringLiteral("out:")))
        QVERIFY2(out.contains(message.mid(4)), qPrintable(out));
    else
        QVERIFY2(err.contains(message), qPrintable(err));
    QCOMPARE(p.exitCode(), exitCode);
}

void TestPolicyctl::bytesThatAreNotUtf8NeverAbort_data()
{
    // Each verb on each file: no abort, valid UTF-8 on both streams, the
    // problem named with its line and column.
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QStringList>("args");  // FILE stands for the file
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("message");  // on stdout or stderr
    const QList<QPair<const char*, QStringList>> verbs {
        {"validate json", {"validate", "--format", "json", "FILE"}},
        {"validate text", {"validate", "FILE"}},
        {"migrate text", {"migrate", "FILE"}},
        {"migrate json", {"migrate", "--format", "json", "FILE"}},
        {"timeline", {"timeline", "--format", "json", "FILE"}},
    };
    const QList<std::tuple<const char*, QByteArray, const char*>> files {
        {"UTF-8 next to a syntax error", QByteArray("{\"a\": \xC3\xA9}"), "FILE:1:7: syntax error"},
        {"invalid UTF-8 in a string",
            QByteArray("{\"candidates\":[{\"position\":0,\"execution_profile_id\":\"\xC3\x28\"}]}"),
            "FILE:1:54: not UTF-8: the byte 0xC3"},
        {"Latin-1 byte", QByteArray("{\"candidates\":[{\"position\":0,\"execution_profile_id\":\"caf\xE9\"}]}"),
            "FILE:1:57: not UTF-8: the byte 0xE9"},
        {"UTF-16 LE with BOM", QByteArray("\xFF\xFE{\0}\0", 6),
            "FILE:1:1: the file is UTF-16 (little-endian), not UTF-8"},
        {"UTF-16 BE without BOM", QByteArray("\0{\0}", 4), "FILE:1:1: the file is UTF-16 (big-endian), not UTF-8"},
        {"UTF-32 LE", QByteArray("{\0\0\0}\0\0\0", 8), "FILE:1:1: the file is UTF-32 (little-endian), not UTF-8"},
        {"NUL after a document", QByteArray("{\"candidates\":[]}\0{\"x\":", 24),
            "FILE:1:18: a NUL byte is not allowed in JSON text"},
        {"overlong encoding", QByteArray("{\"a\":\"\xC0\xAF\"}"), "FILE:1:7: not UTF-8: the byte 0xC0"},
        {"surrogate half", QByteArray("{\"a\":\"\xED\xA0\x80\"}"), "FILE:1:7: not UTF-8: the byte 0xED"},
    };
    for (const auto& [verb, args] : verbs) {
        for (const auto& [name, bytes, message] : files)
            QTest::addRow("%s: %s", verb, name) << bytes << args << 1 << QString::fromLatin1(message);
    }
    QTest::newRow("classify: Latin-1 evidence is classified")
        << QByteArray("API Error: 529 Overloaded \xE9\xFF") << QStringList {"classify", "FILE"} << 0
        << QStringLiteral("\"excerpt\":\"API Error: 529 Overloaded \uFFFD\uFFFD\"");
    QTest::newRow("explain: Latin-1 evidence")
        << QByteArray("API Error: 529 Overloaded \xE9")
        << QStringList {"explain", "PROFILE", "--candidate", "0", "FILE"} << 0 << QStringLiteral("provider_overloaded");
}

void TestPolicyctl::bytesThatAreNotUtf8NeverAbort()
{
    QFETCH(QByteArray, bytes);
    QFETCH(QStringList, args);
    QFETCH(int, exitCode);
    QFETCH(QString, message);
    QTemporaryDir dir;
    const QString file = dir.filePath(QStringLiteral("input.json"));
    QFile f(file);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(bytes);
    f.close();
    args.replaceInStrings(QStringLiteral("PROFILE"), testpaths::sample(QStringLiteral("profile-v1.json")));
    args.replaceInStrings(QStringLiteral("FILE"), file);
    QProcess p;
    p.start(QStringLiteral(POLICYCTL_PATH), args);
    QVERIFY(p.waitForFinished(60000));
    QCOMPARE(p.exitStatus(), QProcess::NormalExit);  // no abort
    const QByteArray out = p.readAllStandardOutput();
    const QByteArray err = p.readAllStandardError();
    QVERIFY2(!policy::firstInvalidUtf8(out.toStdString()), out.constData());
    QVERIFY2(!policy::firstInvalidUtf8(err.toStdString()), err.constData());
    const QString both = QString::fromUtf8(out + err);
    if (message.startsWith(QStringLiteral("FILE:"))) {
        // "FILE:L:C: text" in text output; in JSON, the text with its line and column.
        const QStringList parts = message.split(QLatin1Char(':'));
        const QString text = message.section(QStringLiteral(": "), 1);
        const QString location = QStringLiteral(R"("line":%1,"column":%2)").arg(parts[1], parts[2]);
        message.replace(0, 4, file);
        QVERIFY2(both.contains(message) || (both.contains(text) && both.contains(location)), qPrintable(both));
    } else {
        QVERIFY2(both.contains(message), qPrintable(both));
    }
    QCOMPARE(p.exitCode(), exitCode);
}

void TestPolicyctl::hostileFixturesNeverAbort_data()
{
    // The fuzzers' regression seeds, each through the verb that reads it.
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("input");  // a file for standard input, or ""
    const auto add = [](const QString& dir, const QStringList& args, bool stdinInput) {
        const QDir d(testpaths::fixture(dir));
        for (const QString& name : d.entryList(QDir::Files)) {
            QStringList a = args;
            if (!stdinInput)
                a << d.filePath(name);
            QTest::addRow("%s/%s", qPrintable(dir), qPrintable(name))
                << a << (stdinInput ? d.filePath(name) : QString());
        }
    };
    add(QStringLiteral("hostile"), {"validate", "--format", "json"}, false);
    add(QStringLiteral("hostile"), {"migrate", "--format", "json"}, false);
    add(QStringLiteral("fuzz/evaluate"), {"evaluate"}, true);
    add(QStringLiteral("fuzz/classify"), {"classify", "-"}, true);
}

void TestPolicyctl::hostileFixturesNeverAbort()
{
    QFETCH(QStringList, args);
    QFETCH(QString, input);
    QProcess p;
    if (!input.isEmpty())
        p.setStandardInputFile(input);
    p.start(QStringLiteral(POLICYCTL_PATH), args);
    QVERIFY(p.waitForFinished(60000));
    QCOMPARE(p.exitStatus(), QProcess::NormalExit);
    QVERIFY2(p.exitCode() == 0 || p.exitCode() == 1, qPrintable(QString::number(p.exitCode())));
    const QByteArray out = p.readAllStandardOutput();
    QVERIFY2(!policy::firstInvalidUtf8(out.toStdString()), out.constData());
    QVERIFY2(!policy::firstInvalidUtf8(p.readAllStandardError().toStdString()), "stderr is not UTF-8");
    for (const QByteArray& line : out.split('\n')) {
        if (!line.isEmpty())
            QVERIFY2(QJsonDocument::fromJson(line).isObject(), line.constData());
    }
}

void TestPolicyctl::terminalEscapes_data()
{
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<QByteArray>("expected");
    QTest::addColumn<bool>("final");
    QTest::newRow("plain") << QByteArray("ok\tfine\n") << QByteArray("ok\tfine\n") << true;
    QTest::newRow("ESC sequence") << QByteArray("\x1b[2Jred") << QByteArray("\\u001b[2Jred") << true;
    QTest::newRow("carriage return and bell") << QByteArray("a\rb\x07") << QByteArray("a\\u000db\\u0007") << true;
    QTest::newRow("DEL") << QByteArray("\x7f") << QByteArray("\\u007f") << true;
    QTest::newRow("C1 CSI") << QByteArray("\xC2\x9b"
                                          "31m")
                            << QByteArray("\\u009b31m") << true;
    QTest::newRow("NBSP stays") << QByteArray("\xC2\xA0") << QByteArray("\xC2\xA0") << true;
    QTest::newRow("invalid byte") << QByteArray("caf\xE9!") << QByteArray("caf\\xe9!") << true;
    QTest::newRow("cut sequence waits") << QByteArray("ab\xE2\x82") << QByteArray("ab") << false;
    QTest::newRow("cut sequence at the end") << QByteArray("ab\xE2\x82") << QByteArray("ab\\xe2\\x82") << true;
    QTest::newRow("emoji") << QByteArray("\xF0\x9F\x98\x80") << QByteArray("\xF0\x9F\x98\x80") << false;
}

void TestPolicyctl::terminalEscapes()
{
    QFETCH(QByteArray, input);
    QFETCH(QByteArray, expected);
    QFETCH(bool, final);
    QCOMPARE(QByteArray::fromStdString(cli::TerminalSafeBuffer::escape(input.toStdString(), final)), expected);
    // Through the stream, byte by byte: the same text once everything is in.
    std::ostringstream sink;
    {
        cli::TerminalSafeBuffer buffer(sink.rdbuf());
        std::ostream out(&buffer);
        for (const char c : input)
            out.put(c).flush();
        buffer.finish();
    }
    QCOMPARE(QByteArray::fromStdString(sink.str()),
        QByteArray::fromStdString(cli::TerminalSafeBuffer::escape(input.toStdString(), true)));
    // In one large write, taken in chunks: sequences cut at a chunk's end
    // come out as they would from one piece.
    const std::string large = input.repeated(300 * 1024 / input.size() + 1).toStdString();
    std::ostringstream largeSink;
    {
        cli::TerminalSafeBuffer buffer(largeSink.rdbuf());
        std::ostream out(&buffer);
        out.write(large.data(), std::streamsize(large.size()));
        buffer.finish();
    }
    QVERIFY(largeSink.str() == cli::TerminalSafeBuffer::escape(large, true));
}

void TestPolicyctl::controlCharactersReachNoTerminal()
{
    // A candidate id holding an ESC sequence and a C1 CSI (valid JSON: escaped).
    QTemporaryDir dir;
    const QString file = dir.filePath(QStringLiteral("sneaky.json"));
    QFile f(file);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(
        R"({"candidates":[{"position":0,"execution_profile_id":"\u001b[2J\u009bevil","rules":{"on_provider_error":"stop"}}]})");
    f.close();
    for (const QStringList& args : {QStringList {"migrate", file}, QStringList {"validate", file},
             QStringList {"timeline", file}, QStringList {"migrate", "--format", "json", file}}) {
        const Result r = runProcess(args);
        const QByteArray bytes = (r.out + r.err).toUtf8();
        QVERIFY2(!bytes.contains('\x1b') && !bytes.contains("\xC2\x9b"), qPrintable(args.join(QLatin1Char(' '))));
        if (args.size() == 2 && args[0] == QLatin1String("migrate"))
            QVERIFY2(r.out.contains(QStringLiteral(R"("\u001b[2J\u009bevil")")), qPrintable(r.out));
    }
    // JSON keeps its meaning: the escaped id parses back to the same string.
    const Result j = runProcess({"migrate", "--format", "json", file});
    const QString id = json(
        j.out)[QStringLiteral("document")][QStringLiteral("candidates")][0][QStringLiteral("execution_profile_id")]
                           .toString();
    QCOMPARE(id,
        QStringLiteral("\x1b[2J\x9b"
                       "evil"));
}

void TestPolicyctl::schedule_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("code");
    QTest::addColumn<QString>("out");
    QTest::newRow("json") << QStringList {"schedule", "--initial-interval", "5", "--max-retries", "3", "--format",
        "json"} << 0
                          << R"({"delays_seconds":[5,10,20],"total_seconds":35,"capped":false})"
                             "\n";
    QTest::newRow("json capped")
        << QStringList {"schedule", "--initial-interval=3600", "--max-retries=6", "--format=json"} << 0
        << R"({"delays_seconds":[3600,7200,14400,28800,57600,86400],"total_seconds":198000,"capped":true})"
           "\n";
    QTest::newRow("text") << QStringList {"schedule", "--initial-interval", "5", "--max-retries", "3"} << 0
                          << "Retries after 5 s, 10 s, 20 s (3 retries, 4 attempts in all; 35 s of waiting at most)\n";
    QTest::newRow("interval above max") << QStringList {"schedule", "--initial-interval", "3601", "--max-retries", "3"}
                                        << 1 << "";
    QTest::newRow("retries below min") << QStringList {"schedule", "--initial-interval", "5", "--max-retries", "0"} << 1
                                       << "";
    QTest::newRow("not a number") << QStringList {"schedule", "--initial-interval", "5s", "--max-retries", "3"} << 2
                                  << "";
    QTest::newRow("missing option") << QStringList {"schedule", "--initial-interval", "5"} << 2 << "";
}

void TestPolicyctl::schedule()
{
    QFETCH(QStringList, args);
    QFETCH(int, code);
    QFETCH(QString, out);
    const Result r = runInProcess(args);
    QCOMPARE(r.code, code);
    QCOMPARE(r.out, out);
    QCOMPARE(r.err.isEmpty(), code == 0);
}

void TestPolicyctl::timelineJson()
{
    const Result r = runProcess(
        {"timeline", "--format", "json", "--scenario", "quota-reset-6h", testpaths::sample("profile-v1.json")});
    QCOMPARE(r.code, 0);
    const QJsonObject o = json(r.out);
    QCOMPARE(o.keys(), (QStringList {"events", "scenario", "totals", "warnings"}));
    QCOMPARE(o[QStringLiteral("scenario")].toString(), QStringLiteral("quota-reset-6h"));
    const QJsonArray events = o[QStringLiteral("events")].toArray();
    QCOMPARE(events.size(), 8);
    const QJsonObject wait = events[5].toObject();
    QCOMPARE(wait.keys(),
        (QStringList {"candidate", "class", "code", "deadline", "delay_seconds", "event", "offset_seconds",
            "pending_outcome", "t"}));
    QCOMPARE(wait[QStringLiteral("event")].toString(), QStringLiteral("wait_for_reset"));
    QCOMPARE(wait[QStringLiteral("candidate")].toString(), QStringLiteral("gemini-pro"));
    QCOMPARE(wait[QStringLiteral("delay_seconds")].toInt(), 21600);
    QCOMPARE(wait[QStringLiteral("deadline")].toString(), QStringLiteral("2026-01-01T06:00:00Z"));
    const QJsonObject attempt = events[0].toObject();
    QCOMPARE(attempt.keys(), (QStringList {"attempt", "candidate", "event", "offset_seconds", "position", "t"}));
    const QJsonObject last = events.last().toObject();
    QCOMPARE(last[QStringLiteral("event")].toString(), QStringLiteral("stop"));
    QCOMPARE(last[QStringLiteral("offset_seconds")].toInt(), 21600);
    const QJsonObject totals = o[QStringLiteral("totals")].toObject();
    QCOMPARE(totals[QStringLiteral("attempts")].toInt(), 4);
    QCOMPARE(totals[QStringLiteral("outcome")].toString(), QStringLiteral("stop"));
    QCOMPARE(totals[QStringLiteral("hard")].toObject()[QStringLiteral("worst_case_seconds")].toInt(), 3600 + 86400);

    // An export: --profile picks the profile; disabled and stale candidates show up as warnings.
    const Result e = runProcess(
        {"timeline", "--format", "json", "--profile", "dyn-rules", testpaths::fixture("eligibility/every-rule.json")});
    QCOMPARE(e.code, 0);
    const QJsonArray warnings = json(e.out)[QStringLiteral("warnings")].toArray();
    QStringList codes;
    for (const auto& w : warnings)
        codes << w.toObject()[QStringLiteral("code")].toString() + QLatin1Char(' ')
                + w.toObject()[QStringLiteral("candidate")].toString();
    QVERIFY2(
        codes.contains(QStringLiteral("ineligible_candidate gpt4-retired")), qPrintable(codes.join(QLatin1Char(','))));
    QVERIFY(codes.contains(QStringLiteral("disabled_candidate codex-gpt5")));
    QCOMPARE(runProcess({"timeline", "--profile", "nope", testpaths::sample("export.json")}).code, 1);
}

void TestPolicyctl::timelineScenarioFile()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("scenario.json"));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(R"({"name": "overload then tool activity", "start": "2026-08-17T12:00:00Z",
  "attempts": [{"code": "provider_overloaded"}, {"code": "model_capacity", "effect_safe": false}], "then": "repeat"})");
    f.close();
    const Result r
        = runInProcess({"timeline", "--format", "json", "--scenario", path, testpaths::sample("profile-v1.json")});
    QCOMPARE(r.code, 0);
    const QJsonObject o = json(r.out);
    QCOMPARE(o[QStringLiteral("scenario")].toString(), QStringLiteral("overload then tool activity"));
    const QJsonArray events = o[QStringLiteral("events")].toArray();
    QCOMPARE(events.size(), 4);
    QCOMPARE(events[0].toObject()[QStringLiteral("t")].toString(), QStringLiteral("2026-08-17T12:00:00Z"));
    QCOMPARE(events[3].toObject()[QStringLiteral("event")].toString(), QStringLiteral("stop"));
    QCOMPARE(events[3].toObject()[QStringLiteral("offset_seconds")].toInt(), 5);

    const Result text = runInProcess({"timeline", "--scenario", path, testpaths::sample("profile-v1.json")});
    QCOMPARE(text.code, 0);
    QVERIFY(text.out.contains(QStringLiteral("safety gate")));
}

void TestPolicyctl::timelineBadScenario()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("bad.json"));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("{\n  \"attempts\": [{\"code\": \"model_capacity\", \"reset_after_seconds\": -5}]\n}\n");
    f.close();
    const Result r = runInProcess({"timeline", "--scenario", path, testpaths::sample("profile-v1.json")});
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.contains(QStringLiteral(":2:66: attempts[0].reset_after_seconds:")), qPrintable(r.err));
    QCOMPARE(runInProcess({"timeline", "--scenario", "no-such-preset", testpaths::sample("profile-v1.json")}).code, 2);
}

namespace
{

// The sample profile with `edit` applied to its JSON, written to `dir`.
QString editedSample(const QTemporaryDir& dir, const QString& name, const std::function<void(QJsonObject&)>& edit)
{
    QFile in(testpaths::sample("profile-v1.json"));
    if (!in.open(QIODevice::ReadOnly))
        return {};
    QJsonObject doc = QJsonDocument::fromJson(in.readAll()).object();
    edit(doc);
    const QString path = dir.filePath(name);
    QFile out(path);
    if (!out.open(QIODevice::WriteOnly))
        return {};
    out.write(QJsonDocument(doc).toJson());
    return path;
}

// Sets candidates[i].policies.<cls>.<section>.<key> (or <cls>.on_exhausted when key is empty).
void setPolicy(
    QJsonObject& doc, int i, const QString& cls, const QString& section, const QString& key, const QJsonValue& value)
{
    QJsonArray candidates = doc[QStringLiteral("candidates")].toArray();
    QJsonObject candidate = candidates[i].toObject();
    QJsonObject policies = candidate[QStringLiteral("policies")].toObject();
    QJsonObject c = policies[cls].toObject();
    if (key.isEmpty()) {
        c[section] = value;
    } else {
        QJsonObject s = c[section].toObject();
        s[key] = value;
        c[section] = s;
    }
    policies[cls] = c;
    candidate[QStringLiteral("policies")] = policies;
    candidates[i] = candidate;
    doc[QStringLiteral("candidates")] = candidates;
}

const QString kTransient = QStringLiteral("transient");
const QString kRetry = QStringLiteral("retry");

}  // namespace

void TestPolicyctl::timelineCompare_data()
{
    QTest::addColumn<QString>("scenario");
    QTest::addColumn<std::function<void(QJsonObject&)>>("edit");
    QTest::addColumn<QStringList>("lines");  // in the text output, in this order

    QTest::newRow("unchanged") << "capacity-every-attempt" << std::function<void(QJsonObject&)>([](QJsonObject&) {})
                               << QStringList {"  before: 9 attempt(s) in 1 min 35 s, ending in stop on gemini-pro",
                                      "  after:  9 attempt(s) in 1 min 35 s, ending in stop on gemini-pro",
                                      "Summary: no change to the route for this scenario"};
    QTest::newRow("added retry, skip instead of stop")
        << "capacity-every-attempt" << std::function<void(QJsonObject&)>([](QJsonObject& d) {
               setPolicy(d, 0, kTransient, kRetry, QStringLiteral("max_retries"), 4);
               setPolicy(d, 2, kTransient, QStringLiteral("on_exhausted"), {}, QStringLiteral("skip"));
           })
        << QStringList {"  before: 9 attempt(s) in 1 min 35 s, ending in stop on gemini-pro",
               "  after:  10 attempt(s) in 2 min 15 s, ending in no eligible candidate left",
               "  first difference, event 8:",
               "    before: +35 s model_capacity (transient): skip claude-sonnet, go to the next candidate",
               "    after:  +35 s model_capacity (transient): retry 4 of claude-sonnet after 40 s, then skip",
               "Summary: +1 attempt, +1 retry, 40 s longer, now ends in no eligible candidate left instead of stop "
               "on gemini-pro"};
    QTest::newRow("longer first wait") << "capacity-every-attempt"
                                       << std::function<void(QJsonObject&)>([](QJsonObject& d) {
                                              setPolicy(d, 0, kTransient, kRetry,
                                                  QStringLiteral("initial_interval_seconds"), 10);
                                          })
                                       << QStringList {"Summary: 35 s longer"};
    QTest::newRow("stop on the first") << "capacity-every-attempt"
                                       << std::function<void(QJsonObject&)>([](QJsonObject& d) {
                                              setPolicy(d, 0, kTransient, QStringLiteral("on_exhausted"), {},
                                                  QStringLiteral("stop"));
                                          })
                                       << QStringList {"Summary: -5 attempts, -3 retries, 1 min shorter, now ends in "
                                                       "stop on claude-sonnet instead of stop on gemini-pro"};
}

void TestPolicyctl::timelineCompare()
{
    QFETCH(QString, scenario);
    QFETCH(std::function<void(QJsonObject&)>, edit);
    QFETCH(QStringList, lines);
    QTemporaryDir dir;
    const QString after = editedSample(dir, QStringLiteral("after.json"), edit);
    const QString before = testpaths::sample("profile-v1.json");
    const Result r = runInProcess({"timeline", "--scenario", scenario, "--compare", before, after});
    QCOMPARE(r.code, 0);
    QCOMPARE(r.err, QString());
    // The timeline of FILE as without --compare, then the comparison.
    const Result plain = runInProcess({"timeline", "--scenario", scenario, after});
    QVERIFY(r.out.startsWith(plain.out));
    const QString added = r.out.mid(plain.out.size());
    QVERIFY2(added.startsWith(QStringLiteral("Compared with %1 (before):\n").arg(before)), qPrintable(added));
    qsizetype from = 0;
    for (const QString& line : lines) {
        const qsizetype at = added.indexOf(line + QLatin1Char('\n'), from);
        QVERIFY2(at >= from, qPrintable(QStringLiteral("%1\nnot in order in\n%2").arg(line, added)));
        from = at + line.size();
    }
    QVERIFY(added.endsWith(lines.last() + QLatin1Char('\n')));
}

void TestPolicyctl::timelineCompareJson()
{
    QTemporaryDir dir;
    const QString after = editedSample(dir, QStringLiteral("after.json"), [](QJsonObject& d) {
        setPolicy(d, 0, kTransient, kRetry, QStringLiteral("max_retries"), 4);
        setPolicy(d, 2, kTransient, QStringLiteral("on_exhausted"), {}, QStringLiteral("skip"));
    });
    const QString before = testpaths::sample("profile-v1.json");
    const Result r = runProcess({"timeline", "--format", "json", "--compare", before, after});
    QCOMPARE(r.code, 0);
    const QJsonObject o = json(r.out);
    QCOMPARE(o.keys(), (QStringList {"compare", "events", "scenario", "totals", "warnings"}));
    // Without --compare, the same document without "compare".
    QJsonObject plain = json(runProcess({"timeline", "--format", "json", after}).out);
    QJsonObject withoutCompare = o;
    withoutCompare.remove(QStringLiteral("compare"));
    QCOMPARE(withoutCompare, plain);

    const QJsonObject c = o[QStringLiteral("compare")].toObject();
    QCOMPARE(c.keys(),
        (QStringList {"delta", "ending", "events", "file", "first_difference", "summary", "totals", "unchanged"}));
    QCOMPARE(c[QStringLiteral("file")].toString(), before);
    // The before side's own events and totals, in the shape of the top level's.
    const QJsonObject beforeAlone = json(runProcess({"timeline", "--format", "json", before}).out);
    QCOMPARE(c[QStringLiteral("events")], beforeAlone[QStringLiteral("events")]);
    QCOMPARE(c[QStringLiteral("totals")], beforeAlone[QStringLiteral("totals")]);
    const QJsonObject delta = c[QStringLiteral("delta")].toObject();
    QCOMPARE(delta.keys(),
        (QStringList {"attempts", "candidates_tried", "duration_seconds", "reset_wait_seconds", "reset_waits",
            "retries", "retry_wait_seconds"}));
    QCOMPARE(delta[QStringLiteral("attempts")].toInt(), 1);
    QCOMPARE(delta[QStringLiteral("retries")].toInt(), 1);
    QCOMPARE(delta[QStringLiteral("duration_seconds")].toInt(), 40);
    QCOMPARE(delta[QStringLiteral("attempts")].toInt(),
        o[QStringLiteral("totals")][QStringLiteral("attempts")].toInt()
            - c[QStringLiteral("totals")][QStringLiteral("attempts")].toInt());
    const QJsonObject ending = c[QStringLiteral("ending")].toObject();
    QCOMPARE(ending[QStringLiteral("before")].toObject(),
        QJsonObject({{"kind", "stop"}, {"candidate", "gemini-pro"}, {"position", 2}, {"code", "model_capacity"},
            {"gate_stop", false}}));
    QCOMPARE(ending[QStringLiteral("after")].toObject(),
        QJsonObject({{"kind", "exhausted"}, {"candidate", QJsonValue::Null}, {"position", QJsonValue::Null}}));
    QCOMPARE(c[QStringLiteral("unchanged")].toBool(), false);
    QCOMPARE(c[QStringLiteral("first_difference")].toInt(), 7);  // an index into both "events" arrays
    QCOMPARE(c[QStringLiteral("events")][7][QStringLiteral("event")].toString(), QStringLiteral("skip"));
    QCOMPARE(o[QStringLiteral("events")][7][QStringLiteral("event")].toString(), QStringLiteral("retry_wait"));
    QCOMPARE(c[QStringLiteral("summary")].toString(),
        QStringLiteral("+1 attempt, +1 retry, 40 s longer, now ends in no eligible candidate left instead of stop on "
                       "gemini-pro"));

    // The same policy: unchanged, no first difference.
    const QJsonObject same
        = json(runProcess({"timeline", "--format", "json", "--compare", before, before}).out)[QStringLiteral("compare")]
              .toObject();
    QVERIFY(same[QStringLiteral("unchanged")].toBool());
    QVERIFY(same[QStringLiteral("first_difference")].isNull());
    QCOMPARE(same[QStringLiteral("summary")].toString(), QStringLiteral("no change to the route for this scenario"));

    // An export: --profile picks the same profile on both sides.
    const QString exportFile = testpaths::sample("export.json");
    const Result e
        = runProcess({"timeline", "--format", "json", "--profile", "dyn-nightly", "--compare", exportFile, exportFile});
    QCOMPARE(e.code, 0);
    QVERIFY(json(e.out)[QStringLiteral("compare")][QStringLiteral("unchanged")].toBool());
}

void TestPolicyctl::timelineCompareRefuses_data()
{
    QTest::addColumn<QString>("other");  // "@name": a file written below
    QTest::addColumn<QString>("file");
    QTest::addColumn<QStringList>("extra");
    QTest::addColumn<int>("code");
    QTest::addColumn<QStringList>("mentions");  // on stderr

    const QString sample = testpaths::sample("profile-v1.json");
    const QString exportFile = testpaths::sample("export.json");
    QTest::newRow("missing OTHER") << "@missing.json" << sample << QStringList {} << 2
                                   << QStringList {"policyctl timeline: --compare ", "missing.json"};
    QTest::newRow("missing FILE") << sample << "@missing.json" << QStringList {} << 2 << QStringList {"missing.json"};
    QTest::newRow("OTHER not JSON") << "@broken.json" << sample << QStringList {} << 1
                                    << QStringList {"broken.json:1:"};
    QTest::newRow("invalid OTHER") << "@invalid.json" << sample << QStringList {} << 1
                                   << QStringList {"invalid.json:",
                                          "candidates[1].policies.transient.retry.max_retries: must be between",
                                          "cannot compare: candidate 1 'codex-gpt5' of --compare ",
                                          "invalid.json cannot be simulated "
                                          "(candidates[1].policies.transient.retry."
                                          "max_retries)"};
    QTest::newRow("invalid FILE") << sample << "@invalid.json" << QStringList {} << 1
                                  << QStringList {
                                         "cannot compare: candidate 1 'codex-gpt5' of ", "invalid.json cannot"};
    // The invalid candidate is never reached by this scenario: still no comparison, never "no change".
    QTest::newRow("invalid OTHER, a candidate the scenario never reaches")
        << "@invalid-last.json" << sample << QStringList {"--scenario", "unknown-error"} << 1
        << QStringList {"cannot compare: candidate 2 'gemini-pro'"};
    QTest::newRow("different profiles") << "@agent-profile.json" << exportFile << QStringList {} << 1
                                        << QStringList {"cannot compare different profiles:", "holds 'dyn-main'",
                                               "holds 'dyn-other'", "--profile ID"};
    QTest::newRow("profile missing in OTHER")
        << "@agent-profile.json" << exportFile << QStringList {"--profile", "dyn-main"} << 1
        << QStringList {"policyctl timeline: --compare ",
               "agent-profile.json: "
               "no dynamic profile "
               "with id 'dyn-main'"};
}

void TestPolicyctl::timelineCompareRefuses()
{
    QFETCH(QString, other);
    QFETCH(QString, file);
    QFETCH(QStringList, extra);
    QFETCH(int, code);
    QFETCH(QStringList, mentions);
    QTemporaryDir dir;
    const auto write = [&dir](const QString& name, const QByteArray& bytes) {
        QFile f(dir.filePath(name));
        if (f.open(QIODevice::WriteOnly))
            f.write(bytes);
    };
    write(QStringLiteral("broken.json"), "{ not json");
    editedSample(dir, QStringLiteral("invalid.json"),
        [](QJsonObject& d) { setPolicy(d, 1, kTransient, kRetry, QStringLiteral("max_retries"), 99); });
    editedSample(dir, QStringLiteral("invalid-last.json"),
        [](QJsonObject& d) { setPolicy(d, 2, kTransient, kRetry, QStringLiteral("max_retries"), 99); });
    QFile sample(testpaths::sample("profile-v1.json"));
    QVERIFY(sample.open(QIODevice::ReadOnly));
    write(QStringLiteral("agent-profile.json"),
        R"({"id":"dyn-other","name":"Other","kind":"dynamic","dynamic":)" + sample.readAll() + "}");
    const auto resolve
        = [&dir](const QString& p) { return p.startsWith(QLatin1Char('@')) ? dir.filePath(p.mid(1)) : p; };

    for (const QString& format : {QStringLiteral("text"), QStringLiteral("json")}) {
        const Result r = runInProcess(QStringList {"timeline", "--format", format} + extra
            + QStringList {"--compare", resolve(other), resolve(file)});
        QCOMPARE(r.code, code);
        QCOMPARE(r.out, QString());  // nothing that could be read as a comparison
        for (const QString& m : mentions)
            QVERIFY2(r.err.contains(m), qPrintable(QStringLiteral("%1\nnot in\n%2").arg(m, r.err)));
        QVERIFY(!r.err.contains(QStringLiteral("no change")));
    }
}

void TestPolicyctl::classify()
{
    const Result r = runProcess(
        {"classify", "--status", "429", "--header", "retry-after: 30", "--header", "x-request-id: abc", "--provider",
            "anthropic", "--now", "2026-08-17T12:00:00Z", "-"},
        R"({"type":"error","error":{"type":"rate_limit_error","message":"slow down, key sk-ant-api03-AAAAAAAAAAAAAAAAAAAAAAAA"}})");
    QCOMPARE(r.code, 0);
    const QJsonObject o = json(r.out);
    QCOMPARE(o.keys(),
        (QStringList {"catalogue_version", "class", "code", "confidence", "excerpt", "hint", "kandev_code", "reset_at",
            "rule", "scope", "truncated"}));
    QCOMPARE(o[QStringLiteral("code")].toString(), QStringLiteral("rate_limited"));
    QCOMPARE(o[QStringLiteral("class")].toString(), QStringLiteral("transient"));
    QCOMPARE(o[QStringLiteral("rule")].toString(), QStringLiteral("http.429.reset"));
    QCOMPARE(o[QStringLiteral("reset_at")].toString(), QStringLiteral("2026-08-17T12:00:30Z"));
    QCOMPARE(o[QStringLiteral("hint")].toObject().keys(), (QStringList {"reason", "source", "text", "trusted"}));
    QCOMPARE(o[QStringLiteral("hint")].toObject()[QStringLiteral("text")].toString(), QStringLiteral("30"));
    QCOMPARE(o[QStringLiteral("kandev_code")].toString(), QStringLiteral("rate_limited"));
    QVERIFY(!o[QStringLiteral("excerpt")].toString().contains(QStringLiteral("sk-ant")));

    const Result unknown = runInProcess({"classify", "-"}, "what is this");
    QCOMPARE(unknown.code, 0);
    QCOMPARE(json(unknown.out)[QStringLiteral("code")].toString(), QStringLiteral("unknown_provider_error"));
    QCOMPARE(json(unknown.out)[QStringLiteral("class")].toString(), QStringLiteral("unclassified"));
    QVERIFY(json(unknown.out)[QStringLiteral("reset_at")].isNull());
    QCOMPARE(runInProcess({"classify", "--status", "abc", "-"}).code, 2);
    QCOMPARE(runInProcess({"classify", "--header", "no colon", "-"}).code, 2);
    QCOMPARE(runInProcess({"classify", "/no/such/file"}).code, 2);
    QCOMPARE(runInProcess({"classify", "--now", "yesterday", "-"}).code, 2);
}

void TestPolicyctl::timesAreReadAsGoReadsThem_data()
{
    // Every command's time options, and a scenario's start, read by the one
    // parser: what Go's time.Parse(time.RFC3339, ...) reads, nothing else.
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("scenario");  // written to a file for --scenario when not empty
    QTest::addColumn<int>("code");
    QTest::addColumn<QString>("stderrMentions");  // "" when standard error must stay empty
    const QString profile = testpaths::sample("profile-v1.json");
    for (const char* now : {"2026-08-17 12:00:00Z", "2026-08-17t12:00:00Z", "2026-08-17T12:00:00z",
             "2026-08-17T23:59:60Z", "2026-08-17T12:00:00+25:00"}) {
        QTest::newRow(qPrintable(QStringLiteral("classify --now %1").arg(QLatin1String(now))))
            << QStringList {"classify", "--now", now, "-"} << QString() << 2 << "--now must be an RFC 3339 time";
        QTest::newRow(qPrintable(QStringLiteral("explain --now %1").arg(QLatin1String(now)))) << QStringList {"explain",
            profile, "--candidate", "0", "--now", now, "-"} << QString() << 2 << "--now must be an RFC 3339 time";
        QTest::newRow(qPrintable(QStringLiteral("routes --now %1").arg(QLatin1String(now)))) << QStringList {"routes",
            "--db", "/nonexistent/kandev.db", "--now", now} << QString() << 2 << "--now must be an RFC 3339 time";
        QTest::newRow(qPrintable(QStringLiteral("timeline scenario start %1").arg(QLatin1String(now))))
            << QStringList {"timeline", profile}
            << QStringLiteral(R"({"start": "%1", "attempts": [{"code": "model_capacity"}]})").arg(QLatin1String(now))
            << 1 << "start: expected an RFC 3339 time";
    }
    for (const char* now : {"2026-08-17T12:00:00,5Z", "2026-08-17T9:00:00+24:00"}) {
        QTest::newRow(qPrintable(QStringLiteral("classify --now %1 (Go reads it)").arg(QLatin1String(now))))
            << QStringList {"classify", "--now", now, "-"} << QString() << 0 << "";
        QTest::newRow(qPrintable(QStringLiteral("timeline scenario start %1 (Go reads it)").arg(QLatin1String(now))))
            << QStringList {"timeline", profile}
            << QStringLiteral(R"({"start": "%1", "attempts": [{"code": "model_capacity"}]})").arg(QLatin1String(now))
            << 0 << "";
    }
}

void TestPolicyctl::timesAreReadAsGoReadsThem()
{
    QFETCH(QStringList, args);
    QFETCH(QString, scenario);
    QFETCH(int, code);
    QFETCH(QString, stderrMentions);
    QTemporaryDir dir;
    if (!scenario.isEmpty()) {
        const QString path = dir.filePath(QStringLiteral("scenario.json"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(scenario.toUtf8());
        f.close();
        args.insert(1, QStringLiteral("--scenario"));
        args.insert(2, path);
    }
    const Result r = runInProcess(args, "Error: rate limit exceeded");
    QVERIFY2(r.code == code, qPrintable(QStringLiteral("exit %1: %2").arg(r.code).arg(r.err)));
    if (stderrMentions.isEmpty())
        QVERIFY2(r.err.isEmpty(), qPrintable(r.err));
    else
        QVERIFY2(r.err.contains(stderrMentions), qPrintable(r.err));
}

void TestPolicyctl::classifyPhasesAndProviders_data()
{
    QTest::addColumn<QStringList>("options");
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("code");
    QTest::addColumn<QString>("rule");
    QTest::addColumn<QString>("kandevCode");
    QTest::newRow("unmatched, no phase") << QStringList {} << "odd"
                                         << "unknown_provider_error"
                                         << "none"
                                         << "unknown_provider_error";
    QTest::newRow("unmatched, pre-start") << QStringList {"--phase", "process_start"} << "odd"
                                          << "unknown_provider_error"
                                          << "phase.prestart.unknown"
                                          << "unknown_provider_error";
    QTest::newRow("unmatched, post-start") << QStringList {"--phase", "streaming"} << "odd"
                                           << "agent_runtime_error"
                                           << "phase.poststart.unknown"
                                           << "agent_runtime_error";
    QTest::newRow("the provider's own rule")
        << QStringList {"--provider", "copilot-acp"} << "Error: please sign in via gh auth login"
        << "auth_required"
        << "copilot.auth"
        << "auth_required";
    QTest::newRow("another provider's rule does not apply")
        << QStringList {"--provider", "amp-acp"} << "Error: please sign in via gh auth login"
        << "unknown_provider_error"
        << "none"
        << "unknown_provider_error";
    QTest::newRow("429 quota: our divergence")
        << QStringList {"--status", "429"} << R"({"error":{"type":"insufficient_quota"}})"
        << "quota_limited"
        << "guard.quota.signature"
        << "rate_limited";
    QTest::newRow("a cancel never relaunches")
        << QStringList {"--phase", "prompt_send", "--provider", "claude-acp"} << "context canceled: connection closed"
        << "agent_runtime_error"
        << "guard.cancelled"
        << "agent_runtime_error";
    QTest::newRow("403") << QStringList {"--status", "403"} << "Request had no API key"
                         << "permission_denied_by_user"
                         << "http.403"
                         << "permission_denied_by_user";
}

void TestPolicyctl::classifyPhasesAndProviders()
{
    QFETCH(QStringList, options);
    QFETCH(QString, text);
    QFETCH(QString, code);
    QFETCH(QString, rule);
    QFETCH(QString, kandevCode);
    const Result r = runInProcess(QStringList {"classify"} + options + QStringList {"-"}, text.toStdString());
    QCOMPARE(r.code, 0);
    const QJsonObject o = json(r.out);
    QCOMPARE(o[QStringLiteral("code")].toString(), code);
    QCOMPARE(o[QStringLiteral("rule")].toString(), rule);
    QCOMPARE(o[QStringLiteral("kandev_code")].toString(), kandevCode);
    const Result bad = runInProcess({"classify", "--phase", "warmup", "-"}, "x");
    QCOMPARE(bad.code, 2);
    QVERIFY2(bad.err.contains(QStringLiteral("--phase must be one of kandev's phases")), qPrintable(bad.err));
}

void TestPolicyctl::noSecretSurvivesClassifyOrExplain()
{
    const auto fixtures = testpaths::fixturesWithSecrets();
    QVERIFY(fixtures.size() >= 20);
    for (const auto& f : fixtures) {
        const QJsonObject e = f.body[QStringLiteral("evidence")].toObject();
        QStringList options;
        if (e.contains(QStringLiteral("status")))
            options << QStringLiteral("--status") << QString::number(e[QStringLiteral("status")].toInt());
        if (e.contains(QStringLiteral("exit_code")))
            options << QStringLiteral("--exit-code") << QString::number(e[QStringLiteral("exit_code")].toInt());
        const QJsonObject headers = e[QStringLiteral("headers")].toObject();
        for (auto it = headers.begin(); it != headers.end(); ++it)
            options << QStringLiteral("--header") << it.key() + QStringLiteral(": ") + it.value().toString();
        if (!e[QStringLiteral("provider")].toString().isEmpty())
            options << QStringLiteral("--provider") << e[QStringLiteral("provider")].toString();
        options << QStringLiteral("--now") << QStringLiteral("2026-08-17T12:00:00Z") << QStringLiteral("-");
        const std::string text = e[QStringLiteral("text")].toString().toStdString();
        const Result classified = runInProcess(QStringList {"classify"} + options, text);
        const Result explained = runInProcess(
            QStringList {"explain", testpaths::sample("profile-v1.json"), "--candidate", "0"} + options, text);
        QCOMPARE(classified.code, 0);
        QCOMPARE(explained.code, 0);
        for (const auto& secret : f.body[QStringLiteral("secrets")].toArray()) {
            for (const Result* r : {&classified, &explained})
                QVERIFY2(!r->out.contains(secret.toString()) && !r->err.contains(secret.toString()),
                    qPrintable(f.name + QStringLiteral(": ") + secret.toString()));
        }
    }
}

void TestPolicyctl::explain()
{
    const Result r = runInProcess({"explain", testpaths::sample("profile-v1.json"), "--candidate", "2", "--now",
                                      "2026-08-17T12:00:00Z", "--status", "429", "--header", "retry-after: 3600", "-"},
        "You exceeded your current quota");
    QCOMPARE(r.code, 0);
    const QJsonObject o = json(r.out);
    QCOMPARE(o[QStringLiteral("classification")].toObject()[QStringLiteral("code")].toString(),
        QStringLiteral("quota_limited"));
    const QJsonObject d = o[QStringLiteral("decision")].toObject();
    QCOMPARE(d[QStringLiteral("candidate")].toString(), QStringLiteral("gemini-pro"));
    QCOMPARE(d[QStringLiteral("kind")].toString(), QStringLiteral("waiting_for_reset"));
    QCOMPARE(d[QStringLiteral("deadline")].toString(), QStringLiteral("2026-08-17T13:00:00Z"));
    QCOMPARE(o[QStringLiteral("route_cycle")].toObject()[QStringLiteral("outcome")].toString(), QStringLiteral("stop"));
    const Result after = runInProcess(
        {"explain", testpaths::sample("profile-v1.json"), "--candidate", "0", "--after-output", "-"}, "Overloaded");
    QCOMPARE(json(after.out)[QStringLiteral("decision")].toObject()[QStringLiteral("kind")].toString(),
        QStringLiteral("stop"));
    QCOMPARE(runInProcess({"explain", testpaths::sample("profile-v1.json"), "--candidate", "9", "-"}).code, 2);
    // A wrong index is named as wrong, not as missing.
    const Result negative = runInProcess({"explain", testpaths::sample("profile-v1.json"), "--candidate", "-1", "-"});
    QCOMPARE(negative.code, 2);
    QVERIFY2(negative.err.contains(
                 QStringLiteral("--candidate must be a candidate's index, 0 or more (0 is the first), not '-1'")),
        qPrintable(negative.err));
    QVERIFY2(runInProcess({"explain", testpaths::sample("profile-v1.json"), "-"})
                 .err.contains(QStringLiteral("--candidate N is required")),
        "a missing --candidate");
}

void TestPolicyctl::readsItsInputOnce_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<bool>("writesFile");
    QTest::newRow("validate") << QStringList {"validate"} << false;
    QTest::newRow("validate json") << QStringList {"validate", "--format", "json"} << false;
    QTest::newRow("migrate json") << QStringList {"migrate", "--format", "json"} << false;
    QTest::newRow("migrate --output") << QStringList {"migrate", "--output", "OUT"} << true;
    QTest::newRow("migrate json --output") << QStringList {"migrate", "--format", "json", "--output", "OUT"} << true;
}

// A command parses its input once, as a whole document, and never parses
// what it wrote: only each record's own fields again, to write them back.
// (Re-parsing the output made migrate of a wide object take half a minute.)
void TestPolicyctl::readsItsInputOnce()
{
    QFETCH(QStringList, arguments);
    QFETCH(bool, writesFile);
    QTemporaryDir dir;
    const QString input = dir.filePath("wide.json");
    const QString output = dir.filePath("out.json");
    std::string text
        = R"({"candidates": [{"position": 0, "execution_profile_id": "a", "rules": {"on_provider_error": "try_next"}},
        {"position": 1, "execution_profile_id": "b", "rules": {"quota_limited": "stop"}}])";
    for (int i = 0; i < 2000; ++i)
        text += ", \"extra_" + std::to_string(i) + "\": [" + std::to_string(i) + "]";
    text += "}\n";
    QFile file(input);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(text.data(), qint64(text.size()));
    file.close();
    arguments.replaceInStrings(QStringLiteral("OUT"), output);

    const format::ParseStats before = format::parseStats();
    const Result r = runInProcess(arguments << input);
    const format::ParseStats after = format::parseStats();
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QCOMPARE(after.documents - before.documents, std::size_t {1});
    // The document once, and at most each record's source (its text without
    // its children) once more.
    QVERIFY2(after.bytes - before.bytes <= 2 * text.size(),
        qPrintable(QStringLiteral("%1 bytes parsed for %2").arg(after.bytes - before.bytes).arg(text.size())));
    if (arguments.contains("json") && arguments.first() == "migrate") {
        // The document in the JSON output is the file migrate writes.
        const QJsonObject printed = json(r.out);
        QVERIFY(printed.value("document").isObject());
        QCOMPARE(printed.value("document").toObject().value("extra_1999").toArray().first().toInt(), 1999);
        if (writesFile) {
            QFile written(output);
            QVERIFY(written.open(QIODevice::ReadOnly));
            QCOMPARE(printed.value("document").toObject(), QJsonDocument::fromJson(written.readAll()).object());
        }
    }
}

void TestPolicyctl::diffIsSemantic_data()
{
    QTest::addColumn<QString>("a");
    QTest::addColumn<QString>("b");
    QTest::addColumn<int>("code");
    QTest::addColumn<QString>("expected");  // golden text, "" for "no differences"
    const QString diff = testpaths::fixture(QStringLiteral("diff/"));
    QTest::newRow("same meaning, other bytes")
        << diff + "export-a.json" << diff + "export-a-reformatted.json" << 0 << QString();
    QTest::newRow("moved, switched off, outcome, renamed")
        << diff + "export-a.json" << diff + "export-b.json" << 1 << diff + "export-a-b.txt";
    QTest::newRow("legacy rules against their migration")
        << testpaths::sample(QStringLiteral("legacy-profile.json"))
        << testpaths::fixture(QStringLiteral("migration/legacy-profile.migrated.json")) << 1
        << diff + "legacy-migrated.txt";
    QTest::newRow("unmigratable rules") << testpaths::sample(QStringLiteral("legacy-conflict.json"))
                                        << testpaths::sample(QStringLiteral("legacy-profile.json")) << 1
                                        << diff + "conflict-legacy.txt";
    // A version this build cannot read is never "no differences", whichever side holds it.
    QTest::newRow("a newer policy version")
        << testpaths::sample(QStringLiteral("profile-v1.json")) << diff + "profile-v2.json" << 2 << diff + "v1-v2.txt";
    QTest::newRow("a newer policy version, both sides")
        << diff + "profile-v2.json" << diff + "profile-v2.json" << 2 << diff + "v2-v2.txt";
    // A repeated candidate or profile is an addition, whichever side is A.
    QTest::newRow("a candidate twice") << testpaths::sample(QStringLiteral("profile-v1.json"))
                                       << diff + "profile-repeated.json" << 1 << diff + "candidate-repeated.txt";
    QTest::newRow("a profile twice") << diff + "export-a.json" << diff + "export-a-repeated-profile.json" << 1
                                     << diff + "profile-repeated.txt";
}

void TestPolicyctl::diffIsSemantic()
{
    QFETCH(QString, a);
    QFETCH(QString, b);
    QFETCH(int, code);
    QFETCH(QString, expected);
    const Result r = runInProcess({QStringLiteral("diff"), a, b});
    QCOMPARE(r.code, code);
    QCOMPARE(r.err, QString());
    QCOMPARE(r.out,
        expected.isEmpty() ? QStringLiteral("no differences\n") : QString::fromStdString(testpaths::readAll(expected)));
    // Symmetric in what it finds: B against A differs (or cannot be compared)
    // exactly when A against B does.
    const Result reversed = runInProcess({QStringLiteral("diff"), b, a});
    QCOMPARE(reversed.code, code);
    QCOMPARE(reversed.out == QStringLiteral("no differences\n"), code == 0);
}

void TestPolicyctl::diffJsonAndErrors()
{
    const QString diff = testpaths::fixture(QStringLiteral("diff/"));
    const Result r = runProcess({QStringLiteral("diff"), QStringLiteral("--format"), QStringLiteral("json"),
        diff + "export-a.json", diff + "export-b.json"});
    QCOMPARE(r.code, 1);
    QCOMPARE(r.out, QString::fromStdString(testpaths::readAll(diff + "export-a-b.json.out")));
    const QJsonObject j = json(r.out);
    QCOMPARE(j[QStringLiteral("equal")].toBool(), false);
    const QJsonArray candidates
        = j[QStringLiteral("profiles")].toArray()[0].toObject()[QStringLiteral("candidates")].toArray();
    QCOMPARE(
        candidates[0].toObject()[QStringLiteral("fields")].toArray()[0].toObject()[QStringLiteral("path")].toString(),
        QStringLiteral("hard.on_exhausted"));
    // Exit 2: a missing file, a file that is not JSON, one argument, a bad format.
    QCOMPARE(runInProcess({QStringLiteral("diff"), diff + "export-a.json", diff + "missing.json"}).code, 2);
    QTemporaryDir dir;
    const QString broken = dir.filePath(QStringLiteral("broken.json"));
    {
        QFile f(broken);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("{\"candidates\": [");
    }
    const Result bad = runInProcess({QStringLiteral("diff"), diff + "export-a.json", broken});
    QCOMPARE(bad.code, 2);
    QVERIFY2(bad.err.contains(QStringLiteral("broken.json:1:")), qPrintable(bad.err));
    QCOMPARE(runInProcess({QStringLiteral("diff"), diff + "export-a.json"}).code, 2);
    QCOMPARE(
        runInProcess({QStringLiteral("diff"), QStringLiteral("--format"), QStringLiteral("xml"), broken, broken}).code,
        2);
    // A FIFO is refused, never opened to look for a SQLite header (that would wait for a writer forever).
    const QString fifo = dir.filePath(QStringLiteral("pipe.json"));
    QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
    const Result pipe = runProcess({QStringLiteral("diff"), fifo, diff + "export-a.json"});
    QCOMPARE(pipe.code, 2);
    QVERIFY2(pipe.err.contains(QStringLiteral("FIFO")), qPrintable(pipe.err));
    // A database that cannot be opened is named by its side, never by its URL (it may hold a password).
    const Result db
        = runInProcess({QStringLiteral("diff"), QStringLiteral("postgres://u:s3cret@127.0.0.1:1/none"), broken});
    QCOMPARE(db.code, 2);
    QVERIFY(!db.err.contains(QStringLiteral("s3cret")));
    QCOMPARE(runInProcess({QStringLiteral("diff"), QStringLiteral("--help")}).code, 0);
}

void TestPolicyctl::validateRefusesARepeatedProfile()
{
    const QString file = testpaths::fixture(QStringLiteral("diff/export-a-repeated-profile.json"));
    const Result r = runInProcess({QStringLiteral("validate"), file});
    QCOMPARE(r.code, 1);
    // Both profiles are named: the repeat by its path, line and column, the first in the message.
    QVERIFY2((r.out + r.err)
                 .contains(QStringLiteral(
                     ":322:13: profiles[7].id: is also the id of profiles[5]; kandev keeps one profile per id")),
        qPrintable(r.out + r.err));
    // The same file without the repeat has no such error: the rule is the repeat, not the file. (Its
    // candidates naming a deleted and an automatic-fallback profile are kandev's candidate rules.)
    const Result once
        = runInProcess({QStringLiteral("validate"), testpaths::fixture(QStringLiteral("diff/export-a.json"))});
    QVERIFY2(!once.out.contains(QStringLiteral("one profile per id")), qPrintable(once.out));
    QVERIFY2(once.out.contains(QStringLiteral("profiles[6].dynamic.candidates[1].execution_profile_id: candidate "
                                              "\"gpt4-legacy\" names a deleted agent profile")),
        qPrintable(once.out));
}

QTEST_GUILESS_MAIN(TestPolicyctl)
#include "tst_policyctl.moc"
