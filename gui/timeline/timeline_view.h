// SPDX-License-Identifier: Apache-2.0
#pragma once
// The route cycle as a picture: one lane per candidate, attempts as markers,
// waits as labelled bars, skips as arrows, the final outcome as a marker, on
// a linear or logarithmic time axis. Shapes and labels keep events apart
// without colour; Left/Right move the keyboard focus from event to event.

#include "model/timeline_preview.h"

#include <QPointer>
#include <QColor>
#include <QList>
#include <QPair>
#include <QWidget>

namespace gui
{

class TimelineView final : public QWidget
{
    Q_OBJECT
public:
    explicit TimelineView(QWidget* parent = nullptr);
    void setPreview(model::TimelinePreview* preview);
    void setLogarithmic(bool log);
    bool isLogarithmic() const
    {
        return m_log;
    }
    int focusedEvent() const
    {
        return m_focus;
    }
    void setFocusedEvent(int index);
    QString focusedEventText() const;

    // Paints the whole timeline (title with profile, scenario and date; axis;
    // lanes; legend) at the given size into any paint device (PNG, SVG).
    void render(QPainter& painter, const QSize& size) const;
    QSize exportSize() const;
    QString exportTitle() const;
    // The parts: the time axis (ticks and labels, drawn at the lanes' width),
    // the lanes themselves, and the legend (returns the height it took).
    void renderAxis(QPainter& painter, double width, double top, double lanesBottom) const;
    static constexpr double kNaturalLaneHeight = 38;  // as exported, and on screen when there is room
    void renderLanes(QPainter& painter, const QSize& size, double top, bool decorations,
        double laneHeight = kNaturalLaneHeight) const;
    double renderLegend(QPainter& painter, double width, double top) const;
    double legendHeight(const QFont& font, double width) const;
    double legendWidth(const QFont& font) const;  // all of it in one row
    // What each shape means, in legend order.
    static QList<QPair<policy::EventKind, QString>> legendEntries();  // every shape the timeline draws
    QList<QPair<policy::EventKind, QString>> shownLegendEntries() const;  // the shapes this picture uses
    static QString legendDescription();
    // The legend's entry for the saved route, "" while it is not drawn.
    QString savedLegendLabel() const;
    bool exportPng(const QString& path) const;
    bool exportSvg(const QString& path) const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;
    // The picture's rows: one per candidate, one per candidate only the saved
    // route has (when it is drawn), and one under them when the route ends
    // with no candidate left.
    int laneCount() const;
    bool hasEndRow() const;
    QRect laneRect(int lane) const;  // in the view's coordinates

signals:
    void focusedEventChanged(int index);

protected:
    void paintEvent(QPaintEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    bool event(QEvent* event) override;

private:
    struct Layout;
    struct Colors {
        QColor text, base, faint, accent, reset, saved;
    };
    Layout layout(const QSize& size, double top, double laneHeight) const;
    double screenLaneHeight() const;
    Colors colors() const;
    static void drawShape(QPainter& p, policy::EventKind kind, const QRectF& r, const Colors& c);
    // The saved route's event: the same shape, small, outlined and dashed, in the saved route's colour.
    static void drawSavedShape(QPainter& p, policy::EventKind kind, const QRectF& r, const Colors& c);
    bool drawsSaved() const;
    std::vector<double> axisTicks(std::int64_t total) const;
    double laneLabelWidth(double available) const;
    QString laneLabel(std::size_t lane) const;
    int eventAt(const QPoint& pos) const;
    double position(std::int64_t seconds, double left, double width, std::int64_t total) const;

    QPointer<model::TimelinePreview> m_preview;
    bool m_log = false;
    int m_focus = -1;
    int m_hover = -1;
};

// The time axis above the lanes, outside their scroll area, so that it stays
// in view while the lanes scroll.
class TimelineAxis final : public QWidget
{
    Q_OBJECT
public:
    TimelineAxis(TimelineView* view, QWidget* parent = nullptr);

protected:
    void paintEvent(QPaintEvent* event) override;
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    TimelineView* m_view;
};

// What the shapes mean, under the lanes.
class TimelineLegend final : public QWidget
{
    Q_OBJECT
public:
    TimelineLegend(TimelineView* view, QWidget* parent = nullptr);
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;
    bool hasHeightForWidth() const override
    {
        return true;
    }
    int heightForWidth(int width) const override;

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    TimelineView* m_view;
};

}  // namespace gui
