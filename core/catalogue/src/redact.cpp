// SPDX-License-Identifier: Apache-2.0
// Redaction runs on everything the classifier reads, before any rule, hint
// or excerpt sees it. Every replacement writes "[redacted]" where the secret
// was and keeps what surrounds it, so a second pass changes nothing.
#include "catalogue/classifier.h"

#include "text.h"

#include <algorithm>
#include <array>

namespace catalogue
{
namespace
{

constexpr std::string_view kRedacted = "[redacted]";

using detail::asciiAlnum;
using detail::asciiAlpha;
using detail::asciiDigit;
using detail::asciiLower;
using detail::asciiSpace;
using detail::asciiUpper;

// Characters of keys, tokens and identifiers.
bool isTokenChar(char c) noexcept
{
    return asciiAlnum(c) || c == '-' || c == '_' || c == '.' || c == '+' || c == '/' || c == '=';
}

// The characters of an opaque credential run: base64, base64url, hex.
bool isOpaqueChar(char c) noexcept
{
    return asciiAlnum(c) || c == '+' || c == '/' || c == '=' || c == '_' || c == '-';
}

bool isNameChar(char c) noexcept
{
    return asciiAlnum(c) || c == '_' || c == '-' || c == '.';
}

bool isValueEnd(char c) noexcept
{
    return static_cast<unsigned char>(c) < 0x20 || asciiSpace(c) || c == ',' || c == '&' || c == ';' || c == '}'
        || c == ')' || c == ']' || c == '"' || c == '\'' || c == '<' || c == '>';
}

// Where a URL ends: brackets stay inside it (IPv6 hosts, and our own marker).
bool isUrlEnd(char c) noexcept
{
    return asciiSpace(c) || c == '"' || c == '\'' || c == '<' || c == '>' || c == '`' || c == ')';
}

bool startsWithNoCase(std::string_view s, std::size_t at, std::string_view prefix) noexcept
{
    if (at + prefix.size() > s.size())
        return false;
    for (std::size_t i = 0; i < prefix.size(); ++i) {
        if (asciiLower(s[at + i]) != prefix[i])
            return false;
    }
    return true;
}

bool containsNoCase(std::string_view s, std::string_view needle) noexcept
{
    for (std::size_t i = 0; i + needle.size() <= s.size(); ++i) {
        if (startsWithNoCase(s, i, needle))
            return true;
    }
    return false;
}

// A key or header name that holds a secret: password, secret, token,
// api_key, Authorization, Cookie, *_API_KEY, ... but not a count of tokens
// ("max_tokens", "x-ratelimit-remaining-tokens").
bool isSecretName(std::string_view name) noexcept
{
    static constexpr std::array<std::string_view, 12> kWords {"password", "passwd", "secret", "apikey", "api_key",
        "api-key", "private_key", "access_key", "credential", "authorization", "cookie", "session_key"};
    char buffer[64];
    if (name.size() > sizeof buffer)
        return containsNoCase(name, "token") || containsNoCase(name, "secret") || containsNoCase(name, "password");
    for (std::size_t i = 0; i < name.size(); ++i)
        buffer[i] = asciiLower(name[i]);
    const std::string_view lower(buffer, name.size());
    for (const std::string_view w : kWords) {
        if (lower.find(w) != std::string_view::npos)
            return true;
    }
    return lower.find("token") != std::string_view::npos && lower.find("tokens") == std::string_view::npos;
}

// Provider and forge credentials by their prefix, and how long the rest must
// be before it is a credential rather than a word.
struct KeyPrefix {
    std::string_view prefix;  // lower case
    std::size_t minRest;
};
constexpr std::array<KeyPrefix, 19> kKeyPrefixes {{{"kandev_pat_", 1}, {"github_pat_", 12}, {"sk-ant-", 12},
    {"sk-proj-", 12}, {"sk-", 12}, {"sk_", 12}, {"pk_", 12}, {"rk_", 12}, {"aiza", 20}, {"xai-", 12}, {"gsk_", 12},
    {"ghp_", 12}, {"gho_", 12}, {"ghs_", 12}, {"ghu_", 12}, {"glpat-", 12}, {"hf_", 12}, {"ya29.", 12}, {"eyj", 20}}};

// kandev's run, session and workspace ids.
constexpr std::array<std::string_view, 3> kIdPrefixes {"wrk_", "ses_", "run_"};

// Flags that take a secret as their value.
constexpr std::array<std::string_view, 6> kSecretFlags {
    "--api-key", "--apikey", "--token", "--password", "--secret", "--auth-token"};

class Redactor
{
public:
    explicit Redactor(std::string_view text)
        : m_in(text)
    {
        m_out.reserve(text.size());
    }

