// SPDX-License-Identifier: Apache-2.0
// The main window on the screens people have, measured rather than looked
// at: how many route rows a 1366x768 laptop shows, whether both class panels
// fit without scrolling at 1920x1080, that no dock drag squeezes the editor
// below its minimum, and that the timeline's axis stays while its lanes scroll.
#include "editor/candidate_editor.h"
#include "route/candidate_list_panel.h"
#include "editor/class_policy_panel.h"
#include "editor/switching_explanation.h"
#include "window/settings.h"
#include "window/main_window.h"
#include "route/route_pane.h"
#include "route/profile_settings_box.h"
#include "dialogs/review_changes_dialog.h"
#include "window/start_page.h"
#include "timeline/timeline_panel.h"
#include "timeline/timeline_view.h"

#include "model/candidate_list_model.h"
#include "model/commands.h"

#include "../common/gui_helpers.h"
#include "../common/test_paths.h"

#include "translations.h"

#include <QAbstractButton>
#include <QAbstractSpinBox>
#include <QCheckBox>
#include <QComboBox>
#include <QDockWidget>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScreen>
#include <QScopeGuard>
#include <QScrollArea>
#include <QScrollBar>
#include <QSettings>
#include <QTableView>
#include <QTreeView>
#include <QTemporaryDir>
#include <QWheelEvent>
#include <QtTest>

#include <functional>

using namespace gui;
using guitest::eventLoopAnswers;

class TestWindowLayout final : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void firstStartFitsTheScreen();
    void laptopShowsTheWholeRoute_data();
    void laptopShowsTheWholeRoute();
    void windowNeverGrowsPastTheScreen();
    void usableAt800x600_data();
    void usableAt800x600();
    void routeShowsSixRowsAt1366();
    void panelsFitSideBySideAt1920();
    void stackedPanelsScrollAtMostOnceAt1366();
    void editorNeverScrollsSideways_data();
    void editorNeverScrollsSideways();
    void editorKeepsItsMinimumAfterDockDrags_data();
    void editorKeepsItsMinimumAfterDockDrags();
    void timelineAxisStaysWhileLanesScroll();
    void warningsAreCountedInTheDockTitle();
    void helpersStartHiddenAndComeWhenAsked();
    void filterHidesCandidatesAndProfiles();
    void problemActivationShowsTheField();
    void newProfileFromTheStartPage();
    void exportIsNamedAndTitled();
    void layoutIsRemembered();
    void reviewChangesShowsWhatSavingWrites();

private:
    // A route of `count` candidates (the sample's first, repeated under other ids).
    QString longRoute(int count, bool withDisabled = false);
    QString copyOf(const QString& sample)
    {
        return guitest::copyOfSample(m_dir, testpaths::sample(sample));
    }
    static void showAt(MainWindow& window, const QSize& size);
    // Until the docks stop moving: a newly opened document sizes them once more.
    static void settle(MainWindow& window);
    static QScrollArea* editorScroll(MainWindow& window)
    {
        return window.findChild<QScrollArea*>(QStringLiteral("editorScroll"));
    }
    static QDockWidget* dock(MainWindow& window, const char* name)
    {
        return window.findChild<QDockWidget*>(QLatin1String(name));
    }
    // Every visible control of both class panels, with the rectangles they take in the editor's viewport.
    static QList<QWidget*> panelControls(MainWindow& window);
    // Installs the language of a data row: "en", "de", "zh_CN", ... or "pseudo" (marked, 35 % longer).
    static void installLanguage(const QString& language);
    QTemporaryDir m_dir;
};

namespace
{
// What a 1366x768 laptop leaves a maximized window: 768 less a title bar and a panel.
constexpr QSize kLaptopClient(1366, 700);
}  // namespace

void TestWindowLayout::installLanguage(const QString& language)
{
    QCOMPARE(i18n::install(language), language);
}

void TestWindowLayout::initTestCase()
{
    QVERIFY(m_dir.isValid());
    guitest::isolateSettings(m_dir, QStringLiteral("Policy Studio Layout Test"));
    i18n::install(QLocale(QLocale::English));
}

void TestWindowLayout::init()
{
    QSettings().clear();
}

