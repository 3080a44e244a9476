// The policyctl evaluate line parser and the evaluator behind it.
#include "evaluate_line.h"

#include <cstdint>
#include <cstring>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    static cli::EvaluateLineParser parser;
    std::vector<char> buffer(size + simdjson::SIMDJSON_PADDING);
    if (size)
        std::memcpy(buffer.data(), data, size);
    cli::EvaluateCase c;
    const std::string problem = parser.parse(buffer.data(), size, buffer.size(), c);
    std::string out;
    if (problem.empty()) {
        cli::appendDecisionJson(out, policy::evaluate(c.policies, c.input()));
    } else {
        cli::appendJsonString(out, problem);
    }
    return 0;
}
