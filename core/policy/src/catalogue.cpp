// SPDX-License-Identifier: Apache-2.0
#include "policy/catalogue.h"
#include "policy/policy_keys.h"
#include "policy/types.h"

namespace policy
{

std::optional<ErrorCode> errorCodeFromName(std::string_view name) noexcept
{
    // Length and first letter tell the twelve names apart: at most one full
    // comparison per lookup (this is on every decision's path).
    for (const auto& entry : kCatalogue) {
        if (entry.name.size() == name.size() && entry.name.front() == name.front() && entry.name == name)
            return entry.code;
    }
    return std::nullopt;
}

std::string_view errorCodeName(ErrorCode code) noexcept
{
    return kCatalogue[static_cast<std::size_t>(code)].name;
}

ErrorClass errorClassOf(ErrorCode code) noexcept
{
    return kCatalogue[static_cast<std::size_t>(code)].errorClass;
}

ErrorClass catalogueClass(std::string_view name) noexcept
{
    const auto code = errorCodeFromName(name);
    return code ? errorClassOf(*code) : ErrorClass::Unclassified;
}

std::string_view errorClassName(ErrorClass c) noexcept
{
    switch (c) {
    case ErrorClass::Transient: return keys::kTransient;
    case ErrorClass::Hard: return keys::kHard;
    case ErrorClass::Unclassified: return "unclassified";
    }
    return "unclassified";
}

std::optional<ErrorClass> errorClassFromName(std::string_view name) noexcept
{
    if (name == keys::kTransient)
        return ErrorClass::Transient;
    if (name == keys::kHard)
        return ErrorClass::Hard;
    if (name == "unclassified")
        return ErrorClass::Unclassified;
    return std::nullopt;
}

std::string_view outcomeName(Outcome o) noexcept
{
    switch (o) {
    case Outcome::Skip: return "skip";
    case Outcome::Stop: return "stop";
    case Outcome::Unset: return "";
    }
    return "";
}

}  // namespace policy
