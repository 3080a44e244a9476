// SPDX-License-Identifier: Apache-2.0
// The editor as a user meets it: the real window, its real views, driven by
// keys, clicks and the wheel. Each case pins a defect seen by hand: a freeze on
// remove, an editor showing another candidate than the selected one, the
// wheel changing values, typed values changed behind the user's back,
// read-only legacy documents that invent policies, keyboard dead ends,
// duplicate candidates, and defaults that differ from kandev's.
#include "editor/candidate_editor.h"
#include "route/candidate_list_panel.h"
#include "dialogs/candidate_picker_dialog.h"
#include "editor/class_policy_panel.h"
#include "editor/field_binder.h"
#include "window/main_window.h"
#include "dialogs/review_changes_dialog.h"
#include "dialogs/migration_review_dialog.h"
#include "route/route_pane.h"
#include "timeline/timeline_panel.h"
#include "panels/validation_pane.h"
#include "controls/value_controls.h"

#include "model/candidate_list_model.h"
#include "model/commands.h"
#include "model/validation_model.h"

#include "check/document_check.h"

#include "../common/gui_helpers.h"
#include "../common/test_paths.h"
#include "translations.h"

#include <QAbstractItemModelTester>
#include <QCheckBox>
#include <QAbstractItemView>
#include <QCompleter>
#include <QDialogButtonBox>
#include <QPushButton>
#include <QDockWidget>
#include <QFileDialog>
#include <QTextBrowser>
#include <QToolButton>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QListWidget>
#include <QMenu>
#include <QMenuBar>
#include <QRadioButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSettings>
#include <QSplitter>
#include <QStatusBar>
#include <QUndoStack>
#include <QTabBar>
#include <QTableView>
#include <QScopeGuard>
#include <QTemporaryDir>
#include <QUndoView>
#include <QWheelEvent>
#include <QtTest>

#include <functional>

using namespace gui;
using guitest::answerNextDialog;
using guitest::eventLoopAnswers;
using guitest::typeValue;

namespace
{

QByteArray readFileBytes(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// Presses the platform's key for a standard action (Redo is Ctrl+Y under some
// schemes, Ctrl+Shift+Z under others) on the widget that has the focus.
void pressStandardKey(QKeySequence::StandardKey key)
{
    const QKeyCombination combination = QKeySequence::keyBindings(key).constFirst()[0];
    QTest::keyClick(QApplication::focusWidget(), combination.key(), combination.keyboardModifiers());
}

void wheel(QWidget* target, int steps)
{
    const QPointF pos(target->width() / 2.0, target->height() / 2.0);
    QWheelEvent event(pos, target->mapToGlobal(pos), QPoint(), QPoint(0, 120 * steps), Qt::NoButton, Qt::NoModifier,
        Qt::NoScrollPhase, false);
    QApplication::sendEvent(target, &event);
}

void clickRow(QTableView* table, int row)
{
    const QRect rect = table->visualRect(table->model()->index(row, model::CandidateListModel::NameColumn));
    QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, rect.center());
}

}  // namespace

class TestEditorTrust final : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void removeNeverFreezes_data();
    void removeNeverFreezes();
    void editorFollowsTheSelection_data();
    void editorFollowsTheSelection();
    void wheelLeavesUnfocusedValuesAlone_data();
    void wheelLeavesUnfocusedValuesAlone();
    void wheelChangesAFocusedValueWithinLimits();
    void typedValuesStayAsTyped_data();
    void typedValuesStayAsTyped();
    void unitIsTheOnePicked();
    void loadedOutOfRangeValuesShowAsTheyAre();
    void readOnlyLegacyShowsItsRules();
    void tabLeavesTheRouteAndWalksTheEditor();
    void focusedFieldIsScrolledIntoView();
    void undoEntriesNameCandidateAndValue();
    void mnemonicsAreUniqueInTheWindow_data();
    void mnemonicsAreUniqueInTheWindow();
    void addCandidateByKeyboardRefusesDuplicates();
    void copyPoliciesWaitsForATarget();
    void undoHistoryStartsWithOpened();
    void reviewNeverPromisesABlockedSave();
    void duplicateCandidateIsAProblem();
    void switchingOnFillsKandevsDefaults();
    void invalidDocumentIsNeverSaved();
    void undoFromAnyFieldUndoesTheDocument_data();
    void undoFromAnyFieldUndoesTheDocument();
    void readOnlyBannerNamesTheRealReason_data();
    void readOnlyBannerNamesTheRealReason();
    void saveAsAddsTheJsonSuffix();
    void savePathForTheChosenFilter_data();
    void savePathForTheChosenFilter();
    void filterNeverHidesTheEditedCandidate();

private:
    QTemporaryDir m_dir;
    QString copyOf(const QString& sample);
    QString writeFile(const QString& name, const QByteArray& bytes);
    // The editor shows the candidate the route has selected.
    static void verifyEditorShowsSelection(MainWindow& window);
};

void TestEditorTrust::initTestCase()
{
    QVERIFY(m_dir.isValid());
    guitest::isolateSettings(m_dir, QStringLiteral("Policy Studio Trust Test"));
    i18n::install(QLocale(QLocale::English));
}

void TestEditorTrust::init()
{
    QSettings().clear();
}

QString TestEditorTrust::copyOf(const QString& sample)
{
    return guitest::copyOfSample(m_dir, testpaths::sample(sample));
}

QString TestEditorTrust::writeFile(const QString& name, const QByteArray& bytes)
{
    const QString path = m_dir.filePath(name);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
        qFatal("cannot write %s", qPrintable(path));
    f.write(bytes);
    return path;
}

void TestEditorTrust::verifyEditorShowsSelection(MainWindow& window)
{
    const int row = window.candidateList()->currentRow();
    QVERIFY(row >= 0);
    QCOMPARE(window.candidateEditor()->row(), row);
    QVERIFY2(window.candidateEditor()->titleLabel()->text().endsWith(window.document()->candidateName(row)),
        qPrintable(window.candidateEditor()->titleLabel()->text()));
}

