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
    void databaseMigrateEditSaveAndConflict();
    void databaseConflictLeavesTheOtherProfilesMigratable();
    void databasePasswordIsAskedFor();
    void unreadableDatabaseProfileAloneIsReadOnly();
    void liveRoutesDock();
    void liveRoutesShowFiveRowsOnALaptop();
    void liveRoutesDockHiddenWithoutRouteState();
    void externalChangeIsDetectedBeforeOverwriting();
    void tryAnError();
    void tryAnErrorReadsTheAgentAndThePhase();
    void tryAnErrorReadsWhatIsPastedAsAnError();
    void tryAnErrorShowsNoSecret();
    void catalogueBrowser();
    void translationsAreComplete_data();
    void translationsAreComplete();
    void pluralsAndQtsWordsFollowTheLanguage_data();
    void pluralsAndQtsWordsFollowTheLanguage();
    void aboutNamesTheVersionsItUnderstands();
    void commandLineOpensDatabases();
    void toolBarAndProblemCounter();
    void newProfileSaysWhatToDoUntilItHasCandidates();
    void resetLayoutBringsBackWhatWasClosed();
    void startPageOffersTheWaysIn();
    void germanUserInterface();

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
    QCOMPARE(window.candidateList()->model()->rowCount(), 3);
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

namespace
{
// Types `text` into the next password prompt and presses Return (or Escape
// when `text` is empty), keeping the prompt's words.
void answerPasswordPrompt(const QString& text, QString* label)
{
    QTimer::singleShot(0, [=] {
        auto* prompt = qobject_cast<QInputDialog*>(QApplication::activeModalWidget());
        if (!prompt) {
            answerPasswordPrompt(text, label);  // not shown yet
            return;
        }
        *label = prompt->labelText();
        auto* field = prompt->findChild<QLineEdit*>();
        QCOMPARE(field->echoMode(), QLineEdit::Password);
        QTest::keyClicks(field, text);
        QTest::keyClick(field, text.isEmpty() ? Qt::Key_Escape : Qt::Key_Return);
    });
}
}  // namespace

void TestGui::databasePasswordIsAskedFor()
{
    if (qEnvironmentVariableIsEmpty("POLICY_STUDIO_PG_PASSWORD"))
        QSKIP("no PostgreSQL role with a password: run the tests through make test");
    QTemporaryDir dir;
    Fixture fx(QStringLiteral("postgres"), dir.path());
    QVERIFY(fx.ok);
    fx.exec(QStringLiteral("DELETE FROM dynamic_agent_routes WHERE dynamic_profile_id <> 'dyn-current'"));
    store::DatabaseTarget target = fx.target;
    target.user = qEnvironmentVariable("POLICY_STUDIO_PG_PASSWORD_USER");
    MainWindow window;
    window.show();

    // Cancelled: nothing opens.
    QString first;
    answerPasswordPrompt(QString(), &first);
    QVERIFY(!window.openDatabase(target));
    QVERIFY2(first.contains(target.user), qPrintable(first));

    // A wrong password is refused and asked for again; the right one opens.
    QString second;
    QString third;
    answerPasswordPrompt(QStringLiteral("not-the-password"), &second);
    QTimer::singleShot(300, [&] { answerPasswordPrompt(qEnvironmentVariable("POLICY_STUDIO_PG_PASSWORD"), &third); });
    QVERIFY(window.openDatabase(target));
    QVERIFY2(third.contains(QLatin1String("passw"), Qt::CaseInsensitive), qPrintable(third));
    QVERIFY(!third.contains(QStringLiteral("not-the-password")));
    QVERIFY(window.document() && window.document()->isDatabase());
    QVERIFY(!window.windowTitle().contains(qEnvironmentVariable("POLICY_STUDIO_PG_PASSWORD")));
}

