#include "widgets/timeline_view.h"

#include "model/policy_text.h"

#include <QCoreApplication>
#include <QFile>
#include <QHelpEvent>
#include <QImage>
#include <QKeyEvent>
#include <QPainter>
#include <QPainterPath>
#include <QSvgGenerator>
#include <QToolTip>

#include <cmath>

namespace widgets {

using policy::EventKind;

namespace {

constexpr double kLaneHeight = 38;
constexpr double kLabelWidth = 170;
constexpr double kTop = 30;
constexpr double kAxisHeight = 28;
constexpr double kRightMargin = 90;

// Tick steps for the linear axis, in seconds: readable s, min, h, d values.
constexpr std::int64_t kLinearSteps[] = {1,    2,    5,     10,    15,    30,    60,    120,   300,    600,
                                         900,  1800, 3600,  7200,  10800, 21600, 43200, 86400, 172800, 604800};
// Ticks of the logarithmic axis.
constexpr std::int64_t kLogTicks[] = {1, 10, 60, 600, 3600, 21600, 86400, 604800, 2592000};

// A marker's label goes to its right, or to its left when the right edge is too close.
void drawMarkerLabel(QPainter& p, const QFontMetricsF& fm, QPointF c, const QString& label, int width, const QColor& color)
{
    const double w = fm.horizontalAdvance(label);
    const double x = c.x() + 10 + w <= width - 4 ? c.x() + 10 : c.x() - 10 - w;
    p.setPen(color);
    p.drawText(QPointF(x, c.y() + fm.ascent() / 2 - 1), label);
}

QColor mix(const QColor& a, const QColor& b, double t)
{
    return QColor::fromRgbF(float(a.redF() * (1 - t) + b.redF() * t), float(a.greenF() * (1 - t) + b.greenF() * t),
                            float(a.blueF() * (1 - t) + b.blueF() * t));
}

}  // namespace

struct TimelineView::Layout {
    double left = 0, width = 0, bottomOfLanes = 0;
    std::int64_t total = 1;
    std::vector<QRectF> hits;       // per event
    std::vector<double> laneY;      // centre of each lane
    double endRowY = 0;             // the row of "no eligible candidate"
};

TimelineView::TimelineView(QWidget* parent) : QWidget(parent)
{
    setFocusPolicy(Qt::StrongFocus);
    setMouseTracking(true);
    setAccessibleName(tr("Retry timeline"));
    setBackgroundRole(QPalette::Base);
    setAutoFillBackground(true);
}

void TimelineView::setPreview(model::TimelinePreview* preview)
{
    if (m_preview)
        disconnect(m_preview, nullptr, this, nullptr);
    m_preview = preview;
    if (m_preview) {
        connect(m_preview, &model::TimelinePreview::changed, this, [this] {
            m_focus = -1;
            m_hover = -1;
            setAccessibleDescription(m_preview->accessibleSummary());
            setMinimumHeight(sizeHint().height());
            updateGeometry();
            update();
        });
        setAccessibleDescription(m_preview->accessibleSummary());
    }
    update();
}

void TimelineView::setLogarithmic(bool log)
{
    m_log = log;
    update();
}

QSize TimelineView::sizeHint() const
{
    const int lanes = m_preview ? int(m_preview->candidates().size()) : 3;
    return {900, int(kTop + (lanes + 1) * kLaneHeight + kAxisHeight + 10)};
}

QSize TimelineView::minimumSizeHint() const
{
    return {480, int(kTop + 2 * kLaneHeight + kAxisHeight)};
}

double TimelineView::position(std::int64_t seconds, double left, double width, std::int64_t total) const
{
    if (total <= 0)
        return left;
    const double f = m_log ? std::log1p(double(seconds)) / std::log1p(double(total)) : double(seconds) / double(total);
    return left + width * f;
}

TimelineView::Layout TimelineView::layout(const QSize& size) const
{
    Layout l;
    l.left = kLabelWidth;
    l.width = std::max(50.0, size.width() - kLabelWidth - kRightMargin);
    if (!m_preview)
        return l;
    const auto& timeline = m_preview->timeline();
    const std::size_t lanes = m_preview->candidates().size();
    for (std::size_t i = 0; i < lanes; ++i)
        l.laneY.push_back(kTop + kLaneHeight * (double(i) + 0.5));
    l.endRowY = kTop + kLaneHeight * (double(lanes) + 0.5);
    l.bottomOfLanes = kTop + kLaneHeight * double(lanes + 1);
    l.total = std::max<std::int64_t>(1, timeline.totals.durationSeconds);
    for (const auto& e : timeline.events) {
        const double x = position(e.offsetSeconds, l.left, l.width, l.total);
        const double y = e.kind == EventKind::Exhausted || e.kind == EventKind::Truncated || e.candidateIndex >= lanes
            ? l.endRowY
            : l.laneY[e.candidateIndex];
        switch (e.kind) {
        case EventKind::RetryWait:
        case EventKind::WaitForReset: {
            const double x2 = position(e.offsetSeconds + e.delaySeconds, l.left, l.width, l.total);
            l.hits.emplace_back(QPointF(x, y - 7), QPointF(std::max(x2, x + 3), y + 7));
            break;
        }
        case EventKind::Skip: l.hits.emplace_back(x - 5, y, 10, kLaneHeight); break;
        default: l.hits.emplace_back(x - 7, y - 7, 14, 14); break;
        }
    }
    return l;
}

void TimelineView::render(QPainter& p, const QSize& size) const
{
    p.setRenderHint(QPainter::Antialiasing);
    const QPalette& pal = palette();
    const QColor text = pal.color(QPalette::Text);
    const QColor base = pal.color(QPalette::Base);
    const QColor faint = mix(base, text, 0.15);
    const QColor accent = pal.color(QPalette::Highlight);
    const QColor resetColor = mix(QColor(230, 140, 30), text, 0.1);
    const QColor stopColor(208, 48, 48);
    const QColor successColor(46, 157, 79);
    p.fillRect(QRectF(QPointF(0, 0), QSizeF(size)), base);

    if (!m_preview || m_preview->candidates().empty()) {
        p.setPen(text);
        p.drawText(QRectF(QPointF(0, 0), QSizeF(size)), Qt::AlignCenter, tr("Open a dynamic profile to preview its retry timeline."));
        return;
    }
    const Layout l = layout(size);
    const auto& timeline = m_preview->timeline();
    const QFontMetricsF fm(p.font());

    // Title: the scenario.
    p.setPen(text);
    QFont bold = p.font();
    bold.setBold(true);
    p.setFont(bold);
    p.drawText(QPointF(8, 18), tr("Scenario: %1").arg(QCoreApplication::translate("widgets::TimelinePanel", m_preview->scenario().name.c_str())));
    p.setFont(QFont(font()));

    // Lanes with the candidates' names.
    for (std::size_t i = 0; i < l.laneY.size(); ++i) {
        const QRectF lane(0, l.laneY[i] - kLaneHeight / 2, size.width(), kLaneHeight);
        if (i % 2 == 1)
            p.fillRect(lane, mix(base, text, 0.04));
        const bool enabled = m_preview->candidates()[i].enabled;
        p.setPen(enabled ? text : mix(base, text, 0.45));
        const QString label = tr("%1. %2").arg(i).arg(m_preview->candidateLabel(i)) + (enabled ? QString() : tr(" (off)"));
        p.drawText(QRectF(8, lane.top(), kLabelWidth - 16, kLaneHeight), Qt::AlignVCenter | Qt::AlignLeft,
                   fm.elidedText(label, Qt::ElideRight, kLabelWidth - 16));
    }

    // Time axis.
    const double axisY = l.bottomOfLanes + 4;
    p.setPen(QPen(faint, 1));
    p.drawLine(QPointF(l.left, axisY), QPointF(l.left + l.width, axisY));
    std::vector<std::int64_t> ticks{0};
    if (m_log) {
        for (const auto t : kLogTicks)
            if (t <= l.total)
                ticks.push_back(t);
    } else {
        std::int64_t step = kLinearSteps[std::size(kLinearSteps) - 1];
        for (const auto s : kLinearSteps) {
            if (l.total / s <= 8) {
                step = s;
                break;
            }
        }
        for (std::int64_t t = step; t <= l.total; t += step)
            ticks.push_back(t);
    }
    double lastLabelRight = -1e9;
    for (const auto t : ticks) {
        const double x = position(t, l.left, l.width, l.total);
        p.setPen(QPen(faint, 1, Qt::DotLine));
        p.drawLine(QPointF(x, kTop), QPointF(x, axisY));
        const QString label = model::PolicyText::duration(t);
        const double w = fm.horizontalAdvance(label);
        if (x - w / 2 > lastLabelRight + 6) {
            p.setPen(mix(base, text, 0.7));
            p.drawText(QPointF(x - w / 2, axisY + fm.ascent() + 4), label);
            lastLabelRight = x + w / 2;
        }
    }

    // Events. Bar labels go above the bar unless they would run into the lane's previous label.
    std::vector<double> labelRight(l.laneY.size() + 1, -1e9);
    for (std::size_t i = 0; i < timeline.events.size(); ++i) {
        const auto& e = timeline.events[i];
        const QRectF r = l.hits[i];
        const QPointF c = r.center();
        switch (e.kind) {
        case EventKind::Attempt:
            p.setPen(QPen(accent.darker(130), 1.5));
            p.setBrush(accent);
            p.drawEllipse(c, 5, 5);
            break;
        case EventKind::RetryWait:
        case EventKind::WaitForReset: {
            const bool reset = e.kind == EventKind::WaitForReset;
            QColor fill = reset ? resetColor : accent;
            fill.setAlpha(reset ? 170 : 110);
            p.setPen(QPen(fill.darker(140), 1));
            p.setBrush(fill);
            p.drawRoundedRect(r, 3, 3);
            if (reset) {  // hatching tells a reset wait from a retry wait without colour
                p.setBrush(QBrush(mix(resetColor, text, 0.5), Qt::BDiagPattern));
                p.drawRoundedRect(r, 3, 3);
            }
            const QString label = reset ? tr("reset wait %1").arg(model::PolicyText::duration(e.delaySeconds))
                                        : model::PolicyText::duration(e.delaySeconds);
            const std::size_t lane = std::min(e.candidateIndex, l.laneY.size());
            const double w = fm.horizontalAdvance(label);
            const double x = std::max(r.left() + 1, r.center().x() - w / 2);
            if (x > labelRight[lane] + 4) {
                p.setPen(text);
                p.drawText(QPointF(x, r.top() - 3), label);
                labelRight[lane] = x + w;
            }
            break;
        }
        case EventKind::Skip: {
            p.setPen(QPen(mix(base, text, 0.6), 1.5));
            const double x = c.x();
            const double y1 = r.top() + 6;
            const double y2 = r.bottom() - 6;
            p.drawLine(QPointF(x, y1), QPointF(x, y2));
            QPainterPath head;
            head.moveTo(x - 4, y2 - 6);
            head.lineTo(x, y2);
            head.lineTo(x + 4, y2 - 6);
            p.drawPath(head);
            break;
        }
        case EventKind::Stop:
            p.setPen(QPen(stopColor.darker(130), 1.5));
            p.setBrush(stopColor);
            p.drawRect(QRectF(c.x() - 6, c.y() - 6, 12, 12));
            drawMarkerLabel(p, fm, c, tr("stop: action required"), size.width(), text);
            break;
        case EventKind::Success: {
            p.setPen(QPen(successColor.darker(130), 1.5));
            p.setBrush(successColor);
            QPolygonF diamond({{c.x(), c.y() - 7}, {c.x() + 7, c.y()}, {c.x(), c.y() + 7}, {c.x() - 7, c.y()}});
            p.drawPolygon(diamond);
            drawMarkerLabel(p, fm, c, tr("success"), size.width(), text);
            break;
        }
        case EventKind::Exhausted: {
            p.setPen(QPen(text, 1.5));
            p.setBrush(mix(base, text, 0.35));
            QPolygonF triangle({{c.x() - 7, c.y() + 6}, {c.x() + 7, c.y() + 6}, {c.x(), c.y() - 7}});
            p.drawPolygon(triangle);
            drawMarkerLabel(p, fm, c, tr("no eligible candidate left"), size.width(), text);
            break;
        }
        case EventKind::ConfigError:
            p.setPen(QPen(stopColor, 2.5));
            p.drawLine(QPointF(c.x() - 6, c.y() - 6), QPointF(c.x() + 6, c.y() + 6));
            p.drawLine(QPointF(c.x() - 6, c.y() + 6), QPointF(c.x() + 6, c.y() - 6));
            drawMarkerLabel(p, fm, c, tr("configuration error"), size.width(), text);
            break;
        case EventKind::Truncated:
            p.setPen(text);
            p.drawText(QPointF(c.x() + 10, c.y() + fm.ascent() / 2 - 1), tr("… (event limit)"));
            break;
        }
        p.setBrush(Qt::NoBrush);
        if (int(i) == m_focus || int(i) == m_hover) {
            p.setPen(QPen(text, 1, int(i) == m_focus ? Qt::DashLine : Qt::DotLine));
            p.drawRect(r.adjusted(-3, -3, 3, 3));
        }
    }
}

void TimelineView::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    render(p, size());
}

