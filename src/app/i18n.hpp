#pragma once
// UI strings: every call site passes both languages, so a string cannot be left untranslated and
// the font subsetter (scripts/build-font.py) finds every Chinese character in the sources.
#include <string>
#include <vector>

#include "engine/text.hpp"

namespace gw::app {

// The language the current frame is drawn in.
void set_ui_lang(Lang lang);
Lang ui_lang();
const char* tr(const char* en, const char* zh);
const std::string& tr(const Text& t);
// ImGui IDs must not change with the language: "Label###id".
std::string tr_id(const char* en, const char* zh, const char* id);

// Characters shown in Chinese that the loaded font lacks (they would be drawn as '?'); for the test hook.
std::vector<std::string> missing_glyphs();

}  // namespace gw::app