void TestGui::unreadableDatabaseProfileAloneIsReadOnly()
{
    QTemporaryDir dir;
    Fixture fx(QStringLiteral("sqlite"), dir.path());
    QVERIFY(fx.ok);
    // No legacy rules left (so no review), one profile with an unreadable route.
    fx.exec(
        QStringLiteral("DELETE FROM dynamic_agent_routes WHERE dynamic_profile_id IN ('dyn-legacy', 'dyn-conflict') "
                       "OR (dynamic_profile_id = 'dyn-broken' AND position = 1)"));
    fx.route("dyn-broken", 1, "codex-gpt5", kPolicies);
    const QString broken = fx.rulesJson(QStringLiteral("dyn-broken"), 0);
    MainWindow window;
    window.resize(1366, 768);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.openDatabase(fx.target));
    model::EditorDocument* doc = window.document();
    QVERIFY(!doc->isDocumentReadOnly());

    // Chosen with the mouse in the profile list.
    auto* list = window.findChild<QListView*>();
    QVERIFY(list && list->isVisible());
    const auto choose = [&](const char* id) {
        for (int row = 0; row < list->model()->rowCount(); ++row) {
            const QModelIndex index = list->model()->index(row, 0);
            if (index.data().toString().contains(QLatin1String(id))) {
                list->scrollTo(index);
                QTest::mouseClick(list->viewport(), Qt::LeftButton, {}, list->visualRect(index).center());
                return doc->document().profiles[std::size_t(doc->currentProfile())].id == id;
            }
        }
        return false;
    };
    ValueSpinBox* retries = window.candidateEditor()->transientPanel()->maxRetriesBox();
    QVERIFY(choose("dyn-broken"));
    QVERIFY(doc->isReadOnly());
    QVERIFY2(window.windowTitle().contains(QStringLiteral("read-only")), qPrintable(window.windowTitle()));
    QVERIFY(doc->readOnlyReason().contains(QStringLiteral("cannot be read")));
    window.candidateList()->selectRow(1);
    QVERIFY(!retries->isEnabled() || retries->isReadOnly());

    QVERIFY(choose("dyn-current"));
    QVERIFY(!doc->isReadOnly());
    QVERIFY(!window.windowTitle().contains(QStringLiteral("read-only")));
    window.candidateList()->selectRow(0);
    QVERIFY(retries->isEnabled() && !retries->isReadOnly());
    typeValue(retries, 7);
    QVERIFY(choose("dyn-broken"));  // saving from a read-only profile saves the others
    answerNextDialog(QStringLiteral("Save"));
    QVERIFY(window.save());
    QVERIFY(fx.rulesJson(QStringLiteral("dyn-current"), 0).contains(QStringLiteral("\"max_retries\":7")));
    QCOMPARE(fx.rulesJson(QStringLiteral("dyn-broken"), 0), broken);
    QCOMPARE(fx.version(QStringLiteral("dyn-broken")), 5);
}

namespace
{

// Makes the profile with this id the one being edited.
bool editProfile(model::EditorDocument& doc, const std::string& id)
{
    for (const int index : doc.dynamicProfiles()) {
        if (doc.document().profiles[std::size_t(index)].id == id) {
            doc.setCurrentProfile(index);
            return true;
        }
    }
    return false;
}

// One route of dyn-current waiting for retry 1 of claude-sonnet's 3 (from 5 s).
void addWaitingRoute(Fixture& fx)
{
    fx.exec(QStringLiteral(
        "DELETE FROM dynamic_agent_routes WHERE dynamic_profile_id IN ('dyn-legacy', 'dyn-conflict', 'dyn-broken')"));
    QString policy = QString::fromUtf8(kPolicies);
    policy.replace(QLatin1Char('"'), QStringLiteral("\\\""));
    fx.routeState(QStringLiteral("s-1"), QStringLiteral("dyn-current"), QStringLiteral("claude-sonnet"),
        QStringLiteral("retry_wait"),
        QStringLiteral(
            R"({"failure_code":"rate_limited","failure_class":"transient","catalogue_version":"provider-errors.v1",)"
            R"("policy_json":"%1","retry_ordinal":1,"deadline":"2026-08-21T10:00:10Z","pending_outcome":"skip"})")
            .arg(policy));
    fx.routeAttempt(QStringLiteral("s-1"), QStringLiteral("dyn-current"), QStringLiteral("claude-sonnet"), 1,
        QStringLiteral("candidate_order"));
    fx.circuit(QStringLiteral("profile:codex-gpt5"), QStringLiteral("open"), QStringLiteral("2026-08-21 10:05:00"),
        QStringLiteral("provider_overloaded"));
}

}  // namespace

