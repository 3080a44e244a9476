// SPDX-License-Identifier: Apache-2.0
#pragma once
// Helpers for GUI tests that drive the real window with real input.

#include "dialogs/migration_review_dialog.h"
#include "controls/value_controls.h"

#include <QAbstractButton>
#include <QApplication>
#include <QDialog>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QKeySequence>
#include <QLabel>
#include <QMap>
#include <QTabBar>
#include <QRadioButton>
#include <QSettings>
#include <QStyle>
#include <QStyleOptionButton>
#include <QTemporaryDir>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QTextBrowser>
#include <QTimer>
#include <QtTest>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <functional>
#include <mutex>
#include <string>
#include <thread>

namespace guitest
{

// Runs `act` on the next migration review once it is shown.
inline void onNextReview(std::function<void(gui::MigrationReviewDialog*)> act)
{
    QTimer::singleShot(0, [act] {
        auto* review = qobject_cast<gui::MigrationReviewDialog*>(QApplication::activeModalWidget());
        if (!review || !review->isVisible()) {
            onNextReview(act);
            return;
        }
        act(review);
    });
}

// Clicks the dialog's button whose text (without its mnemonic) is `text`;
// rejects the dialog when there is none, so that a test never hangs.
inline void clickButton(QDialog* dialog, const QString& text)
{
    for (auto* button : dialog->findChildren<QAbstractButton*>()) {
        if (button->text().remove(QLatin1Char('&')) == text) {
            QTest::mouseClick(button, Qt::LeftButton);
            return;
        }
    }
    qWarning("no button %s", qPrintable(text));
    dialog->reject();
}

// Where a check box or radio button draws its indicator, in the button's own
// coordinates: the spot a person clicks.
inline QRect indicatorRect(QAbstractButton* button)
{
    QStyleOptionButton opt;
    opt.initFrom(button);
    opt.text = button->text();
    const bool radio = qobject_cast<QRadioButton*>(button);
    return button->style()->subElementRect(
        radio ? QStyle::SE_RadioButtonIndicator : QStyle::SE_CheckBoxIndicator, &opt, button);
}

// Clicks a check box or radio button on its indicator, as a person does.
inline void clickIndicator(QAbstractButton* button)
{
    QTest::mouseClick(button, Qt::LeftButton, {}, indicatorRect(button).center());
}

// Settings in a temporary folder, so that tests never read or write the
// user's, and the English UI.
inline void isolateSettings(const QTemporaryDir& dir, const QString& applicationName)
{
    QSettings::setDefaultFormat(QSettings::IniFormat);
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, dir.filePath(QStringLiteral("settings")));
    QApplication::setOrganizationName(QStringLiteral("kandev-test"));
    QApplication::setApplicationName(applicationName);
}

// A writable copy of a bundled sample in `dir`, under a fresh name.
inline QString copyOfSample(const QTemporaryDir& dir, const QString& samplePath)
{
    static int n = 0;
    const QString path = dir.filePath(QStringLiteral("%1-%2").arg(++n).arg(QFileInfo(samplePath).fileName()));
    QFile::remove(path);
    QFile::copy(samplePath, path);
    QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner);
    return path;
}

// Types a value into a number box as a user does: focus, select all, type, Enter.
inline void typeValue(gui::ValueSpinBox* box, std::int64_t value)
{
    box->setFocus(Qt::TabFocusReason);
    box->selectAll();
    QTest::keyClicks(box, QString::number(value));
    QTest::keyClick(box, Qt::Key_Enter);
}

// Answers the next modal dialog: clicks the button with the given text, then
// calls `then` (which may answer the dialog that follows: the clicked one is closed by then).
inline void answerNextDialog(const QString& buttonText, QString* seenText = nullptr, std::function<void()> then = {})
{
    QTimer::singleShot(0, [=] {
        QWidget* modal = QApplication::activeModalWidget();
        if (!modal) {
            answerNextDialog(buttonText, seenText, then);  // not shown yet
            return;
        }
        if (seenText) {
            if (auto* box = qobject_cast<QMessageBox*>(modal))
                *seenText = box->text();
            else if (auto* browser = modal->findChild<QTextBrowser*>())
                *seenText = browser->toPlainText();
            else if (auto* plain = modal->findChild<QPlainTextEdit*>())
                *seenText = plain->toPlainText();
        }
        for (auto* button : modal->findChildren<QAbstractButton*>()) {
            if (button->text().remove(QLatin1Char('&')) == buttonText) {
                QTest::mouseClick(button, Qt::LeftButton);
                if (then)
                    then();
                return;
            }
        }
        qWarning("no button %s", qPrintable(buttonText));
        qobject_cast<QDialog*>(modal)->reject();
    });
}

// True when the event loop runs a queued call within `ms`: the window answers.
inline bool eventLoopAnswers(int ms = 1000)
{
    bool answered = false;
    QTimer::singleShot(0, [&answered] { answered = true; });
    QElapsedTimer t;
    t.start();
    while (!answered && t.elapsed() < ms)
        QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
    return answered;
}

// Ends the test process when the main thread makes no progress for `limit`:
// a frozen window fails the test with the step it froze in, instead of
// hanging CI until its timeout.
class Watchdog
{
public:
    explicit Watchdog(std::chrono::seconds limit)
        : m_limit(limit)
        , m_thread([this] { run(); })
    {
        pet("start");
    }
    ~Watchdog()
    {
        m_stop = true;
        m_thread.join();
    }
    void pet(const std::string& step)
    {
        {
            const std::lock_guard lock(m_mutex);
            m_step = step;
        }
        m_last = std::chrono::steady_clock::now().time_since_epoch().count();
    }

private:
    void run()
    {
        while (!m_stop) {
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
            const auto last = std::chrono::steady_clock::time_point(std::chrono::steady_clock::duration(m_last.load()));
            if (std::chrono::steady_clock::now() - last > m_limit) {
                const std::lock_guard lock(m_mutex);
                std::fprintf(stderr, "FROZEN: no progress for %lld s in step: %s\n",
                    static_cast<long long>(m_limit.count()), m_step.c_str());
                std::fflush(stderr);
                std::_Exit(124);
            }
        }
    }
    std::chrono::seconds m_limit;
    std::atomic<std::chrono::steady_clock::rep> m_last {0};
    std::atomic<bool> m_stop {false};
    std::mutex m_mutex;
    std::string m_step;
    std::thread m_thread;
};

// "Alt+R: &Retry | &Remove" for each shortcut letter more than one of `texts` uses.
inline QStringList mnemonicClashes(const QStringList& texts)
{
    QMap<QString, QStringList> owners;
    for (const QString& text : texts) {
        if (const QKeySequence key = QKeySequence::mnemonic(text); !key.isEmpty())
            owners[key.toString()] << text;
    }
    QStringList out;
    for (auto it = owners.cbegin(); it != owners.cend(); ++it) {
        if (it.value().size() > 1)
            out << it.key() + QStringLiteral(": ") + it.value().join(QStringLiteral(" | "));
    }
    return out;
}

// The texts of a window that may carry a shortcut letter: buttons, labels of a buddy, tabs.
inline QStringList mnemonicTexts(QWidget* window)
{
    QStringList out;
    for (auto* b : window->findChildren<QAbstractButton*>())
        out << b->text();
    for (auto* l : window->findChildren<QLabel*>()) {
        if (l->buddy())
            out << l->text();
    }
    for (auto* bar : window->findChildren<QTabBar*>()) {
        for (int i = 0; i < bar->count(); ++i)
            out << bar->tabText(i);
    }
    return out;
}

}  // namespace guitest
