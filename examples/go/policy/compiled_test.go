// SPDX-License-Identifier: Apache-2.0
package policy

import (
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"
)

var testNow = time.Date(2026, time.August, 17, 12, 0, 0, 0, time.UTC)

func testDocument() Document {
	document := DefaultDocument()
	document.Transient = retrying(2)
	document.Transient.WaitForReset = ResetWaitPolicy{Enabled: true, MaxWaitSeconds: 300}
	document.Hard = ClassPolicy{WaitForReset: ResetWaitPolicy{Enabled: true, MaxWaitSeconds: 3600}, OnExhausted: "stop"}
	return document
}

func mustCompile(t testing.TB, document any, reading Reading) *Compiled {
	t.Helper()
	text, err := json.Marshal(document)
	if err != nil {
		t.Fatal(err)
	}
	c, err := Compile(text, reading)
	if err != nil {
		t.Fatalf("Compile: %v", err)
	}
	return c
}

// Every combination of a small grid: the compiled decision is the JSON one,
// code and catalogue version aside (the caller already has them).
func TestCompiledMatchesJSON(t *testing.T) {
	codes := []string{"rate_limited", "quota_limited", "agent_transport_lost", "unknown_provider_error", "task_error", "brand_new_code"}
	classes := []string{"", "transient", "hard", "unclassified", "Transient"}
	resets := []time.Duration{0, time.Minute, 10 * time.Minute, -time.Minute}
	compared := 0
	for _, r := range readings {
		compiled := mustCompile(t, testDocument(), r.reading)
		for _, code := range codes {
			for _, class := range classes {
				for _, reset := range resets {
					for ordinal := int64(0); ordinal < 4; ordinal++ {
						for flags := 0; flags < 4; flags++ {
							failure := &Failure{Code: code, Class: class}
							if reset != 0 {
								failure = resettingAt(failure, testNow.Add(reset))
							}
							input := Input{Policies: testDocument(), Failure: failure, Now: testNow, RetryOrdinal: ordinal,
								EffectSafe: flags&1 == 1, ResetWaitUsed: flags&2 == 2}
							want, err := Evaluate(input, r.reading)
							if err != nil {
								t.Fatalf("Evaluate: %v", err)
							}
							got, err := compiled.Evaluate(0, failure.Typed(), testNow, Attempt{RetryOrdinal: ordinal,
								EffectSafe: input.EffectSafe, TransientResetWaitUsed: input.ResetWaitUsed,
								HardResetWaitUsed: input.ResetWaitUsed})
							if err != nil {
								t.Fatalf("Evaluate compiled: %v", err)
							}
							deadline := time.Time{}
							if want.Deadline != nil {
								deadline = *want.Deadline
							}
							if got.Kind().String() != want.Kind || got.Class().String() != want.Class ||
								got.RetryOrdinal() != want.RetryOrdinal || !got.Deadline().Equal(deadline) ||
								got.PendingOutcome().String() != want.PendingOutcome {
								t.Fatalf("%s: %+v: compiled %+v, JSON %+v", r.name, input, got, want)
							}
							compared++
						}
					}
				}
			}
		}
		compiled.Close()
	}
	if compared < 1000 {
		t.Fatalf("only %d cases compared", compared)
	}
}

func TestCompileFailsClosed(t *testing.T) {
	document := testDocument()
	document.Transient.Retry.MaxRetries = 11
	text, _ := json.Marshal(document)
	compiled, err := Compile(text, ReadingSpec)
	var invalid *CompileError
	if !errors.As(err, &invalid) || invalid.Status != StatusInvalid || len(invalid.Errors) != 1 ||
		invalid.Errors[0].Path != "transient.retry.max_retries" {
		t.Fatalf("Compile = %v, want invalid naming transient.retry.max_retries", err)
	}
	var plain *Error
	if !errors.As(err, &plain) || plain.Status != StatusInvalid {
		t.Fatalf("errors.As(*Error) = %v", err)
	}
	if compiled == nil {
		t.Fatal("an invalid document still yields a handle that fails closed")
	}
	defer compiled.Close()
	d, err := compiled.Evaluate(0, &CompiledFailure{Code: CodeRateLimited}, testNow, Attempt{EffectSafe: true})
	if err != nil || d.Kind() != KindStop || d.Reason() != ReasonInvalidPolicies || d.Class() != ClassTransient {
		t.Fatalf("Evaluate = %+v, %v; want the gate's stop", d, err)
	}

	for _, text := range []string{"not json", `{"version":1},"effect_safe":true`, `{"version":1,"version":1}`} {
		c, err := Compile([]byte(text), ReadingSpec)
		var e *CompileError
		if c != nil || !errors.As(err, &e) || e.Status != StatusUnreadable || e.Message == "" {
			t.Fatalf("Compile(%q) = %v, %v; want unreadable without a handle", text, c, err)
		}
	}
	if c, err := Compile(text, Reading(9)); c != nil || err == nil {
		t.Fatalf("Compile with reading 9 = %v, %v; want a bad argument", c, err)
	}
}

