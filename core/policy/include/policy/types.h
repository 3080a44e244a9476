// SPDX-License-Identifier: Apache-2.0
#pragma once
// Value types of a v1 policy document (SPEC sections 1 and 3).

#include "policy/catalogue.h"
#include "policy/limits.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace policy
{

// What happens when waiting and retrying are used up. Unset stands for an
// absent or null on_exhausted, which validation rejects.
enum class Outcome { Skip, Stop, Unset };

struct RetryPolicy {
    bool enabled = false;
    std::int64_t maxRetries = 0;
    std::int64_t initialIntervalSeconds = 0;
    friend bool operator==(const RetryPolicy&, const RetryPolicy&) = default;
};

struct ResetWaitPolicy {
    bool enabled = false;
    std::int64_t maxWaitSeconds = 0;
    friend bool operator==(const ResetWaitPolicy&, const ResetWaitPolicy&) = default;
};

// The default class policy is "immediate skip": no wait, no retry, skip.
struct ClassPolicy {
    RetryPolicy retry;
    ResetWaitPolicy waitForReset;
    Outcome onExhausted = Outcome::Skip;
    friend bool operator==(const ClassPolicy&, const ClassPolicy&) = default;
};

struct PolicyDocument {
    std::int64_t version = kSupportedPolicyVersion;
    ClassPolicy transient;
    ClassPolicy hard;

    const ClassPolicy& forClass(ErrorClass c) const
    {
        return c == ErrorClass::Hard ? hard : transient;
    }
    // Written by a newer kandev than this build reads: shown as it is, never rewritten.
    bool isNewerVersion() const
    {
        return version > kSupportedPolicyVersion;
    }
    ClassPolicy& forClass(ErrorClass c)
    {
        return c == ErrorClass::Hard ? hard : transient;
    }
    friend bool operator==(const PolicyDocument&, const PolicyDocument&) = default;
};

// One legacy rule: a key (on_provider_error or a semantic code) and an action.
struct LegacyRule {
    std::string key;
    std::string action;
    friend bool operator==(const LegacyRule&, const LegacyRule&) = default;
};

inline constexpr std::string_view kGenericRuleKey = "on_provider_error";

// One candidate of a dynamic profile. A candidate carries either a v1 policy
// document, legacy rules, or neither (which means the default document).
struct Candidate {
    std::int64_t position = 0;
    std::string executionProfileId;
    bool enabled = true;
    std::optional<PolicyDocument> policies;
    std::vector<LegacyRule> rules;

    bool isLegacy() const
    {
        return !rules.empty() && !policies;
    }
    friend bool operator==(const Candidate&, const Candidate&) = default;
};

std::string_view outcomeName(Outcome o) noexcept;  // "skip", "stop", "" for Unset

}  // namespace policy
