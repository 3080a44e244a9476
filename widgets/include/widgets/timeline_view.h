#pragma once
// The route cycle as a picture: one lane per candidate, attempts as markers,
// waits as labelled bars, skips as arrows, the final outcome as a marker, on
// a linear or logarithmic time axis. Shapes and labels keep events apart
// without colour; Left/Right move the keyboard focus from event to event.

#include "model/timeline_preview.h"

#include <QPointer>
#include <QWidget>

namespace widgets {

class TimelineView final : public QWidget {
    Q_OBJECT
public:
    explicit TimelineView(QWidget* parent = nullptr);
    void setPreview(model::TimelinePreview* preview);
    void setLogarithmic(bool log);
    bool isLogarithmic() const { return m_log; }
    int focusedEvent() const { return m_focus; }
    void setFocusedEvent(int index);
    QString focusedEventText() const;

    // Paints the timeline at the given size into any paint device (PNG, SVG).
    void render(QPainter& painter, const QSize& size) const;
    bool exportPng(const QString& path) const;
    bool exportSvg(const QString& path) const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

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
    Layout layout(const QSize& size) const;
    int eventAt(const QPoint& pos) const;
    double position(std::int64_t seconds, double left, double width, std::int64_t total) const;

    QPointer<model::TimelinePreview> m_preview;
    bool m_log = false;
    int m_focus = -1;
    int m_hover = -1;
};

}  // namespace widgets
