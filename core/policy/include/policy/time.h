// SPDX-License-Identifier: Apache-2.0
#pragma once
// RFC 3339 UTC timestamps, the only time format on the wire.

#include <chrono>
#include <optional>
#include <string>
#include <string_view>

namespace policy
{

using Seconds = std::chrono::sys_seconds;

// The range RFC 3339's four-digit years can write: 0000-01-01T00:00:00Z to
// 9999-12-31T23:59:59Z.
inline constexpr Seconds kEarliestTime {std::chrono::seconds {-62167219200}};
inline constexpr Seconds kLatestTime {std::chrono::seconds {253402300799}};

// Reads exactly what Go's time.Parse(time.RFC3339, ...) reads, as kandev's
// backend does: YYYY-MM-DDTHH:MM:SS[(.|,)frac](Z|+hh:mm|-hh:mm), with a
// one-digit hour allowed, offsets up to 24:60, the day checked against its
// month; no lower-case 't' or 'z', no space, no leap second. The one time
// Go reads that this does not is one outside kEarliestTime..kLatestTime
// once its offset is applied. Fractions are truncated toward the earlier
// second. Every time in every input is read by this function alone.
std::optional<Seconds> parseRfc3339(std::string_view text) noexcept;
// Always "YYYY-MM-DDTHH:MM:SSZ". A time outside the range is written as the
// nearest end of it (a clamp, never a wrap): a deadline past 9999 is
// 9999-12-31T23:59:59Z, so it is never written as earlier than its `now`.
std::string formatRfc3339(Seconds t);
// Writes the 20 characters of formatRfc3339 to out; returns the end.
char* formatRfc3339To(char* out, Seconds t) noexcept;

}  // namespace policy
