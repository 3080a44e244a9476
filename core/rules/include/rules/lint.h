// SPDX-License-Identifier: Apache-2.0
#pragma once
// Lint: every dynamic profile of a document against a house's rules. Each
// violation is data (codes, numbers, a field path), never a sentence:
// english/lint.h words it for policyctl, the editor in its own language.
// Cost: linear in profiles x candidates x rules; one profile alone is linted
// without looking at the others (the editor does so on each edit).

#include "rules/rule_set.h"

#include "check/eligibility.h"

#include "format/document.h"

#include "policy/review.h"
#include "policy/validation.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace rules
{

struct Violation {
    std::string ruleId;
    RuleKind kind = RuleKind::KandevValid;
    Severity severity = Severity::Error;
    std::size_t profileIndex = 0;
    std::string profileId;
    std::string profileName;
    std::optional<std::size_t> candidateIndex;  // where it concerns one candidate
    std::string executionProfileId;  // that candidate's
    std::optional<policy::ErrorClass> errorClass;  // where it concerns one class
    std::optional<std::int64_t> measured;  // numeric kinds: what the route or candidate has
    std::optional<std::int64_t> limit;  // numeric kinds: what the rule allows
    std::optional<ExpectedEnding> ending;  // ends_in_stop: how the route ends
    std::string agent;  // a candidate's agent, where the document names it ("" unknown)
    std::vector<std::string> agents;  // provider_diversity: the distinct agents the enabled candidates span
    std::string pattern;  // candidate_forbidden: the glob that matched
    std::optional<policy::Issue> issue;  // kandev_valid: kandev's own rule broken
    std::optional<check::CandidateRule> candidateRule;  // kandev_eligible: the candidate rule broken
    std::string migrationError;  // kandev_valid: why a candidate's legacy rules cannot be migrated
    std::string message;  // the rule's own message ("" when it has none)
    std::string path;  // field path in the document ("profiles[3].dynamic.candidates[1]")
    int line = 0;  // 1-based, 0 when unknown (a database has no lines)
    int column = 0;
    std::optional<std::string> exceptionReason;  // recorded exception: shown, never counted

    bool excepted() const
    {
        return exceptionReason.has_value();
    }
    bool counts(Severity s) const
    {
        return !excepted() && severity == s;
    }
};

// Whether a rule applies to a profile: no applies_to, or an entry that is its
// id or a glob matching its id or its name.
bool appliesTo(const Rule& rule, const format::ProfileRecord& profile) noexcept;

class Linter
{
public:
    // Both must outlive the linter. Builds the document's profile index once.
    Linter(const format::Document& document, const RuleSet& ruleSet);
    // With an index of the document the caller keeps anyway (the editor's),
    // so that linting one profile per edit costs no index of the whole
    // document. All three must outlive the linter.
    Linter(const format::Document& document, const check::ProfileIndex& index, const RuleSet& ruleSet);
    Linter(const Linter&) = delete;
    Linter& operator=(const Linter&) = delete;

    // Every rule against one dynamic profile (none for a concrete profile).
    std::vector<Violation> lintProfile(std::size_t profileIndex) const;
    // Every dynamic profile, in the document's order.
    std::vector<Violation> lintDocument() const;
    std::size_t dynamicProfileCount() const;

private:
    const format::Document& m_document;
    const RuleSet& m_rules;
    std::optional<check::ProfileIndex> m_ownIndex;  // when the caller gave none
    const check::ProfileIndex& m_index;
    // Exceptions by rule id and profile id, so that finding one costs the same however many there are.
    std::unordered_map<std::string, std::string> m_exceptions;
};

// Fills line and column of every violation from its path, in one walk over
// the valid JSON `text` the document was read from.
void locateViolations(std::string_view text, std::vector<Violation>& violations);

struct LintCounts {
    std::size_t errors = 0;
    std::size_t warnings = 0;
    std::size_t excepted = 0;
};
LintCounts countViolations(const std::vector<Violation>& violations) noexcept;

}  // namespace rules
