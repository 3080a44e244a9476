// SPDX-License-Identifier: Apache-2.0
package policy

// #include <stdint.h>
// #include <stdlib.h>
// #include <policy_c.h>
// #include "go_policy.h"
//
// // Scalars in, one integer out, and the handle (C memory) as an integer: no
// // pointer argument, so cgo adds no pointer check and nothing escapes to the
// // heap, and no struct is copied (a wide copy of fields just written one by
// // one stalls on store forwarding, which cost a third of the call).
// enum { GO_POLICY_FAILURE = 1, GO_POLICY_EFFECT_SAFE = 2, GO_POLICY_TRANSIENT_WAITED = 4, GO_POLICY_HARD_WAITED = 8 };
//
// // The decision and the status packed in one int64 (go_policy.h).
// static int64_t go_policy_evaluate(uintptr_t compiled, size_t candidate, int32_t code, int32_t stated_class,
//     int32_t confidence, int32_t catalogue, int32_t flags, int64_t reset_at, int64_t now, int64_t retry_ordinal)
// {
//     policy_failure f;
//     go_policy_fill_failure(&f, code, stated_class, confidence, catalogue, (flags & GO_POLICY_EFFECT_SAFE) != 0,
//         reset_at, now, retry_ordinal, (flags & GO_POLICY_TRANSIENT_WAITED) != 0, (flags & GO_POLICY_HARD_WAITED) != 0);
//     policy_decision d;
//     d.struct_size = sizeof d;
//     policy_status status = policy_evaluate_compiled((const policy_compiled*)compiled, candidate,
//         (flags & GO_POLICY_FAILURE) ? &f : NULL, &d);
//     return go_policy_pack(&d, status);
// }
import "C"

import (
	"encoding/json"
	"fmt"
	"math"
	"runtime"
	"time"
	"unsafe"
)

// Code is a failure's semantic code (policy_error_code). CodeOther is any
// code libpolicy does not list: it is unclassified and always stops.
type Code int32

const (
	CodeOther                       Code = C.POLICY_CODE_OTHER
	CodeNetworkUnavailable          Code = C.POLICY_CODE_NETWORK_UNAVAILABLE
	CodeProviderUnavailable         Code = C.POLICY_CODE_PROVIDER_UNAVAILABLE
	CodeProviderOverloaded          Code = C.POLICY_CODE_PROVIDER_OVERLOADED
	CodeModelCapacity               Code = C.POLICY_CODE_MODEL_CAPACITY
	CodeRateLimited                 Code = C.POLICY_CODE_RATE_LIMITED
	CodeAgentTransportLost          Code = C.POLICY_CODE_AGENT_TRANSPORT_LOST
	CodeAuthRequired                Code = C.POLICY_CODE_AUTH_REQUIRED
	CodeMissingCredentials          Code = C.POLICY_CODE_MISSING_CREDENTIALS
	CodeSubscriptionRequired        Code = C.POLICY_CODE_SUBSCRIPTION_REQUIRED
	CodeQuotaLimited                Code = C.POLICY_CODE_QUOTA_LIMITED
	CodeModelUnavailable            Code = C.POLICY_CODE_MODEL_UNAVAILABLE
	CodeProviderNotConfigured       Code = C.POLICY_CODE_PROVIDER_NOT_CONFIGURED
	CodeUnknownProviderError        Code = C.POLICY_CODE_UNKNOWN_PROVIDER_ERROR
	CodeAgentRuntimeError           Code = C.POLICY_CODE_AGENT_RUNTIME_ERROR
	CodeTaskError                   Code = C.POLICY_CODE_TASK_ERROR
	CodeRepoError                   Code = C.POLICY_CODE_REPO_ERROR
	CodePermissionDeniedByUser      Code = C.POLICY_CODE_PERMISSION_DENIED_BY_USER
	CodeResumeCorrupted             Code = C.POLICY_CODE_RESUME_CORRUPTED
	CodeNpxCacheCorrupted           Code = C.POLICY_CODE_NPX_CACHE_CORRUPTED
	CodeManagedRuntimeNpmResolution Code = C.POLICY_CODE_MANAGED_RUNTIME_NPM_RESOLUTION
	lastCode                        Code = CodeManagedRuntimeNpmResolution
)

