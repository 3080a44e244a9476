// SPDX-License-Identifier: Apache-2.0
#include "rules/kinds.h"

namespace rules
{

std::optional<RuleKind> findKind(std::string_view name) noexcept
{
    for (const KindDescriptor& d : kKindDescriptors) {
        if (d.name == name)
            return d.kind;
    }
    return std::nullopt;
}

std::string_view severityName(Severity severity) noexcept
{
    return kSeverityNames[static_cast<std::size_t>(severity)];
}

}  // namespace rules
