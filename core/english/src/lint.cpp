// SPDX-License-Identifier: Apache-2.0
#include "english/lint.h"

#include "english/english.h"

#include "check/eligibility.h"
#include "format/diagnostic.h"

namespace english
{
namespace
{

std::string inQuotes(std::string_view s)
{
    return "\"" + std::string(s) + "\"";
}

std::string classErrors(policy::ErrorClass cls)
{
    return cls == policy::ErrorClass::Hard ? "hard errors" : "transient errors";
}

std::string candidate(const rules::Violation& v)
{
    std::string out
        = "candidate " + std::to_string(v.candidateIndex.value_or(0)) + " (" + inQuotes(v.executionProfileId);
    if (!v.agent.empty())
        out += ", agent " + inQuotes(v.agent);
    return out + ")";
}

std::string times(std::int64_t n)
{
    return n == 1 ? "once" : std::to_string(n) + " times";
}

std::string ending(rules::ExpectedEnding e)
{
    return e == rules::ExpectedEnding::Stop ? "in stop (a person is asked)" : "with no eligible candidate left";
}

}  // namespace

std::string describeViolation(const rules::Violation& v)
{
    using rules::RuleKind;
    const std::int64_t measured = v.measured.value_or(0);
    const std::int64_t limit = v.limit.value_or(0);
    const policy::ErrorClass cls = v.errorClass.value_or(policy::ErrorClass::Transient);
    switch (v.kind) {
    case RuleKind::MaxHoldSeconds:
        return "worst-case hold for " + classErrors(cls) + " is " + formatDuration(measured) + "; the house allows "
            + formatDuration(limit);
    case RuleKind::MaxAttempts:
        return "worst-case attempts for " + classErrors(cls) + " in one route cycle are " + std::to_string(measured)
            + "; the house allows " + std::to_string(limit);
    case RuleKind::MaxRetries:
        return candidate(v) + " retries " + classErrors(cls) + " " + times(measured) + "; the house allows "
            + times(limit);
    case RuleKind::MaxResetWaitSeconds:
        return candidate(v) + " waits up to " + formatDuration(measured) + " for the reset of " + classErrors(cls)
            + "; the house allows " + formatDuration(limit);
    case RuleKind::EndsInStop: {
        const rules::ExpectedEnding found = v.ending.value_or(rules::ExpectedEnding::NoneLeft);
        const rules::ExpectedEnding wanted
            = found == rules::ExpectedEnding::Stop ? rules::ExpectedEnding::NoneLeft : rules::ExpectedEnding::Stop;
        std::string where = v.candidateIndex ? " at " + candidate(v) : "";
        return "for " + classErrors(cls) + " the route ends " + ending(found) + where + "; the house wants it to end "
            + ending(wanted);
    }
    case RuleKind::MinEnabledCandidates:
        return std::to_string(measured) + (measured == 1 ? " candidate is" : " candidates are")
            + " enabled; the house requires at least " + std::to_string(limit);
    case RuleKind::ProviderDiversity: {
        std::string agents;
        for (const std::string& a : v.agents)
            agents += (agents.empty() ? "" : ", ") + a;
        return "the enabled candidates span " + std::to_string(measured) + (measured == 1 ? " provider" : " providers")
            + (agents.empty() ? "" : " (" + agents + ")") + "; the house requires at least " + std::to_string(limit);
    }
    case RuleKind::NoUnreachableCandidates:
        return candidate(v) + " can never be reached for " + classErrors(cls)
            + ": an earlier candidate stops the route";
    case RuleKind::CandidateAllowed: return candidate(v) + " is not among the agents or profiles the house allows";
    case RuleKind::CandidateForbidden:
        return candidate(v) + " matches " + inQuotes(v.pattern) + ", which the house forbids";
    case RuleKind::SamePolicyForClass:
        return candidate(v) + " handles " + classErrors(cls)
            + " differently from the first enabled candidate; the house wants one policy for them";
    case RuleKind::KandevValid:
        if (v.issue)
            return v.issue->path + ": " + format::describeIssue(*v.issue);
        return candidate(v) + ": its legacy rules cannot be migrated: " + v.migrationError;
    case RuleKind::KandevEligible:
        if (v.candidateRule) {
            format::ProfileRecord agentOnly;
            agentOnly.agentName = v.agent;
            check::CandidateCheck c;
            c.rules.add(*v.candidateRule);
            c.profile = &agentOnly;
            return check::describeCandidateRule(*v.candidateRule, v.executionProfileId, c);
        }
        return candidate(v) + " breaks one of kandev's candidate rules";
    }
    return "breaks a house rule";
}

std::string describeKind(rules::RuleKind kind)
{
    using rules::RuleKind;
    switch (kind) {
    case RuleKind::MaxHoldSeconds:
        return "the worst-case time one route cycle holds a task (waits and retries included) before it stops or "
               "runs out of candidates, per class";
    case RuleKind::MaxAttempts: return "the worst-case number of attempts in one route cycle, per class";
    case RuleKind::MaxRetries: return "the retries any candidate allows, per class";
    case RuleKind::MaxResetWaitSeconds: return "the longest reset wait any candidate allows, per class";
    case RuleKind::EndsInStop:
        return "how the route's last reachable outcome ends: in stop (default) or, with outcome none_left, with no "
               "candidate left";
    case RuleKind::MinEnabledCandidates: return "the number of enabled candidates";
    case RuleKind::ProviderDiversity:
        return "the distinct agents (providers) among the enabled candidates, from the concrete profiles";
    case RuleKind::NoUnreachableCandidates: return "candidates after an unconditional stop, which no cycle reaches";
    case RuleKind::CandidateAllowed: return "every candidate's agent or profile matches an allowed glob";
    case RuleKind::CandidateForbidden: return "no candidate's agent or profile matches a forbidden glob";
    case RuleKind::SamePolicyForClass: return "every enabled candidate has the same policy for the class";
    case RuleKind::KandevValid: return "kandev's own limits and profile rules (what policyctl validate checks)";
    case RuleKind::KandevEligible: return "kandev's candidate rules: which profiles a candidate may name";
    }
    return {};
}

}  // namespace english
