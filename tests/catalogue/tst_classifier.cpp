// SPDX-License-Identifier: Apache-2.0
// The catalogue's tests are its fixtures: tests/fixtures/catalogue/*.json.
// Adding a provider message means adding a fixture (and a rule), nothing else.
#include "catalogue/classifier.h"

#include "../../core/catalogue/src/error_context.h"
#include "../../core/catalogue/src/pattern.h"
#include "../../core/catalogue/src/zoneinfo.h"

#include "../common/catalogue_fixtures.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include <map>
#include <set>

namespace
{

catalogue::Evidence evidenceOf(const QJsonObject& e)
{
    catalogue::Evidence ev;
    ev.provider = e[QStringLiteral("provider")].toString().toStdString();
    ev.phase = e[QStringLiteral("phase")].toString().toStdString();
    ev.text = e[QStringLiteral("text")].toString().toStdString();
    if (e.contains(QStringLiteral("status")))
        ev.status = e[QStringLiteral("status")].toInt();
    if (e.contains(QStringLiteral("exit_code")))
        ev.exitCode = e[QStringLiteral("exit_code")].toInt();
    const QJsonObject headers = e[QStringLiteral("headers")].toObject();
    for (auto it = headers.begin(); it != headers.end(); ++it)
        ev.headers.push_back({it.key().toStdString(), it.value().toString().toStdString()});
    return ev;
}

QString s(std::string_view v)
{
    return QString::fromUtf8(v.data(), qsizetype(v.size()));
}

// What a fixture is for, stated or read from what it checks.
QString kindOf(const QJsonObject& fixture)
{
    if (fixture.contains(QStringLiteral("kind")))
        return fixture[QStringLiteral("kind")].toString();
    if (fixture.contains(QStringLiteral("secrets")))
        return QStringLiteral("redaction");
    if (fixture.contains(QStringLiteral("expect_not")))
        return QStringLiteral("negative");
    if (fixture[QStringLiteral("expect")].toObject().contains(QStringLiteral("hint_source")))
        return QStringLiteral("correlation");
    return QStringLiteral("positive");
}

using Fixture = testpaths::CatalogueFixture;

QList<Fixture> allFixtures()
{
    return testpaths::catalogueFixtures();
}

policy::Seconds nowOf(const QJsonObject& fixture)
{
    const QString now = fixture[QStringLiteral("now")].toString(QStringLiteral("2026-08-17T12:00:00Z"));
    return *policy::parseRfc3339(now.toStdString());
}

}  // namespace

class TestClassifier final : public QObject
{
    Q_OBJECT
private slots:
    void fixtures_data();
    void fixtures();
    void everyRuleHasPositiveAndNegativeFixtures();
    void stagesKeepKandevsOrder();
    void redactionIsIdempotent();
    void redactionIsIdempotentOnHostileText_data();
    void redactionIsIdempotentOnHostileText();
    void prioritiesAreUnique();
    void structuredSignalsOutrankText();
    void inputIsBounded();
    void everyRuleMatchesItsExample();
    void hugeNumbersAreNotHints_data();
    void hugeNumbersAreNotHints();
    void patterns_data();
    void patterns();
    void errorContexts_data();
    void errorContexts();
    void zones_data();
    void zones();
    void zoneNamesAreNotPaths();
    void durations_data();
    void durations();
    void httpDates();
};

void TestClassifier::fixtures_data()
{
    QTest::addColumn<QJsonObject>("fixture");
    for (const Fixture& f : allFixtures())
        QTest::newRow(qPrintable(f.name)) << f.body;
}

