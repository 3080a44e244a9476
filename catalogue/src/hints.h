#pragma once
// Timing hints from what providers send: headers and JSON bodies.

#include "catalogue/classifier.h"

namespace catalogue::detail {

std::vector<TimingHint> collectHints(const Evidence& evidence, std::string_view text, policy::Seconds now);
// Marks which hint is trusted (the first one that parses, lies in the future
// and agrees with the others) and says why for every other one.
std::optional<std::size_t> chooseHint(std::vector<TimingHint>& hints, policy::Seconds now);

}  // namespace catalogue::detail
