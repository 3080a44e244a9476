// SPDX-License-Identifier: Apache-2.0
// The class policy panel on its own, driven by clicks and keys: what each
// switch, box and radio button emits as an edit, the values switching a
// section on brings back, the sections an issue keeps open, the field a
// message leads to, and the summary a collapsed panel keeps.
#include "editor/class_policy_panel.h"
#include "editor/field_binder.h"
#include "controls/value_controls.h"

#include "policy/validation.h"

#include "../common/gui_helpers.h"
#include "translations.h"

#include <QCheckBox>
#include <QLabel>
#include <QLineEdit>
#include <QRadioButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QToolButton>
#include <QtTest>

using namespace gui;
using guitest::clickIndicator;
using guitest::typeValue;

namespace
{

// The issues validation finds in a class policy, with paths relative to the
// class, as the candidate editor hands them to its panels.
std::vector<policy::Issue> issuesOf(policy::ErrorClass errorClass, const policy::ClassPolicy& p)
{
    policy::PolicyDocument doc;
    doc.forClass(errorClass) = p;
    const std::string prefix = errorClass == policy::ErrorClass::Hard ? "hard." : "transient.";
    std::vector<policy::Issue> issues;
    for (policy::Issue issue : policy::validate(doc)) {
        if (issue.path.rfind(prefix, 0) != 0)
            continue;
        issue.path.erase(0, prefix.size());
        issues.push_back(issue);
    }
    return issues;
}

// Shows the policy with its issues, as the candidate editor does.
void show(ClassPolicyPanel& panel, const policy::ClassPolicy& p)
{
    panel.setPolicy(p, issuesOf(panel.errorClass(), p));
}

// Stands in for the document: every edit is taken and shown back at once,
// as the candidate editor does after its undo command.
void echoEdits(ClassPolicyPanel& panel)
{
    QObject::connect(
        &panel, &ClassPolicyPanel::edited, &panel, [&panel](const policy::ClassPolicy& p) { show(panel, p); });
}

policy::ClassPolicy editedPolicy(const QSignalSpy& spy)
{
    return spy.last().at(0).value<policy::ClassPolicy>();
}

QString undoText(const QSignalSpy& spy)
{
    return spy.last().at(1).toString();
}

QString mergeKey(const QSignalSpy& spy)
{
    return spy.last().at(2).toString();
}

// The panel of claude-sonnet's policy, shown in a window of its own and active.
bool showPanel(ClassPolicyPanel& panel, const policy::ClassPolicy& p)
{
    panel.setCandidateName(QStringLiteral("claude-sonnet"));
    show(panel, p);
    panel.resize(640, 480);
    panel.show();
    return QTest::qWaitForWindowActive(&panel);
}

QToolButton* disclosureToggle(ClassPolicyPanel& panel)
{
    const QList<QToolButton*> buttons = panel.findChildren<QToolButton*>();
    for (QToolButton* button : buttons)
        if (button->accessibleName().startsWith(QLatin1String("Show or hide")))
            return button;
    return nullptr;
}

QString shownText(ValueSpinBox* box)
{
    return box->findChild<QLineEdit*>()->text();
}

}  // namespace

class TestClassPolicyPanel final : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void retrySwitchRestoresTheLastValues();
    void waitSwitchRestoresTheLastValidValue();
    void typedValuesAreEdits_data();
    void typedValuesAreEdits();
    void outOfRangeValuesStayAndAreFlagged();
    void outcomeRadios();
    void anIssueKeepsASectionShown_data();
    void anIssueKeepsASectionShown();
    void focusFieldOpensAndFocuses_data();
    void focusFieldOpensAndFocuses();
    void collapseKeepsTheSummary();
    void explanationIsReadNotHovered();
    void optionHelpIsReachedByKeyboard();

private:
    QTemporaryDir m_settingsDir;
};

void TestClassPolicyPanel::initTestCase()
{
    guitest::isolateSettings(m_settingsDir, QStringLiteral("tst_class_policy_panel"));
    QCOMPARE(i18n::install(QLocale(QLocale::English)), QStringLiteral("en"));
}

