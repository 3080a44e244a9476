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

namespace catalogue {

inline constexpr std::size_t kMaxTextBytes = 16 * 1024;
inline constexpr std::size_t kMaxHeaders = 64;
inline constexpr std::size_t kMaxExcerptBytes = 400;

struct Header {
    std::string name;
    std::string value;
};

// What a failure left behind. Longer input is cut (and the result says so).
struct Evidence {
    std::string provider;  // "anthropic", "openai", "google", ... ("" when unknown)
    std::string phase;     // lifecycle phase, e.g. "startup", "stream"
    std::optional<int> status;
    std::vector<Header> headers;
    std::string text;      // body or stderr
    std::optional<int> exitCode;
};

enum class Scope { Provider, Account, Model, Request };
std::string_view scopeName(Scope s) noexcept;

// One rule: structured signals (status, exit code) and text needles, matched
// case-insensitively. A rule matches when every condition it states holds.
struct Rule {
    std::string_view id;     // stable, e.g. "http.429.reset"
    int priority;            // unique; higher wins
    std::string_view code;   // one semantic code
    policy::Confidence confidence;
    Scope scope;
    std::array<int, 4> statuses{};               // any of these (0 = unused)
    int exitCode = -1;                           // -1 = unused
    std::array<std::string_view, 8> anyText{};   // at least one must appear ("" = unused)
    std::array<std::string_view, 2> allText{};   // each must appear
    bool needsResetHint = false;                 // only with a trusted reset time
    std::string_view example;                    // a raw error it matches (parseRawError form)
};

std::span<const Rule> rules();

struct TimingHint {
    std::string source;  // "retry-after", "retry-after-ms", "x-ratelimit-reset-requests", "body.retryDelay", ...
    std::string value;   // as received (redacted)
    std::optional<policy::Seconds> resetAt;
    bool trusted = false;
    std::string reason;  // why it was used, or why not
};

struct Classification {
    std::string code;
    policy::ErrorClass errorClass = policy::ErrorClass::Unclassified;  // Unclassified when confidence is low
    policy::Confidence confidence = policy::Confidence::Low;
    Scope scope = Scope::Request;
    std::string rule;  // "none" when nothing matched
    std::string catalogueVersion{policy::kCatalogueVersion};
    std::optional<policy::Seconds> resetAt;  // the trusted hint's time
    std::optional<TimingHint> hint;          // the hint used, or the first one and why it was not
    std::vector<TimingHint> hints;           // every hint found
    std::string excerpt;                     // redacted
    bool truncated = false;                  // the input was cut to the bounds
};

Classification classify(const Evidence& evidence, policy::Seconds now);

// A raw error as a person pastes it: an optional "HTTP/1.1 429 ..." or
// "exit code: 127" line, then "Name: value" header lines up to a blank line,
// then the body or stderr. Anything else is all body.
Evidence parseRawError(std::string_view raw);

// API keys, bearer tokens, cookies, e-mail addresses and long hex or base64
// secrets become "[redacted]".
std::string redact(std::string_view text);

// "30s", "6m0s", "1h2m3.5s", "250ms" -> milliseconds; nullopt when it is not a duration.
std::optional<std::int64_t> parseDurationMs(std::string_view text) noexcept;
// "Wed, 21 Oct 2015 07:28:00 GMT"
std::optional<policy::Seconds> parseHttpDate(std::string_view text) noexcept;

}  // namespace catalogue
