// SPDX-License-Identifier: Apache-2.0
#include "catalogue/classifier.h"

#include "policy/text.h"

#include "hints.h"
#include "text.h"

#include "error_context.h"
#include "pattern.h"

#include <algorithm>
#include <bitset>
#include <cctype>
#include <cstdint>
#include <cstdlib>

namespace catalogue
{
namespace
{

using detail::Line;
using detail::LineKind;

constexpr std::size_t kMaxPatterns = 1024;
constexpr std::size_t kMaxRules = 256;

// Every rule's patterns, bucketed by the characters a match can begin with,
// so that one pass over each line finds them all.
std::uint8_t providerNumber(std::string_view provider);

struct PatternIndex {
    struct Entry {
        std::string_view text;
        std::string_view literal;  // the plain characters it begins with (a quick reject before the matcher)
        std::uint16_t rule;  // its rule's index in rules()
    };
    std::vector<Entry> patterns;
    // What a bucket holds per pattern, packed.
    struct Probe {
        std::uint16_t id;
        char second;  // the literal's second character, '\0' when it has none
        std::uint8_t provider;  // 0 = any agent, else 1 + the index in kProviders
    };
    // The patterns that can begin with one character, split by their second
    // one, so that a position of the text only meets the few that fit both.
    struct Bucket {
        std::vector<Probe> anySecond;  // literals of one character (or none)
        std::vector<Probe> bySecond;  // sorted by `second`
        std::array<std::uint16_t, 257> from {};  // bySecond[from[c], from[c + 1]) have second == c
    };
    // Patterns beginning with a letter or digit are tried only where a word begins.
    std::array<Bucket, 256> atWordStart, anywhere;
    // Which buckets hold anything (bit 0: atWordStart, bit 1: anywhere): most
    // characters begin no pattern, and their buckets need not be touched.
    std::array<std::uint8_t, 256> used {};
    struct RuleIds {
        std::array<int, 8> any;
        std::array<int, 2> all;
        std::array<int, 3> none;
    };
    std::vector<RuleIds> ids;  // per rule, in rules() order (-1 = unused)
    std::vector<std::uint8_t> ruleProvider;  // per rule: providerNumber of its agent
    std::vector<std::size_t> byPriority;  // rule indexes, highest priority first

