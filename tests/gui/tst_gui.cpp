// SPDX-License-Identifier: Apache-2.0
// Drives the real editor window offscreen: open, edit, validate, reorder,
// save, reopen; the migration review on open; read-only documents.
#include "editor/candidate_editor.h"
#include "route/candidate_list_panel.h"
#include "editor/class_policy_panel.h"
#include "editor/field_binder.h"
#include "controls/value_controls.h"
#include "panels/live_routes_pane.h"
#include "dialogs/candidate_picker_dialog.h"
#include "window/main_window.h"
#include "dialogs/migration_review_dialog.h"
#include "panels/validation_pane.h"
#include "dialogs/catalogue_dialog.h"
#include "window/start_page.h"
#include "timeline/timeline_panel.h"
#include "panels/try_error_panel.h"
#include "catalogue/classifier.h"
#include <QDockWidget>
#include <QPlainTextEdit>
#include <QTableWidget>
#include "panels/what_happens_panel.h"

#include "model/candidate_list_model.h"
#include "model/validation_model.h"

#include "../common/catalogue_fixtures.h"
#include "../common/gui_helpers.h"
#include "../common/kandev_fixture.h"
#include "../common/test_paths.h"
#include "translations.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDialog>
#include <QInputDialog>
#include <QLineEdit>
#include <QJsonDocument>
#include <QJsonObject>
#include <QKeySequence>
#include <QLabel>
#include <QListView>
#include <QMessageBox>
#include <QPushButton>
#include <QRadioButton>
#include <QSettings>
#include <QSpinBox>
#include <QTableView>
#include <QTemporaryDir>
#include <QMenu>
#include <QMenuBar>
#include <QSplitter>
#include <QToolBar>
#include <QToolButton>
#include <QTextBrowser>
#include <QTimer>
#include <QTreeView>
#include <QXmlStreamReader>
#include <QScrollBar>
#include <QTextDocumentFragment>
#include <QStatusBar>
#include <functional>
#include <QtTest>

using namespace gui;

namespace
{

using guitest::answerNextDialog;
using guitest::typeValue;

QJsonObject readJson(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(f.readAll()).object();
}

}  // namespace

class TestGui final : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void editValidateReorderSaveReopen();
    void progressiveDisclosureRestoresValues();
    void validationPaneGoesToTheField();
    void legacyFileOpensIntoMigrationReview();
    void migrationReviewExplainsAndCanBeReadAgain();
    void conflictIsSettledByChoosingARule();
    void cancelledMigrationOpensReadOnly();
    void conflictingLegacyFileOffersReadOnlyOnly();
    void unreadableFileShowsItsLine();
    void whatHappensIf_data();
    void whatHappensIf();
    void undoRedoThroughTheMenu();
    void recentFilesAndTitle();
    void windowRendersSomething();
    void everyFieldHasAnAccessibleName();
    void externalChangeIsDetectedBeforeOverwriting();
    void tryAnError();
    void tryAnErrorReadsTheAgentAndThePhase();
    void tryAnErrorReadsWhatIsPastedAsAnError();
    void tryAnErrorShowsNoSecret();
    void catalogueBrowser();
    void aboutNamesTheVersionsItUnderstands();
    void toolBarAndProblemCounter();
    void newProfileSaysWhatToDoUntilItHasCandidates();
    void resetLayoutBringsBackWhatWasClosed();
    void startPageOffersTheWaysIn();

private:
    QTemporaryDir m_dir;
    QString copyOf(const QString& sample);
};

void TestGui::initTestCase()
{
    QVERIFY(m_dir.isValid());
    guitest::isolateSettings(m_dir, QStringLiteral("Policy Studio Test"));
    i18n::install(QLocale(QLocale::English));
}

void TestGui::init()
{
    QSettings().clear();
}

QString TestGui::copyOf(const QString& sample)
{
    return guitest::copyOfSample(m_dir, testpaths::sample(sample));
}

