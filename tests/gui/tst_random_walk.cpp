// SPDX-License-Identifier: Apache-2.0
// Seeded random walks of user actions, with invariants checked after every
// step: the editor shows the selected candidate, every model agrees with the
// document, no model signal comes between a begin... and its end..., the
// window answers within a second (a watchdog ends a frozen run with its
// step), every save leaves a file that validate accepts (the window walk also
// starts from a settled and migrated legacy conflict, so that undo reaches
// back past the migration and the choice), and undoing everything gives back
// the original file's bytes on save (or, for a document validate rejects,
// refuses to save it).
// POLICY_STUDIO_WALK_SEEDS (model walk "1,2,3", window walk "1": under a
// minute with sanitizers) and POLICY_STUDIO_WALK_STEPS (2000)
// change the walk; a failure prints its seed and step.
#include "editor/candidate_editor.h"
#include "route/candidate_list_panel.h"
#include "dialogs/candidate_picker_dialog.h"
#include "editor/class_policy_panel.h"
#include "editor/field_binder.h"
#include "window/main_window.h"
#include "dialogs/migration_review_dialog.h"
#include "panels/validation_pane.h"
#include "controls/value_controls.h"

#include "model/candidate_list_model.h"
#include "model/commands.h"
#include "model/profile_list_model.h"
#include "model/validation_model.h"

#include "check/document_check.h"

#include "../common/gui_helpers.h"
#include "../common/test_paths.h"
#include "translations.h"

#include <QAbstractItemModelTester>
#include <QCheckBox>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QMessageBox>
#include <QTextBrowser>
#include <QRadioButton>
#include <QSettings>
#include <QTableView>
#include <QTemporaryDir>
#include <QWheelEvent>
#include <QtTest>

#include <random>

using namespace gui;
using guitest::eventLoopAnswers;

namespace
{

QList<unsigned> seeds(const QString& byDefault)
{
    QList<unsigned> out;
    for (const QString& s : qEnvironmentVariable("POLICY_STUDIO_WALK_SEEDS", byDefault).split(QLatin1Char(',')))
        out << s.trimmed().toUInt();
    return out;
}

// One data row per seed: POLICY_STUDIO_WALK_SEEDS, else `byDefault`.
void addSeedRows(const QString& byDefault)
{
    QTest::addColumn<unsigned>("seed");
    for (const unsigned seed : seeds(byDefault))
        QTest::newRow(qPrintable(QStringLiteral("seed %1").arg(seed))) << seed;
}

int steps()
{
    return qEnvironmentVariableIntValue("POLICY_STUDIO_WALK_STEPS") > 0
        ? qEnvironmentVariableIntValue("POLICY_STUDIO_WALK_STEPS")
        : 2000;
}

QByteArray readBytes(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// Settles the conflict of legacy-conflict.json in the next review (rate_limited
// decides transient errors), then migrates in the review that follows.
void settleAndMigrateNextReview()
{
    QTimer::singleShot(0, [] {
        auto* review = qobject_cast<MigrationReviewDialog*>(QApplication::activeModalWidget());
        if (!review || !review->isVisible()) {
            settleAndMigrateNextReview();
            return;
        }
        if (review->browser()->toHtml().contains(QStringLiteral("keep:0:1:"))) {
            emit review->browser()->anchorClicked(
                QUrl(QStringLiteral("keep:0:1:%1:rate_limited").arg(int(policy::ErrorClass::Transient))));
            settleAndMigrateNextReview();
            return;
        }
        review->accept();
    });
}

// Records any model signal that arrives between a begin... and its end...
class SignalOrderChecker final : public QObject
{
public:
    explicit SignalOrderChecker(QAbstractItemModel* m)
    {
        auto open = [this] { ++m_depth; };
        auto close = [this] { --m_depth; };
        auto inside = [this](const char* what) {
            return [this, what] {
                if (m_depth > 0)
                    violations << QString::fromLatin1(what);
            };
        };
        connect(m, &QAbstractItemModel::rowsAboutToBeInserted, this, open);
        connect(m, &QAbstractItemModel::rowsInserted, this, close);
        connect(m, &QAbstractItemModel::rowsAboutToBeRemoved, this, open);
        connect(m, &QAbstractItemModel::rowsRemoved, this, close);
        connect(m, &QAbstractItemModel::rowsAboutToBeMoved, this, open);
        connect(m, &QAbstractItemModel::rowsMoved, this, close);
        connect(m, &QAbstractItemModel::modelAboutToBeReset, this, open);
        connect(m, &QAbstractItemModel::modelReset, this, close);
        connect(m, &QAbstractItemModel::dataChanged, this, inside("dataChanged"));
        connect(m, &QAbstractItemModel::headerDataChanged, this, inside("headerDataChanged"));
        connect(m, &QAbstractItemModel::layoutChanged, this, inside("layoutChanged"));
    }
    QStringList violations;

private:
    int m_depth = 0;
};

}  // namespace

class TestRandomWalk final : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void modelWalk_data();
    void modelWalk();
    void windowWalk_data();
    void windowWalk();

private:
    QTemporaryDir m_dir;
};

