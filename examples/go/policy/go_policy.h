// SPDX-License-Identifier: Apache-2.0
// C helpers shared by the cgo preambles of this package.
#ifndef GO_POLICY_H
#define GO_POLICY_H

#include <stdint.h>
#include <policy_c.h>

// A decision and the call's status in one int64: bits 0-3 kind, 4-7 class,
// 8 pending outcome, 9-12 reason, 13-15 status, 16-23 retry ordinal (at most
// max_retries, 10), 24 "has a deadline", 25-63 the deadline in Unix seconds
// (39 bits, signed: years 0000-9999 need 38). CompiledDecision reads it.
static inline int64_t go_policy_pack(const policy_decision* d, policy_status status)
{
    if (d->retry_ordinal < 0 || d->retry_ordinal > 255)
        status = POLICY_INTERNAL_ERROR; /* cannot happen: validation caps max_retries at 10 */
    uint64_t packed = (uint64_t)(d->kind & 15) | (uint64_t)(d->error_class & 15) << 4
        | (uint64_t)(d->pending_outcome & 1) << 8 | (uint64_t)(d->reason & 15) << 9 | (uint64_t)(status & 7) << 13
        | (uint64_t)(d->retry_ordinal & 255) << 16;
    if (d->deadline != POLICY_TIME_NONE)
        packed |= (uint64_t)1 << 24 | (uint64_t)d->deadline << 25;
    return (int64_t)packed;
}

// A failure from scalars, written in place (a struct built elsewhere and
// copied stalls on store forwarding, which cost a third of a call).
static inline void go_policy_fill_failure(policy_failure* f, int32_t code, int32_t stated_class, int32_t confidence,
    int32_t catalogue, int32_t effect_safe, int64_t reset_at, int64_t now, int64_t retry_ordinal,
    int32_t transient_waited, int32_t hard_waited)
{
    f->struct_size = sizeof *f;
    f->code = (policy_error_code)code;
    f->stated_class = (policy_error_class)stated_class;
    f->confidence = (policy_confidence)confidence;
    f->catalogue_version = (policy_catalogue)catalogue;
    f->effect_safe = effect_safe;
    f->reset_at = reset_at;
    f->now = now;
    f->retry_ordinal = retry_ordinal;
    f->transient_reset_wait_used = transient_waited;
    f->hard_reset_wait_used = hard_waited;
}

#endif