    std::string run()
    {
        while (m_at < m_in.size()) {
            const char c = m_in[m_at];
            // A boundary is read from what was written, not from the input: after
            // "[redacted]" a second pass sees a boundary, so the first must too.
            const bool boundary = m_out.empty() || !isTokenChar(m_out.back());
            if (boundary && startsSomething())
                continue;
            if (boundary && isNameChar(c)) {
                // One scan of the word serves every check that starts at it.
                std::size_t nameEnd = m_at;
                while (nameEnd < m_in.size() && isNameChar(m_in[nameEnd]))
                    ++nameEnd;
                // A secret's name first: "LONG_NAME_2=value" must lose its value, not its name.
                if (keyValue(nameEnd))
                    continue;
                // An opaque run can only reach 32 characters past a short word through '+', '/' or '='.
                const bool longer = nameEnd - m_at >= 32
                    || (nameEnd < m_in.size()
                        && (m_in[nameEnd] == '+' || m_in[nameEnd] == '/' || m_in[nameEnd] == '='));
                if (longer && opaqueRun())
                    continue;
                m_out.append(m_in.substr(m_at, nameEnd - m_at));
                m_at = nameEnd;
                continue;
            }
            if (c == '"' && quotedKeyValue())
                continue;
            if (c == '@' && email())
                continue;
            if (boundary && isOpaqueChar(c) && opaqueRun())
                continue;
            copyWord();
        }
        return std::move(m_out);
    }

private:
    // The checks that can start at this character, chosen by it (most text starts none).
    bool startsSomething()
    {
        switch (asciiLower(m_in[m_at])) {
        case 'h': return url() || prefixedKey();
        case '/': return homeDirectory();
        case 'c': return homeDirectory() || secretLine();
        case 'p': return secretLine() || prefixedKey();
        case 'a': return secretLine() || prefixedKey();
        case 's': return secretLine() || prefixedKey() || kandevId();
        case '-': return secretFlag();
        case 'b': return scheme();
        case 'r': return prefixedKey() || kandevId();
        case 'w': return kandevId();
        case 'k':
        case 'g':
        case 'x':
        case 'y':
        case 'e': return prefixedKey();
        default: return false;
        }
    }

    // Copies one character, or a whole token so that its inside is not
    // mistaken for the start of something.
    void copyWord()
    {
        if (!isTokenChar(m_in[m_at])) {
            m_out.push_back(m_in[m_at++]);
            return;
        }
        const std::size_t start = m_at;
        while (m_at < m_in.size() && isNameChar(m_in[m_at]))
            ++m_at;
        if (m_at == start)
            ++m_at;
        m_out.append(m_in.substr(start, m_at - start));
    }

    // Our own marker where a value starts: kept as it is (a second pass changes nothing).
    bool keepMarker(std::size_t at)
    {
        if (!detail::hasAt(m_in, at, kRedacted))
            return false;
        m_out.append(m_in.substr(m_at, at + kRedacted.size() - m_at));
        m_at = at + kRedacted.size();
        return true;
    }

