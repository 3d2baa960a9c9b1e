// Main panel, top: the answer. The pick in words, then the ranked table: sortable, rows open in place
// to show the bill line by line, the formulas and inputs behind time and memory, and the price dates.
// Ctrl/Cmd+C copies the ticked rows (or all) as tab-separated text; CSV and Markdown download.
#include <algorithm>
#include <string>

#include "app/app.hpp"
#include "app/export.hpp"
#include "app/format.hpp"
#include "app/i18n.hpp"
#include "app/theme.hpp"
#include "app/widgets.hpp"
#include "imgui.h"
#include "platform/platform.hpp"

namespace gw::app {

namespace {

constexpr int kColumns = 12;
constexpr std::size_t kDefaultRowLimit = 60;

const char* pricing_label(Pricing p) {
  return p == Pricing::spot ? tr("Spot", "竞价") : tr("On-demand", "按量");
}
const char* risk_label(Risk r) {
  return r == Risk::high ? tr("high", "高") : r == Risk::medium ? tr("medium", "中") : tr("low", "低");
}
Tone risk_tone(Risk r) {
  return r == Risk::high ? Tone::bad : r == Risk::medium ? Tone::warn : Tone::good;
}

// "+AMP + checkpointing", "+8-bit Adam + micro-batch 1": the row's short label (change_label, the
// engine's one table of changes); the tooltip has the sentence.
std::string change_tag(const Row& row) {
  return row.change.empty() ? std::string() : "+" + std::string(tr(row.change_label));
}

void sort_rows(AppState& s) {
  const auto& rows = s.report.rows;
  s.res.order.resize(rows.size());
  for (std::size_t i = 0; i < rows.size(); ++i) s.res.order[i] = static_cast<int>(i);
  const int col = s.res.sort.column;
  const bool desc = s.res.sort.descending;
  auto key = [&](const Row& r) -> double {
    switch (col) {
      case 5:
        return r.finish_hours.likely;
      case 6:
        return r.cost.likely;
      case 7:
        return r.price_per_hour_after;
      case 8:
        return r.headroom_gib;
      case 9:
        return static_cast<double>(r.risk);
      case 10:
        return r.price_age_months;
      case 11:  // kg CO2e; unknown sorts after every known figure (ascending)
        return r.energy.kg_co2e ? *r.energy.kg_co2e : 1e300;
      default:
        return r.rank;
    }
  };
  std::stable_sort(s.res.order.begin(), s.res.order.end(), [&](int a, int b) {
    const Row& ra = rows[static_cast<std::size_t>(a)];
    const Row& rb = rows[static_cast<std::size_t>(b)];
    if (col == 2 || col == 3 || col == 4) {
      const std::string ta = col == 2   ? ra.gpu_name
                             : col == 3 ? tr(ra.provider_name)
                                        : pricing_label(ra.pricing);
      const std::string tb = col == 2   ? rb.gpu_name
                             : col == 3 ? tr(rb.provider_name)
                                        : pricing_label(rb.pricing);
      return desc ? tb < ta : ta < tb;
    }
    return desc ? key(rb) < key(ra) : key(ra) < key(rb);
  });
  s.res.order_dirty = false;
}

void right_text(const std::string& t, Tone tone = Tone::text) {
  const float w = ImGui::CalcTextSize(t.c_str()).x;
  ImGui::SetCursorPosX(ImGui::GetCursorPosX() + std::max(0.0f, ImGui::GetContentRegionAvail().x - w));
  ImGui::TextColored(color_v(tone), "%s", t.c_str());
}

void draw_explain(const char* heading, const Explain& e) {
  if (e.formula.empty() && e.inputs.empty()) return;
  ImGui::TextColored(color_v(Tone::accent), "%s", heading);
  ImGui::PushTextWrapPos(0);
  if (!e.formula.empty()) ImGui::TextWrapped("%s", tr(e.formula).c_str());
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
  if (!row.reason.empty()) ImGui::TextWrapped("%s", tr(row.reason).c_str());
  // Energy and CO2e beside the money, at any width (the table's column gives way on narrow screens).
  if (row.work_known) ImGui::TextWrapped("%s", tr(energy_line(row.energy)).c_str());
  if (row.serve && row.serve_cost)
    ImGui::TextWrapped("%s", tr(serve_line(*row.serve, *row.serve_cost, cur)).c_str());
  if (!row.change.empty())
    ImGui::TextColored(color_v(Tone::warn), "%s %s", tr("Changed so it fits:", "为放得下而做的改动："),
                       tr(row.change_text).c_str());
  for (const Text& w : row.warnings) ImGui::TextColored(color_v(Tone::warn), "• %s", tr(w).c_str());
  for (const Text& r : row.risks) ImGui::TextColored(color_v(risk_tone(row.risk)), "• %s", tr(r).c_str());
  ImGui::PopTextWrapPos();
  if (!row.detailed) {
    ImGui::TextColored(color_v(Tone::muted), "%s",
                       tr("Details are worked out for the top rows only.", "仅为排名靠前的方案计算明细。"));
    ImGui::SameLine();
    if (ImGui::SmallButton(tr("Explain every row", "为所有方案计算明细"))) {
      s.all_details = true;
      s.scenario_dirty = true;
      platform::request_frames();
    }
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

// The longest of `full`, `name`, `name` without its bracket ("Compshare (UCloud)" -> "Compshare") that fits
// `width`; else that short name cut to fit, ending in "…".
std::string fit_label(const std::string& full, const std::string& name, float width) {
  auto fits = [&](const std::string& t) { return ImGui::CalcTextSize(t.c_str()).x <= width; };
  if (fits(full)) return full;
  if (fits(name)) return name;
  std::string cut = name;
  for (const char* open : {" (", "（"})
    if (auto at = cut.find(open); at != std::string::npos && at > 0) cut.erase(at);
  if (fits(cut)) return cut;
  const std::string dots = "…";
  while (!cut.empty() && !fits(cut + dots)) {
    std::size_t last = cut.size() - 1;  // drop one whole UTF-8 character
    while (last > 0 && (static_cast<unsigned char>(cut[last]) & 0xC0) == 0x80) --last;
    cut.erase(last);
  }
  return cut + dots;
}

// Narrow windows keep the columns that answer "which, where, how long, how much".
void setup_columns(float width, float sc) {
  const ImGuiTableColumnFlags num = ImGuiTableColumnFlags_PreferSortAscending;
  const ImGuiTableColumnFlags narrow = width < 760 * sc ? ImGuiTableColumnFlags_Disabled : 0;
  const ImGuiTableColumnFlags tiny = width < 480 * sc ? ImGuiTableColumnFlags_Disabled : 0;
  // Very narrow, the GPU name matters more than choosing rows for the cost bars.
  ImGui::TableSetupColumn(
      "##sel",
      tiny | ImGuiTableColumnFlags_NoSort | ImGuiTableColumnFlags_WidthFixed | ImGuiTableColumnFlags_NoResize,
      ImGui::GetFrameHeight(), 0);
  ImGui::TableSetupColumn("#", ImGuiTableColumnFlags_DefaultSort | ImGuiTableColumnFlags_WidthFixed,
                          ImGui::GetFontSize() * 2.6f, 1);
  // The provider column gets about as much as the GPU's: "Compshare (UCloud)", "Paperspace (DigitalOcean)".
  ImGui::TableSetupColumn(tr("GPU", "显卡"), ImGuiTableColumnFlags_WidthStretch, 1.85f, 2);
  ImGui::TableSetupColumn(tr("Provider", "平台"), tiny | ImGuiTableColumnFlags_WidthStretch, 1.75f, 3);
  ImGui::TableSetupColumn(tr("Pricing", "计费"), tiny | ImGuiTableColumnFlags_WidthStretch, 1.15f, 4);
  ImGui::TableSetupColumn(tr("Done in", "完成用时"), num | ImGuiTableColumnFlags_WidthStretch, 1.0f, 5);
  ImGui::TableSetupColumn(tr("Total cost", "总费用"), num | ImGuiTableColumnFlags_WidthStretch, 1.3f, 6);
  // Next to the cost it is weighed against (issue 18 item 5); narrow screens have it in the row's details.
  ImGui::TableSetupColumn(tr("CO2e kg", "碳排 kg"), narrow | num | ImGuiTableColumnFlags_WidthStretch, 0.9f,
                          11);
  ImGui::TableSetupColumn(tr("Per hour", "每小时"), narrow | num | ImGuiTableColumnFlags_WidthStretch, 1.05f,
                          7);
  ImGui::TableSetupColumn(
      tr("Memory", "显存"),
      narrow | ImGuiTableColumnFlags_PreferSortDescending | ImGuiTableColumnFlags_WidthStretch, 1.1f, 8);
  ImGui::TableSetupColumn(tr("Risk", "风险"), narrow | num | ImGuiTableColumnFlags_WidthStretch, 0.7f, 9);
  ImGui::TableSetupColumn(tr("Price date", "价格日期"), narrow | num | ImGuiTableColumnFlags_WidthStretch,
                          1.2f, 10);
}

void header_tip(int column) {
  const char* tips[kColumns] = {
      tr("Tick rows to compare their costs in the bar below.", "勾选方案，在下方条形图中比较费用。"),
      tr("The engine's rank for your goal.", "按你的目标给出的排名。"),
      nullptr,
      nullptr,
      nullptr,
      tr("Wall clock from now: upload, setup and the job (spot: expected, incl. lost work).",
         "从现在算起的总时间：上传、配置和任务本身（竞价：期望值，含丢失的工作）。"),
      tr("Everything you pay: GPU hours as billed, storage, transfer, minus discounts.",
         "你实际支付的全部：按计费规则的 GPU 时长、存储、流量，减去优惠。"),
      tr("Kilograms of CO2 equivalent: the cards at their TDP for the job's hours, times the data centre's "
         "PUE "
         "where published, times the grid factor of the offer's region; 'unknown' when no source gives the "
         "region's factor. Open a row for the formula and sources.",
         "二氧化碳当量（千克）：显卡按 TDP 运行任务时长，乘以机房公布的 "
         "PUE，再乘以报价所在地区电网的排放因子。"
         "地区无有来源的排放因子时显示“未知”。展开方案可查看公式和来源。"),
      tr("The whole rental per hour, after rate discounts.", "整机每小时价格（已扣比例折扣）。"),
      tr("Needed per card / the card's memory.", "每卡所需 / 显卡显存。"),
      nullptr,
      tr("When the price was recorded. Old prices are marked.", "价格记录日期。过旧的价格会标出。"),
  };
  if (tips[column]) item_tooltip(tips[column]);
}

void draw_row(AppState& s, const Row& row, bool& expanded_now) {
  const std::string key = row_key(row);
  const std::string& cur = s.report.currency;
  const bool expanded = s.res.expanded.count(key) > 0;
  ImGui::TableNextRow();
  ImGui::PushID(key.c_str());
  // The selectable spans the row and is submitted first, so the checkbox on top of it stays clickable.
  ImGui::TableSetColumnIndex(1);
  const std::string rank = std::string(expanded ? "▼ " : "▶ ") + std::to_string(row.rank);
  if (ImGui::Selectable(rank.c_str(), expanded,
                        ImGuiSelectableFlags_SpanAllColumns | ImGuiSelectableFlags_AllowItemOverlap)) {
    if (expanded)
      s.res.expanded.erase(key);
    else
      s.res.expanded.insert(key);
  }
  if (ImGui::IsItemHovered()) s.res.hovered = key;
  remember_rect(("row_" + std::to_string(row.rank)).c_str());
  ImGui::TableSetColumnIndex(0);
  bool sel = s.res.selected.count(key) > 0;
  // A text-high checkbox, so rows stay one line tall.
  ImGui::PushStyleVar(ImGuiStyleVar_FramePadding, ImVec2(ImGui::GetStyle().FramePadding.x, 0));
  if (ImGui::Checkbox("##sel", &sel)) {
    if (sel)
      s.res.selected.insert(key);
    else
      s.res.selected.erase(key);
  }
  ImGui::PopStyleVar();
  ImGui::TableSetColumnIndex(2);
  // The column names the card without vendor words ("RTX 3090", "A100 80GB"), on every row alike: cutting
  // them only from the names that would not fit mixed "GeForce RTX 3090" and "RTX 3080 Ti x2" in one
  // table. The full name is a hover away, and leads the pick's line and the details.
  std::string gpu = short_gpu_name(row.gpu_name);
  // A cluster reads "nodes×cards per node · network" ("A100 40GB 2×8 · InfiniBand 200 Gbit/s").
  if (row.nodes > 1)
    gpu += " " + std::to_string(row.nodes) + "×" + std::to_string(row.cards / row.nodes) + " · " +
           tr(row.network);
  else if (row.cards > 1)
    gpu += " ×" + std::to_string(row.cards);
  // The Pareto dot and a change tag follow the name: keep room for them so they are never the part cut off.
  float marks = 0;
  if (row.pareto) marks += ImGui::CalcTextSize("●").x + ImGui::GetStyle().ItemSpacing.x;
  if (!row.change.empty())
    marks += ImGui::CalcTextSize(change_tag(row).c_str()).x + ImGui::GetStyle().ItemSpacing.x;
  const float gpu_avail = ImGui::GetContentRegionAvail().x;
  ImGui::TextColored(color_v(row.rank == 1 ? Tone::accent : Tone::text), "%s", gpu.c_str());
  item_tooltip((row.gpu_name + (row.interconnect.empty() ? "" : "\n" + tr(row.interconnect))).c_str());
  if (!row.change.empty()) {
    ImGui::SameLine();
    ImGui::TextColored(color_v(Tone::warn), "%s", change_tag(row).c_str());
    item_tooltip(tr(row.change_text).c_str());
  }
  // A dot that would be cut in half is left out (the Pareto front is also in the plot).
  if (row.pareto && ImGui::CalcTextSize(gpu.c_str()).x + marks <= gpu_avail) {
    ImGui::SameLine();
    ImGui::TextColored(color_v(Tone::good), "●");
    item_tooltip(tr("On the Pareto front: nothing else is both cheaper and faster.",
                    "位于帕累托前沿：没有其他方案既更便宜又更快。"));
  }
  ImGui::TableSetColumnIndex(3);
  // The region only when it fits: a clipped "lowest tier (" says less than the provider alone. When even
  // the provider is cut ("Compshare (UCl"), its bracket goes, then the rest ends in "…"; the hover has it
  // all.
  const std::string where = tr(row.provider_name) + (row.region.empty() ? "" : " · " + tr(row.region));
  const std::string shown = fit_label(where, tr(row.provider_name), ImGui::GetContentRegionAvail().x);
  ImGui::TextUnformatted(shown.c_str());
  if (shown != where && ImGui::IsItemHovered()) item_tooltip(where.c_str());
  ImGui::TableSetColumnIndex(4);
  ImGui::TextColored(color_v(row.pricing == Pricing::spot ? Tone::warn : Tone::text), "%s",
                     pricing_label(row.pricing));
  ImGui::TableSetColumnIndex(5);
  right_text(row.work_known ? hours(row.finish_hours.likely) : std::string("?"));
  if (ImGui::IsItemHovered()) item_tooltip(hours_range(row.finish_hours).c_str());
  ImGui::TableSetColumnIndex(6);
  right_text(money(row.cost.likely, cur), row.rank == 1 ? Tone::accent : Tone::text);
  if (ImGui::IsItemHovered()) item_tooltip(money_range(row.cost, cur).c_str());
  ImGui::TableSetColumnIndex(7);
  // The unknown is said in words, never drawn as 0 (energy.hpp).
  right_text(!row.work_known      ? std::string("?")
             : row.energy.kg_co2e ? format_kg_co2e(row.energy, ui_lang())
                                  : std::string(tr("unknown", "未知")),
             row.energy.kg_co2e ? Tone::text : Tone::muted);
  if (row.work_known && ImGui::IsItemHovered()) item_tooltip(tr(energy_line(row.energy)).c_str());
  ImGui::TableSetColumnIndex(8);
  right_text(money(row.price_per_hour_after, cur));
  ImGui::TableSetColumnIndex(9);
  right_text(plain(row.need_gib, 1) + " / " + plain(row.vram_gib, 0) + " GiB",
             row.fit == Fit::tight    ? Tone::warn
             : row.fit == Fit::no_fit ? Tone::bad
                                      : Tone::text);
  ImGui::TableSetColumnIndex(10);
  ImGui::TextColored(color_v(risk_tone(row.risk)), "%s", risk_label(row.risk));
  if (!row.risks.empty() && ImGui::IsItemHovered()) {
    std::string t;
    for (const Text& r : row.risks) t += "• " + tr(r) + "\n";
    item_tooltip(t.c_str());
  }
  ImGui::TableSetColumnIndex(11);
  std::string date = (row.price_estimate ? "~" : "") + row.price_date;
  if (row.price_derived) date += tr(" (derived)", "（推算）");
  ImGui::TextColored(color_v(row.price_stale ? Tone::warn : Tone::muted), "%s", date.c_str());
  if (row.price_stale)
    item_tooltip(tr("This price is old; check the provider's page.", "此价格较旧，请到平台官网核实。"));
  if (row.price_derived)
    item_tooltip(tr("Spot price worked out from the provider's typical discount, not listed.",
                    "竞价价格按平台典型折扣推算，并非标价。"));
  if (row.price_edited) {
    ImGui::SameLine();
    ImGui::TextColored(color_v(Tone::accent), "%s", tr("edited", "已改"));
  }
  ImGui::PopID();
  expanded_now = expanded;
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
    ImGui::TextColored(color_v(Tone::warn), "%s", tr(r.summary).c_str());
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
    ImGui::Text("%s %s · %s %s", tr("about", "约"), money(pick.cost.likely, r.currency).c_str(),
                tr("done in", "用时"), pick.work_known ? hours(pick.finish_hours.likely).c_str() : "?");
    if (pick.work_known && pick.energy.kg_co2e) {
      ImGui::SameLine(0, 0);
      ImGui::Text(" · %s kg CO2e", format_kg_co2e(pick.energy, ui_lang()).c_str());
    }
    ImGui::TextWrapped("%s", tr(r.summary).c_str());
  }
  for (const Text& w : r.warnings) ImGui::TextColored(color_v(Tone::warn), "• %s", tr(w).c_str());
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
  while (i < shown.size()) {
    if (!ImGui::BeginTable("ranked", kColumns, flags)) break;
    setup_columns(ImGui::GetContentRegionAvail().x, s.scale);
    if (first) {
      ImGui::TableNextRow(ImGuiTableRowFlags_Headers);
      for (int c = 0; c < kColumns; ++c) {
        if (!ImGui::TableSetColumnIndex(c)) continue;
        ImGui::TableHeader(ImGui::TableGetColumnName(c));
        remember_rect(("res_header_" + std::to_string(c)).c_str());
        header_tip(c);
      }
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
    const Row* opened = nullptr;
    for (; i < shown.size(); ++i) {
      const Row& row = s.report.rows[static_cast<std::size_t>(shown[i])];
      bool expanded = false;
      draw_row(s, row, expanded);
      if (expanded) {
        opened = &row;
        ++i;
        break;
      }
    }
    ImGui::EndTable();
    if (opened) draw_detail(s, *opened);
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