QString TestWindowLayout::longRoute(int count, bool withDisabled)
{
    QFile sample(testpaths::sample(QStringLiteral("profile-v1.json")));
    if (!sample.open(QIODevice::ReadOnly))
        return {};
    QJsonObject doc = QJsonDocument::fromJson(sample.readAll()).object();
    const QJsonObject first = doc.value(QStringLiteral("candidates")).toArray().first().toObject();
    QJsonArray candidates;
    for (int i = 0; i < count; ++i) {
        QJsonObject c = first;
        c[QStringLiteral("position")] = i;
        c[QStringLiteral("execution_profile_id")] = QStringLiteral("agent-profile-with-a-long-name-%1").arg(i);
        if (withDisabled && i == 1)
            c[QStringLiteral("enabled")] = false;
        candidates.append(c);
    }
    doc[QStringLiteral("candidates")] = candidates;
    const QString path = m_dir.filePath(QStringLiteral("route-%1.json").arg(count));
    QFile out(path);
    if (!out.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return {};
    out.write(QJsonDocument(doc).toJson());
    return path;
}

void TestWindowLayout::showAt(MainWindow& window, const QSize& size)
{
    window.resize(size);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(eventLoopAnswers());
}

void TestWindowLayout::settle(MainWindow& window)
{
    QRect before;
    for (int round = 0; round < 20; ++round) {
        QVERIFY(eventLoopAnswers());
        QTest::qWait(20);
        const QRect now = window.centralWidget()->geometry();
        if (now == before)
            return;
        before = now;
    }
}

QList<QWidget*> TestWindowLayout::panelControls(MainWindow& window)
{
    QList<QWidget*> controls;
    for (ClassPolicyPanel* panel :
        {window.candidateEditor()->transientPanel(), window.candidateEditor()->hardPanel()}) {
        for (QWidget* w : panel->findChildren<QWidget*>()) {
            const bool control = qobject_cast<QAbstractButton*>(w) || qobject_cast<QAbstractSpinBox*>(w)
                || qobject_cast<QComboBox*>(w);
            if (control && w->isVisibleTo(panel) && !qobject_cast<QAbstractSpinBox*>(w->parentWidget()))
                controls << w;
        }
    }
    return controls;
}

void TestWindowLayout::firstStartFitsTheScreen()
{
    MainWindow window;
    const QRect available = window.screen()->availableGeometry();
    QVERIFY(window.width() <= available.width());
    QVERIFY(window.height() <= available.height());
    QVERIFY(window.width() >= std::min(available.width() * 9 / 10, 1400));
}

void TestWindowLayout::laptopShowsTheWholeRoute_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<bool>("explained");  // every explanation opened (and remembered) before
    for (const char* language : {"en", "de", "pt_PT", "zh_CN", "zh_HK", "zh_TW", "pseudo"})
        QTest::newRow(language) << QString::fromLatin1(language) << false;
    for (const char* language : {"en", "de"})
        QTest::addRow("%s, explanations open", language) << QString::fromLatin1(language) << true;
}

// The first start on a 1366x768 laptop, with the sample export and every
// section of both class panels switched on: each lane of the route and its
// outcome are in view in the timeline, and no panel control needs scrolling.
void TestWindowLayout::laptopShowsTheWholeRoute()
{
    QFETCH(QString, language);
    QFETCH(bool, explained);
    installLanguage(language);
    const auto english = qScopeGuard([] { installLanguage(QStringLiteral("en")); });
    for (const Setting<bool>* open :
        {&settings::explainTransientErrors, &settings::explainHardErrors, &settings::explainSwitching})
        open->setValue(explained);
    MainWindow window;
    showAt(window, kLaptopClient);
    QVERIFY(window.openFile(copyOf(QStringLiteral("export.json"))));
    settle(window);
    QCOMPARE(window.size(), kLaptopClient);
    QCOMPARE(window.candidateEditor()->transientPanel()->explanationLabel()->isVisible(), explained);
    QCOMPARE(window.candidateEditor()->switchingExplanation()->text()->isVisible(), explained);
    // Every section on, by clicks on the switches, as a person does.
    for (ClassPolicyPanel* panel :
        {window.candidateEditor()->transientPanel(), window.candidateEditor()->hardPanel()}) {
        for (QCheckBox* box : {panel->retrySwitch(), panel->waitSwitch()}) {
            if (!box->isChecked())
                QTest::mouseClick(box, Qt::LeftButton, {}, QPoint(box->height() / 2, box->height() / 2));
            QVERIFY(box->isChecked());
        }
    }
    settle(window);
    QScrollArea* scroll = editorScroll(window);
    // Explanations opened to be read scroll with the editor; the timeline keeps its lanes.
    if (!explained)
        QVERIFY2(scroll->verticalScrollBar()->maximum() == 0,
            qPrintable(QStringLiteral("the editor scrolls by %1 px").arg(scroll->verticalScrollBar()->maximum())));
    for (QWidget* w : explained ? QList<QWidget*> {} : panelControls(window)) {
        const QRect r(w->mapTo(scroll->viewport(), QPoint(0, 0)), w->size());
        QVERIFY2(scroll->viewport()->rect().contains(r),
            qPrintable(QStringLiteral("%1 \"%2\" at %3,%4 %5x%6 lies outside the editor's %7 px")
                           .arg(w->metaObject()->className(), w->accessibleName())
                           .arg(r.x())
                           .arg(r.y())
                           .arg(r.width())
                           .arg(r.height())
                           .arg(scroll->viewport()->height())));
    }
    TimelinePanel* timeline = window.timelinePanel();
    QVERIFY(timeline->view()->isVisible());
    const int lanes = timeline->view()->laneCount();
    QCOMPARE(lanes, window.document()->candidateCount() + (timeline->view()->hasEndRow() ? 1 : 0));
    int visible = 0;
    for (int lane = 0; lane < lanes; ++lane) {
        const QRect r = timeline->view()->laneRect(lane);
        if (timeline->lanesArea()->viewport()->rect().contains(
                QRect(timeline->view()->mapTo(timeline->lanesArea()->viewport(), r.topLeft()), r.size())))
            ++visible;
    }
    if (const QString dir = qEnvironmentVariable("POLICY_STUDIO_LAYOUT_DIR"); !dir.isEmpty())
        window.grab().save(QStringLiteral("%1/laptop-%2%3.png")
                               .arg(dir, language, explained ? QStringLiteral("-explained") : QString()));
    qInfo("%s: %d of %d lanes visible, editor %d px, timeline dock %d px", qPrintable(language), visible, lanes,
        scroll->viewport()->height(), dock(window, "timelineDock")->height());
    // With explanations open the editor scrolls, and their text, measured
    // before the window is laid out, may come out a line off: a lane may go
    // to the timeline's scroll bar then, never more.
    if (explained)
        QVERIFY2(visible >= lanes - 1, qPrintable(QStringLiteral("%1 of %2 lanes").arg(visible).arg(lanes)));
    else
        QCOMPARE(visible, lanes);
    // The legend and the totals under the picture are whole too.
    for (QWidget* w : std::initializer_list<QWidget*> {timeline->legend(), timeline->totalsLabel()}) {
        QVERIFY(w->isVisible());
        QCOMPARE(w->visibleRegion().boundingRect(), w->rect());
        QVERIFY2(w->height() >= w->heightForWidth(w->width()), qPrintable(w->metaObject()->className()));
    }
}

