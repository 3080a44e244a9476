// SPDX-License-Identifier: Apache-2.0
#include "model/change_review.h"
#include "model/policy_text.h"

#include "model/database_writes.h"
#include "model/diff_text.h"
#include "model/editor_document.h"
#include "model/route_comparison.h"

#include "review/document_diff.h"

#include <QCoreApplication>

namespace model
{

namespace
{

struct Tr {
    Q_DECLARE_TR_FUNCTIONS(ChangeReview)
};

}  // namespace

ChangeReview reviewChanges(const EditorDocument& document)
{
    return reviewChanges(document, policy::findScenarioPreset(policy::kDefaultScenarioId)->scenario);
}

ChangeReview reviewChanges(const EditorDocument& document, const policy::Scenario& scenario)
{
    ChangeReview review;
    const review::DocumentDiff diff = document.pendingChanges();
    review.nothingToSave = diff.equal();
    review.refusal = document.saveRefusal();
    const std::vector<ProfileWrite> writes = databaseWrites(document, diff);
    if (!writes.empty()) {
        review.text += Tr::tr("Written to the database, all in one transaction:") + QLatin1Char('\n');
        for (const ProfileWrite& write : writes)
            review.text += QStringLiteral("  ") + describeWrite(write) + QLatin1Char('\n');
        review.text += QLatin1Char('\n');
    }
    const auto names = document.agentProfileNames();
    // Candidates by name, as the route shows them, with the id kandev stores.
    const auto routeNote = [&](const review::ProfileDiff& profile) {
        if (profile.change != review::Change::Changed)
            return QString();
        const auto& profiles = document.document().profiles;
        for (std::size_t i = 0; i < profiles.size(); ++i) {
            if (!profiles[i].isDynamic() || profiles[i].id != profile.id)
                continue;
            const RouteComparison route = compareWithSaved(document, int(i), scenario);
            if (!route.edited())
                return QString();
            // The presets' names are translated where the Timeline lists them.
            const QString name = PolicyText::scenarioName(scenario.name);
            //: %1: the scenario the Timeline shows, %2: what the edit does to the route in it
            return Tr::tr("route (%1): %2").arg(name, route.summary);
        }
        return QString();
    };
    review.text += DiffText::render(
        diff,
        [&names](const std::string& id) {
            const auto found = names.find(id);
            return found == names.end() ? std::string() : found->second;
        },
        routeNote);
    return review;
}

}  // namespace model
