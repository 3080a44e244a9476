// SPDX-License-Identifier: Apache-2.0
#pragma once
// What the window shows before anything is open: the ways to start (a file,
// kandev's database, the bundled sample, a new profile) and the files opened lately,
// instead of an empty editor that reports "0 attempts" and "no problems".

#include <QWidget>

class QLabel;
class QListWidget;
class QPushButton;

namespace gui
{

class StartPage final : public QWidget
{
    Q_OBJECT
public:
    explicit StartPage(QWidget* parent = nullptr);

    // The files to offer, newest first (paths that are gone are left out).
    void setRecentFiles(const QStringList& paths);
    // kandev's own database when it exists here (store::defaultSqlitePath()), else "".
    void setDefaultDatabase(const QString& path);
    void setSampleAvailable(bool available);

    QPushButton* openFileButton() const
    {
        return m_openFile;
    }
    QPushButton* openDatabaseButton() const
    {
        return m_openDatabase;
    }
    QPushButton* openDefaultDatabaseButton() const
    {
        return m_openDefault;
    }
    QPushButton* openSampleButton() const
    {
        return m_openSample;
    }
    QPushButton* newProfileButton() const
    {
        return m_newProfile;
    }
    QListWidget* recentList() const
    {
        return m_recent;
    }

signals:
    void openFileRequested();
    void openDatabaseRequested();
    void openDefaultDatabaseRequested(const QString& path);
    void openSampleRequested();
    void newProfileRequested();
    void recentFileRequested(const QString& path);

private:
    QPushButton* m_openFile;
    QPushButton* m_openDatabase;
    QPushButton* m_openDefault;
    QPushButton* m_openSample;
    QPushButton* m_newProfile;
    QLabel* m_recentTitle;
    QListWidget* m_recent;
    QString m_defaultDatabase;
};

}  // namespace gui
