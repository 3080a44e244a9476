// SPDX-License-Identifier: Apache-2.0
#include "format/validator.h"

#include "format/locate.h"

#include "json_parse.h"
#include "json_schema.h"
#include "schema_check.h"
#include "schema_files.h"

#include <bit>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>

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

// Compiled schemas are immutable and shared; each is built once.
const detail::CompiledSchema& compiledSchema(std::string_view fileName)
{
    static std::mutex mutex;
    static std::map<std::string, std::unique_ptr<detail::CompiledSchema>, std::less<>> cache;
    const std::lock_guard lock(mutex);
    if (auto it = cache.find(fileName); it != cache.end())
        return *it->second;
    auto schema = std::make_unique<detail::CompiledSchema>(fileName, schemaText);
    return *cache.emplace(std::string(fileName), std::move(schema)).first->second;
}

// Which errors say what an earlier one said (same field, same message): an
// open-addressing table of indices, four bytes a slot, because a hash set of
// 100,000 pairs spent its time in cache misses (k = 1.18 in bench_scaling).
class FirstOfEach
{
public:
    explicit FirstOfEach(const std::vector<detail::SchemaError>& errors)
        : m_errors(errors)
        , m_slots(std::bit_ceil(2 * errors.size() + 1), kEmpty)
    {
    }
    // Called once for each error, in order.
    bool isFirst(std::size_t index)
    {
        const detail::SchemaError& e = m_errors[index];
        const std::size_t mask = m_slots.size() - 1;
        const std::hash<std::string_view> hash;
        std::size_t slot = (hash(e.path) * 31 + hash(e.message)) & mask;  // many errors share one message
        for (;; slot = (slot + 1) & mask) {
            if (m_slots[slot] == kEmpty) {
                m_slots[slot] = static_cast<std::uint32_t>(index);
                return true;
            }
            const detail::SchemaError& other = m_errors[m_slots[slot]];
            if (other.message == e.message && other.path == e.path)
                return false;
        }
    }

private:
    static constexpr std::uint32_t kEmpty = 0xFFFFFFFFu;
    const std::vector<detail::SchemaError>& m_errors;
    std::vector<std::uint32_t> m_slots;
};

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
    std::vector<detail::SchemaError> errors;
    if (compiledSchema(schemaFileFor(shape)).validate(target, errors))
        return out;

    // A failing check inside an object can come with one on the object
    // itself (a field missing beside a bad one); keep the innermost, which
    // are the errors a person can act on. The sets hold views into the
    // errors' own paths or their indices, and only the first errors kept
    // become diagnostics: 100,000 errors cost no allocation each.
    std::unordered_set<std::string_view> enclosing;  // every path that holds another error's path
    std::optional<std::string_view> previousParent;
    for (const auto& error : errors) {
        if (error.path.empty())
            continue;  // the document itself is inside nothing
        const std::size_t cut = error.path.find_last_of(".[");
        const std::string_view parent
            = cut == std::string::npos ? std::string_view() : std::string_view(error.path).substr(0, cut);
        if (parent == previousParent)
            continue;  // a run of errors in one object: its ancestors are in already
        previousParent = parent;
        forEachAncestorPath(error.path, [&](std::string_view ancestor) { enclosing.insert(ancestor); });
        enclosing.insert(std::string_view());
    }
    FirstOfEach seen(errors);  // a bound said twice (in properties and in then) is one error
    std::size_t more = 0;
    std::size_t index = 0;
    for (const auto& [path, message] : errors) {
        if (enclosing.count(path) || !seen.isFirst(index++))
            continue;
        if (out.size() < kMaxDiagnosticsPerFile)
            out.push_back({path, "schema: " + message, 0, 0, "schema", {message}});
        else
            ++more;
    }
    if (more > 0)
        out.push_back(moreDiagnostics(more));
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