// codes maps kandev's code names to Codes; filled from libpolicy's own names.
var codes = func() map[string]Code {
	m := make(map[string]Code)
	for c := CodeNetworkUnavailable; c <= lastCode; c++ {
		m[C.GoString(C.policy_error_code_name(C.policy_error_code(c)))] = c
	}
	return m
}()

// CodeFromName is the Code of a code name as kandev spells it
// ("rate_limited"); CodeOther for any other name.
func CodeFromName(name string) Code { return codes[name] }

// String is the code's name; "" for CodeOther.
func (c Code) String() string { return cName(C.policy_error_code_name(C.policy_error_code(c))) }

// Class is a stated or resolved error class. ClassNone: not stated (the
// catalogue decides), or none reported (no failure, kandev's safety gate).
type Class int32

const (
	ClassNone         Class = C.POLICY_CLASS_NONE
	ClassTransient    Class = C.POLICY_CLASS_TRANSIENT
	ClassHard         Class = C.POLICY_CLASS_HARD
	ClassUnclassified Class = C.POLICY_CLASS_UNCLASSIFIED
)

// ClassFromName reads a classifier's stated class: "" is ClassNone, and any
// word but "transient" or "hard" is ClassUnclassified (fail closed).
func ClassFromName(name string) Class {
	switch name {
	case "":
		return ClassNone
	case "transient":
		return ClassTransient
	case "hard":
		return ClassHard
	}
	return ClassUnclassified
}

func (c Class) String() string { return cName(C.policy_error_class_name(C.policy_error_class(c))) }

// Confidence of the classification; "" and "high" are ConfidenceHigh.
type Confidence int32

const (
	ConfidenceHigh   Confidence = C.POLICY_CONFIDENCE_HIGH
	ConfidenceMedium Confidence = C.POLICY_CONFIDENCE_MEDIUM
	ConfidenceLow    Confidence = C.POLICY_CONFIDENCE_LOW
)

// ConfidenceFromName reads "", "high", "medium" or "low"; any other word is
// low, as policy_evaluate reads it.
func ConfidenceFromName(name string) Confidence {
	switch name {
	case "", "high":
		return ConfidenceHigh
	case "medium":
		return ConfidenceMedium
	}
	return ConfidenceLow
}

// Catalogue is the failure's catalogue version; it is reported, never
// trusted, and today changes no decision.
type Catalogue int32

const (
	CatalogueDefault          Catalogue = C.POLICY_CATALOGUE_DEFAULT
	CatalogueProviderErrorsV1 Catalogue = C.POLICY_CATALOGUE_PROVIDER_ERRORS_V1
	CatalogueUnrecognised     Catalogue = C.POLICY_CATALOGUE_UNRECOGNISED
)

// CatalogueFromName reads a catalogue version string ("" is the default).
func CatalogueFromName(name string) Catalogue {
	switch name {
	case "":
		return CatalogueDefault
	case "provider-errors.v1":
		return CatalogueProviderErrorsV1
	}
	return CatalogueUnrecognised
}

// Kind is what the decision does; the zero Kind is a stop.
type Kind int32

const (
	KindStop            Kind = C.POLICY_DECISION_STOP
	KindSkip            Kind = C.POLICY_DECISION_SKIP
	KindRetryWait       Kind = C.POLICY_DECISION_RETRY_WAIT
	KindWaitingForReset Kind = C.POLICY_DECISION_WAITING_FOR_RESET
)

func (k Kind) String() string { return cName(C.policy_decision_kind_name(C.policy_decision_kind(k))) }

// Outcome is a class's on_exhausted; the zero Outcome is a stop.
type Outcome int32

const (
	OutcomeStop Outcome = C.POLICY_OUTCOME_STOP
	OutcomeSkip Outcome = C.POLICY_OUTCOME_SKIP
)

func (o Outcome) String() string { return cName(C.policy_outcome_name(C.policy_outcome(o))) }

// Reason says why the decision is what it is; the first four are the
// safety gate's.
type Reason int32

const (
	ReasonNoFailure        Reason = C.POLICY_REASON_NO_FAILURE
	ReasonInvalidPolicies  Reason = C.POLICY_REASON_INVALID_POLICIES
	ReasonAfterSideEffects Reason = C.POLICY_REASON_AFTER_SIDE_EFFECTS
	ReasonUnknownError     Reason = C.POLICY_REASON_UNKNOWN_ERROR
	ReasonTrustedReset     Reason = C.POLICY_REASON_TRUSTED_RESET
	ReasonRetryLeft        Reason = C.POLICY_REASON_RETRY_LEFT
	ReasonRetryOff         Reason = C.POLICY_REASON_RETRY_OFF
	ReasonRetriesUsed      Reason = C.POLICY_REASON_RETRIES_USED
)

