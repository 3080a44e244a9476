// SPDX-License-Identifier: Apache-2.0
// The Fleet Overview dock in the real window, with real input: shown for a
// document of several profiles, filtered by typing, sorted by a header click,
// a row opened with the keyboard; live routes counted from a real SQLite
// database with kandev's route state.
#include "panels/fleet_pane.h"
#include "route/route_pane.h"
#include "timeline/timeline_panel.h"
#include "window/main_window.h"

#include "model/editor_document.h"
#include "model/fleet_model.h"
#include "model/profile_list_model.h"

#include "../common/gui_helpers.h"
#include "../common/kandev_routes.h"
#include "../common/test_paths.h"
#include "translations.h"

#include <QAction>
#include <QDir>
#include <QDockWidget>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QMenu>
#include <QMenuBar>
#include <QPushButton>
#include <QScrollBar>
#include <QStyle>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QtTest>

using namespace gui;

class TestFleetOverview final : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void filterSortAndOpenAProfile();
    void liveRoutesFromADatabase();
    void noLiveRoutesColumnWithoutRouteState();
    void manyProfilesShowTheFleet();
    void wholeAtLaptopSize();

private:
    QTemporaryDir m_dir;
};

namespace
{

QDockWidget* fleetDock(MainWindow& window)
{
    return window.findChild<QDockWidget*>(QStringLiteral("fleetDock"));
}

// The sort values of a column, top to bottom, as the table shows the rows.
QList<qlonglong> sortValues(const FleetPane* pane, int column)
{
    QList<qlonglong> out;
    for (int row = 0; row < pane->proxy()->rowCount(); ++row)
        out << pane->proxy()->index(row, column).data(model::FleetModel::SortRole).toLongLong();
    return out;
}

void clickHeader(QTableView* view, int column)
{
    QHeaderView* header = view->horizontalHeader();
    const QPoint at(header->sectionViewportPosition(column) + header->sectionSize(column) / 2, header->height() / 2);
    QTest::mouseClick(header->viewport(), Qt::LeftButton, {}, at);
}

int rowOf(const FleetPane* pane, const char* id)
{
    const int source = [&] {
        const model::FleetModel* fleet = pane->model();
        for (int row = 0; row < fleet->rowCount(); ++row) {
            if (fleet->index(row, model::FleetModel::Profile)
                    .data(Qt::ToolTipRole)
                    .toString()
                    .endsWith(QLatin1String(id)))
                return row;
        }
        return -1;
    }();
    return source;
}

}  // namespace

void TestFleetOverview::initTestCase()
{
    QVERIFY(m_dir.isValid());
    guitest::isolateSettings(m_dir, QStringLiteral("Policy Studio Test"));
    i18n::install(QLocale(QLocale::English));
}

void TestFleetOverview::init()
{
    QSettings().clear();
}

