// SPDX-License-Identifier: Apache-2.0
#pragma once
// Whole-file validation: the codec's errors, the core's profile and policy
// rules, and the JSON Schema files (json_schema.h), each with path, line, column;
// at most kMaxDiagnosticsPerFile of each, and how many more (format/locate.h).

#include "format/codec.h"

namespace format
{

// The JSON Schema files, embedded at build time, by file name
// ("policy.schema.json", ...); empty when there is no such file.
std::string_view schemaText(std::string_view fileName);
std::vector<std::string_view> schemaFileNames();

// Checks text against the schema that fits its shape. Paths are field paths.
std::vector<Diagnostic> validateAgainstSchema(std::string_view text, FileShape shape);

// The core's rules for every dynamic profile of a document (SPEC 1 and 3).
std::vector<Diagnostic> validateDocument(const Document& document, std::string_view text);

}  // namespace format
