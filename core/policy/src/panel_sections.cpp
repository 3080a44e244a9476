// SPDX-License-Identifier: Apache-2.0
#include "policy/panel_sections.h"

#include "policy/limits.h"

#include <algorithm>
#include <string_view>

namespace policy
{

namespace
{

// True when an issue lies under the section (its JSON key, from the limits).
bool sectionHasIssue(const std::vector<Issue>& issues, std::string_view section)
{
    return std::any_of(issues.begin(), issues.end(), [section](const Issue& issue) {
        const std::string_view path = issue.path;
        return path.size() > section.size() && path.substr(0, section.size()) == section && path[section.size()] == '.';
    });
}

}  // namespace

PanelSections panelSections(const ClassPolicy& classPolicy, const std::vector<Issue>& issues)
{
    return {classPolicy.retry.enabled || sectionHasIssue(issues, descriptor(Field::RetryMaxRetries).section),
        classPolicy.waitForReset.enabled || sectionHasIssue(issues, descriptor(Field::ResetMaxWait).section)};
}

}  // namespace policy
