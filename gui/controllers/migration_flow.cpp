// SPDX-License-Identifier: Apache-2.0
#include "controllers/migration_flow.h"

#include "dialogs/migration_review_dialog.h"

#include "model/commands.h"
#include "model/editor_document.h"
#include "model/policy_text.h"

namespace gui
{

MigrationFlow::MigrationFlow(QWidget* window)
    : QObject(window)
    , m_window(window)
{
}

QString MigrationFlow::reviewFile(model::EditorDocument& document, const QString& name, const QString& path)
{
    for (bool asRead = true;; asRead = false) {
        const model::MigrationReview planned = model::MigrationReview::ofDocument(document.document());
        MigrationReviewDialog review(planned, name, m_window);
        if (asRead)  // line numbers hold only for the document as it is in the file
            review.setSourceFile(path);
        review.setChoicesOffered(true);
        const int answer = review.exec();
        if (answer == MigrationReviewDialog::ChoiceMade && review.choice()) {
            const MigrationReviewDialog::Choice choice = *review.choice();
            const format::Document settled
                = planned.keepingRule(choice.profileIndex, choice.candidateIndex, choice.errorClass, choice.keep);
            const auto& candidate = settled.profiles[choice.profileIndex].dynamic->candidates[choice.candidateIndex];
            document.undoStack()->push(new model::ReplaceDocumentCommand(&document, settled,
                tr("Let %1 decide %2 of %3")
                    .arg(QString::fromStdString(choice.keep), model::PolicyText::classInSentence(choice.errorClass),
                        QString::fromStdString(candidate.executionProfileId))));
            continue;
        }
        if (answer == QDialog::Accepted && !planned.hasErrors()) {
            remember(planned, name);
            const auto migrated = planned.migrated();
            document.undoStack()->push(
                new model::ReplaceDocumentCommand(&document, *migrated, tr("Migrate legacy rules")));
            return tr("Migrated %n candidate(s) to versioned policies; nothing is written until you save. "
                      "View › Migration Report shows how.",
                nullptr, planned.changedCandidates());
        }
        document.setReadOnly(true,
            planned.hasErrors() ? tr("some legacy rules in this document cannot be migrated")
                                : tr("its legacy rules were not migrated"));
        return {};
    }
}

MigrationFlow::DatabaseAnswer MigrationFlow::reviewDatabase(
    const model::MigrationReview& planned, const QString& name, const QStringList& unreadable, bool asReport)
{
    MigrationReviewDialog review(planned, name, m_window, unreadable);
    review.setDatabase();
    if (review.exec() != QDialog::Accepted)
        return planned.canMigrateSome() ? DatabaseAnswer::OpenReadOnly : DatabaseAnswer::Open;
    if (asReport)
        remember(planned, name);
    return DatabaseAnswer::Migrate;
}

void MigrationFlow::remember(const model::MigrationReview& planned, const QString& name)
{
    m_remembered = Remembered {planned, name};
    emit reportAvailable(true);
}

void MigrationFlow::forget()
{
    m_remembered.reset();
    emit reportAvailable(false);
}

void MigrationFlow::showReport()
{
    if (!m_remembered)
        return;
    MigrationReviewDialog review(m_remembered->review, m_remembered->name, m_window);
    review.setReviewOnly();
    review.exec();
}

}  // namespace gui
