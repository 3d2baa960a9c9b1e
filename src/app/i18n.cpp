#include "app/i18n.hpp"

namespace gw::app {

namespace {
Lang g_lang = Lang::en;  // UI state of the one app instance; the engine stays free of it
}

void set_ui_lang(Lang lang) { g_lang = lang; }
Lang ui_lang() { return g_lang; }

std::string tr_id(const char* en, const char* zh, const char* id) {
  return std::string(tr(en, zh)) + "###" + id;
}

}  // namespace gw::app