    std::size_t valueEnd(std::size_t from, bool quoted) const
    {
        std::size_t end = from;
        if (quoted) {
            while (end < m_in.size() && m_in[end] != '"' && m_in[end] != '\n') {
                if (m_in[end] == '\\' && end + 1 < m_in.size())
                    ++end;
                ++end;
            }
            return end;
        }
        while (end < m_in.size() && !isValueEnd(m_in[end]))
            ++end;
        return end;
    }

    // https://user:pass@host/path?query -> https://[redacted]@host/[redacted]
    bool url()
    {
        std::size_t i = m_at;
        if (startsWithNoCase(m_in, i, "https://"))
            i += 8;
        else if (startsWithNoCase(m_in, i, "http://"))
            i += 7;
        else
            return false;
        m_out.append(m_in.substr(m_at, i - m_at));
        std::size_t hostEnd = i;
        while (hostEnd < m_in.size() && m_in[hostEnd] != '/' && m_in[hostEnd] != '?' && m_in[hostEnd] != '#'
            && !isUrlEnd(m_in[hostEnd]))
            ++hostEnd;
        const std::string_view authority = m_in.substr(i, hostEnd - i);
        const auto at = authority.rfind('@');
        if (at != std::string_view::npos) {
            m_out.append(kRedacted);
            m_out.append(authority.substr(at));
        } else {
            m_out.append(authority);
        }
        std::size_t end = hostEnd;
        while (end < m_in.size() && !isUrlEnd(m_in[end]))
            ++end;
        while (end > hostEnd && (m_in[end - 1] == '.' || m_in[end - 1] == ':'))
            --end;  // the sentence's full stop is not the URL's
        if (end > hostEnd + 1 || (end == hostEnd + 1 && m_in[hostEnd] != '/')) {
            // Paths and queries carry account, workspace and key parameters.
            m_out.push_back(m_in[hostEnd] == '/' ? '/' : m_in[hostEnd]);
            m_out.append(kRedacted);
        } else if (end > hostEnd) {
            m_out.push_back('/');
        }
        m_at = end;
        return true;
    }

    // /home/NAME/ and /Users/NAME/ (and C:\Users\NAME\); a name may hold spaces ("John Doe").
    bool homeDirectory()
    {
        for (const std::string_view root :
            {std::string_view("/home/"), std::string_view("/users/"), std::string_view("c:\\users\\")}) {
            if (!startsWithNoCase(m_in, m_at, root))
                continue;
            const char separator = root.back();
            const std::size_t start = m_at + root.size();
            std::size_t end = start;
            // Only a name's characters, never our marker: what a second pass sees must read the same.
            while (end < m_in.size() && end - start <= 64 && (isNameChar(m_in[end]) || m_in[end] == ' '))
                ++end;
            if (end >= m_in.size() || m_in[end] != separator || end == start || end - start > 64)
                return false;
            m_out.append(m_in.substr(m_at, root.size()));
            m_out.append(kRedacted);
            m_at = end;
            return true;
        }
        return false;
    }

    // "Authorization: <anything>", "Proxy-Authorization:", "Cookie:", "Set-Cookie:": the rest of the line.
    bool secretLine()
    {
        for (const std::string_view name : {std::string_view("proxy-authorization"), std::string_view("authorization"),
                 std::string_view("set-cookie"), std::string_view("cookie")}) {
            if (!startsWithNoCase(m_in, m_at, name))
                continue;
            std::size_t i = m_at + name.size();
            while (i < m_in.size() && (m_in[i] == ' ' || m_in[i] == '\t'))
                ++i;
            if (i >= m_in.size() || m_in[i] != ':')
                return false;
            ++i;
            std::size_t end = i;
            while (end < m_in.size() && m_in[end] != '\n' && m_in[end] != '\r')
                ++end;
            m_out.append(m_in.substr(m_at, i - m_at));
            m_out.push_back(' ');
            m_out.append(kRedacted);
            m_at = end;
            return true;
        }
        return false;
    }