void TestClassifier::fixtures()
{
    QFETCH(QJsonObject, fixture);
    const auto now = nowOf(fixture);
    const catalogue::Evidence ev = evidenceOf(fixture[QStringLiteral("evidence")].toObject());
    const catalogue::Classification c = catalogue::classify(ev, now);

    if (fixture.contains(QStringLiteral("expect"))) {
        const QJsonObject expect = fixture[QStringLiteral("expect")].toObject();
        QCOMPARE(QString::fromStdString(c.code), expect[QStringLiteral("code")].toString());
        QCOMPARE(s(policy::errorClassName(c.errorClass)), expect[QStringLiteral("class")].toString());
        QCOMPARE(s(policy::confidenceName(c.confidence)), expect[QStringLiteral("confidence")].toString());
        QCOMPARE(QString::fromStdString(c.rule), expect[QStringLiteral("rule")].toString());
        if (expect.contains(QStringLiteral("kandev_code")))
            QCOMPARE(QString::fromStdString(c.kandevCode), expect[QStringLiteral("kandev_code")].toString());
        if (expect.contains(QStringLiteral("reset_at"))) {
            const QJsonValue reset = expect[QStringLiteral("reset_at")];
            QCOMPARE(
                c.resetAt ? QString::fromStdString(policy::formatRfc3339(*c.resetAt)) : QString(), reset.toString());
        }
        if (expect.contains(QStringLiteral("hint_source"))) {
            QVERIFY(c.hint);
            QCOMPARE(QString::fromStdString(c.hint->source), expect[QStringLiteral("hint_source")].toString());
            QCOMPARE(c.hint->trusted, expect[QStringLiteral("hint_trusted")].toBool());
            QVERIFY(!c.hint->reason.empty());
            if (expect.contains(QStringLiteral("hint_text")))
                QCOMPARE(QString::fromStdString(c.hint->value), expect[QStringLiteral("hint_text")].toString());
            if (expect.contains(QStringLiteral("hint_reason")))
                QCOMPARE(QString::fromStdString(c.hint->reason), expect[QStringLiteral("hint_reason")].toString());
        }
    }
    if (fixture.contains(QStringLiteral("expect_not"))) {
        const QJsonObject no = fixture[QStringLiteral("expect_not")].toObject();
        QVERIFY(no.contains(QStringLiteral("rule")) || no.contains(QStringLiteral("code")));
        if (no.contains(QStringLiteral("code")))
            QVERIFY2(QString::fromStdString(c.code) != no[QStringLiteral("code")].toString(), c.rule.c_str());
        if (no.contains(QStringLiteral("rule")))
            QVERIFY2(QString::fromStdString(c.rule) != no[QStringLiteral("rule")].toString(), c.code.c_str());
    }
    // No secret survives, in the excerpt or in a hint.
    for (const auto& secret : fixture[QStringLiteral("secrets")].toArray()) {
        QVERIFY2(c.excerpt.find(secret.toString().toStdString()) == std::string::npos, c.excerpt.c_str());
        for (const auto& h : c.hints)
            QVERIFY(h.value.find(secret.toString().toStdString()) == std::string::npos);
        if (ev.text.find(secret.toString().toStdString()) != std::string::npos)
            QVERIFY(c.excerpt.find("[redacted]") != std::string::npos);
    }
    QVERIFY(c.excerpt.size() <= catalogue::kMaxExcerptBytes + 4);
}

void TestClassifier::everyRuleHasPositiveAndNegativeFixtures()
{
    std::set<std::string> positive, negative;
    std::map<QString, int> kinds;
    for (const Fixture& f : allFixtures()) {
        const QString kind = kindOf(f.body);
        ++kinds[kind];
        QVERIFY2(kind == QLatin1String("positive") || kind == QLatin1String("negative")
                || kind == QLatin1String("correlation") || kind == QLatin1String("redaction"),
            qPrintable(f.name));
        if (const auto rule = f.body[QStringLiteral("expect")].toObject()[QStringLiteral("rule")].toString();
            !rule.isEmpty())
            positive.insert(rule.toStdString());
        if (const auto rule = f.body[QStringLiteral("expect_not")].toObject()[QStringLiteral("rule")].toString();
            !rule.isEmpty())
            negative.insert(rule.toStdString());
    }
    for (const auto& rule : catalogue::rules()) {
        QVERIFY2(
            positive.count(std::string(rule.id)), qPrintable(QStringLiteral("no positive fixture for ") + s(rule.id)));
        QVERIFY2(
            negative.count(std::string(rule.id)), qPrintable(QStringLiteral("no negative fixture for ") + s(rule.id)));
    }
    QVERIFY(kinds[QStringLiteral("correlation")] >= 10);
    QVERIFY(kinds[QStringLiteral("redaction")] >= 20);
    qInfo("fixtures: %d positive, %d negative, %d correlation, %d redaction", kinds[QStringLiteral("positive")],
        kinds[QStringLiteral("negative")], kinds[QStringLiteral("correlation")], kinds[QStringLiteral("redaction")]);
}

