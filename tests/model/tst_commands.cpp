// SPDX-License-Identifier: Apache-2.0
// The undo commands: each undoes and redoes, says what it did, and edits of
// one field merge into one step.
#include "model/commands.h"
#include "model/editor_document.h"

#include "document_helpers.h"
#include "../common/test_paths.h"
#include "translations.h"

#include <QSignalSpy>
#include <QtTest>

using modeltest::ids;
using modeltest::open;

using namespace model;

class TestCommands final : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QCOMPARE(i18n::install(QLocale(QLocale::English)), QStringLiteral("en"));
    }
    void everyCommandUndoesAndRedoes();
    void moveSaysWhereTo_data();
    void moveSaysWhereTo();
    void spinEditsMergeIntoOneStep();
};

void TestCommands::everyCommandUndoesAndRedoes()
{
    auto doc = open(testpaths::sample("profile-v1.json"));
    const format::Document original = doc->document();
    auto* undo = doc->undoStack();
    QSignalSpy clean(undo, &QUndoStack::cleanChanged);

    undo->push(new MoveCandidateCommand(doc.get(), 0, 2));
    QCOMPARE(ids(*doc), (QStringList {"codex-gpt5", "gemini-pro", "claude-sonnet"}));
    QCOMPARE(doc->candidate(2).position, 2);
    QCOMPARE(undo->undoText(), QStringLiteral("Move claude-sonnet down to position 2"));
    QVERIFY(doc->isModified());
    QCOMPARE(clean.count(), 1);

    undo->push(new InsertCandidateCommand(doc.get(), 3, newCandidate("claude-haiku"), QStringLiteral("claude-haiku")));
    QCOMPARE(doc->candidateCount(), 4);
    QCOMPARE(*doc->candidate(3).policies, policy::PolicyDocument {});
    undo->push(new RemoveCandidateCommand(doc.get(), 0));
    QCOMPARE(ids(*doc), (QStringList {"gemini-pro", "claude-sonnet", "claude-haiku"}));
    undo->push(new SetEnabledCommand(doc.get(), 0, false));
    QVERIFY(!doc->candidate(0).enabled);
    policy::PolicyDocument p = *doc->candidate(1).policies;
    p.transient.onExhausted = policy::Outcome::Stop;
    undo->push(new SetPoliciesCommand(doc.get(), 1, p, QStringLiteral("Transient: stop")));
    QCOMPARE(doc->candidate(1).policies->transient.onExhausted, policy::Outcome::Stop);

    QStringList texts;
    while (undo->canUndo()) {
        texts << undo->undoText();
        undo->undo();
    }
    QCOMPARE(texts,
        (QStringList {"Transient: stop", "Disable gemini-pro", "Remove codex-gpt5", "Add claude-haiku",
            "Move claude-sonnet down to position 2"}));
    QCOMPARE(doc->document().profiles, original.profiles);
    QVERIFY(!doc->isModified());
    while (undo->canRedo())
        undo->redo();
    QCOMPARE(ids(*doc), (QStringList {"gemini-pro", "claude-sonnet", "claude-haiku"}));
    QCOMPARE(doc->candidate(1).policies->transient.onExhausted, policy::Outcome::Stop);
}

void TestCommands::moveSaysWhereTo_data()
{
    QTest::addColumn<int>("from");
    QTest::addColumn<int>("to");
    QTest::addColumn<QString>("text");
    // A drag over two places says where the candidate went, not only "up".
    QTest::newRow("two up") << 2 << 0 << "Move gemini-pro up to position 0";
    QTest::newRow("one up") << 1 << 0 << "Move codex-gpt5 up to position 0";
    QTest::newRow("two down") << 0 << 2 << "Move claude-sonnet down to position 2";
}

void TestCommands::moveSaysWhereTo()
{
    QFETCH(int, from);
    QFETCH(int, to);
    QFETCH(QString, text);
    auto doc = open(testpaths::sample("profile-v1.json"));
    doc->undoStack()->push(new MoveCandidateCommand(doc.get(), from, to));
    QCOMPARE(doc->undoStack()->undoText(), text);
    QCOMPARE(QString::fromStdString(doc->candidate(to).executionProfileId), text.section(QLatin1Char(' '), 1, 1));
}

void TestCommands::spinEditsMergeIntoOneStep()
{
    auto doc = open(testpaths::sample("profile-v1.json"));
    auto* undo = doc->undoStack();
    for (int value = 4; value <= 8; ++value) {
        policy::PolicyDocument p = *doc->candidate(0).policies;
        p.transient.retry.maxRetries = value;
        undo->push(new SetPoliciesCommand(
            doc.get(), 0, p, QStringLiteral("Transient max retries"), QStringLiteral("transient.retry.max_retries")));
    }
    QCOMPARE(undo->count(), 1);
    QCOMPARE(doc->candidate(0).policies->transient.retry.maxRetries, 8);
    undo->undo();
    QCOMPARE(doc->candidate(0).policies->transient.retry.maxRetries, 3);
    // Another field does not merge.
    policy::PolicyDocument p = *doc->candidate(0).policies;
    p.transient.retry.initialIntervalSeconds = 9;
    undo->redo();
    undo->push(
        new SetPoliciesCommand(doc.get(), 0, p, QStringLiteral("Interval"), QStringLiteral("transient.retry.initial")));
    QCOMPARE(undo->count(), 2);
}

QTEST_GUILESS_MAIN(TestCommands)
#include "tst_commands.moc"
