#include "evaluate_line.h"

#include "policy/catalogue.h"

#include <array>
#include <charconv>

namespace cli {

using namespace simdjson;

namespace {

// A field path built only when an error is reported: the success path must
// not allocate.
class Path {
public:
    constexpr Path(std::string_view root) : m_parts{root}, m_size(1) {}  // NOLINT: implicit on purpose
    constexpr Path(const char* root) : Path(std::string_view(root)) {}  // NOLINT
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

std::string at(const Path& path, std::string_view message)
{
    std::string out = path.str();
    out += ": ";
    out += message;
    return out;
}

bool isNull(dom::element v)
{
    return v.is_null();
}

std::string typeOf(dom::element v)
{
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

// Null reads as zero/false inside policies (SPEC section 1).
std::string readInt(dom::element v, const Path& path, std::int64_t& out)
{
    if (isNull(v)) {
        out = 0;
        return {};
    }
    if (v.get_int64().get(out))
        return at(path, "expected an integer, found " + typeOf(v));
    return {};
}

std::string readBool(dom::element v, const Path& path, bool& out)
{
    if (isNull(v)) {
        out = false;
        return {};
    }
    if (v.get_bool().get(out))
        return at(path, "expected true or false, found " + typeOf(v));
    return {};
}

std::string readString(dom::element v, const Path& path, std::string_view& out)
{
    if (v.get_string().get(out))
        return at(path, "expected a string, found " + typeOf(v));
    return {};
}

std::string unknownKey(const Path& path, std::string_view key)
{
    return at(path.child(key), "unknown key");
}

std::string readObject(dom::element v, const Path& path, dom::object& out)
{
    if (v.get_object().get(out))
        return at(path, "expected an object, found " + typeOf(v));
    return {};
}

// Calls onField(key, value) for each member of the object at path; the first
// error stops the loop.
template <typename OnField>
std::string forEachField(dom::element v, const Path& path, OnField&& onField)
{
    dom::object obj;
    if (auto e = readObject(v, path, obj); !e.empty())
        return e;
    for (const dom::key_value_pair field : obj) {
        if (auto e = onField(field.key, field.value); !e.empty())
            return e;
    }
    return {};
}

std::string readRetry(dom::element v, const Path& path, policy::RetryPolicy& r)
{
    if (isNull(v))
        return {};
    return forEachField(v, path, [&](std::string_view key, dom::element value) {
        if (key == "enabled")
            return readBool(value, path.child(key), r.enabled);
        if (key == "max_retries")
            return readInt(value, path.child(key), r.maxRetries);
        if (key == "initial_interval_seconds")
            return readInt(value, path.child(key), r.initialIntervalSeconds);
        return unknownKey(path, key);
    });
}

std::string readWait(dom::element v, const Path& path, policy::ResetWaitPolicy& w)
{
    if (isNull(v))
        return {};
    return forEachField(v, path, [&](std::string_view key, dom::element value) {
        if (key == "enabled")
            return readBool(value, path.child(key), w.enabled);
        if (key == "max_wait_seconds")
            return readInt(value, path.child(key), w.maxWaitSeconds);
        return unknownKey(path, key);
    });
}

std::string readClass(dom::element v, const Path& path, policy::ClassPolicy& p)
{
    p = policy::ClassPolicy{};
    p.onExhausted = policy::Outcome::Unset;
    if (isNull(v))
        return {};
    dom::object obj;
    if (auto e = readObject(v, path, obj); !e.empty())
        return e;
    for (const dom::key_value_pair field : obj) {
        const std::string_view key = field.key;
        dom::element value = field.value;
        std::string e;
        if (key == "retry") {
            e = readRetry(value, path.child(key), p.retry);
        } else if (key == "wait_for_reset") {
            e = readWait(value, path.child(key), p.waitForReset);
        } else if (key == "on_exhausted") {
            if (isNull(value))
                continue;
            std::string_view s;
            e = readString(value, path.child(key), s);
            if (e.empty()) {
                if (s == "skip")
                    p.onExhausted = policy::Outcome::Skip;
                else if (s == "stop")
                    p.onExhausted = policy::Outcome::Stop;
                else
                    e = at(path.child(key), "expected \"skip\" or \"stop\"");
            }
        } else {
            e = unknownKey(path, key);
        }
        if (!e.empty())
            return e;
    }
    return {};
}

std::string readPolicies(dom::element v, policy::PolicyDocument& doc)
{
    const Path path("policies");
    dom::object obj;
    if (auto e = readObject(v, path, obj); !e.empty())
        return e;
    doc = policy::PolicyDocument{};
    doc.version = 0;
    bool seenTransient = false, seenHard = false;
    for (const dom::key_value_pair field : obj) {
        const std::string_view key = field.key;
        dom::element value = field.value;
        std::string e;
        if (key == "version") {
            e = readInt(value, "policies.version", doc.version);
        } else if (key == "transient") {
            e = readClass(value, "policies.transient", doc.transient);
            seenTransient = true;
        } else if (key == "hard") {
            e = readClass(value, "policies.hard", doc.hard);
            seenHard = true;
        } else {
            e = unknownKey(path, key);
        }
        if (!e.empty())
            return e;
    }
    // An absent class reads as all zero with no outcome: invalid, so it stops.
    if (!seenTransient)
        doc.transient.onExhausted = policy::Outcome::Unset;
    if (!seenHard)
        doc.hard.onExhausted = policy::Outcome::Unset;
    return {};
}

std::string readTime(dom::element v, const Path& path, policy::Seconds& out)
{
    std::string_view s;
    if (auto e = readString(v, path, s); !e.empty())
        return e;
    const auto t = policy::parseRfc3339(s);
    if (!t)
        return at(path, "expected an RFC 3339 time such as 2026-08-17T12:00:00Z");
    out = *t;
    return {};
}

std::string readFailure(dom::element v, std::optional<policy::Failure>& out)
{
    const Path path("failure");
    if (isNull(v)) {
        out.reset();
        return {};
    }
    dom::object obj;
    if (auto e = readObject(v, path, obj); !e.empty())
        return e;
    policy::Failure f;
    bool seenCode = false;
    for (const dom::key_value_pair field : obj) {
        const std::string_view key = field.key;
        dom::element value = field.value;
        std::string e;
        if (key == "code") {
            e = readString(value, "failure.code", f.code);
            seenCode = true;
        } else if (key == "class") {
            if (!isNull(value))
                e = readString(value, "failure.class", f.statedClass);
        } else if (key == "confidence") {
            if (!isNull(value)) {
                std::string_view s;
                e = readString(value, "failure.confidence", s);
                if (e.empty() && s.empty()) {
                    f.confidence = policy::Confidence::High;  // a Go backend's zero value
                } else if (e.empty()) {
                    const auto c = policy::confidenceFromName(s);
                    if (!c)
                        e = at("failure.confidence", "expected \"high\", \"medium\" or \"low\"");
                    else
                        f.confidence = *c;
                }
            }
        } else if (key == "catalogue_version") {
            if (!isNull(value))
                e = readString(value, "failure.catalogue_version", f.catalogueVersion);
        } else if (key == "reset_at") {
            if (!isNull(value)) {
                policy::Seconds t;
                e = readTime(value, "failure.reset_at", t);
                f.resetAt = t;
            }
        } else {
            e = unknownKey(path, key);
        }
        if (!e.empty())
            return e;
    }
    if (!seenCode)
        return at("failure.code", "is missing");
    out = f;
    return {};
}

}  // namespace

std::string EvaluateLineParser::parse(const char* line, std::size_t length, std::size_t capacity, EvaluateCase& out)
{
    if (capacity < length + SIMDJSON_PADDING)
        return "internal error: unpadded line";
    dom::element doc;
    if (const auto error = m_parser.parse(line, length, false).get(doc))
        return std::string("invalid JSON: ") + error_message(error);
    dom::object root;
    if (doc.get_object().get(root))
        return "expected a JSON object";
    out = EvaluateCase{};
    bool seenPolicies = false, seenNow = false;
    for (const dom::key_value_pair field : root) {
        const std::string_view key = field.key;
        dom::element value = field.value;
        std::string e;
        if (key == "policies") {
            e = readPolicies(value, out.policies);
            seenPolicies = true;
        } else if (key == "failure") {
            e = readFailure(value, out.failure);
        } else if (key == "now") {
            e = readTime(value, "now", out.now);
            seenNow = true;
        } else if (key == "retry_ordinal") {
            e = readInt(value, "retry_ordinal", out.retryOrdinal);
            if (e.empty() && out.retryOrdinal < 0)
                e = "retry_ordinal: must not be negative";
        } else if (key == "reset_wait_used") {
            e = readBool(value, "reset_wait_used", out.resetWaitUsed);
        } else if (key == "effect_safe") {
            e = readBool(value, "effect_safe", out.effectSafe);
        } else {
            e = at(key, "unknown key");
        }
        if (!e.empty())
            return e;
    }
    if (!seenPolicies)
        return "policies: is missing";
    if (!seenNow)
        return "now: is missing";
    return {};
}

void appendJsonString(std::string& out, std::string_view s)
{
    out += '"';
    for (const char c : s) {
        const auto u = static_cast<unsigned char>(c);
        if (c == '"' || c == '\\') {
            out += '\\';
            out += c;
        } else if (u < 0x20) {
            static constexpr char hex[] = "0123456789abcdef";
            out += "\\u00";
            out += hex[u >> 4];
            out += hex[u & 15];
        } else {
            out += c;
        }
    }
    out += '"';
}

void appendDecisionJson(std::string& out, const policy::Decision& d)
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
    out += R"("})";
}

}  // namespace cli
