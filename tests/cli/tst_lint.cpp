// SPDX-License-Identifier: Apache-2.0
// policyctl lint: exit codes, the four formats (golden SARIF and JUnit files,
// each validated against its published schema), bad rules files with line
// and column, and real SQLite and PostgreSQL databases.
#include "cli/cli.h"

#include "../common/kandev_fixture.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QXmlStreamReader>
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

#include <sstream>

namespace
{

struct Result {
    int code = -1;
    QString out;
    QString err;
};

// Runs in the source folder, so file names in the output are the golden files' own.
Result run(const QStringList& arguments, const std::string& input = {})
{
    const QString before = QDir::currentPath();
    QDir::setCurrent(QStringLiteral(POLICY_STUDIO_SOURCE_DIR));
    std::istringstream in(input);
    std::ostringstream out, err;
    cli::Io io {in, out, err};
    std::vector<std::string> args {"lint"};
    for (const auto& a : arguments)
        args.push_back(a.toStdString());
    Result r;
    r.code = cli::run(args, io);
    r.out = QString::fromStdString(out.str());
    r.err = QString::fromStdString(err.str());
    QDir::setCurrent(before);
    return r;
}

const QString kFleet = QStringLiteral("tests/fixtures/lint/fleet.json");
const QString kRules = QStringLiteral("tests/fixtures/lint/house-rules.json");

QString fixturePath(const QString& name)
{
    return QStringLiteral(POLICY_STUDIO_SOURCE_DIR "/tests/fixtures/lint/") + name;
}

QByteArray readFixture(const QString& name)
{
    QFile f(fixturePath(name));
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(name));
    return f.readAll();
}

