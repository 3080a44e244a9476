// SPDX-License-Identifier: Apache-2.0
#pragma once
// policyctl lint's four outputs over the same results: text, JSON (kandev's
// snake_case), SARIF 2.1.0 and JUnit XML.

#include "rules/lint.h"

#include <ostream>
#include <string>
#include <vector>

namespace cli
{

// One linted input: a file, or a database (which has no lines).
struct LintedInput {
    std::string label;  // the path as given, or the database's display name
    bool database = false;
    const format::Document* document = nullptr;
    std::vector<rules::Violation> violations;
};

struct LintRun {
    const rules::RuleSet* ruleSet = nullptr;
    std::string rulesLabel;  // the rules file as given; "" for kandev's own rules
    std::vector<LintedInput> inputs;
    std::string version;  // policyctl's
    std::string timestamp;  // when lint ran, UTC, as JUnit's schema spells it: 2026-01-01T00:00:00
};

void writeLintText(const LintRun& run, std::ostream& out);
void writeLintJson(const LintRun& run, std::ostream& out);
void writeLintSarif(const LintRun& run, std::ostream& out);
void writeLintJunit(const LintRun& run, std::ostream& out);

}  // namespace cli
