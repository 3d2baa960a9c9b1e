// The guide tab: the source article's advice for students, in our words and both languages
// (data/guide.json): sections on the left, paragraphs and tables on the right.
#include <algorithm>
#include <string>

#include "app/app.hpp"
#include "app/i18n.hpp"
#include "app/theme.hpp"
#include "app/widgets.hpp"
#include "imgui.h"
#include "platform/platform.hpp"

namespace gw::app {

namespace {

void draw_table(const GuideTable& t) {
  if (!t.title.empty()) {
    ImGui::Spacing();
    ImGui::TextColored(color_v(Tone::accent), "%s", tr(t.title).c_str());
  }
  const int cols = static_cast<int>(t.headers.size());
  if (cols == 0) return;
  const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerH |
                                ImGuiTableFlags_BordersOuterH | ImGuiTableFlags_SizingStretchProp |
                                ImGuiTableFlags_NoSavedSettings;
  if (ImGui::BeginTable(t.id.c_str(), cols, flags)) {
    for (int c = 0; c < cols; ++c)
      ImGui::TableSetupColumn(tr(t.headers[static_cast<std::size_t>(c)]).c_str());
    ImGui::TableHeadersRow();
    for (const auto& row : t.rows) {
      ImGui::TableNextRow();
      for (int c = 0; c < cols && c < static_cast<int>(row.size()); ++c) {
        ImGui::TableSetColumnIndex(c);
        const std::string& text = tr(row[static_cast<std::size_t>(c)]);
        const bool right =
            static_cast<std::size_t>(c) < t.right_align.size() && t.right_align[static_cast<std::size_t>(c)];
        if (right) {
          const float w = ImGui::CalcTextSize(text.c_str()).x;
          ImGui::SetCursorPosX(ImGui::GetCursorPosX() + std::max(0.0f, ImGui::GetContentRegionAvail().x - w));
          ImGui::TextUnformatted(text.c_str());
        } else {
          ImGui::PushTextWrapPos(0);
          wrapped_text(text);
          ImGui::PopTextWrapPos();
        }
      }
    }
    ImGui::EndTable();
  }
  for (const Text& n : t.notes) {
    ImGui::PushTextWrapPos(0);
    wrapped_text(tr(n), color_v(Tone::muted));
    ImGui::PopTextWrapPos();
  }
}

}  // namespace

void draw_guide(AppState& s) {
  if (!s.guide && s.guide_problems.empty()) {
    const platform::DataFile file = platform::data_file("guide.json");
    if (file.state == platform::DataFile::loading) {
      ImGui::TextColored(color_v(Tone::muted), "%s", tr("Loading the guide…", "正在加载指南…"));
      return;
    }
    if (file.state == platform::DataFile::failed) {
      ImGui::TextColored(color_v(Tone::bad), "%s",
                         tr("The guide could not be downloaded. It is fetched the first time this tab opens; "
                            "check the connection and try again.",
                            "指南下载失败。它在第一次打开本页时下载，请检查网络后重试。"));
      if (ImGui::Button(tr("Try again", "重试"))) platform::retry_data_file("guide.json");
      remember_rect("guide_retry");
      return;
    }
    GuideLoad load = load_guide(file.text);
    if (load.guide) s.guide = std::move(*load.guide);
    for (const Problem& p : load.problems)
      s.guide_problems.push_back("guide.json" + p.path + ": " + p.message);
  }
  if (!s.guide) {
    ImGui::TextColored(color_v(Tone::bad), "%s", tr("The guide did not load:", "指南加载失败："));
    for (const std::string& p : s.guide_problems) ImGui::BulletText("%s", p.c_str());
    return;
  }
  const Guide& g = *s.guide;
  const int n = static_cast<int>(g.sections.size());
  s.guide_section = std::clamp(s.guide_section, 0, std::max(0, n - 1));
  const float list_w = std::clamp(ImGui::GetContentRegionAvail().x * 0.22f, 180 * s.scale, 280 * s.scale);
  const bool narrow = ImGui::GetContentRegionAvail().x < 700 * s.scale;
  if (narrow) {
    ImGui::SetNextItemWidth(-FLT_MIN);
    if (ImGui::BeginCombo("##guide_section",
                          n ? tr(g.sections[static_cast<std::size_t>(s.guide_section)].title).c_str() : "")) {
      for (int i = 0; i < n; ++i)
        if (ImGui::Selectable(tr(g.sections[static_cast<std::size_t>(i)].title).c_str(),
                              i == s.guide_section))
          s.guide_section = i;
      ImGui::EndCombo();
    }
  } else {
    ImGui::BeginChild("guide_list", ImVec2(list_w, 0), true);
    ImGui::PushFont(font_heading());
    wrapped_text(tr(g.title));
    ImGui::PopFont();
    ImGui::Spacing();
    for (int i = 0; i < n; ++i) {
      if (ImGui::Selectable(
              (tr(g.sections[static_cast<std::size_t>(i)].title) + "##gs" + std::to_string(i)).c_str(),
              i == s.guide_section))
        s.guide_section = i;
      remember_rect(("guide_" + g.sections[static_cast<std::size_t>(i)].id).c_str());
    }
    ImGui::Spacing();
    ImGui::PushTextWrapPos(0);
    wrapped_text(tr(g.source), color_v(Tone::muted));
    ImGui::PopTextWrapPos();
    ImGui::EndChild();
    ImGui::SameLine();
  }
  ImGui::BeginChild("guide_body", ImVec2(0, 0), true);
  if (n > 0) {
    const GuideSection& sec = g.sections[static_cast<std::size_t>(s.guide_section)];
    ImGui::PushFont(font_heading());
    ImGui::TextUnformatted(tr(sec.title).c_str());
    ImGui::PopFont();
    ImGui::Spacing();
    // Reading width: long lines are hard to read, so text wraps at about 90 characters.
    const float wrap = std::min(ImGui::GetContentRegionAvail().x, ImGui::GetFontSize() * 48);
    ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + wrap);
    for (const Text& p : sec.paragraphs) {
      wrapped_text(tr(p));
      ImGui::Spacing();
    }
    ImGui::PopTextWrapPos();
    for (const GuideTable& t : sec.tables) draw_table(t);
  }
  ImGui::EndChild();
}

}  // namespace gw::app
