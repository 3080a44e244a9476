// SPDX-License-Identifier: Apache-2.0
#include "rules/rules_file.h"

#include "format/locate.h"

#include <nlohmann/json.hpp>

#include <array>
#include <set>
#include <span>
#include <string>

namespace rules
{
namespace
{

using Json = nlohmann::json;

// A rules file nests four levels; anything far deeper is refused before the
// recursive parser could exhaust the stack.
constexpr std::size_t kMaxDepth = 64;

std::string inQuotes(std::string_view s)
{
    return "\"" + std::string(s) + "\"";
}

std::string joined(std::span<const std::string_view> names)
{
    std::string out;
    for (const std::string_view n : names)
        out += (out.empty() ? "" : ", ") + std::string(n);
    return out;
}

// Offset of the first bracket deeper than kMaxDepth, outside strings.
std::optional<std::size_t> excessiveNesting(std::string_view text)
{
    std::size_t depth = 0;
    bool inString = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (inString) {
            if (c == '\\')
                ++i;
            else if (c == '"')
                inString = false;
        } else if (c == '"') {
            inString = true;
        } else if (c == '{' || c == '[') {
            if (++depth > kMaxDepth)
                return i;
        } else if ((c == '}' || c == ']') && depth > 0) {
            --depth;
        }
    }
    return std::nullopt;
}

// Finds keys repeated in one object while the parser runs: nlohmann keeps the
// last silently, and a rule must not be read as something its file does not say.
class DuplicateKeyFinder
{
public:
    bool operator()(int, Json::parse_event_t event, Json& parsed)
    {
        switch (event) {
        case Json::parse_event_t::object_start: m_frames.push_back({false, 0, {}, childPath()}); break;
        case Json::parse_event_t::array_start: m_frames.push_back({true, 0, {}, childPath()}); break;
        case Json::parse_event_t::object_end:
        case Json::parse_event_t::array_end: m_frames.pop_back(); break;
        case Json::parse_event_t::key:
            m_key = parsed.get<std::string>();
            if (!m_frames.back().keys.insert(m_key).second && !m_duplicate)
                m_duplicate = std::pair {format::joinPath(m_frames.back().path, m_key), m_key};
            break;
        case Json::parse_event_t::value: childPath(); break;
        }
        return true;
    }
    const std::optional<std::pair<std::string, std::string>>& duplicate() const
    {
        return m_duplicate;
    }

private:
    struct Frame {
        bool array;
        std::size_t next;
        std::set<std::string> keys;
        std::string path;
    };
    // The path of the value starting now; advances the index of an array.
    std::string childPath()
    {
        if (m_frames.empty())
            return {};
        Frame& f = m_frames.back();
        return f.array ? format::indexPath(f.path, f.next++) : format::joinPath(f.path, m_key);
    }
    std::vector<Frame> m_frames;
    std::string m_key;
    std::optional<std::pair<std::string, std::string>> m_duplicate;
};

class Reader
{
public:
    explicit Reader(std::string_view text)
        : m_errors(text)
    {
    }

