// SPDX-License-Identifier: Apache-2.0
// Rules files: any text through the strict reader; a file it reads is then
// applied by lint to a small fleet, whose every violation must name a rule of it.
#include "rules/lint.h"
#include "rules/rules_file.h"

#include "format/codec.h"

#include <cstdint>
#include <cstdlib>
#include <set>
#include <string_view>

namespace
{

// Two routes over three agents; one candidate names a profile the export lacks.
constexpr std::string_view kFleet = R"({"profiles":[
 {"id":"claude-sonnet","name":"Claude","kind":"concrete","agent_name":"claude-acp","enabled":true,"auto_fallback":false},
 {"id":"codex-gpt5","name":"Codex","kind":"concrete","agent_name":"codex-acp","enabled":true,"auto_fallback":false},
 {"id":"dyn-a","name":"Route A","kind":"dynamic","dynamic":{"version":1,"candidates":[
  {"position":0,"execution_profile_id":"claude-sonnet","enabled":true,"policies":{"version":1,
   "transient":{"retry":{"enabled":true,"max_retries":3,"initial_interval_seconds":5},"wait_for_reset":{"enabled":false,"max_wait_seconds":0},"on_exhausted":"skip"},
   "hard":{"retry":{"enabled":false,"max_retries":0,"initial_interval_seconds":0},"wait_for_reset":{"enabled":true,"max_wait_seconds":300},"on_exhausted":"stop"}}},
  {"position":1,"execution_profile_id":"codex-gpt5","enabled":true,"rules":{"on_provider_error":"retry_same"}},
  {"position":2,"execution_profile_id":"ghost","enabled":false}]}},
 {"id":"dyn-b","name":"Nightly","kind":"dynamic","dynamic":{"version":1,"candidates":[]}}]})";

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const rules::RulesFileResult read = rules::readRulesFile(text);
    // A file is read whole or not at all, and every problem says where it is.
    if (read.ruleSet.has_value() == !read.errors.empty())
        std::abort();
    for (const format::Diagnostic& e : read.errors) {
        if (e.code != "more" && (e.line < 1 || e.column < 1))
            std::abort();
    }
    if (!read.ruleSet)
        return 0;
    static const format::ParseResult fleet = format::parseDocument(kFleet);
    if (!fleet.document)
        std::abort();
    std::set<std::string> ids;
    for (const rules::Rule& r : read.ruleSet->rules)
        ids.insert(r.id);
    std::vector<rules::Violation> violations = rules::Linter(*fleet.document, *read.ruleSet).lintDocument();
    rules::locateViolations(kFleet, violations);
    for (const rules::Violation& v : violations) {
        if (!ids.count(v.ruleId) || v.line < 1)
            std::abort();
    }
    return 0;
}
