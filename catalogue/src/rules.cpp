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
      "spend limit", "usage limit reached", "credit balance is too low"}},
    {"http.429.quota", 985, "quota_limited", Confidence::High, Scope::Account, {429}, -1,
     {"out of quota", "daily quota", "quota has been", "quota for this", "billing hard limit", "usage limit", "", ""}},
    {"http.404.model", 960, "model_unavailable", Confidence::High, Scope::Model, {404}, -1, {"model", "", "", "", "", "", "", ""}},
    {"http.400.model", 955, "model_unavailable", Confidence::High, Scope::Model, {400}, -1,
     {"model not found", "unknown model", "invalid model", "model_not_found", "does not exist", "", "", ""}},
    {"http.429.reset", 940, "rate_limited", Confidence::High, Scope::Account, {429}, -1, {}, {}, true},
    {"http.529", 935, "provider_overloaded", Confidence::High, Scope::Provider, {529}},
    {"http.503.overloaded", 932, "provider_overloaded", Confidence::High, Scope::Provider, {503}, -1,
     {"overloaded", "", "", "", "", "", "", ""}},
    {"http.429", 930, "rate_limited", Confidence::High, Scope::Account, {429}},
    {"http.402", 925, "subscription_required", Confidence::High, Scope::Account, {402}},
    {"http.401", 920, "auth_required", Confidence::High, Scope::Account, {401}},
    {"http.403.key", 918, "missing_credentials", Confidence::High, Scope::Account, {403}, -1,
     {"api key", "api_key", "credentials", "", "", "", "", ""}},
    {"http.403", 915, "auth_required", Confidence::Medium, Scope::Account, {403}},
    {"http.503", 910, "provider_unavailable", Confidence::High, Scope::Provider, {503}},
    {"http.502", 905, "provider_unavailable", Confidence::High, Scope::Provider, {502}},
    {"http.504", 900, "provider_unavailable", Confidence::High, Scope::Provider, {504}},
    {"http.500", 895, "provider_unavailable", Confidence::Medium, Scope::Provider, {500}},
    {"exit.127", 890, "provider_not_configured", Confidence::High, Scope::Provider, {}, 127},
    {"exit.126", 885, "provider_not_configured", Confidence::Medium, Scope::Provider, {}, 126},
    // Text only: provider bodies and agent CLIs' stderr.
    {"text.anthropic.overloaded", 600, "provider_overloaded", Confidence::High, Scope::Provider, {}, -1,
     {"overloaded_error", "", "", "", "", "", "", ""}},
    {"text.model.overloaded", 595, "model_capacity", Confidence::High, Scope::Model, {}, -1,
     {"model is overloaded", "model is currently overloaded", "the model is at capacity", "at capacity", "no capacity available",
      "capacity constraints", "", ""}},
    {"text.overloaded", 590, "provider_overloaded", Confidence::Medium, Scope::Provider, {}, -1,
     {"server is overloaded", "server overloaded", "service is overloaded", "\"overloaded\"", "overloaded, please",
      "server is busy", "", ""}},
    {"text.rate_limit", 585, "rate_limited", Confidence::High, Scope::Account, {}, -1,
     {"rate limit", "rate_limit", "too many requests", "ratelimit", "resource_exhausted", "", "", ""}},
    {"text.subscription", 580, "subscription_required", Confidence::Medium, Scope::Account, {}, -1,
     {"subscription", "payment required", "billing", "upgrade your plan", "plan does not include", "", "", ""}},
    {"text.missing_credentials", 575, "missing_credentials", Confidence::High, Scope::Account, {}, -1,
     {"missing api key", "api key is missing", "no api key", "api key not found", "api_key is not set", "api key not set",
      "environment variable is not set", "could not resolve authentication method"}},
    {"text.invalid_api_key", 570, "auth_required", Confidence::High, Scope::Account, {}, -1,
     {"invalid api key", "invalid x-api-key", "incorrect api key", "invalid_api_key", "authentication_error", "api key not valid",
      "unauthorized", ""}},
    {"text.login_required", 572, "auth_required", Confidence::High, Scope::Account, {}, -1,
     {"not logged in", "please run /login", "please log in", "login required", "oauth token has expired", "session expired",
      "run `codex login`", "re-authenticate"}},
    {"text.model_unavailable", 560, "model_unavailable", Confidence::High, Scope::Model, {}, -1,
     {"model not found", "model_not_found", "unknown model", "model is not available", "does not have access to model",
      "model does not exist", "not_found_error", "is not supported for this model"}},
    {"text.provider_not_configured", 555, "provider_not_configured", Confidence::High, Scope::Provider, {}, -1,
     {"command not found", "executable file not found", "no provider configured", "provider not configured", "unknown provider",
      "enoent", "", ""}},
    {"text.service_unavailable", 550, "provider_unavailable", Confidence::Medium, Scope::Provider, {}, -1,
     {"service unavailable", "bad gateway", "internal server error", "gateway timeout", "api_error", "upstream connect error", "",
      ""}},
    {"text.network.reset", 545, "network_unavailable", Confidence::High, Scope::Request, {}, -1,
     {"connection reset", "econnreset", "connection refused", "econnrefused", "network is unreachable", "enetunreach", "", ""}},
    {"text.network.dns", 540, "network_unavailable", Confidence::High, Scope::Request, {}, -1,
     {"getaddrinfo", "enotfound", "no such host", "temporary failure in name resolution", "name or service not known",
      "could not resolve host", "eai_again", ""}},
    {"text.network.timeout", 535, "network_unavailable", Confidence::Medium, Scope::Request, {}, -1,
     {"etimedout", "timed out", "request timeout", "connection timeout", "read timeout", "i/o timeout", "deadline exceeded",
      "timeout awaiting"}},
    {"text.transport_lost", 530, "agent_transport_lost", Confidence::Medium, Scope::Request, {}, -1,
     {"broken pipe", "epipe", "socket hang up", "stream closed unexpectedly", "connection closed", "unexpected eof",
      "transport closed", ""}},
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