void TestRandomWalk::initTestCase()
{
    QVERIFY(m_dir.isValid());
    guitest::isolateSettings(m_dir, QStringLiteral("Policy Studio Walk Test"));
    i18n::install(QLocale(QLocale::English));
}

void TestRandomWalk::modelWalk_data()
{
    addSeedRows(QStringLiteral("1,2,3"));
}

void TestRandomWalk::modelWalk()
{
    QFETCH(unsigned, seed);
    const QString path = guitest::copyOfSample(m_dir, testpaths::sample(QStringLiteral("export.json")));
    const QByteArray original = readBytes(path);
    model::LoadResult loaded = model::loadDocumentFile(path);
    QVERIFY(loaded.document);
    model::EditorDocument doc(*loaded.document, path, loaded.bytes);
    model::CandidateListModel candidates;
    model::ValidationModel validation;
    model::ProfileListModel profiles;
    QAbstractItemModelTester t1(&candidates, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester t2(&validation, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester t3(&profiles, QAbstractItemModelTester::FailureReportingMode::QtTest);
    SignalOrderChecker order(&candidates);
    candidates.setDocument(&doc);
    validation.setDocument(&doc);
    profiles.setDocument(&doc);
    std::mt19937 rng(seed);
    auto pick = [&rng](int n) { return int(std::uniform_int_distribution<int>(0, n - 1)(rng)); };
    const std::int64_t values[] = {-1, 0, 1, 2, 3, 10, 11, 30, 3600, 4000, 86400, 999999};
    const auto dynamic = doc.dynamicProfiles();
    QUndoStack* undo = doc.undoStack();
    for (int step = 0; step < steps(); ++step) {
        const QString where = QStringLiteral("seed %1, step %2").arg(seed).arg(step);
        const int count = doc.candidateCount();
        const int row = pick(count);
        switch (pick(9)) {
        case 0:
            undo->push(new model::InsertCandidateCommand(
                &doc, pick(count + 1), model::newCandidate("walk-" + std::to_string(step)), {}));
            break;
        case 1:
            if (count > 1)
                undo->push(new model::RemoveCandidateCommand(&doc, row));
            break;
        case 2: undo->push(new model::MoveCandidateCommand(&doc, row, pick(count))); break;
        case 3: undo->undo(); break;
        case 4: undo->redo(); break;
        case 5: {
            auto p = doc.candidate(row).policies.value_or(policy::PolicyDocument {});
            auto& cls = pick(2) ? p.transient : p.hard;
            switch (pick(4)) {
            case 0: cls.retry.maxRetries = values[pick(12)]; break;
            case 1: cls.retry.enabled = !cls.retry.enabled; break;
            case 2: cls.waitForReset.maxWaitSeconds = values[pick(12)]; break;
            default: cls.onExhausted = pick(2) ? policy::Outcome::Skip : policy::Outcome::Stop; break;
            }
            undo->push(new model::SetPoliciesCommand(
                &doc, row, p, QStringLiteral("edit"), pick(2) ? QStringLiteral("k") : QString()));
            break;
        }
        case 6: undo->push(new model::SetEnabledCommand(&doc, row, !doc.candidate(row).enabled)); break;
        case 7: doc.setCurrentProfile(dynamic[std::size_t(pick(int(dynamic.size())))]); break;
        default: break;
        }
        QVERIFY2(order.violations.isEmpty(),
            qPrintable(where + QStringLiteral(": ") + order.violations.join(QLatin1Char(','))));
        QVERIFY2(candidates.rowCount() == doc.candidateCount(), qPrintable(where));
        for (int r = 0; r < doc.candidateCount(); ++r) {
            QVERIFY2(
                candidates.index(r, 0).data(model::CandidateListModel::ExecutionProfileIdRole).toString().toStdString()
                    == doc.candidate(r).executionProfileId,
                qPrintable(where));
        }
        // Issues, legacy errors, and a row per candidate rule broken (a duplicate is an issue already).
        int ruleRows = 0;
        for (int r = 0; r < doc.candidateCount(); ++r) {
            auto rules = doc.candidateRules(r);
            rules.remove(model::CandidateRule::Duplicate);
            ruleRows += int(rules.list().size());
        }
        QVERIFY2(validation.rowCount() == int(doc.issues().size() + doc.legacyErrors().size()) + ruleRows,
            qPrintable(where));
    }
    while (undo->canUndo())
        undo->undo();
    const auto saved = doc.saveAs(path);
    QVERIFY2(saved.ok, qPrintable(saved.error));
    QVERIFY2(readBytes(path) == original,
        qPrintable(QStringLiteral("seed %1: undoing everything changed the file").arg(seed)));
}

void TestRandomWalk::windowWalk_data()
{
    QTest::addColumn<unsigned>("seed");
    QTest::addColumn<QString>("sample");
    for (const unsigned seed : seeds(QStringLiteral("1"))) {
        for (const QString& sample : {QStringLiteral("export.json"), QStringLiteral("legacy-conflict.json")})
            QTest::newRow(qPrintable(QStringLiteral("%1, seed %2").arg(sample).arg(seed))) << seed << sample;
    }
}

void TestRandomWalk::windowWalk()
{
    QFETCH(unsigned, seed);
    QFETCH(QString, sample);
    guitest::Watchdog watchdog(std::chrono::seconds(30));
    const QString path = guitest::copyOfSample(m_dir, testpaths::sample(sample));
    const QByteArray original = readBytes(path);
    const bool originalValid = check::checkDocument(original.toStdString()).valid();
    if (!originalValid)
        settleAndMigrateNextReview();

    MainWindow window;
    window.resize(1366, 768);
    window.show();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    QVERIFY(window.openFile(path));
    window.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    model::EditorDocument* doc = window.document();
    QVERIFY(!doc->isReadOnly());
    QTableView* table = window.candidateList()->view();
    // After every save, the file on disk is one validate accepts (or untouched).
    auto verifyFileOnDisk = [&](const QString& where) {
        const QByteArray bytes = readBytes(path);
        if (bytes == original && !originalValid)
            return true;
        const check::DocumentCheck check = check::checkDocument(bytes.toStdString());
        if (!check.valid())
            qWarning("%s: the file on disk is invalid: %s", qPrintable(where),
                check.errors.empty() ? "unreadable" : check.errors.front().message.c_str());
        return check.valid();
    };
    // Ctrl+S; a refusal's message box is answered.
    auto pressSave = [&] {
        QTimer::singleShot(0, [] {
            if (auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget()))
                box->accept();
        });
        QTest::keyClick(&window, Qt::Key_S, Qt::ControlModifier);
        window.activateWindow();
    };
    QAbstractItemModelTester t1(table->model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester t2(
        window.validationPane()->model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester t3(window.profileList()->model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    SignalOrderChecker order(table->model());
    CandidateEditor* editor = window.candidateEditor();
    std::mt19937 rng(seed);
    auto pick = [&rng](int n) { return int(std::uniform_int_distribution<int>(0, n - 1)(rng)); };
    const std::int64_t values[] = {-1, 0, 1, 2, 3, 10, 11, 30, 3600, 4000, 999999};

    auto visible = [&](auto* type) {
        using T = std::remove_pointer_t<decltype(type)>;
        QList<T*> out;
        for (T* w : editor->findChildren<T*>()) {
            if (w->isVisible() && w->isEnabled())
                out << w;
        }
        return out;
    };
    auto clickRow = [&](QAbstractItemView* view, int row) {
        const QRect rect = view->visualRect(view->model()->index(row, 0));
        view->scrollTo(view->model()->index(row, 0));
        QTest::mouseClick(
            view->viewport(), Qt::LeftButton, {}, view->visualRect(view->model()->index(row, 0)).center());
        Q_UNUSED(rect);
    };

    for (int step = 0; step < steps(); ++step) {
        const int action = pick(13);
        const QString where = QStringLiteral("seed %1, step %2, action %3").arg(seed).arg(step).arg(action);
        watchdog.pet(where.toStdString());
        const int count = doc->candidateCount();
        switch (action) {
        case 0:  // Add Candidate… by keyboard; the responder adds what is selectable, else cancels
            if (window.candidateList()->addAction()->isEnabled()) {
                QTimer::singleShot(0, [step] {
                    if (auto* picker = qobject_cast<CandidatePickerDialog*>(QApplication::activeModalWidget())) {
                        // A document without a catalogue asks for an id: type one.
                        if (picker->idEdit()->isVisible())
                            QTest::keyClicks(picker->idEdit(), QStringLiteral("walk-%1").arg(step));
                        if (picker->selection())
                            picker->accept();
                        else
                            picker->reject();
                    }
                });
                QTest::keyClick(&window, Qt::Key_N, Qt::ControlModifier | Qt::ShiftModifier);
                // The dialog took activation with it; shortcuts reach only the active window.
                window.activateWindow();
                QVERIFY2(QTest::qWaitForWindowActive(&window), qPrintable(where));
            }
            break;
        case 1:  // select a candidate, Delete
            clickRow(table, pick(count));
            table->setFocus();
            QTest::keyClick(table, Qt::Key_Delete);
            break;
        case 2:
            table->setFocus();
            QTest::keyClick(table, pick(2) ? Qt::Key_Up : Qt::Key_Down, Qt::AltModifier);
            break;
        case 3: QTest::keyClick(&window, Qt::Key_Z, Qt::ControlModifier); break;
        case 4: QTest::keyClick(&window, Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier); break;
        case 5: {  // type a value, in range or not
            const auto boxes = visible(static_cast<ValueSpinBox*>(nullptr));
            if (!boxes.isEmpty())
                guitest::typeValue(boxes[pick(int(boxes.size()))], values[pick(11)]);
            break;
        }
        case 6: {  // switch a section
            const auto switches = visible(static_cast<QCheckBox*>(nullptr));
            if (!switches.isEmpty()) {
                QCheckBox* box = switches[pick(int(switches.size()))];
                QTest::mouseClick(box, Qt::LeftButton, {}, QPoint(8, box->height() / 2));
            }
            break;
        }
        case 7: {  // choose an outcome
            const auto radios = visible(static_cast<QRadioButton*>(nullptr));
            if (!radios.isEmpty()) {
                QRadioButton* radio = radios[pick(int(radios.size()))];
                QTest::mouseClick(radio, Qt::LeftButton, {}, QPoint(8, radio->height() / 2));
            }
            break;
        }
        case 8: clickRow(table, pick(count)); break;
        case 12:  // undo a few steps at once, back past a migration and a choice
            for (int n = 1 + pick(4); n > 0; --n)
                QTest::keyClick(&window, Qt::Key_Z, Qt::ControlModifier);
            break;
        case 11:  // save, refused or not
            pressSave();
            QVERIFY2(QTest::qWaitForWindowActive(&window), qPrintable(where));
            QVERIFY2(verifyFileOnDisk(where), qPrintable(where));
            break;
        case 9:
            if (window.profileList()->isVisible())
                clickRow(window.profileList(), pick(window.profileList()->model()->rowCount()));
            break;
        default: {  // the wheel over an unfocused value changes nothing
            table->setFocus();
            const auto boxes = visible(static_cast<ValueSpinBox*>(nullptr));
            if (!boxes.isEmpty()) {
                const int before = doc->undoStack()->count();
                const int index = doc->undoStack()->index();
                QWidget* box = boxes[pick(int(boxes.size()))];
                const QPointF pos(box->width() / 2.0, box->height() / 2.0);
                QWheelEvent wheel(pos, box->mapToGlobal(pos), QPoint(), QPoint(0, pick(2) ? 120 : -120), Qt::NoButton,
                    Qt::NoModifier, Qt::NoScrollPhase, false);
                QApplication::sendEvent(box, &wheel);
                QVERIFY2(doc->undoStack()->count() == before && doc->undoStack()->index() == index, qPrintable(where));
            }
            break;
        }
        }
        QVERIFY2(eventLoopAnswers(1000), qPrintable(where + QStringLiteral(": the window did not answer within 1 s")));
        QVERIFY2(order.violations.isEmpty(),
            qPrintable(where + QStringLiteral(": ") + order.violations.join(QLatin1Char(','))));
        // The editor shows the selected candidate.
        const int row = window.candidateList()->currentRow();
        QVERIFY2(row >= 0 && editor->row() == row, qPrintable(where));
        QVERIFY2(editor->titleLabel()->text().endsWith(doc->candidateName(row)), qPrintable(where));
        // The models agree with the document.
        QVERIFY2(table->model()->rowCount() == doc->candidateCount(), qPrintable(where));
        for (int r = 0; r < doc->candidateCount(); ++r) {
            QVERIFY2(table->model()
                         ->index(r, 0)
                         .data(model::CandidateListModel::ExecutionProfileIdRole)
                         .toString()
                         .toStdString()
                    == doc->candidate(r).executionProfileId,
                qPrintable(where));
        }
        QVERIFY2(window.validationPane()->model()->rowCount() == int(doc->issues().size() + doc->legacyErrors().size()),
            qPrintable(where));
        // The fields show what the document holds.
        if (const auto& p = doc->candidate(row).policies) {
            for (auto [panel, cls] :
                {std::pair {editor->transientPanel(), &p->transient}, std::pair {editor->hardPanel(), &p->hard}}) {
                if (panel->maxRetriesBox()->isVisible())
                    QVERIFY2(panel->maxRetriesBox()->value() == cls->retry.maxRetries, qPrintable(where));
                if (panel->intervalEdit()->isVisible())
                    QVERIFY2(panel->intervalEdit()->seconds() == cls->retry.initialIntervalSeconds, qPrintable(where));
                if (panel->maxWaitEdit()->isVisible())
                    QVERIFY2(panel->maxWaitEdit()->seconds() == cls->waitForReset.maxWaitSeconds, qPrintable(where));
            }
        }
    }
    watchdog.pet("undo everything and save");
    for (int i = 0; i < 10 * steps() && doc->undoStack()->canUndo(); ++i)
        QTest::keyClick(&window, Qt::Key_Z, Qt::ControlModifier);
    QVERIFY(!doc->undoStack()->canUndo());
    pressSave();
    QVERIFY(verifyFileOnDisk(QStringLiteral("the end")));
    if (originalValid)
        QVERIFY2(readBytes(path) == original,
            qPrintable(QStringLiteral("seed %1: undoing everything changed the file").arg(seed)));
    else  // the conflict is back: never written
        QVERIFY(doc->isModified() || readBytes(path) == original);
}

QTEST_MAIN(TestRandomWalk)
#include "tst_random_walk.moc"
