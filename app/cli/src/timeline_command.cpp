// SPDX-License-Identifier: Apache-2.0
#include "args.h"
#include "commands.h"

#include "english/english.h"
#include "format/scenario.h"
#include "store/file_store.h"

#include "policy/catalogue.h"
#include "policy/review.h"
#include "policy/timeline_compare.h"

#include <nlohmann/json.hpp>

#include <ostream>
#include <variant>

namespace cli
{

using Json = nlohmann::ordered_json;

namespace
{

std::string help()
{
    std::string presets;
    for (const auto& p : policy::scenarioPresets())
        presets += "  " + std::string(p.id) + std::string(30 - std::min<std::size_t>(p.id.size(), 28), ' ')
            + p.scenario.name + (p.id == policy::kDefaultScenarioId ? " (default)" : "") + "\n";
    return R"(usage: policyctl timeline [--format text|json] [--scenario NAME|FILE] [--profile ID] [--compare OTHER] FILE

Simulates one route cycle across the candidates of the dynamic profile in
FILE (any file shape; --profile picks one from an export, by default the
first dynamic profile) for a failure scenario, and prints every event, the
totals and the review warnings. Legacy rules are migrated in memory.

With --compare, OTHER is the policy before a change (the saved one) and FILE
the policy after it: both are simulated for the same scenario, and the output
adds how each ends, the first event where they differ and a one-line summary
("+1 attempt, +1 retry, 40 s longer"). Both must hold the same profile (the
same id, or one of them a bare document); a side that cannot be simulated (an
invalid policy, rules that cannot be migrated) is an error, never "no change".

scenario presets:
)" + presets
        + R"(
A scenario FILE is JSON:
  {"name":N?,"start":T?,"attempts":[{"code":C,"reset_after_seconds":n?,"effect_safe":b?,
   "confidence":c?,"class":K?} | {"success":true}, ...],"then":"repeat"|"success"}
The i-th attempt of the cycle meets the i-th entry; after the last, "then"
says whether the last failure repeats (default) or the next attempt succeeds.

options:
  --format text|json   output format (default: text)
  --scenario NAME|FILE a preset name or a scenario file (default: )"
        + std::string(policy::kDefaultScenarioId) + R"()
  --profile ID         the dynamic profile to simulate, from an export
  --compare OTHER      compare with OTHER, the policy before the change
  --help               show this help

exit codes: 0 success, 1 invalid document or scenario (with --compare: either
side cannot be simulated, or the two hold different profiles), 2 usage error
or unreadable file
)";
}

Json eventJson(const policy::TimelineEvent& e)
{
    using policy::EventKind;
    Json j = Json::object();
    j["t"] = policy::formatRfc3339(e.t);
    j["offset_seconds"] = e.offsetSeconds;
    j["event"] = std::string(policy::eventKindName(e.kind));
    auto failure = [&] {
        j["candidate"] = e.candidate;
        j["code"] = e.code;
        j["class"] = std::string(policy::errorClassName(e.errorClass));
    };
    switch (e.kind) {
    case EventKind::Attempt:
        j["attempt"] = e.attempt;
        j["candidate"] = e.candidate;
        j["position"] = e.candidateIndex;
        break;
    case EventKind::RetryWait:
        failure();
        j["retry_ordinal"] = e.retryOrdinal;
        j["delay_seconds"] = e.delaySeconds;
        j["deadline"] = policy::formatRfc3339(e.deadline);
        j["pending_outcome"] = std::string(policy::outcomeName(e.pendingOutcome));
        break;
    case EventKind::WaitForReset:
        failure();
        j["delay_seconds"] = e.delaySeconds;
        j["deadline"] = policy::formatRfc3339(e.deadline);
        j["pending_outcome"] = std::string(policy::outcomeName(e.pendingOutcome));
        break;
    case EventKind::Skip:
    case EventKind::Stop: failure(); break;
    case EventKind::Success: j["candidate"] = e.candidate; break;
    case EventKind::Exhausted: j["reason"] = e.reason; break;
    case EventKind::ConfigError:
        j["candidate"] = e.candidate;
        j["error"] = e.reason;
        break;
    case EventKind::Truncated: break;
    case EventKind::CircuitOpen:
        j["candidate"] = e.candidate;
        j["code"] = e.code;
        j["resource_key"] = e.resourceKey;
        j["until"] = policy::formatRfc3339(e.deadline);
        break;
    }
    return j;
}

