// SPDX-License-Identifier: Apache-2.0
#include "protocol/evaluate_line.h"

#include "policy/catalogue.h"
#include "policy/kandev_backend.h"
#include "policy/policy_keys.h"
#include "policy/text.h"
#include "policy/validation.h"
#include "format/diagnostic.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cstring>

namespace protocol
{

using namespace simdjson;
namespace keys = policy::keys;

namespace
{

// A field path built only when a problem is reported: the success path must
// not allocate.
class Path
{
public:
    constexpr Path(std::string_view root)
        : m_parts {root}
        , m_size(1)
    {
    }  // NOLINT: implicit on purpose
    constexpr Path(const char* root)
        : Path(std::string_view(root))
    {
    }  // NOLINT
    Path child(std::string_view key) const
    {
        Path p = *this;
        if (p.m_size < p.m_parts.size())
            p.m_parts[p.m_size++] = key;
        return p;
    }
    std::string str() const
    {
        std::string out;
        for (std::size_t i = 0; i < m_size; ++i) {
            if (i)
                out += '.';
            out += m_parts[i];
        }
        return out;
    }

private:
    std::array<std::string_view, 5> m_parts;
    std::size_t m_size;
};

// A number simdjson cannot hold (1e400, a 30-digit integer) is rewritten to
// this string before the line is read again (see withOutOfRangeNumbersMarked):
// where a value is used it is an error naming the number; in a key the line
// does not use it is ignored, like any other value there.
constexpr std::string_view kOutOfRangeMarkerJson = "\"\\u0000number out of range\"";
constexpr std::string_view kOutOfRangeMarker {"\0number out of range", 20};

bool isOutOfRangeNumber(dom::element v) noexcept
{
    std::string_view s;
    return !v.get_string().get(s) && s == kOutOfRangeMarker;
}

// Reads a string as simdjson's get_string does (true when it is none), but a
// rewritten out-of-range number is a number, not a string.
bool notAString(dom::element v, std::string_view& out) noexcept
{
    return v.get_string().get(out) != SUCCESS || out == kOutOfRangeMarker;  // one read on the hot path
}

std::string typeOf(dom::element v)
{
    if (isOutOfRangeNumber(v))
        return "a number out of range";
    switch (v.type()) {
    case dom::element_type::ARRAY: return "an array";
    case dom::element_type::OBJECT: return "an object";
    case dom::element_type::INT64: return "an integer";
    case dom::element_type::UINT64: return "an integer beyond the 64-bit range";
    case dom::element_type::DOUBLE: return "a fraction";
    case dom::element_type::STRING: return "a string";
    case dom::element_type::BOOL: return "a boolean";
    case dom::element_type::NULL_VALUE: return "null";
    }
    return "an unknown value";
}

// Go's encoding/json matches a key to a field without regard to case, with
// Unicode simple folding: besides ASCII, U+017F (long s) folds to 's' and
// U+212A (Kelvin sign) to 'k'. `name` is the lower-case field name.
bool goKeyMatches(std::string_view key, std::string_view name) noexcept
{
    std::size_t i = 0;
    for (const char want : name) {
        if (i >= key.size())
            return false;
        const char c = key[i];
        if (c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') == want : c == want) {
            ++i;
        } else if (want == 's' && key.substr(i, 2) == "\xC5\xBF") {
            i += 2;
        } else if (want == 'k' && key.substr(i, 3) == "\xE2\x84\xAA") {
            i += 3;
        } else {
            return false;
        }
    }
    return i == key.size();
}

// The first key that appears twice in one object (simdjson keeps both; a
// later "effect_safe": true must not override an earlier false unseen).
// Keys are compared as simdjson unescaped them. Objects of a case have a
// handful of keys: they are compared in a fixed array, without allocating.
std::optional<std::string> duplicateKey(dom::element v, const Path& at)
{
    if (dom::object obj; !v.get_object().get(obj)) {
        constexpr std::size_t kSmall = 16;
        struct Key {
            const char* data;
            std::size_t size;
            bool operator==(std::string_view other) const
            {
                return std::string_view(data, size) == other;
            }
        };
        Key small[kSmall];  // left uninitialized on purpose: zeroing it cost more than the check
        std::vector<std::string_view> large;
        std::size_t count = 0;
        for (const dom::key_value_pair field : obj) {
            const std::string_view key = field.key;
            bool seen = false;
            if (count < kSmall) {
                for (std::size_t k = 0; k < count && !seen; ++k)
                    seen = small[k] == key;
                if (!seen)
                    small[count] = {key.data(), key.size()};
            } else {
                if (large.empty()) {
                    for (const Key& k : small)
                        large.emplace_back(k.data, k.size);
                }
                seen = std::find(large.begin(), large.end(), key) != large.end();
                large.push_back(key);
            }
            if (seen) {
                std::string where = at.str();  // "" at the root, else ".policies.hard"
                where = where.empty() ? std::string() : " in " + where.substr(1);
                return "duplicate key \"" + std::string(key) + "\"" + where + ": each key may appear once per object";
            }
            ++count;
            const dom::element_type type = field.value.type();
            if (type == dom::element_type::OBJECT || type == dom::element_type::ARRAY) {
                if (auto inner = duplicateKey(field.value, at.child(key)))
                    return inner;
            }
        }
    } else if (dom::array items; !v.get_array().get(items)) {
        for (const dom::element item : items) {
            const dom::element_type type = item.type();
            if (type == dom::element_type::OBJECT || type == dom::element_type::ARRAY) {
                if (auto inner = duplicateKey(item, at.child("[]")))
                    return inner;
            }
        }
    }
    return std::nullopt;
}

constexpr std::size_t kStop = std::string_view::npos;

// Calls visit(i) for each byte of `line` outside JSON strings; visit returns
// the index to go on from (i + 1, or past a token it read), or kStop.
template <typename Visit> void forEachByteOutsideStrings(std::string_view line, Visit&& visit)
{
    bool inString = false;
    for (std::size_t i = 0; i < line.size();) {
        const char c = line[i];
        if (inString) {
            inString = c != '"';
            i += c == '\\' ? 2 : 1;
        } else if (c == '"') {
            inString = true;
            ++i;
        } else if ((i = visit(i)) == kStop) {
            return;
        }
    }
}

// Whether the raw line writes -0 outside a string: simdjson reads it as the
// integer 0, which is almost certainly a mistake where an integer belongs.
bool writesNegativeZero(const char* line, std::size_t length) noexcept
{
    auto isNegativeZeroAt = [&](std::size_t i) {
        if (i + 1 >= length || line[i + 1] != '0')
            return false;
        const char next = i + 2 < length ? line[i + 2] : ' ';
        return !(next >= '0' && next <= '9') && next != '.' && next != 'e' && next != 'E';
    };
    // The common line has none ("2026-08-17" is no -0): find a candidate
    // with memchr first, and only then walk the line to skip strings.
    bool candidate = false;
    for (const char* at = static_cast<const char*>(std::memchr(line, '-', length)); at && !candidate;
         at = static_cast<const char*>(std::memchr(at + 1, '-', length - std::size_t(at + 1 - line))))
        candidate = isNegativeZeroAt(std::size_t(at - line));
    if (!candidate)
        return false;
    bool found = false;
    forEachByteOutsideStrings({line, length}, [&](std::size_t i) {
        found = line[i] == '-' && isNegativeZeroAt(i);
        return found ? kStop : i + 1;
    });
    return found;
}

// Whether [begin, end) is a number as JSON's grammar writes it:
// -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?
bool isJsonNumberToken(std::string_view t) noexcept
{
    std::size_t i = 0;
    const auto digits = [&] {
        const std::size_t start = i;
        while (i < t.size() && t[i] >= '0' && t[i] <= '9')
            ++i;
        return i > start;
    };
    if (i < t.size() && t[i] == '-')
        ++i;
    if (i < t.size() && t[i] == '0')
        ++i;
    else if (!digits())
        return false;
    if (i < t.size() && t[i] == '.' && (++i, !digits()))
        return false;
    if (i < t.size() && (t[i] == 'e' || t[i] == 'E')) {
        ++i;
        if (i < t.size() && (t[i] == '+' || t[i] == '-'))
            ++i;
        if (!digits())
            return false;
    }
    return i == t.size();
}

// The line with every well-formed number that simdjson cannot hold (1e400, a
// 30-digit integer) replaced by kOutOfRangeMarkerJson, followed by simdjson's
// padding; none when the line has no such number. One pass over the line,
// and only after a parse failed on a number: the common line never gets here.
std::optional<std::string> withOutOfRangeNumbersMarked(std::string_view line)
{
    std::string out;
    bool replaced = false;
    dom::parser single;
    std::size_t copied = 0;
    forEachByteOutsideStrings(line, [&](std::size_t i) {
        const char c = line[i];
        if (c != '-' && !(c >= '0' && c <= '9'))
            return i + 1;
        std::size_t end = i;
        while (end < line.size() && line[end] != '\0' && std::strchr("0123456789+-.eE", line[end]))
            ++end;
        const std::string_view token = line.substr(i, end - i);
        dom::element ignored;
        if (isJsonNumberToken(token) && single.parse(padded_string(token)).get(ignored) == NUMBER_ERROR) {
            out.append(line.substr(copied, i - copied));
            out.append(kOutOfRangeMarkerJson);
            copied = end;
            replaced = true;
        }
        return end;
    });
    if (!replaced)
        return std::nullopt;
    out.append(line.substr(copied));
    out.append(SIMDJSON_PADDING, '\0');
    return out;
}

class CaseReader
{
public:
    CaseReader(Reading reading, EvaluateCase& c)
        : m_reading(reading)
        , m_case(c)
    {
    }

