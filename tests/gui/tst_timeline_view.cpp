// SPDX-License-Identifier: Apache-2.0
// The timeline preview: the same events as policyctl, live updates, the
// painted view, its table, exports, keyboard focus and the custom scenario.
#include "dialogs/scenario_editor_dialog.h"
#include "editor/candidate_editor.h"
#include "editor/class_policy_panel.h"
#include "route/candidate_list_panel.h"
#include "window/main_window.h"
#include "timeline/timeline_panel.h"
#include "timeline/timeline_view.h"
#include "window/colour_scheme.h"
#include "window/settings.h"

#include "model/commands.h"
#include "model/timeline_preview.h"

#include "../common/gui_helpers.h"
#include "../common/test_paths.h"
#include "translations.h"

#include <QAbstractItemModelTester>
#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QPushButton>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QFile>
#include <QHeaderView>
#include <QPainter>
#include <QProcess>
#include <QScrollArea>
#include <QScrollBar>
#include <QTabWidget>
#include <QSettings>
#include <QSvgRenderer>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTabBar>
#include <QtTest>

using namespace gui;

namespace
{

std::unique_ptr<model::EditorDocument> open(const QString& path)
{
    model::LoadResult r = model::loadDocumentFile(path);
    if (!r.document)
        qFatal("cannot open %s", qPrintable(path));
    return std::make_unique<model::EditorDocument>(std::move(*r.document), path, r.bytes);
}

QStringList compact(const policy::Timeline& t)
{
    QStringList out;
    for (const auto& e : t.events)
        out << QStringLiteral("%1 %2 %3")
                   .arg(e.offsetSeconds)
                   .arg(QLatin1String(policy::eventKindName(e.kind).data()), QString::fromStdString(e.candidate));
    return out;
}

// Pixels drawn in (or antialiased from) the saved route's colour.
int savedRoutePixels(const QImage& image, const QColor& saved)
{
    int n = 0;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x) {
            const QColor c = image.pixelColor(x, y);
            n += std::abs(c.red() - saved.red()) + std::abs(c.green() - saved.green())
                    + std::abs(c.blue() - saved.blue())
                < 60;
        }
    return n;
}

QSet<QRgb> colours(const QImage& image)
{
    QSet<QRgb> set;
    for (int y = 0; y < image.height(); y += 5)
        for (int x = 0; x < image.width(); x += 5)
            set.insert(image.pixel(x, y));
    return set;
}

}  // namespace

class TestTimelineView final : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void sameEventsAsPolicyctl_data();
    void sameEventsAsPolicyctl();
    void presetsOnTheExport_data();
    void presetsOnTheExport();
    void updatesLiveOnEdits();
    void eventTableMatchesThePicture();
    void eventTableFitsItsDock();
    void pictureShowsEveryAttempt();
    void rendersAndExports();
    void logarithmicAxisChangesThePicture();
    void darkPalette();
    void keyboardMovesFocusAcrossEvents();
    void customScenarioIsSavedInTheSettings();
    void configurationErrorIsSpokenFromItsCode();
    void anEditIsComparedWithTheSavedRoute();
    void theWindowComparesAFieldEdit_data();
    void theWindowComparesAFieldEdit();

private:
    QTemporaryDir m_dir;
};

void TestTimelineView::initTestCase()
{
    QSettings::setDefaultFormat(QSettings::IniFormat);
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, m_dir.filePath(QStringLiteral("settings")));
    QCoreApplication::setOrganizationName(QStringLiteral("kandev-test"));
    QCoreApplication::setApplicationName(QStringLiteral("Timeline Test"));
    i18n::install(QLocale(QLocale::English));
}

void TestTimelineView::sameEventsAsPolicyctl_data()
{
    QTest::addColumn<QString>("preset");
    for (const auto& p : policy::scenarioPresets())
        QTest::newRow(std::string(p.id).c_str()) << QString::fromUtf8(p.id.data(), qsizetype(p.id.size()));
}