// A dock that appears (Validation, with the first problem) never makes the
// window taller than the screen: the docks share the room there is.
void TestWindowLayout::windowNeverGrowsPastTheScreen()
{
    MainWindow window;
    showAt(window, kLaptopClient);
    QVERIFY(window.openFile(copyOf(QStringLiteral("export.json"))));
    settle(window);
    QDockWidget* validation = dock(window, "validationDock");
    QVERIFY(!validation->isVisible());
    // A problem: the first retry after 0 s.
    guitest::typeValue(window.candidateEditor()->transientPanel()->maxRetriesBox(), 0);
    QTRY_VERIFY(validation->isVisible());
    settle(window);
    QCOMPARE(window.size(), kLaptopClient);
    QVERIFY2(window.minimumSizeHint().height() <= kLaptopClient.height(),
        qPrintable(QString::number(window.minimumSizeHint().height())));
}

void TestWindowLayout::usableAt800x600_data()
{
    QTest::addColumn<QString>("language");
    for (const char* language : {"en", "de", "pseudo"})
        QTest::newRow(language) << QString::fromLatin1(language);
}

// The smallest screen we support: the window fits 800x600 with its docks
// open, and the route keeps its candidates' names whole.
void TestWindowLayout::usableAt800x600()
{
    QFETCH(QString, language);
    installLanguage(language);
    const auto english = qScopeGuard([] { installLanguage(QStringLiteral("en")); });
    MainWindow window;
    showAt(window, QSize(800, 600));
    QVERIFY(window.openFile(copyOf(QStringLiteral("export.json"))));
    settle(window);
    const QSize minimum = window.minimumSizeHint().expandedTo(window.minimumSize());
    qInfo("%s: smallest window %dx%d", qPrintable(language), minimum.width(), minimum.height());
    QVERIFY2(minimum.width() <= 800 && minimum.height() <= 600,
        qPrintable(QStringLiteral("%1x%2").arg(minimum.width()).arg(minimum.height())));
    QCOMPARE(window.size(), QSize(800, 600));
    QVERIFY(dock(window, "routeDock")->isVisible());
    QVERIFY(editorScroll(window)->isVisible());
    QTableView* view = window.candidateList()->view();
    QFont bold = view->font();
    bold.setBold(true);
    const QFontMetrics fm(bold);
    for (int row = 0; row < view->model()->rowCount(); ++row) {
        const QModelIndex name = view->model()->index(row, model::CandidateListModel::NameColumn);
        const QString shown = QStringLiteral("%1. %2").arg(row).arg(window.document()->candidateName(row));
        QVERIFY2(view->visualRect(name).width() >= fm.horizontalAdvance(shown) + 8,
            qPrintable(QStringLiteral("\"%1\" in %2 px").arg(shown).arg(view->visualRect(name).width())));
    }
}

