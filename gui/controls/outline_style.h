// SPDX-License-Identifier: Apache-2.0
#pragma once
// Fusion with control outlines that contrast with the window at least 3:1
// (WCAG 2.1, 1.4.11): Fusion draws them from the window colour made a bit
// darker, which in both of our schemes is barely visible.

#include <QProxyStyle>

namespace gui
{

class OutlineStyle final : public QProxyStyle
{
    Q_OBJECT
public:
    explicit OutlineStyle(QStyle* base);

    void drawPrimitive(PrimitiveElement element, const QStyleOption* option, QPainter* painter,
        const QWidget* widget = nullptr) const override;
    void drawComplexControl(ComplexControl control, const QStyleOptionComplex* option, QPainter* painter,
        const QWidget* widget = nullptr) const override;
};

}  // namespace gui
