// SPDX-License-Identifier: Apache-2.0
#include "policy/validation.h"

#include "policy/text.h"

#include <string>
#include <unordered_map>

namespace policy
{
namespace
{

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

void checkField(
    std::vector<Issue>& issues, std::string_view classPath, const FieldDescriptor& d, bool enabled, std::int64_t value)
{
    if (fieldValid(d, enabled, value))
        return;
    std::string path = join(classPath, d.section);
    path = join(path, d.key);
    if (enabled)
        issues.push_back({std::move(path), IssueCode::OutOfRange, value, d.min, d.max});
    else
        issues.push_back({std::move(path), IssueCode::MustBeZeroWhenDisabled, value, 0, 0});
}

void validateClass(std::vector<Issue>& issues, const ClassPolicy& p, const std::string& classPath)
{
    checkField(issues, classPath, descriptor(Field::RetryMaxRetries), p.retry.enabled, p.retry.maxRetries);
    checkField(
        issues, classPath, descriptor(Field::RetryInitialInterval), p.retry.enabled, p.retry.initialIntervalSeconds);
    checkField(
        issues, classPath, descriptor(Field::ResetMaxWait), p.waitForReset.enabled, p.waitForReset.maxWaitSeconds);
    if (p.onExhausted == Outcome::Unset)
        issues.push_back({join(classPath, "on_exhausted"), IssueCode::MissingOutcome, 0, 0, 0});
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
        issues.push_back({join(prefix, "version"), IssueCode::UnsupportedVersion, doc.version, kSupportedPolicyVersion,
            kSupportedPolicyVersion});
        return issues;
    }
    validateClass(issues, doc.transient, join(prefix, "transient"));
    validateClass(issues, doc.hard, join(prefix, "hard"));
    return issues;
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
        const std::string path = join(prefix, "candidates[" + std::to_string(i) + "]");
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
            auto more = validate(*c.policies, join(path, "policies"));
            issues.insert(issues.end(), std::make_move_iterator(more.begin()), std::make_move_iterator(more.end()));
        }
    }
    return issues;
}

}  // namespace policy
