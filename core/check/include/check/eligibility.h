// SPDX-License-Identifier: Apache-2.0
#pragma once
// SPEC section 7: which profiles a candidate may reference. A candidate may
// reference only a concrete, enabled, not-deleted profile without automatic
// fallback, and never itself; stale references load and are flagged.

#include "format/document.h"

#include <string>

namespace check
{

enum class Eligibility {
    Eligible,
    NotInCatalogue,  // the file has no catalogue of profiles (a bare document): cannot tell
    Stale,  // the catalogue has no such profile
    Deleted,
    Disabled,
    AutoFallback,
    Dynamic,  // another dynamic profile
    Self,
};

// Eligibility of a reference from profile `profileIndex` of `document`.
Eligibility eligibilityOf(
    const format::Document& document, std::size_t profileIndex, const std::string& executionProfileId);
bool isUsable(Eligibility e);  // Eligible, or unknown for lack of a catalogue

}  // namespace check
