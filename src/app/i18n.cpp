#include "app/i18n.hpp"

#include <functional>
#include <set>
#include <unordered_set>

#include "imgui.h"
#include "imgui_internal.h"  // ImTextCharFromUtf8

namespace gw::app {

namespace {
Lang g_lang = Lang::en;  // UI state of the one app instance; the engine stays free of it
std::unordered_set<const void*> g_checked_ptrs;
std::unordered_set<std::size_t> g_checked_hashes;
std::set<std::string> g_missing;
ImFont* g_checked_font = nullptr;
int g_checked_glyphs = 0;

// Every string drawn in Chinese is checked once against the font atlas.
void check_glyphs(const char* text) {
  ImFontAtlas* atlas = ImGui::GetIO().Fonts;
  if (!atlas || atlas->Fonts.Size == 0) return;
  ImFont* font = atlas->Fonts[0];  // the body font; the others hold the same glyphs
  if (font != g_checked_font || font->Glyphs.Size != g_checked_glyphs) {  // a rebuilt atlas: check again
    g_checked_ptrs.clear();
    g_checked_hashes.clear();
    g_missing.clear();
    g_checked_font = font;
    g_checked_glyphs = font->Glyphs.Size;
  }
  for (const char* p = text; *p;) {
    unsigned int c = 0;
    const int n = ImTextCharFromUtf8(&c, p, nullptr);
    if (n <= 0) break;
    if (c >= 0x80 && !font->FindGlyphNoFallback(static_cast<ImWchar>(c))) g_missing.insert(std::string(p, n));
    p += n;
  }
}
}  // namespace

void set_ui_lang(Lang lang) {
  g_lang = lang;
}
Lang ui_lang() {
  return g_lang;
}

const char* tr(const char* en, const char* zh) {
  if (g_lang != Lang::zh) return en;
  if (g_checked_ptrs.insert(zh).second) check_glyphs(zh);
  return zh;
}

const std::string& tr(const Text& t) {
  const std::string& s = t.in(g_lang);
  if (g_lang == Lang::zh && g_checked_hashes.insert(std::hash<std::string>()(s)).second)
    check_glyphs(s.c_str());
  return s;
}

std::string tr_id(const char* en, const char* zh, const char* id) {
  return std::string(tr(en, zh)) + "###" + id;
}

std::vector<std::string> missing_glyphs() {
  return {g_missing.begin(), g_missing.end()};
}

}  // namespace gw::app
