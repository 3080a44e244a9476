// SPDX-License-Identifier: Apache-2.0
// Input and accessibility of the real window: every check box and radio
// toggles where a person clicks it, Tab goes round the whole window with a
// visible focus mark, a dock asked for comes forward, nothing scrolls
// sideways to read a sentence, control outlines contrast in both schemes,
// and assistive technology reads names, labels and values.
#include "editor/candidate_editor.h"
#include "route/candidate_list_panel.h"
#include "editor/class_policy_panel.h"
#include "window/colour_scheme.h"
#include "window/main_window.h"
#include "timeline/timeline_panel.h"
#include "timeline/timeline_view.h"
#include "panels/try_error_panel.h"
#include "controls/value_controls.h"
#include "panels/what_happens_panel.h"

#include "../common/gui_helpers.h"
#include "../common/test_paths.h"

#include "translations.h"

#include <QAccessible>
#include <QAccessibleValueInterface>
#include <QButtonGroup>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QFormLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSettings>
#include <QStyleOptionButton>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTimer>
#include <QToolTip>
#include <QtTest>

#include <cmath>

using namespace gui;
using guitest::eventLoopAnswers;

namespace
{

QDockWidget* dock(MainWindow& window, const char* name)
{
    return window.findChild<QDockWidget*>(QLatin1String(name));
}

// The View menu's entry with this text (mnemonics ignored).
QAction* viewMenuAction(MainWindow& window, const QString& text)
{
    for (QAction* menu : window.menuBar()->actions()) {
        if (menu->text().remove(QLatin1Char('&')) != QLatin1String("View"))
            continue;
        const QList<QAction*> entries = menu->menu()->actions();
        for (QAction* a : entries) {
            if (a->text().remove(QLatin1Char('&')) == text)
                return a;
            if (a->menu()) {
                const QList<QAction*> subEntries = a->menu()->actions();
                for (QAction* sub : subEntries)
                    if (sub->text().remove(QLatin1Char('&')) == text)
                        return sub;
            }
        }
    }
    return nullptr;
}

// Clicks where a person would: the widget under the point gets the click,
// whichever it is.
void clickAt(QWidget* window, const QPoint& inWindow)
{
    QWidget* target = window->childAt(inWindow);
    QVERIFY(target);
    QTest::mouseClick(target, Qt::LeftButton, {}, target->mapFrom(window, inWindow));
    QVERIFY(eventLoopAnswers());
}

QRect indicatorInWindow(QAbstractButton* button, QWidget* window)
{
    const QRect r = guitest::indicatorRect(button);
    return QRect(button->mapTo(window, r.topLeft()), r.size());
}

QRect labelInWindow(QAbstractButton* button, QWidget* window)
{
    QStyleOptionButton opt;
    opt.initFrom(button);
    opt.text = button->text();
    const bool radio = qobject_cast<QRadioButton*>(button);
    const QRect r = button->style()->subElementRect(
        radio ? QStyle::SE_RadioButtonContents : QStyle::SE_CheckBoxContents, &opt, button);
    return QRect(button->mapTo(window, r.topLeft()), r.size());
}

// How wide the button's label is drawn.
int textWidth(QAbstractButton* button)
{
    return button->fontMetrics().horizontalAdvance(QString(button->text()).remove(QLatin1Char('&')));
}

// WCAG 2.1 relative luminance and contrast ratio.
double luminance(QRgb c)
{
    const auto channel = [](int v) {
        const double s = v / 255.0;
        return s <= 0.03928 ? s / 12.92 : std::pow((s + 0.055) / 1.055, 2.4);
    };
    return 0.2126 * channel(qRed(c)) + 0.7152 * channel(qGreen(c)) + 0.0722 * channel(qBlue(c));
}

double contrast(QRgb a, QRgb b)
{
    const double la = luminance(a), lb = luminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

// The weakest of the four sides of a control's boundary: on each side, the
// strongest contrast against the background within the outer 4 px.
double boundaryContrast(const QImage& image, const QRect& r, QRgb background)
{
    double weakest = 100;
    const int cx = r.center().x(), cy = r.center().y();
    const QList<QList<QPoint>> sides = {
        {QPoint(r.left(), cy), QPoint(r.left() + 1, cy), QPoint(r.left() + 2, cy), QPoint(r.left() + 3, cy)},
        {QPoint(r.right(), cy), QPoint(r.right() - 1, cy), QPoint(r.right() - 2, cy), QPoint(r.right() - 3, cy)},
        {QPoint(cx, r.top()), QPoint(cx, r.top() + 1), QPoint(cx, r.top() + 2), QPoint(cx, r.top() + 3)},
        {QPoint(cx, r.bottom()), QPoint(cx, r.bottom() - 1), QPoint(cx, r.bottom() - 2), QPoint(cx, r.bottom() - 3)}};
    for (const auto& side : sides) {
        double best = 1;
        for (const QPoint& p : side)
            best = std::max(best, contrast(image.pixel(p), background));
        weakest = std::min(weakest, best);
    }
    return weakest;
}

// Every interface under `root`, depth first.
void collect(QAccessibleInterface* root, QList<QAccessibleInterface*>& out, int depth = 0)
{
    if (!root || depth > 60)
        return;
    out << root;
    for (int i = 0; i < root->childCount(); ++i)
        collect(root->child(i), out, depth + 1);
}

QString describe(QWidget* w)
{
    return QStringLiteral("%1 \"%2\" (%3)")
        .arg(QString::fromLatin1(w->metaObject()->className()), w->accessibleName(), w->objectName());
}

}  // namespace

class TestInputAccess final : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void everyIndicatorAndLabelToggles();
    void tabGoesRoundTheWholeWindow();
    void viewMenuBringsTheDockForward_data();
    void viewMenuBringsTheDockForward();
    void outlinesContrastInBothSchemes_data();
    void outlinesContrastInBothSchemes();
    void tryAnErrorWrapsItsResults();
    void timelineToolTipsWrap();
    void whatHappensFieldsKeepTheirWidth();
    void customScenarioHeadersFit();
    void assistiveTechnologyReadsEveryControl();

private:
    QString copyOf(const QString& sample)
    {
        return guitest::copyOfSample(m_dir, testpaths::sample(sample));
    }
    // Where the screenshots go: POLICY_STUDIO_SCREENSHOTS to look at them, else the temporary folder.
    QString screenshot(const QString& name) const
    {
        return QDir(qEnvironmentVariable("POLICY_STUDIO_SCREENSHOTS", m_dir.path())).filePath(name);
    }
    static void showAt(MainWindow& window, const QSize& size);
    QTemporaryDir m_dir;
};