    void readPolicies(dom::element v)
    {
        const Path path(policy::keys::kPolicies);
        policy::PolicyDocument& doc = m_case.policies;
        doc = policy::PolicyDocument {};
        doc.version = 0;
        // An absent class reads as all zero with no outcome: invalid, so it stops.
        doc.transient.onExhausted = policy::Outcome::Unset;
        doc.hard.onExhausted = policy::Outcome::Unset;
        dom::object obj;
        if (v.get_object().get(obj)) {
            policyError(path, "expected a v1 policy document, found " + typeOf(v));
            return;
        }
        bool seenVersion = false, seenTransient = false, seenHard = false;
        for (const dom::key_value_pair field : obj) {
            if (policyKey(field.key, keys::kVersion))
                seenVersion = true, policyInt(field.value, path.child(field.key), doc.version);
            else if (policyKey(field.key, keys::kTransient))
                seenTransient = true, readClass(field.value, path.child(field.key), doc.transient);
            else if (policyKey(field.key, keys::kHard))
                seenHard = true, readClass(field.value, path.child(field.key), doc.hard);
            else
                unknownPolicyKey(path, field.key);
        }
        // In SPEC's reading a missing part is named as such; kandev's decoder
        // reads it as zero values, which validation below rejects.
        if (m_reading == Reading::Spec) {
            if (!seenVersion)
                policyError(path.child(keys::kVersion), "is missing");
            if (!seenTransient)
                policyError(path.child(keys::kTransient), "is missing");
            if (!seenHard)
                policyError(path.child(keys::kHard), "is missing");
        }
        // Range, zero-when-disabled, version and outcome rules, where the
        // shape did not already name the field or a part that holds it.
        for (const policy::Issue& issue : policy::validate(doc, keys::kPolicies)) {
            if (!alreadyReported(issue.path))
                policyError(issue.path, format::describeIssue(issue));
        }
    }

