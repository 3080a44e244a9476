// The policyctl evaluate line parser and the evaluator behind it.
#include "evaluate_line.h"

#include <cstdint>
#include <cstring>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    static cli::EvaluateLineParser spec(cli::Reading::Spec);
    static cli::EvaluateLineParser kandev(cli::Reading::KandevBackend);
    // Both readings: the first byte picks one, so each gets the whole corpus.
    const cli::Reading reading = size > 0 && (data[0] & 1) ? cli::Reading::KandevBackend : cli::Reading::Spec;
    cli::EvaluateLineParser& parser = reading == cli::Reading::Spec ? spec : kandev;
    std::vector<char> buffer(size + simdjson::SIMDJSON_PADDING);
    if (size)
        std::memcpy(buffer.data(), data, size);
    cli::EvaluateCase c;
    const std::string problem = parser.parse(buffer.data(), size, buffer.size(), c);
    std::string out;
    if (problem.empty()) {
        cli::appendDecisionJson(out, cli::decide(c, reading), c);
    } else {
        cli::appendJsonString(out, problem);
    }
    return 0;
}
