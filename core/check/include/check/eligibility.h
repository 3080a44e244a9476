// SPDX-License-Identifier: Apache-2.0
#pragma once
// Which agent profiles a candidate may name: kandev's candidate rules (its
// API refuses a dynamic profile whose candidates break them) and SPEC
// section 7's. Each candidate gets every rule it breaks, as codes; the model
// words them and validation reports them. Stale references load and are
// flagged, never dropped.

#include "format/document.h"

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace check
{

// The agents kandev can launch as candidates: those whose InferenceConfig is
// Supported in kandev's agent registry (apps/backend/internal/agent/agents/
// *.go of kdlbs/kandev at commit cd9fa0e6, 2026-08-22). The list grows with
// each kandev release, so an agent outside it is a warning, never an error.
inline constexpr std::string_view kInferenceAgentsCommit = "cd9fa0e6";
inline constexpr std::string_view kInferenceAgentsDate = "2026-08-22";
std::span<const std::string_view> inferenceAgents() noexcept;  // sorted
bool isInferenceAgent(std::string_view agentName) noexcept;
// kandev's built-in agent of dynamic profiles (agents.DynamicAgentID).
inline constexpr std::string_view kDynamicAgentName = "dynamic";

// One rule a candidate breaks. Every rule is an error but NotLaunchable, a warning.
enum class CandidateRule : std::uint8_t {
    Self,  // the dynamic profile names itself
    Duplicate,  // an earlier candidate names the same profile
    Missing,  // the catalogue has no such profile
    Deleted,  // deleted_at is set
    NoAgent,  // the profile's agent row is missing
    Dynamic,  // another dynamic profile (its agent is kandev's "dynamic")
    Office,  // a rich Office profile: a workspace_id or a role is set
    AutoFallback,  // auto_fallback is set
    Disabled,  // SPEC section 7: the profile is disabled
    NotLaunchable,  // warning: its agent is not one kandev knows as an inference agent
};
inline constexpr std::size_t kCandidateRuleCount = 10;
inline constexpr CandidateRule kCandidateRules[kCandidateRuleCount] = {CandidateRule::Self, CandidateRule::Duplicate,
    CandidateRule::Missing, CandidateRule::Deleted, CandidateRule::NoAgent, CandidateRule::Dynamic,
    CandidateRule::Office, CandidateRule::AutoFallback, CandidateRule::Disabled, CandidateRule::NotLaunchable};

std::string_view candidateRuleName(CandidateRule rule) noexcept;  // stable snake_case id ("auto_fallback")
bool isWarning(CandidateRule rule) noexcept;

// The rules one candidate breaks, as a set.
class CandidateRules
{
public:
    CandidateRules() = default;
    static CandidateRules fromBits(std::uint32_t bits)
    {
        CandidateRules r;
        r.m_bits = bits & ((1u << kCandidateRuleCount) - 1);
        return r;
    }
    std::uint32_t bits() const
    {
        return m_bits;
    }
    void add(CandidateRule rule)
    {
        m_bits |= bit(rule);
    }
    void remove(CandidateRule rule)
    {
        m_bits &= ~bit(rule);
    }
    bool has(CandidateRule rule) const
    {
        return (m_bits & bit(rule)) != 0;
    }
    bool empty() const
    {
        return m_bits == 0;
    }
    // Some rule is broken that is an error (not only the NotLaunchable warning).
    bool hasError() const
    {
        return (m_bits & ~bit(CandidateRule::NotLaunchable)) != 0;
    }
    std::vector<CandidateRule> list() const;  // in declaration order
    friend bool operator==(const CandidateRules&, const CandidateRules&) = default;

private:
    static std::uint32_t bit(CandidateRule rule)
    {
        return 1u << unsigned(rule);
    }
    std::uint32_t m_bits = 0;
};

// A document's profiles by id, built once (cost linear in the document); it
// keeps a pointer to the document, which must outlive it and keep its
// profiles (edits of candidates are fine).
class ProfileIndex
{
public:
    explicit ProfileIndex(const format::Document& document);
    const format::Document& document() const
    {
        return *m_document;
    }
    // The profile with this id (white space around it ignored, as kandev
    // trims it); the first of a repeated id. Null when there is none.
    const format::ProfileRecord* find(std::string_view id) const;
    // An export lists every profile, so a candidate naming none of them names
    // a missing one; a bare document or an agent profile file cannot tell.
    bool isCatalogue() const
    {
        return m_catalogue;
    }
    // The rules a candidate of profile `owner` naming `id` breaks, leaving
    // out Duplicate (a matter of the route). A self reference is Self alone.
    // A field the catalogue does not give (ProfileRecord's nullopt) judges
    // no rule. An empty id breaks none here (validation reports it).
    CandidateRules rulesOf(std::size_t owner, std::string_view id) const;

private:
    const format::Document* m_document;
    std::unordered_map<std::string, std::size_t> m_byId;
    bool m_catalogue = false;
};

// One candidate of a route, checked.
struct CandidateCheck {
    CandidateRules rules;
    std::size_t duplicateOf = 0;  // with Duplicate: the earlier candidate naming the same profile
    const format::ProfileRecord* profile = nullptr;  // the profile it names, when the document has it
};

// Every candidate of profile `profileIndex` (a dynamic one), in route order.
std::vector<CandidateCheck> checkCandidates(const ProfileIndex& index, std::size_t profileIndex);

// The English sentence validate prints for a broken rule of a candidate
// naming `id` (the checked candidate gives the agent and the duplicate).
std::string describeCandidateRule(CandidateRule rule, std::string_view id, const CandidateCheck& check);

}  // namespace check
