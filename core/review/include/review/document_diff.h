// SPDX-License-Identifier: Apache-2.0
#pragma once
// The semantic difference between two documents (files or databases): per
// dynamic profile, candidates added, removed, moved, switched on or off, and
// every class field that differs — not a text diff. Qt-free, so that the
// editor's review and `policyctl diff` print the same thing.

#include "format/document.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace review
{

struct FieldChange {
    // Relative to the candidate: a setting's policy::renderPath (hard.on_exhausted), enabled, form.
    std::string path;
    std::string before;  // as kandev's JSON spells the value: "skip", "30", "true"
    std::string after;
};

enum class Change { Added, Removed, Changed };

struct CandidateDiff {
    std::string executionProfileId;
    Change change = Change::Changed;
    std::optional<std::size_t> from;  // position in A (not for Added)
    std::optional<std::size_t> to;  // position in B (not for Removed)
    std::vector<FieldChange> fields;
    // Why the two sides could not be compared (a policy version this build
    // does not read): never equal, never described field by field.
    std::string incomparable;
    bool moved() const
    {
        return from && to && *from != *to;
    }
};

struct ProfileDiff {
    std::string id;  // "" for a bare document
    std::string name;  // B's name, else A's
    Change change = Change::Changed;
    std::optional<FieldChange> renamed;
    std::optional<FieldChange> switched;  // the profile's own enabled flag
    std::vector<CandidateDiff> candidates;  // only those that differ, in B's order, then the removed ones
};

struct DocumentDiff {
    std::vector<ProfileDiff> profiles;  // only those that differ
    bool equal() const
    {
        return profiles.empty();
    }
    // Some candidate could not be compared (CandidateDiff::incomparable).
    bool comparable() const;
};

// Profiles are matched by id (a bare document's only profile matches the
// other side's only dynamic profile), candidates by execution_profile_id as
// kandev trims it; an id written twice matches its n-th use on the other
// side, so a repeat is an addition or removal and diff(A, B) finds a
// difference exactly when diff(B, A) does. Legacy rules are compared by the policies they migrate
// to; a candidate written as rules on one side and as policies on the other
// is a difference of its own ("form"), even when the policies agree: what is
// stored differs. Positions count in route order.
DocumentDiff diffDocuments(const format::Document& a, const format::Document& b);

// "profile dyn-main (Main route):\n  candidate codex-gpt5 moved from 2 to 1\n..."; "no differences\n" when equal.
// Ids, names and values are shown with their control characters escaped.
// With `nameOf` (the editor's review), a candidate whose agent profile has a
// name is written "Codex GPT-5 (codex-gpt5)"; the CLI writes ids alone.
using CandidateNames = std::function<std::string(const std::string& executionProfileId)>;
std::string renderDiffText(const DocumentDiff& diff, const CandidateNames& nameOf = {});

}  // namespace review
