// SPDX-License-Identifier: Apache-2.0
#include "json_parse.h"

#include "json_text.h"

#include "format/codec.h"
#include "format/parse_stats.h"
#include "english/english.h"

#include "policy/policy_keys.h"
#include "policy/text.h"

#include <bit>
#include <cstdio>
#include <stdexcept>

namespace format
{
namespace detail
{
namespace
{

// nlohmann's messages start with "[json.exception.parse_error.101] parse
// error at line 1, column 5: "; keep what follows the last ": " prefix.
std::string parserDetail(const std::string& what)
{
    const auto colon = what.find(": ");
    const auto bracket = what.find("] ");
    std::string message = colon != std::string::npos ? what.substr(colon + 2)
        : bracket != std::string::npos               ? what.substr(bracket + 2)
                                                     : what;
    return message;
}

// Number overflow (1e400) carries no position; its message quotes the
// token, which is then found in the text.
std::size_t offsetOfQuotedToken(std::string_view text, const std::string& message)
{
    const auto open = message.find('\'');
    const auto close = message.rfind('\'');
    if (open == std::string::npos || close <= open)
        return 0;
    const auto at = text.find(std::string_view(message).substr(open + 1, close - open - 1));
    return at == std::string_view::npos ? 0 : at;
}

// Messages quote the text (nlohmann's "last read: '...'" may cut a
// multi-byte character in two): keep them UTF-8 whatever the file holds.
Diagnostic at(std::string_view text, std::size_t offset, const std::string& message, const std::string& path = {},
    std::string code = {}, std::vector<std::string> args = {})
{
    const TextPosition pos = positionOfOffset(text, offset);
    for (std::string& a : args)
        a = policy::toValidUtf8(a);
    return {policy::toValidUtf8(path), policy::toValidUtf8(message), pos.line, pos.column, std::move(code),
        std::move(args)};
}

// UTF-16 and UTF-32 files, with or without a byte order mark.
const char* wideEncoding(std::string_view t)
{
    auto starts = [&](std::string_view prefix) { return t.substr(0, prefix.size()) == prefix; };
    using namespace std::string_view_literals;
    if (starts("\x00\x00\xFE\xFF"sv))
        return "UTF-32 (big-endian)";
    if (starts("\xFF\xFE\x00\x00"sv))
        return "UTF-32 (little-endian)";
    if (starts("\xFE\xFF"sv))
        return "UTF-16 (big-endian)";
    if (starts("\xFF\xFE"sv))
        return "UTF-16 (little-endian)";
    // JSON starts with an ASCII character, so zero bytes around it tell.
    if (t.size() >= 4 && t[0] == 0 && t[1] == 0 && t[2] == 0 && t[3] != 0)
        return "UTF-32 (big-endian)";
    if (t.size() >= 4 && t[0] != 0 && t[1] == 0 && t[2] == 0 && t[3] == 0)
        return "UTF-32 (little-endian)";
    if (t.size() >= 2 && t[0] == 0 && t[1] != 0)
        return "UTF-16 (big-endian)";
    if (t.size() >= 2 && t[0] != 0 && t[1] == 0)
        return "UTF-16 (little-endian)";
    return nullptr;
}

// Bytes no JSON text may hold, found before the parser sees them: it would
// stop at a NUL or quote half a character.
std::optional<Diagnostic> checkEncoding(std::string_view text)
{
    if (const char* wide = wideEncoding(text))
        return at(text, 0, std::string("the file is ") + wide + ", not UTF-8; save it as UTF-8");
    if (const auto nul = text.find('\0'); nul != std::string_view::npos)
        return at(text, nul, "a NUL byte is not allowed in JSON text");
    if (const auto bad = policy::firstInvalidUtf8(text)) {
        char byte[8];
        std::snprintf(byte, sizeof byte, "0x%02X", static_cast<unsigned>(static_cast<unsigned char>(text[*bad])));
        return at(text, *bad,
            std::string("not UTF-8: the byte ") + byte
                + " here is not part of a valid UTF-8 sequence; save the file as UTF-8");
    }
    return std::nullopt;
}

// Builds the ordered DOM as nlohmann's own SAX-to-DOM parser does, except
// that a member is appended to its object instead of looked up first: the
// ordered map's lookup is linear, which made an object of n keys cost n^2
// (100,000 keys: half a minute). Whether an object repeats a key is checked
// when it closes, on its decoded keys; where, on the text, only if one does.
class OrderedDomBuilder
{
public:
    using Json = nlohmann::ordered_json;

