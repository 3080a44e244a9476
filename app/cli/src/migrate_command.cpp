// SPDX-License-Identifier: Apache-2.0
#include "args.h"
#include "commands.h"

#include "migration/report_json.h"
#include "format/codec.h"
#include "store/file_store.h"

#include <ostream>
#include <string_view>

namespace cli
{
namespace
{

constexpr const char* kHelp
    = R"(usage: policyctl migrate [--format text|json] [--kandev] [--output OUT | --in-place] FILE
       policyctl migrate --db DB [--apply] [--kandev]

Converts legacy candidate rules into versioned v1 policies:
  try_next   -> no wait, no retry, skip
  stop       -> no wait, no retry, stop
  retry_same -> retry once after 5 s, then stop
on_provider_error covers both classes; a per-code rule wins for its class.
The report explains every rule and flags candidates where kandev's Go backend
(rules applied in sorted key order, the last one winning) decides differently;
--kandev migrates as that backend reads the rules today instead.

Without --output or --in-place nothing is written (a dry run): text prints
the report, json prints {"document":D,"report":R,"errors":[...]}.

options:
  --format text|json   output format (default: text)
  --kandev             where a rule order matters, let the rule whose key sorts
                       last win, as kandev's Go backend does, instead of the
                       documented per-code-wins rule; the report says which
  --output OUT         write the migrated document to OUT atomically ('-': stdout)
  --in-place           replace FILE atomically, keeping the original as FILE.bak
  --db DB              migrate a kandev database: a SQLite path, sqlite:PATH,
                       postgres://user:password@host:port/name, or env (the
                       KANDEV_DATABASE_DRIVER/_PATH/_HOST/_PORT/_USER/_PASSWORD/_NAME
                       variables kandev reads). A password in the URL is visible
                       to every user in 'ps': leave it out and use
                       KANDEV_DATABASE_PASSWORD, PGPASSWORD or --password-file
  --password-file F    with --db: the PostgreSQL password is F's first line
                       (a file or a pipe, as in <(pass show kandev))
  --apply              with --db: write the migration (default: dry run), in one
                       transaction, after a backup (SQLite: VACUUM INTO a timestamped
                       file beside the database; PostgreSQL: the affected rows as a
                       timestamped JSON file in the current directory). Profiles with
                       unreadable rules_json or rules that cannot be migrated are left
                       untouched and make the exit code 1.
  --help               show this help

Nothing is written when the input has any error.
exit codes: 0 success, 1 invalid input or conflicts, 2 usage error or unreadable file
)";

bool sameText(const std::vector<std::string>& pieces, std::string_view text)
{
    std::size_t at = 0;
    for (const std::string& piece : pieces) {
        if (text.substr(at, piece.size()) != piece)
            return false;
        at += piece.size();
    }
    return at == text.size();
}

}  // namespace

