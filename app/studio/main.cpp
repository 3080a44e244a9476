// SPDX-License-Identifier: Apache-2.0
// Policy Studio: the desktop editor for kandev candidate policies.
#include "window/colour_scheme.h"
#include "window/main_window.h"
#include "timeline/timeline_panel.h"

#include "translations.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QTimer>

#include <cstdio>

namespace
{

// Reports the first paint of the main window after its document is open.
class FirstPaintProbe final : public QObject
{
public:
    FirstPaintProbe(QElapsedTimer started, gui::MainWindow* window, bool withDocument)
        : m_started(started)
        , m_window(window)
        , m_withDocument(withDocument)
    {
    }
    bool eventFilter(QObject* watched, QEvent* event) override
    {
        // With a file: the first paint that shows it; without: the start page's.
        if (event->type() == QEvent::Paint && watched == m_window && (m_window->document() || !m_withDocument)) {
            std::printf("first paint %.1f ms after main()\n", double(m_started.nsecsElapsed()) / 1e6);
            std::fflush(stdout);
            QTimer::singleShot(0, qApp, &QApplication::quit);
            m_window->removeEventFilter(this);
        }
        return false;
    }

private:
    QElapsedTimer m_started;
    gui::MainWindow* m_window;
    bool m_withDocument;
};

}  // namespace

int main(int argc, char** argv)
{
    QElapsedTimer started;
    started.start();
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("kandev"));
    QApplication::setApplicationName(QStringLiteral("Policy Studio"));
    QApplication::setApplicationVersion(QStringLiteral(POLICY_STUDIO_VERSION));
    // The launcher entry's id: Wayland's app id, and how a desktop matches the window to its icon.
    QGuiApplication::setDesktopFileName(QStringLiteral("io.github.kandev.PolicyStudio"));

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Edit the recovery policies of kandev dynamic profiles."));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption lang(QStringLiteral("lang"),
        QStringLiteral(
            "User interface language: en, de, pt_PT, zh_CN, zh_HK or zh_TW (or a locale name such as pt_BR)."),
        QStringLiteral("language"));
    parser.addOption(lang);
    // For the docs and for looking at the UI from scripts: grab the window
    // once the file is open, write it as PNG and quit.
    const QCommandLineOption screenshot(
        QStringLiteral("screenshot"), QStringLiteral("Write a PNG of the window and quit."), QStringLiteral("png"));
    parser.addOption(screenshot);
    // For the start-up benchmark: report main() to first paint, then quit.
    const QCommandLineOption firstPaint(QStringLiteral("quit-after-first-paint"),
        QStringLiteral("Print the time from main() to the first painted window and quit."));
    parser.addOption(firstPaint);
    const QCommandLineOption profile(
        QStringLiteral("profile"), QStringLiteral("The dynamic profile to show, by id."), QStringLiteral("id"));
    const QCommandLineOption scenario(QStringLiteral("scenario"),
        QStringLiteral("The timeline scenario preset to show (see policyctl timeline --help)."),
        QStringLiteral("preset"));
    const QCommandLineOption logTime(
        QStringLiteral("log-time"), QStringLiteral("Show the timeline on a logarithmic axis."));
    const QCommandLineOption scheme(QStringLiteral("colour-scheme"),
        QStringLiteral("system, light or dark (for this run; View > Colour Scheme keeps a choice)."),
        QStringLiteral("scheme"));
    // For the install test and bug reports: which translation file the chosen language loads.
    const QCommandLineOption showTranslation(
        QStringLiteral("show-translation"), QStringLiteral("Print the translation file the language loads and quit."));
    parser.addOptions({profile, scenario, logTime, scheme, showTranslation});
    parser.addPositionalArgument(QStringLiteral("file"),
        QStringLiteral("A dynamic profile document to open, or a kandev database: a SQLite file, "
                       "sqlite:PATH or postgres://user@host:port/name (the password from "
                       "KANDEV_DATABASE_PASSWORD or PGPASSWORD, or asked for)."));
    parser.process(app);
    const QString language = parser.isSet(lang) ? i18n::install(parser.value(lang)) : i18n::install(QLocale::system());
    if (parser.isSet(showTranslation)) {
        const QString file = i18n::installedFile();
        std::printf("%s: %s\n", qPrintable(language), file.isEmpty() ? "no translation file found" : qPrintable(file));
        if (std::fflush(stdout) != 0 || std::ferror(stdout)) {
            std::fprintf(stderr, "policy-studio: cannot write to standard output\n");
            return 2;
        }
        return file.isEmpty() ? 1 : 0;
    }
    gui::ColourScheme colours = gui::storedColourScheme();
    if (parser.isSet(scheme)) {
        bool ok = false;
        colours = gui::colourSchemeFromName(parser.value(scheme), &ok);
        if (!ok) {
            std::fprintf(stderr, "policy-studio: --colour-scheme takes system, light or dark, not \"%s\"\n",
                qPrintable(parser.value(scheme)));
            return 2;
        }
    }
    gui::applyColourScheme(colours);

    gui::MainWindow window;
    // View options apply once the file is open.
    auto applyViewOptions = [&] {
        if (auto* doc = window.document(); doc && parser.isSet(profile)) {
            for (const int index : doc->dynamicProfiles()) {
                if (QString::fromStdString(doc->document().profiles[std::size_t(index)].id) == parser.value(profile))
                    doc->setCurrentProfile(index);
            }
        }
        auto* panel = window.timelinePanel();
        if (parser.isSet(scenario))
            panel->scenarioBox()->setCurrentIndex(std::max(0, panel->scenarioBox()->findData(parser.value(scenario))));
        panel->logBox()->setChecked(parser.isSet(logTime));
    };
    const QStringList files = parser.positionalArguments();
    FirstPaintProbe probe(started, &window, !files.isEmpty());
    if (parser.isSet(firstPaint)) {
        window.installEventFilter(&probe);
        if (!files.isEmpty()
            && window.openFromCommandLine(files.first()))  // before show: the first paint shows the document
            applyViewOptions();
    } else if (!files.isEmpty()) {
        QTimer::singleShot(0, &window, [&window, &applyViewOptions, path = files.first()] {
            if (window.openFromCommandLine(path))
                applyViewOptions();
        });
    }
    if (window.startsMaximized())
        window.showMaximized();
    else
        window.show();
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
