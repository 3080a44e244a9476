// SPDX-License-Identifier: Apache-2.0
// The dynamic profile's own settings in the real window, driven by keys and
// clicks: its name typed and undone with the document's Ctrl+Z, the enabled
// switch clicked on its indicator and shown in the profile list; in a kandev
// database (a real SQLite file), New Dynamic Profile and Delete Dynamic
// Profile reviewed and written as kandev writes them. And "When kandev
// switches candidates", opened from the keyboard.
#include "editor/candidate_editor.h"
#include "editor/switching_explanation.h"
#include "route/profile_settings_box.h"
#include "route/route_pane.h"
#include "window/main_window.h"
#include "panels/validation_pane.h"

#include "model/commands.h"
#include "model/editor_document.h"
#include "model/validation_model.h"

#include "../common/gui_helpers.h"
#include "../common/kandev_fixture.h"
#include "../common/test_paths.h"
#include "translations.h"

#include <QApplication>
#include <QCheckBox>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QTemporaryDir>
#include <QToolButton>
#include <QTreeView>
#include <QtTest>

using namespace gui;
using guitest::answerNextDialog;
using guitest::clickIndicator;

namespace
{

QString listedTitle(QListView* list, int profileIndex)
{
    for (int row = 0; row < list->model()->rowCount(); ++row) {
        const QModelIndex index = list->model()->index(row, 0);
        if (index.data(Qt::UserRole + 1).toInt() == profileIndex)
            return index.data().toString();
    }
    return {};
}

struct AgentProfileRow {
    QString name;
    int enabled = -1;
    bool deleted = false;
};

bool showAtLaptopSize(MainWindow& window)
{
    window.resize(1366, 768);
    window.show();
    return QTest::qWaitForWindowExposed(&window);
}

AgentProfileRow rowOf(Fixture& fx, const QString& id)
{
    QSqlQuery q(fx.db());
    q.prepare(QStringLiteral("SELECT name, enabled, deleted_at IS NOT NULL FROM agent_profiles WHERE id = ?"));
    q.addBindValue(id);
    if (!q.exec() || !q.next())
        return {};
    return {q.value(0).toString(), q.value(1).toInt(), q.value(2).toBool()};
}

}  // namespace

class TestProfileEditing final : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void nameAndEnabledFromTheKeyboardAndMouse();
    void newAndDeleteInADatabase();
    void switchingExplanationOpensFromTheKeyboard();

private:
    QTemporaryDir m_dir;
};

void TestProfileEditing::initTestCase()
{
    guitest::isolateSettings(m_dir, QStringLiteral("tst_profile_editing"));
    QCOMPARE(i18n::install(QLocale(QLocale::English)), QStringLiteral("en"));
}