void TestInputAccess::initTestCase()
{
    QVERIFY(m_dir.isValid());
    guitest::isolateSettings(m_dir, QStringLiteral("Policy Studio Input Test"));
    i18n::install(QLocale(QLocale::English));
}

void TestInputAccess::init()
{
    QSettings().clear();
}

void TestInputAccess::showAt(MainWindow& window, const QSize& size)
{
    window.resize(size);
    window.show();
    window.activateWindow();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(eventLoopAnswers());
}

void TestInputAccess::everyIndicatorAndLabelToggles()
{
    MainWindow window;
    showAt(window, QSize(1920, 1080));
    QVERIFY(window.openFile(copyOf(QStringLiteral("profile-v1.json"))));
    QVERIFY(eventLoopAnswers());
    auto* scroll = window.findChild<QScrollArea*>(QStringLiteral("editorScroll"));
    QVERIFY(scroll);
    // The indicator's square, the first pixels of the label and its middle.
    const QList<std::pair<const char*, std::function<QPoint(QAbstractButton*)>>> places
        = {{"indicator", [&](QAbstractButton* b) { return indicatorInWindow(b, &window).center(); }},
            {"label start",
                [&](QAbstractButton* b) { return labelInWindow(b, &window).topLeft() + QPoint(3, b->height() / 2); }},
            {"label middle",
                [&](QAbstractButton* b) {
                    return labelInWindow(b, &window).topLeft() + QPoint(textWidth(b) / 2, b->height() / 2);
                }},
            {"label end", [&](QAbstractButton* b) {
                 return labelInWindow(b, &window).topLeft() + QPoint(textWidth(b) - 3, b->height() / 2);
             }}};
    int clicked = 0;
    for (ClassPolicyPanel* panel :
        {window.candidateEditor()->transientPanel(), window.candidateEditor()->hardPanel()}) {
        for (const auto& [where, point] : places) {
            for (QCheckBox* box : panel->findChildren<QCheckBox*>()) {
                if (!box->isVisible())
                    continue;
                for (int round = 0; round < 2; ++round) {  // on, then back
                    scroll->ensureWidgetVisible(box);
                    QVERIFY(eventLoopAnswers());
                    const bool before = box->isChecked();
                    clickAt(&window, point(box));
                    QVERIFY2(box->isChecked() != before,
                        qPrintable(
                            QStringLiteral("%1 of \"%2\" does not toggle it").arg(QLatin1String(where), box->text())));
                    ++clicked;
                }
            }
            for (QRadioButton* radio : panel->findChildren<QRadioButton*>()) {
                if (!radio->isVisible())
                    continue;
                if (radio->isChecked()) {  // click the other one first, so that this click has something to do
                    for (QAbstractButton* other : radio->group()->buttons())
                        if (other != radio)
                            other->click();
                }
                QVERIFY(!radio->isChecked());
                scroll->ensureWidgetVisible(radio);
                QVERIFY(eventLoopAnswers());
                clickAt(&window, point(radio));
                QVERIFY2(radio->isChecked(),
                    qPrintable(
                        QStringLiteral("%1 of \"%2\" does not check it").arg(QLatin1String(where), radio->text())));
                ++clicked;
            }
        }
    }
    QVERIFY(clicked >= 2 * 4 * (2 * 2 + 2));
    window.candidateEditor()->grab().save(screenshot(QStringLiteral("panels.png")));
}