void TestTimelineView::sameEventsAsPolicyctl()
{
    QFETCH(QString, preset);
    for (const QString& sample : {QStringLiteral("export.json"), QStringLiteral("legacy-profile.json")}) {
        auto doc = open(testpaths::sample(sample));
        model::TimelinePreview preview;
        preview.setDocument(doc.get());
        preview.setScenario(policy::findScenarioPreset(preset.toStdString())->scenario);

        QProcess cli;
        cli.start(QStringLiteral(POLICYCTL_PATH),
            {QStringLiteral("timeline"), QStringLiteral("--format"), QStringLiteral("json"),
                QStringLiteral("--scenario"), preset, testpaths::sample(sample)});
        QVERIFY(cli.waitForFinished(30000));
        QCOMPARE(cli.exitCode(), 0);
        const QJsonArray events
            = QJsonDocument::fromJson(cli.readAllStandardOutput()).object()[QStringLiteral("events")].toArray();
        QStringList fromCli;
        for (const auto& v : events) {
            const QJsonObject e = v.toObject();
            fromCli << QStringLiteral("%1 %2 %3")
                           .arg(e[QStringLiteral("offset_seconds")].toInt())
                           .arg(e[QStringLiteral("event")].toString(),
                               e[QStringLiteral("event")].toString() == QLatin1String("exhausted")
                                   ? QString::fromStdString(preview.timeline().events.back().candidate)
                                   : e[QStringLiteral("candidate")].toString());
        }
        QCOMPARE(compact(preview.timeline()), fromCli);
    }
}

void TestTimelineView::presetsOnTheExport_data()
{
    // Hand-computed on resources/samples/export.json, profile "Main route":
    // claude-sonnet: transient 3 x 5 s then skip; hard wait <= 1 h then skip
    // codex-gpt5: transient wait <= 5 min, 2 x 10 s then skip; hard wait <= 6 h then skip
    // claude-haiku-fallback: transient 1 x 30 s then stop; hard stop
    // gemini-pro: never reached
    QTest::addColumn<QString>("preset");
    QTest::addColumn<QStringList>("expected");
    QTest::newRow("capacity") << "capacity-every-attempt"
                              << QStringList {"0 attempt claude-sonnet", "0 retry_wait claude-sonnet",
                                     "5 attempt claude-sonnet", "5 retry_wait claude-sonnet",
                                     "15 attempt claude-sonnet", "15 retry_wait claude-sonnet",
                                     "35 attempt claude-sonnet", "35 skip claude-sonnet", "35 attempt codex-gpt5",
                                     "35 retry_wait codex-gpt5", "45 attempt codex-gpt5", "45 retry_wait codex-gpt5",
                                     "65 attempt codex-gpt5", "65 skip codex-gpt5", "65 attempt claude-haiku-fallback",
                                     "65 retry_wait claude-haiku-fallback", "95 attempt claude-haiku-fallback",
                                     "95 stop claude-haiku-fallback"};
    QTest::newRow("quota 1 min") << "quota-reset-1m"
                                 << QStringList {"0 attempt claude-sonnet", "0 wait_for_reset claude-sonnet",
                                        "60 attempt claude-sonnet", "60 skip claude-sonnet", "60 attempt codex-gpt5",
                                        "60 wait_for_reset codex-gpt5", "120 attempt codex-gpt5", "120 skip codex-gpt5",
                                        "120 attempt claude-haiku-fallback", "120 stop claude-haiku-fallback"};
    QTest::newRow("quota 6 h") << "quota-reset-6h"
                               << QStringList {"0 attempt claude-sonnet", "0 skip claude-sonnet",
                                      "0 attempt codex-gpt5", "0 wait_for_reset codex-gpt5", "21600 attempt codex-gpt5",
                                      "21600 skip codex-gpt5", "21600 attempt claude-haiku-fallback",
                                      "21600 stop claude-haiku-fallback"};
    QTest::newRow("two transient, success")
        << "two-transient-then-success"
        << QStringList {"0 attempt claude-sonnet", "0 retry_wait claude-sonnet", "5 attempt claude-sonnet",
               "5 retry_wait claude-sonnet", "15 attempt claude-sonnet", "15 success claude-sonnet"};
    QTest::newRow("unknown") << "unknown-error" << QStringList {"0 attempt claude-sonnet", "0 stop claude-sonnet"};
    QTest::newRow("tool activity") << "after-tool-activity"
                                   << QStringList {"0 attempt claude-sonnet", "0 stop claude-sonnet"};
}

void TestTimelineView::presetsOnTheExport()
{
    QFETCH(QString, preset);
    QFETCH(QStringList, expected);
    auto doc = open(testpaths::sample("export.json"));
    TimelinePanel panel;
    panel.setDocument(doc.get());
    panel.scenarioBox()->setCurrentIndex(panel.scenarioBox()->findData(preset));
    QCOMPARE(compact(panel.preview()->timeline()), expected);
    QVERIFY(!panel.totalsLabel()->text().isEmpty());
}