void TestProfileEditing::nameAndEnabledFromTheKeyboardAndMouse()
{
    const QString path = guitest::copyOfSample(m_dir, testpaths::sample(QStringLiteral("export.json")));
    MainWindow window;
    QVERIFY(showAtLaptopSize(window));
    QVERIFY(window.openFile(path));
    model::EditorDocument* doc = window.document();
    ProfileSettingsBox* box = window.routePane()->profileSettings();
    QVERIFY(box->isVisible());
    QLineEdit* name = box->nameEdit();
    QCOMPARE(name->text(), QStringLiteral("Main route"));
    const int profile = doc->currentProfile();

    // Typed: select all, type, each key an edit that merges into one step.
    name->setFocus();
    QTest::keyClick(name, Qt::Key_A, Qt::ControlModifier);
    QTest::keyClicks(name, QStringLiteral("Weekdays"));
    QCOMPARE(doc->document().profiles[std::size_t(profile)].name, std::string("Weekdays"));
    QCOMPARE(listedTitle(window.profileList(), profile), QStringLiteral("Weekdays"));
    QVERIFY(window.isWindowModified());
    // Cleared: kandev's "Profile name is required." under the field, and Save refuses.
    QTest::keyClick(name, Qt::Key_A, Qt::ControlModifier);
    QTest::keyClick(name, Qt::Key_Delete);
    QVERIFY(box->nameError()->isVisible());
    QCOMPARE(box->nameError()->text(), QStringLiteral("Profile name is required."));
    QVERIFY(doc->saveRefusal().has_value());
    // The Validation pane leads to the field: Enter on the problem focuses the name.
    auto* problems = window.findChild<ValidationPane*>();
    QVERIFY(problems);
    auto* view = problems->findChild<QTreeView*>();
    QModelIndex nameProblem;
    for (int r = 0; r < view->model()->rowCount(); ++r) {
        if (view->model()->index(r, 0).data(model::ValidationModel::FieldRole).toString() == QStringLiteral("name"))
            nameProblem = view->model()->index(r, 0);
    }
    QVERIFY(nameProblem.isValid());
    QTRY_VERIFY(view->isVisible());  // Validation comes forward the first time there are problems
    view->setCurrentIndex(nameProblem);
    view->setFocus();
    QTest::keyClick(view, Qt::Key_Return);
    QTRY_VERIFY(name->hasFocus());
    // Ctrl+Z in the field undoes the document's step, not the field's own history.
    QTest::keyClick(name, Qt::Key_Z, Qt::ControlModifier);
    QCOMPARE(doc->document().profiles[std::size_t(profile)].name, std::string("Main route"));
    QCOMPARE(name->text(), QStringLiteral("Main route"));
    QVERIFY(!box->nameError()->isVisible());

    // The switch, clicked where a person clicks: the list says "disabled", the help says what it means.
    QCheckBox* enabled = box->enabledSwitch();
    QVERIFY(enabled->isChecked());
    clickIndicator(enabled);
    QVERIFY(!doc->document().profiles[std::size_t(profile)].enabled);
    QVERIFY(listedTitle(window.profileList(), profile).contains(QStringLiteral("disabled")));
    QVERIFY(box->enabledHelp()->isVisible());
    QVERIFY(box->enabledHelp()->text().contains(QStringLiteral("keep running")));
    QVERIFY(box->enabledHelp()->text().contains(QStringLiteral("Not offered")));
    // Saved and read again: the file holds it.
    QVERIFY(window.save());
    QVERIFY(!doc->isModified());
    QVERIFY(window.openFile(path));
    QVERIFY(!window.document()->document().profiles[std::size_t(profile)].enabled);
    QVERIFY(!window.routePane()->profileSettings()->enabledSwitch()->isChecked());
}