int TimelineView::eventAt(const QPoint& pos) const
{
    const Layout l = layout(size());
    for (int i = int(l.hits.size()) - 1; i >= 0; --i) {
        if (l.hits[std::size_t(i)].adjusted(-3, -3, 3, 3).contains(pos))
            return i;
    }
    return -1;
}

QString TimelineView::focusedEventText() const
{
    if (!m_preview || m_focus < 0 || m_focus >= int(m_preview->timeline().events.size()))
        return {};
    const auto& e = m_preview->timeline().events[std::size_t(m_focus)];
    QString text = tr("+%1 · %2").arg(model::PolicyText::duration(e.offsetSeconds), model::TimelinePreview::eventTitle(e));
    if (e.kind != EventKind::Exhausted && e.kind != EventKind::Truncated)
        text += QStringLiteral(" · ") + m_preview->candidateLabel(e.candidateIndex);
    const QString details = model::TimelinePreview::eventDetails(e);
    if (!details.isEmpty())
        text += QStringLiteral("\n") + details;
    return text;
}

void TimelineView::setFocusedEvent(int index)
{
    if (!m_preview)
        return;
    const int count = int(m_preview->timeline().events.size());
    index = count == 0 ? -1 : std::clamp(index, 0, count - 1);
    if (index == m_focus)
        return;
    m_focus = index;
    setAccessibleDescription(focusedEventText());
    update();
    emit focusedEventChanged(index);
}