void TestInputAccess::tabGoesRoundTheWholeWindow()
{
    MainWindow window;
    showAt(window, QSize(1366, 768));
    QVERIFY(window.openFile(copyOf(QStringLiteral("profile-v1.json"))));
    QVERIFY(QTest::qWaitForWindowActive(&window));
    QWidget* start = window.candidateList()->view();
    start->setFocus(Qt::OtherFocusReason);
    QVERIFY(eventLoopAnswers());
    QCOMPARE(QApplication::focusWidget(), start);

    QList<QWidget*> visited {start};
    QStringList path {describe(start)};
    for (int step = 0; step < 150; ++step) {
        QWidget* now = QApplication::focusWidget();
        const QImage focused = now->grab().toImage();
        QTest::keyClick(now, Qt::Key_Tab);
        QVERIFY(eventLoopAnswers());
        QWidget* next = QApplication::focusWidget();
        QVERIFY2(next && next != now, qPrintable(QStringLiteral("Tab stays on %1").arg(describe(now))));
        // What it looked like with the focus, and now without: the focus mark is the difference.
        QVERIFY2(
            focused != now->grab().toImage(), qPrintable(QStringLiteral("no focus mark on %1").arg(describe(now))));
        if (next == start)
            break;
        path << describe(next);
        QVERIFY2(!visited.contains(next),
            qPrintable(QStringLiteral("Tab goes round without returning: ") + path.join(QStringLiteral(" → "))));
        visited << next;
    }
    QVERIFY2(QApplication::focusWidget() == start, qPrintable(path.join(QStringLiteral(" → "))));
    QVERIFY2(visited.size() > 10, qPrintable(path.join(QStringLiteral(" → "))));

    // Within each group the order is the reading order: nothing comes after
    // something that stands below it or (on its row) to its right.
    QList<QWidget*> groups {
        window.candidateEditor()->transientPanel(), window.candidateEditor()->hardPanel(), window.timelinePanel()};
    for (QWidget* group : groups) {
        QList<QWidget*> inGroup;
        for (QWidget* w : visited)
            if (group->isAncestorOf(w))
                inGroup << w;
        QVERIFY2(inGroup.size() >= 3, group->metaObject()->className());
        for (int i = 1; i < inGroup.size(); ++i) {
            const QRect a(inGroup[i - 1]->mapTo(&window, QPoint()), inGroup[i - 1]->size());
            const QRect b(inGroup[i]->mapTo(&window, QPoint()), inGroup[i]->size());
            const bool bAbove = b.bottom() < a.top();
            const bool sameRow = !(b.bottom() < a.top() || a.bottom() < b.top());
            QVERIFY2(!bAbove && !(sameRow && b.right() < a.left()),
                qPrintable(QStringLiteral("%1 comes after %2").arg(describe(inGroup[i]), describe(inGroup[i - 1]))));
        }
    }
}

