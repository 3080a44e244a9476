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

/* ---------------------------------------------------------------------------
 * Compiled policies: read a document once, then decide without JSON.
 *
 * policy_compile reads a policies document or a whole dynamic profile into an
 * opaque, immutable handle; policy_evaluate_compiled decides one failure from
 * plain C structs, without parsing, printing or allocating. The handle may be
 * shared by any number of threads at once; it is released once, with
 * policy_release, when no thread uses it any more.
 *
 * Every enum below spans every int (its MIN_ENUM and MAX_ENUM sentinels), so any
 * value is defined behaviour; one that is not listed is POLICY_BAD_ARGUMENT.
 * Values are stable: new ones are only ever added at the end.
 */

/* An opaque compiled document. */
typedef struct policy_compiled policy_compiled;

/* The failure's semantic code: the catalogue's twelve provider codes, then
   the codes kandev emits that are never configurable. A code not listed here
   is POLICY_CODE_OTHER (unclassified: it always stops, in both readings). */
typedef enum policy_error_code {
    POLICY_CODE_OTHER = 0,
    POLICY_CODE_NETWORK_UNAVAILABLE = 1,
    POLICY_CODE_PROVIDER_UNAVAILABLE = 2,
    POLICY_CODE_PROVIDER_OVERLOADED = 3,
    POLICY_CODE_MODEL_CAPACITY = 4,
    POLICY_CODE_RATE_LIMITED = 5,
    POLICY_CODE_AGENT_TRANSPORT_LOST = 6,
    POLICY_CODE_AUTH_REQUIRED = 7,
    POLICY_CODE_MISSING_CREDENTIALS = 8,
    POLICY_CODE_SUBSCRIPTION_REQUIRED = 9,
    POLICY_CODE_QUOTA_LIMITED = 10,
    POLICY_CODE_MODEL_UNAVAILABLE = 11,
    POLICY_CODE_PROVIDER_NOT_CONFIGURED = 12,
    POLICY_CODE_UNKNOWN_PROVIDER_ERROR = 13,
    POLICY_CODE_AGENT_RUNTIME_ERROR = 14,
    POLICY_CODE_TASK_ERROR = 15,
    POLICY_CODE_REPO_ERROR = 16,
    POLICY_CODE_PERMISSION_DENIED_BY_USER = 17,
    POLICY_CODE_RESUME_CORRUPTED = 18,
    POLICY_CODE_NPX_CACHE_CORRUPTED = 19,
    POLICY_CODE_MANAGED_RUNTIME_NPM_RESOLUTION = 20,
    POLICY_CODE_MIN_ENUM = -0x7fffffff - 1,
    POLICY_CODE_MAX_ENUM = 0x7fffffff
} policy_error_code;

/* A class: stated by the classifier in policy_failure, resolved in
   policy_decision. POLICY_CLASS_NONE: not stated (the catalogue decides) /
   no class reported (no failure, or kandev's safety gate). A stated class
   that is neither transient nor hard ("unclassified", an unknown word, a
   differently-cased "Transient") is POLICY_CLASS_UNCLASSIFIED. */
typedef enum policy_error_class {
    POLICY_CLASS_NONE = 0,
    POLICY_CLASS_TRANSIENT = 1,
    POLICY_CLASS_HARD = 2,
    POLICY_CLASS_UNCLASSIFIED = 3,
    POLICY_CLASS_MIN_ENUM = -0x7fffffff - 1,
    POLICY_CLASS_MAX_ENUM = 0x7fffffff
} policy_error_class;

/* HIGH is also an absent or "" confidence. */
typedef enum policy_confidence {
    POLICY_CONFIDENCE_HIGH = 0,
    POLICY_CONFIDENCE_MEDIUM = 1,
    POLICY_CONFIDENCE_LOW = 2,
    POLICY_CONFIDENCE_MIN_ENUM = -0x7fffffff - 1,
    POLICY_CONFIDENCE_MAX_ENUM = 0x7fffffff
} policy_confidence;

/* The failure's catalogue version. DEFAULT: none stated, which means
   provider-errors.v1. It is reported, never trusted: today it changes no
   decision (as in policy_evaluate). */
typedef enum policy_catalogue {
    POLICY_CATALOGUE_DEFAULT = 0,
    POLICY_CATALOGUE_PROVIDER_ERRORS_V1 = 1,
    POLICY_CATALOGUE_UNRECOGNISED = 2,
    POLICY_CATALOGUE_MIN_ENUM = -0x7fffffff - 1,
    POLICY_CATALOGUE_MAX_ENUM = 0x7fffffff
} policy_catalogue;

/* Zero is a stop: a zeroed decision never authorizes work. */
typedef enum policy_decision_kind {
    POLICY_DECISION_STOP = 0,
    POLICY_DECISION_SKIP = 1,
    POLICY_DECISION_RETRY_WAIT = 2,
    POLICY_DECISION_WAITING_FOR_RESET = 3,
    POLICY_DECISION_MIN_ENUM = -0x7fffffff - 1,
    POLICY_DECISION_MAX_ENUM = 0x7fffffff
} policy_decision_kind;

