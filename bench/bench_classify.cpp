// SPDX-License-Identifier: Apache-2.0
// Classify fixture-like evidence envelopes on one core: five rounds of
// 100,000, reporting the median and the best round (the VM is noisy).
#include "catalogue/classifier.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

int main()
{
    using namespace catalogue;
    std::vector<Evidence> samples;
    auto add = [&](std::optional<int> status, std::vector<Header> headers, std::string text,
                   std::optional<int> exitCode = {}, std::string provider = {}, std::string phase = {}) {
        Evidence e;
        e.status = status;
        e.headers = std::move(headers);
        e.text = std::move(text);
        e.exitCode = exitCode;
        e.provider = std::move(provider);
        e.phase = std::move(phase);
        samples.push_back(std::move(e));
    };
    add(429, {{"retry-after", "20"}, {"x-request-id", "req_123"}, {"content-type", "application/json"}},
        R"({"error":{"message":"Rate limit reached for gpt-5 in organization org-xyz on requests per min (RPM): Limit 500, Used 500.","type":"requests","code":"rate_limit_exceeded"}})");
    add(529, {{"content-type", "application/json"}},
        R"({"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}})");
    add(429, {{"x-ratelimit-reset-tokens", "6m0s"}},
        R"({"error":{"message":"You exceeded your current quota, please check your plan and billing details.","type":"insufficient_quota"}})");
    add({}, {},
        R"(API Error: 401 {"type":"error","error":{"type":"authentication_error","message":"invalid x-api-key sk-ant-api03-AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"}} · Please run /login)");
    add({}, {}, "Error: read ECONNRESET\n    at TLSWrap.onStreamRead (node:internal/stream_base_commons:217:20)");
    add({}, {}, "bash: codex: command not found", 127);
    add(503, {}, "upstream connect error or disconnect/reset before headers. reset reason: connection failure");
    add({}, {}, "Something unexpected happened; see the log at /tmp/agent.log for details");
    // Agent CLIs over ACP, with their provider and phase.
    add({}, {},
        R"({"code":-32603,"message":"Internal error: API Error: 529 Overloaded. This is a server-side issue, usually temporary.","data":{"errorKind":"server_error"}})",
        {}, "claude-acp", "prompt_send");
    add({}, {}, "AI_APICallError: 5-hour usage limit reached. Resets in 4hr 19min.", {}, "opencode-acp", "streaming");
    add({}, {}, "Error: You've hit your usage limit. Upgrade to Pro or try again in 2 days 3 hours 10 minutes.", {},
        "codex-acp", "streaming");
    add({}, {}, "context canceled: connection closed", {}, "claude-acp", "prompt_send");
    add({}, {}, R"({"role":"assistant","content":"I added a retry for the rate limit and fixed the diff"})", {},
        "copilot-acp", "streaming");
    const policy::Seconds now {std::chrono::seconds {1786968000}};
    // BENCH_ENVELOPES shortens a round, for profiling under callgrind.
    const char* envelopes = std::getenv("BENCH_ENVELOPES");
    const int n = envelopes ? std::max(1, std::atoi(envelopes)) : 100000;
    std::size_t checksum = 0;
    std::vector<double> rates;
    for (int round = 0; round < 5; ++round) {
        const auto start = std::chrono::steady_clock::now();
        for (int i = 0; i < n; ++i)
            checksum += classify(samples[std::size_t(i) % samples.size()], now).code.size();
        const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        rates.push_back(n / s);
    }
    std::sort(rates.begin(), rates.end());
    std::printf("classified 5 x %d envelopes (%zu rules): median %.0f per second, best %.0f (checksum %zu)\n", n,
        catalogue::rules().size(), rates[2], rates[4], checksum);
    return 0;
}
