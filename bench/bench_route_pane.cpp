// SPDX-License-Identifier: Apache-2.0
// The Route dock with a kandev-sized export: N dynamic profiles of 5
// candidates each. Times opening it in the real main window, typing a filter
// that narrows the profile list, and switching profiles.
#include "window/main_window.h"
#include "route/route_pane.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QLineEdit>
#include <QListView>
#include <QTemporaryDir>
#include <QTest>

#include <cstdio>

int main(int argc, char** argv)
{
    QApplication app(argc, argv);
    const int profiles = argc > 1 ? std::atoi(argv[1]) : 1000;
    QString json = QStringLiteral("{\"profiles\": [\n");
    for (int p = 0; p < profiles; ++p) {
        json += QStringLiteral(
            "{\"id\": \"dyn-%1\", \"name\": \"Route %1\", \"dynamic\": {\"version\": 1, \"candidates\": [")
                    .arg(p);
        for (int c = 0; c < 5; ++c) {
            json += QStringLiteral(
                "%1{\"position\": %2, \"execution_profile_id\": \"agent-%2\", \"enabled\": true, \"policies\": "
                "{\"version\": 1, \"transient\": {\"retry\": {\"enabled\": true, \"max_retries\": 3, "
                "\"initial_interval_seconds\": 5}, \"wait_for_reset\": {\"enabled\": false, "
                "\"max_wait_seconds\": 0}, \"on_exhausted\": \"skip\"}, \"hard\": {\"retry\": {\"enabled\": "
                "false, \"max_retries\": 0, \"initial_interval_seconds\": 0}, \"wait_for_reset\": "
                "{\"enabled\": true, \"max_wait_seconds\": 300}, \"on_exhausted\": \"stop\"}}}")
                        .arg(c == 0 ? QString() : QStringLiteral(","))
                        .arg(c);
        }
        json += QStringLiteral("]}},\n");
    }
    for (int i = 0; i < 5; ++i)
        json += QStringLiteral(
            "{\"id\": \"agent-%1\", \"name\": \"Agent %1\", \"kind\": \"concrete\", \"enabled\": true}%2\n")
                    .arg(i)
                    .arg(i < 4 ? QStringLiteral(",") : QString());
    json += QStringLiteral("]}\n");
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("routes.json"));
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return 2;
    f.write(json.toUtf8());
    f.close();

    gui::MainWindow window;
    window.resize(1366, 768);
    window.show();
    if (!QTest::qWaitForWindowExposed(&window))
        return 2;
    QElapsedTimer timer;
    timer.start();
    if (!window.openFile(path))
        return 1;
    QApplication::processEvents();
    const double openMs = double(timer.nsecsElapsed()) / 1e6;

    QLineEdit* filter = window.routePane()->filterEdit();
    timer.restart();
    QTest::keyClicks(filter, QStringLiteral("route 99"));  // 8 keystrokes, each refilters
    QApplication::processEvents();
    const double filterMs = double(timer.nsecsElapsed()) / 1e6;
    const int shown = window.profileList()->model()->rowCount();
    filter->clear();
    QApplication::processEvents();

    QListView* list = window.profileList();
    timer.restart();
    for (int i = 0; i < 50; ++i) {
        list->setCurrentIndex(list->model()->index((i * 37) % profiles, 0));
        QApplication::processEvents();
    }
    const double switchMs = double(timer.nsecsElapsed()) / 1e6 / 50;
    std::printf("route dock with %d profiles x 5 candidates: open and show %.0f ms; filter typed (8 keys, %d profiles "
                "left) %.1f ms; "
                "profile switch %.2f ms each\n",
        profiles, openMs, shown, filterMs, switchMs);
    return 0;
}
