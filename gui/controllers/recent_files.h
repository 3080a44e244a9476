// SPDX-License-Identifier: Apache-2.0
#pragma once
// File > Open Recent and the start page's list: the files opened or saved
// lately, newest first, kept in QSettings across sessions.

#include <QObject>
#include <QStringList>

namespace gui
{

class RecentFiles final : public QObject
{
    Q_OBJECT
public:
    static constexpr int kMaxFiles = 8;

    explicit RecentFiles(QObject* parent = nullptr);

    QStringList files() const;
    // `path` moves to the front (once); the oldest beyond kMaxFiles are dropped.
    void add(const QString& path);

signals:
    void changed(const QStringList& files);
};

}  // namespace gui
