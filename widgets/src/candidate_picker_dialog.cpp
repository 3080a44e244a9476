#include "widgets/candidate_picker_dialog.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QVBoxLayout>

namespace widgets {

CandidatePickerDialog::CandidatePickerDialog(const model::EditorDocument& document, QWidget* parent)
    : QDialog(parent), m_filter(new QLineEdit(this)), m_list(new QListWidget(this)), m_id(new QLineEdit(this))
{
    setWindowTitle(tr("Add Candidate"));
    auto* layout = new QVBoxLayout(this);
    const auto eligible = document.eligibleProfiles();
    const bool hasCatalogue = document.document().shape == schema::FileShape::ExportArray
        || document.document().shape == schema::FileShape::ExportObject;
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Add"));

    if (hasCatalogue) {
        layout->addWidget(new QLabel(tr("Only enabled, concrete profiles without automatic fallback can be candidates."), this));
        m_filter->setPlaceholderText(tr("Filter"));
        m_filter->setAccessibleName(tr("Filter profiles"));
        m_filter->setClearButtonEnabled(true);
        layout->addWidget(m_filter);
        for (const auto& p : eligible) {
            auto* item = new QListWidgetItem(tr("%1 (%2)").arg(p.name, p.id), m_list);
            item->setData(Qt::UserRole, p.id);
            item->setData(Qt::UserRole + 1, p.name);
        }
        m_list->setAccessibleName(tr("Eligible profiles"));
        layout->addWidget(m_list);
        m_id->hide();
        if (m_list->count() > 0)
            m_list->setCurrentRow(0);
        connect(m_filter, &QLineEdit::textChanged, this, [this](const QString& text) {
            for (int i = 0; i < m_list->count(); ++i)
                m_list->item(i)->setHidden(!m_list->item(i)->text().contains(text, Qt::CaseInsensitive));
        });
        connect(m_list, &QListWidget::itemDoubleClicked, this, &QDialog::accept);
        buttons->button(QDialogButtonBox::Ok)->setEnabled(m_list->count() > 0);
    } else {
        layout->addWidget(new QLabel(tr("This file has no catalogue of agent profiles. Type the id of an enabled, "
                                        "concrete profile without automatic fallback."),
                                     this));
        auto* form = new QFormLayout;
        auto* label = new QLabel(tr("Agent profile &id:"), this);
        label->setBuddy(m_id);
        form->addRow(label, m_id);
        layout->addLayout(form);
        m_filter->hide();
        m_list->hide();
        buttons->button(QDialogButtonBox::Ok)->setEnabled(false);
        connect(m_id, &QLineEdit::textChanged, this, [buttons](const QString& text) {
            buttons->button(QDialogButtonBox::Ok)->setEnabled(!text.trimmed().isEmpty());
        });
    }
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    resize(420, 360);
}

std::optional<model::ConcreteProfile> CandidatePickerDialog::selection() const
{
    if (!m_id->isHidden()) {
        const QString id = m_id->text().trimmed();
        if (id.isEmpty())
            return std::nullopt;
        return model::ConcreteProfile{id, id};
    }
    const QListWidgetItem* item = m_list->currentItem();
    if (!item || item->isHidden())
        return std::nullopt;
    return model::ConcreteProfile{item->data(Qt::UserRole).toString(), item->data(Qt::UserRole + 1).toString()};
}

std::optional<model::ConcreteProfile> CandidatePickerDialog::pick(QWidget* parent, const model::EditorDocument& document)
{
    CandidatePickerDialog dialog(document, parent);
    if (dialog.exec() != QDialog::Accepted)
        return std::nullopt;
    return dialog.selection();
}

}  // namespace widgets
