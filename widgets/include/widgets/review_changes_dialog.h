#pragma once
// File > Review Changes: what saving would write, against what was read —
// per profile, candidate and class field, in the words `policyctl diff`
// prints (migration::diffDocuments), not a text diff.

#include "migration/document_diff.h"

#include <QDialog>

class QPlainTextEdit;

namespace widgets {

class ReviewChangesDialog final : public QDialog {
    Q_OBJECT
public:
    ReviewChangesDialog(const migration::DocumentDiff& diff, const QString& documentName, QWidget* parent = nullptr);
    QPlainTextEdit* text() const { return m_text; }

private:
    QPlainTextEdit* m_text;
};

}  // namespace widgets
