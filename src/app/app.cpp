// App lifecycle and the frame layout: a top bar (title, catalog date, language) over tabbed panels.
#include "app/app.hpp"

#include <nlohmann/json.hpp>

#include "app/i18n.hpp"
#include "app/theme.hpp"
#include "app/widgets.hpp"
#include "engine/bundled.hpp"
#include "imgui.h"
#include "platform/platform.hpp"

namespace gw::app {

namespace {

void load_bundled_catalog(AppState& s) {
  CatalogLoad load = load_catalog(bundled_file("catalog.json"));
  s.catalog_problems = std::move(load.problems);
  s.catalog_ok = load.catalog.has_value();
  if (s.catalog_ok) s.catalog = std::move(*load.catalog);
}

void set_language(AppState& s, Lang lang, bool by_user) {
  s.lang = lang;
  if (by_user) {
    s.lang_chosen = true;
    platform::set_setting("lang", lang == Lang::zh ? "zh" : "en");
  }
  if (lang == Lang::zh) platform::request_cjk_font();
  platform::request_frames();
}

void draw_top_bar(AppState& s) {
  ImGui::PushFont(font_heading());
  ImGui::TextUnformatted("gpuwise");
  ImGui::PopFont();
  ImGui::SameLine();
  ImGui::AlignTextToFramePadding();
  if (ui_lang() == Lang::zh) {
    ImGui::TextColored(color_v(Tone::muted), "算力参谋 · 为一个任务挑选云 GPU");
  } else {
    ImGui::TextColored(color_v(Tone::muted), "which cloud GPU for your job, budget and deadline");
  }

  // Right side: catalog date and the language switch.
  const char* en_label = "English";
  const char* zh_label = "中文";
  const bool zh_drawable = platform::cjk_font_ready();
  const float w_lang = ImGui::CalcTextSize(en_label).x + ImGui::CalcTextSize(zh_drawable ? zh_label : "ZH").x +
                       ImGui::GetStyle().FramePadding.x * 4 + ImGui::GetStyle().ItemSpacing.x;
  std::string date;
  if (s.catalog_ok)
    date = std::string(tr("Prices as of ", "价格截至 ")) + s.catalog.catalog_date + "  ·  v" +
           s.catalog.catalog_version;
  const float w_date = ImGui::CalcTextSize(date.c_str()).x;
  ImGui::SameLine(ImGui::GetWindowContentRegionMax().x - w_lang - w_date - ImGui::GetStyle().ItemSpacing.x * 2);
  ImGui::AlignTextToFramePadding();
  ImGui::TextColored(color_v(Tone::muted), "%s", date.c_str());
  ImGui::SameLine();
  if (segmented(en_label, s.lang == Lang::en)) set_language(s, Lang::en, true);
  remember_rect("lang_en");
  ImGui::SameLine(0, 0);
  // Until the CJK font is in the atlas, "中文" would be boxes: show ZH instead.
  if (segmented(zh_drawable ? zh_label : "ZH", s.lang == Lang::zh)) set_language(s, Lang::zh, true);
  remember_rect("lang_zh");
}

}  // namespace

void init(AppState& s) {
  load_bundled_catalog(s);
  const std::string saved = platform::setting("lang");
  if (saved == "zh" || saved == "en") {
    set_language(s, saved == "zh" ? Lang::zh : Lang::en, false);
    s.lang_chosen = true;
  } else {
    set_language(s, platform::preferred_language() == "zh" ? Lang::zh : Lang::en, false);
  }
}

void shutdown(AppState&) {}

void frame(AppState& s) {
  begin_frame_rects();
  // Chinese is drawn only once its font is loaded, so no frame shows boxes or mixes languages.
  set_ui_lang(s.lang == Lang::zh && platform::cjk_font_ready() ? Lang::zh : Lang::en);

  const ImGuiViewport* vp = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(vp->Pos);
  ImGui::SetNextWindowSize(vp->Size);
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                                 ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus;
  ImGui::Begin("gpuwise", nullptr, flags);
  draw_top_bar(s);
  ImGui::Spacing();

  if (!s.catalog_ok) {
    ImGui::TextColored(color_v(Tone::bad), "%s",
                       tr("The bundled catalog did not load:", "内置目录加载失败:"));
    for (const Problem& p : s.catalog_problems) ImGui::BulletText("%s: %s", p.path.c_str(), p.message.c_str());
  } else if (ImGui::BeginTabBar("tabs")) {
    if (ImGui::BeginTabItem(tr_id("GPUs", "显卡", "tab_catalog").c_str())) {
      s.tab = "catalog";
      draw_catalog(s);
      ImGui::EndTabItem();
    }
    ImGui::EndTabBar();
  }
  ImGui::End();
}

std::string snapshot_json(const AppState& s) {
  nlohmann::json j;
  j["ready"] = s.catalog_ok;
  j["lang"] = ui_lang() == Lang::zh ? "zh" : "en";
  j["lang_wanted"] = s.lang == Lang::zh ? "zh" : "en";
  j["tab"] = s.tab;
  j["catalog"] = {{"ok", s.catalog_ok},
                  {"version", s.catalog.catalog_version},
                  {"date", s.catalog.catalog_date},
                  {"gpus", s.catalog.gpus.size()},
                  {"providers", s.catalog.providers.size()},
                  {"offers", s.catalog.offers.size()}};
  nlohmann::json rows = nlohmann::json::array();
  for (int i : s.cat.gpu_rows) {
    const Gpu& g = s.catalog.gpus[static_cast<std::size_t>(i)];
    rows.push_back({{"id", g.id}, {"name", g.name}, {"vram_gib", g.vram_gib},
                    {"fp32_tflops", g.fp32_tflops ? nlohmann::json(*g.fp32_tflops) : nlohmann::json()}});
  }
  j["gpu_table"] = {{"rows", rows}, {"sort_column", s.cat.sort.column}, {"descending", s.cat.sort.descending},
                    {"filter", s.cat.filter}};
  j["rects"] = rects_json();
  j["engine_runs"] = s.engine_runs;
  return j.dump();
}

}  // namespace gw::app
