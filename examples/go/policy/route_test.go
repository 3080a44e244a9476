// SPDX-License-Identifier: Apache-2.0
package policy

import (
	"errors"
	"testing"
	"time"
)

// A route through three candidates, worked out by hand from SPEC section 6:
// "a" retries transient errors twice from 5 s (5 s, then 10 s) and waits up
// to 300 s for a trusted reset, then skips; "b" is disabled; "c" has the
// default policy (skip at once).
func TestRouteCycleByHand(t *testing.T) {
	profile := []byte(`{"candidates":[
		{"position":0,"execution_profile_id":"a","policies":{"version":1,
			"transient":{"retry":{"enabled":true,"max_retries":2,"initial_interval_seconds":5},
				"wait_for_reset":{"enabled":true,"max_wait_seconds":300},"on_exhausted":"skip"},
			"hard":{"on_exhausted":"stop"}}},
		{"position":1,"execution_profile_id":"b","enabled":false},
		{"position":2,"execution_profile_id":"c"}]}`)
	compiled, err := Compile(profile, ReadingSpec)
	if err != nil {
		t.Fatalf("Compile: %v", err)
	}
	defer compiled.Close()
	route, err := compiled.StartRoute()
	if err != nil || route != (Route{State: RouteAttempting, Candidate: 0}) {
		t.Fatalf("StartRoute = %+v, %v", route, err)
	}
	capacity := CompiledFailure{Code: CodeModelCapacity}
	now := testNow
	steps := []struct {
		failure  CompiledFailure
		kind     Kind
		deadline time.Duration // after now; 0: none
		after    Route
	}{
		// A trusted reset in 60 s: wait for it; the ordinal stays.
		{CompiledFailure{Code: CodeRateLimited, ResetAt: now.Add(60 * time.Second)}, KindWaitingForReset, 60 * time.Second,
			Route{State: RouteAttempting, Candidate: 0, TransientResetWaitUsed: true}},
		// The reset wait is used: retry, 5 s then 10 s.
		{capacity, KindRetryWait, 5 * time.Second, Route{State: RouteAttempting, Candidate: 0, RetryOrdinal: 1,
			TransientResetWaitUsed: true}},
		{capacity, KindRetryWait, 10 * time.Second, Route{State: RouteAttempting, Candidate: 0, RetryOrdinal: 2,
			TransientResetWaitUsed: true}},
		// Retries used: skip, past the disabled "b", to "c", fresh.
		{capacity, KindSkip, 0, Route{State: RouteAttempting, Candidate: 2}},
		// "c" skips at once, and no candidate is left.
		{CompiledFailure{Code: CodeQuotaLimited}, KindSkip, 0, Route{State: RouteNoneLeft}},
	}
	for i, step := range steps {
		d, err := compiled.Decide(&route, step.failure, now, true)
		if err != nil || d.Kind() != step.kind || route != step.after {
			t.Fatalf("step %d: %s, %v; route %+v; want %s, route %+v", i, d, err, route, step.kind, step.after)
		}
		if step.deadline != 0 {
			if !d.Deadline().Equal(now.Add(step.deadline)) {
				t.Fatalf("step %d: deadline %s, want %s", i, d.Deadline(), now.Add(step.deadline))
			}
			now = d.Deadline()
		}
	}
	// A route that is over moves no further: an error, a stop, the route as it was.
	d, err := compiled.Decide(&route, capacity, now, true)
	var e *Error
	if !errors.As(err, &e) || e.Status != StatusBadArgument || d.Kind() != KindStop || route != (Route{State: RouteNoneLeft}) {
		t.Fatalf("Decide after the cycle = %s, %v, route %+v", d, err, route)
	}
}

// After side effects the safety gate stops the route; passing over an open
// circuit moves on without a decision.
func TestRouteStopsAndPassesOver(t *testing.T) {
	profile := []byte(`{"candidates":[{"position":0,"execution_profile_id":"a"},
		{"position":1,"execution_profile_id":"b"},{"position":2,"execution_profile_id":"c"}]}`)
	compiled, err := Compile(profile, ReadingSpec)
	if err != nil {
		t.Fatalf("Compile: %v", err)
	}
	defer compiled.Close()
	route, _ := compiled.StartRoute()
	if err := compiled.PassOver(&route); err != nil || route != (Route{State: RouteAttempting, Candidate: 1}) {
		t.Fatalf("PassOver = %v, route %+v", err, route)
	}
	d, err := compiled.Decide(&route, CompiledFailure{Code: CodeModelCapacity}, testNow, false)
	if err != nil || d.Kind() != KindStop || d.Reason() != ReasonAfterSideEffects || route.State != RouteStopped {
		t.Fatalf("Decide after side effects = %s, %v, route %+v", d, err, route)
	}
	if err := compiled.PassOver(&route); err == nil {
		t.Fatalf("PassOver of a stopped route: no error")
	}
}

func TestRouteDecideDoesNotAllocate(t *testing.T) {
	compiled := mustCompile(t, testDocument(), ReadingSpec)
	defer compiled.Close()
	failure := CompiledFailure{Code: CodeRateLimited, ResetAt: testNow.Add(time.Minute)}
	route, _ := compiled.StartRoute()
	allocations := testing.AllocsPerRun(1000, func() {
		moved := route
		_, _ = compiled.Decide(&moved, failure, testNow, true)
	})
	if allocations != 0 {
		t.Fatalf("%v allocations per decision, want 0", allocations)
	}
}
