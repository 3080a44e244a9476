// SPDX-License-Identifier: Apache-2.0
#include "timeline/timeline_view.h"

#include "controls/colour_mix.h"
#include "window/colour_scheme.h"

#include "model/policy_text.h"

#include <QCoreApplication>
#include <QDate>
#include <QLocale>
#include <QFile>
#include <QHelpEvent>
#include <QImage>
#include <QKeyEvent>
#include <QPainter>
#include <QPainterPath>
#include <QSvgGenerator>
#include <QToolTip>

#include <cmath>

namespace gui
{

using policy::EventKind;

namespace
{

constexpr double kLaneHeight = TimelineView::kNaturalLaneHeight;
constexpr double kMinLaneHeight = 28;  // on screen when room is short: a wait's label still clears the bar above
constexpr double kLanesBottomPad = 6;
constexpr double kMinLabelWidth = 120;
constexpr double kLanesTop = 4;  // on screen; the axis is its own widget above
constexpr double kTitleHeight = 30;  // exported pictures only
constexpr double kAxisHeight = 26;
constexpr double kRightMargin = 90;
// How far an outcome marker stands from the attempt it ends (a dot is 10 px, a marker 14 px).
constexpr double kOutcomeGap = 14;

// Tick steps for the linear axis, in seconds: readable s, min, h, d values.
constexpr std::int64_t kLinearSteps[]
    = {1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 10800, 21600, 43200, 86400, 172800, 604800};
// Ticks of the logarithmic axis.
constexpr std::int64_t kLogTicks[] = {1, 10, 60, 600, 3600, 21600, 86400, 604800, 2592000};

}  // namespace

// A tool tip that wraps at a readable width instead of running across the
// screen: Qt word-wraps rich-text tips; pre-wrap keeps the text's own lines.
QString wrappedTip(const QString& text)
{
    return QStringLiteral("<p style='white-space:pre-wrap'>%1</p>").arg(text.toHtmlEscaped());
}

struct TimelineView::Layout {
    double left = 0, width = 0, bottomOfLanes = 0, laneHeight = kLaneHeight;
    std::int64_t total = 1;
    std::vector<QRectF> hits;  // per event
    std::vector<QRectF> saved;  // per event of the saved route, when it is drawn
    std::vector<double> laneY;  // centre of each lane: the candidates', then the saved route's own
    double endRowY = 0;  // the row of "no eligible candidate"
};

TimelineView::TimelineView(QWidget* parent)
    : QWidget(parent)
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
            setMinimumHeight(minimumSizeHint().height());
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
    return {900, int(kLanesTop + laneCount() * kLaneHeight + kLanesBottomPad)};
}

QSize TimelineView::minimumSizeHint() const
{
    // Every lane at its smallest: lanes beyond what the room holds scroll.
    return {360, int(kLanesTop + laneCount() * kMinLaneHeight + kLanesBottomPad)};
}

bool TimelineView::hasEndRow() const
{
    // The row under the lanes holds what belongs to no candidate: "none left", the event limit.
    if (!m_preview)
        return false;
    const std::size_t lanes = m_preview->candidates().size();
    const auto& events = m_preview->timeline().events;
    if (drawsSaved()) {
        for (std::size_t i = 0; i < m_preview->savedRoute().saved.events.size(); ++i)
            if (m_preview->savedLane(i) == model::TimelinePreview::kEndRow)
                return true;
    }
    return std::any_of(events.begin(), events.end(), [lanes](const policy::TimelineEvent& e) {
        return e.kind == EventKind::Exhausted || e.kind == EventKind::Truncated || e.candidateIndex >= lanes;
    });
}

bool TimelineView::drawsSaved() const
{
    return m_preview && m_preview->showsSaved() && !m_preview->candidates().empty();
}

int TimelineView::laneCount() const
{
    const int candidates = m_preview ? int(m_preview->candidates().size()) : 3;
    const int savedOnly = drawsSaved() ? int(m_preview->savedOnlyLabels().size()) : 0;
    return candidates + savedOnly + (hasEndRow() ? 1 : 0);
}

double TimelineView::screenLaneHeight() const
{
    // The lanes share the height they are given, between their smallest and their natural height.
    const double room = (height() - kLanesTop - kLanesBottomPad) / std::max(1, laneCount());
    return std::clamp(room, kMinLaneHeight, kLaneHeight);
}

