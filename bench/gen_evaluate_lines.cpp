// SPDX-License-Identifier: Apache-2.0
// Writes N `policyctl evaluate` input lines of about 550 bytes to stdout.
#include <cstdio>
#include <cstdlib>
#include <string>

int main(int argc, char** argv)
{
    const long n = argc > 1 ? std::atol(argv[1]) : 1000000;
    const char* codes[] = {"model_capacity", "quota_limited", "rate_limited", "provider_overloaded", "task_error"};
    std::string line;
    for (long i = 0; i < n; ++i) {
        line = R"({"policies":{"version":1,"transient":{"retry":{"enabled":true,"max_retries":)"
            + std::to_string(1 + i % 10)
            + R"(,"initial_interval_seconds":5},"wait_for_reset":{"enabled":false,"max_wait_seconds":0},"on_exhausted":"skip"},"hard":{"retry":{"enabled":false,"max_retries":0,"initial_interval_seconds":0},"wait_for_reset":{"enabled":true,"max_wait_seconds":3600},"on_exhausted":"stop"}},"failure":{"code":")"
            + codes[i % 5]
            + R"(","class":null,"confidence":"high","catalogue_version":"provider-errors.v1","reset_at":"2026-08-17T12:0)"
            + std::to_string(i % 10) + R"(:00Z"},"now":"2026-08-17T12:00:00Z","retry_ordinal":)" + std::to_string(i % 4)
            + R"(,"reset_wait_used":)" + (i % 3 ? "false" : "true") + R"(,"effect_safe":)" + (i % 17 ? "true" : "false")
            + "}\n";
        std::fwrite(line.data(), 1, line.size(), stdout);
    }
    return 0;
}