void TestFleetOverview::filterSortAndOpenAProfile()
{
    MainWindow window;
    window.resize(1366, 768);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QDockWidget* dock = fleetDock(window);
    QVERIFY(dock);
    // Hidden at the first start, and offered in the View menu.
    QVERIFY(dock->isHidden());
    bool inViewMenu = false;
    for (QAction* menu : window.menuBar()->actions()) {
        if (menu->menu() && menu->menu()->actions().contains(dock->toggleViewAction()))
            inViewMenu = true;
    }
    QVERIFY(inViewMenu);

    // The sample export holds two dynamic profiles: the route pane lists
    // them, the timeline keeps the bottom. The View menu shows the fleet.
    QVERIFY(window.openFile(guitest::copyOfSample(m_dir, testpaths::sample(QStringLiteral("export.json")))));
    model::EditorDocument* doc = window.document();
    QCOMPARE(int(doc->dynamicProfiles().size()), 2);
    QVERIFY(dock->isHidden());
    FleetPane* pane = window.fleetPane();
    QCOMPARE(pane->model()->rowCount(), 0);  // nothing computed for a dock nobody sees
    dock->toggleViewAction()->trigger();
    QTRY_VERIFY(!dock->isHidden());
    QTRY_VERIFY(pane->isVisible());
    QTableView* view = pane->view();
    QCOMPARE(pane->proxy()->rowCount(), 2);
    QVERIFY2(pane->summary()->text().startsWith(QStringLiteral("2 profile")), qPrintable(pane->summary()->text()));
    // No database: no live routes column.
    QVERIFY(view->isColumnHidden(model::FleetModel::LiveRoutes));

    // Typed into the filter: the name matches.
    QTest::mouseClick(pane->filterEdit(), Qt::LeftButton);
    QTest::keyClicks(pane->filterEdit(), QStringLiteral("nightly"));
    QCOMPARE(pane->proxy()->rowCount(), 1);
    QVERIFY2(pane->summary()->text().startsWith(QStringLiteral("Showing 1 of 2 profile")),
        qPrintable(pane->summary()->text()));
    // And the id; a word in neither shows nothing.
    pane->filterEdit()->selectAll();
    QTest::keyClicks(pane->filterEdit(), QStringLiteral("dyn-main"));
    QCOMPARE(pane->proxy()->rowCount(), 1);
    pane->filterEdit()->selectAll();
    QTest::keyClicks(pane->filterEdit(), QStringLiteral("no such profile"));
    QCOMPARE(pane->proxy()->rowCount(), 0);
    pane->filterEdit()->selectAll();
    QTest::keyClick(pane->filterEdit(), Qt::Key_Backspace);
    QCOMPARE(pane->proxy()->rowCount(), 2);

    // A header click sorts by that column's numbers; a second click turns the order round.
    const int column = model::FleetModel::HoldHard;
    QVERIFY(sortValues(pane, column).first() != sortValues(pane, column).last());  // the sample's holds differ
    clickHeader(view, column);
    QCOMPARE(view->horizontalHeader()->sortIndicatorSection(), column);
    const Qt::SortOrder first = view->horizontalHeader()->sortIndicatorOrder();
    auto values = sortValues(pane, column);
    QVERIFY(first == Qt::AscendingOrder ? values.first() < values.last() : values.first() > values.last());
    clickHeader(view, column);
    QVERIFY(view->horizontalHeader()->sortIndicatorOrder() != first);
    values = sortValues(pane, column);
    QVERIFY(first == Qt::AscendingOrder ? values.first() > values.last() : values.first() < values.last());

    // The keyboard reaches the table from the filter with Tab, walks it with
    // the arrows, and Enter opens the row's profile in the editor.
    const int current = doc->currentProfile();
    pane->filterEdit()->setFocus();
    for (int i = 0; i < 4 && !view->hasFocus(); ++i)
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
    QVERIFY(view->hasFocus());
    // The row of the profile the editor shows is the current one; the other is a key away.
    QCOMPARE(view->currentIndex().data(model::FleetModel::ProfileIndexRole).toInt(), current);
    QTest::keyClick(view, view->currentIndex().row() == 0 ? Qt::Key_Down : Qt::Key_Up);
    const int chosen = view->currentIndex().data(model::FleetModel::ProfileIndexRole).toInt();
    QVERIFY(chosen != current);
    QTest::keyClick(view, Qt::Key_Return);
    QCOMPARE(doc->currentProfile(), chosen);
    // The route pane follows: its profile list shows the chosen profile.
    QCOMPARE(window.profileList()->currentIndex().data(model::ProfileListModel::ProfileIndexRole).toInt(), chosen);
    QVERIFY2(window.windowTitle().contains(doc->profileTitle(chosen)), qPrintable(window.windowTitle()));
}

void TestFleetOverview::liveRoutesFromADatabase()
{
    QTemporaryDir dir;
    Fixture fx(QStringLiteral("sqlite"), dir.path());
    QVERIFY(fx.ok);
    // Two routes running on dyn-current, none elsewhere.
    addWaitingRoute(fx);
    fx.routeState(QStringLiteral("s-2"), QStringLiteral("dyn-current"), QStringLiteral("claude-sonnet"),
        QStringLiteral("action_required"), QStringLiteral("{}"));
    MainWindow window;
    window.resize(1366, 768);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.openDatabase(fx.target));
    // A kandev database of several dynamic profiles is a fleet: its overview comes up, as a tab.
    QDockWidget* dock = fleetDock(window);
    QVERIFY(!dock->isHidden());
    dock->raise();
    FleetPane* pane = window.fleetPane();
    QTRY_VERIFY(pane->isVisible());
    QAbstractItemModelTester tester(pane->model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    const model::FleetModel* fleet = pane->model();
    QVERIFY(fleet->hasLiveRoutes());
    QVERIFY(fleet->rowCount() > 1);
    QVERIFY(!pane->view()->isColumnHidden(model::FleetModel::LiveRoutes));
    QVERIFY(pane->refreshButton()->isVisibleTo(pane));
    for (int row = 0; row < fleet->rowCount(); ++row) {
        const bool current = row == rowOf(pane, "dyn-current");
        QCOMPARE(fleet->index(row, model::FleetModel::LiveRoutes).data().toInt(), current ? 2 : 0);
    }
    // A third route appears on Refresh.
    fx.routeState(QStringLiteral("s-3"), QStringLiteral("dyn-current"), QStringLiteral("claude-sonnet"),
        QStringLiteral("action_required"), QStringLiteral("{}"));
    QTest::mouseClick(pane->refreshButton(), Qt::LeftButton);
    QCOMPARE(fleet->index(rowOf(pane, "dyn-current"), model::FleetModel::LiveRoutes).data().toInt(), 3);
}

