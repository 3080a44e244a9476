// SPDX-License-Identifier: Apache-2.0
#include "json_text.h"

#include "format/diagnostic.h"

#include <algorithm>
#include <cstdint>
#include <deque>
#include <cctype>
#include <limits>
#include <map>
#include <unordered_map>
#include <unordered_set>

namespace format::detail
{
namespace
{

bool isSpace(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

// Index just past the string that starts at text[i] == '"'.
std::size_t skipString(std::string_view text, std::size_t i)
{
    ++i;
    while (i < text.size()) {
        if (text[i] == '\\')
            i += 2;
        else if (text[i] == '"')
            return i + 1;
        else
            ++i;
    }
    return text.size();
}

std::size_t skipScalar(std::string_view text, std::size_t i)
{
    while (i < text.size() && !isSpace(text[i]) && text[i] != ',' && text[i] != '}' && text[i] != ']')
        ++i;
    return i;
}

struct Frame {
    explicit Frame(bool isObject)
        : object(isObject)
    {
    }
    bool object = false;
    std::size_t index = 0;
    std::string_view key;  // raw key text of the current member
    std::vector<std::string_view> keys;  // keys seen, while few
    std::unordered_set<std::string_view> many;  // keys seen, once there are many
};

void appendUtf8(std::string& out, std::uint32_t c)
{
    if (c < 0x80) {
        out += static_cast<char>(c);
    } else if (c < 0x800) {
        out += static_cast<char>(0xC0 | (c >> 6));
        out += static_cast<char>(0x80 | (c & 0x3F));
    } else if (c < 0x10000) {
        out += static_cast<char>(0xE0 | (c >> 12));
        out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (c & 0x3F));
    } else {
        out += static_cast<char>(0xF0 | (c >> 18));
        out += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (c & 0x3F));
    }
}

// The characters a JSON string's raw text (between its quotes, valid JSON)
// stands for: "max_\u0072etries" is max_retries.
std::string unescapeJson(std::string_view raw)
{
    std::string out;
    out.reserve(raw.size());
    auto hex4 = [&](std::size_t at) {
        std::uint32_t v = 0;
        for (std::size_t k = at; k < at + 4 && k < raw.size(); ++k) {
            const char c = raw[k];
            v = v * 16 + static_cast<std::uint32_t>(c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10);
        }
        return v;
    };
    for (std::size_t i = 0; i < raw.size(); ++i) {
        if (raw[i] != '\\' || i + 1 >= raw.size()) {
            out += raw[i];
            continue;
        }
        const char e = raw[++i];
        switch (e) {
        case 'b': out += '\b'; break;
        case 'f': out += '\f'; break;
        case 'n': out += '\n'; break;
        case 'r': out += '\r'; break;
        case 't': out += '\t'; break;
        case 'u': {
            std::uint32_t c = hex4(i + 1);
            i += 4;
            if (c >= 0xD800 && c <= 0xDBFF && i + 6 < raw.size() && raw.substr(i + 1, 2) == "\\u") {
                const std::uint32_t low = hex4(i + 3);
                if (low >= 0xDC00 && low <= 0xDFFF) {
                    c = 0x10000 + ((c - 0xD800) << 10) + (low - 0xDC00);
                    i += 6;
                }
            }
            appendUtf8(out, c);
            break;
        }
        default: out += e; break;  // \" \\ \/
        }
    }
    return out;
}

// Walks valid JSON, calling onValue(stack, offset) at each value start and
// onKey(stack, key, offset) at each member key. Either returns false to stop.
template <typename OnValue, typename OnKey> void walk(std::string_view text, OnValue&& onValue, OnKey&& onKey)
{
    std::vector<Frame> stack;
    std::size_t i = 0;
    const std::size_t n = text.size();
    auto skipSpace = [&] {
        while (i < n && isSpace(text[i]))
            ++i;
    };
    for (;;) {
        skipSpace();
        if (i >= n)
            return;
        // Inside an object, a member starts with its key.
        if (!stack.empty() && stack.back().object) {
            if (text[i] == '}') {
                stack.pop_back();
                ++i;
                goto afterValue;
            }
            if (text[i] != '"')
                return;
            const std::size_t keyStart = i;
            i = skipString(text, i);
            stack.back().key = text.substr(keyStart + 1, i - keyStart - 2);
            if (!onKey(stack, stack.back().key, keyStart))
                return;
            skipSpace();
            if (i >= n || text[i] != ':')
                return;
            ++i;
            skipSpace();
        }
        if (i >= n)
            return;
        if (!onValue(stack, i))
            return;
        if (text[i] == '{') {
            stack.emplace_back(true);
            ++i;
            continue;
        }
        if (text[i] == '[') {
            stack.emplace_back(false);
            ++i;
            skipSpace();
            if (i < n && text[i] == ']') {
                stack.pop_back();
                ++i;
                goto afterValue;
            }
            continue;
        }
        i = text[i] == '"' ? skipString(text, i) : skipScalar(text, i);
    afterValue:
        for (;;) {
            skipSpace();
            if (i >= n || stack.empty())
                return;
            if (text[i] == ',') {
                ++i;
                ++stack.back().index;
                break;
            }
            if (text[i] == '}' || text[i] == ']') {
                stack.pop_back();
                ++i;
                continue;
            }
            return;  // not valid JSON; callers only pass valid text
        }
    }
}

std::string pathOf(const std::vector<Frame>& stack)
{
    std::string path;
    for (std::size_t d = 0; d < stack.size(); ++d) {
        const Frame& f = stack[d];
        path = f.object ? joinPath(path, f.key) : indexPath(path, f.index);
    }
    return path;
}

}  // namespace