void TestGui::editValidateReorderSaveReopen()
{
    const QString path = copyOf(QStringLiteral("profile-v1.json"));
    MainWindow window;
    window.show();
    // Window shortcuts (Alt+Down, Ctrl+S) reach only the active window: on a
    // real X server with a window manager activation takes a moment.
    window.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    QVERIFY(window.openFile(path));
    QAbstractItemModelTester tester(
        window.candidateList()->model(), QAbstractItemModelTester::FailureReportingMode::QtTest);

    // Select codex-gpt5 (row 1) by clicking it.
    QTableView* table = window.candidateList()->view();
    const QRect rect = table->visualRect(table->model()->index(1, model::CandidateListModel::NameColumn));
    QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, rect.center());
    QCOMPARE(window.candidateEditor()->row(), 1);

    // Enable retry for hard errors and set 4 retries from 2 minutes.
    ClassPolicyPanel* hard = window.candidateEditor()->hardPanel();
    QVERIFY(!hard->retrySwitch()->isChecked());
    QTest::mouseClick(hard->retrySwitch(), Qt::LeftButton, {}, QPoint(8, hard->retrySwitch()->height() / 2));
    QVERIFY(hard->retrySwitch()->isChecked());
    QVERIFY(hard->maxRetriesBox()->isVisible());
    QCOMPARE(hard->maxRetriesBox()->value(), policy::descriptor(policy::Field::RetryMaxRetries).enabledDefault);
    QCOMPARE(hard->intervalEdit()->seconds(), policy::descriptor(policy::Field::RetryInitialInterval).enabledDefault);
    typeValue(hard->maxRetriesBox(), 4);
    typeValue(hard->intervalEdit()->spinBox(), 120);
    QCOMPARE(hard->scheduleLabel()->text(),
        QStringLiteral("Retries after 2 min, 4 min, 8 min, 16 min, then skip. 4 retries: 5 attempts in all, up to 30 "
                       "min of waiting."));
    QCOMPARE(hard->summaryLabel()->text(), QStringLiteral("4 retries from 2 min, then skip"));
    QVERIFY(window.isWindowModified());
    QCOMPARE(window.validationPane()->model()->rowCount(), 0);
    // The candidate list shows the new summary.
    QVERIFY(table->model()
                ->index(1, model::CandidateListModel::SummaryColumn)
                .data()
                .toString()
                .contains(QStringLiteral("Hard: 4 retries from 2 min, then skip")));

    // Reorder with the keyboard: Alt+Down moves codex-gpt5 below gemini-pro.
    table->setFocus();
    QTest::keyClick(&window, Qt::Key_Down, Qt::AltModifier);
    QCOMPARE(table->model()->index(2, 0).data(model::CandidateListModel::ExecutionProfileIdRole).toString(),
        QStringLiteral("codex-gpt5"));
    QCOMPARE(window.candidateList()->currentRow(), 2);

    // Disable gemini-pro with its check box.
    const QModelIndex enabled = table->model()->index(1, model::CandidateListModel::EnabledColumn);
    QVERIFY(table->model()->setData(enabled, Qt::Unchecked, Qt::CheckStateRole));

    // Save with Ctrl+S, reopen, compare.
    QTest::keyClick(&window, Qt::Key_S, Qt::ControlModifier);
    QVERIFY(!window.isWindowModified());
    const QJsonObject saved = readJson(path);
    const auto candidates = saved[QStringLiteral("candidates")].toArray();
    QCOMPARE(candidates.size(), 3);
    QCOMPARE(candidates[2].toObject()[QStringLiteral("execution_profile_id")].toString(), QStringLiteral("codex-gpt5"));
    QCOMPARE(candidates[2].toObject()[QStringLiteral("position")].toInt(), 2);
    QCOMPARE(candidates[1].toObject()[QStringLiteral("enabled")].toBool(), false);
    const QJsonObject retry = candidates[2]
                                  .toObject()[QStringLiteral("policies")]
                                  .toObject()[QStringLiteral("hard")]
                                  .toObject()[QStringLiteral("retry")]
                                  .toObject();
    QCOMPARE(retry[QStringLiteral("enabled")].toBool(), true);
    QCOMPARE(retry[QStringLiteral("max_retries")].toInt(), 4);
    QCOMPARE(retry[QStringLiteral("initial_interval_seconds")].toInt(), 120);
    QCOMPARE(saved[QStringLiteral("version")].toInt(), 7);

    MainWindow again;
    QVERIFY(again.openFile(path));
    QCOMPARE(again.document()->candidateCount(), 3);
    QCOMPARE(again.document()->candidate(2).policies->hard.retry.maxRetries, 4);
}

void TestGui::progressiveDisclosureRestoresValues()
{
    MainWindow window;
    window.show();
    QVERIFY(window.openFile(copyOf(QStringLiteral("profile-v1.json"))));
    ClassPolicyPanel* transient = window.candidateEditor()->transientPanel();
    QVERIFY(transient->maxRetriesBox()->isVisible());
    typeValue(transient->maxRetriesBox(), 6);
    transient->retrySwitch()->click();  // off: zeros are stored, details hidden
    QVERIFY(!transient->maxRetriesBox()->isVisible());
    const auto& off = window.document()->candidate(0).policies->transient.retry;
    QCOMPARE(off, (policy::RetryPolicy {false, 0, 0}));
    QCOMPARE(transient->summaryLabel()->text(), QStringLiteral("skip immediately"));
    transient->retrySwitch()->click();  // on again: the values from before
    QCOMPARE(window.document()->candidate(0).policies->transient.retry, (policy::RetryPolicy {true, 6, 5}));
    // Collapsing keeps the summary visible.
    transient->setExpanded(false);
    QVERIFY(transient->summaryLabel()->isVisible());
    QVERIFY(!transient->retrySwitch()->isVisible());
    // Outcome radio buttons.
    transient->setExpanded(true);
    transient->stopButton()->click();
    QCOMPARE(window.document()->candidate(0).policies->transient.onExhausted, policy::Outcome::Stop);
}

void TestGui::validationPaneGoesToTheField()
{
    const QString path = m_dir.filePath(QStringLiteral("invalid.json"));
    {
        QJsonObject doc = readJson(testpaths::sample("profile-v1.json"));
        QByteArray text = QJsonDocument(doc).toJson();
        text.replace("\"max_wait_seconds\": 86400", "\"max_wait_seconds\": 999999");
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(text);
    }
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    QVERIFY(window.openFile(path));
    ValidationPane* pane = window.validationPane();
    QCOMPARE(pane->model()->rowCount(), 1);
    QString message;
    answerNextDialog(QStringLiteral("OK"), &message);
    QVERIFY(!window.save());
    QVERIFY2(message.contains(QStringLiteral("Nothing was written")), qPrintable(message));
    const QModelIndex issue = pane->model()->index(0, 0);
    QCOMPARE(issue.data().toString(), QStringLiteral("Must be between 1 s and 7 d (found 11 d 13 h 46 min 39 s)."));
    window.activateWindow();  // the message box took activation with it
    QVERIFY(QTest::qWaitForWindowActive(&window));
    emit pane->view()->activated(issue);
    QCOMPARE(window.candidateList()->currentRow(), 2);
    ClassPolicyPanel* hard = window.candidateEditor()->hardPanel();
    QVERIFY(
        hard->maxWaitEdit()->spinBox()->hasFocus() || QApplication::focusWidget() == hard->maxWaitEdit()->spinBox());
    QVERIFY(!hard->fieldError(QStringLiteral("wait_for_reset.max_wait_seconds")).isEmpty());
    // Fixing it clears the pane.
    QCOMPARE(hard->maxWaitEdit()->spinBox()->value(), 999999);  // shown as it is, not clamped
    typeValue(hard->maxWaitEdit()->spinBox(), 2 * 86400);
    QCOMPARE(window.document()->candidate(2).policies->hard.waitForReset.maxWaitSeconds, 2 * 86400);
    QCOMPARE(pane->model()->rowCount(), 0);
    QVERIFY(hard->fieldError(QStringLiteral("wait_for_reset.max_wait_seconds")).isEmpty());
    QVERIFY(window.save());
}