void TestInputAccess::viewMenuBringsTheDockForward_data()
{
    QTest::addColumn<QString>("dockName");
    QTest::addColumn<QString>("entry");
    QTest::newRow("Undo History") << QStringLiteral("undoDock") << QStringLiteral("Undo History");
    QTest::newRow("Try an Error") << QStringLiteral("tryErrorDock") << QStringLiteral("Try an Error");
    QTest::newRow("What Happens If") << QStringLiteral("whatHappensDock") << QStringLiteral("What Happens If…");
}

void TestInputAccess::viewMenuBringsTheDockForward()
{
    QFETCH(QString, dockName);
    QFETCH(QString, entry);
    MainWindow window;
    showAt(window, QSize(1366, 768));
    QVERIFY(window.openFile(copyOf(QStringLiteral("profile-v1.json"))));
    QVERIFY(QTest::qWaitForWindowActive(&window));
    window.candidateList()->view()->setFocus();
    // Another helper is open already, so the one asked for joins a tab group.
    viewMenuAction(window, QStringLiteral("Validation"))->trigger();
    QVERIFY(eventLoopAnswers());
    QAction* action = viewMenuAction(window, entry);
    QVERIFY(action);
    action->trigger();
    QDockWidget* asked = dock(window, qPrintable(dockName));
    QTRY_VERIFY2(asked->widget()->isVisible(), "the dock stays behind another tab");
    QTRY_VERIFY2(!asked->widget()->visibleRegion().isEmpty(), "the dock stays behind another tab");
    QTRY_VERIFY2(asked->isAncestorOf(QApplication::focusWidget()),
        qPrintable(
            QStringLiteral("focus is on %1")
                .arg(QApplication::focusWidget() ? describe(QApplication::focusWidget()) : QStringLiteral("nothing"))));
}

void TestInputAccess::outlinesContrastInBothSchemes_data()
{
    QTest::addColumn<QString>("scheme");
    QTest::newRow("light") << QStringLiteral("Light");
    QTest::newRow("dark") << QStringLiteral("Dark");
}

void TestInputAccess::outlinesContrastInBothSchemes()
{
    QFETCH(QString, scheme);
    MainWindow window;
    showAt(window, QSize(1920, 1080));
    QVERIFY(window.openFile(copyOf(QStringLiteral("profile-v1.json"))));
    QAction* choice = viewMenuAction(window, scheme);
    QVERIFY(choice);
    choice->trigger();
    QVERIFY(eventLoopAnswers());
    ClassPolicyPanel* panel = window.candidateEditor()->hardPanel();
    // An unchecked check box and radio button, and a number box.
    QCheckBox* box = panel->waitSwitch();
    if (box->isChecked())
        box->click();
    QVERIFY(!box->isChecked());
    QRadioButton* radio = nullptr;
    for (QRadioButton* r : panel->findChildren<QRadioButton*>())
        if (!r->isChecked())
            radio = r;
    QVERIFY(radio);
    ValueSpinBox* spin = nullptr;
    for (ValueSpinBox* s : window.candidateEditor()->transientPanel()->findChildren<ValueSpinBox*>())
        if (s->isVisible())
            spin = s;
    QVERIFY(spin);
    QVERIFY(eventLoopAnswers());
    const QImage image = window.grab().toImage();
    image.save(screenshot(QStringLiteral("contrast-%1.png").arg(scheme)));
    const QList<std::pair<QString, QRect>> controls = {{QStringLiteral("check box"), indicatorInWindow(box, &window)},
        {QStringLiteral("radio button"), indicatorInWindow(radio, &window)},
        {QStringLiteral("number box"), QRect(spin->mapTo(&window, QPoint()), spin->size())}};
    for (const auto& [what, rect] : controls) {
        // The background right beside it, as drawn.
        const QRgb background = image.pixel(rect.left() - 3, rect.center().y());
        const double c = boundaryContrast(image, rect, background);
        QVERIFY2(c >= 3.0,
            qPrintable(QStringLiteral("%1 outline contrast %2:1 in %3").arg(what).arg(c, 0, 'f', 2).arg(scheme)));
    }
    // Error and warning text reads at 4.5:1 (WCAG 1.4.3) on the window and on its own band, in this scheme.
    const QPalette palette = QApplication::palette();
    for (const Tone tone : {Tone::Error, Tone::Warning}) {
        const QRgb text = toneText(tone, palette).rgb();
        for (const QRgb behind : {palette.color(QPalette::Window).rgb(), toneBackground(tone, palette).rgb()})
            QVERIFY2(contrast(text, behind) >= 4.5,
                qPrintable(QStringLiteral("tone %1 at %2:1 in %3")
                               .arg(int(tone))
                               .arg(contrast(text, behind), 0, 'f', 2)
                               .arg(scheme)));
    }
    viewMenuAction(window, QStringLiteral("System"))->trigger();
}

