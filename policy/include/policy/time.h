#pragma once
// RFC 3339 UTC timestamps, the only time format on the wire.

#include <chrono>
#include <optional>
#include <string>
#include <string_view>

namespace policy {

using Seconds = std::chrono::sys_seconds;

// Accepts YYYY-MM-DDTHH:MM:SS[.frac](Z|+HH:MM|-HH:MM); 't'/'z' and a space
// separator too. Fractions are truncated toward the earlier second.
std::optional<Seconds> parseRfc3339(std::string_view text) noexcept;
// Always "YYYY-MM-DDTHH:MM:SSZ".
std::string formatRfc3339(Seconds t);
// Writes the 20 characters of formatRfc3339 to out; returns the end.
char* formatRfc3339To(char* out, Seconds t) noexcept;

}  // namespace policy
