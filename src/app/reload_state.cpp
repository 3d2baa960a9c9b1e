// The reload that brings Chinese to a page that started in English. Its wasm ships without the Chinese
// sentences (scripts/build-web-split.py: 17 KB less for every English visit), so switching to Chinese
// reloads the page with the whole wasm: the job goes in the link (lang=zh, which web/shell.js reads), and
// what the user typed that no link or setting keeps (pastes, filters, the open tab) is handed over.
#include <cstddef>
#include <cstring>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "app/app.hpp"
#include "engine/link.hpp"
#include "platform/platform.hpp"

namespace gw::app {
namespace {

void put(nlohmann::json& j, const char* key, const char* text) {
  if (text[0]) j[key] = text;
}

// Back into a fixed ImGui buffer, cut (at a character boundary) if it no longer fits.
void get(const nlohmann::json& j, const char* key, char* buf, std::size_t size) {
  const auto it = j.find(key);
  if (it == j.end() || !it->is_string() || size == 0) return;
  const std::string& text = it->get_ref<const std::string&>();
  std::size_t n = std::min(text.size(), size - 1);
  while (n > 0 && n < text.size() && (static_cast<unsigned char>(text[n]) & 0xC0) == 0x80) --n;
  std::memcpy(buf, text.data(), n);
  buf[n] = '\0';
}

std::string reload_state(const AppState& s) {
  nlohmann::json j = nlohmann::json::object();
  j["for"] = "zh";
  j["tab"] = s.tab;
  put(j, "catalog_filter", s.cat.filter);
  put(j, "offer_filter", s.cat.offer_filter);
  put(j, "preset_filter", s.job.preset_filter);
  put(j, "model_query", s.mod.query);
  put(j, "config_json", s.mod.hf_text.data());
  put(j, "nvidia_smi", s.diag.text.data());
  put(j, "cuda", s.diag.cuda);
  j["job_hours"] = s.diag.job_hours;
  if (!s.io.paste.empty()) j["catalog_paste"] = s.io.paste;
  return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace

bool reload_in_chinese(AppState& s) {
  // Before the data is in, there is no job to put in the link; and a page that already reloaded for Chinese
  // and still lacks it must not reload again (it would never stop): both stay in English.
  if (!s.loaded || s.reloaded_for_chinese) return false;
  s.lang = Lang::zh;
  s.fragment = encode_link(s.scenario, s.presets, link_settings(s), model_library(s));
  platform::set_fragment(s.fragment, false);
  platform::reload_in_chinese(reload_state(s));
  return true;
}

void restore_reload_state(AppState& s, const std::string& text) {
  if (text.empty()) return;
  const nlohmann::json j = nlohmann::json::parse(text, nullptr, false);
  if (!j.is_object() || j.value("for", "") != "zh") return;
  s.reloaded_for_chinese = true;
  const std::string tab = j.value("tab", "");
  if (is_tab(tab)) s.goto_tab = tab;
  get(j, "catalog_filter", s.cat.filter, sizeof s.cat.filter);
  get(j, "offer_filter", s.cat.offer_filter, sizeof s.cat.offer_filter);
  get(j, "preset_filter", s.job.preset_filter, sizeof s.job.preset_filter);
  get(j, "model_query", s.mod.query, sizeof s.mod.query);
  get(j, "config_json", s.mod.hf_text.data(), s.mod.hf_text.size());
  get(j, "nvidia_smi", s.diag.text.data(), s.diag.text.size());
  get(j, "cuda", s.diag.cuda, sizeof s.diag.cuda);
  const auto hours = j.find("job_hours");
  if (hours != j.end() && hours->is_number()) {
    const double h = hours->get<double>();
    if (h > 0 && h < 1e6) s.diag.job_hours = h;
  }
  const auto paste = j.find("catalog_paste");
  if (paste != j.end() && paste->is_string()) s.io.paste = *paste;
}

}  // namespace gw::app
