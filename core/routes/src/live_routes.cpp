// SPDX-License-Identifier: Apache-2.0
#include "routes/live_routes.h"

#include "check/document_check.h"

#include "english/english.h"

#include "policy/policy_keys.h"
#include "policy/text.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <unordered_map>

namespace routes
{

using check::routeCandidates;

namespace
{

using Json = nlohmann::ordered_json;

constexpr std::array<std::pair<RouteState, std::string_view>, 7> kStateNames {{
    {RouteState::Selecting, "selecting"},
    {RouteState::Starting, "starting"},
    {RouteState::Waiting, "waiting"},
    {RouteState::Retrying, "retrying"},
    {RouteState::RetryWait, "retry_wait"},
    {RouteState::WaitingForReset, "waiting_for_reset"},
    {RouteState::ActionRequired, "action_required"},
}};

std::optional<policy::ErrorClass> classFromName(std::string_view name)
{
    if (name == "transient")
        return policy::ErrorClass::Transient;
    if (name == "hard")
        return policy::ErrorClass::Hard;
    return std::nullopt;
}

std::string_view className(policy::ErrorClass c)
{
    switch (c) {
    case policy::ErrorClass::Transient: return "transient";
    case policy::ErrorClass::Hard: return "hard";
    default: return "unclassified";
    }
}

const format::ProfileRecord* findProfile(
    const format::Document& document, const std::string& id, std::size_t* index = nullptr)
{
    for (std::size_t i = 0; i < document.profiles.size(); ++i) {
        if (document.profiles[i].id == id) {
            if (index)
                *index = i;
            return &document.profiles[i];
        }
    }
    return nullptr;
}

// The candidate the route reaches once it leaves its owner, replayed as the
// timeline replays it: the snapshot's failure repeats from the deadline under
// the policy the route was scheduled with, and a circuit passes a candidate
// over only while it is open at the instant the route reaches it (SPEC 6),
// not because it is open now. "" when none is left.
std::string candidateAfter(const LiveRoute& live, std::vector<policy::RouteCandidate> route,
    const std::vector<ActiveCircuit>& circuits, policy::Seconds now)
{
    const std::string& owner = live.row.executionProfileId;
    const auto it
        = std::find_if(route.begin(), route.end(), [&](const auto& c) { return c.executionProfileId == owner; });
    if (it == route.end() || !live.snapshot || !live.snapshot->policies)
        return {};
    it->policies = *live.snapshot->policies;
    it->configurationError.reset();
    const policy::Timeline timeline = policy::simulateRouteCycle(route, scenarioForRoute(live, circuits, now));
    for (const policy::TimelineEvent& e : timeline.events) {
        if (e.kind == policy::EventKind::Attempt && e.candidate != owner)
            return e.candidate;
    }
    return {};
}

bool blocksAt(const CircuitRow& c, policy::Seconds now, policy::Seconds* until)
{
    if (c.state == "open" && c.untilAt && *c.untilAt > now) {
        *until = *c.untilAt;
        return true;
    }
    if (c.state == "half_open" && c.probeUntil && *c.probeUntil > now) {
        *until = *c.probeUntil;
        return true;
    }
    return false;
}

// `analysed`: the circuits blocking now and the profiles' names.
std::optional<NextStep> evaluateNext(const LiveRoute& live, const std::vector<policy::RouteCandidate>& route,
    const LiveRoutes& analysed, policy::Seconds now)
{
    const format::RouteSnapshot& s = *live.snapshot;
    if (!s.policies)
        return std::nullopt;
    policy::Failure failure;
    failure.code = s.failureCode;
    failure.statedClass = s.failureClass;
    failure.catalogueVersion = s.catalogueVersion;
    policy::EvaluationInput input;
    input.failure = failure;
    input.now = s.deadline.value_or(now);
    input.retryOrdinal = s.retryOrdinal;
    const policy::ErrorClass cls = policy::resolveClass(failure);
    input.resetWaitUsed = cls != policy::ErrorClass::Unclassified && s.resetWaitUsed(cls);
    input.effectSafe = true;
    const policy::Decision d = policy::evaluate(*s.policies, input);

    NextStep next;
    next.kind = d.kind;
    next.errorClass = d.errorClass.value_or(policy::ErrorClass::Unclassified);
    next.retryOrdinal = d.retryOrdinal;
    if (cls != policy::ErrorClass::Unclassified)
        next.maxRetries = s.policies->forClass(cls).retry.maxRetries;
    if (d.deadline)
        next.delaySeconds = (*d.deadline - input.now).count();
    next.then = d.pendingOutcome;
    next.gateStop = d.kind == policy::DecisionKind::Stop && next.errorClass == policy::ErrorClass::Unclassified;
    const bool skips = d.kind == policy::DecisionKind::Skip
        || (d.kind != policy::DecisionKind::Stop && d.pendingOutcome == policy::Outcome::Skip);
    if (skips) {
        next.nextCandidate = analysed.nameOf(candidateAfter(live, route, analysed.circuits, now));
    }
    return next;
}

// The first class (the failure's, else transient then hard) whose scheduled policy
// is not the one being edited.
std::optional<PolicyDrift> driftOf(const policy::PolicyDocument& scheduled, const policy::PolicyDocument& editing,
    std::optional<policy::ErrorClass> failureClass)
{
    std::vector<policy::ErrorClass> classes;
    if (failureClass)
        classes = {*failureClass};
    else
        classes = {policy::ErrorClass::Transient, policy::ErrorClass::Hard};
    for (const policy::ErrorClass c : classes) {
        if (scheduled.forClass(c) != editing.forClass(c))
            return PolicyDrift {c, scheduled.forClass(c), editing.forClass(c)};
    }
    return std::nullopt;
}

std::string plural(std::int64_t n, std::string_view one, std::string_view many)
{
    return std::to_string(n) + " " + std::string(n == 1 ? one : many);
}

std::string outcomeWords(policy::Outcome o)
{
    return o == policy::Outcome::Stop ? "stop" : o == policy::Outcome::Skip ? "skip" : "no outcome";
}

std::string timeOrNone(const std::optional<policy::Seconds>& t)
{
    return t ? policy::formatRfc3339(*t) : std::string("-");
}

Json timeJson(const std::optional<policy::Seconds>& t)
{
    return t ? Json(policy::formatRfc3339(*t)) : Json(nullptr);
}

std::string untilText(policy::Seconds deadline, policy::Seconds now)
{
    const auto left = (deadline - now).count();
    if (left <= 0)
        return "due now";
    return "in " + english::formatDuration(left);
}

}  // namespace

RouteState routeStateFromName(std::string_view name) noexcept
{
    for (const auto& [state, n] : kStateNames) {
        if (n == name)
            return state;
    }
    return RouteState::Unknown;
}

std::string_view routeStateName(RouteState s) noexcept
{
    for (const auto& [state, n] : kStateNames) {
        if (state == s)
            return n;
    }
    return {};
}

bool isScheduled(RouteState s) noexcept
{
    return s == RouteState::RetryWait || s == RouteState::WaitingForReset;
}

std::string LiveRoutes::nameOf(const std::string& executionProfileId) const
{
    const auto it = names.find(executionProfileId);
    return it != names.end() ? it->second : executionProfileId;
}

int LiveRoutes::countInProfile(const std::string& profileId) const
{
    return static_cast<int>(std::count_if(
        routes.begin(), routes.end(), [&](const LiveRoute& r) { return r.row.logicalProfileId == profileId; }));
}

LiveRoutes analyseLiveRoutes(
    const LiveRoutesRead& read, const format::Document& document, const std::string& profileId, policy::Seconds now)
{
    LiveRoutes out;
    out.hasTables = read.hasTables();
    for (const format::ProfileRecord& p : document.profiles) {
        if (!p.id.empty() && !p.name.empty())
            out.names.emplace(p.id, p.name);
    }
    for (const CircuitRow& c : read.circuits) {
        policy::Seconds until {};
        if (!blocksAt(c, now, &until))
            continue;
        ActiveCircuit active {c, until, {}};
        if (c.resourceKey.starts_with("profile:"))
            active.candidate = c.resourceKey.substr(8);
        out.circuits.push_back(std::move(active));
    }

    // Each session's attempts, and each profile's candidates resolved once, not once per route.
    std::unordered_map<std::string, std::vector<RouteAttemptRow>> history;
    for (const RouteAttemptRow& a : read.attempts)
        history[a.sessionId].push_back(a);
    std::unordered_map<std::string, std::vector<policy::RouteCandidate>> routes;
    format::PolicyJsonCache policyCache;

    for (const RouteStateRow& row : read.routes) {
        if (!profileId.empty() && row.logicalProfileId != profileId)
            continue;
        LiveRoute r;
        r.row = row;
        r.state = routeStateFromName(row.state);
        if (!row.rowError.empty()) {
            // Nothing of a row that cannot be read is interpreted.
        } else if (row.policyStateTooLong) {
            r.snapshotError = "policy_state_json is longer than " + std::to_string(format::kMaxRouteSnapshotCharacters)
                + " characters and was not read";
        } else {
            format::RouteSnapshotRead snapshot = format::parseRouteSnapshot(row.policyStateJson, &policyCache);
            r.snapshot = std::move(snapshot.snapshot);
            r.snapshotError = std::move(snapshot.error);
        }
        if (r.snapshot)
            r.failureClass = classFromName(r.snapshot->failureClass);
        if (const auto h = history.find(row.sessionId); h != history.end())
            r.history = std::move(h->second);
        if (const auto e = read.earlierAttempts.find(row.sessionId); e != read.earlierAttempts.end())
            r.earlierAttempts = e->second;

        auto cached = routes.find(row.logicalProfileId);
        if (cached == routes.end()) {
            std::size_t profileIndex = 0;
            const format::ProfileRecord* profile = findProfile(document, row.logicalProfileId, &profileIndex);
            // A bare dynamic document has no id: it stands for whichever profile is asked for.
            if (!profile && document.profiles.size() == 1 && document.profiles.front().id.empty())
                profile = &document.profiles.front();
            std::vector<policy::RouteCandidate> candidates;
            if (profile && profile->isDynamic())
                candidates = routeCandidates(document, profileIndex);
            cached = routes.emplace(row.logicalProfileId, std::move(candidates)).first;
        }
        const std::vector<policy::RouteCandidate>& route = cached->second;
        const auto owner = std::find_if(route.begin(), route.end(),
            [&](const policy::RouteCandidate& c) { return c.executionProfileId == row.executionProfileId; });
        r.candidateInRoute = owner != route.end();
        if (r.snapshot && r.snapshot->policies && r.candidateInRoute && !owner->configurationError)
            r.drift = driftOf(*r.snapshot->policies, owner->policies, r.failureClass);
        if (r.snapshot && isScheduled(r.state))
            r.next = evaluateNext(r, route, out, now);
        out.routes.push_back(std::move(r));
    }
    return out;
}

policy::Scenario scenarioForRoute(
    const LiveRoute& route, const std::vector<ActiveCircuit>& circuits, policy::Seconds now)
{
    policy::Scenario s;
    s.name = "route " + route.row.sessionId;
    s.start = now;
    policy::ScenarioAttempt failure;
    if (route.snapshot) {
        s.start = route.snapshot->deadline.value_or(now);
        failure.code = route.snapshot->failureCode;
        failure.statedClass = route.snapshot->failureClass;
        s.from = policy::RouteStartState {route.row.executionProfileId, route.snapshot->retryOrdinal,
            route.snapshot->transientResetWaitUsed, route.snapshot->hardResetWaitUsed};
    } else {
        s.from = policy::RouteStartState {route.row.executionProfileId, 0, false, false};
    }
    if (failure.code.empty())
        failure.code = "unknown";
    s.attempts = {failure};
    s.then = policy::ScenarioThen::Repeat;
    for (const ActiveCircuit& c : circuits) {
        if (!c.candidate.empty())
            s.circuits.push_back(policy::CircuitPause {c.candidate, c.until, c.row.code, c.row.resourceKey});
    }
    return s;
}

std::string briefClassPolicy(const policy::ClassPolicy& p, bool withOutcome)
{
    std::string text;
    if (p.waitForReset.enabled)
        text = "wait up to " + english::formatDuration(p.waitForReset.maxWaitSeconds) + " for a reset";
    if (p.retry.enabled && p.retry.maxRetries > 0) {
        if (!text.empty())
            text += ", then ";
        text += plural(p.retry.maxRetries, "retry", "retries") + " from "
            + english::formatDuration(p.retry.initialIntervalSeconds);
    }
    if (text.empty())
        text = "no wait, no retry";
    if (withOutcome)
        text += ", then " + outcomeWords(p.onExhausted);
    return text;
}

std::string describeNextStep(const NextStep& next)
{
    auto destination = [&] {
        return next.nextCandidate.empty() ? std::string("skip, but no candidate is left (the route waits)")
                                          : "skip to " + next.nextCandidate;
    };
    auto afterwards
        = [&] { return next.then == policy::Outcome::Skip ? destination() : std::string("stop for a person"); };
    std::string text = "if the same error repeats at the deadline: ";
    switch (next.kind) {
    case policy::DecisionKind::RetryWait:
        return text + "retry " + std::to_string(next.retryOrdinal) + " of " + std::to_string(next.maxRetries) + " in "
            + english::formatDuration(next.delaySeconds) + ", then " + afterwards();
    case policy::DecisionKind::WaitingForReset:
        return text + "wait " + english::formatDuration(next.delaySeconds) + " for the provider's reset, then "
            + afterwards();
    case policy::DecisionKind::Skip: return text + destination();
    case policy::DecisionKind::Stop:
        return text + (next.gateStop ? "stop for a person (the error is not classified)" : "stop for a person");
    }
    return text;
}

std::string describeDrift(const PolicyDrift& drift)
{
    const bool outcomes = drift.scheduled.onExhausted != drift.editing.onExhausted;
    return std::string(drift.errorClass == policy::ErrorClass::Hard ? "hard errors" : "transient errors")
        + " scheduled under " + briefClassPolicy(drift.scheduled, outcomes) + "; you are editing "
        + briefClassPolicy(drift.editing, outcomes);
}

std::string renderLiveRoutesText(const LiveRoutes& routes, policy::Seconds now)
{
    if (!routes.hasTables)
        return "this database has no route-state tables (kandev older than August 2026): no live routes to show\n";
    // Every line's content is escaped as a whole: a session id, a profile
    // name or a circuit key holding a newline cannot forge a line.
    std::string out;
    const auto line = [&](const std::string& content) {
        policy::escapeControls(out, content);
        out += '\n';
    };
    line(plural(static_cast<std::int64_t>(routes.routes.size()), "route", "routes") + " running at "
        + policy::formatRfc3339(now));
    for (const LiveRoute& r : routes.routes) {
        out += '\n';
        line("session " + r.row.sessionId + "  profile " + r.row.logicalProfileId + " (version "
            + std::to_string(r.row.profileVersion) + ")");
        line("  candidate: " + (r.row.executionProfileId.empty() ? std::string("-") : r.row.executionProfileId)
            + (!r.row.executionProfileId.empty() && !r.candidateInRoute ? " (no longer in the route being edited)"
                                                                        : ""));
        line("  state: " + r.row.state + (r.state == RouteState::Unknown ? " (unknown state, shown as stored)" : ""));
        if (!r.row.rowError.empty()) {
            line("  row: unreadable: " + r.row.rowError);
        } else if (!r.snapshotError.empty()) {
            line("  policy state: unreadable: " + r.snapshotError);
        } else if (r.snapshot) {
            const format::RouteSnapshot& s = *r.snapshot;
            line("  failure: " + (s.failureCode.empty() ? std::string("-") : s.failureCode)
                + (s.failureClass.empty() ? std::string() : " (" + s.failureClass + ")") + ", retry ordinal "
                + std::to_string(s.retryOrdinal) + ", reset waits used: transient "
                + (s.transientResetWaitUsed ? "yes" : "no") + ", hard " + (s.hardResetWaitUsed ? "yes" : "no"));
            if (s.deadline)
                line("  deadline: " + policy::formatRfc3339(*s.deadline) + " (" + untilText(*s.deadline, now) + ")");
            if (!s.pendingOutcome.empty())
                line("  pending outcome: " + s.pendingOutcome);
            if (!s.policiesError.empty())
                line("  scheduled policy: unreadable: " + s.policiesError);
        } else {
            line("  policy state: none (no provider failure yet)");
        }
        if (r.next)
            line("  next: " + describeNextStep(*r.next));
        if (r.drift)
            line("  differs: " + describeDrift(*r.drift));
        if (r.earlierAttempts > 0)
            line(
                "  history: and " + plural(r.earlierAttempts, "earlier attempt", "earlier attempts") + " before these");
        for (const RouteAttemptRow& a : r.history) {
            line("  history: generation " + std::to_string(a.routeGeneration) + " " + a.executionProfileId + " ("
                + (a.reason.empty() ? std::string("-") : a.reason) + ", version " + std::to_string(a.profileVersion)
                + ") at " + timeOrNone(a.createdAt));
        }
    }
    if (!routes.circuits.empty())
        out += '\n';
    for (const ActiveCircuit& c : routes.circuits) {
        line("circuit " + c.row.resourceKey + " " + c.row.state + " until " + policy::formatRfc3339(c.until) + " ("
            + (c.row.code.empty() ? std::string("no code") : c.row.code) + ", " + untilText(c.until, now) + ")"
            + (c.candidate.empty() ? std::string(": shared by the candidates using these credentials")
                                   : ": " + c.candidate + " is passed over"));
    }
    return out;
}

Json liveRoutesJson(const LiveRoutes& routes, policy::Seconds now)
{
    Json root = Json::object();
    root["has_route_tables"] = routes.hasTables;
    root["now"] = policy::formatRfc3339(now);
    Json list = Json::array();
    for (const LiveRoute& r : routes.routes) {
        Json j = Json::object();
        j["session_id"] = r.row.sessionId;
        j["logical_profile_id"] = r.row.logicalProfileId;
        j["execution_profile_id"] = r.row.executionProfileId;
        j["candidate_in_route"] = r.candidateInRoute;
        j["route_generation"] = r.row.routeGeneration;
        j["profile_version"] = r.row.profileVersion;
        j["state"] = r.row.state;
        j["state_known"] = r.state != RouteState::Unknown;
        j["updated_at"] = timeJson(r.row.updatedAt);
        if (!r.row.rowError.empty())
            j["row_error"] = r.row.rowError;
        if (!r.snapshotError.empty())
            j["policy_state_error"] = r.snapshotError;
        if (r.snapshot) {
            const format::RouteSnapshot& s = *r.snapshot;
            j["failure_code"] = s.failureCode;
            j["failure_class"] = s.failureClass;
            j["catalogue_version"] = s.catalogueVersion;
            j["retry_ordinal"] = s.retryOrdinal;
            j["reset_wait_classes"] = Json {{"transient", s.transientResetWaitUsed}, {"hard", s.hardResetWaitUsed}};
            j["deadline"] = timeJson(s.deadline);
            j["seconds_until_deadline"] = s.deadline ? Json((*s.deadline - now).count()) : Json(nullptr);
            j["pending_outcome"] = s.pendingOutcome;
            if (!s.policiesError.empty())
                j["policy_json_error"] = s.policiesError;
        }
        if (r.next) {
            const NextStep& n = *r.next;
            Json next = Json::object();
            next["decision"] = policy::decisionKindName(n.kind);
            next["error_class"] = className(n.errorClass);
            if (n.kind == policy::DecisionKind::RetryWait) {
                next["retry_ordinal"] = n.retryOrdinal;
                next[std::string(policy::keys::kMaxRetries)] = n.maxRetries;
            }
            if (n.kind == policy::DecisionKind::RetryWait || n.kind == policy::DecisionKind::WaitingForReset) {
                next["delay_seconds"] = n.delaySeconds;
                next["pending_outcome"] = policy::outcomeName(n.then);
            }
            next["next_candidate"] = n.nextCandidate.empty() ? Json(nullptr) : Json(n.nextCandidate);
            next["text"] = describeNextStep(n);
            j["next"] = std::move(next);
        }
        if (r.drift) {
            j["drift"] = Json {{"error_class", className(r.drift->errorClass)},
                {"scheduled", briefClassPolicy(r.drift->scheduled, true)},
                {"editing", briefClassPolicy(r.drift->editing, true)}, {"text", describeDrift(*r.drift)}};
        }
        Json history = Json::array();
        for (const RouteAttemptRow& a : r.history) {
            history.push_back(Json {{"execution_profile_id", a.executionProfileId},
                {"route_generation", a.routeGeneration}, {"profile_version", a.profileVersion}, {"reason", a.reason},
                {"created_at", timeJson(a.createdAt)}});
        }
        j["history"] = std::move(history);
        j["earlier_attempts"] = r.earlierAttempts;
        list.push_back(std::move(j));
    }
    root["routes"] = std::move(list);
    Json circuits = Json::array();
    for (const ActiveCircuit& c : routes.circuits) {
        circuits.push_back(Json {{"resource_key", c.row.resourceKey}, {"state", c.row.state},
            {"until", policy::formatRfc3339(c.until)}, {"code", c.row.code},
            {"execution_profile_id", c.candidate.empty() ? Json(nullptr) : Json(c.candidate)}});
    }
    root["circuits"] = std::move(circuits);
    return root;
}

}  // namespace routes
