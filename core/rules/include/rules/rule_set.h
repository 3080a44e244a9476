// SPDX-License-Identifier: Apache-2.0
#pragma once
// A house's rules as read from its rules file, or kandev's own rules when it has none.

#include "rules/kinds.h"

#include "policy/catalogue.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace rules
{

struct Rule {
    std::string id;
    RuleKind kind = RuleKind::KandevValid;
    std::optional<policy::ErrorClass> errorClass;  // none: both classes (kinds that take a class)
    std::int64_t value = 0;  // kinds with a value
    std::vector<std::string> agents;  // globs of agent names (candidate_allowed / candidate_forbidden)
    std::vector<std::string> profiles;  // globs of execution profile ids
    ExpectedEnding ending = ExpectedEnding::Stop;  // ends_in_stop
    Severity severity = Severity::Error;
    std::string message;  // the house's own words, "" when none
    std::vector<std::string> appliesTo;  // profile ids or name globs; empty: every dynamic profile
    std::string path;  // field path of the rule in its rules file ("rules[2]"), "" for a built-in rule
    friend bool operator==(const Rule&, const Rule&) = default;
};

struct RuleException {
    std::string rule;  // a rule's id
    std::string profile;  // a dynamic profile's id
    std::string reason;
    friend bool operator==(const RuleException&, const RuleException&) = default;
};

struct RuleSet {
    std::int64_t version = kSupportedRulesVersion;
    bool blocking = false;  // errors of house rules block saving in the editor
    std::vector<Rule> rules;
    std::vector<RuleException> exceptions;
    bool builtIn = false;  // kandev's own rules, no rules file

    // What lint applies without a rules file: kandev's limits and eligibility.
    static RuleSet kandevDefaults();
    // The exception recorded for this rule and profile, if any.
    const RuleException* exceptionFor(std::string_view ruleId, std::string_view profileId) const noexcept;
};

// Ids of the built-in rules.
inline constexpr std::string_view kKandevLimitsRuleId = "kandev-limits";
inline constexpr std::string_view kKandevEligibilityRuleId = "kandev-eligibility";

}  // namespace rules
