// SPDX-License-Identifier: Apache-2.0
// The duration input on its own, driven by keys: the number keeps its digits
// whichever unit is picked and the seconds it means are shown beside it;
// typed values are converted, kept as typed when out of range, and never
// overflow; and assistive technology reads the number that is shown.
#include "editor/field_binder.h"
#include "controls/value_controls.h"

#include "../../gui/controls/accessibility.h"

#include "../common/gui_helpers.h"
#include "translations.h"

#include <QAccessible>
#include <QAccessibleValueInterface>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QSignalSpy>
#include <QtTest>

using namespace gui;
using guitest::typeValue;

namespace
{

QString shownText(const DurationEdit& edit)
{
    return edit.spinBox()->findChild<QLineEdit*>()->text();
}

QString inSeconds(qlonglong seconds)
{
    return QStringLiteral("= %1 s").arg(QLocale().toString(seconds));
}

// The seconds of every edit the spy saw, in order.
QList<qlonglong> edits(const QSignalSpy& spy)
{
    QList<qlonglong> out;
    for (const QList<QVariant>& args : spy)
        out << args.first().toLongLong();
    return out;
}

// Picks the unit `steps` places down the list with the keyboard, as a person does.
void pickUnitBelow(DurationEdit& edit, int steps)
{
    edit.unitBox()->setFocus(Qt::TabFocusReason);
    for (int i = 0; i < steps; ++i)
        QTest::keyClick(edit.unitBox(), Qt::Key_Down);
}

bool showActive(QWidget& widget)
{
    widget.show();
    return QTest::qWaitForWindowActive(&widget);
}

}  // namespace

class TestDurationEdit final : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QCOMPARE(i18n::install(QLocale(QLocale::English)), QStringLiteral("en"));
    }
    void durationEditUnits();
    void unitPickedFirst();
    void unitPickedAfterKeepsTheDigits();
    void typingConverts();
    void outOfRangeStaysAsTyped();
    void typingNeverOverflows();
    void assistiveTechnologyReadsTheShownValue();
};

void TestDurationEdit::durationEditUnits()
{
    DurationEdit edit;
    QLabel label(QStringLiteral("Maximum wait:"));
    edit.bind(policy::descriptor(policy::Field::ResetMaxWait), &label);
    QCOMPARE(label.buddy(), edit.spinBox());
    QCOMPARE(edit.unitBox()->count(), 4);  // every unit up to the 7-day maximum
    edit.setSeconds(3600);
    QCOMPARE(edit.unitBox()->currentText(), QStringLiteral("hours"));
    QCOMPARE(edit.spinBox()->value(), 1);
    QCOMPARE(edit.inSecondsLabel()->text(), QStringLiteral("= %1 s").arg(QLocale().toString(3600)));
    edit.setSeconds(90);
    QCOMPARE(edit.unitBox()->currentText(), QStringLiteral("seconds"));  // the largest unit that shows it exactly
    QCOMPARE(edit.spinBox()->value(), 90);
    QCOMPARE(edit.unitBox()->count(), 4);  // and every unit may be picked
    QVERIFY(edit.inSecondsLabel()->isHidden());
    // The unit is the one meant: "2", then hours, is two hours, an edit.
    QSignalSpy spy(&edit, &DurationEdit::valueEdited);
    edit.setSeconds(2);
    edit.unitBox()->setCurrentIndex(edit.unitBox()->findText(QStringLiteral("hours")));
    QCOMPARE(edit.spinBox()->value(), 2);
    QCOMPARE(edit.seconds(), 7200);
    QCOMPARE(spy.count(), 1);
    QCOMPARE(spy.first().first().toLongLong(), 7200);
    QCOMPARE(edit.inSecondsLabel()->text(), QStringLiteral("= %1 s").arg(QLocale().toString(7200)));
    // The arrows stay inside the limits of the unit shown.
    QCOMPARE(edit.spinBox()->stepMaximum(), 7 * 24);
    // Out of range stays as it is.
    edit.setSeconds(999999);
    QCOMPARE(edit.seconds(), 999999);
    QCOMPARE(edit.spinBox()->value(), 999999);

    DurationEdit interval;
    interval.bind(policy::descriptor(policy::Field::RetryInitialInterval), nullptr);
    QCOMPARE(interval.unitBox()->count(), 3);  // no days for a one-hour maximum
    interval.setSeconds(3600);
    QCOMPARE(interval.unitBox()->currentText(), QStringLiteral("hours"));
    QCOMPARE(interval.spinBox()->stepMaximum(), 1);
}

