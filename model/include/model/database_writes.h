// SPDX-License-Identifier: Apache-2.0
#pragma once
// What saving a database document writes, said before it is written: each
// profile the save changes, the version kandev's optimistic check expects and
// the one it becomes, and how many routes kandev is running under it now —
// those keep their scheduled deadlines and meet the new policy at their next
// failure.

#include "review/document_diff.h"

#include <QCoreApplication>
#include <QString>

#include <cstdint>
#include <optional>
#include <vector>

namespace model
{

class EditorDocument;

struct ProfileWrite {
    QString profileId;
    QString name;
    std::optional<std::int64_t> versionRead;  // none: the profile is not in the database yet
    bool routesKnown = false;  // false: no route-state tables, or the read failed
    QString routesError;  // why the routes could not be read ("" when there are no tables)
    int routesRunning = 0;
    int routesScheduled = 0;  // waiting for a deadline (retry wait, reset wait)
};

// One entry per profile in `changes`, in its order; empty for a file document.
std::vector<ProfileWrite> databaseWrites(const EditorDocument& document, const review::DocumentDiff& changes);

// "profile dyn-main (Main route): version 9 becomes 10; 3 routes running, 2 waiting under the old policy: …"
QString describeWrite(const ProfileWrite& write);

}  // namespace model