void TestGui::liveRoutesDock()
{
    QTemporaryDir dir;
    Fixture fx(QStringLiteral("sqlite"), dir.path());
    QVERIFY(fx.ok);
    addWaitingRoute(fx);
    MainWindow window;
    window.resize(1366, 768);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    LiveRoutesPane* pane = window.liveRoutesPane();
    policy::Seconds clock = *policy::parseRfc3339("2026-08-21T10:00:00Z");
    pane->setClock([&clock] { return clock; });
    QVERIFY(window.openDatabase(fx.target));
    model::EditorDocument* doc = window.document();
    QVERIFY(editProfile(*doc, "dyn-current"));
    auto* dock = window.findChild<QDockWidget*>(QStringLiteral("liveRoutesDock"));
    QVERIFY(dock);
    QVERIFY(dock->toggleViewAction()->isEnabled());
    dock->show();
    dock->raise();
    QTRY_VERIFY(pane->isVisible());
    QAbstractItemModelTester tester(pane->model(), QAbstractItemModelTester::FailureReportingMode::QtTest);

    QTest::mouseClick(pane->refreshButton(), Qt::LeftButton);
    QCOMPARE(pane->model()->rowCount(), 1);
    const auto cell = [&](int column) { return pane->model()->index(0, column).data().toString(); };
    QCOMPARE(cell(model::LiveRoutesModel::Session), QStringLiteral("s-1"));
    QCOMPARE(cell(model::LiveRoutesModel::State), QStringLiteral("Retry wait"));
    QCOMPARE(cell(model::LiveRoutesModel::Left), QStringLiteral("10 s"));
    QCOMPARE(cell(model::LiveRoutesModel::Then), QStringLiteral("skip"));
    QCOMPARE(cell(model::LiveRoutesModel::Policy), QStringLiteral("same"));
    QVERIFY2(pane->status()->text().contains(QStringLiteral("1 route running")), qPrintable(pane->status()->text()));

    // Chosen with the mouse: what happens next, the history, and the paused candidate.
    QTableView* view = pane->view();
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, view->visualRect(pane->model()->index(0, 0)).center());
    QCOMPARE(view->currentIndex().row(), 0);
    QVERIFY2(
        pane->details()->text().contains(QStringLiteral("retry 2 of 3 in 10 s")), qPrintable(pane->details()->text()));
    QVERIFY2(pane->details()->text().contains(QStringLiteral("candidate_order")), qPrintable(pane->details()->text()));
    // For the docs: POLICY_STUDIO_SCREENSHOT_DIR=docs writes what this looks like.
    if (const QString dir = qEnvironmentVariable("POLICY_STUDIO_SCREENSHOT_DIR"); !dir.isEmpty()) {
        QTest::qWait(300);
        QVERIFY(window.grab().save(dir + QStringLiteral("/live-routes.png")));
    }

    // The countdown moves with the clock, the rows stay.
    QSignalSpy changed(pane->model(), &QAbstractItemModel::dataChanged);
    clock += std::chrono::seconds {4};
    QTRY_COMPARE(cell(model::LiveRoutesModel::Left), QStringLiteral("6 s"));
    QVERIFY(changed.count() >= 1);
    QCOMPARE(view->currentIndex().row(), 0);

    // Editing the policy marks the route and spells out the difference.
    window.candidateList()->selectRow(0);
    typeValue(window.candidateEditor()->transientPanel()->maxRetriesBox(), 1);
    // ... at once, from the rows already read: well before the next read of the database.
    QTRY_COMPARE_WITH_TIMEOUT(
        cell(model::LiveRoutesModel::Policy), QStringLiteral("differs"), LiveRoutesPane::kRefreshIntervalMs / 5);
    QCOMPARE(view->currentIndex().row(), 0);
    QTest::mouseClick(pane->refreshButton(), Qt::LeftButton);
    QCOMPARE(cell(model::LiveRoutesModel::Policy), QStringLiteral("differs"));
    QCOMPARE(view->currentIndex().row(), 0);  // the same route stays selected across a refresh
    QVERIFY2(pane->details()->text().contains(
                 QStringLiteral("scheduled under 3 retries from 5 s; you are editing 1 retry from 5 s")),
        qPrintable(pane->details()->text()));

    // Saving says which routes run under the profile it writes; the route keeps its snapshot.
    QString review;
    answerNextDialog(QStringLiteral("Save"), &review);
    QVERIFY(window.save());
    QVERIFY2(
        review.contains(QStringLiteral("1 route running, 1 waiting under the old policy: its scheduled deadline stays, "
                                       "its next failure uses the new one.")),
        qPrintable(review));
    QTest::mouseClick(pane->refreshButton(), Qt::LeftButton);
    QCOMPARE(cell(model::LiveRoutesModel::Policy), QStringLiteral("differs"));

    // kandev writes while the dock is open: the next refresh shows it.
    QVERIFY(
        fx.exec(QStringLiteral("UPDATE dynamic_route_states SET state = 'action_required' WHERE session_id = 's-1'")));
    QTest::mouseClick(pane->refreshButton(), Qt::LeftButton);
    QCOMPARE(cell(model::LiveRoutesModel::State), QStringLiteral("Action required"));

    // Show in Timeline continues the route from its state, the paused candidate passed over.
    QSignalSpy requested(pane, &LiveRoutesPane::scenarioRequested);
    QVERIFY(pane->timelineButton()->isEnabled());
    QTest::mouseClick(pane->timelineButton(), Qt::LeftButton);
    QCOMPARE(requested.count(), 1);
    const auto scenario = requested.first().first().value<policy::Scenario>();
    QVERIFY(scenario.from);
    QCOMPARE(scenario.from->retryOrdinal, 1);
    QCOMPARE(scenario.circuits.size(), std::size_t(1));
    QTRY_VERIFY(window.findChild<QDockWidget*>(QStringLiteral("timelineDock"))->isVisible());
}