QRect TimelineView::laneRect(int lane) const
{
    const double h = screenLaneHeight();
    return QRectF(0, kLanesTop + h * lane, width(), h).toAlignedRect();
}

double TimelineView::position(std::int64_t seconds, double left, double width, std::int64_t total) const
{
    if (total <= 0)
        return left;
    const double f = m_log ? std::log1p(double(seconds)) / std::log1p(double(total)) : double(seconds) / double(total);
    return left + width * f;
}

double TimelineView::laneLabelWidth(double available) const
{
    // As wide as the longest name needs, up to a third of the picture: names are cut only when there is no room.
    if (!m_preview)
        return kMinLabelWidth;
    const QFontMetricsF fm(font());
    double widest = 0;
    const std::size_t lanes = m_preview->candidates().size() + (drawsSaved() ? m_preview->savedOnlyLabels().size() : 0);
    for (std::size_t i = 0; i < lanes; ++i)
        widest = std::max(widest, fm.horizontalAdvance(laneLabel(i)));
    return std::clamp(widest + 20, kMinLabelWidth, std::max(kMinLabelWidth, available / 3));
}

QString TimelineView::laneLabel(std::size_t lane) const
{
    const std::size_t candidates = m_preview->candidates().size();
    if (lane >= candidates)  // a candidate the edit removed: only the saved route has it
        //: a lane of the timeline for a candidate only the saved route has
        return tr("%1 (removed)").arg(m_preview->savedOnlyLabels()[lane - candidates]);
    const bool enabled = m_preview->candidates()[lane].enabled;
    return tr("%1. %2").arg(lane).arg(m_preview->candidateLabel(lane)) + (enabled ? QString() : tr(" (off)"));
}

TimelineView::Layout TimelineView::layout(const QSize& size, double top, double laneHeight) const
{
    Layout l;
    l.laneHeight = laneHeight;
    l.left = laneLabelWidth(size.width());
    l.width = std::max(50.0, size.width() - l.left - kRightMargin);
    if (!m_preview)
        return l;
    const auto& timeline = m_preview->timeline();
    const std::size_t lanes = m_preview->candidates().size();
    const bool saved = drawsSaved();
    const std::size_t rows = lanes + (saved ? m_preview->savedOnlyLabels().size() : 0);
    for (std::size_t i = 0; i < rows; ++i)
        l.laneY.push_back(top + laneHeight * (double(i) + 0.5));
    l.endRowY = top + laneHeight * (double(rows) + 0.5);
    l.bottomOfLanes = top + laneHeight * double(rows + (hasEndRow() ? 1 : 0));
    // One axis for both routes: the longer one sets it.
    l.total = std::max<std::int64_t>(
        {1, timeline.totals.durationSeconds, saved ? m_preview->savedRoute().saved.totals.durationSeconds : 0});
    for (std::size_t i = 0; i < timeline.events.size(); ++i) {
        const auto& e = timeline.events[i];
        double x = position(e.offsetSeconds, l.left, l.width, l.total);
        // An outcome happens at the instant of the attempt it ends (attempts
        // take no time): drawn beside that attempt's dot, not over it, so the
        // picture shows as many attempts as the summary counts.
        const bool outcome
            = e.kind == EventKind::Stop || e.kind == EventKind::Success || e.kind == EventKind::ConfigError;
        if (outcome && i > 0 && timeline.events[i - 1].kind == EventKind::Attempt
            && timeline.events[i - 1].offsetSeconds == e.offsetSeconds
            && timeline.events[i - 1].candidateIndex == e.candidateIndex)
            x += kOutcomeGap;
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
        case EventKind::Skip: l.hits.emplace_back(x - 5, y, 10, laneHeight); break;
        default: l.hits.emplace_back(x - 7, y - 7, 14, 14); break;
        }
    }
    if (!saved)
        return l;
    // The saved route runs along the lower part of each lane, under the edited route's shapes.
    const double below = std::clamp(laneHeight * 0.3, 9.0, laneHeight / 2 - 3);
    const auto& events = m_preview->savedRoute().saved.events;
    for (std::size_t i = 0; i < events.size(); ++i) {
        const auto& e = events[i];
        const std::size_t lane = m_preview->savedLane(i);
        const double y = (lane < rows ? l.laneY[lane] : l.endRowY) + below;
        double x = position(e.offsetSeconds, l.left, l.width, l.total);
        if ((e.kind == EventKind::Stop || e.kind == EventKind::Success || e.kind == EventKind::ConfigError) && i > 0
            && events[i - 1].kind == EventKind::Attempt && events[i - 1].offsetSeconds == e.offsetSeconds)
            x += kOutcomeGap * 0.7;
        if (e.kind == EventKind::RetryWait || e.kind == EventKind::WaitForReset) {
            const double x2 = position(e.offsetSeconds + e.delaySeconds, l.left, l.width, l.total);
            l.saved.emplace_back(QPointF(x, y - 2.5), QPointF(std::max(x2, x + 3), y + 2.5));
        } else {
            l.saved.emplace_back(x - 4, y - 4, 8, 8);
        }
    }
    return l;
}