void TestWindowLayout::routeShowsSixRowsAt1366()
{
    MainWindow window;
    showAt(window, QSize(1366, 768));
    QVERIFY(window.openFile(longRoute(12)));
    settle(window);
    QTableView* view = window.candidateList()->view();
    QVERIFY(view->isVisible());
    int fullyVisible = 0;
    for (int row = 0; row < view->model()->rowCount(); ++row) {
        const QRect r = view->visualRect(view->model()->index(row, model::CandidateListModel::NameColumn));
        if (view->viewport()->rect().contains(r))
            ++fullyVisible;
    }
    if (const QString dir = qEnvironmentVariable("POLICY_STUDIO_LAYOUT_DIR"); !dir.isEmpty())
        window.grab().save(dir + QStringLiteral("/route-rows.png"));
    QVERIFY2(fullyVisible >= 6, qPrintable(QStringLiteral("%1 route rows visible").arg(fullyVisible)));
}

void TestWindowLayout::panelsFitSideBySideAt1920()
{
    MainWindow window;
    showAt(window, QSize(1920, 1080));
    QVERIFY(window.openFile(copyOf(QStringLiteral("profile-v1.json"))));
    QVERIFY(eventLoopAnswers());
    QVERIFY(window.candidateEditor()->panelsSideBySide());
    QScrollArea* scroll = editorScroll(window);
    const QList<QWidget*> controls = panelControls(window);
    QVERIFY(controls.size() >= 14);  // two panels: retry, max, interval, unit, wait, max wait, unit, skip, stop, toggle
    // Each panel's controls take about 300 px of height.
    for (ClassPolicyPanel* panel : {window.candidateEditor()->transientPanel(), window.candidateEditor()->hardPanel()})
        QVERIFY2(panel->height() <= 320, qPrintable(QString::number(panel->height())));
    for (QWidget* w : controls) {
        const QRect r(w->mapTo(scroll->viewport(), QPoint(0, 0)), w->size());
        QVERIFY2(scroll->viewport()->rect().contains(r),
            qPrintable(QStringLiteral("%1 %2 lies outside the editor")
                           .arg(w->metaObject()->className(), w->accessibleName())));
    }
}

void TestWindowLayout::editorNeverScrollsSideways_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<int>("width");
    for (const char* language : {"en", "de", "pt_PT", "zh_CN", "zh_HK", "zh_TW", "pseudo"}) {
        for (const int width : {1366, 1920})
            QTest::addRow("%s, %d", language, width) << QString::fromLatin1(language) << width;
    }
}

// The panels stand side by side only when both fit whole, in the language shown;
// otherwise they stack. The editor never needs a horizontal scroll bar.
void TestWindowLayout::editorNeverScrollsSideways()
{
    QFETCH(QString, language);
    QFETCH(int, width);
    installLanguage(language);
    const auto english = qScopeGuard([] { installLanguage(QStringLiteral("en")); });
    MainWindow window;
    showAt(window, QSize(width, width == 1366 ? 768 : 1080));
    QVERIFY(window.openFile(copyOf(QStringLiteral("export.json"))));
    settle(window);
    QScrollArea* scroll = editorScroll(window);
    QVERIFY2(!scroll->horizontalScrollBar()->isVisible(),
        qPrintable(QStringLiteral("the editor scrolls sideways: %1 px of content in %2 px")
                       .arg(scroll->widget()->width())
                       .arg(scroll->viewport()->width())));
    for (ClassPolicyPanel* panel :
        {window.candidateEditor()->transientPanel(), window.candidateEditor()->hardPanel()}) {
        const QRect r(panel->mapTo(scroll->viewport(), QPoint(0, 0)), panel->size());
        QVERIFY2(r.right() <= scroll->viewport()->width(), qPrintable(panel->objectName()));
    }
}

