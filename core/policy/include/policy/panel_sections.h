// SPDX-License-Identifier: Apache-2.0
#pragma once
// Which sections of a class policy's editor are open. A section shows its
// values when it is on, and also when it is off but something under it is
// wrong (an off section that holds values): then its values, and the errors
// under them, are shown instead of hidden.

#include "policy/types.h"
#include "policy/validation.h"

#include <vector>

namespace policy
{

struct PanelSections {
    bool retry = false;  // the retry section: max retries, first interval, the schedule
    bool wait = false;  // the reset wait section: the maximum wait
    friend bool operator==(const PanelSections&, const PanelSections&) = default;
};

// issues: those of this class policy, with paths relative to it
// (policy::renderSetting: retry.max_retries, wait_for_reset.max_wait_seconds, on_exhausted).
PanelSections panelSections(const ClassPolicy& classPolicy, const std::vector<Issue>& issues);

}  // namespace policy
