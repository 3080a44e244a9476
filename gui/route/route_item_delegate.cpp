// SPDX-License-Identifier: Apache-2.0
#include "route/route_item_delegate.h"

#include "controls/colour_mix.h"
#include "window/colour_scheme.h"

#include "model/candidate_list_model.h"

#include <QApplication>
#include <QPainter>
#include <QPainterPath>

namespace gui
{

namespace
{
constexpr int kPadding = 4;
constexpr int kBadgePadding = 5;

}  // namespace

QSize RouteItemDelegate::sizeHint(const QStyleOptionViewItem& option, const QModelIndex&) const
{
    const QFontMetrics fm(option.font);
    return {fm.averageCharWidth() * 24, 2 * fm.height() + 3 * kPadding};
}

void RouteItemDelegate::paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const
{
    QStyleOptionViewItem opt = option;
    initStyleOption(&opt, index);
    const QString name = opt.text;
    opt.text.clear();
    // Background, selection and focus as the style draws them.
    QStyle* style = opt.widget ? opt.widget->style() : QApplication::style();
    style->drawControl(QStyle::CE_ItemViewItem, &opt, painter, opt.widget);

    using model::CandidateListModel;
    const bool selected = opt.state & QStyle::State_Selected;
    const QPalette::ColorGroup group = opt.state & QStyle::State_Enabled ? QPalette::Normal : QPalette::Disabled;
    const QColor text = opt.palette.color(group, selected ? QPalette::HighlightedText : QPalette::Text);
    const QColor secondary = mix(opt.palette.color(group, selected ? QPalette::Highlight : QPalette::Base), text, 0.7);
    const QString position = index.model()->headerData(index.row(), Qt::Vertical, Qt::DisplayRole).toString();
    const QString summary = index.siblingAtColumn(CandidateListModel::SummaryColumn).data().toString();
    const QString badge = index.data(CandidateListModel::StatusTextRole).toString();
    const int issues = index.data(CandidateListModel::IssueCountRole).toInt();
    // A broken candidate rule stops a save as an issue does; the warning alone does not.
    const bool error = issues > 0
        || model::CandidateRules::fromBits(index.data(CandidateListModel::CandidateRulesRole).toUInt()).hasError();

    painter->save();
    const QFontMetrics fm(opt.font);
    const QRect r = opt.rect.adjusted(kPadding + 2, kPadding, -kPadding, -kPadding);
    const QRect firstLine(r.left(), r.top(), r.width(), fm.height());
    const QRect secondLine(r.left(), r.top() + fm.height() + kPadding, r.width(), fm.height());

    // The name comes first and whole where the row allows: the badge stands
    // beside it when both fit, otherwise it opens the second line, before the summary.
    QFont bold = opt.font;
    bold.setBold(true);
    const QFontMetrics bfm(bold);
    const QString title = tr("%1. %2").arg(position, name);
    QFont small = opt.font;
    small.setPointSizeF(small.pointSizeF() * 0.85);
    const QFontMetrics sfm(small);
    const int badgeWidth = badge.isEmpty() ? 0 : sfm.horizontalAdvance(badge) + 2 * kBadgePadding;
    const bool badgeBesideName
        = badge.isEmpty() || bfm.horizontalAdvance(title) + kBadgePadding + badgeWidth <= firstLine.width();
    int nameRight = firstLine.right();
    int summaryLeft = secondLine.left();
    if (!badge.isEmpty()) {
        const QRect line = badgeBesideName ? firstLine : secondLine;
        const int w = std::min(badgeWidth, line.width());
        const QRect pill(badgeBesideName ? line.right() - w : line.left(), line.top() + 1, w, line.height() - 2);
        const QColor warn = toneText(error ? Tone::Error : Tone::Warning, opt.palette);
        painter->setRenderHint(QPainter::Antialiasing);
        painter->setPen(QPen(warn, 1));
        painter->setBrush(selected ? opt.palette.color(group, QPalette::Base)
                                   : mix(opt.palette.color(group, QPalette::Base), warn, 0.12));
        painter->drawRoundedRect(QRectF(pill).adjusted(0.5, 0.5, -0.5, -0.5), 4, 4);
        painter->setFont(small);
        painter->setPen(warn);
        painter->drawText(pill, Qt::AlignCenter, sfm.elidedText(badge, Qt::ElideRight, w - 2 * kBadgePadding));
        if (badgeBesideName)
            nameRight = pill.left() - kBadgePadding;
        else
            summaryLeft = pill.right() + kBadgePadding;
    }
    painter->setFont(bold);
    painter->setPen(text);
    const QRect nameRect(
        firstLine.left(), firstLine.top(), std::max(0, nameRight - firstLine.left()), firstLine.height());
    painter->drawText(
        nameRect, Qt::AlignVCenter | Qt::AlignLeft, bfm.elidedText(title, Qt::ElideRight, nameRect.width()));
    painter->setFont(opt.font);
    painter->setPen(secondary);
    const QRect summaryRect(
        summaryLeft, secondLine.top(), std::max(0, secondLine.right() - summaryLeft), secondLine.height());
    painter->drawText(
        summaryRect, Qt::AlignVCenter | Qt::AlignLeft, fm.elidedText(summary, Qt::ElideRight, summaryRect.width()));
    painter->restore();
}

}  // namespace gui
