// SPDX-License-Identifier: Apache-2.0
package policy

import (
	"encoding/json"
	"errors"
	"fmt"
	"testing"
	"time"
)

// The cases of kandev's routingpolicy tests (NextRetryDelay, Evaluate),
// decided by libpolicy in both readings (the SPEC's and kandev's backend) and
// on both paths: JSON text (Evaluate) and a compiled document (Compile).

const maxRetryDelay = 24 * time.Hour

var readings = []struct {
	name    string
	reading Reading
}{{"spec", ReadingSpec}, {"kandev", ReadingKandev}}

// An evaluation path: the JSON one, or the compiled one behind the same signature.
var paths = []struct {
	name     string
	evaluate func(Input, Reading) (Decision, error)
}{{"json", Evaluate}, {"compiled", evaluateCompiled}}

// evaluateCompiled compiles the input's policies and decides through the
// typed API, reporting the decision in Evaluate's shape (without code and
// catalogue version, which the compiled decision leaves to the caller).
func evaluateCompiled(input Input, reading Reading) (Decision, error) {
	document, err := json.Marshal(input.Policies)
	if err != nil {
		return Decision{}, err
	}
	compiled, err := Compile(document, reading)
	var policyErrors []string
	var invalid *CompileError
	if errors.As(err, &invalid) && invalid.Status == StatusInvalid {
		for _, e := range invalid.Errors {
			policyErrors = append(policyErrors, "policies."+e.Path)
		}
	} else if err != nil {
		return Decision{}, err
	}
	defer compiled.Close()
	d, err := compiled.Evaluate(0, input.Failure.Typed(), input.Now, Attempt{RetryOrdinal: input.RetryOrdinal,
		EffectSafe: input.EffectSafe, TransientResetWaitUsed: input.ResetWaitUsed, HardResetWaitUsed: input.ResetWaitUsed})
	if err != nil {
		return Decision{}, err
	}
	out := Decision{Kind: d.Kind().String(), Class: d.Class().String(), RetryOrdinal: d.RetryOrdinal(),
		PendingOutcome: d.PendingOutcome().String(), PolicyErrors: policyErrors}
	if deadline := d.Deadline(); !deadline.IsZero() {
		out.Deadline = &deadline
	}
	return out, nil
}

func retrying(maxRetries int64) ClassPolicy {
	return ClassPolicy{Retry: RetryPolicy{Enabled: true, MaxRetries: maxRetries, InitialIntervalSeconds: 5}, OnExhausted: "skip"}
}

func rateLimited(class string) *Failure {
	return &Failure{Code: "rate_limited", Class: class, CatalogueVersion: "provider-errors.v1"}
}

func resettingAt(f *Failure, at time.Time) *Failure {
	f.ResetAt = &at
	return f
}

func TestNextRetryDelayDoublesAndCaps(t *testing.T) {
	for _, tt := range []struct {
		ordinal int64
		want    time.Duration
	}{{0, 5 * time.Second}, {1, 10 * time.Second}, {2, 20 * time.Second}, {30, maxRetryDelay}} {
		t.Run(fmt.Sprint("ordinal-", tt.ordinal), func(t *testing.T) {
			got, err := NextRetryDelay(5, tt.ordinal)
			if err != nil {
				t.Fatalf("NextRetryDelay: %v", err)
			}
			if got != tt.want {
				t.Fatalf("delay = %s, want %s", got, tt.want)
			}
		})
	}
}

func TestNextRetryDelayRejectsWhatKandevRejects(t *testing.T) {
	for _, tt := range []struct{ initial, ordinal int64 }{{0, 0}, {3601, 0}, {5, -1}} {
		_, err := NextRetryDelay(tt.initial, tt.ordinal)
		var e *Error
		if !errors.As(err, &e) || e.Status != StatusBadArgument || e.Message == "" {
			t.Fatalf("NextRetryDelay(%d, %d) error = %v, want a bad argument", tt.initial, tt.ordinal, err)
		}
	}
}

