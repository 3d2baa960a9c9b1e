// App lifecycle and the frame layout: a top bar (title, share link, currency, language), banners, and
// tabs: the recommendation (job and constraints left, answer right), catalog, guide, calculators, checker.
#include "app/app.hpp"

#include <algorithm>

#include "app/i18n.hpp"
#include "app/theme.hpp"
#include "app/widgets.hpp"
#include "imgui.h"
#include "imgui_internal.h"  // GImGui->LogBuffer: the text-capture test hook
#include "platform/platform.hpp"

namespace gw::app {

namespace {

void draw_top_bar(AppState& s) {
  ImGui::PushFont(font_heading());
  ImGui::TextUnformatted("gpuwise");
  ImGui::PopFont();
  const float avail = ImGui::GetContentRegionAvail().x;
  const bool wide = avail > 760 * s.scale;
  if (wide) {
    ImGui::SameLine();
    ImGui::AlignTextToFramePadding();
    ImGui::TextColored(color_v(Tone::muted), "%s",
                       tr("which cloud GPU for your job, budget and deadline",
                          "算力参谋 · 为你的任务、预算和截止时间挑选云 GPU"));
  }

  // Right side: share link, currency, language.
  const ImGuiStyle& st = ImGui::GetStyle();
  const bool zh_drawable = platform::cjk_font_ready();
  const char* copy = tr("Copy link", "复制链接");
  const char* zh_label = "中文";  // its two glyphs are in the compiled-in font
  auto bw = [&](const char* t) { return ImGui::CalcTextSize(t).x + st.FramePadding.x * 2; };
  const float right = bw(copy) + st.ItemSpacing.x * 2 + bw("CNY") + bw("USD") + bw("English") + bw(zh_label);
  // Too narrow for one line: the controls move under the title.
  const float x_right = ImGui::GetWindowContentRegionMax().x - right;
  if (x_right > ImGui::GetCursorPosX() + ImGui::CalcTextSize("gpuwise").x * 1.4f) ImGui::SameLine(x_right);
  if (ImGui::Button(copy)) {
    platform::copy_text(platform::share_url(s.fragment));
    s.res.status = tr("Link copied to the clipboard.", "链接已复制到剪贴板。");
    s.res.status_until = platform::now_seconds() + 2.5;
    platform::wake_after(2.6);
  }
  remember_rect("copy_link");
  item_tooltip(
      tr("The link holds the whole scenario: job, constraints, currency, language and edited prices.",
         "链接包含整个场景：任务、约束、币种、语言和修改过的价格。"));
  ImGui::SameLine();
  const std::string& cur = s.scenario.constraints.currency;
  if (segmented("CNY", cur == "CNY")) set_currency(s, "CNY");
  remember_rect("cur_cny");
  ImGui::SameLine(0, 0);
  if (segmented("USD", cur == "USD")) set_currency(s, "USD");
  remember_rect("cur_usd");
  ImGui::SameLine();
  if (segmented("English", s.lang == Lang::en)) set_language(s, Lang::en, true);
  remember_rect("lang_en");
  ImGui::SameLine(0, 0);
  if (segmented(zh_label, s.lang == Lang::zh)) set_language(s, Lang::zh, true);
  remember_rect("lang_zh");
  if (s.lang == Lang::zh && !zh_drawable) {
    ImGui::TextColored(color_v(Tone::muted), "Loading the Chinese font...");
  }
}

// The browser refused to store settings (quota, private mode): say so once; withdraw it if saving recovers.
void note_unsaved_settings(AppState& s) {
  const bool unsaved = platform::settings_unsaved();
  if (unsaved == s.unsaved_shown) return;
  s.unsaved_shown = unsaved;
  if (unsaved) {
    add_banner(s, {BannerKind::warn,
                   {"Settings could not be saved in this browser (storage is full or blocked).",
                    "无法在此浏览器中保存设置（存储空间已满或被禁用）。"},
                   {{"Your changes stay on this page until it is closed; Copy link keeps them.",
                     "你的修改会保留到关闭本页为止；用“复制链接”可以保存它们。"}},
                   "storage_save"});
  } else {
    s.banners.erase(std::remove_if(s.banners.begin(), s.banners.end(),
                                   [](const Banner& b) { return b.id == "storage_save"; }),
                    s.banners.end());
  }
}

void draw_banners(AppState& s) {
  for (std::size_t i = 0; i < s.banners.size();) {
    const Banner& b = s.banners[i];
    const Tone tone = b.kind == BannerKind::error  ? Tone::bad
                      : b.kind == BannerKind::warn ? Tone::warn
                                                   : Tone::accent;
    ImGui::PushID(b.id.c_str());
    ImGui::PushStyleColor(ImGuiCol_ChildBg, color(tone, 0.12f));
    ImGui::PushStyleColor(ImGuiCol_Border, color(tone, 0.6f));
    const float line = ImGui::GetTextLineHeightWithSpacing();
    const float h = line * (1.0f + static_cast<float>(std::min<std::size_t>(b.details.size(), 6))) +
                    ImGui::GetStyle().WindowPadding.y * 2;
    ImGui::BeginChild("banner", ImVec2(0, h), true, ImGuiWindowFlags_NoScrollbar);
    ImGui::TextColored(color_v(tone), "%s", tr(b.text).c_str());
    for (std::size_t d = 0; d < b.details.size() && d < 6; ++d)
      ImGui::BulletText("%s", tr(b.details[d]).c_str());
    ImGui::SetCursorPos(ImVec2(ImGui::GetWindowContentRegionMax().x - ImGui::GetFrameHeight(),
                               ImGui::GetStyle().WindowPadding.y * 0.5f));
    const bool close = ImGui::Button("×", ImVec2(ImGui::GetFrameHeight(), ImGui::GetFrameHeight()));
    remember_rect(("banner_close_" + b.id).c_str());
    ImGui::EndChild();
    ImGui::PopStyleColor(2);
    ImGui::PopID();
    if (close)
      s.banners.erase(s.banners.begin() + static_cast<std::ptrdiff_t>(i));
    else
      ++i;
  }
}

void draw_recommend_tab(AppState& s) {
  const float avail = ImGui::GetContentRegionAvail().x;
  const bool narrow = avail < 900 * s.scale;
  if (narrow) {
    // Small screens: one column; the job and constraints fold away above the answer.
    ImGui::BeginChild("one", ImVec2(0, 0), false);
    const bool job_open =
        ImGui::CollapsingHeader(tr_id("Job and constraints", "任务与约束", "jobhdr").c_str());
    remember_rect("job_header");  // for the browser tests (test_14)
    if (job_open) {
      draw_job(s);
      draw_constraints(s);
    }
    draw_results(s);
    draw_plots(s);
    ImGui::EndChild();
    return;
  }
  const float left = std::clamp(avail * 0.28f, 300 * s.scale, 400 * s.scale);
  ImGui::BeginChild("left", ImVec2(left, 0), true);
  draw_job(s);
  ImGui::Spacing();
  draw_constraints(s);
  ImGui::EndChild();
  ImGui::SameLine();
  ImGui::BeginChild("main", ImVec2(0, 0), false);
  draw_results(s);
  draw_plots(s);
  ImGui::EndChild();
}

struct TabDef {
  const char* id;
  const char* en;
  const char* en_short;  // on a phone the five English names need more than its width
  const char* zh;
  void (*draw)(AppState&);
};

const TabDef kTabs[] = {
    {"recommend", "Recommendation", "Pick", "推荐方案", &draw_recommend_tab},
    {"catalog", "GPUs and prices", "GPUs", "显卡与价格", &draw_catalog},
    {"guide", "Guide", "Guide", "指南", &draw_guide},
    {"calculators", "Calculators", "Calculators", "计算器", &draw_calculators},
    {"diagnose", "Instance check", "Check", "实例体检", &draw_diagnose},
};

}  // namespace

bool is_tab(std::string_view id) {
  for (const TabDef& t : kTabs)
    if (id == t.id) return true;
  return false;
}

void init(AppState& s) {
  restore_reload_state(s, platform::take_reload_state());
  const std::string saved = platform::setting("lang");
  if (saved == "zh" || saved == "en") {
    set_language(s, saved == "zh" ? Lang::zh : Lang::en, false);
    s.lang_chosen = true;
  } else {
    set_language(s, platform::preferred_language() == "zh" ? Lang::zh : Lang::en, false);
  }
}

void shutdown(AppState&) {}

namespace {
void draw_page(AppState& s);
}  // namespace

void frame(AppState& s) {
  draw_page(s);
  s.capture_text = false;
}

namespace {
// Ends the page window. ImGui's log (the text-capture test hook) lives as long as this window: read it first.
void end_page(AppState& s) {
  if (s.capture_text) {
    s.captured_text = GImGui->LogBuffer.c_str();
    ImGui::LogFinish();
  }
  ImGui::End();
}
}  // namespace

namespace {
void draw_page(AppState& s) {
  begin_frame_rects();
  // Chinese is drawn only once its font is loaded, so no frame shows boxes or mixes languages.
  set_ui_lang(s.lang == Lang::zh && platform::cjk_font_ready() ? Lang::zh : Lang::en);
  // The first frame shows the page at once (the loading screen goes); parsing the catalog (fetched beside
  // the wasm on the web, panel_data.cpp) and the engine's first run fill it in on the next ones.
  if (s.frames_drawn > 0 && !s.loaded) {
    const double t0 = platform::now_seconds();
    if (load_data(s)) {
      if (s.catalog_ok) init_scenario(s);
      s.init_ms = (platform::now_seconds() - t0) * 1000;
      s.loaded = true;
    }
  }
  if (s.loaded && s.catalog_ok) update(s);  // not while a link's older catalog is on its way
  if (s.frames_drawn++ == 0) platform::request_frames();
  note_unsaved_settings(s);

  const ImGuiViewport* vp = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(vp->Pos);
  ImGui::SetNextWindowSize(vp->Size);
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                                 ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus;
  ImGui::Begin("gpuwise", nullptr, flags);
  if (s.capture_text) ImGui::LogToBuffer();
  draw_top_bar(s);
  draw_banners(s);
  draw_data_status(s);

  if (!s.loaded) {
    end_page(s);
    return;
  }
  if (!s.catalog_ok) {
    ImGui::TextColored(color_v(Tone::bad), "%s", tr("The GPU catalog did not load:", "显卡目录加载失败："));
    for (const Problem& p : s.catalog_problems)
      ImGui::BulletText("%s: %s", p.path.c_str(), p.message.c_str());
    end_page(s);
    return;
  }
  const bool narrow = ImGui::GetContentRegionAvail().x < 560 * s.scale;
  const ImGuiTabBarFlags tab_flags = narrow ? ImGuiTabBarFlags_FittingPolicyScroll : 0;
  if (ImGui::BeginTabBar("tabs", tab_flags)) {
    for (const TabDef& t : kTabs) {
      ImGuiTabItemFlags tf = 0;
      if (s.goto_tab == t.id) tf |= ImGuiTabItemFlags_SetSelected;
      const bool open =
          ImGui::BeginTabItem(tr_id(narrow ? t.en_short : t.en, t.zh, t.id).c_str(), nullptr, tf);
      remember_rect((std::string("tab_") + t.id).c_str());
      if (open) {
        s.tab = t.id;
        t.draw(s);
        ImGui::EndTabItem();
      }
    }
    s.goto_tab.clear();
    ImGui::EndTabBar();
  }
  end_page(s);
}
}  // namespace

}  // namespace gw::app
