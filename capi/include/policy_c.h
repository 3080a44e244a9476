// SPDX-License-Identifier: Apache-2.0
/*
 * policy_c.h: the shared policy evaluator for backends in any language.
 *
 * Plain C over libpolicy (the core Policy Studio and policyctl link), working
 * on JSON text in the same shapes policyctl reads and prints, so a backend,
 * the editor and the command line can never disagree.
 *
 * Conventions
 * - Input text is UTF-8 JSON given as a pointer and a length; it need not be
 *   NUL-terminated and is never modified or kept.
 * - Every char** out-parameter receives NULL or a NUL-terminated string that
 *   the caller owns and releases with policy_free(). Any out-parameter may be
 *   NULL when the caller does not want that value.
 * - The return value is a policy_status; *message, when requested, explains
 *   every status other than POLICY_OK in one English sentence.
 * - A length larger than PTRDIFF_MAX (no object is that large) is
 *   POLICY_BAD_ARGUMENT; the text is not touched then.
 * - Each function is reentrant and may be called from several threads at once.
 *   No C++ exception crosses this boundary.
 */
#ifndef POLICY_C_H
#define POLICY_C_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum policy_status {
    POLICY_OK = 0,
    /* The text was read, and what it describes is invalid: the result JSON
       lists why (validate, migrate). */
    POLICY_INVALID = 1,
    /* The text is not what the function reads: not JSON, not an object, or a
       required field missing (evaluate). Nothing else is returned. */
    POLICY_UNREADABLE = 2,
    /* A NULL text with a non-zero length, a length no object can have, a
       reading that is not one of policy_reading's, or a number outside its range. */
    POLICY_BAD_ARGUMENT = 3,
    POLICY_OUT_OF_MEMORY = 4,
    POLICY_INTERNAL_ERROR = 5,
    /* Not statuses: they make the enum span every int in C and C++ alike, so
       any int a caller passes (also a negative one) is a value of the type. */
    POLICY_STATUS_MIN_ENUM = -0x7fffffff - 1,
    POLICY_STATUS_MAX_ENUM = 0x7fffffff
} policy_status;

typedef enum policy_reading {
    /* The SPEC's reading, which Policy Studio and policyctl use. */
    POLICY_READING_SPEC = 0,
    /* kandev's Go backend as it decides today (policyctl --kandev). */
    POLICY_READING_KANDEV = 1,
    /* Not readings; see POLICY_STATUS_MIN_ENUM. Any other value is answered
       with POLICY_BAD_ARGUMENT. */
    POLICY_READING_MIN_ENUM = -0x7fffffff - 1,
    POLICY_READING_MAX_ENUM = 0x7fffffff
} policy_reading;

/* The library's version, e.g. "0.1.0"; a static string, never freed. */
const char* policy_version(void);

/* A stable name for a status, e.g. "invalid"; a static string. */
const char* policy_status_name(policy_status status);

/* Releases a string this library returned. NULL is ignored. */
void policy_free(void* text);

/*
 * Validates a policy document (a dynamic profile {"candidates":[...]}, an
 * agent profile {"dynamic":{...}} or an export) against the policy rules, the
 * legacy migration rules, kandev's candidate rules and the JSON Schema files.
 * *result_json: {"valid":bool,"legacy":bool,"errors":[{"path","message",
 * "line","column"}...],"warnings":[...]}, as one file of `policyctl validate
 * --format json`; a warning (a candidate whose agent kandev may not launch)
 * never makes the document invalid.
 * Returns POLICY_OK when valid, POLICY_INVALID otherwise (also for text that
 * is not JSON: its error names the line and column).
 */
policy_status policy_validate(const char* text, size_t length, char** result_json, char** message);

/*
 * The delay before retry `retry_ordinal` (0-based): initial * 2^ordinal,
 * capped at one day. POLICY_BAD_ARGUMENT when the interval is outside the
 * limits of initial_interval_seconds or the ordinal is negative.
 */
policy_status policy_next_retry_delay(
    int64_t initial_interval_seconds, int64_t retry_ordinal, int64_t* delay_seconds, char** message);

/*
 * One decision for one failure. The text is one line of `policyctl evaluate`:
 * {"policies":{...},"failure":{"code","class","confidence","reset_at",
 * "catalogue_version"},"now":"RFC 3339","retry_ordinal":n,
 * "reset_wait_used":bool,"effect_safe":bool}.
 * *decision_json is the line policyctl prints for it: {"kind","class","code",
 * "catalogue_version","retry_ordinal","deadline","pending_outcome"}, with
 * "policy_errors" and "warnings" when parts of the input were invalid (which
 * fails closed: such a decision stops; a number out of range inside
 * "policies" makes them invalid, one in a key the line does not use is
 * ignored). POLICY_UNREADABLE, with policyctl's error text as the message,
 * when the text is not a JSON object with a valid `now`, or is longer than
 * policyctl's bound of 16 MiB ("the line is longer than 16 MiB").
 */
policy_status policy_evaluate(
    const char* text, size_t length, policy_reading reading, char** decision_json, char** message);

/*
 * Migrates legacy action maps (retry_same, try_next, stop) to the versioned
 * per-class form. *result_json is what `policyctl migrate --format json`
 * prints: {"document":<migrated document or null>,"report":{...},"errors":[...]}.
 * POLICY_INVALID when the input has errors or rules that cannot be migrated;
 * then "document" is null and nothing should be written.
 */
policy_status policy_migrate(
    const char* text, size_t length, policy_reading reading, char** result_json, char** message);

#ifdef __cplusplus
}
#endif

#endif /* POLICY_C_H */