void TestInputAccess::tryAnErrorWrapsItsResults()
{
    MainWindow window;
    showAt(window, QSize(1366, 768));
    QVERIFY(window.openFile(copyOf(QStringLiteral("profile-v1.json"))));
    viewMenuAction(window, QStringLiteral("Try an Error"))->trigger();
    QDockWidget* tryDock = dock(window, "tryErrorDock");
    tryDock->raise();
    QTRY_VERIFY(window.tryErrorPanel()->isVisible());
    auto* input = window.tryErrorPanel()->findChild<QPlainTextEdit*>();
    QVERIFY(input);
    // Anthropic's overloaded error, pasted as a person does.
    QApplication::clipboard()->setText(
        QStringLiteral("HTTP/1.1 529\ncontent-type: application/json\n\n"
                       "{\"type\":\"error\",\"error\":{\"type\":\"overloaded_error\",\"message\":\"Overloaded\"},"
                       "\"request_id\":\"req_011CSHoEeqs5C35K2UUqR7Fy\"}"));
    input->setFocus();
    QTest::keySequence(input, QKeySequence::Paste);
    QVERIFY(eventLoopAnswers());
    QTest::qWait(50);
    window.tryErrorPanel()->grab().save(screenshot(QStringLiteral("try-error.png")));
    auto* results = window.tryErrorPanel()->findChild<QScrollArea*>();
    QVERIFY(results);
    QVERIFY2(!results->horizontalScrollBar()->isVisible(), "the results scroll sideways");
    QVERIFY2(!input->horizontalScrollBar()->isVisible(), "the pasted error scrolls sideways");
    const int viewport = results->viewport()->width();
    for (QLabel* label : results->widget()->findChildren<QLabel*>()) {
        if (label->text().isEmpty())
            continue;
        QVERIFY2(label->width() <= viewport,
            qPrintable(QStringLiteral("%1 px wide in %2 px: %3")
                           .arg(label->width())
                           .arg(viewport)
                           .arg(label->text().left(60))));
    }
}

void TestInputAccess::timelineToolTipsWrap()
{
    MainWindow window;
    showAt(window, QSize(1366, 768));
    QVERIFY(window.openFile(copyOf(QStringLiteral("profile-v1.json"))));
    QVERIFY(eventLoopAnswers());
    TimelineView* view = window.timelinePanel()->findChild<TimelineView*>();
    QVERIFY(view);
    QVERIFY(QTest::qWaitForWindowActive(&window));
    // Keyboard into the picture, Home: the first event's explanation.
    view->setFocus(Qt::TabFocusReason);
    QTest::keyClick(view, Qt::Key_End);
    QTRY_VERIFY(QToolTip::isVisible());
    QLabel* tip = nullptr;
    for (QWidget* w : QApplication::topLevelWidgets())
        if (w->inherits("QTipLabel") && w->isVisible())
            tip = qobject_cast<QLabel*>(w);
    QVERIFY(tip);
    const int limit = tip->fontMetrics().averageCharWidth() * 90;
    QVERIFY2(tip->width() <= limit,
        qPrintable(QStringLiteral("tool tip %1 px wide (%2)").arg(tip->width()).arg(QToolTip::text())));
    QVERIFY(!QToolTip::text().isEmpty());
    QToolTip::hideText();
}

