// SPDX-License-Identifier: Apache-2.0
#pragma once
// The rules file (policy-rules.json, schema policy-rules.schema.json) read
// strictly: every problem is an error with its field path, line and column,
// and a file with any error gives no rule set (never a default in its place).

#include "rules/rule_set.h"

#include "format/diagnostic.h"

#include <optional>
#include <string_view>
#include <vector>

namespace rules
{

// The keys of a rules file, spelled once.
namespace keys
{
inline constexpr std::string_view kVersion = "version";
inline constexpr std::string_view kBlocking = "blocking";
inline constexpr std::string_view kRules = "rules";
inline constexpr std::string_view kExceptions = "exceptions";
inline constexpr std::string_view kId = "id";
inline constexpr std::string_view kKind = "kind";
inline constexpr std::string_view kClass = "class";
inline constexpr std::string_view kValue = "value";
inline constexpr std::string_view kAgents = "agents";
inline constexpr std::string_view kProfiles = "profiles";
inline constexpr std::string_view kOutcome = "outcome";
inline constexpr std::string_view kSeverity = "severity";
inline constexpr std::string_view kMessage = "message";
inline constexpr std::string_view kAppliesTo = "applies_to";
inline constexpr std::string_view kRule = "rule";
inline constexpr std::string_view kProfile = "profile";
inline constexpr std::string_view kReason = "reason";
}  // namespace keys

// Stable codes of a rules file's problems (Diagnostic::code); args in order.
namespace codes
{
inline constexpr std::string_view kSyntax = "rules.syntax";  // {parser's words}
inline constexpr std::string_view kTooLarge = "rules.too_large";  // {size}
inline constexpr std::string_view kWrongType = "rules.wrong_type";  // {expected type}
inline constexpr std::string_view kMissing = "rules.missing";  // {key}
inline constexpr std::string_view kUnknownKey = "rules.unknown_key";  // {key}
inline constexpr std::string_view kDuplicateKey = "rules.duplicate_key";  // {key}
inline constexpr std::string_view kUnsupportedVersion = "rules.unsupported_version";  // {version, supported}
inline constexpr std::string_view kUnknownKind = "rules.unknown_kind";  // {kind}
inline constexpr std::string_view kNotForKind = "rules.not_for_kind";  // {key, kind}
inline constexpr std::string_view kOutOfBounds = "rules.out_of_bounds";  // {value, min, max}
inline constexpr std::string_view kBadEnum = "rules.bad_enum";  // {value, allowed values joined by ", "}
inline constexpr std::string_view kEmpty = "rules.empty";  // {} an empty id, glob, list or reason
inline constexpr std::string_view kDuplicateId = "rules.duplicate_id";  // {id}
inline constexpr std::string_view kUnknownRule = "rules.unknown_rule";  // {id}
inline constexpr std::string_view kNeedsGlobs = "rules.needs_globs";  // {kind}
}  // namespace codes

// A rules file larger than this is refused before parsing.
inline constexpr std::size_t kMaxRulesFileBytes = 4u * 1024u * 1024u;

struct RulesFileResult {
    std::optional<RuleSet> ruleSet;  // set only when there are no errors
    std::vector<format::Diagnostic> errors;  // English message, code, args, path, line and column
};

RulesFileResult readRulesFile(std::string_view text);

}  // namespace rules
