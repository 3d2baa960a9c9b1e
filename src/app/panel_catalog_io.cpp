// The user's own catalog (issue 16 item 5), as the CLI's --catalog: the catalog tab exports the catalog in
// use as JSON (a download or a copy, with the user's price edits written in and dated the day of the edit),
// and imports one, pasted or from a file, checked by the engine's loader: every problem is listed by its
// JSON path and nothing changes until the whole file is valid. An imported catalog is kept in local storage,
// so it survives a reload; the header marks it, and one button goes back to the bundled catalog. The header
// also warns when the catalog in use is more than six months old (the platform gives today's date).
#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>
#include <string>

#include "app/app.hpp"
#include "app/format.hpp"
#include "app/i18n.hpp"
#include "app/theme.hpp"
#include "app/widgets.hpp"
#include "engine/problem_text.hpp"
#include "imgui.h"
#include "platform/platform.hpp"

namespace gw::app {

namespace {

constexpr const char* kKeyText = "user_catalog";       // the imported JSON, as the user gave it
constexpr const char* kKeyMeta = "user_catalog_meta";  // {"from": file name, "since": day imported}

// The loader's verdict, plus what only a complete catalog has: a file that keeps its sources in a notes
// file beside it cannot be imported alone (the bundled core is one; `gpuwise catalog export` writes the
// complete catalog).
CatalogLoad check(std::string_view text) {
  CatalogLoad load = load_catalog(text);
  if (!load.catalog) return load;
  if (!load.catalog->notes_file.empty())
    load.problems.push_back(
        {"/notes_file", "This catalog keeps its sources in \"" + load.catalog->notes_file +
                            "\", which cannot be imported with it. Import a complete catalog: the "
                            "Export button here, or `gpuwise catalog export`, writes one."});
  else
    load.problems = missing_sources(*load.catalog);
  if (!load.problems.empty()) load.catalog.reset();
  return load;
}

void set_status(AppState& s, Text text, bool bad) {
  s.io.status = std::move(text);
  s.io.status_bad = bad;
}

// Puts `c` in use: the views re-sort, the citations state starts over, edits of offers it lacks go, and
// the same job is ranked again at its prices.
void adopt(AppState& s, Catalog c) {
  s.catalog = std::move(c);
  s.today_catalog.reset();
  s.catalog_notes_problems.clear();
  s.catalog_notes_requested = false;
  s.cat.sort_dirty = true;
  s.cat.offers_dirty = true;
  auto& ov = s.scenario.price_overrides;
  for (auto it = ov.begin(); it != ov.end();) it = s.catalog.offer(it->first) ? std::next(it) : ov.erase(it);
  save_price_edits(s);
  save_price_edit_dates(s);
  update_catalog_notes(s, false);
  commit(s);
}

void save_meta(const AppState& s) {
  platform::set_setting(
      kKeyMeta, nlohmann::json{{"from", s.user_catalog_from}, {"since", s.user_catalog_since}}.dump());
}

// `text` by value: it may be the paste box, which a successful import empties.
void import_text(AppState& s, const std::string text, const std::string& from) {
  CatalogLoad load = check(text);
  s.io.problems = std::move(load.problems);
  if (!load.catalog) {
    set_status(s,
               {"Not imported: " + std::to_string(s.io.problems.size()) +
                    " problem(s), listed below by JSON path. The catalog in use is unchanged.",
                "未导入：发现 " + std::to_string(s.io.problems.size()) +
                    " 个问题，下面按 JSON 路径列出。当前使用的目录没有变化。"},
               true);
    return;
  }
  adopt(s, std::move(*load.catalog));
  s.io.paste.clear();  // now the catalog in use
  s.user_catalog = true;
  s.user_catalog_from = from;
  s.user_catalog_since = platform::today();
  platform::set_setting(kKeyText, text);
  save_meta(s);
  const std::string what = s.catalog.catalog_version + ", " + std::to_string(s.catalog.offers.size());
  if (platform::settings_unsaved())
    set_status(s,
               {"Imported catalog " + what +
                    " offers. This browser could not keep it (storage full or blocked): it is used until "
                    "the page is closed.",
                "已导入目录 " + what + " 个报价。本浏览器无法保存它（存储已满或被禁用）：关闭页面前有效。"},
               true);
  else
    set_status(s,
               {"Imported catalog " + what + " offers. It is kept in this browser and ranks every job.",
                "已导入目录 " + what + " 个报价。它已保存在本浏览器中，所有推荐都按它计算。"},
               false);
}

void back_to_bundled(AppState& s) {
  CatalogLoad load = load_catalog(platform::data_file("catalog.json").text);
  if (!load.catalog) {  // a bug of the build (the page loaded it at start): said, not hidden
    set_status(s, {"The bundled catalog could not be read.", "无法读取内置目录。"}, true);
    return;
  }
  platform::remove_setting(kKeyText);
  platform::remove_setting(kKeyMeta);
  s.user_catalog = false;
  s.user_catalog_from.clear();
  s.user_catalog_since.clear();
  s.io.problems.clear();
  adopt(s, std::move(*load.catalog));
  set_status(s,
             {"Back to the bundled catalog " + s.catalog.catalog_version + ".",
              "已恢复内置目录 " + s.catalog.catalog_version + "。"},
             false);
}

// The catalog in use with the user's price edits written in: each carries the day of the edit (today for
// an edit that came with a link) and says what the catalog had. Empty, with `why`, when a fact lacks its
// source (the citations have not arrived, or an older catalog a link showed is without them).
std::string export_text(const AppState& s, std::vector<Problem>& why) {
  Catalog c = s.catalog;
  for (const auto& edit : s.scenario.price_overrides) {
    const std::string& id = edit.first;
    const double price = edit.second;
    auto it = std::find_if(c.offers.begin(), c.offers.end(), [&](const Offer& o) { return o.id == id; });
    if (it == c.offers.end()) continue;
    std::string date = price_edit_date(s, id);
    if (date.empty()) date = platform::today();
    it->source = "Edited by the user on " + date + "; the catalog's price was " +
                 plain(it->on_demand_per_hour, 4) + " " + it->currency + " (" + it->price_date +
                 (it->source.empty() ? "" : ", " + it->source) + ")";
    it->on_demand_per_hour = price;
    it->on_demand_low_per_hour.reset();
    it->on_demand_high_per_hour.reset();
    it->price_is_estimate = false;
    it->price_date = date;
  }
  why = missing_sources(c);
  return why.empty() ? catalog_to_json(c) : std::string();
}

constexpr std::size_t kShownPaste = 16 * 1024;  // above this the paste box shows the text's size instead

int resize_string(ImGuiInputTextCallbackData* d) {
  if (d->EventFlag == ImGuiInputTextFlags_CallbackResize) {
    auto* str = static_cast<std::string*>(d->UserData);
    str->resize(static_cast<std::size_t>(d->BufTextLen));
    d->Buf = str->data();
  }
  return 0;
}

void heading(const char* en, const char* zh) {
  ImGui::Spacing();
  ImGui::PushFont(font_heading());
  ImGui::TextUnformatted(tr(en, zh));
  ImGui::PopFont();
}

std::string in_use_line(const AppState& s) {
  return std::string(s.user_catalog ? tr("Your catalog ", "你的目录 ")
                                    : tr("Bundled catalog ", "内置目录 ")) +
         s.catalog.catalog_version + " · " + std::to_string(s.catalog.offers.size()) +
         tr(" offers", " 个报价") + " · " + tr("prices as of ", "价格截至 ") + s.catalog.catalog_date;
}

void draw_in_use(AppState& s) {
  heading("The catalog in use", "当前使用的目录");
  ImGui::PushTextWrapPos(0);
  ImGui::TextColored(color_v(s.user_catalog ? Tone::accent : Tone::text), "%s", in_use_line(s).c_str());
  if (s.user_catalog) {
    const std::string from =
        s.user_catalog_from.empty() ? tr("pasted text", "粘贴的文本") : s.user_catalog_from;
    ImGui::TextColored(color_v(Tone::muted), "%s",
                       (tr("Imported on ", "") + s.user_catalog_since + tr(" from ", " 导入，来自") + from +
                        tr(". Kept in this browser.", "。保存在本浏览器中。"))
                           .c_str());
    if (ImGui::Button(tr("Back to the bundled catalog", "恢复内置目录"))) back_to_bundled(s);
    remember_rect("catalog_bundled");
  }
  ImGui::PopTextWrapPos();
}

void draw_export(AppState& s) {
  heading("Export", "导出");
  ImGui::PushTextWrapPos(0);
  const std::size_t edits = s.scenario.price_overrides.size();
  ImGui::TextUnformatted(
      (std::string(tr("The catalog in use as JSON", "当前目录的 JSON")) +
       (edits ? std::string(tr(", with your ", "，包含你修改的 ")) + std::to_string(edits) +
                    tr(" edited price(s), each dated the day you edited it", " 个价格（日期为修改当天）")
              : "") +
       tr(". Edit it and import it here, or use it with the command line: gpuwise --catalog FILE.",
          "。可以编辑后在此导入，或在命令行使用：gpuwise --catalog 文件。"))
          .c_str());
  const NotesState notes = catalog_notes_state(s);
  const bool waiting = notes == NotesState::loading || notes == NotesState::not_loaded;
  ImGui::BeginDisabled(waiting);
  const bool download = ImGui::Button(tr("Download JSON", "下载 JSON"));
  remember_rect("catalog_export_download");
  ImGui::SameLine();
  const bool copy = ImGui::Button(tr("Copy JSON", "复制 JSON"));
  remember_rect("catalog_export_copy");
  ImGui::EndDisabled();
  if (waiting) {
    ImGui::SameLine();
    ImGui::AlignTextToFramePadding();
    ImGui::TextColored(color_v(Tone::muted), "%s", tr("Waiting for the sources…", "正在等待来源…"));
  }
  if (download || copy) {
    std::vector<Problem> why;
    const std::string text = export_text(s, why);
    if (text.empty()) {
      s.io.problems = std::move(why);
      set_status(s,
                 {"Not exported: some facts of this catalog have no source (listed below).",
                  "未导出：此目录中有些数据缺少来源（见下）。"},
                 true);
    } else if (download) {
      const std::string name = "gpuwise-catalog-" + s.catalog.catalog_version + ".json";
      const std::string where = platform::save_file(name, "application/json", text);
      set_status(s,
                 {"Saved " + (where.empty() ? name : where) + ".",
                  "已保存 " + (where.empty() ? name : where) + "。"},
                 where.empty());
    } else {
      platform::copy_text(text);
      set_status(s,
                 {"Copied the catalog (" + std::to_string(text.size() / 1024) + " KB) to the clipboard.",
                  "已复制目录（" + std::to_string(text.size() / 1024) + " KB）到剪贴板。"},
                 false);
    }
  }
  ImGui::PopTextWrapPos();
}

void draw_import(AppState& s) {
  heading("Import", "导入");
  ImGui::PushTextWrapPos(0);
  ImGui::TextUnformatted(
      tr("Paste a catalog JSON in the box, or open a file. It is checked as the command line "
         "checks --catalog; nothing changes unless all of it is valid.",
         "把目录 JSON 粘贴到下面的框中，或打开文件。检查方式与命令行的 --catalog "
         "相同；只有全部有效才会替换当前目录。"));
  ImGui::TextColored(color_v(Tone::muted), "%s",
                     tr("A share link carries your edited prices, not your catalog.",
                        "分享链接只包含你修改的价格，不包含你的目录。"));
  ImGui::PopTextWrapPos();
  if (platform::can_open_file()) {
    if (ImGui::Button(tr("Open a file…", "打开文件…")))
      platform::open_file(".json,application/json", kMaxCatalogBytes);
    remember_rect("catalog_open_file");
    ImGui::SameLine();
  }
  ImGui::BeginDisabled(s.io.paste.empty());
  if (ImGui::Button(tr("Import the pasted text", "导入粘贴的内容"))) import_text(s, s.io.paste, "");
  remember_rect("catalog_import");
  ImGui::SameLine();
  if (ImGui::Button(tr("Clear", "清空"))) {
    s.io.paste.clear();
    s.io.problems.clear();
    s.io.status = {};
  }
  remember_rect("catalog_import_clear");
  ImGui::EndDisabled();
  const float h = ImGui::GetTextLineHeight() * 6;
  // A whole catalog (hundreds of KB, with Chinese the Latin font cannot draw) is not for reading here: it
  // is shown by its size and start, and edited in an editor; a short text stays in the box to fix.
  if (s.io.paste.size() > kShownPaste) {
    ImGui::BeginChild("catalog_pasted", ImVec2(-FLT_MIN, h), true);
    ImGui::PushTextWrapPos(0);
    ImGui::TextUnformatted(
        (tr("Pasted: ", "已粘贴：") + std::to_string(s.io.paste.size() / 1024) +
         tr(" KB. Import it, or Clear to paste another.", " KB。可以导入，或点“清空”后重新粘贴。"))
            .c_str());
    std::string start = s.io.paste.substr(0, 160);
    for (char& c : start)
      if (static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) >= 0x80) c = ' ';
    ImGui::TextColored(color_v(Tone::muted), "%s ...", start.c_str());
    ImGui::PopTextWrapPos();
    ImGui::EndChild();
  } else {
    ImGui::InputTextMultiline("##catalog_paste", s.io.paste.data(), s.io.paste.capacity() + 1,
                              ImVec2(-FLT_MIN, h), ImGuiInputTextFlags_CallbackResize, resize_string,
                              &s.io.paste);
  }
  remember_rect("catalog_import_text");
}

void draw_outcome(AppState& s) {
  ImGui::PushTextWrapPos(0);
  if (!s.io.status.empty())
    ImGui::TextColored(color_v(s.io.status_bad ? Tone::bad : Tone::good), "%s", tr(s.io.status).c_str());
  constexpr std::size_t kShown = 40;
  for (std::size_t i = 0; i < s.io.problems.size() && i < kShown; ++i) {
    const Problem& p = s.io.problems[i];
    ImGui::Bullet();
    ImGui::TextColored(color_v(Tone::warn), "%s", p.path.empty() ? "/" : p.path.c_str());
    // Beside the path when it fits; under it on a phone, so the message keeps the whole width.
    const Text text = problem_text(p);  // the loader writes English; Chinese readers get Chinese
    const std::string& message = tr(text);
    const bool beside = ImGui::CalcTextSize(message.c_str()).x < ImGui::GetContentRegionAvail().x * 0.55f;
    if (beside)
      ImGui::SameLine();
    else
      ImGui::Indent();
    ImGui::TextUnformatted(message.c_str());
    if (!beside) ImGui::Unindent();
  }
  if (s.io.problems.size() > kShown)
    ImGui::TextColored(
        color_v(Tone::muted), "%s",
        (tr("… and ", "……另有 ") + std::to_string(s.io.problems.size() - kShown) + tr(" more.", " 个。"))
            .c_str());
  ImGui::PopTextWrapPos();
}

}  // namespace