void TestTimelineView::updatesLiveOnEdits()
{
    auto doc = open(testpaths::sample("export.json"));
    model::TimelinePreview preview;
    preview.setDocument(doc.get());
    QSignalSpy changed(&preview, &model::TimelinePreview::changed);
    QCOMPARE(preview.timeline().totals.attempts, 9);
    // A setting: claude-sonnet retries 5 times.
    policy::PolicyDocument p = *doc->candidate(0).policies;
    p.transient.retry.maxRetries = 5;
    doc->undoStack()->push(new model::SetPoliciesCommand(doc.get(), 0, p, QStringLiteral("edit")));
    QVERIFY(changed.count() >= 1);
    QCOMPARE(preview.timeline().totals.attempts, 11);
    // The order.
    doc->undoStack()->push(new model::MoveCandidateCommand(doc.get(), 2, 0));
    QCOMPARE(preview.timeline().events.front().candidate, std::string("claude-haiku-fallback"));
    QCOMPARE(preview.timeline().totals.attempts, 2);
    // An enabled flag.
    doc->undoStack()->push(new model::SetEnabledCommand(doc.get(), 0, false));
    QCOMPARE(preview.timeline().events.front().candidate, std::string("claude-sonnet"));
    QVERIFY(preview.warningTexts().join(QLatin1Char('\n')).contains(QStringLiteral("disabled and never tried")));
    // Undo all of it.
    while (doc->undoStack()->canUndo())
        doc->undoStack()->undo();
    QCOMPARE(preview.timeline().totals.attempts, 9);
}

