// SPDX-License-Identifier: Apache-2.0
#include "window/problem_count_button.h"

namespace gui
{

ProblemCountButton::ProblemCountButton(QWidget* parent)
    : QToolButton(parent)
{
    setObjectName(QStringLiteral("problemCount"));
    setAutoRaise(true);
    setToolTip(tr("Show the problems in Validation"));
    hide();
    connect(this, &QToolButton::clicked, this, &ProblemCountButton::showProblemsRequested);
}

void ProblemCountButton::setCount(int problems)
{
    setVisible(problems > 0);
    setText(tr("%n problem(s)", nullptr, problems));
    if (problems > 0 && !m_problemsShown) {
        m_problemsShown = true;
        emit showProblemsRequested();
    }
}

}  // namespace gui
