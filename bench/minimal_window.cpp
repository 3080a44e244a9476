// SPDX-License-Identifier: Apache-2.0
// The floor for the start-up benchmark: the smallest Qt Widgets window,
// quitting at its first paint, as policy-studio --quit-after-first-paint does.
// With --with-text it shows one line of text, and so pays what any window
// with text pays first: the font database (fontconfig) and shaping.
#include <QApplication>
#include <QElapsedTimer>
#include <QEvent>
#include <QLabel>
#include <QMainWindow>
#include <QTimer>

#include <cstdio>

namespace
{
class Window final : public QMainWindow
{
public:
    explicit Window(QElapsedTimer started)
        : m_started(started)
    {
    }

protected:
    bool event(QEvent* e) override
    {
        if (e->type() == QEvent::Paint && !m_reported) {
            m_reported = true;
            std::printf("first paint %.1f ms after main()\n", double(m_started.nsecsElapsed()) / 1e6);
            QTimer::singleShot(0, qApp, &QApplication::quit);
        }
        return QMainWindow::event(e);
    }

private:
    QElapsedTimer m_started;
    bool m_reported = false;
};
}  // namespace

int main(int argc, char** argv)
{
    QElapsedTimer started;
    started.start();
    QApplication app(argc, argv);
    Window window(started);
    if (QApplication::arguments().contains(QStringLiteral("--with-text")))
        window.setCentralWidget(new QLabel(QStringLiteral("Policy Studio"), &window));
    window.resize(1440, 900);
    window.show();
    return QApplication::exec();
}