// On a laptop, with a route opened, the dock still lists at least five routes.
void TestGui::liveRoutesShowFiveRowsOnALaptop()
{
    QSettings().clear();  // the first start's layout, not one an earlier test left
    QTemporaryDir dir;
    Fixture fx(QStringLiteral("sqlite"), dir.path());
    QVERIFY(fx.ok);
    addWaitingRoute(fx);
    for (int session = 2; session <= 7; ++session)
        fx.routeState(QStringLiteral("s-%1").arg(session), QStringLiteral("dyn-current"),
            QStringLiteral("claude-sonnet"), QStringLiteral("action_required"), QStringLiteral("{}"));
    MainWindow window;
    window.resize(1366, 700);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.openDatabase(fx.target));
    QVERIFY(editProfile(*window.document(), "dyn-current"));
    auto* dock = window.findChild<QDockWidget*>(QStringLiteral("liveRoutesDock"));
    if (!dock->isVisible())
        dock->toggleViewAction()->trigger();
    dock->raise();
    LiveRoutesPane* pane = window.liveRoutesPane();
    QTRY_VERIFY(pane->isVisible());
    QTest::mouseClick(pane->refreshButton(), Qt::LeftButton);
    QCOMPARE(pane->model()->rowCount(), 7);
    QTableView* view = pane->view();
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, view->visualRect(pane->model()->index(0, 0)).center());
    QVERIFY(!pane->details()->text().isEmpty());
    const auto whole = [&] {
        int rows = 0;
        for (int row = 0; row < pane->model()->rowCount(); ++row)
            rows += view->viewport()->rect().contains(view->visualRect(pane->model()->index(row, 0))) ? 1 : 0;
        return rows;
    };
    // Once the docks have taken the sizes a newly opened document gives them.
    QTRY_VERIFY2(whole() >= 5,
        qPrintable(QStringLiteral("%1 routes in view, dock %2 px high").arg(whole()).arg(dock->height())));
}

