// SPDX-License-Identifier: Apache-2.0
// FleetModel: one row per dynamic profile with its worst-case holds, attempts,
// providers and house-rule violations; sorted by raw numbers, and kept
// current by edits row by row (a reset only for a new or replaced document).
#include "model/fleet_model.h"

#include "document_helpers.h"
#include "../common/test_paths.h"
#include "model/policy_text.h"
#include "translations.h"

#include "check/document_check.h"

#include <QAbstractItemModelTester>
#include <QSortFilterProxyModel>
#include <QtTest>

using modeltest::disableSwitchUndoAndRedo;
using modeltest::editEveryWay;
using modeltest::open;

using namespace model;

namespace
{

// One class's policy: retries (0: none) from `interval`, a reset wait of `wait` s (0: none), then `outcome`.
QString cls(int retries, int interval, int wait, const char* outcome)
{
    return QStringLiteral(R"({"retry":{"enabled":%1,"max_retries":%2,"initial_interval_seconds":%3},)"
                          R"("wait_for_reset":{"enabled":%4,"max_wait_seconds":%5},"on_exhausted":"%6"})")
        .arg(retries > 0 ? QStringLiteral("true") : QStringLiteral("false"))
        .arg(retries)
        .arg(interval)
        .arg(wait > 0 ? QStringLiteral("true") : QStringLiteral("false"))
        .arg(wait)
        .arg(QLatin1String(outcome));
}

QString candidate(const char* profile, bool enabled, const QString& transient, const QString& hard)
{
    return QStringLiteral(R"({"execution_profile_id":"%1","enabled":%2,)"
                          R"("policies":{"version":1,"transient":%3,"hard":%4}})")
        .arg(QLatin1String(profile), enabled ? QStringLiteral("true") : QStringLiteral("false"), transient, hard);
}

QString dynamicProfile(const QString& id, bool enabled, const QStringList& candidates)
{
    QStringList positioned;
    for (int i = 0; i < candidates.size(); ++i)
        positioned << QString(candidates[i])
                          .replace(
                              QStringLiteral("{\"execution"), QStringLiteral("{\"position\":%1,\"execution").arg(i));
    return QStringLiteral(R"({"id":"%1","name":"Route %1","kind":"dynamic","enabled":%2,"auto_fallback":false,)"
                          R"("dynamic":{"version":1,"candidates":[%3]}})")
        .arg(id, enabled ? QStringLiteral("true") : QStringLiteral("false"), positioned.join(QLatin1Char(',')));
}

// An export: the dynamic profiles, and the agent profiles they name (two
// providers kandev knows, and one whose agent the export does not say).
QString exportOf(const QStringList& dynamicProfiles)
{
    QStringList profiles = dynamicProfiles;
    profiles << QStringLiteral(R"({"id":"claude","name":"Claude","kind":"concrete","enabled":true,)"
                               R"("auto_fallback":false,"agent_name":"claude-acp"})")
             << QStringLiteral(R"({"id":"codex","name":"Codex","kind":"concrete","enabled":true,)"
                               R"("auto_fallback":false,"agent_name":"codex-acp"})")
             << QStringLiteral(
                    R"({"id":"mystery","name":"Mystery","kind":"concrete","enabled":true,"auto_fallback":false})");
    return QStringLiteral(R"({"profiles":[%1]})").arg(profiles.join(QLatin1String(",\n")));
}

std::unique_ptr<EditorDocument> openText(const QString& json)
{
    const QByteArray bytes = json.toUtf8();
    check::DocumentCheck checked = check::checkDocument(bytes.toStdString(), false);
    if (!checked.document)
        qFatal("fixture does not parse: %s", bytes.constData());
    return std::make_unique<EditorDocument>(std::move(*checked.document), QString(), bytes);
}

// A house's rules: a person hears about hard errors within a minute; two candidates enabled.
rules::RuleSet houseRules()
{
    rules::RuleSet set;
    rules::Rule hold;
    hold.id = "hold-1m";
    hold.kind = rules::RuleKind::MaxHoldSeconds;
    hold.errorClass = policy::ErrorClass::Hard;
    hold.value = 60;
    hold.severity = rules::Severity::Error;
    rules::Rule twoEnabled;
    twoEnabled.id = "two-enabled";
    twoEnabled.kind = rules::RuleKind::MinEnabledCandidates;
    twoEnabled.value = 2;
    twoEnabled.severity = rules::Severity::Warning;
    set.rules = {hold, twoEnabled};
    return set;
}

QString cell(const FleetModel& fleet, int row, int column, int role = Qt::DisplayRole)
{
    return fleet.index(row, column).data(role).toString();
}

}  // namespace