TimelineView::Colors TimelineView::colors() const
{
    const QPalette& pal = palette();
    Colors c;
    c.text = pal.color(QPalette::Text);
    c.base = pal.color(QPalette::Base);
    c.faint = mix(c.base, c.text, 0.15);
    c.accent = pal.color(QPalette::Highlight);
    c.reset = mix(QColor(230, 140, 30), c.text, 0.1);
    c.saved = savedRouteColour(pal);
    return c;
}

void TimelineView::drawSavedShape(QPainter& p, EventKind kind, const QRectF& r, const Colors& c)
{
    // Outlines only, so that the edited route's shapes stay the ones that read as filled.
    const QPointF m = r.center();
    QPen dashed(c.saved, 1.3, Qt::DashLine);
    QPen solid(c.saved, 1.3);
    p.setBrush(Qt::NoBrush);
    switch (kind) {
    case EventKind::Attempt:
        p.setPen(solid);
        p.drawEllipse(m, 2.5, 2.5);
        break;
    case EventKind::RetryWait:
    case EventKind::WaitForReset:
        p.setPen(dashed);
        if (kind == EventKind::WaitForReset)  // hatched, as the reset wait above it
            p.setBrush(QBrush(c.saved, Qt::BDiagPattern));
        p.drawRect(r);
        break;
    case EventKind::Skip: {
        p.setPen(solid);
        QPainterPath head;  // a small chevron: on to the next candidate
        head.moveTo(m.x() - 3, m.y() - 2);
        head.lineTo(m.x(), m.y() + 2);
        head.lineTo(m.x() + 3, m.y() - 2);
        p.drawPath(head);
        break;
    }
    case EventKind::Stop:
        p.setPen(solid);
        p.drawRect(r.adjusted(0.5, 0.5, -0.5, -0.5));
        break;
    case EventKind::Success:
        p.setPen(solid);
        p.drawPolygon(QPolygonF({{m.x(), r.top()}, {r.right(), m.y()}, {m.x(), r.bottom()}, {r.left(), m.y()}}));
        break;
    case EventKind::Exhausted:
        p.setPen(solid);
        p.drawPolygon(QPolygonF({{r.left(), r.bottom()}, {r.right(), r.bottom()}, {m.x(), r.top()}}));
        break;
    case EventKind::ConfigError:
        p.setPen(solid);
        p.drawLine(r.topLeft(), r.bottomRight());
        p.drawLine(r.bottomLeft(), r.topRight());
        break;
    case EventKind::CircuitOpen:
        p.setPen(dashed);
        p.drawRoundedRect(r, 2, 2);
        break;
    case EventKind::Truncated: break;
    }
    p.setBrush(Qt::NoBrush);
}

