// SPDX-License-Identifier: Apache-2.0
#pragma once
// One evaluation case as JSON (a line of `policyctl evaluate`, or the text
// handed to policy_evaluate in the C API) in, one decision out.
// simdjson's DOM parser (runtime-dispatched to the CPU's SIMD kernels) reads
// the line in place; nothing on the success path allocates.
//
// Every line that is a JSON object with a valid `now` gets a decision
// (ARCHITECTURE "policyctl contract"). What cannot be read fails closed:
// - `policies` that is not a valid v1 document -> the gate's stop, with the
//   offending paths in `policy_errors`;
// - a `reset_at` that is not an RFC 3339 time -> ignored (not trusted), named
//   in `warnings`;
// - a safety-relevant field of the wrong type (`effect_safe`,
//   `reset_wait_used`, `retry_ordinal`, the failure's `class`, `confidence`,
//   `catalogue_version`) -> the gate's stop, named in `warnings`;
// - a failure without a readable `code` -> an unclassified failure (stop);
// - an unknown key outside `policies` -> ignored, named in `warnings`
//   (as a Go backend's decoder ignores it);
// - a number no 64-bit integer or double can hold (1e400, 30 digits) -> an
//   error of the field that holds it (a policy error inside `policies`),
//   ignored in a key the line does not use.

#include "policy/evaluator.h"
#include "policy/kandev_backend.h"

#include <simdjson.h>

#include <optional>
#include <string>
#include <vector>

namespace protocol
{

// The longest line policyctl evaluate and policy_evaluate read: a longer one
// gets "the line is longer than 16 MiB", in both.
inline constexpr std::size_t kMaxEvaluateLineBytes = 16u << 20;
inline constexpr const char* kLineTooLong = "the line is longer than 16 MiB";

// In kandev's reading its JSON decoder ignores unknown keys inside policies
// and matches keys without regard to case, and policy::kandev decides.
using policy::Reading;

struct EvaluateCase {
    policy::PolicyDocument policies;
    std::optional<policy::Failure> failure;  // views into the parser's buffers
    policy::Seconds now {};
    std::int64_t retryOrdinal = 0;
    bool resetWaitUsed = false;
    bool effectSafe = false;
    bool unreadableSafetyField = false;  // forces the gate's stop
    std::vector<std::string> policyErrors;  // field paths, e.g. policies.hard.on_exhausted
    std::vector<std::string> policyErrorMessages;  // "path: what is wrong", same order
    std::vector<std::string> warnings;  // "path: what was ignored or why it stops"

    bool invalid() const
    {
        return !policyErrors.empty() || unreadableSafetyField;
    }
    void clear();
    policy::EvaluationInput input() const;
};

class EvaluateLineParser
{
public:
    explicit EvaluateLineParser(Reading reading = Reading::Spec)
        : m_reading(reading)
    {
    }

    // `line` must be followed by at least simdjson::SIMDJSON_PADDING readable
    // bytes within `capacity`. Returns "" when the line gets a decision (its
    // problems, if any, are in the case), else why it gets an error line.
    // The case's views stay valid until the next call.
    std::string parse(const char* line, std::size_t length, std::size_t capacity, EvaluateCase& out);

private:
    simdjson::dom::parser m_parser;
    Reading m_reading;
};

// The decision for a parsed case in the given reading.
policy::Decision decide(const EvaluateCase& c, Reading reading) noexcept;

// Appends the decision as one JSON object (no newline), with the case's
// policy_errors and warnings when there are any.
void appendDecisionJson(std::string& out, const policy::Decision& d, const EvaluateCase& c);
// Appends s as a JSON string literal.
void appendJsonString(std::string& out, std::string_view s);

}  // namespace protocol
