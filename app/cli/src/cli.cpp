// SPDX-License-Identifier: Apache-2.0
#include "cli/cli.h"

#include "commands.h"
#include "policy/text.h"

#include "format/codec.h"
#include "store/file_store.h"

#include <iostream>
#include <iterator>
#include <sstream>

namespace cli
{
namespace
{

constexpr const char* kUsage = R"(usage: policyctl COMMAND [OPTIONS]

Validate, migrate and preview kandev dynamic-profile candidate policies.

commands:
  validate   check documents against the policy rules and JSON Schema
  migrate    convert legacy rules (retry_same, try_next, stop) into v1 policies
  evaluate   decide what a policy does with a failure (JSON Lines in and out)
  schedule   print the retry delays a retry policy implies
  timeline   simulate one route cycle for a failure scenario
  classify   classify a provider error from its status, headers, body or stderr
  explain    classify an error and show what a candidate's policy does with it
  diff       the semantic difference between two documents or databases
  routes     the routes kandev is running now, beside the policy driving them
  export     write a database's dynamic profiles as an export file
  lint       check every dynamic profile against a house's rules (text, JSON, SARIF, JUnit)

Run 'policyctl COMMAND --help' for a command's options, 'policyctl --version'
for the version.
exit codes: 0 success / all valid, 1 invalid input or conflicts, 2 usage error or unreadable file
)";

}  // namespace

int usageError(Io& io, const char* command, const std::string& message)
{
    io.err << "policyctl " << command << ": " << shown(message) << "\n"
           << "Run 'policyctl " << command << " --help' for usage.\n";
    return kExitUsage;
}

std::optional<Format> formatOption(const std::optional<std::string>& value, Io& io, const char* command)
{
    if (!value || *value == "text")
        return Format::Text;
    if (*value == "json")
        return Format::Json;
    usageError(io, command, "--format must be text or json, not '" + *value + "'");
    return std::nullopt;
}

CheckedFile readAndCheck(const std::string& path, std::istream& stdinStream, format::RecordSources sources)
{
    CheckedFile file;
    file.path = path;
    store::ReadResult read = path == "-" ? store::readStream(stdinStream, "standard input", format::kMaxDocumentBytes)
                                         : store::readFile(path, format::kMaxDocumentBytes);
    if (read.error) {
        file.readError = read.error->message;
        return file;
    }
    file.text = std::move(*read.bytes);
    file.check = check::checkDocument(file.text, true, sources);
    return file;
}

std::string formatDiagnostic(const std::string& file, const format::Diagnostic& d)
{
    std::ostringstream s;
    s << shown(file);
    if (d.line > 0)
        s << ':' << d.line << ':' << d.column;
    s << ": ";
    if (!d.path.empty())
        s << shown(d.path) << ": ";
    s << shown(d.message);
    return s.str();
}

bool concernsProfile(const format::Diagnostic& refusedRow, const std::string& id)
{
    return refusedRow.message.find("profile \"" + id + "\"") != std::string::npos;
}

std::string shown(std::string_view value)
{
    return policy::escapedControls(value);
}

std::string shown(const QString& value)
{
    return shown(value.toStdString());
}

int run(const std::vector<std::string>& args, Io& io)
{
    if (args.empty()) {
        io.err << kUsage;
        return kExitUsage;
    }
    const std::string& command = args.front();
    const std::vector<std::string> rest(args.begin() + 1, args.end());
    if (command == "--help" || command == "-h" || command == "help") {
        io.out << kUsage;
        return kExitOk;
    }
    if (command == "--version") {
        io.out << "policyctl " POLICY_STUDIO_VERSION "\n";
        return kExitOk;
    }
    if (command == "validate")
        return validateCommand(rest, io);
    if (command == "migrate")
        return migrateCommand(rest, io);
    if (command == "evaluate")
        return evaluateCommand(rest, io);
    if (command == "schedule")
        return scheduleCommand(rest, io);
    if (command == "timeline")
        return timelineCommand(rest, io);
    if (command == "classify")
        return classifyCommand(rest, io);
    if (command == "explain")
        return explainCommand(rest, io);
    if (command == "diff")
        return diffCommand(rest, io);
    if (command == "routes")
        return routesCommand(rest, io);
    if (command == "export")
        return exportCommand(rest, io);
    if (command == "lint")
        return lintCommand(rest, io);
    io.err << "policyctl: unknown command '" << shown(command) << "'\n\n" << kUsage;
    return kExitUsage;
}

}  // namespace cli
