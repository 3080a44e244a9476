// SPDX-License-Identifier: Apache-2.0
#include "error_context.h"

#include "pattern.h"
#include "text.h"

#include <array>

namespace catalogue::detail
{
namespace
{

std::string_view withoutIndent(std::string_view line) noexcept
{
    while (!line.empty() && (line.front() == ' ' || line.front() == '\t'))
        line.remove_prefix(1);
    return line;
}

bool startsWith(std::string_view s, std::string_view prefix) noexcept
{
    return hasAt(s, 0, prefix);
}

// `"key" : "value"` with any spacing, for the JSON of agent messages.
bool hasJsonField(std::string_view line, std::string_view key, std::string_view value) noexcept
{
    std::size_t at = 0;
    while ((at = line.find(key, at)) != std::string_view::npos) {
        std::size_t i = at + key.size();
        while (i < line.size() && line[i] == ' ')
            ++i;
        if (i < line.size() && line[i] == ':') {
            ++i;
            while (i < line.size() && line[i] == ' ')
                ++i;
            if (line.substr(i, value.size()) == value)
                return true;
        }
        at += key.size();
    }
    return false;
}

// An assistant's message or thought, as ACP agents and their SDKs stream it.
bool isAgentMessage(std::string_view line) noexcept
{
    if (line.find("assistant") == std::string_view::npos && line.find("_chunk") == std::string_view::npos)
        return false;  // the common case, in two scans
    return line.find("agent_message_chunk") != std::string_view::npos
        || line.find("agent_thought_chunk") != std::string_view::npos || hasJsonField(line, "\"role\"", "\"assistant\"")
        || hasJsonField(line, "\"type\"", "\"assistant\"");
}

bool startsDiff(std::string_view line) noexcept
{
    return startsWith(line, "diff --git ") || startsWith(line, "--- a/") || startsWith(line, "+++ b/")
        || startsWith(line, "@@ -");
}

bool continuesDiff(std::string_view line) noexcept
{
    if (line.empty())
        return false;
    const char c = line.front();
    return c == '+' || c == '-' || c == ' ' || c == '@' || c == '\\' || startsWith(line, "index ")
        || startsWith(line, "new file mode") || startsWith(line, "deleted file mode");
}

bool endsWithWord(std::string_view line, std::size_t end, std::string_view word) noexcept
{
    return end >= word.size() && hasAt(line, end - word.size(), word);
}

// A JSON key that names an error ("codexErrorInfo":, "error_code":), ending at the quote at `close`.
bool isErrorKey(std::string_view line, std::size_t close) noexcept
{
    std::size_t k = close + 1;
    while (k < line.size() && line[k] == ' ')
        ++k;
    if (k >= line.size() || line[k] != ':')
        return false;
    const std::size_t open = line.rfind('"', close == 0 ? 0 : close - 1);
    if (open == std::string_view::npos || open == close || close - open > 40)
        return false;
    return line.substr(open + 1, close - open - 1).find("error") != std::string_view::npos;
}

// Words that end an error's name right before ':' or '!' or ']':
// "error:", "api error:", "ai_apicallerror:", "[error]", "npm err!"; the
// JSON key or value "error" ("error": {...}, "type":"error"); "npm error code".
// One pass over the line: only the characters that can follow such a word are looked at.
bool hasErrorWord(std::string_view line) noexcept
{
    for (std::size_t i = 0; i < line.size(); ++i) {
        const char c = line[i];
        if (c == ':' || c == '!' || c == ']') {
            for (const std::string_view word :
                {std::string_view("error"), std::string_view("err"), std::string_view("exception"),
                    std::string_view("fatal"), std::string_view("panic"), std::string_view("failed")}) {
                if (endsWithWord(line, i, word))
                    return true;
            }
        } else if (c == '"' && isErrorKey(line, i)) {
            return true;
        } else if (c == '"' && endsWithWord(line, i, "error")) {
            std::size_t k = i + 1;
            while (k < line.size() && line[k] == ' ')
                ++k;
            if (k < line.size() && (line[k] == ':' || line[k] == ',' || line[k] == '}'))
                return true;
        } else if (c == ' ' && endsWithWord(line, i, "error") && hasAt(line, i, " code")) {
            return true;
        } else if (c == '=' && endsWithWord(line, i, "level") && hasAt(line, i + 1, "error")) {
            return true;
        } else if (c == 'k' && endsWithWord(line, i + 1, "\"errorkind")) {
            return true;
        }
    }
    return false;
}

// A JSON-RPC error object: "code": -32xxx.
bool hasJsonRpcError(std::string_view line) noexcept
{
    std::size_t at = 0;
    while ((at = line.find("\"code\"", at)) != std::string_view::npos) {
        std::size_t i = at + 6;
        while (i < line.size() && (line[i] == ' ' || line[i] == ':'))
            ++i;
        if (line.substr(i, 3) == "-32")
            return true;
        at = i;
    }
    return false;
}

int threeDigits(std::string_view s, std::size_t i) noexcept
{
    if (i + 3 > s.size())
        return 0;
    for (std::size_t k = i; k < i + 3; ++k) {
        if (s[k] < '0' || s[k] > '9')
            return 0;
    }
    if (i + 3 < s.size() && s[i + 3] >= '0' && s[i + 3] <= '9')
        return 0;
    return (s[i] - '0') * 100 + (s[i + 1] - '0') * 10 + (s[i + 2] - '0');
}

}  // namespace

std::optional<int> statusInLine(std::string_view line) noexcept
{
    static constexpr std::array<std::string_view, 8> kMarkers {"api error: ", "status code ",
        "status code: ", "\"status\":", "status: ", "http/1.1 ", "http/2 ", "error code: "};
    for (const std::string_view marker : kMarkers) {
        std::size_t at = 0;
        while ((at = line.find(marker, at)) != std::string_view::npos) {
            std::size_t i = at + marker.size();
            while (i < line.size() && line[i] == ' ')
                ++i;
            if (at == 0 || !isWordChar(line[at - 1]) || marker.front() == '"') {
                const int status = threeDigits(line, i);
                if (status >= 400 && status <= 599)
                    return status;
            }
            at += marker.size();
        }
    }
    return std::nullopt;
}

// Go's network and pipe errors name the operation, not the word "error":
// `Post "https://…": dial tcp …: connection refused`, "write |1: broken pipe",
// "connect: network is unreachable".
bool isGoError(std::string_view text) noexcept
{
    for (const std::string_view op : {std::string_view("dial tcp"), std::string_view("dial udp"),
             std::string_view("read tcp"), std::string_view("write tcp"), std::string_view("connect: ")}) {
        if (text.find(op) != std::string_view::npos)
            return true;
    }
    return startsWith(text, "write |") || startsWith(text, "read |") || startsWith(text, "post \"http")
        || startsWith(text, "get \"http");
}

bool isErrorLine(std::string_view line) noexcept
{
    const std::string_view text = withoutIndent(line);
    return hasErrorWord(text) || hasJsonRpcError(text) || statusInLine(text) || isGoError(text) || startsWith(text, "✗")
        || startsWith(text, "×");
}

std::vector<Line> splitIntoLines(
    std::string_view lowered, std::optional<int> status, std::optional<int> exitCode, bool knownFailure)
{
    const bool processSucceeded = exitCode && *exitCode == 0 && !(status && *status >= 400);
    const bool wholeTextFailed = (status && *status >= 400) || (exitCode && *exitCode != 0) || knownFailure;
    std::vector<Line> lines;
    bool inFence = false, inDiff = false, inErrorBlock = false;
    std::size_t pos = 0;
    while (pos <= lowered.size()) {
        const std::size_t nl = lowered.find('\n', pos);
        std::string_view line = lowered.substr(pos, nl == std::string_view::npos ? std::string_view::npos : nl - pos);
        pos = nl == std::string_view::npos ? lowered.size() + 1 : nl + 1;
        if (!line.empty() && line.back() == '\r')
            line.remove_suffix(1);
        const std::string_view text = withoutIndent(line);

        LineKind kind = LineKind::Plain;
        if (startsWith(text, "```")) {
            inFence = !inFence;
            kind = LineKind::AgentOutput;
        } else if (inFence) {
            kind = LineKind::AgentOutput;
        } else if (startsDiff(line) || (inDiff && continuesDiff(line))) {
            inDiff = true;
            kind = LineKind::AgentOutput;
        } else {
            inDiff = false;
            if (processSucceeded || isAgentMessage(text)) {
                kind = LineKind::AgentOutput;
            } else if (text.empty()) {
                inErrorBlock = false;
            } else if (wholeTextFailed || inErrorBlock || isErrorLine(text)) {
                inErrorBlock = true;
                kind = LineKind::InError;
            }
        }
        lines.push_back({line, kind});
    }
    return lines;
}

}  // namespace catalogue::detail
