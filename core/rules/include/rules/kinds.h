// SPDX-License-Identifier: Apache-2.0
#pragma once
// Every kind of house rule, declared once: its name in a rules file, the
// parameters it takes with their types and bounds, and what it measures. The
// rules file reader, lint, the JSON Schema test and the README's table all
// read this table; nothing else may spell a kind or its bounds.

#include "policy/limits.h"
#include "policy/policy_keys.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

namespace rules
{

enum class RuleKind : std::uint8_t {
    MaxHoldSeconds,
    MaxAttempts,
    MaxRetries,
    MaxResetWaitSeconds,
    EndsInStop,
    MinEnabledCandidates,
    ProviderDiversity,
    NoUnreachableCandidates,
    CandidateAllowed,
    CandidateForbidden,
    SamePolicyForClass,
    KandevValid,  // kandev's own limits and profile rules (what validate checks)
    KandevEligible,  // kandev's candidate rules and SPEC section 7's eligibility
};

// The type of a rule's `value`, when it takes one.
enum class ValueType : std::uint8_t { None, Count, Seconds };

// What a kind measures, per profile (Route), per class of a route (RouteClass)
// or per candidate (Candidate): where its violations point.
enum class Scope : std::uint8_t { Route, RouteClass, Candidate };

struct KindDescriptor {
    RuleKind kind;
    std::string_view name;  // the `kind` of a rules file
    ValueType value;  // the type of `value`; None: the kind takes no value
    std::int64_t min;  // bounds of `value` (inclusive) when it takes one
    std::int64_t max;
    bool takesClass;  // `class` may name transient or hard (absent: both)
    bool takesGlobs;  // `agents` and/or `profiles` (at least one of them, each a non-empty list)
    bool takesOutcome;  // `outcome`: "stop" (default) or "none_left"
    Scope scope;
};

// A day of worst-case hold is common; a year is more than any route holds.
inline constexpr std::int64_t kMaxHoldBound = 365 * 86400;
inline constexpr std::int64_t kMaxAttemptsBound = 1000;
inline constexpr std::int64_t kMaxCandidatesBound = 1000;

inline constexpr std::array<KindDescriptor, 13> kKindDescriptors {{
    {RuleKind::MaxHoldSeconds, "max_hold_seconds", ValueType::Seconds, 0, kMaxHoldBound, true, false, false,
        Scope::RouteClass},
    {RuleKind::MaxAttempts, "max_attempts", ValueType::Count, 1, kMaxAttemptsBound, true, false, false,
        Scope::RouteClass},
    // Named after the setting it bounds, across every candidate (policy_keys.h spells it).
    {RuleKind::MaxRetries, policy::keys::kMaxRetries, ValueType::Count, 0,
        policy::descriptor(policy::Field::RetryMaxRetries).max, true, false, false, Scope::Candidate},
    {RuleKind::MaxResetWaitSeconds, "max_reset_wait_seconds", ValueType::Seconds, 0,
        policy::descriptor(policy::Field::ResetMaxWait).max, true, false, false, Scope::Candidate},
    {RuleKind::EndsInStop, "ends_in_stop", ValueType::None, 0, 0, true, false, true, Scope::RouteClass},
    {RuleKind::MinEnabledCandidates, "min_enabled_candidates", ValueType::Count, 1, kMaxCandidatesBound, false, false,
        false, Scope::Route},
    {RuleKind::ProviderDiversity, "provider_diversity", ValueType::Count, 1, kMaxCandidatesBound, false, false, false,
        Scope::Route},
    {RuleKind::NoUnreachableCandidates, "no_unreachable_candidates", ValueType::None, 0, 0, true, false, false,
        Scope::Candidate},
    {RuleKind::CandidateAllowed, "candidate_allowed", ValueType::None, 0, 0, false, true, false, Scope::Candidate},
    {RuleKind::CandidateForbidden, "candidate_forbidden", ValueType::None, 0, 0, false, true, false, Scope::Candidate},
    {RuleKind::SamePolicyForClass, "same_policy_for_class", ValueType::None, 0, 0, true, false, false,
        Scope::Candidate},
    {RuleKind::KandevValid, "kandev_valid", ValueType::None, 0, 0, false, false, false, Scope::Candidate},
    {RuleKind::KandevEligible, "kandev_eligible", ValueType::None, 0, 0, false, false, false, Scope::Candidate},
}};

constexpr const KindDescriptor& descriptor(RuleKind kind) noexcept
{
    return kKindDescriptors[static_cast<std::size_t>(kind)];
}

static_assert(
    [] {
        for (std::size_t i = 0; i < kKindDescriptors.size(); ++i) {
            if (static_cast<std::size_t>(kKindDescriptors[i].kind) != i)
                return false;
        }
        return true;
    }(),
    "the kinds table is in the order of RuleKind");

std::optional<RuleKind> findKind(std::string_view name) noexcept;

// What ends_in_stop expects a route's last reachable outcome to be.
enum class ExpectedEnding : std::uint8_t { Stop, NoneLeft };
inline constexpr std::array<std::string_view, 2> kExpectedEndingNames {"stop", "none_left"};

enum class Severity : std::uint8_t { Error, Warning };
inline constexpr std::array<std::string_view, 2> kSeverityNames {"error", "warning"};
std::string_view severityName(Severity severity) noexcept;

// The only rules file version this build reads.
inline constexpr std::int64_t kSupportedRulesVersion = 1;

}  // namespace rules