void TestWindowLayout::stackedPanelsScrollAtMostOnceAt1366()
{
    MainWindow window;
    showAt(window, QSize(1366, 768));
    QVERIFY(window.openFile(copyOf(QStringLiteral("profile-v1.json"))));
    settle(window);
    // A wide route dock leaves the editor too narrow for two panels side by side.
    window.resizeDocks({dock(window, "routeDock")}, {700}, Qt::Horizontal);
    QVERIFY(eventLoopAnswers());
    QTRY_VERIFY(!window.candidateEditor()->panelsSideBySide());
    QScrollArea* scroll = editorScroll(window);
    // One page down shows the rest: the content is at most two viewports high.
    QVERIFY2(scroll->verticalScrollBar()->maximum() <= scroll->viewport()->height(),
        qPrintable(QStringLiteral("content %1 px beyond a %2 px view")
                       .arg(scroll->verticalScrollBar()->maximum())
                       .arg(scroll->viewport()->height())));
    // And Page Down gets there: every control is in view at the top or after one page.
    const QList<QWidget*> controls = panelControls(window);
    QWidget* last = controls.last();
    scroll->verticalScrollBar()->triggerAction(QAbstractSlider::SliderPageStepAdd);
    QVERIFY(eventLoopAnswers());
    const QRect r(last->mapTo(scroll->viewport(), QPoint(0, 0)), last->size());
    QVERIFY(scroll->viewport()->rect().contains(r));
}

void TestWindowLayout::editorKeepsItsMinimumAfterDockDrags_data()
{
    QTest::addColumn<QSize>("screen");
    QTest::newRow("1366x768") << QSize(1366, 768);
    QTest::newRow("1920x1080") << QSize(1920, 1080);
}

void TestWindowLayout::editorKeepsItsMinimumAfterDockDrags()
{
    QFETCH(QSize, screen);
    MainWindow window;
    showAt(window, screen);
    QVERIFY(window.openFile(copyOf(QStringLiteral("profile-v1.json"))));
    settle(window);
    QScrollArea* scroll = editorScroll(window);
    QDockWidget* route = dock(window, "routeDock");
    QDockWidget* timeline = dock(window, "timelineDock");
    // Drag each separator with the mouse as far as it goes: the route's to
    // the right edge, the timeline's to the top.
    // Through the window, as the platform delivers them: separators are not widgets.
    QWindow* handle = window.windowHandle();
    const auto drag = [&](QPoint from, QPoint to) {
        QTest::mouseMove(handle, from);
        QTest::mousePress(handle, Qt::LeftButton, {}, from);
        for (int i = 1; i <= 10; ++i)
            QTest::mouseMove(handle, from + (to - from) * i / 10);
        QTest::mouseRelease(handle, Qt::LeftButton, {}, to);
        QVERIFY(eventLoopAnswers());
    };
    const int routeRight = route->geometry().right();
    const QPoint routeSeparator(routeRight + 2, route->geometry().center().y());
    const int routeBefore = route->width();
    drag(routeSeparator, QPoint(window.width() - 5, routeSeparator.y()));
    QVERIFY2(route->width() > routeBefore, "the route's separator did not move");  // the drag reached it
    const QPoint timelineSeparator(timeline->geometry().center().x(), timeline->geometry().top() - 2);
    const int timelineBefore = timeline->height();
    drag(timelineSeparator, QPoint(timelineSeparator.x(), 5));
    QVERIFY2(timeline->height() > timelineBefore, "the timeline's separator did not move");
    QVERIFY2(scroll->width() >= MainWindow::kEditorMinimumSize.width(), qPrintable(QString::number(scroll->width())));
    QVERIFY2(
        scroll->height() >= MainWindow::kEditorMinimumSize.height(), qPrintable(QString::number(scroll->height())));
    // The same by the API the separators use, with sizes no screen can give.
    window.resizeDocks({route}, {5000}, Qt::Horizontal);
    window.resizeDocks({timeline}, {5000}, Qt::Vertical);
    QVERIFY(eventLoopAnswers());
    QVERIFY(scroll->width() >= MainWindow::kEditorMinimumSize.width());
    QVERIFY(scroll->height() >= MainWindow::kEditorMinimumSize.height());
    QVERIFY(scroll->isVisible());
}

