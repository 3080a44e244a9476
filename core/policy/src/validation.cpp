// SPDX-License-Identifier: Apache-2.0
#include "policy/validation.h"

#include "policy/policy_keys.h"
#include "policy/text.h"

#include <string>
#include <unordered_map>

namespace policy
{
namespace
{

constexpr std::string_view kCandidateOpen = "candidates[";

std::string join(std::string_view prefix, std::string_view suffix)
{
    std::string path;
    path.reserve(prefix.size() + suffix.size() + 1);
    path.append(prefix);
    if (!prefix.empty() && !suffix.empty())
        path.push_back('.');
    path.append(suffix);
    return path;
}

bool fieldValid(const FieldDescriptor& d, bool enabled, std::int64_t value) noexcept
{
    return enabled ? (value >= d.min && value <= d.max) : value == 0;
}

// The path of a setting under the document's prefix: "candidates[2].policies.hard.retry.max_retries".
std::string settingPath(std::string_view prefix, ErrorClass cls, Setting setting)
{
    return join(prefix, renderPath({cls, setting}));
}

void checkField(std::vector<Issue>& issues, std::string_view prefix, ErrorClass cls, const FieldDescriptor& d,
    bool enabled, std::int64_t value)
{
    if (fieldValid(d, enabled, value))
        return;
    std::string path = settingPath(prefix, cls, settingOf(d.field));
    if (enabled)
        issues.push_back({std::move(path), IssueCode::OutOfRange, value, d.min, d.max});
    else
        issues.push_back({std::move(path), IssueCode::MustBeZeroWhenDisabled, value, 0, 0});
}

void validateClass(std::vector<Issue>& issues, const PolicyDocument& doc, ErrorClass cls, std::string_view prefix)
{
    const ClassPolicy& p = doc.forClass(cls);
    checkField(issues, prefix, cls, descriptor(Field::RetryMaxRetries), p.retry.enabled, p.retry.maxRetries);
    checkField(
        issues, prefix, cls, descriptor(Field::RetryInitialInterval), p.retry.enabled, p.retry.initialIntervalSeconds);
    checkField(
        issues, prefix, cls, descriptor(Field::ResetMaxWait), p.waitForReset.enabled, p.waitForReset.maxWaitSeconds);
    if (p.onExhausted == Outcome::Unset)
        issues.push_back({settingPath(prefix, cls, Setting::OnExhausted), IssueCode::MissingOutcome, 0, 0, 0});
}

}  // namespace

std::string_view issueCodeName(IssueCode code) noexcept
{
    switch (code) {
    case IssueCode::OutOfRange: return "out_of_range";
    case IssueCode::MustBeZeroWhenDisabled: return "must_be_zero_when_disabled";
    case IssueCode::MissingOutcome: return "missing_on_exhausted";
    case IssueCode::UnsupportedVersion: return "unsupported_version";
    case IssueCode::EmptyCandidateList: return "empty_candidate_list";
    case IssueCode::PositionMismatch: return "position_mismatch";
    case IssueCode::EmptyExecutionProfileId: return "empty_execution_profile_id";
    case IssueCode::PoliciesWithRules: return "policies_with_rules";
    case IssueCode::DuplicateExecutionProfileId: return "duplicate_execution_profile_id";
    case IssueCode::ProfileNameRequired: return "profile_name_required";
    }
    return "unknown";
}

bool isValid(const ClassPolicy& p) noexcept
{
    return fieldValid(descriptor(Field::RetryMaxRetries), p.retry.enabled, p.retry.maxRetries)
        && fieldValid(descriptor(Field::RetryInitialInterval), p.retry.enabled, p.retry.initialIntervalSeconds)
        && fieldValid(descriptor(Field::ResetMaxWait), p.waitForReset.enabled, p.waitForReset.maxWaitSeconds)
        && p.onExhausted != Outcome::Unset;
}

bool isValid(const PolicyDocument& doc) noexcept
{
    return doc.version == kSupportedPolicyVersion && isValid(doc.transient) && isValid(doc.hard);
}

std::vector<Issue> validate(const PolicyDocument& doc, std::string_view prefix)
{
    std::vector<Issue> issues;
    if (doc.version != kSupportedPolicyVersion) {
        // A document of another version is not read further: its fields may mean something else.
        issues.push_back({join(prefix, keys::kVersion), IssueCode::UnsupportedVersion, doc.version,
            kSupportedPolicyVersion, kSupportedPolicyVersion});
        return issues;
    }
    for (const ErrorClass cls : kPolicyClasses)
        validateClass(issues, doc, cls, prefix);
    return issues;
}

std::optional<Issue> validateProfileName(std::string_view name, std::string_view prefix)
{
    if (!trimSpace(name).empty())
        return std::nullopt;
    return Issue {join(prefix, "name"), IssueCode::ProfileNameRequired, 0, 0, 0};
}

std::vector<Issue> validateCandidates(std::span<const Candidate> candidates, std::string_view prefix)
{
    std::vector<Issue> issues;
    if (candidates.empty()) {
        issues.push_back({join(prefix, "candidates"), IssueCode::EmptyCandidateList, 0, 0, 0});
        return issues;
    }
    // Trimmed id -> the first candidate with it: one lookup per candidate,
    // not a scan of the earlier ones (a 63 MiB document took minutes).
    std::unordered_map<std::string_view, std::size_t> firstWithId;
    firstWithId.reserve(candidates.size());
    for (std::size_t i = 0; i < candidates.size(); ++i) {
        const Candidate& c = candidates[i];
        const std::string path = join(prefix, std::string(kCandidateOpen) + std::to_string(i) + "]");
        const auto index = static_cast<std::int64_t>(i);
        if (c.position != index)
            issues.push_back({join(path, "position"), IssueCode::PositionMismatch, c.position, index, index});
        // kandev's backend trims the id, then refuses blank ids and duplicates.
        const std::string_view id = trimSpace(c.executionProfileId);
        if (id.empty()) {
            issues.push_back({join(path, "execution_profile_id"), IssueCode::EmptyExecutionProfileId, 0, 0, 0});
        } else if (const auto [first, added] = firstWithId.emplace(id, i); !added) {
            issues.push_back({join(path, "execution_profile_id"), IssueCode::DuplicateExecutionProfileId,
                static_cast<std::int64_t>(first->second), 0, 0});
        }
        if (c.policies && !c.rules.empty())
            issues.push_back({join(path, "rules"), IssueCode::PoliciesWithRules, 0, 0, 0});
        if (c.policies) {
            auto more = validate(*c.policies, join(path, keys::kPolicies));
            issues.insert(issues.end(), std::make_move_iterator(more.begin()), std::make_move_iterator(more.end()));
        }
    }
    return issues;
}

IssueLocation locateIssue(std::string_view path) noexcept
{
    // candidates[2] or candidates[2].<field>
    if (!path.starts_with(kCandidateOpen))
        return {};
    const std::size_t close = path.find(']', kCandidateOpen.size());
    if (close == std::string_view::npos || close == kCandidateOpen.size())
        return {};
    std::size_t index = 0;
    for (std::size_t i = kCandidateOpen.size(); i < close; ++i) {
        if (path[i] < '0' || path[i] > '9' || index > (std::size_t(-1) - 9) / 10)
            return {};
        index = index * 10 + std::size_t(path[i] - '0');
    }
    std::string_view rest = path.substr(close + 1);
    if (!rest.empty() && rest.front() != '.')
        return {};
    if (!rest.empty())
        rest.remove_prefix(1);
    return {index, rest, candidateSetting(rest)};
}

std::optional<SettingPath> candidateSetting(std::string_view field) noexcept
{
    if (field.size() <= keys::kPolicies.size() || !field.starts_with(keys::kPolicies)
        || field[keys::kPolicies.size()] != '.')
        return std::nullopt;
    return parsePath(field.substr(keys::kPolicies.size() + 1));
}

}  // namespace policy
