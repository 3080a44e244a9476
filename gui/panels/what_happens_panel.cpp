// SPDX-License-Identifier: Apache-2.0
#include "panels/what_happens_panel.h"

#include "editor/field_binder.h"
#include "controls/value_controls.h"

#include "model/policy_text.h"

#include "policy/catalogue.h"
#include "policy/evaluator.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QLabel>

namespace gui
{

using model::PolicyText;

WhatHappensPanel::WhatHappensPanel(QWidget* parent)
    : QWidget(parent)
    , m_code(new GuardedComboBox(this))
    , m_hasReset(new QCheckBox(tr("The provider reports a reset in"), this))
    , m_resetAfter(new DurationEdit(this))
    , m_effectSafe(new QCheckBox(tr("before any output or tool activity"), this))
    , m_ordinal(new ValueSpinBox(this))
    , m_resetUsed(new QCheckBox(tr("the reset wait was already used"), this))
    , m_decision(new QLabel(this))
{
    auto* form = new QFormLayout(this);
    auto* codeLabel = new QLabel(tr("Error:"), this);
    codeLabel->setBuddy(m_code);
    for (const auto& entry : policy::kCatalogue) {
        m_code->addItem(
            tr("%1 — %2").arg(PolicyText::codeDescription(entry.name), PolicyText::className(entry.errorClass)),
            QString::fromUtf8(entry.name.data(), qsizetype(entry.name.size())));
    }
    m_code->insertSeparator(m_code->count());
    for (const auto code : policy::kUnclassifiedCodes)
        m_code->addItem(tr("%1 — unclassified").arg(PolicyText::codeDescription(code)),
            QString::fromUtf8(code.data(), qsizetype(code.size())));
    m_code->setAccessibleName(tr("Error"));
    form->addRow(codeLabel, m_code);

    // Reset hints may lie beyond any configured maximum: allow up to 30 days.
    static constexpr policy::FieldDescriptor kResetHint {
        policy::Field::ResetMaxWait, "", "", 1, 30 * 86400, policy::Unit::Seconds, 60};
    m_resetAfter->bind(kResetHint, nullptr);
    m_resetAfter->setSeconds(60);
    m_resetAfter->setFieldName(tr("Reset in"));
    form->addRow(m_hasReset, m_resetAfter);
    m_effectSafe->setChecked(true);
    form->addRow(tr("The failure came:"), m_effectSafe);
    auto* ordinalLabel = new QLabel(tr("Retries already made:"), this);
    bindCountSpinBox(m_ordinal,
        {policy::Field::RetryMaxRetries, "", "", 0, policy::descriptor(policy::Field::RetryMaxRetries).max,
            policy::Unit::Count, 0},
        ordinalLabel);
    form->addRow(ordinalLabel, m_ordinal);
    // Number fields as wide as their digits, not the dock; the decision still wraps to the dock's width.
    m_resetAfter->setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Fixed);
    m_ordinal->setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Fixed);
    form->addRow(QString(), m_resetUsed);
    m_decision->setWordWrap(true);
    m_decision->setObjectName(QStringLiteral("decision"));
    m_decision->setTextInteractionFlags(Qt::TextSelectableByMouse);
    QFont f = m_decision->font();
    f.setBold(true);
    m_decision->setFont(f);
    form->addRow(tr("Decision:"), m_decision);

    connect(m_code, &QComboBox::currentIndexChanged, this, &WhatHappensPanel::update);
    connect(m_hasReset, &QCheckBox::toggled, this, &WhatHappensPanel::update);
    connect(m_resetAfter, &DurationEdit::valueEdited, this, &WhatHappensPanel::update);
    connect(m_effectSafe, &QCheckBox::toggled, this, &WhatHappensPanel::update);
    connect(m_ordinal, &ValueSpinBox::valueEdited, this, &WhatHappensPanel::update);
    connect(m_resetUsed, &QCheckBox::toggled, this, &WhatHappensPanel::update);
    update();
}

void WhatHappensPanel::setDocument(model::EditorDocument* document)
{
    if (m_doc)
        disconnect(m_doc, nullptr, this, nullptr);
    m_doc = document;
    m_row = -1;
    if (m_doc) {
        connect(m_doc, &model::EditorDocument::candidateChanged, this, &WhatHappensPanel::update);
        connect(m_doc, &model::EditorDocument::candidatesReset, this, &WhatHappensPanel::update);
    }
    update();
}

void WhatHappensPanel::setRow(int row)
{
    m_row = row;
    update();
}

QString WhatHappensPanel::decisionText() const
{
    return m_decision->text();
}

void WhatHappensPanel::update()
{
    m_resetAfter->setEnabled(m_hasReset->isChecked());
    if (!m_doc || m_row < 0 || m_row >= m_doc->candidateCount()) {
        m_decision->setText(tr("Select a candidate."));
        return;
    }
    const policy::Candidate& c = m_doc->candidate(m_row);
    const policy::PolicyDocument doc = c.policies.value_or(policy::PolicyDocument {});
    const std::string code = m_code->currentData().toString().toStdString();
    const policy::Seconds now {};
    policy::Failure failure {code, "", policy::Confidence::High, "", std::nullopt};
    if (m_hasReset->isChecked())
        failure.resetAt = now + std::chrono::seconds {m_resetAfter->seconds()};
    policy::EvaluationInput input;
    input.failure = failure;
    input.now = now;
    input.retryOrdinal = m_ordinal->value();
    input.resetWaitUsed = m_resetUsed->isChecked();
    input.effectSafe = m_effectSafe->isChecked();
    const policy::Decision d = policy::evaluate(doc, input);
    // The evaluator says why (an invalid document, side effects, an unknown error); PolicyText says it.
    const QString text = PolicyText::decision(d, d.deadline ? (*d.deadline - now).count() : 0);
    m_decision->setText(text);
}

}  // namespace gui
