// SPDX-License-Identifier: Apache-2.0
#pragma once
// The semantic difference between two documents as the Review Changes
// dialog shows it, in the user's language. (review::renderDiffText is the
// CLI's English; this is the same layout, spoken through tr().) Ids, names
// and values are shown with their control characters escaped; field paths
// and values are kandev's JSON, never translated.

#include "review/document_diff.h"

#include <QCoreApplication>
#include <QString>

#include <functional>

namespace model
{

class DiffText
{
    Q_DECLARE_TR_FUNCTIONS(DiffText)
public:
    // "profile dyn-main (Main route):\n  candidate Codex GPT-5 (codex-gpt5) moved from 2 to 1\n...";
    // "no differences\n" when equal.
    // With `profileNote`, each profile's non-empty note follows its head line (Review Changes: what the
    // edit does to the route).
    using ProfileNote = std::function<QString(const review::ProfileDiff& profile)>;
    static QString render(const review::DocumentDiff& diff, const review::CandidateNames& nameOf = {},
        const ProfileNote& profileNote = {});
};

}  // namespace model