std::string eventText(const policy::TimelineEvent& e)
{
    using policy::EventKind;
    const std::string cls = std::string(policy::errorClassName(e.errorClass));
    switch (e.kind) {
    case EventKind::Attempt:
        return "attempt " + std::to_string(e.attempt) + " on " + e.candidate + " (position "
            + std::to_string(e.candidateIndex) + ")";
    case EventKind::RetryWait:
        return e.code + " (" + cls + "): retry " + std::to_string(e.retryOrdinal) + " of " + e.candidate + " after "
            + english::formatDuration(e.delaySeconds) + ", then " + std::string(policy::outcomeName(e.pendingOutcome));
    case EventKind::WaitForReset:
        return e.code + " (" + cls + "): wait " + english::formatDuration(e.delaySeconds)
            + " for the provider reset, then try " + e.candidate + " again";
    case EventKind::Skip: return e.code + " (" + cls + "): skip " + e.candidate + ", go to the next candidate";
    case EventKind::Stop:
        return e.code + " (" + cls + "): stop on " + e.candidate + "; action required"
            + (e.gateStop ? " (safety gate: unclassified or not effect-safe)" : "");
    case EventKind::Success: return "success on " + e.candidate;
    case EventKind::Exhausted: return "no eligible candidate left; the route waits (" + e.reason + ")";
    case EventKind::ConfigError: return "configuration error on " + e.candidate + ": " + e.reason;
    case EventKind::Truncated: return "simulation stopped at its event limit";
    case EventKind::CircuitOpen:
        return e.candidate + " passed over: its circuit (" + e.resourceKey + ", " + e.code + ") is open until "
            + policy::formatRfc3339(e.deadline);
    }
    return {};
}

std::string warningText(const policy::ReviewWarning& w, const std::vector<policy::RouteCandidate>& candidates)
{
    using policy::ReviewWarningCode;
    const std::string who = w.candidateIndex ? "candidate " + std::to_string(*w.candidateIndex) + " \""
            + candidates[*w.candidateIndex].executionProfileId + "\""
                                             : std::string();
    const std::string cls = w.errorClass ? std::string(policy::errorClassName(*w.errorClass)) : std::string();
    switch (w.code) {
    case ReviewWarningCode::DisabledCandidate: return who + " is disabled and never tried";
    case ReviewWarningCode::InvalidCandidate: return who + " is invalid and stops every cycle that reaches it";
    case ReviewWarningCode::UnreachableCandidate:
        return who + " is never reached for " + cls + " errors: an earlier candidate stops";
    case ReviewWarningCode::AllCandidatesSkip:
        return "every candidate skips " + cls + " errors: the route ends with no eligible candidate";
    case ReviewWarningCode::HardRetryWithoutResetWait:
        return who
            + " retries hard errors without waiting for a reset; quota or credential errors rarely clear that fast";
    case ReviewWarningCode::NoEnabledCandidate: return "no candidate is enabled";
    case ReviewWarningCode::IneligibleCandidate:
        return who
            + " references a profile it may not use (unknown, deleted, disabled, dynamic or with automatic fallback)";
    }
    return {};
}

Json warningJson(const policy::ReviewWarning& w, const std::vector<policy::RouteCandidate>& candidates)
{
    Json j = Json::object();
    j["code"] = std::string(policy::reviewWarningName(w.code));
    if (w.candidateIndex) {
        j["position"] = *w.candidateIndex;
        j["candidate"] = candidates[*w.candidateIndex].executionProfileId;
    }
    if (w.errorClass)
        j["class"] = std::string(policy::errorClassName(*w.errorClass));
    j["message"] = warningText(w, candidates);
    return j;
}

Json worstCaseJson(const policy::ClassWorstCase& w, const std::vector<policy::RouteCandidate>& candidates)
{
    Json j = Json::object();
    j["worst_case_seconds"] = w.seconds;
    j["final_outcome"] = w.finalOutcome == policy::Outcome::Stop ? "stop" : "no_eligible_candidate";
    j["stopping_candidate"]
        = w.stoppingCandidate ? Json(candidates[*w.stoppingCandidate].executionProfileId) : Json(nullptr);
    return j;
}

// One side of the command: a file, the dynamic profile chosen in it, and its route.
struct LoadedRoute {
    CheckedFile file;
    std::size_t profile = 0;
    std::vector<policy::RouteCandidate> candidates;
};

