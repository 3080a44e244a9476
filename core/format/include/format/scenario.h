// SPDX-License-Identifier: Apache-2.0
#pragma once
// Timeline scenario files:
// {"name":N?,"start":T?,"attempts":[{"code":C,"reset_after_seconds":n?,"effect_safe":b?,
//   "confidence":c?,"class":K?} | {"success":true}, ...],"then":"repeat"|"success"}

#include "format/diagnostic.h"

#include "policy/timeline.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace format
{

struct ScenarioParseResult {
    std::optional<policy::Scenario> scenario;
    std::vector<Diagnostic> errors;
};

ScenarioParseResult parseScenario(std::string_view text);
std::string serializeScenario(const policy::Scenario& scenario);

}  // namespace format
