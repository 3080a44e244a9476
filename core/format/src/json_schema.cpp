// SPDX-License-Identifier: Apache-2.0
#include "json_schema.h"

#include "format/diagnostic.h"

#include <cmath>
#include <map>
#include <optional>
#include <stdexcept>

namespace format::detail
{

using Json = nlohmann::ordered_json;

namespace
{

// JSON Schema's types as bits; "number" is Integer | Fraction.
enum TypeBit : unsigned {
    Null = 1,
    Boolean = 2,
    Integer = 4,
    Fraction = 8,
    String = 16,
    Array = 32,
    Object = 64,
};
constexpr unsigned kAnyType = Null | Boolean | Integer | Fraction | String | Array | Object;

// Draft-07: a number with a zero fractional part is an integer, 1.0 too.
unsigned typeOf(const Json& v)
{
    switch (v.type()) {
    case Json::value_t::null: return Null;
    case Json::value_t::boolean: return Boolean;
    case Json::value_t::number_integer:
    case Json::value_t::number_unsigned: return Integer;
    case Json::value_t::number_float: {
        const double d = v.get<double>();
        return std::isfinite(d) && std::floor(d) == d ? Integer : Fraction;
    }
    case Json::value_t::string: return String;
    case Json::value_t::array: return Array;
    case Json::value_t::object: return Object;
    default: return 0;
    }
}

unsigned typeNamed(std::string_view name)
{
    if (name == "null")
        return Null;
    if (name == "boolean")
        return Boolean;
    if (name == "integer")
        return Integer;
    if (name == "number")
        return Integer | Fraction;
    if (name == "string")
        return String;
    if (name == "array")
        return Array;
    if (name == "object")
        return Object;
    return 0;
}

std::string describeTypes(unsigned types)
{
    static constexpr std::pair<unsigned, const char*> kNames[]
        = {{Object, "an object"}, {Array, "an array"}, {String, "a string"}, {Integer | Fraction, "a number"},
            {Integer, "an integer"}, {Fraction, "a fractional number"}, {Boolean, "true or false"}, {Null, "null"}};
    std::vector<const char*> names;
    for (const auto& [bits, name] : kNames) {
        if ((types & bits) == bits) {
            names.push_back(name);
            types &= ~bits;
        }
    }
    std::string out;
    for (std::size_t i = 0; i < names.size(); ++i)
        out += std::string(i == 0 ? "" : i + 1 == names.size() ? " or " : ", ") + names[i];
    return out.empty() ? "nothing" : out;
}

// Code points, as JSON Schema counts a string's length.
std::size_t codePoints(const std::string& s)
{
    std::size_t n = 0;
    for (const unsigned char c : s)
        n += (c & 0xC0) != 0x80;
    return n;
}

std::string shortNumber(double d)
{
    return std::floor(d) == d && std::fabs(d) < 1e15 ? std::to_string(static_cast<long long>(d)) : Json(d).dump();
}

}  // namespace

struct CompiledSchema::Node {
    const Node* ref = nullptr;  // $ref: that node decides, siblings are not allowed
    bool alwaysFails = false;  // the schema `false`
    unsigned types = kAnyType;
    std::vector<std::string> required;
    std::vector<std::pair<std::string, const Node*>> properties;
    bool additionalAllowed = true;
    const Node* additionalSchema = nullptr;
    const Node* items = nullptr;
    std::optional<std::size_t> minItems;
    std::optional<std::size_t> minLength;
    std::optional<double> minimum;
    std::optional<double> maximum;
    std::optional<Json> constValue;
    std::vector<Json> enumValues;
    std::vector<const Node*> oneOf;
    std::vector<const Node*> anyOf;
    std::vector<const Node*> allOf;
    const Node* notSchema = nullptr;
    const Node* ifSchema = nullptr;
    const Node* thenSchema = nullptr;
    const Node* elseSchema = nullptr;
};

namespace
{

using Node = CompiledSchema::Node;

std::string escapePointerToken(std::string_view token)
{
    std::string out;
    for (const char c : token)
        out += c == '~' ? "~0" : c == '/' ? "~1" : std::string(1, c);
    return out;
}

// Compiles schema files into nodes, each (file, JSON pointer) once, so a
// $ref to a definition used in many places, or to itself, is one node.
class Compiler
{
public:
    Compiler(const CompiledSchema::Loader& load, std::vector<std::unique_ptr<Node>>& nodes)
        : m_load(load)
        , m_nodes(nodes)
    {
    }

