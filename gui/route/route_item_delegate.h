// SPDX-License-Identifier: Apache-2.0
#pragma once
// One compact route row in two lines: position and name with a status badge
// on the first, the policy summary on the second. Painted, not built from
// widgets, so a long route costs nothing per row.

#include <QStyledItemDelegate>

namespace gui
{

class RouteItemDelegate final : public QStyledItemDelegate
{
    Q_OBJECT
public:
    using QStyledItemDelegate::QStyledItemDelegate;
    void paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const override;
    QSize sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const override;
};

}  // namespace gui