void TestClassPolicyPanel::retrySwitchRestoresTheLastValues()
{
    ClassPolicyPanel panel(policy::ErrorClass::Transient);
    QVERIFY(showPanel(panel, {{true, 4, 30}, {false, 0}, policy::Outcome::Skip}));
    echoEdits(panel);
    QSignalSpy spy(&panel, &ClassPolicyPanel::edited);
    QVERIFY(panel.retrySwitch()->isChecked());
    QVERIFY(panel.maxRetriesBox()->isVisible());

    // Off stores zeros, as the contract requires, and closes the section.
    clickIndicator(panel.retrySwitch());
    QCOMPARE(spy.count(), 1);
    QCOMPARE(editedPolicy(spy).retry, policy::RetryPolicy {});
    QCOMPARE(undoText(spy), QStringLiteral("Turn off retries for transient errors of claude-sonnet"));
    QCOMPARE(mergeKey(spy), QString());
    QVERIFY(!panel.retrySwitch()->isChecked());
    QVERIFY(!panel.maxRetriesBox()->isVisible());
    QCOMPARE(panel.summaryLabel()->text(), QStringLiteral("skip immediately"));

    // On again brings back the values it had, not the defaults.
    clickIndicator(panel.retrySwitch());
    QCOMPARE(spy.count(), 2);
    QCOMPARE(editedPolicy(spy).retry, (policy::RetryPolicy {true, 4, 30}));
    QCOMPARE(undoText(spy), QStringLiteral("Turn on retries for transient errors of claude-sonnet"));
    QVERIFY(panel.maxRetriesBox()->isVisible());
    QCOMPARE(shownText(panel.maxRetriesBox()), QStringLiteral("4"));
    QCOMPARE(panel.intervalEdit()->seconds(), 30);
    QCOMPARE(panel.policy().onExhausted, policy::Outcome::Skip);  // the rest of the policy stays

    // Another candidate shown: switching on fills the declared defaults.
    panel.forgetRestoreValues();
    clickIndicator(panel.retrySwitch());
    clickIndicator(panel.retrySwitch());
    QCOMPARE(spy.count(), 4);
    QCOMPARE(editedPolicy(spy).retry,
        (policy::RetryPolicy {true, policy::descriptor(policy::Field::RetryMaxRetries).enabledDefault,
            policy::descriptor(policy::Field::RetryInitialInterval).enabledDefault}));
}

void TestClassPolicyPanel::waitSwitchRestoresTheLastValidValue()
{
    ClassPolicyPanel panel(policy::ErrorClass::Hard);
    QVERIFY(showPanel(panel, {{false, 0, 0}, {true, 7200}, policy::Outcome::Stop}));
    echoEdits(panel);
    QSignalSpy spy(&panel, &ClassPolicyPanel::edited);
    QVERIFY(panel.maxWaitEdit()->isVisible());

    clickIndicator(panel.waitSwitch());
    QCOMPARE(spy.count(), 1);
    QCOMPARE(editedPolicy(spy).waitForReset, policy::ResetWaitPolicy {});
    QCOMPARE(undoText(spy), QStringLiteral("Turn off reset waits for hard errors of claude-sonnet"));
    QVERIFY(!panel.maxWaitEdit()->isVisible());
    clickIndicator(panel.waitSwitch());
    QCOMPARE(editedPolicy(spy).waitForReset, (policy::ResetWaitPolicy {true, 7200}));
    QCOMPARE(undoText(spy), QStringLiteral("Turn on reset waits for hard errors of claude-sonnet"));
    QVERIFY(panel.maxWaitEdit()->isVisible());

    // A value out of range is shown and edited, but switching on never brings it back.
    typeValue(panel.maxWaitEdit()->spinBox(), 9999);  // hours: over the 7-day maximum
    QCOMPARE(panel.policy().waitForReset, (policy::ResetWaitPolicy {true, 9999 * 3600}));
    clickIndicator(panel.waitSwitch());
    QCOMPARE(editedPolicy(spy).waitForReset, policy::ResetWaitPolicy {});
    clickIndicator(panel.waitSwitch());
    // The last value within the limits (99 h, typed on the way), not the 9999 h after it.
    QCOMPARE(editedPolicy(spy).waitForReset, (policy::ResetWaitPolicy {true, 99 * 3600}));
}

void TestClassPolicyPanel::typedValuesAreEdits_data()
{
    QTest::addColumn<int>("errorClass");
    QTest::addColumn<QString>("classWords");
    QTest::newRow("transient") << int(policy::ErrorClass::Transient) << "transient errors";
    QTest::newRow("hard") << int(policy::ErrorClass::Hard) << "hard errors";
}

