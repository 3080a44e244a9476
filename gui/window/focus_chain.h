// SPDX-License-Identifier: Apache-2.0
#pragma once
// Tab order across containers that were built apart (the route, the editor's
// fields, the timeline): the order a person reads them in, not creation order.

class QWidget;

namespace gui
{

// Puts the focusable widgets inside `container` right after `anchor` in the
// Tab chain, keeping their order; returns the last of them.
QWidget* chainFocus(QWidget* anchor, QWidget* container);

}  // namespace gui
