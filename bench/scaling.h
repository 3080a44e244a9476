// SPDX-License-Identifier: Apache-2.0
#pragma once
// Scaling benchmarks: hostile inputs at three sizes, the time of one
// operation on each, and the exponent k of time ~ N^k that the three imply
// (least squares on log time against log N). k near 1 is linear; 2 is the
// quadratic path this exists to catch. Shared by bench_scaling (policyctl's
// commands, in-process) and bench_scaling_c (libpolicy's C API).

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <functional>
#include <string>
#include <vector>

namespace scaling
{

// The documents, each at size n.
// Wide: one object of n keys. Valid: n unknown keys at the top of a dynamic
// profile (kept and written back); invalid: n unknown keys in a candidate's
// policies object (a closed shape: n errors).
inline std::string wideDocument(long n, bool valid)
{
    std::string out = R"({"candidates": [{"position": 0, "execution_profile_id": "agent-0", )";
    if (valid) {
        out += R"("rules": {"on_provider_error": "try_next", "quota_limited": "stop"}}])";
        for (long i = 0; i < n; ++i)
            out += ", \"extra_" + std::to_string(i) + "\": " + std::to_string(i);
        return out + "}\n";
    }
    out += R"("policies": {"version": 1)";
    for (long i = 0; i < n; ++i)
        out += ", \"extra_" + std::to_string(i) + "\": " + std::to_string(i);
    return out + "}}]}\n";
}

// Long: n candidates. Valid: legacy rules and v1 policies alternating;
// invalid: every position one too high (n errors).
inline std::string longDocument(long n, bool valid)
{
    std::string out = "{\"candidates\": [\n";
    for (long i = 0; i < n; ++i) {
        const std::string id = std::to_string(i);
        out += i > 0 ? ",\n" : "";
        out += R"(  {"position": )" + std::to_string(valid ? i : i + 1) + R"(, "execution_profile_id": "agent-)" + id
            + "\", ";
        out += i % 2
            ? R"("rules": {"on_provider_error": "try_next", "model_capacity": "retry_same"}})"
            : R"("policies": {"version": 1, "transient": {"retry": {"enabled": true, "max_retries": 3, "initial_interval_seconds": 5}, "wait_for_reset": {"enabled": false, "max_wait_seconds": 0}, "on_exhausted": "skip"}, "hard": {"retry": {"enabled": false, "max_retries": 0, "initial_interval_seconds": 0}, "wait_for_reset": {"enabled": true, "max_wait_seconds": 300}, "on_exhausted": "stop"}}})";
    }
    return out + "\n]}\n";
}

// n candidates whose positions are all -1: n errors of the JSON Schema
// files (minimum 0) as well as of the rules.
inline std::string negativePositions(long n)
{
    std::string out = "{\"candidates\": [\n";
    for (long i = 0; i < n; ++i)
        out += std::string(i > 0 ? ",\n" : "") + R"(  {"position": -1, "execution_profile_id": "agent-)"
            + std::to_string(i) + "\"}";
    return out + "\n]}\n";
}

// A timeline scenario. Valid: n attempts; invalid: n unknown keys.
inline std::string scenario(long n, bool valid)
{
    std::string out = R"({"name": "scaling", )";
    if (valid) {
        out += R"("attempts": [)";
        for (long i = 0; i < n; ++i)
            out += std::string(i > 0 ? ", " : "") + R"({"code": "rate_limited", "reset_after_seconds": 30})";
        return out + R"(], "then": "success"})" + "\n";
    }
    out += R"("attempts": [{"code": "rate_limited"}])";
    for (long i = 0; i < n; ++i)
        out += ", \"extra_" + std::to_string(i) + "\": " + std::to_string(i);
    return out + "}\n";
}

struct Family {
    std::string name;
    std::vector<long> sizes;
    std::function<std::string(long)> make;
};

inline std::vector<Family> documentFamilies()
{
    return {
        {"keys, valid", {10000, 50000, 100000}, [](long n) { return wideDocument(n, true); }},
        {"keys, invalid", {10000, 50000, 100000}, [](long n) { return wideDocument(n, false); }},
        {"candidates, valid", {1000, 5000, 20000}, [](long n) { return longDocument(n, true); }},
        {"candidates, invalid", {1000, 5000, 20000}, [](long n) { return longDocument(n, false); }},
        {"positions -1 (schema)", {1000, 5000, 20000}, [](long n) { return negativePositions(n); }},
    };
}

inline std::vector<Family> scenarioFamilies()
{
    return {
        {"scenario attempts, valid", {1000, 5000, 20000}, [](long n) { return scenario(n, true); }},
        {"scenario keys, invalid", {10000, 50000, 100000}, [](long n) { return scenario(n, false); }},
    };
}

// The best of at least `runs` runs, in seconds: the least disturbed by the
// machine, which is shared. A short operation runs until a quarter second
// has passed (at most 50 times): a 4 ms run's best of three moved the
// exponent by 0.1.
inline double bestSeconds(const std::function<void()>& run, int runs = 5)
{
    double best = 1e300;
    double total = 0;
    for (int r = 0; r < runs || (total < 0.25 && r < 50); ++r) {
        const auto start = std::chrono::steady_clock::now();
        run();
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        best = std::min(best, seconds);
        total += seconds;
    }
    return best;
}

inline double exponent(const std::vector<long>& sizes, const std::vector<double>& seconds)
{
    double mx = 0, my = 0;
    const auto n = static_cast<double>(sizes.size());
    for (std::size_t i = 0; i < sizes.size(); ++i) {
        mx += std::log(static_cast<double>(sizes[i])) / n;
        my += std::log(std::max(seconds[i], 1e-9)) / n;
    }
    double sxy = 0, sxx = 0;
    for (std::size_t i = 0; i < sizes.size(); ++i) {
        const double dx = std::log(static_cast<double>(sizes[i])) - mx;
        sxy += dx * (std::log(std::max(seconds[i], 1e-9)) - my);
        sxx += dx * dx;
    }
    return sxx > 0 ? sxy / sxx : 0;
}

// Times `operation` on the family's three inputs and prints one row; returns k.
inline double measure(
    const std::string& operation, const Family& family, const std::function<void(const std::string& input)>& run)
{
    std::vector<double> seconds;
    std::string cells;
    for (const long n : family.sizes) {
        const std::string input = family.make(n);
        seconds.push_back(bestSeconds([&] { run(input); }));
        char cell[64];
        std::snprintf(cell, sizeof cell, "  %7ld: %9.2f ms", n, seconds.back() * 1e3);
        cells += cell;
    }
    const double k = exponent(family.sizes, seconds);
    std::printf("%-26s %-26s%s   k = %.2f%s\n", operation.c_str(), family.name.c_str(), cells.c_str(), k,
        k > 1.1 ? "  (over 1.1)" : "");
    std::fflush(stdout);
    return k;
}

}  // namespace scaling
