// SPDX-License-Identifier: Apache-2.0
#pragma once
// File > Review Changes, and the confirmation before every database save:
// what saving would write, against what was read — per profile, candidate and
// class field, in the words `policyctl diff` prints (review::diffDocuments),
// not a text diff — and, for a database, the profile versions the save writes
// and the routes kandev is running under each now.

#include "review/document_diff.h"
#include "model/database_writes.h"

#include <QDialog>

#include <optional>
#include <vector>

class QLabel;
class QPlainTextEdit;

namespace gui
{

class ReviewChangesDialog final : public QDialog
{
    Q_OBJECT
public:
    enum class Purpose { Review, ConfirmSave };

    // `refusal`: why saving would write nothing now (EditorDocument::saveRefusal);
    // the dialog says so instead of promising a write.
    ReviewChangesDialog(const review::DocumentDiff& diff, const std::vector<model::ProfileWrite>& writes,
        const QString& documentName, Purpose purpose, const std::optional<QString>& refusal, QWidget* parent = nullptr,
        const review::CandidateNames& nameOf = {});
    QPlainTextEdit* text() const
    {
        return m_text;
    }
    QLabel* intro() const
    {
        return m_intro;
    }

private:
    QPlainTextEdit* m_text;
    QLabel* m_intro;
};

}  // namespace gui
