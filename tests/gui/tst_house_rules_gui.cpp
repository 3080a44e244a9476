// SPDX-License-Identifier: Apache-2.0
// House rules in the editor: the rules file in force is found (chosen, beside
// the document, in a parent folder) and named in the status bar; violations
// appear in the Validation dock as you edit, lead to their field, and leave
// when fixed; they stop a save only when the rules file says "blocking"; a
// rules file that cannot be read gives no rules and says why.
#include "../common/gui_helpers.h"
#include "../common/kandev_fixture.h"
#include "../common/test_paths.h"

#include "controls/value_controls.h"
#include "editor/candidate_editor.h"
#include "editor/class_policy_panel.h"
#include "panels/validation_pane.h"
#include "route/candidate_list_panel.h"
#include "window/main_window.h"
#include "window/settings.h"

#include "model/candidate_list_model.h"
#include "model/editor_document.h"
#include "model/house_rules.h"
#include "model/validation_model.h"

#include "translations.h"

#include <QAbstractItemModelTester>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QSettings>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTableView>
#include <QTreeView>
#include <QtTest>

using namespace gui;

namespace
{

// The sample's first candidate (claude-sonnet) retries transient errors 3 times, the second 2 times.
QByteArray retriesRule(
    int maxRetries, bool blocking = false, const char* severity = "error", const QByteArray& exceptions = "[]")
{
    return QByteArray(R"({"version": 1, "blocking": )") + (blocking ? "true" : "false")
        + R"(, "rules": [{"id": "few-retries", "kind": "max_retries", "class": "transient", "value": )"
        + QByteArray::number(maxRetries) + R"(, "severity": ")" + severity
        + R"(", "message": "Transient errors retry at most twice."}], "exceptions": )" + exceptions + "}\n";
}

void writeFile(const QString& path, const QByteArray& bytes)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
        qFatal("cannot write %s", qPrintable(path));
    f.write(bytes);
}

QLabel* rulesStatus(MainWindow& window)
{
    return window.statusBar()->findChild<QLabel*>(QStringLiteral("houseRulesStatus"));
}

// The Validation dock's rows of house rules, as (rule id, candidate row, excepted).
struct HouseRow {
    QString rule;
    int candidate;
    bool excepted;
    bool warning;
};
QList<HouseRow> houseRows(MainWindow& window)
{
    const model::ValidationModel* m = window.validationPane()->model();
    QList<HouseRow> out;
    for (int r = 0; r < m->rowCount(); ++r) {
        const QModelIndex i = m->index(r, 0);
        if (const QString rule = i.data(model::ValidationModel::HouseRuleRole).toString(); !rule.isEmpty())
            out.push_back({rule, i.data(model::ValidationModel::CandidateRowRole).toInt(),
                i.data(model::ValidationModel::ExceptedRole).toBool(),
                i.data(model::ValidationModel::WarningRole).toBool()});
    }
    return out;
}

}  // namespace

class TestHouseRulesGui final : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void rulesInForceAreNamed_data();
    void rulesInForceAreNamed();
    void violationLeadsToItsFieldAndLeavesWhenFixed();
    void savingFollowsTheRulesFile_data();
    void savingFollowsTheRulesFile();
    void anEditedRulesFileIsReadAgain();
    void savedTheRulesAreCheckedOnTheDocumentAsWritten();
    void rulesBesideASqliteDatabase();

private:
    QTemporaryDir m_dir;
    int m_case = 0;
    // A folder of its own for each case, with a copy of a sample in `sub` (relative).
    QString sampleIn(const QString& sub, const QString& sample = QStringLiteral("profile-v1.json"));
};

void TestHouseRulesGui::initTestCase()
{
    QVERIFY(m_dir.isValid());
    guitest::isolateSettings(m_dir, QStringLiteral("Policy Studio House Rules Test"));
    i18n::install(QLocale(QLocale::English));
}

void TestHouseRulesGui::init()
{
    QSettings().clear();
}

QString TestHouseRulesGui::sampleIn(const QString& sub, const QString& sample)
{
    const QString folder = m_dir.filePath(QStringLiteral("case-%1/%2").arg(++m_case).arg(sub));
    QDir().mkpath(folder);
    const QString path = folder + QStringLiteral("/profile.json");
    QFile::copy(testpaths::sample(sample), path);
    QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner);
    return path;
}