void TimelineView::drawShape(QPainter& p, EventKind kind, const QRectF& r, const Colors& c)
{
    const QColor stopColor(208, 48, 48);
    const QColor successColor(46, 157, 79);
    const QPointF m = r.center();
    switch (kind) {
    case EventKind::Attempt:
        p.setPen(QPen(c.accent.darker(130), 1.5));
        p.setBrush(c.accent);
        p.drawEllipse(m, 5, 5);
        break;
    case EventKind::RetryWait:
    case EventKind::WaitForReset: {
        const bool reset = kind == EventKind::WaitForReset;
        QColor fill = reset ? c.reset : c.accent;
        fill.setAlpha(reset ? 170 : 110);
        p.setPen(QPen(fill.darker(140), 1));
        p.setBrush(fill);
        p.drawRoundedRect(r, 3, 3);
        if (reset) {  // hatching tells a reset wait from a retry wait without colour
            p.setBrush(QBrush(mix(c.reset, c.text, 0.5), Qt::BDiagPattern));
            p.drawRoundedRect(r, 3, 3);
        }
        break;
    }
    case EventKind::Skip: {
        p.setPen(QPen(mix(c.base, c.text, 0.6), 1.5));
        const double y1 = r.top() + 6;
        const double y2 = r.bottom() - 6;
        p.drawLine(QPointF(m.x(), y1), QPointF(m.x(), y2));
        QPainterPath head;
        head.moveTo(m.x() - 4, y2 - 6);
        head.lineTo(m.x(), y2);
        head.lineTo(m.x() + 4, y2 - 6);
        p.drawPath(head);
        break;
    }
    case EventKind::Stop:
        p.setPen(QPen(stopColor.darker(130), 1.5));
        p.setBrush(stopColor);
        p.drawRect(QRectF(m.x() - 6, m.y() - 6, 12, 12));
        break;
    case EventKind::Success:
        p.setPen(QPen(successColor.darker(130), 1.5));
        p.setBrush(successColor);
        p.drawPolygon(QPolygonF({{m.x(), m.y() - 7}, {m.x() + 7, m.y()}, {m.x(), m.y() + 7}, {m.x() - 7, m.y()}}));
        break;
    case EventKind::Exhausted:
        p.setPen(QPen(c.text, 1.5));
        p.setBrush(mix(c.base, c.text, 0.35));
        p.drawPolygon(QPolygonF({{m.x() - 7, m.y() + 6}, {m.x() + 7, m.y() + 6}, {m.x(), m.y() - 7}}));
        break;
    case EventKind::ConfigError:
        p.setPen(QPen(stopColor, 2.5));
        p.drawLine(QPointF(m.x() - 6, m.y() - 6), QPointF(m.x() + 6, m.y() + 6));
        p.drawLine(QPointF(m.x() - 6, m.y() + 6), QPointF(m.x() + 6, m.y() - 6));
        break;
    case EventKind::CircuitOpen:  // a pause sign: kandev will not select this candidate yet
        p.setPen(QPen(mix(c.base, c.text, 0.6), 1));
        p.setBrush(mix(c.base, c.reset, 0.35));
        p.drawRoundedRect(QRectF(m.x() - 7, m.y() - 7, 14, 14), 3, 3);
        p.setPen(Qt::NoPen);
        p.setBrush(c.text);
        p.drawRect(QRectF(m.x() - 4, m.y() - 4, 3, 8));
        p.drawRect(QRectF(m.x() + 1, m.y() - 4, 3, 8));
        break;
    case EventKind::Truncated: break;
    }
    p.setBrush(Qt::NoBrush);
}

std::vector<double> TimelineView::axisTicks(std::int64_t total) const
{
    std::vector<double> ticks {0};
    if (m_log) {
        for (const auto t : kLogTicks)
            if (t <= total)
                ticks.push_back(double(t));
        return ticks;
    }
    std::int64_t step = kLinearSteps[std::size(kLinearSteps) - 1];
    for (const auto s : kLinearSteps) {
        if (total / s <= 8) {
            step = s;
            break;
        }
    }
    for (std::int64_t t = step; t <= total; t += step)
        ticks.push_back(double(t));
    return ticks;
}

void TimelineView::renderAxis(QPainter& p, double width, double top, double lanesBottom) const
{
    if (!m_preview || m_preview->candidates().empty())
        return;
    const Colors c = colors();
    const Layout l = layout(QSize(int(width), 1), 0, kLaneHeight);
    const QFontMetricsF fm(p.font());
    const double lineY = top + kAxisHeight - 4;
    p.setPen(QPen(c.faint, 1));
    p.drawLine(QPointF(l.left, lineY), QPointF(l.left + l.width, lineY));
    double lastLabelRight = -1e9;
    for (const double t : axisTicks(l.total)) {
        const double x = position(std::int64_t(t), l.left, l.width, l.total);
        p.setPen(QPen(c.faint, 1));
        p.drawLine(QPointF(x, lineY - 4), QPointF(x, std::max(lineY, lanesBottom)));
        const QString label = model::PolicyText::duration(std::int64_t(t));
        const double w = fm.horizontalAdvance(label);
        if (x - w / 2 > lastLabelRight + 6 && x + w / 2 <= width) {
            p.setPen(mix(c.base, c.text, 0.7));
            p.drawText(QPointF(x - w / 2, lineY - 8), label);
            lastLabelRight = x + w / 2;
        }
    }
}