    void missingPolicies()
    {
        policyError(std::string(keys::kPolicies), "is missing; every case needs its candidate's policy document");
    }

    void readFailure(dom::element v)
    {
        if (v.is_null()) {
            m_case.failure.reset();
            return;
        }
        policy::Failure& f = m_case.failure.emplace();
        dom::object obj;
        if (v.get_object().get(obj)) {
            warn("failure",
                "expected an object or null, found " + typeOf(v)
                    + "; read as a failure the classifier could not classify");
            return;
        }
        bool codeRead = false, codeNamed = false;
        for (const dom::key_value_pair field : obj) {
            const std::string_view key = field.key;
            const dom::element value = field.value;
            const Path at = Path("failure").child(key);
            if (key == "code") {
                codeRead = !notAString(value, f.code);
                codeNamed = !codeRead;
                if (!codeRead)
                    warn(at, "expected a string, found " + typeOf(value) + "; the failure is unclassified");
            } else if (key == "class") {
                if (!value.is_null() && notAString(value, f.statedClass))
                    unreadable(at, "expected a string, found " + typeOf(value));
            } else if (key == "confidence") {
                readConfidence(value, at, f.confidence);
            } else if (key == "catalogue_version") {
                if (!value.is_null() && notAString(value, f.catalogueVersion))
                    unreadable(at, "expected a string, found " + typeOf(value));
            } else if (key == "reset_at") {
                readResetHint(value, at, f.resetAt);
            } else {
                warn(at, "unknown key, ignored");
            }
        }
        if (!codeRead && !codeNamed)
            warn("failure.code", "is missing; the failure is unclassified");
    }

