// Input and accessibility of the real window: every check box and radio
// toggles where a person clicks it, Tab goes round the whole window with a
// visible focus mark, a dock asked for comes forward, nothing scrolls
// sideways to read a sentence, control outlines contrast in both schemes,
// and assistive technology reads names, labels and values.
#include "widgets/candidate_editor.h"
#include "widgets/candidate_list_panel.h"
#include "widgets/class_policy_panel.h"
#include "widgets/main_window.h"
#include "widgets/timeline_panel.h"
#include "widgets/timeline_view.h"
#include "widgets/try_error_panel.h"
#include "widgets/value_controls.h"
#include "widgets/what_happens_panel.h"

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

using namespace widgets;
using guitest::eventLoopAnswers;

namespace {

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
    QStyleOptionButton opt;
    opt.initFrom(button);
    opt.text = button->text();
    const bool radio = qobject_cast<QRadioButton*>(button);
    const QRect r = button->style()->subElementRect(radio ? QStyle::SE_RadioButtonIndicator : QStyle::SE_CheckBoxIndicator,
                                                    &opt, button);
    return QRect(button->mapTo(window, r.topLeft()), r.size());
}

QRect labelInWindow(QAbstractButton* button, QWidget* window)
{
    QStyleOptionButton opt;
    opt.initFrom(button);
    opt.text = button->text();
    const bool radio = qobject_cast<QRadioButton*>(button);
    const QRect r = button->style()->subElementRect(radio ? QStyle::SE_RadioButtonContents : QStyle::SE_CheckBoxContents,
                                                    &opt, button);
    return QRect(button->mapTo(window, r.topLeft()), r.size());
}

// How wide the button's label is drawn.
int textWidth(QAbstractButton* button)
{
    return button->fontMetrics().horizontalAdvance(QString(button->text()).remove(QLatin1Char('&')));
}

}  // namespace

class TestInputAccess final : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void everyIndicatorAndLabelToggles();

private:
    QString copyOf(const QString& sample) { return guitest::copyOfSample(m_dir, testpaths::sample(sample)); }
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
    const QList<std::pair<const char*, std::function<QPoint(QAbstractButton*)>>> places = {
        {"indicator", [&](QAbstractButton* b) { return indicatorInWindow(b, &window).center(); }},
        {"label start", [&](QAbstractButton* b) { return labelInWindow(b, &window).topLeft() + QPoint(3, b->height() / 2); }},
        {"label middle", [&](QAbstractButton* b) { return labelInWindow(b, &window).topLeft() + QPoint(textWidth(b) / 2, b->height() / 2); }},
        {"label end", [&](QAbstractButton* b) { return labelInWindow(b, &window).topLeft() + QPoint(textWidth(b) - 3, b->height() / 2); }}};
    int clicked = 0;
    for (ClassPolicyPanel* panel : {window.candidateEditor()->transientPanel(), window.candidateEditor()->hardPanel()}) {
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
                             qPrintable(QStringLiteral("%1 of \"%2\" does not toggle it").arg(QLatin1String(where), box->text())));
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
                         qPrintable(QStringLiteral("%1 of \"%2\" does not check it").arg(QLatin1String(where), radio->text())));
                ++clicked;
            }
        }
    }
    QVERIFY(clicked >= 2 * 4 * (2 * 2 + 2));
    window.candidateEditor()->grab().save(screenshot(QStringLiteral("panels.png")));
}

QTEST_MAIN(TestInputAccess)
#include "tst_input_access.moc"