void TestWindowLayout::timelineAxisStaysWhileLanesScroll()
{
    MainWindow window;
    showAt(window, QSize(1366, 768));
    QVERIFY(window.openFile(longRoute(12)));
    settle(window);
    TimelinePanel* panel = window.timelinePanel();
    QScrollArea* lanes = panel->lanesArea();
    QVERIFY(lanes->verticalScrollBar()->maximum() > 0);  // twelve lanes do not fit
    QWidget* axis = panel->axis();
    const QPoint axisBefore = axis->mapTo(&window, QPoint(0, 0));
    const QPoint viewBefore = panel->view()->mapTo(&window, QPoint(0, 0));
    // Scroll the lanes with the wheel, as a user would.
    const QPointF pos(lanes->viewport()->width() / 2.0, lanes->viewport()->height() / 2.0);
    QWheelEvent wheel(pos, lanes->viewport()->mapToGlobal(pos), QPoint(), QPoint(0, -360), Qt::NoButton, Qt::NoModifier,
        Qt::NoScrollPhase, false);
    QApplication::sendEvent(lanes->viewport(), &wheel);
    QVERIFY(eventLoopAnswers());
    QVERIFY(lanes->verticalScrollBar()->value() > 0);
    QVERIFY(panel->view()->mapTo(&window, QPoint(0, 0)).y() < viewBefore.y());  // the lanes moved
    QCOMPARE(axis->mapTo(&window, QPoint(0, 0)), axisBefore);  // the axis did not
    QVERIFY(axis->isVisible());
    QVERIFY(!axis->visibleRegion().isEmpty());
    QVERIFY(axis->height() > 0);
    // And the legend explains every shape the picture uses.
    QVERIFY(panel->legend()->isVisible());
    QList<policy::EventKind> explained;
    for (const auto& entry : TimelineView::legendEntries())
        explained.append(entry.first);
    for (const policy::EventKind kind :
        {policy::EventKind::Attempt, policy::EventKind::RetryWait, policy::EventKind::WaitForReset,
            policy::EventKind::Skip, policy::EventKind::Stop, policy::EventKind::Success, policy::EventKind::Exhausted,
            policy::EventKind::ConfigError, policy::EventKind::CircuitOpen})
        QVERIFY2(explained.contains(kind), policy::eventKindName(kind).data());
}

void TestWindowLayout::warningsAreCountedInTheDockTitle()
{
    MainWindow window;
    showAt(window, QSize(1366, 768));
    QVERIFY(window.openFile(longRoute(4, true)));  // candidate 1 is disabled: a warning
    QVERIFY(eventLoopAnswers());
    QDockWidget* timeline = dock(window, "timelineDock");
    const int warnings = window.timelinePanel()->warningsList()->count();
    QVERIFY(warnings >= 1);
    QCOMPARE(window.timelinePanel()->warningCount(), warnings);
    QVERIFY2(timeline->windowTitle().contains(QStringLiteral("%1 warning").arg(warnings)),
        qPrintable(timeline->windowTitle()));
    // Enabling it again (a click on its check) takes the warning away.
    QTableView* view = window.candidateList()->view();
    QStyleOptionViewItem option;
    option.initFrom(view->viewport());
    option.rect = view->visualRect(view->model()->index(1, model::CandidateListModel::EnabledColumn));
    option.features = QStyleOptionViewItem::HasCheckIndicator;
    const QRect check = view->style()->subElementRect(QStyle::SE_ItemViewItemCheckIndicator, &option, view);
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, check.center());
    QTRY_VERIFY(window.timelinePanel()->warningsList()->count() < warnings);
    if (window.timelinePanel()->warningsList()->count() == 0)
        QCOMPARE(timeline->windowTitle(), QStringLiteral("Timeline"));
}

void TestWindowLayout::helpersStartHiddenAndComeWhenAsked()
{
    MainWindow window;
    showAt(window, QSize(1366, 768));
    QVERIFY(!dock(window, "routeDock")->isVisible());  // the start page needs no route
    QVERIFY(window.openFile(copyOf(QStringLiteral("profile-v1.json"))));
    QVERIFY(eventLoopAnswers());
    QVERIFY(dock(window, "routeDock")->isVisible());
    QVERIFY(dock(window, "timelineDock")->isVisible());
    for (const char* name : {"validationDock", "whatHappensDock", "tryErrorDock", "undoDock"})
        QVERIFY2(!dock(window, name)->isVisible(), name);
    dock(window, "tryErrorDock")->toggleViewAction()->trigger();
    QTRY_VERIFY(dock(window, "tryErrorDock")->isVisible());
    // It joins the timeline's tab group instead of taking the editor's room.
    QVERIFY(window.tabifiedDockWidgets(dock(window, "timelineDock")).contains(dock(window, "tryErrorDock")));
}

void TestWindowLayout::filterHidesCandidatesAndProfiles()
{
    MainWindow window;
    showAt(window, QSize(1366, 768));
    QVERIFY(window.openFile(longRoute(12)));
    QVERIFY(eventLoopAnswers());
    QLineEdit* filter = window.routePane()->filterEdit();
    QTableView* view = window.candidateList()->view();
    filter->setFocus();
    QTest::keyClicks(filter, QStringLiteral("NAME-1"));  // 1, 10, 11: case does not matter
    int shown = 0;
    for (int row = 0; row < view->model()->rowCount(); ++row)
        shown += view->isRowHidden(row) ? 0 : 1;
    // The three that match, and the candidate being edited, which the filter never hides.
    QCOMPARE(shown, 4);
    QVERIFY(!view->isRowHidden(window.candidateList()->currentRow()));
    QVERIFY(!view->isRowHidden(10));
    QVERIFY(view->isRowHidden(2));
    QTest::keyClick(filter, Qt::Key_A, Qt::ControlModifier);
    QTest::keyClick(filter, Qt::Key_Backspace);
    for (int row = 0; row < view->model()->rowCount(); ++row)
        QVERIFY(!view->isRowHidden(row));

    // An export with several profiles: the list shows, and the filter narrows it.
    QVERIFY(window.openFile(copyOf(QStringLiteral("export.json"))));
    QVERIFY(eventLoopAnswers());
    QListView* profiles = window.profileList();
    QVERIFY(profiles->isVisible());
    const int all = profiles->model()->rowCount();
    QVERIFY(all > 1);
    const QString first = profiles->model()->index(0, 0).data().toString();
    QTest::keyClicks(filter, first);
    QVERIFY(profiles->model()->rowCount() >= 1);
    QVERIFY(profiles->model()->rowCount() < all);
}