void TestClassPolicyPanel::typedValuesAreEdits()
{
    QFETCH(int, errorClass);
    QFETCH(QString, classWords);
    ClassPolicyPanel panel {policy::ErrorClass(errorClass)};
    QVERIFY(showPanel(panel, {{true, 3, 5}, {true, 300}, policy::Outcome::Skip}));
    echoEdits(panel);
    QSignalSpy spy(&panel, &ClassPolicyPanel::edited);
    // The merge key names the class and the field: typing merges into one undo step per field.
    const QString key = QString::number(errorClass) + QLatin1Char('.');

    typeValue(panel.maxRetriesBox(), 6);
    QCOMPARE(spy.count(), 1);
    QCOMPARE(editedPolicy(spy).retry, (policy::RetryPolicy {true, 6, 5}));
    QCOMPARE(undoText(spy), QStringLiteral("Set max retries for %1 of claude-sonnet to 6").arg(classWords));
    QCOMPARE(mergeKey(spy), key + QStringLiteral("retry.max_retries"));

    // Each keystroke that forms a number is an edit.
    typeValue(panel.intervalEdit()->spinBox(), 45);
    QCOMPARE(spy.count(), 3);
    QCOMPARE(spy.at(1).at(0).value<policy::ClassPolicy>().retry.initialIntervalSeconds, 4);
    QCOMPARE(editedPolicy(spy).retry, (policy::RetryPolicy {true, 6, 45}));
    QCOMPARE(undoText(spy), QStringLiteral("Set the first retry for %1 of claude-sonnet to 45 s").arg(classWords));
    QCOMPARE(mergeKey(spy), key + QStringLiteral("retry.initial_interval_seconds"));
    QVERIFY2(panel.scheduleLabel()->text().startsWith(QStringLiteral("Retries after 45 s, 1 min 30 s, 3 min")),
        qPrintable(panel.scheduleLabel()->text()));

    typeValue(panel.maxWaitEdit()->spinBox(), 8);  // shown in minutes: 300 s is 5 min
    QCOMPARE(editedPolicy(spy).waitForReset, (policy::ResetWaitPolicy {true, 480}));
    QCOMPARE(
        undoText(spy), QStringLiteral("Set the maximum reset wait for %1 of claude-sonnet to 8 min").arg(classWords));
    QCOMPARE(mergeKey(spy), key + QStringLiteral("wait_for_reset.max_wait_seconds"));

    // The value the panel already shows is no edit.
    const int edits = spy.count();
    typeValue(panel.maxRetriesBox(), 6);
    QCOMPARE(spy.count(), edits);
}

void TestClassPolicyPanel::outOfRangeValuesStayAndAreFlagged()
{
    ClassPolicyPanel panel(policy::ErrorClass::Transient);
    QVERIFY(showPanel(panel, {{true, 3, 5}, {false, 0}, policy::Outcome::Skip}));
    echoEdits(panel);
    QSignalSpy spy(&panel, &ClassPolicyPanel::edited);
    QCOMPARE(panel.fieldError(QStringLiteral("retry.max_retries")), QString());

    typeValue(panel.maxRetriesBox(), 11);
    QTest::keyClick(panel.maxRetriesBox(), Qt::Key_Tab);  // leave the field, as a person does
    QCOMPARE(editedPolicy(spy).retry.maxRetries, 11);
    QCOMPARE(shownText(panel.maxRetriesBox()), QStringLiteral("11"));
    QCOMPARE(
        panel.fieldError(QStringLiteral("retry.max_retries")), QStringLiteral("Must be between 1 and 10 (found 11)."));
    QCOMPARE(panel.maxRetriesBox()->toolTip(), panel.fieldError(QStringLiteral("retry.max_retries")));
    QCOMPARE(panel.scheduleLabel()->text(),
        QStringLiteral("No schedule until the retry values above are within their limits."));

    typeValue(panel.intervalEdit()->spinBox(), 0);
    QCOMPARE(editedPolicy(spy).retry.initialIntervalSeconds, 0);
    QCOMPARE(shownText(panel.intervalEdit()->spinBox()), QStringLiteral("0"));
    QVERIFY(!panel.fieldError(QStringLiteral("retry.initial_interval_seconds")).isEmpty());

    // Back in range, the messages go.
    typeValue(panel.maxRetriesBox(), 10);
    typeValue(panel.intervalEdit()->spinBox(), 1);
    QCOMPARE(panel.policy().retry, (policy::RetryPolicy {true, 10, 1}));
    QCOMPARE(panel.fieldError(QStringLiteral("retry.max_retries")), QString());
    QCOMPARE(panel.fieldError(QStringLiteral("retry.initial_interval_seconds")), QString());
    QCOMPARE(panel.maxRetriesBox()->toolTip(), QString());
}

