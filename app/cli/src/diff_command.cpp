// SPDX-License-Identifier: Apache-2.0
#include "args.h"
#include "commands.h"

#include "policy/policy_keys.h"
#include "review/document_diff.h"
#include "store/database_target.h"

#include <nlohmann/json.hpp>

#include <ostream>

namespace cli
{
namespace
{

constexpr const char* kHelp = R"(usage: policyctl diff [--format text|json] [--password-file F] A B

Prints the semantic difference between A and B, each a document file (any
shape: a dynamic profile document, an agent profile, an export) or a kandev
database (a SQLite file, sqlite:PATH, postgres://user@host:port/name, or
'env' for kandev's KANDEV_DATABASE_* settings): per dynamic profile, the
candidates added, removed, moved and switched on or off, and every class
field that differs (")";
// The example continues with a path as the review writes it (policy::renderPath).
constexpr const char* kHelpTail = R"(: skip -> stop"). Not a text diff: key
order, white space and positions written with gaps do not count. Legacy
rules compare by the policies they migrate to; rules on one side and
policies on the other are reported as a difference of form. A profile id or
candidate written twice pairs with its n-th use on the other side, so the
answer does not depend on which side is A. A candidate whose policy version
this build cannot read is never called equal: diff says it cannot compare
it and exits 2.

options:
  --format text|json   output format (default: text)
  --password-file F    for a PostgreSQL database: the password is F's first line
                       (a file or a pipe, as in <(pass show kandev))
  --help               show this help

exit codes: 0 no differences, 1 differences, 2 usage error, an unreadable A
or B (also a database with a row that cannot be read: it is named), or a
candidate that cannot be compared (a newer policy version)
)";

std::optional<format::Document> load(
    const std::string& spec, const char* label, const std::optional<std::string>& passwordFile, Io& io)
{
    if (spec == "env" || store::namesDatabase(QString::fromStdString(spec))) {
        const auto database = openDatabaseOption(spec, label, passwordFile, io, "diff");
        if (!database)
            return std::nullopt;
        QString error;
        auto loaded = database->load(&error);
        if (!loaded) {
            io.err << "policyctl diff: " << label << ": " << shown(error) << "\n";
            return std::nullopt;
        }
        // A row that cannot be read would compare as a default: it is no side of a diff.
        if (!loaded->invalidRows.empty()) {
            for (const format::Diagnostic& d : loaded->invalidRows)
                io.err << "policyctl diff: " << label << ": " << shown(database->target().displayName()) << ": "
                       << shown(d.message) << "\n";
            return std::nullopt;
        }
        return std::move(loaded->document);
    }
    const CheckedFile file = readAndCheck(spec, io.in);
    if (file.readError) {
        io.err << "policyctl diff: " << shown(*file.readError) << "\n";
        return std::nullopt;
    }
    if (!file.check.document) {
        for (const auto& e : file.check.errors)
            io.err << formatDiagnostic(spec, e) << "\n";
        return std::nullopt;
    }
    return file.check.document;
}

const char* changeName(review::Change c)
{
    switch (c) {
    case review::Change::Added: return "added";
    case review::Change::Removed: return "removed";
    case review::Change::Changed: return "changed";
    }
    return "";
}

nlohmann::ordered_json toJson(const review::DocumentDiff& diff)
{
    nlohmann::ordered_json profiles = nlohmann::ordered_json::array();
    for (const auto& p : diff.profiles) {
        nlohmann::ordered_json jp = nlohmann::ordered_json::object();
        jp["id"] = p.id;
        jp["name"] = p.name;
        jp["change"] = changeName(p.change);
        if (p.renamed)
            jp["renamed"] = {{"before", p.renamed->before}, {"after", p.renamed->after}};
        if (p.switched)
            jp["enabled"] = {{"before", p.switched->before == "true"}, {"after", p.switched->after == "true"}};
        nlohmann::ordered_json candidates = nlohmann::ordered_json::array();
        for (const auto& c : p.candidates) {
            nlohmann::ordered_json jc = nlohmann::ordered_json::object();
            jc["execution_profile_id"] = c.executionProfileId;
            jc["change"]
                = c.change == review::Change::Changed && c.moved() && c.fields.empty() ? "moved" : changeName(c.change);
            jc["from"] = c.from ? nlohmann::ordered_json(*c.from) : nlohmann::ordered_json(nullptr);
            jc["to"] = c.to ? nlohmann::ordered_json(*c.to) : nlohmann::ordered_json(nullptr);
            nlohmann::ordered_json fields = nlohmann::ordered_json::array();
            for (const auto& f : c.fields)
                fields.push_back({{"path", f.path}, {"before", f.before}, {"after", f.after}});
            jc["fields"] = std::move(fields);
            if (!c.incomparable.empty())
                jc["incomparable"] = c.incomparable;
            candidates.push_back(std::move(jc));
        }
        jp["candidates"] = std::move(candidates);
        profiles.push_back(std::move(jp));
    }
    nlohmann::ordered_json j = nlohmann::ordered_json::object();
    j["equal"] = diff.equal();
    j["comparable"] = diff.comparable();
    j["profiles"] = std::move(profiles);
    return j;
}

}  // namespace

int diffCommand(const std::vector<std::string>& rawArgs, Io& io)
{
    Args args;
    if (const auto error = args.parse(rawArgs, {{"format", true}, {"password-file", true}, {"help", false}});
        !error.empty())
        return usageError(io, "diff", error);
    if (args.has("help")) {
        io.out << kHelp << policy::renderPath({policy::ErrorClass::Hard, policy::Setting::OnExhausted}) << kHelpTail;
        return kExitOk;
    }
    const auto format = formatOption(args.value("format"), io, "diff");
    if (!format)
        return kExitUsage;
    if (args.positional().size() != 2)
        return usageError(io, "diff", "give two documents or databases, A and B");
    const auto a = load(args.positional()[0], "A", args.value("password-file"), io);
    if (!a)
        return kExitUsage;
    const auto b = load(args.positional()[1], "B", args.value("password-file"), io);
    if (!b)
        return kExitUsage;
    const review::DocumentDiff diff = review::diffDocuments(*a, *b);
    if (*format == Format::Json)
        io.out << jsonOutput(toJson(diff)) << "\n";
    else
        io.out << review::renderDiffText(diff);
    if (!diff.comparable())
        return kExitUsage;
    return diff.equal() ? kExitOk : kExitInvalid;
}

}  // namespace cli
