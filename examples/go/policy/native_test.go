// SPDX-License-Identifier: Apache-2.0
package policy

import (
	"testing"
	"time"
)

// A native Go evaluator written from SPEC section 4 (the public algorithm,
// SPEC's reading), as a Go backend would have it without libpolicy: string
// codes and classes, time.Time, and the document validated on every call.
// It exists to measure the compiled cgo path against in the same run
// (bench_test.go); TestNativeMatchesCompiled proves both do the same work.

type nativeFailure struct {
	Code       string
	Class      string // "" when not stated
	Confidence string // "" means high
	ResetAt    time.Time
}

type nativeInput struct {
	Failure       *nativeFailure
	Now           time.Time
	RetryOrdinal  int64
	ResetWaitUsed bool
	EffectSafe    bool
}

type nativeDecision struct {
	Kind           string
	Class          string
	RetryOrdinal   int64
	Deadline       time.Time
	PendingOutcome string
}

func nativeCatalogueClass(code string) string {
	switch code {
	case "network_unavailable", "provider_unavailable", "provider_overloaded", "model_capacity", "rate_limited",
		"agent_transport_lost":
		return "transient"
	case "auth_required", "missing_credentials", "subscription_required", "quota_limited", "model_unavailable",
		"provider_not_configured":
		return "hard"
	}
	return "unclassified"
}

func nativeClass(f *nativeFailure) string {
	catalogue := nativeCatalogueClass(f.Code)
	if catalogue == "unclassified" || f.Confidence == "low" {
		return "unclassified"
	}
	switch f.Class {
	case "":
		return catalogue
	case "transient", "hard":
		return f.Class
	}
	return "unclassified"
}

func nativeValidClass(p ClassPolicy) bool {
	if p.OnExhausted != "skip" && p.OnExhausted != "stop" {
		return false
	}
	if p.Retry.Enabled {
		if p.Retry.MaxRetries < 1 || p.Retry.MaxRetries > 10 || p.Retry.InitialIntervalSeconds < 1 ||
			p.Retry.InitialIntervalSeconds > 3600 {
			return false
		}
	} else if p.Retry.MaxRetries != 0 || p.Retry.InitialIntervalSeconds != 0 {
		return false
	}
	if p.WaitForReset.Enabled {
		return p.WaitForReset.MaxWaitSeconds >= 1 && p.WaitForReset.MaxWaitSeconds <= 7*24*3600
	}
	return p.WaitForReset.MaxWaitSeconds == 0
}

func nativeRetryDelay(initial, ordinal int64) time.Duration {
	const maxSeconds = 24 * 3600
	seconds := initial
	for i := int64(0); i < ordinal && seconds < maxSeconds; i++ {
		seconds *= 2
	}
	if seconds > maxSeconds {
		seconds = maxSeconds
	}
	return time.Duration(seconds) * time.Second
}

func nativeEvaluate(doc *Document, in *nativeInput) nativeDecision {
	d := nativeDecision{Kind: "stop", PendingOutcome: "stop"}
	if in.Failure == nil {
		return d
	}
	d.Class = nativeClass(in.Failure)
	if doc.Version != 1 || !nativeValidClass(doc.Transient) || !nativeValidClass(doc.Hard) || !in.EffectSafe ||
		d.Class == "unclassified" {
		return d
	}
	p := &doc.Transient
	if d.Class == "hard" {
		p = &doc.Hard
	}
	d.PendingOutcome = p.OnExhausted
	if p.WaitForReset.Enabled && !in.ResetWaitUsed && !in.Failure.ResetAt.IsZero() &&
		in.Failure.ResetAt.After(in.Now) &&
		!in.Failure.ResetAt.After(in.Now.Add(time.Duration(p.WaitForReset.MaxWaitSeconds)*time.Second)) {
		d.Kind, d.Deadline = "waiting_for_reset", in.Failure.ResetAt
		return d
	}
	if p.Retry.Enabled && in.RetryOrdinal < p.Retry.MaxRetries {
		d.Kind, d.RetryOrdinal = "retry_wait", in.RetryOrdinal+1
		d.Deadline = in.Now.Add(nativeRetryDelay(p.Retry.InitialIntervalSeconds, in.RetryOrdinal))
		return d
	}
	d.Kind = p.OnExhausted
	return d
}

