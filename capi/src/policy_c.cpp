// SPDX-License-Identifier: Apache-2.0
// The C boundary of libpolicy: JSON text in, caller-owned JSON text out. Each
// entry point catches everything, so no exception unwinds into C or Go.

#include "policy_c.h"

#include "check/document_check.h"
#include "migration/migration.h"
#include "migration/report_json.h"
#include "policy/limits.h"
#include "policy/schedule.h"
#include "format/codec.h"
#include "protocol/evaluate_line.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <new>
#include <string>
#include <string_view>

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
        const check::DocumentCheck check = check::checkDocument(textView(text, length));
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
        out += ",\"report\":" + (report ? dump(migration::reportToJson(*report)) : std::string("null"));
        out += ",\"errors\":" + dump(errorsJson(check.errors)) + "}";
        setOut(result_json, out);
        if (ok)
            return POLICY_OK;
        setOut(message, describeFirst(check.errors, "some legacy rules cannot be migrated; the report names them"));
        return POLICY_INVALID;
    });
}

}  // extern "C"