void TestInputAccess::whatHappensFieldsKeepTheirWidth()
{
    MainWindow window;
    showAt(window, QSize(1366, 768));
    QVERIFY(window.openFile(copyOf(QStringLiteral("profile-v1.json"))));
    viewMenuAction(window, QStringLiteral("What Happens If…"))->trigger();
    dock(window, "whatHappensDock")->raise();
    QTRY_VERIFY(window.whatHappensPanel()->isVisible());
    QVERIFY(eventLoopAnswers());
    window.whatHappensPanel()->grab().save(screenshot(QStringLiteral("what-happens.png")));
    // The decision keeps the room to wrap its whole sentence.
    auto* decision = window.whatHappensPanel()->findChild<QLabel*>(QStringLiteral("decision"));
    QVERIFY(decision);
    QVERIFY2(decision->heightForWidth(decision->width()) <= decision->height(), qPrintable(decision->text()));
    for (ValueSpinBox* box : window.whatHappensPanel()->findChildren<ValueSpinBox*>()) {
        QVERIFY2(box->width() <= box->sizeHint().width() * 3 / 2,
            qPrintable(QStringLiteral("%1: %2 px wide for %3 px of digits")
                           .arg(box->accessibleName())
                           .arg(box->width())
                           .arg(box->sizeHint().width())));
    }
}

void TestInputAccess::customScenarioHeadersFit()
{
    MainWindow window;
    showAt(window, QSize(1366, 768));
    QVERIFY(window.openFile(copyOf(QStringLiteral("profile-v1.json"))));
    QPushButton* edit = nullptr;
    for (QPushButton* b : window.timelinePanel()->findChildren<QPushButton*>())
        if (b->text().remove(QLatin1Char('&')).startsWith(QLatin1String("Edit Custom")))
            edit = b;
    QVERIFY(edit);
    QStringList clipped;
    bool seen = false;
    QTimer::singleShot(0, [&] {
        const auto check = [&](const auto& self) -> void {
            QWidget* modal = QApplication::activeModalWidget();
            if (!modal) {
                QTimer::singleShot(10, [&, self] { self(self); });
                return;
            }
            seen = true;
            auto* table = modal->findChild<QTableWidget*>();
            if (table) {
                modal->grab().save(screenshot(QStringLiteral("custom-scenario.png")));
                QHeaderView* header = table->horizontalHeader();
                for (int i = 0; i < header->count(); ++i) {
                    const QString text = table->horizontalHeaderItem(i)->text();
                    if (header->sectionSize(i) < header->fontMetrics().horizontalAdvance(text))
                        clipped << QStringLiteral("%1 (%2 px for %3 px)")
                                       .arg(text)
                                       .arg(header->sectionSize(i))
                                       .arg(header->fontMetrics().horizontalAdvance(text));
                }
            }
            qobject_cast<QDialog*>(modal)->reject();
        };
        check(check);
    });
    QTest::mouseClick(edit, Qt::LeftButton);
    QVERIFY(seen);
    QVERIFY2(clipped.isEmpty(), qPrintable(clipped.join(QStringLiteral(", "))));
}