    void readOrdinal(dom::element v)
    {
        if (v.is_null()) {
            m_case.retryOrdinal = 0;
            return;
        }
        if (v.get_int64().get(m_case.retryOrdinal)) {
            m_case.retryOrdinal = 0;
            unreadable("retry_ordinal", "expected an integer, found " + typeOf(v));
        } else if (m_case.retryOrdinal < 0) {
            unreadable("retry_ordinal", "must not be negative");
        }
    }

    void readFlag(dom::element v, const Path& at, bool& out)
    {
        out = false;
        if (!v.is_null() && v.get_bool().get(out)) {
            out = false;
            unreadable(at, "expected true or false, found " + typeOf(v));
        }
    }

    void warn(const Path& at, std::string_view message)
    {
        m_case.warnings.push_back(at.str() + ": " + std::string(message));
    }

private:
    bool policyKey(std::string_view key, std::string_view name) const
    {
        return m_reading == Reading::Spec ? key == name : goKeyMatches(key, name);
    }

    bool alreadyReported(std::string_view path) const
    {
        return std::any_of(m_case.policyErrors.begin(), m_case.policyErrors.end(), [&](const std::string& reported) {
            return path == reported
                || (path.size() > reported.size() && path.starts_with(reported) && path[reported.size()] == '.');
        });
    }

    void policyError(const Path& at, std::string_view message)
    {
        policyError(at.str(), message);
    }
    void policyError(std::string path, std::string_view message)
    {
        m_case.policyErrorMessages.push_back(path + ": " + std::string(message));
        m_case.policyErrors.push_back(std::move(path));
    }

    void unknownPolicyKey(const Path& parent, std::string_view key)
    {
        if (m_reading == Reading::Spec)
            policyError(parent.child(key), "unknown key");
        else
            warn(parent.child(key), "unknown key, ignored as kandev's backend ignores it");
    }

    void unreadable(const Path& at, std::string_view message)
    {
        m_case.unreadableSafetyField = true;
        warn(at, std::string(message) + "; the case stops");
    }

    // Null reads as zero/false inside policies (SPEC section 1).
    void policyInt(dom::element v, const Path& at, std::int64_t& out)
    {
        if (v.is_null())
            out = 0;
        else if (v.get_int64().get(out))
            policyError(at, "expected an integer, found " + typeOf(v));
    }

    void policyBool(dom::element v, const Path& at, bool& out)
    {
        if (v.is_null())
            out = false;
        else if (v.get_bool().get(out))
            policyError(at, "expected true or false, found " + typeOf(v));
    }

    // Calls onField(key, value) for each member; a non-object is an error.
    template <typename OnField> void forEachField(dom::element v, const Path& at, OnField&& onField)
    {
        if (v.is_null())
            return;  // Go leaves a struct untouched on null
        dom::object obj;
        if (v.get_object().get(obj)) {
            policyError(at, "expected an object, found " + typeOf(v));
            return;
        }
        for (const dom::key_value_pair field : obj)
            onField(field.key, field.value);
    }

    // A repeated key merges into what an earlier one read, as Go's decoder does.
    void readClass(dom::element v, const Path& at, policy::ClassPolicy& p)
    {
        forEachField(v, at, [&](std::string_view key, dom::element value) {
            const Path field = at.child(key);
            if (policyKey(key, keys::kRetry))
                readRetry(value, field, p.retry);
            else if (policyKey(key, keys::kWaitForReset))
                readWait(value, field, p.waitForReset);
            else if (policyKey(key, keys::kOnExhausted))
                readOutcome(value, field, p.onExhausted);
            else
                unknownPolicyKey(at, key);
        });
    }

