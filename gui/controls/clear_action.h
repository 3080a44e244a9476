// SPDX-License-Identifier: Apache-2.0
#pragma once
// A filter field's clear button, drawn with the bundled icons. Qt's own
// (QLineEdit::setClearButtonEnabled) asks the desktop's icon theme, and the
// first theme lookup scans the theme's folders: a tenth of the editor's start-up.

class QLineEdit;

namespace gui
{

// Adds a trailing "Clear" action to `field`, shown only while the field has text.
void addClearAction(QLineEdit* field);

}  // namespace gui
