// SPDX-License-Identifier: Apache-2.0
// The C boundary of libpolicy: JSON text in, caller-owned JSON text out. Each
// entry point catches everything, so no exception unwinds into C or Go.

#include "policy_c.h"

#include "check/document_check.h"
#include "migration/migration.h"
#include "migration/report_json.h"
#include "policy/catalogue.h"
#include "policy/evaluator.h"
#include "policy/kandev_backend.h"
#include "policy/limits.h"
#include "policy/schedule.h"
#include "policy/validation.h"
#include "format/codec.h"
#include "protocol/evaluate_line.h"
#include "policy/policy_keys.h"
#include "policy/route_cycle.h"
#include "format/diagnostic.h"

#include <nlohmann/json.hpp>

#include <array>
#include <optional>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <new>
#include <string>
#include <string_view>
#include <vector>

// A compiled document: immutable once policy_compile returns it, so any
// number of threads may read it at once without a lock.
struct policy_compiled {
    policy::Reading reading = policy::Reading::Spec;
    // False when the document had any error: every decision is then the
    // safety gate's stop (invalid data never authorizes work).
    bool valid = false;
    std::vector<policy::PolicyDocument> candidates;
    std::vector<char> validPolicies;  // policy::isValid of each candidate's, decided once
    std::vector<char> enabled;  // each candidate's, for route cycles
};

