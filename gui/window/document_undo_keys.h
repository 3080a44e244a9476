// SPDX-License-Identifier: Apache-2.0
#pragma once
// Undo and Redo keys belong to the document in the whole main window: a
// field's own text history (a line edit's, an editable combo box's) would
// undo what the document already holds, and push a no-op edit over the
// step that should have been undone.

#include <QObject>

class QWidget;

namespace gui
{

class DocumentUndoKeys final : public QObject
{
    Q_OBJECT
public:
    // Watches the application's key events for the widgets inside `window`.
    explicit DocumentUndoKeys(QWidget* window);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    QWidget* m_window;
};

}  // namespace gui
