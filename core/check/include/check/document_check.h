// SPDX-License-Identifier: Apache-2.0
#pragma once
// Everything known about a document's validity, in one place for policyctl
// and the editor: syntax, shape, the core's rules, legacy rules that cannot
// be migrated, and the JSON Schema files.

#include "check/eligibility.h"
#include "migration/migration.h"

#include "format/codec.h"

#include "policy/timeline.h"

#include <optional>
#include <string_view>
#include <vector>

namespace check
{

struct DocumentCheck {
    std::optional<format::Document> document;  // set when the file parsed as a document
    std::vector<format::Diagnostic> errors;
    // What kandev may refuse but this build cannot tell for sure (a candidate
    // whose agent is not one of the inference agents kandev knows). Warnings
    // never make a document invalid.
    std::vector<format::Diagnostic> warnings;
    bool legacy = false;  // some candidate still holds legacy rules
    bool readOnly = false;  // a policy version newer than this build: never downgrade it

    bool valid() const
    {
        return document && errors.empty();
    }
};

// With `schemaFiles`, the JSON Schema files check the text too (policyctl
// validate does). The editor leaves them out on open: compiling the schemas
// would double its start-up, and tst_codec proves they agree with the rules.
// `sources`: Drop for a check whose document is never written (see
// format::RecordSources).
DocumentCheck checkDocument(
    std::string_view text, bool schemaFiles = true, format::RecordSources sources = format::RecordSources::Keep);

// kandev's candidate rules (check/eligibility.h) for every dynamic profile of
// `document`: each broken rule of candidate i of profile p at the path
// <p's dynamic path>.candidates[i].execution_profile_id (line and column from
// `text` when given), errors and warnings apart. A rule validation already
// reports at that path (a duplicate) is left to it.
void addCandidateRules(const format::Document& document, std::string_view text, std::vector<format::Diagnostic>& errors,
    std::vector<format::Diagnostic>& warnings);

// The route as the simulation sees it: legacy rules are migrated in memory;
// a candidate that cannot be migrated or is invalid carries the reason.
std::vector<policy::RouteCandidate> routeCandidates(const format::DynamicRecord& dynamic, std::string_view path = {});
// The same for profile `profileIndex` of a document, with each candidate's
// eligibility (SPEC section 7) from the document's catalogue.
std::vector<policy::RouteCandidate> routeCandidates(const format::Document& document, std::size_t profileIndex);
// The same with the document's profile index built once: a caller that asks
// for every profile (the Fleet Overview) stays linear in the document.
std::vector<policy::RouteCandidate> routeCandidates(const ProfileIndex& index, std::size_t profileIndex);

}  // namespace check