    // Containers deeper than `maxDepth` stop the parse (tooDeep()): the tree
    // is never deeper than the code that walks it expects.
    OrderedDomBuilder(Json& root, std::size_t maxDepth)
        : m_root(root)
        , m_maxDepth(maxDepth)
    {
    }

    bool null()
    {
        return put(nullptr);
    }
    bool boolean(bool v)
    {
        return put(v);
    }
    bool number_integer(Json::number_integer_t v)
    {
        return put(v);
    }
    bool number_unsigned(Json::number_unsigned_t v)
    {
        return put(v);
    }
    bool number_float(Json::number_float_t v, const Json::string_t&)
    {
        return put(v);
    }
    bool string(Json::string_t& v)
    {
        return put(std::move(v));
    }
    bool binary(Json::binary_t& v)
    {
        return put(std::move(v));
    }
    bool start_object(std::size_t)
    {
        if (m_stack.size() >= m_maxDepth) {
            m_tooDeep = true;
            return false;
        }
        m_stack.push_back(place(Json::value_t::object));
        return true;
    }
    bool key(Json::string_t& k)
    {
        auto& members = m_stack.back()->get_ref<Json::object_t&>();
        members.std::vector<std::pair<const std::string, Json>>::emplace_back(std::move(k), nullptr);
        m_member = &members.back().second;
        return true;
    }
    bool end_object()
    {
        m_duplicateKey = m_duplicateKey || repeatsAKey(m_stack.back()->get_ref<const Json::object_t&>());
        m_stack.pop_back();
        return true;
    }
    bool start_array(std::size_t)
    {
        if (m_stack.size() >= m_maxDepth) {
            m_tooDeep = true;
            return false;
        }
        m_stack.push_back(place(Json::value_t::array));
        return true;
    }
    bool end_array()
    {
        m_stack.pop_back();
        return true;
    }
    bool parse_error(std::size_t position, const std::string&, const nlohmann::detail::exception& e)
    {
        m_errorByte = position;
        m_error = e.what();
        return false;
    }

    bool tooDeep() const
    {
        return m_tooDeep;
    }
    bool sawDuplicateKey() const
    {
        return m_duplicateKey;
    }
    std::size_t errorByte() const
    {
        return m_errorByte;
    }
    const std::string& error() const
    {
        return m_error;
    }

private:
    // A few keys are compared pairwise; many go through a table sized once,
    // in one block: a node per key missed the cache at every insert once an
    // object had 100,000 keys.
    static bool repeatsAKey(const Json::object_t& object)
    {
        // As the vector it is: the ordered map's operator[] looks a key up.
        const auto& members = static_cast<const std::vector<std::pair<const std::string, Json>>&>(object);
        const std::size_t n = members.size();
        if (n <= 16) {
            for (std::size_t i = 1; i < n; ++i) {
                for (std::size_t j = 0; j < i; ++j) {
                    if (members[i].first == members[j].first)
                        return true;
                }
            }
            return false;
        }
        const std::size_t mask = std::bit_ceil(2 * n) - 1;
        std::vector<const std::string*> slots(mask + 1, nullptr);
        for (const auto& [key, value] : members) {
            for (std::size_t i = std::hash<std::string>()(key) & mask;; i = (i + 1) & mask) {
                if (!slots[i]) {
                    slots[i] = &key;
                    break;
                }
                if (*slots[i] == key)
                    return true;
            }
        }
        return false;
    }

    template <typename Value> bool put(Value&& v)
    {
        place(std::forward<Value>(v));
        return true;
    }

