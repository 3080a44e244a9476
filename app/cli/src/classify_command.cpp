// SPDX-License-Identifier: Apache-2.0
#include "args.h"
#include "commands.h"

#include "catalogue/classifier.h"
#include "store/file_store.h"

#include "policy/catalogue.h"
#include "policy/evaluator.h"
#include "policy/timeline.h"

#include <nlohmann/json.hpp>

#include <istream>
#include <iterator>
#include <ostream>

namespace cli
{

using Json = nlohmann::ordered_json;

namespace
{

constexpr const char* kClassifyHelp
    = R"(usage: policyctl classify [--provider ID] [--status N] [--header 'Name: value']...
                          [--exit-code N] [--phase P] [--now T] FILE|-

Classifies a provider error from its evidence: FILE (or '-', standard input)
holds the response body or the agent's stderr; the options give the HTTP
status, response headers, the process exit code and the lifecycle phase.
Prints {"code","class","confidence","scope","rule","catalogue_version",
"kandev_code","reset_at","hint","excerpt","truncated"}; "hint" is
{"source","text","trusted","reason"} or null, and "kandev_code" is what
kandev's own rules give (it differs where this catalogue is deliberately
safer or knows more). Secrets are redacted before anything is read.

--provider is kandev's agent id (claude-acp, codex-acp, copilot-acp, amp-acp,
opencode-acp): that CLI's own wording is read first. --phase is kandev's
(auth_check, process_start, session_init, prompt_send, streaming,
tool_execution, shutdown). Wording in ordinary language ("rate limit",
"quota") counts only inside an error context: a failing status or exit code,
or a line such as "Error: ...", "API Error: 429", "npm ERR!", {"error": ...};
assistant messages, diffs and code blocks are never read, and a process that
exited 0 did not fail. Without a matching rule the code is
unknown_provider_error before the agent started (no phase, or a pre-start
phase) and agent_runtime_error after it, class unclassified (fail closed); a
low-confidence match is unclassified too. --now (RFC 3339, default: the
current time) makes relative hints reproducible. Only the first 16 KiB of
text and 64 headers are read.

exit codes: 0 whenever the input could be read, 2 usage error or unreadable file
)";

constexpr const char* kExplainHelp
    = R"(usage: policyctl explain PROFILE --candidate N [--after-output] [classify options] FILE|-

Classifies the error in FILE as 'classify' does, then shows what candidate N
of the dynamic profile in PROFILE decides (as the first failure, before any
output unless --after-output) and the route cycle that follows when every
attempt meets the same error.

options:
  --candidate N        the candidate's index in the route, 0 for the first (required)
  --after-output       the error came after the agent had produced output (not effect-safe)
  --profile ID         which dynamic profile of an export (default: the only one)
  --provider ID        as for classify: kandev's agent id, whose wording is read first
  --status N           as for classify: the HTTP status
  --header HEADER      as for classify: a response header 'Name: value' (repeatable)
  --exit-code N        as for classify: the process exit code
  --phase P            as for classify: kandev's lifecycle phase
  --now T              as for classify: the current time, RFC 3339
  --help               show this help

exit codes: 0 success, 1 invalid profile, 2 usage error or unreadable file
)";

struct Parsed {
    catalogue::Evidence evidence;
    policy::Seconds now;
};

