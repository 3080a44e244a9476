#include "widgets/review_changes_dialog.h"

#include <QDialogButtonBox>
#include <QFontDatabase>
#include <QLabel>
#include <QPlainTextEdit>
#include <QVBoxLayout>

namespace widgets {

ReviewChangesDialog::ReviewChangesDialog(const migration::DocumentDiff& diff, const QString& documentName, QWidget* parent)
    : QDialog(parent), m_text(new QPlainTextEdit(this))
{
    setWindowTitle(tr("Review Changes — %1").arg(documentName));
    auto* layout = new QVBoxLayout(this);
    auto* intro = new QLabel(diff.equal() ? tr("Nothing to save: the document is as it was read.")
                                          : tr("Saving writes these changes to %1 (against what was read or last saved):")
                                                .arg(documentName),
                             this);
    intro->setWordWrap(true);
    layout->addWidget(intro);
    m_text->setObjectName(QStringLiteral("changes"));
    m_text->setReadOnly(true);
    m_text->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_text->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_text->setPlainText(QString::fromStdString(migration::renderDiffText(diff)));
    m_text->setAccessibleName(tr("Changes"));
    layout->addWidget(m_text, 1);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    resize(640, 420);
}

}  // namespace widgets