void TestGui::liveRoutesDockHiddenWithoutRouteState()
{
    QTemporaryDir dir;
    Fixture fx(QStringLiteral("sqlite"), dir.path());
    QVERIFY(fx.ok);
    fx.exec(QStringLiteral(
        "DELETE FROM dynamic_agent_routes WHERE dynamic_profile_id IN ('dyn-legacy', 'dyn-conflict', 'dyn-broken')"));
    for (const char* table : {"dynamic_route_attempts", "dynamic_route_states", "dynamic_resource_circuits"})
        QVERIFY(fx.exec(QStringLiteral("DROP TABLE %1").arg(QLatin1String(table))));
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.openDatabase(fx.target));
    auto* dock = window.findChild<QDockWidget*>(QStringLiteral("liveRoutesDock"));
    QVERIFY(!dock->isVisible());
    QVERIFY(!dock->toggleViewAction()->isEnabled());
    QVERIFY(window.liveRoutesPane()->status()->text().contains(QStringLiteral("no route state")));
    // Its save confirmation says so instead of counting routes.
    model::EditorDocument* doc = window.document();
    QVERIFY(editProfile(*doc, "dyn-current"));
    window.candidateList()->selectRow(0);
    typeValue(window.candidateEditor()->transientPanel()->maxRetriesBox(), 6);
    QString review;
    answerNextDialog(QStringLiteral("Save"), &review);
    QVERIFY(window.save());
    QVERIFY2(review.contains(QStringLiteral("this kandev keeps no route state.")), qPrintable(review));
    QCOMPARE(fx.version(QStringLiteral("dyn-current")), 10);
    // A file has no live routes either.
    QVERIFY(window.openFromCommandLine(testpaths::sample(QStringLiteral("export.json"))));
    QVERIFY(!dock->isVisible());
    QVERIFY(!dock->toggleViewAction()->isEnabled());
}