    std::optional<RuleSet> read(const Json& root)
    {
        if (!expectType(root, Json::value_t::object, "", "an object"))
            return std::nullopt;
        RuleSet set;
        for (const auto& [key, value] : root.items()) {
            if (key != keys::kVersion && key != keys::kBlocking && key != keys::kRules && key != keys::kExceptions
                && key != kSchemaKey)
                unknownKey("", key);
        }
        if (const Json* v = member(root, "", keys::kVersion, true); v && integer(*v, std::string(keys::kVersion))) {
            const bool supported = v->is_number_unsigned()
                ? v->get<std::uint64_t>() == std::uint64_t(kSupportedRulesVersion)
                : v->get<std::int64_t>() == kSupportedRulesVersion;
            if (!supported)
                add(std::string(keys::kVersion), codes::kUnsupportedVersion,
                    "unsupported rules file version " + v->dump() + "; this build reads version "
                        + std::to_string(kSupportedRulesVersion),
                    {v->dump(), std::to_string(kSupportedRulesVersion)});
        }
        if (const Json* v = member(root, "", keys::kBlocking, false);
            v && expectType(*v, Json::value_t::boolean, std::string(keys::kBlocking), "true or false"))
            set.blocking = v->get<bool>();
        if (const Json* v = member(root, "", kSchemaKey, false))
            expectString(*v, std::string(kSchemaKey));
        std::set<std::string> ids;
        if (const Json* list = member(root, "", keys::kRules, true);
            list && expectType(*list, Json::value_t::array, std::string(keys::kRules), "an array of rules")) {
            for (std::size_t i = 0; i < list->size(); ++i) {
                const std::string path = format::indexPath(keys::kRules, i);
                if (auto rule = readRule((*list)[i], path)) {
                    if (!rule->id.empty() && !ids.insert(rule->id).second)  // a missing id is said already
                        add(format::joinPath(path, keys::kId), codes::kDuplicateId,
                            "rule id " + inQuotes(rule->id) + " is used by an earlier rule", {rule->id});
                    set.rules.push_back(std::move(*rule));
                }
            }
        }
        if (const Json* list = member(root, "", keys::kExceptions, false);
            list && expectType(*list, Json::value_t::array, std::string(keys::kExceptions), "an array of exceptions")) {
            for (std::size_t i = 0; i < list->size(); ++i) {
                const std::string path = format::indexPath(keys::kExceptions, i);
                if (auto exception = readException((*list)[i], path)) {
                    if (!exception->rule.empty() && !ids.count(exception->rule))
                        add(format::joinPath(path, keys::kRule), codes::kUnknownRule,
                            "no rule has the id " + inQuotes(exception->rule), {exception->rule});
                    set.exceptions.push_back(std::move(*exception));
                }
            }
        }
        if (!m_errors.empty())
            return std::nullopt;
        return set;
    }

    void add(std::string path, std::string_view code, std::string message, std::vector<std::string> args)
    {
        m_errors.add({std::move(path), std::move(message), 0, 0, std::string(code), std::move(args)});
    }

    std::vector<format::Diagnostic> take()
    {
        return m_errors.take();
    }

private:
    static constexpr std::string_view kSchemaKey = "$schema";  // lets an editor find the schema

    std::optional<Rule> readRule(const Json& json, const std::string& path)
    {
        if (!expectType(json, Json::value_t::object, path, "an object"))
            return std::nullopt;
        Rule rule;
        rule.path = path;
        const Json* kindJson = member(json, path, keys::kKind, true);
        std::optional<RuleKind> kind;
        if (kindJson && expectString(*kindJson, format::joinPath(path, keys::kKind))) {
            kind = findKind(kindJson->get<std::string>());
            if (!kind) {
                std::vector<std::string_view> names;
                for (const KindDescriptor& d : kKindDescriptors)
                    names.push_back(d.name);
                add(format::joinPath(path, keys::kKind), codes::kUnknownKind,
                    "unknown rule kind " + inQuotes(kindJson->get<std::string>()) + "; the kinds are " + joined(names),
                    {kindJson->get<std::string>()});
            }
        }
        for (const auto& [key, value] : json.items()) {
            const bool known = key == keys::kId || key == keys::kKind || key == keys::kClass || key == keys::kValue
                || key == keys::kAgents || key == keys::kProfiles || key == keys::kOutcome || key == keys::kSeverity
                || key == keys::kMessage || key == keys::kAppliesTo;
            if (!known)
                unknownKey(path, key);
            else if (kind && !takes(descriptor(*kind), key))
                add(format::joinPath(path, key), codes::kNotForKind,
                    "a " + std::string(descriptor(*kind).name) + " rule takes no " + inQuotes(key),
                    {key, std::string(descriptor(*kind).name)});
        }
        if (const Json* v = member(json, path, keys::kId, true);
            v && nonEmptyString(*v, format::joinPath(path, keys::kId)))
            rule.id = v->get<std::string>();
        if (const Json* v = member(json, path, keys::kSeverity, true))
            rule.severity = enumValue(*v, format::joinPath(path, keys::kSeverity), kSeverityNames, Severity::Error);
        if (const Json* v = member(json, path, keys::kMessage, false);
            v && expectString(*v, format::joinPath(path, keys::kMessage)))
            rule.message = v->get<std::string>();
        if (const Json* v = member(json, path, keys::kAppliesTo, false))
            rule.appliesTo = globs(*v, format::joinPath(path, keys::kAppliesTo));
        if (!kind)
            return std::nullopt;
        rule.kind = *kind;
        const KindDescriptor& d = descriptor(*kind);
        if (d.takesClass) {
            if (const Json* v = member(json, path, keys::kClass, false)) {
                const std::array<std::string_view, 2> classes {
                    policy::classKey(policy::ErrorClass::Transient), policy::classKey(policy::ErrorClass::Hard)};
                rule.errorClass = enumValue(*v, format::joinPath(path, keys::kClass), classes, std::size_t {0}) == 0
                    ? policy::ErrorClass::Transient
                    : policy::ErrorClass::Hard;
            }
        }
        if (d.value != ValueType::None) {
            const std::string valuePath = format::joinPath(path, keys::kValue);
            if (const Json* v = member(json, path, keys::kValue, true); v && integer(*v, valuePath)) {
                const bool inBounds = v->is_number_unsigned()
                    ? v->get<std::uint64_t>() <= std::uint64_t(d.max) && v->get<std::uint64_t>() >= std::uint64_t(d.min)
                    : v->get<std::int64_t>() >= d.min && v->get<std::int64_t>() <= d.max;
                if (!inBounds)
                    add(valuePath, codes::kOutOfBounds,
                        "must be between " + std::to_string(d.min) + " and " + std::to_string(d.max) + " (found "
                            + v->dump() + ")",
                        {v->dump(), std::to_string(d.min), std::to_string(d.max)});
                else
                    rule.value = v->get<std::int64_t>();
            }
        }
        if (d.takesGlobs) {
            const Json* agents = member(json, path, keys::kAgents, false);
            const Json* profiles = member(json, path, keys::kProfiles, false);
            if (!agents && !profiles)
                add(path, codes::kNeedsGlobs,
                    "a " + std::string(d.name) + " rule needs \"agents\", \"profiles\" or both", {std::string(d.name)});
            if (agents)
                rule.agents = globs(*agents, format::joinPath(path, keys::kAgents));
            if (profiles)
                rule.profiles = globs(*profiles, format::joinPath(path, keys::kProfiles));
        }
        if (d.takesOutcome) {
            if (const Json* v = member(json, path, keys::kOutcome, false))
                rule.ending
                    = enumValue(*v, format::joinPath(path, keys::kOutcome), kExpectedEndingNames, ExpectedEnding::Stop);
        }
        return rule;
    }