void TimelineView::renderLanes(QPainter& p, const QSize& size, double top, bool decorations, double laneHeight) const
{
    p.setRenderHint(QPainter::Antialiasing);
    const Colors c = colors();
    if (!m_preview || m_preview->candidates().empty()) {
        p.setPen(c.text);
        p.drawText(QRectF(QPointF(0, top), QSizeF(size)), Qt::AlignHCenter | Qt::AlignTop,
            tr("Open a dynamic profile to preview its retry timeline."));
        return;
    }
    const Layout l = layout(size, top, laneHeight);
    const auto& timeline = m_preview->timeline();
    const QFontMetricsF fm(p.font());

    // Lanes with the candidates' names, and the tick lines through them.
    const std::size_t candidateLanes = m_preview->candidates().size();
    for (std::size_t i = 0; i < l.laneY.size(); ++i) {
        const QRectF lane(0, l.laneY[i] - laneHeight / 2, size.width(), laneHeight);
        if (i % 2 == 1)
            p.fillRect(lane, mix(c.base, c.text, 0.04));
        p.setPen(i >= candidateLanes                 ? c.saved
                : m_preview->candidates()[i].enabled ? c.text
                                                     : mix(c.base, c.text, 0.45));
        p.drawText(QRectF(8, lane.top(), l.left - 16, laneHeight), Qt::AlignVCenter | Qt::AlignLeft,
            fm.elidedText(laneLabel(i), Qt::ElideRight, l.left - 16));
    }
    for (const double t : axisTicks(l.total)) {
        const double x = position(std::int64_t(t), l.left, l.width, l.total);
        p.setPen(QPen(c.faint, 1, Qt::DotLine));
        p.drawLine(QPointF(x, top), QPointF(x, l.bottomOfLanes));
    }
    if (drawsSaved()) {
        const auto& saved = m_preview->savedRoute().saved.events;
        for (std::size_t i = 0; i < saved.size(); ++i)
            drawSavedShape(p, saved[i].kind, l.saved[i], c);
    }
    for (std::size_t i = 0; i < timeline.events.size(); ++i)
        drawShape(p, timeline.events[i].kind, l.hits[i], c);

    // Labels never overlap: each lane keeps the spans already written, and
    // labels go in order of importance (the outcome first, then the waits,
    // each wait label shortened to its duration before it is dropped).
    std::vector<std::vector<std::pair<double, double>>> taken(l.laneY.size() + 1);
    const auto laneOf = [&](const policy::TimelineEvent& e) {
        return e.kind == EventKind::Exhausted || e.kind == EventKind::Truncated
            ? l.laneY.size()
            : std::min(e.candidateIndex, l.laneY.size());
    };
    const auto place = [&](std::size_t lane, double x, const QString& label, double y) {
        const double w = fm.horizontalAdvance(label);
        if (x < 0 || x + w > size.width())
            return false;
        for (const auto& [a, b] : taken[lane])
            if (x < b + 4 && x + w > a - 4)
                return false;
        taken[lane].emplace_back(x, x + w);
        p.setPen(c.text);
        p.drawText(QPointF(x, y), label);
        return true;
    };
    for (std::size_t i = 0; i < timeline.events.size(); ++i) {
        const auto& e = timeline.events[i];
        QString label;
        switch (e.kind) {
        case EventKind::Stop: label = tr("stop: action required"); break;
        case EventKind::Success: label = tr("success"); break;
        case EventKind::Exhausted: label = tr("no eligible candidate left"); break;
        case EventKind::ConfigError: label = tr("configuration error"); break;
        case EventKind::Truncated: label = tr("… (event limit)"); break;
        case EventKind::CircuitOpen: label = tr("paused by kandev (circuit open)"); break;
        default: continue;
        }
        const QPointF m = l.hits[i].center();
        const double w = fm.horizontalAdvance(label);
        const double y = m.y() + fm.ascent() / 2 - 1;
        // On the left, a marker beside its attempt's dot keeps the dot clear too.
        const bool besideAttempt = m.x() > position(e.offsetSeconds, l.left, l.width, l.total) + 1;
        if (!place(laneOf(e), m.x() + 10, label, y))
            place(laneOf(e), m.x() - 10 - w - (besideAttempt ? kOutcomeGap : 0), label, y);
    }
    for (std::size_t i = 0; i < timeline.events.size(); ++i) {
        const auto& e = timeline.events[i];
        if (e.kind != EventKind::RetryWait && e.kind != EventKind::WaitForReset)
            continue;
        const QRectF r = l.hits[i];
        const QString shortLabel = model::PolicyText::duration(e.delaySeconds);
        const QString label = e.kind == EventKind::WaitForReset ? tr("reset wait %1").arg(shortLabel) : shortLabel;
        for (const QString& candidate : {label, shortLabel}) {
            const double x = std::max(r.left() + 1, r.center().x() - fm.horizontalAdvance(candidate) / 2);
            if (place(laneOf(e), x, candidate, r.top() - 3))
                break;
        }
    }
    if (!decorations)
        return;
    for (std::size_t i = 0; i < timeline.events.size(); ++i) {
        if (int(i) == m_focus || int(i) == m_hover) {
            p.setPen(QPen(c.text, 1, int(i) == m_focus ? Qt::DashLine : Qt::DotLine));
            p.drawRect(l.hits[i].adjusted(-3, -3, 3, 3));
        }
    }
}

