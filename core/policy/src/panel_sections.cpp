// SPDX-License-Identifier: Apache-2.0
#include "policy/panel_sections.h"

#include "policy/policy_keys.h"

#include <algorithm>
#include <string_view>

namespace policy
{

namespace
{

// True when an issue names a setting of the section (the section of `inSection`).
bool sectionHasIssue(const std::vector<Issue>& issues, Setting inSection)
{
    const std::string_view section = settingKeys(inSection).section;
    return std::any_of(issues.begin(), issues.end(), [section](const Issue& issue) {
        const auto setting = parseSetting(issue.path);
        return setting && settingKeys(*setting).section == section;
    });
}

}  // namespace

PanelSections panelSections(const ClassPolicy& classPolicy, const std::vector<Issue>& issues)
{
    return {classPolicy.retry.enabled || sectionHasIssue(issues, Setting::RetryEnabled),
        classPolicy.waitForReset.enabled || sectionHasIssue(issues, Setting::ResetEnabled)};
}

}  // namespace policy