func TestCompiledProfile(t *testing.T) {
	profile := []byte(`{"version":2,"candidates":[
		{"position":0,"execution_profile_id":"claude","policies":` + mustJSON(t, testDocument()) + `},
		{"position":1,"execution_profile_id":"codex","rules":{"on_provider_error":"retry_same"}},
		{"position":2,"execution_profile_id":"gemini"}]}`)
	for _, r := range readings {
		compiled, err := Compile(profile, r.reading)
		if err != nil {
			t.Fatalf("%s: Compile: %v", r.name, err)
		}
		if compiled.Candidates() != 3 || compiled.Reading() != r.reading {
			t.Fatalf("%s: %d candidates, reading %d", r.name, compiled.Candidates(), compiled.Reading())
		}
		failure := &CompiledFailure{Code: CodeModelCapacity}
		want := []Kind{KindRetryWait, KindRetryWait, KindSkip}
		for i, kind := range want {
			d, err := compiled.Evaluate(i, failure, testNow, Attempt{EffectSafe: true})
			if err != nil || d.Kind() != kind {
				t.Fatalf("%s: candidate %d = %+v, %v; want %s", r.name, i, d, err, kind)
			}
		}
		for _, index := range []int{3, -1} {
			d, err := compiled.Evaluate(index, failure, testNow, Attempt{EffectSafe: true})
			var e *Error
			if !errors.As(err, &e) || e.Status != StatusBadArgument || d.Kind() != KindStop {
				t.Fatalf("%s: candidate %d = %+v, %v; want a bad argument and a stop", r.name, index, d, err)
			}
		}
		compiled.Close()
		compiled.Close()
		if d, err := compiled.Evaluate(0, failure, testNow, Attempt{EffectSafe: true}); err == nil || d.Kind() != KindStop {
			t.Fatalf("%s: Evaluate after Close = %+v, %v; want an error and a stop", r.name, d, err)
		}
	}
}

func TestCompiledArgumentsChecked(t *testing.T) {
	compiled := mustCompile(t, testDocument(), ReadingSpec)
	defer compiled.Close()
	for _, tt := range []struct {
		name    string
		failure CompiledFailure
		now     time.Time
		attempt Attempt
	}{
		{"negative ordinal", CompiledFailure{Code: CodeRateLimited}, testNow, Attempt{RetryOrdinal: -1, EffectSafe: true}},
		{"code out of range", CompiledFailure{Code: 99}, testNow, Attempt{EffectSafe: true}},
		{"class out of range", CompiledFailure{Code: CodeRateLimited, Class: 7}, testNow, Attempt{EffectSafe: true}},
		{"confidence out of range", CompiledFailure{Code: CodeRateLimited, Confidence: -1}, testNow, Attempt{EffectSafe: true}},
		{"now past year 9999", CompiledFailure{Code: CodeRateLimited}, time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC), Attempt{EffectSafe: true}},
	} {
		d, err := compiled.Evaluate(0, &tt.failure, tt.now, tt.attempt)
		var e *Error
		if !errors.As(err, &e) || e.Status != StatusBadArgument || d.Kind() != KindStop || d.PendingOutcome() != OutcomeStop {
			t.Fatalf("%s: %+v, %v; want a bad argument and a stop", tt.name, d, err)
		}
	}
}

func TestCodeNames(t *testing.T) {
	for c := CodeNetworkUnavailable; c <= lastCode; c++ {
		if CodeFromName(c.String()) != c {
			t.Fatalf("code %d (%s) does not read back", c, c)
		}
	}
	if CodeFromName("Rate_Limited") != CodeOther || CodeOther.String() != "" || Code(99).String() != "invalid" {
		t.Fatal("unknown codes")
	}
	if KindWaitingForReset.String() != "waiting_for_reset" || ReasonRetriesUsed.String() != "retries_used" ||
		OutcomeSkip.String() != "skip" || ClassHard.String() != "hard" {
		t.Fatal("names")
	}
}

// One handle, many goroutines: each gets what one gets.
func TestCompiledSharedByGoroutines(t *testing.T) {
	compiled := mustCompile(t, testDocument(), ReadingKandev)
	defer compiled.Close()
	failure := &CompiledFailure{Code: CodeProviderOverloaded, Class: ClassTransient}
	attempt := Attempt{RetryOrdinal: 1, EffectSafe: true}
	want, err := compiled.Evaluate(0, failure, testNow, attempt)
	if err != nil || want.Kind() != KindRetryWait || !want.Deadline().Equal(testNow.Add(10*time.Second)) {
		t.Fatalf("Evaluate = %+v, %v", want, err)
	}
	var wg sync.WaitGroup
	mismatches := make(chan string, 8)
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 5000; i++ {
				if got, err := compiled.Evaluate(0, failure, testNow, attempt); err != nil || got != want {
					mismatches <- fmt.Sprintf("%+v, %v", got, err)
					return
				}
			}
		}()
	}
	wg.Wait()
	close(mismatches)
	for m := range mismatches {
		t.Fatalf("a goroutine got %s, want %+v", m, want)
	}
}

func TestCompiledEvaluateDoesNotAllocate(t *testing.T) {
	compiled := mustCompile(t, testDocument(), ReadingSpec)
	defer compiled.Close()
	failure := &CompiledFailure{Code: CodeRateLimited, ResetAt: testNow.Add(time.Minute)}
	allocations := testing.AllocsPerRun(1000, func() {
		_, _ = compiled.Evaluate(0, failure, testNow, Attempt{EffectSafe: true})
	})
	if allocations != 0 {
		t.Fatalf("%v allocations per decision, want 0", allocations)
	}
}

func mustJSON(t testing.TB, v any) string {
	t.Helper()
	text, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(text)
}