void TestTimelineView::eventTableMatchesThePicture()
{
    auto doc = open(testpaths::sample("profile-v1.json"));
    TimelinePanel panel;
    QAbstractItemModelTester tester(panel.table()->model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    panel.setDocument(doc.get());
    QAbstractItemModel* m = panel.table()->model();
    QCOMPARE(m->rowCount(), int(panel.preview()->timeline().events.size()));
    QCOMPARE(
        m->index(1, model::TimelineEventModel::EventColumn).data().toString(), QStringLiteral("Retry 1 after 5 s"));
    QCOMPARE(m->index(1, model::TimelineEventModel::DetailColumn).data().toString(),
        QStringLiteral("model at capacity (transient errors) · retry ordinal 1 · until +5 s · then skip"));
    QCOMPARE(m->index(m->rowCount() - 1, model::TimelineEventModel::EventColumn).data().toString(),
        QStringLiteral("Stop: action required"));
    panel.scenarioBox()->setCurrentIndex(panel.scenarioBox()->findData(QStringLiteral("quota-reset-6h")));
    QCOMPARE(m->rowCount(), 8);
    QCOMPARE(m->index(5, model::TimelineEventModel::EventColumn).data().toString(), QStringLiteral("Reset wait 6 h"));
    QCOMPARE(m->index(5, model::TimelineEventModel::TimeColumn).data().toString(), QStringLiteral("+0 s"));
    // No made-up date: a preset's start is no clock time, so the table counts from the first failure only.
    for (int row = 0; row < m->rowCount(); ++row) {
        for (int column = 0; column < m->columnCount(); ++column)
            QVERIFY2(!m->index(row, column).data().toString().contains(QStringLiteral("2026-")),
                qPrintable(m->index(row, column).data().toString()));
    }
}

void TestTimelineView::eventTableFitsItsDock()
{
    // At the dock's width every column is in view and its text wraps: Decision and Why are read
    // without scrolling sideways.
    auto doc = open(testpaths::sample("profile-v1.json"));
    TimelinePanel panel;
    panel.setDocument(doc.get());
    panel.resize(900, 420);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    QTest::mouseClick(panel.tabs(), Qt::LeftButton, {}, panel.tabs()->tabRect(1).center());  // "Table"
    QVERIFY(panel.table()->isVisible());
    QTableView* table = panel.table();
    QApplication::processEvents();
    QVERIFY2(!table->horizontalScrollBar()->isVisible(), "the table scrolls sideways");
    const int right = table->horizontalHeader()->sectionViewportPosition(model::TimelineEventModel::ReasonColumn)
        + table->horizontalHeader()->sectionSize(model::TimelineEventModel::ReasonColumn);
    QVERIFY2(right <= table->viewport()->width(),
        qPrintable(QStringLiteral("Why ends at %1 of %2").arg(right).arg(table->viewport()->width())));
    const QModelIndex decision = table->model()->index(1, model::TimelineEventModel::DetailColumn);
    const int needed = table->fontMetrics().horizontalAdvance(decision.data().toString());
    const int shown = table->horizontalHeader()->sectionSize(model::TimelineEventModel::DetailColumn);
    // A sentence wider than its column is wrapped onto more lines, never cut.
    if (needed > shown)
        QVERIFY2(
            table->rowHeight(1) >= 2 * table->fontMetrics().height(), "the Decision text is cut instead of wrapped");
}

void TestTimelineView::rendersAndExports()
{
    auto doc = open(testpaths::sample("export.json"));
    model::TimelinePreview preview;
    preview.setDocument(doc.get());
    TimelineView view;
    view.setPreview(&preview);
    view.resize(1000, 260);
    const QImage image = view.grab().toImage();
    QVERIFY(image.width() >= 1000 && image.height() >= 200);
    QVERIFY2(colours(image).size() > 10, "the timeline looks blank");
    QVERIFY(!view.accessibleDescription().isEmpty());

    const QString png = m_dir.filePath(QStringLiteral("timeline.png"));
    const QString svg = m_dir.filePath(QStringLiteral("timeline.svg"));
    QVERIFY(view.exportPng(png));
    QVERIFY(view.exportSvg(svg));
    QImage reread(png);
    QVERIFY(!reread.isNull());
    QVERIFY(reread.width() >= 1800);
    QVERIFY(colours(reread).size() > 10);
    QSvgRenderer renderer(svg);
    QVERIFY(renderer.isValid());
    QVERIFY(renderer.defaultSize().width() >= 900);
    QFile f(svg);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray text = f.readAll();
    QVERIFY(text.contains("<svg"));
    QVERIFY(text.contains("Claude Sonnet"));
}

void TestTimelineView::logarithmicAxisChangesThePicture()
{
    auto doc = open(testpaths::sample("export.json"));
    model::TimelinePreview preview;
    preview.setDocument(doc.get());
    preview.setScenario(policy::findScenarioPreset("quota-reset-6h")->scenario);
    TimelineView view;
    view.setPreview(&preview);
    view.resize(1000, 260);
    const QImage linear = view.grab().toImage();
    view.setLogarithmic(true);
    QVERIFY(view.isLogarithmic());
    const QImage log = view.grab().toImage();
    QVERIFY(linear != log);
}

// As many attempt dots show as the summary counts: an outcome marker at the
// instant of the last attempt stands beside its dot, not over it. (A route
// that only skips, so that no wait bar lies over a dot and every dot is a
// patch of one colour to count.)
void TestTimelineView::pictureShowsEveryAttempt()
{
    const QString noRecovery = QStringLiteral(
        R"("policies":{"version":1,"transient":{"retry":{"enabled":false,"max_retries":0,"initial_interval_seconds":0},)"
        R"("wait_for_reset":{"enabled":false,"max_wait_seconds":0},"on_exhausted":"%1"},)"
        R"("hard":{"retry":{"enabled":false,"max_retries":0,"initial_interval_seconds":0},)"
        R"("wait_for_reset":{"enabled":false,"max_wait_seconds":0},"on_exhausted":"%1"}})");
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("skips.json"));
    {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QStringLiteral(
            R"({"candidates":[{"position":0,"execution_profile_id":"a",%1},)"
            R"({"position":1,"execution_profile_id":"b",%1},{"position":2,"execution_profile_id":"c",%2}]})")
                    .arg(noRecovery.arg(QStringLiteral("skip")), noRecovery.arg(QStringLiteral("stop")))
                    .toUtf8());
    }
    auto doc = open(path);
    model::TimelinePreview preview;
    preview.setDocument(doc.get());
    QCOMPARE(preview.timeline().totals.attempts, 3);
    QCOMPARE(preview.timeline().totals.finalEvent, policy::EventKind::Stop);
    TimelineView view;
    QPalette palette = view.palette();
    const QColor dot(0, 255, 0);  // a fill only attempt dots have
    palette.setColor(QPalette::Highlight, dot);
    view.setPalette(palette);
    view.setPreview(&preview);
    const QSize size(1000, 200);
    QImage image(size, QImage::Format_ARGB32);
    image.fill(Qt::white);
    {
        QPainter painter(&image);
        view.renderLanes(painter, size, 0, false);
    }
    // Count the dots: connected patches of that exact fill.
    std::vector<bool> seen(std::size_t(size.width() * size.height()), false);
    int dots = 0;
    for (int y = 0; y < size.height(); ++y) {
        for (int x = 0; x < size.width(); ++x) {
            if (seen[std::size_t(y * size.width() + x)] || image.pixelColor(x, y) != dot)
                continue;
            ++dots;
            std::vector<QPoint> stack {{x, y}};
            seen[std::size_t(y * size.width() + x)] = true;
            while (!stack.empty()) {
                const QPoint q = stack.back();
                stack.pop_back();
                for (const QPoint n : {q + QPoint(1, 0), q - QPoint(1, 0), q + QPoint(0, 1), q - QPoint(0, 1)}) {
                    if (n.x() < 0 || n.y() < 0 || n.x() >= size.width() || n.y() >= size.height())
                        continue;
                    const std::size_t k = std::size_t(n.y() * size.width() + n.x());
                    if (!seen[k] && image.pixelColor(n) == dot) {
                        seen[k] = true;
                        stack.push_back(n);
                    }
                }
            }
        }
    }
    QCOMPARE(dots, int(preview.timeline().totals.attempts));
}

