// SPDX-License-Identifier: Apache-2.0
#include "dialogs/review_changes_dialog.h"

#include "model/diff_text.h"

#include <QDialogButtonBox>
#include <QFontDatabase>
#include <QLabel>
#include <QPushButton>
#include <QPlainTextEdit>
#include <QVBoxLayout>

namespace gui
{

ReviewChangesDialog::ReviewChangesDialog(const review::DocumentDiff& diff,
    const std::vector<model::ProfileWrite>& writes, const QString& documentName, Purpose purpose,
    const std::optional<QString>& refusal, QWidget* parent, const review::CandidateNames& nameOf)
    : QDialog(parent)
    , m_text(new QPlainTextEdit(this))
    , m_intro(new QLabel(this))
{
    setWindowTitle(purpose == Purpose::ConfirmSave ? tr("Save Changes — %1").arg(documentName)
                                                   : tr("Review Changes — %1").arg(documentName));
    auto* layout = new QVBoxLayout(this);
    // Never promise a write that Save would refuse.
    if (diff.equal())
        m_intro->setText(tr("Nothing to save: the document is as it was read."));
    else if (refusal)
        m_intro->setText(tr("These changes cannot be saved yet: %1").arg(*refusal));
    else
        m_intro->setText(
            tr("Saving writes these changes to %1 (against what was read or last saved):").arg(documentName));
    m_intro->setWordWrap(true);
    m_intro->setTextFormat(Qt::PlainText);
    layout->addWidget(m_intro);

    QString text;
    if (!writes.empty()) {
        text += tr("Written to the database, one transaction per profile:") + QLatin1Char('\n');
        for (const model::ProfileWrite& write : writes)
            text += QStringLiteral("  ") + model::describeWrite(write) + QLatin1Char('\n');
        text += QLatin1Char('\n');
    }
    // Candidates by name, as the route shows them, with the id kandev stores.
    text += model::DiffText::render(diff, nameOf);
    m_text->setObjectName(QStringLiteral("changes"));
    m_text->setReadOnly(true);
    // The write lines are sentences; the diff lines are short and indented, so wrapping keeps both readable.
    m_text->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    m_text->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_text->setPlainText(text);
    m_text->setAccessibleName(tr("Changes"));
    layout->addWidget(m_text, 1);

    if (purpose == Purpose::ConfirmSave) {
        auto* buttons = new QDialogButtonBox(QDialogButtonBox::Save | QDialogButtonBox::Cancel, this);
        buttons->button(QDialogButtonBox::Save)->setEnabled(!refusal);
        connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
        connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
        layout->addWidget(buttons);
    } else {
        auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
        connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
        layout->addWidget(buttons);
    }
    resize(720, 440);
}

}  // namespace gui
