// SPDX-License-Identifier: Apache-2.0
#pragma once
// The schema check on a tree the codec has already parsed (internal: no JSON
// type leaves this library).

#include "format/diagnostic.h"
#include "format/document.h"

#include <nlohmann/json.hpp>

#include <string_view>
#include <vector>

namespace format::detail
{

// `target` is the parsed `text`; `text` gives the errors their line and column.
std::vector<Diagnostic> validateTreeAgainstSchema(
    const nlohmann::ordered_json& target, std::string_view text, FileShape shape);

}  // namespace format::detail
