// SPDX-License-Identifier: Apache-2.0
// How libpolicy's C API scales with hostile inputs, as bench_scaling does
// for policyctl: policy_validate, policy_migrate and policy_compile on texts
// of three sizes.
#include "scaling.h"

#include "policy_c.h"

#include <cstdio>

int main()
{
    double worst = 0;
    const auto row = [&](const std::string& operation, const scaling::Family& family, auto call) {
        worst = std::max(worst, scaling::measure(operation, family, [&](const std::string& text) {
            char* result = nullptr;
            call(text, &result);
            policy_free(result);
        }));
    };
    for (const scaling::Family& family : scaling::documentFamilies()) {
        row("policy_validate", family,
            [](const std::string& t, char** r) { policy_validate(t.data(), t.size(), r, nullptr); });
        row("policy_migrate", family, [](const std::string& t, char** r) {
            policy_migrate(t.data(), t.size(), POLICY_READING_SPEC, r, nullptr);
        });
        row("policy_compile", family, [](const std::string& t, char** r) {
            policy_compiled* compiled = nullptr;
            policy_compile(t.data(), t.size(), POLICY_READING_SPEC, &compiled, r, nullptr);
            policy_release(compiled);
        });
    }
    std::printf("largest exponent: %.2f (goal: at most 1.1)\n", worst);
    return 0;
}