using guitest::clickButton;
using guitest::onNextReview;

void TestGui::migrationReviewExplainsAndCanBeReadAgain()
{
    MainWindow window;
    window.show();
    QString html;
    int scrolledTo = -1;
    onNextReview([&](MigrationReviewDialog* review) {
        html = review->browser()->toHtml();
        scrolledTo = review->browser()->verticalScrollBar()->value();
        clickButton(review, QStringLiteral("Migrate"));
    });
    QVERIFY(window.openFile(copyOf(QStringLiteral("legacy-profile.json"))));
    QCOMPARE(scrolledTo, 0);  // read from the top
    const QString text = QTextDocumentFragment::fromHtml(html).toPlainText();
    QVERIFY2(
        text.contains(QStringLiteral("retry_same becomes 1 retry from 5 s, then stop — kandev's documented mapping.")),
        qPrintable(text));
    QVERIFY(text.contains(QStringLiteral("try_next becomes skip immediately — kandev's documented mapping.")));
    QVERIFY(text.contains(QStringLiteral("— enabled")));
    QVERIFY(window.statusBar()->currentMessage().contains(QStringLiteral("Migrated 4 candidates")));
    // View > Migration Report shows the same report again, to read only.
    QVERIFY(window.migrationReportAction()->isEnabled());
    QString again;
    QStringList buttons;
    onNextReview([&](MigrationReviewDialog* review) {
        again = review->browser()->toPlainText();
        for (auto* b : review->findChildren<QAbstractButton*>())
            buttons << b->text();
        review->reject();
    });
    window.migrationReportAction()->trigger();
    QVERIFY(again.contains(QStringLiteral("retry_same becomes 1 retry from 5 s")));
    QCOMPARE(buttons.size(), 1);  // Close only: no Migrate, no choices
    QCOMPARE(buttons.front().remove(QLatin1Char('&')), QStringLiteral("Close"));
    // Another document: nothing to show.
    answerNextDialog(QStringLiteral("Discard"));  // the migration is an unsaved edit
    QVERIFY(window.openFile(copyOf(QStringLiteral("profile-v1.json"))));
    QVERIFY(!window.migrationReportAction()->isEnabled());
}

void TestGui::conflictIsSettledByChoosingARule()
{
    MainWindow window;
    window.show();
    QString firstHtml;
    int viewerLine = -1;
    onNextReview([&](MigrationReviewDialog* review) {
        firstHtml = review->browser()->toHtml();
        // "show line 16": the file opens at the problem's line.
        QTimer::singleShot(0, [&] {
            const std::function<void()> look = [&] {
                QWidget* modal = QApplication::activeModalWidget();
                auto* text = modal ? modal->findChild<QPlainTextEdit*>(QStringLiteral("fileText")) : nullptr;
                if (!text) {
                    QTimer::singleShot(10, look);
                    return;
                }
                viewerLine = text->textCursor().blockNumber() + 1;
                qobject_cast<QDialog*>(modal)->reject();
            };
            look();
        });
        emit review->browser()->anchorClicked(QUrl(QStringLiteral("line:16")));
        // The field path stands apart from the sentence.
        QVERIFY(review->browser()->toPlainText().contains(QStringLiteral("Field: candidates[1].rules")));
        // Choose model_capacity = retry_same for transient errors.
        emit review->browser()->anchorClicked(
            QUrl(QStringLiteral("keep:0:1:%1:model_capacity").arg(int(policy::ErrorClass::Transient))));
        // The review comes back without the conflict; migrate.
        onNextReview([](MigrationReviewDialog* second) { clickButton(second, QStringLiteral("Migrate")); });
    });
    QVERIFY(window.openFile(copyOf(QStringLiteral("legacy-conflict.json"))));
    QCOMPARE(viewerLine, 16);
    QVERIFY(firstHtml.contains(QStringLiteral("keep:0:1:")));
    model::EditorDocument* doc = window.document();
    QVERIFY(!doc->isReadOnly());
    QCOMPARE(doc->candidate(1).policies->transient.retry, (policy::RetryPolicy {true, 1, 5}));
    QUndoStack* stack = doc->undoStack();
    QCOMPARE(stack->count(), 2);
    QCOMPARE(stack->text(0), QStringLiteral("Let model_capacity decide transient errors of codex-gpt5"));
    // Undo brings back both the legacy rules and the one that lost.
    stack->undo();
    stack->undo();
    QCOMPARE(doc->candidate(1).rules.size(), std::size_t(3));
}