    const Node* at(const std::string& file, const std::string& pointer)
    {
        const std::string key = file + '#' + pointer;
        if (const auto it = m_compiled.find(key); it != m_compiled.end())
            return it->second;
        const Json* schema = nullptr;
        try {
            schema = &document(file).at(Json::json_pointer(pointer));
        } catch (const nlohmann::json::exception&) {
            throw std::invalid_argument(key + ": the schema refers to a place that does not exist");
        }
        m_nodes.push_back(std::make_unique<Node>());
        Node& node = *m_nodes.back();
        m_compiled.emplace(key, &node);  // before its children: a schema may refer to itself
        compile(node, *schema, file, pointer);
        return &node;
    }

    // Every chain of $ref ends at a node that checks something.
    void checkRefChains() const
    {
        for (const auto& node : m_nodes) {
            const Node* n = node.get();
            for (std::size_t steps = 0; n->ref; ++steps) {
                if (steps > m_nodes.size())
                    throw std::invalid_argument("a $ref refers to itself through other $refs only");
                n = n->ref;
            }
        }
    }

private:
    const Json& document(const std::string& file)
    {
        if (const auto it = m_documents.find(file); it != m_documents.end())
            return it->second;
        const std::string_view text = m_load(file);
        if (text.empty())
            throw std::invalid_argument(file + ": no such schema file");
        try {
            return m_documents.emplace(file, Json::parse(text)).first->second;
        } catch (const nlohmann::json::exception& e) {
            throw std::invalid_argument(file + ": " + e.what());
        }
    }

    const Node* ref(const std::string& file, const std::string& target)
    {
        const auto hash = target.find('#');
        const std::string targetFile = hash == 0 ? file : target.substr(0, hash);
        const std::string pointer = hash == std::string::npos ? std::string() : target.substr(hash + 1);
        return at(targetFile, pointer);
    }

    std::vector<const Node*> list(const Json& value, const std::string& file, const std::string& pointer)
    {
        if (!value.is_array() || value.empty())
            throw std::invalid_argument(file + '#' + pointer + ": expected a non-empty array of schemas");
        std::vector<const Node*> out;
        for (std::size_t i = 0; i < value.size(); ++i)
            out.push_back(at(file, pointer + '/' + std::to_string(i)));
        return out;
    }

    static std::size_t count(const Json& value, const std::string& where)
    {
        if (!value.is_number_unsigned() && !(value.is_number_integer() && value.get<long long>() >= 0))
            throw std::invalid_argument(where + ": expected a non-negative integer");
        return value.get<std::size_t>();
    }

    static double number(const Json& value, const std::string& where)
    {
        if (!value.is_number())
            throw std::invalid_argument(where + ": expected a number");
        return value.get<double>();
    }

    static bool isAnnotation(std::string_view keyword)
    {
        // definitions are compiled when a $ref reaches them
        return keyword == "$schema" || keyword == "$id" || keyword == "$comment" || keyword == "title"
            || keyword == "description" || keyword == "definitions" || keyword == "default" || keyword == "examples";
    }

