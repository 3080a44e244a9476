// SPDX-License-Identifier: Apache-2.0
#include "window/editor_area.h"

#include "editor/candidate_editor.h"
#include "window/start_page.h"
#include "window/window_sizes.h"

#include <QApplication>
#include <QScrollArea>

namespace gui
{

EditorArea::EditorArea(CandidateEditor* editor, QWidget* parent)
    : QStackedWidget(parent)
    , m_startPage(new StartPage(this))
{
    auto* scroll = new QScrollArea(this);
    scroll->setObjectName(QStringLiteral("editorScroll"));
    scroll->setAccessibleName(tr("Candidate editor"));
    // Not a Tab stop of its own (it would show no focus mark): its fields are,
    // and a focused field is scrolled into view.
    scroll->setFocusPolicy(Qt::NoFocus);
    scroll->setWidget(editor);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setMinimumSize(window_sizes::kEditorMinimumSize);
    addWidget(m_startPage);
    addWidget(scroll);
    // A field that gets focus (Tab, a mnemonic, a validation problem) is scrolled into view.
    connect(qApp, &QApplication::focusChanged, this, [scroll](QWidget*, QWidget* now) {
        if (now && scroll->widget() && scroll->widget()->isAncestorOf(now))
            scroll->ensureWidgetVisible(now);
    });
}

void EditorArea::showEditor()
{
    setCurrentIndex(1);
}

}  // namespace gui
