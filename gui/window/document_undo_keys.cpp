// SPDX-License-Identifier: Apache-2.0
#include "window/document_undo_keys.h"

#include <QApplication>
#include <QKeyEvent>
#include <QPlainTextEdit>
#include <QTextEdit>

namespace gui
{

DocumentUndoKeys::DocumentUndoKeys(QWidget* window)
    : QObject(window)
    , m_window(window)
{
    qApp->installEventFilter(this);
}

bool DocumentUndoKeys::eventFilter(QObject* watched, QEvent* event)
{
    if (event->type() != QEvent::ShortcutOverride && event->type() != QEvent::KeyPress)
        return false;
    auto* widget = qobject_cast<QWidget*>(watched);
    if (!widget || widget->window() != m_window)
        return false;  // dialogs keep their fields' own undo
    const auto* key = static_cast<QKeyEvent*>(event);
    if (!key->matches(QKeySequence::Undo) && !key->matches(QKeySequence::Redo))
        return false;
    // Free text that is no part of the document (a pasted error) keeps its own history.
    if (qobject_cast<QPlainTextEdit*>(widget) || qobject_cast<QTextEdit*>(widget))
        return false;
    // Declining the override lets the window's Undo/Redo action take the key;
    // a key press that still arrives (nothing to undo) goes no further.
    event->ignore();
    return true;
}

}  // namespace gui
