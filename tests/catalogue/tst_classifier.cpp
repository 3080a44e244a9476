// The catalogue's tests are its fixtures: tests/fixtures/catalogue/*.json.
// Adding a provider message means adding a fixture (and a rule), nothing else.
#include "catalogue/classifier.h"

#include "../common/test_paths.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include <set>

namespace {

catalogue::Evidence evidenceOf(const QJsonObject& e)
{
    catalogue::Evidence ev;
    ev.provider = e[QStringLiteral("provider")].toString().toStdString();
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

}  // namespace

class TestClassifier final : public QObject {
    Q_OBJECT
private slots:
    void fixtures_data();
    void fixtures();
    void atLeastSixtyFixturesAndEveryRuleHasOne();
    void prioritiesAreUnique();
    void structuredSignalsOutrankText();
    void inputIsBounded();
    void everyRuleMatchesItsExample();
    void hugeNumbersAreNotHints_data();
    void hugeNumbersAreNotHints();
    void durations_data();
    void durations();
    void httpDates();
};

void TestClassifier::fixtures_data()
{
    QTest::addColumn<QJsonObject>("fixture");
    const QDir dir(testpaths::fixture(QStringLiteral("catalogue")));
    for (const QString& name : dir.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name)) {
        QFile f(dir.filePath(name));
        QVERIFY(f.open(QIODevice::ReadOnly));
        QJsonParseError error;
        const QJsonDocument doc = QJsonDocument::fromJson(f.readAll(), &error);
        QVERIFY2(error.error == QJsonParseError::NoError, qPrintable(name));
        QTest::newRow(qPrintable(name)) << doc.object();
    }
}

void TestClassifier::fixtures()
{
    QFETCH(QJsonObject, fixture);
    const auto now = *policy::parseRfc3339(fixture[QStringLiteral("now")].toString().toStdString());
    const catalogue::Evidence ev = evidenceOf(fixture[QStringLiteral("evidence")].toObject());
    const catalogue::Classification c = catalogue::classify(ev, now);

    if (fixture.contains(QStringLiteral("expect"))) {
        const QJsonObject expect = fixture[QStringLiteral("expect")].toObject();
        QCOMPARE(QString::fromStdString(c.code), expect[QStringLiteral("code")].toString());
        QCOMPARE(s(policy::errorClassName(c.errorClass)), expect[QStringLiteral("class")].toString());
        QCOMPARE(s(policy::confidenceName(c.confidence)), expect[QStringLiteral("confidence")].toString());
        QCOMPARE(QString::fromStdString(c.rule), expect[QStringLiteral("rule")].toString());
        if (expect.contains(QStringLiteral("reset_at"))) {
            const QJsonValue reset = expect[QStringLiteral("reset_at")];
            QCOMPARE(c.resetAt ? QString::fromStdString(policy::formatRfc3339(*c.resetAt)) : QString(), reset.toString());
        }
        if (expect.contains(QStringLiteral("hint_source"))) {
            QVERIFY(c.hint);
            QCOMPARE(QString::fromStdString(c.hint->source), expect[QStringLiteral("hint_source")].toString());
            QCOMPARE(c.hint->trusted, expect[QStringLiteral("hint_trusted")].toBool());
            QVERIFY(!c.hint->reason.empty());
        }
    }
    if (fixture.contains(QStringLiteral("expect_not")))
        QVERIFY(QString::fromStdString(c.code) != fixture[QStringLiteral("expect_not")].toObject()[QStringLiteral("code")].toString());
    // No secret survives, in the excerpt or in a hint.
    for (const auto& secret : fixture[QStringLiteral("secrets")].toArray()) {
        QVERIFY2(c.excerpt.find(secret.toString().toStdString()) == std::string::npos, c.excerpt.c_str());
        for (const auto& h : c.hints)
            QVERIFY(h.value.find(secret.toString().toStdString()) == std::string::npos);
        QVERIFY(c.excerpt.find("[redacted]") != std::string::npos);
    }
    QVERIFY(c.excerpt.size() <= catalogue::kMaxExcerptBytes + 4);
}

void TestClassifier::atLeastSixtyFixturesAndEveryRuleHasOne()
{
    const QDir dir(testpaths::fixture(QStringLiteral("catalogue")));
    const QStringList files = dir.entryList({QStringLiteral("*.json")}, QDir::Files);
    QVERIFY(files.size() >= 60);
    std::set<std::string> covered;
    int negatives = 0, redactions = 0;
    for (const QString& name : files) {
        QFile f(dir.filePath(name));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QJsonObject o = QJsonDocument::fromJson(f.readAll()).object();
        covered.insert(o[QStringLiteral("expect")].toObject()[QStringLiteral("rule")].toString().toStdString());
        negatives += o.contains(QStringLiteral("expect_not"));
        redactions += o.contains(QStringLiteral("secrets"));
    }
    for (const auto& rule : catalogue::rules())
        QVERIFY2(covered.count(std::string(rule.id)), std::string(rule.id).c_str());
    QVERIFY(negatives >= 5);
    QVERIFY(redactions >= 5);
}

void TestClassifier::prioritiesAreUnique()
{
    std::set<int> priorities;
    std::set<std::string_view> ids;
    for (const auto& rule : catalogue::rules()) {
        QVERIFY2(priorities.insert(rule.priority).second, std::string(rule.id).c_str());
        QVERIFY(ids.insert(rule.id).second);
        QVERIFY2(policy::errorCodeFromName(rule.code), std::string(rule.code).c_str());  // one catalogue code each
    }
}

void TestClassifier::structuredSignalsOutrankText()
{
    for (const auto& rule : catalogue::rules()) {
        const bool structured = rule.statuses[0] != 0 || rule.exitCode >= 0;
        const bool quotaWording = rule.id == std::string_view("text.quota.exceeded");
        if (!structured && !quotaWording)
            QVERIFY2(rule.priority < 800, std::string(rule.id).c_str());
        if (structured)
            QVERIFY2(rule.priority >= 800, std::string(rule.id).c_str());
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
        const catalogue::Evidence e = catalogue::parseRawError(rule.example);
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
    QTest::newRow("epoch ms far away") << "x-ratelimit-reset" << "88888888888888888888888888";
    QTest::newRow("huge retry-after") << "retry-after" << "1e300";
    QTest::newRow("huge retry-after-ms") << "retry-after-ms" << "9e30";
    QTest::newRow("negative") << "retry-after" << "-5";
    QTest::newRow("year 3000 epoch") << "x-ratelimit-reset-requests" << "32503680000";
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