void TestTimelineView::darkPalette()
{
    auto doc = open(testpaths::sample("export.json"));
    model::TimelinePreview preview;
    preview.setDocument(doc.get());
    preview.setScenario(policy::findScenarioPreset("quota-reset-1m")->scenario);
    TimelineView view;
    QPalette dark;
    dark.setColor(QPalette::Base, QColor(30, 30, 34));
    dark.setColor(QPalette::Window, QColor(40, 40, 44));
    dark.setColor(QPalette::Text, QColor(230, 230, 230));
    dark.setColor(QPalette::WindowText, QColor(230, 230, 230));
    dark.setColor(QPalette::Highlight, QColor(80, 150, 230));
    view.setPalette(dark);
    view.setPreview(&preview);
    view.resize(1000, 260);
    const QImage image = view.grab().toImage();
    int darkPixels = 0, lightPixels = 0;
    for (int y = 0; y < image.height(); y += 2)
        for (int x = 0; x < image.width(); x += 2) {
            const int v = qGray(image.pixel(x, y));
            darkPixels += v < 60;
            lightPixels += v > 180;
        }
    QVERIFY(darkPixels > lightPixels * 5);  // a dark background
    QVERIFY(lightPixels > 50);  // with readable light text and markers
    if (const QString dir = qEnvironmentVariable("POLICY_STUDIO_SCREENSHOT_DIR"); !dir.isEmpty())
        QVERIFY(image.save(dir + QStringLiteral("/timeline-dark.png")));
}

void TestTimelineView::keyboardMovesFocusAcrossEvents()
{
    auto doc = open(testpaths::sample("profile-v1.json"));
    model::TimelinePreview preview;
    preview.setDocument(doc.get());
    TimelineView view;
    view.setPreview(&preview);
    view.resize(900, 240);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QSignalSpy focus(&view, &TimelineView::focusedEventChanged);
    QTest::keyClick(&view, Qt::Key_Right);
    QTest::keyClick(&view, Qt::Key_Right);
    QCOMPARE(view.focusedEvent(), 1);
    QCOMPARE(focus.count(), 2);
    QCOMPARE(view.focusedEventText(),
        QStringLiteral(
            "+0 s · Retry 1 after 5 s · claude-sonnet\nmodel at capacity (transient errors) · retry ordinal 1 · "
            "until +5 s · then skip\n"
            "Why: Retry 1 of 3: the first retry after 5 s, doubled for each retry after it."));
    QCOMPARE(view.accessibleDescription(), view.focusedEventText());
    QTest::keyClick(&view, Qt::Key_End);
    QCOMPARE(view.focusedEvent(), int(preview.timeline().events.size()) - 1);
    QTest::keyClick(&view, Qt::Key_Home);
    QCOMPARE(view.focusedEvent(), 0);
}

