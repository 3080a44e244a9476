// SPDX-License-Identifier: Apache-2.0
#pragma once
// "When kandev switches candidates": which errors move a route to the next
// candidate and which never do, the pause and single health probe after a
// provider fails, and the reset-wait rule. Text to read, opened with one
// click and kept open (remembered per user), as kandev's settings page has it.
// The widget is the text; its toggle is a child of the parent, for the parent
// to place (the candidate editor puts it in its heading).

#include <QWidget>

class QLabel;
class QToolButton;

namespace gui
{

class SwitchingExplanation final : public QWidget
{
    Q_OBJECT
public:
    explicit SwitchingExplanation(QWidget* parent = nullptr);
    void setOpen(bool open);
    bool isOpen() const;
    QToolButton* toggle() const
    {
        return m_toggle;
    }
    QLabel* text() const
    {
        return m_text;
    }

private:
    QToolButton* m_toggle;
    QLabel* m_text;
};

}  // namespace gui
