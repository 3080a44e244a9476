// SPDX-License-Identifier: Apache-2.0
#pragma once
// Retry delays (SPEC section 3): delay(k) = initial * 2^k, capped at one day,
// computed without overflow for every input.

#include "policy/types.h"

#include <cstdint>
#include <vector>

namespace policy
{

// Delay before retry ordinal k (0-based). Negative inputs count as 0.
std::int64_t retryDelay(std::int64_t initialIntervalSeconds, std::int64_t ordinal) noexcept;

struct Schedule {
    std::vector<std::int64_t> delaysSeconds;
    std::int64_t totalSeconds = 0;
    bool capped = false;  // at least one delay hit kMaxRetryDelaySeconds
    friend bool operator==(const Schedule&, const Schedule&) = default;
};

// Every delay a retry policy implies; empty when retry is disabled. The count
// is limited to the declared maximum so a hostile value cannot allocate much.
Schedule schedule(const RetryPolicy& retry);
Schedule schedule(std::int64_t initialIntervalSeconds, std::int64_t maxRetries);

}  // namespace policy
