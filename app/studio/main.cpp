// Policy Studio: the desktop editor for kandev candidate policies.
#include "widgets/main_window.h"

#include "translations.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QFileInfo>
#include <QTimer>

int main(int argc, char** argv)
{
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("kandev"));
    QApplication::setApplicationName(QStringLiteral("Policy Studio"));
    QApplication::setApplicationVersion(QStringLiteral(POLICY_STUDIO_VERSION));

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Edit the recovery policies of kandev dynamic profiles."));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption lang(QStringLiteral("lang"), QStringLiteral("User interface language, e.g. de or en."),
                                  QStringLiteral("language"));
    parser.addOption(lang);
    // For the docs and for looking at the UI from scripts: grab the window
    // once the file is open, write it as PNG and quit.
    const QCommandLineOption screenshot(QStringLiteral("screenshot"), QStringLiteral("Write a PNG of the window and quit."),
                                        QStringLiteral("png"));
    parser.addOption(screenshot);
    parser.addPositionalArgument(QStringLiteral("file"), QStringLiteral("A dynamic profile document to open."));
    parser.process(app);
    i18n::install(parser.isSet(lang) ? QLocale(parser.value(lang)) : QLocale::system());

    // Invalid fields are outlined wherever they are (set by the class panels).
    app.setStyleSheet(QStringLiteral("*[invalid=\"true\"] { border: 1px solid #d03030; border-radius: 2px; }"));

    widgets::MainWindow window;
    window.show();
    const QStringList files = parser.positionalArguments();
    if (!files.isEmpty())
        QTimer::singleShot(0, &window, [&window, path = files.first()] { window.openFile(path); });
    if (parser.isSet(screenshot)) {
        QTimer::singleShot(1500, &window, [&window, png = parser.value(screenshot)] {
            // A dialog opened with the file (a migration review) is what the user sees.
            QWidget* shown = QApplication::activeModalWidget() ? QApplication::activeModalWidget() : &window;
            const bool ok = shown->grab().save(png);
            QApplication::exit(ok ? 0 : 1);
        });
    }
    return QApplication::exec();
}
