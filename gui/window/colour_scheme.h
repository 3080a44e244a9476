// SPDX-License-Identifier: Apache-2.0
#pragma once
// View > Colour Scheme: the desktop's palette, or Policy Studio's own light
// or dark one (Fusion), kept in the settings.

#include <QColor>
#include <QString>

class QPalette;

namespace gui
{

enum class ColourScheme { System, Light, Dark };

ColourScheme storedColourScheme();
void storeColourScheme(ColourScheme scheme);
// "system", "light", "dark"; nullopt-like System for anything else, with ok = false.
ColourScheme colourSchemeFromName(const QString& name, bool* ok = nullptr);
// Applies to the whole application; call after QApplication exists.
void applyColourScheme(ColourScheme scheme);

// The colours of what the editor flags, chosen once for the palette in use
// (light or dark), so that a message is readable in every scheme.
enum class Tone { Error, Warning };
QColor toneText(Tone tone, const QPalette& palette);  // text, 4.5:1 on the window
QColor toneBackground(Tone tone, const QPalette& palette);  // a quiet band behind that text
// "background-color:…; color:…" for rich text (reviews, details).
QString toneStyle(Tone tone, const QPalette& palette);
// The saved route the timeline draws, dashed, under the edited one: a hue
// of its own, 4.5:1 on the base in the light and the dark palette alike.
QColor savedRouteColour(const QPalette& palette);

}  // namespace gui
