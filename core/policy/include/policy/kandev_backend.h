// SPDX-License-Identifier: Apache-2.0
#pragma once
// What kandev's Go backend answers today, where SPEC deliberately differs
// from it (SPEC "Known divergence" and section 4). `policyctl evaluate
// --kandev` prints this instead of the SPEC decision so an admin can predict
// the running backend; the editor never uses it to decide anything.
//
// The differences, each pinned by a data row in tst_evaluator:
// - the safety gate reports no class, code or catalogue version;
// - a failure may only recover when kandev's classifier allows fallback for
//   its code (false for agent_transport_lost and the non-provider codes);
// - confidence is not looked at;
// - a stated class wins for any code that may fall back:
//   `unknown_provider_error` stated `transient` retries, while a stated
//   class other than transient/hard stops;
// - a negative retry ordinal gives no retry (the delay is refused).

#include "policy/evaluator.h"

namespace policy
{

// Which answer a tool gives: SPEC's, or kandev's Go backend's today (for
// migration: legacy rules applied in sorted key order, the last one winning).
enum class Reading { Spec, KandevBackend };

}  // namespace policy

namespace policy::kandev
{

// kandev's classifier invariant: whether a failure with this code may go on
// to another attempt at all (routingerr's FallbackAllowed).
bool fallbackAllowed(std::string_view code) noexcept;

Decision evaluate(const PolicyDocument& doc, const EvaluationInput& input) noexcept;

}  // namespace policy::kandev