void TestInputAccess::assistiveTechnologyReadsEveryControl()
{
    QAccessible::setActive(true);
    MainWindow window;
    showAt(window, QSize(1920, 1080));
    QVERIFY(window.openFile(copyOf(QStringLiteral("profile-v1.json"))));
    QVERIFY(eventLoopAnswers());
    QStringList problems;
    QSet<QWidget*> checked;
    QList<QDockWidget*> docks = window.findChildren<QDockWidget*>();
    for (QDockWidget* d : docks) {
        if (!d->toggleViewAction()->isEnabled())
            continue;  // Live Routes: nothing to show for a file
        d->show();
        d->raise();
        QVERIFY(eventLoopAnswers());
        QList<QAccessibleInterface*> all;
        collect(QAccessible::queryAccessibleInterface(&window), all);
        for (QAccessibleInterface* iface : all) {
            auto* w = qobject_cast<QWidget*>(iface->object());
            // A spin box's line edit is part of the box, which speaks for it.
            if (!w || !w->isVisible() || checked.contains(w) || qobject_cast<QAbstractSpinBox*>(w->parentWidget()))
                continue;
            checked.insert(w);
            if (iface->state().focusable && iface->text(QAccessible::Name).trimmed().isEmpty())
                problems << QStringLiteral("no name: ") + describe(w);
            if (auto* combo = qobject_cast<QComboBox*>(w); combo && iface->state().focusable
                && !combo->currentText().isEmpty() && iface->text(QAccessible::Name) == combo->currentText())
                problems << QStringLiteral("named by its value: ") + describe(w);
            if (auto* label = qobject_cast<QLabel*>(w)) {
                if (label->text().isEmpty() && label->pixmap().isNull())
                    problems << QStringLiteral("an empty label in the tree: ") + describe(w);
            }
            if (QAccessibleValueInterface* value = iface->valueInterface()) {
                if (auto* box = qobject_cast<QAbstractSpinBox*>(w)) {
                    const QString shown = box->findChild<QLineEdit*>()->text();
                    if (value->currentValue().toString() != shown)
                        problems << QStringLiteral("value %1 where it shows %2: ")
                                        .arg(value->currentValue().toString(), shown)
                                + describe(w);
                    if (auto* ours = qobject_cast<ValueSpinBox*>(w)) {
                        if (value->minimumValue().toLongLong() != ours->stepMinimum()
                            || value->maximumValue().toLongLong() != ours->stepMaximum()
                            || value->minimumStepSize().toLongLong() != 1)
                            problems << QStringLiteral("limits %1–%2 step %3: ")
                                            .arg(value->minimumValue().toString(), value->maximumValue().toString(),
                                                value->minimumStepSize().toString())
                                    + describe(w);
                    }
                }
            }
        }
        // A control that has a visible label is labelled by it.
        for (QLabel* label : window.findChildren<QLabel*>()) {
            if (!label->isVisible() || label->text().isEmpty())
                continue;
            QList<QWidget*> controls;
            if (label->buddy())
                controls << label->buddy();
            for (QFormLayout* form : window.findChildren<QFormLayout*>()) {
                const int index = form->indexOf(label);
                int row = -1;
                QFormLayout::ItemRole role;
                if (index < 0)
                    continue;
                form->getItemPosition(index, &row, &role);
                if (role != QFormLayout::LabelRole)
                    continue;
                if (QLayoutItem* field = form->itemAt(row, QFormLayout::FieldRole); field && field->widget())
                    controls << field->widget();
            }
            for (QWidget* control : std::as_const(controls)) {
                QList<QWidget*> focusable {control};
                focusable << control->findChildren<QWidget*>();
                for (QWidget* f : std::as_const(focusable)) {
                    if (!(f->focusPolicy() & Qt::TabFocus) || f->focusProxy() || !f->isVisible())
                        continue;
                    QAccessibleInterface* iface = QAccessible::queryAccessibleInterface(f);
                    bool labelled = false;
                    const auto relations = iface->relations(QAccessible::Label);
                    for (const auto& [other, relation] : relations)
                        labelled = labelled || other->object() == label;
                    const QString problem = QStringLiteral("not labelled by \"%1\": ").arg(label->text()) + describe(f);
                    if (!labelled && !problems.contains(problem))
                        problems << problem;
                }
            }
        }
    }
    QVERIFY2(checked.size() > 30, "the tree holds too few controls");
    for (const QString& problem : std::as_const(problems))
        qWarning("%s", qPrintable(problem));
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
}

QTEST_MAIN(TestInputAccess)
#include "tst_input_access.moc"
