// SPDX-License-Identifier: Apache-2.0
#include "window/focus_chain.h"

#include <QList>
#include <QWidget>

namespace gui
{

QWidget* chainFocus(QWidget* anchor, QWidget* container)
{
    // The whole window's chain: reparenting (a scroll area's widget) can split
    // a container's part of it.
    QList<QWidget*> inside;
    QWidget* start = anchor->window();
    for (QWidget* w = start->nextInFocusChain(); w != start; w = w->nextInFocusChain()) {
        // Only leaves that take Tab focus: setTabOrder() moves a widget's
        // children along with it, which would scramble a container.
        if (container->isAncestorOf(w) && (w->focusPolicy() & Qt::TabFocus) && !w->focusProxy())
            inside << w;
    }
    QWidget* previous = anchor;
    for (QWidget* w : inside) {
        QWidget::setTabOrder(previous, w);
        previous = w;
    }
    return previous;
}

}  // namespace gui