class TestFleetModel final : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QCOMPARE(i18n::install(QLocale(QLocale::English)), QStringLiteral("en"));
    }
    void oneRow_data();
    void oneRow();
    void sortsByRawNumbers();
    void editsChangeOneRow();
    void passesTheTester();
};

void TestFleetModel::oneRow_data()
{
    QTest::addColumn<QString>("profile");  // a dynamic profile's JSON
    QTest::addColumn<QString>("state");
    QTest::addColumn<QString>("candidates");
    QTest::addColumn<QString>("holdTransient");
    QTest::addColumn<QString>("holdHard");
    QTest::addColumn<QString>("attempts");
    QTest::addColumn<QStringList>("providers");
    QTest::addColumn<int>("kandevErrors");  // no rules file: kandev's own rules
    QTest::addColumn<int>("houseErrors");  // houseRules()
    QTest::addColumn<int>("houseWarnings");

    // Transient: retries after 5, 10 and 20 s (35 s), then skip with none left:
    // 4 attempts. Hard: a 5 min reset wait, its attempt after it, then stop: 2.
    // The hold is over the house's minute; one candidate is under its two.
    QTest::newRow("retries, a reset wait") << dynamicProfile(
        QStringLiteral("dyn-a"), true, {candidate("claude", true, cls(3, 5, 0, "skip"), cls(0, 0, 300, "stop"))})
                                           << "enabled"
                                           << "1 of 1 enabled"
                                           << "35 s, then none left"
                                           << "5 min, then stop"
                                           << "4 / 2" << QStringList {"claude-acp"} << 0 << 1 << 1;
    // The first skips transient errors after 10 s and 20 s (3 attempts) to the
    // second, which stops at once (1 more); hard errors skip both at once.
    QTest::newRow("skip, then stop") << dynamicProfile(QStringLiteral("dyn-b"), true,
        {candidate("claude", true, cls(2, 10, 0, "skip"), cls(0, 0, 0, "skip")),
            candidate("codex", true, cls(0, 0, 0, "stop"), cls(0, 0, 0, "skip"))})
                                     << "enabled"
                                     << "2 of 2 enabled"
                                     << "30 s, then stop"
                                     << "none left"
                                     << "4 / 2" << QStringList {"claude-acp", "codex-acp"} << 0 << 0 << 0;
    QTest::newRow("stops at once, profile disabled") << dynamicProfile(
        QStringLiteral("dyn-c"), false, {candidate("codex", true, cls(0, 0, 0, "stop"), cls(0, 0, 0, "stop"))})
                                                     << "disabled"
                                                     << "1 of 1 enabled"
                                                     << "stops at once"
                                                     << "stops at once"
                                                     << "1 / 1" << QStringList {"codex-acp"} << 0 << 0 << 1;
    // A disabled candidate is neither tried nor a provider; an agent the export
    // does not name is "unknown". Transient: one retry after 1 min; hard: a
    // 1 min reset wait, just what the house allows.
    QTest::newRow("disabled candidate, unknown agent") << dynamicProfile(QStringLiteral("dyn-d"), true,
        {candidate("mystery", true, cls(1, 60, 0, "skip"), cls(0, 0, 60, "stop")),
            candidate("codex", false, cls(0, 0, 0, "stop"), cls(0, 0, 0, "stop"))})
                                                       << "enabled"
                                                       << "1 of 2 enabled"
                                                       << "1 min, then none left"
                                                       << "1 min, then stop"
                                                       << "2 / 2" << QStringList {"unknown"} << 0 << 0 << 1;
    // 11 hard retries break kandev's limit of 10 (one error without a rules
    // file); the first candidate stops for both classes, so the second is never reached.
    QTest::newRow("over kandev's limit") << dynamicProfile(QStringLiteral("dyn-e"), true,
        {candidate("claude", true, cls(0, 0, 0, "stop"), cls(0, 0, 0, "stop")),
            candidate("codex", true, cls(0, 0, 0, "stop"), cls(11, 5, 0, "stop"))})
                                         << "enabled"
                                         << "2 of 2 enabled"
                                         << "stops at once"
                                         << "stops at once"
                                         << "1 / 1" << QStringList {"claude-acp", "codex-acp"} << 1 << 0 << 0;
}