    std::optional<RuleException> readException(const Json& json, const std::string& path)
    {
        if (!expectType(json, Json::value_t::object, path, "an object"))
            return std::nullopt;
        for (const auto& [key, value] : json.items()) {
            if (key != keys::kRule && key != keys::kProfile && key != keys::kReason)
                unknownKey(path, key);
        }
        RuleException e;
        for (const auto& [key, field] : {std::pair {keys::kRule, &e.rule}, std::pair {keys::kProfile, &e.profile},
                 std::pair {keys::kReason, &e.reason}}) {
            if (const Json* v = member(json, path, key, true); v && nonEmptyString(*v, format::joinPath(path, key)))
                *field = v->get<std::string>();
        }
        return e;
    }

    static bool takes(const KindDescriptor& d, std::string_view key)
    {
        if (key == keys::kClass)
            return d.takesClass;
        if (key == keys::kValue)
            return d.value != ValueType::None;
        if (key == keys::kAgents || key == keys::kProfiles)
            return d.takesGlobs;
        if (key == keys::kOutcome)
            return d.takesOutcome;
        return true;
    }

    const Json* member(const Json& object, const std::string& path, std::string_view key, bool required)
    {
        const auto it = object.find(std::string(key));
        if (it != object.end())
            return &*it;
        if (required)
            add(path, codes::kMissing, inQuotes(key) + " is required", {std::string(key)});
        return nullptr;
    }

    void unknownKey(const std::string& path, const std::string& key)
    {
        add(format::joinPath(path, key), codes::kUnknownKey, "unknown key " + inQuotes(key), {key});
    }

    bool expectType(const Json& v, Json::value_t type, const std::string& path, std::string_view expected)
    {
        if (v.type() == type)
            return true;
        add(path, codes::kWrongType, "must be " + std::string(expected) + " (found " + v.type_name() + ")",
            {std::string(expected)});
        return false;
    }

    bool expectString(const Json& v, const std::string& path)
    {
        return expectType(v, Json::value_t::string, path, "a string");
    }

    bool nonEmptyString(const Json& v, const std::string& path)
    {
        if (!expectString(v, path))
            return false;
        if (!v.get<std::string>().empty())
            return true;
        add(path, codes::kEmpty, "must not be empty", {});
        return false;
    }