void TestEditorTrust::removeNeverFreezes_data()
{
    QTest::addColumn<QString>("how");
    QTest::newRow("toolbar Remove") << "toolbar";
    QTest::newRow("Delete key in the route") << "delete";
    QTest::newRow("undo of Add candidate") << "undo-add";
}

void TestEditorTrust::removeNeverFreezes()
{
    QFETCH(QString, how);
    guitest::Watchdog watchdog(std::chrono::seconds(20));
    MainWindow window;
    window.resize(1366, 768);
    window.show();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    QVERIFY(window.openFile(copyOf(QStringLiteral("export.json"))));
    QAbstractItemModelTester tester(
        window.candidateList()->model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    QTableView* table = window.candidateList()->view();
    model::EditorDocument* doc = window.document();
    int before = doc->candidateCount();
    if (how == QLatin1String("undo-add")) {
        doc->undoStack()->push(new model::InsertCandidateCommand(doc, before, model::newCandidate("x-new"), "x-new"));
        window.candidateList()->selectRow(before);
        QVERIFY(eventLoopAnswers());
        before = doc->candidateCount();
    }
    clickRow(table, 1);
    watchdog.pet(how.toStdString());
    if (how == QLatin1String("toolbar")) {
        QWidget* button = nullptr;
        // The tool button that shows the Remove action.
        for (auto* b : window.candidateList()->findChildren<QAbstractButton*>()) {
            if (b->text().contains(QStringLiteral("Remove")))
                button = b;
        }
        QVERIFY(button);
        QTest::mouseClick(button, Qt::LeftButton);
    } else if (how == QLatin1String("delete")) {
        table->setFocus();
        QTest::keyClick(table, Qt::Key_Delete);
    } else {
        QTest::keyClick(&window, Qt::Key_Z, Qt::ControlModifier);
    }
    QVERIFY2(eventLoopAnswers(), "the window does not answer after removing a candidate");
    watchdog.pet("after " + how.toStdString());
    QCOMPARE(doc->candidateCount(), before - 1);
    QCOMPARE(table->model()->rowCount(), before - 1);
    table->resizeColumnsToContents();  // views may ask for size hints of every row
    QVERIFY(eventLoopAnswers());
    verifyEditorShowsSelection(window);
}

void TestEditorTrust::editorFollowsTheSelection_data()
{
    QTest::addColumn<QStringList>("keys");
    QTest::newRow("Alt+Up") << QStringList {"alt+up"};
    QTest::newRow("Alt+Down") << QStringList {"alt+down"};
    QTest::newRow("Alt+Down, undo") << QStringList {"alt+down", "undo"};
    QTest::newRow("Alt+Up, undo, redo") << QStringList {"alt+up", "undo", "redo"};
    QTest::newRow("Alt+Down twice, undo twice") << QStringList {"alt+down", "alt+down", "undo", "undo"};
}

void TestEditorTrust::editorFollowsTheSelection()
{
    QFETCH(QStringList, keys);
    MainWindow window;
    window.resize(1366, 768);
    window.show();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    QVERIFY(window.openFile(copyOf(QStringLiteral("export.json"))));
    QTableView* table = window.candidateList()->view();
    clickRow(table, 1);
    verifyEditorShowsSelection(window);
    for (const QString& key : keys) {
        table->setFocus();
        if (key == QLatin1String("alt+up"))
            QTest::keyClick(table, Qt::Key_Up, Qt::AltModifier);
        else if (key == QLatin1String("alt+down"))
            QTest::keyClick(table, Qt::Key_Down, Qt::AltModifier);
        else if (key == QLatin1String("undo"))
            QTest::keyClick(&window, Qt::Key_Z, Qt::ControlModifier);
        else
            QTest::keyClick(&window, Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
        QVERIFY(eventLoopAnswers());
        verifyEditorShowsSelection(window);
    }
    // The next edit lands on the selected candidate, and only on it.
    model::EditorDocument* doc = window.document();
    const int row = window.candidateList()->currentRow();
    std::vector<policy::Candidate> before;
    for (int i = 0; i < doc->candidateCount(); ++i)
        before.push_back(doc->candidate(i));
    ClassPolicyPanel* hard = window.candidateEditor()->hardPanel();
    if (!hard->retrySwitch()->isChecked())
        QTest::mouseClick(hard->retrySwitch(), Qt::LeftButton, {}, QPoint(8, hard->retrySwitch()->height() / 2));
    typeValue(hard->maxRetriesBox(), 7);
    QCOMPARE(doc->candidate(row).policies->hard.retry.maxRetries, 7);
    for (int i = 0; i < doc->candidateCount(); ++i) {
        if (i != row)
            QVERIFY2(
                doc->candidate(i) == before[std::size_t(i)], qPrintable(QStringLiteral("candidate %1 changed").arg(i)));
    }
}

void TestEditorTrust::wheelLeavesUnfocusedValuesAlone_data()
{
    QTest::addColumn<QString>("control");
    QTest::newRow("max retries") << "retries";
    QTest::newRow("first retry delay") << "interval";
    QTest::newRow("first retry unit") << "interval-unit";
    QTest::newRow("maximum wait") << "wait";
    QTest::newRow("maximum wait unit") << "wait-unit";
}

void TestEditorTrust::wheelLeavesUnfocusedValuesAlone()
{
    QFETCH(QString, control);
    MainWindow window;
    window.resize(1366, 768);
    window.show();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    QVERIFY(window.openFile(copyOf(QStringLiteral("profile-v1.json"))));
    // Candidate 2 has every section of the hard panel switched on.
    clickRow(window.candidateList()->view(), 0);
    ClassPolicyPanel* transient = window.candidateEditor()->transientPanel();
    ClassPolicyPanel* hard = window.candidateEditor()->hardPanel();
    QWidget* target = nullptr;
    if (control == QLatin1String("retries"))
        target = transient->maxRetriesBox();
    else if (control == QLatin1String("interval"))
        target = transient->intervalEdit()->spinBox();
    else if (control == QLatin1String("interval-unit"))
        target = transient->intervalEdit()->unitBox();
    else if (control == QLatin1String("wait"))
        target = hard->maxWaitEdit()->spinBox();
    else
        target = hard->maxWaitEdit()->unitBox();
    QVERIFY(target->isVisible());
    window.candidateList()->view()->setFocus();
    QVERIFY(!target->hasFocus());
    const policy::Candidate before = window.document()->candidate(0);
    const int undoCount = window.document()->undoStack()->count();
    // To the control itself: a synthetic wheel event is not passed from a
    // child to its parent, and the control is what must refuse it.
    for (int i = 0; i < 3; ++i) {
        wheel(target, -1);
        wheel(target, +1);
        wheel(target, -1);
    }
    QVERIFY(eventLoopAnswers());
    QCOMPARE(window.document()->undoStack()->count(), undoCount);
    QVERIFY(window.document()->candidate(0) == before);
    QVERIFY(!target->hasFocus());  // the wheel does not take focus either
}

void TestEditorTrust::wheelChangesAFocusedValueWithinLimits()
{
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    QVERIFY(window.openFile(copyOf(QStringLiteral("profile-v1.json"))));
    ClassPolicyPanel* transient = window.candidateEditor()->transientPanel();
    ValueSpinBox* box = transient->maxRetriesBox();
    box->setFocus();
    QVERIFY(QTest::qWaitFor([&] { return box->hasFocus(); }, 2000));
    wheel(box, +1);
    QCOMPARE(window.document()->candidate(0).policies->transient.retry.maxRetries, 4);
    for (int i = 0; i < 20; ++i)
        wheel(box, +1);
    QCOMPARE(window.document()->candidate(0).policies->transient.retry.maxRetries, 10);  // the limit
}

void TestEditorTrust::typedValuesStayAsTyped_data()
{
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("typed");
    QTest::addColumn<qint64>("stored");
    QTest::newRow("11 retries") << "retry.max_retries"
                                << "11" << qint64(11);
    QTest::newRow("0 retries") << "retry.max_retries"
                               << "0" << qint64(0);
    QTest::newRow("0 s first retry") << "retry.initial_interval_seconds"
                                     << "0" << qint64(0);
    QTest::newRow("4000 s first retry") << "retry.initial_interval_seconds"
                                        << "4000" << qint64(4000);
    QTest::newRow("negative retries") << "retry.max_retries"
                                      << "-2" << qint64(-2);
}

void TestEditorTrust::typedValuesStayAsTyped()
{
    QFETCH(QString, field);
    QFETCH(QString, typed);
    QFETCH(qint64, stored);
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    QVERIFY(window.openFile(copyOf(QStringLiteral("profile-v1.json"))));
    ClassPolicyPanel* transient = window.candidateEditor()->transientPanel();
    ValueSpinBox* box = field == QLatin1String("retry.max_retries") ? transient->maxRetriesBox()
                                                                    : transient->intervalEdit()->spinBox();
    box->setFocus();
    box->selectAll();
    QTest::keyClicks(box, typed);
    QTest::keyClick(box, Qt::Key_Tab);  // leave the field, as a user does
    QVERIFY(eventLoopAnswers());
    const auto& retry = window.document()->candidate(0).policies->transient.retry;
    QCOMPARE(field == QLatin1String("retry.max_retries") ? retry.maxRetries : retry.initialIntervalSeconds, stored);
    QCOMPARE(box->findChild<QLineEdit*>()->text(), typed);  // shown as typed
    QVERIFY2(!transient->fieldError(field).isEmpty(), "the inline error explains the value");
    QVERIFY(!transient->scheduleLabel()->text().contains(QStringLiteral("0 s, 0 s")));
    QCOMPARE(window.validationPane()->model()->rowCount(), 1);
}

void TestEditorTrust::unitIsTheOnePicked()
{
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    QVERIFY(window.openFile(copyOf(QStringLiteral("profile-v1.json"))));
    ClassPolicyPanel* transient = window.candidateEditor()->transientPanel();
    DurationEdit* interval = transient->intervalEdit();
    typeValue(interval->spinBox(), 30);
    QCOMPARE(window.document()->candidate(0).policies->transient.retry.initialIntervalSeconds, 30);
    // Every unit up to the one-hour maximum is offered, whatever the number.
    QCOMPARE(interval->unitBox()->count(), 3);
    // To set one hour a person types 1 and picks hours: an edit of the same
    // field as the typing, so the undo steps of that field merge into one.
    typeValue(interval->spinBox(), 1);
    interval->unitBox()->setFocus();
    QTest::keyClick(interval->unitBox(), Qt::Key_End);  // hours
    QCOMPARE(interval->unitBox()->currentText(), QStringLiteral("hours"));
    QCOMPARE(interval->spinBox()->value(), 1);
    QCOMPARE(window.document()->candidate(0).policies->transient.retry.initialIntervalSeconds, 3600);
    QVERIFY(interval->inSecondsLabel()->isVisible());
    QCOMPARE(interval->inSecondsLabel()->text(), QStringLiteral("= %1 s").arg(QLocale().toString(3600)));
    window.document()->undoStack()->undo();
    QCOMPARE(window.document()->candidate(0).policies->transient.retry.initialIntervalSeconds, 5);  // as opened
    window.document()->undoStack()->redo();
    QCOMPARE(window.document()->candidate(0).policies->transient.retry.initialIntervalSeconds, 3600);
    QCOMPARE(interval->unitBox()->currentText(), QStringLiteral("hours"));
}

void TestEditorTrust::loadedOutOfRangeValuesShowAsTheyAre()
{
    QByteArray text = testpaths::readAll(testpaths::sample(QStringLiteral("profile-v1.json"))).c_str();
    text.replace("\"max_retries\": 3,", "\"max_retries\": 11,");
    text.replace("\"initial_interval_seconds\": 5\n", "\"initial_interval_seconds\": 0\n");
    QVERIFY(text.contains("\"max_retries\": 11"));
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    QVERIFY(window.openFile(writeFile(QStringLiteral("out-of-range.json"), text)));
    ClassPolicyPanel* transient = window.candidateEditor()->transientPanel();
    QCOMPARE(transient->maxRetriesBox()->value(), 11);
    QCOMPARE(transient->maxRetriesBox()->findChild<QLineEdit*>()->text(), QStringLiteral("11"));
    QCOMPARE(transient->intervalEdit()->seconds(), 0);
    QCOMPARE(transient->intervalEdit()->spinBox()->findChild<QLineEdit*>()->text(), QStringLiteral("0"));
    QVERIFY(!transient->fieldError(QStringLiteral("retry.max_retries")).isEmpty());
    QVERIFY(!transient->fieldError(QStringLiteral("retry.initial_interval_seconds")).isEmpty());
    QCOMPARE(transient->scheduleLabel()->text(),
        QStringLiteral("No schedule until the retry values above are within their limits."));
    QVERIFY(!window.isWindowModified());  // showing is not editing
}

void TestEditorTrust::readOnlyLegacyShowsItsRules()
{
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    answerNextDialog(QStringLiteral("Open Read-Only"));
    QVERIFY(window.openFile(copyOf(QStringLiteral("legacy-conflict.json"))));
    QVERIFY(window.document()->isReadOnly());
    CandidateEditor* editor = window.candidateEditor();

    // The candidate whose rules conflict: its rules as they are, and why.
    window.candidateList()->selectRow(1);
    QVERIFY(editor->legacyLabel()->isVisible());
    QVERIFY(!editor->transientPanel()->isVisible());  // no invented policies
    QVERIFY(!editor->hardPanel()->isVisible());
    const QString rules = editor->legacyLabel()->text();
    QVERIFY2(rules.contains(QStringLiteral("model_capacity")) && rules.contains(QStringLiteral("retry_same")),
        qPrintable(rules));
    QVERIFY2(rules.contains(QStringLiteral("cannot be migrated")), qPrintable(rules));
    QVERIFY(editor->noticeLabel()->text().contains(QStringLiteral("cannot be migrated")));

    // The candidate that can be migrated is not called unmigratable.
    window.candidateList()->selectRow(0);
    QVERIFY(editor->legacyLabel()->text().contains(QStringLiteral("Migrated, they become")));
    QVERIFY2(editor->noticeLabel()->text().contains(QStringLiteral("this candidate's legacy rules can be migrated")),
        qPrintable(editor->noticeLabel()->text()));

    // The validation pane lists the error and never says the document can be saved.
    ValidationPane* pane = window.validationPane();
    QVERIFY(pane->model()->rowCount() >= 1);
    QCOMPARE(pane->model()->index(0, model::ValidationModel::PathColumn).data().toString(),
        QStringLiteral("candidates[1].rules"));
    const QString status = pane->findChild<QLabel*>()->text();
    QVERIFY2(!status.contains(QStringLiteral("can be saved")), qPrintable(status));
    QVERIFY2(status.startsWith(QStringLiteral("Read-only")), qPrintable(status));
}

void TestEditorTrust::tabLeavesTheRouteAndWalksTheEditor()
{
    MainWindow window;
    window.resize(1366, 768);
    window.show();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    QVERIFY(window.openFile(copyOf(QStringLiteral("profile-v1.json"))));
    QTableView* table = window.candidateList()->view();
    clickRow(table, 1);
    table->setFocus();
    QTest::keyClick(table, Qt::Key_Tab);
    QCOMPARE(window.candidateList()->currentRow(), 1);  // Tab did not walk the cells
    QWidget* editor = window.candidateEditor();
    QVERIFY2(editor->isAncestorOf(QApplication::focusWidget()),
        qPrintable(QApplication::focusWidget() ? QApplication::focusWidget()->metaObject()->className() : "none"));
    // Tab walks the transient panel, then the hard panel, then reaches the timeline.
    bool sawTransient = false, sawHardAfterTransient = false;
    QWidget* after = nullptr;
    for (int i = 0; i < 60; ++i) {
        QWidget* focus = QApplication::focusWidget();
        if (!editor->isAncestorOf(focus)) {
            after = focus;
            break;
        }
        if (window.candidateEditor()->transientPanel()->isAncestorOf(focus))
            sawTransient = true;
        if (sawTransient && window.candidateEditor()->hardPanel()->isAncestorOf(focus))
            sawHardAfterTransient = true;
        QTest::keyClick(focus, Qt::Key_Tab);
    }
    QVERIFY(sawTransient);
    QVERIFY(sawHardAfterTransient);
    QVERIFY(after);
    QVERIFY2(window.timelinePanel()->isAncestorOf(after), qPrintable(after->metaObject()->className()));
}

void TestEditorTrust::focusedFieldIsScrolledIntoView()
{
    MainWindow window;
    window.resize(1366, 768);
    window.show();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    QVERIFY(window.openFile(copyOf(QStringLiteral("profile-v1.json"))));
    // A short editor, as on a small screen, so that it scrolls: the timeline takes all it can.
    auto* timeline = window.findChild<QDockWidget*>(QStringLiteral("timelineDock"));
    QVERIFY(timeline);
    QTest::qWait(50);  // the window sizes its docks for the new document first
    QVERIFY(eventLoopAnswers());
    window.resizeDocks({timeline}, {2000}, Qt::Vertical);
    QVERIFY(eventLoopAnswers());
    auto* scroll = window.findChild<QScrollArea*>(QStringLiteral("editorScroll"));
    QVERIFY(scroll);
    QVERIFY2(scroll->verticalScrollBar()->maximum() > 0, "the window is too large for this test");
    window.candidateList()->view()->setFocus();
    QTest::keyClick(window.candidateList()->view(), Qt::Key_Tab);
    int checked = 0;
    for (int i = 0; i < 60; ++i) {
        QWidget* focus = QApplication::focusWidget();
        if (!window.candidateEditor()->isAncestorOf(focus))
            break;
        QVERIFY(eventLoopAnswers());
        const QRect inViewport(focus->mapTo(scroll->viewport(), QPoint(0, 0)), focus->size());
        QVERIFY2(scroll->viewport()->rect().intersects(inViewport),
            qPrintable(QStringLiteral("%1 is out of view").arg(focus->accessibleName())));
        ++checked;
        QTest::keyClick(focus, Qt::Key_Tab);
    }
    QVERIFY(checked > 8);
}

void TestEditorTrust::undoEntriesNameCandidateAndValue()
{
    MainWindow window;
    window.resize(1366, 768);
    window.show();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    QVERIFY(window.openFile(copyOf(QStringLiteral("profile-v1.json"))));
    QUndoStack* stack = window.document()->undoStack();
    ClassPolicyPanel* transient = window.candidateEditor()->transientPanel();
    typeValue(transient->maxRetriesBox(), 4);
    QCOMPARE(stack->undoText(), QStringLiteral("Set max retries for transient errors of claude-sonnet to 4"));
    const int entries = stack->count();
    typeValue(transient->maxRetriesBox(), 6);  // typing on in the same field is one entry, with the last value
    QCOMPARE(stack->count(), entries);
    QCOMPARE(stack->undoText(), QStringLiteral("Set max retries for transient errors of claude-sonnet to 6"));
    QCOMPARE(window.undoAction()->text(),
        QStringLiteral("&Undo Set max retries for transient errors of claude-sonnet to 6"));
    // Another candidate, another name.
    clickRow(window.candidateList()->view(), 1);
    QTest::mouseClick(window.candidateEditor()->hardPanel()->stopButton(), Qt::LeftButton);
    QCOMPARE(stack->undoText(), QStringLiteral("Stop for a person when hard errors of codex-gpt5 are not recovered"));
}

void TestEditorTrust::mnemonicsAreUniqueInTheWindow_data()
{
    QTest::addColumn<QString>("language");
    QTest::newRow("English") << "en";
    QTest::newRow("German") << "de";
    QTest::newRow("Portuguese") << "pt_PT";
    QTest::newRow("Simplified Chinese") << "zh_CN";
    QTest::newRow("Traditional Chinese, Hong Kong") << "zh_HK";
    QTest::newRow("Traditional Chinese, Taiwan") << "zh_TW";
}

void TestEditorTrust::mnemonicsAreUniqueInTheWindow()
{
    QFETCH(QString, language);
    QCOMPARE(i18n::install(language), language);
    // English again even when a check below fails: the tests after this one read English.
    const auto english = qScopeGuard([] { i18n::install(QLocale(QLocale::English)); });
    {
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        QVERIFY(window.openFile(copyOf(QStringLiteral("profile-v1.json"))));
        QStringList texts = guitest::mnemonicTexts(&window);
        for (QAction* a : window.menuBar()->actions())
            texts << a->text();
        QStringList clashes = guitest::mnemonicClashes(texts);
        // Inside each menu too: its items are a window of their own while it is open.
        for (QMenu* menu : window.findChildren<QMenu*>()) {
            QStringList items;
            for (QAction* a : menu->actions()) {
                if (a->isVisible())
                    items << a->text();
            }
            for (const QString& clash : guitest::mnemonicClashes(items))
                clashes << menu->title() + QStringLiteral(" > ") + clash;
        }
        QVERIFY2(clashes.isEmpty(), qPrintable(clashes.join(QLatin1Char('\n'))));
        QVERIFY(texts.filter(QRegularExpression(QStringLiteral("&[^&]"))).size() > 10);
    }
}

void TestEditorTrust::copyPoliciesWaitsForATarget()
{
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    QVERIFY(window.openFile(copyOf(QStringLiteral("profile-v1.json"))));
    model::EditorDocument* doc = window.document();
    window.candidateList()->selectRow(0);
    QAction* copy = nullptr;
    for (QAction* a : window.findChildren<QAction*>()) {
        if (a->text().startsWith(QStringLiteral("&Copy Policies")))
            copy = a;
    }
    QVERIFY(copy && copy->isEnabled());
    bool disabledFirst = false, enabledAfterTick = false;
    QTimer::singleShot(0, [&] {
        QWidget* dialog = QApplication::activeModalWidget();
        QVERIFY(dialog);
        auto* buttons = dialog->findChild<QDialogButtonBox*>();
        QPushButton* ok = buttons->button(QDialogButtonBox::Ok);
        disabledFirst = !ok->isEnabled();
        // A person ticks the first target on its box.
        QCheckBox* target = dialog->findChildren<QCheckBox*>().first();
        guitest::clickIndicator(target);
        enabledAfterTick = ok->isEnabled();
        QTest::mouseClick(ok, Qt::LeftButton);
    });
    copy->trigger();
    QVERIFY2(disabledFirst, "Copy is offered before a target is ticked");
    QVERIFY(enabledAfterTick);
    QVERIFY2(doc->undoStack()->undoText().startsWith(QStringLiteral("Copy policies of")),
        qPrintable(doc->undoStack()->undoText()));
    QCOMPARE(doc->candidate(1).policies, doc->candidate(0).policies);
}

void TestEditorTrust::reviewNeverPromisesABlockedSave()
{
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    QVERIFY(window.openFile(copyOf(QStringLiteral("profile-v1.json"))));
    QAction* review = nullptr;
    for (QAction* a : window.findChildren<QAction*>())
        if (a->text().remove(QLatin1Char('&')).startsWith(QStringLiteral("Review Changes")))
            review = a;
    QVERIFY(review);
    const auto introOfReview = [&] {
        QString intro;
        QTimer::singleShot(0, [&] {
            auto* dialog = qobject_cast<ReviewChangesDialog*>(QApplication::activeModalWidget());
            QVERIFY(dialog);
            intro = dialog->intro()->text();
            dialog->reject();
        });
        review->trigger();
        return intro;
    };
    typeValue(window.candidateEditor()->transientPanel()->maxRetriesBox(), 4);
    QVERIFY(introOfReview().startsWith(QStringLiteral("Saving writes these changes")));
    // Out of range: Save refuses, and the review says so instead of promising the write.
    typeValue(window.candidateEditor()->transientPanel()->maxRetriesBox(), 11);
    const QString blocked = introOfReview();
    QVERIFY2(blocked.startsWith(QStringLiteral("These changes cannot be saved yet")), qPrintable(blocked));
    QVERIFY2(blocked.contains(QStringLiteral("max_retries")), qPrintable(blocked));
    QVERIFY(!window.document()->saveAs(window.document()->filePath()).ok);
}

void TestEditorTrust::undoHistoryStartsWithOpened()
{
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    QVERIFY(window.openFile(copyOf(QStringLiteral("profile-v1.json"))));
    auto* history = window.findChild<QUndoView*>();
    QVERIFY(history);
    // The first line of Undo History is the document as opened, in words.
    QCOMPARE(history->model()->index(0, 0).data().toString(), QStringLiteral("Opened"));
}

void TestEditorTrust::addCandidateByKeyboardRefusesDuplicates()
{
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    QVERIFY(window.openFile(copyOf(QStringLiteral("export.json"))));
    model::EditorDocument* doc = window.document();
    for (const int index : doc->dynamicProfiles()) {
        if (doc->document().profiles[std::size_t(index)].id == "dyn-nightly")
            doc->setCurrentProfile(index);
    }
    const int before = doc->candidateCount();
    QStringList offered;
    bool duplicatesRefused = false;
    QTimer::singleShot(0, [&] {
        auto* picker = qobject_cast<CandidatePickerDialog*>(QApplication::activeModalWidget());
        QVERIFY(picker);
        for (int i = 0; i < picker->list()->count(); ++i) {
            QListWidgetItem* item = picker->list()->item(i);
            offered << item->text();
            if (item->text().contains(QStringLiteral("already in the route")))
                duplicatesRefused = !(item->flags() & Qt::ItemIsEnabled);
        }
        // A profile already in the route cannot be chosen, even by typing its name.
        QTest::keyClicks(picker->filterEdit(), QStringLiteral("codex"));
        QVERIFY(!picker->selection());
        // Filter, arrow into the list, Enter.
        picker->filterEdit()->selectAll();
        QTest::keyClicks(picker->filterEdit(), QStringLiteral("Sonnet"));
        QTest::keyClick(picker->filterEdit(), Qt::Key_Down);
        QVERIFY(picker->list()->currentItem());
        QVERIFY(picker->list()->currentItem()->text().contains(QStringLiteral("claude-sonnet")));
        QTest::keyClick(picker->filterEdit(), Qt::Key_Return);
    });
    QTest::keyClick(&window, Qt::Key_N, Qt::ControlModifier | Qt::ShiftModifier);
    QVERIFY(duplicatesRefused);
    QVERIFY2(offered.filter(QStringLiteral("already in the route")).size() == 2,
        qPrintable(offered.join(QLatin1Char('\n'))));
    QCOMPARE(doc->candidateCount(), before + 1);
    QCOMPARE(doc->candidate(before).executionProfileId, std::string("claude-sonnet"));
    verifyEditorShowsSelection(window);
}

void TestEditorTrust::duplicateCandidateIsAProblem()
{
    QByteArray text = testpaths::readAll(testpaths::sample(QStringLiteral("profile-v1.json"))).c_str();
    text.replace("\"gemini-pro\"", "\" claude-sonnet\\t\"");  // kandev trims before comparing
    MainWindow window;
    QVERIFY(window.openFile(writeFile(QStringLiteral("duplicate.json"), text)));
    ValidationPane* pane = window.validationPane();
    QCOMPARE(pane->model()->rowCount(), 1);
    QCOMPARE(pane->model()->index(0, model::ValidationModel::PathColumn).data().toString(),
        QStringLiteral("candidates[2].execution_profile_id"));
    QVERIFY(pane->model()->index(0, 0).data().toString().contains(QStringLiteral("Candidate 0 already names")));
}

void TestEditorTrust::switchingOnFillsKandevsDefaults()
{
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    QVERIFY(window.openFile(copyOf(QStringLiteral("profile-v1.json"))));
    // Show a candidate with other values first: they must not leak into the next one.
    window.candidateList()->selectRow(0);
    window.candidateList()->selectRow(1);
    ClassPolicyPanel* hard = window.candidateEditor()->hardPanel();
    ClassPolicyPanel* transient = window.candidateEditor()->transientPanel();
    QVERIFY(!hard->retrySwitch()->isChecked());
    QTest::mouseClick(hard->retrySwitch(), Qt::LeftButton, {}, QPoint(8, hard->retrySwitch()->height() / 2));
    QCOMPARE(window.document()->candidate(1).policies->hard.retry, (policy::RetryPolicy {true, 1, 5}));
    QVERIFY(!transient->waitSwitch()->isChecked());
    QTest::mouseClick(transient->waitSwitch(), Qt::LeftButton, {}, QPoint(8, transient->waitSwitch()->height() / 2));
    QCOMPARE(window.document()->candidate(1).policies->transient.waitForReset, (policy::ResetWaitPolicy {true, 300}));
}

using guitest::clickButton;
using guitest::onNextReview;

void TestEditorTrust::invalidDocumentIsNeverSaved()
{
    // The sequence of issue #29: settle the conflict, migrate, undo both,
    // add a candidate, save. validate rejects that document, so it is never written.
    const QString path = copyOf(QStringLiteral("legacy-conflict.json"));
    const QByteArray before = readFileBytes(path);
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    onNextReview([](MigrationReviewDialog* review) {
        // The conflict's link: let rate_limited = try_next decide transient errors.
        emit review->browser()->anchorClicked(
            QUrl(QStringLiteral("keep:0:1:%1:rate_limited").arg(int(policy::ErrorClass::Transient))));
        onNextReview([](MigrationReviewDialog* second) { clickButton(second, QStringLiteral("Migrate")); });
    });
    QVERIFY(window.openFile(path));
    model::EditorDocument* doc = window.document();
    QCOMPARE(doc->undoStack()->count(), 2);
    window.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    QTableView* table = window.candidateList()->view();
    table->setFocus();
    QTest::keyClick(table, Qt::Key_Z, Qt::ControlModifier);
    QTest::keyClick(table, Qt::Key_Z, Qt::ControlModifier);
    QCOMPARE(doc->undoStack()->index(), 0);
    // Add Candidate: type gemini-pro where the picker puts the focus, Enter.
    const std::function<void()> typeInPicker = [&typeInPicker] {
        auto* picker = qobject_cast<CandidatePickerDialog*>(QApplication::activeModalWidget());
        if (!picker || !picker->isVisible()) {
            QTimer::singleShot(10, typeInPicker);
            return;
        }
        // A document without a catalogue asks for the agent profile id.
        QWidget* typing = picker->idEdit()->isVisible() ? picker->idEdit() : picker->filterEdit();
        QTest::keyClicks(typing, QStringLiteral("gemini-pro"));
        QTest::keyClick(typing, Qt::Key_Return);
        if (picker->isVisible())
            picker->reject();  // not added: the count below says so
    };
    QTimer::singleShot(0, typeInPicker);
    QTest::keyClick(table, Qt::Key_N, Qt::ControlModifier | Qt::ShiftModifier);
    QCOMPARE(doc->candidateCount(), 3);
    window.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    QString refusal;
    answerNextDialog(QStringLiteral("OK"), &refusal);
    QTest::keyClick(table, Qt::Key_S, Qt::ControlModifier);
    // Refused, naming the problem; the file is as it was.
    QVERIFY2(refusal.contains(QStringLiteral("conflicting legacy rules")), qPrintable(refusal));
    QVERIFY2(refusal.contains(QStringLiteral("candidates[1].rules")), qPrintable(refusal));
    QCOMPARE(readFileBytes(path), before);
    QVERIFY(doc->isModified());
    QVERIFY(!window.statusBar()->currentMessage().startsWith(QStringLiteral("Saved")));
}

void TestEditorTrust::undoFromAnyFieldUndoesTheDocument_data()
{
    QTest::addColumn<QString>("focus");
    QTest::addColumn<bool>("byMenu");
    QTest::newRow("the value field, Ctrl+Z") << QStringLiteral("value") << false;
    QTest::newRow("the value field, Edit menu") << QStringLiteral("value") << true;
    QTest::newRow("another value field") << QStringLiteral("other value") << false;
    QTest::newRow("the unit box") << QStringLiteral("unit") << false;
    QTest::newRow("the route filter") << QStringLiteral("filter") << false;
}

void TestEditorTrust::undoFromAnyFieldUndoesTheDocument()
{
    QFETCH(QString, focus);
    QFETCH(bool, byMenu);
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    QVERIFY(window.openFile(copyOf(QStringLiteral("profile-v1.json"))));
    model::EditorDocument* doc = window.document();
    QUndoStack* stack = doc->undoStack();
    ClassPolicyPanel* panel = window.candidateEditor()->transientPanel();
    ValueSpinBox* interval = panel->intervalEdit()->spinBox();
    const std::int64_t original = doc->candidate(0).policies->transient.retry.initialIntervalSeconds;
    // "First retry after": focus, Ctrl+A, type 20.
    interval->setFocus(Qt::TabFocusReason);
    QTest::keyClick(interval, Qt::Key_A, Qt::ControlModifier);
    QTest::keyClicks(interval, QStringLiteral("20"));
    QCOMPARE(doc->candidate(0).policies->transient.retry.initialIntervalSeconds, 20);
    const int index = stack->index();
    QCOMPARE(index, 1);

    QWidget* target = interval;
    if (focus == QLatin1String("other value"))
        target = panel->maxRetriesBox();
    else if (focus == QLatin1String("unit"))
        target = window.candidateEditor()->hardPanel()->maxWaitEdit()->unitBox();  // 3600 s: a choice of units
    else if (focus == QLatin1String("filter"))
        target = window.findChild<RoutePane*>()->filterEdit();
    target->setFocus(Qt::TabFocusReason);
    QVERIFY(target->hasFocus() || target->isAncestorOf(QApplication::focusWidget()));
    if (focus == QLatin1String("filter"))
        QTest::keyClicks(QApplication::focusWidget(), QStringLiteral("c"));  // text of its own to undo
    if (byMenu)
        window.undoAction()->trigger();
    else
        pressStandardKey(QKeySequence::Undo);
    // The document's step is undone: the value is back, one step fewer, Redo enabled.
    QCOMPARE(doc->candidate(0).policies->transient.retry.initialIntervalSeconds, original);
    QCOMPARE(interval->text(), QString::number(original));
    QCOMPARE(stack->index(), index - 1);
    QCOMPARE(stack->count(), index);
    QVERIFY(window.redoAction()->isEnabled());
    // Redo from the same focus brings it back.
    pressStandardKey(QKeySequence::Redo);
    QCOMPARE(doc->candidate(0).policies->transient.retry.initialIntervalSeconds, 20);
    QCOMPARE(stack->index(), index);
    // Then nothing is left to undo: Undo twice more changes nothing behind the document's back.
    pressStandardKey(QKeySequence::Undo);
    pressStandardKey(QKeySequence::Undo);
    QCOMPARE(stack->index(), 0);
    QCOMPARE(stack->count(), 1);
    QCOMPARE(doc->candidate(0).policies->transient.retry.initialIntervalSeconds, original);
    QVERIFY(!doc->isModified());
}

void TestEditorTrust::readOnlyBannerNamesTheRealReason_data()
{
    QTest::addColumn<QByteArray>("rules");
    QTest::addColumn<QString>("reason");
    QTest::newRow("migration declined") << QByteArray(R"({"rate_limited": "try_next"})")
                                        << QStringLiteral("were not migrated");
    QTest::newRow("rules that conflict") << QByteArray(
        R"({"model_capacity": "retry_same", "rate_limited": "try_next"})")
                                         << QStringLiteral("cannot be migrated");
}

void TestEditorTrust::readOnlyBannerNamesTheRealReason()
{
    QFETCH(QByteArray, rules);
    QFETCH(QString, reason);
    // claude-sonnet holds versioned policies; only codex-gpt5 holds legacy rules.
    const QByteArray text = R"({"version": 1, "candidates": [
      {"position": 0, "execution_profile_id": "claude-sonnet", "enabled": true, "policies": {"version": 1,
        "transient": {"retry": {"enabled": true, "max_retries": 2, "initial_interval_seconds": 5},
                      "wait_for_reset": {"enabled": false, "max_wait_seconds": 0}, "on_exhausted": "skip"},
        "hard": {"retry": {"enabled": false, "max_retries": 0, "initial_interval_seconds": 0},
                 "wait_for_reset": {"enabled": false, "max_wait_seconds": 0}, "on_exhausted": "stop"}}},
      {"position": 1, "execution_profile_id": "codex-gpt5", "enabled": true, "rules": )"
        + rules + "}]}";
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    answerNextDialog(QStringLiteral("Open Read-Only"));
    QVERIFY(window.openFile(writeFile(QStringLiteral("mixed.json"), text)));
    QVERIFY(window.document()->isReadOnly());
    window.candidateList()->selectRow(0);
    const QString banner = window.candidateEditor()->noticeLabel()->text();
    QVERIFY(window.candidateEditor()->noticeLabel()->isVisible());
    // Not "its legacy rules were not migrated": it has none; the banner says whose rules keep it read-only.
    QVERIFY2(!banner.contains(QStringLiteral("its legacy rules")), qPrintable(banner));
    QVERIFY2(banner.contains(QStringLiteral("versioned policies")), qPrintable(banner));
    QVERIFY2(banner.contains(QStringLiteral("codex-gpt5")) && banner.contains(reason), qPrintable(banner));
}

void TestEditorTrust::saveAsAddsTheJsonSuffix()
{
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    QVERIFY(window.openFile(copyOf(QStringLiteral("profile-v1.json"))));
    const QString chosen = m_dir.filePath(QStringLiteral("new1"));
    bool typed = false;
    QTimer::singleShot(0, [&] {
        const std::function<void()> answer = [&] {
            auto* dialog = qobject_cast<QFileDialog*>(QApplication::activeModalWidget());
            auto* name = dialog ? dialog->findChild<QLineEdit*>(QStringLiteral("fileNameEdit")) : nullptr;
            if (!name || !dialog->isVisible()) {
                QTimer::singleShot(10, answer);
                return;
            }
            name->setFocus();
            name->selectAll();
            // It opens in the folder of the document: the name alone, as people type it.
            QTest::keyClicks(name, QFileInfo(chosen).fileName());
            typed = true;
            // The Save button, once the name's completer popup is out of the way.
            if (name->completer() && name->completer()->popup()->isVisible())
                QTest::keyClick(name->completer()->popup(), Qt::Key_Escape);
            for (auto* box : dialog->findChildren<QDialogButtonBox*>()) {
                for (QAbstractButton* button : box->buttons()) {
                    if (box->buttonRole(button) == QDialogButtonBox::AcceptRole) {
                        QTest::mouseClick(button, Qt::LeftButton);
                        break;
                    }
                }
            }
            if (dialog->isVisible())
                dialog->reject();  // not taken: the checks below fail
        };
        answer();
    });
    window.saveAsAction()->trigger();
    QVERIFY(typed);
    QVERIFY2(!QFileInfo::exists(chosen), qPrintable(window.document()->filePath()));
    QVERIFY2(QFileInfo::exists(chosen + QStringLiteral(".json")), qPrintable(window.document()->filePath()));
    QCOMPARE(window.document()->filePath(), chosen + QStringLiteral(".json"));
}

void TestEditorTrust::savePathForTheChosenFilter_data()
{
    QTest::addColumn<QString>("chosen");
    QTest::addColumn<QString>("filter");
    QTest::addColumn<QString>("written");
    const QString json = QStringLiteral("JSON documents (*.json)");
    QTest::newRow("no extension") << "/tmp/new1" << json << "/tmp/new1.json";
    QTest::newRow("a dot in the folder") << "/tmp/a.b/new1" << json << "/tmp/a.b/new1.json";
    QTest::newRow("ends with a dot") << "/tmp/new1." << json << "/tmp/new1.json";
    QTest::newRow("already .json") << "/tmp/new1.json" << json << "/tmp/new1.json";
    QTest::newRow("another extension, as typed") << "/tmp/route.txt" << json << "/tmp/route.txt";
    QTest::newRow("no filter chosen") << "/tmp/new1" << QString() << "/tmp/new1";
}

void TestEditorTrust::savePathForTheChosenFilter()
{
    QFETCH(QString, chosen);
    QFETCH(QString, filter);
    QFETCH(QString, written);
    QCOMPARE(MainWindow::savePathFor(chosen, filter), written);
}

void TestEditorTrust::filterNeverHidesTheEditedCandidate()
{
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    QVERIFY(window.openFile(copyOf(QStringLiteral("profile-v1.json"))));
    QTableView* table = window.candidateList()->view();
    clickRow(table, 0);  // claude-sonnet
    auto* route = window.findChild<RoutePane*>();
    QLabel* note = route->findChild<QLabel*>(QStringLiteral("filterNote"));
    QVERIFY(note);
    QVERIFY(!note->isVisible());
    QTest::keyClicks(route->filterEdit(), QStringLiteral("gemini"));
    // The edited candidate stays in the route, and the route says it does not match.
    QVERIFY(!table->isRowHidden(0));
    QVERIFY(table->isRowHidden(1));
    QVERIFY(!table->isRowHidden(2));
    QVERIFY(note->isVisible());
    QVERIFY2(note->text().contains(QStringLiteral("claude-sonnet"))
            && note->text().contains(QStringLiteral("does not match")),
        qPrintable(note->text()));
    verifyEditorShowsSelection(window);
    // Editing another candidate lets the filter hide the first.
    clickRow(table, 2);
    QVERIFY(table->isRowHidden(0));
    QVERIFY(!note->isVisible());
    verifyEditorShowsSelection(window);
    // The field's clear button, clicked where a person clicks it, empties the filter.
    QAction* clear = route->filterEdit()->findChild<QAction*>(QStringLiteral("clearAction"));
    QVERIFY(clear);
    QToolButton* clearButton = nullptr;
    for (auto* b : route->filterEdit()->findChildren<QToolButton*>())
        clearButton = b->defaultAction() == clear ? b : clearButton;
    QVERIFY(clearButton);
    QTRY_VERIFY(clearButton->isVisible());
    QVERIFY(!clear->icon().isNull());
    QCOMPARE(clear->text(), QStringLiteral("Clear"));
    QTest::mouseClick(clearButton, Qt::LeftButton, {}, clearButton->rect().center());
    QVERIFY(route->filterEdit()->text().isEmpty());
    QVERIFY(!table->isRowHidden(0) && !table->isRowHidden(1));
    QVERIFY(route->filterEdit()->hasFocus());
    // Nothing to clear: no button.
    QTRY_VERIFY(!clearButton->isVisible());
}

QTEST_MAIN(TestEditorTrust)
#include "tst_editor_trust.moc"
