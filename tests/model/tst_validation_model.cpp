// SPDX-License-Identifier: Apache-2.0
// ValidationModel: the current profile's issues, following every edit, under
// QAbstractItemModelTester.
#include "model/commands.h"
#include "model/validation_model.h"

#include "document_helpers.h"
#include "../common/test_paths.h"
#include "translations.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QtTest>

using modeltest::disableSwitchUndoAndRedo;
using modeltest::editEveryWay;
using modeltest::open;

using namespace model;

class TestValidationModel final : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QCOMPARE(i18n::install(QLocale(QLocale::English)), QStringLiteral("en"));
    }
    void passesTheTester();
    void validationFollowsEdits();
    void candidateRulesAreProblemsOrWarnings();
};

void TestValidationModel::passesTheTester()
{
    auto doc = open(testpaths::sample("export.json"));
    ValidationModel validation;
    QAbstractItemModelTester tester(&validation, QAbstractItemModelTester::FailureReportingMode::QtTest);
    validation.setDocument(doc.get());
    // Exercise every kind of change with the tester watching.
    editEveryWay(doc.get());
    // The 11 retries, and the second gemini-pro (kandev refuses duplicates).
    QCOMPARE(validation.rowCount(), 2);
    disableSwitchUndoAndRedo(doc.get());
}

void TestValidationModel::validationFollowsEdits()
{
    auto doc = open(testpaths::sample("profile-v1.json"));
    ValidationModel v;
    v.setDocument(doc.get());
    QSignalSpy issues(doc.get(), &EditorDocument::issuesChanged);
    QCOMPARE(v.rowCount(), 0);
    policy::PolicyDocument p = *doc->candidate(2).policies;
    p.hard.waitForReset.maxWaitSeconds = 0;  // enabled with 0: out of range
    doc->undoStack()->push(new SetPoliciesCommand(doc.get(), 2, p, QStringLiteral("edit")));
    QVERIFY(issues.count() >= 1);
    QCOMPARE(v.rowCount(), 1);
    QCOMPARE(v.index(0, ValidationModel::PathColumn).data().toString(),
        QStringLiteral("candidates[2].policies.hard.wait_for_reset.max_wait_seconds"));
    QCOMPARE(v.index(0, 0).data(ValidationModel::CandidateRowRole).toInt(), 2);
    QCOMPARE(v.index(0, 0).data(ValidationModel::FieldRole).toString(),
        QStringLiteral("policies.hard.wait_for_reset.max_wait_seconds"));
    QCOMPARE(v.index(0, ValidationModel::MessageColumn).data().toString(),
        QStringLiteral("Must be between 1 s and 7 d (found 0 s)."));
    QCOMPARE(v.index(0, ValidationModel::CandidateColumn).data().toString(), QStringLiteral("gemini-pro"));
    doc->undoStack()->undo();
    QCOMPARE(v.rowCount(), 0);
}

void TestValidationModel::candidateRulesAreProblemsOrWarnings()
{
    auto doc = open(testpaths::fixture(QStringLiteral("eligibility/every-rule.json")));
    doc->setCurrentProfile(9);  // dyn-rules: one candidate per rule
    ValidationModel v;
    QAbstractItemModelTester tester(&v, QAbstractItemModelTester::FailureReportingMode::QtTest);
    v.setDocument(doc.get());
    QCOMPARE(v.errorCount(), 9);
    QCOMPARE(v.warningCount(), 1);
    QStringList rows;
    for (int row = 0; row < v.rowCount(); ++row) {
        const QModelIndex i = v.index(row, ValidationModel::MessageColumn);
        QCOMPARE(v.index(row, ValidationModel::PathColumn).data().toString(),
            QStringLiteral("candidates[%1].execution_profile_id")
                .arg(i.data(ValidationModel::CandidateRowRole).toInt()));
        QCOMPARE(i.data(ValidationModel::FieldRole).toString(), QStringLiteral("execution_profile_id"));
        rows << QString::number(i.data(ValidationModel::CandidateRowRole).toInt())
                + (i.data(ValidationModel::WarningRole).toBool() ? QStringLiteral(" warning") : QString());
    }
    QCOMPARE(rows, (QStringList {"2", "3", "3", "4", "5", "6 warning", "7", "8", "9", "10"}));
    QCOMPARE(v.index(1, ValidationModel::MessageColumn).data().toString(),
        QStringLiteral("Agent profile gpt4-retired is deleted; kandev refuses it as a candidate."));
    QCOMPARE(v.index(5, ValidationModel::MessageColumn).data().toString(),
        QStringLiteral("Warning: kandev may refuse agent profile custom-agent: its agent my-agent is not one of the "
                       "inference agents kandev of 2026-08-22 knows."));
    QCOMPARE(v.index(4, ValidationModel::CandidateColumn).data().toString(), QStringLiteral("Orphan"));
    // Removing the candidate removes its rows; undo brings them back.
    doc->undoStack()->push(new RemoveCandidateCommand(doc.get(), 3));
    QCOMPARE(v.errorCount(), 7);
    doc->undoStack()->undo();
    QCOMPARE(v.errorCount(), 9);
}

QTEST_GUILESS_MAIN(TestValidationModel)
#include "tst_validation_model.moc"