void TestClassifier::prioritiesAreUnique()
{
    std::set<int> priorities;
    std::set<std::string_view> ids;
    for (const auto& rule : catalogue::rules()) {
        QVERIFY2(priorities.insert(rule.priority).second, std::string(rule.id).c_str());
        QVERIFY(ids.insert(rule.id).second);
        // A catalogue code, a code kandev reports outside the catalogue, or "" (the phase's code).
        const bool known = rule.code.empty() || policy::errorCodeFromName(rule.code)
            || std::find(policy::kUnclassifiedCodes.begin(), policy::kUnclassifiedCodes.end(), rule.code)
                != policy::kUnclassifiedCodes.end();
        QVERIFY2(known, std::string(rule.code).c_str());
        QVERIFY2(rule.stage == catalogue::Stage::Provider ? !rule.provider.empty() : rule.provider.empty(),
            std::string(rule.id).c_str());
        if (!rule.provider.empty())
            QVERIFY(std::find(catalogue::kProviders.begin(), catalogue::kProviders.end(), rule.provider)
                != catalogue::kProviders.end());
    }
}

void TestClassifier::stagesKeepKandevsOrder()
{
    // Each stage owns a band of priorities, so "the highest priority wins" is kandev's stage order.
    const auto band = [](catalogue::Stage stage) {
        switch (stage) {
        case catalogue::Stage::Guard: return std::pair {1000, 1999};
        case catalogue::Stage::Structured: return std::pair {900, 999};
        case catalogue::Stage::Provider: return std::pair {600, 899};
        case catalogue::Stage::Neutral: return std::pair {500, 599};
        case catalogue::Stage::Runtime: return std::pair {300, 499};
        case catalogue::Stage::Fallback: return std::pair {100, 299};
        }
        return std::pair {0, 0};
    };
    for (const auto& rule : catalogue::rules()) {
        const auto [low, high] = band(rule.stage);
        QVERIFY2(rule.priority >= low && rule.priority <= high, std::string(rule.id).c_str());
        std::vector<std::string_view> patterns(rule.anyText.begin(), rule.anyText.end());
        patterns.insert(patterns.end(), rule.allText.begin(), rule.allText.end());
        patterns.insert(patterns.end(), rule.noneText.begin(), rule.noneText.end());
        for (const std::string_view pattern : patterns) {
            if (pattern.empty())
                continue;
            // Text is lowered before it is read, and the scan finds a pattern by its first character.
            QVERIFY2(pattern.find_first_of("ABCDEFGHIJKLMNOPQRSTUVWXYZ") == std::string_view::npos,
                std::string(pattern).c_str());
            QVERIFY2(catalogue::detail::isIndexable(pattern), std::string(pattern).c_str());
        }
    }
    // A provider's own wording wins over provider-neutral wording, as in kandev.
    catalogue::Evidence e;
    e.provider = "codex-acp";
    e.text = "Error: invalid api key";
    QCOMPARE(catalogue::classify(e, {}).rule, std::string("codex.auth"));
    e.provider.clear();
    QCOMPARE(catalogue::classify(e, {}).rule, std::string("api.authentication"));
}

void TestClassifier::redactionIsIdempotentOnHostileText_data()
{
    // Each of these once read differently after a first pass had shortened a secret.
    QTest::addColumn<QByteArray>("text");
    QFile found(testpaths::fixture(QStringLiteral("fuzz/classify/redact-quoted-span-shrinks.txt")));
    QVERIFY(found.open(QIODevice::ReadOnly));
    QTest::newRow("fuzz_classify: a quoted span that shrinks to a key") << found.readAll();
    QFile inside(testpaths::fixture(QStringLiteral("fuzz/classify/redact-email-inside-a-token.txt")));
    QVERIFY(inside.open(QIODevice::ReadOnly));
    QTest::newRow("fuzz_classify: an address ending inside a token") << inside.readAll();
    QTest::newRow("two home directories in one path") << QByteArray("/home/a/home/b/x");
    QTest::newRow("quoted span over a secret")
        << QByteArray(R"(x "note sk-abcdefghijklmnopqrstuvwxyz0123456789 api_key": "v")");
    QTest::newRow("home directory holding a long key")
        << QByteArray("/home/ab sk-abcdefghijklmnopqrstuvwxyz0123456789abcdefghijklmnopqrstuvwxyz0123456789xx/rest");
    QTest::newRow("opaque run before a key")
        << QByteArray("AbCdEfGhIjKlMnOpQrStUvWxYz0123456789.sk-abcdefghijklmnop1234");
    QTest::newRow("value with control bytes") << QByteArray("token=\x01\x02"
                                                            "abc def");
    QTest::newRow("marker after a flag") << QByteArray("--api-key=[redacted] --api-key [redacted]");
    QTest::newRow("URL with user-info and query")
        << QByteArray("https://u:p@h.example/a/b?key=AIzaSyA1234567890abcdefghij.");
}

