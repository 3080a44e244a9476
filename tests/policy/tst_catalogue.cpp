// SPDX-License-Identifier: Apache-2.0
#include "policy/catalogue.h"

#include <QtTest>

#include <set>

using namespace policy;

class TestCatalogue final : public QObject
{
    Q_OBJECT
private slots:
    void everyCodeHasItsClass_data();
    void everyCodeHasItsClass();
    void enumerationIsExhaustive();
    void unknownCodesAreUnclassified_data();
    void unknownCodesAreUnclassified();
    void classNamesRoundTrip();
};

void TestCatalogue::everyCodeHasItsClass_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<int>("expected");
    const auto T = int(ErrorClass::Transient);
    const auto H = int(ErrorClass::Hard);
    QTest::newRow("network_unavailable") << "network_unavailable" << T;
    QTest::newRow("provider_unavailable") << "provider_unavailable" << T;
    QTest::newRow("provider_overloaded") << "provider_overloaded" << T;
    QTest::newRow("model_capacity") << "model_capacity" << T;
    QTest::newRow("rate_limited") << "rate_limited" << T;
    QTest::newRow("agent_transport_lost") << "agent_transport_lost" << T;
    QTest::newRow("auth_required") << "auth_required" << H;
    QTest::newRow("missing_credentials") << "missing_credentials" << H;
    QTest::newRow("subscription_required") << "subscription_required" << H;
    QTest::newRow("quota_limited") << "quota_limited" << H;
    QTest::newRow("model_unavailable") << "model_unavailable" << H;
    QTest::newRow("provider_not_configured") << "provider_not_configured" << H;
}

void TestCatalogue::everyCodeHasItsClass()
{
    QFETCH(QString, name);
    QFETCH(int, expected);
    const std::string n = name.toStdString();
    QCOMPARE(int(catalogueClass(n)), expected);
    const auto code = errorCodeFromName(n);
    QVERIFY(code.has_value());
    QCOMPARE(QString::fromUtf8(errorCodeName(*code).data(), qsizetype(errorCodeName(*code).size())), name);
}

void TestCatalogue::enumerationIsExhaustive()
{
    // Every enumerator appears exactly once, in declaration order, so the
    // table can be indexed by the enum.
    std::set<std::string_view> names;
    for (std::size_t i = 0; i < kCatalogue.size(); ++i) {
        QCOMPARE(std::size_t(kCatalogue[i].code), i);
        QVERIFY(names.insert(kCatalogue[i].name).second);
        QVERIFY(kCatalogue[i].errorClass != ErrorClass::Unclassified);
        QCOMPARE(errorClassOf(kCatalogue[i].code), kCatalogue[i].errorClass);
    }
    QCOMPARE(std::size_t(ErrorCode::ProviderNotConfigured) + 1, kCatalogue.size());
    QCOMPARE(kCatalogueVersion, std::string_view("provider-errors.v1"));
}

void TestCatalogue::unknownCodesAreUnclassified_data()
{
    QTest::addColumn<QString>("name");
    for (auto n : kUnclassifiedCodes)
        QTest::newRow(std::string(n).c_str()) << QString::fromUtf8(n.data(), qsizetype(n.size()));
    QTest::newRow("empty") << "";
    QTest::newRow("different case") << "Model_Capacity";
    QTest::newRow("class name") << "transient";
}

void TestCatalogue::unknownCodesAreUnclassified()
{
    QFETCH(QString, name);
    QCOMPARE(catalogueClass(name.toStdString()), ErrorClass::Unclassified);
    QVERIFY(!errorCodeFromName(name.toStdString()));
}

void TestCatalogue::classNamesRoundTrip()
{
    for (auto c : {ErrorClass::Transient, ErrorClass::Hard, ErrorClass::Unclassified})
        QCOMPARE(errorClassFromName(errorClassName(c)), std::optional<ErrorClass>(c));
    QVERIFY(!errorClassFromName("Transient"));
    QVERIFY(!errorClassFromName("fatal"));
}

QTEST_APPLESS_MAIN(TestCatalogue)
#include "tst_catalogue.moc"
