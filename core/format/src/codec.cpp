// SPDX-License-Identifier: Apache-2.0
#include "format/codec.h"

#include "json_parse.h"
#include "json_text.h"
#include "schema_check.h"

#include "policy/policy_keys.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <limits>
#include <stdexcept>

namespace format
{

using Json = nlohmann::ordered_json;

namespace
{

std::string typeName(const Json& v)
{
    switch (v.type()) {
    case Json::value_t::null: return "null";
    case Json::value_t::object: return "an object";
    case Json::value_t::array: return "an array";
    case Json::value_t::string: return "a string";
    case Json::value_t::boolean: return "a boolean";
    case Json::value_t::number_integer:
    case Json::value_t::number_unsigned: return "an integer";
    case Json::value_t::number_float: return "the fraction " + v.dump();
    default: return "an unsupported value";
    }
}

std::string jsonQuoted(std::string_view s)
{
    return Json(std::string(s)).dump();
}

// The compact text of `object` with the member `child` written as null:
// that member is a record of its own (candidates, a profile's dynamic
// document, an export's profiles) with its own source, so each byte of a
// document is held once. Writing puts the child back in the same place.
std::string dumpWithoutChild(const Json& object, std::string_view child)
{
    std::string out = "{";
    for (auto it = object.begin(); it != object.end(); ++it) {
        if (out.size() > 1)
            out += ',';
        out += jsonQuoted(it.key());
        out += ':';
        out += it.key() == child ? std::string("null") : it.value().dump();
    }
    out += '}';
    return out;
}

// Reads JSON values into core types, collecting every error with its path.
class Decoder
{
public:
    Decoder(std::string_view text, RecordSources sources)
        : m_errors(text)
        , m_keepSources(sources == RecordSources::Keep)
    {
    }

    std::vector<Diagnostic> takeErrors()
    {
        return m_errors.take();
    }
    bool failed() const
    {
        return !m_errors.empty();
    }

    // code and args: what went wrong for a UI in another language (Diagnostic::code).
    void error(const std::string& path, std::string message, std::string code = {}, std::vector<std::string> args = {})
    {
        m_errors.add({path, std::move(message), 0, 0, std::move(code), std::move(args)});
    }

    // args: what was expected and what was found, as the English phrases
    // the message uses ("an integer"), and a fraction's value.
    void typeError(const std::string& path, std::string_view expected, const Json& found)
    {
        const bool fraction = found.type() == Json::value_t::number_float;
        error(path, "expected " + std::string(expected) + ", found " + typeName(found), "type",
            {std::string(expected), fraction ? std::string("the fraction") : typeName(found),
                fraction ? found.dump() : std::string()});
    }

    const Json* member(const Json& obj, const char* key)
    {
        const auto it = obj.find(key);
        return it == obj.end() ? nullptr : &*it;
    }
    const Json* member(const Json& obj, std::string_view key)
    {
        const auto it = obj.find(std::string(key));
        return it == obj.end() ? nullptr : &*it;
    }

    // Integers must be JSON integers within int64; null or absent reads as 0.
    std::int64_t integer(const Json* v, const std::string& path)
    {
        if (!v || v->is_null())
            return 0;
        if (v->is_number_unsigned()) {
            const auto u = v->get<std::uint64_t>();
            if (u > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())) {
                error(path,
                    "the integer " + v->dump() + " is out of range (largest allowed: "
                        + std::to_string(std::numeric_limits<std::int64_t>::max()) + ")",
                    "integer_range", {v->dump(), std::to_string(std::numeric_limits<std::int64_t>::max())});
                return 0;
            }
            return static_cast<std::int64_t>(u);
        }
        if (v->is_number_integer())
            return v->get<std::int64_t>();
        // An integer literal past int64 (-9223372036854775809) reaches us as
        // a float; it is no fraction, so it must not be called one.
        if (v->is_number_float()) {
            const double d = v->get<double>();
            if (std::trunc(d) == d && std::fabs(d) >= 9.2e18) {
                error(path,
                    "the number is beyond the 64-bit integer range (allowed: "
                        + std::to_string(std::numeric_limits<std::int64_t>::min()) + " to "
                        + std::to_string(std::numeric_limits<std::int64_t>::max()) + ")",
                    "beyond_int64",
                    {std::to_string(std::numeric_limits<std::int64_t>::min()),
                        std::to_string(std::numeric_limits<std::int64_t>::max())});
                return 0;
            }
        }
        typeError(path, "an integer", *v);
        return 0;
    }