void TestClassifier::redactionIsIdempotentOnHostileText()
{
    QFETCH(QByteArray, text);
    const std::string once = catalogue::redact(text.toStdString());
    QCOMPARE(QString::fromStdString(catalogue::redact(once)), QString::fromStdString(once));
}

void TestClassifier::redactionIsIdempotent()
{
    for (const Fixture& f : allFixtures()) {
        const std::string text
            = f.body[QStringLiteral("evidence")].toObject()[QStringLiteral("text")].toString().toStdString();
        const std::string once = catalogue::redact(text);
        QVERIFY2(
            catalogue::redact(once) == once, qPrintable(f.name + QStringLiteral(": ") + QString::fromStdString(once)));
    }
}

void TestClassifier::structuredSignalsOutrankText()
{
    for (const auto& rule : catalogue::rules()) {
        const bool structured = rule.statuses[0] != 0 || rule.exitCode >= 0;
        if (rule.stage == catalogue::Stage::Structured)
            QVERIFY2(structured, std::string(rule.id).c_str());
        if (structured)
            QVERIFY2(rule.stage == catalogue::Stage::Structured || rule.stage == catalogue::Stage::Fallback,
                std::string(rule.id).c_str());
    }
    // A 503 whose body talks about a timeout is the provider's, not the network's.
    catalogue::Evidence ev;
    ev.status = 503;
    ev.text = "upstream connect error or disconnect/reset before headers. reset reason: connection timeout";
    QCOMPARE(catalogue::classify(ev, {}).code, std::string("provider_unavailable"));
}

void TestClassifier::inputIsBounded()
{
    catalogue::Evidence ev;
    ev.status = 429;
    ev.text = std::string(40000, 'x') + " exceeded your current quota";  // beyond 16 KiB: not read
    for (int i = 0; i < 100; ++i)
        ev.headers.push_back({"x-custom-" + std::to_string(i), "v"});
    const auto c = catalogue::classify(ev, {});
    QVERIFY(c.truncated);
    QCOMPARE(c.code, std::string("rate_limited"));
    QVERIFY(c.excerpt.size() <= catalogue::kMaxExcerptBytes + 4);
}

void TestClassifier::everyRuleMatchesItsExample()
{
    for (const auto& rule : catalogue::rules()) {
        QVERIFY2(!rule.example.empty(), std::string(rule.id).c_str());
        catalogue::Evidence e = catalogue::parseRawError(rule.example);
        e.provider = std::string(rule.provider);
        e.phase = std::string(rule.examplePhase);
        const auto c = catalogue::classify(e, *policy::parseRfc3339("2026-08-17T12:00:00Z"));
        QCOMPARE(QString::fromStdString(c.rule), s(rule.id));
    }
    const auto e = catalogue::parseRawError("HTTP/1.1 429 Too Many Requests\r\nretry-after: 5\r\n\r\n{\"error\": 1}");
    QCOMPARE(e.status, std::optional<int>(429));
    QCOMPARE(e.headers.size(), std::size_t(1));
    QCOMPARE(e.headers[0].value, std::string("5"));
    QCOMPARE(e.text, std::string("{\"error\": 1}"));
    const auto plain = catalogue::parseRawError("Error: something: else\nmore");
    QVERIFY(!plain.status);
    QCOMPARE(plain.text, std::string("Error: something: else\nmore"));
}

void TestClassifier::hugeNumbersAreNotHints_data()
{
    // Found by fuzz_classify: 8.9e25 overflowed the conversion to seconds.
    QTest::addColumn<QString>("header");
    QTest::addColumn<QString>("value");
    QTest::newRow("epoch ms far away") << "x-ratelimit-reset"
                                       << "88888888888888888888888888";
    QTest::newRow("huge retry-after") << "retry-after"
                                      << "1e300";
    QTest::newRow("huge retry-after-ms") << "retry-after-ms"
                                         << "9e30";
    QTest::newRow("negative") << "retry-after"
                              << "-5";
    QTest::newRow("year 3000 epoch") << "x-ratelimit-reset-requests"
                                     << "32503680000";
}