// What changes from run to run: the build's version (SARIF) and the time (JUnit).
QString normalized(QString text)
{
    static const QRegularExpression version(QStringLiteral(R"re("name": "policyctl",\n(\s*)"version": "[^"]*")re"));
    static const QRegularExpression timestamp(QStringLiteral(R"re(timestamp="[^"]*")re"));
    text.replace(version, QStringLiteral("\"name\": \"policyctl\",\n\\1\"version\": \"VERSION\""));
    text.replace(timestamp, QStringLiteral("timestamp=\"TIME\""));
    return text;
}

QString writeFile(const QTemporaryDir& dir, const QString& name, const QString& text)
{
    QFile f(dir.filePath(name));
    if (!f.open(QIODevice::WriteOnly))
        qFatal("cannot write %s", qPrintable(name));
    f.write(text.toUtf8());
    return f.fileName();
}

}  // namespace

class TestLint : public QObject
{
    Q_OBJECT
private slots:
    void exitCodes_data();
    void exitCodes();
    void text();
    void json();
    void goldenFiles_data();
    void goldenFiles();
    void goldenSarifIsValidSarif();
    void goldenJunitIsValidJunit();
    void badRulesFileSaysWhere();
    void withoutRulesLintsWhatValidateChecks();
    void untrustedTextStaysInItsPlace();
    void fuzzSeedsNeverAbort();
    void databases_data();
    void databases();
};

void TestLint::exitCodes_data()
{
    QTest::addColumn<QString>("rules");  // a rules file's text; "" for none
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("code");
    const QString rule = QStringLiteral(
        R"({"version":1,"rules":[{"id":"r","kind":"max_retries","class":"hard","value":2,"severity":"%1"}]})");
    QTest::newRow("clean") << QStringLiteral(
        R"({"version":1,"rules":[{"id":"r","kind":"max_retries","value":3,"severity":"error"}]})")
                           << QStringList {kFleet} << 0;
    QTest::newRow("warnings only") << rule.arg(QLatin1String("warning")) << QStringList {kFleet} << 0;
    QTest::newRow("an error") << rule.arg(QLatin1String("error")) << QStringList {kFleet} << 1;
    QTest::newRow("an excepted error") << QStringLiteral(
        R"({"version":1,"rules":[{"id":"r","kind":"max_retries","class":"hard","value":2,"severity":"error"}],
            "exceptions":[{"rule":"r","profile":"dyn-legacy","reason":"retired in March"}]})")
                                       << QStringList {kFleet} << 0;
    QTest::newRow("bad rules file") << QStringLiteral(R"({"version":1,"rules":[{"id":"r"}]})") << QStringList {kFleet}
                                    << 2;
    QTest::newRow("help") << QString() << QStringList {"--help"} << 0;
    QTest::newRow("no input") << QString() << QStringList {} << 2;
    QTest::newRow("unknown format") << QString() << QStringList {"--format", "xml", kFleet} << 2;
    QTest::newRow("files and a database") << QString() << QStringList {"--db", "x.db", kFleet} << 2;
    QTest::newRow("missing file") << QString() << QStringList {"tests/fixtures/lint/none.json"} << 2;
    QTest::newRow("not a document") << QString() << QStringList {"tests/fixtures/lint/house-rules.json"} << 2;
    QTest::newRow("missing rules file") << QStringLiteral("-") << QStringList {kFleet} << 2;
    QTest::newRow("password file without a database")
        << QString() << QStringList {"--password-file", "pw", kFleet} << 2;
}

void TestLint::exitCodes()
{
    QFETCH(QString, rules);
    QFETCH(QStringList, args);
    QFETCH(int, code);
    QTemporaryDir dir;
    if (rules == QLatin1String("-"))
        args.prepend(dir.filePath(QStringLiteral("absent.json"))), args.prepend(QStringLiteral("--rules"));
    else if (!rules.isEmpty())
        args = QStringList {QStringLiteral("--rules"), writeFile(dir, QStringLiteral("r.json"), rules)} + args;
    const Result r = run(args);
    QVERIFY2(r.code == code, qPrintable(r.out + r.err));
    if (code == 2)
        QVERIFY(!r.err.isEmpty());
}

void TestLint::text()
{
    const Result r = run({QStringLiteral("--rules"), kRules, kFleet});
    QCOMPARE(r.code, 1);
    const QStringList lines = r.out.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    // dyn-nightly holds hard errors 1 d (candidate 0's reset wait) + 1 h (candidate 1's), over the house's day.
    QVERIFY(lines.contains(QStringLiteral("tests/fixtures/lint/fleet.json:115:5: error: [hold-1d] profile "
                                          "\"dyn-nightly\": worst-case hold for hard errors is 1 d 1 h; the house "
                                          "allows 1 d -- A person hears about a stuck task within a day.")));
    QVERIFY(lines.last().endsWith(QStringLiteral("3 dynamic profiles, 3 errors, 1 warning, 1 excepted")));
    QVERIFY(r.out.contains(QStringLiteral("excepted: [two-providers] profile \"dyn-nightly\"")));
    QVERIFY(r.out.contains(QStringLiteral("(exception: batch work, one vendor by contract)")));
}

void TestLint::json()
{
    const Result r
        = run({QStringLiteral("--rules"), kRules, QStringLiteral("--format"), QStringLiteral("json"), kFleet});
    QCOMPARE(r.code, 1);
    const QJsonObject o = QJsonDocument::fromJson(r.out.toUtf8()).object();
    QCOMPARE(o[QStringLiteral("errors")].toInt(), 3);
    QCOMPARE(o[QStringLiteral("warnings")].toInt(), 1);
    QCOMPARE(o[QStringLiteral("excepted")].toInt(), 1);
    QCOMPARE(o[QStringLiteral("rules")].toObject()[QStringLiteral("blocking")].toBool(), true);
    const QJsonObject file = o[QStringLiteral("files")].toArray().first().toObject();
    QCOMPARE(file[QStringLiteral("file")].toString(), kFleet);
    QCOMPARE(file[QStringLiteral("dynamic_profiles")].toInt(), 3);
    QJsonObject retries;
    for (const auto& v : file[QStringLiteral("violations")].toArray()) {
        if (v.toObject()[QStringLiteral("rule_id")].toString() == QLatin1String("hard-retries-2"))
            retries = v.toObject();
    }
    QCOMPARE(retries[QStringLiteral("kind")].toString(), QStringLiteral("max_retries"));
    QCOMPARE(retries[QStringLiteral("severity")].toString(), QStringLiteral("error"));
    QCOMPARE(retries[QStringLiteral("profile_id")].toString(), QStringLiteral("dyn-legacy"));
    QCOMPARE(retries[QStringLiteral("profile_name")].toString(), QStringLiteral("Legacy route"));
    QCOMPARE(retries[QStringLiteral("candidate_index")].toInt(-1), 0);
    QCOMPARE(retries[QStringLiteral("execution_profile_id")].toString(), QStringLiteral("legacy-gpt4"));
    QCOMPARE(retries[QStringLiteral("class")].toString(), QStringLiteral("hard"));
    QCOMPARE(retries[QStringLiteral("measured")].toInt(), 3);
    QCOMPARE(retries[QStringLiteral("limit")].toInt(), 2);
    QCOMPARE(retries[QStringLiteral("path")].toString(),
        QStringLiteral("profiles[6].dynamic.candidates[0].policies.hard.retry.max_retries"));
    QVERIFY(retries[QStringLiteral("line")].toInt() > 0);
    QCOMPARE(retries[QStringLiteral("excepted")].toBool(), false);
    QVERIFY(retries[QStringLiteral("exception_reason")].isNull());
    QCOMPARE(
        retries[QStringLiteral("rule_message")].toString(), QStringLiteral("Hard errors never retry more than twice."));
    // The line and column are the value's: line 217 of the fixture is `"max_retries": 3,` of legacy-gpt4's hard retry.
    const QList<QByteArray> fixtureLines = readFixture(QStringLiteral("fleet.json")).split('\n');
    const QByteArray at = fixtureLines[retries[QStringLiteral("line")].toInt() - 1];
    QCOMPARE(at.mid(retries[QStringLiteral("column")].toInt() - 1).trimmed(), QByteArray("3,"));
    QVERIFY(at.contains("\"max_retries\""));
}

void TestLint::goldenFiles_data()
{
    QTest::addColumn<QString>("format");
    QTest::addColumn<QString>("golden");
    QTest::newRow("sarif") << QStringLiteral("sarif") << QStringLiteral("fleet.sarif");
    QTest::newRow("junit") << QStringLiteral("junit") << QStringLiteral("fleet.junit.xml");
}

void TestLint::goldenFiles()
{
    QFETCH(QString, format);
    QFETCH(QString, golden);
    const Result r = run({QStringLiteral("--rules"), kRules, QStringLiteral("--format"), format, kFleet});
    QCOMPARE(r.code, 1);
    QCOMPARE(normalized(r.out), normalized(QString::fromUtf8(readFixture(golden))));
}

void TestLint::goldenSarifIsValidSarif()
{
    // OASIS's schema is draft-04, which valijson reads.
    const auto schemaJson
        = nlohmann::ordered_json::parse(readFixture(QStringLiteral("sarif-schema-2.1.0.json")).toStdString());
    QCOMPARE(schemaJson["$schema"].get<std::string>(), std::string("http://json-schema.org/draft-04/schema#"));
    valijson::Schema schema;
    valijson::SchemaParser parser(valijson::SchemaParser::kDraft4);
    valijson::adapters::NlohmannJsonAdapter schemaAdapter(schemaJson);
    parser.populateSchema(schemaAdapter, schema);
    const auto check = [&](const nlohmann::ordered_json& document) {
        valijson::Validator validator;
        valijson::ValidationResults results;
        valijson::adapters::NlohmannJsonAdapter adapter(document);
        const bool valid = validator.validate(schema, adapter, &results);
        QStringList why;
        valijson::ValidationResults::Error e;
        while (results.popError(e))
            why << QString::fromStdString(e.description);
        return std::pair {valid, why.join(QStringLiteral("; "))};
    };
    const auto golden = nlohmann::ordered_json::parse(readFixture(QStringLiteral("fleet.sarif")).toStdString());
    const auto [valid, why] = check(golden);
    QVERIFY2(valid, qPrintable(why));
    // The schema can reject: a result without its message is not SARIF.
    auto broken = golden;
    broken["runs"][0]["results"][0].erase("message");
    QVERIFY(!check(broken).first);
    QCOMPARE(
        golden["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["region"]["startLine"].get<int>(), 115);
}

void TestLint::goldenJunitIsValidJunit()
{
    // Against Ant's JUnit schema (the one GitLab and Jenkins follow), where xmllint is installed.
    const QString xmllint = QStandardPaths::findExecutable(QStringLiteral("xmllint"));
    if (!xmllint.isEmpty()) {
        QProcess p;
        p.start(xmllint,
            {QStringLiteral("--noout"), QStringLiteral("--schema"), fixturePath(QStringLiteral("junit.xsd")),
                fixturePath(QStringLiteral("fleet.junit.xml"))});
        QVERIFY(p.waitForFinished(60000));
        QVERIFY2(p.exitCode() == 0, p.readAllStandardError().constData());
    } else {
        qWarning("xmllint not installed: the JUnit file's structure only is checked");
    }
    // Its structure: a testsuite per dynamic profile, a testcase per rule, failures where violated.
    QXmlStreamReader xml(readFixture(QStringLiteral("fleet.junit.xml")));
    QStringList suites;
    int testcases = 0, failures = 0, skipped = 0;
    while (!xml.atEnd()) {
        if (xml.readNext() != QXmlStreamReader::StartElement)
            continue;
        if (xml.name() == QLatin1String("testsuite"))
            suites << xml.attributes().value(QLatin1String("name")).toString();
        testcases += xml.name() == QLatin1String("testcase");
        failures += xml.name() == QLatin1String("failure");
        skipped += xml.name() == QLatin1String("skipped");
    }
    QVERIFY(!xml.hasError());
    QCOMPARE(suites, (QStringList {"dyn-frontier", "dyn-nightly", "dyn-legacy"}));
    QCOMPARE(testcases, 3 * 10);  // every rule applies to every profile here
    QCOMPARE(failures, 4);  // hold-1d on dyn-nightly; hard-retries-2, reachable, no-legacy-agents on dyn-legacy
    QCOMPARE(skipped, 1);  // two-providers on dyn-nightly, excepted
}

void TestLint::badRulesFileSaysWhere()
{
    QTemporaryDir dir;
    const QString rules = writeFile(dir, QStringLiteral("rules.json"),
        QStringLiteral(
            "{\"version\": 1,\n \"rules\": [\n  {\"id\": \"a\", \"kind\": \"max_hold\", \"severity\": \"error\"}]}"));
    const Result r = run({QStringLiteral("--rules"), rules, kFleet});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains(rules + QStringLiteral(":3:23: rules[0].kind: unknown rule kind \"max_hold\"")),
        qPrintable(r.err));
    QVERIFY(r.out.isEmpty());
}

// Without --rules: kandev's own limits and candidate rules, as validate reports them.
void TestLint::withoutRulesLintsWhatValidateChecks()
{
    const Result clean = run({kFleet});
    QCOMPARE(clean.code, 0);
    QVERIFY(clean.out.contains(QStringLiteral("3 dynamic profiles, 0 errors, 1 warning, 0 excepted")));  // gpt4-acp
    const Result broken = run({QStringLiteral("tests/fixtures/eligibility/every-rule.json")});
    QCOMPARE(broken.code, 1);
    QVERIFY(broken.out.contains(
        QStringLiteral("[kandev-eligibility] profile \"dyn-rules\": candidate \"ghost\" names no agent profile")));
}

// Ids and messages from a file reach no terminal or XML raw.
void TestLint::untrustedTextStaysInItsPlace()
{
    QTemporaryDir dir;
    const QString rules = writeFile(dir, QStringLiteral("r.json"),
        QStringLiteral(
            R"({"version":1,"rules":[{"id":"r<&\"\u001b[31m","kind":"min_enabled_candidates","value":3,"severity":"error","message":"line\nbreak"}]})"));
    const Result text = run({QStringLiteral("--rules"), rules, kFleet});
    QVERIFY(!text.out.contains(QChar(0x1b)));
    QCOMPARE(text.out.count(QLatin1Char('\n')), 4);  // three violations and the summary, one line each
    const Result junit
        = run({QStringLiteral("--rules"), rules, QStringLiteral("--format"), QStringLiteral("junit"), kFleet});
    QXmlStreamReader xml(junit.out);
    while (!xml.atEnd())
        xml.readNext();
    QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
    QVERIFY(junit.out.contains(QStringLiteral("r&lt;&amp;&quot;\\u001b[31m")));
}

// fuzz_rules' regression seeds: read, refused with a place, or applied; never an abort.
void TestLint::fuzzSeedsNeverAbort()
{
    const QDir seeds(QStringLiteral(POLICY_STUDIO_SOURCE_DIR "/tests/fixtures/fuzz/rules"));
    QVERIFY(!seeds.entryList(QDir::Files).isEmpty());
    for (const QString& name : seeds.entryList(QDir::Files)) {
        const QString file = seeds.filePath(name);
        const Result r
            = run({QStringLiteral("--rules"), file, QStringLiteral("--format"), QStringLiteral("json"), kFleet});
        QVERIFY2(r.code >= 0 && r.code <= 2, qPrintable(name));
        if (r.code == 2)
            QVERIFY2(
                r.err.contains(QRegularExpression(QRegularExpression::escape(file) + QStringLiteral(":\\d+:\\d+: "))),
                qPrintable(r.err));
        else
            QVERIFY(QJsonDocument::fromJson(r.out.toUtf8()).isObject());
    }
}

void TestLint::databases_data()
{
    QTest::addColumn<QString>("backend");
    QTest::newRow("sqlite") << "sqlite";
    QTest::newRow("postgres") << "postgres";
}

void TestLint::databases()
{
    QFETCH(QString, backend);
    if (backend == QLatin1String("postgres") && qEnvironmentVariableIsEmpty("POLICY_STUDIO_PG_URL"))
        QSKIP("no PostgreSQL server: run the tests through make test");
    QTemporaryDir dir;
    Fixture fx(backend, dir.path());
    QVERIFY(fx.ok);
    const QString db = backend == QLatin1String("sqlite") ? fx.target.path
                                                          : QStringLiteral("postgres://%1@%2:%3/%4")
                                                                .arg(fx.target.user, fx.target.host)
                                                                .arg(fx.target.port)
                                                                .arg(fx.target.database);
    // kPolicies retries transient errors 3 times: dyn-current's candidate 0 and
    // dyn-legacy's candidate 1 have it; dyn-legacy's candidate 0 migrates
    // retry_same to 1 retry, and its candidate 2 ("{}") to none.
    const QString rules = writeFile(dir, QStringLiteral("r.json"),
        QStringLiteral(
            R"({"version":1,"rules":[{"id":"transient-2","kind":"max_retries","class":"transient","value":2,"severity":"error"}]})"));
    const Result r = run({QStringLiteral("--rules"), rules, QStringLiteral("--format"), QStringLiteral("json"),
        QStringLiteral("--db"), db});
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.contains(QStringLiteral("dyn-broken")), qPrintable(r.err));  // a row kandev cannot read is said
    const QJsonObject o = QJsonDocument::fromJson(r.out.toUtf8()).object();
    const QJsonObject input = o[QStringLiteral("files")].toArray().first().toObject();
    QVERIFY(input.contains(QStringLiteral("database")));
    QStringList found;
    for (const auto& v : input[QStringLiteral("violations")].toArray()) {
        const QJsonObject j = v.toObject();
        found << QStringLiteral("%1 c%2 %3>%4")
                     .arg(j[QStringLiteral("profile_id")].toString())
                     .arg(j[QStringLiteral("candidate_index")].toInt())
                     .arg(j[QStringLiteral("measured")].toInt())
                     .arg(j[QStringLiteral("limit")].toInt());
        QVERIFY(j[QStringLiteral("line")].isNull());  // a database has no lines
    }
    found.sort();
    QCOMPARE(found, (QStringList {"dyn-current c0 3>2", "dyn-legacy c1 3>2"}));
    // SARIF names the profile as a logical location, without a file.
    const Result sarif = run({QStringLiteral("--rules"), rules, QStringLiteral("--format"), QStringLiteral("sarif"),
        QStringLiteral("--db"), db});
    const QJsonObject location = QJsonDocument::fromJson(sarif.out.toUtf8())
                                     .object()[QStringLiteral("runs")]
                                     .toArray()
                                     .first()
                                     .toObject()[QStringLiteral("results")]
                                     .toArray()
                                     .first()
                                     .toObject()[QStringLiteral("locations")]
                                     .toArray()
                                     .first()
                                     .toObject();
    QVERIFY(!location.contains(QStringLiteral("physicalLocation")));
    QVERIFY(location[QStringLiteral("logicalLocations")]
                .toArray()
                .first()
                .toObject()[QStringLiteral("name")]
                .toString()
                .startsWith(QStringLiteral("dyn-")));
}

QTEST_GUILESS_MAIN(TestLint)
#include "tst_lint.moc"
