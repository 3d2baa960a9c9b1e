#include "app/widgets.hpp"

#include <cmath>
#include <cstdio>
#include <map>

#include <nlohmann/json.hpp>

#include "app/theme.hpp"
#include "platform/platform.hpp"
#include "platform/shell.hpp"

namespace gw::app {

namespace {
struct Rect {
  float x, y, w, h;
};
std::map<std::string, Rect> g_rects;  // this frame's named widgets (one app instance)
}  // namespace

ImFont* font_heading() { return platform::font(platform::FontRole::heading); }
ImFont* font_small() { return platform::font(platform::FontRole::small); }

bool segmented(const char* label, bool active) {
  if (active) {
    ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_HeaderActive));
    ImGui::PushStyleColor(ImGuiCol_ButtonHovered, ImGui::GetStyleColorVec4(ImGuiCol_HeaderActive));
  }
  const bool clicked = ImGui::Button(label);
  if (active) ImGui::PopStyleColor(2);
  return clicked && !active;
}

void item_tooltip(const char* text) {
  if (!ImGui::IsItemHovered()) return;
  ImGui::BeginTooltip();
  ImGui::PushTextWrapPos(ImGui::GetFontSize() * 32.0f);
  ImGui::TextUnformatted(text);
  ImGui::PopTextWrapPos();
  ImGui::EndTooltip();
}

void help_marker(const char* text) {
  ImGui::SameLine();
  ImGui::TextDisabled("(?)");
  item_tooltip(text);
}

std::string num(std::optional<double> v, int decimals) { return v ? num(*v, decimals) : "—"; }
std::string num(double v, int decimals) {
  if (!std::isfinite(v)) return "—";
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
  if (std::string(buf) == "-0" || std::string(buf).rfind("-0.", 0) == 0) {
    bool zero = true;
    for (const char* p = buf + 1; *p; ++p) zero = zero && (*p == '0' || *p == '.');
    if (zero) return std::string(buf + 1);
  }
  return buf;
}

void begin_frame_rects() { g_rects.clear(); }

void remember_rect(const char* name) {
  const float s = platform::ui_scale();
  const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
  g_rects[name] = Rect{a.x / s, a.y / s, (b.x - a.x) / s, (b.y - a.y) / s};
}

nlohmann::json rects_json() {
  nlohmann::json j = nlohmann::json::object();
  for (const auto& [name, r] : g_rects) j[name] = {r.x, r.y, r.w, r.h};
  return j;
}

}  // namespace gw::app