void TestGui::legacyFileOpensIntoMigrationReview()
{
    const QString path = copyOf(QStringLiteral("legacy-profile.json"));
    const QByteArray before = [&] {
        QFile f(path);
        f.open(QIODevice::ReadOnly);
        return f.readAll();
    }();
    MainWindow window;
    window.show();
    QString report;
    answerNextDialog(QStringLiteral("Migrate"), &report);
    QVERIFY(window.openFile(path));
    QVERIFY(report.contains(QStringLiteral("model_capacity → retry_same")));
    QVERIFY(report.contains(QStringLiteral("Go backend")));
    model::EditorDocument* doc = window.document();
    QVERIFY(!doc->isReadOnly());
    QVERIFY(doc->isModified());
    QCOMPARE(doc->undoStack()->count(), 1);
    QCOMPARE(doc->undoStack()->undoText(), QStringLiteral("Migrate legacy rules"));
    QVERIFY(doc->candidate(0).policies);
    QCOMPARE(doc->candidate(0).policies->transient.retry, (policy::RetryPolicy {true, 1, 5}));
    // Nothing is written until saved.
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QCOMPARE(f.readAll(), before);
    f.close();
    // Undo brings the legacy rules back (read as they were).
    doc->undoStack()->undo();
    QVERIFY(!doc->candidate(0).rules.empty());
    doc->undoStack()->redo();
    QVERIFY(window.save());
    QCOMPARE(
        testpaths::readAll(path), testpaths::readAll(testpaths::fixture("migration/legacy-profile.migrated.json")));
}

void TestGui::cancelledMigrationOpensReadOnly()
{
    MainWindow window;
    window.show();
    answerNextDialog(QStringLiteral("Open Read-Only"));
    QVERIFY(window.openFile(copyOf(QStringLiteral("legacy-profile.json"))));
    QVERIFY(window.document()->isReadOnly());
    QVERIFY(!window.saveAction()->isEnabled());
    QVERIFY(!window.candidateList()->addAction()->isEnabled());
    QVERIFY(window.windowTitle().contains(QStringLiteral("read-only")));
    QVERIFY(!window.candidateEditor()->transientPanel()->retrySwitch()->isEnabled());
}

void TestGui::conflictingLegacyFileOffersReadOnlyOnly()
{
    MainWindow window;
    window.show();
    QString report;
    QTimer::singleShot(0, [&] {
        QWidget* modal = QApplication::activeModalWidget();
        QVERIFY(modal);
        QStringList buttons;
        for (auto* b : modal->findChildren<QPushButton*>())
            buttons << b->text().remove(QLatin1Char('&'));
        QCOMPARE(buttons, QStringList {"Open Read-Only"});
        report = modal->findChild<QTextBrowser*>()->toPlainText();
        qobject_cast<QDialog*>(modal)->reject();
    });
    QVERIFY(window.openFile(copyOf(QStringLiteral("legacy-conflict.json"))));
    QVERIFY(report.contains(QStringLiteral("conflicting legacy rules")));
    QVERIFY(window.document()->isReadOnly());
}

void TestGui::unreadableFileShowsItsLine()
{
    const QString path = m_dir.filePath(QStringLiteral("broken.json"));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("{\n  \"candidates\": [\n    {\"position\": 0,, }\n");
    f.close();
    MainWindow window;
    window.show();
    QVERIFY(window.openFile(copyOf(QStringLiteral("profile-v1.json"))));
    QString message;
    answerNextDialog(QStringLiteral("OK"), &message);
    QVERIFY(!window.openFile(path));
    QVERIFY2(message.contains(path + QStringLiteral(":3:20")), qPrintable(message));
    QCOMPARE(window.document()->candidateCount(), 3);  // the open document stays
}

void TestGui::whatHappensIf_data()
{
    QTest::addColumn<QString>("code");
    QTest::addColumn<int>("resetMinutes");  // 0: no hint
    QTest::addColumn<bool>("effectSafe");
    QTest::addColumn<int>("ordinal");
    QTest::addColumn<QString>("decision");
    QTest::newRow("capacity, first") << "model_capacity" << 0 << true << 0
                                     << "Retry 1 of this candidate after 5 s; when retries run out: skip.";
    QTest::newRow("capacity, exhausted") << "model_capacity" << 0 << true << 3 << "Skip to the next candidate now.";
    QTest::newRow("quota with reset")
        << "quota_limited" << 30 << true << 0
        << "Wait 30 min for the provider's reset, then try this candidate once more; if that fails too: skip.";
    QTest::newRow("quota reset too far") << "quota_limited" << 120 << true << 0 << "Skip to the next candidate now.";
    QTest::newRow("after tool activity") << "model_capacity" << 0 << false << 0
                                         << "Stop for manual recovery: the failure came after output or tool activity, "
                                            "so retrying could repeat side effects.";
    QTest::newRow("unknown") << "unknown_provider_error" << 0 << true << 0
                             << "Stop for manual recovery: the classifier could not classify this error, and "
                                "unclassified errors always stop.";
}

void TestGui::whatHappensIf()
{
    QFETCH(QString, code);
    QFETCH(int, resetMinutes);
    QFETCH(bool, effectSafe);
    QFETCH(int, ordinal);
    QFETCH(QString, decision);
    MainWindow window;
    QVERIFY(window.openFile(copyOf(QStringLiteral("profile-v1.json"))));
    WhatHappensPanel* panel = window.whatHappensPanel();
    panel->codeBox()->setCurrentIndex(panel->codeBox()->findData(code));
    panel->resetHintBox()->setChecked(resetMinutes > 0);
    if (resetMinutes > 0)
        panel->resetEdit()->setSeconds(resetMinutes * 60);
    emit panel->resetEdit()->valueEdited(panel->resetEdit()->seconds());
    panel->effectSafeBox()->setChecked(effectSafe);
    typeValue(panel->ordinalBox(), ordinal);
    QCOMPARE(panel->decisionText(), decision);
}

