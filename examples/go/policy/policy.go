// SPDX-License-Identifier: Apache-2.0
// Package policy calls Policy Studio's shared evaluator (libpolicy, through
// its C API policy_c.h) from Go, as kandev's backend could: the same
// decisions the editor previews and policyctl prints.
//
// Build with libpolicy installed where pkg-config finds it
// (PKG_CONFIG_PATH=<prefix>/lib/pkgconfig when it is not under /usr).
package policy

// #cgo pkg-config: policy-studio-core
// #include <stdlib.h>
// #include <policy_c.h>
import "C"

import (
	"encoding/json"
	"fmt"
	"time"
	"unsafe"
)

// Version is libpolicy's version.
func Version() string { return C.GoString(C.policy_version()) }

// Status is a policy_status; every non-OK call returns an *Error with one.
type Status int

const (
	StatusOK            Status = C.POLICY_OK
	StatusInvalid       Status = C.POLICY_INVALID
	StatusUnreadable    Status = C.POLICY_UNREADABLE
	StatusBadArgument   Status = C.POLICY_BAD_ARGUMENT
	StatusOutOfMemory   Status = C.POLICY_OUT_OF_MEMORY
	StatusInternalError Status = C.POLICY_INTERNAL_ERROR
)

func (s Status) String() string { return C.GoString(C.policy_status_name(C.policy_status(s))) }

// Error is what libpolicy said when a call did not succeed.
type Error struct {
	Status  Status
	Message string
}

func (e *Error) Error() string { return fmt.Sprintf("libpolicy: %s: %s", e.Status, e.Message) }

// Reading picks whose rules decide: the SPEC's or kandev's backend as it is.
type Reading int

const (
	ReadingSpec   Reading = C.POLICY_READING_SPEC
	ReadingKandev Reading = C.POLICY_READING_KANDEV
)

// RetryPolicy, ResetWaitPolicy, ClassPolicy and Document are the v1 policy
// document in kandev's JSON names.
type RetryPolicy struct {
	Enabled                bool  `json:"enabled"`
	MaxRetries             int64 `json:"max_retries"`
	InitialIntervalSeconds int64 `json:"initial_interval_seconds"`
}

type ResetWaitPolicy struct {
	Enabled        bool  `json:"enabled"`
	MaxWaitSeconds int64 `json:"max_wait_seconds"`
}

type ClassPolicy struct {
	Retry        RetryPolicy     `json:"retry"`
	WaitForReset ResetWaitPolicy `json:"wait_for_reset"`
	OnExhausted  string          `json:"on_exhausted"`
}

type Document struct {
	Version   int64       `json:"version"`
	Transient ClassPolicy `json:"transient"`
	Hard      ClassPolicy `json:"hard"`
}

// DefaultDocument is "immediate skip" for both classes.
func DefaultDocument() Document {
	return Document{Version: 1, Transient: ClassPolicy{OnExhausted: "skip"}, Hard: ClassPolicy{OnExhausted: "skip"}}
}

// Failure is a classified provider error.
type Failure struct {
	Code             string     `json:"code"`
	Class            string     `json:"class,omitempty"`
	Confidence       string     `json:"confidence,omitempty"`
	CatalogueVersion string     `json:"catalogue_version,omitempty"`
	ResetAt          *time.Time `json:"reset_at,omitempty"`
}

// Input is one evaluation: what failed, when, and what the route used so far.
type Input struct {
	Policies      Document  `json:"policies"`
	Failure       *Failure  `json:"failure,omitempty"`
	Now           time.Time `json:"now"`
	RetryOrdinal  int64     `json:"retry_ordinal"`
	ResetWaitUsed bool      `json:"reset_wait_used"`
	EffectSafe    bool      `json:"effect_safe"`
}

