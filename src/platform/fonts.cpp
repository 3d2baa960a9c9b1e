// The font atlas: Noto Sans (Latin subset, compiled in) at the UI scale, with the CJK subset merged in
// once Chinese is wanted. Rebuilt when devicePixelRatio / the monitor scale changes, so text stays crisp.
#include <cmath>

#include "imgui.h"
#include "platform/shell.hpp"

namespace gw::platform {

namespace {
ImFont* g_fonts[3] = {nullptr, nullptr, nullptr};

// Base sizes in CSS pixels.
constexpr float kBody = 15.0f;
constexpr float kHeading = 19.0f;
constexpr float kSmall = 13.0f;

// Everything the Latin subset might hold; glyphs a font lacks are skipped by the atlas builder.
const ImWchar kLatinRanges[] = {0x0020, 0x00FF, 0x2010, 0x2027, 0x2030, 0x20AC, 0x2190, 0x2199,
                                0x2212, 0x2265, 0x2500, 0x25FF, 0x2713, 0x2717, 0};
const ImWchar kCjkRanges[] = {0x2000, 0x206F, 0x2190, 0x22FF, 0x2460, 0x24FF, 0x2500, 0x27BF,
                              0x3000, 0x30FF, 0x3400, 0x4DBF, 0x4E00, 0x9FFF, 0xFF00, 0xFFEF, 0};

ImFont* add(ImFontAtlas* atlas, float px, float scale, const std::string& cjk) {
  const std::string_view latin = latin_font_data();
  ImFontConfig cfg;
  cfg.FontDataOwnedByAtlas = false;  // the bytes live in static storage / the shell
  cfg.OversampleH = scale >= 1.75f ? 1 : 2;
  cfg.OversampleV = 1;
  cfg.PixelSnapH = true;
  const float size = std::round(px * scale);
  ImFont* f = atlas->AddFontFromMemoryTTF(const_cast<char*>(latin.data()), static_cast<int>(latin.size()), size,
                                          &cfg, kLatinRanges);
  if (!f) return atlas->AddFontDefault();
  if (!cjk.empty()) {
    ImFontConfig merge;
    merge.FontDataOwnedByAtlas = false;
    merge.MergeMode = true;
    merge.OversampleH = 1;
    merge.OversampleV = 1;
    merge.PixelSnapH = true;
    atlas->AddFontFromMemoryTTF(const_cast<char*>(cjk.data()), static_cast<int>(cjk.size()), size, &merge,
                                kCjkRanges);
  }
  return f;
}
}  // namespace

ImFont* font(FontRole role) {
  ImFont* f = g_fonts[static_cast<int>(role)];
  return f ? f : ImGui::GetFont();
}

namespace shell {
void build_fonts(float scale, const std::string& cjk) {
  ImFontAtlas* atlas = ImGui::GetIO().Fonts;
  atlas->Clear();
  // Big enough for a few thousand CJK glyphs at 2x without a second pass.
  atlas->TexDesiredWidth = cjk.empty() ? 1024 : 4096;
  g_fonts[0] = add(atlas, kBody, scale, cjk);
  g_fonts[1] = add(atlas, kHeading, scale, cjk);
  g_fonts[2] = add(atlas, kSmall, scale, cjk);
  if (!atlas->Build()) {  // a corrupt font: fall back to ImGui's own, never a blank page
    atlas->Clear();
    g_fonts[0] = g_fonts[1] = g_fonts[2] = atlas->AddFontDefault();
    atlas->Build();
  }
}
}  // namespace shell

}  // namespace gw::platform
