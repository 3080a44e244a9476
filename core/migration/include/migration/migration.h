// SPDX-License-Identifier: Apache-2.0
#pragma once
// Legacy rules -> v1 policies (SPEC section 5), as small pure steps that
// produce a report an admin reviews before anything is written.

#include "format/diagnostic.h"
#include "format/document.h"

#include "policy/kandev_backend.h"
#include "policy/types.h"

#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

namespace migration
{

enum class LegacyAction { RetrySame, TryNext, Stop };
std::optional<LegacyAction> legacyActionFromName(std::string_view name) noexcept;
std::string_view legacyActionName(LegacyAction a) noexcept;

// What one legacy action becomes for a class it covers.
policy::ClassPolicy policyForAction(LegacyAction action);
// retry_same: one retry after five seconds, then stop.
inline constexpr std::int64_t kRetrySameRetries = 1;
inline constexpr std::int64_t kRetrySameIntervalSeconds = 5;

enum class SourceForm { Canonical, Legacy, Default };
std::string_view sourceFormName(SourceForm f) noexcept;  // "canonical", "legacy", "default"

// One legacy rule and what became of it.
struct RuleOutcome {
    std::string key;  // as written
    std::string action;
    std::string readKey;  // as kandev reads them: trimmed of Unicode white space
    std::string readAction;
    std::vector<policy::ErrorClass> classes;  // the classes the key covers
    std::vector<policy::ErrorClass> appliedTo;  // where it decided the policy
    std::string overriddenBy;  // the key that won where this one did not
};

// A class for which kandev's Go backend (rules applied in sorted key order,
// last wins) decides differently from the documented per-code-wins rule.
// Recorded in both readings; the candidate's `reading` says which one won.
struct Divergence {
    policy::ErrorClass errorClass;
    std::string ourKey;  // the rule the documented order picks
    std::string goKey;  // the rule the Go backend picks
    policy::ClassPolicy ours;
    policy::ClassPolicy go;
};

// Per-code rules of one class that disagree: the candidate cannot be
// migrated until one of them is chosen (keepConflictingRule).
struct RuleConflict {
    policy::ErrorClass errorClass;
    std::vector<policy::LegacyRule> rules;  // as written, in the candidate's order
};

struct CandidateMigration {
    std::size_t index = 0;
    std::string executionProfileId;
    std::string path;  // field path of the candidate, e.g. "profiles[1].dynamic.candidates[0]"
    policy::Reading reading = policy::Reading::Spec;  // which rule order decided
    SourceForm source = SourceForm::Canonical;
    std::vector<policy::LegacyRule> legacyRules;
    std::vector<RuleOutcome> rules;
    std::vector<policy::ErrorClass> defaultedClasses;  // classes no rule covered
    std::optional<policy::PolicyDocument> result;  // empty when the candidate has errors
    std::vector<Divergence> divergences;
    std::vector<format::Diagnostic> errors;
    std::vector<RuleConflict> conflicts;  // each also reported in errors

    bool changes() const
    {
        return source != SourceForm::Canonical && errors.empty();
    }
};

// Normalizes one candidate. `path` prefixes field paths in errors. In SPEC's
// reading a per-code rule wins over on_provider_error; in kandev's the rule
// whose key sorts last wins, as its Go backend applies them today.
CandidateMigration migrateCandidate(const policy::Candidate& candidate, std::size_t index, std::string path,
    policy::Reading reading = policy::Reading::Spec);

struct ProfileMigration {
    std::size_t profileIndex = 0;
    std::string profileId;  // "" for a bare document
    std::string path;  // field path of the dynamic document
    std::vector<CandidateMigration> candidates;
};

struct MigrationReport {
    std::vector<ProfileMigration> profiles;
    policy::Reading reading = policy::Reading::Spec;

    bool hasErrors() const;
    std::size_t changedCandidates() const;
    std::size_t divergenceCount() const;
    std::vector<format::Diagnostic> errors() const;
};

MigrationReport planMigration(const format::Document& document, policy::Reading reading = policy::Reading::Spec);

// The document with every candidate normalized; nullopt when the report has
// errors (nothing is written then). Positions, ids, enabled flags, order and
// unknown fields are kept.
// Taken by value: a caller done with its document moves it in (no copy).
std::optional<format::Document> applyMigration(format::Document document, const MigrationReport& report);

// Human-readable report, one block per candidate that is not already canonical.
// The document with a conflict settled: of the per-code rules that disagree
// for `errorClass` on that candidate, the one keyed `keep` stays and the
// others are removed. The document is unchanged when there is no such conflict.
format::Document keepConflictingRule(format::Document document, std::size_t profileIndex, std::size_t candidateIndex,
    policy::ErrorClass errorClass, const std::string& keep);

std::string renderReportText(const MigrationReport& report, bool includeCanonical = false);
// The same text, written to `stream` as it is made.
void writeReportText(std::ostream& stream, const MigrationReport& report, bool includeCanonical = false);

}  // namespace migration