void TestClassPolicyPanel::outcomeRadios()
{
    ClassPolicyPanel panel(policy::ErrorClass::Transient);
    QVERIFY(showPanel(panel, {{true, 3, 5}, {false, 0}, policy::Outcome::Skip}));
    echoEdits(panel);
    QSignalSpy spy(&panel, &ClassPolicyPanel::edited);
    QVERIFY(panel.skipButton()->isChecked());

    clickIndicator(panel.stopButton());
    QCOMPARE(spy.count(), 1);
    QCOMPARE(editedPolicy(spy), (policy::ClassPolicy {{true, 3, 5}, {false, 0}, policy::Outcome::Stop}));
    QCOMPARE(
        undoText(spy), QStringLiteral("Stop for a person when transient errors of claude-sonnet are not recovered"));
    QVERIFY(panel.stopButton()->isChecked());
    QVERIFY(!panel.skipButton()->isChecked());
    clickIndicator(panel.stopButton());  // already chosen: no edit
    QCOMPARE(spy.count(), 1);
    clickIndicator(panel.skipButton());
    QCOMPARE(spy.count(), 2);
    QCOMPARE(editedPolicy(spy).onExhausted, policy::Outcome::Skip);
    QCOMPARE(undoText(spy),
        QStringLiteral("Skip to the next candidate when transient errors of claude-sonnet are not recovered"));

    // Unset shows neither chosen, and says so; either choice is an edit.
    show(panel, {{true, 3, 5}, {false, 0}, policy::Outcome::Unset});
    QVERIFY(!panel.skipButton()->isChecked());
    QVERIFY(!panel.stopButton()->isChecked());
    QVERIFY(!panel.fieldError(QStringLiteral("on_exhausted")).isEmpty());
    clickIndicator(panel.stopButton());
    QCOMPARE(spy.count(), 3);
    QCOMPARE(editedPolicy(spy).onExhausted, policy::Outcome::Stop);
    QCOMPARE(panel.fieldError(QStringLiteral("on_exhausted")), QString());
}

void TestClassPolicyPanel::anIssueKeepsASectionShown_data()
{
    QTest::addColumn<bool>("retryHoldsValues");
    QTest::addColumn<bool>("waitHoldsValues");
    QTest::newRow("retry off, holding values") << true << false;
    QTest::newRow("wait off, holding a value") << false << true;
    QTest::newRow("both") << true << true;
    QTest::newRow("neither") << false << false;
}

void TestClassPolicyPanel::anIssueKeepsASectionShown()
{
    QFETCH(bool, retryHoldsValues);
    QFETCH(bool, waitHoldsValues);
    ClassPolicyPanel panel(policy::ErrorClass::Transient);
    const policy::ClassPolicy p {{false, retryHoldsValues ? 3 : 0, retryHoldsValues ? 7 : 0},
        {false, waitHoldsValues ? 300 : 0}, policy::Outcome::Skip};
    QVERIFY(showPanel(panel, p));
    // Off, and shown with its values and the message under them, or hidden.
    QVERIFY(!panel.retrySwitch()->isChecked());
    QVERIFY(!panel.waitSwitch()->isChecked());
    QCOMPARE(panel.maxRetriesBox()->isVisible(), retryHoldsValues);
    QCOMPARE(panel.intervalEdit()->isVisible(), retryHoldsValues);
    QCOMPARE(panel.maxWaitEdit()->isVisible(), waitHoldsValues);
    QCOMPARE(!panel.fieldError(QStringLiteral("retry.max_retries")).isEmpty(), retryHoldsValues);
    QCOMPARE(!panel.fieldError(QStringLiteral("wait_for_reset.max_wait_seconds")).isEmpty(), waitHoldsValues);
    if (retryHoldsValues) {
        QCOMPARE(shownText(panel.maxRetriesBox()), QStringLiteral("3"));
        QCOMPARE(panel.intervalEdit()->seconds(), 7);
    }
    if (waitHoldsValues)
        QCOMPARE(panel.maxWaitEdit()->seconds(), 300);

    // The same policy without its issues: the off sections close.
    panel.setPolicy(p, {});
    QVERIFY(!panel.maxRetriesBox()->isVisible());
    QVERIFY(!panel.maxWaitEdit()->isVisible());
}

