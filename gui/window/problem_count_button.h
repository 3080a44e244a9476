// SPDX-License-Identifier: Apache-2.0
#pragma once
// "2 problems" in the status bar. A click asks for Validation, and so do the
// first problems of each document, once: after that the count is enough, and
// a dock the person closed stays closed.

#include <QToolButton>

namespace gui
{

class ProblemCountButton final : public QToolButton
{
    Q_OBJECT
public:
    explicit ProblemCountButton(QWidget* parent);

    void setCount(int problems);
    // Another document: its first problems ask for Validation again.
    void newDocument()
    {
        m_problemsShown = false;
    }

signals:
    void showProblemsRequested();

private:
    bool m_problemsShown = false;  // Validation was asked for this document's first problems
};

}  // namespace gui
