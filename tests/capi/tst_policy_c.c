// SPDX-License-Identifier: Apache-2.0
/*
 * The C API from C: every entry point, its statuses, its ownership rules
 * (AddressSanitizer's leak check fails the test if a returned string is not
 * freed by policy_free, or freed twice), and concurrent calls. Cases are
 * tables; each failed check prints the case and the test exits non-zero.
 */
#include "policy_c.h"

#include <limits.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures = 0;

#define CHECK(condition, ...)                                                                                          \
    do {                                                                                                               \
        if (!(condition)) {                                                                                            \
            ++failures;                                                                                                \
            fprintf(stderr, "%s:%d: FAIL: %s: ", __FILE__, __LINE__, #condition);                                      \
            fprintf(stderr, __VA_ARGS__);                                                                              \
            fputc('\n', stderr);                                                                                       \
        }                                                                                                              \
    } while (0)

static int contains(const char* text, const char* part)
{
    return text != NULL && part != NULL && strstr(text, part) != NULL;
}

/* A transient policy of 2 retries from 5 s with a 300 s reset wait, and a hard
   policy that stops at once. */
#define POLICIES                                                                                                       \
    "{\"version\":1,"                                                                                                  \
    "\"transient\":{\"retry\":{\"enabled\":true,\"max_retries\":2,\"initial_interval_seconds\":5},"                    \
    "\"wait_for_reset\":{\"enabled\":true,\"max_wait_seconds\":300},\"on_exhausted\":\"skip\"},"                       \
    "\"hard\":{\"retry\":{\"enabled\":false,\"max_retries\":0,\"initial_interval_seconds\":0},"                        \
    "\"wait_for_reset\":{\"enabled\":false,\"max_wait_seconds\":0},\"on_exhausted\":\"stop\"}}"

static void test_version_and_names(void)
{
    CHECK(strcmp(policy_version(), POLICY_EXPECTED_VERSION) == 0, "version %s", policy_version());
    static const struct {
        policy_status status;
        const char* name;
    } names[] = {
        {POLICY_OK, "ok"},
        {POLICY_INVALID, "invalid"},
        {POLICY_UNREADABLE, "unreadable"},
        {POLICY_BAD_ARGUMENT, "bad_argument"},
        {POLICY_OUT_OF_MEMORY, "out_of_memory"},
        {POLICY_INTERNAL_ERROR, "internal_error"},
        {(policy_status)99, "unknown"},
        {(policy_status)-1, "unknown"},
        {(policy_status)INT_MIN, "unknown"},
    };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; ++i)
        CHECK(strcmp(policy_status_name(names[i].status), names[i].name) == 0, "status %d", (int)names[i].status);
    policy_free(NULL);
}