void TestFleetOverview::noLiveRoutesColumnWithoutRouteState()
{
    QTemporaryDir dir;
    Fixture fx(QStringLiteral("sqlite"), dir.path());
    QVERIFY(fx.ok);
    fx.exec(QStringLiteral(
        "DELETE FROM dynamic_agent_routes WHERE dynamic_profile_id IN ('dyn-legacy', 'dyn-conflict', 'dyn-broken')"));
    for (const char* table : {"dynamic_route_attempts", "dynamic_route_states", "dynamic_resource_circuits"})
        QVERIFY(fx.exec(QStringLiteral("DROP TABLE %1").arg(QLatin1String(table))));
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.openDatabase(fx.target));
    fleetDock(window)->raise();
    FleetPane* pane = window.fleetPane();
    QTRY_VERIFY(pane->isVisible());
    QVERIFY(pane->model()->rowCount() > 1);
    QVERIFY(!pane->model()->hasLiveRoutes());
    QVERIFY(pane->view()->isColumnHidden(model::FleetModel::LiveRoutes));
    QVERIFY(!pane->model()->index(0, model::FleetModel::LiveRoutes).data().isValid());
}

// An export of ten dynamic profiles is a fleet too: the overview comes up,
// as a tab; it does not take the front.
void TestFleetOverview::manyProfilesShowTheFleet()
{
    QStringList profiles;
    for (int i = 0; i < int(window_sizes::kFleetOverviewProfiles); ++i)
        profiles << QStringLiteral(R"({"id":"dyn-%1","name":"Route %1","kind":"dynamic","enabled":true,)"
                                   R"("auto_fallback":false,"dynamic":{"version":1,"candidates":[]}})")
                        .arg(i);
    const QString path = m_dir.filePath(QStringLiteral("ten-profiles.json"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(QStringLiteral(R"({"profiles":[%1]})").arg(profiles.join(QLatin1Char(','))).toUtf8());
    file.close();
    MainWindow window;
    window.resize(1366, 768);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.openFile(path));
    QCOMPARE(window.document()->dynamicProfiles().size(), window_sizes::kFleetOverviewProfiles);
    QVERIFY(!fleetDock(window)->isHidden());
    // A tab of the timeline's group, not in front (there, the timeline or the validation's problems).
    QVERIFY(window.tabifiedDockWidgets(fleetDock(window))
                .contains(window.findChild<QDockWidget*>(QStringLiteral("timelineDock"))));
    QTest::qWait(50);
    QVERIFY(window.fleetPane()->visibleRegion().isEmpty());
}

// The first start on a 1366x768 laptop with the sample export and the fleet
// in front: every header and every cell reads whole. For the docs:
// POLICY_STUDIO_SCREENSHOT_DIR=docs writes fleet-overview-1366x768.png.
void TestFleetOverview::wholeAtLaptopSize()
{
    MainWindow window;
    window.resize(1366, 768);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    // A realistic house's rules beside the export: the violations column has something to say.
    const QString folder = m_dir.filePath(QStringLiteral("laptop"));
    QVERIFY(QDir().mkpath(folder));
    QVERIFY(QFile::copy(testpaths::sourceDir() + QStringLiteral("/examples/house-rules/policy-rules.json"),
        folder + QStringLiteral("/.policy-rules.json")));
    const QString document = folder + QStringLiteral("/export.json");
    QVERIFY(QFile::copy(testpaths::sample(QStringLiteral("export.json")), document));
    QFile::setPermissions(document, QFile::ReadOwner | QFile::WriteOwner);
    QVERIFY(window.openFile(document));
    QDockWidget* dock = fleetDock(window);
    dock->toggleViewAction()->trigger();
    FleetPane* pane = window.fleetPane();
    QTRY_VERIFY(pane->isVisible());
    QTest::qWait(200);  // the docks take the sizes a newly opened document gives them
    QTableView* view = pane->view();
    QHeaderView* header = view->horizontalHeader();
    const int margin = 2 * view->style()->pixelMetric(QStyle::PM_HeaderMargin, nullptr, header);
    for (int column = 0; column < model::FleetModel::ColumnCount; ++column) {
        if (view->isColumnHidden(column))
            continue;
        const QString title = pane->model()->headerData(column, Qt::Horizontal).toString();
        QVERIFY2(header->sectionSize(column) >= header->fontMetrics().horizontalAdvance(title) + margin,
            qPrintable(QStringLiteral("header \"%1\" is cut").arg(title)));
        for (int row = 0; row < pane->proxy()->rowCount(); ++row) {
            const QString text = pane->proxy()->index(row, column).data().toString();
            QVERIFY2(view->columnWidth(column) >= view->fontMetrics().horizontalAdvance(text),
                qPrintable(QStringLiteral("\"%1\" is cut").arg(text)));
        }
    }
    // Every column in sight, without scrolling sideways.
    QCOMPARE(view->horizontalScrollBar()->maximum(), 0);
    // The house's rules are the ones counted.
    bool counted = false;
    for (int row = 0; row < pane->proxy()->rowCount(); ++row)
        counted = counted
            || pane->proxy()
                   ->index(row, model::FleetModel::Violations)
                   .data(Qt::ToolTipRole)
                   .toString()
                   .contains(QStringLiteral("two-enabled"));
    QVERIFY(counted);
    if (const QString dir = qEnvironmentVariable("POLICY_STUDIO_SCREENSHOT_DIR"); !dir.isEmpty())
        QVERIFY(window.grab().save(dir + QStringLiteral("/fleet-overview-1366x768.png")));
}

QTEST_MAIN(TestFleetOverview)
#include "tst_fleet_overview.moc"
