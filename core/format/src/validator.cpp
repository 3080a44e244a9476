// SPDX-License-Identifier: Apache-2.0
#include "format/validator.h"

#include "json_parse.h"
#include "schema_check.h"
#include "schema_files.h"

#include <nlohmann/json.hpp>
#include <valijson/exceptions.hpp>
#include <valijson/internal/adapter.hpp>
#include <valijson/internal/basic_adapter.hpp>
#include <valijson/internal/frozen_value.hpp>
// valijson's adapter is written for nlohmann::json; documents are parsed as
// ordered_json (their key order survives a save), and checking that same tree
// spares a second parse, which was most of a large document's peak memory.
// The adapter's one JSON type is renamed while it is read; this is the only
// file that includes it, so the program has this one definition of it.
#define json ordered_json
#include <valijson/adapters/nlohmann_json_adapter.hpp>
#undef json
#include <valijson/schema.hpp>
#include <valijson/schema_parser.hpp>
#include <valijson/validation_results.hpp>
#include <valijson/validator.hpp>

#include <map>
#include <memory>
#include <mutex>

#include <unordered_map>
#include <unordered_set>

namespace format
{
namespace
{

std::string_view schemaFileFor(FileShape shape)
{
    switch (shape) {
    case FileShape::DynamicDocument: return "dynamic-profile.schema.json";
    case FileShape::AgentProfile: return "agent-profile.schema.json";
    case FileShape::ExportArray:
    case FileShape::ExportObject: return "export.schema.json";
    }
    return {};
}

// Parsed schemas are immutable and shared; each is built once.
const valijson::Schema& compiledSchema(std::string_view fileName)
{
    static std::mutex mutex;
    static std::map<std::string, std::unique_ptr<valijson::Schema>, std::less<>> cache;
    const std::lock_guard lock(mutex);
    if (auto it = cache.find(fileName); it != cache.end())
        return *it->second;

    const nlohmann::ordered_json document = nlohmann::ordered_json::parse(schemaText(fileName));
    auto schema = std::make_unique<valijson::Schema>();
    valijson::SchemaParser parser(valijson::SchemaParser::kDraft7);
    valijson::adapters::NlohmannJsonAdapter adapter(document);
    auto fetch = [](const std::string& uri) -> const nlohmann::ordered_json* {
        const auto slash = uri.find_last_of('/');
        const std::string name = slash == std::string::npos ? uri : uri.substr(slash + 1);
        return new nlohmann::ordered_json(nlohmann::ordered_json::parse(schemaText(name)));
    };
    auto release = [](const nlohmann::ordered_json* doc) { delete doc; };
    parser.populateSchema(adapter, *schema, fetch, release);
    return *cache.emplace(std::string(fileName), std::move(schema)).first->second;
}

// valijson's context is "<root>", "[candidates]", "[0]", ...; ours is
// "candidates[0]".
std::string fieldPath(const std::vector<std::string>& context)
{
    std::string path;
    for (const auto& part : context) {
        if (part == "<root>" || part.size() < 2)
            continue;
        const std::string inner = part.substr(1, part.size() - 2);
        const bool index = !inner.empty() && inner.find_first_not_of("0123456789") == std::string::npos;
        if (index)
            path = indexPath(path, std::stoul(inner));
        else
            path = joinPath(path, inner);
    }
    return path;
}

}  // namespace

std::string_view schemaText(std::string_view fileName)
{
    for (const auto& f : detail::kSchemaFiles) {
        if (f.name == fileName)
            return f.text;
    }
    return {};
}

std::vector<std::string_view> schemaFileNames()
{
    std::vector<std::string_view> names;
    for (const auto& f : detail::kSchemaFiles)
        names.push_back(f.name);
    return names;
}

std::vector<Diagnostic> validateAgainstSchema(std::string_view text, FileShape shape)
{
    nlohmann::ordered_json target;
    if (detail::parseJsonText(text, target))
        return {};  // syntax errors are the codec's to report
    return detail::validateTreeAgainstSchema(target, text, shape);
}

std::vector<Diagnostic> detail::validateTreeAgainstSchema(
    const nlohmann::ordered_json& target, std::string_view text, FileShape shape)
{
    std::vector<Diagnostic> out;
    valijson::Validator validator;
    valijson::ValidationResults results;
    valijson::adapters::NlohmannJsonAdapter adapter(target);
    if (validator.validate(compiledSchema(schemaFileFor(shape)), adapter, &results))
        return out;

    // valijson reports the failing leaf and then each enclosing schema; keep
    // the leaves, which are the errors a person can act on.
    // Sized once: growing them (and rehashing) allocates ever larger blocks,
    // each of which made glibc consolidate every small block freed so far.
    std::vector<std::pair<std::string, std::string>> errors;
    errors.reserve(results.numErrors());
    valijson::ValidationResults::Error e;
    while (results.popError(e))
        errors.emplace_back(fieldPath(e.context), e.description);
    std::unordered_set<std::string> enclosing;  // every path that holds another error's path
    enclosing.reserve(2 * errors.size());
    for (const auto& error : errors) {
        const std::string& path = error.first;
        forEachAncestorPath(path, [&](std::string_view ancestor) { enclosing.emplace(ancestor); });
        if (!path.empty())
            enclosing.insert(std::string());
    }
    std::unordered_set<std::string> seen;
    seen.reserve(errors.size());
    for (const auto& [path, message] : errors) {
        if (enclosing.count(path) || !seen.insert(path + '\n' + message).second)
            continue;
        out.push_back({path, "schema: " + message, 0, 0, "schema", {message}});
    }
    capDiagnostics(out);
    locateDiagnostics(text, out);
    return out;
}

std::vector<Diagnostic> validateDocument(const Document& document, std::string_view text)
{
    std::vector<Diagnostic> out;
    // An export holds each profile once: kandev's agent_profiles.id is its
    // primary key, so a second profile with an id could never be stored.
    std::unordered_map<std::string_view, std::size_t> firstWithId;
    for (std::size_t i = 0; i < document.profiles.size(); ++i) {
        const ProfileRecord& p = document.profiles[i];
        if (!p.id.empty() && !document.profilePath(i).empty()) {
            if (const auto [first, added] = firstWithId.emplace(p.id, i); !added) {
                const std::string path = document.profilePath(i) + ".id";
                out.push_back({path,
                    "is also the id of " + document.profilePath(first->second)
                        + "; kandev keeps one profile per id (agent_profiles' primary key)",
                    0, 0, "duplicate_id", {document.profilePath(first->second)}});
            }
        }
        if (!p.dynamic)
            continue;
        // A bare document has no profile object, so no name to require.
        if (document.shape != FileShape::DynamicDocument && !p.deleted) {
            if (const auto issue = policy::validateProfileName(p.name, document.profilePath(i)))
                out.push_back({issue->path, describeIssue(*issue), 0, 0, "policy.issue", {}, *issue});
        }
        for (const policy::Issue& issue : policy::validateCandidates(p.dynamic->candidates, document.dynamicPath(i)))
            out.push_back({issue.path, describeIssue(issue), 0, 0, "policy.issue", {}, issue});
    }
    capDiagnostics(out);
    locateDiagnostics(text, out);
    return out;
}

}  // namespace format