    // --api-key VALUE, --api-key=VALUE
    bool secretFlag()
    {
        for (const std::string_view flag : kSecretFlags) {
            if (!startsWithNoCase(m_in, m_at, flag))
                continue;
            std::size_t i = m_at + flag.size();
            if (i >= m_in.size() || (m_in[i] != '=' && m_in[i] != ' ' && m_in[i] != '\t'))
                return false;
            const std::size_t sep = i;
            while (i < m_in.size() && (m_in[i] == ' ' || m_in[i] == '\t' || (i == sep && m_in[i] == '=')))
                ++i;
            const bool quoted = i < m_in.size() && (m_in[i] == '"' || m_in[i] == '\'');
            const std::size_t from = quoted ? i + 1 : i;
            if (keepMarker(from))
                return true;
            const std::size_t end = valueEnd(from, quoted);
            if (end == from || m_in.substr(from, 2) == "--")
                return false;
            m_out.append(m_in.substr(m_at, from - m_at));
            m_out.append(kRedacted);
            m_at = end;
            return true;
        }
        return false;
    }

    // "Bearer <token>", "Basic <credentials>".
    bool scheme()
    {
        for (const std::string_view name : {std::string_view("bearer"), std::string_view("basic")}) {
            if (!startsWithNoCase(m_in, m_at, name))
                continue;
            std::size_t i = m_at + name.size();
            if (i >= m_in.size() || (m_in[i] != ' ' && m_in[i] != '\t'))
                return false;
            while (i < m_in.size() && (m_in[i] == ' ' || m_in[i] == '\t'))
                ++i;
            std::size_t end = i;
            bool unusual = false;  // a digit, a capital or '=': a credential, not "basic plan"
            while (end < m_in.size() && isTokenChar(m_in[end])) {
                unusual = unusual || asciiDigit(m_in[end]) || asciiUpper(m_in[end]) || m_in[end] == '=';
                ++end;
            }
            if (end - i < 8 || (name == "basic" && !unusual))
                return false;
            m_out.append(m_in.substr(m_at, i - m_at));
            m_out.append(kRedacted);
            m_at = end;
            return true;
        }
        return false;
    }

    bool prefixedKey()
    {
        // Every key is at least 12 characters long: most words end before that.
        for (std::size_t i = m_at; i < m_at + 12; ++i) {
            if (i >= m_in.size() || !isTokenChar(m_in[i]))
                return false;
        }
        const char second = m_at + 1 < m_in.size() ? asciiLower(m_in[m_at + 1]) : '\0';
        for (const KeyPrefix& key : kKeyPrefixes) {
            if (key.prefix[1] != second || !startsWithNoCase(m_in, m_at, key.prefix))
                continue;
            std::size_t end = m_at + key.prefix.size();
            while (end < m_in.size() && isTokenChar(m_in[end]))
                ++end;
            if (end - m_at - key.prefix.size() < key.minRest)
                continue;
            m_out.append(kRedacted);
            m_at = end;
            return true;
        }
        return false;
    }

    bool kandevId()
    {
        for (const std::string_view prefix : kIdPrefixes) {
            if (!detail::hasAt(m_in, m_at, prefix))
                continue;
            std::size_t end = m_at + prefix.size();
            while (end < m_in.size() && (asciiAlnum(m_in[end]) || m_in[end] == '_' || m_in[end] == '-'))
                ++end;
            if (end - m_at - prefix.size() < 3)
                return false;
            m_out.append(kRedacted);
            m_at = end;
            return true;
        }
        return false;
    }

    // name=value, name: value with a secret's name.
    bool keyValue(std::size_t nameEnd)
    {
        std::size_t i = nameEnd;
        while (i < m_in.size() && (m_in[i] == ' ' || m_in[i] == '\t'))
            ++i;
        if (i >= m_in.size() || (m_in[i] != '=' && m_in[i] != ':') || !isSecretName(m_in.substr(m_at, nameEnd - m_at)))
            return false;
        ++i;
        while (i < m_in.size() && (m_in[i] == ' ' || m_in[i] == '\t'))
            ++i;
        return replaceValue(i);
    }