    bool boolean(const Json* v, const std::string& path, bool absent)
    {
        if (!v || v->is_null())
            return absent;
        if (v->is_boolean())
            return v->get<bool>();
        typeError(path, "true or false", *v);
        return absent;
    }

    std::string string(const Json* v, const std::string& path)
    {
        if (!v || v->is_null())
            return {};
        if (v->is_string())
            return v->get<std::string>();
        typeError(path, "a string", *v);
        return {};
    }

    // The policy document's shape is closed: every key must be known.
    bool closedObject(
        const Json& v, const std::string& path, std::initializer_list<std::string_view> allowed, std::string_view what)
    {
        if (!v.is_object()) {
            typeError(path, "an object", v);
            return false;
        }
        for (auto it = v.begin(); it != v.end(); ++it) {
            if (std::find(allowed.begin(), allowed.end(), it.key()) != allowed.end())
                continue;
            std::string list;
            for (auto a : allowed)
                list += (list.empty() ? "" : ", ") + std::string(a);
            error(joinPath(path, it.key()),
                "unknown key " + jsonQuoted(it.key()) + " in " + std::string(what) + " (allowed: " + list + ")",
                "unknown_key", {jsonQuoted(it.key()), std::string(what), list});
        }
        return true;
    }

    policy::ClassPolicy classPolicy(const Json* v, const std::string& path)
    {
        using namespace policy::keys;
        policy::ClassPolicy p;
        p.onExhausted = policy::Outcome::Unset;
        if (!v || v->is_null() || !closedObject(*v, path, {kRetry, kWaitForReset, kOnExhausted}, "a class policy"))
            return p;
        const std::string retryPath = joinPath(path, kRetry);
        if (const Json* r = member(*v, kRetry); r && !r->is_null()
            && closedObject(*r, retryPath, {kEnabled, kMaxRetries, kInitialIntervalSeconds}, kRetry)) {
            p.retry.enabled = boolean(member(*r, kEnabled), joinPath(retryPath, kEnabled), false);
            p.retry.maxRetries = integer(member(*r, kMaxRetries), joinPath(retryPath, kMaxRetries));
            p.retry.initialIntervalSeconds
                = integer(member(*r, kInitialIntervalSeconds), joinPath(retryPath, kInitialIntervalSeconds));
        }
        const std::string waitPath = joinPath(path, kWaitForReset);
        if (const Json* w = member(*v, kWaitForReset);
            w && !w->is_null() && closedObject(*w, waitPath, {kEnabled, kMaxWaitSeconds}, kWaitForReset)) {
            p.waitForReset.enabled = boolean(member(*w, kEnabled), joinPath(waitPath, kEnabled), false);
            p.waitForReset.maxWaitSeconds = integer(member(*w, kMaxWaitSeconds), joinPath(waitPath, kMaxWaitSeconds));
        }
        const std::string outcomePath = joinPath(path, kOnExhausted);
        const Json* o = member(*v, kOnExhausted);
        if (o && o->is_string()) {
            const auto& s = o->get_ref<const std::string&>();
            if (s == "skip")
                p.onExhausted = policy::Outcome::Skip;
            else if (s == "stop")
                p.onExhausted = policy::Outcome::Stop;
            else
                error(outcomePath,
                    "unknown " + std::string(kOnExhausted) + " " + jsonQuoted(s) + " (expected \"skip\" or \"stop\")",
                    "unknown_outcome", {jsonQuoted(s)});
        } else if (o && !o->is_null()) {
            typeError(outcomePath, "\"skip\" or \"stop\"", *o);
        }
        return p;
    }