bool load_user_catalog(AppState& s) {
  const std::string text = platform::setting(kKeyText);
  if (text.empty()) return false;
  CatalogLoad load = check(text);
  if (!load.catalog) {
    // Kept text this build cannot read (a newer schema, a damaged store): the bundled catalog is used, and
    // the text goes to the import box to be fixed rather than lost.
    Banner b{BannerKind::error,
             {"Your imported catalog could not be read, so the bundled catalog is used. Its text is in the "
              "Import box (GPUs and prices, Import / export).",
              "无法读取你导入的目录，已改用内置目录。其内容在“显卡与价格 → 导入 / 导出”的导入框中。"},
             {},
             "user_catalog"};
    for (std::size_t i = 0; i < load.problems.size() && i < 5; ++i) {
      const Text text = problem_text(load.problems[i]);
      b.details.push_back({load.problems[i].path + ": " + text.en, load.problems[i].path + "：" + text.zh});
    }
    add_banner(s, std::move(b));
    s.io.paste = text;
    s.io.problems = std::move(load.problems);
    platform::remove_setting(kKeyText);
    platform::remove_setting(kKeyMeta);
    return false;
  }
  s.catalog = std::move(*load.catalog);
  s.catalog_ok = true;
  s.user_catalog = true;
  const nlohmann::json meta = nlohmann::json::parse(platform::setting(kKeyMeta), nullptr, false);
  if (meta.is_object()) {
    s.user_catalog_from = meta.value("from", "");
    s.user_catalog_since = meta.value("since", "");
  }
  return true;
}

