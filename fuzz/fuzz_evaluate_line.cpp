// SPDX-License-Identifier: Apache-2.0
// The policyctl evaluate line parser and the evaluator behind it.
#include "protocol/evaluate_line.h"

#include <cstdint>
#include <cstring>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    static protocol::EvaluateLineParser spec(protocol::Reading::Spec);
    static protocol::EvaluateLineParser kandev(protocol::Reading::KandevBackend);
    // Both readings: the first byte picks one, so each gets the whole corpus.
    const protocol::Reading reading
        = size > 0 && (data[0] & 1) ? protocol::Reading::KandevBackend : protocol::Reading::Spec;
    protocol::EvaluateLineParser& parser = reading == protocol::Reading::Spec ? spec : kandev;
    std::vector<char> buffer(size + simdjson::SIMDJSON_PADDING);
    if (size)
        std::memcpy(buffer.data(), data, size);
    protocol::EvaluateCase c;
    const std::string problem = parser.parse(buffer.data(), size, buffer.size(), c);
    std::string out;
    if (problem.empty()) {
        protocol::appendDecisionJson(out, protocol::decide(c, reading), c);
    } else {
        protocol::appendJsonString(out, problem);
    }
    return 0;
}