void TestGui::undoRedoThroughTheMenu()
{
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    QVERIFY(window.openFile(copyOf(QStringLiteral("profile-v1.json"))));
    window.candidateList()->selectRow(0);
    window.candidateList()->moveDownAction()->trigger();
    window.candidateList()->removeAction()->trigger();
    QCOMPARE(window.document()->candidateCount(), 2);
    QCOMPARE(window.undoAction()->text(), QStringLiteral("&Undo Remove claude-sonnet"));
    QTest::keyClick(&window, Qt::Key_Z, Qt::ControlModifier);
    QCOMPARE(window.document()->candidateCount(), 3);
    window.undoAction()->trigger();
    QCOMPARE(window.document()->candidate(0).executionProfileId, std::string("claude-sonnet"));
    QVERIFY(!window.isWindowModified());
    window.redoAction()->trigger();
    QCOMPARE(window.document()->candidate(1).executionProfileId, std::string("claude-sonnet"));
    QVERIFY(window.isWindowModified());

    // Closing with unsaved changes asks; Cancel keeps the window open.
    answerNextDialog(QStringLiteral("Cancel"));
    QVERIFY(!window.close());
    answerNextDialog(QStringLiteral("Discard"));
    QVERIFY(window.close());
}

void TestGui::recentFilesAndTitle()
{
    const QString a = copyOf(QStringLiteral("profile-v1.json"));
    const QString b = copyOf(QStringLiteral("export.json"));
    MainWindow window;
    QVERIFY(window.openFile(a));
    QVERIFY(window.openFile(b));
    QCOMPARE(window.recentFiles(), (QStringList {b, a}));
    QVERIFY(window.windowTitle().startsWith(QFileInfo(b).fileName() + QStringLiteral("[*] — Main route")));
    // The export's two dynamic profiles are in the profile list.
    QCOMPARE(window.profileList()->model()->rowCount(), 2);
    window.profileList()->setCurrentIndex(window.profileList()->model()->index(1, 0));
    QCOMPARE(window.document()->currentProfile(), 6);
    QCOMPARE(window.candidateList()->model()->rowCount(), 2);
}

void TestGui::windowRendersSomething()
{
    MainWindow window;
    window.resize(1200, 800);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.openFile(copyOf(QStringLiteral("export.json"))));
    const QImage image = window.grab().toImage();
    QVERIFY(image.width() >= 1000 && image.height() >= 700);
    QSet<QRgb> colors;
    for (int y = 0; y < image.height(); y += 7)
        for (int x = 0; x < image.width(); x += 7)
            colors.insert(image.pixel(x, y));
    QVERIFY2(colors.size() > 20, "the window looks blank");
}

void TestGui::everyFieldHasAnAccessibleName()
{
    MainWindow window;
    QVERIFY(window.openFile(copyOf(QStringLiteral("profile-v1.json"))));
    for (auto* box : window.findChildren<QAbstractSpinBox*>())
        QVERIFY2(!box->accessibleName().isEmpty(), qPrintable(box->objectName()));
    for (auto* combo : window.findChildren<QComboBox*>())
        QVERIFY2(!combo->accessibleName().isEmpty(), qPrintable(combo->currentText()));
    for (auto* view : window.findChildren<QAbstractItemView*>())
        QVERIFY2(!view->accessibleName().isEmpty() || view->inherits("QHeaderView") || !view->isVisibleTo(&window),
            view->metaObject()->className());
}

void TestGui::externalChangeIsDetectedBeforeOverwriting()
{
    const QString path = copyOf(QStringLiteral("profile-v1.json"));
    MainWindow window;
    window.show();
    QVERIFY(window.openFile(path));
    typeValue(window.candidateEditor()->transientPanel()->maxRetriesBox(), 5);
    {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write("{\"edited\": \"by someone else\"}\n");
    }
    // The watcher notices first and offers to reload; decline.
    QString reloadQuestion;
    answerNextDialog(QStringLiteral("No"), &reloadQuestion);
    QTRY_VERIFY_WITH_TIMEOUT(!reloadQuestion.isEmpty(), 10000);
    QVERIFY(reloadQuestion.contains(QStringLiteral("Reload it and lose your unsaved changes?")));
    QString message;
    answerNextDialog(QStringLiteral("Cancel"), &message);
    QVERIFY(!window.save());
    QVERIFY2(message.contains(QStringLiteral("changed by another program")), qPrintable(message));
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QCOMPARE(f.readAll(), QByteArray("{\"edited\": \"by someone else\"}\n"));
    QVERIFY(window.isWindowModified());  // the edit is still here
    answerNextDialog(QStringLiteral("Discard"));
    QVERIFY(window.close());
}