// Reads `path` and picks the profile (--profile, else the first dynamic
// one); on failure prints why and returns the exit code.
std::variant<LoadedRoute, int> loadRoute(
    const std::string& path, const std::optional<std::string>& profileId, const char* label, Io& io)
{
    LoadedRoute route;
    route.file = readAndCheck(path, io.in, format::RecordSources::Drop);
    if (route.file.readError) {
        io.err << "policyctl timeline: " << label << shown(*route.file.readError) << "\n";
        return kExitUsage;
    }
    if (!route.file.check.document) {
        for (const auto& e : route.file.check.errors)
            io.err << formatDiagnostic(path, e) << "\n";
        return kExitInvalid;
    }
    const format::Document& doc = *route.file.check.document;
    std::optional<std::size_t> chosen;
    for (std::size_t i = 0; i < doc.profiles.size() && !chosen; ++i) {
        if (doc.profiles[i].dynamic && (!profileId || doc.profiles[i].id == *profileId))
            chosen = i;
    }
    if (!chosen) {
        io.err << "policyctl timeline: " << label << shown(path)
               << (profileId ? ": no dynamic profile with id '" + shown(*profileId) + "'"
                             : std::string(": holds no dynamic profile"))
               << "\n";
        return kExitInvalid;
    }
    route.profile = *chosen;
    route.candidates = check::routeCandidates(doc, *chosen);
    return route;
}

// Both sides can be simulated and hold the same profile; otherwise prints
// why (each file's problems with their field paths) and returns false.
bool comparable(
    const LoadedRoute& before, const LoadedRoute& after, const policy::TimelineComparison& comparison, Io& io)
{
    const std::string& beforeId = before.file.check.document->profiles[before.profile].id;
    const std::string& afterId = after.file.check.document->profiles[after.profile].id;
    if (!beforeId.empty() && !afterId.empty() && beforeId != afterId) {
        io.err << "policyctl timeline: cannot compare different profiles: " << shown(after.file.path) << " holds '"
               << shown(afterId) << "', --compare " << shown(before.file.path) << " holds '" << shown(beforeId)
               << "' (pick one with --profile ID)\n";
        return false;
    }
    const auto explain = [&io](const LoadedRoute& side, const std::optional<policy::RouteProblem>& problem,
                             const char* role) {
        if (!problem)
            return;
        for (const auto& e : side.file.check.errors)
            io.err << formatDiagnostic(side.file.path, e) << "\n";
        io.err << "policyctl timeline: cannot compare: candidate " << problem->candidateIndex << " '"
               << shown(problem->candidate) << "' of " << role << shown(side.file.path) << " cannot be simulated";
        if (problem->issue)
            io.err << " ("
                   << shown(format::joinPath(side.file.check.document->dynamicPath(side.profile), problem->issue->path))
                   << ")";
        else if (!problem->configurationError.empty())
            io.err << " (" << shown(problem->configurationError) << ")";
        io.err << "\n";
    };
    explain(before, comparison.beforeProblem, "--compare ");
    explain(after, comparison.afterProblem, "");
    return comparison.comparable();
}

Json totalsJson(const policy::Timeline& timeline, const policy::RouteReview& review,
    const std::vector<policy::RouteCandidate>& candidates)
{
    Json totals = Json::object();
    totals["attempts"] = timeline.totals.attempts;
    totals["duration_seconds"] = timeline.totals.durationSeconds;
    totals["retry_wait_seconds"] = timeline.totals.retryWaitSeconds;
    totals["reset_wait_seconds"] = timeline.totals.resetWaitSeconds;
    totals["candidates_tried"] = timeline.totals.candidatesTried;
    totals["outcome"] = std::string(policy::eventKindName(timeline.totals.finalEvent));
    totals["transient"] = worstCaseJson(review.transient, candidates);
    totals["hard"] = worstCaseJson(review.hard, candidates);
    return totals;
}

Json eventsJson(const policy::Timeline& timeline)
{
    Json events = Json::array();
    for (const auto& e : timeline.events)
        events.push_back(eventJson(e));
    return events;
}

Json endingJson(const policy::TimelineEnding& ending)
{
    Json j = Json::object();
    j["kind"] = std::string(policy::endingKindName(ending.kind));
    j["candidate"] = ending.candidateIndex ? Json(ending.candidate) : Json(nullptr);
    j["position"] = ending.candidateIndex ? Json(*ending.candidateIndex) : Json(nullptr);
    if (ending.kind == policy::EndingKind::Stop) {
        j["code"] = ending.code;
        j["gate_stop"] = ending.gateStop;
    }
    return j;
}