int migrateCommand(const std::vector<std::string>& rawArgs, Io& io)
{
    Args args;
    const std::vector<OptionSpec> spec {{"format", true}, {"output", true}, {"in-place", false}, {"db", true},
        {"apply", false}, {"kandev", false}, {"password-file", true}, {"help", false}};
    if (const auto error = args.parse(rawArgs, spec); !error.empty())
        return usageError(io, "migrate", error);
    if (args.has("help")) {
        io.out << kHelp;
        return kExitOk;
    }
    const policy::Reading reading = args.has("kandev") ? policy::Reading::KandevBackend : policy::Reading::Spec;
    if (args.has("db")) {
        if (args.has("output") || args.has("in-place") || !args.positional().empty())
            return usageError(io, "migrate", "--db takes no FILE, --output or --in-place");
        const auto format = formatOption(args.value("format"), io, "migrate");
        if (!format)
            return kExitUsage;
        return migrateDatabase(
            {*args.value("db"), args.has("apply"), reading, *format, args.value("password-file")}, io);
    }
    if (args.has("apply"))
        return usageError(io, "migrate", "--apply goes with --db");
    if (args.has("password-file"))
        return usageError(io, "migrate", "--password-file goes with --db");
    const auto format = formatOption(args.value("format"), io, "migrate");
    if (!format)
        return kExitUsage;
    if (args.positional().size() != 1)
        return usageError(io, "migrate", "expected exactly one FILE");
    if (args.has("output") && args.has("in-place"))
        return usageError(io, "migrate", "--output and --in-place exclude each other");
    const std::string path = args.positional().front();
    if (args.has("in-place") && path == "-")
        return usageError(io, "migrate", "--in-place needs a file, not standard input");

    CheckedFile file = readAndCheck(path, io.in);
    if (file.readError) {
        io.err << "policyctl migrate: " << shown(*file.readError) << "\n";
        return kExitUsage;
    }

    std::optional<migration::MigrationReport> report;
    std::optional<format::Document> migrated;
    if (file.check.document) {
        report = migration::planMigration(*file.check.document, reading);
        // Moved, not copied: only the migrated document is needed from here.
        migrated = migration::applyMigration(std::move(*file.check.document), *report);
        file.check.document.reset();
    }
    const std::vector<format::Diagnostic>& errors = file.check.errors;
    const bool ok = errors.empty() && migrated.has_value();
    const bool toStdout = args.value("output") == "-";
    const bool documentInJson = *format == Format::Json && !toStdout;

    // Peak memory: the text report goes out (and is dropped) before the
    // document is written, the input text is dropped unless --in-place needs
    // it, and the document is written in pieces.
    if (!documentInJson && report) {
        migration::writeReportText(toStdout ? io.err : io.out, *report);
        report.reset();
    }
    for (const auto& e : errors)
        io.err << formatDiagnostic(path, e) << "\n";
    if (!args.has("in-place"))
        std::string().swap(file.text);
    // The file's text, and for JSON output the document compact: both
    // written from the document, neither by parsing the other.
    const bool writesFile = args.has("output") || args.has("in-place");
    std::vector<std::string> output;
    if (ok && (!documentInJson || writesFile))
        output = format::serializeDocumentPieces(*migrated);
    std::vector<std::string> compact;
    if (ok && documentInJson)
        compact = writesFile ? format::compactPieces(output)
                             : format::serializeDocumentPieces(*migrated, format::Layout::Compact);
    migrated.reset();

    int status = ok ? kExitOk : kExitInvalid;
    std::string outcome;
    const auto writeTo = [&](const std::string& target, const store::WriteOptions& options) {
        if (const auto error = store::writeFileAtomically(target, output, options)) {
            outcome = "policyctl migrate: " + error->message + "\n";
            status = kExitUsage;
            return false;
        }
        return true;
    };
    if (!ok) {
        if (args.has("output") || args.has("in-place"))
            outcome = "policyctl migrate: nothing was written because the input has errors\n";
    } else if (const auto out = args.value("output"); out && !toStdout) {
        writeTo(*out, {});
    } else if (args.has("in-place")) {
        if (sameText(output, file.text))
            outcome = "policyctl migrate: " + path + " is already in the v1 form; nothing to write\n";
        else if (writeTo(path, {path + ".bak", std::nullopt, std::nullopt}))
            outcome = "policyctl migrate: wrote " + path + " (original kept as " + path + ".bak)\n";
    }

    if (documentInJson) {
        // {"document":D,"report":R,"errors":[...]}, as one dump() would print it.
        io.out << "{\"document\":";
        if (ok) {
            for (const std::string& piece : compact)
                io.out << piece;
        } else {
            io.out << "null";
        }
        io.out << ",\"report\":";
        if (report)
            migration::writeReportJson(*report, [&](std::string_view text) { io.out << text; });
        else
            io.out << "null";
        nlohmann::ordered_json list = nlohmann::ordered_json::array();
        for (const auto& e : errors)
            list.push_back(migration::diagnosticToJson(e));
        io.out << ",\"errors\":" << jsonOutput(list) << "}\n";
    } else if (ok && toStdout) {
        for (const std::string& piece : output)
            io.out << piece;
    }
    io.err << outcome;
    return status;
}

}  // namespace cli