void TestGui::databaseMigrateEditSaveAndConflict()
{
    QTemporaryDir dir;
    Fixture fx(QStringLiteral("sqlite"), dir.path());
    QVERIFY(fx.ok);
    // Only readable, migratable profiles: the editor then opens it for editing.
    fx.exec(
        QStringLiteral("DELETE FROM dynamic_agent_routes WHERE dynamic_profile_id IN ('dyn-broken', 'dyn-conflict')"));
    MainWindow window;
    window.show();
    QString report;
    answerNextDialog(QStringLiteral("Migrate"), &report);
    QTimer::singleShot(200, [] { answerNextDialog(QStringLiteral("Apply")); });
    QVERIFY(window.openDatabase(fx.target));
    QVERIFY(report.contains(QStringLiteral("model_capacity → retry_same")));
    QCOMPARE(fx.version(QStringLiteral("dyn-legacy")), 4);  // applied, after a backup
    QVERIFY(!QDir(dir.path()).entryList({QStringLiteral("kandev.backup-*.db")}).isEmpty());
    model::EditorDocument* doc = window.document();
    QVERIFY(doc && doc->isDatabase());
    QVERIFY(!doc->isReadOnly());
    QVERIFY(window.windowTitle().startsWith(fx.target.path));

    // Edit dyn-current and save: one transaction, version 9 -> 10.
    QVERIFY(editProfile(*doc, "dyn-current"));
    window.candidateList()->selectRow(0);
    typeValue(window.candidateEditor()->transientPanel()->maxRetriesBox(), 6);
    QVERIFY(window.isWindowModified());
    // Every database save is confirmed first; Cancel writes nothing.
    QString review;
    answerNextDialog(QStringLiteral("Cancel"), &review);
    QVERIFY(!window.save());
    QVERIFY(window.isWindowModified());
    QCOMPARE(fx.version(QStringLiteral("dyn-current")), 9);
    QVERIFY2(
        review.contains(QStringLiteral("version 9 becomes 10; no route is running under it.")), qPrintable(review));
    QVERIFY2(review.contains(QStringLiteral("transient.retry.max_retries: 3 -> 6")), qPrintable(review));
    answerNextDialog(QStringLiteral("Save"));
    QVERIFY(window.save());
    QVERIFY(!window.isWindowModified());
    QCOMPARE(fx.version(QStringLiteral("dyn-current")), 10);
    QVERIFY(fx.rulesJson(QStringLiteral("dyn-current"), 0).contains(QStringLiteral("\"max_retries\":6")));

    // Someone else saves in between: the save is refused, and we decline to reload.
    fx.exec(QStringLiteral("UPDATE dynamic_agent_profiles SET version = 11 WHERE profile_id = 'dyn-current'"));
    typeValue(window.candidateEditor()->transientPanel()->maxRetriesBox(), 2);
    QString message;
    answerNextDialog(QStringLiteral("Save"), nullptr, [&message] { answerNextDialog(QStringLiteral("No"), &message); });
    QVERIFY(!window.save());
    QVERIFY2(message.contains(QStringLiteral("changed in the database")), qPrintable(message));
    QVERIFY(window.isWindowModified());
    QVERIFY(fx.rulesJson(QStringLiteral("dyn-current"), 0).contains(QStringLiteral("\"max_retries\":6")));
    answerNextDialog(QStringLiteral("Discard"));
    QVERIFY(window.close());
}

