#include "app/widgets.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <nlohmann/json.hpp>

#include "app/theme.hpp"
#include "engine/cost.hpp"
#include "engine/input.hpp"
#include "engine/line_break.hpp"
#include "imgui_internal.h"
#include "platform/platform.hpp"

namespace gw::app {

namespace {
struct Rect {
  float x, y, w, h;
};
std::map<std::string, Rect> g_rects;  // this frame's named widgets (one app instance)
std::string g_tooltip;                // this frame's tooltip
}  // namespace

ImFont* font_heading() {
  return platform::font(platform::FontRole::heading);
}
ImFont* font_small() {
  return platform::font(platform::FontRole::small);
}

bool segmented(const char* label, bool active, float width) {
  if (active) {
    ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_HeaderActive));
    ImGui::PushStyleColor(ImGuiCol_ButtonHovered, ImGui::GetStyleColorVec4(ImGuiCol_HeaderActive));
  }
  const bool clicked = ImGui::Button(label, ImVec2(width, 0));
  if (active) ImGui::PopStyleColor(2);
  return clicked && !active;
}

void wrapped_text(std::string_view text) {
  ImGuiContext& g = *GImGui;
  ImGuiWindow* window = g.CurrentWindow;
  if (window->SkipItems) return;
  const float pos = window->DC.TextWrapPos;
  const float width = ImGui::CalcWrapWidthForPos(window->DC.CursorPos, pos < 0 ? 0.0f : pos);
  ImFont* font = ImGui::GetFont();
  const float scale = ImGui::GetFontSize() / font->FontSize;
  const auto advance = [&](char32_t c) -> double {
    return (c <= IM_UNICODE_CODEPOINT_MAX ? font->GetCharAdvance(static_cast<ImWchar>(c))
                                          : font->FallbackAdvanceX) *
           scale;
  };
  std::string lines;
  lines.reserve(text.size() + 16);
  bool first = true;
  for (const LineSpan& l : wrap_lines(text, width, advance)) {
    if (!first) lines += '\n';
    first = false;
    lines.append(text.substr(l.begin, l.end - l.begin));
  }
  // One item, drawn unwrapped since the breaks are ours; the text-capture log (the test hook) gets the
  // paragraph whole, as TextWrapped logs it, not our lines.
  const ImVec2 at = window->DC.CursorPos;
  const bool logging = g.LogEnabled;
  g.LogEnabled = false;
  ImGui::PushTextWrapPos(-1.0f);
  ImGui::TextUnformatted(lines.data(), lines.data() + lines.size());
  ImGui::PopTextWrapPos();
  g.LogEnabled = logging;
  if (logging) ImGui::LogRenderedText(&at, text.data(), text.data() + text.size());
}

void wrapped_text(std::string_view text, const ImVec4& color) {
  ImGui::PushStyleColor(ImGuiCol_Text, color);
  wrapped_text(text);
  ImGui::PopStyleColor();
}

void item_tooltip(const char* text) {
  if (!ImGui::IsItemHovered()) return;
  remember_tooltip(text);
  ImGui::BeginTooltip();
  ImGui::PushTextWrapPos(ImGui::GetFontSize() * 32.0f);
  wrapped_text(text);
  ImGui::PopTextWrapPos();
  ImGui::EndTooltip();
}

void help_marker(const char* text) {
  ImGui::SameLine();
  ImGui::TextDisabled("(?)");
  item_tooltip(text);
}

std::string num(std::optional<double> v, int decimals) {
  return v ? num(*v, decimals) : kMissingNumber;
}
std::string num(double v, int decimals) {
  return format_number(v, decimals);  // the engine's: no "-0.00", "—" when missing
}

namespace {
struct FieldBuf {
  char text[160] = "";
  bool editing = false;
};
std::map<ImGuiID, FieldBuf> g_fields;
std::map<std::string, std::string> g_field_errors;
}  // namespace