static void test_next_retry_delay(void)
{
    static const struct {
        int64_t initial;
        int64_t ordinal;
        policy_status status;
        int64_t delay;
        const char* message_part;
    } cases[] = {
        {5, 0, POLICY_OK, 5, NULL},
        {5, 1, POLICY_OK, 10, NULL},
        {5, 2, POLICY_OK, 20, NULL},
        {5, 14, POLICY_OK, 81920, NULL},
        {5, 15, POLICY_OK, 86400, NULL}, /* 163840 s capped at one day */
        {3600, 62, POLICY_OK, 86400, NULL},
        {1, INT64_MAX, POLICY_OK, 86400, NULL},
        {1, 0, POLICY_OK, 1, NULL},
        {0, 0, POLICY_BAD_ARGUMENT, 0, "between 1 and 3600 (found 0)"},
        {3601, 0, POLICY_BAD_ARGUMENT, 0, "(found 3601)"},
        {INT64_MIN, 0, POLICY_BAD_ARGUMENT, 0, "initial_interval_seconds"},
        {5, -1, POLICY_BAD_ARGUMENT, 0, "retry_ordinal must be 0 or more (found -1)"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
        int64_t delay = -1;
        char* message = NULL;
        const policy_status status = policy_next_retry_delay(cases[i].initial, cases[i].ordinal, &delay, &message);
        CHECK(status == cases[i].status, "case %zu: status %s", i, policy_status_name(status));
        CHECK(delay == cases[i].delay, "case %zu: delay %lld", i, (long long)delay);
        if (cases[i].message_part)
            CHECK(contains(message, cases[i].message_part), "case %zu: message %s", i, message ? message : "(null)");
        else
            CHECK(message == NULL, "case %zu: message %s", i, message);
        policy_free(message);
    }
    /* Out-parameters are optional. */
    CHECK(policy_next_retry_delay(5, 0, NULL, NULL) == POLICY_OK, "without out-parameters");
    CHECK(policy_next_retry_delay(0, 0, NULL, NULL) == POLICY_BAD_ARGUMENT, "without out-parameters");
}

/* A text in, the status, a part of the result and of the message expected. */
struct text_case {
    const char* text;
    policy_status status;
    const char* result_part;
    const char* message_part;
};

/* Checks one call's status, result and message (NULL message_part: no
   message expected), then frees both strings as a caller must. */
static void check_text_result(size_t i, policy_status status, policy_status expected, char* result,
    const char* result_part, char* message, const char* message_part)
{
    CHECK(status == expected, "case %zu: status %s (%s)", i, policy_status_name(status), message ? message : "");
    CHECK(contains(result, result_part), "case %zu: result %s", i, result ? result : "(null)");
    if (message_part)
        CHECK(contains(message, message_part), "case %zu: message %s", i, message ? message : "(null)");
    else
        CHECK(message == NULL, "case %zu: message %s", i, message);
    policy_free(result);
    policy_free(message);
}

static void test_validate(void)
{
    static const struct text_case cases[] = {
        {"{\"candidates\":[{\"position\":0,\"execution_profile_id\":\"claude\",\"policies\":" POLICIES "}]}", POLICY_OK,
            "{\"valid\":true,\"legacy\":false,\"errors\":[],\"warnings\":[]}", NULL},
        {"{\"candidates\":[{\"position\":0,\"execution_profile_id\":\"claude\",\"rules\":{\"on_provider_error\":"
         "\"try_next\"}}]}",
            POLICY_OK, "\"legacy\":true", NULL},
        {"{\"candidates\":[{\"position\":0,\"execution_profile_id\":\"claude\",\"policies\":{\"version\":1,"
         "\"transient\":{\"retry\":{\"enabled\":true,\"max_retries\":11,\"initial_interval_seconds\":5},"
         "\"on_exhausted\":\"skip\"}}}]}",
            POLICY_INVALID, "\"path\":\"candidates[0].policies.transient.retry.max_retries\"",
            "candidates[0].policies.transient.retry.max_retries: must be between 1 and 10"},
        {"{\"candidates\": [\n  {\"position\": 0,,}]}", POLICY_INVALID, "\"line\":2", "line 2, column "},
        {"", POLICY_INVALID, "\"valid\":false", "line 1"},
        {"[1, 2", POLICY_INVALID, "\"valid\":false", "line 1"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
        char* result = NULL;
        char* message = NULL;
        const policy_status status = policy_validate(cases[i].text, strlen(cases[i].text), &result, &message);
        check_text_result(i, status, cases[i].status, result, cases[i].result_part, message, cases[i].message_part);
    }

    /* The length is what counts: text after it, even a NUL, is never read. */
    const char padded[] = "{\"candidates\":[]}\0garbage";
    char* result = NULL;
    CHECK(policy_validate(padded, strlen(padded), &result, NULL) == POLICY_INVALID, "empty candidate list");
    CHECK(contains(result, "\"path\":\"candidates\""), "result %s", result ? result : "(null)");
    policy_free(result);

    /* Bytes that are not UTF-8 come back as valid UTF-8. */
    const char latin1[] = "{\"candidates\":[{\"position\":0,\"execution_profile_id\":\"caf\xe9\"}]}";
    result = NULL;
    policy_validate(latin1, strlen(latin1), &result, NULL);
    CHECK(result != NULL && strstr(result, "\xe9\"") == NULL, "result %s", result ? result : "(null)");
    policy_free(result);

    char* message = NULL;
    result = (char*)"left alone";
    CHECK(policy_validate(NULL, 5, &result, &message) == POLICY_BAD_ARGUMENT, "NULL text");
    CHECK(result == NULL, "result cleared");
    CHECK(contains(message, "NULL"), "message %s", message ? message : "(null)");
    policy_free(message);
    CHECK(policy_validate("{}", 2, NULL, NULL) == POLICY_INVALID, "without out-parameters");
}

static const char* const kEvaluateNow = "\"now\":\"2026-08-17T12:00:00Z\"";

static void test_evaluate(void)
{
    static const struct {
        const char* fields; /* appended after policies and now */
        policy_reading reading;
        policy_status status;
        const char* decision_part;
    } cases[] = {
        {"\"failure\":{\"code\":\"rate_limited\",\"class\":\"transient\"},\"effect_safe\":false", POLICY_READING_SPEC,
            POLICY_OK, "\"kind\":\"stop\""},
        {"\"failure\":{\"code\":\"rate_limited\",\"class\":\"transient\",\"reset_at\":\"2026-08-17T12:02:00Z\"},"
         "\"effect_safe\":true",
            POLICY_READING_SPEC, POLICY_OK, "\"kind\":\"waiting_for_reset\""},
        {"\"failure\":{\"code\":\"rate_limited\",\"class\":\"transient\"},\"effect_safe\":true,\"retry_ordinal\":1",
            POLICY_READING_SPEC, POLICY_OK, "\"retry_ordinal\":2,\"deadline\":\"2026-08-17T12:00:10Z\""},
        {"\"failure\":{\"code\":\"rate_limited\",\"class\":\"transient\"},\"effect_safe\":true,\"retry_ordinal\":2",
            POLICY_READING_SPEC, POLICY_OK, "\"kind\":\"skip\""},
        {"\"failure\":{\"code\":\"quota_limited\",\"class\":\"hard\"},\"effect_safe\":true", POLICY_READING_KANDEV,
            POLICY_OK, "\"kind\":\"stop\",\"class\":\"hard\""},
        {"\"failure\":{\"code\":\"rate_limited\",\"class\":\"transient\",\"confidence\":\"low\"},\"effect_safe\":true",
            POLICY_READING_SPEC, POLICY_OK, "\"class\":\"unclassified\""},
        {"\"failure\":{\"code\":\"rate_limited\"},\"effect_safe\":\"yes\"", POLICY_READING_SPEC, POLICY_OK,
            "\"warnings\":["},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
        char text[2048];
        snprintf(text, sizeof text, "{\"policies\":%s,%s,%s}", POLICIES, kEvaluateNow, cases[i].fields);
        char* decision = NULL;
        char* message = NULL;
        const policy_status status = policy_evaluate(text, strlen(text), cases[i].reading, &decision, &message);
        CHECK(status == cases[i].status, "case %zu: status %s (%s)", i, policy_status_name(status),
            message ? message : "");
        CHECK(contains(decision, cases[i].decision_part), "case %zu: decision %s", i, decision ? decision : "(null)");
        CHECK(message == NULL, "case %zu: message %s", i, message);
        policy_free(decision);
        policy_free(message);
    }

    /* Invalid policies fail closed and say where. */
    const char invalid[]
        = "{\"policies\":{\"version\":1,\"transient\":{\"retry\":{\"enabled\":true,\"max_retries\":0,"
          "\"initial_interval_seconds\":5},\"on_exhausted\":\"skip\"}},\"now\":\"2026-08-17T12:00:00Z\","
          "\"failure\":{\"code\":\"rate_limited\",\"class\":\"transient\"},\"effect_safe\":true}";
    char* decision = NULL;
    CHECK(policy_evaluate(invalid, strlen(invalid), POLICY_READING_SPEC, &decision, NULL) == POLICY_OK, "invalid");
    CHECK(contains(decision, "\"kind\":\"stop\"") && contains(decision, "policies.transient.retry.max_retries"),
        "decision %s", decision ? decision : "(null)");
    policy_free(decision);

    static const struct {
        const char* text;
        policy_reading reading;
        policy_status status;
        const char* message_part;
    } unreadable[] = {
        {"[]", POLICY_READING_SPEC, POLICY_UNREADABLE, "object"},
        {"{\"policies\":{}}", POLICY_READING_SPEC, POLICY_UNREADABLE, "now"},
        {"{\"now\":\"yesterday\"}", POLICY_READING_SPEC, POLICY_UNREADABLE, "now"},
        {"not json", POLICY_READING_SPEC, POLICY_UNREADABLE, ""},
        {"{}", (policy_reading)7, POLICY_BAD_ARGUMENT, "POLICY_READING_SPEC"},
    };
    for (size_t i = 0; i < sizeof unreadable / sizeof unreadable[0]; ++i) {
        char* message = NULL;
        decision = (char*)"left alone";
        const policy_status status = policy_evaluate(
            unreadable[i].text, strlen(unreadable[i].text), unreadable[i].reading, &decision, &message);
        CHECK(status == unreadable[i].status, "case %zu: status %s", i, policy_status_name(status));
        CHECK(decision == NULL, "case %zu: decision cleared", i);
        CHECK(contains(message, unreadable[i].message_part), "case %zu: message %s", i, message ? message : "(null)");
        policy_free(message);
    }
}

static void test_migrate(void)
{
    static const struct text_case cases[] = {
        {"{\"candidates\":[{\"position\":0,\"execution_profile_id\":\"claude\",\"rules\":{\"on_provider_error\":"
         "\"retry_same\"}}]}",
            POLICY_OK, "\"policies\":{\"version\":1,\"transient\":{\"retry\":{\"enabled\":true", NULL},
        {"{\"candidates\":[{\"position\":0,\"execution_profile_id\":\"codex\",\"rules\":{\"model_capacity\":"
         "\"retry_same\",\"rate_limited\":\"try_next\"}}]}",
            POLICY_INVALID, "{\"document\":null,", "candidates[0]"},
        {"{\"candidates\":", POLICY_INVALID, "{\"document\":null,\"report\":null,", "line 1"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
        char* result = NULL;
        char* message = NULL;
        const policy_status status
            = policy_migrate(cases[i].text, strlen(cases[i].text), POLICY_READING_SPEC, &result, &message);
        check_text_result(i, status, cases[i].status, result, cases[i].result_part, message, cases[i].message_part);
    }
}

/* Any int is a value of the enums: an unknown reading, negative ones
   included, is a bad argument with a sentence (UBSan checks the library's
   loads of these values in the test build). */
static void test_readings_out_of_range(void)
{
    static const int readings[] = {-1, INT_MIN, 2, 7, INT_MAX};
    for (size_t i = 0; i < sizeof readings / sizeof readings[0]; ++i) {
        char* result = (char*)"left alone";
        char* message = NULL;
        CHECK(policy_evaluate("{}", 2, (policy_reading)readings[i], &result, &message) == POLICY_BAD_ARGUMENT,
            "evaluate, reading %d", readings[i]);
        CHECK(result == NULL, "reading %d: result cleared", readings[i]);
        CHECK(contains(message, "POLICY_READING_SPEC"), "reading %d: message %s", readings[i], message ? message : "");
        policy_free(message);
        message = NULL;
        CHECK(policy_migrate("{}", 2, (policy_reading)readings[i], NULL, &message) == POLICY_BAD_ARGUMENT,
            "migrate, reading %d", readings[i]);
        CHECK(contains(message, "POLICY_READING_SPEC"), "reading %d: message %s", readings[i], message ? message : "");
        policy_free(message);
    }
}

/* A length no object can have is refused before a byte is read, with a
   sentence of ours, never a library's internal text. */
static void test_impossible_lengths(void)
{
    static const size_t lengths[] = {SIZE_MAX, SIZE_MAX / 2 + 1};
    for (size_t i = 0; i < sizeof lengths / sizeof lengths[0]; ++i) {
        char* result = (char*)"left alone";
        char* message = NULL;
        const policy_status statuses[] = {
            policy_validate("{}", lengths[i], &result, &message),
        };
        CHECK(statuses[0] == POLICY_BAD_ARGUMENT, "validate, length %zu: %s", lengths[i],
            policy_status_name(statuses[0]));
        CHECK(result == NULL, "length %zu: result cleared", lengths[i]);
        CHECK(contains(message, "length") && !contains(message, "basic_string") && !contains(message, "_M_"),
            "length %zu: message %s", lengths[i], message ? message : "(null)");
        policy_free(message);
        message = NULL;
        CHECK(policy_evaluate("{}", lengths[i], POLICY_READING_SPEC, NULL, &message) == POLICY_BAD_ARGUMENT,
            "evaluate, length %zu", lengths[i]);
        CHECK(contains(message, "length"), "message %s", message ? message : "(null)");
        policy_free(message);
        message = NULL;
        CHECK(policy_migrate("{}", lengths[i], POLICY_READING_KANDEV, NULL, &message) == POLICY_BAD_ARGUMENT,
            "migrate, length %zu", lengths[i]);
        CHECK(contains(message, "length"), "message %s", message ? message : "(null)");
        policy_free(message);
    }
}

/* The line bound is policyctl evaluate's: a longer line gets its error, not
   a decision; a line within it gets a decision. */
static void test_line_bound(void)
{
    static const size_t sizes[] = {(size_t)16 << 20, ((size_t)16 << 20) + 1, (size_t)17 << 20};
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; ++i) {
        char head[2048];
        snprintf(head, sizeof head,
            "{\"policies\":%s,%s,\"failure\":{\"code\":\"rate_limited\"},\"effect_safe\":true,\"pad\":\"", POLICIES,
            kEvaluateNow);
        const size_t size = sizes[i];
        char* line = (char*)malloc(size);
        CHECK(line != NULL, "allocation");
        if (!line)
            return;
        const size_t headLength = strlen(head);
        memcpy(line, head, headLength);
        memset(line + headLength, 'x', size - headLength - 2);
        memcpy(line + size - 2, "\"}", 2);
        char* decision = NULL;
        char* message = NULL;
        const policy_status status = policy_evaluate(line, size, POLICY_READING_SPEC, &decision, &message);
        if (size <= ((size_t)16 << 20)) {
            CHECK(status == POLICY_OK, "%zu bytes: %s (%s)", size, policy_status_name(status), message ? message : "");
            CHECK(contains(decision, "\"kind\":\"retry_wait\""), "%zu bytes: decision %s", size,
                decision ? decision : "");
        } else {
            CHECK(status == POLICY_UNREADABLE, "%zu bytes: %s", size, policy_status_name(status));
            CHECK(contains(message, "the line is longer than 16 MiB"), "%zu bytes: message %s", size,
                message ? message : "(null)");
        }
        policy_free(decision);
        policy_free(message);
        free(line);
    }
}

/* A number out of range inside policies makes them invalid (a stop with
   policy_errors); one in a key the line does not use is ignored. */
static void test_out_of_range_numbers(void)
{
    static const struct {
        const char* line;
        const char* decision_part;
        const char* also_part;
    } cases[] = {
        {"{\"policies\":{\"version\":1,\"transient\":{\"retry\":{\"enabled\":true,\"max_retries\":1e400,"
         "\"initial_interval_seconds\":5},\"on_exhausted\":\"skip\"},\"hard\":{\"on_exhausted\":\"stop\"}},"
         "\"now\":\"2026-08-17T12:00:00Z\",\"failure\":{\"code\":\"rate_limited\"},\"effect_safe\":true}",
            "\"kind\":\"stop\"", "\"policy_errors\":[\"policies.transient.retry.max_retries"},
        {"{\"policies\":{\"version\":1,\"transient\":{\"retry\":{\"enabled\":true,\"max_retries\":2,"
         "\"initial_interval_seconds\":123456789012345678901234567890},\"on_exhausted\":\"skip\"},"
         "\"hard\":{\"on_exhausted\":\"stop\"}},"
         "\"now\":\"2026-08-17T12:00:00Z\",\"failure\":{\"code\":\"rate_limited\"},\"effect_safe\":true}",
            "\"kind\":\"stop\"", "policies.transient.retry.initial_interval_seconds"},
        {"{\"policies\":" POLICIES ",\"now\":\"2026-08-17T12:00:00Z\",\"ignored\":1e400,"
         "\"failure\":{\"code\":\"rate_limited\"},\"effect_safe\":true}",
            "\"kind\":\"retry_wait\"", "\"warnings\":[\"ignored: unknown key, ignored\"]"},
        {"{\"policies\":" POLICIES ",\"now\":\"2026-08-17T12:00:00Z\",\"ignored\":[-123456789012345678901234567890],"
         "\"failure\":{\"code\":\"rate_limited\"},\"effect_safe\":true}",
            "\"kind\":\"retry_wait\"", "\"warnings\":["},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
        char* decision = NULL;
        char* message = NULL;
        const policy_status status
            = policy_evaluate(cases[i].line, strlen(cases[i].line), POLICY_READING_SPEC, &decision, &message);
        CHECK(status == POLICY_OK, "case %zu: %s (%s)", i, policy_status_name(status), message ? message : "");
        CHECK(contains(decision, cases[i].decision_part) && contains(decision, cases[i].also_part),
            "case %zu: decision %s", i, decision ? decision : "(null)");
        policy_free(decision);
        policy_free(message);
    }
}

/* Several threads evaluating at once get what one thread gets. */
static void* evaluate_many(void* expected)
{
    char text[2048];
    snprintf(text, sizeof text,
        "{\"policies\":%s,%s,\"failure\":{\"code\":\"provider_overloaded\",\"class\":\"transient\"},"
        "\"effect_safe\":true,\"retry_ordinal\":1}",
        POLICIES, kEvaluateNow);
    intptr_t mismatches = 0;
    for (int i = 0; i < 200; ++i) {
        char* decision = NULL;
        if (policy_evaluate(text, strlen(text), POLICY_READING_SPEC, &decision, NULL) != POLICY_OK
            || strcmp(decision, (const char*)expected) != 0)
            ++mismatches;
        policy_free(decision);
    }
    return (void*)mismatches;
}

static void test_threads(void)
{
    char text[2048];
    snprintf(text, sizeof text,
        "{\"policies\":%s,%s,\"failure\":{\"code\":\"provider_overloaded\",\"class\":\"transient\"},"
        "\"effect_safe\":true,\"retry_ordinal\":1}",
        POLICIES, kEvaluateNow);
    char* expected = NULL;
    CHECK(policy_evaluate(text, strlen(text), POLICY_READING_SPEC, &expected, NULL) == POLICY_OK, "one thread");
    CHECK(contains(expected, "\"retry_ordinal\":2"), "decision %s", expected ? expected : "(null)");
    pthread_t threads[4];
    for (int i = 0; i < 4; ++i)
        pthread_create(&threads[i], NULL, evaluate_many, expected);
    for (int i = 0; i < 4; ++i) {
        void* mismatches = NULL;
        pthread_join(threads[i], &mismatches);
        CHECK(mismatches == NULL, "thread %d: %ld decisions differ", i, (long)(intptr_t)mismatches);
    }
    policy_free(expected);
}

/* ---- compiled policies --------------------------------------------------- */

/* 2026-08-17T12:00:00Z */
static const int64_t kNow = 1786968000;

/* The raw value of "key" in a flat JSON object: a string's characters, or a
   number's or null's token. "" when the key is missing. */
static void json_field(const char* json, const char* key, char* out, size_t size)
{
    char pattern[64];
    snprintf(pattern, sizeof pattern, "\"%s\":", key);
    out[0] = '\0';
    const char* at = json ? strstr(json, pattern) : NULL;
    if (!at)
        return;
    at += strlen(pattern);
    const int quoted = *at == '"';
    at += quoted;
    size_t n = 0;
    while (at[n] && n + 1 < size && (quoted ? at[n] != '"' : (at[n] != ',' && at[n] != '}')))
        ++n;
    memcpy(out, at, n);
    out[n] = '\0';
}

/* Unix seconds as RFC 3339 UTC, for years 1970-9999 (days to a civil date). */
static void format_time(int64_t t, char* out, size_t size)
{
    int64_t days = t / 86400, rest = t % 86400;
    days += 719468;
    const int64_t era = days / 146097;
    const int64_t doe = days - era * 146097;
    const int64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    const int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    const int64_t mp = (5 * doy + 2) / 153;
    const int64_t day = doy - (153 * mp + 2) / 5 + 1;
    const int64_t month = mp < 10 ? mp + 3 : mp - 9;
    const int64_t year = yoe + era * 400 + (month <= 2);
    snprintf(out, size, "%04lld-%02lld-%02lldT%02lld:%02lld:%02lldZ", (long long)year, (long long)month, (long long)day,
        (long long)(rest / 3600), (long long)(rest / 60 % 60), (long long)(rest % 60));
}

static policy_failure make_failure(policy_error_code code, policy_error_class stated)
{
    policy_failure f;
    memset(&f, 0, sizeof f);
    f.struct_size = sizeof f;
    f.code = code;
    f.stated_class = stated;
    f.effect_safe = 1;
    f.reset_at = POLICY_TIME_NONE;
    f.now = kNow;
    return f;
}

static policy_decision empty_decision(void)
{
    policy_decision d;
    memset(&d, 0x5a, sizeof d); /* garbage the library must overwrite */
    d.struct_size = sizeof d;
    return d;
}

/* Documents the table runs through: valid ones, invalid ones, and one that
   only kandev's reading reads (a differently-cased key). */
static const char* const kCompiledDocuments[] = {
    POLICIES,
    "{\"version\":1,\"transient\":{\"retry\":{\"enabled\":false,\"max_retries\":0,\"initial_interval_seconds\":0},"
    "\"wait_for_reset\":{\"enabled\":false,\"max_wait_seconds\":0},\"on_exhausted\":\"stop\"},"
    "\"hard\":{\"retry\":{\"enabled\":true,\"max_retries\":3,\"initial_interval_seconds\":3600},"
    "\"wait_for_reset\":{\"enabled\":true,\"max_wait_seconds\":604800},\"on_exhausted\":\"skip\"}}",
    "{\"version\":1,\"transient\":{\"retry\":{\"enabled\":true,\"max_retries\":11,\"initial_interval_seconds\":5},"
    "\"on_exhausted\":\"skip\"},\"hard\":{\"on_exhausted\":\"stop\"}}",
    "{\"version\":1,\"Transient\":{\"retry\":{\"enabled\":true,\"max_retries\":2,\"initial_interval_seconds\":5},"
    "\"wait_for_reset\":{\"enabled\":false,\"max_wait_seconds\":0},\"on_exhausted\":\"skip\"},"
    "\"hard\":{\"retry\":{\"enabled\":false,\"max_retries\":0,\"initial_interval_seconds\":0},"
    "\"wait_for_reset\":{\"enabled\":false,\"max_wait_seconds\":0},\"on_exhausted\":\"stop\"}}",
    "{\"version\":1,\"transient\":{\"on_exhausted\":\"skip\"}}",
    "[]",
};

static const char* const kStatedClassJson[]
    = {"", ",\"class\":\"transient\"", ",\"class\":\"hard\"", ",\"class\":\"unclassified\""};
static const char* const kConfidenceJson[] = {"", ",\"confidence\":\"medium\"", ",\"confidence\":\"low\""};

/* The evaluate line policy_evaluate reads for the same inputs (NULL failure:
   "failure":null; both reset-wait flags are equal here). */
static void evaluate_line(char* out, size_t size, const char* document, const policy_failure* f, int64_t now)
{
    char failure[512] = "null";
    char reset[64] = "";
    char when[32];
    if (f) {
        if (f->reset_at != POLICY_TIME_NONE) {
            format_time(f->reset_at, when, sizeof when);
            snprintf(reset, sizeof reset, ",\"reset_at\":\"%s\"", when);
        }
        const char* code = f->code == POLICY_CODE_OTHER ? "some_new_code" : policy_error_code_name(f->code);
        snprintf(failure, sizeof failure, "{\"code\":\"%s\"%s%s%s}", code, kStatedClassJson[f->stated_class],
            kConfidenceJson[f->confidence], reset);
    }
    format_time(now, when, sizeof when);
    snprintf(out, size,
        "{\"policies\":%s,\"failure\":%s,\"now\":\"%s\",\"retry_ordinal\":%lld,\"reset_wait_used\":%s,"
        "\"effect_safe\":%s}",
        document, failure, when, f ? (long long)f->retry_ordinal : 0LL,
        f && f->transient_reset_wait_used ? "true" : "false", f && f->effect_safe ? "true" : "false");
}

/* Whether the compiled decision says what the JSON decision says. */
static int same_decision(const policy_decision* d, const char* json, char* why, size_t size)
{
    char kind[32], cls[32], ordinal[32], deadline[32], pending[32], expected_deadline[32];
    json_field(json, "kind", kind, sizeof kind);
    json_field(json, "class", cls, sizeof cls);
    json_field(json, "retry_ordinal", ordinal, sizeof ordinal);
    json_field(json, "deadline", deadline, sizeof deadline);
    json_field(json, "pending_outcome", pending, sizeof pending);
    if (d->deadline == POLICY_TIME_NONE)
        snprintf(expected_deadline, sizeof expected_deadline, "null");
    else
        format_time(d->deadline, expected_deadline, sizeof expected_deadline);
    const char* d_kind = policy_decision_kind_name(d->kind);
    const char* d_class = policy_error_class_name(d->error_class);
    const char* d_pending = policy_outcome_name(d->pending_outcome);
    snprintf(why, size, "compiled %s/%s/%lld/%s/%s, JSON %s", d_kind ? d_kind : "?", d_class ? d_class : "?",
        (long long)d->retry_ordinal, expected_deadline, d_pending ? d_pending : "?", json ? json : "(null)");
    return d_kind && d_class && d_pending && strcmp(kind, d_kind) == 0 && strcmp(cls, d_class) == 0
        && atoll(ordinal) == d->retry_ordinal && strcmp(deadline, expected_deadline) == 0
        && strcmp(pending, d_pending) == 0;
}

/* Every combination of the table, in both readings: the compiled decision is
   policy_evaluate's decision for the same line. */
static void test_compiled_matches_json(void)
{
    static const policy_error_code codes[]
        = {POLICY_CODE_RATE_LIMITED, POLICY_CODE_QUOTA_LIMITED, POLICY_CODE_AGENT_TRANSPORT_LOST,
            POLICY_CODE_UNKNOWN_PROVIDER_ERROR, POLICY_CODE_NPX_CACHE_CORRUPTED, POLICY_CODE_OTHER};
    static const int64_t resets[] = {POLICY_TIME_NONE, 300, 301, 0, 7 * 86400};
    static const int64_t ordinals[] = {0, 1, 2, 40};
    static const policy_reading readings[] = {POLICY_READING_SPEC, POLICY_READING_KANDEV};
    size_t compared = 0;
    for (size_t r = 0; r < 2; ++r) {
        for (size_t doc = 0; doc < sizeof kCompiledDocuments / sizeof kCompiledDocuments[0]; ++doc) {
            const char* document = kCompiledDocuments[doc];
            policy_compiled* compiled = NULL;
            const policy_status status = policy_compile(document, strlen(document), readings[r], &compiled, NULL, NULL);
            CHECK(status == POLICY_OK || status == POLICY_INVALID, "document %zu: %s", doc, policy_status_name(status));
            CHECK(compiled != NULL && policy_compiled_candidate_count(compiled) == 1, "document %zu: a handle", doc);
            if (!compiled)
                continue;
            char line[4096];
            char* json = NULL;
            char why[1024];
            policy_decision d = empty_decision();
            /* No failure at all. */
            evaluate_line(line, sizeof line, document, NULL, kNow);
            CHECK(policy_evaluate(line, strlen(line), readings[r], &json, NULL) == POLICY_OK, "%s", line);
            CHECK(policy_evaluate_compiled(compiled, 0, NULL, &d) == POLICY_OK, "no failure");
            CHECK(same_decision(&d, json, why, sizeof why), "reading %zu, document %zu, no failure: %s", r, doc, why);
            CHECK(d.reason == POLICY_REASON_NO_FAILURE, "no failure: reason %d", (int)d.reason);
            policy_free(json);
            for (size_t c = 0; c < sizeof codes / sizeof codes[0]; ++c)
                for (int stated = 0; stated < 4; ++stated)
                    for (int confidence = 0; confidence < 3; confidence += 2)
                        for (size_t reset = 0; reset < sizeof resets / sizeof resets[0]; ++reset)
                            for (size_t o = 0; o < sizeof ordinals / sizeof ordinals[0]; ++o)
                                for (int flags = 0; flags < 4; ++flags) {
                                    policy_failure f = make_failure(codes[c], (policy_error_class)stated);
                                    f.confidence = (policy_confidence)confidence;
                                    if (resets[reset] != POLICY_TIME_NONE)
                                        f.reset_at = kNow + resets[reset];
                                    f.retry_ordinal = ordinals[o];
                                    f.effect_safe = flags & 1;
                                    f.transient_reset_wait_used = f.hard_reset_wait_used = flags >> 1;
                                    evaluate_line(line, sizeof line, document, &f, kNow);
                                    json = NULL;
                                    d = empty_decision();
                                    const policy_status js
                                        = policy_evaluate(line, strlen(line), readings[r], &json, NULL);
                                    const policy_status cs = policy_evaluate_compiled(compiled, 0, &f, &d);
                                    CHECK(js == POLICY_OK && cs == POLICY_OK, "%s: %s/%s", line, policy_status_name(js),
                                        policy_status_name(cs));
                                    CHECK(
                                        same_decision(&d, json, why, sizeof why), "reading %zu: %s: %s", r, line, why);
                                    if (status == POLICY_INVALID)
                                        CHECK(d.kind == POLICY_DECISION_STOP
                                                && d.reason == POLICY_REASON_INVALID_POLICIES,
                                            "invalid document %zu: kind %d reason %d", doc, (int)d.kind, (int)d.reason);
                                    policy_free(json);
                                    ++compared;
                                }
            policy_release(compiled);
        }
    }
    CHECK(compared > 10000, "%zu decisions compared", compared);
}

/* The reasons the compiled decision gives, in both readings. */
static void test_compiled_reasons(void)
{
    static const struct {
        policy_reading reading;
        policy_error_code code;
        int effect_safe;
        int64_t reset_after; /* 0: none */
        int64_t ordinal;
        policy_decision_kind kind;
        policy_decision_reason reason;
    } cases[] = {
        {POLICY_READING_SPEC, POLICY_CODE_RATE_LIMITED, 0, 0, 0, POLICY_DECISION_STOP,
            POLICY_REASON_AFTER_SIDE_EFFECTS},
        {POLICY_READING_KANDEV, POLICY_CODE_RATE_LIMITED, 0, 0, 0, POLICY_DECISION_STOP,
            POLICY_REASON_AFTER_SIDE_EFFECTS},
        {POLICY_READING_SPEC, POLICY_CODE_TASK_ERROR, 1, 0, 0, POLICY_DECISION_STOP, POLICY_REASON_UNKNOWN_ERROR},
        {POLICY_READING_KANDEV, POLICY_CODE_AGENT_TRANSPORT_LOST, 1, 0, 0, POLICY_DECISION_STOP,
            POLICY_REASON_UNKNOWN_ERROR},
        {POLICY_READING_SPEC, POLICY_CODE_RATE_LIMITED, 1, 120, 0, POLICY_DECISION_WAITING_FOR_RESET,
            POLICY_REASON_TRUSTED_RESET},
        {POLICY_READING_KANDEV, POLICY_CODE_RATE_LIMITED, 1, 120, 0, POLICY_DECISION_WAITING_FOR_RESET,
            POLICY_REASON_TRUSTED_RESET},
        {POLICY_READING_KANDEV, POLICY_CODE_RATE_LIMITED, 1, 0, 1, POLICY_DECISION_RETRY_WAIT,
            POLICY_REASON_RETRY_LEFT},
        {POLICY_READING_SPEC, POLICY_CODE_RATE_LIMITED, 1, 0, 2, POLICY_DECISION_SKIP, POLICY_REASON_RETRIES_USED},
        {POLICY_READING_KANDEV, POLICY_CODE_RATE_LIMITED, 1, 0, 2, POLICY_DECISION_SKIP, POLICY_REASON_RETRIES_USED},
        {POLICY_READING_SPEC, POLICY_CODE_QUOTA_LIMITED, 1, 0, 0, POLICY_DECISION_STOP, POLICY_REASON_RETRY_OFF},
        {POLICY_READING_KANDEV, POLICY_CODE_QUOTA_LIMITED, 1, 0, 0, POLICY_DECISION_STOP, POLICY_REASON_RETRY_OFF},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
        policy_compiled* compiled = NULL;
        CHECK(policy_compile(POLICIES, strlen(POLICIES), cases[i].reading, &compiled, NULL, NULL) == POLICY_OK,
            "case %zu: compile", i);
        policy_failure f = make_failure(cases[i].code, POLICY_CLASS_NONE);
        f.effect_safe = cases[i].effect_safe;
        f.retry_ordinal = cases[i].ordinal;
        if (cases[i].reset_after)
            f.reset_at = kNow + cases[i].reset_after;
        policy_decision d = empty_decision();
        CHECK(policy_evaluate_compiled(compiled, 0, &f, &d) == POLICY_OK, "case %zu", i);
        CHECK(d.kind == cases[i].kind && d.reason == cases[i].reason, "case %zu: %s/%s", i,
            policy_decision_kind_name(d.kind), policy_decision_reason_name(d.reason));
        CHECK(d.reserved == 0, "case %zu: reserved %d", i, (int)d.reserved);
        policy_release(compiled);
    }
}

/* The reset wait already used is read for the class the failure resolves to. */
static void test_compiled_reset_wait_per_class(void)
{
    static const char document[]
        = "{\"version\":1,\"transient\":{\"retry\":{\"enabled\":true,\"max_retries\":1,\"initial_interval_seconds\":5},"
          "\"wait_for_reset\":{\"enabled\":true,\"max_wait_seconds\":600},\"on_exhausted\":\"skip\"},"
          "\"hard\":{\"retry\":{\"enabled\":false,\"max_retries\":0,\"initial_interval_seconds\":0},"
          "\"wait_for_reset\":{\"enabled\":true,\"max_wait_seconds\":600},\"on_exhausted\":\"stop\"}}";
    static const struct {
        policy_error_code code;
        int transient_used, hard_used;
        policy_decision_kind kind;
    } cases[] = {
        {POLICY_CODE_QUOTA_LIMITED, 1, 0, POLICY_DECISION_WAITING_FOR_RESET},
        {POLICY_CODE_QUOTA_LIMITED, 0, 1, POLICY_DECISION_STOP},
        {POLICY_CODE_RATE_LIMITED, 0, 1, POLICY_DECISION_WAITING_FOR_RESET},
        {POLICY_CODE_RATE_LIMITED, 1, 0, POLICY_DECISION_RETRY_WAIT},
    };
    for (int r = 0; r < 2; ++r) {
        policy_compiled* compiled = NULL;
        CHECK(policy_compile(document, strlen(document), (policy_reading)r, &compiled, NULL, NULL) == POLICY_OK,
            "compile");
        for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
            policy_failure f = make_failure(cases[i].code, POLICY_CLASS_NONE);
            f.reset_at = kNow + 60;
            f.transient_reset_wait_used = cases[i].transient_used;
            f.hard_reset_wait_used = cases[i].hard_used;
            policy_decision d = empty_decision();
            CHECK(policy_evaluate_compiled(compiled, 0, &f, &d) == POLICY_OK, "case %zu", i);
            CHECK(d.kind == cases[i].kind, "reading %d, case %zu: %s", r, i, policy_decision_kind_name(d.kind));
            if (cases[i].kind == POLICY_DECISION_WAITING_FOR_RESET)
                CHECK(d.deadline == kNow + 60, "case %zu: deadline %lld", i, (long long)d.deadline);
        }
        policy_release(compiled);
    }
}

static const char kProfile[]
    = "{\"version\":3,\"candidates\":["
      "{\"position\":0,\"execution_profile_id\":\"claude\",\"policies\":" POLICIES "},"
      "{\"position\":1,\"execution_profile_id\":\"codex\",\"rules\":{\"on_provider_error\":\"retry_same\"}},"
      "{\"position\":2,\"execution_profile_id\":\"gemini\",\"enabled\":false}]}";

static void test_compile_statuses(void)
{
    static const struct {
        const char* text;
        policy_reading reading;
        policy_status status;
        int handle;
        size_t candidates;
        const char* errors_part;
        const char* message_part;
    } cases[] = {
        {POLICIES, POLICY_READING_SPEC, POLICY_OK, 1, 1, "[]", NULL},
        {"  " POLICIES "\n", POLICY_READING_KANDEV, POLICY_OK, 1, 1, "[]", NULL},
        {kProfile, POLICY_READING_SPEC, POLICY_OK, 1, 3, "[]", NULL},
        {kProfile, POLICY_READING_KANDEV, POLICY_OK, 1, 3, "[]", NULL},
        {"{\"version\":1,\"transient\":{\"retry\":{\"enabled\":true,\"max_retries\":11,\"initial_interval_seconds\":5},"
         "\"on_exhausted\":\"skip\"},\"hard\":{\"on_exhausted\":\"stop\"}}",
            POLICY_READING_SPEC, POLICY_INVALID, 1, 1,
            "{\"path\":\"transient.retry.max_retries\",\"message\":\"must be between 1 and 10",
            "transient.retry.max_retries: must be between 1 and 10"},
        {"{\"version\":1,\"transient\":{},\"hard\":{},\"fatal\":{}}", POLICY_READING_SPEC, POLICY_INVALID, 1, 1,
            "\"path\":\"fatal\"", "fatal"},
        {"[]", POLICY_READING_SPEC, POLICY_INVALID, 1, 1, "\"path\":\"\"", "expected a v1 policy document"},
        {"{\"candidates\":[{\"position\":1,\"execution_profile_id\":\"claude\"}]}", POLICY_READING_SPEC, POLICY_INVALID,
            1, 1, "candidates[0].position", "candidates[0].position"},
        {"{\"candidates\":[]}", POLICY_READING_SPEC, POLICY_INVALID, 1, 0, "\"path\":\"candidates\"", "candidates"},
        {"{\"candidates\":[{\"position\":0,\"execution_profile_id\":\"codex\",\"rules\":{\"model_capacity\":"
         "\"retry_same\",\"rate_limited\":\"try_next\"}}]}",
            POLICY_READING_SPEC, POLICY_INVALID, 1, 1, "candidates[0]", "candidates[0]"},
        /* Text that would add keys to the evaluate line is not one value. */
        {POLICIES ",\"effect_safe\":true", POLICY_READING_SPEC, POLICY_UNREADABLE, 0, 0, "one JSON value",
            "one JSON value"},
        {"{}}", POLICY_READING_SPEC, POLICY_UNREADABLE, 0, 0, "one JSON value", "one JSON value"},
        {"not json", POLICY_READING_SPEC, POLICY_UNREADABLE, 0, 0, "invalid JSON", "invalid JSON"},
        {"{\"version\":1,\"version\":1}", POLICY_READING_SPEC, POLICY_UNREADABLE, 0, 0, "duplicate key",
            "duplicate key"},
        {"{\"candidates\":[{\"position\":0,,}]}", POLICY_READING_SPEC, POLICY_UNREADABLE, 0, 0, "\"line\":1", "line 1"},
        {"", POLICY_READING_SPEC, POLICY_UNREADABLE, 0, 0, "invalid JSON", ""},
        {"{}", (policy_reading)7, POLICY_BAD_ARGUMENT, 0, 0, NULL, "POLICY_READING_SPEC"},
        {"{}", (policy_reading)-1, POLICY_BAD_ARGUMENT, 0, 0, NULL, "POLICY_READING_SPEC"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
        policy_compiled* compiled = (policy_compiled*)&failures; /* must be overwritten */
        char* errors = (char*)"left alone";
        char* message = NULL;
        const policy_status status
            = policy_compile(cases[i].text, strlen(cases[i].text), cases[i].reading, &compiled, &errors, &message);
        CHECK(status == cases[i].status, "case %zu: %s (%s)", i, policy_status_name(status), message ? message : "");
        CHECK((compiled != NULL) == cases[i].handle, "case %zu: handle %p", i, (void*)compiled);
        CHECK(policy_compiled_candidate_count(compiled) == cases[i].candidates, "case %zu: %zu candidates", i,
            policy_compiled_candidate_count(compiled));
        if (cases[i].errors_part)
            CHECK(contains(errors, cases[i].errors_part), "case %zu: errors %s", i, errors ? errors : "(null)");
        else
            CHECK(errors == NULL, "case %zu: errors cleared", i);
        if (cases[i].message_part)
            CHECK(contains(message, cases[i].message_part), "case %zu: message %s", i, message ? message : "(null)");
        else
            CHECK(message == NULL, "case %zu: message %s", i, message);
        policy_free(errors);
        policy_free(message);
        policy_release(compiled);
    }

    /* Out-parameters: errors and message are optional, out is not. */
    char* message = NULL;
    CHECK(policy_compile(POLICIES, strlen(POLICIES), POLICY_READING_SPEC, NULL, NULL, &message) == POLICY_BAD_ARGUMENT,
        "NULL out");
    CHECK(contains(message, "out is NULL"), "message %s", message ? message : "(null)");
    policy_free(message);
    policy_compiled* compiled = NULL;
    CHECK(policy_compile(NULL, 3, POLICY_READING_SPEC, &compiled, NULL, NULL) == POLICY_BAD_ARGUMENT && !compiled,
        "NULL text");
    CHECK(
        policy_compile("{}", SIZE_MAX, POLICY_READING_SPEC, &compiled, NULL, NULL) == POLICY_BAD_ARGUMENT && !compiled,
        "impossible length");
    policy_release(NULL);
}

/* A dynamic profile: each candidate by index, legacy rules migrated in the
   compile's reading; an error anywhere stops every candidate. */
static void test_compiled_profile(void)
{
    for (int r = 0; r < 2; ++r) {
        policy_compiled* compiled = NULL;
        CHECK(policy_compile(kProfile, strlen(kProfile), (policy_reading)r, &compiled, NULL, NULL) == POLICY_OK,
            "profile");
        policy_failure f = make_failure(POLICY_CODE_RATE_LIMITED, POLICY_CLASS_TRANSIENT);
        policy_decision d = empty_decision();
        /* claude: 2 retries from 5 s. */
        CHECK(policy_evaluate_compiled(compiled, 0, &f, &d) == POLICY_OK && d.kind == POLICY_DECISION_RETRY_WAIT
                && d.deadline == kNow + 5,
            "candidate 0: %s", policy_decision_kind_name(d.kind));
        /* codex: retry_same is one retry after 5 s, then stop. */
        f.retry_ordinal = 1;
        CHECK(policy_evaluate_compiled(compiled, 1, &f, &d) == POLICY_OK && d.kind == POLICY_DECISION_STOP
                && d.reason == POLICY_REASON_RETRIES_USED,
            "candidate 1: %s/%s", policy_decision_kind_name(d.kind), policy_decision_reason_name(d.reason));
        /* gemini: the default document, an immediate skip. */
        CHECK(policy_evaluate_compiled(compiled, 2, &f, &d) == POLICY_OK && d.kind == POLICY_DECISION_SKIP,
            "candidate 2: %s", policy_decision_kind_name(d.kind));
        CHECK(policy_evaluate_compiled(compiled, 3, &f, &d) == POLICY_BAD_ARGUMENT && d.kind == POLICY_DECISION_STOP,
            "candidate 3 is past the list");
        policy_release(compiled);
    }

    /* Candidate 1's position is wrong: candidate 0's valid policies stop too. */
    static const char broken[]
        = "{\"candidates\":[{\"position\":0,\"execution_profile_id\":\"claude\",\"policies\":" POLICIES "},"
          "{\"position\":5,\"execution_profile_id\":\"codex\"}]}";
    policy_compiled* compiled = NULL;
    CHECK(policy_compile(broken, strlen(broken), POLICY_READING_SPEC, &compiled, NULL, NULL) == POLICY_INVALID,
        "broken profile");
    policy_failure f = make_failure(POLICY_CODE_MODEL_CAPACITY, POLICY_CLASS_NONE);
    for (size_t i = 0; i < 2; ++i) {
        policy_decision d = empty_decision();
        CHECK(policy_evaluate_compiled(compiled, i, &f, &d) == POLICY_OK, "candidate %zu", i);
        CHECK(d.kind == POLICY_DECISION_STOP && d.reason == POLICY_REASON_INVALID_POLICIES
                && d.error_class == POLICY_CLASS_TRANSIENT && d.pending_outcome == POLICY_OUTCOME_STOP
                && d.deadline == POLICY_TIME_NONE,
            "candidate %zu: %s/%s", i, policy_decision_kind_name(d.kind), policy_decision_reason_name(d.reason));
    }
    policy_release(compiled);
}

/* Every argument is checked; a decision that can be written is a stop. */
static void test_compiled_bad_arguments(void)
{
    policy_compiled* compiled = NULL;
    CHECK(
        policy_compile(POLICIES, strlen(POLICIES), POLICY_READING_SPEC, &compiled, NULL, NULL) == POLICY_OK, "compile");
    enum { kFields = 14 };
    for (int field = 0; field < kFields; ++field) {
        policy_failure f = make_failure(POLICY_CODE_RATE_LIMITED, POLICY_CLASS_TRANSIENT);
        f.retry_ordinal = 1; /* a retry_wait when valid */
        switch (field) {
        case 0: f.struct_size = sizeof f - 1; break;
        case 1: f.code = (policy_error_code)21; break;
        case 2: f.code = (policy_error_code)-1; break;
        case 3: f.stated_class = (policy_error_class)4; break;
        case 4: f.confidence = (policy_confidence)3; break;
        case 5: f.catalogue_version = (policy_catalogue)INT_MIN; break;
        case 6: f.effect_safe = 2; break;
        case 7: f.transient_reset_wait_used = -1; break;
        case 8: f.hard_reset_wait_used = 7; break;
        case 9: f.retry_ordinal = -1; break;
        case 10: f.now = INT64_MAX; break;
        case 11: f.now = 253402300800; break; /* 10000-01-01 */
        case 12: f.now = -62167219201; break; /* before 0000-01-01 */
        case 13: f.code = (policy_error_code)INT_MAX; break;
        }
        policy_decision d = empty_decision();
        CHECK(policy_evaluate_compiled(compiled, 0, &f, &d) == POLICY_BAD_ARGUMENT, "field %d", field);
        CHECK(d.kind == POLICY_DECISION_STOP && d.pending_outcome == POLICY_OUTCOME_STOP
                && d.deadline == POLICY_TIME_NONE && d.retry_ordinal == 0,
            "field %d: the decision is a stop", field);
    }
    policy_failure f = make_failure(POLICY_CODE_RATE_LIMITED, POLICY_CLASS_TRANSIENT);
    policy_decision d = empty_decision();
    CHECK(policy_evaluate_compiled(NULL, 0, &f, &d) == POLICY_BAD_ARGUMENT && d.kind == POLICY_DECISION_STOP,
        "NULL handle");
    CHECK(policy_evaluate_compiled(compiled, 1, &f, &d) == POLICY_BAD_ARGUMENT, "index past");
    CHECK(policy_evaluate_compiled(compiled, SIZE_MAX, &f, &d) == POLICY_BAD_ARGUMENT, "index SIZE_MAX");
    CHECK(policy_evaluate_compiled(compiled, 0, &f, NULL) == POLICY_BAD_ARGUMENT, "NULL decision");
    /* A decision struct too small is not written at all. */
    struct {
        policy_decision d;
        unsigned char canary[8];
    } small;
    memset(&small, 0x77, sizeof small);
    small.d.struct_size = sizeof small.d - 8;
    CHECK(policy_evaluate_compiled(compiled, 0, &f, &small.d) == POLICY_BAD_ARGUMENT, "small decision");
    CHECK(small.d.kind == (policy_decision_kind)0x77777777, "small decision left alone");
    /* The extremes of the range are fine, and far resets are ignored. */
    f.now = 253402300799;
    f.reset_at = INT64_MAX;
    d = empty_decision();
    CHECK(policy_evaluate_compiled(compiled, 0, &f, &d) == POLICY_OK && d.kind == POLICY_DECISION_RETRY_WAIT,
        "the latest now: %s", policy_decision_kind_name(d.kind));
    f.now = -62167219200;
    f.reset_at = INT64_MIN + 1;
    CHECK(policy_evaluate_compiled(compiled, 0, &f, &d) == POLICY_OK && d.deadline == -62167219200 + 5,
        "the earliest now: %lld", (long long)d.deadline);
    /* A larger struct from a newer caller is fine: the library reads its part. */
    struct {
        policy_failure f;
        int64_t newer_field;
    } larger;
    memset(&larger, 0, sizeof larger);
    larger.f = make_failure(POLICY_CODE_RATE_LIMITED, POLICY_CLASS_NONE);
    larger.f.struct_size = sizeof larger;
    larger.newer_field = -1;
    CHECK(policy_evaluate_compiled(compiled, 0, &larger.f, &d) == POLICY_OK && d.kind == POLICY_DECISION_RETRY_WAIT,
        "a larger failure struct");
    policy_release(compiled);
}

static void test_compiled_names(void)
{
    for (int code = 0; code <= POLICY_CODE_MANAGED_RUNTIME_NPM_RESOLUTION; ++code) {
        const char* name = policy_error_code_name((policy_error_code)code);
        CHECK(name != NULL, "code %d has a name", code);
        if (name)
            CHECK(policy_error_code_from_name(name, strlen(name)) == code, "code %d: %s", code, name);
    }
    CHECK(strcmp(policy_error_code_name(POLICY_CODE_RATE_LIMITED), "rate_limited") == 0, "rate_limited");
    CHECK(strcmp(policy_error_code_name(POLICY_CODE_MANAGED_RUNTIME_NPM_RESOLUTION), "managed_runtime_npm_resolution")
            == 0,
        "the last code");
    CHECK(policy_error_code_name((policy_error_code)21) == NULL, "past the codes");
    CHECK(policy_error_code_name((policy_error_code)-1) == NULL, "a negative code");
    CHECK(policy_error_code_from_name("rate_limited ", 13) == POLICY_CODE_OTHER, "no trimming");
    CHECK(policy_error_code_from_name("rate_limitedX", 12) == POLICY_CODE_RATE_LIMITED, "the length counts");
    CHECK(policy_error_code_from_name(NULL, 3) == POLICY_CODE_OTHER, "NULL");
    CHECK(strcmp(policy_error_class_name(POLICY_CLASS_HARD), "hard") == 0, "hard");
    CHECK(strcmp(policy_error_class_name(POLICY_CLASS_NONE), "") == 0, "no class");
    CHECK(strcmp(policy_decision_kind_name(POLICY_DECISION_WAITING_FOR_RESET), "waiting_for_reset") == 0, "kind");
    CHECK(strcmp(policy_outcome_name(POLICY_OUTCOME_SKIP), "skip") == 0, "outcome");
    CHECK(strcmp(policy_decision_reason_name(POLICY_REASON_AFTER_SIDE_EFFECTS), "after_side_effects") == 0, "reason");
    CHECK(policy_decision_kind_name((policy_decision_kind)4) == NULL, "kind past");
    CHECK(policy_outcome_name((policy_outcome)-1) == NULL, "outcome past");
    CHECK(policy_decision_reason_name((policy_decision_reason)8) == NULL, "reason past");
    CHECK(policy_error_class_name((policy_error_class)4) == NULL, "class past");
}

/* One handle, several threads: each gets what one thread gets. */
struct shared_handle {
    const policy_compiled* compiled;
    policy_decision expected;
};

static void* evaluate_compiled_many(void* argument)
{
    const struct shared_handle* shared = (const struct shared_handle*)argument;
    intptr_t mismatches = 0;
    for (int i = 0; i < 20000; ++i) {
        policy_failure f = make_failure(POLICY_CODE_PROVIDER_OVERLOADED, POLICY_CLASS_TRANSIENT);
        f.retry_ordinal = 1;
        policy_decision d = empty_decision();
        if (policy_evaluate_compiled(shared->compiled, 0, &f, &d) != POLICY_OK
            || memcmp(&d, &shared->expected, sizeof d) != 0)
            ++mismatches;
    }
    return (void*)mismatches;
}

static void test_compiled_threads(void)
{
    struct shared_handle shared;
    policy_compiled* compiled = NULL;
    CHECK(
        policy_compile(POLICIES, strlen(POLICIES), POLICY_READING_SPEC, &compiled, NULL, NULL) == POLICY_OK, "compile");
    shared.compiled = compiled;
    policy_failure f = make_failure(POLICY_CODE_PROVIDER_OVERLOADED, POLICY_CLASS_TRANSIENT);
    f.retry_ordinal = 1;
    shared.expected = empty_decision();
    CHECK(policy_evaluate_compiled(compiled, 0, &f, &shared.expected) == POLICY_OK, "one thread");
    CHECK(shared.expected.kind == POLICY_DECISION_RETRY_WAIT && shared.expected.retry_ordinal == 2
            && shared.expected.deadline == kNow + 10,
        "decision %s", policy_decision_kind_name(shared.expected.kind));
    pthread_t threads[4];
    for (int i = 0; i < 4; ++i)
        pthread_create(&threads[i], NULL, evaluate_compiled_many, &shared);
    for (int i = 0; i < 4; ++i) {
        void* mismatches = NULL;
        pthread_join(threads[i], &mismatches);
        CHECK(mismatches == NULL, "thread %d: %ld decisions differ", i, (long)(intptr_t)mismatches);
    }
    policy_release(compiled);
}

int main(void)
{
    test_version_and_names();
    test_next_retry_delay();
    test_validate();
    test_evaluate();
    test_migrate();
    test_readings_out_of_range();
    test_impossible_lengths();
    test_line_bound();
    test_out_of_range_numbers();
    test_threads();
    test_compiled_matches_json();
    test_compiled_reasons();
    test_compiled_reset_wait_per_class();
    test_compile_statuses();
    test_compiled_profile();
    test_compiled_bad_arguments();
    test_compiled_names();
    test_compiled_threads();
    if (failures) {
        fprintf(stderr, "tst_policy_c: %d checks failed\n", failures);
        return 1;
    }
    printf("tst_policy_c: all checks passed\n");
    return 0;
}