func (r Reason) String() string {
	return cName(C.policy_decision_reason_name(C.policy_decision_reason(r)))
}

func cName(name *C.char) string {
	if name == nil {
		return "invalid"
	}
	return C.GoString(name)
}

// CompiledFailure is a classified provider error as typed values.
type CompiledFailure struct {
	Code       Code
	Class      Class // ClassNone when the classifier states none
	Confidence Confidence
	Catalogue  Catalogue
	ResetAt    time.Time // a trusted provider reset; the zero time for none
}

// Typed is the failure as typed values, read as policy_evaluate reads it.
func (f *Failure) Typed() *CompiledFailure {
	if f == nil {
		return nil
	}
	t := &CompiledFailure{Code: CodeFromName(f.Code), Class: ClassFromName(f.Class),
		Confidence: ConfidenceFromName(f.Confidence), Catalogue: CatalogueFromName(f.CatalogueVersion)}
	if f.ResetAt != nil {
		t.ResetAt = *f.ResetAt
	}
	return t
}

// Attempt is the route's state for the candidate when the failure happened.
type Attempt struct {
	RetryOrdinal int64
	// No assistant output, tool activity, partial result or ambiguous delivery.
	EffectSafe bool
	// Whether the candidate already waited for a reset of that class in this
	// route cycle; the one of the class the failure resolves to is read.
	TransientResetWaitUsed bool
	HardResetWaitUsed      bool
}

// CompiledDecision is what the evaluator decided, read through its methods.
// It is one machine word (libpolicy's decision packed by this package), so it
// is returned in a register and copying it costs nothing; two decisions are
// equal when they decide the same. The zero CompiledDecision is a stop.
type CompiledDecision struct{ bits int64 }

// The packing of go_policy_pack (go_policy.h).
const (
	statusShift   = 13
	ordinalShift  = 16
	hasDeadline   = 1 << 24
	deadlineShift = 25
)

func (d CompiledDecision) Kind() Kind              { return Kind(d.bits & 15) }
func (d CompiledDecision) Class() Class            { return Class(d.bits >> 4 & 15) }
func (d CompiledDecision) PendingOutcome() Outcome { return Outcome(d.bits >> 8 & 1) }
func (d CompiledDecision) Reason() Reason          { return Reason(d.bits >> 9 & 15) }
func (d CompiledDecision) RetryOrdinal() int64     { return d.bits >> ordinalShift & 255 }

// DeadlineUnix is the deadline in Unix seconds, for KindRetryWait and
// KindWaitingForReset; ok is false when the decision has none.
func (d CompiledDecision) DeadlineUnix() (seconds int64, ok bool) {
	if d.bits&hasDeadline == 0 {
		return 0, false
	}
	return d.bits >> deadlineShift, true // an arithmetic shift: the sign comes back
}

// Deadline is the deadline in UTC, or the zero time when there is none.
func (d CompiledDecision) Deadline() time.Time {
	if seconds, ok := d.DeadlineUnix(); ok {
		return time.Unix(seconds, 0).UTC()
	}
	return time.Time{}
}

func (d CompiledDecision) String() string {
	s := fmt.Sprintf("%s class=%q pending=%s reason=%s ordinal=%d", d.Kind(), d.Class(), d.PendingOutcome(), d.Reason(),
		d.RetryOrdinal())
	if deadline := d.Deadline(); !deadline.IsZero() {
		s += " deadline=" + deadline.Format(time.RFC3339)
	}
	return s
}

// Compiled is a policies document or a dynamic profile read once by
// libpolicy. It is immutable: any number of goroutines may call Evaluate at
// once. Close releases it (a finalizer does, too, if it is forgotten); no
// Evaluate may run during or after Close.
type Compiled struct {
	handle     *C.policy_compiled
	reading    Reading
	candidates int
}

// CompileError is an invalid (StatusInvalid) or unreadable document, or a
// bad argument, with libpolicy's errors (paths relative to the document).
type CompileError struct {
	Status  Status
	Message string
	Errors  []Diagnostic
}

func (e *CompileError) Error() string { return fmt.Sprintf("libpolicy: %s: %s", e.Status, e.Message) }

