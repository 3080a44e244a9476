// SPDX-License-Identifier: Apache-2.0
#pragma once
// Installs the editor's translation for a locale ("de", "en_GB", ...).

#include <QLocale>
#include <QString>

namespace i18n
{

// Where the compiled translations (policy-studio_<lang>.qm) are read from:
// share/policy-studio/translations beside an installed binary
// (<prefix>/bin/../share/...), else the build tree's, so that an installed
// copy never reads a build tree's files and a build tree works uninstalled.
// Empty when neither holds them.
QString translationsDirectory();

// Loads policy-studio_<lang>.qm from translationsDirectory() and Qt's own
// translations for the locale; falls back to English (which supplies plural
// forms). Returns the language actually installed.
QString install(const QLocale& locale);

// The file install() loaded for the chosen language ("" for none).
QString installedFile();

}  // namespace i18n
