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
                                0x2122, 0x2122, 0x2212, 0x2265, 0x2500, 0x25FF, 0x2713, 0x2717,
                                0x4E2D, 0x4E2D, 0x6587, 0x6587, 0};  // 中文, for the language switch
// Headings and small print show only our own text, which has no accented Latin letters (the body font keeps
// them for what users type): a third fewer glyphs to rasterize before the first frame. Nor 中文, which only
// the language button shows, in the body font: ImGui sizes a font's glyph index to its highest code point,
// and those two made each index 26k entries long.
const ImWchar kUiRanges[] = {0x0020, 0x007E, 0x00A0, 0x00BF, 0x00D7, 0x00D7, 0x00F7, 0x00F7,
                             0x2010, 0x2027, 0x2030, 0x20AC, 0x2190, 0x2199, 0x2122, 0x2122,
                             0x2212, 0x2265, 0x2500, 0x25FF, 0x2713, 0x2717, 0};
const ImWchar kCjkRanges[] = {0x2000, 0x206F, 0x2190, 0x23FF, 0x2460, 0x24FF, 0x2500, 0x27BF, 0x3000,
                              0x30FF, 0x3400, 0x4DBF, 0x4E00, 0x9FFF, 0xFF00, 0xFFEF, 0};

ImFont* add(ImFontAtlas* atlas, float px, float scale, const ImWchar* ranges) {
  const std::string_view latin = latin_font_data();
  ImFontConfig cfg;
  cfg.FontDataOwnedByAtlas = false;  // the bytes live in static storage / the shell
  // Glyphs are snapped to whole pixels, so horizontal oversampling would only enlarge the atlas (and the
  // first frame, which uploads it).
  cfg.OversampleH = 1;
  cfg.OversampleV = 1;
  cfg.PixelSnapH = true;
  const float size = std::round(px * scale);
  ImFont* f = atlas->AddFontFromMemoryTTF(const_cast<char*>(latin.data()), static_cast<int>(latin.size()),
                                          size, &cfg, ranges);
  return f;  // compiled in, so it cannot be missing; ImGui's own font is not linked (smaller wasm)
}

ImFont* add_cjk(ImFontAtlas* atlas, ImFont* f, float px, float scale, const std::string& cjk) {
  const float size = std::round(px * scale);
  if (f && !cjk.empty()) {
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
  // With CJK: big enough for a few thousand glyphs at 2x without a second pass. Latin alone: ImGui's choice
  // by area (512 at 1x), where a forced 1024 made the skyline packer a quarter of the atlas build
  // (callgrind).
  atlas->TexDesiredWidth = cjk.empty() ? 0 : 4096;
  const float sizes[3] = {kBody, kHeading, kSmall};
  const ImWchar* ranges[3] = {kLatinRanges, kUiRanges, kUiRanges};
  for (int i = 0; i < 3; ++i)
    g_fonts[i] = add_cjk(atlas, add(atlas, sizes[i], scale, ranges[i]), sizes[i], scale, cjk);
  if (!atlas->Build() && !cjk.empty()) {  // a corrupt CJK download: keep the Latin font, never a blank page
    atlas->Clear();
    for (int i = 0; i < 3; ++i) g_fonts[i] = add(atlas, sizes[i], scale, ranges[i]);
    atlas->Build();
  }
}
}  // namespace shell

}  // namespace gw::platform
