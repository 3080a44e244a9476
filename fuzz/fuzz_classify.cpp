// SPDX-License-Identifier: Apache-2.0
// The error catalogue: arbitrary status, headers, text, agent and phase.
// Properties: a code always, a bounded excerpt, and redaction that a second
// pass does not change.
#include "catalogue/classifier.h"

#include <cstdint>
#include <cstdlib>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    catalogue::Evidence e;
    std::string text(reinterpret_cast<const char*>(data), size);
    // The first line, if it looks like "Name: value", is a header; a leading "NNN " a status.
    if (size > 4 && text[0] >= '1' && text[0] <= '5' && text[3] == ' ')
        e.status = (text[0] - '0') * 100 + (text[1] % 10) * 10 + text[2] % 10;
    if (const auto nl = text.find('\n'); nl != std::string::npos) {
        const std::string first = text.substr(0, nl);
        if (const auto colon = first.find(':'); colon != std::string::npos)
            e.headers.push_back({first.substr(0, colon), first.substr(colon + 1)});
    }
    // The last byte picks the agent and the phase, so that their rules are reached too.
    if (size > 0) {
        const auto pick = data[size - 1];
        if (pick % 6 != 0)
            e.provider = std::string(catalogue::kProviders[std::size_t(pick % 6 - 1)]);
        if (pick / 6 % 8 != 0)
            e.phase = std::string(catalogue::kPhases[std::size_t(pick / 6 % 8 - 1)]);
        if (pick & 0x80)
            e.exitCode = pick & 1;
    }
    e.text = std::move(text);
    const auto c = catalogue::classify(e, policy::Seconds {std::chrono::seconds {1786968000}});
    if (c.code.empty() || c.kandevCode.empty() || c.excerpt.size() > catalogue::kMaxExcerptBytes + 4)
        std::abort();
    const std::string once = catalogue::redact(e.text);
    if (catalogue::redact(once) != once)
        std::abort();  // redaction must be idempotent
    return 0;
}
