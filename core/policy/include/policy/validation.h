// SPDX-License-Identifier: Apache-2.0
#pragma once
// Structured validation (SPEC sections 1 and 3). Issues carry a field path, an
// issue code and the numbers involved, never English text: the CLI and the
// GUI render them.

#include "policy/policy_keys.h"
#include "policy/types.h"

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace policy
{

enum class IssueCode {
    OutOfRange,  // enabled section: value outside [min, max]
    MustBeZeroWhenDisabled,  // disabled section: value must be 0
    MissingOutcome,  // on_exhausted absent or null
    UnsupportedVersion,  // policies.version other than 1 (value = version)
    EmptyCandidateList,  // a dynamic profile without candidates
    PositionMismatch,  // candidate i carries position != i (min = expected)
    EmptyExecutionProfileId,  // execution_profile_id missing, "" or only white space
    PoliciesWithRules,  // policies and a non-empty rules map together
    DuplicateExecutionProfileId,  // names the same profile as an earlier candidate (value = its index)
    ProfileNameRequired,  // a dynamic agent profile whose name is empty or only white space
};

struct Issue {
    std::string path;  // e.g. candidates[2].policies.hard.retry.max_retries (settings by renderPath)
    IssueCode code;
    std::int64_t value = 0;  // the offending value, where there is one
    std::int64_t min = 0;  // the limits involved, where there are any
    std::int64_t max = 0;
    friend bool operator==(const Issue&, const Issue&) = default;
};

std::string_view issueCodeName(IssueCode code) noexcept;  // stable snake_case id

// All issues of a policy document; `prefix` is the path of the document
// itself ("policies" when empty is not wanted, e.g. "candidates[0].policies").
std::vector<Issue> validate(const PolicyDocument& doc, std::string_view prefix = {});

// Allocation-free check used on the evaluator's hot path.
bool isValid(const PolicyDocument& doc) noexcept;
bool isValid(const ClassPolicy& policy) noexcept;

// Profile-level rules plus every candidate's policies; paths start with
// `prefix` (e.g. "" for a bare document, "dynamic." for an agent profile).
std::vector<Issue> validateCandidates(std::span<const Candidate> candidates, std::string_view prefix = {});

// kandev's rule for an agent profile's name: required, after trimming white
// space as Go's strings.TrimSpace does. The issue's path is `prefix`.name
// (prefix: the profile's path, "" for an agent profile file).
std::optional<Issue> validateProfileName(std::string_view name, std::string_view prefix = {});

// Where an issue of validateCandidates (without a prefix) points: its
// candidate, the path inside that candidate, and the setting it names, if any.
// Read back with the functions that wrote the path, never with offsets.
struct IssueLocation {
    std::optional<std::size_t> candidate;  // none for a path outside a candidate
    std::string_view field;  // inside the candidate: policies.hard.retry.max_retries, position ("" without one)
    std::optional<SettingPath> setting;  // the setting of the candidate's policies the field names
};
IssueLocation locateIssue(std::string_view path) noexcept;

// The setting a path inside a candidate names (policies.hard.retry.max_retries); nullopt for any other.
std::optional<SettingPath> candidateSetting(std::string_view field) noexcept;

}  // namespace policy