std::vector<PathSegment> splitPath(std::string_view path)
{
    std::vector<PathSegment> out;
    std::size_t i = 0;
    while (i < path.size()) {
        if (path[i] == '.') {
            ++i;
        } else if (path[i] == '[') {
            const std::size_t close = path.find(']', i);
            if (close == std::string_view::npos)
                break;
            PathSegment s;
            s.isIndex = true;
            for (std::size_t k = i + 1; k < close; ++k)
                s.index = s.index * 10 + static_cast<std::size_t>(path[k] - '0');
            out.push_back(std::move(s));
            i = close + 1;
        } else {
            std::size_t end = i;
            while (end < path.size() && path[end] != '.' && path[end] != '[')
                ++end;
            PathSegment s;
            s.key = std::string(path.substr(i, end - i));
            out.push_back(std::move(s));
            i = end;
        }
    }
    return out;
}

namespace
{

// The paths sought, as a tree of their segments: node 0 is the root value.
class PathTrie
{
public:
    static constexpr int kNone = -1;

    PathTrie()
        : m_nodes(1)
    {
    }
    int insert(std::string_view path)
    {
        int node = 0;
        for (PathSegment& s : splitPath(path)) {
            Node& n = m_nodes[static_cast<std::size_t>(node)];
            const int next = static_cast<int>(m_nodes.size());
            const int child = s.isIndex ? n.indices.try_emplace(s.index, next).first->second
                                        : n.keys.try_emplace(std::move(s.key), next).first->second;
            if (child == next)
                m_nodes.emplace_back();
            node = child;
        }
        return node;
    }
    int child(int node, const Frame& frame) const
    {
        if (node == kNone)
            return kNone;
        const Node& n = m_nodes[static_cast<std::size_t>(node)];
        if (frame.object) {
            const auto it = n.keys.find(frame.key);
            return it == n.keys.end() ? kNone : it->second;
        }
        const auto it = n.indices.find(frame.index);
        return it == n.indices.end() ? kNone : it->second;
    }

private:
    struct Node {
        std::map<std::string, int, std::less<>> keys;
        std::unordered_map<std::size_t, int> indices;
    };
    std::vector<Node> m_nodes;
};

}  // namespace

