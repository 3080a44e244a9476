// SPDX-License-Identifier: Apache-2.0
#pragma once
// Class policies in one line, and the route of the sample profile, for the
// tests that simulate route cycles (tst_timeline, tst_timeline_compare).

#include "policy/timeline.h"

#include <vector>

namespace routefixtures
{

inline policy::ClassPolicy retrying(std::int64_t retries, std::int64_t initial, policy::Outcome o)
{
    return {{true, retries, initial}, {false, 0}, o};
}

inline policy::ClassPolicy waiting(std::int64_t maxWait, policy::Outcome o)
{
    return {{false, 0, 0}, {true, maxWait}, o};
}

// The three-candidate sample profile (resources/samples/profile-v1.json).
inline std::vector<policy::RouteCandidate> sampleProfile()
{
    using policy::Outcome;
    return {
        {"claude-sonnet", true, {1, retrying(3, 5, Outcome::Skip), waiting(3600, Outcome::Skip)}, std::nullopt},
        {"codex-gpt5", true, {1, retrying(2, 10, Outcome::Skip), policy::ClassPolicy {}}, std::nullopt},
        {"gemini-pro", true, {1, retrying(1, 30, Outcome::Stop), waiting(86400, Outcome::Stop)}, std::nullopt},
    };
}

}  // namespace routefixtures