    // "name": "value" in JSON.
    bool quotedKeyValue()
    {
        const auto close = m_in.find('"', m_at + 1);
        if (close == std::string_view::npos || close - m_at > 64)
            return false;
        const std::string_view name = m_in.substr(m_at + 1, close - m_at - 1);
        // A key is a name ("api_key", "x-api-key"): text between two unrelated quotes is not.
        if (std::any_of(name.begin(), name.end(), [](char c) { return !isNameChar(c); }))
            return false;
        std::size_t i = close + 1;
        while (i < m_in.size() && (m_in[i] == ' ' || m_in[i] == '\t'))
            ++i;
        if (i >= m_in.size() || m_in[i] != ':' || name.empty() || !isSecretName(name))
            return false;
        ++i;
        while (i < m_in.size() && (m_in[i] == ' ' || m_in[i] == '\t'))
            ++i;
        return replaceValue(i);
    }

    // Writes everything up to `valueStart`, then "[redacted]" for the value.
    bool replaceValue(std::size_t valueStart)
    {
        const bool quoted = valueStart < m_in.size() && (m_in[valueStart] == '"' || m_in[valueStart] == '\'');
        const std::size_t from = quoted ? valueStart + 1 : valueStart;
        if (keepMarker(from))
            return true;
        const std::size_t end = valueEnd(from, quoted);
        if (end == from || m_in[from] == '{' || m_in[from] == '[')
            return false;  // empty, or an object or array: its fields are redacted one by one
        m_out.append(m_in.substr(m_at, from - m_at));
        m_out.append(kRedacted);
        m_at = end;
        return true;
    }

    bool email()
    {
        if (m_out.empty() || m_at + 1 >= m_in.size() || !isTokenChar(m_out.back()))
            return false;
        std::size_t start = m_out.size();
        while (start > 0
            && (asciiAlnum(m_out[start - 1]) || m_out[start - 1] == '.' || m_out[start - 1] == '_'
                || m_out[start - 1] == '-' || m_out[start - 1] == '+'))
            --start;
        std::size_t end = m_at + 1;
        std::size_t lastDot = 0;
        while (end < m_in.size() && (asciiAlnum(m_in[end]) || m_in[end] == '.' || m_in[end] == '-')) {
            if (m_in[end] == '.' && end + 1 < m_in.size() && asciiAlnum(m_in[end + 1]))
                lastDot = end;
            ++end;
        }
        while (end > m_at + 1 && m_in[end - 1] == '.')
            --end;
        // A domain ends in a label of letters: "agent@1.2.3" is a package version, not an address.
        const auto letters = [&](std::size_t from, std::size_t to) {
            for (std::size_t i = from; i < to; ++i) {
                if (!asciiAlpha(m_in[i]))
                    return false;
            }
            return to - from >= 2;
        };
        if (lastDot == 0 || !letters(lastDot + 1, end) || start == m_out.size())
            return false;
        m_out.resize(start);
        m_out.append(kRedacted);
        m_at = end;
        return true;
    }

    // 32 or more characters of base64, base64url or hex that are not plain
    // lower-case words and paths ("claude-agent-sdk-darwin-arm64" stays).
    bool opaqueRun()
    {
        std::size_t end = m_at;
        bool unusual = false;
        while (end < m_in.size() && isOpaqueChar(m_in[end])) {
            const char c = m_in[end];
            unusual = unusual || asciiDigit(c) || asciiUpper(c) || c == '+' || c == '=';
            ++end;
        }
        if (end - m_at < 32 || !unusual)
            return false;
        m_out.append(kRedacted);
        m_at = end;
        return true;
    }

    std::string_view m_in;
    std::string m_out;
    std::size_t m_at = 0;
};

}  // namespace

std::string redact(std::string_view text)
{
    return Redactor(text).run();
}

std::string redactHeader(std::string_view name, std::string_view value)
{
    if (isSecretName(name) || containsNoCase(name, "auth"))
        return std::string(kRedacted);
    return redact(value);
}

}  // namespace catalogue
