// SPDX-License-Identifier: Apache-2.0
#pragma once
// Every numeric limit and default of a policy, declared once (SPEC section 3).
// Validation, the editor's spin boxes, the JSON Schema test and policyctl all
// read these descriptors; nothing else may spell a limit.

#include <array>
#include <cstdint>
#include <string_view>

namespace policy
{

enum class Field { RetryMaxRetries, RetryInitialInterval, ResetMaxWait };
enum class Unit { Count, Seconds };

struct FieldDescriptor {
    Field field;
    std::string_view section;  // JSON key of the section inside a class policy
    std::string_view key;  // JSON key of the value inside its section
    std::int64_t min;  // when the section is enabled
    std::int64_t max;
    Unit unit;
    // Value the editor fills in when a section is switched on and has no earlier
    // value; kandev's own settings page fills the same (1 retry after 5 s, 300 s).
    std::int64_t enabledDefault;
};

inline constexpr std::array<FieldDescriptor, 3> kFieldDescriptors {{
    {Field::RetryMaxRetries, "retry", "max_retries", 1, 10, Unit::Count, 1},
    {Field::RetryInitialInterval, "retry", "initial_interval_seconds", 1, 3600, Unit::Seconds, 5},
    {Field::ResetMaxWait, "wait_for_reset", "max_wait_seconds", 1, 604800, Unit::Seconds, 300},
}};

constexpr const FieldDescriptor& descriptor(Field f) noexcept
{
    return kFieldDescriptors[static_cast<std::size_t>(f)];
}

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
