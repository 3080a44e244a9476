// SPDX-License-Identifier: Apache-2.0
#pragma once
// The deterministic error catalogue: evidence a provider or an agent CLI left
// (status, headers, body or stderr, exit code) -> a semantic code, its class,
// a confidence, a trusted reset time, and an excerpt with secrets redacted.
// Plain C++20: no Qt, no JSON library, no regular expressions, no network.

#include "policy/catalogue.h"
#include "policy/evaluator.h"
#include "policy/time.h"

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace catalogue
{

inline constexpr std::size_t kMaxTextBytes = 16 * 1024;
inline constexpr std::size_t kMaxHeaders = 64;
inline constexpr std::size_t kMaxExcerptBytes = 400;

struct Header {
    std::string name;
    std::string value;
};

// What a failure left behind. Longer input is cut (and the result says so).
struct Evidence {
    std::string provider;  // kandev's agent id: "claude-acp", "codex-acp", ... ("" when unknown)
    std::string phase;  // kandev's lifecycle phase: "session_init", "streaming", ... ("" when unknown)
    std::optional<int> status;
    std::vector<Header> headers;
    std::string text;  // body or stderr
    std::optional<int> exitCode;
    // Known to be a failure's own words (a person pasted it as one): every
    // line is read as an error context, as with a failing status or exit code.
    bool knownFailure = false;
};

// kandev's agent ids that have rules of their own, and kandev's phases.
inline constexpr std::array<std::string_view, 5> kProviders {
    "claude-acp", "codex-acp", "copilot-acp", "amp-acp", "opencode-acp"};
inline constexpr std::array<std::string_view, 7> kPhases {
    "auth_check", "process_start", "session_init", "prompt_send", "streaming", "tool_execution", "shutdown"};
bool isKnownPhase(std::string_view phase) noexcept;
// Before the agent runs (auth_check, process_start, session_init) or no phase at all.
bool isPreStartPhase(std::string_view phase) noexcept;

enum class Scope { Provider, Account, Model, Request };
std::string_view scopeName(Scope s) noexcept;

// Where a rule sits in kandev's order: the first stage with a matching rule
// decides, and inside a stage the higher priority wins. Priorities are unique
// and fall in the stage's band (tested), so "higher priority wins" is the
// whole order.
enum class Stage {
    Guard,  // 1000+: our own stops and the quota-over-429 divergence
    Structured,  // 900+: kandev's HTTP statuses and exit 127
    Provider,  // 700+: the selected agent CLI's own wording
    Neutral,  // 500+: evidence any agent or provider API can print
    Runtime,  // 300+: the local environment and the ACP transport
    Fallback,  // 100+: statuses and exit codes kandev leaves to its phase rule
};
std::string_view stageName(Stage s) noexcept;

// One rule. Text conditions are patterns (see src/pattern.h: ' ' white
// space, '~' optional separator, '#' digits, '!' a non-space run, '*' a gap
// within the line, '^' the line start), matched case-insensitively at token
// boundaries, one line at a time.
struct Rule {
    std::string_view id;  // stable, e.g. "claude.rate"
    int priority;  // unique; higher wins
    Stage stage;
    std::string_view
        code;  // a semantic code, or "" for the phase's code (unknown_provider_error / agent_runtime_error)
    policy::Confidence confidence;
    Scope scope;
    std::string_view provider = {};  // Stage::Provider: the agent id whose output this is
    bool prose = false;  // its wording is ordinary language: only read inside an error context
    bool fromKandev = false;  // kandev has this rule (else it is ours, and kandev_code may differ)
    std::array<int, 4> statuses {};  // any of these (0 = unused)
    int exitCode = -1;  // -1 = unused
    std::array<std::string_view, 8> anyText {};  // at least one must appear ("" = unused)
    std::array<std::string_view, 2> allText {};  // each must appear
    std::array<std::string_view, 3> noneText {};  // none may appear
    bool needsResetHint = false;  // only with a trusted reset time
    std::string_view example = {};  // a raw error it matches (parseRawError form)
    std::string_view examplePhase = {};  // the phase the example happens in ("" = none)
};

std::span<const Rule> rules();

// Why a timing hint was trusted or not, for a UI to say in its language
// (TimingHint::reason says it in English, as policyctl prints it).
enum class HintVerdict {
    Trusted,  // parsed, in the future, and no other hint disagrees
    Unparsable,
    Unrepresentable,  // detail: the RFC 3339 bound it lies past
    NotInFuture,
    TooFar,  // more than a year away
    Agrees,  // with the hint in detail
    Disagrees,  // with the hint in detail
    Conflicting,  // another hint disagrees: none is trusted
    NoTimeZone,  // a time of day without a zone
    UnknownTimeZone,  // detail: the zone's name
    NotACalendarDate,
};

struct TimingHint {
    std::string source;  // "retry-after", "x-ratelimit-reset-requests", "body.retryDelay", "text.relative", ...
    std::string value;  // the text it came from, as received (redacted)
    std::optional<policy::Seconds> resetAt;
    bool trusted = false;
    std::string reason;  // why it was used, or why not
    HintVerdict verdict = HintVerdict::Unparsable;
    std::string detail;  // the verdict's one variable part (a source, a zone, a bound), "" when none
};

struct Classification {
    std::string code;
    policy::ErrorClass errorClass = policy::ErrorClass::Unclassified;  // Unclassified when confidence is low
    policy::Confidence confidence = policy::Confidence::Low;
    Scope scope = Scope::Request;
    std::string rule;  // the rule's id; "none" (no phase) or "phase.prestart.unknown" / "phase.poststart.unknown"
    std::string catalogueVersion {policy::kCatalogueVersion};
    std::string kandevCode;  // what kandev's own rules give for this evidence (equal to code when we agree)
    std::optional<policy::Seconds> resetAt;  // the trusted hint's time
    std::optional<TimingHint> hint;  // the hint used, or the first one and why it was not
    std::vector<TimingHint> hints;  // every hint found
    std::string excerpt;  // redacted
    bool truncated = false;  // the input was cut to the bounds
};

Classification classify(const Evidence& evidence, policy::Seconds now);

// A raw error as a person pastes it: an optional "HTTP/1.1 429 ..." or
// "exit code: 127" line, then "Name: value" header lines up to a blank line,
// then the body or stderr. Anything else is all body.
Evidence parseRawError(std::string_view raw);

// Credentials and personal data become "[redacted]": provider keys and
// tokens, Authorization/Cookie lines, secret-named key=value, key: value and
// JSON fields, --api-key style flags, URL user-info, paths and queries,
// e-mail addresses, home directories, kandev's run/session/workspace ids and
// long opaque runs. Idempotent: redact(redact(x)) == redact(x).
std::string redact(std::string_view text);
// A header's value, redacted; the whole value when the name carries a secret.
std::string redactHeader(std::string_view name, std::string_view value);

// "30s", "6m0s", "1h2m3.5s", "250ms" -> milliseconds; nullopt when it is not a duration.
std::optional<std::int64_t> parseDurationMs(std::string_view text) noexcept;
// "Wed, 21 Oct 2015 07:28:00 GMT"
std::optional<policy::Seconds> parseHttpDate(std::string_view text) noexcept;

}  // namespace catalogue