// Reads the options shared by classify and explain, and the evidence text.
std::optional<Parsed> readEvidence(
    const Args& args, const std::string& textPath, Io& io, const char* command, int& exitCode)
{
    Parsed p;
    p.now = std::chrono::time_point_cast<std::chrono::seconds>(std::chrono::system_clock::now());
    if (const auto now = args.value("now")) {
        const auto t = policy::parseRfc3339(*now);
        if (!t) {
            exitCode = usageError(io, command, "--now must be an RFC 3339 time such as 2026-08-17T12:00:00Z");
            return std::nullopt;
        }
        p.now = *t;
    }
    for (const char* option : {"status", "exit-code"}) {
        if (const auto v = args.value(option)) {
            const auto n = parseInteger(*v);
            if (!n || *n < 0 || *n > 100000) {
                exitCode = usageError(io, command, std::string("--") + option + " must be a whole number");
                return std::nullopt;
            }
            (std::string_view(option) == "status" ? p.evidence.status : p.evidence.exitCode) = int(*n);
        }
    }
    for (const auto& header : args.values("header")) {
        const auto colon = header.find(':');
        if (colon == std::string::npos || colon == 0) {
            exitCode = usageError(io, command, "--header must be 'Name: value', not '" + header + "'");
            return std::nullopt;
        }
        std::string value = header.substr(colon + 1);
        value.erase(0, value.find_first_not_of(' '));
        p.evidence.headers.push_back({header.substr(0, colon), value});
    }
    p.evidence.provider = args.value("provider").value_or("");
    p.evidence.phase = args.value("phase").value_or("");
    if (!p.evidence.phase.empty() && !catalogue::isKnownPhase(p.evidence.phase)) {
        std::string known;
        for (const auto phase : catalogue::kPhases)
            known += (known.empty() ? "" : ", ") + std::string(phase);
        exitCode = usageError(
            io, command, "--phase must be one of kandev's phases (" + known + "), not '" + p.evidence.phase + "'");
        return std::nullopt;
    }
    // Only the classifier's bound is ever read, plus one byte so that the
    // cut can be reported: `classify - </dev/zero` ends.
    const std::size_t bound = catalogue::kMaxTextBytes + 1;
    const store::ReadResult read = textPath == "-"
        ? store::readStream(io.in, "standard input", bound, store::ReadLimit::KeepPrefix)
        : store::readFile(textPath, bound, store::ReadLimit::KeepPrefix);
    if (read.error) {
        io.err << "policyctl " << command << ": " << shown(read.error->message) << "\n";
        exitCode = kExitUsage;
        return std::nullopt;
    }
    p.evidence.text = *read.bytes;
    return p;
}

Json classificationJson(const catalogue::Classification& c)
{
    Json j = Json::object();
    j["code"] = c.code;
    j["class"] = std::string(policy::errorClassName(c.errorClass));
    j["confidence"] = std::string(policy::confidenceName(c.confidence));
    j["scope"] = std::string(catalogue::scopeName(c.scope));
    j["rule"] = c.rule;
    j["catalogue_version"] = c.catalogueVersion;
    j["kandev_code"] = c.kandevCode;
    j["reset_at"] = c.resetAt ? Json(policy::formatRfc3339(*c.resetAt)) : Json(nullptr);
    if (c.hint)
        j["hint"] = {{"source", c.hint->source}, {"text", c.hint->value}, {"trusted", c.hint->trusted},
            {"reason", c.hint->reason}};
    else
        j["hint"] = nullptr;
    j["excerpt"] = c.excerpt;
    j["truncated"] = c.truncated;
    return j;
}

const std::vector<OptionSpec> kEvidenceOptions {{"provider", true}, {"status", true}, {"header", true, true},
    {"exit-code", true}, {"phase", true}, {"now", true}, {"help", false}};

}  // namespace

int classifyCommand(const std::vector<std::string>& rawArgs, Io& io)
{
    Args args;
    if (const auto error = args.parse(rawArgs, kEvidenceOptions); !error.empty())
        return usageError(io, "classify", error);
    if (args.has("help")) {
        io.out << kClassifyHelp;
        return kExitOk;
    }
    if (args.positional().size() != 1)
        return usageError(io, "classify", "expected exactly one FILE (or - for standard input)");
    int exitCode = kExitOk;
    const auto parsed = readEvidence(args, args.positional().front(), io, "classify", exitCode);
    if (!parsed)
        return exitCode;
    io.out << jsonOutput(classificationJson(catalogue::classify(parsed->evidence, parsed->now))) << "\n";
    return kExitOk;
}