// The "compare" object: the before side's own events and totals, and what changed.
Json compareJson(const std::string& otherPath, const policy::Timeline& before, const policy::RouteReview& review,
    const std::vector<policy::RouteCandidate>& candidates, const policy::TimelineComparison& c)
{
    Json delta = Json::object();
    delta["attempts"] = c.delta.attempts;
    delta["retries"] = c.delta.retries;
    delta["reset_waits"] = c.delta.resetWaits;
    delta["duration_seconds"] = c.delta.durationSeconds;
    delta["retry_wait_seconds"] = c.delta.retryWaitSeconds;
    delta["reset_wait_seconds"] = c.delta.resetWaitSeconds;
    delta["candidates_tried"] = c.delta.candidatesTried;
    Json ending = Json::object();
    ending["before"] = endingJson(c.before);
    ending["after"] = endingJson(c.after);
    Json j = Json::object();
    j["file"] = otherPath;
    j["events"] = eventsJson(before);
    j["totals"] = totalsJson(before, review, candidates);
    j["delta"] = std::move(delta);
    j["ending"] = std::move(ending);
    j["unchanged"] = c.unchanged();
    j["summary"] = english::describeComparison(c);
    j["first_difference"] = c.firstDifference ? Json(*c.firstDifference) : Json(nullptr);
    return j;
}

void printCompareText(const std::string& otherPath, const policy::Timeline& before, const policy::Timeline& after,
    const policy::TimelineComparison& c, Io& io)
{
    const auto side = [](const policy::Timeline& t, const policy::TimelineEnding& ending) {
        return std::to_string(t.totals.attempts) + " attempt(s) in " + english::formatDuration(t.totals.durationSeconds)
            + ", ending in " + english::describeEnding(ending);
    };
    io.out << "Compared with " << shown(otherPath) << " (before):\n";
    io.out << "  before: " << shown(side(before, c.before)) << "\n";
    io.out << "  after:  " << shown(side(after, c.after)) << "\n";
    if (c.firstDifference) {
        const std::size_t i = *c.firstDifference;
        const auto event = [i](const policy::Timeline& t) {
            return i < t.events.size()
                ? "+" + english::formatDuration(t.events[i].offsetSeconds) + " " + eventText(t.events[i])
                : std::string("(none: the cycle has ended)");
        };
        io.out << "  first difference, event " << i + 1 << ":\n";
        io.out << "    before: " << shown(event(before)) << "\n";
        io.out << "    after:  " << shown(event(after)) << "\n";
    }
    io.out << "Summary: " << shown(english::describeComparison(c)) << "\n";
}

}  // namespace