std::vector<std::size_t> offsetsOfPaths(std::string_view text, const std::vector<std::string_view>& paths)
{
    constexpr std::size_t kUnseen = std::numeric_limits<std::size_t>::max();
    PathTrie trie;
    for (std::string_view path : paths)
        trie.insert(path);
    std::vector<std::size_t> found;  // by trie node
    std::vector<int> nodeAtDepth;  // the trie node of the value at each depth, or kNone
    walk(
        text,
        [&](const std::vector<Frame>& stack, std::size_t offset) {
            const std::size_t depth = stack.size();
            const int node = depth == 0 ? 0 : trie.child(nodeAtDepth[depth - 1], stack.back());
            nodeAtDepth.resize(depth + 1);
            nodeAtDepth[depth] = node;
            if (node != PathTrie::kNone) {
                if (found.size() <= static_cast<std::size_t>(node))
                    found.resize(static_cast<std::size_t>(node) + 1, kUnseen);
                if (found[static_cast<std::size_t>(node)] == kUnseen)
                    found[static_cast<std::size_t>(node)] = offset;
            }
            return true;
        },
        [](const std::vector<Frame>&, std::string_view, std::size_t) { return true; });
    // Each path's offset is that of its deepest ancestor (or itself) found.
    std::vector<std::size_t> out;
    out.reserve(paths.size());
    for (std::size_t t = 0; t < paths.size(); ++t) {
        std::size_t best = 0;
        int node = 0;
        const auto seen = [&](int n) {
            return static_cast<std::size_t>(n) < found.size() && found[static_cast<std::size_t>(n)] != kUnseen;
        };
        if (seen(0))
            best = found[0];
        for (PathSegment& s : splitPath(paths[t])) {
            Frame f(!s.isIndex);
            f.index = s.index;
            f.key = s.key;
            node = trie.child(node, f);
            if (node == PathTrie::kNone || !seen(node))
                break;
            best = found[static_cast<std::size_t>(node)];
        }
        out.push_back(best);
    }
    return out;
}

std::size_t offsetOfPath(std::string_view text, std::string_view path)
{
    return offsetsOfPaths(text, {path}).front();
}

std::optional<DuplicateKey> findDuplicateKey(std::string_view text)
{
    std::optional<DuplicateKey> result;
    // Outside the stack: frames are copied when the stack grows, and a copied
    // string would leave the views in `keys` dangling.
    std::deque<std::string> unescaped;
    walk(
        text, [](const std::vector<Frame>&, std::size_t) { return true; },
        [&](std::vector<Frame>& stack, std::string_view key, std::size_t offset) {
            Frame& f = stack.back();
            // Keys are compared as the characters they stand for.
            if (key.find('\\') != std::string_view::npos)
                key = unescaped.emplace_back(unescapeJson(key));
            bool seen = false;
            if (f.many.empty()) {
                seen = std::find(f.keys.begin(), f.keys.end(), key) != f.keys.end();
                f.keys.push_back(key);
                if (f.keys.size() > 16) {
                    f.many.insert(f.keys.begin(), f.keys.end());
                    f.keys.clear();
                }
            } else {
                seen = !f.many.insert(key).second;
            }
            if (seen) {
                result = DuplicateKey {offset, pathOf(stack), std::string(key)};
                return false;
            }
            return true;
        });
    return result;
}

std::optional<DuplicateKey> findNegativeZero(std::string_view text, const std::vector<std::string_view>& keys)
{
    std::optional<DuplicateKey> result;
    // The common case costs one pass: a -0 value follows ':' (ids such as
    // "agent-0" do not); only then is the text walked for its path.
    bool candidate = false;
    for (std::size_t at = text.find("-0"); at != std::string_view::npos && !candidate; at = text.find("-0", at + 2)) {
        std::size_t before = at;
        while (before > 0 && isSpace(text[before - 1]))
            --before;
        candidate = before > 0 && text[before - 1] == ':';
    }
    if (!candidate)
        return result;
    walk(
        text,
        [&](const std::vector<Frame>& stack, std::size_t offset) {
            if (stack.empty() || !stack.back().object || text.compare(offset, 2, "-0") != 0)
                return true;
            const std::size_t next = offset + 2;
            const bool alone = next >= text.size()
                || !(std::isdigit(static_cast<unsigned char>(text[next])) || text[next] == '.' || text[next] == 'e'
                    || text[next] == 'E');
            if (alone && std::find(keys.begin(), keys.end(), stack.back().key) != keys.end()) {
                result = DuplicateKey {offset, pathOf(stack), std::string(stack.back().key)};
                return false;
            }
            return true;
        },
        [](const std::vector<Frame>&, std::string_view, std::size_t) { return true; });
    return result;
}

std::optional<std::size_t> findExcessiveNesting(std::string_view text, std::size_t maxDepth)
{
    std::size_t depth = 0;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '"') {
            i = skipString(text, i) - 1;
        } else if (c == '{' || c == '[') {
            if (++depth > maxDepth)
                return i;
        } else if ((c == '}' || c == ']') && depth > 0) {
            --depth;
        }
    }
    return std::nullopt;
}

}  // namespace format::detail
