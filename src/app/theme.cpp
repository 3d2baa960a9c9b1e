// One dark theme, chosen on purpose: calm greys, one blue accent, green/amber/red only for meaning.
#include "app/theme.hpp"

#include "app/app.hpp"
#include "imgui.h"

namespace gw::app {

namespace {
ImVec4 rgb(int hex, float a = 1.0f) {
  return ImVec4(((hex >> 16) & 0xFF) / 255.0f, ((hex >> 8) & 0xFF) / 255.0f, (hex & 0xFF) / 255.0f, a);
}
}  // namespace

ImU32 color(Tone tone, float alpha) {
  int hex = 0xd8dbe2;
  switch (tone) {
    case Tone::text:
      hex = 0xd8dbe2;
      break;
    case Tone::muted:
      hex = 0x8a93a3;
      break;
    case Tone::accent:
      hex = 0x5b9cf5;
      break;
    case Tone::good:
      hex = 0x6cc98f;
      break;
    case Tone::warn:
      hex = 0xe8b45a;
      break;
    case Tone::bad:
      hex = 0xec7a6e;
      break;
    case Tone::grid:
      hex = 0x2a303b;
      break;
    case Tone::panel:
      hex = 0x1c2028;
      break;
  }
  return ImGui::ColorConvertFloat4ToU32(rgb(hex, alpha));
}

ImVec4 color_v(Tone tone, float alpha) {
  return ImGui::ColorConvertU32ToFloat4(color(tone, alpha));
}

void apply_style(AppState& s, float scale) {
  s.scale = scale;
  ImGuiStyle style;
  ImGui::StyleColorsDark(&style);
  style.WindowPadding = ImVec2(14, 12);
  style.FramePadding = ImVec2(8, 5);
  style.CellPadding = ImVec2(8, 4);
  style.ItemSpacing = ImVec2(10, 7);
  style.ItemInnerSpacing = ImVec2(6, 5);
  style.IndentSpacing = 18;
  style.ScrollbarSize = 12;
  style.GrabMinSize = 10;
  style.WindowBorderSize = 0;
  style.ChildBorderSize = 1;
  style.PopupBorderSize = 1;
  style.FrameBorderSize = 0;
  style.TabBorderSize = 0;
  style.WindowRounding = 0;
  style.ChildRounding = 6;
  style.FrameRounding = 4;
  style.PopupRounding = 6;
  style.ScrollbarRounding = 6;
  style.GrabRounding = 4;
  style.TabRounding = 4;

  ImVec4* c = style.Colors;
  c[ImGuiCol_Text] = rgb(0xd8dbe2);
  c[ImGuiCol_TextDisabled] = rgb(0x8a93a3);
  c[ImGuiCol_WindowBg] = rgb(0x16181d);
  c[ImGuiCol_ChildBg] = rgb(0x1a1d23);
  c[ImGuiCol_PopupBg] = rgb(0x1f232b, 0.98f);
  c[ImGuiCol_Border] = rgb(0x2a303b);
  c[ImGuiCol_BorderShadow] = rgb(0, 0);
  c[ImGuiCol_FrameBg] = rgb(0x242933);
  c[ImGuiCol_FrameBgHovered] = rgb(0x2c3340);
  c[ImGuiCol_FrameBgActive] = rgb(0x333b4a);
  c[ImGuiCol_TitleBg] = rgb(0x16181d);
  c[ImGuiCol_TitleBgActive] = rgb(0x1c2028);
  c[ImGuiCol_MenuBarBg] = rgb(0x1c2028);
  c[ImGuiCol_ScrollbarBg] = rgb(0x16181d, 0.0f);
  c[ImGuiCol_ScrollbarGrab] = rgb(0x2f3642);
  c[ImGuiCol_ScrollbarGrabHovered] = rgb(0x3a4352);
  c[ImGuiCol_ScrollbarGrabActive] = rgb(0x465063);
  c[ImGuiCol_CheckMark] = rgb(0x5b9cf5);
  c[ImGuiCol_SliderGrab] = rgb(0x5b9cf5);
  c[ImGuiCol_SliderGrabActive] = rgb(0x7ab0f7);
  c[ImGuiCol_Button] = rgb(0x2a303b);
  c[ImGuiCol_ButtonHovered] = rgb(0x354052);
  c[ImGuiCol_ButtonActive] = rgb(0x3f4c62);
  c[ImGuiCol_Header] = rgb(0x27416a, 0.75f);
  c[ImGuiCol_HeaderHovered] = rgb(0x2d4b7a, 0.85f);
  c[ImGuiCol_HeaderActive] = rgb(0x335588);
  c[ImGuiCol_Separator] = rgb(0x2a303b);
  c[ImGuiCol_SeparatorHovered] = rgb(0x5b9cf5, 0.6f);
  c[ImGuiCol_SeparatorActive] = rgb(0x5b9cf5);
  c[ImGuiCol_ResizeGrip] = rgb(0x5b9cf5, 0.15f);
  c[ImGuiCol_ResizeGripHovered] = rgb(0x5b9cf5, 0.5f);
  c[ImGuiCol_ResizeGripActive] = rgb(0x5b9cf5, 0.8f);
  c[ImGuiCol_Tab] = rgb(0x1c2028);
  c[ImGuiCol_TabHovered] = rgb(0x2d4b7a);
  c[ImGuiCol_TabActive] = rgb(0x27416a);
  c[ImGuiCol_TabUnfocused] = rgb(0x1c2028);
  c[ImGuiCol_TabUnfocusedActive] = rgb(0x27416a);
  c[ImGuiCol_PlotLines] = rgb(0x5b9cf5);
  c[ImGuiCol_PlotHistogram] = rgb(0x5b9cf5);
  c[ImGuiCol_TableHeaderBg] = rgb(0x1f242d);
  c[ImGuiCol_TableBorderStrong] = rgb(0x2a303b);
  c[ImGuiCol_TableBorderLight] = rgb(0x232832);
  c[ImGuiCol_TableRowBg] = rgb(0, 0);
  c[ImGuiCol_TableRowBgAlt] = rgb(0xffffff, 0.025f);
  c[ImGuiCol_TextSelectedBg] = rgb(0x5b9cf5, 0.35f);
  c[ImGuiCol_NavHighlight] = rgb(0x5b9cf5);
  c[ImGuiCol_ModalWindowDimBg] = rgb(0x000000, 0.5f);

  style.ScaleAllSizes(scale);
  ImGui::GetStyle() = style;
}

}  // namespace gw::app
