#include "catalogue/classifier.h"

#include <cctype>

namespace catalogue {
namespace {

bool isTokenChar(char c)
{
    return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.' || c == '+' || c == '/' || c == '=';
}

bool isHex(char c)
{
    return std::isxdigit(static_cast<unsigned char>(c)) != 0;
}

bool startsWithNoCase(std::string_view s, std::size_t at, std::string_view prefix)
{
    if (at + prefix.size() > s.size())
        return false;
    for (std::size_t i = 0; i < prefix.size(); ++i) {
        if (std::tolower(static_cast<unsigned char>(s[at + i])) != prefix[i])
            return false;
    }
    return true;
}

constexpr std::string_view kRedacted = "[redacted]";

// Key prefixes of the providers' API keys and tokens.
constexpr std::string_view kKeyPrefixes[] = {"sk-", "sk_", "pk_", "rk_", "aiza", "xai-", "gsk_", "ghp_", "gho_", "github_pat_",
                                             "glpat-", "hf_", "ya29.", "eyj"};

}  // namespace

std::string redact(std::string_view text)
{
    std::string out;
    out.reserve(text.size());
    std::size_t i = 0;
    const std::size_t n = text.size();
    while (i < n) {
        const char c = text[i];
        const bool boundary = i == 0 || !isTokenChar(text[i - 1]);

        // "Bearer <token>", "Basic <token>"; "Cookie:" and "Set-Cookie:" lines; key=value secrets.
        for (std::string_view scheme : {std::string_view("bearer "), std::string_view("basic ")}) {
            if (boundary && startsWithNoCase(text, i, scheme)) {
                std::size_t end = i + scheme.size();
                while (end < n && isTokenChar(text[end]))
                    ++end;
                if (end > i + scheme.size()) {
                    out.append(text.substr(i, scheme.size()));
                    out.append(kRedacted);
                    i = end;
                    goto next;
                }
            }
        }
        for (std::string_view name : {std::string_view("set-cookie:"), std::string_view("cookie:")}) {
            if (boundary && startsWithNoCase(text, i, name)) {
                std::size_t end = i + name.size();
                while (end < n && text[end] != '\n' && text[end] != '\r')
                    ++end;
                out.append(text.substr(i, name.size()));
                out.append(" ");
                out.append(kRedacted);
                i = end;
                goto next;
            }
        }
        if (boundary) {
            for (std::string_view prefix : kKeyPrefixes) {
                if (!startsWithNoCase(text, i, prefix))
                    continue;
                std::size_t end = i + prefix.size();
                while (end < n && isTokenChar(text[end]))
                    ++end;
                if (end - i >= prefix.size() + 12) {  // long enough to be a key, not a word
                    out.append(kRedacted);
                    i = end;
                    goto next;
                }
            }
        }
        // E-mail addresses.
        if (c == '@' && i > 0 && i + 1 < n && isTokenChar(text[i - 1])) {
            std::size_t start = out.size();
            while (start > 0 && (std::isalnum(static_cast<unsigned char>(out[start - 1])) || out[start - 1] == '.'
                                 || out[start - 1] == '_' || out[start - 1] == '-' || out[start - 1] == '+'))
                --start;
            std::size_t end = i + 1;
            bool dot = false;
            while (end < n && (std::isalnum(static_cast<unsigned char>(text[end])) || text[end] == '.' || text[end] == '-')) {
                dot = dot || text[end] == '.';
                ++end;
            }
            if (dot && start < out.size()) {
                out.resize(start);
                out.append(kRedacted);
                i = end;
                goto next;
            }
        }
        // Long hex or base64-looking runs: 32 hex or 40 token characters with digits and letters.
        if (boundary && isTokenChar(c)) {
            std::size_t end = i;
            bool allHex = true, digit = false, alpha = false;
            while (end < n && isTokenChar(text[end])) {
                allHex = allHex && isHex(text[end]);
                digit = digit || std::isdigit(static_cast<unsigned char>(text[end]));
                alpha = alpha || std::isalpha(static_cast<unsigned char>(text[end]));
                ++end;
            }
            const std::size_t length = end - i;
            const bool looksLikePath = text.substr(i, length).find('/') != std::string_view::npos && text[i] == '/';
            if (!looksLikePath && digit && alpha && ((allHex && length >= 32) || length >= 40)) {
                out.append(kRedacted);
                i = end;
                goto next;
            }
            out.append(text.substr(i, length));
            i = end;
            goto next;
        }
        out.push_back(c);
        ++i;
    next:;
    }
    return out;
}

}  // namespace catalogue
