// SPDX-License-Identifier: Apache-2.0
#pragma once
// The editor's own icons (resources/icons/*.svg), so that it looks the same
// on a desktop without an icon theme. Drawn with QtSvg (no icon-engine plugin
// is needed) in the palette's text colour.

#include <QIcon>
#include <QString>

namespace gui
{

// :/icons/<name>.svg at any size menus and tool bars ask for; an empty icon
// when there is no such file.
QIcon bundledIcon(const QString& name);

}  // namespace gui