// Decision is what the evaluator decided; Kind is waiting_for_reset,
// retry_wait, skip or stop.
type Decision struct {
	Kind             string     `json:"kind"`
	Class            string     `json:"class"`
	Code             string     `json:"code"`
	CatalogueVersion string     `json:"catalogue_version"`
	RetryOrdinal     int64      `json:"retry_ordinal"`
	Deadline         *time.Time `json:"deadline"`
	PendingOutcome   string     `json:"pending_outcome"`
	PolicyErrors     []string   `json:"policy_errors"`
	Warnings         []string   `json:"warnings"`
}

// NextRetryDelay is the delay before retry `ordinal` (0-based).
func NextRetryDelay(initialIntervalSeconds, ordinal int64) (time.Duration, error) {
	var seconds C.int64_t
	var message *C.char
	status := Status(C.policy_next_retry_delay(C.int64_t(initialIntervalSeconds), C.int64_t(ordinal), &seconds, &message))
	if err := takeError(status, message); err != nil {
		return 0, err
	}
	return time.Duration(seconds) * time.Second, nil
}

// Evaluate decides what the policy does with one failure.
func Evaluate(input Input, reading Reading) (Decision, error) {
	text, err := json.Marshal(input)
	if err != nil {
		return Decision{}, err
	}
	var decision Decision
	err = call(text, func(p *C.char, n C.size_t, out, message **C.char) C.policy_status {
		return C.policy_evaluate(p, n, C.policy_reading(reading), out, message)
	}, &decision)
	return decision, err
}

// Diagnostic is one error with its field path, line and column.
type Diagnostic struct {
	Path    string `json:"path"`
	Message string `json:"message"`
	Line    int    `json:"line"`
	Column  int    `json:"column"`
}

// Validation is the verdict on one document.
type Validation struct {
	Valid  bool         `json:"valid"`
	Legacy bool         `json:"legacy"`
	Errors []Diagnostic `json:"errors"`
	// Warnings never make a document invalid: a candidate whose agent kandev may not launch.
	Warnings []Diagnostic `json:"warnings"`
}

// Validate checks a dynamic profile, agent profile or export document. An
// invalid document is not an error: Valid is false and Errors say why.
func Validate(document []byte) (Validation, error) {
	var v Validation
	err := call(document, func(p *C.char, n C.size_t, out, message **C.char) C.policy_status {
		return C.policy_validate(p, n, out, message)
	}, &v)
	if e, ok := err.(*Error); ok && e.Status == StatusInvalid {
		err = nil
	}
	return v, err
}

// Migration is the migrated document (nil when it cannot be migrated) and the report.
type Migration struct {
	Document json.RawMessage `json:"document"`
	Report   json.RawMessage `json:"report"`
	Errors   []Diagnostic    `json:"errors"`
}

// Migrate turns legacy rules into v1 policies; an *Error with StatusInvalid
// comes with the Migration that says why.
func Migrate(document []byte, reading Reading) (Migration, error) {
	var m Migration
	err := call(document, func(p *C.char, n C.size_t, out, message **C.char) C.policy_status {
		return C.policy_migrate(p, n, C.policy_reading(reading), out, message)
	}, &m)
	return m, err
}

type entry func(p *C.char, n C.size_t, out, message **C.char) C.policy_status

// call hands `text` to libpolicy, decodes the JSON it returns into `result`
// (also when the status is invalid) and frees what libpolicy allocated.
func call(text []byte, fn entry, result any) error {
	var p *C.char
	if len(text) > 0 {
		p = (*C.char)(C.CBytes(text))
		defer C.free(unsafe.Pointer(p))
	}
	var out, message *C.char
	status := Status(fn(p, C.size_t(len(text)), &out, &message))
	if out != nil {
		defer C.policy_free(unsafe.Pointer(out))
		if err := json.Unmarshal([]byte(C.GoString(out)), result); err != nil {
			C.policy_free(unsafe.Pointer(message))
			return err
		}
	}
	return takeError(status, message)
}

func takeError(status Status, message *C.char) error {
	if message == nil && status == StatusOK {
		return nil
	}
	defer C.policy_free(unsafe.Pointer(message))
	if status == StatusOK {
		return nil
	}
	return &Error{Status: status, Message: C.GoString(message)}
}
