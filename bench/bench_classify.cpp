// Classify 100,000 fixture-like evidence envelopes on one core.
#include "catalogue/classifier.h"

#include <chrono>
#include <cstdio>
#include <vector>

int main()
{
    using namespace catalogue;
    std::vector<Evidence> samples;
    auto add = [&](std::optional<int> status, std::vector<Header> headers, std::string text, std::optional<int> exitCode = {}) {
        Evidence e;
        e.status = status;
        e.headers = std::move(headers);
        e.text = std::move(text);
        e.exitCode = exitCode;
        samples.push_back(std::move(e));
    };
    add(429, {{"retry-after", "20"}, {"x-request-id", "req_123"}, {"content-type", "application/json"}},
        R"({"error":{"message":"Rate limit reached for gpt-5 in organization org-xyz on requests per min (RPM): Limit 500, Used 500.","type":"requests","code":"rate_limit_exceeded"}})");
    add(529, {{"content-type", "application/json"}}, R"({"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}})");
    add(429, {{"x-ratelimit-reset-tokens", "6m0s"}},
        R"({"error":{"message":"You exceeded your current quota, please check your plan and billing details.","type":"insufficient_quota"}})");
    add({}, {}, R"(API Error: 401 {"type":"error","error":{"type":"authentication_error","message":"invalid x-api-key sk-ant-api03-AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"}} · Please run /login)");
    add({}, {}, "Error: read ECONNRESET\n    at TLSWrap.onStreamRead (node:internal/stream_base_commons:217:20)");
    add({}, {}, "bash: codex: command not found", 127);
    add(503, {}, "upstream connect error or disconnect/reset before headers. reset reason: connection failure");
    add({}, {}, "Something unexpected happened; see the log at /tmp/agent.log for details");
    const policy::Seconds now{std::chrono::seconds{1786968000}};
    const int n = 100000;
    std::size_t checksum = 0;
    const auto start = std::chrono::steady_clock::now();
    for (int i = 0; i < n; ++i)
        checksum += classify(samples[std::size_t(i) % samples.size()], now).code.size();
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::printf("classified %d envelopes in %.3f s: %.0f per second (checksum %zu)\n", n, s, n / s, checksum);
    return 0;
}
