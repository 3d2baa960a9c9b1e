#pragma once
// Named colours of the theme, so panels and plots agree on what green or amber means.
#include "imgui.h"

namespace gw::app {

enum class Tone { text, muted, accent, good, warn, bad, grid, panel };
ImU32 color(Tone tone, float alpha = 1.0f);
ImVec4 color_v(Tone tone, float alpha = 1.0f);

}  // namespace gw::app
