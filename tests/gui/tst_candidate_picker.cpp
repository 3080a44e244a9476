// SPDX-License-Identifier: Apache-2.0
// The Add Candidate picker lists every concrete profile of the catalogue:
// those kandev refuses as candidates greyed out with the reason written
// beside them (not only in a tool tip) and never picked, one whose agent
// kandev may not launch picked with its warning shown.
#include "dialogs/candidate_picker_dialog.h"

#include "model/editor_document.h"

#include "../common/test_paths.h"
#include "translations.h"

#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QtTest>

using gui::CandidatePickerDialog;

class TestCandidatePicker final : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QCOMPARE(i18n::install(QLocale(QLocale::English)), QStringLiteral("en"));
    }
    void excludedProfilesSayWhy();
};

namespace
{

QListWidgetItem* itemOf(QListWidget* list, const QString& id)
{
    for (int i = 0; i < list->count(); ++i) {
        if (list->item(i)->text().contains(QStringLiteral("(%1)").arg(id)))
            return list->item(i);
    }
    return nullptr;
}

}  // namespace

void TestCandidatePicker::excludedProfilesSayWhy()
{
    const QString path = testpaths::fixture(QStringLiteral("eligibility/every-rule.json"));
    model::LoadResult loaded = model::loadDocumentFile(path);
    QVERIFY2(loaded.document, qPrintable(loaded.error));
    model::EditorDocument doc(std::move(*loaded.document), path, loaded.bytes);
    for (const int index : doc.dynamicProfiles()) {
        if (doc.document().profiles[std::size_t(index)].id == "dyn-other")
            doc.setCurrentProfile(index);  // its route: claude-sonnet, custom-agent
    }
    CandidatePickerDialog picker(doc);
    picker.show();
    QVERIFY(QTest::qWaitForWindowExposed(&picker));
    QListWidget* list = picker.list();
    QCOMPARE(list->count(), 10);  // every concrete profile, none dynamic

    // Each excluded profile: listed, greyed out, its reason in the text shown.
    const QList<QPair<QString, QString>> excluded {{"claude-sonnet", "already in the route"},
        {"haiku-auto", "automatic fallback"}, {"gpt4-retired", "deleted, disabled"},
        {"office-writer", "an Office profile"}, {"orphan", "no agent"},
        {"custom-agent", "already in the route, agent my-agent may not be launchable"}, {"paused", "disabled"}};
    for (const auto& [id, reason] : excluded) {
        QListWidgetItem* item = itemOf(list, id);
        QVERIFY2(item, qPrintable(id));
        QVERIFY(!item->isHidden());
        QVERIFY2(item->text().endsWith(QStringLiteral("\ncannot be a candidate: ") + reason), qPrintable(item->text()));
        QVERIFY(!(item->flags() & Qt::ItemIsEnabled));
        QVERIFY(!(item->flags() & Qt::ItemIsSelectable));
        QVERIFY(!item->toolTip().isEmpty());
    }
    // Eligible ones can be picked; the unknown agent with its warning written beside it.
    for (const char* id : {"codex-gpt5", "spare"}) {
        QListWidgetItem* item = itemOf(list, QString::fromLatin1(id));
        QVERIFY(item && (item->flags() & Qt::ItemIsEnabled));
        QVERIFY2(!item->text().contains(QStringLiteral("—")), qPrintable(item->text()));
    }
    QListWidgetItem* beta = itemOf(list, QStringLiteral("beta-agent"));
    QVERIFY(beta && (beta->flags() & Qt::ItemIsEnabled));
    QCOMPARE(beta->text(), QStringLiteral("Beta agent (beta-agent)\nwarning: agent beta-cli may not be launchable"));
    QVERIFY(beta->toolTip().contains(QStringLiteral("inference agents")));

    // An excluded profile cannot be picked: not by filter and arrow keys, nor by a click.
    QPushButton* add = nullptr;
    for (QPushButton* b : picker.findChildren<QPushButton*>()) {
        if (b->text() == QStringLiteral("Add"))
            add = b;
    }
    QVERIFY(add);
    QTest::keyClicks(picker.filterEdit(), QStringLiteral("gpt4"));
    QTest::keyClick(picker.filterEdit(), Qt::Key_Down);
    QVERIFY(!picker.selection());
    QVERIFY(!add->isEnabled());
    QListWidgetItem* retired = itemOf(list, QStringLiteral("gpt4-retired"));
    QTest::mouseClick(list->viewport(), Qt::LeftButton, {}, list->visualItemRect(retired).center());
    QVERIFY(!picker.selection());
    QVERIFY(!add->isEnabled());
    // The warned one can.
    picker.filterEdit()->clear();
    QTest::keyClicks(picker.filterEdit(), QStringLiteral("beta"));
    QTest::keyClick(picker.filterEdit(), Qt::Key_Down);
    QVERIFY(picker.selection());
    QCOMPARE(picker.selection()->id, QStringLiteral("beta-agent"));
    QVERIFY(add->isEnabled());
}

QTEST_MAIN(TestCandidatePicker)
#include "tst_candidate_picker.moc"
