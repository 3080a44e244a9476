#include "catalogue/classifier.h"

#include "policy/text.h"

#include "hints.h"
#include "text.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>

namespace catalogue {
namespace {

// Agent CLIs print the status in their own words: "API Error: 529", "status code 429".
std::optional<int> inferStatus(std::string_view text)
{
    for (const std::string_view marker : {std::string_view("api error: "), std::string_view("status code "),
                                          std::string_view("status code: "), std::string_view("\"status\":"),
                                          std::string_view("status: "), std::string_view("http "), std::string_view("error code: ")}) {
        std::size_t at = 0;
        while ((at = text.find(marker, at)) != std::string_view::npos) {
            std::size_t i = at + marker.size();
            while (i < text.size() && text[i] == ' ')
                ++i;
            if (i + 3 <= text.size() && std::isdigit(static_cast<unsigned char>(text[i]))
                && std::isdigit(static_cast<unsigned char>(text[i + 1])) && std::isdigit(static_cast<unsigned char>(text[i + 2]))
                && (i + 3 == text.size() || !std::isdigit(static_cast<unsigned char>(text[i + 3])))) {
                const int status = (text[i] - '0') * 100 + (text[i + 1] - '0') * 10 + (text[i + 2] - '0');
                if (status >= 400 && status <= 599)
                    return status;
            }
            at += marker.size();
        }
    }
    return std::nullopt;
}

bool matches(const Rule& rule, std::optional<int> status, std::optional<int> exitCode, std::string_view text, bool trustedHint)
{
    if (rule.statuses[0] != 0) {
        if (!status || std::find(rule.statuses.begin(), rule.statuses.end(), *status) == rule.statuses.end())
            return false;
    }
    if (rule.exitCode >= 0 && (!exitCode || *exitCode != rule.exitCode))
        return false;
    if (rule.needsResetHint && !trustedHint)
        return false;
    if (!rule.anyText[0].empty()) {
        const bool any = std::any_of(rule.anyText.begin(), rule.anyText.end(), [&](std::string_view needle) {
            return !needle.empty() && text.find(needle) != std::string_view::npos;
        });
        if (!any)
            return false;
    }
    for (const std::string_view needle : rule.allText) {
        if (!needle.empty() && text.find(needle) == std::string_view::npos)
            return false;
    }
    return true;
}

// Cuts at a UTF-8 character boundary.
std::string cut(std::string text, std::size_t max)
{
    if (text.size() <= max)
        return text;
    std::size_t end = max;
    while (end > 0 && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80)
        --end;
    text.resize(end);
    return text + "…";
}

}  // namespace

Classification classify(const Evidence& evidence, policy::Seconds now)
{
    Classification r;
    // Bounded input: the first 16 KiB of text and 64 headers.
    Evidence bounded;
    bounded.status = evidence.status;
    bounded.exitCode = evidence.exitCode;
    const std::size_t headerCount = std::min(evidence.headers.size(), kMaxHeaders);
    for (std::size_t i = 0; i < headerCount; ++i)
        bounded.headers.push_back({policy::toValidUtf8(evidence.headers[i].name), policy::toValidUtf8(evidence.headers[i].value)});
    std::string_view bytes = evidence.text;
    if (bytes.size() > kMaxTextBytes)
        bytes = bytes.substr(0, kMaxTextBytes);
    r.truncated = bytes.size() < evidence.text.size() || headerCount < evidence.headers.size();
    // Evidence, not a document: a Latin-1 byte or a cut sequence becomes
    // U+FFFD and classification goes on; excerpts and hints stay UTF-8.
    const std::string validText = policy::toValidUtf8(bytes);
    const std::string_view text = validText;

    const std::string lower = detail::lowered(text);
    r.hints = detail::collectHints(bounded, text, now);
    const auto chosen = detail::chooseHint(r.hints, now);
    for (auto& h : r.hints)
        h.value = redact(h.value);

    const std::optional<int> inferred = evidence.status ? std::nullopt : inferStatus(lower);
    const std::optional<int> status = evidence.status ? evidence.status : inferred;
    const Rule* best = nullptr;
    for (const Rule& rule : rules()) {
        if ((!best || rule.priority > best->priority) && matches(rule, status, evidence.exitCode, lower, chosen.has_value()))
            best = &rule;
    }

    r.excerpt = cut(redact(text), kMaxExcerptBytes);
    if (chosen) {
        r.resetAt = r.hints[*chosen].resetAt;
        r.hint = r.hints[*chosen];
    } else if (!r.hints.empty()) {
        r.hint = r.hints.front();
    }
    if (!best) {
        r.code = "unknown_provider_error";  // no rule: fail closed
        r.errorClass = policy::ErrorClass::Unclassified;
        r.confidence = policy::Confidence::Low;
        r.scope = Scope::Request;
        r.rule = "none";
        return r;
    }
    r.code = std::string(best->code);
    r.rule = std::string(best->id);
    r.scope = best->scope;
    r.confidence = best->confidence;
    // A status read out of free text is weaker evidence than a real one.
    if (inferred && best->statuses[0] != 0 && r.confidence == policy::Confidence::High)
        r.confidence = policy::Confidence::Medium;
    r.errorClass = r.confidence == policy::Confidence::Low ? policy::ErrorClass::Unclassified : policy::catalogueClass(r.code);
    return r;
}

}  // namespace catalogue

namespace catalogue {

Evidence parseRawError(std::string_view raw)
{
    Evidence e;
    std::size_t pos = 0;
    auto nextLine = [&](std::string_view& line) {
        if (pos >= raw.size())
            return false;
        const auto nl = raw.find('\n', pos);
        line = raw.substr(pos, nl == std::string_view::npos ? std::string_view::npos : nl - pos);
        if (!line.empty() && line.back() == '\r')
            line.remove_suffix(1);
        pos = nl == std::string_view::npos ? raw.size() : nl + 1;
        return true;
    };
    const std::size_t start = pos;
    std::string_view line;
    bool structured = false;
    if (nextLine(line)) {
        const std::string lower = detail::lowered(line);
        if (lower.rfind("http/", 0) == 0) {
            const auto space = line.find(' ');
            if (space != std::string_view::npos && space + 4 <= line.size()) {
                int status = 0;
                for (std::size_t i = space + 1; i < space + 4; ++i)
                    status = status * 10 + (std::isdigit(static_cast<unsigned char>(line[i])) ? line[i] - '0' : 0);
                e.status = status;
                structured = true;
            }
        } else if (lower.rfind("exit code:", 0) == 0) {
            e.exitCode = std::atoi(std::string(line.substr(10)).c_str());
            structured = true;
        }
    }
    if (!structured) {
        pos = start;
    }
    // Header lines follow a status line, up to the first blank line.
    const std::size_t bodyStart = pos;
    bool headers = structured;
    std::vector<Header> found;
    while (headers && nextLine(line)) {
        if (line.empty())
            break;
        const auto colon = line.find(':');
        if (colon == std::string_view::npos || colon == 0 || line.find(' ') < colon) {
            headers = false;
            break;
        }
        std::string value(line.substr(colon + 1));
        value.erase(0, value.find_first_not_of(' '));
        found.push_back({std::string(line.substr(0, colon)), value});
    }
    if (headers) {
        e.headers = std::move(found);
        e.text = std::string(raw.substr(std::min(pos, raw.size())));
    } else {
        e.text = std::string(raw.substr(bodyStart));
    }
    return e;
}

}  // namespace catalogue