void TestClassifier::hugeNumbersAreNotHints()
{
    QFETCH(QString, header);
    QFETCH(QString, value);
    catalogue::Evidence e;
    e.status = 429;
    e.headers.push_back({header.toStdString(), value.toStdString()});
    const auto c = catalogue::classify(e, *policy::parseRfc3339("2026-08-17T12:00:00Z"));
    QCOMPARE(c.code, std::string("rate_limited"));
    QVERIFY(!c.resetAt || *c.resetAt < *policy::parseRfc3339("2100-01-02T00:00:00Z"));
    if (header != QLatin1String("x-ratelimit-reset-requests"))
        QVERIFY(!c.resetAt);
}

void TestClassifier::patterns_data()
{
    // The pattern language of src/pattern.h, on lowered lines.
    QTest::addColumn<QString>("pattern");
    QTest::addColumn<QString>("line");
    QTest::addColumn<bool>("matches");
    QTest::newRow("literal") << "overloaded_error"
                             << R"({"type":"overloaded_error"})" << true;
    QTest::newRow("no match inside a longer identifier") << "overloaded_error"
                                                         << R"({"type":"not_overloaded_error"})" << false;
    QTest::newRow("no match before a letter") << "quota"
                                              << "quotas exceeded" << false;
    QTest::newRow("a leading _ needs no boundary") << "_api_key environment variable"
                                                   << "anthropic_api_key environment variable" << true;
    QTest::newRow("space: one or more") << "rate limit"
                                        << "rate \t  limit" << true;
    QTest::newRow("space: at least one") << "rate limit"
                                         << "ratelimit" << false;
    QTest::newRow("~: nothing") << "rate~limit"
                                << "ratelimit hit" << true;
    QTest::newRow("~: hyphen") << "rate~limit"
                               << "the rate-limit" << true;
    QTest::newRow("~: underscore") << "rate~limit"
                                   << "rate_limit" << true;
    QTest::newRow("~: not two") << "rate~limit"
                                << "rate--limit" << false;
    QTest::newRow("#: digits") << "#~hour usage limit reached"
                               << "a 5-hour usage limit reached" << true;
    QTest::newRow("#: needs one") << "#~hour usage limit reached"
                                  << "an hour usage limit reached" << false;
    QTest::newRow("#: whole number") << "#~hour usage limit reached"
                                     << "x5-hour usage limit reached" << false;
    QTest::newRow("*: a gap") << "model*not found"
                              << "model claude-foo was not found" << true;
    QTest::newRow("*: at most 100") << "model*not found"
                                    << QStringLiteral("model ") + QString(120, QLatin1Char('x'))
            + QStringLiteral(" not found")
                                    << false;
    QTest::newRow("*: a longer match ends at a boundary") << "529*overloaded"
                                                          << "529 overloadedx, then 529 overloaded" << true;
    QTest::newRow("!: a non-space run") << "found for !@!"
                                        << "found for @kandev/agent@1.2.3." << true;
    QTest::newRow("!: the @ must be inside") << "found for !@!"
                                             << "found for @scope/pkg." << false;
    QTest::newRow("^: the line start") << "^npm err* code etarget"
                                       << "  npm err! code etarget" << true;
    QTest::newRow("^: not later") << "^npm err* code etarget"
                                  << "see npm err! code etarget" << false;
    QTest::newRow("escape") << "a\\*b"
                            << "a*b" << true;
    QTest::newRow("escape: not a gap") << "a\\*b"
                                       << "axb" << false;
    QTest::newRow("*: a match that ends inside a word") << "529*overloaded"
                                                        << "529 overloadedx" << false;
}

void TestClassifier::patterns()
{
    QFETCH(QString, pattern);
    QFETCH(QString, line);
    QFETCH(bool, matches);
    QCOMPARE(catalogue::detail::matchesIn(pattern.toStdString(), line.toStdString()), matches);
}