// Unwrap lets errors.As find the *Error with the same status.
func (e *CompileError) Unwrap() error { return &Error{Status: e.Status, Message: e.Message} }

// Compile reads a policies document ({"version":1,"transient":...}: one
// candidate, 0) or a dynamic profile ({"candidates":[...]}: candidate i).
// An invalid document returns both a *Compiled and a *CompileError with
// StatusInvalid: the handle fails closed (every decision is the safety
// gate's stop). Anything else that is not nil comes with a nil *Compiled.
func Compile(document []byte, reading Reading) (*Compiled, error) {
	var p *C.char
	if len(document) > 0 {
		p = (*C.char)(C.CBytes(document))
		defer C.free(unsafe.Pointer(p))
	}
	var handle *C.policy_compiled
	var errorsJSON, message *C.char
	status := Status(C.policy_compile(p, C.size_t(len(document)), C.policy_reading(reading), &handle, &errorsJSON,
		&message))
	var c *Compiled
	if handle != nil {
		c = &Compiled{handle: handle, reading: reading, candidates: int(C.policy_compiled_candidate_count(handle))}
		runtime.SetFinalizer(c, (*Compiled).Close)
	}
	var diagnostics []Diagnostic
	if errorsJSON != nil {
		err := json.Unmarshal([]byte(C.GoString(errorsJSON)), &diagnostics)
		C.policy_free(unsafe.Pointer(errorsJSON))
		if err != nil {
			C.policy_free(unsafe.Pointer(message))
			c.Close()
			return nil, err
		}
	}
	if status == StatusOK {
		C.policy_free(unsafe.Pointer(message))
		return c, nil
	}
	e := &CompileError{Status: status, Message: C.GoString(message), Errors: diagnostics}
	C.policy_free(unsafe.Pointer(message))
	return c, e
}

// Candidates is how many candidates the document holds.
func (c *Compiled) Candidates() int { return c.candidates }

// Reading is the reading the document was compiled in.
func (c *Compiled) Reading() Reading { return c.reading }

// Close releases the handle; later calls do nothing.
func (c *Compiled) Close() error {
	if c != nil && c.handle != nil {
		C.policy_release(c.handle)
		c.handle = nil
		runtime.SetFinalizer(c, nil)
	}
	return nil
}

// Evaluate decides what candidate `candidate`'s policies do with `failure`
// (nil: nothing failed) at `now`. It allocates nothing. An error (a bad
// argument: an index past the candidates, a closed handle, a negative retry
// ordinal, a time past year 9999) comes with a stop.
func (c *Compiled) Evaluate(candidate int, failure *CompiledFailure, now time.Time, attempt Attempt) (CompiledDecision, error) {
	var code, class, confidence, catalogue, flags C.int32_t
	resetAt := C.int64_t(math.MinInt64) // POLICY_TIME_NONE
	if failure != nil {
		code, class = C.int32_t(failure.Code), C.int32_t(failure.Class)
		confidence, catalogue = C.int32_t(failure.Confidence), C.int32_t(failure.Catalogue)
		flags = C.GO_POLICY_FAILURE | cFlag(attempt.EffectSafe, C.GO_POLICY_EFFECT_SAFE) |
			cFlag(attempt.TransientResetWaitUsed, C.GO_POLICY_TRANSIENT_WAITED) |
			cFlag(attempt.HardResetWaitUsed, C.GO_POLICY_HARD_WAITED)
		if !failure.ResetAt.IsZero() {
			resetAt = C.int64_t(failure.ResetAt.Unix())
		}
	}
	index := C.size_t(math.MaxUint64) // a negative index is past the candidates
	if candidate >= 0 {
		index = C.size_t(candidate)
	}
	packed := int64(C.go_policy_evaluate(C.uintptr_t(uintptr(unsafe.Pointer(c.handle))), index, code, class, confidence,
		catalogue, flags, resetAt, C.int64_t(now.Unix()), C.int64_t(attempt.RetryOrdinal)))
	runtime.KeepAlive(c) // the finalizer must not release the handle during the call
	d := CompiledDecision{bits: packed &^ (7 << statusShift)}
	if status := Status(packed >> statusShift & 7); status != StatusOK {
		return d, &Error{Status: status, Message: "policy_evaluate_compiled refused its arguments"}
	}
	return d, nil
}

func cFlag(b bool, flag C.int32_t) C.int32_t {
	if b {
		return flag
	}
	return 0
}