    void readRetry(dom::element v, const Path& at, policy::RetryPolicy& r)
    {
        forEachField(v, at, [&](std::string_view key, dom::element value) {
            if (policyKey(key, keys::kEnabled))
                policyBool(value, at.child(key), r.enabled);
            else if (policyKey(key, keys::kMaxRetries))
                policyInt(value, at.child(key), r.maxRetries);
            else if (policyKey(key, keys::kInitialIntervalSeconds))
                policyInt(value, at.child(key), r.initialIntervalSeconds);
            else
                unknownPolicyKey(at, key);
        });
    }

    void readWait(dom::element v, const Path& at, policy::ResetWaitPolicy& w)
    {
        forEachField(v, at, [&](std::string_view key, dom::element value) {
            if (policyKey(key, keys::kEnabled))
                policyBool(value, at.child(key), w.enabled);
            else if (policyKey(key, keys::kMaxWaitSeconds))
                policyInt(value, at.child(key), w.maxWaitSeconds);
            else
                unknownPolicyKey(at, key);
        });
    }

    void readOutcome(dom::element v, const Path& at, policy::Outcome& out)
    {
        out = policy::Outcome::Unset;
        if (v.is_null())
            return;
        std::string_view s;
        if (notAString(v, s))
            policyError(at, "expected \"skip\" or \"stop\", found " + typeOf(v));
        else if (s == "skip")
            out = policy::Outcome::Skip;
        else if (s == "stop")
            out = policy::Outcome::Stop;
        else
            policyError(at, "expected \"skip\" or \"stop\"");
    }

    void readConfidence(dom::element v, const Path& at, policy::Confidence& out)
    {
        out = policy::Confidence::High;
        if (v.is_null())
            return;
        std::string_view s;
        if (notAString(v, s)) {
            unreadable(at, "expected a string, found " + typeOf(v));
        } else if (!s.empty()) {  // "" is a Go backend's zero value: high
            if (const auto c = policy::confidenceFromName(s)) {
                out = *c;
            } else {
                out = policy::Confidence::Low;
                warn(at, "expected \"high\", \"medium\" or \"low\"; read as low, so the failure is unclassified");
            }
        }
    }

    // A hint that cannot be read is not trusted: ignored, like one in the past.
    void readResetHint(dom::element v, const Path& at, std::optional<policy::Seconds>& out)
    {
        out.reset();
        if (v.is_null())
            return;
        std::string_view s;
        if (notAString(v, s)) {
            warn(at, "expected an RFC 3339 time, found " + typeOf(v) + "; the reset hint is ignored");
            return;
        }
        out = policy::parseRfc3339(s);
        if (!out)
            warn(at, "not an RFC 3339 time such as 2026-08-17T12:00:00Z; the reset hint is ignored");
    }