    // Where a new value goes: the root, the end of the open array, or the
    // member whose key was just read.
    template <typename Value> Json* place(Value&& v)
    {
        if (m_stack.empty()) {
            m_root = Json(std::forward<Value>(v));
            return &m_root;
        }
        Json& parent = *m_stack.back();
        if (parent.is_array()) {
            auto& items = parent.get_ref<Json::array_t&>();
            items.emplace_back(std::forward<Value>(v));
            return &items.back();
        }
        *m_member = Json(std::forward<Value>(v));
        return m_member;
    }

    Json& m_root;
    std::vector<Json*> m_stack;
    Json* m_member = nullptr;
    std::size_t m_errorByte = 0;
    std::string m_error;
    std::size_t m_maxDepth;
    bool m_tooDeep = false;
    bool m_duplicateKey = false;
};

thread_local ParseStats t_stats;

}  // namespace

nlohmann::ordered_json parseCheckedJson(std::string_view text)
{
    ++t_stats.pieces;
    t_stats.bytes += text.size();
    nlohmann::ordered_json out;
    OrderedDomBuilder builder(out, kMaxNestingDepth);
    if (!nlohmann::ordered_json::sax_parse(text.begin(), text.end(), &builder))
        throw std::invalid_argument("checked JSON text does not parse: " + builder.error());
    return out;
}

std::optional<Diagnostic> parseJsonText(std::string_view text, nlohmann::ordered_json& out)
{
    if (text.size() > kMaxDocumentBytes)
        return at(text, 0,
            "the file is " + english::formatByteSize(text.size()) + "; documents are limited to "
                + english::formatByteSize(kMaxDocumentBytes),
            {}, "json.too_large", {std::to_string(text.size()), std::to_string(kMaxDocumentBytes)});
    if (const auto encoding = checkEncoding(text))
        return encoding;
    if (text.find_first_not_of(" \t\r\n") == std::string_view::npos)
        return at(text, text.size(), "the file is empty; expected a JSON document", {}, "json.empty");
    ++t_stats.documents;
    t_stats.bytes += text.size();
    OrderedDomBuilder builder(out, kMaxNestingDepth);
    if (!nlohmann::ordered_json::sax_parse(text.begin(), text.end(), &builder)) {
        out = nullptr;
        if (builder.tooDeep()) {  // where, on the text, only now
            const auto deep = findExcessiveNesting(text, kMaxNestingDepth);
            return at(text, deep.value_or(0),
                "JSON is nested more than " + std::to_string(kMaxNestingDepth) + " levels deep", {}, "json.too_deep",
                {std::to_string(kMaxNestingDepth)});
        }
        // Number overflow (1e400) is reported after its token was read:
        // its message quotes the token, which is then found in the text.
        const bool overflow = builder.error().find("out_of_range") != std::string::npos;
        const std::size_t offset = overflow ? offsetOfQuotedToken(text, builder.error())
                                            : (builder.errorByte() > 0 ? builder.errorByte() - 1 : 0);
        const std::string detail = parserDetail(builder.error());
        return at(text, offset, "syntax error: " + detail, {}, "json.syntax", {detail});
    }
    if (builder.sawDuplicateKey()) {
        const auto dup = findDuplicateKey(text);
        if (!dup)  // both compare decoded keys, so they agree; if not, the file is still refused
            return at(text, 0, "duplicate key: each key may appear once per object", {}, "json.duplicate_key", {""});
        return at(text, dup->offset,
            "duplicate key " + nlohmann::ordered_json(dup->key).dump() + ": each key may appear once per object",
            dup->path, "json.duplicate_key", {nlohmann::ordered_json(dup->key).dump()});
    }
    // -0 parses as 0; where an integer belongs it is almost certainly a mistake.
    static const std::vector<std::string_view> integerKeys {"position", policy::keys::kVersion,
        policy::keys::kMaxRetries, policy::keys::kInitialIntervalSeconds, policy::keys::kMaxWaitSeconds};
    if (const auto zero = findNegativeZero(text, integerKeys))
        return at(text, zero->offset, "-0 is not a valid integer here; write 0", zero->path, "json.negative_zero");
    return std::nullopt;
}

}  // namespace detail

ParseStats parseStats()
{
    return detail::t_stats;
}

}  // namespace format