void TestDurationEdit::unitPickedFirst()
{
    DurationEdit edit;
    QLabel label(QStringLiteral("Ma&ximum wait:"));
    edit.bind(policy::descriptor(policy::Field::ResetMaxWait), &label);
    QVERIFY(showActive(edit));
    QSignalSpy spy(&edit, &DurationEdit::valueEdited);
    QCOMPARE(edit.unitBox()->currentText(), QStringLiteral("seconds"));
    QVERIFY(edit.inSecondsLabel()->isHidden());  // nothing to say beside seconds

    // Minutes first, then the number: 120 minutes, and they stay 120 minutes
    // (not the 2 hours the largest exact unit would show).
    pickUnitBelow(edit, 1);
    QCOMPARE(edit.unitBox()->currentText(), QStringLiteral("minutes"));
    QCOMPARE(shownText(edit), QStringLiteral("0"));
    QCOMPARE(edit.seconds(), 0);
    typeValue(edit.spinBox(), 120);
    QCOMPARE(edit.seconds(), 7200);
    QCOMPARE(edits(spy).last(), 7200);
    QCOMPARE(shownText(edit), QStringLiteral("120"));
    QCOMPARE(edit.unitBox()->currentText(), QStringLiteral("minutes"));
    QVERIFY(edit.inSecondsLabel()->isVisible());
    QCOMPARE(edit.inSecondsLabel()->text(), inSeconds(7200));
}

void TestDurationEdit::unitPickedAfterKeepsTheDigits()
{
    DurationEdit edit;
    QLabel label(QStringLiteral("Ma&ximum wait:"));
    edit.bind(policy::descriptor(policy::Field::ResetMaxWait), &label);
    edit.setSeconds(300);  // shown as 5 minutes
    QVERIFY(showActive(edit));
    QSignalSpy spy(&edit, &DurationEdit::valueEdited);

    // "90", then seconds: the digits stay, and mean 90 seconds.
    typeValue(edit.spinBox(), 90);
    QCOMPARE(edits(spy), (QList<qlonglong> {9 * 60, 90 * 60}));
    edit.unitBox()->setFocus(Qt::TabFocusReason);
    QTest::keyClick(edit.unitBox(), Qt::Key_Up);
    QCOMPARE(edit.unitBox()->currentText(), QStringLiteral("seconds"));
    QCOMPARE(shownText(edit), QStringLiteral("90"));
    QCOMPARE(edit.seconds(), 90);
    QCOMPARE(edits(spy).last(), 90);
    QVERIFY(edit.inSecondsLabel()->isHidden());

    // "60", then minutes: an hour, said in seconds beside it.
    typeValue(edit.spinBox(), 60);
    pickUnitBelow(edit, 1);
    QCOMPARE(edit.unitBox()->currentText(), QStringLiteral("minutes"));
    QCOMPARE(shownText(edit), QStringLiteral("60"));
    QCOMPARE(edit.seconds(), 3600);
    QCOMPARE(edits(spy).last(), 3600);
    QCOMPARE(edit.inSecondsLabel()->text(), inSeconds(3600));

    // The document shows the value back: the unit stays the one picked (60 min, not 1 h).
    edit.setSeconds(3600);
    QCOMPARE(edit.unitBox()->currentText(), QStringLiteral("minutes"));
    QCOMPARE(shownText(edit), QStringLiteral("60"));
    // Another value (an undo, another candidate): the largest unit that shows it exactly.
    const int count = spy.count();
    edit.setSeconds(7200);
    QCOMPARE(edit.unitBox()->currentText(), QStringLiteral("hours"));
    QCOMPARE(shownText(edit), QStringLiteral("2"));
    QCOMPARE(spy.count(), count);  // showing is no edit
}

void TestDurationEdit::typingConverts()
{
    DurationEdit edit;
    edit.bind(policy::descriptor(policy::Field::ResetMaxWait), nullptr);
    edit.setSeconds(7200);
    QVERIFY(showActive(edit));
    QCOMPARE(edit.unitBox()->currentText(), QStringLiteral("hours"));
    QSignalSpy spy(&edit, &DurationEdit::valueEdited);

    // Each keystroke that forms a number is an edit, in seconds.
    typeValue(edit.spinBox(), 12);
    QCOMPARE(edits(spy), (QList<qlonglong> {3600, 12 * 3600}));
    QCOMPARE(edit.seconds(), 12 * 3600);
    QCOMPARE(edit.inSecondsLabel()->text(), inSeconds(12 * 3600));
    // Up and Down step the number shown, one unit at a time.
    QTest::keyClick(edit.spinBox(), Qt::Key_Up);
    QCOMPARE(edits(spy).last(), 13 * 3600);
    QCOMPARE(shownText(edit), QStringLiteral("13"));
    QCOMPARE(edit.inSecondsLabel()->text(), inSeconds(13 * 3600));
}

