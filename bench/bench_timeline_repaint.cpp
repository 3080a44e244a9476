// SPDX-License-Identifier: Apache-2.0
// After a setting change on a 10-candidate profile: simulation (through the
// model) plus a full repaint of the timeline view, offscreen.
#include "timeline/timeline_view.h"

#include "model/commands.h"
#include "model/editor_document.h"
#include "model/timeline_preview.h"

#include "format/codec.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QImage>
#include <QPainter>

#include <algorithm>
#include <cstdio>
#include <vector>

int main(int argc, char** argv)
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    std::string json = "{\"candidates\": [";
    for (int i = 0; i < 10; ++i) {
        json += std::string(i ? "," : "") + "{\"position\": " + std::to_string(i)
            + ", \"execution_profile_id\": \"agent-" + std::to_string(i)
            + "\", \"policies\": {\"version\": 1, \"transient\": {\"retry\": {\"enabled\": true, "
              "\"max_retries\": 10, \"initial_interval_seconds\": 60}, \"wait_for_reset\": {\"enabled\": true, "
              "\"max_wait_seconds\": 3600}, "
              "\"on_exhausted\": \"skip\"}, \"hard\": {\"retry\": {\"enabled\": false, \"max_retries\": 0, "
              "\"initial_interval_seconds\": 0}, "
              "\"wait_for_reset\": {\"enabled\": true, \"max_wait_seconds\": 86400}, \"on_exhausted\": \"skip\"}}}";
    }
    json += "]}";
    auto parsed = format::parseDocument(json);
    model::EditorDocument doc(std::move(*parsed.document), QString(), QByteArray());  // an untitled file
    model::TimelinePreview preview;
    preview.setDocument(&doc);
    gui::TimelineView view;
    view.setPreview(&preview);
    view.resize(1200, 480);
    QImage target(view.size(), QImage::Format_ARGB32_Premultiplied);

    // Each edit leaves the profile unlike the one read: with Compare with saved on (the default), the saved
    // route is simulated, compared and drawn too.
    for (const bool comparing : {false, true}) {
        preview.setComparing(comparing);
        std::vector<double> ms;
        for (int i = 0; i < 200; ++i) {
            policy::PolicyDocument p = *doc.candidate(i % 10).policies;
            p.transient.retry.initialIntervalSeconds = 30 + i % 50;
            QElapsedTimer timer;
            timer.start();
            doc.undoStack()->push(
                new model::SetPoliciesCommand(&doc, i % 10, p, QStringLiteral("edit")));  // recomputes
            QPainter painter(&target);
            view.render(painter, view.size());
            painter.end();
            ms.push_back(double(timer.nsecsElapsed()) / 1e6);
        }
        std::sort(ms.begin(), ms.end());
        std::printf("setting change -> simulation + repaint, 10 candidates, %zu events%s: median %.2f ms, p95 %.2f ms, "
                    "max %.2f ms\n",
            preview.timeline().events.size(), comparing ? ", compared with saved" : "", ms[ms.size() / 2],
            ms[ms.size() * 95 / 100], ms.back());
    }
    return 0;
}