void TestClassPolicyPanel::focusFieldOpensAndFocuses_data()
{
    QTest::addColumn<QString>("field");
    QTest::newRow("max retries") << "retry.max_retries";
    QTest::newRow("first interval") << "retry.initial_interval_seconds";
    QTest::newRow("retry switch") << "retry.enabled";
    QTest::newRow("maximum wait") << "wait_for_reset.max_wait_seconds";
    QTest::newRow("wait switch") << "wait_for_reset.enabled";
    QTest::newRow("outcome") << "on_exhausted";
}

void TestClassPolicyPanel::focusFieldOpensAndFocuses()
{
    QFETCH(QString, field);
    ClassPolicyPanel panel(policy::ErrorClass::Hard);
    QVERIFY(showPanel(panel, {{true, 3, 5}, {true, 300}, policy::Outcome::Skip}));
    const QHash<QString, QWidget*> editors {{QStringLiteral("retry.max_retries"), panel.maxRetriesBox()},
        {QStringLiteral("retry.initial_interval_seconds"), panel.intervalEdit()->spinBox()},
        {QStringLiteral("retry.enabled"), panel.retrySwitch()},
        {QStringLiteral("wait_for_reset.max_wait_seconds"), panel.maxWaitEdit()->spinBox()},
        {QStringLiteral("wait_for_reset.enabled"), panel.waitSwitch()},
        {QStringLiteral("on_exhausted"), panel.skipButton()}};
    panel.setExpanded(false);
    QVERIFY(!editors.value(field)->isVisible());

    QVERIFY(panel.focusField(field));
    QVERIFY(panel.isExpanded());
    QVERIFY(editors.value(field)->isVisible());
    QTRY_COMPARE(QApplication::focusWidget(), editors.value(field));

    // A field the panel has not: nothing moves.
    QVERIFY(!panel.focusField(QStringLiteral("retry.no_such_field")));
    QCOMPARE(QApplication::focusWidget(), editors.value(field));
}

void TestClassPolicyPanel::collapseKeepsTheSummary()
{
    ClassPolicyPanel panel(policy::ErrorClass::Transient);
    QVERIFY(showPanel(panel, {{true, 3, 5}, {false, 0}, policy::Outcome::Skip}));
    QToolButton* toggle = disclosureToggle(panel);
    QVERIFY(toggle);
    QVERIFY(panel.isExpanded());
    QVERIFY(!panel.summaryLabel()->isVisible());  // open, the settings say it all

    QTest::mouseClick(toggle, Qt::LeftButton);
    QVERIFY(!panel.isExpanded());
    QVERIFY(!panel.retrySwitch()->isVisible());
    QVERIFY(panel.summaryLabel()->isVisible());
    QCOMPARE(panel.summaryLabel()->text(), QStringLiteral("3 retries from 5 s, then skip"));
    QCOMPARE(panel.summaryLabel()->accessibleName(), QStringLiteral("Summary for transient errors"));

    // Closed, the summary follows the policy.
    show(panel, {{true, 3, 5}, {true, 3600}, policy::Outcome::Stop});
    QVERIFY(panel.summaryLabel()->isVisible());
    QCOMPARE(panel.summaryLabel()->text(), QStringLiteral("wait up to 1 h, 3 retries from 5 s, then stop"));

    QTest::mouseClick(toggle, Qt::LeftButton);
    QVERIFY(panel.isExpanded());
    QVERIFY(panel.retrySwitch()->isVisible());
    QVERIFY(!panel.summaryLabel()->isVisible());
}