void TestHouseRulesGui::rulesInForceAreNamed_data()
{
    QTest::addColumn<QString>("rulesAt");  // relative to the case folder; "" for none
    QTest::addColumn<QByteArray>("rules");
    QTest::addColumn<bool>("chosen");  // the file is chosen in the settings, not found
    QTest::addColumn<QString>("status");
    QTest::addColumn<QString>("toolTip");  // a part of it
    QTest::addColumn<int>("violations");

    QTest::newRow("none") << QString() << QByteArray() << false << "House rules: none"
                          << "only kandev's own" << 0;
    QTest::newRow("beside the document") << "team/.policy-rules.json" << retriesRule(2) << false
                                         << "House rules: .policy-rules.json (found beside the document)"
                                         << "/team/.policy-rules.json" << 1;
    QTest::newRow("in a parent folder") << ".policy-rules.json" << retriesRule(1) << false
                                        << "House rules: .policy-rules.json (found beside the document)"
                                        << "/.policy-rules.json" << 2;
    QTest::newRow("chosen in the settings")
        << "elsewhere/strict.json" << retriesRule(1) << true << "House rules: strict.json (chosen in the settings)"
        << "/elsewhere/strict.json" << 2;
    QTest::newRow("chosen, with a line break in its name")
        << "elsewhere/two\nlines.json" << retriesRule(1) << true
        << "House rules: two\\u000alines.json (chosen in the settings)"
        << "/elsewhere/two\\u000alines.json" << 2;
    // Line 1, column 76: the value that is not a number. No rules, never a default in their place.
    QTest::newRow("a rules file with an error")
        << "team/.policy-rules.json"
        << QByteArray(R"({"version": 1, "rules": [{"id": "x", "kind": "max_retries", "value": "two"}]})") << false
        << "House rules: .policy-rules.json cannot be used"
        << ".policy-rules.json:1:" << 0;
    QTest::newRow("an unknown kind")
        << "team/.policy-rules.json"
        << QByteArray("{\"version\": 1,\n \"rules\": [{\"id\": \"x\", \"kind\": \"max_holds\", \"value\": 5}]}")
        << false << "House rules: .policy-rules.json cannot be used"
        << ".policy-rules.json:2:" << 0;
}

void TestHouseRulesGui::rulesInForceAreNamed()
{
    QFETCH(QString, rulesAt);
    QFETCH(QByteArray, rules);
    QFETCH(bool, chosen);
    QFETCH(QString, status);
    QFETCH(QString, toolTip);
    QFETCH(int, violations);

    const QString document = sampleIn(QStringLiteral("team/profiles"));
    const QString caseFolder = QFileInfo(document).absolutePath() + QStringLiteral("/../..");
    if (!rulesAt.isEmpty()) {
        const QString rulesPath = QDir::cleanPath(caseFolder + QLatin1Char('/') + rulesAt);
        writeFile(rulesPath, rules);
        if (chosen)
            settings::houseRulesFile.setValue(rulesPath);
    }
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.openFile(document));
    QLabel* label = rulesStatus(window);
    QVERIFY(label);
    QVERIFY(label->isVisible());
    QCOMPARE(label->text(), status);
    QVERIFY2(label->toolTip().contains(toolTip), qPrintable(label->toolTip()));
    QCOMPARE(label->accessibleName(), status);
    QCOMPARE(houseRows(window).size(), violations);
}

