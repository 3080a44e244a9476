// SPDX-License-Identifier: Apache-2.0
// The document loader, all file shapes: parse, check (rules, migration,
// JSON Schema), and when it loads, serialize and load again.
#include "check/document_check.h"
#include "format/codec.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const check::DocumentCheck check = check::checkDocument(text, size < 4096);
    if (!check.document)
        return 0;
    const std::string saved = format::serializeDocument(*check.document);
    const format::ParseResult again = format::parseDocument(saved);
    // What we wrote must load again, and saving it again must not change it.
    if (!again.document || format::serializeDocument(*again.document) != saved)
        std::abort();
    return 0;
}
