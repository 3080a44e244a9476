// SPDX-License-Identifier: Apache-2.0
#include "dialogs/candidate_picker_dialog.h"

#include "controls/clear_action.h"
#include "model/policy_text.h"

#include "policy/text.h"

#include <QCoreApplication>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QVBoxLayout>

namespace gui
{

namespace
{
constexpr int kIdRole = Qt::UserRole;
constexpr int kNameRole = Qt::UserRole + 1;

QString trimmedId(const std::string& id)
{
    const std::string_view t = policy::trimSpace(id);
    return QString::fromUtf8(t.data(), qsizetype(t.size()));
}

// Each rule the profile breaks as a candidate, as a sentence, one a line.
QString ruleSentences(const model::ConcreteProfile& p)
{
    QStringList lines;
    for (const model::CandidateRule rule : p.rules.list()) {
        lines << (rule == model::CandidateRule::Duplicate
                ? CandidatePickerDialog::tr("kandev refuses a route that names a profile twice.")
                : model::PolicyText::candidateRule(rule, p.id, p.agent, 0));
    }
    return lines.join(QLatin1Char('\n'));
}
}  // namespace

CandidatePickerDialog::CandidatePickerDialog(const model::EditorDocument& document, QWidget* parent)
    : QDialog(parent)
    , m_filter(new QLineEdit(this))
    , m_list(new QListWidget(this))
    , m_id(new QLineEdit(this))
    , m_idNote(new QLabel(this))
{
    setWindowTitle(tr("Add Candidate"));
    for (int row = 0; row < document.candidateCount(); ++row)
        m_inRoute.insert(trimmedId(document.candidate(row).executionProfileId));

    auto* layout = new QVBoxLayout(this);
    const auto profiles = document.concreteProfiles();
    const bool hasCatalogue = document.document().shape == format::FileShape::ExportArray
        || document.document().shape == format::FileShape::ExportObject;
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    m_ok = buttons->button(QDialogButtonBox::Ok);
    m_ok->setText(tr("Add"));

    if (hasCatalogue) {
        auto* intro = new QLabel(tr("Every concrete agent profile of the file is listed. Those kandev refuses as "
                                    "candidates are greyed out, with the reason."),
            this);
        intro->setWordWrap(true);
        layout->addWidget(intro);
        m_filter->setPlaceholderText(tr("Filter"));
        m_filter->setAccessibleName(tr("Filter profiles"));
        addClearAction(m_filter);
        m_filter->installEventFilter(this);
        layout->addWidget(m_filter);
        for (const auto& p : profiles) {
            auto* item = new QListWidgetItem(m_list);
            item->setData(kIdRole, p.id);
            item->setData(kNameRole, p.name);
            const QString reasons = model::PolicyText::candidateRuleReasons(p.rules, p.agent);
            if (p.rules.hasError()) {
                //: %3 says why, e.g. "deleted, disabled"
                item->setText(tr("%1 (%2)\ncannot be a candidate: %3").arg(p.name, p.id, reasons));
                item->setToolTip(ruleSentences(p));
                item->setFlags(Qt::NoItemFlags);
            } else if (!p.rules.empty()) {
                item->setText(tr("%1 (%2)\nwarning: %3").arg(p.name, p.id, reasons));
                item->setToolTip(ruleSentences(p));
            } else {
                item->setText(tr("%1 (%2)").arg(p.name, p.id));
            }
        }
        // The reason under each name, wrapped, never cut off at the dialog's edge.
        m_list->setWordWrap(true);
        m_list->setTextElideMode(Qt::ElideNone);
        m_list->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
        m_list->setSpacing(2);
        m_list->setAccessibleName(tr("Agent profiles"));
        layout->addWidget(m_list);
        m_id->hide();
        m_idNote->hide();
        connect(m_filter, &QLineEdit::textChanged, this, &CandidatePickerDialog::applyFilter);
        connect(m_list, &QListWidget::itemActivated, this, [this](QListWidgetItem* item) {
            if (item->flags() & Qt::ItemIsEnabled)
                accept();
        });
        connect(m_list, &QListWidget::currentItemChanged, this, &CandidatePickerDialog::updateOk);
        applyFilter({});
    } else {
        layout->addWidget(new QLabel(tr("This file has no catalogue of agent profiles. Type the id of an enabled, "
                                        "concrete profile without automatic fallback."),
            this));
        auto* form = new QFormLayout;
        auto* label = new QLabel(tr("Agent profile &id:"), this);
        label->setBuddy(m_id);
        form->addRow(label, m_id);
        form->addRow(QString(), m_idNote);
        layout->addLayout(form);
        m_filter->hide();
        m_list->hide();
        m_idNote->hide();
        connect(m_id, &QLineEdit::textChanged, this, &CandidatePickerDialog::updateOk);
    }
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    updateOk();
    resize(560, 420);
}

void CandidatePickerDialog::applyFilter(const QString& text)
{
    QListWidgetItem* firstSelectable = nullptr;
    for (int i = 0; i < m_list->count(); ++i) {
        QListWidgetItem* item = m_list->item(i);
        item->setHidden(!item->text().contains(text, Qt::CaseInsensitive));
        if (!firstSelectable && !item->isHidden() && (item->flags() & Qt::ItemIsEnabled))
            firstSelectable = item;
    }
    // The current item follows the filter: Enter adds what is shown selected.
    QListWidgetItem* current = m_list->currentItem();
    if (!current || current->isHidden() || !(current->flags() & Qt::ItemIsEnabled))
        m_list->setCurrentItem(firstSelectable);
    updateOk();
}

void CandidatePickerDialog::updateOk()
{
    if (!m_ok)
        return;
    if (!m_id->isHidden()) {
        const QString id = trimmedId(m_id->text().toStdString());
        const bool duplicate = m_inRoute.count(id) > 0;
        m_idNote->setVisible(duplicate);
        m_idNote->setText(tr("%1 is already in the route; kandev refuses a route that names a profile twice.").arg(id));
        m_ok->setEnabled(!id.isEmpty() && !duplicate);
        return;
    }
    m_ok->setEnabled(selection().has_value());
}

bool CandidatePickerDialog::eventFilter(QObject* watched, QEvent* event)
{
    // Up, Down, Page Up and Page Down in the filter move through the list, so
    // that typing, arrowing and Enter is the whole way to add a candidate.
    if (watched == m_filter && event->type() == QEvent::KeyPress) {
        const int key = static_cast<QKeyEvent*>(event)->key();
        if (key == Qt::Key_Down || key == Qt::Key_Up || key == Qt::Key_PageDown || key == Qt::Key_PageUp) {
            QKeyEvent copy(QEvent::KeyPress, key, static_cast<QKeyEvent*>(event)->modifiers());
            QCoreApplication::sendEvent(m_list, &copy);
            return true;
        }
    }
    return QDialog::eventFilter(watched, event);
}

std::optional<model::ConcreteProfile> CandidatePickerDialog::selection() const
{
    if (!m_id->isHidden()) {
        const QString id = trimmedId(m_id->text().toStdString());
        if (id.isEmpty() || m_inRoute.count(id))
            return std::nullopt;
        return model::ConcreteProfile {id, id};
    }
    const QListWidgetItem* item = m_list->currentItem();
    if (!item || item->isHidden() || !(item->flags() & Qt::ItemIsEnabled))
        return std::nullopt;
    return model::ConcreteProfile {item->data(kIdRole).toString(), item->data(kNameRole).toString()};
}

std::optional<model::ConcreteProfile> CandidatePickerDialog::pick(
    QWidget* parent, const model::EditorDocument& document)
{
    CandidatePickerDialog dialog(document, parent);
    if (dialog.exec() != QDialog::Accepted)
        return std::nullopt;
    return dialog.selection();
}

}  // namespace gui