    policy::PolicyDocument policies(const Json& v, const std::string& path)
    {
        using namespace policy::keys;
        policy::PolicyDocument doc;
        if (!v.is_object()) {
            typeError(path, "an object", v);
            return doc;
        }
        doc.version = integer(member(v, kVersion), joinPath(path, kVersion));
        if (doc.version != policy::kSupportedPolicyVersion)
            return doc;  // another version's fields may mean something else: validation reports the version
        closedObject(v, path, {kVersion, kTransient, kHard}, "a policy document");
        for (const policy::ErrorClass c : policy::kPolicyClasses)
            doc.forClass(c) = classPolicy(member(v, policy::classKey(c)), joinPath(path, policy::classKey(c)));
        return doc;
    }

    policy::Candidate candidate(const Json& v, const std::string& path)
    {
        policy::Candidate c;
        if (!v.is_object()) {
            typeError(path, "a candidate object", v);
            return c;
        }
        const Json* position = member(v, "position");
        if (!position || position->is_null())
            error(joinPath(path, "position"), "position is missing", "missing", {"position"});
        else
            c.position = integer(position, joinPath(path, "position"));
        const Json* id = member(v, "execution_profile_id");
        if (!id || id->is_null())
            error(joinPath(path, "execution_profile_id"), "execution_profile_id is missing", "missing",
                {"execution_profile_id"});
        else
            c.executionProfileId = string(id, joinPath(path, "execution_profile_id"));
        c.enabled = boolean(member(v, "enabled"), joinPath(path, "enabled"), true);
        if (const Json* p = member(v, "policies"); p && !p->is_null())
            c.policies = policies(*p, joinPath(path, "policies"));
        if (const Json* r = member(v, "rules"); r && !r->is_null())
            c.rules = rules(*r, joinPath(path, "rules"));
        return c;
    }

    std::vector<policy::LegacyRule> rules(const Json& r, const std::string& rulesPath)
    {
        std::vector<policy::LegacyRule> out;
        if (!r.is_object()) {
            typeError(rulesPath, "an object mapping error codes to actions", r);
            return out;
        }
        for (auto it = r.begin(); it != r.end(); ++it) {
            const std::string rulePath = joinPath(rulesPath, it.key());
            if (!it.value().is_string())
                typeError(rulePath, "an action string", it.value());
            else
                out.push_back({it.key(), it.value().get<std::string>()});
        }
        return out;
    }

    std::optional<DynamicRecord> dynamic(const Json& v, const std::string& path)
    {
        if (!v.is_object()) {
            typeError(path.empty() ? std::string() : path, "a dynamic profile object", v);
            return std::nullopt;
        }
        DynamicRecord d;
        if (m_keepSources)
            d.source = dumpWithoutChild(v, "candidates");
        if (const Json* version = member(v, "version"); version && !version->is_null()) {
            d.version = integer(version, joinPath(path, "version"));
            if (*d.version < 0)
                error(joinPath(path, "version"), "the profile version must not be negative", "negative_version");
        }
        const std::string listPath = joinPath(path, "candidates");
        const Json* list = member(v, "candidates");
        if (!list || list->is_null()) {
            error(listPath, "candidates is missing", "missing", {"candidates"});
            return d;
        }
        if (!list->is_array()) {
            typeError(listPath, "an array of candidates", *list);
            return d;
        }
        d.candidates.reserve(list->size());
        if (m_keepSources)
            d.candidateSources.reserve(list->size());
        for (std::size_t i = 0; i < list->size(); ++i) {
            const Json& item = (*list)[i];
            d.candidates.push_back(candidate(item, indexPath(listPath, i)));
            if (m_keepSources)
                d.candidateSources.push_back(item.is_object() ? item.dump() : std::string());
        }
        return d;
    }

