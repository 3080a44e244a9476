// SPDX-License-Identifier: Apache-2.0
#include "window/colour_scheme.h"

#include "controls/outline_style.h"
#include "window/settings.h"

#include <QApplication>
#include <QPalette>
#include <QStyle>
#include <QStyleFactory>

namespace gui
{

namespace
{
QPalette darkPalette()
{
    QPalette p;
    const QColor window(45, 47, 50), base(30, 31, 34), text(228, 230, 233), disabled(130, 133, 138);
    const QColor highlight(61, 126, 202);
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, QColor(38, 40, 43));
    p.setColor(QPalette::ToolTipBase, QColor(60, 63, 67));
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::PlaceholderText, QColor(150, 153, 158));
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, window);
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, QColor(255, 110, 110));
    p.setColor(QPalette::Light, QColor(70, 73, 77));
    p.setColor(QPalette::Midlight, QColor(58, 60, 64));
    p.setColor(QPalette::Mid, QColor(36, 37, 40));
    p.setColor(QPalette::Dark, QColor(25, 26, 28));
    p.setColor(QPalette::Shadow, QColor(10, 10, 10));
    p.setColor(QPalette::Highlight, highlight);
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::Link, QColor(110, 170, 240));
    p.setColor(QPalette::LinkVisited, QColor(170, 140, 230));
    for (auto role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        p.setColor(QPalette::Disabled, role, disabled);
    p.setColor(QPalette::Disabled, QPalette::Highlight, QColor(70, 73, 77));
    return p;
}
}  // namespace

ColourScheme colourSchemeFromName(const QString& name, bool* ok)
{
    if (ok)
        *ok = true;
    if (name == QLatin1String("light"))
        return ColourScheme::Light;
    if (name == QLatin1String("dark"))
        return ColourScheme::Dark;
    if (ok)
        *ok = name == QLatin1String("system");
    return ColourScheme::System;
}

ColourScheme storedColourScheme()
{
    return colourSchemeFromName(settings::colourScheme.value());
}

void storeColourScheme(ColourScheme scheme)
{
    static const char* names[] = {"system", "light", "dark"};
    settings::colourScheme.setValue(QLatin1String(names[int(scheme)]));
}

void applyColourScheme(ColourScheme scheme)
{
    // The desktop's own style and palette, as the application started with them.
    static const QString systemStyle = QApplication::style()->name();
    static const QPalette systemPalette = QApplication::palette();
    if (scheme == ColourScheme::System) {
        QApplication::setStyle(QStyleFactory::create(systemStyle));
        QApplication::setPalette(systemPalette);
        return;
    }
    // Fusion draws every control from the palette, so both schemes look whole;
    // OutlineStyle gives its outlines the contrast they lack.
    QApplication::setStyle(new OutlineStyle(QStyleFactory::create(QStringLiteral("Fusion"))));
    QApplication::setPalette(scheme == ColourScheme::Dark ? darkPalette() : QApplication::style()->standardPalette());
}

namespace
{
bool isDark(const QPalette& palette)
{
    return palette.color(QPalette::Window).lightnessF() < 0.5;
}
}  // namespace

QColor toneText(Tone tone, const QPalette& palette)
{
    if (isDark(palette))
        return tone == Tone::Error ? QColor(255, 130, 130) : QColor(240, 180, 90);
    return tone == Tone::Error ? QColor(170, 30, 30) : QColor(140, 80, 0);
}

QColor toneBackground(Tone tone, const QPalette& palette)
{
    if (isDark(palette))
        return tone == Tone::Error ? QColor(80, 30, 32) : QColor(70, 55, 20);
    return tone == Tone::Error ? QColor(248, 215, 218) : QColor(255, 243, 205);
}

QColor savedRouteColour(const QPalette& palette)
{
    return palette.color(QPalette::Base).lightnessF() < 0.5 ? QColor(190, 160, 235) : QColor(112, 72, 160);
}

QString toneStyle(Tone tone, const QPalette& palette)
{
    return QStringLiteral("background-color:%1; color:%2")
        .arg(toneBackground(tone, palette).name(), toneText(tone, palette).name());
}

}  // namespace gui