    bool integer(const Json& v, const std::string& path)
    {
        if (v.is_number_integer())
            return true;
        add(path, codes::kWrongType, "must be an integer (found " + (v.is_number() ? v.dump() : v.type_name()) + ")",
            {"an integer"});
        return false;
    }

    template <typename E, std::size_t N>
    E enumValue(const Json& v, const std::string& path, const std::array<std::string_view, N>& names, E fallback)
    {
        if (!expectString(v, path))
            return fallback;
        const std::string s = v.get<std::string>();
        for (std::size_t i = 0; i < N; ++i) {
            if (names[i] == s)
                return static_cast<E>(i);
        }
        const std::string allowed = joined(names);
        add(path, codes::kBadEnum, "must be one of " + allowed + " (found " + inQuotes(s) + ")", {s, allowed});
        return fallback;
    }

    std::vector<std::string> globs(const Json& v, const std::string& path)
    {
        std::vector<std::string> out;
        if (!expectType(v, Json::value_t::array, path, "an array of strings"))
            return out;
        if (v.empty())
            add(path, codes::kEmpty, "must not be empty", {});
        for (std::size_t i = 0; i < v.size(); ++i) {
            if (nonEmptyString(v[i], format::indexPath(path, i)))
                out.push_back(v[i].get<std::string>());
        }
        return out;
    }

    format::DiagnosticCollector m_errors;
};

}  // namespace

RulesFileResult readRulesFile(std::string_view text)
{
    RulesFileResult result;
    if (text.size() > kMaxRulesFileBytes) {
        // Refused unread: the whole file is the place.
        result.errors.push_back({"", "the rules file is larger than " + std::to_string(kMaxRulesFileBytes) + " bytes",
            1, 1, std::string(codes::kTooLarge), {std::to_string(text.size())}});
        return result;
    }
    if (const auto deep = excessiveNesting(text)) {
        format::Diagnostic d {"", "nested deeper than " + std::to_string(kMaxDepth) + " levels", 0, 0,
            std::string(codes::kSyntax), {"nesting"}};
        const format::TextPosition p = format::positionOfOffset(text, *deep);
        d.line = p.line;
        d.column = p.column;
        result.errors.push_back(std::move(d));
        return result;
    }
    Reader reader(text);
    DuplicateKeyFinder duplicates;
    Json root;
    try {
        root = Json::parse(text.begin(), text.end(), std::ref(duplicates));
    } catch (const Json::parse_error& e) {
        const std::string what = e.what();
        // nlohmann's message: "[json.exception.parse_error.101] parse error at line 1, column 2: <why>"
        const auto colon = what.find(": ");
        format::Diagnostic d {"", "not valid JSON: " + (colon == std::string::npos ? what : what.substr(colon + 2)), 0,
            0, std::string(codes::kSyntax), {what}};
        const format::TextPosition p = format::positionOfOffset(text, e.byte > 0 ? e.byte - 1 : 0);
        d.line = p.line;
        d.column = p.column;
        result.errors.push_back(std::move(d));
        return result;
    } catch (const Json::out_of_range& e) {
        // A number no double holds ("1e400"): valid JSON text, but unreadable,
        // so an error at the number (nlohmann names it, not its place).
        const std::string what = e.what();
        const auto open = what.find('\'');
        const auto close = what.rfind('\'');
        const std::string number
            = open != std::string::npos && close > open ? what.substr(open + 1, close - open - 1) : std::string();
        const std::size_t at = number.empty() ? std::string_view::npos : text.find(number);
        format::Diagnostic d {"", "a number too large to read: " + number, 0, 0, std::string(codes::kSyntax), {what}};
        const format::TextPosition p = format::positionOfOffset(text, at == std::string_view::npos ? 0 : at);
        d.line = p.line;
        d.column = p.column;
        result.errors.push_back(std::move(d));
        return result;
    }
    if (const auto& dup = duplicates.duplicate())
        reader.add(
            dup->first, codes::kDuplicateKey, "the key " + inQuotes(dup->second) + " appears twice", {dup->second});
    result.ruleSet = reader.read(root);
    result.errors = reader.take();
    if (!result.errors.empty())
        result.ruleSet.reset();
    return result;
}

}  // namespace rules