typedef enum policy_outcome {
    POLICY_OUTCOME_STOP = 0,
    POLICY_OUTCOME_SKIP = 1,
    POLICY_OUTCOME_MIN_ENUM = -0x7fffffff - 1,
    POLICY_OUTCOME_MAX_ENUM = 0x7fffffff
} policy_outcome;

/* Why the decision is what it is. The first four are the safety gate (a
   stop that overrides every setting). */
typedef enum policy_decision_reason {
    POLICY_REASON_NO_FAILURE = 0,
    POLICY_REASON_INVALID_POLICIES = 1,
    POLICY_REASON_AFTER_SIDE_EFFECTS = 2,
    POLICY_REASON_UNKNOWN_ERROR = 3,
    POLICY_REASON_TRUSTED_RESET = 4,
    POLICY_REASON_RETRY_LEFT = 5,
    POLICY_REASON_RETRY_OFF = 6,
    POLICY_REASON_RETRIES_USED = 7,
    POLICY_REASON_MIN_ENUM = -0x7fffffff - 1,
    POLICY_REASON_MAX_ENUM = 0x7fffffff
} policy_decision_reason;

/* A time that is not there (no reset hint, no deadline). */
#define POLICY_TIME_NONE INT64_MIN

/*
 * One failure and the route's state when it happened. Set struct_size to
 * sizeof(policy_failure): fields added later go at the end, and a library
 * reads only the fields the caller's size covers (a size smaller than this
 * version's is POLICY_BAD_ARGUMENT). Flags are 0 or 1.
 */
typedef struct policy_failure {
    uint32_t struct_size;
    policy_error_code code;
    policy_error_class stated_class; /* POLICY_CLASS_NONE when the classifier states none */
    policy_confidence confidence;
    policy_catalogue catalogue_version;
    int32_t effect_safe; /* no output, tool activity, partial result or ambiguous delivery */
    int64_t reset_at; /* a trusted provider reset, Unix seconds, or POLICY_TIME_NONE */
    int64_t now; /* Unix seconds, 0000-01-01 to 9999-12-31 */
    int64_t retry_ordinal; /* the candidate's retry ordinal, >= 0 */
    /* Whether the candidate already waited for a reset of this class in this
       route cycle; the library reads the one of the resolved class. */
    int32_t transient_reset_wait_used;
    int32_t hard_reset_wait_used;
} policy_failure;

/*
 * A decision. Set struct_size to sizeof(policy_decision) before the call; the
 * library writes no byte past it. retry_ordinal is non-zero only for
 * RETRY_WAIT; deadline is Unix seconds for RETRY_WAIT and WAITING_FOR_RESET,
 * else POLICY_TIME_NONE; pending_outcome is the class's on_exhausted, STOP
 * for the safety gate.
 */
typedef struct policy_decision {
    uint32_t struct_size;
    policy_decision_kind kind;
    policy_error_class error_class;
    policy_outcome pending_outcome;
    policy_decision_reason reason;
    int32_t reserved; /* 0 */
    int64_t retry_ordinal;
    int64_t deadline;
} policy_decision;

/*
 * Compiles `text`: either a policies document ({"version":1,"transient":...,
 * "hard":...}: one candidate, index 0) or a whole dynamic profile (an object
 * with "candidates": candidate i is index i; legacy rules are migrated in
 * `reading`'s order, a candidate with neither rules nor policies has the
 * default document).
 *
 * A policies document is read exactly as policy_evaluate reads "policies" in
 * `reading` (kandev's ignores unknown keys and matches them without regard to
 * case); a profile is checked as policy_validate checks it.
 *
 * - POLICY_OK: *out is the handle.
 * - POLICY_INVALID: the document was read and is invalid. *out is still a
 *   handle (of no candidates for a profile that lists none), failing closed:
 *   every decision it gives is the safety gate's stop with reason
 *   POLICY_REASON_INVALID_POLICIES (the failure's class still resolved), the
 *   decision policy_evaluate gives for invalid policies. One error anywhere
 *   in a profile stops every candidate: invalid data never authorizes work.
 * - POLICY_UNREADABLE: not one JSON value (or, for a policies document, what
 *   policy_evaluate would not read: a duplicate key, -0, over 16 MiB);
 *   *out is NULL.
 * - POLICY_BAD_ARGUMENT: NULL `out`, a bad text/length, an unknown reading.
 * *errors_json (optional) is the JSON array of errors in policy_validate's
 * shape, [{"path","message","line","column"}...] ("[]" when valid; paths
 * relative to the text given, line and column null where unknown); set for
 * OK, INVALID and UNREADABLE.
 */
policy_status policy_compile(
    const char* text, size_t length, policy_reading reading, policy_compiled** out, char** errors_json, char** message);