void draw_catalog_io(AppState& s) {
  // A picked file arrives frames after the chooser closed.
  const platform::OpenedFile f = platform::take_opened_file();
  if (f.state == platform::OpenedFile::ready) {
    s.io.paste = f.text;
    import_text(s, f.text, f.name);
  } else if (f.state == platform::OpenedFile::failed) {
    s.io.problems.clear();
    set_status(s, {f.name + " could not be read: " + f.text, f.name + " 无法读取：" + f.text}, true);
  }
  ImGui::BeginChild("catalog_io", ImVec2(0, 0), false);
  draw_in_use(s);
  draw_export(s);
  draw_import(s);
  draw_outcome(s);
  ImGui::EndChild();
}

void draw_catalog_age(AppState& s) {
  if (s.user_catalog) {
    if (ImGui::SmallButton(tr("Your catalog", "你的目录"))) {
      s.goto_tab = "catalog";
      s.cat.view = 2;
    }
    remember_rect("catalog_user_marker");
    item_tooltip(
        (tr("Imported on ", "导入于 ") + s.user_catalog_since +
         tr(". Click to export it or go back to the bundled catalog.", "。点击可导出或恢复内置目录。"))
            .c_str());
    ImGui::SameLine();
  }
  ImGui::PushTextWrapPos(0);
  ImGui::TextColored(color_v(Tone::muted), "%s",
                     (tr("Catalog ", "目录 ") + s.catalog.catalog_version +
                      tr(", prices as of ", "，价格截至 ") + s.catalog.catalog_date)
                         .c_str());
  const int age = price_age_months(s.catalog.catalog_date, platform::today());
  if (age > kStaleMonths)
    ImGui::TextColored(
        color_v(Tone::warn), "%s",
        (tr("This catalog is ", "此目录已有") + std::to_string(age) +
         tr(" months old: prices have likely changed. Check the provider's page before renting, or import a "
            "newer catalog.",
            "个月：价格很可能已变。租用前请到平台官网核实，或导入更新的目录。"))
            .c_str());
  ImGui::PopTextWrapPos();
}

nlohmann::json catalog_io_json(const AppState& s) {
  nlohmann::json problems = nlohmann::json::array();
  for (const Problem& p : s.io.problems) problems.push_back({{"path", p.path}, {"message", p.message}});
  nlohmann::json dates = nlohmann::json::object();
  for (const auto& [offer, e] : s.price_edit_dates) {
    const std::string d = price_edit_date(s, offer);
    if (!d.empty()) dates[offer] = d;
  }
  const std::string today = platform::today();
  return {{"user", s.user_catalog},
          {"from", s.user_catalog_from},
          {"since", s.user_catalog_since},
          {"today", today},
          {"age_months", price_age_months(s.catalog.catalog_date, today)},
          {"problems", problems},
          {"status", tr(s.io.status)},
          {"status_bad", s.io.status_bad},
          {"paste_chars", s.io.paste.size()},
          {"edit_dates", dates}};
}

}  // namespace gw::app
