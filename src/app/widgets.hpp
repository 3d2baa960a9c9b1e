#pragma once
// Small widgets and helpers shared by the panels.
#include <optional>
#include <string>

#include <nlohmann/json_fwd.hpp>

#include "imgui.h"

namespace gw::app {

ImFont* font_heading();
ImFont* font_small();

// A toggle button drawn as one segment of a group ("English | 中文").
bool segmented(const char* label, bool active);
// "?" that shows a wrapped tooltip on hover.
void help_marker(const char* text);
// Wrapped tooltip for the last item.
void item_tooltip(const char* text);

// Text for a number that may be unknown: "—" when absent.
std::string num(std::optional<double> v, int decimals);
std::string num(double v, int decimals);

// Rectangles of named widgets drawn this frame, in CSS pixels, for the test hook: tests click real
// widgets by name instead of guessing coordinates.
void begin_frame_rects();
void remember_rect(const char* name);
nlohmann::json rects_json();

}  // namespace gw::app
