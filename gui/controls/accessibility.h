// SPDX-License-Identifier: Apache-2.0
#pragma once
// What assistive technology reads from the editor's own controls: the value
// boxes' values and limits, combo boxes named for what they set, and every
// control's labelled-by relation, wherever its label sits in the layout.

namespace gui
{

// Installs the accessibility factory; once per process, before any window shows.
void installAccessibility();

}  // namespace gui
