// SPDX-License-Identifier: Apache-2.0
// CandidateListModel: columns and badges, the Enabled check box and drag and
// drop (both through undo), under QAbstractItemModelTester.
#include "model/candidate_list_model.h"
#include "model/commands.h"

#include "document_helpers.h"
#include "../common/test_paths.h"
#include "translations.h"

#include <QAbstractItemModelTester>
#include <QMimeData>
#include <QSignalSpy>
#include <QtTest>

using modeltest::disableSwitchUndoAndRedo;
using modeltest::editEveryWay;
using modeltest::ids;
using modeltest::open;

using namespace model;

class TestCandidateListModel final : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QCOMPARE(i18n::install(QLocale(QLocale::English)), QStringLiteral("en"));
    }
    void passesTheTester();
    void candidateColumnsAndBadges();
    void enabledCheckBoxGoesThroughUndo();
    void dragAndDropMoves_data();
    void dragAndDropMoves();
};

void TestCandidateListModel::passesTheTester()
{
    auto doc = open(testpaths::sample("export.json"));
    CandidateListModel candidates;
    QAbstractItemModelTester tester(&candidates, QAbstractItemModelTester::FailureReportingMode::QtTest);
    candidates.setDocument(doc.get());
    // Exercise every kind of change with the tester watching.
    editEveryWay(doc.get());
    disableSwitchUndoAndRedo(doc.get());
}

void TestCandidateListModel::candidateColumnsAndBadges()
{
    auto doc = open(testpaths::sample("export.json"));
    CandidateListModel m;
    m.setDocument(doc.get());
    QCOMPARE(m.rowCount(), 4);
    QCOMPARE(m.index(0, CandidateListModel::NameColumn).data().toString(), QStringLiteral("Claude Sonnet (frontier)"));
    QCOMPARE(m.index(0, CandidateListModel::SummaryColumn).data().toString(),
        QStringLiteral("Transient: 3 retries from 5 s, then skip · Hard: wait up to 1 h, then skip"));
    for (int row = 0; row < m.rowCount(); ++row)  // the sample breaks none of kandev's candidate rules
        QCOMPARE(m.index(row, CandidateListModel::StatusColumn).data().toString(), QString());
    QCOMPARE(m.index(1, CandidateListModel::EnabledColumn).data(Qt::CheckStateRole).toInt(), int(Qt::Checked));
    QVERIFY(m.flags(m.index(1, CandidateListModel::EnabledColumn)) & Qt::ItemIsUserCheckable);

    doc->setCurrentProfile(6);  // dyn-nightly: a disabled candidate
    QCOMPARE(m.rowCount(), 2);
    QCOMPARE(m.index(1, CandidateListModel::EnabledColumn).data(Qt::CheckStateRole).toInt(), int(Qt::Unchecked));
    const auto eligible = doc->eligibleProfiles();  // the route aside; not the deleted, disabled GPT-4
    QStringList names;
    for (const auto& e : eligible)
        names << e.id;
    QCOMPARE(names, (QStringList {"claude-sonnet", "codex-gpt5", "gemini-pro", "claude-haiku-fallback"}));

    // One candidate per candidate rule: the badge says which, all of them.
    auto rules = open(testpaths::fixture("eligibility/every-rule.json"));
    m.setDocument(rules.get());
    rules->setCurrentProfile(9);  // dyn-rules
    const QStringList badges {QString(), QString(), "Ineligible: auto fallback",
        "Stale: profile deleted; Ineligible: profile disabled", "Ineligible: Office profile",
        "Ineligible: profile has no agent", "Warning: agent may not be launchable", "Ineligible: profile disabled",
        "Stale: profile not found", "Ineligible: references itself", "Ineligible: dynamic profile"};
    QCOMPARE(m.rowCount(), int(badges.size()));
    for (int row = 0; row < m.rowCount(); ++row)
        QCOMPARE(m.index(row, CandidateListModel::StatusColumn).data().toString(), badges[row]);
    CandidateRules deletedAndDisabled;
    deletedAndDisabled.add(CandidateRule::Deleted);
    deletedAndDisabled.add(CandidateRule::Disabled);
    QCOMPARE(m.index(3, 0).data(CandidateListModel::CandidateRulesRole).toUInt(), deletedAndDisabled.bits());
    // The rules apply to a candidate switched off too (codex-gpt5 is: it breaks none).
    QCOMPARE(m.index(1, CandidateListModel::EnabledColumn).data(Qt::CheckStateRole).toInt(), int(Qt::Unchecked));
}

void TestCandidateListModel::enabledCheckBoxGoesThroughUndo()
{
    auto doc = open(testpaths::sample("profile-v1.json"));
    CandidateListModel m;
    m.setDocument(doc.get());
    QSignalSpy dataChanged(&m, &QAbstractItemModel::dataChanged);
    const QModelIndex cell = m.index(1, CandidateListModel::EnabledColumn);
    QVERIFY(m.setData(cell, Qt::Unchecked, Qt::CheckStateRole));
    QCOMPARE(cell.data(Qt::CheckStateRole).toInt(), int(Qt::Unchecked));
    QCOMPARE(dataChanged.count(), 1);
    QCOMPARE(doc->undoStack()->count(), 1);
    doc->undoStack()->undo();
    QCOMPARE(cell.data(Qt::CheckStateRole).toInt(), int(Qt::Checked));
    QVERIFY(!m.setData(m.index(1, CandidateListModel::NameColumn), QStringLiteral("x"), Qt::EditRole));
}

void TestCandidateListModel::dragAndDropMoves_data()
{
    QTest::addColumn<int>("from");
    QTest::addColumn<int>("row");  // drop row (-1: on an item or below)
    QTest::addColumn<int>("onItem");  // parent row when dropped on an item
    QTest::addColumn<QStringList>("expected");
    QTest::newRow("first between 2 and 3") << 0 << 2 << -1 << QStringList {"codex-gpt5", "claude-sonnet", "gemini-pro"};
    QTest::newRow("first to the end") << 0 << -1 << -1 << QStringList {"codex-gpt5", "gemini-pro", "claude-sonnet"};
    QTest::newRow("last to the top") << 2 << 0 << -1 << QStringList {"gemini-pro", "claude-sonnet", "codex-gpt5"};
    QTest::newRow("last onto the first") << 2 << -1 << 0 << QStringList {"gemini-pro", "claude-sonnet", "codex-gpt5"};
    QTest::newRow("onto itself") << 1 << 1 << -1 << QStringList {"claude-sonnet", "codex-gpt5", "gemini-pro"};
}

void TestCandidateListModel::dragAndDropMoves()
{
    QFETCH(int, from);
    QFETCH(int, row);
    QFETCH(int, onItem);
    QFETCH(QStringList, expected);
    auto doc = open(testpaths::sample("profile-v1.json"));
    CandidateListModel m;
    QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
    m.setDocument(doc.get());
    std::unique_ptr<QMimeData> data(m.mimeData({m.index(from, 1)}));
    QVERIFY(m.canDropMimeData(data.get(), Qt::MoveAction, row, 0, onItem >= 0 ? m.index(onItem, 0) : QModelIndex()));
    m.dropMimeData(data.get(), Qt::MoveAction, row, 0, onItem >= 0 ? m.index(onItem, 0) : QModelIndex());
    QCOMPARE(ids(*doc), expected);
    QVERIFY(!m.canDropMimeData(data.get(), Qt::CopyAction, row, 0, {}));
}

QTEST_GUILESS_MAIN(TestCandidateListModel)
#include "tst_candidate_list_model.moc"
