// SPDX-License-Identifier: Apache-2.0
#pragma once
// File > Review Changes, and the confirmation before every database save:
// what saving would write, against what was read (model::reviewChanges says
// it), and whether Save can write it now.

#include "model/change_review.h"

#include <QDialog>

class QLabel;
class QPlainTextEdit;

namespace gui
{

class ReviewChangesDialog final : public QDialog
{
    Q_OBJECT
public:
    enum class Purpose { Review, ConfirmSave };

    // A review with a refusal says why instead of promising a write.
    ReviewChangesDialog(
        const model::ChangeReview& review, const QString& documentName, Purpose purpose, QWidget* parent = nullptr);
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
