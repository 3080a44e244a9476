// SPDX-License-Identifier: Apache-2.0
#pragma once
// The window's centre: the start page until a document is open, then the
// candidate editor, scrolled so that the field with the focus is in view.
// Docks take room from it only down to its minimum, so it never collapses.

#include <QStackedWidget>

namespace gui
{

class CandidateEditor;
class StartPage;

class EditorArea final : public QStackedWidget
{
    Q_OBJECT
public:
    EditorArea(CandidateEditor* editor, QWidget* parent);

    StartPage* startPage() const
    {
        return m_startPage;
    }
    // A document is open: the editor takes the start page's place for good.
    void showEditor();

private:
    StartPage* m_startPage;
};

}  // namespace gui
