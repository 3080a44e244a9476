// SPDX-License-Identifier: Apache-2.0
#include "editor/switching_explanation.h"

#include "window/settings.h"

#include "model/policy_text.h"

#include <QLabel>
#include <QToolButton>
#include <QVBoxLayout>

namespace gui
{

SwitchingExplanation::SwitchingExplanation(QWidget* parent)
    : QWidget(parent)
    , m_toggle(new QToolButton(parent))
    , m_text(new QLabel(this))
{
    setObjectName(QStringLiteral("switchingExplanation"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    m_toggle->setObjectName(QStringLiteral("switchingToggle"));
    m_toggle->setCheckable(true);
    m_toggle->setAutoRaise(true);
    m_toggle->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_toggle->setText(tr("When kandev switches candidates"));
    QFont bold = m_toggle->font();
    bold.setBold(true);
    m_toggle->setFont(bold);
    m_text->setObjectName(QStringLiteral("switchingText"));
    m_text->setWordWrap(true);
    m_text->setTextFormat(Qt::PlainText);
    m_text->setText(model::PolicyText::switchingExplanation().join(QStringLiteral("\n\n")));
    m_toggle->setAccessibleDescription(m_text->text());
    // The toggle stands where its owner puts it (the candidate editor's heading, where it costs no row).
    layout->addWidget(m_text);
    connect(m_toggle, &QToolButton::toggled, this, [this](bool open) {
        setOpen(open);
        settings::explainSwitching.setValue(open);
    });
    setOpen(settings::explainSwitching.value());
}

void SwitchingExplanation::setOpen(bool open)
{
    const QSignalBlocker block(m_toggle);
    m_toggle->setChecked(open);
    m_toggle->setArrowType(open ? Qt::DownArrow : Qt::RightArrow);
    setVisible(open);
}

bool SwitchingExplanation::isOpen() const
{
    return m_toggle->isChecked();
}

}  // namespace gui
