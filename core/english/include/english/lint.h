// SPDX-License-Identifier: Apache-2.0
#pragma once
// House-rule violations and the rule kinds in English, for policyctl lint's text, SARIF and JUnit.

#include "rules/lint.h"

#include <string>

namespace english
{

// What was measured against what the house allows, e.g. "worst-case hold for
// hard errors is 1 d 1 h 5 min; the house allows 1 d". Values from the
// document (ids, agents) are quoted as they are: the caller escapes for its output.
std::string describeViolation(const rules::Violation& violation);

// One line on what a kind of rule checks (SARIF's rule descriptions, the README's table).
std::string describeKind(rules::RuleKind kind);

}  // namespace english
