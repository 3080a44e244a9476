#pragma once
// The hot path of `policyctl evaluate`: one JSON line in, one decision out.
// simdjson's DOM parser (runtime-dispatched to the CPU's SIMD kernels) reads
// the line in place; nothing on the success path allocates.

#include "policy/evaluator.h"

#include <simdjson.h>

#include <optional>
#include <string>

namespace cli {

struct EvaluateCase {
    policy::PolicyDocument policies;
    std::optional<policy::Failure> failure;  // views into the parser's buffers
    policy::Seconds now{};
    std::int64_t retryOrdinal = 0;
    bool resetWaitUsed = false;
    bool effectSafe = false;

    policy::EvaluationInput input() const
    {
        policy::EvaluationInput in;
        in.failure = failure;
        in.now = now;
        in.retryOrdinal = retryOrdinal;
        in.resetWaitUsed = resetWaitUsed;
        in.effectSafe = effectSafe;
        return in;
    }
};

class EvaluateLineParser {
public:
    // `line` must be followed by at least simdjson::SIMDJSON_PADDING readable
    // bytes within `capacity`. Returns "" on success, else what is wrong,
    // naming the field path. The case's views stay valid until the next call.
    std::string parse(const char* line, std::size_t length, std::size_t capacity, EvaluateCase& out);

private:
    simdjson::dom::parser m_parser;
};

// Appends the decision as one JSON object (no newline).
void appendDecisionJson(std::string& out, const policy::Decision& d);
// Appends s as a JSON string literal.
void appendJsonString(std::string& out, std::string_view s);

}  // namespace cli
