// SPDX-License-Identifier: Apache-2.0
#include "args.h"
#include "commands.h"

#include "format/codec.h"
#include "store/file_store.h"

#include "policy/time.h"

#include <nlohmann/json.hpp>

#include <chrono>
#include <ostream>
#include <set>

namespace cli
{
namespace
{

constexpr const char* kHelp = R"(usage: policyctl export --db DB [--profile ID] [--output FILE] [--password-file F]

Writes kandev's dynamic profiles (every one, or ID alone) and the concrete
profiles their candidates use as an export file that Policy Studio and
policyctl open: {"exported_at": ..., "profiles": [...]}. Only id, name, kind,
enabled, auto_fallback, deleted_at, agent_name (the agent's name, null when its
agent row is missing), workspace_id, role (where kandev has the column) and the
routes are exported, never a secret-bearing column (env_vars, ...). A profile whose routes cannot be read is not
exported as something else: the export stops with the rows that are wrong.
Problems 'policyctl validate' would report (a legacy conflict, say) are
printed as warnings: the export holds kandev's data as it is. FILE is
replaced atomically (standard output without --output).

options:
  --db DB              a SQLite file, sqlite:PATH, postgres://user@host:port/name, or 'env'
  --profile ID         only this dynamic profile and the profiles it uses
  --output FILE        write to FILE instead of standard output
  --password-file F    for a PostgreSQL database: the password is F's first line
                       (a file or a pipe, as in <(pass show kandev))
  --help               show this help

exit codes: 0 exported, 1 a profile's routes cannot be read (nothing written),
2 usage error, an unreadable database, an unknown profile or an unwritable FILE
)";

// The document to export: the chosen dynamic profiles, then the concrete ones they use.
format::Document exportedDocument(const store::LoadedDatabase& loaded, const std::string& profileId)
{
    std::set<std::string> used;
    std::vector<format::ProfileRecord> dynamic;
    for (const format::ProfileRecord& p : loaded.document.profiles) {
        if (!p.isDynamic() || (!profileId.empty() && p.id != profileId))
            continue;
        for (const policy::Candidate& c : p.dynamic->candidates)
            used.insert(c.executionProfileId);
        dynamic.push_back(p);
    }
    format::Document doc;
    doc.shape = format::FileShape::ExportObject;
    const auto now = std::chrono::time_point_cast<std::chrono::seconds>(std::chrono::system_clock::now());
    doc.source
        = nlohmann::ordered_json {{"exported_at", policy::formatRfc3339(now)}, {"exported_by", "policyctl export"}}
              .dump();
    for (const format::ProfileRecord& p : loaded.document.profiles) {
        if (!p.isDynamic() && used.count(p.id))
            doc.profiles.push_back(p);
    }
    for (format::ProfileRecord& p : dynamic)
        doc.profiles.push_back(std::move(p));
    return doc;
}

}  // namespace

int exportCommand(const std::vector<std::string>& rawArgs, Io& io)
{
    Args args;
    if (const auto error = args.parse(
            rawArgs, {{"db", true}, {"profile", true}, {"output", true}, {"password-file", true}, {"help", false}});
        !error.empty())
        return usageError(io, "export", error);
    if (args.has("help")) {
        io.out << kHelp;
        return kExitOk;
    }
    if (!args.value("db"))
        return usageError(io, "export", "--db is required");
    if (!args.positional().empty())
        return usageError(io, "export", "unexpected argument '" + args.positional().front() + "'");
    const std::string profileId = args.value("profile").value_or("");

    const auto database = openDatabaseOption(*args.value("db"), "--db", args.value("password-file"), io, "export");
    if (!database)
        return kExitUsage;
    QString error;
    const auto loaded = database->load(&error);
    if (!loaded) {
        io.err << "policyctl export: " << shown(error) << "\n";
        return kExitUsage;
    }
    if (!profileId.empty() && (!loaded->profile(profileId) || !loaded->profile(profileId)->isDynamic())) {
        io.err << "policyctl export: --profile: " << shown(database->target().displayName())
               << " has no dynamic profile '" << shown(profileId) << "'\n";
        return kExitUsage;
    }
    // Rows that could not be read would be exported as the default document: refuse instead.
    bool refused = false;
    for (const auto* rows : {&loaded->invalidRows, &loaded->newerVersionRows}) {
        for (const format::Diagnostic& d : *rows) {
            if (profileId.empty() || concernsProfile(d, profileId)) {
                io.err << "policyctl export: " << shown(database->target().displayName()) << ": " << shown(d.message)
                       << "\n";
                refused = true;
            }
        }
    }
    if (refused)
        return kExitInvalid;

    const format::Document doc = exportedDocument(*loaded, profileId);
    const std::vector<std::string> pieces = format::serializeDocumentPieces(doc);
    // What is written must open again. Rule problems (a legacy conflict, a
    // candidate that is not eligible) are kandev's data as it stands: exported,
    // and said, as the editor would show them on opening the file.
    const check::DocumentCheck check = check::checkDocument(format::joinPieces(pieces), false);
    if (!check.document) {
        for (const auto& e : check.errors)
            io.err << "policyctl export: internal error: " << formatDiagnostic(args.value("output").value_or("-"), e)
                   << "\n";
        return kExitInvalid;
    }
    for (const auto* list : {&check.errors, &check.warnings}) {
        for (const auto& e : *list)
            io.err << "policyctl export: warning: " << formatDiagnostic(args.value("output").value_or("-"), e) << "\n";
    }
    if (const auto output = args.value("output")) {
        if (const auto failure = store::writeFileAtomically(*output, std::span<const std::string>(pieces))) {
            io.err << "policyctl export: " << shown(failure->message) << "\n";
            return kExitUsage;
        }
        return kExitOk;
    }
    for (const std::string& piece : pieces)
        io.out << piece;
    io.out.flush();
    return io.out ? kExitOk : kExitUsage;
}

}  // namespace cli
