#pragma once
// View > Colour Scheme: the desktop's palette, or Policy Studio's own light
// or dark one (Fusion), kept in the settings.

#include <QString>

namespace widgets {

enum class ColourScheme { System, Light, Dark };

ColourScheme storedColourScheme();
void storeColourScheme(ColourScheme scheme);
// "system", "light", "dark"; nullopt-like System for anything else, with ok = false.
ColourScheme colourSchemeFromName(const QString& name, bool* ok = nullptr);
// Applies to the whole application; call after QApplication exists.
void applyColourScheme(ColourScheme scheme);

}  // namespace widgets
