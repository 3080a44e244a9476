// SPDX-License-Identifier: Apache-2.0
#include "rules/rule_set.h"

namespace rules
{

RuleSet RuleSet::kandevDefaults()
{
    RuleSet set;
    set.builtIn = true;
    Rule limits;
    limits.id = kKandevLimitsRuleId;
    limits.kind = RuleKind::KandevValid;
    Rule eligibility;
    eligibility.id = kKandevEligibilityRuleId;
    eligibility.kind = RuleKind::KandevEligible;
    set.rules = {std::move(limits), std::move(eligibility)};
    return set;
}

const RuleException* RuleSet::exceptionFor(std::string_view ruleId, std::string_view profileId) const noexcept
{
    for (const RuleException& e : exceptions) {
        if (e.rule == ruleId && e.profile == profileId)
            return &e;
    }
    return nullptr;
}

}  // namespace rules