void TestWindowLayout::problemActivationShowsTheField()
{
    MainWindow window;
    showAt(window, QSize(1366, 768));
    // Candidate 2 retries hard errors 0 times while retry is on: a problem on a field.
    QFile sample(testpaths::sample(QStringLiteral("profile-v1.json")));
    QVERIFY(sample.open(QIODevice::ReadOnly));
    QJsonObject doc = QJsonDocument::fromJson(sample.readAll()).object();
    QJsonArray candidates = doc[QStringLiteral("candidates")].toArray();
    QJsonObject c = candidates[2].toObject();
    QJsonObject policies = c[QStringLiteral("policies")].toObject();
    QJsonObject hard = policies[QStringLiteral("hard")].toObject();
    hard[QStringLiteral("retry")] = QJsonObject {{QStringLiteral("enabled"), true}, {QStringLiteral("max_retries"), 0},
        {QStringLiteral("initial_interval_seconds"), 30}};
    policies[QStringLiteral("hard")] = hard;
    c[QStringLiteral("policies")] = policies;
    candidates[2] = c;
    doc[QStringLiteral("candidates")] = candidates;
    const QString path = m_dir.filePath(QStringLiteral("problem.json"));
    QFile out(path);
    QVERIFY(out.open(QIODevice::WriteOnly | QIODevice::Truncate));
    out.write(QJsonDocument(doc).toJson());
    out.close();
    QVERIFY(window.openFile(path));
    QVERIFY(eventLoopAnswers());
    QTRY_VERIFY(dock(window, "validationDock")->isVisible());  // the first problems bring it forward
    // A filter that hides the candidate gives way when the problem is activated.
    QTest::keyClicks(window.routePane()->filterEdit(), QStringLiteral("claude"));
    QVERIFY(window.candidateList()->view()->isRowHidden(2));
    auto* problems = dock(window, "validationDock")->findChild<QTreeView*>();
    QVERIFY(problems && problems->model()->rowCount() >= 1);
    // Keyboard activation: the list has focus, Return opens the problem.
    problems->setFocus();
    problems->setCurrentIndex(problems->model()->index(0, 0));
    QTest::keyClick(problems, Qt::Key_Return);
    QVERIFY(eventLoopAnswers());
    QCOMPARE(window.candidateList()->currentRow(), 2);
    QVERIFY(!window.candidateList()->view()->isRowHidden(2));
    QWidget* focus = QApplication::focusWidget();
    QVERIFY(focus && window.candidateEditor()->hardPanel()->isAncestorOf(focus));
    QScrollArea* scroll = editorScroll(window);
    const QRect r(focus->mapTo(scroll->viewport(), QPoint(0, 0)), focus->size());
    QVERIFY(scroll->viewport()->rect().intersects(r));
}

void TestWindowLayout::newProfileFromTheStartPage()
{
    MainWindow window;
    showAt(window, QSize(1366, 768));
    QTest::mouseClick(window.startPage()->newProfileButton(), Qt::LeftButton);
    model::EditorDocument* doc = window.document();
    QVERIFY(doc);
    QCOMPARE(doc->candidateCount(), 0);
    QVERIFY(!doc->allIssues().empty());  // a profile needs a candidate; Validation says so
    QVERIFY(window.candidateList()->addAction()->isEnabled());
    doc->undoStack()->push(new model::InsertCandidateCommand(
        doc, 0, model::newCandidate("claude-sonnet"), QStringLiteral("claude-sonnet")));
    // kandev requires a name: typed into the Route dock's field, the last problem goes.
    QCOMPARE(doc->allIssues().size(), std::size_t(1));
    QLineEdit* name = window.routePane()->profileSettings()->nameEdit();
    QVERIFY(name->isVisible());
    name->setFocus();
    QTest::keyClicks(name, QStringLiteral("Weekend"));
    QVERIFY(doc->allIssues().empty());
    const QString path = m_dir.filePath(QStringLiteral("new-profile.json"));
    QVERIFY(doc->saveAs(path).ok);
    MainWindow again;
    QVERIFY(again.openFile(path));
    QCOMPARE(again.document()->candidateCount(), 1);
    QCOMPARE(again.document()->profileTitle(again.document()->currentProfile()), QStringLiteral("Weekend"));
    QVERIFY(again.document()->candidate(0).policies);  // kandev's defaults, versioned
}