void TestGui::databaseConflictLeavesTheOtherProfilesMigratable()
{
    QTemporaryDir dir;
    Fixture fx(QStringLiteral("sqlite"), dir.path());
    QVERIFY(fx.ok);
    // dyn-conflict's rules conflict; dyn-legacy's can be migrated, as policyctl migrate --db --apply does.
    fx.exec(QStringLiteral("DELETE FROM dynamic_agent_routes WHERE dynamic_profile_id = 'dyn-broken'"));
    MainWindow window;
    window.show();
    QString firstIntro, secondIntro, secondReport;
    QStringList secondButtons;
    // The reviews after Apply: the database opened again, with only the conflict left.
    const std::function<void()> answerSecond = [&] {
        auto* review = qobject_cast<MigrationReviewDialog*>(QApplication::activeModalWidget());
        if (!review || !review->isVisible()) {
            QTimer::singleShot(10, answerSecond);
            return;
        }
        for (auto* label : review->findChildren<QLabel*>())
            secondIntro += label->text();
        secondReport = review->browser()->toPlainText();
        for (auto* b : review->findChildren<QPushButton*>())
            secondButtons << b->text().remove(QLatin1Char('&'));
        clickButton(review, QStringLiteral("Open"));
    };
    onNextReview([&](MigrationReviewDialog* review) {
        for (auto* label : review->findChildren<QLabel*>())
            firstIntro += label->text();
        clickButton(review, QStringLiteral("Migrate"));
        answerNextDialog(QStringLiteral("Apply"), nullptr, [&] { QTimer::singleShot(0, answerSecond); });
    });
    QVERIFY(window.openDatabase(fx.target));
    QVERIFY2(!firstIntro.contains(QStringLiteral("in the file")), qPrintable(firstIntro));
    QCOMPARE(fx.version(QStringLiteral("dyn-legacy")), 4);  // migrated
    QCOMPARE(fx.version(QStringLiteral("dyn-conflict")), 1);  // untouched
    // The conflict is told in the database's words: the profile and the candidate by name.
    QCOMPARE(secondButtons, QStringList {QStringLiteral("Open")});
    const QString said = secondIntro + secondReport;
    QVERIFY2(!said.contains(QStringLiteral("in the file")) && !said.contains(QStringLiteral("dynamic.candidates[")),
        qPrintable(said));
    QVERIFY2(said.contains(QStringLiteral("dyn-conflict")) && said.contains(QStringLiteral("Codex GPT-5")),
        qPrintable(said));
    QVERIFY2(said.contains(QStringLiteral("in kandev")), qPrintable(said));
    // Only the conflicting profile is read-only, and it says what to settle.
    model::EditorDocument* doc = window.document();
    QVERIFY(doc && !doc->isDocumentReadOnly());
    QVERIFY(editProfile(*doc, "dyn-conflict"));
    QVERIFY(doc->isReadOnly());
    QVERIFY2(doc->readOnlyReason().contains(QStringLiteral("model_capacity"))
            && doc->readOnlyReason().contains(QStringLiteral("rate_limited")),
        qPrintable(doc->readOnlyReason()));
    QVERIFY(editProfile(*doc, "dyn-legacy"));
    QVERIFY(!doc->isReadOnly());
    QVERIFY(doc->candidate(0).policies);
    QVERIFY(window.saveAction()->isEnabled());
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

void TestGui::translationsAreComplete_data()
{
    QTest::addColumn<QString>("file");
    QTest::newRow("en") << "policy-studio_en.ts";
    QTest::newRow("de") << "policy-studio_de.ts";
}

void TestGui::translationsAreComplete()
{
    QFETCH(QString, file);
    QFile f(testpaths::sourceDir() + QStringLiteral("/translations/") + file);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QXmlStreamReader xml(&f);
    int messages = 0;
    QStringList untranslated;
    QString source;
    bool numerus = false;
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement())
            continue;
        if (xml.name() == QLatin1String("message")) {
            ++messages;
            numerus = xml.attributes().value(QLatin1String("numerus")) == QLatin1String("yes");
        } else if (xml.name() == QLatin1String("source")) {
            source = xml.readElementText();
        } else if (xml.name() == QLatin1String("translation")) {
            const bool unfinished = xml.attributes().value(QLatin1String("type")) == QLatin1String("unfinished");
            QStringList forms;  // a numerus message's forms, singular first
            if (numerus) {
                while (xml.readNextStartElement())
                    forms << xml.readElementText();
            }
            const QString text
                = numerus ? forms.join(QLatin1Char('\n')) : xml.readElementText(QXmlStreamReader::IncludeChildElements);
            // English needs only its plural forms; every other language needs every message.
            const bool required = file.endsWith(QLatin1String("_de.ts")) || numerus;
            if (required && (unfinished || text.trimmed().isEmpty()))
                untranslated << source;
            // An English plural form is a real one, not the source's "(s)".
            if (numerus && file.endsWith(QLatin1String("_en.ts")) && text.contains(QLatin1String("(s)")))
                untranslated << source;
            // ... whose singular agrees: "%n candidate is", never "%n candidate are".
            static const QRegularExpression pluralVerb(QStringLiteral("%n [a-z]+ (are|were|have)\\b"));
            if (numerus && file.endsWith(QLatin1String("_en.ts")) && !forms.isEmpty()
                && pluralVerb.match(forms.first()).hasMatch())
                untranslated << source + QStringLiteral(" (singular: ") + forms.first() + QLatin1Char(')');
        }
    }
    QVERIFY(messages > 250);
    QVERIFY2(untranslated.isEmpty(), qPrintable(untranslated.join(QLatin1Char('\n'))));
}

