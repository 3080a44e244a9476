// SPDX-License-Identifier: Apache-2.0
#include "controllers/recent_files.h"

#include <QSettings>

namespace gui
{

namespace
{
const auto kRecentKey = QStringLiteral("recentFiles");
}

RecentFiles::RecentFiles(QObject* parent)
    : QObject(parent)
{
}

QStringList RecentFiles::files() const
{
    return QSettings().value(kRecentKey).toStringList();
}

void RecentFiles::add(const QString& path)
{
    QStringList list = files();
    list.removeAll(path);
    list.prepend(path);
    while (list.size() > kMaxFiles)
        list.removeLast();
    QSettings().setValue(kRecentKey, list);
    emit changed(list);
}

}  // namespace gui
