// The policyctl evaluate line parser and the evaluator behind it.
#include "schema/evaluate_line.h"

#include <cstdint>
#include <cstring>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    static schema::EvaluateLineParser spec(schema::Reading::Spec);
    static schema::EvaluateLineParser kandev(schema::Reading::KandevBackend);
    // Both readings: the first byte picks one, so each gets the whole corpus.
    const schema::Reading reading = size > 0 && (data[0] & 1) ? schema::Reading::KandevBackend : schema::Reading::Spec;
    schema::EvaluateLineParser& parser = reading == schema::Reading::Spec ? spec : kandev;
    std::vector<char> buffer(size + simdjson::SIMDJSON_PADDING);
    if (size)
        std::memcpy(buffer.data(), data, size);
    schema::EvaluateCase c;
    const std::string problem = parser.parse(buffer.data(), size, buffer.size(), c);
    std::string out;
    if (problem.empty()) {
        schema::appendDecisionJson(out, schema::decide(c, reading), c);
    } else {
        schema::appendJsonString(out, problem);
    }
    return 0;
}