void TestClassifier::errorContexts_data()
{
    // Which lines rules of ordinary wording read (E), which only signatures (P), which none (O: agent output).
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("status");  // 0 = none
    QTest::addColumn<int>("exitCode");  // -1 = none
    QTest::addColumn<bool>("knownFailure");  // pasted as an error
    QTest::addColumn<QString>("kinds");
    QTest::newRow("plain sentence") << "you hit the rate-limit" << 0 << -1 << false << "P";
    QTest::newRow("an Error: line and what follows it")
        << "Error: request failed\nrate limited\n\nnext" << 0 << -1 << false << "EEPP";
    QTest::newRow("a failing status reads everything") << "one\ntwo" << 429 << -1 << false << "EE";
    QTest::newRow("a failing exit reads everything") << "one\ntwo" << -1 << 1 << false << "EE";
    QTest::newRow("exit 0 reads nothing") << "Error: rate limit" << 0 << 0 << false << "O";
    QTest::newRow("JSON error envelope") << R"({"error": {"type": "x"}})" << 0 << -1 << false << "E";
    QTest::newRow("JSON key naming an error")
        << R"({"codexErrorInfo":"usageLimitExceeded"})" << 0 << -1 << false << "E";
    QTest::newRow("JSON-RPC error") << R"({"code": -32603, "message": "Internal"})" << 0 << -1 << false << "E";
    QTest::newRow("npm ERR!") << "npm ERR! code ETARGET" << 0 << -1 << false << "E";
    QTest::newRow("status line") << "stream failed with status code 503" << 0 << -1 << false << "E";
    QTest::newRow("Go network error") << "dial tcp 1.2.3.4:443: connect: connection refused" << 0 << -1 << false << "E";
    QTest::newRow("assistant message") << R"({"role":"assistant","content":"Error: rate limit"})" << 429 << -1 << false
                                       << "O";
    QTest::newRow("ACP message chunk") << R"({"sessionUpdate":"agent_message_chunk","text":"Error: x"})" << 0 << -1
                                       << false << "O";
    QTest::newRow("a diff") << "diff --git a/x b/x\n@@ -1 +1 @@\n+Error: rate limit\n-old\nError: real" << 0 << -1
                            << false << "OOOOE";
    QTest::newRow("a fenced block") << "```\nError: rate limit\n```\nError: real" << 0 << -1 << false << "OOOE";
    QTest::newRow("a pasted error reads everything")
        << "you've hit your usage limit\nresets 3pm" << 0 << -1 << true << "EE";
    QTest::newRow("a pasted error keeps agent output out")
        << "```\nrate limit\n```\nyou've hit your usage limit" << 0 << -1 << true << "OOOE";
    QTest::newRow("a pasted exit 0 still did not fail") << "rate limited" << 0 << 0 << true << "O";
    QTest::newRow("an error word in a name is no prefix") << "errors were fixed" << 0 << -1 << false << "P";
}

void TestClassifier::errorContexts()
{
    QFETCH(QString, text);
    QFETCH(int, status);
    QFETCH(int, exitCode);
    QFETCH(bool, knownFailure);
    QFETCH(QString, kinds);
    const std::string lowered = text.toLower().toStdString();
    const auto lines = catalogue::detail::splitIntoLines(lowered, status ? std::optional<int>(status) : std::nullopt,
        exitCode >= 0 ? std::optional<int>(exitCode) : std::nullopt, knownFailure);
    QString seen;
    for (const auto& line : lines) {
        switch (line.kind) {
        case catalogue::detail::LineKind::InError: seen += QLatin1Char('E'); break;
        case catalogue::detail::LineKind::Plain: seen += QLatin1Char('P'); break;
        case catalogue::detail::LineKind::AgentOutput: seen += QLatin1Char('O'); break;
        }
    }
    QCOMPARE(seen, kinds);
}

