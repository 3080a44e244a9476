// SPDX-License-Identifier: Apache-2.0
#include "policy/schedule.h"

#include <algorithm>

namespace policy
{

std::int64_t retryDelay(std::int64_t initialIntervalSeconds, std::int64_t ordinal) noexcept
{
    if (initialIntervalSeconds <= 0)
        return 0;
    if (initialIntervalSeconds >= kMaxRetryDelaySeconds)
        return kMaxRetryDelaySeconds;
    if (ordinal <= 0)
        return initialIntervalSeconds;
    // initial < 2^17, so any shift of 46 or more already exceeds the cap;
    // checking before shifting keeps every step inside int64.
    if (ordinal >= 46)
        return kMaxRetryDelaySeconds;
    const std::int64_t delay = initialIntervalSeconds << ordinal;
    return std::min(delay, kMaxRetryDelaySeconds);
}

Schedule schedule(std::int64_t initialIntervalSeconds, std::int64_t maxRetries)
{
    Schedule result;
    const std::int64_t count = std::clamp<std::int64_t>(maxRetries, 0, descriptor(Field::RetryMaxRetries).max);
    result.delaysSeconds.reserve(static_cast<std::size_t>(count));
    for (std::int64_t k = 0; k < count; ++k) {
        const std::int64_t d = retryDelay(initialIntervalSeconds, k);
        result.capped = result.capped || d == kMaxRetryDelaySeconds;
        result.delaysSeconds.push_back(d);
        result.totalSeconds += d;
    }
    return result;
}

Schedule schedule(const RetryPolicy& retry)
{
    if (!retry.enabled)
        return {};
    return schedule(retry.initialIntervalSeconds, retry.maxRetries);
}

}  // namespace policy
