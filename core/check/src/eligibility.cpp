// SPDX-License-Identifier: Apache-2.0
#include "check/eligibility.h"

#include "policy/text.h"

#include <algorithm>
#include <array>

namespace check
{

using format::Document;
using format::FileShape;
using format::ProfileRecord;

namespace
{

// kandev's inference agents at kInferenceAgentsCommit, sorted (see eligibility.h).
constexpr std::array<std::string_view, 22> kInferenceAgents
    = {"amp-acp", "auggie", "claude-acp", "codex-acp", "copilot-acp", "cursor-acp", "devin-acp", "droid-acp", "gemini",
        "grok-acp", "hermes-acp", "iflow-acp", "kilocode-acp", "kimi-acp", "kiro-acp", "mock-agent", "omp-acp",
        "opencode-acp", "pi-acp", "qoder-acp", "qwen-acp", "trae-acp"};

std::string_view trimmed(std::string_view id)
{
    return policy::trimSpace(id);
}

std::string quoted(std::string_view s)
{
    return "\"" + std::string(s) + "\"";
}

}  // namespace

std::span<const std::string_view> inferenceAgents() noexcept
{
    return kInferenceAgents;
}

bool isInferenceAgent(std::string_view agentName) noexcept
{
    return std::binary_search(kInferenceAgents.begin(), kInferenceAgents.end(), agentName);
}

std::string_view candidateRuleName(CandidateRule rule) noexcept
{
    switch (rule) {
    case CandidateRule::Self: return "self";
    case CandidateRule::Duplicate: return "duplicate";
    case CandidateRule::Missing: return "missing";
    case CandidateRule::Deleted: return "deleted";
    case CandidateRule::NoAgent: return "no_agent";
    case CandidateRule::Dynamic: return "dynamic";
    case CandidateRule::Office: return "office";
    case CandidateRule::AutoFallback: return "auto_fallback";
    case CandidateRule::Disabled: return "disabled";
    case CandidateRule::NotLaunchable: return "not_launchable";
    }
    return "unknown";
}

bool isWarning(CandidateRule rule) noexcept
{
    return rule == CandidateRule::NotLaunchable;
}

std::vector<CandidateRule> CandidateRules::list() const
{
    std::vector<CandidateRule> out;
    for (const CandidateRule rule : kCandidateRules) {
        if (has(rule))
            out.push_back(rule);
    }
    return out;
}

ProfileIndex::ProfileIndex(const Document& document)
    : m_document(&document)
    , m_catalogue(document.shape == FileShape::ExportArray || document.shape == FileShape::ExportObject)
{
    m_byId.reserve(document.profiles.size());
    for (std::size_t i = 0; i < document.profiles.size(); ++i) {
        const std::string_view id = trimmed(document.profiles[i].id);
        if (!id.empty())
            m_byId.emplace(std::string(id), i);  // the first of a repeated id stays
    }
}

const ProfileRecord* ProfileIndex::find(std::string_view id) const
{
    const auto it = m_byId.find(std::string(trimmed(id)));
    return it == m_byId.end() ? nullptr : &m_document->profiles[it->second];
}

CandidateRules ProfileIndex::rulesOf(std::size_t owner, std::string_view rawId) const
{
    CandidateRules rules;
    const std::string_view id = trimmed(rawId);
    if (id.empty())
        return rules;
    if (owner < m_document->profiles.size()) {
        const std::string_view ownerId = trimmed(m_document->profiles[owner].id);
        if (!ownerId.empty() && ownerId == id) {
            rules.add(CandidateRule::Self);
            return rules;
        }
    }
    const ProfileRecord* p = find(id);
    if (!p) {
        if (m_catalogue)
            rules.add(CandidateRule::Missing);
        return rules;
    }
    if (p->deleted)
        rules.add(CandidateRule::Deleted);
    const bool agentKnown = p->agentName.has_value() && !p->agentMissing;
    if (p->agentMissing)
        rules.add(CandidateRule::NoAgent);
    const bool dynamicAgent = agentKnown && *p->agentName == kDynamicAgentName;
    if (p->isDynamic() || dynamicAgent)
        rules.add(CandidateRule::Dynamic);
    if ((p->workspaceId && !p->workspaceId->empty()) || (p->role && !p->role->empty()))
        rules.add(CandidateRule::Office);
    if (p->autoFallback)
        rules.add(CandidateRule::AutoFallback);
    if (!p->enabled)
        rules.add(CandidateRule::Disabled);
    if (agentKnown && !dynamicAgent && !isInferenceAgent(*p->agentName))
        rules.add(CandidateRule::NotLaunchable);
    return rules;
}

std::vector<CandidateCheck> checkCandidates(const ProfileIndex& index, std::size_t profileIndex)
{
    std::vector<CandidateCheck> out;
    const auto& profile = index.document().profiles[profileIndex];
    if (!profile.dynamic)
        return out;
    const auto& candidates = profile.dynamic->candidates;
    out.reserve(candidates.size());
    // Trimmed id -> the first candidate naming it: one lookup per candidate.
    std::unordered_map<std::string_view, std::size_t> firstWithId;
    firstWithId.reserve(candidates.size());
    for (std::size_t i = 0; i < candidates.size(); ++i) {
        const std::string_view id = trimmed(candidates[i].executionProfileId);
        CandidateCheck c;
        c.rules = index.rulesOf(profileIndex, id);
        c.profile = index.find(id);
        if (!id.empty()) {
            if (const auto [first, added] = firstWithId.emplace(id, i); !added) {
                c.rules.add(CandidateRule::Duplicate);
                c.duplicateOf = first->second;
            }
        }
        out.push_back(c);
    }
    return out;
}

std::string describeCandidateRule(CandidateRule rule, std::string_view rawId, const CandidateCheck& check)
{
    const std::string who = "candidate " + quoted(trimmed(rawId));
    switch (rule) {
    case CandidateRule::Self:
        return who + " is this dynamic profile itself; kandev refuses a profile that is its own candidate";
    case CandidateRule::Duplicate:
        return who + " names the same agent profile as candidate " + std::to_string(check.duplicateOf)
            + "; kandev refuses a route that names a profile twice";
    case CandidateRule::Missing:
        return who + " names no agent profile of this file; kandev refuses a candidate whose profile does not exist";
    case CandidateRule::Deleted: return who + " names a deleted agent profile; kandev refuses it as a candidate";
    case CandidateRule::NoAgent:
        return who + " names an agent profile whose agent is missing; kandev refuses a profile without an agent";
    case CandidateRule::Dynamic: return who + " names a dynamic profile; kandev refuses dynamic profiles as candidates";
    case CandidateRule::Office:
        return who
            + " names an Office profile (its workspace_id or role is set); kandev refuses Office profiles as "
              "candidates";
    case CandidateRule::AutoFallback:
        return who + " names a profile with auto_fallback set; kandev refuses such profiles as candidates";
    case CandidateRule::Disabled:
        return who + " names a disabled agent profile; a disabled profile cannot be a candidate";
    case CandidateRule::NotLaunchable: {
        const std::string agent = check.profile && check.profile->agentName ? *check.profile->agentName : "";
        return who + ": kandev may refuse it: its agent " + quoted(agent)
            + " is not one of the inference agents kandev of " + std::string(kInferenceAgentsDate) + " ("
            + std::string(kInferenceAgentsCommit) + ") knows";
    }
    }
    return who + " breaks a candidate rule";
}

}  // namespace check