    void compile(Node& node, const Json& schema, const std::string& file, const std::string& pointer)
    {
        const std::string where = file + '#' + pointer;
        if (schema.is_boolean()) {
            node.alwaysFails = !schema.get<bool>();
            return;
        }
        if (!schema.is_object())
            throw std::invalid_argument(where + ": a schema is an object or a boolean");
        const bool hasRef = schema.contains("$ref");
        for (const auto& [keyword, value] : schema.items()) {
            if (isAnnotation(keyword))
                continue;
            if (hasRef && keyword != "$ref")  // draft-07 ignores them, which a reader would not expect
                throw std::invalid_argument(where + ": keywords beside $ref are ignored by draft-07; use allOf");
            compileKeyword(node, keyword, value, file, pointer + '/' + escapePointerToken(keyword));
        }
    }

    void compileKeyword(
        Node& node, const std::string& keyword, const Json& value, const std::string& file, const std::string& here)
    {
        const std::string whereKeyword = file + '#' + here;
        if (keyword == "$ref") {
            if (!value.is_string())
                throw std::invalid_argument(whereKeyword + ": expected a string");
            node.ref = ref(file, value.get<std::string>());
        } else if (keyword == "type") {
            node.types = 0;
            const auto add = [&](const Json& name) {
                const unsigned bits = name.is_string() ? typeNamed(name.get<std::string>()) : 0;
                if (!bits)
                    throw std::invalid_argument(whereKeyword + ": unknown type " + name.dump());
                node.types |= bits;
            };
            if (value.is_array()) {
                for (const auto& name : value)
                    add(name);
            } else {
                add(value);
            }
        } else if (keyword == "required") {
            if (!value.is_array())
                throw std::invalid_argument(whereKeyword + ": expected an array of names");
            for (const auto& name : value) {
                if (!name.is_string())
                    throw std::invalid_argument(whereKeyword + ": expected an array of names");
                node.required.push_back(name.get<std::string>());
            }
        } else if (keyword == "properties") {
            if (!value.is_object())
                throw std::invalid_argument(whereKeyword + ": expected an object of schemas");
            for (const auto& [name, sub] : value.items())
                node.properties.emplace_back(name, at(file, here + '/' + escapePointerToken(name)));
        } else if (keyword == "additionalProperties") {
            if (value.is_boolean())
                node.additionalAllowed = value.get<bool>();
            else
                node.additionalSchema = at(file, here);
        } else if (keyword == "items") {
            if (!value.is_object() && !value.is_boolean())
                throw std::invalid_argument(whereKeyword + ": only one schema for every item is supported");
            node.items = at(file, here);
        } else if (keyword == "minItems") {
            node.minItems = count(value, whereKeyword);
        } else if (keyword == "minLength") {
            node.minLength = count(value, whereKeyword);
        } else if (keyword == "minimum") {
            node.minimum = number(value, whereKeyword);
        } else if (keyword == "maximum") {
            node.maximum = number(value, whereKeyword);
        } else if (keyword == "const") {
            node.constValue = value;
        } else if (keyword == "enum") {
            if (!value.is_array() || value.empty())
                throw std::invalid_argument(whereKeyword + ": expected a non-empty array");
            node.enumValues.assign(value.begin(), value.end());
        } else if (keyword == "oneOf") {
            node.oneOf = list(value, file, here);
        } else if (keyword == "anyOf") {
            node.anyOf = list(value, file, here);
        } else if (keyword == "allOf") {
            node.allOf = list(value, file, here);
        } else if (keyword == "not") {
            node.notSchema = at(file, here);
        } else if (keyword == "if") {
            node.ifSchema = at(file, here);
        } else if (keyword == "then") {
            node.thenSchema = at(file, here);
        } else if (keyword == "else") {
            node.elseSchema = at(file, here);
        } else {
            throw std::invalid_argument(whereKeyword + ": the keyword \"" + keyword + "\" is not supported");
        }
    }