void TestGui::tryAnError()
{
    MainWindow window;
    QVERIFY(window.openFile(copyOf(QStringLiteral("profile-v1.json"))));
    window.candidateList()->selectRow(0);
    TryErrorPanel* panel = window.tryErrorPanel();
    panel->setNow(*policy::parseRfc3339("2026-08-17T12:00:00Z"));
    panel->input()->setPlainText(QStringLiteral(
        "HTTP/1.1 429 Too Many Requests\nretry-after: 60\n\n"
        "{\"error\":{\"message\":\"You exceeded your current quota\",\"key\":\"sk-proj-A1b2C3d4E5f6G7h8I9j0K1l2\"}}"));
    QCOMPARE(panel->classification().code, std::string("quota_limited"));
    QCOMPARE(panel->classification().rule, std::string("guard.quota.signature"));
    QVERIFY2(panel->classificationLabel()->text().contains(
                 QStringLiteral("Reset hint from “60” (retry-after): in 1 min (trusted)")),
        qPrintable(panel->classificationLabel()->text()));
    QVERIFY(panel->classificationLabel()->text().contains(QStringLiteral("provider-errors.v1")));
    // kandev reads a 429 as a rate limit; the panel says that this catalogue differs.
    QVERIFY(panel->classificationLabel()->text().contains(
        QStringLiteral("kandev's own rules say <code>rate_limited</code>")));
    QVERIFY(panel->classification().excerpt.find("sk-proj-A1b2") == std::string::npos);
    QCOMPARE(panel->decisionLabel()->text(),
        QStringLiteral("claude-sonnet: Wait 1 min for the provider's reset, then try this candidate once more; if that "
                       "fails too: skip."));
    panel->beforeOutputBox()->setChecked(false);
    QVERIFY(panel->decisionLabel()->text().contains(QStringLiteral("after output or tool activity")));
    panel->beforeOutputBox()->setChecked(true);
    // A trusted hint the candidate does not use says why: codex-gpt5 does not wait for resets of hard errors,
    window.candidateList()->selectRow(1);
    QVERIFY2(panel->decisionLabel()->text().endsWith(QStringLiteral(
                 "Wait-for-reset is off for hard errors on this candidate, so the 1 min hint is not used.")),
        qPrintable(panel->decisionLabel()->text()));
    // and claude-sonnet waits at most 1 h.
    window.candidateList()->selectRow(0);
    panel->input()->setPlainText(QStringLiteral("HTTP/1.1 429 Too Many Requests\nretry-after: 7200\n\n"
                                                "{\"error\":{\"message\":\"You exceeded your current quota\"}}"));
    QVERIFY2(panel->decisionLabel()->text().endsWith(QStringLiteral(
                 "The 2 h hint is beyond this candidate's 1 h maximum wait for hard errors, so it is not used.")),
        qPrintable(panel->decisionLabel()->text()));
    panel->input()->setPlainText(QStringLiteral("HTTP/1.1 429 Too Many Requests\nretry-after: 60\n\n"
                                                "{\"error\":{\"message\":\"You exceeded your current quota\"}}"));
    // The route cycle that follows, in the timeline.
    const auto buttons = panel->findChildren<QPushButton*>();
    QCOMPARE(buttons.size(), 1);
    buttons.front()->click();
    const auto& timeline = window.timelinePanel()->preview()->timeline();
    QCOMPARE(window.timelinePanel()->preview()->scenario().name, std::string("The pasted error, every attempt"));
    QCOMPARE(timeline.events[1].kind, policy::EventKind::WaitForReset);
    QCOMPARE(timeline.events[1].delaySeconds, 60);
    QCOMPARE(window.timelinePanel()->scenarioBox()->currentText(), QStringLiteral("The pasted error, every attempt"));
    // For the docs: POLICY_STUDIO_SCREENSHOT_DIR=docs writes what this looks like.
    if (const QString dir = qEnvironmentVariable("POLICY_STUDIO_SCREENSHOT_DIR"); !dir.isEmpty()) {
        window.resize(1440, 900);
        window.show();
        window.findChild<QDockWidget*>(QStringLiteral("tryErrorDock"))->show();
        window.findChild<QDockWidget*>(QStringLiteral("tryErrorDock"))->raise();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QTest::qWait(300);
        QVERIFY(window.grab().save(dir + QStringLiteral("/try-an-error.png")));
    }
}

void TestGui::tryAnErrorReadsTheAgentAndThePhase()
{
    MainWindow window;
    QVERIFY(window.openFile(copyOf(QStringLiteral("profile-v1.json"))));
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    window.findChild<QDockWidget*>(QStringLiteral("tryErrorDock"))->raise();
    TryErrorPanel* panel = window.tryErrorPanel();
    panel->setNow(*policy::parseRfc3339("2026-08-17T12:00:00Z"));
    panel->input()->setFocus();
    QTest::keyClicks(
        panel->input(), QStringLiteral("AI_APICallError: 5-hour usage limit reached. Resets in 4hr 19min."));
    // Without the agent, OpenCode's own wording is not read.
    QCOMPARE(panel->classification().code, std::string("unknown_provider_error"));
    // Choose OpenCode with the keyboard, as a person would.
    panel->providerBox()->setFocus();
    while (panel->providerBox()->currentData().toString() != QLatin1String("opencode-acp")) {
        const int before = panel->providerBox()->currentIndex();
        QTest::keyClick(panel->providerBox(), Qt::Key_Down);
        QVERIFY(panel->providerBox()->currentIndex() != before);
    }
    QCOMPARE(panel->classification().rule, std::string("opencode.usage_limit"));
    QVERIFY2(panel->classificationLabel()->text().contains(
                 QStringLiteral("Reset hint from “Resets in 4hr 19min” (text.relative): in 4 h 19 min (trusted)")),
        qPrintable(panel->classificationLabel()->text()));
    // An unknown error after the agent started is the agent's runtime error.
    panel->input()->setPlainText(QStringLiteral("unexpected glitch"));
    QCOMPARE(panel->classification().code, std::string("unknown_provider_error"));
    panel->phaseBox()->setCurrentIndex(panel->phaseBox()->findData(QStringLiteral("streaming")));
    QCOMPARE(panel->classification().code, std::string("agent_runtime_error"));
    QCOMPARE(panel->classification().rule, std::string("phase.poststart.unknown"));
    QVERIFY(panel->decisionLabel()->text().contains(QStringLiteral("Stop")));
}