void TestGui::pluralsAndQtsWordsFollowTheLanguage_data()
{
    // A locale without a translation of its own still gets English plurals,
    // and German gets Qt's own German too (shortcut names).
    QTest::addColumn<QString>("locale");
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("one");
    QTest::addColumn<QString>("shortcut");
    QTest::newRow("C") << "C"
                       << "en"
                       << "1 attempt in 5 s, ending in stop."
                       << "Ctrl+O";
    QTest::newRow("French (not translated)") << "fr_FR"
                                             << "en"
                                             << "1 attempt in 5 s, ending in stop."
                                             << "Ctrl+O";
    QTest::newRow("English") << "en_GB"
                             << "en"
                             << "1 attempt in 5 s, ending in stop."
                             << "Ctrl+O";
    QTest::newRow("German") << "de_DE"
                            << "de"
                            << "1 Versuch in 5 s, Ende: stop."
                            << "Strg+O";
}

void TestGui::pluralsAndQtsWordsFollowTheLanguage()
{
    QFETCH(QString, locale);
    QFETCH(QString, language);
    QFETCH(QString, one);
    QFETCH(QString, shortcut);
    QCOMPARE(i18n::install(QLocale(locale)), language);
    QCOMPARE(QCoreApplication::translate("model::TimelinePreview", "%n attempt(s) in %1, ending in %2.", nullptr, 1)
                 .arg(QStringLiteral("5 s"), QStringLiteral("stop")),
        one);
    QCOMPARE(QKeySequence(QKeySequence::Open).toString(QKeySequence::NativeText), shortcut);
    QCOMPARE(i18n::install(QLocale(QLocale::English)), QStringLiteral("en"));
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

void TestGui::commandLineOpensDatabases()
{
    QTemporaryDir dir;
    Fixture fx(QStringLiteral("sqlite"), dir.path());
    QVERIFY(fx.ok);
    // No legacy rules left, so that no migration review is asked for.
    fx.exec(QStringLiteral(
        "DELETE FROM dynamic_agent_routes WHERE dynamic_profile_id IN ('dyn-legacy', 'dyn-conflict', 'dyn-broken')"));
    // A SQLite file by its contents, whatever it is called; sqlite:PATH; and a document file.
    const QString renamed = dir.path() + QStringLiteral("/kandev-copy.data");
    QVERIFY(QFile::copy(fx.target.path, renamed));
    for (const QString& argument : {fx.target.path, renamed, QStringLiteral("sqlite:") + fx.target.path}) {
        MainWindow window;
        QVERIFY2(window.openFromCommandLine(argument), qPrintable(argument));
        QVERIFY(window.document() && window.document()->isDatabase());
    }
    MainWindow window;
    QVERIFY(window.openFromCommandLine(copyOf(QStringLiteral("profile-v1.json"))));
    QVERIFY(!window.document()->isDatabase());
    // A URL that does not parse is refused with a message that does not repeat it (it may hold a password).
    QString message;
    answerNextDialog(QStringLiteral("OK"), &message);
    QVERIFY(!window.openFromCommandLine(QStringLiteral("postgres://user:s3cret@")));
    QVERIFY(!message.isEmpty());
    QVERIFY2(!message.contains(QStringLiteral("s3cret")), qPrintable(message));
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

void TestGui::germanUserInterface()
{
    QCOMPARE(i18n::install(QLocale(QLocale::German)), QStringLiteral("de"));
    {
        ClassPolicyPanel panel(policy::ErrorClass::Hard);
        QCOMPARE(panel.retrySwitch()->text(), QStringLiteral("Denselben Kandidaten w&iederholen"));
        policy::ClassPolicy p {{true, 1, 90}, {false, 0}, policy::Outcome::Stop};
        panel.setPolicy(p, {});
        QCOMPARE(panel.summaryLabel()->text(), QStringLiteral("1 Wiederholung ab 1 min 30 s, dann anhalten"));
        MainWindow window;
        QVERIFY(window.openFile(copyOf(QStringLiteral("profile-v1.json"))));
        QVERIFY(window.windowTitle().endsWith(QStringLiteral("Policy Studio")));
        QCOMPARE(window.saveAction()->text(), QStringLiteral("&Speichern"));
    }
    QCOMPARE(i18n::install(QLocale(QLocale::English)), QStringLiteral("en"));
}

QTEST_MAIN(TestGui)
#include "tst_gui.moc"
