// SPDX-License-Identifier: Apache-2.0
package policy

import (
	"testing"
)

// ns/decision on the same inputs (ten candidates, 64 failures): the compiled
// cgo path, the native Go evaluator (native_test.go) and the JSON path.
// scripts/run-benchmarks prints their ratio (goal: compiled <= 3x native).

func BenchmarkCompiledEvaluate(b *testing.B) {
	compiled, err := Compile(benchProfile(b), ReadingSpec)
	if err != nil {
		b.Fatalf("Compile: %v", err)
	}
	defer compiled.Close()
	cases := benchCases()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		c := &cases[i&63]
		d, _ := compiled.Evaluate(i%10, &c.failure, c.native.Now, c.attempt)
		benchSink += int64(d.Kind())
	}
}

// One failure decided and the route moved (policy_route_decide), on the
// same inputs; a route that ends is started again.
func BenchmarkCompiledRouteDecide(b *testing.B) {
	compiled, err := Compile(benchProfile(b), ReadingSpec)
	if err != nil {
		b.Fatalf("Compile: %v", err)
	}
	defer compiled.Close()
	cases := benchCases()
	route, _ := compiled.StartRoute()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		c := &cases[i&63]
		d, _ := compiled.Decide(&route, c.failure, c.native.Now, c.attempt.EffectSafe)
		if route.State != RouteAttempting {
			route, _ = compiled.StartRoute()
		}
		benchSink += int64(d.Kind())
	}
}

func BenchmarkNativeEvaluate(b *testing.B) {
	documents := benchCandidates()
	cases := benchCases()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		d := nativeEvaluate(&documents[i%10], &cases[i&63].native)
		benchSink += d.RetryOrdinal + int64(len(d.Kind))
	}
}

func BenchmarkJSONEvaluate(b *testing.B) {
	documents := benchCandidates()
	cases := benchCases()
	inputs := make([]Input, len(cases))
	for i, c := range cases {
		f := &Failure{Code: c.native.Failure.Code}
		at := c.native.Failure.ResetAt
		f.ResetAt = &at
		inputs[i] = Input{Failure: f, Now: c.native.Now, RetryOrdinal: c.native.RetryOrdinal,
			ResetWaitUsed: c.native.ResetWaitUsed, EffectSafe: c.native.EffectSafe}
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		in := inputs[i&63]
		in.Policies = documents[i%10]
		d, _ := Evaluate(in, ReadingSpec)
		benchSink += d.RetryOrdinal
	}
}

var benchSink int64
