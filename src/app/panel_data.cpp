// The app's data: the catalog and the presets, and an older catalog a share link names (issue 20 items 2
// and 3). Natively they are compiled in and ready at once; the web page fetches them beside its wasm
// (platform::data_file), so the page draws a loading line until they are in, and a clear message with a
// retry when a fetch failed.
#include <cctype>

#include "app/app.hpp"
#include "app/i18n.hpp"
#include "app/theme.hpp"
#include "app/widgets.hpp"
#include "engine/link.hpp"
#include "engine/problem_text.hpp"
#include "imgui.h"
#include "platform/platform.hpp"

namespace gw::app {

namespace {

constexpr const char* kFirstFiles[] = {"catalog.json", "presets.json"};

// A version a link names, usable in a file name: "2026.11.1".
bool file_safe_version(const std::string& v) {
  if (v.empty() || v.size() > 40 || v.find("..") != std::string::npos) return false;
  for (unsigned char c : v)
    if (!std::isalnum(c) && c != '.' && c != '_' && c != '-') return false;
  return true;
}

void parse_first_files(AppState& s) {
  // The catalog the user imported, when one is kept (panel_catalog_io.cpp), else the bundled one.
  if (!load_user_catalog(s)) {
    CatalogLoad load = load_catalog(platform::data_file("catalog.json").text);
    s.catalog_problems = std::move(load.problems);
    s.catalog_ok = load.catalog.has_value();
    if (s.catalog_ok) s.catalog = std::move(*load.catalog);
  }
  load_price_edit_dates(s);
  update_catalog_notes(s, false);
  PresetLoad presets = load_presets(platform::data_file("presets.json").text);
  s.presets = std::move(presets.presets);
  for (const Problem& p : presets.problems)
    s.catalog_problems.push_back({"presets.json" + p.path, p.message});
}

// Puts the shown catalog back to today's, as the page was before a link's older one came in.
void restore_todays_catalog(AppState& s) {
  if (!s.today_catalog) return;
  s.catalog = std::move(*s.today_catalog);
  s.today_catalog.reset();
  s.catalog_notes_problems.clear();
  s.catalog_notes_requested = false;
  s.cat.sort_dirty = true;
  s.cat.offers_dirty = true;
  update_catalog_notes(s, false);
}

// The start-up link's catalog: looked at once, before the first ranking.
bool load_link_catalog(AppState& s) {
  if (s.link_catalog_checked) return true;
  const std::string fragment = platform::fragment();
  if (!use_link_catalog(s, fragment)) return false;
  s.link_catalog_checked = true;
  return true;
}

void show_todays_catalog(AppState& s) {
  restore_todays_catalog(s);
  commit(s);  // the same job at today's prices; the link's cat= follows (state.cpp, update)
}

}  // namespace

// The catalog a link was made with, when it is not today's and this site keeps it: its prices replay the
// ranking the link's sender saw. A version the site does not keep leaves today's catalog, and the link's
// "made with catalog X" warning says so (state.cpp).
bool use_link_catalog(AppState& s, const std::string& fragment) {
  // The user chose their own catalog: a link's version does not replace it (the link's "made with
  // catalog X" warning says the ranking may differ).
  if (s.user_catalog) return true;
  const std::string v = fragment.empty() ? "" : decode_link(fragment, s.presets, s.catalog).catalog_version;
  if (v == s.catalog.catalog_version) return true;
  const std::string today = s.today_catalog ? s.today_catalog->catalog_version : s.catalog.catalog_version;
  if (!file_safe_version(v) || v == today) {
    restore_todays_catalog(s);
    return true;
  }
  const platform::DataFile f = platform::data_file("catalogs/catalog-" + v + ".json");
  if (f.state == platform::DataFile::loading) return false;
  restore_todays_catalog(s);
  if (f.state != platform::DataFile::ready) return true;
  CatalogLoad old = load_catalog(f.text);
  if (!old.catalog || old.catalog->catalog_version != v) {
    // A bug of the site (a kept file this code cannot read): said, rather than silently using today's.
    Banner b{BannerKind::error,
             {"Catalog " + v + " is kept on this site but could not be read; today's prices are shown.",
              "本站保存了目录 " + v + "，但无法读取；显示的是今天的价格。"},
             {},
             "data_catalog_kept"};
    for (std::size_t i = 0; i < old.problems.size() && i < 5; ++i) {
      const Text text = problem_text(old.problems[i]);
      b.details.push_back({old.problems[i].path + ": " + text.en, old.problems[i].path + "：" + text.zh});
    }
    add_banner(s, std::move(b));
    return true;
  }
  // Today's citations belong to today's catalog: the old one is shown without them.
  old.catalog->notes_file.clear();
  s.today_catalog = std::move(s.catalog);
  s.catalog = std::move(*old.catalog);
  s.cat.sort_dirty = true;
  s.cat.offers_dirty = true;
  return true;
}

bool load_data(AppState& s) {
  s.data_failed.clear();
  bool waiting = false;
  for (const char* name : kFirstFiles) {
    const platform::DataFile f = platform::data_file(name);
    if (f.state == platform::DataFile::failed) s.data_failed.push_back(name);
    waiting |= f.state == platform::DataFile::loading;
  }
  if (waiting || !s.data_failed.empty()) return false;
  if (!s.data_parsed) {
    parse_first_files(s);
    s.data_parsed = true;
  }
  return !s.catalog_ok || load_link_catalog(s);
}

void draw_data_status(AppState& s) {
  if (!s.loaded) {
    if (s.data_failed.empty()) {
      ImGui::TextColored(color_v(Tone::muted), "%s", tr("Loading the GPU catalog…", "正在加载显卡目录…"));
      return;
    }
    ImGui::TextColored(color_v(Tone::bad), "%s",
                       tr("The GPU catalog could not be downloaded. Check the connection and try again.",
                          "显卡目录下载失败。请检查网络后重试。"));
    for (const std::string& name : s.data_failed) ImGui::BulletText("%s", name.c_str());
    if (ImGui::Button(tr("Try again", "重试")))
      for (const std::string& name : s.data_failed) platform::retry_data_file(name);
    remember_rect("data_retry");
    return;
  }
  if (!s.catalog_ok) return;
  if (!s.today_catalog) {
    draw_catalog_age(s);  // the version and date, a user catalog's marker, the age warning
    return;
  }
  const Catalog& today = *s.today_catalog;
  ImGui::TextColored(color_v(Tone::warn), "%s",
                     (tr("Prices from catalog ", "价格来自目录 ") + s.catalog.catalog_version +
                      tr(" (as of ", "（截至 ") + s.catalog.catalog_date +
                      tr("), the catalog this link was made with. Today's catalog is ",
                         "），即此链接生成时的目录。今天的目录为 ") +
                      today.catalog_version + tr(".", "。"))
                         .c_str());
  ImGui::SameLine();
  if (ImGui::SmallButton(tr("Show today's prices", "查看今天的价格"))) show_todays_catalog(s);
  remember_rect("catalog_today");
}

}  // namespace gw::app