/* How many candidates the handle holds (0 for NULL). */
size_t policy_compiled_candidate_count(const policy_compiled* compiled);

/*
 * Decides `failure` (NULL: nothing failed, a stop) for candidate
 * `candidate_index` of the handle, in the reading it was compiled with: the
 * decision policy_evaluate gives for the same inputs. No JSON, no allocation,
 * no lock; safe from any number of threads on one handle.
 * POLICY_BAD_ARGUMENT for a NULL handle or `out`, a struct_size too small, an
 * index past the candidates, an enum value not listed, a flag other than 0 or
 * 1, a negative retry ordinal, or a `now` outside years 0000-9999. On every
 * status but POLICY_OK, *out (when its struct_size can be written) is a stop
 * (kind STOP, pending outcome STOP, no deadline): it never authorizes work.
 */
policy_status policy_evaluate_compiled(
    const policy_compiled* compiled, size_t candidate_index, const policy_failure* failure, policy_decision* out);

/* Releases a handle. NULL is ignored. */
void policy_release(policy_compiled* compiled);

/*
 * Route cycles on a handle (SPEC section 6), the rule the editor's timeline
 * preview draws: a cycle starts at the first enabled candidate and only
 * moves forward. The caller keeps one policy_route per route (in memory or
 * in its database, field by field) and passes it back with each failure;
 * the handle stays immutable and shared.
 */
typedef enum policy_route_state {
    POLICY_ROUTE_ATTEMPTING = 0, /* candidate_index is the candidate to attempt (at the decision's deadline, if any) */
    POLICY_ROUTE_STOPPED = 1, /* a stop: the cycle is over and a person must act */
    POLICY_ROUTE_NONE_LEFT = 2, /* no enabled candidate is left: the route waits with no eligible candidate */
    POLICY_ROUTE_MIN_ENUM = -0x7fffffff - 1,
    POLICY_ROUTE_MAX_ENUM = 0x7fffffff
} policy_route_state;

/* Set struct_size to sizeof(policy_route), as for policy_failure. */
typedef struct policy_route {
    uint32_t struct_size;
    policy_route_state state;
    uint64_t candidate_index; /* 0 unless ATTEMPTING */
    int64_t retry_ordinal; /* the candidate's retries so far, one counter for both classes */
    int32_t transient_reset_wait_used; /* the candidate waited for a reset of this class in this cycle */
    int32_t hard_reset_wait_used;
} policy_route;

/*
 * Starts a cycle: the first enabled candidate, with no retry and no reset
 * wait used, or NONE_LEFT when every candidate is disabled.
 * POLICY_BAD_ARGUMENT for a NULL handle or route, or a struct_size too small.
 */
policy_status policy_route_start(const policy_compiled* compiled, policy_route* route);

/*
 * Decides `failure` for the route's candidate and moves the route. The
 * decision is policy_evaluate_compiled's for that candidate with the route's
 * retry ordinal and reset waits (the failure's own retry_ordinal and
 * *_reset_wait_used are not read). Then: waiting_for_reset marks the class's
 * reset wait used and keeps the ordinal; retry_wait takes the decision's
 * ordinal; skip enters the next enabled candidate with a fresh ordinal and no
 * wait used, or NONE_LEFT; stop is STOPPED (an invalid document's handle
 * always stops).
 * POLICY_BAD_ARGUMENT, with the route unchanged and *out a stop, for a NULL
 * handle, route or failure, a route that is not ATTEMPTING or does not fit
 * the handle (an index past its candidates, a disabled candidate, a negative
 * ordinal, a flag other than 0 or 1), or anything policy_evaluate_compiled
 * refuses.
 */
policy_status policy_route_decide(
    const policy_compiled* compiled, policy_route* route, const policy_failure* failure, policy_decision* out);

/*
 * Passes over the route's candidate without an attempt, as kandev does for a
 * candidate whose provider circuit is open: the next enabled candidate,
 * fresh, or NONE_LEFT. POLICY_BAD_ARGUMENT (route unchanged) as for
 * policy_route_decide.
 */
policy_status policy_route_pass_over(const policy_compiled* compiled, policy_route* route);

/* Names (static strings, never freed) as policy_evaluate's JSON spells them:
   "rate_limited", "transient", "retry_wait", "skip", "retries_used"; "" for
   POLICY_CODE_OTHER and POLICY_CLASS_NONE, NULL for a value not listed. */
const char* policy_error_code_name(policy_error_code code);
const char* policy_error_class_name(policy_error_class error_class);
const char* policy_decision_kind_name(policy_decision_kind kind);
const char* policy_outcome_name(policy_outcome outcome);
const char* policy_decision_reason_name(policy_decision_reason reason);

/* The code a name stands for (exact bytes, no trimming); POLICY_CODE_OTHER
   for any other name, NULL included. */
policy_error_code policy_error_code_from_name(const char* name, size_t length);

#ifdef __cplusplus
}
#endif

#endif /* POLICY_C_H */