void TestTimelineView::customScenarioIsSavedInTheSettings()
{
    auto doc = open(testpaths::sample("profile-v1.json"));
    {
        TimelinePanel panel;
        panel.setDocument(doc.get());
        policy::Scenario s;
        s.name = "Quota then capacity";
        s.start = *policy::parseRfc3339(policy::kDefaultScenarioStart);
        ScenarioEditorDialog dialog(s);
        policy::ScenarioAttempt quota;
        quota.code = "quota_limited";
        quota.resetAfterSeconds = 120;
        dialog.addFailure(quota);
        policy::ScenarioAttempt capacity;
        capacity.code = "model_capacity";
        capacity.effectSafe = false;
        dialog.addFailure(capacity);
        QCOMPARE(dialog.table()->rowCount(), 2);
        const policy::Scenario edited = dialog.scenario();
        QCOMPARE(edited.attempts.size(), std::size_t(2));
        QCOMPARE(edited.attempts[0].resetAfterSeconds, std::optional<std::int64_t>(120));
        QVERIFY(!edited.attempts[1].effectSafe);
        panel.setCustomScenario(edited);
        QCOMPARE(panel.scenarioBox()->currentData().toString(), QStringLiteral("custom"));
        QCOMPARE(compact(panel.preview()->timeline()),
            (QStringList {"0 attempt claude-sonnet", "0 wait_for_reset claude-sonnet", "120 attempt claude-sonnet",
                "120 stop claude-sonnet"}));
    }
    // A new panel (a new session) finds it in the settings.
    TimelinePanel again;
    again.setDocument(doc.get());
    again.scenarioBox()->setCurrentIndex(again.scenarioBox()->findData(QStringLiteral("custom")));
    QCOMPARE(again.preview()->scenario().name, std::string("Quota then capacity"));
    QCOMPARE(again.preview()->timeline().totals.attempts, 2);
}

void TestTimelineView::configurationErrorIsSpokenFromItsCode()
{
    // The simulation's reason for an invalid candidate is the core's English; the
    // table speaks the document's issue from its code, as the Validation pane does.
    auto doc = open(testpaths::sample("profile-v1.json"));
    model::TimelinePreview preview;
    preview.setDocument(doc.get());
    policy::PolicyDocument p = *doc->candidate(0).policies;
    p.transient.retry.maxRetries = 99;
    doc->undoStack()->push(new model::SetPoliciesCommand(doc.get(), 0, p, QStringLiteral("edit")));
    const auto& events = preview.timeline().events;
    QVERIFY(!events.empty());
    QCOMPARE(events.front().kind, policy::EventKind::ConfigError);
    const QString details = preview.eventDetails(events.front());
    QVERIFY2(details.endsWith(QStringLiteral(": Must be between 1 and 10 (found 99).")), qPrintable(details));
    QVERIFY2(preview.eventReason(0).contains(details), qPrintable(preview.eventReason(0)));
}