void TimelineView::mouseMoveEvent(QMouseEvent* event)
{
    const int hit = eventAt(event->position().toPoint());
    if (hit != m_hover) {
        m_hover = hit;
        update();
    }
}

void TimelineView::mousePressEvent(QMouseEvent* event)
{
    const int hit = eventAt(event->position().toPoint());
    if (hit >= 0)
        setFocusedEvent(hit);
}

void TimelineView::keyPressEvent(QKeyEvent* event)
{
    switch (event->key()) {
    case Qt::Key_Right: setFocusedEvent(m_focus + 1); break;
    case Qt::Key_Left: setFocusedEvent(std::max(0, m_focus - 1)); break;
    case Qt::Key_Home: setFocusedEvent(0); break;
    case Qt::Key_End: setFocusedEvent(int(m_preview ? m_preview->timeline().events.size() : 0) - 1); break;
    default: QWidget::keyPressEvent(event); return;
    }
    if (m_focus >= 0) {
        const QRectF r = layout(size()).hits[std::size_t(m_focus)];
        QToolTip::showText(mapToGlobal(r.bottomLeft().toPoint()), focusedEventText(), this);
    }
}

bool TimelineView::event(QEvent* event)
{
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        const int hit = eventAt(help->pos());
        if (hit >= 0) {
            const int saved = m_focus;
            m_focus = hit;
            QToolTip::showText(help->globalPos(), focusedEventText(), this);
            m_focus = saved;
        } else {
            QToolTip::hideText();
        }
        return true;
    }
    return QWidget::event(event);
}

bool TimelineView::exportPng(const QString& path) const
{
    const QSize size(std::max(width(), 900), std::max(height(), sizeHint().height()));
    QImage image(size * 2, QImage::Format_ARGB32_Premultiplied);
    image.setDevicePixelRatio(2);
    QPainter p(&image);
    p.setFont(font());
    render(p, size);
    p.end();
    return image.save(path, "PNG");
}

bool TimelineView::exportSvg(const QString& path) const
{
    const QSize size(std::max(width(), 900), std::max(height(), sizeHint().height()));
    QSvgGenerator svg;
    svg.setFileName(path);
    svg.setSize(size);
    svg.setViewBox(QRect(QPoint(0, 0), size));
    svg.setTitle(tr("Retry timeline"));
    svg.setDescription(m_preview ? m_preview->accessibleSummary() : QString());
    QPainter p;
    if (!p.begin(&svg))
        return false;
    p.setFont(font());
    render(p, size);
    return p.end() && QFile::exists(path);
}

}  // namespace widgets
