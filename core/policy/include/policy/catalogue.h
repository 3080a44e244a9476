// SPDX-License-Identifier: Apache-2.0
#pragma once
// The provider error catalogue (SPEC section 2): every semantic code and its
// class. Codes are identifiers, never prose; descriptions live in the UI.

#include <array>
#include <optional>
#include <string_view>

namespace policy
{

inline constexpr std::string_view kCatalogueVersion = "provider-errors.v1";

enum class ErrorClass { Transient, Hard, Unclassified };

enum class ErrorCode {
    NetworkUnavailable,
    ProviderUnavailable,
    ProviderOverloaded,
    ModelCapacity,
    RateLimited,
    AgentTransportLost,
    AuthRequired,
    MissingCredentials,
    SubscriptionRequired,
    QuotaLimited,
    ModelUnavailable,
    ProviderNotConfigured,
};

struct CatalogueEntry {
    ErrorCode code;
    std::string_view name;
    ErrorClass errorClass;
};

inline constexpr std::array<CatalogueEntry, 12> kCatalogue {{
    {ErrorCode::NetworkUnavailable, "network_unavailable", ErrorClass::Transient},
    {ErrorCode::ProviderUnavailable, "provider_unavailable", ErrorClass::Transient},
    {ErrorCode::ProviderOverloaded, "provider_overloaded", ErrorClass::Transient},
    {ErrorCode::ModelCapacity, "model_capacity", ErrorClass::Transient},
    {ErrorCode::RateLimited, "rate_limited", ErrorClass::Transient},
    {ErrorCode::AgentTransportLost, "agent_transport_lost", ErrorClass::Transient},
    {ErrorCode::AuthRequired, "auth_required", ErrorClass::Hard},
    {ErrorCode::MissingCredentials, "missing_credentials", ErrorClass::Hard},
    {ErrorCode::SubscriptionRequired, "subscription_required", ErrorClass::Hard},
    {ErrorCode::QuotaLimited, "quota_limited", ErrorClass::Hard},
    {ErrorCode::ModelUnavailable, "model_unavailable", ErrorClass::Hard},
    {ErrorCode::ProviderNotConfigured, "provider_not_configured", ErrorClass::Hard},
}};

// Codes kandev emits that are never configurable: they always stop recovery.
inline constexpr std::array<std::string_view, 8> kUnclassifiedCodes {
    "unknown_provider_error",
    "agent_runtime_error",
    "task_error",
    "repo_error",
    "permission_denied_by_user",
    "resume_corrupted",
    "npx_cache_corrupted",
    "managed_runtime_npm_resolution",
};

std::optional<ErrorCode> errorCodeFromName(std::string_view name) noexcept;
std::string_view errorCodeName(ErrorCode code) noexcept;
ErrorClass errorClassOf(ErrorCode code) noexcept;
// The catalogue's class for a code name; Unclassified for anything unknown.
ErrorClass catalogueClass(std::string_view name) noexcept;

std::string_view errorClassName(ErrorClass c) noexcept;  // "transient", "hard", "unclassified"
std::optional<ErrorClass> errorClassFromName(std::string_view name) noexcept;

}  // namespace policy
