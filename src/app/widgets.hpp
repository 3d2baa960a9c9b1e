#pragma once
// Small widgets and helpers shared by the panels.
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <string>
#include <string_view>

#include "imgui.h"

namespace gw::app {

ImFont* font_heading();
ImFont* font_small();

// A toggle button drawn as one segment of a group ("English | 中文").
bool segmented(const char* label, bool active, float width = 0);
// "?" that shows a wrapped tooltip on hover.
void help_marker(const char* text);
// Wrapped tooltip for the last item.
void item_tooltip(const char* text);
// The text of the tooltip this frame shows, for the test hook (item_tooltip records its own).
void remember_tooltip(const std::string& text);
const std::string& tooltip_shown();

// A paragraph wrapped at the current wrap position (PushTextWrapPos), or the content region's right edge when
// none is set, like ImGui::TextWrapped, but with engine/line_break.hpp's rules: Chinese breaks between
// characters, and "¥19.13" or "RTX 4090" never splits (ImGui breaks after any '.' or ',').
void wrapped_text(std::string_view text);
void wrapped_text(std::string_view text, const ImVec4& color);

// Text for a number that may be unknown: "—" when absent.
std::string num(std::optional<double> v, int decimals);
std::string num(double v, int decimals);

// ---- forms: a two-column table, label left (with an optional hover explanation), field right
bool begin_form(const char* id);
void end_form();
void form_label(const char* label, const char* help = nullptr);
// A text field committed on Enter or when focus leaves (Tab moves on without losing the edit). While not
// being edited it shows `shown`, so Back/Forward and links update it. Returns true with `typed` set on
// commit.
bool text_field(const char* id, const std::string& shown, std::string& typed, const char* hint = "");
// A message under a field until its next successful commit (empty = clear).
void set_field_error(const char* id, const std::string& message);
void field_error(const char* id);

// Rectangles of named widgets drawn this frame, in CSS pixels, for the test hook: tests click real
// widgets by name instead of guessing coordinates.
void begin_frame_rects();
void remember_rect(const char* name);
void remember_rect_at(const char* name, ImVec2 min, ImVec2 max);
nlohmann::json rects_json();

}  // namespace gw::app
