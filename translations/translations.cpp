#include "translations.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QTranslator>

namespace i18n {

QString install(const QLocale& locale)
{
    static QTranslator* app = nullptr;
    static QTranslator* qt = nullptr;
    for (QTranslator* t : {app, qt}) {
        if (t) {
            QCoreApplication::removeTranslator(t);
            delete t;
        }
    }
    app = new QTranslator(QCoreApplication::instance());
    QString language = QStringLiteral("en");
    if (app->load(locale, QStringLiteral("policy-studio"), QStringLiteral("_"), QStringLiteral(":/i18n")))
        language = locale.name().section(QLatin1Char('_'), 0, 0);
    else
        (void)app->load(QStringLiteral(":/i18n/policy-studio_en.qm"));
    QCoreApplication::installTranslator(app);
    qt = new QTranslator(QCoreApplication::instance());
    if (qt->load(locale, QStringLiteral("qtbase"), QStringLiteral("_"), QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QCoreApplication::installTranslator(qt);
    return language;
}

}  // namespace i18n