    ProfileRecord profile(const Json& v, const std::string& path)
    {
        ProfileRecord p;
        if (!v.is_object()) {
            typeError(path, "an agent profile object", v);
            return p;
        }
        const Json* dynamicValue = member(v, "dynamic");
        if (m_keepSources)
            p.source = dynamicValue && dynamicValue->is_object() ? dumpWithoutChild(v, "dynamic") : v.dump();
        p.id = string(member(v, "id"), joinPath(path, "id"));
        p.name = string(member(v, "name"), joinPath(path, "name"));
        p.kind = string(member(v, "kind"), joinPath(path, "kind"));
        p.enabled = boolean(member(v, "enabled"), joinPath(path, "enabled"), true);
        p.autoFallback = boolean(member(v, "auto_fallback"), joinPath(path, "auto_fallback"), false);
        if (const Json* deleted = member(v, "deleted_at"); deleted && !deleted->is_null()) {
            p.deletedAt = string(deleted, joinPath(path, "deleted_at"));
            p.deleted = !p.deletedAt.empty();
        }
        // kandev's candidate rules: absent is "not said"; a null agent_name is
        // a profile whose agent row is missing, a null workspace_id or role
        // is none (kandev reads them with COALESCE(..., '')).
        if (const Json* agent = member(v, "agent_name")) {
            p.agentMissing = agent->is_null();
            p.agentName = string(agent, joinPath(path, "agent_name"));
        }
        if (const Json* workspace = member(v, "workspace_id"))
            p.workspaceId = string(workspace, joinPath(path, "workspace_id"));
        if (const Json* role = member(v, "role"))
            p.role = string(role, joinPath(path, "role"));
        if (dynamicValue && !dynamicValue->is_null())
            p.dynamic = dynamic(*dynamicValue, joinPath(path, "dynamic"));
        return p;
    }

    std::vector<ProfileRecord> profiles(const Json& list, const std::string& path)
    {
        std::vector<ProfileRecord> out;
        out.reserve(list.size());
        for (std::size_t i = 0; i < list.size(); ++i)
            out.push_back(profile(list[i], indexPath(path, i)));
        return out;
    }

private:
    DiagnosticCollector m_errors;
    bool m_keepSources = true;
};

// ---- writing --------------------------------------------------------------

Json parseSource(const std::string& source)
{
    return source.empty() ? Json::object() : detail::parseCheckedJson(source);
}

void writeClass(Json& obj, const policy::ClassPolicy& p)
{
    using namespace policy::keys;
    if (!obj.is_object())
        obj = Json::object();
    Json& retry = obj[std::string(kRetry)];
    if (!retry.is_object())
        retry = Json::object();
    retry[std::string(kEnabled)] = p.retry.enabled;
    retry[std::string(kMaxRetries)] = p.retry.maxRetries;
    retry[std::string(kInitialIntervalSeconds)] = p.retry.initialIntervalSeconds;
    Json& wait = obj[std::string(kWaitForReset)];
    if (!wait.is_object())
        wait = Json::object();
    wait[std::string(kEnabled)] = p.waitForReset.enabled;
    wait[std::string(kMaxWaitSeconds)] = p.waitForReset.maxWaitSeconds;
    if (p.onExhausted == policy::Outcome::Unset)
        obj[std::string(kOnExhausted)] = nullptr;
    else
        obj[std::string(kOnExhausted)] = std::string(policy::outcomeName(p.onExhausted));
}

// Patches an existing policies object in place, so its key order survives.
void writePolicies(Json& obj, const policy::PolicyDocument& doc)
{
    if (!obj.is_object())
        obj = Json::object();
    obj[std::string(policy::keys::kVersion)] = doc.version;
    for (const policy::ErrorClass c : policy::kPolicyClasses)
        writeClass(obj[std::string(policy::classKey(c))], doc.forClass(c));
}

Json candidateJson(const policy::Candidate& c, const std::string& source)
{
    Json j = parseSource(source);
    j["position"] = c.position;
    j["execution_profile_id"] = c.executionProfileId;
    if (source.empty() || j.contains("enabled") || !c.enabled)
        j["enabled"] = c.enabled;

    const bool hadRules = j.contains("rules") && j["rules"].is_object() && !j["rules"].empty();
    if (c.policies && c.policies->version == policy::kSupportedPolicyVersion) {
        if (hadRules && c.rules.empty() && !j.contains("policies")) {
            // A migrated candidate: its policies take the place of its rules.
            Json replaced = Json::object();
            for (auto it = j.begin(); it != j.end(); ++it) {
                if (it.key() == "rules")
                    writePolicies(replaced["policies"], *c.policies);
                else
                    replaced[it.key()] = it.value();
            }
            return replaced;
        }
        writePolicies(j["policies"], *c.policies);
    }
    if (!c.rules.empty()) {
        Json rules = Json::object();
        for (const auto& r : c.rules)
            rules[r.key] = r.action;
        j["rules"] = std::move(rules);
    } else if (hadRules) {
        j.erase("rules");
    }
    return j;
}

// Collects output text in pieces of about kPieceBytes, each allocated at its
// exact size, so a large document never needs one contiguous buffer (nor the
// doubling slack of a growing one).
class PieceWriter
{
public:
    static constexpr std::size_t kPieceBytes = 64 * 1024;

