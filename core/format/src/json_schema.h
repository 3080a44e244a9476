// SPDX-License-Identifier: Apache-2.0
#pragma once
// A JSON Schema validator for the part of draft-07 the shipped schema files
// use, compiled once per file and then walked over a parsed document.
//
// Why not valijson: it copies the path (a vector of strings) into every node
// it visits, which on an export of 8,000 candidates took 90 ms, half of load
// plus validate. This walker keeps the path as a chain on the stack and
// spells it only for an error. valijson stays in the tests as the oracle
// (tst_json_schema compares the verdicts of both on mutated documents).
//
// A keyword it does not know is refused when the schema is compiled
// (std::invalid_argument naming file, pointer and keyword): a schema file
// never asks for a check that silently does not happen.

#include <nlohmann/json.hpp>

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace format::detail
{

struct SchemaError {
    std::string path;  // field path, "candidates[0].policies"
    std::string message;  // English, quoted into "schema: %1"
};

class CompiledSchema
{
public:
    // The text of a schema file by its name ("policy.schema.json"); empty
    // when there is no such file.
    using Loader = std::function<std::string_view(std::string_view fileName)>;

    // Throws std::invalid_argument for an unknown keyword, a $ref that leads
    // nowhere or a schema that is not JSON.
    CompiledSchema(std::string_view fileName, const Loader& load);
    ~CompiledSchema();
    CompiledSchema(const CompiledSchema&) = delete;
    CompiledSchema& operator=(const CompiledSchema&) = delete;

    // Appends one error per failing check; true when the value is valid.
    // Time is linear in the value's size (a oneOf that fails is walked again
    // for its messages, a constant factor per nesting level).
    bool validate(const nlohmann::ordered_json& value, std::vector<SchemaError>& errors) const;
    bool accepts(const nlohmann::ordered_json& value) const;

    struct Node;

private:
    std::vector<std::unique_ptr<Node>> m_nodes;
    const Node* m_root = nullptr;
};

}  // namespace format::detail
