// SPDX-License-Identifier: Apache-2.0
// Opening an export whose dynamic profile has N candidates: file read,
// check, EditorDocument, and the candidate model populated (every cell read once).
#include "model/candidate_list_model.h"
#include "model/editor_document.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>

#include <cstdio>

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    const int n = argc > 1 ? std::atoi(argv[1]) : 1000;
    QString json = QStringLiteral(
        "{\"profiles\": [{\"id\": \"dyn\", \"name\": \"Big\", \"dynamic\": {\"version\": 1, \"candidates\": [\n");
    for (int i = 0; i < n; ++i) {
        json += QStringLiteral(
            "{\"position\": %1, \"execution_profile_id\": \"agent-%2\", \"enabled\": true, \"policies\": "
            "{\"version\": 1, \"transient\": {\"retry\": {\"enabled\": true, \"max_retries\": 3, "
            "\"initial_interval_seconds\": 5}, \"wait_for_reset\": {\"enabled\": false, "
            "\"max_wait_seconds\": 0}, \"on_exhausted\": \"skip\"}, \"hard\": {\"retry\": {\"enabled\": "
            "false, \"max_retries\": 0, \"initial_interval_seconds\": 0}, \"wait_for_reset\": "
            "{\"enabled\": true, \"max_wait_seconds\": 300}, \"on_exhausted\": \"stop\"}}}%3\n")
                    .arg(i)
                    .arg(i % 7)
                    .arg(i + 1 < n ? QStringLiteral(",") : QString());
    }
    json += QStringLiteral("]}}");
    for (int i = 0; i < 7; ++i)
        json += QStringLiteral(
            ", {\"id\": \"agent-%1\", \"name\": \"Agent %1\", \"kind\": \"concrete\", \"enabled\": true}")
                    .arg(i);
    json += QStringLiteral("]}\n");
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("big.json"));
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return 2;
    f.write(json.toUtf8());
    f.close();

    QElapsedTimer timer;
    timer.start();
    model::LoadResult loaded = model::loadDocumentFile(path);
    const double loadedMs = double(timer.nsecsElapsed()) / 1e6;
    model::EditorDocument doc(std::move(*loaded.document), path, loaded.bytes);
    model::CandidateListModel m;
    m.setDocument(&doc);
    int cells = 0;
    for (int row = 0; row < m.rowCount(); ++row) {
        for (int column = 0; column < m.columnCount(); ++column) {
            cells += m.index(row, column).data(Qt::DisplayRole).isValid() ? 1 : 0;
            cells += m.index(row, column).data(Qt::CheckStateRole).isValid() ? 1 : 0;
        }
    }
    const double totalMs = double(timer.nsecsElapsed()) / 1e6;
    std::printf("open an export with %d candidates: %.1f ms read + checked, %.1f ms with the model populated (%d rows, "
                "%d cells)\n",
        n, loadedMs, totalMs, m.rowCount(), cells);
    return 0;
}
