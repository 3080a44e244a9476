// SPDX-License-Identifier: Apache-2.0
#pragma once
// The window's docks and how they are arranged: created and placed for the
// screen, sized on the first start, hidden on the start page and shown as
// wanted with the first document, View > Reset Layout, and the window's
// geometry and dock state kept in QSettings between sessions. Docks are
// asked for by role, never found by object name.

#include <QByteArray>
#include <QHash>
#include <QList>
#include <QObject>

#include <array>

class QDockWidget;
class QMainWindow;
class QSize;
class QToolBar;
class QWidget;

namespace gui
{

class CandidateEditor;
class FleetPane;
class LiveRoutesPane;
class RoutePane;
class TimelinePanel;

enum class DockRole { Route, Timeline, Validation, WhatHappens, TryError, UndoHistory, LiveRoutes, Fleet };

class DockLayout final : public QObject
{
    Q_OBJECT
public:
    // What the docks hold.
    struct Panes {
        RoutePane* route;
        TimelinePanel* timeline;
        QWidget* validation;
        QWidget* whatHappens;  // scrolled inside its dock
        QWidget* tryError;
        QWidget* undoHistory;
        LiveRoutesPane* liveRoutes;
        FleetPane* fleet;
    };
    // Creates the docks in `window`. `editor` tells how much height the
    // centre needs; `toolBar` comes back with Reset Layout.
    DockLayout(QMainWindow* window, const Panes& panes, const CandidateEditor* editor, QToolBar* toolBar);

    QDockWidget* dock(DockRole role) const
    {
        return m_docks[std::size_t(role)];
    }
    // The route and the timeline: shown once a document is open.
    QList<QDockWidget*> documentDocks() const;
    // Validation and the other helpers, in the timeline's tab group.
    QList<QDockWidget*> helperDocks() const;
    // Shows the dock in front of its tab siblings.
    void bringToFront(DockRole role);

    // The first start fits the screen; later starts come back as the last one
    // left the window. Until a document shows, the route and the timeline hide.
    void restoreWindow();
    // The first start on a small screen: the application shows the window maximized.
    bool startsMaximized() const
    {
        return m_startMaximized;
    }
    // On closing: the geometry, and the docks when a document is open.
    void saveWindow() const;
    // A document shows: the route and the timeline come back as wanted, the
    // last session's layout applies, or the first start sizes the docks.
    void documentShown();
    // View > Reset Layout: the docks and the tool bar as first built.
    void reset();

private:
    QDockWidget* addDock(
        DockRole role, const QString& title, const char* objectName, QWidget* pane, Qt::DockWidgetArea area);
    void placeForScreen(const QSize& available);
    void sizeToWindow();
    void lendSpareRoomToTimeline();

    static constexpr int kLayoutVersion = 2;  // saved dock layouts of another version are not restored
    QMainWindow* m_window;
    RoutePane* m_route;
    const TimelinePanel* m_timeline;
    const CandidateEditor* m_editor;
    QToolBar* m_toolBar;
    std::array<QDockWidget*, 8> m_docks {};
    QByteArray m_defaultState;  // docks and tool bar as first built: Reset Layout
    QByteArray m_savedState;  // the last session's layout, applied again when the first document shows
    QHash<QDockWidget*, bool> m_wanted;  // the document docks' visibility, while the start page hides them
    bool m_sizeOnFirstDocument = false;  // no saved layout: size the docks for the first document
    bool m_documentShown = false;
    bool m_startMaximized = false;
};

}  // namespace gui