bool begin_form(const char* id) {
  if (!ImGui::BeginTable(id, 2, ImGuiTableFlags_SizingStretchProp | ImGuiTableFlags_NoSavedSettings))
    return false;
  ImGui::TableSetupColumn("label", ImGuiTableColumnFlags_WidthStretch, 0.42f);
  ImGui::TableSetupColumn("field", ImGuiTableColumnFlags_WidthStretch, 0.58f);
  return true;
}
void end_form() {
  ImGui::EndTable();
}

void form_label(const char* label, const char* help) {
  ImGui::TableNextRow();
  ImGui::TableSetColumnIndex(0);
  ImGui::AlignTextToFramePadding();
  if (help) {
    ImGui::TextUnformatted(label);
    ImGui::SameLine(0, 4);
    ImGui::TextDisabled("?");
    if (ImGui::IsItemHovered()) item_tooltip(help);
  } else {
    ImGui::TextUnformatted(label);
  }
  ImGui::TableSetColumnIndex(1);
  ImGui::SetNextItemWidth(-FLT_MIN);
}

bool text_field(const char* id, const std::string& shown, std::string& typed, const char* hint) {
  const std::string wid = std::string("##") + id;  // `id` names the field for errors and tests
  FieldBuf& b = g_fields[ImGui::GetID(wid.c_str())];
  if (!b.editing) std::snprintf(b.text, sizeof b.text, "%s", shown.c_str());
  const bool has_error = g_field_errors.count(id) > 0;
  if (has_error) ImGui::PushStyleColor(ImGuiCol_FrameBg, color(Tone::bad, 0.28f));
  const bool enter =
      ImGui::InputTextWithHint(wid.c_str(), hint, b.text, sizeof b.text,
                               ImGuiInputTextFlags_EnterReturnsTrue | ImGuiInputTextFlags_AutoSelectAll);
  if (has_error) ImGui::PopStyleColor();
  if (ImGui::IsItemActivated()) b.editing = true;
  const bool commit = enter || ImGui::IsItemDeactivatedAfterEdit();
  if (ImGui::IsItemDeactivated() || enter) b.editing = false;
  if (commit) typed = b.text;
  return commit;
}

void set_field_error(const char* id, const std::string& message) {
  if (message.empty())
    g_field_errors.erase(id);
  else
    g_field_errors[id] = message;
}

void field_error(const char* id) {
  auto it = g_field_errors.find(id);
  if (it == g_field_errors.end()) return;
  ImGui::PushTextWrapPos(0);
  ImGui::TextColored(color_v(Tone::bad), "%s", it->second.c_str());
  ImGui::PopTextWrapPos();
}

void begin_frame_rects() {
  g_rects.clear();
  g_tooltip.clear();
}
void remember_tooltip(const std::string& text) {
  g_tooltip = text;
}
const std::string& tooltip_shown() {
  return g_tooltip;
}

void remember_rect(const char* name) {
  remember_rect_at(name, ImGui::GetItemRectMin(), ImGui::GetItemRectMax());
}

void remember_rect_at(const char* name, ImVec2 a, ImVec2 b) {
  // Only what is really visible: clipped by the current window, so tests never click a hidden widget.
  const ImVec2 cmin = ImGui::GetWindowDrawList()->GetClipRectMin(),
               cmax = ImGui::GetWindowDrawList()->GetClipRectMax();
  a = ImVec2(std::max(a.x, cmin.x), std::max(a.y, cmin.y));
  b = ImVec2(std::min(b.x, cmax.x), std::min(b.y, cmax.y));
  if (b.x - a.x < 2 || b.y - a.y < 2) return;
  const float s = platform::ui_scale();
  g_rects[name] = Rect{a.x / s, a.y / s, (b.x - a.x) / s, (b.y - a.y) / s};
}

nlohmann::json rects_json() {
  nlohmann::json j = nlohmann::json::object();
  for (const auto& [name, r] : g_rects) j[name] = {r.x, r.y, r.w, r.h};
  return j;
}

}  // namespace gw::app