void TestFleetModel::oneRow()
{
    QFETCH(QString, profile);
    QFETCH(QString, state);
    QFETCH(QString, candidates);
    QFETCH(QString, holdTransient);
    QFETCH(QString, holdHard);
    QFETCH(QString, attempts);
    QFETCH(QStringList, providers);
    QFETCH(int, kandevErrors);
    QFETCH(int, houseErrors);
    QFETCH(int, houseWarnings);

    auto doc = openText(exportOf({profile}));
    FleetModel fleet;
    QAbstractItemModelTester tester(&fleet, QAbstractItemModelTester::FailureReportingMode::QtTest);
    fleet.setDocument(doc.get());
    QCOMPARE(fleet.rowCount(), 1);
    QCOMPARE(fleet.index(0, 0).data(FleetModel::ProfileIndexRole).toInt(), 0);
    QCOMPARE(cell(fleet, 0, FleetModel::Enabled), state);
    QCOMPARE(cell(fleet, 0, FleetModel::Candidates), candidates);
    QCOMPARE(cell(fleet, 0, FleetModel::HoldTransient), holdTransient);
    QCOMPARE(cell(fleet, 0, FleetModel::HoldHard), holdHard);
    QCOMPARE(cell(fleet, 0, FleetModel::Attempts), attempts);
    QCOMPARE(cell(fleet, 0, FleetModel::Providers), PolicyText::joinList(providers));
    // A file has no route state: the column stays empty.
    QVERIFY(!fleet.hasLiveRoutes());
    QVERIFY(!fleet.index(0, FleetModel::LiveRoutes).data().isValid());

    // The counts in the model's own words (English plurals come from the translation files).
    const auto violations = [&](int errors, int warnings) {
        QStringList parts;
        if (errors > 0)
            parts << QCoreApplication::translate("model::FleetModel", "%n error(s)", nullptr, errors);
        if (warnings > 0)
            parts << QCoreApplication::translate("model::FleetModel", "%n warning(s)", nullptr, warnings);
        return parts.isEmpty() ? QStringLiteral("none") : PolicyText::joinList(parts);
    };
    QCOMPARE(cell(fleet, 0, FleetModel::Violations), violations(kandevErrors, 0));
    QCOMPARE(fleet.profilesWithViolations(), kandevErrors > 0 ? 1 : 0);

    // The house's rules change the violations only, row by row (no reset).
    const rules::RuleSet house = houseRules();
    QSignalSpy resets(&fleet, &QAbstractItemModel::modelReset);
    QSignalSpy changes(&fleet, &QAbstractItemModel::dataChanged);
    fleet.setRuleSet(std::make_shared<const rules::RuleSet>(house));
    QCOMPARE(resets.count(), 0);
    QCOMPARE(changes.count(), 1);
    QCOMPARE(cell(fleet, 0, FleetModel::Violations), violations(houseErrors, houseWarnings));
    QCOMPARE(fleet.index(0, 0).data(FleetModel::HasViolationsRole).toBool(), houseErrors + houseWarnings > 0);
    QCOMPARE(fleet.index(0, FleetModel::Violations).data(FleetModel::SortRole).toLongLong(),
        qlonglong(houseErrors) * 1000000 + houseWarnings);
    // The tooltip names the rules that fired.
    const QString broken = cell(fleet, 0, FleetModel::Violations, Qt::ToolTipRole);
    QCOMPARE(broken.contains(QStringLiteral("hold-1m")), houseErrors > 0);
    QCOMPARE(broken.contains(QStringLiteral("two-enabled")), houseWarnings > 0);
    fleet.setRuleSet(nullptr);
    QCOMPARE(cell(fleet, 0, FleetModel::Violations), violations(kandevErrors, 0));
    QCOMPARE(cell(fleet, 0, FleetModel::Violations, Qt::ToolTipRole).contains(QStringLiteral("kandev's limits")),
        kandevErrors > 0);
    QCOMPARE(cell(fleet, 0, FleetModel::HoldHard), holdHard);
}

