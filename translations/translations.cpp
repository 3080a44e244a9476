#include "translations.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QTranslator>

namespace i18n {

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
    english = new QTranslator(QCoreApplication::instance());
    if (english->load(QStringLiteral(":/i18n/policy-studio_en.qm")))
        QCoreApplication::installTranslator(english);
    QString language = QStringLiteral("en");
    const QString wanted = locale.name().section(QLatin1Char('_'), 0, 0);
    if (wanted != QLatin1String("en") && wanted != QLatin1String("C")) {
        app = new QTranslator(QCoreApplication::instance());
        if (app->load(locale, QStringLiteral("policy-studio"), QStringLiteral("_"), QStringLiteral(":/i18n"))) {
            QCoreApplication::installTranslator(app);
            language = wanted;
        }
    }
    // Qt's own words (shortcut names such as "Strg+O", standard buttons),
    // from the system's Qt translations when they are installed.
    qt = new QTranslator(QCoreApplication::instance());
    if (language != QLatin1String("en")
        && qt->load(locale, QStringLiteral("qtbase"), QStringLiteral("_"), QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QCoreApplication::installTranslator(qt);
    return language;
}

}  // namespace i18n
