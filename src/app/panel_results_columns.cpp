// The ranked table's columns (results_columns.hpp): one table of them per kind of job, the cells each
// draws and the key each sorts by. Narrow windows keep the columns that answer "which, where, how long /
// how fast, how much"; the rest is in the opened row.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "app/format.hpp"
#include "app/i18n.hpp"
#include "app/results_columns.hpp"
#include "app/widgets.hpp"
#include "engine/md.hpp"
#include "imgui.h"

namespace gw::app {

namespace {

// Sort ids (ImGui's ColumnUserID); the batch job's first twelve keep the ids they always had.
enum Col {
  c_sel = 0,
  c_rank,
  c_gpu,
  c_provider,
  c_pricing,
  c_done,
  c_cost,
  c_per_hour,
  c_memory,
  c_risk,
  c_date,
  c_co2,
  c_ns_day,
  c_user_tps,
  c_ttft,
  c_max_users,
  c_per_day,
  c_per_mtok,
};

// tiny: below 480 px; narrow: below 760 px; wide: below 1100 px (a service's fifteen columns need room)
enum Hide { always_shown, hide_tiny, hide_narrow, hide_wide };

struct Column {
  Col id;
  const char* key;  // res_col_<key>
  const char* en;
  const char* zh;
  Hide hide;
  float weight;
  const char* tip_en;
  const char* tip_zh;
  const char* short_en = nullptr;  // the header below 480 px, where the long one would be cut to "Pe…"
  const char* short_zh = nullptr;
};

const char* const kCo2TipEn =
    "Kilograms of CO2 equivalent: the cards at their TDP for the job's hours, times the data centre's PUE "
    "where published, times the grid factor of the offer's region; 'unknown' when no source gives the "
    "region's factor. Open a row for the formula and sources.";
const char* const kCo2TipZh =
    "二氧化碳当量（千克）：显卡按 TDP 运行任务时长，乘以机房公布的 PUE，再乘以报价所在地区电网的排放因子。"
    "地区无有来源的排放因子时显示“未知”。展开方案可查看公式和来源。";

const Column kSel{c_sel,
                  "sel",
                  "##sel",
                  "##sel",
                  hide_tiny,
                  0,
                  "Tick rows to compare their costs in the bar below.",
                  "勾选方案，在下方条形图中比较费用。"};
const Column kRank{
    c_rank, "rank", "#", "#", always_shown, 0, "The engine's rank for your goal.", "按你的目标给出的排名。"};
// The provider column gets about as much as the GPU's: "Compshare (UCloud)", "Paperspace (DigitalOcean)".
const Column kGpu{c_gpu, "gpu", "GPU", "显卡", always_shown, 1.85f, nullptr, nullptr};
const Column kProvider{c_provider, "provider", "Provider", "平台", hide_tiny, 1.75f, nullptr, nullptr};
const Column kPricing{c_pricing, "pricing", "Pricing", "计费", hide_tiny, 1.15f, nullptr, nullptr};
// "用时", not "完成用时": the column is narrow, and the longer header was cut to "完成…" even on a desktop.
const Column kDone{c_done,
                   "done",
                   "Done in",
                   "用时",
                   always_shown,
                   1.0f,
                   "Wall clock from now: upload, setup and the job (spot: expected, incl. lost work).",
                   "从现在算起的总时间：上传、配置和任务本身（竞价：期望值，含丢失的工作）。"};
const Column kCost{c_cost,
                   "cost",
                   "Total cost",
                   "总费用",
                   always_shown,
                   1.3f,
                   "Everything you pay: GPU hours as billed, storage, transfer, minus discounts.",
                   "你实际支付的全部：按计费规则的 GPU 时长、存储、流量，减去优惠。"};
// Next to the cost it is weighed against (issue 18 item 5); narrow screens have it in the row's details.
const Column kCo2{c_co2, "co2", "CO2e kg", "碳排 kg", hide_narrow, 0.9f, kCo2TipEn, kCo2TipZh};
const Column kPerHour{c_per_hour,
                      "per_hour",
                      "Per hour",
                      "每小时",
                      hide_narrow,
                      1.05f,
                      "The whole rental per hour, after rate discounts.",
                      "整机每小时价格（已扣比例折扣）。"};
const Column kMemory{c_memory,
                     "memory",
                     "Memory",
                     "显存",
                     hide_narrow,
                     1.1f,
                     "Needed per card / the card's memory.",
                     "每卡所需 / 显卡显存。"};
const Column kRisk{c_risk, "risk", "Risk", "风险", hide_narrow, 0.7f, nullptr, nullptr};
const Column kDate{c_date,
                   "date",
                   "Price date",
                   "价格日期",
                   hide_narrow,
                   1.2f,
                   "When the price was recorded. Old prices are marked.",
                   "价格记录日期。过旧的价格会标出。"};
const Column kNsDay{
    c_ns_day,
    "ns_day",
    "ns/day",
    "ns/天",
    always_shown,
    0.9f,
    "Molecular dynamics: nanoseconds simulated per day of wall clock on this row's cards "
    "(MD steps per second x time step x 86,400 s / 10^6 fs per ns), from the engine's estimate.",
    "分子动力学：按此方案的显卡，每天（墙钟时间）可模拟的纳秒数（每秒 MD 步数 × 步长 × 86400 秒 / "
    "10^6 fs/ns），来自引擎的估算。"};
const Column kUserTps{
    c_user_tps,
    "user_tps",
    "Tok/s each",
    "每人 tok/s",
    always_shown,
    1.2f,
    "Output tokens per second each user sees with every user in flight (continuous batching).",
    "所有用户同时在线时，每个用户看到的输出 token/s（连续批处理）。",
    "tok/s",
    "tok/s"};
const Column kTtft{
    c_ttft,
    "ttft",
    "First token p50/p95, s",
    "首 token p50/p95（秒）",
    always_shown,
    2.0f,
    "Time to first token in seconds: median (p50) and 95th percentile (p95). The prefill queue is "
    "M/D/1: p95 from Erlang's exact waiting-time distribution (≤: Kingman's upper bound at high "
    "load), plus one decode step. Open a row for the formula.",
    "首 token 时间（秒）：中位数 (p50) 与第 95 百分位 (p95)。预填充排队按 M/D/1："
    "p95 取 Erlang 的精确等待时间分布（≤：高负载时取 Kingman 上限），再加一个解码步。"
    "展开方案可查看公式。",
    "TTFT s",
    "首 token"};
const Column kMaxUsers{c_max_users,
                       "max_users",
                       "Users held",
                       "可容纳用户",
                       hide_narrow,
                       1.05f,
                       "Most sequences whose KV cache fits beside the weights on this card (vLLM: within its "
                       "gpu_memory_utilization share).",
                       "权重之外，KV 缓存还能放下的最多序列数（vLLM：在 gpu_memory_utilization 比例之内）。"};
const Column kPerDay{
    c_per_day,
    "per_day",
    "Per day",
    "每天",
    always_shown,
    0.95f,
    "The period's bill divided by its days (the idle policy's stopped hours are not billed).",
    "整个期间的账单除以天数（空闲策略停机的小时不计费）。",
    "/day",
    "每天"};
const Column kPerMtok{
    c_per_mtok,
    "per_mtok",
    "Per 1M tok",
    "每百万 token",
    hide_tiny,
    1.0f,
    "The period's bill per million output tokens, at the modelled load over every paid hour.",
    "整个期间账单折合每百万输出 token（按模型负载持续所有计费小时）。"};
const Column kPeriod{c_cost,
                     "period",
                     "Period",
                     "整个期间",
                     hide_narrow,
                     1.05f,
                     "Everything the service costs over the period you gave: the paid hours as billed, "
                     "storage, transfer, minus discounts.",
                     "在你给定的在线时长内，服务的全部费用：按计费规则的计费小时、存储、流量，减去优惠。"};

const std::vector<Column>& columns(ResultKind kind) {
  static const std::vector<Column> job = {kSel,  kRank, kGpu,     kProvider, kPricing, kDone,
                                          kCost, kCo2,  kPerHour, kMemory,   kRisk,    kDate};
  static const std::vector<Column> md = {kSel,  kRank, kGpu,     kProvider, kPricing, kDone, kNsDay,
                                         kCost, kCo2,  kPerHour, kMemory,   kRisk,    kDate};
  // Every service row is on demand (spot is left out), so there is no pricing column.
  static const std::vector<Column> serve = [] {
    std::vector<Column> v = {kSel,     kRank,   kGpu,    kProvider, kUserTps, kTtft, kMaxUsers, kPerDay,
                             kPerMtok, kPeriod, kMemory, kCo2,      kPerHour, kRisk, kDate};
    // The batch job's extras give way first below 1100 px (they are in the opened row).
    for (std::size_t i = 10; i < v.size(); ++i) v[i].hide = hide_wide;
    return v;
  }();
  return kind == ResultKind::serve ? serve : kind == ResultKind::md ? md : job;
}

const char* label_text(const Column& c, bool tiny) {
  return tiny && c.short_en ? tr(c.short_en, c.short_zh) : tr(c.en, c.zh);
}

// "+AMP + checkpointing", "+8-bit Adam + micro-batch 1": the row's short label (change_label, the
// engine's one table of changes); the tooltip has the sentence.
std::string change_tag(const Row& row) {
  return row.change.empty() ? std::string() : "+" + std::string(tr(row.change_label));
}

const char* risk_label(Risk r) {
  return r == Risk::high ? tr("high", "高") : r == Risk::medium ? tr("medium", "中") : tr("low", "低");
}

double sort_key(const AppState& s, const Row& r, int col) {
  const bool sv = r.serve && r.serve_cost;
  switch (col) {
    case c_done:
      return r.finish_hours.likely;
    case c_cost:
      return r.cost.likely;
    case c_per_hour:
      return r.price_per_hour_after;
    case c_memory:
      return r.headroom_gib;
    case c_risk:
      return static_cast<double>(r.risk);
    case c_date:
      return r.price_age_months;
    case c_co2:  // kg CO2e; unknown sorts after every known figure (ascending)
      return r.energy.kg_co2e ? *r.energy.kg_co2e : 1e300;
    case c_ns_day:
      return row_ns_per_day(s, r);
    case c_user_tps:
      return sv ? r.serve->user_tps : 0;
    case c_ttft:
      return sv ? r.serve->ttft_s : 1e300;
    case c_max_users:
      return sv ? r.serve->max_users : 0;
    case c_per_day:
      return sv ? r.serve_cost->cost_per_day : 1e300;
    case c_per_mtok:
      return sv ? r.serve_cost->cost_per_mtok : 1e300;
    default:
      return r.rank;
  }
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

void draw_gpu_cell(const Row& row) {
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
  // The Pareto dot and a change tag follow the name. A tag that does not fit beside the name (a 390 px
  // phone: "+AMP + checkpointing") goes on its own line below it, wrapped, so it is read whole rather than
  // cut to "+in…"; the dot is left out only when it would be cut in half (the plot shows the front too).
  const float spacing = ImGui::GetStyle().ItemSpacing.x;
  const std::string tag = change_tag(row);
  const float name_w = ImGui::CalcTextSize(gpu.c_str()).x;
  const float tag_w = tag.empty() ? 0 : ImGui::CalcTextSize(tag.c_str()).x + spacing;
  const float dot_w = ImGui::CalcTextSize("●").x + spacing;
  const float gpu_avail = ImGui::GetContentRegionAvail().x;
  const bool tag_beside = name_w + tag_w <= gpu_avail;
  ImGui::TextColored(color_v(row.rank == 1 ? Tone::accent : Tone::text), "%s", gpu.c_str());
  item_tooltip((row.gpu_name + (row.interconnect.empty() ? "" : "\n" + tr(row.interconnect))).c_str());
  if (!tag.empty() && tag_beside) {
    ImGui::SameLine();
    ImGui::TextColored(color_v(Tone::warn), "%s", tag.c_str());
    item_tooltip(tr(row.change_text).c_str());
  }
  if (row.pareto && name_w + (tag_beside ? tag_w : 0) + dot_w <= gpu_avail) {
    ImGui::SameLine();
    ImGui::TextColored(color_v(Tone::good), "●");
    item_tooltip(tr("On the Pareto front: nothing else is both cheaper and faster.",
                    "位于帕累托前沿：没有其他方案既更便宜又更快。"));
  }
  if (!tag.empty() && !tag_beside) {
    ImGui::PushStyleColor(ImGuiCol_Text, color_v(Tone::warn));
    ImGui::PushTextWrapPos(0);
    ImGui::TextUnformatted(tag.c_str());
    ImGui::PopTextWrapPos();
    ImGui::PopStyleColor();
    item_tooltip(tr(row.change_text).c_str());
  }
}

// "0.36 / 0.52" (p50 / p95, seconds); "≤" marks Kingman's bound; "?" where the queue has no steady state.
// Two decimals always, so the column's figures line up ("0.10", not "0.1").
std::string two(double v) {
  char b[32];
  std::snprintf(b, sizeof b, "%.2f", std::isfinite(v) ? v : 0.0);
  return b;
}

std::string ttft_text(const ServePerf& p) {
  const std::string p95 =
      p.ttft_p95_s > 0 ? std::string(p.queue_p95_bound ? "≤" : "") + two(p.ttft_p95_s) : std::string("?");
  return two(p.ttft_s) + " / " + p95;
}

void draw_cell(AppState& s, const Row& row, Col id) {
  const std::string& cur = s.report.currency;
  const bool sv = row.serve && row.serve_cost;
  switch (id) {
    case c_sel:
    case c_rank:
      break;  // drawn first, by draw_row
    case c_gpu:
      draw_gpu_cell(row);
      break;
    case c_provider: {
      // The region only when it fits: a clipped "lowest tier (" says less than the provider alone. When
      // even the provider is cut ("Compshare (UCl"), its bracket goes, then the rest ends in "…"; the hover
      // has it all.
      const std::string where = tr(row.provider_name) + (row.region.empty() ? "" : " · " + tr(row.region));
      const std::string shown = fit_label(where, tr(row.provider_name), ImGui::GetContentRegionAvail().x);
      ImGui::TextUnformatted(shown.c_str());
      if (shown != where && ImGui::IsItemHovered()) item_tooltip(where.c_str());
      break;
    }
    case c_pricing:
      ImGui::TextColored(color_v(row.pricing == Pricing::spot ? Tone::warn : Tone::text), "%s",
                         pricing_label(row.pricing));
      break;
    case c_done:
      right_text(row.work_known ? hours(row.finish_hours.likely) : std::string("?"));
      if (ImGui::IsItemHovered()) item_tooltip(hours_range(row.finish_hours).c_str());
      break;
    case c_cost:
      right_text(money(row.cost.likely, cur), row.rank == 1 ? Tone::accent : Tone::text);
      if (ImGui::IsItemHovered()) item_tooltip(money_range(row.cost, cur).c_str());
      break;
    case c_co2:
      // The unknown is said in words, never drawn as 0 (energy.hpp).
      right_text(!row.work_known      ? std::string("?")
                 : row.energy.kg_co2e ? format_kg_co2e(row.energy, ui_lang())
                                      : std::string(tr("unknown", "未知")),
                 row.energy.kg_co2e ? Tone::text : Tone::muted);
      if (row.work_known && ImGui::IsItemHovered()) item_tooltip(tr(energy_line(row.energy)).c_str());
      break;
    case c_per_hour:
      right_text(money(row.price_per_hour_after, cur));
      break;
    case c_memory:
      right_text(plain(row.need_gib, 1) + " / " + plain(row.vram_gib, 0) + " GiB",
                 row.fit == Fit::tight    ? Tone::warn
                 : row.fit == Fit::no_fit ? Tone::bad
                                          : Tone::text);
      break;
    case c_risk: {
      ImGui::TextColored(color_v(risk_tone(row.risk)), "%s", risk_label(row.risk));
      // The risk's sentences come with the row's explanation: hovering builds it, once (detailed_row).
      const std::size_t i = static_cast<std::size_t>(&row - s.report.rows.data());
      if (ImGui::IsItemHovered() && i < s.report.rows.size()) {
        std::string t;
        for (const Text& r : detailed_row(s, i).risks) t += "• " + tr(r) + "\n";
        if (!t.empty()) item_tooltip(t.c_str());
      }
      break;
    }
    case c_date: {
      // A derived price is marked "*", not "(derived)", which the column cut off at 1280 px (12-06); the
      // tooltip says what the mark means.
      std::string date = (row.price_estimate ? "~" : "") + row.price_date + (row.price_derived ? "*" : "");
      ImGui::TextColored(color_v(row.price_stale ? Tone::warn : Tone::muted), "%s", date.c_str());
      std::string tip;
      if (row.price_derived)
        tip = tr("* Spot price worked out from the provider's typical discount, not listed.",
                 "* 竞价价格按平台典型折扣推算，并非标价。");
      if (row.price_stale)
        tip += (tip.empty() ? "" : "\n") + std::string(tr("This price is old; check the provider's page.",
                                                          "此价格较旧，请到平台官网核实。"));
      if (!tip.empty()) item_tooltip(tip.c_str());
      if (row.price_edited) {
        ImGui::SameLine();
        ImGui::TextColored(color_v(Tone::accent), "%s", tr("edited", "已改"));
      }
      break;
    }
    case c_ns_day: {
      const double ns = row_ns_per_day(s, row);
      right_text(ns > 0 ? plain(ns, ns >= 100 ? 0 : 1) : std::string("?"), ns > 0 ? Tone::text : Tone::muted);
      break;
    }
    case c_user_tps:
      right_text(sv ? plain(row.serve->user_tps, 1) : std::string("?"));
      break;
    case c_ttft:
      right_text(sv ? ttft_text(*row.serve) : std::string("?"));
      if (sv && ImGui::IsItemHovered())
        item_tooltip((std::string(tr("p50 ", "中位数 ")) + plain(row.serve->ttft_s, 3) +
                      tr(" s · p95 ", " 秒 · p95 ") +
                      (row.serve->ttft_p95_s > 0 ? plain(row.serve->ttft_p95_s, 3) + tr(" s", " 秒")
                                                 : std::string(tr("unknown (overloaded)", "未知（过载）"))) +
                      (row.serve->queue_p95_bound ? tr(" (upper bound)", "（上限）") : ""))
                         .c_str());
      break;
    case c_max_users:
      right_text(sv ? plain(row.serve->max_users, 0) : std::string("?"),
                 sv && row.serve->max_users < row.serve->concurrency ? Tone::bad : Tone::text);
      break;
    case c_per_day:
      right_text(sv ? money(row.serve_cost->cost_per_day, cur) : std::string("?"),
                 row.rank == 1 ? Tone::accent : Tone::text);
      break;
    case c_per_mtok:
      right_text(sv ? fine_money(row.serve_cost->cost_per_mtok, cur) : std::string("?"));
      break;
  }
}

}  // namespace

ResultKind result_kind(const AppState& s) {
  for (const Row& r : s.report.rows)
    if (r.serve && r.serve_cost) return ResultKind::serve;
  const Workload& w = s.scenario.workload;
  return w.md_timestep_fs > 0 && w.mode == Mode::compute ? ResultKind::md : ResultKind::job;
}

int result_columns(ResultKind kind) {
  return static_cast<int>(columns(kind).size());
}

const char* result_table_id(ResultKind kind) {
  return kind == ResultKind::serve ? "ranked_serve" : kind == ResultKind::md ? "ranked_md" : "ranked";
}

void setup_result_columns(ResultKind kind, float width, float sc) {
  for (const Column& c : columns(kind)) {
    ImGuiTableColumnFlags f = 0;
    if ((c.hide == hide_tiny && width < 480 * sc) || (c.hide == hide_narrow && width < 760 * sc) ||
        (c.hide == hide_wide && width < 1100 * sc))
      f |= ImGuiTableColumnFlags_Disabled;
    const ImGuiID id = static_cast<ImGuiID>(c.id);
    if (c.id == c_sel) {
      // Very narrow, the GPU name matters more than choosing rows for the cost bars.
      ImGui::TableSetupColumn(c.en,
                              f | ImGuiTableColumnFlags_NoSort | ImGuiTableColumnFlags_WidthFixed |
                                  ImGuiTableColumnFlags_NoResize,
                              ImGui::GetFrameHeight(), id);
    } else if (c.id == c_rank) {
      ImGui::TableSetupColumn(c.en, f | ImGuiTableColumnFlags_DefaultSort | ImGuiTableColumnFlags_WidthFixed,
                              ImGui::GetFontSize() * 2.6f, id);
    } else {
      const bool text = c.id == c_gpu || c.id == c_provider || c.id == c_pricing;
      // Bigger is better for memory headroom, speed, ns/day and users held: those sort descending first.
      const bool more_better =
          c.id == c_memory || c.id == c_user_tps || c.id == c_ns_day || c.id == c_max_users;
      if (!text)
        f |= more_better ? ImGuiTableColumnFlags_PreferSortDescending
                         : ImGuiTableColumnFlags_PreferSortAscending;
      ImGui::TableSetupColumn(label_text(c, width < 480 * sc), f | ImGuiTableColumnFlags_WidthStretch,
                              c.weight, id);
    }
  }
}

void result_header(ResultKind kind, int position) {
  const Column& c = columns(kind)[static_cast<std::size_t>(position)];
  ImGui::TableHeader(ImGui::TableGetColumnName(position));
  remember_rect(("res_header_" + std::to_string(position)).c_str());
  remember_rect((std::string("res_col_") + c.key).c_str());
  if (c.tip_en) item_tooltip(tr(c.tip_en, c.tip_zh));
}

void sort_rows(AppState& s) {
  const auto& rows = s.report.rows;
  s.res.order.resize(rows.size());
  for (std::size_t i = 0; i < rows.size(); ++i) s.res.order[i] = static_cast<int>(i);
  const int col = s.res.sort.column;
  const bool desc = s.res.sort.descending;
  std::stable_sort(s.res.order.begin(), s.res.order.end(), [&](int a, int b) {
    const Row& ra = rows[static_cast<std::size_t>(a)];
    const Row& rb = rows[static_cast<std::size_t>(b)];
    if (col == c_gpu || col == c_provider || col == c_pricing) {
      const std::string ta = col == c_gpu        ? ra.gpu_name
                             : col == c_provider ? tr(ra.provider_name)
                                                 : pricing_label(ra.pricing);
      const std::string tb = col == c_gpu        ? rb.gpu_name
                             : col == c_provider ? tr(rb.provider_name)
                                                 : pricing_label(rb.pricing);
      return desc ? tb < ta : ta < tb;
    }
    const double ka = sort_key(s, ra, col), kb = sort_key(s, rb, col);
    return desc ? kb < ka : ka < kb;
  });
  s.res.order_dirty = false;
}

void draw_row(AppState& s, const Row& row, ResultKind kind, bool& expanded_now) {
  const std::string key = row_key(row);
  const bool expanded = s.res.expanded.count(key) > 0;
  ImGui::TableNextRow();
  ImGui::PushID(key.c_str());
  const std::vector<Column>& cols = columns(kind);
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
  for (std::size_t i = 2; i < cols.size(); ++i)
    if (ImGui::TableSetColumnIndex(static_cast<int>(i))) draw_cell(s, row, cols[i].id);
  ImGui::PopID();
  expanded_now = expanded;
}

double row_ns_per_day(const AppState& s, const Row& row) {
  const Workload& w = s.scenario.workload;
  if (w.md_timestep_fs <= 0 || w.mode != Mode::compute || !row.change.empty()) return 0;
  if (row.offer_index >= s.catalog.offers.size()) return 0;
  const Gpu* g = s.catalog.gpu(row.gpu);
  if (!g) return 0;
  // One estimate per GPU, card count and offer for each ranking (the rows of one offer share it).
  static std::map<std::pair<std::string, int>, double> cache;
  static long cached_run = -1;
  if (cached_run != s.engine_runs) cache.clear(), cached_run = s.engine_runs;
  const auto k = std::make_pair(row.offer, row.cards);
  if (const auto it = cache.find(k); it != cache.end()) return it->second;
  const Offer& o = s.catalog.offers[row.offer_index];
  EstimateOptions eo;
  eo.gpu_count = row.cards;
  eo.derate = o.derate;
  eo.explain = false;
  eo.nodes = row.nodes;
  eo.node = row.nodes > 1 ? &o : nullptr;
  const GpuEstimate e = estimate(w, *g, s.catalog, eo);
  const double ns = e.supported ? md_ns_per_day(e.throughput, w.md_timestep_fs) : 0;
  cache.emplace(k, ns);
  return ns;
}

const char* pricing_label(Pricing p) {
  return p == Pricing::spot ? tr("Spot", "竞价") : tr("On-demand", "按量");
}

Tone risk_tone(Risk r) {
  return r == Risk::high ? Tone::bad : r == Risk::medium ? Tone::warn : Tone::good;
}

void right_text(const std::string& t, Tone tone) {
  const float w = ImGui::CalcTextSize(t.c_str()).x;
  ImGui::SetCursorPosX(ImGui::GetCursorPosX() + std::max(0.0f, ImGui::GetContentRegionAvail().x - w));
  ImGui::TextColored(color_v(tone), "%s", t.c_str());
}

std::string fine_money(double amount, const std::string& currency) {
  if (!(amount > 0) || amount >= 1) return money(amount, currency);
  const std::string n = plain(amount, 3);
  if (currency == "CNY") return "¥" + n;
  if (currency == "USD") return "$" + n;
  return n + " " + currency;
}

}  // namespace gw::app