int timelineCommand(const std::vector<std::string>& rawArgs, Io& io)
{
    Args args;
    const std::vector<OptionSpec> spec {
        {"format", true}, {"scenario", true}, {"profile", true}, {"compare", true}, {"help", false}};
    if (const auto error = args.parse(rawArgs, spec); !error.empty())
        return usageError(io, "timeline", error);
    if (args.has("help")) {
        io.out << help();
        return kExitOk;
    }
    const auto format = formatOption(args.value("format"), io, "timeline");
    if (!format)
        return kExitUsage;
    if (args.positional().size() != 1)
        return usageError(io, "timeline", "expected exactly one FILE");
    const std::optional<std::string> other = args.value("compare");
    if (other && *other == "-" && args.positional().front() == "-")
        return usageError(io, "timeline", "FILE and --compare OTHER cannot both be standard input");

    // The scenario: a preset name, else a file.
    const std::string scenarioArg = args.value("scenario").value_or(std::string(policy::kDefaultScenarioId));
    policy::Scenario scenario;
    std::string scenarioName = scenarioArg;
    if (const auto* preset = policy::findScenarioPreset(scenarioArg)) {
        scenario = preset->scenario;
    } else {
        const store::ReadResult read = store::readFile(scenarioArg, format::kMaxDocumentBytes);
        if (read.error) {
            io.err << "policyctl timeline: --scenario '" << shown(scenarioArg)
                   << "' is neither a preset (see --help) nor a readable file: " << shown(read.error->message) << "\n";
            return kExitUsage;
        }
        const format::ScenarioParseResult parsed = format::parseScenario(*read.bytes);
        for (const auto& e : parsed.errors)
            io.err << formatDiagnostic(scenarioArg, e) << "\n";
        if (!parsed.scenario)
            return kExitInvalid;
        scenario = *parsed.scenario;
        if (!scenario.name.empty())
            scenarioName = scenario.name;
    }

    const std::string path = args.positional().front();
    auto loaded = loadRoute(path, args.value("profile"), "", io);
    if (const int* code = std::get_if<int>(&loaded))
        return *code;
    const LoadedRoute& route = std::get<LoadedRoute>(loaded);
    std::optional<LoadedRoute> before;
    if (other) {
        auto loadedOther = loadRoute(*other, args.value("profile"), "--compare ", io);
        if (const int* code = std::get_if<int>(&loadedOther))
            return *code;
        before = std::move(std::get<LoadedRoute>(loadedOther));
    }
    const auto& candidates = route.candidates;
    const policy::Timeline timeline = policy::simulateRouteCycle(candidates, scenario);
    std::optional<policy::Timeline> beforeTimeline;
    std::optional<policy::TimelineComparison> comparison;
    if (before) {
        beforeTimeline = policy::simulateRouteCycle(before->candidates, scenario);
        comparison = policy::compareTimelines(before->candidates, *beforeTimeline, candidates, timeline);
        if (!comparable(*before, route, *comparison, io))
            return kExitInvalid;
    }
    // Problems of the simulated profile are shown as they will play out
    // (config_error events); they are listed on stderr as well.
    for (const LoadedRoute* side : std::initializer_list<const LoadedRoute*> {&route, before ? &*before : nullptr}) {
        if (!side)
            continue;
        for (const auto* list : {&side->file.check.errors, &side->file.check.warnings}) {
            for (const auto& e : *list)
                io.err << "warning: " << formatDiagnostic(side->file.path, e) << "\n";
        }
    }
    const policy::RouteReview review = policy::reviewRoute(candidates);

    if (*format == Format::Json) {
        Json warnings = Json::array();
        for (const auto& w : review.warnings)
            warnings.push_back(warningJson(w, candidates));
        Json out = Json::object();
        out["scenario"] = scenarioName;
        out["events"] = eventsJson(timeline);
        out["totals"] = totalsJson(timeline, review, candidates);
        out["warnings"] = std::move(warnings);
        if (comparison)
            out["compare"] = compareJson(
                *other, *beforeTimeline, policy::reviewRoute(before->candidates), before->candidates, *comparison);
        io.out << jsonOutput(out) << "\n";
        return kExitOk;
    }

    io.out << "Scenario: " << shown(scenarioName);
    if (!scenario.name.empty() && scenario.name != scenarioName)
        io.out << " (" << shown(scenario.name) << ")";
    io.out << ", starting " << policy::formatRfc3339(scenario.start) << "\n";
    for (const auto& e : timeline.events) {
        std::string offset = "+" + english::formatDuration(e.offsetSeconds);
        offset.resize(std::max<std::size_t>(offset.size(), 14), ' ');
        io.out << "  " << offset << shown(eventText(e)) << "\n";
    }
    io.out << "Totals: " << timeline.totals.attempts << " attempt(s) on " << timeline.totals.candidatesTried
           << " candidate(s) in " << english::formatDuration(timeline.totals.durationSeconds) << " (retry waits "
           << english::formatDuration(timeline.totals.retryWaitSeconds) << ", reset waits "
           << english::formatDuration(timeline.totals.resetWaitSeconds) << "), ending in "
           << policy::eventKindName(timeline.totals.finalEvent) << "\n";
    auto worst = [&](const char* cls, const policy::ClassWorstCase& w) {
        io.out << "Worst case for " << cls << " errors: " << english::formatDuration(w.seconds) << ", then "
               << (w.finalOutcome == policy::Outcome::Stop
                          ? "stop on " + shown(candidates[*w.stoppingCandidate].executionProfileId)
                          : std::string("no eligible candidate left"))
               << "\n";
    };
    worst("transient", review.transient);
    worst("hard", review.hard);
    for (const auto& w : review.warnings)
        io.out << "warning: " << shown(warningText(w, candidates)) << "\n";
    if (comparison)
        printCompareText(*other, *beforeTimeline, timeline, *comparison, io);
    return kExitOk;
}

}  // namespace cli