// The benchmark's inputs (like bench_policy's BM_Evaluate): ten candidates
// and 64 failures, each in the native and the compiled form.
func benchCandidates() []Document {
	var out []Document
	for i := int64(0); i < 10; i++ {
		d := DefaultDocument()
		d.Transient = ClassPolicy{Retry: RetryPolicy{Enabled: true, MaxRetries: 3 + i%5, InitialIntervalSeconds: 5 + i},
			OnExhausted: "skip"}
		if i%2 == 0 {
			d.Transient.WaitForReset = ResetWaitPolicy{Enabled: true, MaxWaitSeconds: 600}
		}
		d.Hard = ClassPolicy{WaitForReset: ResetWaitPolicy{Enabled: true, MaxWaitSeconds: 3600 * (i + 1)}, OnExhausted: "skip"}
		if i == 9 {
			d.Hard.OnExhausted = "stop"
		}
		out = append(out, d)
	}
	return out
}

type benchCase struct {
	native   nativeInput
	failure  CompiledFailure
	attempt  Attempt
	document int
}

func benchCases() []benchCase {
	codes := []string{"model_capacity", "quota_limited", "rate_limited", "task_error"}
	var out []benchCase
	for i := 0; i < 64; i++ {
		f := &nativeFailure{Code: codes[i%4], ResetAt: testNow.Add(time.Duration(60*(i%7)) * time.Second)}
		in := nativeInput{Failure: f, Now: testNow, RetryOrdinal: int64(i % 6), ResetWaitUsed: i%3 == 0, EffectSafe: i%11 != 0}
		out = append(out, benchCase{
			native:   in,
			failure:  CompiledFailure{Code: CodeFromName(f.Code), ResetAt: f.ResetAt},
			attempt:  Attempt{RetryOrdinal: in.RetryOrdinal, EffectSafe: in.EffectSafe, TransientResetWaitUsed: in.ResetWaitUsed, HardResetWaitUsed: in.ResetWaitUsed},
			document: i % 10,
		})
	}
	return out
}

func benchProfile(t testing.TB) []byte {
	text := `{"candidates":[`
	for i, d := range benchCandidates() {
		if i > 0 {
			text += ","
		}
		text += `{"position":` + mustJSON(t, i) + `,"execution_profile_id":"candidate-` + mustJSON(t, i) + `","policies":` + mustJSON(t, d) + `}`
	}
	return []byte(text + "]}")
}

// The native evaluator decides what libpolicy decides for every benchmark
// input, on every candidate: the benchmark compares the same work.
func TestNativeMatchesCompiled(t *testing.T) {
	compiled, err := Compile(benchProfile(t), ReadingSpec)
	if err != nil {
		t.Fatalf("Compile: %v", err)
	}
	defer compiled.Close()
	documents := benchCandidates()
	for doc := range documents {
		for i, c := range benchCases() {
			want := nativeEvaluate(&documents[doc], &c.native)
			got, err := compiled.Evaluate(doc, &c.failure, c.native.Now, c.attempt)
			if err != nil {
				t.Fatalf("Evaluate: %v", err)
			}
			if got.Kind().String() != want.Kind || got.Class().String() != want.Class || got.RetryOrdinal() != want.RetryOrdinal ||
				!got.Deadline().Equal(want.Deadline) || got.PendingOutcome().String() != want.PendingOutcome {
				t.Fatalf("candidate %d, case %d: compiled %+v, native %+v", doc, i, got, want)
			}
		}
	}
}