QList<QPair<EventKind, QString>> TimelineView::legendEntries()
{
    // Short, so that the legend takes one row; the legend's tool tip says more.
    return {{EventKind::Attempt, tr("attempt")}, {EventKind::RetryWait, tr("retry wait")},
        {EventKind::WaitForReset, tr("reset wait")}, {EventKind::Skip, tr("skip")}, {EventKind::Success, tr("success")},
        {EventKind::Stop, tr("stop")}, {EventKind::Exhausted, tr("none left")}, {EventKind::ConfigError, tr("invalid")},
        {EventKind::CircuitOpen, tr("paused")}};
}

QString TimelineView::legendDescription()
{
    return model::PolicyText::joinSentences(
        {tr("A dot is an attempt. A plain bar is the wait before a retry of the same candidate; a hatched bar is a "
            "wait for the provider's reset. An arrow skips to the next candidate. The cycle ends in a diamond "
            "(success), a square (stop: a person must act), a triangle (no eligible candidate left) or a cross (a "
            "candidate with invalid policies). A pause sign marks a candidate kandev passes over because its "
            "circuit is open (live routes only)."),
            tr("While the profile is edited, the route as saved runs under it in each lane, in small outlined and "
               "dashed shapes (Compare with saved).")});
}

namespace
{
// Where each legend entry goes: entries flow left to right and wrap.
struct LegendFlow {
    std::vector<QPointF> origins;  // top left of each entry
    double height = 0;
};

LegendFlow flowLegend(
    const QList<QPair<EventKind, QString>>& entries, const QFontMetricsF& fm, double width, double top)
{
    LegendFlow flow;
    const double rowHeight = std::max(22.0, fm.height() + 8);
    double x = 8, y = top;
    for (const auto& entry : entries) {
        const double w = 30 + fm.horizontalAdvance(entry.second) + 18;
        if (x + w > width && x > 8) {
            x = 8;
            y += rowHeight;
        }
        flow.origins.emplace_back(x, y);
        x += w;
    }
    flow.height = y + rowHeight - top;
    return flow;
}
}  // namespace

QString TimelineView::savedLegendLabel() const
{
    //: the legend's entry for the saved route, drawn dashed under the edited one
    return drawsSaved() ? tr("saved, before the edit") : QString();
}

double TimelineView::legendHeight(const QFont& font, double width) const
{
    auto entries = shownLegendEntries();
    if (const QString saved = savedLegendLabel(); !saved.isEmpty())
        entries.append({EventKind::Truncated, saved});  // the slot of the saved route's entry
    return flowLegend(entries, QFontMetricsF(font), width, 0).height;
}