void TestGui::tryAnErrorReadsWhatIsPastedAsAnError()
{
    // What a person pastes is the failure's evidence: read as an error context,
    // with no invented "exit code: 1" line, and showing no status it did not hold.
    MainWindow window;
    QVERIFY(window.openFile(copyOf(QStringLiteral("profile-v1.json"))));
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    window.findChild<QDockWidget*>(QStringLiteral("tryErrorDock"))->raise();
    TryErrorPanel* panel = window.tryErrorPanel();
    panel->setNow(*policy::parseRfc3339("2026-08-17T12:00:00Z"));
    QVERIFY(panel->input()->placeholderText().contains(QStringLiteral("read as the error's own words")));
    panel->providerBox()->setFocus();
    while (panel->providerBox()->currentData().toString() != QLatin1String("codex-acp")) {
        const int before = panel->providerBox()->currentIndex();
        QTest::keyClick(panel->providerBox(), Qt::Key_Down);
        QVERIFY(panel->providerBox()->currentIndex() != before);
    }
    QTest::mouseClick(panel->input()->viewport(), Qt::LeftButton);
    QTest::keyClicks(panel->input(), QStringLiteral("You've hit your usage limit, resets 3pm"));
    QCOMPARE(panel->classification().code, std::string("quota_limited"));
    QCOMPARE(panel->classification().rule, std::string("codex.usage_limit"));
    QVERIFY2(panel->classificationLabel()->text().contains(
                 QStringLiteral("Reset hint from “resets 3pm” (text.reset_time): not trusted (a time of day without a "
                                "time zone is ambiguous)")),
        qPrintable(panel->classificationLabel()->text()));
    // An overload pasted without any status shows none.
    QTest::keyClick(panel->input(), Qt::Key_A, Qt::ControlModifier);
    QTest::keyClick(panel->input(), Qt::Key_Delete);
    QVERIFY(panel->input()->toPlainText().isEmpty());
    QTest::keyClicks(panel->input(),
        QStringLiteral(R"({"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}})"));
    QCOMPARE(panel->classification().code, std::string("provider_overloaded"));
    const QString shown = panel->classificationLabel()->text() + panel->decisionLabel()->text();
    for (const char* status : {"529", "5xx", "503"})
        QVERIFY2(!shown.contains(QLatin1String(status)), qPrintable(shown));
}

void TestGui::tryAnErrorShowsNoSecret()
{
    TryErrorPanel panel;
    panel.setNow(*policy::parseRfc3339("2026-08-17T12:00:00Z"));
    const auto fixtures = testpaths::fixturesWithSecrets();
    QVERIFY(fixtures.size() >= 20);
    for (const auto& f : fixtures) {
        const QJsonObject e = f.body[QStringLiteral("evidence")].toObject();
        panel.providerBox()->setCurrentIndex(
            std::max(0, panel.providerBox()->findData(e[QStringLiteral("provider")].toString())));
        panel.input()->setPlainText(testpaths::rawErrorOf(e));
        // Without the excerpt's break opportunities (zero-width spaces), which could split a secret.
        const QString shown = QString(
            panel.classificationLabel()->text() + panel.excerptLabel()->text() + panel.decisionLabel()->text())
                                  .remove(QChar(0x200B));
        for (const auto& secret : f.body[QStringLiteral("secrets")].toArray())
            QVERIFY2(!shown.contains(secret.toString()) && !shown.contains(secret.toString().toHtmlEscaped()),
                qPrintable(f.name + QStringLiteral(": ") + secret.toString()));
    }
}

void TestGui::catalogueBrowser()
{
    CatalogueDialog dialog;
    QCOMPARE(dialog.codes()->rowCount(), int(policy::kCatalogue.size() + policy::kUnclassifiedCodes.size()));
    QCOMPARE(dialog.rules()->rowCount(), int(catalogue::rules().size()));
    QCOMPARE(dialog.codes()->item(0, 0)->text(), QStringLiteral("network_unavailable"));
    QCOMPARE(
        dialog.rules()->item(0, 0)->text(), QStringLiteral("guard.cancelled"));  // highest priority first (1090 > 960)
    QCOMPARE(dialog.rules()->item(1, 0)->text(), QStringLiteral("guard.quota.signature"));
    QCOMPARE(dialog.rules()->item(0, 4)->text(), QStringLiteral("(the phase's code)"));
    QVERIFY(!dialog.rules()->item(0, 9)->text().isEmpty());
}

void TestGui::toolBarAndProblemCounter()
{
    MainWindow window;
    window.resize(1366, 768);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    // Icons of our own, drawn from the bundled SVGs, for every tool bar action.
    QToolBar* bar = window.mainToolBar();
    QVERIFY(bar && bar->isVisible());
    int actions = 0;
    for (QAction* a : bar->actions()) {
        if (a->isSeparator())
            continue;
        ++actions;
        QVERIFY2(!a->icon().isNull() && !a->icon().pixmap(20).isNull(), qPrintable(a->text()));
    }
    QCOMPARE(actions, 10);
    QVERIFY(!window.candidateList()->actionBar()->isVisible());  // not twice
    // A document with a problem: the counter says so, and a click brings Validation back.
    QByteArray text = testpaths::readAll(testpaths::sample(QStringLiteral("profile-v1.json"))).c_str();
    text.replace("\"gemini-pro\"", "\"claude-sonnet\"");
    const QString problem = m_dir.filePath(QStringLiteral("problem.json"));
    {
        QFile f(problem);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(text);
    }
    QVERIFY(window.openFile(problem));
    QToolButton* counter = window.problemCountButton();
    QTRY_VERIFY(counter->isVisible());
    QCOMPARE(counter->text(), QStringLiteral("1 problem"));
    auto* validation = window.findChild<QDockWidget*>(QStringLiteral("validationDock"));
    validation->close();
    QTRY_VERIFY(!validation->isVisible());
    QTest::mouseClick(counter, Qt::LeftButton);
    QTRY_VERIFY(validation->isVisible());
    // Fixed, the counter goes.
    QVERIFY(window.openFile(copyOf(QStringLiteral("profile-v1.json"))));
    QTRY_VERIFY(!counter->isVisible());
}

