// SPDX-License-Identifier: Apache-2.0
#include "model/change_review.h"

#include "model/database_writes.h"
#include "model/diff_text.h"
#include "model/editor_document.h"

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
    review.text += DiffText::render(diff, [&names](const std::string& id) {
        const auto found = names.find(id);
        return found == names.end() ? std::string() : found->second;
    });
    return review;
}

}  // namespace model
