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

QString shippedLanguage(const QLocale& locale)
{
    switch (locale.language()) {
    case QLocale::German: return QStringLiteral("de");
    // The one Portuguese shipped: kandev's pt-pt, which Brazil reads too.
    case QLocale::Portuguese: return QStringLiteral("pt_PT");
    case QLocale::Chinese:
        // Hong Kong and Macao read kandev's zh-hk; other Traditional Chinese
        // (Taiwan, or a bare zh_Hant) zh-tw; Simplified (China, Singapore) zh-cn.
        if (locale.territory() == QLocale::HongKong || locale.territory() == QLocale::Macao)
            return QStringLiteral("zh_HK");
        if (locale.script() == QLocale::TraditionalHanScript || locale.territory() == QLocale::Taiwan)
            return QStringLiteral("zh_TW");
        return QStringLiteral("zh_CN");
    default: break;
    }
    return QStringLiteral("en");
}

QString install(const QLocale& locale)
{
    return install(shippedLanguage(locale), locale);
}

QString install(const QString& requested)
{
    // "pseudo" is no locale Qt knows; every other name is one ("zh_HK", "pt").
    if (requested == QLatin1String("pseudo"))
        return install(QStringLiteral("pseudo"), QLocale(QLocale::English, QLocale::UnitedStates));
    return install(QLocale(requested));
}

QString install(const QString& language, const QLocale& locale)
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
    QString shown = QStringLiteral("en");
    if (language != QLatin1String("en")) {
        app = new QTranslator(QCoreApplication::instance());
        // The pseudo locale is built for tests beside the others and never installed.
        const QString pseudoDir = QStringLiteral(POLICY_STUDIO_BUILD_TRANSLATIONS_DIR);
        if (app->load(
                QStringLiteral("policy-studio_") + language, language == QLatin1String("pseudo") ? pseudoDir : dir)) {
            QCoreApplication::installTranslator(app);
            g_installedFile = app->filePath();
            shown = language;
        }
    }
    // Numbers and dates follow the language shown ("3.600 s" in German), not
    // the system's: a sentence never mixes one language's words with another's digits.
    // The pseudo locale reads British numbers and 24-hour times, which hold no English words.
    QLocale::setDefault(shown == QLatin1String("pseudo") ? QLocale(QLocale::English, QLocale::UnitedKingdom)
            : shown == QLatin1String("en")               ? QLocale(QLocale::English, QLocale::UnitedStates)
                                                         : locale);
    // Qt's own words (shortcut names such as "Strg+O", standard buttons),
    // from the system's Qt translations when they are installed: Hong Kong
    // reads Taiwan's, Portugal Brazil's when its own are missing.
    if (shown != QLatin1String("en") && shown != QLatin1String("pseudo")) {
        qt = new QTranslator(QCoreApplication::instance());
        const QString qtDir = QLibraryInfo::path(QLibraryInfo::TranslationsPath);
        const QStringList candidates {shown, shown == QLatin1String("zh_HK") ? QStringLiteral("zh_TW") : QString(),
            shown == QLatin1String("pt_PT") ? QStringLiteral("pt_BR") : QString()};
        for (const QString& name : candidates) {
            if (!name.isEmpty() && qt->load(QStringLiteral("qtbase_") + name, qtDir)) {
                QCoreApplication::installTranslator(qt);
                break;
            }
        }
    }
    return shown;
}

}  // namespace i18n
