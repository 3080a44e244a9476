// SPDX-License-Identifier: Apache-2.0
#include "format/diagnostic.h"
#include "format/document.h"

#include "policy/limits.h"

#include <string>

namespace format
{

std::string joinPath(std::string_view prefix, std::string_view key)
{
    std::string path(prefix);
    if (!path.empty() && !key.empty())
        path.push_back('.');
    path.append(key);
    return path;
}

std::string indexPath(std::string_view prefix, std::size_t index)
{
    std::string path(prefix);
    path.push_back('[');
    path.append(std::to_string(index));
    path.push_back(']');
    return path;
}

namespace
{

bool endsWith(std::string_view s, std::string_view suffix)
{
    return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

// "seconds" for fields measured in seconds, "" for counts.
std::string_view unitOf(std::string_view path)
{
    for (const auto& d : policy::kFieldDescriptors) {
        if (endsWith(path, d.key))
            return d.unit == policy::Unit::Seconds ? " seconds" : "";
    }
    return "";
}

std::string sectionOf(std::string_view path)
{
    const std::string section = "." + std::string(policy::keys::kWaitForReset) + ".";
    return path.find(section) != std::string_view::npos ? "the reset wait" : "retry";
}

}  // namespace

std::string describeIssue(const policy::Issue& issue)
{
    using policy::IssueCode;
    const std::string value = std::to_string(issue.value);
    switch (issue.code) {
    case IssueCode::OutOfRange:
        return "must be between " + std::to_string(issue.min) + " and " + std::to_string(issue.max)
            + std::string(unitOf(issue.path)) + " when " + sectionOf(issue.path) + " is enabled (found " + value + ")";
    case IssueCode::MustBeZeroWhenDisabled:
        return "must be 0 while " + sectionOf(issue.path) + " is disabled (found " + value + ")";
    case IssueCode::MissingOutcome: return "on_exhausted is missing: it must be \"skip\" or \"stop\"";
    case IssueCode::UnsupportedVersion:
        return "unsupported policy version " + value + "; this editor supports "
            + std::to_string(policy::kSupportedPolicyVersion);
    case IssueCode::EmptyCandidateList: return "a dynamic profile needs at least one candidate";
    case IssueCode::PositionMismatch:
        return "candidate " + std::to_string(issue.min) + " must carry position " + std::to_string(issue.min)
            + " (found " + value + "); positions are 0, 1, 2, ... in list order";
    case IssueCode::EmptyExecutionProfileId:
        return "execution_profile_id must be a string that is not empty after trimming white space";
    case IssueCode::PoliciesWithRules: return "a candidate with policies must not also carry legacy rules";
    case IssueCode::DuplicateExecutionProfileId:
        return "names the same agent profile as candidate " + value
            + "; kandev refuses a route that names a profile twice";
    case IssueCode::ProfileNameRequired: return "profile name is required (kandev trims white space)";
    }
    return "invalid";
}

std::string Document::dynamicPath(std::size_t profileIndex) const
{
    switch (shape) {
    case FileShape::DynamicDocument: return {};
    case FileShape::AgentProfile: return "dynamic";
    case FileShape::ExportArray: return indexPath("", profileIndex) + ".dynamic";
    case FileShape::ExportObject: return indexPath("profiles", profileIndex) + ".dynamic";
    }
    return {};
}

std::string Document::profilePath(std::size_t profileIndex) const
{
    switch (shape) {
    case FileShape::DynamicDocument:
    case FileShape::AgentProfile: return {};
    case FileShape::ExportArray: return indexPath("", profileIndex);
    case FileShape::ExportObject: return indexPath("profiles", profileIndex);
    }
    return {};
}

bool Document::hasLegacyRules() const
{
    for (const auto& p : profiles) {
        if (!p.dynamic)
            continue;
        for (const auto& c : p.dynamic->candidates) {
            if (!c.rules.empty())
                return true;
        }
    }
    return false;
}

}  // namespace format
