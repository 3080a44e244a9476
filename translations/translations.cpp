// SPDX-License-Identifier: Apache-2.0
#include "translations.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QLibraryInfo>
#include <QTranslator>

namespace i18n
{

namespace
{

QString g_installedFile;

}  // namespace

QString translationsDirectory()
{
    const QString english = QStringLiteral("policy-studio_en.qm");
    const QString installed
        = QDir(QCoreApplication::applicationDirPath())
              .filePath(QStringLiteral("../" POLICY_STUDIO_INSTALL_DATADIR "/policy-studio/translations"));
    for (const QString& dir : {installed, QStringLiteral(POLICY_STUDIO_BUILD_TRANSLATIONS_DIR)}) {
        if (QFileInfo::exists(QDir(dir).filePath(english)))
            return QDir::cleanPath(dir);
    }
    return {};
}

QString installedFile()
{
    return g_installedFile;
}

QString install(const QLocale& locale)
{
    // Qt asks the translator installed last first: English below the chosen
    // language, so that a message the language lacks still gets English
    // plural forms ("1 attempt", never "1 attempt(s)"), whatever the locale.
    static QTranslator* english = nullptr;
    static QTranslator* app = nullptr;
    static QTranslator* qt = nullptr;
    for (QTranslator** t : {&english, &app, &qt}) {
        if (*t) {
            QCoreApplication::removeTranslator(*t);
            delete *t;
            *t = nullptr;
        }
    }
    g_installedFile.clear();
    const QString dir = translationsDirectory();
    english = new QTranslator(QCoreApplication::instance());
    if (english->load(QStringLiteral("policy-studio_en.qm"), dir)) {
        QCoreApplication::installTranslator(english);
        g_installedFile = english->filePath();
    }
    QString language = QStringLiteral("en");
    const QString wanted = locale.name().section(QLatin1Char('_'), 0, 0);
    if (wanted != QLatin1String("en") && wanted != QLatin1String("C")) {
        app = new QTranslator(QCoreApplication::instance());
        if (app->load(locale, QStringLiteral("policy-studio"), QStringLiteral("_"), dir)) {
            QCoreApplication::installTranslator(app);
            g_installedFile = app->filePath();
            language = wanted;
        }
    }
    // Numbers and dates follow the language shown ("3.600 s" in German), not
    // the system's: a sentence never mixes one language's words with another's digits.
    QLocale::setDefault(language == QLatin1String("en") ? QLocale(QLocale::English, QLocale::UnitedStates) : locale);
    // Qt's own words (shortcut names such as "Strg+O", standard buttons),
    // from the system's Qt translations when they are installed.
    qt = new QTranslator(QCoreApplication::instance());
    if (language != QLatin1String("en")
        && qt->load(
            locale, QStringLiteral("qtbase"), QStringLiteral("_"), QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QCoreApplication::installTranslator(qt);
    return language;
}

}  // namespace i18n
