// SPDX-License-Identifier: Apache-2.0
#pragma once
// Every numeric limit and default of a policy, declared once (SPEC section 3).
// Validation, the editor's spin boxes, the JSON Schema test and policyctl all
// read these descriptors; nothing else may spell a limit.

#include "policy/policy_keys.h"

#include <array>
#include <cstdint>
#include <string_view>

namespace policy
{

enum class Field { RetryMaxRetries, RetryInitialInterval, ResetMaxWait };
enum class Unit { Count, Seconds };

struct FieldDescriptor {
    Field field;
    std::string_view section;  // JSON key of the section inside a class policy (policy_keys.h)
    std::string_view key;  // JSON key of the value inside its section (policy_keys.h)
    std::int64_t min;  // when the section is enabled
    std::int64_t max;
    Unit unit;
    // Value the editor fills in when a section is switched on and has no earlier
    // value; kandev's own settings page fills the same (1 retry after 5 s, 300 s).
    std::int64_t enabledDefault;
};

inline constexpr std::array<FieldDescriptor, 3> kFieldDescriptors {{
    {Field::RetryMaxRetries, keys::kRetry, keys::kMaxRetries, 1, 10, Unit::Count, 1},
    {Field::RetryInitialInterval, keys::kRetry, keys::kInitialIntervalSeconds, 1, 3600, Unit::Seconds, 5},
    {Field::ResetMaxWait, keys::kWaitForReset, keys::kMaxWaitSeconds, 1, 604800, Unit::Seconds, 300},
}};

constexpr const FieldDescriptor& descriptor(Field f) noexcept
{
    return kFieldDescriptors[static_cast<std::size_t>(f)];
}

// The setting a numeric field is.
constexpr Setting settingOf(Field f) noexcept
{
    switch (f) {
    case Field::RetryMaxRetries: return Setting::RetryMaxRetries;
    case Field::RetryInitialInterval: return Setting::RetryInitialInterval;
    case Field::ResetMaxWait: return Setting::ResetMaxWait;
    }
    return Setting::RetryMaxRetries;
}

static_assert(
    [] {
        for (const FieldDescriptor& d : kFieldDescriptors) {
            if (settingKeys(settingOf(d.field)).section != d.section || settingKeys(settingOf(d.field)).key != d.key)
                return false;
        }
        return true;
    }(),
    "a field descriptor's keys are its setting's keys");

// True when an enabled section may hold `value` in field `f`.
constexpr bool withinLimits(Field f, std::int64_t value) noexcept
{
    return value >= descriptor(f).min && value <= descriptor(f).max;
}

// A single retry delay never exceeds one day.
inline constexpr std::int64_t kMaxRetryDelaySeconds = 86400;
// The only policy schema version this build understands.
inline constexpr std::int64_t kSupportedPolicyVersion = 1;
// Default bound on the number of events of one simulated route cycle.
inline constexpr std::size_t kDefaultMaxTimelineEvents = 1000;

}  // namespace policy
