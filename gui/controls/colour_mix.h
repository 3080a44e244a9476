// SPDX-License-Identifier: Apache-2.0
#pragma once
// A colour between two palette colours, so that painted views derive their
// shades from the palette (light and dark alike) instead of fixed colours.

#include <QColor>

namespace gui
{

// a at t = 0, b at t = 1.
inline QColor mix(const QColor& a, const QColor& b, double t)
{
    return QColor::fromRgbF(float(a.redF() * (1 - t) + b.redF() * t), float(a.greenF() * (1 - t) + b.greenF() * t),
        float(a.blueF() * (1 - t) + b.blueF() * t));
}

}  // namespace gui