namespace
{

using Json = nlohmann::ordered_json;

// malloc'd so that policy_free() is plain free() and a caller that mixes up
// allocators in C still frees what it was given.
char* copyOut(std::string_view text)
{
    char* out = static_cast<char*>(std::malloc(text.size() + 1));
    if (!out)
        throw std::bad_alloc();
    std::memcpy(out, text.data(), text.size());
    out[text.size()] = '\0';
    return out;
}

void setOut(char** target, std::string_view text)
{
    if (target)
        *target = copyOut(text);
}

// Invalid bytes in a string become U+FFFD instead of an exception.
std::string dump(const Json& j)
{
    return j.dump(-1, ' ', false, Json::error_handler_t::replace);
}

// Clears the out-parameters, runs `body` and turns every exception into a
// status. Out-parameters set before an exception are released again.
template <typename Body> policy_status guarded(char** result, char** message, Body body) noexcept
{
    for (char** p : {result, message}) {
        if (p)
            *p = nullptr;
    }
    const auto fail = [&](policy_status status, const char* why) noexcept {
        for (char** p : {result, message}) {
            if (p) {
                std::free(*p);
                *p = nullptr;
            }
        }
        if (message)
            *message = static_cast<char*>(std::malloc(std::strlen(why) + 1));
        if (message && *message)
            std::strcpy(*message, why);
        return status;
    };
    try {
        return body();
    } catch (const std::bad_alloc&) {
        return fail(POLICY_OUT_OF_MEMORY, "out of memory");
    } catch (...) {
        // A library's own text ("basic_string::_M_create") means nothing to
        // a caller and is never passed on.
        return fail(POLICY_INTERNAL_ERROR, "an internal error stopped the call; please report it with the input");
    }
}

// Why the text cannot be read at all, or "" when it can: NULL with a length,
// or a length no object can have (the text is never touched then).
std::string badText(const char* text, std::size_t length)
{
    if (text == nullptr && length != 0)
        return "the text is NULL but its length is not 0";
    if (length > static_cast<std::size_t>(PTRDIFF_MAX))
        return "the length " + std::to_string(length) + " is larger than any object can be";
    return {};
}

std::string_view textView(const char* text, std::size_t length)
{
    return text ? std::string_view(text, length) : std::string_view();
}

// "line 3, column 5: candidates[0].policies.hard: must be ..." for the first error.
std::string describeFirst(const std::vector<format::Diagnostic>& errors, std::string_view fallback)
{
    if (errors.empty())
        return std::string(fallback);
    const format::Diagnostic& d = errors.front();
    std::string out;
    if (d.line > 0)
        out += "line " + std::to_string(d.line) + ", column " + std::to_string(d.column) + ": ";
    if (!d.path.empty())
        out += d.path + ": ";
    out += d.message;
    if (errors.size() > 1)
        out += " (and " + std::to_string(errors.size() - 1) + " more)";
    return out;
}

Json errorsJson(const std::vector<format::Diagnostic>& errors)
{
    Json list = Json::array();
    for (const auto& e : errors)
        list.push_back(migration::diagnosticToJson(e));
    return list;
}

policy::Reading readingOf(policy_reading reading)
{
    return reading == POLICY_READING_KANDEV ? policy::Reading::KandevBackend : policy::Reading::Spec;
}

// The enum spans every int (POLICY_READING_MIN_ENUM..MAX_ENUM), so any value
// a caller passes may be compared.
bool knownReading(policy_reading reading)
{
    return reading == POLICY_READING_SPEC || reading == POLICY_READING_KANDEV;
}

// Why the arguments cannot be used, or "" when they can.
std::string badArguments(const char* text, std::size_t length, policy_reading reading)
{
    if (std::string why = badText(text, length); !why.empty())
        return why;
    if (!knownReading(reading))
        return "the reading " + std::to_string(static_cast<int>(reading))
            + " is neither POLICY_READING_SPEC nor POLICY_READING_KANDEV";
    return {};
}

// ---- compiled policies ----------------------------------------------------

// policy_error_code's names, in its order: the catalogue's twelve provider
// codes, then kandev's codes that are never configurable.
constexpr std::size_t kProviderCodes = policy::kCatalogue.size();
constexpr std::size_t kCodeCount = 1 + kProviderCodes + policy::kUnclassifiedCodes.size();
static_assert(std::size_t {POLICY_CODE_PROVIDER_NOT_CONFIGURED} == kProviderCodes);
static_assert(std::size_t {POLICY_CODE_MANAGED_RUNTIME_NPM_RESOLUTION} == kCodeCount - 1);
static_assert(policy::kCatalogue[POLICY_CODE_RATE_LIMITED - 1].name == "rate_limited");
static_assert(policy::kCatalogue[POLICY_CODE_PROVIDER_NOT_CONFIGURED - 1].name == "provider_not_configured");
static_assert(
    policy::kUnclassifiedCodes[POLICY_CODE_UNKNOWN_PROVIDER_ERROR - kProviderCodes - 1] == "unknown_provider_error");
static_assert(
    policy::kUnclassifiedCodes[POLICY_CODE_NPX_CACHE_CORRUPTED - kProviderCodes - 1] == "npx_cache_corrupted");

constexpr std::array<std::string_view, kCodeCount> codeNames()
{
    std::array<std::string_view, kCodeCount> names {};
    names[0] = "";  // POLICY_CODE_OTHER: no code of either list, so unclassified in both readings
    for (std::size_t i = 0; i < kProviderCodes; ++i)
        names[1 + i] = policy::kCatalogue[i].name;
    for (std::size_t i = 0; i < policy::kUnclassifiedCodes.size(); ++i)
        names[1 + kProviderCodes + i] = policy::kUnclassifiedCodes[i];
    return names;
}
constexpr std::array<std::string_view, kCodeCount> kCodeNames = codeNames();

// The stated class as policy_evaluate's JSON would state it.
constexpr std::array<std::string_view, 4> kStatedClassNames {"", "transient", "hard", "unclassified"};
constexpr std::array<std::string_view, 4> kClassNames = kStatedClassNames;
constexpr std::array<std::string_view, 4> kKindNames {"stop", "skip", "retry_wait", "waiting_for_reset"};
constexpr std::array<std::string_view, 2> kOutcomeNames {"stop", "skip"};
constexpr std::array<std::string_view, 8> kReasonNames {"no_failure", "invalid_policies", "after_side_effects",
    "unknown_error", "trusted_reset", "retry_left", "retry_off", "retries_used"};

// The size of each struct's first version: a caller's struct_size must cover it.
constexpr std::uint32_t kFailureSizeV1 = static_cast<std::uint32_t>(sizeof(policy_failure));
constexpr std::uint32_t kDecisionSizeV1 = static_cast<std::uint32_t>(sizeof(policy_decision));

template <std::size_t N> constexpr bool inRange(int value) noexcept
{
    return value >= 0 && static_cast<std::size_t>(value) < N;
}

template <std::size_t N> const char* nameOf(const std::array<std::string_view, N>& names, int value) noexcept
{
    // Every name is a literal, so its data() is NUL-terminated.
    return inRange<N>(value) ? names[static_cast<std::size_t>(value)].data() : nullptr;
}

constexpr bool isFlag(std::int32_t flag) noexcept
{
    return flag == 0 || flag == 1;
}

policy_error_class classOut(const std::optional<policy::ErrorClass>& c) noexcept
{
    if (!c)
        return POLICY_CLASS_NONE;
    switch (*c) {
    case policy::ErrorClass::Transient: return POLICY_CLASS_TRANSIENT;
    case policy::ErrorClass::Hard: return POLICY_CLASS_HARD;
    case policy::ErrorClass::Unclassified: break;
    }
    return POLICY_CLASS_UNCLASSIFIED;
}

policy_decision_kind kindOut(policy::DecisionKind k) noexcept
{
    switch (k) {
    case policy::DecisionKind::WaitingForReset: return POLICY_DECISION_WAITING_FOR_RESET;
    case policy::DecisionKind::RetryWait: return POLICY_DECISION_RETRY_WAIT;
    case policy::DecisionKind::Skip: return POLICY_DECISION_SKIP;
    case policy::DecisionKind::Stop: break;
    }
    return POLICY_DECISION_STOP;
}

policy_decision_reason reasonOut(policy::DecisionReason r) noexcept
{
    switch (r) {
    case policy::DecisionReason::NoFailure: return POLICY_REASON_NO_FAILURE;
    case policy::DecisionReason::InvalidPolicies: return POLICY_REASON_INVALID_POLICIES;
    case policy::DecisionReason::AfterSideEffects: return POLICY_REASON_AFTER_SIDE_EFFECTS;
    case policy::DecisionReason::UnknownError: return POLICY_REASON_UNKNOWN_ERROR;
    case policy::DecisionReason::TrustedReset: return POLICY_REASON_TRUSTED_RESET;
    case policy::DecisionReason::RetryLeft: return POLICY_REASON_RETRY_LEFT;
    case policy::DecisionReason::RetryOff: return POLICY_REASON_RETRY_OFF;
    case policy::DecisionReason::RetriesUsed: return POLICY_REASON_RETRIES_USED;
    }
    return POLICY_REASON_NO_FAILURE;
}

// The stop every status but POLICY_OK leaves in a writable decision.
void writeStop(policy_decision* out) noexcept
{
    out->kind = POLICY_DECISION_STOP;
    out->error_class = POLICY_CLASS_NONE;
    out->pending_outcome = POLICY_OUTCOME_STOP;
    out->reason = POLICY_REASON_NO_FAILURE;
    out->reserved = 0;
    out->retry_ordinal = 0;
    out->deadline = POLICY_TIME_NONE;
}

// Whether the failure's fields are all values the API lists.
bool readableFailure(const policy_failure& f) noexcept
{
    return f.struct_size >= kFailureSizeV1 && inRange<kCodeCount>(f.code)
        && inRange<kStatedClassNames.size()>(f.stated_class) && inRange<3>(f.confidence)
        && inRange<3>(f.catalogue_version) && isFlag(f.effect_safe) && isFlag(f.transient_reset_wait_used)
        && isFlag(f.hard_reset_wait_used) && f.retry_ordinal >= 0
        && f.now >= policy::kEarliestTime.time_since_epoch().count()
        && f.now <= policy::kLatestTime.time_since_epoch().count();
}

policy::Confidence confidenceOf(const policy_failure& f) noexcept
{
    return f.confidence == POLICY_CONFIDENCE_LOW   ? policy::Confidence::Low
        : f.confidence == POLICY_CONFIDENCE_MEDIUM ? policy::Confidence::Medium
                                                   : policy::Confidence::High;
}

// The evaluator's input for a readable failure, built in place field by
// field. Fails closed as policy_evaluate does: invalid policies make every
// failure the gate's stop. (Copying in a temporary failure read back bytes
// just written as wider loads, which stall: a third of the call.)
void setInput(policy::EvaluationInput& in, const policy_failure& f, bool valid) noexcept
{
    policy::Failure& failure = in.failure.emplace();
    failure.code = kCodeNames[static_cast<std::size_t>(f.code)];
    failure.statedClass = kStatedClassNames[static_cast<std::size_t>(f.stated_class)];
    failure.confidence = confidenceOf(f);
    if (f.reset_at != POLICY_TIME_NONE)
        failure.resetAt = policy::Seconds {std::chrono::seconds {f.reset_at}};
    in.now = policy::Seconds {std::chrono::seconds {f.now}};
    in.retryOrdinal = f.retry_ordinal;
    in.resetWaitUsed = f.transient_reset_wait_used == 1;
    in.effectSafe = f.effect_safe == 1 && valid;
}

policy::Decision decideCompiled(
    const policy_compiled& compiled, const policy::PolicyDocument& doc, const policy::EvaluationInput& in) noexcept
{
    return compiled.reading == policy::Reading::Spec ? policy::evaluate(doc, in) : policy::kandev::evaluate(doc, in);
}

// The failure's class by the evaluator's rule, from the enums as given: no
// name is looked up on the SPEC reading's path.
policy::ErrorClass resolvedClass(const policy_failure& f) noexcept
{
    std::optional<policy::ErrorCode> code;
    if (f.code >= POLICY_CODE_NETWORK_UNAVAILABLE && f.code <= POLICY_CODE_PROVIDER_NOT_CONFIGURED)
        code = static_cast<policy::ErrorCode>(f.code - POLICY_CODE_NETWORK_UNAVAILABLE);
    std::optional<policy::ErrorClass> stated;
    if (f.stated_class == POLICY_CLASS_TRANSIENT)
        stated = policy::ErrorClass::Transient;
    else if (f.stated_class == POLICY_CLASS_HARD)
        stated = policy::ErrorClass::Hard;
    else if (f.stated_class == POLICY_CLASS_UNCLASSIFIED)
        stated = policy::ErrorClass::Unclassified;

    return policy::resolveClass(code, stated, confidenceOf(f));
}

// kandev's evaluator reports no reason: the reason of its decision, from the
// decision and the evaluator's own order of tests.
policy::DecisionReason kandevReason(
    const policy::Decision& d, const policy::PolicyDocument& doc, const policy::EvaluationInput& in) noexcept
{
    switch (d.kind) {
    case policy::DecisionKind::WaitingForReset: return policy::DecisionReason::TrustedReset;
    case policy::DecisionKind::RetryWait: return policy::DecisionReason::RetryLeft;
    case policy::DecisionKind::Skip:
    case policy::DecisionKind::Stop: break;
    }
    if (d.errorClass)  // past the gate: the class's exhausted outcome
        return doc.forClass(*d.errorClass).retry.enabled ? policy::DecisionReason::RetriesUsed
                                                         : policy::DecisionReason::RetryOff;
    if (!in.failure)
        return policy::DecisionReason::NoFailure;
    if (!in.effectSafe)
        return policy::DecisionReason::AfterSideEffects;
    // Not allowed to fall back, or unclassified (a compiled document is valid,
    // and an invalid one is told apart by the caller).
    return policy::DecisionReason::UnknownError;
}

// What policy_compile was given, told apart without parsing it.
enum class TextShape { NotOneValue, Policies, Profile };

// A policies document is read as the "policies" value of an evaluate line, so
// its text must be one JSON value that cannot close that value early and add
// keys of its own ({...},"effect_safe":true): no ',' or ':' outside every
// bracket, no bracket closed that it did not open. Strings are skipped as JSON
// writes them. A profile is an object with a top-level "candidates" key.
TextShape shapeOf(std::string_view t) noexcept
{
    int depth = 0;
    bool inString = false;
    bool profile = false;
    std::size_t stringStart = 0;
    for (std::size_t i = 0; i < t.size(); ++i) {
        const char c = t[i];
        if (inString) {
            if (c == '\\') {
                ++i;
            } else if (c == '"') {
                inString = false;
                if (depth == 1 && t.substr(stringStart, i - stringStart) == "candidates") {
                    std::size_t j = i + 1;
                    while (j < t.size() && (t[j] == ' ' || t[j] == '\t' || t[j] == '\n' || t[j] == '\r'))
                        ++j;
                    profile = profile || (j < t.size() && t[j] == ':');
                }
            }
            continue;
        }
        switch (c) {
        case '"':
            inString = true;
            stringStart = i + 1;
            break;
        case '{':
        case '[': ++depth; break;
        case '}':
        case ']':
            if (--depth < 0)
                return TextShape::NotOneValue;
            break;
        case ',':
        case ':':
            if (depth == 0)
                return TextShape::NotOneValue;
            break;
        default: break;
        }
    }
    // An unterminated string or bracket is left to the JSON reader, which
    // names what is wrong (the enclosing line cannot be read either).
    return profile ? TextShape::Profile : TextShape::Policies;
}

format::Diagnostic diagnostic(std::string path, std::string message)
{
    format::Diagnostic d;
    d.path = std::move(path);
    d.message = std::move(message);
    return d;
}

// Reads a policies document exactly as policy_evaluate reads the "policies"
// of a line in the same reading.
policy_status compilePolicies(std::string_view text, policy_compiled& compiled, std::vector<format::Diagnostic>& errors)
{
    if (text.size() > protocol::kMaxEvaluateLineBytes) {
        errors.push_back(diagnostic("", protocol::kLineTooLong));
        return POLICY_UNREADABLE;
    }
    std::string line = R"({"now":"2026-01-01T00:00:00Z","policies":)";
    line.append(text);
    line += '}';
    const std::size_t length = line.size();
    line.resize(length + simdjson::SIMDJSON_PADDING);
    protocol::EvaluateLineParser parser(compiled.reading);
    protocol::EvaluateCase evaluation;
    if (std::string problem = parser.parse(line.data(), length, line.size(), evaluation); !problem.empty()) {
        errors.push_back(diagnostic("", std::move(problem)));
        return POLICY_UNREADABLE;
    }
    // Paths relative to the text given: the line's "policies." prefix is dropped.
    const std::string_view root = policy::keys::kPolicies;
    for (std::size_t i = 0; i < evaluation.policyErrors.size(); ++i) {
        std::string_view path = evaluation.policyErrors[i];
        std::string_view message = evaluation.policyErrorMessages[i];
        if (message.starts_with(path) && message.substr(path.size()).starts_with(": "))
            message.remove_prefix(path.size() + 2);
        if (path.starts_with(root))
            path.remove_prefix(path.size() > root.size() && path[root.size()] == '.' ? root.size() + 1 : root.size());
        errors.push_back(diagnostic(std::string(path), std::string(message)));
    }
    compiled.candidates.push_back(evaluation.policies);
    compiled.enabled.push_back(1);
    compiled.valid = errors.empty() && !evaluation.invalid();
    return compiled.valid ? POLICY_OK : POLICY_INVALID;
}

// Checks a dynamic profile as policy_validate does and migrates its legacy
// candidates in the compile's reading.
policy_status compileProfile(std::string_view text, policy_compiled& compiled, std::vector<format::Diagnostic>& errors)
{
    check::DocumentCheck check = check::checkDocument(text, true, format::RecordSources::Drop);
    errors = check.errors;
    if (!check.document || check.document->profiles.size() != 1 || !check.document->profiles.front().dynamic) {
        if (errors.empty())
            errors.push_back(diagnostic("", "the text is not a dynamic profile"));
        return POLICY_UNREADABLE;
    }
    const format::DynamicRecord& dynamic = *check.document->profiles.front().dynamic;
    bool migrated = true;
    for (std::size_t i = 0; i < dynamic.candidates.size(); ++i) {
        const policy::Candidate& candidate = dynamic.candidates[i];
        compiled.enabled.push_back(candidate.enabled ? 1 : 0);
        migration::CandidateMigration m
            = migration::migrateCandidate(candidate, i, format::indexPath("candidates", i), compiled.reading);
        if (m.result && policy::isValid(*m.result)) {
            compiled.candidates.push_back(*m.result);
            continue;
        }
        migrated = false;
        compiled.candidates.push_back(policy::PolicyDocument {});
        if (check.errors.empty()) {
            for (format::Diagnostic& e : m.errors)
                errors.push_back(std::move(e));
            if (m.errors.empty())
                errors.push_back(diagnostic(format::indexPath("candidates", i) + ".policies", "is not valid"));
        }
    }
    compiled.valid = migrated && errors.empty();
    return compiled.valid ? POLICY_OK : POLICY_INVALID;
}

// The decision for one candidate of a handle: what policy_evaluate_compiled
// and policy_route_decide write out.
policy::Decision decideFor(const policy_compiled& compiled, std::size_t index, const policy_failure* failure) noexcept
{
    const policy::PolicyDocument& doc = compiled.candidates[index];
    policy::EvaluationInput in;
    if (failure)
        setInput(in, *failure, compiled.valid);
    const bool hardWaitUsed = failure && failure->hard_reset_wait_used == 1;
    policy::Decision d;
    if (compiled.reading == policy::Reading::Spec) {
        // The class first, so the reset-wait flag is that class's.
        const policy::ErrorClass cls = failure ? resolvedClass(*failure) : policy::ErrorClass::Unclassified;
        if (cls == policy::ErrorClass::Hard)
            in.resetWaitUsed = hardWaitUsed;
        d = policy::evaluateResolved(doc, compiled.validPolicies[index], cls, in);
    } else {
        d = decideCompiled(compiled, doc, in);
        // kandev's evaluator takes the flag of the class it resolves; decide again
        // with the hard class's flag when that is the class and the flags differ.
        if (d.errorClass == policy::ErrorClass::Hard && hardWaitUsed != in.resetWaitUsed) {
            in.resetWaitUsed = hardWaitUsed;
            d = decideCompiled(compiled, doc, in);
        }
    }
    if (compiled.reading == policy::Reading::KandevBackend)
        d.reason = kandevReason(d, doc, in);
    if (!compiled.valid && in.failure)
        d.reason = policy::DecisionReason::InvalidPolicies;
    return d;
}

void writeDecision(const policy::Decision& d, policy_decision* out) noexcept
{
    out->kind = kindOut(d.kind);
    out->error_class = classOut(d.errorClass);
    out->pending_outcome = d.pendingOutcome == policy::Outcome::Skip ? POLICY_OUTCOME_SKIP : POLICY_OUTCOME_STOP;
    out->reason = reasonOut(d.reason);
    out->retry_ordinal = d.retryOrdinal;
    out->deadline = d.deadline ? d.deadline->time_since_epoch().count() : POLICY_TIME_NONE;
    out->reserved = 0;
}

constexpr std::uint32_t kRouteSizeV1 = static_cast<std::uint32_t>(sizeof(policy_route));

// A route the handle can move: attempting one of its enabled candidates,
// with an ordinal and flags a cycle can have.
bool attempting(const policy_compiled& compiled, const policy_route& route) noexcept
{
    return route.struct_size >= kRouteSizeV1 && route.state == POLICY_ROUTE_ATTEMPTING
        && route.candidate_index < compiled.candidates.size() && compiled.enabled[route.candidate_index]
        && route.retry_ordinal >= 0 && (route.transient_reset_wait_used == 0 || route.transient_reset_wait_used == 1)
        && (route.hard_reset_wait_used == 0 || route.hard_reset_wait_used == 1);
}

policy::RoutePosition positionOf(const policy_route& route) noexcept
{
    policy::RoutePosition position;
    position.candidate = static_cast<std::size_t>(route.candidate_index);
    position.retryOrdinal = route.retry_ordinal;
    position.resetWaitUsed = {route.transient_reset_wait_used == 1, route.hard_reset_wait_used == 1};
    return position;
}

void writeRoute(const policy::RoutePosition& position, policy_route_state state, policy_route& route) noexcept
{
    route.state = state;
    route.candidate_index = state == POLICY_ROUTE_ATTEMPTING ? position.candidate : 0;
    route.retry_ordinal = state == POLICY_ROUTE_NONE_LEFT ? 0 : position.retryOrdinal;
    route.transient_reset_wait_used = state == POLICY_ROUTE_NONE_LEFT ? 0 : position.resetWaitUsed[0];
    route.hard_reset_wait_used = state == POLICY_ROUTE_NONE_LEFT ? 0 : position.resetWaitUsed[1];
}

// Enters the first enabled candidate at or after `from`, fresh, or ends the
// cycle with none left.
void enterFrom(const policy_compiled& compiled, std::size_t from, policy_route& route) noexcept
{
    policy::RoutePosition position;
    const auto next = policy::firstEnabledFrom(
        compiled.candidates.size(), from, [&](std::size_t i) { return compiled.enabled[i] != 0; });
    if (next)
        policy::enterCandidate(position, *next);
    writeRoute(position, next ? POLICY_ROUTE_ATTEMPTING : POLICY_ROUTE_NONE_LEFT, route);
}

}  // namespace