void TestFleetModel::sortsByRawNumbers()
{
    // Hard holds of 1 h, 35 s and 5 min: as words "1 h" < "35 s" < "5 min",
    // as numbers 35 < 300 < 3600. The names sort the other way round.
    const QString stop = cls(0, 0, 0, "stop");
    auto doc = openText(exportOf({
        dynamicProfile(QStringLiteral("dyn-hour"), true, {candidate("claude", true, stop, cls(0, 0, 3600, "stop"))}),
        dynamicProfile(QStringLiteral("dyn-35s"), true, {candidate("claude", true, stop, cls(3, 5, 0, "stop"))}),
        dynamicProfile(QStringLiteral("dyn-5min"), true,
            {candidate("claude", true, stop, cls(0, 0, 300, "stop")),
                candidate("codex", true, stop, cls(0, 0, 0, "stop"))}),
    }));
    FleetModel fleet;
    fleet.setDocument(doc.get());
    QSortFilterProxyModel proxy;
    proxy.setSourceModel(&fleet);
    proxy.setSortRole(FleetModel::SortRole);
    const auto ids = [&] {
        QStringList out;
        for (int row = 0; row < proxy.rowCount(); ++row)
            out << proxy.index(row, FleetModel::Profile).data(Qt::ToolTipRole).toString().section(QLatin1Char(' '), -1);
        return out;
    };
    proxy.sort(FleetModel::HoldHard, Qt::AscendingOrder);
    QCOMPARE(ids(), (QStringList {"dyn-35s", "dyn-5min", "dyn-hour"}));
    proxy.sort(FleetModel::HoldHard, Qt::DescendingOrder);
    QCOMPARE(ids(), (QStringList {"dyn-hour", "dyn-5min", "dyn-35s"}));
    // Attempts, the longer class's: 3 retries make 4 hard attempts; a reset wait, 2.
    proxy.sort(FleetModel::Attempts, Qt::AscendingOrder);
    QCOMPARE(ids().last(), QStringLiteral("dyn-35s"));
    proxy.sort(FleetModel::Providers, Qt::DescendingOrder);
    QCOMPARE(ids().first(), QStringLiteral("dyn-5min"));
    proxy.sort(FleetModel::Profile, Qt::AscendingOrder);
    QCOMPARE(ids(), (QStringList {"dyn-35s", "dyn-5min", "dyn-hour"}));
    // The house's minute: two holds over it are errors and sort first, the
    // hour's (also one candidate short: a warning) before the 5 min one's;
    // 35 s has only the warning.
    const rules::RuleSet house = houseRules();
    fleet.setRuleSet(std::make_shared<const rules::RuleSet>(house));
    proxy.sort(FleetModel::Violations, Qt::DescendingOrder);
    QCOMPARE(ids(), (QStringList {"dyn-hour", "dyn-5min", "dyn-35s"}));
    QCOMPARE(fleet.profilesWithViolations(), 3);
}

void TestFleetModel::editsChangeOneRow()
{
    auto doc = open(testpaths::sample("export.json"));
    FleetModel fleet;
    fleet.setDocument(doc.get());
    QCOMPARE(fleet.rowCount(), 2);
    const int current = doc->currentProfile();
    const int row = fleet.rowOfProfile(current);
    QVERIFY(row >= 0);
    const QString before = cell(fleet, row, FleetModel::Candidates);
    const int candidates = doc->candidateCount();
    QCOMPARE(before, QStringLiteral("%1 of %1 enabled").arg(candidates));

    QSignalSpy resets(&fleet, &QAbstractItemModel::modelReset);
    QSignalSpy changes(&fleet, &QAbstractItemModel::dataChanged);
    doc->undoStack()->push(new SetEnabledCommand(doc.get(), 0, false));
    QCOMPARE(resets.count(), 0);
    QCOMPARE(changes.count(), 1);
    QCOMPARE(changes.first().at(0).toModelIndex().row(), row);
    QCOMPARE(changes.first().at(1).toModelIndex().row(), row);
    QCOMPARE(cell(fleet, row, FleetModel::Candidates),
        QStringLiteral("%1 of %2 enabled").arg(candidates - 1).arg(candidates));

    // Showing another profile changes no row.
    changes.clear();
    const int other
        = doc->dynamicProfiles().back() == current ? doc->dynamicProfiles().front() : doc->dynamicProfiles().back();
    doc->setCurrentProfile(other);
    QCOMPARE(resets.count(), 0);
    QCOMPARE(changes.count(), 0);
    // A profile's name: its row.
    doc->undoStack()->push(new SetProfileNameCommand(doc.get(), "Renamed route"));
    QCOMPARE(resets.count(), 0);
    QCOMPARE(cell(fleet, fleet.rowOfProfile(other), FleetModel::Profile), QStringLiteral("Renamed route"));
    // A replaced document (a migration applied, or undone) resets.
    doc->undoStack()->push(new ReplaceDocumentCommand(doc.get(), doc->document(), QStringLiteral("replace")));
    QCOMPARE(resets.count(), 1);
    QCOMPARE(fleet.rowCount(), 2);
}

void TestFleetModel::passesTheTester()
{
    auto doc = open(testpaths::sample("export.json"));
    FleetModel fleet;
    QAbstractItemModelTester tester(&fleet, QAbstractItemModelTester::FailureReportingMode::QtTest);
    fleet.setDocument(doc.get());
    editEveryWay(doc.get());
    disableSwitchUndoAndRedo(doc.get());
    format::ProfileRecord added;
    added.id = "dyn-new";
    added.name = "New";
    added.kind = "dynamic";
    added.dynamic = format::DynamicRecord {};
    doc->undoStack()->push(new AddProfileCommand(doc.get(), added));
    QCOMPARE(fleet.rowCount(), 3);
    doc->undoStack()->undo();
    QCOMPARE(fleet.rowCount(), 2);
    fleet.setDocument(nullptr);
    QCOMPARE(fleet.rowCount(), 0);
}

QTEST_GUILESS_MAIN(TestFleetModel)
#include "tst_fleet_model.moc"
