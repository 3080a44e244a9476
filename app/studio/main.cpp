// Policy Studio: the desktop editor for kandev candidate policies.
#include <QApplication>
#include <QMainWindow>

int main(int argc, char** argv)
{
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("Policy Studio"));
    QMainWindow window;
    window.setWindowTitle(QStringLiteral("Policy Studio"));
    window.resize(1100, 720);
    window.show();
    return QApplication::exec();
}