    explicit PieceWriter(Layout layout)
        : m_compact(layout == Layout::Compact)
    {
    }

    void write(std::string_view text)
    {
        m_current += text;
        if (m_current.size() >= kPieceBytes)
            flush();
    }
    // Indented: a new line at column `indent`; compact: nothing.
    void lineBreak(std::size_t indent)
    {
        if (m_compact)
            return;
        write("\n");
        m_current.append(indent, ' ');
    }
    void keySeparator()
    {
        write(m_compact ? ":" : ": ");
    }
    // `value` as nlohmann prints it (indented by 2, starting at column
    // `indent`, or compact). JSON strings hold no raw newline, so every '\n'
    // in the dump starts a line.
    void writeValue(const Json& value, std::size_t indent)
    {
        const std::string text = value.dump(m_compact ? -1 : 2);
        std::size_t from = 0;
        for (std::size_t nl = text.find('\n'); nl != std::string::npos; nl = text.find('\n', from)) {
            write(std::string_view(text).substr(from, nl + 1 - from));
            m_current.append(indent, ' ');
            from = nl + 1;
        }
        write(std::string_view(text).substr(from));
    }
    std::vector<std::string> take()
    {
        flush();
        return std::move(m_pieces);
    }

private:
    void flush()
    {
        if (m_current.empty())
            return;
        m_pieces.push_back(m_current);  // a copy: exact size; m_current keeps its buffer
        m_current.clear();
    }
    bool m_compact = false;
    std::string m_current;
    std::vector<std::string> m_pieces;
};

// Writes `object` as dump would, except that the member `child` is written
// by `writeChild` (a record's children are built one at a time, never as one
// tree).
template <typename WriteChild>
void writeObject(
    PieceWriter& out, const Json& object, std::size_t indent, std::string_view child, WriteChild&& writeChild)
{
    if (object.empty()) {
        out.write("{}");
        return;
    }
    out.write("{");
    bool first = true;
    for (auto it = object.begin(); it != object.end(); ++it) {
        if (!first)
            out.write(",");
        first = false;
        out.lineBreak(indent + 2);
        out.write(jsonQuoted(it.key()));
        out.keySeparator();
        if (it.key() == child)
            writeChild(indent + 2);
        else
            out.writeValue(it.value(), indent + 2);
    }
    out.lineBreak(indent);
    out.write("}");
}

template <typename Items, typename WriteItem>
void writeArray(PieceWriter& out, const Items& items, std::size_t indent, WriteItem&& writeItem)
{
    if (items.empty()) {
        out.write("[]");
        return;
    }
    out.write("[");
    for (std::size_t i = 0; i < items.size(); ++i) {
        if (i > 0)
            out.write(",");
        out.lineBreak(indent + 2);
        writeItem(items[i], i, indent + 2);
    }
    out.lineBreak(indent);
    out.write("]");
}

void writeDynamic(PieceWriter& out, const DynamicRecord& d, std::size_t indent)
{
    Json j = parseSource(d.source);
    if (d.version)
        j["version"] = *d.version;
    j["candidates"] = nullptr;  // keeps its place; written below
    writeObject(out, j, indent, "candidates", [&](std::size_t at) {
        writeArray(out, d.candidates, at, [&](const policy::Candidate& c, std::size_t i, std::size_t itemIndent) {
            const std::string& source = i < d.candidateSources.size() ? d.candidateSources[i] : std::string();
            out.writeValue(candidateJson(c, source), itemIndent);
        });
    });
}

void writeProfile(PieceWriter& out, const ProfileRecord& p, std::size_t indent)
{
    Json j = parseSource(p.source);
    if (p.source.empty()) {
        j["id"] = p.id;
        j["name"] = p.name;
        j["kind"] = p.kind;
        j["enabled"] = p.enabled;
        j["auto_fallback"] = p.autoFallback;
        if (p.deleted)
            j["deleted_at"] = p.deletedAt;
        if (p.agentName)
            j["agent_name"] = p.agentMissing ? Json(nullptr) : Json(*p.agentName);
        if (p.workspaceId)
            j["workspace_id"] = *p.workspaceId;
        if (p.role)
            j["role"] = *p.role;
    } else {
        // The editor edits a profile's name and enabled flag: written where
        // the file has them, or where they differ from what their absence means.
        if (j.contains("name") || !p.name.empty())
            j["name"] = p.name;
        if (j.contains("enabled") || !p.enabled)
            j["enabled"] = p.enabled;
    }
    if (!p.dynamic) {
        out.writeValue(j, indent);
        return;
    }
    j["dynamic"] = nullptr;
    writeObject(out, j, indent, "dynamic", [&](std::size_t at) { writeDynamic(out, *p.dynamic, at); });
}

void writeProfiles(PieceWriter& out, const std::vector<ProfileRecord>& profiles, std::size_t indent)
{
    writeArray(out, profiles, indent,
        [&](const ProfileRecord& p, std::size_t, std::size_t itemIndent) { writeProfile(out, p, itemIndent); });
}

}  // namespace