void TestGui::startPageOffersTheWaysIn()
{
    // kandev's default database, where KANDEV_HOME_DIR says it is.
    QTemporaryDir home;
    QVERIFY(QDir(home.path()).mkpath(QStringLiteral("data")));
    Fixture fx(QStringLiteral("sqlite"), home.path() + QStringLiteral("/data"));
    QVERIFY(fx.ok);
    fx.exec(QStringLiteral(
        "DELETE FROM dynamic_agent_routes WHERE dynamic_profile_id IN ('dyn-legacy', 'dyn-conflict', 'dyn-broken')"));
    const QByteArray oldHome = qgetenv("KANDEV_HOME_DIR");
    qputenv("KANDEV_HOME_DIR", home.path().toUtf8());
    {
        MainWindow window;
        window.resize(1366, 768);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        StartPage* start = window.startPage();
        QVERIFY(start->isVisible());
        QVERIFY(!window.candidateList()->isVisible());  // no empty editor, no "0 attempts"
        QVERIFY(!window.profileList()->isVisible());
        QVERIFY(!window.validationPane()->findChild<QLabel*>()->text().contains(QStringLiteral("can be saved")));
        QVERIFY(start->openSampleButton()->isVisible());
        QVERIFY(start->openDefaultDatabaseButton()->isVisible());
        QVERIFY(start->openDefaultDatabaseButton()->text().contains(QStringLiteral("data/kandev.db")));
        // The sample opens as a copy: saving never touches the bundled one.
        QTest::mouseClick(start->openSampleButton(), Qt::LeftButton);
        QVERIFY(window.document());
        QVERIFY(window.document()->filePath() != MainWindow::sampleDocumentPath());
        QVERIFY(!start->isVisible());
        QVERIFY(window.candidateList()->isVisible());
        // Its temporary copy goes when the window does: Recent Files never offers it.
        QVERIFY2(
            !window.recentFiles().contains(window.document()->filePath()), qPrintable(window.recentFiles().join(u',')));
    }
    {
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QTest::mouseClick(window.startPage()->openDefaultDatabaseButton(), Qt::LeftButton);
        QVERIFY(window.document() && window.document()->isDatabase());
    }
    if (oldHome.isNull())
        qunsetenv("KANDEV_HOME_DIR");
    else
        qputenv("KANDEV_HOME_DIR", oldHome);
}

void TestGui::newProfileSaysWhatToDoUntilItHasCandidates()
{
    MainWindow window;
    window.resize(1366, 768);
    window.show();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    QTest::keyClick(&window, Qt::Key_N, Qt::ControlModifier);  // File > New Dynamic Profile
    QVERIFY(window.document());
    QCOMPARE(window.document()->candidateCount(), 0);
    QStringList shown;
    for (const QLabel* l : window.candidateEditor()->findChildren<QLabel*>())
        if (l->isVisible())
            shown << l->text();
    const QString editorText = shown.join(u'\n');
    QVERIFY2(editorText.contains(QStringLiteral("No candidates yet")), qPrintable(editorText));
    QVERIFY2(!editorText.contains(QStringLiteral("Select a candidate")), qPrintable(editorText));
    QVERIFY(window.statusBar()->currentMessage().contains(QStringLiteral("add its first candidate")));
    // Two candidates later the hint is gone.
    for (const char* name : {"claude-sonnet", "codex-gpt5"}) {
        // The platform gives the window back its activation after the dialog, as a window manager does.
        window.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        QTimer::singleShot(0, [name] {
            auto* picker = qobject_cast<CandidatePickerDialog*>(QApplication::activeModalWidget());
            QVERIFY(picker);
            // A new profile has no catalogue of agent profiles: the id is typed.
            QTest::keyClicks(picker->idEdit(), QString::fromLatin1(name));
            QTest::keyClick(picker->idEdit(), Qt::Key_Return);
            if (QApplication::activeModalWidget() == picker)
                picker->reject();  // never hang the test: the count below says it failed
        });
        QWidget* focus = QApplication::focusWidget();
        QTest::keyClick(focus ? focus : &window, Qt::Key_N, Qt::ControlModifier | Qt::ShiftModifier);
    }
    QCOMPARE(window.document()->candidateCount(), 2);
    QVERIFY2(!window.statusBar()->currentMessage().contains(QStringLiteral("first candidate")),
        qPrintable(window.statusBar()->currentMessage()));
}

void TestGui::resetLayoutBringsBackWhatWasClosed()
{
    MainWindow window;
    window.resize(1366, 768);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.openFile(copyOf(QStringLiteral("profile-v1.json"))));
    auto* route = window.findChild<QDockWidget*>(QStringLiteral("routeDock"));
    auto* timeline = window.findChild<QDockWidget*>(QStringLiteral("timelineDock"));
    auto* tryError = window.findChild<QDockWidget*>(QStringLiteral("tryErrorDock"));
    const int routeWidth = route->width();
    route->close();
    timeline->close();
    tryError->show();
    window.mainToolBar()->hide();
    QAction* reset = nullptr;
    for (QAction* a : window.menuBar()->actions()) {
        if (a->menu() && a->text() == QStringLiteral("&View")) {
            for (QAction* item : a->menu()->actions()) {
                if (item->text() == QStringLiteral("&Reset Layout"))
                    reset = item;
            }
        }
    }
    QVERIFY(reset);
    reset->trigger();
    QTRY_VERIFY(window.mainToolBar()->isVisible());
    QTRY_VERIFY(route->isVisible());
    QVERIFY(timeline->isVisible());
    QVERIFY(!tryError->toggleViewAction()->isChecked());  // the helpers start closed
    QTRY_VERIFY(route->width() >= std::min(routeWidth, 260));  // back at its default width, not collapsed
}

void TestGui::aboutNamesTheVersionsItUnderstands()
{
    const QString about = MainWindow::aboutText();
    QVERIFY2(about.contains(QApplication::applicationVersion()) || QApplication::applicationVersion().isEmpty(),
        qPrintable(about));
    QVERIFY(about.contains(
        QStringLiteral("Error catalogue: provider-errors.v1 (%1 rules)").arg(catalogue::rules().size())));
    QVERIFY(about.contains(QStringLiteral("Policy schema version: 1")));
}

QTEST_MAIN(TestGui)
#include "tst_gui.moc"
