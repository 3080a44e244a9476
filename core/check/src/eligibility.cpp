// SPDX-License-Identifier: Apache-2.0
#include "check/eligibility.h"

namespace check
{

using format::Document;
using format::FileShape;
using format::ProfileRecord;

Eligibility eligibilityOf(const Document& document, std::size_t profileIndex, const std::string& id)
{
    if (profileIndex < document.profiles.size() && !document.profiles[profileIndex].id.empty()
        && document.profiles[profileIndex].id == id)
        return Eligibility::Self;
    const ProfileRecord* entry = nullptr;
    for (const auto& p : document.profiles) {
        if (!p.id.empty() && p.id == id)
            entry = &p;
    }
    if (!entry) {
        const bool catalogue = document.shape == FileShape::ExportArray || document.shape == FileShape::ExportObject;
        return catalogue ? Eligibility::Stale : Eligibility::NotInCatalogue;
    }
    if (entry->dynamic)
        return Eligibility::Dynamic;
    if (entry->deleted)
        return Eligibility::Deleted;
    if (!entry->enabled)
        return Eligibility::Disabled;
    if (entry->autoFallback)
        return Eligibility::AutoFallback;
    return Eligibility::Eligible;
}

bool isUsable(Eligibility e)
{
    return e == Eligibility::Eligible || e == Eligibility::NotInCatalogue;
}

}  // namespace check
