// SPDX-License-Identifier: Apache-2.0
#include "model/database_writes.h"

#include "model/editor_document.h"

#include "routes/live_routes.h"
#include "store/kandev_database.h"

namespace model
{

namespace
{

struct Tr {
    Q_DECLARE_TR_FUNCTIONS(DatabaseWrites)
};

}  // namespace

std::vector<ProfileWrite> databaseWrites(const EditorDocument& document, const review::DocumentDiff& changes)
{
    std::vector<ProfileWrite> writes;
    if (!document.isDatabase())
        return writes;
    for (const review::ProfileDiff& profile : changes.profiles) {
        ProfileWrite write;
        write.profileId = QString::fromStdString(profile.id);
        write.name = QString::fromStdString(profile.name);
        write.versionRead = document.versionRead(profile.id);
        QString error;
        // One short read per changed profile: a review lists a handful, and the counts must be current.
        const auto read = document.readLiveRoutes(profile.id, &error);
        if (!read) {
            write.routesError = error;
        } else if (read->hasTables()) {
            write.routesKnown = true;
            for (const routes::RouteStateRow& row : read->routes) {  // the reader filters by profile
                ++write.routesRunning;
                if (routes::isScheduled(routes::routeStateFromName(row.state)))
                    ++write.routesScheduled;
            }
        }
        writes.push_back(std::move(write));
    }
    return writes;
}

QString describeWrite(const ProfileWrite& write)
{
    const QString profile = write.name.isEmpty() || write.name == write.profileId
        ? Tr::tr("profile %1").arg(write.profileId)
        : Tr::tr("profile %1 (%2)").arg(write.profileId, write.name);
    const QString version = write.versionRead
        ? Tr::tr("version %1 becomes %2").arg(*write.versionRead).arg(*write.versionRead + 1)
        : Tr::tr("written as a new profile");
    QString routes;
    if (!write.routesKnown) {
        routes = write.routesError.isEmpty()
            ? Tr::tr("this kandev keeps no route state")
            : Tr::tr("the routes running now could not be read (%1)").arg(write.routesError);
    } else if (write.routesRunning == 0) {
        routes = Tr::tr("no route is running under it");
    } else if (write.routesScheduled == 0) {
        routes
            = Tr::tr("%n route(s) running, none waiting for a deadline: each meets the new policy at its next failure",
                "", write.routesRunning);
    } else {
        //: two clauses of one sentence: "3 routes running, 1 waiting under the old policy: ..."
        routes = Tr::tr("%1, %2", "clauses")
                     .arg(Tr::tr("%n route(s) running", "", write.routesRunning),
                         Tr::tr("%n waiting under the old policy: their scheduled deadlines stay, their next failure "
                                "uses the new one",
                             "", write.routesScheduled));
    }
    return Tr::tr("%1: %2; %3.").arg(profile, version, routes);
}

}  // namespace model