void TestClassPolicyPanel::explanationIsReadNotHovered()
{
    auto transient = std::make_unique<ClassPolicyPanel>(policy::ErrorClass::Transient);
    QVERIFY(showPanel(*transient, {{true, 4, 30}, {false, 0}, policy::Outcome::Skip}));
    QLabel* text = transient->explanationLabel();
    QVERIFY(!text->isVisible());
    QVERIFY(!transient->explainButton()->accessibleName().isEmpty());
    QVERIFY(transient->explainButton()->accessibleDescription().contains(QStringLiteral("Never")));
    // One click and the class is explained in text on the panel: examples, and what never counts.
    QTest::mouseClick(transient->explainButton(), Qt::LeftButton);
    QVERIFY(text->isVisible());
    QVERIFY2(text->text().contains(QStringLiteral("rate limit"), Qt::CaseInsensitive), qPrintable(text->text()));
    QVERIFY(text->text().contains(QStringLiteral("overload"), Qt::CaseInsensitive));
    QVERIFY(text->text().contains(QStringLiteral("network"), Qt::CaseInsensitive));
    QVERIFY(text->text().contains(QStringLiteral("unclassified"), Qt::CaseInsensitive));
    QVERIFY(text->text().contains(QStringLiteral("output"), Qt::CaseInsensitive));
    QVERIFY(transient->explainButton()->isChecked());  // drawn pressed while open
    // Collapsing the panel hides it with the settings; opening brings it back.
    transient->setExpanded(false);
    QVERIFY(!text->isVisible());
    transient->setExpanded(true);
    QVERIFY(text->isVisible());
    // Remembered: a new transient panel starts open, a hard one does not.
    transient.reset();
    ClassPolicyPanel again(policy::ErrorClass::Transient);
    QVERIFY(showPanel(again, {{true, 4, 30}, {false, 0}, policy::Outcome::Skip}));
    QVERIFY(again.explanationLabel()->isVisible());
    ClassPolicyPanel hard(policy::ErrorClass::Hard);
    QVERIFY(showPanel(hard, {{false, 0, 0}, {true, 300}, policy::Outcome::Stop}));
    QVERIFY(!hard.explanationLabel()->isVisible());
    QVERIFY(hard.explainButton()->accessibleDescription().contains(QStringLiteral("quota"), Qt::CaseInsensitive));
    QVERIFY(hard.explainButton()->accessibleDescription().contains(QStringLiteral("credentials"), Qt::CaseInsensitive));
    // Closed again, remembered closed.
    QTest::mouseClick(again.explainButton(), Qt::LeftButton);
    QVERIFY(!again.explanationLabel()->isVisible());
    ClassPolicyPanel third(policy::ErrorClass::Transient);
    QVERIFY(!third.isExplanationShown());
}

void TestClassPolicyPanel::optionHelpIsReachedByKeyboard()
{
    ClassPolicyPanel panel(policy::ErrorClass::Hard);
    QVERIFY(showPanel(panel, {{true, 2, 10}, {true, 300}, policy::Outcome::Stop}));
    const QList<QToolButton*> help = panel.helpButtons();
    QCOMPARE(help.size(), 3);
    QSet<QString> names;
    for (QToolButton* button : help) {
        // A name that says which setting of which class, and the help itself for a screen reader.
        QVERIFY(button->accessibleName().contains(QStringLiteral("hard errors")));
        QVERIFY(!button->accessibleDescription().isEmpty());
        names.insert(button->accessibleName());
    }
    QCOMPARE(names.size(), 3);
    // Tab from the retry switch reaches its help; Space shows the help as text.
    panel.retrySwitch()->setFocus();
    QTRY_VERIFY(panel.retrySwitch()->hasFocus());
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
    QCOMPARE(QApplication::focusWidget(), help[0]);
    QTest::keyClick(help[0], Qt::Key_Space);
    QVERIFY(help[0]->isChecked());
    bool shown = false;
    for (QLabel* label : panel.findChildren<QLabel*>()) {
        if (label->isVisible() && label->text() == help[0]->accessibleDescription())
            shown = true;
    }
    QVERIFY(shown);
    QTest::keyClick(help[0], Qt::Key_Space);
    QVERIFY(!help[0]->isChecked());
    // Every help button is in the Tab chain: pressing Tab from the first control visits each.
    panel.retrySwitch()->setFocus();
    QSet<QWidget*> visited;
    for (int i = 0; i < 30; ++i) {
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
        visited.insert(QApplication::focusWidget());
    }
    for (QToolButton* button : help)
        QVERIFY2(visited.contains(button), qPrintable(button->accessibleName()));
}

QTEST_MAIN(TestClassPolicyPanel)
#include "tst_class_policy_panel.moc"