void TestTimelineView::anEditIsComparedWithTheSavedRoute()
{
    settings::compareWithSaved.remove();  // on by default
    auto doc = open(testpaths::sample("export.json"));
    TimelinePanel panel;
    panel.setDocument(doc.get());
    panel.resize(1100, 420);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    QVERIFY(panel.compareBox()->isChecked());
    const QColor saved = savedRouteColour(panel.view()->palette());
    const auto ghost = [&] { return savedRoutePixels(panel.view()->grab().toImage(), saved); };

    // As read: nothing to compare, nothing drawn.
    QVERIFY(panel.comparisonLabel()->isHidden());
    QCOMPARE(ghost(), 0);
    QCOMPARE(panel.view()->laneCount(), 4);

    // An edit: the summary above the picture and in the accessible description, the saved route under it.
    policy::PolicyDocument p = *doc->candidate(0).policies;
    p.transient.retry.maxRetries = 4;
    doc->undoStack()->push(new model::SetPoliciesCommand(doc.get(), 0, p, QStringLiteral("edit")));
    QVERIFY(panel.comparisonLabel()->isVisible());
    QVERIFY(panel.compareBox()->isVisible());
    QCOMPARE(panel.comparisonLabel()->text(), QStringLiteral("+1 attempt, +1 retry, 40 s longer."));
    const QString summary = QStringLiteral("Compared with the saved policy: +1 attempt, +1 retry, 40 s longer.");
    QVERIFY2(
        panel.view()->accessibleDescription().endsWith(summary), qPrintable(panel.view()->accessibleDescription()));
    QCOMPARE(panel.comparisonLabel()->accessibleName(), summary);
    // Beside the legend, under the picture: the lanes keep their room.
    QVERIFY(
        panel.comparisonLabel()->mapTo(&panel, QPoint(0, 0)).y() >= panel.legend()->mapTo(&panel, QPoint(0, 0)).y());
    const int drawn = ghost();
    QVERIFY2(drawn > 100, qPrintable(QString::number(drawn)));
    QCOMPARE(panel.view()->laneCount(), 4);
    QVERIFY(panel.view()->savedLegendLabel().contains(QStringLiteral("saved")));

    // Compare with saved off: neither; remembered.
    panel.compareBox()->click();
    QVERIFY(panel.comparisonLabel()->isHidden());
    QVERIFY(panel.compareBox()->isVisible());  // to switch it on again
    QCOMPARE(ghost(), 0);
    QVERIFY(!panel.view()->accessibleDescription().contains(QStringLiteral("saved")));
    QCOMPARE(settings::compareWithSaved.value(), false);
    {
        TimelinePanel another;
        QVERIFY(!another.compareBox()->isChecked());
    }
    panel.compareBox()->click();
    QCOMPARE(settings::compareWithSaved.value(), true);
    QCOMPARE(ghost(), drawn);

    // Undone: as saved again, the saved route goes, and the row with it.
    doc->undoStack()->undo();
    QVERIFY(panel.comparisonLabel()->isHidden());
    QVERIFY(!panel.compareBox()->isVisible());
    QCOMPARE(ghost(), 0);

    // A candidate removed: its saved events get a lane of their own.
    doc->undoStack()->push(new model::RemoveCandidateCommand(doc.get(), 1));
    QCOMPARE(panel.view()->laneCount(), 4);  // 3 candidates, and the removed one
    QCOMPARE(panel.comparisonLabel()->text(), QStringLiteral("−3 attempts, −2 retries, 30 s shorter."));
    QVERIFY(ghost() > 100);
    doc->undoStack()->undo();

    // An edit that cannot be simulated: said, and nothing drawn that could read as the same route.
    p.transient.retry.maxRetries = 11;
    doc->undoStack()->push(new model::SetPoliciesCommand(doc.get(), 0, p, QStringLiteral("edit")));
    QVERIFY(panel.comparisonLabel()->isVisible());
    QVERIFY2(panel.comparisonLabel()->text().startsWith(QStringLiteral("Cannot compare with the saved policy: ")),
        qPrintable(panel.comparisonLabel()->text()));
    QCOMPARE(ghost(), 0);
    doc->undoStack()->undo();
    QVERIFY(panel.comparisonLabel()->isHidden());
    if (const QString dir = qEnvironmentVariable("POLICY_STUDIO_SCREENSHOT_DIR"); !dir.isEmpty()) {
        doc->undoStack()->redo();
        p.transient.retry.maxRetries = 4;
        doc->undoStack()->push(new model::SetPoliciesCommand(doc.get(), 0, p, QStringLiteral("edit")));
        QVERIFY(panel.grab().save(dir + QStringLiteral("/timeline-compare-panel.png")));
    }
}

void TestTimelineView::theWindowComparesAFieldEdit_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<bool>("dark");
    QTest::addColumn<QString>("summary");
    QTest::addColumn<QString>("reviewLine");
    QTest::newRow("en") << "en" << false
                        << "−1 attempt, 10 s longer, now ends in stop on Codex GPT-5 instead of stop on Claude Haiku "
                           "(fallback)."
                        << "  route (Capacity error before output, every attempt): −1 attempt, 10 s longer, now ends "
                           "in stop on Codex GPT-5 instead of stop on Claude Haiku (fallback)\n";
    QTest::newRow("de") << "de" << false
                        << "−1 Versuch, 10 s länger, Ende jetzt: Anhalten bei Codex GPT-5 statt Anhalten bei Claude "
                           "Haiku (fallback)."
                        << "  Route (Kapazitätsfehler vor jeder Ausgabe, bei jedem Versuch): −1 Versuch, 10 s länger, "
                           "Ende jetzt: Anhalten bei Codex GPT-5 statt Anhalten bei Claude Haiku (fallback)\n";
    QTest::newRow("en, dark") << "en" << true
                              << "−1 attempt, 10 s longer, now ends in stop on Codex GPT-5 instead of stop on Claude "
                                 "Haiku (fallback)."
                              << "";
}

