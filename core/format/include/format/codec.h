// SPDX-License-Identifier: Apache-2.0
#pragma once
// The JSON codec between files and core types (nlohmann_json behind it).

#include "format/diagnostic.h"
#include "format/document.h"
#include "format/locate.h"

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace format
{

// Files larger than this are refused before parsing so memory stays bounded.
inline constexpr std::size_t kMaxDocumentBytes = 64u * 1024u * 1024u;
// JSON nested deeper than this is refused (a policy export needs 7 levels).
inline constexpr std::size_t kMaxNestingDepth = 256;

struct ParseResult {
    std::optional<Document> document;  // set when the file could be read as a document
    std::vector<Diagnostic> errors;  // syntax, shape and type errors
    // With SchemaFiles::Check and a document: what the JSON Schema files
    // reject (possibly the same mistakes as other checks report).
    std::vector<Diagnostic> schemaErrors;
};

// Whether parseDocument also checks the text against the JSON Schema file of
// its shape, on the tree it parsed anyway (no second parse).
enum class SchemaFiles { Skip, Check };

// Whether each record keeps its own source text (its unknown fields and key
// order) for writing back. A reader that never writes (validate, timeline,
// a compile) drops them: about a tenth of the time and a sixth of the memory.
// A document read with Drop cannot be written (Document::writable).
enum class RecordSources { Keep, Drop };

// Parses text of any file shape. Syntax errors carry line and column; shape
// and type errors carry the field path (and line and column of the value).
ParseResult parseDocument(
    std::string_view text, SchemaFiles schemaFiles = SchemaFiles::Skip, RecordSources sources = RecordSources::Keep);

// kandev's rules_json column: legacy rules (an object of code -> action) or a
// v1 policy document, read with every limit and check a file gets. Blank,
// "null" and "{}" are neither (the default document). Error paths are
// relative to the column's value ("transient.retry.max_retries").
struct RulesJson {
    std::optional<policy::PolicyDocument> policies;
    std::vector<policy::LegacyRule> rules;
    std::vector<Diagnostic> errors;
};
RulesJson parseRulesJson(std::string_view text);
// The rules_json value of a candidate, what parseRulesJson reads back: its
// policies, else its legacy rules map, else "{}".
std::string serializeRulesJson(const policy::Candidate& candidate);

// Serializes in the document's own shape: 2-space indentation, keys in their
// original order, unknown fields untouched, a final newline.
std::string serializeDocument(const Document& document);
// The same text in pieces, in order, each at most a little over 64 KiB: a
// large document is written without ever being one string.
// Indented: a file's text (2 spaces, a final newline); compact: the document
// as a value inside other JSON (no spaces, no newline), as nlohmann's dump()
// prints it, so it is written into output without being parsed again.
enum class Layout { Indented, Compact };
std::vector<std::string> serializeDocumentPieces(const Document& document, Layout layout = Layout::Indented);
// A policies object alone, compact, keys in kandev's order: what a database's
// rules_json column and a migration report hold. The one writer of policy JSON.
std::string serializePolicies(const policy::PolicyDocument& policies);
std::string serializeClassPolicy(const policy::ClassPolicy& policy);  // one class's object, the same way
// Indented pieces made compact (whitespace outside strings dropped), in one
// pass and without parsing: the same document in the other layout.
std::vector<std::string> compactPieces(const std::vector<std::string>& indented);
// The pieces as one string, allocated once.
std::string joinPieces(const std::vector<std::string>& pieces);

}  // namespace format