void TestClassifier::zones_data()
{
    // What the reset-time rule relies on: offsets across daylight saving, and
    // beyond the last transition in the file (the POSIX rule in its footer).
    QTest::addColumn<QString>("zone");
    QTest::addColumn<QString>("utc");
    QTest::addColumn<int>("offset");
    QTest::newRow("Berlin, winter") << "Europe/Berlin"
                                    << "2026-01-15T12:00:00Z" << 3600;
    QTest::newRow("Berlin, a second before summer time") << "Europe/Berlin"
                                                         << "2026-03-29T00:59:59Z" << 3600;
    QTest::newRow("Berlin, summer time begins") << "Europe/Berlin"
                                                << "2026-03-29T01:00:00Z" << 7200;
    QTest::newRow("Berlin, summer of 2045 (footer rule)") << "Europe/Berlin"
                                                          << "2045-07-01T12:00:00Z" << 7200;
    QTest::newRow("Berlin, winter of 2045 (footer rule)") << "Europe/Berlin"
                                                          << "2045-12-01T12:00:00Z" << 3600;
    QTest::newRow("New York, summer") << "America/New_York"
                                      << "2026-08-17T12:00:00Z" << -4 * 3600;
    QTest::newRow("Sydney, January (southern summer)") << "Australia/Sydney"
                                                       << "2046-01-10T00:00:00Z" << 11 * 3600;
    QTest::newRow("Sydney, July") << "Australia/Sydney"
                                  << "2046-07-10T00:00:00Z" << 10 * 3600;
    QTest::newRow("Kolkata, half hours") << "Asia/Kolkata"
                                         << "2026-08-17T12:00:00Z" << 19800;
    QTest::newRow("UTC") << "UTC"
                         << "2026-08-17T12:00:00Z" << 0;
}

void TestClassifier::zones()
{
    QFETCH(QString, zone);
    QFETCH(QString, utc);
    QFETCH(int, offset);
    const auto z = catalogue::detail::Zone::load(zone.toStdString());
    QVERIFY2(z, qPrintable(zone));
    const std::int64_t t = policy::parseRfc3339(utc.toStdString())->time_since_epoch().count();
    QCOMPARE(z->offsetAt(t), offset);
    QCOMPARE(z->toUtc(t + offset), t);  // a wall time outside a switch reads back to its instant
}

void TestClassifier::zoneNamesAreNotPaths()
{
    for (const char* name : {"../../etc/passwd", "/etc/localtime", "Europe/../../etc/passwd", "europe/berlin",
             "Europe//Berlin", "Europe/Berlin/", "", "Mars/Olympus_Mons"})
        QVERIFY2(!catalogue::detail::Zone::load(name), name);
    // Clock changes read as the later instant: 02:30 in Berlin does not exist on
    // 29 March 2026 (it is read as 03:30 summer time, 01:30 UTC) and happens
    // twice on 25 October 2026 (the second one, 01:30 UTC, is taken).
    const auto berlin = catalogue::detail::Zone::load("Europe/Berlin");
    QVERIFY(berlin);
    const auto seconds = [](const char* t) { return policy::parseRfc3339(t)->time_since_epoch().count(); };
    QCOMPARE(berlin->toUtc(seconds("2026-03-29T02:30:00Z")), seconds("2026-03-29T01:30:00Z"));
    QCOMPARE(berlin->toUtc(seconds("2026-10-25T02:30:00Z")), seconds("2026-10-25T01:30:00Z"));
}

void TestClassifier::durations_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<qint64>("ms");
    QTest::newRow("30s") << "30s" << qint64(30000);
    QTest::newRow("6m0s") << "6m0s" << qint64(360000);
    QTest::newRow("1h2m3.5s") << "1h2m3.5s" << qint64(3723500);
    QTest::newRow("250ms") << "250ms" << qint64(250);
    QTest::newRow("not a duration") << "soon" << qint64(-1);
    QTest::newRow("bare number") << "30" << qint64(-1);
    QTest::newRow("unknown unit") << "3d" << qint64(-1);
}

void TestClassifier::durations()
{
    QFETCH(QString, text);
    QFETCH(qint64, ms);
    const auto parsed = catalogue::parseDurationMs(text.toStdString());
    QCOMPARE(parsed ? qint64(*parsed) : qint64(-1), ms);
}

void TestClassifier::httpDates()
{
    const auto t = catalogue::parseHttpDate("Wed, 21 Oct 2015 07:28:00 GMT");
    QVERIFY(t);
    QCOMPARE(policy::formatRfc3339(*t), std::string("2015-10-21T07:28:00Z"));
    QVERIFY(!catalogue::parseHttpDate("Wed, 21 Foo 2015 07:28:00 GMT"));
    QVERIFY(!catalogue::parseHttpDate("2015-10-21"));
}

QTEST_APPLESS_MAIN(TestClassifier)
#include "tst_classifier.moc"