void TestHouseRulesGui::violationLeadsToItsFieldAndLeavesWhenFixed()
{
    const QString document = sampleIn(QStringLiteral("p"));
    writeFile(QFileInfo(document).absolutePath() + QStringLiteral("/.policy-rules.json"), retriesRule(2));
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    QVERIFY(window.openFile(document));
    model::ValidationModel* problems = window.validationPane()->model();
    QAbstractItemModelTester tester(problems, QAbstractItemModelTester::FailureReportingMode::QtTest);

    const QList<HouseRow> rows = houseRows(window);
    QCOMPARE(rows.size(), 1);
    QCOMPARE(rows[0].rule, QStringLiteral("few-retries"));
    QCOMPARE(rows[0].candidate, 0);
    QVERIFY(rows[0].warning);  // not blocking: it stops no save
    QCOMPARE(problems->errorCount(), 0);
    QCOMPARE(problems->nonBlockingHouseRuleCount(), 1);
    // What it says: measured, allowed, the house's words and the rule's id.
    int row = -1;
    for (int r = 0; r < problems->rowCount(); ++r)
        row = problems->index(r, 0).data(model::ValidationModel::HouseRuleRole).toString().isEmpty() ? row : r;
    const QString text = problems->index(row, model::ValidationModel::MessageColumn).data().toString();
    QVERIFY2(text.contains(QStringLiteral("retries transient errors up to 3 times; the house allows 2"))
            && text.contains(QStringLiteral("Transient errors retry at most twice."))
            && text.contains(QStringLiteral("House rule few-retries")),
        qPrintable(text));
    QCOMPARE(problems->index(row, model::ValidationModel::CandidateColumn).data().toString(),
        window.document()->candidateName(0));
    // The route says which candidate breaks it.
    const QAbstractItemModel* route = window.candidateList()->view()->model();
    QCOMPARE(route->index(0, 0).data(model::CandidateListModel::StatusTextRole).toString(),
        QStringLiteral("House rule: few-retries"));
    QCOMPARE(route->index(1, 0).data(model::CandidateListModel::StatusTextRole).toString(), QString());
    auto* status = window.validationPane()->findChild<QLabel*>();
    QVERIFY(status);
    QVERIFY2(status->text().contains(QStringLiteral("1 house rule broken")), qPrintable(status->text()));

    // Under the field it concerns, in the editor, the house rule is said too.
    const auto noteUnderMaxRetries = [&window] {
        for (auto* panel : window.findChildren<ClassPolicyPanel*>()) {
            if (panel->errorClass() != policy::ErrorClass::Transient)
                continue;
            if (auto* label = panel->findChild<QLabel*>(QStringLiteral("error:retry.max_retries"));
                label && label->isVisible())
                return label->text();
        }
        return QString();
    };
    QVERIFY2(
        noteUnderMaxRetries().contains(QStringLiteral("House rule few-retries")), qPrintable(noteUnderMaxRetries()));
    // Activated with the keyboard, the row leads to the field it concerns...
    auto* view = window.validationPane()->findChild<QTreeView*>();
    QVERIFY(view);
    view->setFocus();
    view->setCurrentIndex(problems->index(row, 0));
    QTest::keyClick(view, Qt::Key_Return);
    auto* box = qobject_cast<ValueSpinBox*>(QApplication::focusWidget());
    QVERIFY2(box, QApplication::focusWidget() ? QApplication::focusWidget()->metaObject()->className() : "nothing");
    QCOMPARE(box->value(), 3);
    // ...and leaves when the value is what the house allows.
    guitest::typeValue(box, 2);
    QTRY_COMPARE(houseRows(window).size(), 0);
    QVERIFY2(!status->text().contains(QStringLiteral("house rule")), qPrintable(status->text()));
    QCOMPARE(noteUnderMaxRetries(), QString());
    // Undo brings it back: the rules are checked on every state of the document.
    QTest::keyClick(&window, Qt::Key_Z, Qt::ControlModifier);
    QTRY_COMPARE(houseRows(window).size(), 1);
}

void TestHouseRulesGui::savedTheRulesAreCheckedOnTheDocumentAsWritten()
{
    // An export: its candidates name concrete profiles, which the checks point into.
    const QString document = sampleIn(QStringLiteral("saved"), QStringLiteral("export.json"));
    writeFile(QFileInfo(document).absolutePath() + QStringLiteral("/.policy-rules.json"), retriesRule(2));
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    QVERIFY(window.openFile(document));
    QCOMPARE(houseRows(window).size(), 2);
    // An edit: the first candidate retries transient errors 4 times.
    QVERIFY(window.findChild<CandidateEditor*>()->focusField(QStringLiteral("policies.transient.retry.max_retries")));
    auto* box = qobject_cast<ValueSpinBox*>(QApplication::focusWidget());
    QVERIFY(box);
    guitest::typeValue(box, 4);
    QTRY_VERIFY(window.document()->isModified());
    // Saved (not blocking): the rules file is looked for again where the file now is, and
    // the Validation dock is refreshed from the document as written.
    QTest::keyClick(&window, Qt::Key_S, Qt::ControlModifier);
    QTRY_VERIFY(!window.document()->isModified());
    QCOMPARE(houseRows(window).size(), 2);
    const model::ValidationModel* problems = window.validationPane()->model();
    for (int r = 0; r < problems->rowCount(); ++r)
        QVERIFY(!problems->index(r, model::ValidationModel::MessageColumn).data().toString().isEmpty());
}

void TestHouseRulesGui::savingFollowsTheRulesFile_data()
{
    // The export's routes: dyn-main retries transient errors 3, 2, 1 and 5 times, dyn-nightly 10 and 3.
    QTest::addColumn<QByteArray>("rules");
    QTest::addColumn<bool>("saves");
    QTest::addColumn<int>("errors");  // dyn-main's rows that stop a save
    QTest::addColumn<int>("shown");  // dyn-main's house rule rows
    QTest::addColumn<bool>("excepted");

    QTest::newRow("an error, not blocking") << retriesRule(2, false, "error") << true << 0 << 2 << false;
    QTest::newRow("an error, blocking") << retriesRule(2, true, "error") << false << 2 << 2 << false;
    QTest::newRow("a warning, blocking") << retriesRule(2, true, "warning") << true << 0 << 2 << false;
    QTest::newRow("an error, blocking, excepted for both routes") << retriesRule(2, true, "error",
        R"([{"rule": "few-retries", "profile": "dyn-main", "reason": "a trial"},
                   {"rule": "few-retries", "profile": "dyn-nightly", "reason": "batch work"}])")
                                                                  << true << 0 << 2 << true;
    // Excepted for the route shown only: the other route's errors still stop the save.
    QTest::newRow("an error, blocking, excepted for one route")
        << retriesRule(2, true, "error", R"([{"rule": "few-retries", "profile": "dyn-main", "reason": "a trial"}])")
        << false << 0 << 2 << true;
    QTest::newRow("blocking, nothing broken") << retriesRule(10, true, "error") << true << 0 << 0 << false;
}