ParseResult parseDocument(std::string_view text, SchemaFiles schemaFiles, RecordSources sources)
{
    ParseResult result;
    Json root;
    if (auto error = detail::parseJsonText(text, root)) {
        result.errors.push_back(std::move(*error));
        return result;
    }

    Decoder decoder(text, sources);
    Document doc;
    doc.writable = sources == RecordSources::Keep;
    if (root.is_array()) {
        doc.shape = FileShape::ExportArray;
        doc.profiles = decoder.profiles(root, "");
    } else if (root.is_object() && root.contains("profiles")) {
        doc.shape = FileShape::ExportObject;
        if (sources == RecordSources::Keep)
            doc.source = dumpWithoutChild(root, "profiles");
        if (!root["profiles"].is_array())
            decoder.typeError("profiles", "an array of agent profiles", root["profiles"]);
        else
            doc.profiles = decoder.profiles(root["profiles"], "profiles");
    } else if (root.is_object() && root.contains("candidates")) {
        doc.shape = FileShape::DynamicDocument;
        ProfileRecord bare;
        bare.dynamic = decoder.dynamic(root, "");
        doc.profiles.push_back(std::move(bare));
    } else if (root.is_object() && (root.contains("dynamic") || root.contains("id") || root.contains("kind"))) {
        doc.shape = FileShape::AgentProfile;
        doc.profiles.push_back(decoder.profile(root, ""));
        if (!doc.profiles.front().dynamic && !decoder.failed())
            decoder.error(
                "dynamic", "this agent profile is not dynamic: it has no \"dynamic\" document", "not_dynamic");
    } else {
        result.errors.push_back({"",
            "not a policy document: expected a dynamic profile (\"candidates\"), an agent "
            "profile (\"dynamic\") or an export (an array, or \"profiles\")",
            1, 1, "not_a_document"});
        return result;
    }

    result.errors = decoder.takeErrors();
    if (result.errors.empty()) {
        if (schemaFiles == SchemaFiles::Check)
            result.schemaErrors = detail::validateTreeAgainstSchema(root, text, doc.shape);
        result.document = std::move(doc);
    }
    return result;
}