extern "C" {

const char* policy_version(void)
{
    return POLICY_STUDIO_VERSION;
}

const char* policy_status_name(policy_status status)
{
    switch (status) {
    case POLICY_OK: return "ok";
    case POLICY_INVALID: return "invalid";
    case POLICY_UNREADABLE: return "unreadable";
    case POLICY_BAD_ARGUMENT: return "bad_argument";
    case POLICY_OUT_OF_MEMORY: return "out_of_memory";
    case POLICY_INTERNAL_ERROR: return "internal_error";
    case POLICY_STATUS_MIN_ENUM:
    case POLICY_STATUS_MAX_ENUM: break;
    }
    return "unknown";
}

void policy_free(void* text)
{
    std::free(text);
}

policy_status policy_validate(const char* text, size_t length, char** result_json, char** message)
{
    return guarded(result_json, message, [&] {
        if (const std::string why = badText(text, length); !why.empty()) {
            setOut(message, why);
            return POLICY_BAD_ARGUMENT;
        }
        const check::DocumentCheck check
            = check::checkDocument(textView(text, length), true, format::RecordSources::Drop);
        Json j = Json::object();
        j["valid"] = check.valid();
        j["legacy"] = check.legacy;
        j["errors"] = errorsJson(check.errors);
        j["warnings"] = errorsJson(check.warnings);
        setOut(result_json, dump(j));
        if (check.valid())
            return POLICY_OK;
        setOut(message, describeFirst(check.errors, "the text is not a policy document"));
        return POLICY_INVALID;
    });
}

policy_status policy_next_retry_delay(
    int64_t initial_interval_seconds, int64_t retry_ordinal, int64_t* delay_seconds, char** message)
{
    if (delay_seconds)
        *delay_seconds = 0;
    return guarded(nullptr, message, [&] {
        const policy::FieldDescriptor& interval = policy::descriptor(policy::Field::RetryInitialInterval);
        if (!policy::withinLimits(policy::Field::RetryInitialInterval, initial_interval_seconds)) {
            setOut(message,
                std::string(interval.key) + " must be between " + std::to_string(interval.min) + " and "
                    + std::to_string(interval.max) + " (found " + std::to_string(initial_interval_seconds) + ")");
            return POLICY_BAD_ARGUMENT;
        }
        if (retry_ordinal < 0) {
            setOut(message, "retry_ordinal must be 0 or more (found " + std::to_string(retry_ordinal) + ")");
            return POLICY_BAD_ARGUMENT;
        }
        if (delay_seconds)
            *delay_seconds = policy::retryDelay(initial_interval_seconds, retry_ordinal);
        return POLICY_OK;
    });
}

policy_status policy_evaluate(
    const char* text, size_t length, policy_reading reading, char** decision_json, char** message)
{
    return guarded(decision_json, message, [&] {
        if (const std::string why = badArguments(text, length, reading); !why.empty()) {
            setOut(message, why);
            return POLICY_BAD_ARGUMENT;
        }
        // policyctl's answer to such a line, without copying it first.
        if (length > protocol::kMaxEvaluateLineBytes) {
            setOut(message, protocol::kLineTooLong);
            return POLICY_UNREADABLE;
        }
        // The parser reads in place and needs padding after the text. A parser
        // per call keeps nothing between calls or threads (2 us a call, bench_policy_c).
        std::string buffer(textView(text, length));
        buffer.resize(length + simdjson::SIMDJSON_PADDING);
        protocol::EvaluateLineParser parser(readingOf(reading));
        protocol::EvaluateCase evaluation;
        const std::string problem = parser.parse(buffer.data(), length, buffer.size(), evaluation);
        if (!problem.empty()) {
            setOut(message, problem);
            return POLICY_UNREADABLE;
        }
        std::string out;
        protocol::appendDecisionJson(out, protocol::decide(evaluation, readingOf(reading)), evaluation);
        setOut(decision_json, out);
        return POLICY_OK;
    });
}

policy_status policy_migrate(
    const char* text, size_t length, policy_reading reading, char** result_json, char** message)
{
    return guarded(result_json, message, [&] {
        if (const std::string why = badArguments(text, length, reading); !why.empty()) {
            setOut(message, why);
            return POLICY_BAD_ARGUMENT;
        }
        check::DocumentCheck check = check::checkDocument(textView(text, length));
        std::optional<migration::MigrationReport> report;
        std::optional<format::Document> migrated;
        if (check.document) {
            report = migration::planMigration(*check.document, readingOf(reading));
            migrated = migration::applyMigration(std::move(*check.document), *report);
        }
        const bool ok = check.errors.empty() && migrated.has_value();
        // {"document":D,"report":R,"errors":[...]}: the document written
        // compact from the migration, never parsed back from text.
        std::string out = "{\"document\":";
        out += ok ? format::joinPieces(format::serializeDocumentPieces(*migrated, format::Layout::Compact))
                  : std::string("null");
        out += ",\"report\":";
        if (report)
            migration::writeReportJson(*report, [&](std::string_view text) { out += text; });
        else
            out += "null";
        out += ",\"errors\":" + dump(errorsJson(check.errors)) + "}";
        setOut(result_json, out);
        if (ok)
            return POLICY_OK;
        setOut(message, describeFirst(check.errors, "some legacy rules cannot be migrated; the report names them"));
        return POLICY_INVALID;
    });
}

policy_status policy_compile(
    const char* text, size_t length, policy_reading reading, policy_compiled** out, char** errors_json, char** message)
{
    if (out)
        *out = nullptr;
    return guarded(errors_json, message, [&] {
        std::string why = badArguments(text, length, reading);
        if (why.empty() && !out)
            why = "out is NULL: there is nowhere to put the compiled handle";
        if (!why.empty()) {
            setOut(message, why);
            return POLICY_BAD_ARGUMENT;
        }
        const std::string_view view = textView(text, length);
        auto compiled = std::make_unique<policy_compiled>();
        compiled->reading = readingOf(reading);
        std::vector<format::Diagnostic> errors;
        policy_status status = POLICY_UNREADABLE;
        switch (shapeOf(view)) {
        case TextShape::NotOneValue:
            errors.push_back(diagnostic("", "expected one JSON value: a policies document or a dynamic profile"));
            break;
        case TextShape::Policies: status = compilePolicies(view, *compiled, errors); break;
        case TextShape::Profile: status = compileProfile(view, *compiled, errors); break;
        }
        for (const policy::PolicyDocument& doc : compiled->candidates)
            compiled->validPolicies.push_back(compiled->valid && policy::isValid(doc));
        setOut(errors_json, dump(errorsJson(errors)));
        if (status != POLICY_OK)
            setOut(message, describeFirst(errors, "the document is invalid"));
        // Last: nothing after this can throw, so a handle never leaks.
        if (status == POLICY_OK || status == POLICY_INVALID)
            *out = compiled.release();
        return status;
    });
}

size_t policy_compiled_candidate_count(const policy_compiled* compiled)
{
    return compiled ? compiled->candidates.size() : 0;
}

policy_status policy_evaluate_compiled(
    const policy_compiled* compiled, size_t candidate_index, const policy_failure* failure, policy_decision* out)
{
    // Nothing here allocates or throws: the evaluators are noexcept.
    if (!out || out->struct_size < kDecisionSizeV1)
        return POLICY_BAD_ARGUMENT;
    if (!compiled || candidate_index >= compiled->candidates.size() || (failure && !readableFailure(*failure))) {
        writeStop(out);
        return POLICY_BAD_ARGUMENT;
    }
    writeDecision(decideFor(*compiled, candidate_index, failure), out);
    return POLICY_OK;
}

policy_status policy_route_start(const policy_compiled* compiled, policy_route* route)
{
    if (!compiled || !route || route->struct_size < kRouteSizeV1)
        return POLICY_BAD_ARGUMENT;
    enterFrom(*compiled, 0, *route);
    return POLICY_OK;
}

policy_status policy_route_decide(
    const policy_compiled* compiled, policy_route* route, const policy_failure* failure, policy_decision* out)
{
    if (!out || out->struct_size < kDecisionSizeV1)
        return POLICY_BAD_ARGUMENT;
    if (!compiled || !route || !attempting(*compiled, *route) || !failure || !readableFailure(*failure)) {
        writeStop(out);
        return POLICY_BAD_ARGUMENT;
    }
    policy::RoutePosition position = positionOf(*route);
    policy_failure f;
    std::memcpy(&f, failure, sizeof f);  // this version's fields; the route's replace the failure's own
    f.retry_ordinal = position.retryOrdinal;
    f.transient_reset_wait_used = position.resetWaitUsed[0] ? 1 : 0;
    f.hard_reset_wait_used = position.resetWaitUsed[1] ? 1 : 0;
    const policy::Decision d = decideFor(*compiled, position.candidate, &f);
    switch (policy::applyDecision(position, d, d.errorClass.value_or(policy::ErrorClass::Unclassified))) {
    case policy::RouteMove::WaitThenAttempt: writeRoute(position, POLICY_ROUTE_ATTEMPTING, *route); break;
    case policy::RouteMove::NextCandidate: enterFrom(*compiled, position.candidate + 1, *route); break;
    case policy::RouteMove::Stop: writeRoute(position, POLICY_ROUTE_STOPPED, *route); break;
    }
    writeDecision(d, out);
    return POLICY_OK;
}

policy_status policy_route_pass_over(const policy_compiled* compiled, policy_route* route)
{
    if (!compiled || !route || !attempting(*compiled, *route))
        return POLICY_BAD_ARGUMENT;
    enterFrom(*compiled, static_cast<std::size_t>(route->candidate_index) + 1, *route);
    return POLICY_OK;
}

void policy_release(policy_compiled* compiled)
{
    delete compiled;
}

const char* policy_error_code_name(policy_error_code code)
{
    return nameOf(kCodeNames, code);
}

const char* policy_error_class_name(policy_error_class error_class)
{
    return nameOf(kClassNames, error_class);
}

const char* policy_decision_kind_name(policy_decision_kind kind)
{
    return nameOf(kKindNames, kind);
}

const char* policy_outcome_name(policy_outcome outcome)
{
    return nameOf(kOutcomeNames, outcome);
}

const char* policy_decision_reason_name(policy_decision_reason reason)
{
    return nameOf(kReasonNames, reason);
}

policy_error_code policy_error_code_from_name(const char* name, size_t length)
{
    if (!name || length == 0)
        return POLICY_CODE_OTHER;
    const std::string_view wanted(name, length);
    for (std::size_t i = 1; i < kCodeNames.size(); ++i) {
        if (kCodeNames[i] == wanted)
            return static_cast<policy_error_code>(i);
    }
    return POLICY_CODE_OTHER;
}

}  // extern "C"
