// SPDX-License-Identifier: Apache-2.0
#pragma once
// Every JSON key of a policy document, spelled once, and the identity of each
// setting of a class policy as a typed value. core/format's codec, the
// evaluate protocol, validation's issue paths, the review's field paths and
// the editor's fields all take their keys from here; the test
// keys_spelled_once (cmake/CheckKeysSpelledOnce.cmake) finds any other
// spelling outside core/format.
//
// A setting's dotted path is written by renderPath and read back by
// parsePath, and by nothing else: "transient.retry.max_retries" inside a
// policy document; renderSetting and parseSetting are their class-relative
// halves ("retry.max_retries", "on_exhausted").

#include "policy/catalogue.h"

#include <array>
#include <optional>
#include <string>
#include <string_view>

namespace policy
{

namespace keys
{
// The key of a candidate's policy document, and the keys of that document.
inline constexpr std::string_view kPolicies = "policies";
inline constexpr std::string_view kVersion = "version";
inline constexpr std::string_view kTransient = "transient";
inline constexpr std::string_view kHard = "hard";
// The keys of a class policy.
inline constexpr std::string_view kRetry = "retry";
inline constexpr std::string_view kWaitForReset = "wait_for_reset";
inline constexpr std::string_view kOnExhausted = "on_exhausted";
// The keys inside its sections.
inline constexpr std::string_view kEnabled = "enabled";
inline constexpr std::string_view kMaxRetries = "max_retries";
inline constexpr std::string_view kInitialIntervalSeconds = "initial_interval_seconds";
inline constexpr std::string_view kMaxWaitSeconds = "max_wait_seconds";
}  // namespace keys

// The two classes a policy document holds, in the document's order.
inline constexpr std::array<ErrorClass, 2> kPolicyClasses {ErrorClass::Transient, ErrorClass::Hard};

// The key of a class policy inside a policy document; "" for Unclassified, which has none.
constexpr std::string_view classKey(ErrorClass c) noexcept
{
    switch (c) {
    case ErrorClass::Transient: return keys::kTransient;
    case ErrorClass::Hard: return keys::kHard;
    case ErrorClass::Unclassified: return {};
    }
    return {};
}

// Every setting of a class policy, in the document's order.
enum class Setting { RetryEnabled, RetryMaxRetries, RetryInitialInterval, ResetEnabled, ResetMaxWait, OnExhausted };

inline constexpr std::array<Setting, 6> kSettings {Setting::RetryEnabled, Setting::RetryMaxRetries,
    Setting::RetryInitialInterval, Setting::ResetEnabled, Setting::ResetMaxWait, Setting::OnExhausted};

// Where a setting is in a class policy's JSON: the section it is in ("" for
// on_exhausted, a key of the class policy itself) and its key.
struct SettingKeys {
    std::string_view section;
    std::string_view key;
};

constexpr SettingKeys settingKeys(Setting s) noexcept
{
    switch (s) {
    case Setting::RetryEnabled: return {keys::kRetry, keys::kEnabled};
    case Setting::RetryMaxRetries: return {keys::kRetry, keys::kMaxRetries};
    case Setting::RetryInitialInterval: return {keys::kRetry, keys::kInitialIntervalSeconds};
    case Setting::ResetEnabled: return {keys::kWaitForReset, keys::kEnabled};
    case Setting::ResetMaxWait: return {keys::kWaitForReset, keys::kMaxWaitSeconds};
    case Setting::OnExhausted: return {{}, keys::kOnExhausted};
    }
    return {};
}

// One setting of one class of a policy document.
struct SettingPath {
    ErrorClass errorClass = ErrorClass::Transient;
    Setting setting = Setting::RetryEnabled;
    friend bool operator==(const SettingPath&, const SettingPath&) = default;
};

// "retry.max_retries", "on_exhausted": the setting's path inside its class policy.
std::string renderSetting(Setting s);
// The setting a class-relative path names; nullopt for anything else (a
// section alone, an unknown key, a document path, surrounding text).
std::optional<Setting> parseSetting(std::string_view path) noexcept;

// "transient.retry.max_retries": the setting's path inside a policy document.
// Unclassified has no class policy: its path is the class-relative one.
std::string renderPath(SettingPath p);
// The setting a document-relative path names; nullopt for anything else.
std::optional<SettingPath> parsePath(std::string_view path) noexcept;

}  // namespace policy
