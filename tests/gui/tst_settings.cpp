// SPDX-License-Identifier: Apache-2.0
// The typed settings (gui/window/settings.h): each keeps the key earlier
// versions wrote, so people's settings keep working, and each round-trips
// its value. Run in a settings scope of its own, never the user's.
#include "window/settings.h"

#include <QSettings>
#include <QTemporaryDir>
#include <QtTest>

#include <variant>

using namespace gui;

namespace
{

using AnySetting = std::variant<const Setting<bool>*, const Setting<QString>*, const Setting<QStringList>*,
    const Setting<QByteArray>*>;

// Every declared setting, by the name the row uses.
AnySetting settingNamed(const QString& name)
{
    static const QHash<QString, AnySetting> all {
        {QStringLiteral("recentFiles"), &settings::recentFiles},
        {QStringLiteral("colourScheme"), &settings::colourScheme},
        {QStringLiteral("windowGeometry"), &settings::windowGeometry},
        {QStringLiteral("windowState"), &settings::windowState},
        {QStringLiteral("routeSplit"), &settings::routeSplit},
        {QStringLiteral("customScenario"), &settings::customScenario},
        {QStringLiteral("compareWithSaved"), &settings::compareWithSaved},
        {QStringLiteral("lastSqlitePath"), &settings::lastSqlitePath},
        {QStringLiteral("lastServer"), &settings::lastServer},
        {QStringLiteral("houseRulesFile"), &settings::houseRulesFile},
    };
    return all.value(name);
}

}  // namespace

class TestSettings final : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void roundTrips_data();
    void roundTrips();
    void aSingleRecentFileReadsAsAList();
    void comparingWithSavedIsOnByDefault();

private:
    QTemporaryDir m_dir;
};

void TestSettings::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QSettings::setDefaultFormat(QSettings::IniFormat);
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, m_dir.filePath(QStringLiteral("settings")));
    QCoreApplication::setOrganizationName(QStringLiteral("kandev-test"));
    QCoreApplication::setApplicationName(QStringLiteral("Settings Test"));
    QSettings().clear();
}

void TestSettings::roundTrips_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("key");  // as earlier versions wrote it: never change one
    QTest::addColumn<QVariant>("sample");
    QTest::newRow("recent files") << "recentFiles"
                                  << "recentFiles"
                                  << QVariant(
                                         QStringList {QStringLiteral("/tmp/b.json"), QStringLiteral("/tmp/a.json")});
    QTest::newRow("colour scheme") << "colourScheme"
                                   << "appearance/colourScheme" << QVariant(QStringLiteral("dark"));
    QTest::newRow("window geometry") << "windowGeometry"
                                     << "window/geometry" << QVariant(QByteArray("\x01\xd9\xd0\xcb\x00", 5));
    QTest::newRow("window state") << "windowState"
                                  << "window/state" << QVariant(QByteArray("\x00\xff\x00\x00", 4));
    QTest::newRow("route split") << "routeSplit"
                                 << "window/routeSplit" << QVariant(QByteArray("split"));
    QTest::newRow("custom scenario") << "customScenario"
                                     << "timeline/customScenario"
                                     << QVariant(QStringLiteral(R"({"name":"Quota","attempts":[]})"));
    // On by default: the round trip stores the other value.
    QTest::newRow("compare with saved") << "compareWithSaved"
                                        << "timeline/compareWithSaved" << QVariant(false);
    QTest::newRow("last SQLite file") << "lastSqlitePath"
                                      << "database/lastSqlitePath" << QVariant(QStringLiteral("/home/me/kandev.db"));
    QTest::newRow("last server") << "lastServer"
                                 << "database/lastServer"
                                 << QVariant(QStringList {QStringLiteral("db.example"), QStringLiteral("5433"),
                                        QStringLiteral("kandev"), QString(), QStringLiteral("kandev")});
    QTest::newRow("house rules file") << "houseRulesFile"
                                      << "houseRules/file" << QVariant(QStringLiteral("/srv/rules/policy-rules.json"));
}

void TestSettings::roundTrips()
{
    QFETCH(QString, name);
    QFETCH(QString, key);
    QFETCH(QVariant, sample);
    std::visit(
        [&](const auto* setting) {
            using T = std::decay_t<decltype(setting->defaultValue())>;
            QVERIFY(setting);
            QCOMPARE(setting->key(), key);
            setting->remove();
            QVERIFY(!setting->isStored());
            QCOMPARE(setting->value(), setting->defaultValue());
            const T value = sample.value<T>();
            setting->setValue(value);
            QVERIFY(setting->isStored());
            QCOMPARE(setting->value(), value);
            // Written under the key an earlier version reads, and read from what it wrote.
            QCOMPARE(QSettings().value(key).value<T>(), value);
            setting->remove();
            QSettings().setValue(key, sample);
            QCOMPARE(setting->value(), value);
            setting->remove();
            QVERIFY(!QSettings().contains(key));
        },
        settingNamed(name));
}

void TestSettings::aSingleRecentFileReadsAsAList()
{
    // An INI file holds a one-item list as a plain string; it still reads as a list.
    QSettings().setValue(QStringLiteral("recentFiles"), QStringLiteral("/tmp/only.json"));
    QCOMPARE(settings::recentFiles.value(), QStringList {QStringLiteral("/tmp/only.json")});
    settings::recentFiles.remove();
}

void TestSettings::comparingWithSavedIsOnByDefault()
{
    settings::compareWithSaved.remove();
    QCOMPARE(settings::compareWithSaved.value(), true);
    // An INI file holds a bool as text; it reads back as the bool.
    QSettings().setValue(QStringLiteral("timeline/compareWithSaved"), QStringLiteral("false"));
    QCOMPARE(settings::compareWithSaved.value(), false);
    settings::compareWithSaved.remove();
}

QTEST_GUILESS_MAIN(TestSettings)
#include "tst_settings.moc"