// The whole window on a laptop: a field edited as a person does shows the
// saved route under the edited one and the summary beside the legend, every
// lane still in view; Review Changes says the same; undo takes it away.
void TestTimelineView::theWindowComparesAFieldEdit()
{
    QFETCH(QString, language);
    QFETCH(bool, dark);
    QFETCH(QString, summary);
    QFETCH(QString, reviewLine);
    settings::compareWithSaved.remove();
    i18n::install(QLocale(language));
    if (dark)
        applyColourScheme(ColourScheme::Dark);
    const auto restore = qScopeGuard([] {
        i18n::install(QLocale(QLocale::English));
        applyColourScheme(ColourScheme::System);
    });
    MainWindow window;
    window.resize(1366, 700);  // a 1366 x 768 screen less a title bar and a panel
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.openFile(guitest::copyOfSample(m_dir, testpaths::sample("export.json"))));
    TimelinePanel* timeline = window.timelinePanel();
    QVERIFY(timeline->view()->isVisible());
    QVERIFY(!timeline->compareBox()->isVisible());

    // Claude Sonnet retries once more; Codex GPT-5 stops instead of skipping.
    window.candidateList()->selectRow(0);
    guitest::typeValue(window.candidateEditor()->transientPanel()->maxRetriesBox(), 4);
    window.candidateList()->selectRow(1);
    guitest::clickIndicator(window.candidateEditor()->transientPanel()->stopButton());
    QCOMPARE(window.document()->undoStack()->count(), 2);
    QTest::qWait(50);  // the layout settles
    QVERIFY(timeline->compareBox()->isVisible());
    QVERIFY(timeline->comparisonLabel()->isVisible());
    QCOMPARE(timeline->comparisonLabel()->text(), summary);
    QVERIFY(timeline->view()->accessibleDescription().contains(summary.chopped(1)));
    // Taken before the checks, so that a failure can be looked at.
    if (const QString dir = qEnvironmentVariable("POLICY_STUDIO_SCREENSHOT_DIR"); !dir.isEmpty())
        QVERIFY(window.grab().save(QStringLiteral("%1/timeline-compare-%2%3.png")
                                       .arg(dir, language, dark ? QStringLiteral("-dark") : QString())));
    // The saved route is drawn, in the colour of the palette in use, and every lane is in view.
    const QColor saved = savedRouteColour(timeline->view()->palette());
    QVERIFY(savedRoutePixels(timeline->view()->grab().toImage(), saved) > 100);
    const int lanes = timeline->view()->laneCount();
    QCOMPARE(lanes, 4);
    // (The docks share the room again once the comparison's line is laid out.)
    for (int lane = 0; lane < lanes; ++lane) {
        const QRect r = timeline->view()->laneRect(lane);
        QTRY_VERIFY2(timeline->lanesArea()->viewport()->rect().contains(
                         QRect(timeline->view()->mapTo(timeline->lanesArea()->viewport(), r.topLeft()), r.size())),
            qPrintable(QStringLiteral("lane %1 is out of view").arg(lane)));
    }
    for (QWidget* w : std::initializer_list<QWidget*> {timeline->legend(), timeline->comparisonLabel()})
        QCOMPARE(w->visibleRegion().boundingRect(), w->rect());

    // Review Changes says what the edit does to the route, for the scenario the Timeline shows.
    if (!reviewLine.isEmpty()) {
        QString seen;
        guitest::answerNextDialog(QDialogButtonBox(QDialogButtonBox::Close).buttons().front()->text(), &seen);
        window.reviewChangesAction()->trigger();
        QVERIFY2(seen.contains(reviewLine), qPrintable(seen));
        const int quota = timeline->scenarioBox()->findData(QStringLiteral("quota-reset-6h"));
        timeline->scenarioBox()->setCurrentIndex(quota);
        guitest::answerNextDialog(QDialogButtonBox(QDialogButtonBox::Close).buttons().front()->text(), &seen);
        window.reviewChangesAction()->trigger();
        QVERIFY2(seen.contains(QStringLiteral(": %1").arg(timeline->preview()->comparisonSummary())), qPrintable(seen));
        QVERIFY2(seen.contains(timeline->scenarioBox()->currentText()), qPrintable(seen));
    }

    // Undone: the route is as saved, and the comparison goes.
    window.document()->undoStack()->undo();
    window.document()->undoStack()->undo();
    QVERIFY(!timeline->compareBox()->isVisible());
    QCOMPARE(savedRoutePixels(timeline->view()->grab().toImage(), saved), 0);
}

QTEST_MAIN(TestTimelineView)
#include "tst_timeline_view.moc"