int explainCommand(const std::vector<std::string>& rawArgs, Io& io)
{
    Args args;
    std::vector<OptionSpec> spec = kEvidenceOptions;
    spec.push_back({"candidate", true});
    spec.push_back({"after-output", false});
    spec.push_back({"profile", true});
    if (const auto error = args.parse(rawArgs, spec); !error.empty())
        return usageError(io, "explain", error);
    if (args.has("help")) {
        io.out << kExplainHelp;
        return kExitOk;
    }
    if (args.positional().size() != 2)
        return usageError(io, "explain", "expected PROFILE and FILE");
    if (!args.has("candidate"))
        return usageError(io, "explain", "--candidate N is required (0 is the first candidate)");
    const auto candidateIndex = parseInteger(*args.value("candidate"));
    if (!candidateIndex || *candidateIndex < 0)
        return usageError(io, "explain",
            "--candidate must be a candidate's index, 0 or more (0 is the first), not '" + *args.value("candidate")
                + "'");

    const CheckedFile profileFile = readAndCheck(args.positional()[0], io.in);
    if (profileFile.readError) {
        io.err << "policyctl explain: " << shown(*profileFile.readError) << "\n";
        return kExitUsage;
    }
    if (!profileFile.check.document) {
        for (const auto& e : profileFile.check.errors)
            io.err << formatDiagnostic(profileFile.path, e) << "\n";
        return kExitInvalid;
    }
    const format::Document& doc = *profileFile.check.document;
    std::optional<std::size_t> chosen;
    for (std::size_t i = 0; i < doc.profiles.size() && !chosen; ++i) {
        if (doc.profiles[i].dynamic && (!args.has("profile") || doc.profiles[i].id == *args.value("profile")))
            chosen = i;
    }
    if (!chosen) {
        io.err << "policyctl explain: " << shown(profileFile.path) << ": no dynamic profile\n";
        return kExitInvalid;
    }
    const auto route = check::routeCandidates(doc, *chosen);
    if (std::size_t(*candidateIndex) >= route.size())
        return usageError(io, "explain",
            "--candidate " + std::to_string(*candidateIndex) + " is beyond the " + std::to_string(route.size())
                + " candidates");

    int exitCode = kExitOk;
    const auto parsed = readEvidence(args, args.positional()[1], io, "explain", exitCode);
    if (!parsed)
        return exitCode;
    const catalogue::Classification c = catalogue::classify(parsed->evidence, parsed->now);

    // The decision of the chosen candidate for this failure, as its first one.
    const policy::RouteCandidate& candidate = route[std::size_t(*candidateIndex)];
    policy::Failure failure {c.code, "", c.confidence, c.catalogueVersion, c.resetAt};
    policy::EvaluationInput input;
    input.failure = failure;
    input.now = parsed->now;
    input.effectSafe = !args.has("after-output");
    const policy::Decision d = policy::evaluate(candidate.policies, input);
    Json decision = Json::object();
    decision["candidate"] = candidate.executionProfileId;
    decision["kind"] = std::string(policy::decisionKindName(d.kind));
    decision["retry_ordinal"] = d.retryOrdinal;
    decision["deadline"] = d.deadline ? Json(policy::formatRfc3339(*d.deadline)) : Json(nullptr);
    decision["pending_outcome"] = std::string(policy::outcomeName(d.pendingOutcome));
    if (candidate.configurationError)
        decision["configuration_error"] = *candidate.configurationError;

    // The route cycle when every attempt meets the same error.
    policy::Scenario scenario;
    scenario.name = "classified error, every attempt";
    scenario.start = parsed->now;
    policy::ScenarioAttempt attempt;
    attempt.code = c.code;
    attempt.confidence = c.confidence;
    attempt.effectSafe = input.effectSafe;
    if (c.resetAt)
        attempt.resetAfterSeconds = (*c.resetAt - parsed->now).count();
    scenario.attempts = {attempt};
    std::vector<policy::RouteCandidate> from(route.begin() + *candidateIndex, route.end());
    const policy::Timeline timeline = policy::simulateRouteCycle(from, scenario);
    Json events = Json::array();
    for (const auto& e : timeline.events) {
        Json ej = Json::object();
        ej["offset_seconds"] = e.offsetSeconds;
        ej["event"] = std::string(policy::eventKindName(e.kind));
        if (e.kind != policy::EventKind::Exhausted && e.kind != policy::EventKind::Truncated)
            ej["candidate"] = e.candidate;
        if (e.kind == policy::EventKind::RetryWait || e.kind == policy::EventKind::WaitForReset)
            ej["delay_seconds"] = e.delaySeconds;
        events.push_back(std::move(ej));
    }
    Json out = Json::object();
    out["classification"] = classificationJson(c);
    out["decision"] = std::move(decision);
    out["route_cycle"]
        = {{"events", std::move(events)}, {"outcome", std::string(policy::eventKindName(timeline.totals.finalEvent))},
            {"duration_seconds", timeline.totals.durationSeconds}};
    io.out << jsonOutput(out) << "\n";
    return kExitOk;
}

}  // namespace cli
