// SPDX-License-Identifier: Apache-2.0
// Timeline scenario files, and the simulation they drive on a small route.
#include "format/scenario.h"

#include "policy/review.h"
#include "policy/timeline.h"

#include <cstdint>
#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const format::ScenarioParseResult parsed = format::parseScenario(text);
    if (!parsed.scenario)
        return 0;
    // A saved scenario reads back the same.
    const auto again = format::parseScenario(format::serializeScenario(*parsed.scenario));
    if (!again.scenario || !(again.scenario->attempts == parsed.scenario->attempts))
        std::abort();
    std::vector<policy::RouteCandidate> route(3);
    route[0].executionProfileId = "a";
    route[0].policies.transient = {{true, 10, 1}, {true, 604800}, policy::Outcome::Skip};
    route[0].policies.hard = {{true, 10, 3600}, {true, 604800}, policy::Outcome::Skip};
    route[1].executionProfileId = "b";
    route[1].enabled = size % 2 == 0;
    route[2].executionProfileId = "c";
    route[2].policies.hard.onExhausted = policy::Outcome::Stop;
    const policy::Timeline t = policy::simulateRouteCycle(route, *parsed.scenario);
    if (t.events.empty() || t.events.size() > parsed.scenario->maxEvents + 1)
        std::abort();
    (void)policy::reviewRoute(route);
    return 0;
}
