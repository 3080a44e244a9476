// SPDX-License-Identifier: Apache-2.0
#pragma once
// The routes kandev is running now, beside the policy that drives them: rows
// of dynamic_route_states, dynamic_route_attempts and dynamic_resource_circuits
// as store/ reads them, and what they mean against a document — which
// candidate owns each route, how its snapshot differs from the policy being
// edited, what the evaluator does if the same error repeats at the deadline,
// and which candidates a circuit pauses. Qt-free: the editor's Live Routes
// dock and `policyctl routes` show the same analysis.

#include "format/document.h"
#include "format/route_snapshot.h"

#include "policy/evaluator.h"
#include "policy/time.h"
#include "policy/timeline.h"

#include <nlohmann/json_fwd.hpp>

#include <map>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace routes
{

// --- rows, as read (times already parsed; a time kandev wrote that does not parse is none)

// The newest attempts read per route; older ones are counted, not read (a
// route retried a million times must not cost a gigabyte to show).
inline constexpr std::size_t kRouteHistoryAttempts = 20;

struct RouteStateRow {
    std::string sessionId;
    std::string logicalProfileId;
    std::string executionProfileId;
    std::int64_t routeGeneration = 0;
    std::int64_t profileVersion = 0;
    std::string state;
    std::string policyStateJson;  // "" when too long to fetch (policyStateTooLong says so)
    bool policyStateTooLong = false;
    std::optional<policy::Seconds> updatedAt;
    // A column of this row or of its attempts that kandev cannot read (table,
    // row and column named): the route is shown as unreadable, nothing is predicted.
    std::string rowError;
};

struct RouteAttemptRow {
    std::string sessionId;
    std::string executionProfileId;
    std::int64_t routeGeneration = 0;
    std::int64_t profileVersion = 0;
    std::string reason;
    std::optional<policy::Seconds> createdAt;
};

struct CircuitRow {
    std::string resourceKey;
    std::string state;
    std::optional<policy::Seconds> untilAt;
    std::string code;
    std::optional<policy::Seconds> probeUntil;
};

struct LiveRoutesRead {
    // An older kandev has none of these tables; each is said separately.
    bool hasRouteStates = false;
    bool hasRouteAttempts = false;
    bool hasCircuits = false;
    std::vector<RouteStateRow> routes;  // ordered by profile, then session
    std::vector<RouteAttemptRow> attempts;  // the newest kRouteHistoryAttempts per session, by session then generation
    std::map<std::string, std::int64_t> earlierAttempts;  // session -> attempts older than those read
    std::vector<CircuitRow> circuits;  // ordered by key
    bool hasTables() const
    {
        return hasRouteStates;
    }
};

// --- analysis

// kandev's route states; anything else is Unknown and shown as stored.
enum class RouteState { Selecting, Starting, Waiting, Retrying, RetryWait, WaitingForReset, ActionRequired, Unknown };
RouteState routeStateFromName(std::string_view name) noexcept;
std::string_view routeStateName(RouteState s) noexcept;  // "" for Unknown
// A state whose route waits for its deadline (retry_wait, waiting_for_reset).
bool isScheduled(RouteState s) noexcept;

// What the evaluator decides if the snapshot's failure repeats when the deadline passes.
struct NextStep {
    policy::DecisionKind kind = policy::DecisionKind::Stop;
    policy::ErrorClass errorClass = policy::ErrorClass::Unclassified;
    std::int64_t retryOrdinal = 0;  // RetryWait: which retry
    std::int64_t maxRetries = 0;  // RetryWait: of how many
    std::int64_t delaySeconds = 0;  // RetryWait, WaitingForReset
    policy::Outcome then = policy::Outcome::Stop;  // RetryWait, WaitingForReset: once recovery is used up
    // Skip (or `then` skip): the candidate the route goes to; "" when none is left.
    std::string nextCandidate;
    bool gateStop = false;  // Stop because the snapshot's policies or class allow nothing else
};

// The class policy a route was scheduled under against the one being edited.
struct PolicyDrift {
    policy::ErrorClass errorClass = policy::ErrorClass::Transient;
    policy::ClassPolicy scheduled;
    policy::ClassPolicy editing;
};

struct LiveRoute {
    RouteStateRow row;
    RouteState state = RouteState::Unknown;
    std::optional<format::RouteSnapshot> snapshot;
    std::string snapshotError;  // unreadable policy_state_json: why
    std::optional<policy::ErrorClass> failureClass;  // the snapshot's class, when it names one
    std::vector<RouteAttemptRow> history;  // the newest attempts, oldest first
    std::int64_t earlierAttempts = 0;  // attempts before those in history, not read
    bool candidateInRoute = false;  // the owning candidate is in the document's route
    std::optional<PolicyDrift> drift;
    std::optional<NextStep> next;  // scheduled routes with a readable snapshot
};

struct ActiveCircuit {
    CircuitRow row;
    policy::Seconds until {};  // when kandev may select again
    std::string candidate;  // "profile:<id>" keys: the execution profile id, else ""
};

struct LiveRoutes {
    bool hasTables = false;
    std::vector<LiveRoute> routes;
    std::vector<ActiveCircuit> circuits;  // blocking now
    // Each agent profile's display name, by id, from the document.
    std::unordered_map<std::string, std::string> names;
    int countInProfile(const std::string& profileId) const;
    // What people call a candidate ("Codex GPT-5"): its profile's name where
    // the document has one, else its id; "" stays "".
    std::string nameOf(const std::string& executionProfileId) const;
};

// Only the routes of `profileId` (every route when empty). The document gives
// each profile's candidates as they are being edited; `now` decides which
// circuits block (open until after now, or half open with a probe running).
LiveRoutes analyseLiveRoutes(
    const LiveRoutesRead& read, const format::Document& document, const std::string& profileId, policy::Seconds now);

// The scenario that continues `route` in the timeline: from its deadline (or
// now), the snapshot's failure on every attempt, its ordinal and reset waits
// used, and the circuits blocking now.
policy::Scenario scenarioForRoute(
    const LiveRoute& route, const std::vector<ActiveCircuit>& circuits, policy::Seconds now);

// "3 retries from 5 s" / "wait up to 5 min for a reset, then 1 retry from 30 s" / "no wait, no retry",
// with ", then skip" / ", then stop" when withOutcome is set.
std::string briefClassPolicy(const policy::ClassPolicy& p, bool withOutcome = false);

// --- output for policyctl routes

// "if the same error repeats at the deadline: retry 2 of 3 in 10 s, then skip to codex-gpt5"
std::string describeNextStep(const NextStep& next);
// "scheduled under 3 retries from 5 s; you are editing 1 retry from 30 s"
std::string describeDrift(const PolicyDrift& drift);
std::string renderLiveRoutesText(const LiveRoutes& routes, policy::Seconds now);
nlohmann::ordered_json liveRoutesJson(const LiveRoutes& routes, policy::Seconds now);

}  // namespace routes