func TestEvaluateOrdersSafetyResetRetryAndExhaustion(t *testing.T) {
	now := time.Date(2026, time.August, 17, 12, 0, 0, 0, time.UTC)
	document := DefaultDocument()
	document.Transient = retrying(2)
	document.Transient.WaitForReset = ResetWaitPolicy{Enabled: true, MaxWaitSeconds: 300}

	cases := []struct {
		name          string
		failure       *Failure
		effectSafe    bool
		retryOrdinal  int64
		resetWaitUsed bool
		wantKind      string
		wantOrdinal   int64
		wantDeadline  time.Time
	}{
		{name: "unsafe effect stops", failure: rateLimited("transient"), wantKind: "stop"},
		{name: "unclassified stops", failure: rateLimited("unclassified"), effectSafe: true, wantKind: "stop"},
		{name: "trusted near reset waits once", failure: resettingAt(rateLimited("transient"), now.Add(2*time.Minute)),
			effectSafe: true, wantKind: "waiting_for_reset", wantDeadline: now.Add(2 * time.Minute)},
		{name: "reset wait does not loop", failure: resettingAt(rateLimited("transient"), now.Add(2*time.Minute)),
			effectSafe: true, resetWaitUsed: true, wantKind: "retry_wait", wantOrdinal: 1, wantDeadline: now.Add(5 * time.Second)},
		{name: "retry doubles", failure: rateLimited("transient"), effectSafe: true, retryOrdinal: 1,
			wantKind: "retry_wait", wantOrdinal: 2, wantDeadline: now.Add(10 * time.Second)},
		{name: "retry exhaustion skips", failure: rateLimited("transient"), effectSafe: true, retryOrdinal: 2, wantKind: "skip"},
	}
	for _, path := range paths {
		for _, r := range readings {
			for _, tt := range cases {
				t.Run(path.name+"/"+r.name+"/"+tt.name, func(t *testing.T) {
					got, err := path.evaluate(Input{Policies: document, Failure: tt.failure, Now: now, RetryOrdinal: tt.retryOrdinal,
						ResetWaitUsed: tt.resetWaitUsed, EffectSafe: tt.effectSafe}, r.reading)
					if err != nil {
						t.Fatalf("Evaluate: %v", err)
					}
					if got.Kind != tt.wantKind {
						t.Fatalf("kind = %s, want %s (%+v)", got.Kind, tt.wantKind, got)
					}
					if got.RetryOrdinal != tt.wantOrdinal {
						t.Fatalf("retry ordinal = %d, want %d", got.RetryOrdinal, tt.wantOrdinal)
					}
					if !tt.wantDeadline.IsZero() && (got.Deadline == nil || !got.Deadline.Equal(tt.wantDeadline)) {
						t.Fatalf("deadline = %v, want %s", got.Deadline, tt.wantDeadline)
					}
				})
			}
		}
	}
}

func TestEvaluateHonorsStopAfterExhaustion(t *testing.T) {
	document := DefaultDocument()
	document.Hard = retrying(1)
	document.Hard.OnExhausted = "stop"
	for _, path := range paths {
		for _, r := range readings {
			got, err := path.evaluate(Input{Policies: document, Failure: rateLimited("hard"), EffectSafe: true, RetryOrdinal: 1,
				Now: time.Unix(100, 0).UTC()}, r.reading)
			if err != nil {
				t.Fatalf("%s/%s: Evaluate: %v", path.name, r.name, err)
			}
			if got.Kind != "stop" || got.PendingOutcome != "stop" {
				t.Fatalf("%s/%s: evaluation = %+v, want stop", path.name, r.name, got)
			}
		}
	}
}

func TestInvalidPoliciesFailClosed(t *testing.T) {
	document := DefaultDocument()
	document.Transient = retrying(11)
	for _, path := range paths {
		got, err := path.evaluate(Input{Policies: document, Failure: rateLimited("transient"), EffectSafe: true,
			Now: time.Unix(100, 0).UTC()}, ReadingSpec)
		if err != nil {
			t.Fatalf("%s: Evaluate: %v", path.name, err)
		}
		if got.Kind != "stop" || len(got.PolicyErrors) != 1 || got.PolicyErrors[0] != "policies.transient.retry.max_retries" {
			t.Fatalf("%s: evaluation = %+v, want a stop naming policies.transient.retry.max_retries", path.name, got)
		}
	}
}

func TestValidateAndMigrate(t *testing.T) {
	legacy := []byte(`{"candidates":[{"position":0,"execution_profile_id":"claude","rules":{"on_provider_error":"try_next"}}]}`)
	v, err := Validate(legacy)
	if err != nil || !v.Valid || !v.Legacy {
		t.Fatalf("Validate = %+v, %v; want valid legacy", v, err)
	}
	m, err := Migrate(legacy, ReadingSpec)
	if err != nil || len(m.Document) == 0 || string(m.Document) == "null" {
		t.Fatalf("Migrate = %+v, %v; want a document", m, err)
	}
	migrated, err := Validate(m.Document)
	if err != nil || !migrated.Valid || migrated.Legacy {
		t.Fatalf("Validate(migrated) = %+v, %v; want valid v1", migrated, err)
	}

	broken, err := Validate([]byte("{\"candidates\": [\n  {]}"))
	if err != nil || broken.Valid || len(broken.Errors) == 0 || broken.Errors[0].Line != 2 {
		t.Fatalf("Validate(broken) = %+v, %v; want an error on line 2", broken, err)
	}
	conflict := []byte(`{"candidates":[{"position":0,"execution_profile_id":"codex","rules":{"model_capacity":"retry_same","rate_limited":"try_next"}}]}`)
	m, err = Migrate(conflict, ReadingSpec)
	var e *Error
	if !errors.As(err, &e) || e.Status != StatusInvalid || string(m.Document) != "null" {
		t.Fatalf("Migrate(conflict) = %+v, %v; want invalid without a document", m, err)
	}
}
