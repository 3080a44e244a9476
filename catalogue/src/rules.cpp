#include "catalogue/classifier.h"

namespace catalogue {

using policy::Confidence;

namespace {

// Structured signals (status, exit code) outrank text; an exact signature
// (status and wording) outranks a broad one. Priorities are unique (tested).
constexpr Rule kRules[] = {
    // Quota and spend limits are hard even when the status is 429.
    {"text.quota.exceeded", 990, "quota_limited", Confidence::High, Scope::Account, {}, -1,
     {"exceeded your current quota", "insufficient_quota", "quota exceeded", "exceeded quota", "monthly spend limit",
      "spend limit", "usage limit reached", "credit balance is too low"}, {}, false, "You exceeded your current quota, please check your plan and billing details."},
    {"http.429.quota", 985, "quota_limited", Confidence::High, Scope::Account, {429}, -1,
     {"out of quota", "daily quota", "quota has been", "quota for this", "billing hard limit", "usage limit", "", ""}, {}, false, "HTTP/1.1 429\n\nDaily quota for this project has been used up."},
    {"http.404.model", 960, "model_unavailable", Confidence::High, Scope::Model, {404}, -1, {"model", "", "", "", "", "", "", ""}, {}, false, "HTTP/1.1 404\n\nThe model `gpt-9` does not exist or you do not have access to it."},
    {"http.400.model", 955, "model_unavailable", Confidence::High, Scope::Model, {400}, -1,
     {"model not found", "unknown model", "invalid model", "model_not_found", "does not exist", "", "", ""}, {}, false, "HTTP/1.1 400\n\nunknown model: claude-opus-9"},
    {"http.429.reset", 940, "rate_limited", Confidence::High, Scope::Account, {429}, -1, {}, {}, true, "HTTP/1.1 429\nretry-after: 20\n\nRate limit reached for requests"},
    {"http.529", 935, "provider_overloaded", Confidence::High, Scope::Provider, {529}, -1, {}, {}, false, "HTTP/1.1 529\n\n{\"type\":\"error\",\"error\":{\"type\":\"overloaded_error\"}}"},
    {"http.503.overloaded", 932, "provider_overloaded", Confidence::High, Scope::Provider, {503}, -1,
     {"overloaded", "", "", "", "", "", "", ""}, {}, false, "HTTP/1.1 503\n\nThe server is overloaded."},
    {"http.429", 930, "rate_limited", Confidence::High, Scope::Account, {429}, -1, {}, {}, false, "HTTP/1.1 429\n\nToo Many Requests"},
    {"http.402", 925, "subscription_required", Confidence::High, Scope::Account, {402}, -1, {}, {}, false, "HTTP/1.1 402\n\nPayment Required"},
    {"http.401", 920, "auth_required", Confidence::High, Scope::Account, {401}, -1, {}, {}, false, "HTTP/1.1 401\n\n{\"error\":{\"type\":\"authentication_error\"}}"},
    {"http.403.key", 918, "missing_credentials", Confidence::High, Scope::Account, {403}, -1,
     {"api key", "api_key", "credentials", "", "", "", "", ""}, {}, false, "HTTP/1.1 403\n\nRequest had no API key"},
    {"http.403", 915, "auth_required", Confidence::Medium, Scope::Account, {403}, -1, {}, {}, false, "HTTP/1.1 403\n\nForbidden"},
    {"http.503", 910, "provider_unavailable", Confidence::High, Scope::Provider, {503}, -1, {}, {}, false, "HTTP/1.1 503\n\nService Unavailable"},
    {"http.502", 905, "provider_unavailable", Confidence::High, Scope::Provider, {502}, -1, {}, {}, false, "HTTP/1.1 502\n\nBad Gateway"},
    {"http.504", 900, "provider_unavailable", Confidence::High, Scope::Provider, {504}, -1, {}, {}, false, "HTTP/1.1 504\n\nupstream request timeout"},
    {"http.500", 895, "provider_unavailable", Confidence::Medium, Scope::Provider, {500}, -1, {}, {}, false, "HTTP/1.1 500\n\nThe server had an error while processing your request."},
    {"exit.127", 890, "provider_not_configured", Confidence::High, Scope::Provider, {}, 127, {}, {}, false, "exit code: 127\n\nbash: claude: command not found"},
    {"exit.126", 885, "provider_not_configured", Confidence::Medium, Scope::Provider, {}, 126, {}, {}, false, "exit code: 126\n\npermission denied: ./codex"},
    // Text only: provider bodies and agent CLIs' stderr.
    {"text.anthropic.overloaded", 600, "provider_overloaded", Confidence::High, Scope::Provider, {}, -1,
     {"overloaded_error", "", "", "", "", "", "", ""}, {}, false, "{\"type\":\"error\",\"error\":{\"type\":\"overloaded_error\",\"message\":\"Overloaded\"}}"},
    {"text.model.overloaded", 595, "model_capacity", Confidence::High, Scope::Model, {}, -1,
     {"model is overloaded", "model is currently overloaded", "the model is at capacity", "at capacity", "no capacity available",
      "capacity constraints", "", ""}, {}, false, "The model is overloaded. Please try again later."},
    {"text.overloaded", 590, "provider_overloaded", Confidence::Medium, Scope::Provider, {}, -1,
     {"server is overloaded", "server overloaded", "service is overloaded", "\"overloaded\"", "overloaded, please",
      "server is busy", "", ""}, {}, false, "Error: server is busy, please retry in a moment"},
    {"text.rate_limit", 585, "rate_limited", Confidence::High, Scope::Account, {}, -1,
     {"rate limit", "rate_limit", "too many requests", "ratelimit", "resource_exhausted", "", "", ""}, {}, false, "Error: rate limit exceeded, retry later"},
    {"text.subscription", 580, "subscription_required", Confidence::Medium, Scope::Account, {}, -1,
     {"subscription", "payment required", "billing", "upgrade your plan", "plan does not include", "", "", ""}, {}, false, "Your plan does not include access to this feature."},
    {"text.missing_credentials", 575, "missing_credentials", Confidence::High, Scope::Account, {}, -1,
     {"missing api key", "api key is missing", "no api key", "api key not found", "api_key is not set", "api key not set",
      "environment variable is not set", "could not resolve authentication method"}, {}, false, "Error: ANTHROPIC_API_KEY environment variable is not set"},
    {"text.invalid_api_key", 570, "auth_required", Confidence::High, Scope::Account, {}, -1,
     {"invalid api key", "invalid x-api-key", "incorrect api key", "invalid_api_key", "authentication_error", "api key not valid",
      "unauthorized", ""}, {}, false, "Error: Incorrect API key provided"},
    {"text.login_required", 572, "auth_required", Confidence::High, Scope::Account, {}, -1,
     {"not logged in", "please run /login", "please log in", "login required", "oauth token has expired", "session expired",
      "run `codex login`", "re-authenticate"}, {}, false, "Invalid API key · Please run /login"},
    {"text.model_unavailable", 560, "model_unavailable", Confidence::High, Scope::Model, {}, -1,
     {"model not found", "model_not_found", "unknown model", "model is not available", "does not have access to model",
      "model does not exist", "not_found_error", "is not supported for this model"}, {}, false, "{\"type\":\"error\",\"error\":{\"type\":\"not_found_error\",\"message\":\"model: claude-x\"}}"},
    {"text.provider_not_configured", 555, "provider_not_configured", Confidence::High, Scope::Provider, {}, -1,
     {"command not found", "executable file not found", "no provider configured", "provider not configured", "unknown provider",
      "enoent", "", ""}, {}, false, "Error: spawn claude ENOENT"},
    {"text.service_unavailable", 550, "provider_unavailable", Confidence::Medium, Scope::Provider, {}, -1,
     {"service unavailable", "bad gateway", "internal server error", "gateway timeout", "api_error", "upstream connect error", "",
      ""}, {}, false, "{\"error\":{\"type\":\"api_error\",\"message\":\"Internal server error\"}}"},
    {"text.network.reset", 545, "network_unavailable", Confidence::High, Scope::Request, {}, -1,
     {"connection reset", "econnreset", "connection refused", "econnrefused", "network is unreachable", "enetunreach", "", ""}, {}, false, "Error: read ECONNRESET"},
    {"text.network.dns", 540, "network_unavailable", Confidence::High, Scope::Request, {}, -1,
     {"getaddrinfo", "enotfound", "no such host", "temporary failure in name resolution", "name or service not known",
      "could not resolve host", "eai_again", ""}, {}, false, "getaddrinfo ENOTFOUND api.anthropic.com"},
    {"text.network.timeout", 535, "network_unavailable", Confidence::Medium, Scope::Request, {}, -1,
     {"etimedout", "timed out", "request timeout", "connection timeout", "read timeout", "i/o timeout", "deadline exceeded",
      "timeout awaiting"}, {}, false, "Error: ETIMEDOUT after 60000ms"},
    {"text.transport_lost", 530, "agent_transport_lost", Confidence::Medium, Scope::Request, {}, -1,
     {"broken pipe", "epipe", "socket hang up", "stream closed unexpectedly", "connection closed", "unexpected eof",
      "transport closed", ""}, {}, false, "write |1: broken pipe"},
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

}  // namespace catalogue
