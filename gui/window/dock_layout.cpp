// SPDX-License-Identifier: Apache-2.0
#include "window/dock_layout.h"

#include "editor/candidate_editor.h"
#include "panels/fleet_pane.h"
#include "panels/live_routes_pane.h"
#include "route/route_pane.h"
#include "timeline/timeline_panel.h"
#include "window/settings.h"
#include "window/window_sizes.h"

#include <QAction>
#include <QAbstractScrollArea>
#include <QDockWidget>
#include <QLayout>
#include <QStyle>
#include <QMainWindow>
#include <QScreen>
#include <QScrollArea>
#include <QTimer>
#include <QToolBar>

#include <algorithm>

namespace gui
{

namespace
{

// Raises a dock over its tab siblings and focuses its first control, once it is shown.
void bringForward(QDockWidget* dock)
{
    dock->raise();
    QTimer::singleShot(0, dock, [dock] {
        for (QWidget* w = dock->nextInFocusChain(); w != dock; w = w->nextInFocusChain()) {
            if (dock->isAncestorOf(w) && (w->focusPolicy() & Qt::TabFocus) && w->isVisible() && w->isEnabled()) {
                w->setFocus(Qt::OtherFocusReason);
                return;
            }
        }
    });
}
}  // namespace

DockLayout::DockLayout(QMainWindow* window, const Panes& panes, const CandidateEditor* editor, QToolBar* toolBar)
    : QObject(window)
    , m_window(window)
    , m_route(panes.route)
    , m_timeline(panes.timeline)
    , m_editor(editor)
    , m_toolBar(toolBar)
{
    // The route stands left of the editor; the timeline and the helpers share
    // the bottom in tabs, across the whole width (a picture wants width, and
    // the controls above it then keep to one row), or the right on a wide screen.
    window->setCorner(Qt::BottomLeftCorner, Qt::BottomDockWidgetArea);
    window->setCorner(Qt::TopLeftCorner, Qt::LeftDockWidgetArea);
    window->setDockOptions(window->dockOptions() | QMainWindow::GroupedDragging);
    addDock(DockRole::Route, tr("Route"), "routeDock", panes.route, Qt::LeftDockWidgetArea);
    QDockWidget* timeline
        = addDock(DockRole::Timeline, tr("Timeline"), "timelineDock", panes.timeline, Qt::BottomDockWidgetArea);
    connect(panes.timeline, &TimelinePanel::warningCountChanged, timeline, [timeline](int warnings) {
        timeline->setWindowTitle(warnings > 0 ? tr("Timeline — %n warning(s)", nullptr, warnings) : tr("Timeline"));
    });
    // Outside the resize that found the lanes short.
    connect(panes.timeline, &TimelinePanel::lanesNeedRoom, this, &DockLayout::lendSpareRoomToTimeline,
        Qt::QueuedConnection);
    addDock(DockRole::Validation, tr("Validation"), "validationDock", panes.validation, Qt::BottomDockWidgetArea);
    // Scrollable, so that the shared area can stay low.
    auto* whatScroll = new QScrollArea(window);
    whatScroll->setWidget(panes.whatHappens);
    whatScroll->setWidgetResizable(true);
    whatScroll->setFrameShape(QFrame::NoFrame);
    whatScroll->setAccessibleName(tr("What Happens If…"));
    whatScroll->setFocusPolicy(Qt::NoFocus);  // as the editor's: its fields are the stops
    addDock(DockRole::WhatHappens, tr("What Happens If…"), "whatHappensDock", whatScroll, Qt::BottomDockWidgetArea);
    addDock(DockRole::TryError, tr("Try an Error"), "tryErrorDock", panes.tryError, Qt::BottomDockWidgetArea);
    addDock(DockRole::UndoHistory, tr("Undo History"), "undoDock", panes.undoHistory, Qt::BottomDockWidgetArea);
    QDockWidget* live = addDock(
        DockRole::LiveRoutes, tr("Live Routes"), "liveRoutesDock", panes.liveRoutes, Qt::BottomDockWidgetArea);
    // Only a kandev database with route state has live routes: elsewhere the
    // dock is hidden and its View menu entry disabled.
    live->toggleViewAction()->setEnabled(false);
    connect(panes.liveRoutes, &LiveRoutesPane::availabilityChanged, live, [live](bool available) {
        live->toggleViewAction()->setEnabled(available);
        live->setVisible(available);
    });
    addDock(DockRole::Fleet, tr("Fleet Overview"), "fleetDock", panes.fleet, Qt::BottomDockWidgetArea);
    // The helpers wait in the timeline's tab group, closed until asked for.
    for (QDockWidget* helper : helperDocks()) {
        window->tabifyDockWidget(timeline, helper);
        helper->hide();
    }
    timeline->raise();
}

QDockWidget* DockLayout::addDock(
    DockRole role, const QString& title, const char* objectName, QWidget* pane, Qt::DockWidgetArea area)
{
    auto* d = new QDockWidget(title, m_window);
    d->setObjectName(QLatin1String(objectName));  // the key of its place in the saved state
    d->setWidget(pane);
    m_window->addDockWidget(area, d);
    // Under the editor, a dock's title runs up its left edge: height is
    // what a laptop lacks there, and the rows it saves are the timeline's.
    const auto titleFollowsArea = [d](Qt::DockWidgetArea where) {
        const bool across = where == Qt::BottomDockWidgetArea || where == Qt::TopDockWidgetArea;
        d->setFeatures(d->features().setFlag(QDockWidget::DockWidgetVerticalTitleBar, across));
    };
    titleFollowsArea(area);
    connect(d, &QDockWidget::dockLocationChanged, d, titleFollowsArea);
    // Asked for, a dock comes to the front of its tab group and takes the focus.
    connect(d->toggleViewAction(), &QAction::triggered, d, [d](bool shown) {
        if (shown)
            bringForward(d);
    });
    m_docks[std::size_t(role)] = d;
    return d;
}

QList<QDockWidget*> DockLayout::documentDocks() const
{
    return {dock(DockRole::Route), dock(DockRole::Timeline)};
}

QList<QDockWidget*> DockLayout::helperDocks() const
{
    return {dock(DockRole::Validation), dock(DockRole::WhatHappens), dock(DockRole::TryError),
        dock(DockRole::UndoHistory), dock(DockRole::LiveRoutes), dock(DockRole::Fleet)};
}

void DockLayout::bringToFront(DockRole role)
{
    QDockWidget* d = dock(role);
    d->show();
    d->raise();
}

void DockLayout::restoreWindow()
{
    // First start: fit the screen people have (a 1366x768 laptop included).
    const QRect available = m_window->screen() ? m_window->screen()->availableGeometry() : QRect(0, 0, 1440, 900);
    m_window->resize(std::min(2200, available.width() * 92 / 100), std::min(1300, available.height() * 92 / 100));
    placeForScreen(available.size());
    // View > Reset Layout comes back to this.
    m_defaultState = m_window->saveState(kLayoutVersion);
    if (settings::windowGeometry.isStored()) {
        m_window->restoreGeometry(settings::windowGeometry.value());
        // A layout saved by an older window (another set of docks) is not applied.
        m_savedState = settings::windowState.value();
        m_window->restoreState(m_savedState, kLayoutVersion);
        m_route->restoreSplitState(settings::routeSplit.value());
    } else {
        m_window->move(available.center() - m_window->rect().center());
        // A laptop's screen is used whole: every row counts there.
        m_startMaximized = available.height() < window_sizes::kRoomyScreenHeight;
    }
    // Dock sizes only stick once the window has its size, and the timeline's
    // depends on the editor's: both are set when the first document shows.
    m_sizeOnFirstDocument = !settings::windowState.isStored();
    // Nothing to show in the route and the timeline until a document is open.
    for (QDockWidget* d : documentDocks()) {
        m_wanted.insert(d, !d->isHidden());
        d->hide();
    }
}

void DockLayout::saveWindow() const
{
    settings::windowGeometry.setValue(m_window->saveGeometry());
    // Closed on the start page, the docks are hidden only for the moment: the last layout stays.
    if (m_documentShown) {
        settings::windowState.setValue(m_window->saveState(kLayoutVersion));
        settings::routeSplit.setValue(m_route->saveSplitState());
    }
}

void DockLayout::documentShown()
{
    m_documentShown = true;
    // The route and the timeline come back as they were left (the start page
    // hid them); hidden docks forget their sizes, so the saved layout is
    // applied again once they show.
    for (auto it = m_wanted.cbegin(); it != m_wanted.cend(); ++it)
        it.key()->setVisible(it.value());
    m_wanted.clear();
    if (!m_savedState.isEmpty()) {
        m_window->restoreState(m_savedState, kLayoutVersion);
        m_savedState.clear();
    }
    if (m_sizeOnFirstDocument) {
        m_sizeOnFirstDocument = false;
        QTimer::singleShot(0, this, &DockLayout::sizeToWindow);
    }
}

void DockLayout::reset()
{
    m_window->restoreState(m_defaultState, kLayoutVersion);
    m_toolBar->show();
    for (QDockWidget* d : documentDocks())
        d->setVisible(m_documentShown);
    sizeToWindow();
}

void DockLayout::placeForScreen(const QSize& available)
{
    // A wide screen has room for the timeline beside the editor; below it, the editor would lose its panels' width.
    const Qt::DockWidgetArea area
        = available.width() >= window_sizes::kWideScreenWidth ? Qt::RightDockWidgetArea : Qt::BottomDockWidgetArea;
    QDockWidget* timeline = dock(DockRole::Timeline);
    if (m_window->dockWidgetArea(timeline) == area)
        return;
    m_window->addDockWidget(area, timeline);
    for (QDockWidget* helper : helperDocks()) {
        m_window->addDockWidget(area, helper);
        m_window->tabifyDockWidget(timeline, helper);
        helper->hide();
    }
    timeline->raise();
}

void DockLayout::lendSpareRoomToTimeline()
{
    // The timeline grew a line (a comparison, longer in German than in
    // English): its lanes keep in view, and the editor, a scroll area, gives
    // the room (never below a third of the height they share).
    QDockWidget* timeline = dock(DockRole::Timeline);
    const QWidget* view = m_editor->parentWidget();
    if (!view || !timeline->isVisible() || timeline->isFloating()
        || m_window->dockWidgetArea(timeline) != Qt::BottomDockWidgetArea)
        return;
    const int shortBy = m_timeline->lanesShortBy();
    const int lendable = view->height() - (view->height() + timeline->height()) / 3;
    if (shortBy > 0 && lendable > 0)
        m_window->resizeDocks({timeline}, {timeline->height() + std::min(shortBy, lendable)}, Qt::Vertical);
}

void DockLayout::sizeToWindow()
{
    // The route a quarter of the width, never so narrow that names are cut (300 px keeps kandev's profile names whole).
    QDockWidget* route = dock(DockRole::Route);
    QDockWidget* timeline = dock(DockRole::Timeline);
    const int width = m_window->width();
    const int routeWidth = std::max(std::clamp(width / 4, 300, 400), route->minimumSizeHint().width());
    m_window->resizeDocks({route}, {routeWidth}, Qt::Horizontal);
    if (m_window->dockWidgetArea(timeline) == Qt::RightDockWidgetArea) {
        m_window->resizeDocks({timeline}, {width * 2 / 5}, Qt::Horizontal);
        return;
    }
    // The editor keeps what its panels need (when a candidate is shown); the timeline gets the rest, within reason.
    const QWidget* centre = m_window->centralWidget();
    const int shared = centre->height() + (timeline->isVisible() ? timeline->height() : 0);
    // The editor stands in a scroll area's view, narrower than the centre by the area's frame.
    const QWidget* view = m_editor->parentWidget();
    const auto* area = view ? qobject_cast<const QAbstractScrollArea*>(view->parentWidget()) : nullptr;
    const int frame = area ? 2 * area->frameWidth() : 0;
    // resizeDocks() takes effect at the next layout, and the docks' widths
    // now may be any: the centre will be the window less the route and its separator.
    const int separator = m_window->style()->pixelMetric(QStyle::PM_DockWidgetSeparatorExtent, nullptr, m_window);
    const int centreWidth
        = (route->isVisible() && !route->isFloating() ? m_window->width() - routeWidth - separator : centre->width())
        - frame;
    // Measured a little narrower than it will be, and with room to spare: a
    // line that wraps differently once laid out must not bring a scroll bar.
    const int editorNeeds = m_documentShown ? m_editor->fullHeightHint(centreWidth - 24) + 14 : shared * 2 / 3;
    const int timelineNeeds = timeline->sizeHint().height();
    // (A window not shown yet has no height to share: the lower bound wins.)
    const int most = std::max(200, shared * 3 / 5);
    m_window->resizeDocks(
        {timeline}, {std::clamp(std::min(shared - editorNeeds, timelineNeeds), 200, most)}, Qt::Vertical);
}

}  // namespace gui
