// SPDX-License-Identifier: Apache-2.0
#include "controllers/recent_files.h"

#include "window/settings.h"

namespace gui
{

RecentFiles::RecentFiles(QObject* parent)
    : QObject(parent)
{
}

QStringList RecentFiles::files() const
{
    return settings::recentFiles.value();
}

void RecentFiles::add(const QString& path)
{
    QStringList list = files();
    list.removeAll(path);
    list.prepend(path);
    while (list.size() > kMaxFiles)
        list.removeLast();
    settings::recentFiles.setValue(list);
    emit changed(list);
}

}  // namespace gui
