// SPDX-License-Identifier: Apache-2.0
#pragma once
// kandev's policy_state_json (dynamic_route_states): the durable snapshot of
// the last provider failure a route evaluated, read as Go's json.Unmarshal
// reads it (unknown keys ignored, absent keys their zero value), but never
// guessed: a value of the wrong type makes the whole snapshot unreadable.

#include "policy/time.h"
#include "policy/types.h"

#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>

namespace format
{

struct RouteSnapshot {
    std::string failureCode;
    std::string failureClass;  // as stored: "transient", "hard", ... ("" when none)
    std::string catalogueVersion;
    // policy_json: the candidate's policies the failure was evaluated with.
    std::optional<policy::PolicyDocument> policies;
    std::string policiesError;  // policy_json present but not a v1 document: why
    std::int64_t retryOrdinal = 0;
    bool transientResetWaitUsed = false;
    bool hardResetWaitUsed = false;
    std::optional<policy::Seconds> deadline;  // none when omitted or Go's zero time
    std::string pendingOutcome;  // "skip", "stop", or as stored

    bool resetWaitUsed(policy::ErrorClass c) const
    {
        return c == policy::ErrorClass::Hard ? hardResetWaitUsed : transientResetWaitUsed;
    }
};

struct RouteSnapshotRead {
    std::optional<RouteSnapshot> snapshot;  // none for an empty column (no failure yet) or an error
    std::string error;  // why it could not be read, with the field path
};

// Values longer than this are refused without being parsed.
inline constexpr std::size_t kMaxRouteSnapshotCharacters = 1024 * 1024;

// The routes of a profile share a few policy documents: with a cache, each
// distinct policy_json is parsed once.
struct PolicyJsonCache {
    std::unordered_map<std::string, std::pair<std::optional<policy::PolicyDocument>, std::string>> entries;
};

RouteSnapshotRead parseRouteSnapshot(std::string_view text, PolicyJsonCache* cache = nullptr);

}  // namespace format