RulesJson parseRulesJson(std::string_view text)
{
    RulesJson result;
    if (text.find_first_not_of(" \t\r\n") == std::string_view::npos)
        return result;  // neither rules nor policies: the default document
    Json value;
    if (auto error = detail::parseJsonText(text, value)) {
        result.errors.push_back(std::move(*error));
        return result;
    }
    if (value.is_null() || (value.is_object() && value.empty()))
        return result;
    Decoder decoder(text, RecordSources::Drop);  // a rules_json value has no records
    const bool policies = value.is_object()
        && (value.contains(std::string(policy::keys::kVersion)) || value.contains(std::string(policy::keys::kTransient))
            || value.contains(std::string(policy::keys::kHard)));
    if (policies)
        result.policies = decoder.policies(value, "");
    else
        result.rules = decoder.rules(value, "");
    result.errors = decoder.takeErrors();
    return result;
}

std::vector<std::string> serializeDocumentPieces(const Document& document, Layout layout)
{
    if (!document.writable)
        throw std::logic_error("a document read without its records' sources cannot be written");
    PieceWriter out(layout);
    switch (document.shape) {
    case FileShape::DynamicDocument:
        if (document.profiles.empty() || !document.profiles.front().dynamic)
            out.write("{}");
        else
            writeDynamic(out, *document.profiles.front().dynamic, 0);
        break;
    case FileShape::AgentProfile:
        if (document.profiles.empty())
            out.write("{}");
        else
            writeProfile(out, document.profiles.front(), 0);
        break;
    case FileShape::ExportArray: writeProfiles(out, document.profiles, 0); break;
    case FileShape::ExportObject: {
        Json root = parseSource(document.source);
        root["profiles"] = nullptr;
        writeObject(out, root, 0, "profiles", [&](std::size_t at) { writeProfiles(out, document.profiles, at); });
        break;
    }
    }
    if (layout == Layout::Indented)
        out.write("\n");
    return out.take();
}

std::string serializeClassPolicy(const policy::ClassPolicy& policy)
{
    Json j = Json::object();
    writeClass(j, policy);
    return j.dump();
}

std::string serializePolicies(const policy::PolicyDocument& policies)
{
    Json j = Json::object();
    writePolicies(j, policies);
    return j.dump();
}

std::string serializeRulesJson(const policy::Candidate& candidate)
{
    if (candidate.policies)
        return serializePolicies(*candidate.policies);
    Json rules = Json::object();
    for (const auto& r : candidate.rules)
        rules[r.key] = r.action;
    return rules.dump();
}

std::string serializeDocument(const Document& document)
{
    return joinPieces(serializeDocumentPieces(document));
}

std::vector<std::string> compactPieces(const std::vector<std::string>& indented)
{
    std::vector<std::string> out;
    out.reserve(indented.size());
    bool inString = false;
    bool escaped = false;  // a string's state carries over from one piece to the next
    for (const std::string& piece : indented) {
        std::string compact;
        compact.reserve(piece.size());
        for (const char c : piece) {
            if (inString) {
                inString = escaped || c != '"';
                escaped = !escaped && c == '\\';
            } else if (c == ' ' || c == '\n' || c == '\t' || c == '\r') {
                continue;
            } else {
                inString = c == '"';
            }
            compact += c;
        }
        out.push_back(std::move(compact));
    }
    return out;
}

std::string joinPieces(const std::vector<std::string>& pieces)
{
    std::size_t size = 0;
    for (const auto& p : pieces)
        size += p.size();
    std::string text;
    text.reserve(size);
    for (const auto& p : pieces)
        text += p;
    return text;
}

}  // namespace format
