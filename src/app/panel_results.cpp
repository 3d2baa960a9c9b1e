// Main panel, top: the answer. The pick in words, then the ranked table: sortable, rows open in place
// to show the bill line by line, the formulas and inputs behind time and memory, and the price dates.
// Ctrl/Cmd+C copies the ticked rows (or all) as tab-separated text; CSV and Markdown download.
#include <algorithm>
#include <string>

#include "app/app.hpp"
#include "app/export.hpp"
#include "app/format.hpp"
#include "app/i18n.hpp"
#include "app/results_columns.hpp"
#include "app/theme.hpp"
#include "app/widgets.hpp"
#include "imgui.h"
#include "platform/platform.hpp"

namespace gw::app {

namespace {

constexpr std::size_t kDefaultRowLimit = 60;

void draw_explain(const char* heading, const Explain& e) {
  if (e.formula.empty() && e.inputs.empty()) return;
  ImGui::TextColored(color_v(Tone::accent), "%s", heading);
  ImGui::PushTextWrapPos(0);
  if (!e.formula.empty()) wrapped_text(tr(e.formula));
  for (const ExplainInput& in : e.inputs) {
    const std::string& name = ui_lang() == Lang::zh && !in.name_zh.empty() ? in.name_zh : in.name;
    ImGui::BulletText("%s = %s %s", name.c_str(), plain(in.value, 4).c_str(), tr(unit_text(in.unit)).c_str());
  }
  if (!e.note.empty()) ImGui::TextColored(color_v(Tone::muted), "%s", tr(e.note).c_str());
  ImGui::PopTextWrapPos();
}

void draw_bill(const Row& row, const std::string& cur) {
  ImGui::TextColored(color_v(Tone::accent), "%s", tr("The bill, line by line", "费用明细"));
  if (!ImGui::BeginTable("bill", 3,
                         ImGuiTableFlags_SizingStretchProp | ImGuiTableFlags_BordersInnerH |
                             ImGuiTableFlags_NoSavedSettings))
    return;
  ImGui::TableSetupColumn(tr("Item", "项目"), ImGuiTableColumnFlags_WidthStretch, 0.55f);
  ImGui::TableSetupColumn(tr("Amount", "金额"), ImGuiTableColumnFlags_WidthStretch, 0.25f);
  ImGui::TableSetupColumn(tr("Price date", "价格日期"), ImGuiTableColumnFlags_WidthStretch, 0.2f);
  ImGui::TableHeadersRow();
  for (const CostLine& l : row.bill.lines) {
    ImGui::TableNextRow();
    ImGui::TableSetColumnIndex(0);
    ImGui::TextUnformatted(tr(l.label).c_str());
    if (ImGui::IsItemHovered() && (!l.explain.formula.empty() || !l.explain.inputs.empty())) {
      ImGui::BeginTooltip();
      ImGui::PushTextWrapPos(ImGui::GetFontSize() * 34);
      draw_explain(tr("How it is computed", "计算方法"), l.explain);
      ImGui::PopTextWrapPos();
      ImGui::EndTooltip();
    }
    ImGui::TableSetColumnIndex(1);
    right_text(money_range(l.amount, cur), l.amount.likely < 0 ? Tone::good : Tone::text);
    ImGui::TableSetColumnIndex(2);
    ImGui::TextColored(color_v(Tone::muted), "%s", l.price_date.c_str());
  }
  ImGui::TableNextRow();
  ImGui::TableSetColumnIndex(0);
  ImGui::TextUnformatted(tr("Total", "合计"));
  ImGui::TableSetColumnIndex(1);
  right_text(money_range(row.bill.total, cur), Tone::accent);
  ImGui::EndTable();
  for (const AppliedProgram& p : row.bill.programs)
    ImGui::TextColored(color_v(Tone::good), "%s %s: -%s", tr("Applied", "已用优惠"), tr(p.name).c_str(),
                       money(p.saving, cur).c_str());
  ImGui::TextColored(color_v(Tone::muted), "%s",
                     tr("Hover an item for its formula and inputs.", "鼠标悬停可查看公式和输入。"));
}

void draw_detail(AppState& s, const Row& row) {
  const std::string& cur = s.report.currency;
  ImGui::Indent(ImGui::GetStyle().IndentSpacing);
  ImGui::PushTextWrapPos(0);
  if (!row.reason.empty()) wrapped_text(tr(row.reason));
  // Energy and CO2e beside the money, at any width (the table's column gives way on narrow screens).
  if (row.work_known) wrapped_text(tr(energy_line(row.energy)));
  if (row.serve && row.serve_cost) wrapped_text(tr(serve_line(*row.serve, *row.serve_cost, cur)));
  if (!row.change.empty())
    ImGui::TextColored(color_v(Tone::warn), "%s %s", tr("Changed so it fits:", "为放得下而做的改动："),
                       tr(row.change_text).c_str());
  for (const Text& w : row.warnings) ImGui::TextColored(color_v(Tone::warn), "• %s", tr(w).c_str());
  for (const Text& r : row.risks) ImGui::TextColored(color_v(risk_tone(row.risk)), "• %s", tr(r).c_str());
  ImGui::PopTextWrapPos();
  if (!row.detailed) {
    // detailed_row() could not explain it: the row is not from the catalog shown (it is being recomputed).
    ImGui::TextColored(color_v(Tone::muted), "%s",
                       tr("This row's details are being worked out again.", "正在重新计算此方案的明细。"));
  } else if (ImGui::BeginTable("detail", 2,
                               ImGuiTableFlags_SizingStretchSame | ImGuiTableFlags_NoSavedSettings)) {
    ImGui::TableNextRow();
    ImGui::TableSetColumnIndex(0);
    draw_bill(row, cur);
    for (const Text& n : row.bill.notes) ImGui::TextColored(color_v(Tone::muted), "• %s", tr(n).c_str());
    ImGui::TableSetColumnIndex(1);
    ImGui::PushTextWrapPos(0);
    draw_explain(row.serve ? tr("Serving speed", "服务速度") : tr("Time", "时间"), row.time_explain);
    if (row.serve) draw_explain(tr("Time to first token", "首 token 时间"), row.serve->ttft_explain);
    if (row.serve_cost) draw_explain(tr("Serving cost", "服务费用"), row.serve_cost->explain);
    ImGui::TextColored(color_v(Tone::muted), "%s %s · %s %s", tr("Job:", "任务："),
                       hours_range(row.hours).c_str(), tr("until done:", "到完成："),
                       hours_range(row.finish_hours).c_str());
    if (row.spot) {
      const SpotResult& sp = *row.spot;
      ImGui::TextColored(color_v(Tone::warn), "%s", tr("Spot", "竞价实例"));
      ImGui::BulletText("%s %s · %s %s", tr("expected interruptions", "预计中断"),
                        plain(sp.expected_interruptions, 1).c_str(), tr("checkpoint every", "检查点间隔"),
                        hours(sp.interval_hours).c_str());
      ImGui::BulletText("%s +%s%% · %s %s", tr("overhead", "额外时间"),
                        plain(sp.overhead_fraction * 100, 0).c_str(),
                        tr("90% done within", "90% 概率在此之内完成"), hours(sp.p90_hours).c_str());
      if (sp.p_miss_deadline > 0)
        ImGui::BulletText("%s %s%%", tr("chance to miss the deadline", "错过截止时间的概率"),
                          plain(sp.p_miss_deadline * 100, 1).c_str());
      ImGui::TextColored(color_v(Tone::muted), "%s", tr(sp.method_text).c_str());
    }
    if (row.work_known) draw_explain(tr("Energy and CO2", "耗电与碳排放"), row.energy.explain);
    draw_explain(tr("Memory per card", "单卡显存"), row.memory_explain);
    for (const Text& n : row.notes) ImGui::TextColored(color_v(Tone::muted), "• %s", tr(n).c_str());
    // The offers' notes are fetched when a row is first opened (web): say so rather than show a row
    // without them. The rows are recomputed with them once they are in.
    update_catalog_notes(s, true);
    const NotesState notes = catalog_notes_state(s);
    if (notes == NotesState::loading || notes == NotesState::not_loaded)
      ImGui::TextColored(color_v(Tone::muted), "• %s",
                         tr("Loading this offer's notes…", "正在加载此报价的说明…"));
    else if (notes == NotesState::failed || notes == NotesState::invalid)
      ImGui::TextColored(color_v(Tone::warn), "• %s",
                         tr("This offer's notes could not be loaded (GPUs and prices tab: Try again).",
                            "此报价的说明加载失败（可在“显卡与价格”页重试）。"));
    ImGui::PopTextWrapPos();
    ImGui::EndTable();
  }
  ImGui::Unindent(ImGui::GetStyle().IndentSpacing);
  ImGui::Spacing();
}

void draw_summary(AppState& s) {
  const Report& r = s.report;
  if (!r.problems.empty()) {
    ImGui::TextColored(color_v(Tone::bad), "%s",
                       tr("The job or the limits need fixing:", "任务或限制条件需要修改："));
    for (const Problem& p : r.problems) ImGui::BulletText("%s: %s", p.path.c_str(), p.message.c_str());
    return;
  }
  ImGui::PushTextWrapPos(0);
  if (r.rows.empty()) {
    wrapped_text(tr(r.summary), color_v(Tone::warn));
    for (const auto* d : {&r.closest_over_budget, &r.closest_over_deadline})
      if (*d) ImGui::BulletText("%s", tr(describe(**d, r, s.catalog)).c_str());
  } else {
    const Row& pick = r.rows.front();
    ImGui::PushFont(font_heading());
    ImGui::TextColored(color_v(Tone::accent), "%s%s · %s · %s", pick.gpu_name.c_str(),
                       pick.cards > 1 ? (" ×" + std::to_string(pick.cards)).c_str() : "",
                       tr(pick.provider_name).c_str(), pricing_label(pick.pricing));
    ImGui::PopFont();
    if (ImGui::GetContentRegionAvail().x > 640 * s.scale) {
      ImGui::SameLine();
      ImGui::AlignTextToFramePadding();
    }
    if (pick.serve && pick.serve_cost) {
      // A service is said by what it costs a day and over its period, and how soon it answers.
      const ServePerf& p = *pick.serve;
      const std::string day = money(pick.serve_cost->cost_per_day, r.currency);
      const std::string all = money(pick.cost.likely, r.currency);
      const std::string period = hours(s.scenario.workload.serve_hours);
      const std::string p95 = p.ttft_p95_s > 0 ? plain(p.ttft_p95_s, 2) : std::string(tr("unknown", "未知"));
      const std::string line = ui_lang() == Lang::zh
                                   ? "每天 " + day + " · " + period + "共 " + all + " · 首 token " +
                                         plain(p.ttft_s, 2) + " 秒（p95 " + p95 + "）"
                                   : day + " a day · " + all + " for " + period + " · first token " +
                                         plain(p.ttft_s, 2) + " s (p95 " + p95 + ")";
      ImGui::TextUnformatted(line.c_str());
    } else {
      ImGui::Text("%s %s · %s %s", tr("about", "约"), money(pick.cost.likely, r.currency).c_str(),
                  tr("done in", "用时"), pick.work_known ? hours(pick.finish_hours.likely).c_str() : "?");
      // Molecular dynamics is quoted in ns/day (engine/md.hpp).
      if (const double ns = row_ns_per_day(s, pick); ns > 0) {
        ImGui::SameLine(0, 0);
        ImGui::Text(" · %s ns/%s", plain(ns, ns >= 100 ? 0 : 1).c_str(), tr("day", "天"));
      }
    }
    if (pick.work_known && pick.energy.kg_co2e) {
      ImGui::SameLine(0, 0);
      ImGui::Text(" · %s kg CO2e", format_kg_co2e(pick.energy, ui_lang()).c_str());
    }
    wrapped_text(tr(r.summary));
  }
  // A no-break space after the bullet: wrapping Chinese (no spaces) must not leave the bullet alone on a
  // line.
  for (const Text& w : r.warnings) wrapped_text("•\u00a0" + tr(w), color_v(Tone::warn));
  ImGui::PopTextWrapPos();
}

void draw_toolbar(AppState& s, const std::vector<int>& shown) {
  const Report& r = s.report;
  ImGui::AlignTextToFramePadding();
  ImGui::TextColored(color_v(Tone::muted),
                     tr("%zu options ranked of %zu considered", "排名 %zu 个方案（共考察 %zu 个）"),
                     r.rows.size(), r.considered);
  if (ImGui::IsItemHovered()) {
    std::string t = tr("Dropped:", "被排除：");
    static const char* names_en[kDropReasons] = {"filtered out",      "card count",          "spot policy",
                                                 "unknown GPU",       "missing precision",   "does not fit",
                                                 "spot impractical",  "misses the deadline", "over budget",
                                                 "too slow per user", "first token too late"};
    static const char* names_zh[kDropReasons] = {
        "被筛选掉",   "卡数不符",     "竞价策略", "未知显卡",       "缺少所需精度", "显存放不下",
        "竞价不可行", "超过截止时间", "超出预算", "每用户速度不够", "首 token 太慢"};
    for (int i = 0; i < kDropReasons; ++i)
      if (r.drop_counts[i])
        t += "\n• " + std::string(tr(names_en[i], names_zh[i])) + ": " + std::to_string(r.drop_counts[i]);
    item_tooltip(t.c_str());
  }
  if (platform::now_seconds() < s.res.status_until) {
    ImGui::SameLine();
    ImGui::TextColored(color_v(Tone::good), "%s", s.res.status.c_str());
  }
  const char* l1 = tr("Copy", "复制");
  const float w = ImGui::CalcTextSize(l1).x + ImGui::CalcTextSize("CSV").x +
                  ImGui::CalcTextSize("Markdown").x + ImGui::GetStyle().FramePadding.x * 6 +
                  ImGui::GetStyle().ItemSpacing.x * 2;
  ImGui::SameLine();
  const float text_end = ImGui::GetCursorPosX();
  if (ImGui::GetWindowContentRegionMax().x - w < text_end)
    ImGui::NewLine();  // no room: buttons go below
  else
    ImGui::SameLine(ImGui::GetWindowContentRegionMax().x - w);
  auto status = [&](const std::string& msg) {
    s.res.status = msg;
    s.res.status_until = platform::now_seconds() + 2.5;
    platform::wake_after(2.6);
  };
  if (ImGui::Button(l1)) {
    const auto rows = rows_for_export(s, shown);
    platform::copy_text(results_table(s, rows, TableFormat::tsv));
    status(std::to_string(rows.size()) +
           tr(" rows copied as tab-separated text.", " 行已复制（制表符分隔）。"));
  }
  remember_rect("copy_table");
  item_tooltip(tr("Copies the ticked rows (or all shown) as tab-separated text. Ctrl+C does the same.",
                  "复制勾选的行（未勾选则复制全部），制表符分隔。Ctrl+C 效果相同。"));
  ImGui::SameLine();
  if (ImGui::Button("CSV")) {
    const std::string path =
        platform::save_file("gpuwise-ranking.csv", "text/csv;charset=utf-8",
                            results_table(s, rows_for_export(s, shown), TableFormat::csv));
    status(std::string(tr("Saved ", "已保存 ")) + path);
  }
  remember_rect("download_csv");
  ImGui::SameLine();
  if (ImGui::Button("Markdown")) {
    const std::string path =
        platform::save_file("gpuwise-ranking.md", "text/markdown;charset=utf-8",
                            results_table(s, rows_for_export(s, shown), TableFormat::markdown));
    status(std::string(tr("Saved ", "已保存 ")) + path);
  }
  remember_rect("download_md");
}

}  // namespace

void draw_results(AppState& s) {
  if (s.engine_runs == 0) {
    if (draw_results_waiting_for_models(s)) return;
    ImGui::TextColored(color_v(Tone::muted), "%s", tr("Ranking the options…", "正在计算各方案…"));
    return;
  }
  draw_summary(s);
  if (s.report.rows.empty()) return;
  if (s.res.order_dirty || s.res.order.size() != s.report.rows.size()) sort_rows(s);
  std::vector<int> shown = s.res.order;
  if (!s.res.show_all && shown.size() > kDefaultRowLimit) shown.resize(kDefaultRowLimit);
  draw_toolbar(s, shown);

  const float avail_h = ImGui::GetContentRegionAvail().y;
  const float h = s.scale > 0 && ImGui::GetContentRegionAvail().x < 900 * s.scale
                      ? ImGui::GetFontSize() * 24
                      : std::max(avail_h * 0.5f, ImGui::GetFontSize() * 14);
  ImGui::BeginChild("ranking", ImVec2(0, h), true);
  s.res.hovered.clear();
  const ImGuiTableFlags flags = ImGuiTableFlags_Sortable | ImGuiTableFlags_RowBg |
                                ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_SizingStretchProp |
                                ImGuiTableFlags_NoSavedSettings | ImGuiTableFlags_PadOuterX;
  // Rows open in place: the table is split around each opened row (instances with one id share widths
  // and sorting), so the details get the full width.
  std::size_t i = 0;
  bool first = true;
  const ResultKind kind = result_kind(s);
  const int n_columns = result_columns(kind);
  while (i < shown.size()) {
    if (!ImGui::BeginTable(result_table_id(kind), n_columns, flags)) break;
    setup_result_columns(kind, ImGui::GetContentRegionAvail().x, s.scale);
    if (first) {
      ImGui::TableNextRow(ImGuiTableRowFlags_Headers);
      for (int c = 0; c < n_columns; ++c)
        if (ImGui::TableSetColumnIndex(c)) result_header(kind, c);
      if (ImGuiTableSortSpecs* specs = ImGui::TableGetSortSpecs(); specs && specs->SpecsDirty) {
        if (specs->SpecsCount > 0) {
          s.res.sort.column = static_cast<int>(specs->Specs[0].ColumnUserID);
          s.res.sort.descending = specs->Specs[0].SortDirection == ImGuiSortDirection_Descending;
          sort_rows(s);
          shown = s.res.order;
          if (!s.res.show_all && shown.size() > kDefaultRowLimit) shown.resize(kDefaultRowLimit);
        }
        specs->SpecsDirty = false;
      }
      first = false;
    }
    int opened = -1;
    for (; i < shown.size(); ++i) {
      const Row& row = s.report.rows[static_cast<std::size_t>(shown[i])];
      bool expanded = false;
      draw_row(s, row, kind, expanded);
      if (expanded) {
        opened = shown[i];
        ++i;
        break;
      }
    }
    ImGui::EndTable();
    // Only the pick is explained with the ranking: an opened row is explained now, once (kept in the report).
    if (opened >= 0) draw_detail(s, detailed_row(s, static_cast<std::size_t>(opened)));
  }
  if (!s.res.show_all && s.res.order.size() > kDefaultRowLimit) {
    if (ImGui::Button(
            (std::string(tr("Show all ", "显示全部 ")) + std::to_string(s.res.order.size()) + "###showall")
                .c_str()))
      s.res.show_all = true;
  }
  // Ctrl/Cmd+C over the table copies it (text fields keep their own Ctrl+C).
  const ImGuiIO& io = ImGui::GetIO();
  if ((io.KeyCtrl || io.KeySuper) && !io.WantTextInput &&
      ImGui::IsWindowHovered(ImGuiHoveredFlags_ChildWindows |
                             ImGuiHoveredFlags_AllowWhenBlockedByActiveItem) &&
      ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_C), false)) {
    const auto rows = rows_for_export(s, shown);
    platform::copy_text(results_table(s, rows, TableFormat::tsv));
    s.res.status =
        std::to_string(rows.size()) + tr(" rows copied as tab-separated text.", " 行已复制（制表符分隔）。");
    s.res.status_until = platform::now_seconds() + 2.5;
    platform::wake_after(2.6);
  }
  ImGui::EndChild();
}

}  // namespace gw::app
