// SPDX-License-Identifier: Apache-2.0
#include "catalogue/classifier.h"

#include <algorithm>

namespace catalogue {

using policy::Confidence;

namespace {

constexpr Confidence High = Confidence::High;
constexpr Confidence Medium = Confidence::Medium;
constexpr Confidence Low = Confidence::Low;

// kandev's own call gave up (a user's cancel, its deadline). Checked before
// everything, so that wording which also follows ("...: connection closed")
// never relaunches the work.
constexpr std::array<std::string_view, 3> kCancellation{"context cancel*ed", "context deadline exceeded", "cancel escalated"};

// The order is kandev's: its structured signals, then the selected agent
// CLI's rules, then provider-neutral evidence, then the runtime environment,
// then (ours) statuses kandev leaves to its phase rule. Two stages are ours
// alone: Guard, above everything, and Fallback. Inside a provider, kandev's
// first-match order is kept as descending priorities.
constexpr Rule kRules[] = {
    // --- Guard: ours ---------------------------------------------------------
    {.id = "guard.cancelled", .priority = 1090, .stage = Stage::Guard, .code = "", .confidence = Low, .scope = Scope::Request,
     .anyText = {kCancellation[0], kCancellation[1], kCancellation[2]},
     .example = "rpc error: code = Canceled desc = context canceled: connection closed", .examplePhase = "streaming"},
    // Quota and spend limits are hard even when the status is 429 (kandev: rate_limited).
    {.id = "guard.quota.signature", .priority = 1050, .stage = Stage::Guard, .code = "quota_limited", .confidence = High,
     .scope = Scope::Account,
     .anyText = {"insufficient_quota", "exceeded your current quota", "credit balance is too low", "billing_hard_limit_reached"},
     .example = "HTTP/1.1 429\n\n{\"error\":{\"message\":\"You exceeded your current quota, please check your plan and billing "
                "details.\",\"type\":\"insufficient_quota\"}}"},
    {.id = "guard.quota.wording", .priority = 1045, .stage = Stage::Guard, .code = "quota_limited", .confidence = High,
     .scope = Scope::Account, .prose = true,
     .anyText = {"quota exceeded", "exceeded quota", "out of quota", "daily quota", "monthly spend limit", "spend limit reached",
                 "billing hard limit", "quota has been exhausted"},
     .example = "HTTP/1.1 429\n\nDaily quota for this project has been used up."},

    // --- Structured: kandev's statuses and exit 127 -------------------------
    {.id = "http.401", .priority = 960, .stage = Stage::Structured, .code = "auth_required", .confidence = High,
     .scope = Scope::Account, .fromKandev = true, .statuses = {401},
     .example = "HTTP/1.1 401\n\n{\"error\":{\"type\":\"authentication_error\"}}"},
    // 403 is a refusal, not a login problem: nothing may retry or skip past it.
    {.id = "http.403", .priority = 955, .stage = Stage::Structured, .code = "permission_denied_by_user", .confidence = High,
     .scope = Scope::Request, .fromKandev = true, .statuses = {403}, .example = "HTTP/1.1 403\n\nForbidden"},
    {.id = "http.402", .priority = 950, .stage = Stage::Structured, .code = "subscription_required", .confidence = High,
     .scope = Scope::Account, .fromKandev = true, .statuses = {402}, .example = "HTTP/1.1 402\n\nPayment Required"},
    // A spend or usage limit refused with 429 (Anthropic's monthly spend limit
    // is a rate_limit_error with a retry-after-ms of days): a quota, not a rate.
    {.id = "http.429.quota", .priority = 947, .stage = Stage::Structured, .code = "quota_limited", .confidence = High,
     .scope = Scope::Account, .prose = true, .statuses = {429},
     .anyText = {"spend~limit", "spending~limit", "usage~limit", "usage_limit_reached", "usage_limit_exceeded"},
     .example = "HTTP/1.1 429\nretry-after-ms: 259200000\n\n{\"type\":\"error\",\"error\":{\"type\":\"rate_limit_error\","
                "\"message\":\"Requests are paused: the spend limit of this workspace is reached.\"}}"},
    {.id = "http.429.reset", .priority = 945, .stage = Stage::Structured, .code = "rate_limited", .confidence = High,
     .scope = Scope::Account, .statuses = {429}, .needsResetHint = true,
     .example = "HTTP/1.1 429\nretry-after: 20\n\nRate limit reached for requests"},
    {.id = "http.429", .priority = 940, .stage = Stage::Structured, .code = "rate_limited", .confidence = High,
     .scope = Scope::Account, .fromKandev = true, .statuses = {429}, .example = "HTTP/1.1 429\n\nToo Many Requests"},
    {.id = "http.503.overloaded", .priority = 937, .stage = Stage::Structured, .code = "provider_overloaded", .confidence = High,
     .scope = Scope::Provider, .statuses = {503}, .anyText = {"overloaded"}, .example = "HTTP/1.1 503\n\nThe server is overloaded."},
    {.id = "http.503", .priority = 935, .stage = Stage::Structured, .code = "provider_unavailable", .confidence = High,
     .scope = Scope::Provider, .fromKandev = true, .statuses = {503}, .example = "HTTP/1.1 503\n\nService Unavailable"},
    {.id = "http.529", .priority = 930, .stage = Stage::Structured, .code = "provider_overloaded", .confidence = High,
     .scope = Scope::Provider, .fromKandev = true, .statuses = {529},
     .example = "HTTP/1.1 529\n\n{\"type\":\"error\",\"error\":{\"type\":\"overloaded_error\"}}"},
    {.id = "exit.127", .priority = 920, .stage = Stage::Structured, .code = "provider_not_configured", .confidence = High,
     .scope = Scope::Provider, .fromKandev = true, .exitCode = 127, .example = "exit code: 127\n\nbash: claude: command not found"},

    // --- Provider: each agent CLI's wording (kandev's, then ours) -----------
    // Identifiers are signatures; the same rule's ordinary words need an error context.
    {.id = "claude.quota.token", .priority = 792, .stage = Stage::Provider, .code = "quota_limited", .confidence = High,
     .scope = Scope::Account, .provider = "claude-acp", .fromKandev = true, .anyText = {"anthropic_quota_exceeded"},
     .example = "billing: anthropic_quota_exceeded"},
    {.id = "claude.quota", .priority = 790, .stage = Stage::Provider, .code = "quota_limited", .confidence = High,
     .scope = Scope::Account, .provider = "claude-acp", .prose = true, .fromKandev = true,
     .anyText = {"credit balance", "insufficient credits"}, .example = "Error: insufficient credits on this organization"},
    {.id = "claude.rate", .priority = 785, .stage = Stage::Provider, .code = "rate_limited", .confidence = High,
     .scope = Scope::Account, .provider = "claude-acp", .prose = true, .fromKandev = true,
     .anyText = {"rate~limit", "rate~limits", "rate~limited"}, .example = "API Error: request rejected by the rate-limit"},
    {.id = "claude.auth", .priority = 780, .stage = Stage::Provider, .code = "auth_required", .confidence = High,
     .scope = Scope::Account, .provider = "claude-acp", .prose = true, .fromKandev = true,
     .anyText = {"not authenticated", "please log in", "run `claude` to authenticate"},
     .example = "Error: not authenticated. Run `claude` to authenticate."},
    {.id = "claude.subscription", .priority = 775, .stage = Stage::Provider, .code = "subscription_required", .confidence = Medium,
     .scope = Scope::Account, .provider = "claude-acp", .prose = true, .fromKandev = true, .anyText = {"subscription"},
     .example = "Error: this feature needs a Claude Max subscription"},
    {.id = "claude.model", .priority = 770, .stage = Stage::Provider, .code = "model_unavailable", .confidence = High,
     .scope = Scope::Model, .provider = "claude-acp", .prose = true, .fromKandev = true,
     .anyText = {"model*not found", "unknown model"}, .example = "Error: model claude-opus-9 not found"},
    // kandev also reads any "no such file" as a missing CLI; a tool's missing file is not.
    {.id = "claude.not_installed", .priority = 765, .stage = Stage::Provider, .code = "provider_not_configured",
     .confidence = Medium, .scope = Scope::Provider, .provider = "claude-acp", .fromKandev = true,
     .anyText = {"claude: command not found", "spawn claude enoent", "claude: no such file or directory"},
     .example = "sh: 1: claude: command not found"},
    // Claude Code's own fixed messages: signatures, read outside an "Error:" line too.
    {.id = "claude.login", .priority = 760, .stage = Stage::Provider, .code = "auth_required", .confidence = High,
     .scope = Scope::Account, .provider = "claude-acp",
     .anyText = {"· please run /login", "oauth token has expired. please obtain a new token"},
     .example = "Invalid API key · Please run /login"},
    {.id = "claude.usage_limit", .priority = 758, .stage = Stage::Provider, .code = "quota_limited", .confidence = High,
     .scope = Scope::Account, .provider = "claude-acp",
     .anyText = {"claude ai usage limit reached", "limit reached * resets", "hit your limit * resets", "limit will reset at"},
     .example = "Claude AI usage limit reached|1786975200"},

    {.id = "codex.quota", .priority = 740, .stage = Stage::Provider, .code = "quota_limited", .confidence = High,
     .scope = Scope::Account, .provider = "codex-acp", .fromKandev = true,
     .anyText = {"insufficient_quota", "quota_exceeded", "usagelimitexceeded"},
     .example = "{\"error\":{\"codexErrorInfo\":\"usageLimitExceeded\"}}"},
    {.id = "codex.rate.token", .priority = 737, .stage = Stage::Provider, .code = "rate_limited", .confidence = High,
     .scope = Scope::Account, .provider = "codex-acp", .fromKandev = true, .anyText = {"rate_limit_exceeded"},
     .example = "turn failed: rate_limit_exceeded"},
    {.id = "codex.rate", .priority = 735, .stage = Stage::Provider, .code = "rate_limited", .confidence = High,
     .scope = Scope::Account, .provider = "codex-acp", .prose = true, .fromKandev = true, .anyText = {"too many requests"},
     .example = "stream error: too many requests, slow down"},
    {.id = "codex.auth", .priority = 730, .stage = Stage::Provider, .code = "missing_credentials", .confidence = High,
     .scope = Scope::Account, .provider = "codex-acp", .prose = true, .fromKandev = true,
     .anyText = {"invalid api key", "incorrect api key", "missing api key"},
     .example = "Error: Incorrect API key provided: sk-proj-****"},
    {.id = "codex.model", .priority = 725, .stage = Stage::Provider, .code = "model_unavailable", .confidence = High,
     .scope = Scope::Model, .provider = "codex-acp", .fromKandev = true, .anyText = {"model_not_found"},
     .example = "{\"error\":{\"code\":\"model_not_found\",\"message\":\"The model gpt-9 does not exist\"}}"},
    {.id = "codex.usage_limit", .priority = 720, .stage = Stage::Provider, .code = "quota_limited", .confidence = High,
     .scope = Scope::Account, .provider = "codex-acp", .prose = true,
     .anyText = {"you*ve hit your usage limit", "you have hit your usage limit", "usage limit has been reached"},
     .example = "Error: You've hit your usage limit. Upgrade to Pro or try again in 2 days 3 hours 10 minutes."},
    {.id = "codex.login", .priority = 715, .stage = Stage::Provider, .code = "auth_required", .confidence = High,
     .scope = Scope::Account, .provider = "codex-acp", .prose = true, .anyText = {"codex login", "not logged in"},
     .example = "Error: not logged in. Run `codex login` first."},

    {.id = "opencode.usage_limit", .priority = 690, .stage = Stage::Provider, .code = "quota_limited", .confidence = High,
     .scope = Scope::Account, .provider = "opencode-acp", .prose = true, .fromKandev = true,
     .anyText = {"#~hour usage limit reached", "#~hours usage limit reached"},
     .example = "AI_APICallError: 5-hour usage limit reached. Resets in 2hr 5min."},
    {.id = "opencode.quota", .priority = 685, .stage = Stage::Provider, .code = "quota_limited", .confidence = Medium,
     .scope = Scope::Account, .provider = "opencode-acp", .prose = true, .fromKandev = true, .anyText = {"quota"},
     .example = "AI_APICallError: monthly quota used up for this workspace"},
    {.id = "opencode.rate", .priority = 680, .stage = Stage::Provider, .code = "rate_limited", .confidence = High,
     .scope = Scope::Account, .provider = "opencode-acp", .prose = true, .fromKandev = true,
     .anyText = {"rate~limit", "rate~limits", "rate~limited"}, .example = "AI_APICallError: rate limited, slow down"},
    {.id = "opencode.auth", .priority = 675, .stage = Stage::Provider, .code = "auth_required", .confidence = High,
     .scope = Scope::Account, .provider = "opencode-acp", .prose = true, .fromKandev = true,
     .anyText = {"unauthorized", "invalid token"}, .example = "AI_APICallError: Unauthorized"},

    {.id = "copilot.subscription", .priority = 660, .stage = Stage::Provider, .code = "subscription_required",
     .confidence = High, .scope = Scope::Account, .provider = "copilot-acp", .prose = true, .fromKandev = true,
     .anyText = {"not entitled", "subscription required", "copilot is disabled"},
     .example = "Error: this account is not entitled to use Copilot"},
    {.id = "copilot.auth", .priority = 655, .stage = Stage::Provider, .code = "auth_required", .confidence = High,
     .scope = Scope::Account, .provider = "copilot-acp", .prose = true, .fromKandev = true,
     .anyText = {"please*sign in", "gh auth login"}, .example = "Error: please sign in first with gh auth login"},
    {.id = "copilot.rate", .priority = 650, .stage = Stage::Provider, .code = "rate_limited", .confidence = High,
     .scope = Scope::Account, .provider = "copilot-acp", .prose = true, .fromKandev = true,
     .anyText = {"rate~limit", "rate~limits", "rate~limited"}, .example = "Error: you have been rate limited"},

    {.id = "amp.auth", .priority = 640, .stage = Stage::Provider, .code = "auth_required", .confidence = High,
     .scope = Scope::Account, .provider = "amp-acp", .prose = true, .fromKandev = true,
     .anyText = {"unauthorized", "invalid token"}, .example = "Error: invalid token, sign in to ampcode.com again"},
    {.id = "amp.rate", .priority = 635, .stage = Stage::Provider, .code = "rate_limited", .confidence = High,
     .scope = Scope::Account, .provider = "amp-acp", .prose = true, .fromKandev = true,
     .anyText = {"rate~limit", "rate~limits", "rate~limited"}, .example = "Error: rate limit hit, wait a minute"},
    {.id = "amp.quota", .priority = 630, .stage = Stage::Provider, .code = "quota_limited", .confidence = Medium,
     .scope = Scope::Account, .provider = "amp-acp", .prose = true, .fromKandev = true, .anyText = {"quota"},
     .example = "Error: your free quota is spent"},

    // --- Neutral: any agent, any provider API -------------------------------
    {.id = "neutral.model_capacity.token", .priority = 591, .stage = Stage::Neutral, .code = "model_capacity", .confidence = High,
     .scope = Scope::Model, .fromKandev = true,
     .anyText = {"model_capacity", "provider_capacity", "model-capacity", "provider-capacity", "model_capacity_reached",
                 "provider_capacity_reached"},
     .example = "{\"code\":\"model_capacity_reached\"}"},
    {.id = "neutral.model_capacity", .priority = 590, .stage = Stage::Neutral, .code = "model_capacity", .confidence = High,
     .scope = Scope::Model, .prose = true, .fromKandev = true,
     .anyText = {"model*at capacity", "model capacity", "provider capacity"},
     .example = "Error: Selected model is at capacity. Please try a different model."},
    {.id = "neutral.network.errno", .priority = 587, .stage = Stage::Neutral, .code = "network_unavailable", .confidence = High,
     .scope = Scope::Request, .fromKandev = true,
     .anyText = {"econnreset", "econnrefused", "enetunreach", "ehostunreach", "etimedout", "enotfound"},
     .example = "Error: read ECONNRESET"},
    {.id = "neutral.network", .priority = 585, .stage = Stage::Neutral, .code = "network_unavailable", .confidence = High,
     .scope = Scope::Request, .prose = true, .fromKandev = true,
     .anyText = {"network is unreachable", "no route to host", "connection reset", "connection refused", "connection timed out",
                 "temporary failure in name resolution", "i/o timeout", "failed to fetch"},
     .example = "Error: dial tcp 10.0.0.1:443: connect: network is unreachable"},
    {.id = "neutral.unavailable", .priority = 580, .stage = Stage::Neutral, .code = "provider_unavailable", .confidence = Medium,
     .scope = Scope::Provider, .prose = true, .fromKandev = true,
     .anyText = {"provider*unavailable", "service*unavailable", "upstream*unavailable", "gateway*unavailable", "temporarily unavailable"},
     .example = "Error: the upstream model service is temporarily unavailable"},
    {.id = "api.model_overloaded", .priority = 575, .stage = Stage::Neutral, .code = "model_capacity", .confidence = High,
     .scope = Scope::Model, .prose = true,
     .anyText = {"model is overloaded", "model is currently overloaded", "no capacity available for model"},
     .example = "{\"error\":{\"message\":\"That model is currently overloaded with other requests.\",\"type\":\"server_error\"}}"},
    {.id = "api.rate_limit.type", .priority = 572, .stage = Stage::Neutral, .code = "rate_limited", .confidence = High,
     .scope = Scope::Account, .anyText = {"rate_limit_error", "rate_limit_exceeded", "resource_exhausted"},
     .example = "[API Error: RESOURCE_EXHAUSTED]"},
    {.id = "api.rate_limit", .priority = 570, .stage = Stage::Neutral, .code = "rate_limited", .confidence = High,
     .scope = Scope::Account, .prose = true, .anyText = {"rate limit reached", "rate limit exceeded", "too many requests"},
     .example = "Error: rate limit reached for requests per minute"},
    {.id = "api.authentication.type", .priority = 567, .stage = Stage::Neutral, .code = "auth_required", .confidence = High,
     .scope = Scope::Account, .anyText = {"authentication_error", "invalid_api_key", "api_key_invalid"},
     .example = "{\"type\":\"error\",\"error\":{\"type\":\"authentication_error\",\"message\":\"invalid x-api-key\"}}"},
    {.id = "api.authentication", .priority = 565, .stage = Stage::Neutral, .code = "auth_required", .confidence = High,
     .scope = Scope::Account, .prose = true,
     .anyText = {"invalid x-api-key", "api key not valid", "incorrect api key", "invalid api key"},
     .example = "Error: Incorrect API key provided: sk-proj-****"},
    {.id = "api.permission", .priority = 562, .stage = Stage::Neutral, .code = "permission_denied_by_user", .confidence = High,
     .scope = Scope::Request, .anyText = {"permission_error", "permission_denied"},
     .example = "{\"type\":\"error\",\"error\":{\"type\":\"permission_error\",\"message\":\"not allowed for this key\"}}"},
    {.id = "api.missing_credentials", .priority = 560, .stage = Stage::Neutral, .code = "missing_credentials",
     .confidence = High, .scope = Scope::Account, .prose = true,
     .anyText = {"missing api key", "api key is missing", "no api key", "api key not found", "_api_key environment variable",
                 "api_key is not set", "api key not set", "could not resolve authentication method"},
     .example = "Error: ANTHROPIC_API_KEY environment variable is not set"},
    {.id = "api.model_unavailable.type", .priority = 557, .stage = Stage::Neutral, .code = "model_unavailable",
     .confidence = High, .scope = Scope::Model, .anyText = {"model_not_found", "not_found_error"},
     .example = "{\"type\":\"error\",\"error\":{\"type\":\"not_found_error\",\"message\":\"model: claude-x\"}}"},
    {.id = "api.model_unavailable", .priority = 555, .stage = Stage::Neutral, .code = "model_unavailable", .confidence = High,
     .scope = Scope::Model, .prose = true,
     .anyText = {"model not found", "unknown model", "model*does not exist", "does not have access to model", "model is not available"},
     .example = "Error: The model gpt-9 does not exist"},
    {.id = "api.subscription", .priority = 550, .stage = Stage::Neutral, .code = "subscription_required", .confidence = Medium,
     .scope = Scope::Account, .prose = true,
     .anyText = {"payment required", "upgrade your plan", "plan does not include", "requires a paid plan", "subscription required",
                 "subscription has expired"},
     .example = "Error: Your plan does not include access to this model."},
    {.id = "api.login", .priority = 545, .stage = Stage::Neutral, .code = "auth_required", .confidence = High,
     .scope = Scope::Account, .prose = true,
     .anyText = {"not logged in", "please log in", "login required", "oauth token has expired", "session expired",
                 "re-authenticate", "please run /login"},
     .example = "Error: not logged in, please log in again"},
    {.id = "api.not_installed", .priority = 540, .stage = Stage::Neutral, .code = "provider_not_configured", .confidence = High,
     .scope = Scope::Provider, .anyText = {"command not found", "executable file not found", "spawn ! enoent"},
     .example = "Error: spawn codex ENOENT"},
    {.id = "api.not_configured", .priority = 538, .stage = Stage::Neutral, .code = "provider_not_configured", .confidence = High,
     .scope = Scope::Provider, .prose = true, .anyText = {"no provider configured", "provider not configured", "unknown provider"},
     .example = "Error: no provider configured for model gpt-5"},
    {.id = "api.server_error", .priority = 535, .stage = Stage::Neutral, .code = "provider_unavailable", .confidence = Medium,
     .scope = Scope::Provider, .prose = true,
     .anyText = {"service unavailable", "bad gateway", "internal server error", "gateway timeout", "upstream connect error",
                 "api_error"},
     .example = "{\"error\":{\"type\":\"api_error\",\"message\":\"Internal server error\"}}"},
    {.id = "api.overloaded", .priority = 532, .stage = Stage::Neutral, .code = "provider_overloaded", .confidence = Medium,
     .scope = Scope::Provider, .prose = true,
     .anyText = {"server is overloaded", "server overloaded", "service is overloaded", "overloaded, please", "server is busy"},
     .example = "Error: server is busy, please retry in a moment"},
    {.id = "api.network.dns", .priority = 528, .stage = Stage::Neutral, .code = "network_unavailable", .confidence = High,
     .scope = Scope::Request,
     .anyText = {"getaddrinfo", "eai_again", "no such host", "could not resolve host", "name or service not known"},
     .example = "getaddrinfo EAI_AGAIN api.anthropic.com"},
    {.id = "api.network.timeout", .priority = 525, .stage = Stage::Neutral, .code = "network_unavailable", .confidence = Medium,
     .scope = Scope::Request, .prose = true,
     .anyText = {"request timed out", "read timed out", "connect timeout", "connection timeout", "read timeout", "socket timeout",
                 "timeout awaiting"},
     .example = "Error: Request timed out after 600000 ms"},
    {.id = "api.transport", .priority = 520, .stage = Stage::Neutral, .code = "agent_transport_lost", .confidence = Medium,
     .scope = Scope::Request, .prose = true,
     .anyText = {"broken pipe", "epipe", "socket hang up", "stream closed unexpectedly", "unexpected eof", "transport closed"},
     .noneText = {kCancellation[0], kCancellation[1], kCancellation[2]}, .example = "Error: write EPIPE"},

    // --- Runtime: the local environment and the ACP transport ---------------
    {.id = "runtime.npm_version", .priority = 390, .stage = Stage::Runtime, .code = "managed_runtime_npm_resolution",
     .confidence = High, .scope = Scope::Request, .fromKandev = true,
     .allText = {"^npm err* code etarget", "^npm err* notarget no matching version found for !@!"},
     .example = "npm error code ETARGET\nnpm error notarget No matching version found for @acme/agent@9.9.9."},
    {.id = "runtime.npx_cache", .priority = 385, .stage = Stage::Runtime, .code = "npx_cache_corrupted", .confidence = High,
     .scope = Scope::Request, .fromKandev = true, .allText = {"^npm err* code enotempty", "/.npm/_npx/!"},
     .example = "npm error code ENOTEMPTY\nnpm error path /tmp/.npm/_npx/3f2a9c/node_modules/acme"},
    {.id = "runtime.resume_corrupted", .priority = 380, .stage = Stage::Runtime, .code = "resume_corrupted",
     .confidence = High, .scope = Scope::Request, .fromKandev = true,
     .anyText = {"thinking*blocks*cannot be modified", "redacted_thinking*blocks*cannot be modified"},
     .example = "API Error: 400 messages.3.content.0: `thinking` blocks in the latest assistant message cannot be modified"},
    {.id = "runtime.overloaded", .priority = 375, .stage = Stage::Runtime, .code = "provider_overloaded", .confidence = High,
     .scope = Scope::Provider, .fromKandev = true, .anyText = {"529*overloaded", "overloaded*529", "overloaded_error"},
     .example = "{\"type\":\"error\",\"error\":{\"type\":\"overloaded_error\",\"message\":\"Overloaded\"}}"},
    {.id = "runtime.transport_lost", .priority = 370, .stage = Stage::Runtime, .code = "agent_transport_lost",
     .confidence = High, .scope = Scope::Request, .fromKandev = true, .anyText = {"peer disconnected", "connection closed"},
     .noneText = {kCancellation[0], kCancellation[1], kCancellation[2]},
     .example = "{\"code\":-32603,\"message\":\"Internal error\",\"data\":{\"error\":\"peer disconnected before response\"}}",
     .examplePhase = "prompt_send"},

    // --- Fallback: ours; kandev leaves these to its phase rule --------------
    // A process that exited 0 did not fail: its output is not read as an error.
    {.id = "exit.0", .priority = 199, .stage = Stage::Fallback, .code = "", .confidence = Low, .scope = Scope::Request,
     .exitCode = 0, .example = "exit code: 0\n\nDone. (I added a retry for the rate limit in client.go.)"},
    {.id = "http.404.model", .priority = 190, .stage = Stage::Fallback, .code = "model_unavailable", .confidence = High,
     .scope = Scope::Model, .statuses = {404}, .anyText = {"model"},
     .example = "HTTP/1.1 404\n\n{\"error\":{\"message\":\"no model named gpt-9 here\"}}"},
    {.id = "http.400.model", .priority = 185, .stage = Stage::Fallback, .code = "model_unavailable", .confidence = High,
     .scope = Scope::Model, .statuses = {400}, .anyText = {"invalid model", "model is not supported", "does not exist"},
     .example = "HTTP/1.1 400\n\ninvalid model: claude-opus-9"},
    {.id = "http.502", .priority = 160, .stage = Stage::Fallback, .code = "provider_unavailable", .confidence = High,
     .scope = Scope::Provider, .statuses = {502}, .example = "HTTP/1.1 502\n\n<html>upstream went away</html>"},
    {.id = "http.504", .priority = 155, .stage = Stage::Fallback, .code = "provider_unavailable", .confidence = High,
     .scope = Scope::Provider, .statuses = {504}, .example = "HTTP/1.1 504\n\nupstream request timeout"},
    {.id = "http.500", .priority = 150, .stage = Stage::Fallback, .code = "provider_unavailable", .confidence = Medium,
     .scope = Scope::Provider, .statuses = {500}, .example = "HTTP/1.1 500\n\nThe server had an error while processing your request."},
    {.id = "exit.126", .priority = 140, .stage = Stage::Fallback, .code = "provider_not_configured", .confidence = Medium,
     .scope = Scope::Provider, .exitCode = 126, .example = "exit code: 126\n\npermission denied: ./codex"},
};

}  // namespace

std::span<const Rule> rules()
{
    return kRules;
}

std::string_view scopeName(Scope s) noexcept
{
    switch (s) {
    case Scope::Provider: return "provider";
    case Scope::Account: return "account";
    case Scope::Model: return "model";
    case Scope::Request: return "request";
    }
    return "request";
}

std::string_view stageName(Stage s) noexcept
{
    switch (s) {
    case Stage::Guard: return "guard";
    case Stage::Structured: return "structured";
    case Stage::Provider: return "provider";
    case Stage::Neutral: return "neutral";
    case Stage::Runtime: return "runtime";
    case Stage::Fallback: return "fallback";
    }
    return "fallback";
}

bool isKnownPhase(std::string_view phase) noexcept
{
    return std::find(kPhases.begin(), kPhases.end(), phase) != kPhases.end();
}

bool isPreStartPhase(std::string_view phase) noexcept
{
    return phase.empty() || phase == "auth_check" || phase == "process_start" || phase == "session_init";
}

}  // namespace catalogue
