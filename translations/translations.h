#pragma once
// Installs the editor's translation for a locale ("de", "en_GB", ...).

#include <QLocale>
#include <QString>

namespace i18n {

// Loads :/i18n/policy-studio_<lang>.qm and Qt's own translations for the
// locale; falls back to English (which supplies plural forms). Returns the
// language actually installed.
QString install(const QLocale& locale);

}  // namespace i18n
