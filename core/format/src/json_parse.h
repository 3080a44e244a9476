// SPDX-License-Identifier: Apache-2.0
#pragma once
// Parses JSON text with the limits and error positions every file reader
// of schema/ shares. Internal to schema/.

#include "format/diagnostic.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string_view>

namespace format::detail
{

// Size, emptiness, nesting depth, syntax (with line and column) and
// duplicate keys; on success `out` holds the document.
std::optional<Diagnostic> parseJsonText(std::string_view text, nlohmann::ordered_json& out);

// Text this library wrote or already checked (a record's source): parsed
// without the checks, in time linear in its size. Throws on invalid text.
nlohmann::ordered_json parseCheckedJson(std::string_view text);

}  // namespace format::detail