void TestDurationEdit::outOfRangeStaysAsTyped()
{
    DurationEdit edit;  // the first retry: 1 s to 1 h
    edit.bind(policy::descriptor(policy::Field::RetryInitialInterval), nullptr);
    edit.setSeconds(5);
    QVERIFY(showActive(edit));
    QSignalSpy spy(&edit, &DurationEdit::valueEdited);

    typeValue(edit.spinBox(), 5000);
    QTest::keyClick(edit.spinBox(), Qt::Key_Tab);  // leave the field, as a person does
    QCOMPARE(edits(spy).last(), 5000);
    QCOMPARE(edit.seconds(), 5000);
    QCOMPARE(shownText(edit), QStringLiteral("5000"));
    typeValue(edit.spinBox(), 0);
    QCOMPARE(edits(spy).last(), 0);
    QCOMPARE(shownText(edit), QStringLiteral("0"));

    // Three hours against a one-hour maximum: kept, in the unit typed.
    edit.setSeconds(3600);
    QCOMPARE(edit.unitBox()->currentText(), QStringLiteral("hours"));
    typeValue(edit.spinBox(), 3);
    QCOMPARE(edit.seconds(), 3 * 3600);
    QCOMPARE(shownText(edit), QStringLiteral("3"));
    // Only the arrows keep to the limits: from outside they go to the nearest one first.
    QTest::keyClick(edit.spinBox(), Qt::Key_Down);
    QCOMPARE(edits(spy).last(), 3600);
    QCOMPARE(shownText(edit), QStringLiteral("1"));
    const int count = spy.count();
    QTest::keyClick(edit.spinBox(), Qt::Key_Up);  // at the maximum
    QCOMPARE(spy.count(), count);
    QCOMPARE(edit.seconds(), 3600);
}

void TestDurationEdit::typingNeverOverflows()
{
    DurationEdit edit;
    edit.bind(policy::descriptor(policy::Field::ResetMaxWait), nullptr);
    edit.setSeconds(86400);
    QVERIFY(showActive(edit));
    QCOMPARE(edit.unitBox()->currentText(), QStringLiteral("days"));
    // The largest number of days whose seconds fit in 64 bits is 106751991167300:
    // the keystroke that would go past it is refused.
    typeValue(edit.spinBox(), 1067519911673009);
    QCOMPARE(shownText(edit), QStringLiteral("106751991167300"));
    QCOMPARE(edit.seconds(), std::int64_t(106751991167300) * 86400);
}

void TestDurationEdit::assistiveTechnologyReadsTheShownValue()
{
    installAccessibility();
    DurationEdit edit;
    QLabel label(QStringLiteral("Ma&ximum wait:"));
    edit.bind(policy::descriptor(policy::Field::ResetMaxWait), &label);
    edit.setSeconds(7200);
    QVERIFY(showActive(edit));
    QAccessibleInterface* number = QAccessible::queryAccessibleInterface(edit.spinBox());
    QVERIFY(number);
    QCOMPARE(number->role(), QAccessible::SpinBox);
    QCOMPARE(number->text(QAccessible::Name), QStringLiteral("Maximum wait"));
    QAccessibleValueInterface* value = number->valueInterface();
    QVERIFY(value);
    // The number shown (2, in hours), with the limits of the unit shown.
    QCOMPARE(value->currentValue().toLongLong(), 2);
    QCOMPARE(number->text(QAccessible::Value), QStringLiteral("2"));
    QCOMPARE(value->minimumValue().toLongLong(), 1);
    QCOMPARE(value->maximumValue().toLongLong(), 7 * 24);
    QCOMPARE(value->minimumStepSize().toLongLong(), 1);
    QAccessibleInterface* unit = QAccessible::queryAccessibleInterface(edit.unitBox());
    QVERIFY(unit);
    QCOMPARE(unit->text(QAccessible::Name), QStringLiteral("Maximum wait, unit"));
    QCOMPARE(unit->text(QAccessible::Value), QStringLiteral("hours"));

    typeValue(edit.spinBox(), 36);
    QCOMPARE(value->currentValue().toLongLong(), 36);
    QCOMPARE(number->text(QAccessible::Value), QStringLiteral("36"));

    // Set by assistive technology: as the arrows would, inside the limits, and an edit.
    QSignalSpy spy(&edit, &DurationEdit::valueEdited);
    value->setCurrentValue(5);
    QCOMPARE(shownText(edit), QStringLiteral("5"));
    QCOMPARE(edits(spy).last(), 5 * 3600);
    value->setCurrentValue(1000);
    QCOMPARE(value->currentValue().toLongLong(), 7 * 24);
    QCOMPARE(edits(spy).last(), 7 * 24 * 3600);

    // Out of range, as the document holds it: still the number shown.
    edit.setSeconds(999999);
    QCOMPARE(edit.unitBox()->currentText(), QStringLiteral("seconds"));
    QCOMPARE(value->currentValue().toLongLong(), 999999);
    QCOMPARE(number->text(QAccessible::Value), QStringLiteral("999999"));
    QCOMPARE(value->maximumValue().toLongLong(), policy::descriptor(policy::Field::ResetMaxWait).max);
}

QTEST_MAIN(TestDurationEdit)
#include "tst_duration_edit.moc"