void TestWindowLayout::exportIsNamedAndTitled()
{
    MainWindow window;
    showAt(window, QSize(1366, 768));
    QVERIFY(window.openFile(copyOf(QStringLiteral("export.json"))));
    TimelinePanel* panel = window.timelinePanel();
    QCOMPARE(panel->defaultExportName(),
        QStringLiteral("timeline-main-route-capacity-error-before-output-every-attempt.svg"));
    const QString svg = m_dir.filePath(QStringLiteral("t.svg"));
    QVERIFY(panel->view()->exportSvg(svg));
    QFile f(svg);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(f.readAll());
    QVERIFY(text.contains(QStringLiteral("Main route — Capacity error before output, every attempt — ")));
    // The legend came along, with the shapes this picture uses: retries, no reset waits.
    QVERIFY(text.contains(QStringLiteral("retry wait")));
    QVERIFY(!text.contains(QStringLiteral("reset wait")));
    // No focus frame in a picture: focusing an event on screen leaves the export unchanged.
    panel->view()->setFocusedEvent(1);
    QVERIFY(panel->view()->exportSvg(svg));
    QFile g(svg);
    QVERIFY(g.open(QIODevice::ReadOnly));
    QCOMPARE(QString::fromUtf8(g.readAll()).count(QStringLiteral("stroke-dasharray")),
        text.count(QStringLiteral("stroke-dasharray")));
}

void TestWindowLayout::layoutIsRemembered()
{
    int routeWidth = 0;
    {
        MainWindow window;
        showAt(window, QSize(1366, 768));
        QVERIFY(window.openFile(copyOf(QStringLiteral("profile-v1.json"))));
        settle(window);
        window.resizeDocks({dock(window, "routeDock")}, {420}, Qt::Horizontal);
        dock(window, "undoDock")->show();
        settle(window);
        routeWidth = dock(window, "routeDock")->width();
        window.close();
    }
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.openFile(copyOf(QStringLiteral("profile-v1.json"))));
    settle(window);
    QVERIFY(dock(window, "undoDock")->isVisible());
    QVERIFY2(std::abs(dock(window, "routeDock")->width() - routeWidth) <= 8,
        qPrintable(QStringLiteral("%1 then %2").arg(routeWidth).arg(dock(window, "routeDock")->width())));
}

void TestWindowLayout::reviewChangesShowsWhatSavingWrites()
{
    MainWindow window;
    showAt(window, QSize(1366, 768));
    const QString path = copyOf(QStringLiteral("profile-v1.json"));
    QVERIFY(window.openFile(path));
    guitest::typeValue(window.candidateEditor()->transientPanel()->maxRetriesBox(), 4);
    QTest::keyClick(window.candidateList()->view(), Qt::Key_Down, Qt::AltModifier);  // claude-sonnet to 1
    const auto review = [&] {
        QString text;
        QTimer::singleShot(0, [&] {
            const std::function<void()> look = [&] {
                auto* dialog = qobject_cast<ReviewChangesDialog*>(QApplication::activeModalWidget());
                if (!dialog) {
                    QTimer::singleShot(10, look);
                    return;
                }
                text = dialog->text()->toPlainText();
                dialog->reject();
            };
            look();
        });
        window.reviewChangesAction()->trigger();
        return text;
    };
    const QString changes = review();
    QVERIFY2(changes.contains(
                 QStringLiteral("candidate claude-sonnet moved from 0 to 1\n    transient.retry.max_retries: 3 -> 4")),
        qPrintable(changes));
    QVERIFY(changes.contains(QStringLiteral("candidate codex-gpt5 moved from 1 to 0")));
    QVERIFY(window.document()->saveAs(path).ok);
    QCOMPARE(review(), QStringLiteral("no differences\n"));
    // A document that names its agent profiles: the review names candidates as the route does, with their ids.
    QVERIFY(window.openFile(copyOf(QStringLiteral("export.json"))));
    guitest::typeValue(window.candidateEditor()->transientPanel()->maxRetriesBox(), 4);
    const QString named = review();
    QVERIFY2(named.contains(QStringLiteral(
                 "candidate Claude Sonnet (frontier) (claude-sonnet)\n    transient.retry.max_retries: 3 -> 4")),
        qPrintable(named));
}

QTEST_MAIN(TestWindowLayout)
#include "tst_window_layout.moc"
