// SPDX-License-Identifier: Apache-2.0
#pragma once
// Timing hints from what providers send: headers, JSON bodies and, for agent
// CLIs, the reset times they write in words.

#include "catalogue/classifier.h"

#include "error_context.h"

namespace catalogue::detail
{

// Headers and JSON body fields. `text` is the redacted evidence text.
std::vector<TimingHint> collectHints(const Evidence& evidence, std::string_view text, policy::Seconds now);
// Reset times written in words, on lines that are not agent output. `lowered`
// and `original` are the same redacted text, lowered and as written (zone
// names keep their case); `lines` are views into `lowered`. A hint that is
// seen but cannot be trusted (a time of day without a zone) comes with its reason.
void collectTextHints(std::string_view lowered, std::string_view original, const std::vector<Line>& lines,
    policy::Seconds now, std::vector<TimingHint>& hints);
// Marks which hint is trusted (the first one that parses, lies in the future
// and agrees with the others) and says why for every other one.
std::optional<std::size_t> chooseHint(std::vector<TimingHint>& hints, policy::Seconds now);

}  // namespace catalogue::detail
