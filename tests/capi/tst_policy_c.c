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
    if (failures) {
        fprintf(stderr, "tst_policy_c: %d checks failed\n", failures);
        return 1;
    }
    printf("tst_policy_c: all checks passed\n");
    return 0;
}
