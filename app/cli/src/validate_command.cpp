// SPDX-License-Identifier: Apache-2.0
#include "args.h"
#include "commands.h"

#include "migration/report_json.h"

#include <ostream>

namespace cli
{
namespace
{

constexpr const char* kHelp = R"(usage: policyctl validate [--format text|json] FILE...

Checks each FILE (a dynamic profile document, an agent profile, or an export;
'-' reads standard input) against the policy rules, the legacy migration rules,
kandev's candidate rules and the JSON Schema files. Errors name the file, line,
column and field path. Warnings (a candidate whose agent kandev may not
launch) are printed too, and never make a file invalid.

options:
  --format text|json   output format (default: text)
  --help               show this help

exit codes: 0 all valid, 1 some file invalid, 2 usage error or unreadable file
)";

}  // namespace

int validateCommand(const std::vector<std::string>& rawArgs, Io& io)
{
    Args args;
    if (const auto error = args.parse(rawArgs, {{"format", true}, {"help", false}}); !error.empty())
        return usageError(io, "validate", error);
    if (args.has("help")) {
        io.out << kHelp;
        return kExitOk;
    }
    const auto format = formatOption(args.value("format"), io, "validate");
    if (!format)
        return kExitUsage;
    if (args.positional().empty())
        return usageError(io, "validate", "no FILE given");

    int exitCode = kExitOk;
    nlohmann::ordered_json files = nlohmann::ordered_json::array();
    for (const auto& path : args.positional()) {
        const CheckedFile file = readAndCheck(path, io.in, format::RecordSources::Drop);
        std::vector<format::Diagnostic> errors = file.check.errors;
        if (file.readError) {
            io.err << "policyctl validate: " << shown(*file.readError) << "\n";
            exitCode = kExitUsage;
            errors = {{"", "cannot read the file: " + *file.readError, 0, 0}};
        } else if (!file.check.valid() && exitCode == kExitOk) {
            exitCode = kExitInvalid;
        }
        const bool valid = !file.readError && file.check.valid();

        if (*format == Format::Json) {
            nlohmann::ordered_json f = nlohmann::ordered_json::object();
            f["file"] = path;
            f["valid"] = valid;
            f["legacy"] = file.check.legacy;
            nlohmann::ordered_json list = nlohmann::ordered_json::array();
            for (const auto& e : errors)
                list.push_back(migration::diagnosticToJson(e));
            f["errors"] = std::move(list);
            nlohmann::ordered_json warnings = nlohmann::ordered_json::array();
            for (const auto& w : file.check.warnings)
                warnings.push_back(migration::diagnosticToJson(w));
            f["warnings"] = std::move(warnings);
            files.push_back(std::move(f));
        } else if (!file.readError) {
            io.out << shown(path) << ": " << (valid ? "valid" : "invalid");
            if (file.check.legacy)
                io.out << " (legacy rules; 'policyctl migrate' converts them)";
            if (file.check.readOnly)
                io.out << " (newer policy version: read-only)";
            io.out << "\n";
            for (const auto& e : errors)
                io.out << "  " << formatDiagnostic(path, e) << "\n";
            for (const auto& w : file.check.warnings)
                io.out << "  warning: " << formatDiagnostic(path, w) << "\n";
        }
    }
    if (*format == Format::Json)
        io.out << jsonOutput(nlohmann::ordered_json {{"files", std::move(files)}}) << "\n";
    return exitCode;
}

}  // namespace cli