void TestProfileEditing::newAndDeleteInADatabase()
{
    QTemporaryDir dir;
    Fixture fx(QStringLiteral("sqlite"), dir.path());
    QVERIFY(fx.ok);
    // No legacy rules (so no migration review on opening).
    fx.exec(QStringLiteral("DELETE FROM dynamic_agent_routes WHERE dynamic_profile_id IN ('dyn-legacy', "
                           "'dyn-conflict', 'dyn-broken')"));
    fx.exec(QStringLiteral("DELETE FROM dynamic_agent_profiles WHERE profile_id IN ('dyn-legacy', 'dyn-conflict', "
                           "'dyn-broken')"));
    fx.exec(QStringLiteral("DELETE FROM agent_profiles WHERE id IN ('dyn-legacy', 'dyn-conflict', 'dyn-broken')"));
    MainWindow window;
    QVERIFY(showAtLaptopSize(window));
    QVERIFY(window.openDatabase(fx.target));
    model::EditorDocument* doc = window.document();
    QCOMPARE(doc->dynamicProfiles().size(), std::size_t(1));

    // File > New Dynamic Profile adds one to the database's document, unnamed and empty.
    QVERIFY(window.newDocument());
    QCOMPARE(window.document(), doc);
    QCOMPARE(doc->dynamicProfiles().size(), std::size_t(2));
    const int created = doc->currentProfile();
    const QString id = QString::fromStdString(doc->document().profiles[std::size_t(created)].id);
    ProfileSettingsBox* box = window.routePane()->profileSettings();
    QVERIFY(box->isVisible());
    QVERIFY(box->nameError()->isVisible());
    QVERIFY(window.profileList()->isVisible());
    box->nameEdit()->setFocus();
    QTest::keyClicks(box->nameEdit(), QStringLiteral(" Weekend "));
    doc->undoStack()->push(
        new model::InsertCandidateCommand(doc, 0, model::newCandidate("codex-gpt5"), QStringLiteral("Codex GPT-5")));
    // Saved after the review: the rows are kandev's, the name trimmed, version 1.
    QString reviewed;
    answerNextDialog(QStringLiteral("Save"), &reviewed);
    QVERIFY(window.save());
    QVERIFY2(reviewed.contains(id), qPrintable(reviewed));
    QCOMPARE(rowOf(fx, id).name, QStringLiteral("Weekend"));
    QCOMPARE(rowOf(fx, id).enabled, 1);
    QCOMPARE(fx.version(id), 1);
    QVERIFY(!fx.rulesJson(id, 0).isEmpty());
    // Undone past its creation once it is saved: the profile is in the
    // database now, so taking it back is its deletion, and the review says so.
    QCOMPARE(doc->undoStack()->count(), 3);  // added, named, its candidate
    while (doc->undoStack()->canUndo())
        doc->undoStack()->undo();
    QCOMPARE(doc->dynamicProfiles().size(), std::size_t(1));
    const review::DocumentDiff undone = doc->pendingChanges();
    QCOMPARE(undone.profiles.size(), std::size_t(1));
    QCOMPARE(undone.profiles[0].id, id.toStdString());
    QCOMPARE(undone.profiles[0].change, review::Change::Removed);
    while (doc->undoStack()->canRedo())
        doc->undoStack()->redo();
    QCOMPARE(doc->dynamicProfiles().size(), std::size_t(2));
    QVERIFY(doc->pendingChanges().equal());

    // Deleted after a question, undone, deleted again and saved: kandev's soft delete.
    QAction* remove = nullptr;
    for (QAction* action : window.findChildren<QAction*>()) {
        if (action->text().remove(QLatin1Char('&')).startsWith(QStringLiteral("Delete Dynamic Profile")))
            remove = action;
    }
    QVERIFY(remove && remove->isEnabled());
    answerNextDialog(QStringLiteral("Yes"));
    remove->trigger();
    QTRY_COMPARE(doc->dynamicProfiles().size(), std::size_t(1));
    QVERIFY(doc->currentProfile() != created);
    doc->undoStack()->undo();
    QCOMPARE(doc->dynamicProfiles().size(), std::size_t(2));
    QCOMPARE(doc->currentProfile(), created);
    doc->undoStack()->redo();
    answerNextDialog(QStringLiteral("Save"));
    QVERIFY(window.save());
    QVERIFY(rowOf(fx, id).deleted);
    QCOMPARE(rowOf(fx, QStringLiteral("dyn-current")).deleted, false);
}

void TestProfileEditing::switchingExplanationOpensFromTheKeyboard()
{
    const QString path = guitest::copyOfSample(m_dir, testpaths::sample(QStringLiteral("export.json")));
    MainWindow window;
    QVERIFY(showAtLaptopSize(window));
    QVERIFY(window.openFile(path));
    SwitchingExplanation* explanation = window.candidateEditor()->switchingExplanation();
    QVERIFY(explanation->toggle()->isVisible());
    QVERIFY(!explanation->text()->isVisible());
    QVERIFY(explanation->toggle()->focusPolicy() & Qt::TabFocus);
    explanation->toggle()->setFocus();
    QTest::keyClick(explanation->toggle(), Qt::Key_Space);
    QVERIFY(explanation->text()->isVisible());
    const QString text = explanation->text()->text();
    for (const char* words : {"one minute", "health probe", "once per candidate and class", "does not use up a retry",
             "unclassified", "output"})
        QVERIFY2(text.contains(QLatin1String(words)), words);
    // Remembered: the next window opens it again.
    MainWindow second;
    QVERIFY(second.candidateEditor()->switchingExplanation()->isOpen());
    explanation->toggle()->click();
    QVERIFY(!explanation->isOpen());
}

QTEST_MAIN(TestProfileEditing)
#include "tst_profile_editing.moc"
