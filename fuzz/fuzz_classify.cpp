// The error catalogue: arbitrary status, headers and text.
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
    e.text = std::move(text);
    const auto c = catalogue::classify(e, policy::Seconds{std::chrono::seconds{1786968000}});
    if (c.code.empty() || c.excerpt.size() > catalogue::kMaxExcerptBytes + 4)
        std::abort();
    (void)catalogue::redact(e.text);
    return 0;
}
