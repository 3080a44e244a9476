// SPDX-License-Identifier: Apache-2.0
#include "controls/outline_style.h"

#include <QPainter>
#include <QStyleOption>

#include <algorithm>
#include <functional>

namespace gui
{

namespace
{

// Window text laid 55 % over the window: 4.3:1 on our dark window, 4.6:1 on Fusion's light one.
QColor boundary(const QPalette& palette)
{
    const QColor back = palette.color(QPalette::Window), fore = palette.color(QPalette::WindowText);
    constexpr double a = 0.55;
    return QColor::fromRgbF(float(back.redF() * (1 - a) + fore.redF() * a),
        float(back.greenF() * (1 - a) + fore.greenF() * a), float(back.blueF() * (1 - a) + fore.blueF() * a));
}

// Draws the outline over what Fusion drew, on the same pixel grid.
void outline(QPainter* painter, const QStyleOption* option, const std::function<void(QPainter*, const QRectF&)>& shape)
{
    if (!(option->state & QStyle::State_Enabled))
        return;  // inactive controls need no contrast (and should look inactive)
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing, true);
    painter->setPen(QPen(boundary(option->palette), 1));
    painter->setBrush(Qt::NoBrush);
    shape(painter, QRectF(option->rect).adjusted(0.5, 0.5, -0.5, -0.5));
    painter->restore();
}

}  // namespace

OutlineStyle::OutlineStyle(QStyle* base)
    : QProxyStyle(base)
{
}

void OutlineStyle::drawPrimitive(
    PrimitiveElement element, const QStyleOption* option, QPainter* painter, const QWidget* widget) const
{
    QProxyStyle::drawPrimitive(element, option, painter, widget);
    const bool focused = option->state & State_HasFocus;  // Fusion's focus colour marks these then
    switch (element) {
    case PE_IndicatorCheckBox: outline(painter, option, [](QPainter* p, const QRectF& r) { p->drawRect(r); }); break;
    case PE_IndicatorRadioButton:
        outline(painter, option, [](QPainter* p, const QRectF& r) {
            // On pixel centres, so that the antialiased circle is not washed out.
            const double radius = std::min(r.width(), r.height()) / 2 - 1;
            p->drawEllipse(r.center(), radius, radius);
        });
        break;
    case PE_FrameLineEdit:
        if (!focused)
            outline(painter, option, [](QPainter* p, const QRectF& r) { p->drawRoundedRect(r, 2, 2); });
        break;
    case PE_PanelButtonCommand:
        if (const auto* button = qstyleoption_cast<const QStyleOptionButton*>(option);
            !focused && !(button && (button->features & QStyleOptionButton::Flat)))
            outline(painter, option,
                [](QPainter* p, const QRectF& r) { p->drawRoundedRect(r.adjusted(0, 1, 0, 0), 2, 2); });
        break;
    default: break;
    }
}

void OutlineStyle::drawComplexControl(
    ComplexControl control, const QStyleOptionComplex* option, QPainter* painter, const QWidget* widget) const
{
    QProxyStyle::drawComplexControl(control, option, painter, widget);
    if (control == CC_SpinBox && !(option->state & State_HasFocus) && option->subControls & SC_SpinBoxFrame)
        outline(painter, option, [](QPainter* p, const QRectF& r) { p->drawRoundedRect(r, 2, 2); });
}

}  // namespace gui
