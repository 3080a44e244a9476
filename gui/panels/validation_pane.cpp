// SPDX-License-Identifier: Apache-2.0
#include "panels/validation_pane.h"

#include "model/policy_text.h"

#include <QHeaderView>
#include <QLabel>
#include <QTreeView>
#include <QVBoxLayout>

namespace gui
{

ValidationPane::ValidationPane(QWidget* parent)
    : QWidget(parent)
    , m_model(new model::ValidationModel(this))
    , m_view(new QTreeView(this))
    , m_status(new QLabel(this))
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_status);
    m_view->setModel(m_model);
    m_view->setRootIsDecorated(false);
    m_view->setAlternatingRowColors(true);
    m_view->setAccessibleName(tr("Validation problems"));
    m_view->header()->setSectionResizeMode(model::ValidationModel::MessageColumn, QHeaderView::Stretch);
    m_view->header()->setStretchLastSection(false);
    m_view->header()->setSectionResizeMode(model::ValidationModel::PathColumn, QHeaderView::ResizeToContents);
    layout->addWidget(m_view);
    connect(m_view, &QTreeView::activated, this, [this](const QModelIndex& index) {
        emit issueActivated(index.data(model::ValidationModel::CandidateRowRole).toInt(),
            index.data(model::ValidationModel::FieldRole).toString());
    });
    connect(m_model, &QAbstractItemModel::modelReset, this, &ValidationPane::updateStatus);
    updateStatus();
}

void ValidationPane::setDocument(model::EditorDocument* document)
{
    if (m_doc)
        disconnect(m_doc, nullptr, this, nullptr);
    m_doc = document;
    if (m_doc)
        connect(m_doc, &model::EditorDocument::readOnlyChanged, this, &ValidationPane::updateStatus);
    m_model->setDocument(document);
    updateStatus();
}

void ValidationPane::updateStatus()
{
    const int n = m_model->errorCount();
    const int warnings = m_model->warningCount();
    if (!m_doc) {
        m_status->setText(tr("Nothing is open."));  // never "can be saved" with nothing to save
        return;
    }
    if (m_doc->isReadOnly()) {
        // A read-only document cannot be saved, problems or not: never say it can.
        m_status->setText(n == 0 ? tr("Read-only: %1. Nothing can be saved.").arg(m_doc->readOnlyReason())
                                 : tr("Read-only: %1. %n problem(s):", nullptr, n).arg(m_doc->readOnlyReason()));
        return;
    }
    QString text;
    if (n == 0 && warnings > 0)
        text = tr(
            "No problems: this profile can be saved. %n warning(s) about what kandev may refuse.", nullptr, warnings);
    else
        text = n == 0 ? tr("No problems: this profile can be saved.")
                      : tr("%n problem(s) must be fixed before saving. Activate one to go to its field.", nullptr, n);
    if (const int house = m_model->nonBlockingHouseRuleCount(); house > 0)
        text = model::PolicyText::joinSentences(
            {text, tr("%n house rule(s) broken; the rules file lets you save anyway.", nullptr, house)});
    m_status->setText(text);
}

}  // namespace gui
