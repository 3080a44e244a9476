// SPDX-License-Identifier: Apache-2.0
#include "args.h"
#include "commands.h"

#include "routes/live_routes.h"

#include <nlohmann/json.hpp>

#include <chrono>
#include <ostream>
#include <set>

namespace cli
{
namespace
{

constexpr const char* kHelp
    = R"(usage: policyctl routes --db DB [--profile ID] [--now T] [--format text|json] [--password-file F]

Prints the routes kandev is running now through its dynamic profiles, read
from kandev's route-state tables (dynamic_route_states, their attempts and
dynamic_resource_circuits) without blocking kandev: for each route its
session, the candidate owning it, its state, the failure it last evaluated
(code and class), the retry ordinal, the reset waits used per class, the
deadline and the time left, the profile version it ran under and its
history; for a waiting route, what the policy it was scheduled under does if
the same error repeats at the deadline, and how that policy differs from the
profile's policy in the database now; and the circuits that pause candidates.
Only the attempts of the routes shown are read: each route's newest 20,
and a count of the earlier ones ("and 5 earlier attempts"). Every read
transaction is kept short, so kandev's writers never wait long for it. A
route whose row or policy_state_json cannot be read, or whose state is not
one kandev documents, is shown as such, never guessed.

options:
  --db DB              a SQLite file, sqlite:PATH, postgres://user@host:port/name, or 'env'
  --profile ID         only the routes of this dynamic profile (default: every one)
  --now T              the time to count down from, RFC 3339 (default: the clock)
  --format text|json   output format (default: text; JSON keys in kandev's snake_case)
  --password-file F    for a PostgreSQL database: the password is F's first line
                       (a file or a pipe, as in <(pass show kandev))
  --help               show this help

exit codes: 0 routes shown (also none, or a kandev without route-state tables),
1 some route's row or state, or its profile's routes, cannot be read or are
unknown (still shown), 2 usage error, an unreadable or locked database or a
profile that is not a dynamic profile in it
)";

}  // namespace

int routesCommand(const std::vector<std::string>& rawArgs, Io& io)
{
    Args args;
    if (const auto error = args.parse(rawArgs,
            {{"db", true}, {"profile", true}, {"now", true}, {"format", true}, {"password-file", true},
                {"help", false}});
        !error.empty())
        return usageError(io, "routes", error);
    if (args.has("help")) {
        io.out << kHelp;
        return kExitOk;
    }
    const auto format = formatOption(args.value("format"), io, "routes");
    if (!format)
        return kExitUsage;
    if (!args.value("db"))
        return usageError(io, "routes", "--db is required");
    if (!args.positional().empty())
        return usageError(io, "routes", "unexpected argument '" + args.positional().front() + "'");
    policy::Seconds now = std::chrono::time_point_cast<std::chrono::seconds>(std::chrono::system_clock::now());
    if (const auto t = args.value("now")) {
        const auto parsed = policy::parseRfc3339(*t);
        if (!parsed)
            return usageError(io, "routes", "--now must be an RFC 3339 time, not '" + *t + "'");
        now = *parsed;
    }
    const std::string profileId = args.value("profile").value_or("");

    const auto database = openDatabaseOption(*args.value("db"), "--db", args.value("password-file"), io, "routes");
    if (!database)
        return kExitUsage;
    QString error;
    const auto loaded = database->load(&error);
    if (!loaded) {
        io.err << "policyctl routes: " << shown(error) << "\n";
        return kExitUsage;
    }
    if (!profileId.empty()) {
        const format::ProfileRecord* p = loaded->profile(profileId);
        if (!p || !p->isDynamic()) {
            io.err << "policyctl routes: --profile: " << shown(database->target().displayName())
                   << " has no dynamic profile '" << shown(profileId) << "'\n";
            return kExitUsage;
        }
    }
    const auto read = database->readLiveRoutes(profileId, &error);
    if (!read) {
        io.err << "policyctl routes: " << shown(error) << "\n";
        return kExitUsage;
    }
    const routes::LiveRoutes live = routes::analyseLiveRoutes(*read, loaded->document, profileId, now);
    if (*format == Format::Json)
        io.out << jsonOutput(routes::liveRoutesJson(live, now)) << "\n";
    else
        io.out << routes::renderLiveRoutesText(live, now);
    // A route of a profile whose rows cannot be read is compared with nothing real: said, and exit 1.
    std::set<std::string> unreadableProfiles;
    for (const routes::LiveRoute& r : live.routes) {
        if (loaded->invalidProfiles.count(r.row.logicalProfileId))
            unreadableProfiles.insert(r.row.logicalProfileId);
    }
    for (const format::Diagnostic& d : loaded->invalidRows) {
        for (const std::string& id : unreadableProfiles) {
            if (concernsProfile(d, id))
                io.err << "policyctl routes: " << shown(database->target().displayName()) << ": " << shown(d.message)
                       << "\n";
        }
    }
    const bool unreadable = !unreadableProfiles.empty()
        || std::any_of(live.routes.begin(), live.routes.end(), [](const routes::LiveRoute& r) {
               return !r.row.rowError.empty() || !r.snapshotError.empty() || r.state == routes::RouteState::Unknown
                   || (r.snapshot && !r.snapshot->policiesError.empty());
           });
    return unreadable ? kExitInvalid : kExitOk;
}

}  // namespace cli
