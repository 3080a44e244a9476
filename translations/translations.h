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

// The translation shipped for a locale: "de", "pt_PT" (every Portuguese),
// "zh_CN" (Simplified Chinese), "zh_HK" (Hong Kong, Macao), "zh_TW" (other
// Traditional Chinese), else "en".
QString shippedLanguage(const QLocale& locale);

// Loads policy-studio_<shippedLanguage>.qm from translationsDirectory() and
// Qt's own translations; makes the locale the default for numbers and dates
// when its language is shown, else English (US). Falls back to English
// (which supplies plural forms). Returns the language actually installed.
QString install(const QLocale& locale);

// As above for a name given on the command line ("de", "zh_HK", "pt"), or
// "pseudo": the test locale built from the English sources, every message
// marked, accented and 35 % longer (the build tree's; never installed).
QString install(const QString& requested);

// Installs `language` ("de", "zh_HK", "pseudo") with `locale` for numbers.
QString install(const QString& language, const QLocale& locale);

// The file install() loaded for the chosen language ("" for none).
QString installedFile();

}  // namespace i18n