    PatternIndex()
    {
        const auto all = rules();
        ids.resize(all.size());
        for (std::size_t r = 0; r < all.size(); ++r) {
            auto add = [&](std::string_view text) {
                if (text.empty())
                    return -1;
                const int id = int(patterns.size());
                const std::string_view body = text.front() == '^' ? text.substr(1) : text;
                const std::string_view literal = body.substr(0, std::min(body.find_first_of(" ~#!*\\"), body.size()));
                patterns.push_back({text, literal, std::uint16_t(r)});
                const bool word = !body.empty() && detail::asciiAlnum(body.front());
                detail::firstChars(text, [&](char c) {
                    Bucket& bucket = (word ? atWordStart : anywhere)[static_cast<unsigned char>(c)];
                    const Probe probe {
                        std::uint16_t(id), literal.size() > 1 ? literal[1] : '\0', providerNumber(all[r].provider)};
                    (probe.second ? bucket.bySecond : bucket.anySecond).push_back(probe);
                });
                return id;
            };
            RuleIds& rid = ids[r];
            rid.any.fill(-1);
            rid.all.fill(-1);
            rid.none.fill(-1);
            for (std::size_t i = 0; i < all[r].anyText.size(); ++i)
                rid.any[i] = add(all[r].anyText[i]);
            for (std::size_t i = 0; i < all[r].allText.size(); ++i)
                rid.all[i] = add(all[r].allText[i]);
            for (std::size_t i = 0; i < all[r].noneText.size(); ++i)
                rid.none[i] = add(all[r].noneText[i]);
            byPriority.push_back(r);
            ruleProvider.push_back(providerNumber(all[r].provider));
        }
        for (std::size_t c = 0; c < 256; ++c) {
            used[c] = std::uint8_t((atWordStart[c].anySecond.empty() && atWordStart[c].bySecond.empty() ? 0 : 1)
                | (anywhere[c].anySecond.empty() && anywhere[c].bySecond.empty() ? 0 : 2));
        }
        for (auto* buckets : {&atWordStart, &anywhere}) {
            for (Bucket& b : *buckets) {
                std::stable_sort(b.bySecond.begin(), b.bySecond.end(), [](const Probe& x, const Probe& y) {
                    return static_cast<unsigned char>(x.second) < static_cast<unsigned char>(y.second);
                });
                std::size_t i = 0;
                for (int c = 0; c <= 256; ++c) {
                    while (c < 256 && i < b.bySecond.size() && static_cast<unsigned char>(b.bySecond[i].second) < c)
                        ++i;
                    b.from[std::size_t(c)] = std::uint16_t(c == 256 ? b.bySecond.size() : i);
                }
            }
        }
        if (patterns.size() > kMaxPatterns || all.size() > kMaxRules)
            std::abort();  // a catalogue too large for Seen's bitsets: raise kMaxPatterns or kMaxRules
        std::sort(byPriority.begin(), byPriority.end(),
            [&](std::size_t a, std::size_t b) { return all[a].priority > all[b].priority; });
    }
};

std::uint8_t providerNumber(std::string_view provider)
{
    if (provider.empty())
        return 0;
    const auto it = std::find(kProviders.begin(), kProviders.end(), provider);
    return it == kProviders.end() ? 255 : std::uint8_t(1 + (it - kProviders.begin()));
}

const PatternIndex& patternIndex()
{
    static const PatternIndex index;
    return index;
}

// Which patterns were seen, and where.
struct Seen {
    std::bitset<kMaxPatterns> inError;  // on lines inside an error context
    std::bitset<kMaxPatterns> notOutput;  // on any line that is not agent output
    std::bitset<kMaxPatterns> anywhere;  // on any line at all (kandev reads everything)
    std::bitset<kMaxRules> touched;  // rules with a pattern seen anywhere: the others' text cannot hold
};

void scanLine(const PatternIndex& index, const Line& line, std::uint8_t provider, Seen& seen)
{
    const std::string_view text = line.text;
    auto tryProbe = [&](const PatternIndex::Probe probe, std::size_t at) {
        if (probe.provider && probe.provider != provider)
            return;
        const std::uint16_t id = probe.id;
        const auto& p = index.patterns[id];
        if (seen.anywhere[id] && (line.kind != LineKind::InError || seen.inError[id])
            && (line.kind == LineKind::AgentOutput || seen.notOutput[id]))
            return;
        // The bucket matched two characters; compare the rest of the literal inline.
        if (at + p.literal.size() > text.size())
            return;
        std::size_t k = 2;
        while (k < p.literal.size() && text[at + k] == p.literal[k])
            ++k;
        if (k < p.literal.size())
            return;
        if (!detail::matchesAt(p.text, text, at))
            return;
        seen.anywhere[id] = true;
        seen.touched[p.rule] = true;
        if (line.kind != LineKind::AgentOutput)
            seen.notOutput[id] = true;
        if (line.kind == LineKind::InError)
            seen.inError[id] = true;
    };
    auto tryBucket = [&](const PatternIndex::Bucket& bucket, std::size_t at) {
        for (const auto probe : bucket.anySecond)
            tryProbe(probe, at);
        if (bucket.bySecond.empty() || at + 1 >= text.size())
            return;
        const auto next = static_cast<unsigned char>(text[at + 1]);
        for (std::size_t i = bucket.from[next]; i < bucket.from[std::size_t(next) + 1]; ++i)
            tryProbe(bucket.bySecond[i], at);
    };
    for (std::size_t at = 0; at < text.size(); ++at) {
        const auto c = static_cast<unsigned char>(text[at]);
        const std::uint8_t used = index.used[c];
        if (!used)
            continue;
        if ((used & 1) && (at == 0 || !detail::isWordChar(text[at - 1])))
            tryBucket(index.atWordStart[c], at);
        if (used & 2)
            tryBucket(index.anywhere[c], at);
    }
}

struct Signals {
    std::uint8_t provider;  // providerNumber
    std::optional<int> status;
    std::optional<int> exitCode;
    bool trustedHint = false;
};

enum class Reader { Ours, Kandev };

bool textHolds(const Rule& rule, const PatternIndex::RuleIds& ids, const Seen& seen, Reader reader)
{
    const auto& where = reader == Reader::Kandev ? seen.anywhere : rule.prose ? seen.inError : seen.notOutput;
    if (ids.any[0] >= 0
        && std::none_of(ids.any.begin(), ids.any.end(), [&](int id) { return id >= 0 && where[std::size_t(id)]; }))
        return false;
    if (std::any_of(ids.all.begin(), ids.all.end(), [&](int id) { return id >= 0 && !where[std::size_t(id)]; }))
        return false;
    const auto& forbidden = reader == Reader::Kandev ? seen.anywhere : seen.notOutput;
    return std::none_of(
        ids.none.begin(), ids.none.end(), [&](int id) { return id >= 0 && forbidden[std::size_t(id)]; });
}

const Rule* firstMatch(const Signals& signals, const Seen& seen, Reader reader)
{
    const PatternIndex& index = patternIndex();
    const auto all = rules();
    for (const std::size_t r : index.byPriority) {
        const Rule& rule = all[r];
        if (reader == Reader::Kandev && !rule.fromKandev)
            continue;
        if (index.ruleProvider[r] && index.ruleProvider[r] != signals.provider)
            continue;
        if (rule.statuses[0] != 0
            && (!signals.status
                || std::find(rule.statuses.begin(), rule.statuses.end(), *signals.status) == rule.statuses.end()))
            continue;
        if (rule.exitCode >= 0 && (!signals.exitCode || *signals.exitCode != rule.exitCode))
            continue;
        if (rule.needsResetHint && !signals.trustedHint)
            continue;
        const bool readsText = index.ids[r].any[0] >= 0 || index.ids[r].all[0] >= 0;
        if (readsText && !seen.touched[r])
            continue;
        if (textHolds(rule, index.ids[r], seen, reader))
            return &rule;
    }
    return nullptr;
}

std::string phaseCode(std::string_view phase)
{
    return isPreStartPhase(phase) ? "unknown_provider_error" : "agent_runtime_error";
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
    // Bounded input: the first 16 KiB of text and 64 headers, redacted
    // before anything reads them.
    Evidence bounded;
    bounded.status = evidence.status;
    bounded.exitCode = evidence.exitCode;
    const std::size_t headerCount = std::min(evidence.headers.size(), kMaxHeaders);
    bounded.headers.reserve(headerCount);
    for (std::size_t i = 0; i < headerCount; ++i) {
        const std::string name = policy::toValidUtf8(evidence.headers[i].name);
        bounded.headers.push_back({name, redactHeader(name, policy::toValidUtf8(evidence.headers[i].value))});
    }
    std::string_view bytes = evidence.text;
    if (bytes.size() > kMaxTextBytes)
        bytes = bytes.substr(0, kMaxTextBytes);
    r.truncated = bytes.size() < evidence.text.size() || headerCount < evidence.headers.size();
    // Evidence, not a document: a Latin-1 byte or a cut sequence becomes
    // U+FFFD and classification goes on; excerpts and hints stay UTF-8.
    const std::string text = redact(policy::toValidUtf8(bytes));
    const std::string lower = detail::lowered(text);

    const std::vector<Line> lines
        = detail::splitIntoLines(lower, evidence.status, evidence.exitCode, evidence.knownFailure);
    const PatternIndex& index = patternIndex();
    Seen seen;
    const std::uint8_t provider = providerNumber(evidence.provider);
    std::optional<int> inferred;
    for (const Line& line : lines) {
        if (!line.text.empty())
            scanLine(index, line, provider, seen);
        if (!evidence.status && !inferred && line.kind == LineKind::InError)
            inferred = detail::statusInLine(line.text);
    }

    r.hints = detail::collectHints(bounded, text, now);
    detail::collectTextHints(lower, text, lines, now, r.hints);
    const auto chosen = detail::chooseHint(r.hints, now);
    if (chosen) {
        r.resetAt = r.hints[*chosen].resetAt;
        r.hint = r.hints[*chosen];
    } else if (!r.hints.empty()) {
        r.hint = r.hints.front();
    }
    r.excerpt = cut(text, kMaxExcerptBytes);

    const Signals ours {provider, evidence.status ? evidence.status : inferred, evidence.exitCode, chosen.has_value()};
    const Signals kandevs {provider, evidence.status, evidence.exitCode, chosen.has_value()};
    const Rule* best = firstMatch(ours, seen, Reader::Ours);
    // A status read out of free text is weaker evidence than a real one,
    // unless the text alone holds a rule of the same code ("API Error: 529
    // Overloaded"): then that rule is the evidence, at its own confidence.
    if (inferred && best && best->statuses[0] != 0) {
        const Signals textAlone {provider, std::nullopt, evidence.exitCode, chosen.has_value()};
        if (const Rule* text = firstMatch(textAlone, seen, Reader::Ours); text && text->code == best->code)
            best = text;
    }
    const Rule* kandev = firstMatch(kandevs, seen, Reader::Kandev);
    r.kandevCode = kandev && !kandev->code.empty() ? std::string(kandev->code) : phaseCode(evidence.phase);
    if (!best || best->code.empty()) {
        // No rule, or a rule that stops on purpose: fail closed with kandev's phase code.
        r.code = phaseCode(evidence.phase);
        r.errorClass = policy::ErrorClass::Unclassified;
        r.confidence = policy::Confidence::Low;
        r.scope = best ? best->scope : Scope::Request;
        r.rule = best                         ? std::string(best->id)
            : evidence.phase.empty()          ? "none"
            : isPreStartPhase(evidence.phase) ? "phase.prestart.unknown"
                                              : "phase.poststart.unknown";
        return r;
    }
    r.code = std::string(best->code);
    r.rule = std::string(best->id);
    r.scope = best->scope;
    r.confidence = best->confidence;
    // A status read out of free text is weaker evidence than a real one.
    if (inferred && best->statuses[0] != 0 && r.confidence == policy::Confidence::High)
        r.confidence = policy::Confidence::Medium;
    r.errorClass
        = r.confidence == policy::Confidence::Low ? policy::ErrorClass::Unclassified : policy::catalogueClass(r.code);
    return r;
}

}  // namespace catalogue

namespace catalogue
{

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
                    status = status * 10 + (detail::asciiDigit(line[i]) ? line[i] - '0' : 0);
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
