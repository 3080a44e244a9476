// SPDX-License-Identifier: Apache-2.0
#pragma once
// English renderings of core values for policyctl and reports. The GUI has
// its own translated renderings (tr()); these are for text output only.

#include "policy/timeline_compare.h"
#include "policy/types.h"

#include <cstdint>
#include <string>

namespace english
{

// 5 -> "5 s", 90 -> "1 min 30 s", 3600 -> "1 h", 86400 -> "1 d", 93784 -> "1 d 2 h 3 min 4 s"
std::string formatDuration(std::int64_t seconds);

// A size in the unit that keeps it true: 512 -> "512 bytes", 4096 -> "4 KiB",
// 70000 -> "68.4 KiB", 67108864 -> "64 MiB"; a size that would round to a
// whole unit it is not (4097 -> "4.0 KiB") is given in bytes instead.
std::string formatByteSize(std::uint64_t bytes);

// e.g. "wait for a trusted reset up to 5 min, then retry 3 times from 5 s, then skip"
std::string describeClassPolicy(const policy::ClassPolicy& p);

// How a route cycle ends: "stop on gemini-pro", "success on claude-sonnet",
// "no eligible candidate left", "a configuration error on codex-gpt5", "the event limit".
std::string describeEnding(const policy::TimelineEnding& ending);

// What an edit does to the route, in one line (policyctl timeline --compare):
// "+2 attempts, +2 retries, 35 s longer, now ends in stop on gemini-pro instead
// of no eligible candidate left"; "no change to the route for this scenario";
// "cannot compare: ..." when either side cannot be simulated.
std::string describeComparison(const policy::TimelineComparison& comparison);

}  // namespace english
