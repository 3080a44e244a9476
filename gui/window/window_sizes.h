// SPDX-License-Identifier: Apache-2.0
#pragma once
// The sizes the editor window is laid out by: MainWindow publishes them
// (tests measure against them) and DockLayout places the docks by them.

#include <QSize>

#include <cstddef>

namespace gui::window_sizes
{

// Below this the centre never shrinks, whatever the docks take.
inline constexpr QSize kEditorMinimumSize {440, 240};
// From this available width on, the timeline starts on the right instead of at the bottom.
inline constexpr int kWideScreenWidth = 2200;
// Below this available height, the first start opens maximized.
inline constexpr int kRoomyScreenHeight = 900;
// From this many dynamic profiles on, a document (an export) opens with the
// Fleet Overview shown; a kandev database does from two. Fewer leave the
// bottom's height to the timeline: the route pane lists them.
inline constexpr std::size_t kFleetOverviewProfiles = 10;

}  // namespace gui::window_sizes
