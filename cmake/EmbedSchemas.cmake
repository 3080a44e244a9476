# SPDX-License-Identifier: Apache-2.0
# Writes OUTPUT: a header that embeds every *.schema.json of DIR as a raw string.
file(GLOB files RELATIVE "${DIR}" "${DIR}/*.schema.json")
list(SORT files)
set(body "#pragma once\n// Generated from core/format/json by cmake/EmbedSchemas.cmake; do not edit.\n#include <array>\n#include <string_view>\nnamespace format::detail {\nstruct SchemaFile { std::string_view name; std::string_view text; };\n")
list(LENGTH files count)
string(APPEND body "inline constexpr std::array<SchemaFile, ${count}> kSchemaFiles{{\n")
foreach(f IN LISTS files)
    file(READ "${DIR}/${f}" text)
    string(APPEND body "    {\"${f}\", R\"SCHEMA_JSON(${text})SCHEMA_JSON\"},\n")
endforeach()
string(APPEND body "}};\n}  // namespace format::detail\n")
file(WRITE "${OUTPUT}.tmp" "${body}")
file(COPY_FILE "${OUTPUT}.tmp" "${OUTPUT}" ONLY_IF_DIFFERENT)