double TimelineView::legendWidth(const QFont& font) const
{
    auto entries = shownLegendEntries();
    if (const QString saved = savedLegendLabel(); !saved.isEmpty())
        entries.append({EventKind::Truncated, saved});
    const QFontMetricsF fm(font);
    double width = 8;
    for (const auto& entry : entries)
        width += 30 + fm.horizontalAdvance(entry.second) + 18;  // as flowLegend places them
    return width;
}

QList<QPair<EventKind, QString>> TimelineView::shownLegendEntries() const
{
    // The shapes this picture uses: a short legend keeps to one row in every language.
    QList<QPair<EventKind, QString>> entries = legendEntries();
    if (!m_preview || m_preview->timeline().events.empty())
        return entries;
    const auto& events = m_preview->timeline().events;
    entries.removeIf([&events](const QPair<EventKind, QString>& entry) {
        return std::none_of(
            events.begin(), events.end(), [&entry](const policy::TimelineEvent& e) { return e.kind == entry.first; });
    });
    return entries;
}

double TimelineView::renderLegend(QPainter& p, double width, double top) const
{
    const Colors c = colors();
    const QFontMetricsF fm(p.font());
    const double rowHeight = std::max(22.0, fm.height() + 8);
    auto entries = shownLegendEntries();
    const qsizetype savedEntry = savedLegendLabel().isEmpty() ? -1 : entries.size();
    if (savedEntry >= 0)
        entries.append({EventKind::Truncated, savedLegendLabel()});  // drawn below as the saved route's sample
    const LegendFlow flow = flowLegend(entries, fm, width, top);
    for (qsizetype i = 0; i < entries.size(); ++i) {
        const auto& [kind, text] = entries[i];
        const double x = flow.origins[std::size_t(i)].x();
        const double y = flow.origins[std::size_t(i)].y();
        const double mid = y + rowHeight / 2;
        if (i == savedEntry) {  // a dashed wait between two attempts, as the saved route is drawn
            drawSavedShape(p, EventKind::RetryWait, QRectF(x + 4, mid - 2.5, 18, 5), c);
            drawSavedShape(p, EventKind::Attempt, QRectF(x, mid - 4, 8, 8), c);
            drawSavedShape(p, EventKind::Attempt, QRectF(x + 18, mid - 4, 8, 8), c);
            p.setPen(c.text);
            p.drawText(QPointF(x + 30, mid + fm.ascent() / 2 - 1), text);
            continue;
        }
        QRectF shape = kind == EventKind::RetryWait || kind == EventKind::WaitForReset ? QRectF(x, mid - 6, 24, 12)
            : kind == EventKind::Skip                                                  ? QRectF(x + 7, mid - 16, 10, 32)
                                                                                       : QRectF(x + 5, mid - 7, 14, 14);
        p.save();
        p.setClipRect(QRectF(x, y, 26, rowHeight));
        drawShape(p, kind, shape, c);
        p.restore();
        p.setPen(c.text);
        p.drawText(QPointF(x + 30, mid + fm.ascent() / 2 - 1), text);
    }
    return flow.height;
}

void TimelineView::render(QPainter& p, const QSize& size) const
{
    // The whole picture, for export: a title, the axis, the lanes, the legend; no focus frames.
    const Colors c = colors();
    p.fillRect(QRectF(QPointF(0, 0), QSizeF(size)), c.base);
    p.setRenderHint(QPainter::Antialiasing);
    QFont bold = p.font();
    bold.setBold(true);
    const QFont normal = p.font();
    p.setFont(bold);
    p.setPen(c.text);
    p.drawText(QPointF(8, 20), exportTitle());
    p.setFont(normal);
    const double axisTop = kTitleHeight;
    const double lanesTop = axisTop + kAxisHeight;
    const Layout l = layout(size, lanesTop, kLaneHeight);
    renderAxis(p, size.width(), axisTop, l.bottomOfLanes);
    renderLanes(p, size, lanesTop, false);
    renderLegend(p, size.width(), l.bottomOfLanes + 8);
}

