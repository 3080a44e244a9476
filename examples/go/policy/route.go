// SPDX-License-Identifier: Apache-2.0
package policy

// #include <stdint.h>
// #include <policy_c.h>
// #include "go_policy.h"
//
// // The route after a decision, and the decision packed (go_policy_pack).
// typedef struct go_route_step {
//     int64_t decision;
//     uint64_t candidate;
//     int64_t ordinal;
//     int32_t state;
//     int32_t waited; /* bit 0 transient, bit 1 hard */
//     int32_t status;
// } go_route_step;
//
// static go_route_step go_route_step_of(const policy_route* r, int64_t decision, policy_status status)
// {
//     go_route_step out;
//     out.decision = decision;
//     out.candidate = r->candidate_index;
//     out.ordinal = r->retry_ordinal;
//     out.state = r->state;
//     out.waited = (r->transient_reset_wait_used ? 1 : 0) | (r->hard_reset_wait_used ? 2 : 0);
//     out.status = status;
//     return out;
// }
//
// static policy_route go_route_of(int32_t state, uint64_t candidate, int64_t ordinal, int32_t waited)
// {
//     policy_route r;
//     r.struct_size = sizeof r;
//     r.state = (policy_route_state)state;
//     r.candidate_index = candidate;
//     r.retry_ordinal = ordinal;
//     r.transient_reset_wait_used = (waited & 1) != 0;
//     r.hard_reset_wait_used = (waited & 2) != 0;
//     return r;
// }
//
// static go_route_step go_policy_route_start(uintptr_t compiled)
// {
//     policy_route r = go_route_of(0, 0, 0, 0);
//     const policy_status status = policy_route_start((const policy_compiled*)compiled, &r);
//     return go_route_step_of(&r, 0, status);
// }
//
// static go_route_step go_policy_route_pass_over(uintptr_t compiled, int32_t state, uint64_t candidate,
//     int64_t ordinal, int32_t waited)
// {
//     policy_route r = go_route_of(state, candidate, ordinal, waited);
//     const policy_status status = policy_route_pass_over((const policy_compiled*)compiled, &r);
//     return go_route_step_of(&r, 0, status);
// }
//
// // Scalars in and a struct returned by value, as go_policy_evaluate: no
// // pointer crosses into C, so nothing escapes to the Go heap.
// static go_route_step go_policy_route_decide(uintptr_t compiled, int32_t state, uint64_t candidate,
//     int64_t ordinal, int32_t waited, int32_t code, int32_t stated_class, int32_t confidence, int32_t catalogue,
//     int32_t effect_safe, int64_t reset_at, int64_t now)
// {
//     policy_route r = go_route_of(state, candidate, ordinal, waited);
//     policy_failure f; /* the route's ordinal and waits are read, not these */
//     go_policy_fill_failure(&f, code, stated_class, confidence, catalogue, effect_safe, reset_at, now, 0, 0, 0);
//     policy_decision d;
//     d.struct_size = sizeof d;
//     const policy_status status = policy_route_decide((const policy_compiled*)compiled, &r, &f, &d);
//     return go_route_step_of(&r, go_policy_pack(&d, status), status);
// }
import "C"

import (
	"math"
	"runtime"
	"time"
	"unsafe"
)

// RouteState is where a route cycle stands (policy_route_state).
type RouteState int32

const (
	// RouteAttempting: Route.Candidate is the candidate to attempt, at the
	// last decision's deadline if it had one.
	RouteAttempting RouteState = C.POLICY_ROUTE_ATTEMPTING
	// RouteStopped: a stop ended the cycle; a person must act.
	RouteStopped RouteState = C.POLICY_ROUTE_STOPPED
	// RouteNoneLeft: no enabled candidate is left.
	RouteNoneLeft RouteState = C.POLICY_ROUTE_NONE_LEFT
)

// Route is one route's place in its cycle (SPEC section 6), kept by the
// caller between failures (in memory, or field by field in its database).
// Start one with (*Compiled).StartRoute and move it with Decide.
type Route struct {
	State                  RouteState
	Candidate              int
	RetryOrdinal           int64
	TransientResetWaitUsed bool
	HardResetWaitUsed      bool
}

// The route's fields as go_route_of takes them; a negative candidate is past every candidate.
func (r *Route) scalars() (state C.int32_t, candidate C.uint64_t, ordinal C.int64_t, waited C.int32_t) {
	candidate = C.uint64_t(math.MaxUint64)
	if r.Candidate >= 0 {
		candidate = C.uint64_t(r.Candidate)
	}
	return C.int32_t(r.State), candidate, C.int64_t(r.RetryOrdinal), cFlag(r.TransientResetWaitUsed, 1) |
		cFlag(r.HardResetWaitUsed, 2)
}

func routeOf(step *C.go_route_step) Route {
	return Route{State: RouteState(step.state), Candidate: int(step.candidate), RetryOrdinal: int64(step.ordinal),
		TransientResetWaitUsed: step.waited&1 != 0, HardResetWaitUsed: step.waited&2 != 0}
}

func (c *Compiled) handleWord() C.uintptr_t { return C.uintptr_t(uintptr(unsafe.Pointer(c.handle))) }

// StartRoute starts a cycle at the first enabled candidate (RouteNoneLeft
// when every candidate is disabled).
func (c *Compiled) StartRoute() (Route, error) {
	step := C.go_policy_route_start(c.handleWord())
	runtime.KeepAlive(c) // the finalizer must not release the handle during the call
	if status := Status(step.status); status != StatusOK {
		return Route{}, &Error{Status: status, Message: "policy_route_start refused its arguments"}
	}
	return routeOf(&step), nil
}

// Decide decides `failure` at `now` for the route's candidate, with the
// route's retry ordinal and reset waits, and moves the route as the decision
// says: the same candidate again at the deadline, the next enabled
// candidate, none left, or stopped. effectSafe: no output, tool activity,
// partial result or ambiguous delivery came before the failure. An error (a
// route that is not attempting or does not fit the handle) leaves the route
// as it was and comes with a stop.
func (c *Compiled) Decide(route *Route, failure CompiledFailure, now time.Time, effectSafe bool) (CompiledDecision, error) {
	resetAt := C.int64_t(math.MinInt64) // POLICY_TIME_NONE
	if !failure.ResetAt.IsZero() {
		resetAt = C.int64_t(failure.ResetAt.Unix())
	}
	state, candidate, ordinal, waited := route.scalars()
	step := C.go_policy_route_decide(c.handleWord(), state, candidate, ordinal, waited, C.int32_t(failure.Code),
		C.int32_t(failure.Class), C.int32_t(failure.Confidence), C.int32_t(failure.Catalogue), cFlag(effectSafe, 1),
		resetAt, C.int64_t(now.Unix()))
	runtime.KeepAlive(c)
	packed := int64(step.decision)
	d := CompiledDecision{bits: packed &^ (7 << statusShift)}
	if status := Status(step.status); status != StatusOK {
		return d, &Error{Status: status, Message: "policy_route_decide refused its arguments"}
	}
	*route = routeOf(&step)
	return d, nil
}

// PassOver moves the route past its candidate without an attempt, as kandev
// does when the candidate's provider circuit is open.
func (c *Compiled) PassOver(route *Route) error {
	state, candidate, ordinal, waited := route.scalars()
	step := C.go_policy_route_pass_over(c.handleWord(), state, candidate, ordinal, waited)
	runtime.KeepAlive(c)
	if status := Status(step.status); status != StatusOK {
		return &Error{Status: status, Message: "policy_route_pass_over refused its arguments"}
	}
	*route = routeOf(&step)
	return nil
}