void TestHouseRulesGui::savingFollowsTheRulesFile()
{
    QFETCH(QByteArray, rules);
    QFETCH(bool, saves);
    QFETCH(int, errors);
    QFETCH(int, shown);
    QFETCH(bool, excepted);
    const QString document = sampleIn(QStringLiteral("s"), QStringLiteral("export.json"));
    writeFile(QFileInfo(document).absolutePath() + QStringLiteral("/.policy-rules.json"), rules);
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.openFile(document));
    QVERIFY2(window.document()->houseRules(), qPrintable(rulesStatus(window)->toolTip()));
    QCOMPARE(QString::fromStdString(
                 window.document()->document().profiles[std::size_t(window.document()->currentProfile())].id),
        QStringLiteral("dyn-main"));
    const auto refusal = window.document()->saveRefusal();
    QCOMPARE(!refusal.has_value(), saves);
    if (refusal)
        QVERIFY2(refusal->contains(QStringLiteral("house rules forbid saving")), qPrintable(*refusal));
    // A violation that stops a save is counted as a problem; an excepted one is shown, never counted.
    QCOMPARE(window.validationPane()->model()->errorCount(), errors);
    const QList<HouseRow> rows = houseRows(window);
    QCOMPARE(rows.size(), shown);
    for (const HouseRow& r : rows)
        QCOMPARE(r.excepted, excepted);
}

void TestHouseRulesGui::anEditedRulesFileIsReadAgain()
{
    const QString document = sampleIn(QStringLiteral("w"));
    const QString rulesPath = QFileInfo(document).absolutePath() + QStringLiteral("/.policy-rules.json");
    writeFile(rulesPath, retriesRule(3));
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.openFile(document));
    QCOMPARE(houseRows(window).size(), 0);
    // A stricter house: the Validation dock follows without a reopen.
    writeFile(rulesPath, retriesRule(1));
    QTRY_COMPARE_WITH_TIMEOUT(houseRows(window).size(), 2, 5000);
    // Broken, the file gives no rules, and the status bar says so.
    writeFile(rulesPath, "{\"version\": 1, \"rules\": [");
    QTRY_COMPARE_WITH_TIMEOUT(
        rulesStatus(window)->text(), QStringLiteral("House rules: .policy-rules.json cannot be used"), 5000);
    QCOMPARE(houseRows(window).size(), 0);
    QVERIFY(!window.document()->houseRules());
}

void TestHouseRulesGui::rulesBesideASqliteDatabase()
{
    const QString folder = m_dir.filePath(QStringLiteral("case-%1/db").arg(++m_case));
    QDir().mkpath(folder);
    Fixture fx(QStringLiteral("sqlite"), folder);
    QVERIFY(fx.ok);
    // Routes without legacy rules or unreadable rows: no review comes first.
    fx.exec(QStringLiteral("DELETE FROM dynamic_agent_routes WHERE dynamic_profile_id IN ('dyn-legacy', "
                           "'dyn-conflict', 'dyn-broken')"));
    fx.route("dyn-broken", 0, "codex-gpt5", kPolicies);
    writeFile(folder + QStringLiteral("/.policy-rules.json"),
        R"({"version": 1, "rules": [{"id": "three-up", "kind": "min_enabled_candidates", "value": 3,
            "severity": "warning"}]})");
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.openDatabase(fx.target));
    QCOMPARE(
        rulesStatus(window)->text(), QStringLiteral("House rules: .policy-rules.json (found beside the database)"));
    // The route as a whole breaks it: a row for no candidate in particular.
    const QList<HouseRow> rows = houseRows(window);
    QCOMPARE(rows.size(), 1);
    QCOMPARE(rows[0].rule, QStringLiteral("three-up"));
    QCOMPARE(rows[0].candidate, -1);
    QVERIFY(rows[0].warning);
}

QTEST_MAIN(TestHouseRulesGui)
#include "tst_house_rules_gui.moc"