    const CompiledSchema::Loader& m_load;
    std::vector<std::unique_ptr<Node>>& m_nodes;
    std::map<std::string, Json> m_documents;
    std::map<std::string, const Node*> m_compiled;
};

// Where the walk is: a chain of links on the stack, spelled only for an error.
struct PathLink {
    const PathLink* parent = nullptr;
    std::string_view key;
    std::size_t index = 0;
    bool isIndex = false;
};

std::string spell(const PathLink* link)
{
    std::vector<const PathLink*> chain;
    for (; link; link = link->parent)
        chain.push_back(link);
    std::string path;
    for (auto it = chain.rbegin(); it != chain.rend(); ++it)
        path = (*it)->isIndex ? indexPath(path, (*it)->index) : joinPath(path, (*it)->key);
    return path;
}

// Walks a value against a node; with no error list it stops at the first
// failure, which is how oneOf, anyOf, not and if count matches.
class Walker
{
public:
    explicit Walker(std::vector<SchemaError>* errors)
        : m_errors(errors)
    {
    }

    bool check(const Node* node, const Json& value, const PathLink* path)
    {
        while (node->ref)
            node = node->ref;
        if (node->alwaysFails)
            return fail(path, "no value is allowed here");
        const unsigned type = typeOf(value);
        if (!(node->types & type))
            return fail(path, "expected " + describeTypes(node->types) + ", found " + describeTypes(type));
        bool ok = true;
        const auto step = [&](bool passed) {
            ok = ok && passed;
            return ok || m_errors;  // go on: to the end when messages are wanted
        };
        if (node->constValue && !step(value == *node->constValue || fail(path, "must be " + node->constValue->dump())))
            return false;
        if (!node->enumValues.empty() && !step(isListed(node->enumValues, value) || failEnum(node, path)))
            return false;
        if ((type & (Integer | Fraction)) && !step(checkNumber(node, value.get<double>(), path)))
            return false;
        if (type == String && node->minLength && !step(checkLength(node, value.get_ref<const std::string&>(), path)))
            return false;
        if (type == Array && !step(checkArray(node, value, path)))
            return false;
        if (type == Object && !step(checkObject(node, value, path)))
            return false;
        if (!step(checkCombinations(node, value, path)))
            return false;
        return ok;
    }

private:
    bool fail(const PathLink* path, std::string message)
    {
        if (m_errors)
            m_errors->push_back({spell(path), std::move(message)});
        return false;
    }

    static bool isListed(const std::vector<Json>& values, const Json& value)
    {
        for (const auto& v : values) {
            if (v == value)
                return true;
        }
        return false;
    }

    bool failEnum(const Node* node, const PathLink* path)
    {
        std::string allowed;
        for (std::size_t i = 0; i < node->enumValues.size(); ++i)
            allowed += (i ? ", " : "") + node->enumValues[i].dump();
        return fail(path, "must be one of " + allowed);
    }

    bool checkNumber(const Node* node, double d, const PathLink* path)
    {
        bool ok = true;
        if (node->minimum && d < *node->minimum)
            ok = fail(path, "must be at least " + shortNumber(*node->minimum));
        if ((ok || m_errors) && node->maximum && d > *node->maximum)
            ok = fail(path, "must be at most " + shortNumber(*node->maximum));
        return ok;
    }

    bool checkLength(const Node* node, const std::string& s, const PathLink* path)
    {
        if (codePoints(s) >= *node->minLength)
            return true;
        return fail(path, "must be at least " + std::to_string(*node->minLength) + " characters long");
    }

    bool checkArray(const Node* node, const Json& value, const PathLink* path)
    {
        bool ok = true;
        if (node->minItems && value.size() < *node->minItems)
            ok = fail(path, "must hold at least " + std::to_string(*node->minItems) + " items");
        if (!node->items)
            return ok;
        for (std::size_t i = 0; i < value.size() && (ok || m_errors); ++i) {
            const PathLink link {path, {}, i, true};
            ok = check(node->items, value[i], &link) && ok;
        }
        return ok;
    }