    Reading m_reading;
    EvaluateCase& m_case;
};

}  // namespace

void EvaluateCase::clear()
{
    failure.reset();
    now = {};
    retryOrdinal = 0;
    resetWaitUsed = false;
    effectSafe = false;
    unreadableSafetyField = false;
    policyErrors.clear();  // keeps capacity: no allocation on the next line
    policyErrorMessages.clear();
    warnings.clear();
}

policy::EvaluationInput EvaluateCase::input() const
{
    policy::EvaluationInput in;
    in.failure = failure;
    in.now = now;
    in.retryOrdinal = retryOrdinal;
    in.resetWaitUsed = resetWaitUsed;
    // Fail closed: a case that cannot be fully read, or whose policies are
    // not a valid document, is the gate's stop whatever the values say.
    in.effectSafe = effectSafe && !invalid();
    return in;
}

std::string EvaluateLineParser::parse(const char* line, std::size_t length, std::size_t capacity, EvaluateCase& out)
{
    if (capacity < length + SIMDJSON_PADDING)
        return "internal error: unpadded line";
    out.clear();
    if (length > kMaxEvaluateLineBytes)
        return kLineTooLong;
    dom::element doc;
    auto error = m_parser.parse(line, length, false).get(doc);
    if (error == NUMBER_ERROR) {
        // A number out of range is a value the line cannot use, not a reason
        // to give no decision: read the line again with such numbers marked.
        if (const auto marked = withOutOfRangeNumbersMarked({line, length}))
            error = m_parser.parse(marked->data(), marked->size() - SIMDJSON_PADDING, false).get(doc);
    }
    if (error)
        return std::string("invalid JSON: ") + error_message(error);
    dom::object root;
    if (doc.get_object().get(root))
        return "expected a JSON object, found " + typeOf(doc);
    if (auto duplicate = duplicateKey(doc, Path("")))
        return *duplicate;
    if (writesNegativeZero(line, length))
        return "-0 is not a valid integer; write 0";

    CaseReader reader(m_reading, out);
    bool seenPolicies = false;
    std::string nowProblem = "now: is missing";
    for (const dom::key_value_pair field : root) {
        const std::string_view key = field.key;
        const dom::element value = field.value;
        if (key == keys::kPolicies) {
            reader.readPolicies(value);
            seenPolicies = true;
        } else if (key == "failure") {
            reader.readFailure(value);
        } else if (key == "now") {
            std::string_view s;
            std::optional<policy::Seconds> t;
            if (notAString(value, s))
                nowProblem = "now: expected an RFC 3339 time, found " + typeOf(value);
            else if (!(t = policy::parseRfc3339(s)))
                nowProblem = "now: expected an RFC 3339 time such as 2026-08-17T12:00:00Z";
            else
                nowProblem.clear(), out.now = *t;
        } else if (key == "retry_ordinal") {
            reader.readOrdinal(value);
        } else if (key == "reset_wait_used") {
            reader.readFlag(value, "reset_wait_used", out.resetWaitUsed);
        } else if (key == "effect_safe") {
            reader.readFlag(value, "effect_safe", out.effectSafe);
        } else {
            reader.warn(key, "unknown key, ignored");
        }
    }
    if (!nowProblem.empty())
        return nowProblem;
    if (!seenPolicies)
        reader.missingPolicies();
    return {};
}

policy::Decision decide(const EvaluateCase& c, Reading reading) noexcept
{
    const policy::EvaluationInput in = c.input();
    return reading == Reading::Spec ? policy::evaluate(c.policies, in) : policy::kandev::evaluate(c.policies, in);
}

void appendJsonString(std::string& out, std::string_view s)
{
    // The same escaping as every other output: evaluate writes past the
    // terminal-safe layer, so DEL, C1 and bidirectional controls from the
    // input must not reach standard output raw.
    out += '"';
    policy::escapeControls(out, s, policy::Escaping::JsonString);
    out += '"';
}

namespace
{

void appendStringList(std::string& out, std::string_view name, const std::vector<std::string>& items)
{
    if (items.empty())
        return;
    out += ",\"";
    out += name;
    out += "\":[";
    for (std::size_t i = 0; i < items.size(); ++i) {
        if (i)
            out += ',';
        appendJsonString(out, items[i]);
    }
    out += ']';
}

}  // namespace

void appendDecisionJson(std::string& out, const policy::Decision& d, const EvaluateCase& c)
{
    out += R"({"kind":")";
    out += policy::decisionKindName(d.kind);
    out += R"(","class":")";
    if (d.errorClass)
        out += policy::errorClassName(*d.errorClass);
    out += R"(","code":)";
    appendJsonString(out, d.code);
    out += R"(,"catalogue_version":)";
    appendJsonString(out, d.catalogueVersion);
    out += R"(,"retry_ordinal":)";
    char number[24];
    const auto [end, ec] = std::to_chars(number, number + sizeof number, d.retryOrdinal);
    (void)ec;
    out.append(number, end);
    out += R"(,"deadline":)";
    if (d.deadline) {
        char time[22];
        time[0] = '"';
        policy::formatRfc3339To(time + 1, *d.deadline);
        time[21] = '"';
        out.append(time, sizeof time);
    } else {
        out += "null";
    }
    out += R"(,"pending_outcome":")";
    out += policy::outcomeName(d.pendingOutcome);
    out += '"';
    appendStringList(out, "policy_errors", c.policyErrors);
    appendStringList(out, "warnings", c.warnings);
    out += '}';
}

}  // namespace protocol