QString TimelineView::exportTitle() const
{
    if (!m_preview)
        return {};
    const QString scenario = QCoreApplication::translate("gui::TimelinePanel", m_preview->scenario().name.c_str());
    const QString date = QLocale().toString(QDate::currentDate(), QLocale::ShortFormat);
    const QString profile = m_preview->profileTitle();
    return profile.isEmpty() ? tr("%1 — %2").arg(scenario, date) : tr("%1 — %2 — %3").arg(profile, scenario, date);
}

QSize TimelineView::exportSize() const
{
    const int w = std::max(width(), 900);
    return {w, int(kTitleHeight + kAxisHeight + laneCount() * kLaneHeight + 8 + 3 * 26)};
}

void TimelineView::paintEvent(QPaintEvent*)
{
    // The axis is drawn by TimelineAxis above the scrolling lanes.
    QPainter p(this);
    renderLanes(p, size(), kLanesTop, true, screenLaneHeight());
    if (hasFocus()) {
        // The focus mark, on the part of the picture the scroll area shows.
        p.setPen(QPen(palette().color(QPalette::Highlight), 2));
        p.setBrush(Qt::NoBrush);
        p.drawRect(QRectF(visibleRegion().boundingRect()).adjusted(1, 1, -1, -1));
    }
}

TimelineAxis::TimelineAxis(TimelineView* view, QWidget* parent)
    : QWidget(parent)
    , m_view(view)
{
    setObjectName(QStringLiteral("timelineAxis"));
    setBackgroundRole(QPalette::Base);
    setAutoFillBackground(true);
    setFixedHeight(int(kAxisHeight));
    view->installEventFilter(this);
}

bool TimelineAxis::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_view
        && (event->type() == QEvent::Resize || event->type() == QEvent::UpdateRequest
            || event->type() == QEvent::Paint))
        update();
    return QWidget::eventFilter(watched, event);
}

TimelineLegend::TimelineLegend(TimelineView* view, QWidget* parent)
    : QWidget(parent)
    , m_view(view)
{
    setObjectName(QStringLiteral("timelineLegend"));
    setBackgroundRole(QPalette::Base);
    setAutoFillBackground(true);
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
    setToolTip(TimelineView::legendDescription());
    setAccessibleName(tr("Legend"));
    setAccessibleDescription(TimelineView::legendDescription());
}

int TimelineLegend::heightForWidth(int width) const
{
    return int(std::ceil(m_view->legendHeight(font(), width)));
}

QSize TimelineLegend::sizeHint() const
{
    // Every entry in one row: beside the comparison with the saved route it takes no more.
    const int width = int(std::ceil(m_view->legendWidth(font())));
    return {width, heightForWidth(width)};
}

QSize TimelineLegend::minimumSizeHint() const
{
    // Narrower, it flows onto more rows (its height follows the width it gets).
    const QSize hint = sizeHint();
    return {std::min(160, hint.width()), hint.height()};
}

void TimelineLegend::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    m_view->renderLegend(p, width(), 0);
}

void TimelineAxis::paintEvent(QPaintEvent*)
{
    // Positions come from the lanes' width: the lanes' scroll bar must not shift the ticks.
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    m_view->renderAxis(p, m_view->width(), 0, height());
}

int TimelineView::eventAt(const QPoint& pos) const
{
    const Layout l = layout(size(), kLanesTop, screenLaneHeight());
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
    QString text
        = tr("+%1 · %2").arg(model::PolicyText::duration(e.offsetSeconds), model::TimelinePreview::eventTitle(e));
    if (e.kind != EventKind::Exhausted && e.kind != EventKind::Truncated)
        text += QStringLiteral(" · ") + m_preview->candidateLabel(e.candidateIndex);
    const QString details = m_preview->eventDetails(e);
    if (!details.isEmpty())
        text += QStringLiteral("\n") + details;
    const QString why = m_preview->eventReason(std::size_t(m_focus));
    if (!why.isEmpty())
        text += QStringLiteral("\n") + tr("Why: %1").arg(why);
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
        const QRectF r = layout(size(), kLanesTop, screenLaneHeight()).hits[std::size_t(m_focus)];
        QToolTip::showText(mapToGlobal(r.bottomLeft().toPoint()), wrappedTip(focusedEventText()), this);
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
            QToolTip::showText(help->globalPos(), wrappedTip(focusedEventText()), this);
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
    const QSize size = exportSize();
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
    const QSize size = exportSize();
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

}  // namespace gui