    bool checkObject(const Node* node, const Json& value, const PathLink* path)
    {
        bool ok = true;
        for (const auto& name : node->required) {
            if (value.contains(name))
                continue;
            ok = fail(path, "the field \"" + name + "\" is missing");
            if (!m_errors)
                return false;
        }
        // One pass over the members, each looked up among the few declared
        // properties: an object of 100,000 unknown keys costs 100,000 steps.
        for (const auto& [key, member] : value.items()) {
            const Node* schema = nullptr;
            for (const auto& [name, property] : node->properties) {
                if (name == key) {
                    schema = property;
                    break;
                }
            }
            const PathLink link {path, key};
            if (!schema && !node->additionalAllowed)
                ok = fail(&link, "the field \"" + key + "\" is not allowed here");  // placed on the field itself
            else if (const Node* s = schema ? schema : node->additionalSchema)
                ok = check(s, member, &link) && ok;
            if (!ok && !m_errors)
                return false;
        }
        return ok;
    }

    bool checkCombinations(const Node* node, const Json& value, const PathLink* path)
    {
        bool ok = true;
        for (const Node* sub : node->allOf) {
            if (!(ok = check(sub, value, path) && ok) && !m_errors)
                return false;
        }
        if (!node->anyOf.empty() && !matchesAny(node->anyOf, value, path))
            ok = failCombination(node->anyOf, value, path, "matches none of the allowed forms");
        if (!node->oneOf.empty()) {
            const std::size_t matches = countMatches(node->oneOf, value, path);
            if (matches == 0)
                ok = failCombination(node->oneOf, value, path, "matches none of the allowed forms");
            else if (matches > 1)
                ok = fail(path, "matches more than one of the allowed forms");
        }
        if (node->notSchema && Walker(nullptr).check(node->notSchema, value, path))
            ok = fail(path, "matches a form that is not allowed");
        if (node->ifSchema) {
            const Node* branch
                = Walker(nullptr).check(node->ifSchema, value, path) ? node->thenSchema : node->elseSchema;
            if (branch)
                ok = check(branch, value, path) && ok;
        }
        return ok;
    }

    static bool matchesAny(const std::vector<const Node*>& forms, const Json& value, const PathLink* path)
    {
        for (const Node* form : forms) {
            if (Walker(nullptr).check(form, value, path))
                return true;
        }
        return false;
    }

    static std::size_t countMatches(const std::vector<const Node*>& forms, const Json& value, const PathLink* path)
    {
        std::size_t matches = 0;
        for (const Node* form : forms)
            matches += Walker(nullptr).check(form, value, path) ? 1 : 0;
        return matches;
    }

    // No form matched. When exactly one form takes a value of this type
    // (`null` or a policy object), its own errors say what is wrong, down to
    // the field; otherwise the combination itself is the error.
    bool failCombination(
        const std::vector<const Node*>& forms, const Json& value, const PathLink* path, const char* message)
    {
        if (!m_errors)
            return false;
        const Node* only = nullptr;
        std::size_t ofThisType = 0;
        for (const Node* form : forms) {
            const Node* resolved = form;
            while (resolved->ref)
                resolved = resolved->ref;
            if (!resolved->alwaysFails && (resolved->types & typeOf(value))) {
                only = form;
                ++ofThisType;
            }
        }
        if (ofThisType == 1)
            return check(only, value, path);
        return fail(path, message);
    }

    std::vector<SchemaError>* m_errors;
};

}  // namespace

CompiledSchema::CompiledSchema(std::string_view fileName, const Loader& load)
{
    Compiler compiler(load, m_nodes);
    m_root = compiler.at(std::string(fileName), std::string());
    compiler.checkRefChains();
}

CompiledSchema::~CompiledSchema() = default;

bool CompiledSchema::validate(const Json& value, std::vector<SchemaError>& errors) const
{
    return Walker(&errors).check(m_root, value, nullptr);
}

bool CompiledSchema::accepts(const Json& value) const
{
    return Walker(nullptr).check(m_root, value, nullptr);
}

}  // namespace format::detail
