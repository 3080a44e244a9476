// SPDX-License-Identifier: Apache-2.0
#include "args.h"
#include "commands.h"
#include "lint_output.h"

#include "rules/lint.h"
#include "rules/rules_file.h"

#include "format/codec.h"
#include "store/file_store.h"

#include "policy/time.h"

#include <chrono>
#include <ostream>

namespace cli
{
namespace
{

constexpr const char* kHelp
    = R"(usage: policyctl lint [--rules FILE] [--format text|json|sarif|junit] (FILE... | --db DB)

Checks every dynamic profile of each FILE (an export, an agent profile or a
bare document; '-' reads standard input) or of a kandev database against a
house's rules: worst-case hold and attempts per class, retries and reset
waits, how a route ends, enabled candidates, provider diversity, unreachable
candidates, allowed and forbidden agents or profiles, one policy per class.
Each violation names the rule, the profile, the candidate and class it
concerns, what was measured and what the house allows, with file, line and
column. Exceptions recorded in the rules file are shown as excepted, with
their reason, and never count. Without --rules, kandev's own limits and
candidate rules (what 'policyctl validate' checks) are the rules.

options:
  --rules FILE         the rules file (policy-rules.json; schema policy-rules.schema.json)
  --format F           text (default), json (kandev's snake_case), sarif (SARIF 2.1.0,
                       for code scanning) or junit (JUnit XML, for GitLab and Jenkins)
  --db DB              a SQLite file, sqlite:PATH, postgres://user@host:port/name, or 'env'
  --password-file F    for a PostgreSQL database: the password is F's first line
  --help               show this help

exit codes: 0 no violation of error severity (warnings allowed), 1 some violation
of error severity, 2 usage error, unreadable input or a bad rules file
)";

enum class LintFormat { Text, Json, Sarif, Junit };

std::optional<LintFormat> lintFormat(const std::optional<std::string>& value)
{
    if (!value || *value == "text")
        return LintFormat::Text;
    if (*value == "json")
        return LintFormat::Json;
    if (*value == "sarif")
        return LintFormat::Sarif;
    if (*value == "junit")
        return LintFormat::Junit;
    return std::nullopt;
}

// The rules file read strictly; nullopt (its errors printed) when it cannot be used.
std::optional<rules::RuleSet> readRules(const std::string& path, Io& io)
{
    store::ReadResult read = store::readFile(path, rules::kMaxRulesFileBytes);
    if (read.error) {
        io.err << "policyctl lint: --rules: " << shown(read.error->message) << "\n";
        return std::nullopt;
    }
    rules::RulesFileResult result = rules::readRulesFile(*read.bytes);
    for (const format::Diagnostic& d : result.errors)
        io.err << "policyctl lint: " << formatDiagnostic(path, d) << "\n";
    return std::move(result.ruleSet);
}

std::string utcTimestamp()
{
    const auto now = std::chrono::time_point_cast<std::chrono::seconds>(std::chrono::system_clock::now());
    std::string t = policy::formatRfc3339(now);
    if (!t.empty() && t.back() == 'Z')
        t.pop_back();
    return t;
}

}  // namespace

int lintCommand(const std::vector<std::string>& rawArgs, Io& io)
{
    Args args;
    if (const auto error = args.parse(
            rawArgs, {{"rules", true}, {"format", true}, {"db", true}, {"password-file", true}, {"help", false}});
        !error.empty())
        return usageError(io, "lint", error);
    if (args.has("help")) {
        io.out << kHelp;
        return kExitOk;
    }
    const auto format = lintFormat(args.value("format"));
    if (!format)
        return usageError(
            io, "lint", "--format must be text, json, sarif or junit, not '" + *args.value("format") + "'");
    const auto db = args.value("db");
    if (db && !args.positional().empty())
        return usageError(io, "lint", "give FILE... or --db, not both");
    if (!db && args.positional().empty())
        return usageError(io, "lint", "no FILE or --db given");
    if (!db && args.value("password-file"))
        return usageError(io, "lint", "--password-file goes with --db");

    rules::RuleSet ruleSet = rules::RuleSet::kandevDefaults();
    if (const auto path = args.value("rules")) {
        auto read = readRules(*path, io);
        if (!read)
            return kExitUsage;
        ruleSet = std::move(*read);
    }

    LintRun run;
    run.ruleSet = &ruleSet;
    run.rulesLabel = args.value("rules").value_or("");
    run.version = POLICY_STUDIO_VERSION;
    run.timestamp = utcTimestamp();
    int exitCode = kExitOk;
    std::vector<format::Document> documents;  // owned here, pointed to by run.inputs
    std::vector<std::string> texts;
    std::vector<std::string> labels;
    std::vector<bool> fromDatabase;

    if (db) {
        const auto database = openDatabaseOption(*db, "--db", args.value("password-file"), io, "lint");
        if (!database)
            return kExitUsage;
        QString error;
        auto loaded = database->load(&error);
        if (!loaded) {
            io.err << "policyctl lint: " << shown(error) << "\n";
            return kExitUsage;
        }
        const std::string label = database->target().displayName().toStdString();
        // Rows kandev's data holds but that cannot be read: invalid input, said, never linted as defaults.
        for (const auto* rows : {&loaded->invalidRows, &loaded->newerVersionRows}) {
            for (const format::Diagnostic& d : *rows) {
                io.err << "policyctl lint: " << shown(label) << ": " << shown(d.message) << "\n";
                exitCode = kExitInvalid;
            }
        }
        documents.push_back(std::move(loaded->document));
        texts.emplace_back();
        labels.push_back(label);
        fromDatabase.push_back(true);
    } else {
        for (const std::string& path : args.positional()) {
            store::ReadResult read = path == "-" ? store::readStream(io.in, "standard input", format::kMaxDocumentBytes)
                                                 : store::readFile(path, format::kMaxDocumentBytes);
            if (read.error) {
                io.err << "policyctl lint: " << shown(read.error->message) << "\n";
                return kExitUsage;
            }
            format::ParseResult parsed
                = format::parseDocument(*read.bytes, format::SchemaFiles::Skip, format::RecordSources::Drop);
            if (!parsed.document) {
                for (const format::Diagnostic& d : parsed.errors)
                    io.err << "policyctl lint: " << formatDiagnostic(path, d) << "\n";
                return kExitUsage;
            }
            documents.push_back(std::move(*parsed.document));
            texts.push_back(std::move(*read.bytes));
            labels.push_back(path);
            fromDatabase.push_back(false);
        }
    }

    for (std::size_t i = 0; i < documents.size(); ++i) {
        LintedInput input;
        input.label = labels[i];
        input.database = fromDatabase[i];
        input.document = &documents[i];
        input.violations = rules::Linter(documents[i], ruleSet).lintDocument();
        if (!input.database)
            rules::locateViolations(texts[i], input.violations);
        if (rules::countViolations(input.violations).errors > 0)
            exitCode = kExitInvalid;
        run.inputs.push_back(std::move(input));
    }

    switch (*format) {
    case LintFormat::Text: writeLintText(run, io.out); break;
    case LintFormat::Json: writeLintJson(run, io.out); break;
    case LintFormat::Sarif: writeLintSarif(run, io.out); break;
    case LintFormat::Junit: writeLintJunit(run, io.out); break;
    }
    io.out.flush();
    return io.out ? exitCode : kExitUsage;
}

}  // namespace cli
