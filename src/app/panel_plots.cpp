// Main panel, bottom: the answer as pictures, drawn with ImGui's draw lists (no plotting library).
//   - total cost against time to done, log-log, with the Pareto front of the pick's job and the deadline
//     and budget lines (a service: cost a day against tokens/s per user, with the target and a day's
//     budget);
//   - the bill of the ticked rows (or the top three) as stacked bars;
//   - memory per card, term by term, against each card's VRAM.
// Every mark has a tooltip; clicking a point opens its row in the table.
#include <algorithm>
#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include "app/app.hpp"
#include "app/format.hpp"
#include "app/i18n.hpp"
#include "app/theme.hpp"
#include "app/widgets.hpp"
#include "imgui.h"
#include "platform/platform.hpp"

namespace gw::app {

namespace {

ImU32 hex(int rgb, float a = 1.0f) {
  return IM_COL32((rgb >> 16) & 0xFF, (rgb >> 8) & 0xFF, rgb & 0xFF, static_cast<int>(a * 255));
}

void dashed(ImDrawList* dl, ImVec2 a, ImVec2 b, ImU32 col, float thick, float dash) {
  const float len = std::hypot(b.x - a.x, b.y - a.y);
  if (len <= 0) return;
  const ImVec2 d((b.x - a.x) / len, (b.y - a.y) / len);
  for (float t = 0; t < len; t += dash * 2) {
    const float e = std::min(len, t + dash);
    dl->AddLine(ImVec2(a.x + d.x * t, a.y + d.y * t), ImVec2(a.x + d.x * e, a.y + d.y * e), col, thick);
  }
}

// Log-scale ticks: 1-2-5 steps inside [lo, hi].
std::vector<double> log_ticks(double lo, double hi) {
  std::vector<double> out;
  const double span = std::log10(hi / lo);
  const int start = static_cast<int>(std::floor(std::log10(lo)));
  const int end = static_cast<int>(std::ceil(std::log10(hi)));
  for (int e = start; e <= end; ++e) {
    for (double m : {1.0, 2.0, 5.0}) {
      if (span > 2.5 && m != 1.0) continue;
      const double v = m * std::pow(10.0, e);
      if (v >= lo * 0.999 && v <= hi * 1.001) out.push_back(v);
    }
  }
  return out;
}

std::string short_money(double v, const std::string& cur) {
  const std::string sym = cur == "CNY" ? "¥" : "$";
  if (v >= 1e6) return sym + plain(v / 1e6, 1) + "M";
  if (v >= 1e4) return sym + plain(v / 1e3, 0) + "k";
  return sym + plain(v, v < 10 ? 1 : 0);
}

std::string short_hours(double h) {
  if (h < 1) return plain(h * 60, 0) + tr("m", "分");
  if (h < 48) return plain(h, h < 10 ? 1 : 0) + tr("h", "时");
  return plain(h / 24, h < 240 ? 1 : 0) + tr("d", "天");
}

struct Point {
  const Row* row;
  ImVec2 p;
};

// What the scatter plots: a batch job's total cost against its time to done, or a service's cost a day
// against the tokens/s each user sees (every service row has the same period, so its time to done would
// be a column of dots).
struct ScatterSpec {
  const char* title;
  const char* x_label;
  std::string y_label;
  double (*x)(const Row&);  // <= 0: not plotted
  double (*y)(const Row&);
  std::string (*x_tick)(double);
  std::string (*y_tick)(double, const std::string& currency);
  std::optional<double> x_line, y_line;  // the deadline / the tokens/s target; the budget (a day)
  const char* x_line_label = "";
  const char* y_line_label = "";
  const char* front_label = "";
  std::vector<char> front;  // per row: on the front drawn as a line
  const char* empty_text = "";
};

double job_x(const Row& r) {
  return r.work_known ? r.finish_hours.likely : 0;
}
double job_y(const Row& r) {
  return r.cost.likely;
}
double serve_x(const Row& r) {
  return r.serve ? r.serve->user_tps : 0;
}
double serve_y(const Row& r) {
  return r.serve_cost ? r.serve_cost->cost_per_day : 0;
}
std::string tps_tick(double v) {
  return plain(v, v < 10 ? 1 : 0);
}
std::string money_tick(double v, const std::string& cur) {
  return short_money(v, cur);
}

ScatterSpec job_spec(const AppState& s) {
  const auto& c = s.scenario.constraints;
  ScatterSpec sp;
  sp.title = tr("Total cost against time to done", "总费用与完成用时");
  sp.x_label = tr("time to done (log scale)", "完成用时（对数刻度）");
  sp.y_label = std::string(tr("cost, ", "费用，")) + s.report.currency + tr(" (log)", "（对数）");
  sp.x = job_x;
  sp.y = job_y;
  sp.x_tick = short_hours;
  sp.y_tick = money_tick;
  sp.x_line = c.deadline_hours;
  sp.x_line_label = tr("deadline", "截止");
  if (c.budget && *c.budget > 0) sp.y_line = c.budget;
  sp.y_line_label = tr("budget", "预算");
  // The front runs through the rows running the pick's job only (recommend_rank.cpp).
  sp.front_label = tr("same-job Pareto", "同任务帕累托前沿");
  for (const Row& r : s.report.rows) sp.front.push_back(r.pareto);
  sp.empty_text = tr("No time estimate: give the amount of work (samples and epochs, or tokens).",
                     "没有时间估计：请填写工作量（样本数和轮数，或 token 数）。");
  return sp;
}

ScatterSpec serve_spec(const AppState& s) {
  const Workload& w = s.scenario.workload;
  const auto& c = s.scenario.constraints;
  ScatterSpec sp;
  sp.title = tr("Cost a day against tokens/s per user", "每天费用与每用户 token/s");
  sp.x_label = tr("tokens/s each user sees (log scale)", "每个用户的 token/s（对数刻度）");
  sp.y_label = std::string(tr("cost a day, ", "每天费用，")) + s.report.currency + tr(" (log)", "（对数）");
  sp.x = serve_x;
  sp.y = serve_y;
  sp.x_tick = tps_tick;
  sp.y_tick = money_tick;
  if (w.serve_user_tps > 0) sp.x_line = w.serve_user_tps;
  sp.x_line_label = tr("target", "目标");
  // The budget is for the whole period: a day's share of it.
  if (c.budget && *c.budget > 0 && w.serve_hours > 0) sp.y_line = *c.budget / (w.serve_hours / 24);
  sp.y_line_label = tr("budget a day", "每天预算");
  // Nothing else both cheaper a day and faster per user (rows running the same model; quantized rows
  // are marked in the table).
  sp.front_label = tr("Pareto front", "帕累托前沿");
  const auto& rows = s.report.rows;
  for (const Row& r : rows) {
    bool beaten = serve_x(r) <= 0 || serve_y(r) <= 0;
    for (const Row& q : rows)
      beaten = beaten || (&q != &r && serve_x(q) > 0 && serve_y(q) > 0 && serve_x(q) >= serve_x(r) &&
                          serve_y(q) <= serve_y(r) && (serve_x(q) > serve_x(r) || serve_y(q) < serve_y(r)));
    sp.front.push_back(!beaten);
  }
  sp.empty_text = tr("No serving estimate for these rows.", "这些方案没有服务估算。");
  return sp;
}

void draw_scatter(AppState& s, ImVec2 size) {
  const Report& r = s.report;
  const float sc = s.scale;
  const bool serve = !r.rows.empty() && r.rows.front().serve && r.rows.front().serve_cost;
  const ScatterSpec sp = serve ? serve_spec(s) : job_spec(s);
  ImGui::BeginChild("scatter", size, true, ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse);
  ImGui::TextUnformatted(sp.title);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  if (avail.x < 120 * sc || avail.y < 90 * sc) {
    ImGui::EndChild();
    return;
  }
  double x0 = 1e300, x1 = 0, y0 = 1e300, y1 = 0;
  for (const Row& row : r.rows) {
    if (sp.x(row) <= 0 || sp.y(row) <= 0) continue;
    x0 = std::min(x0, sp.x(row));
    x1 = std::max(x1, sp.x(row));
    y0 = std::min(y0, sp.y(row));
    y1 = std::max(y1, sp.y(row));
  }
  if (x1 <= 0) {
    ImGui::TextColored(color_v(Tone::muted), "%s", sp.empty_text);
    ImGui::EndChild();
    return;
  }
  if (sp.x_line && *sp.x_line > 0 && *sp.x_line < x1 * 3 && *sp.x_line > x0 / 3)
    x0 = std::min(x0, *sp.x_line), x1 = std::max(x1, *sp.x_line);
  if (sp.y_line && *sp.y_line < y1 * 3 && *sp.y_line > 0) y1 = std::max(y1, *sp.y_line);
  x0 /= 1.3, x1 *= 1.3, y0 /= 1.3, y1 *= 1.3;
  if (x1 / x0 < 4) x0 /= 2, x1 *= 2;
  if (y1 / y0 < 4) y0 /= 2, y1 *= 2;

  // The legend sits top right, beside the cost axis label; where both do not fit on one line (a phone),
  // it takes a line of its own below the label.
  struct Item {
    const char* text;
    ImU32 col;
    int kind;  // 0 dot, 1 line, 2 ring
  };
  std::vector<Item> items;
  items.push_back({tr("on-demand", "按量"), color(Tone::accent), 0});
  if (!serve) items.push_back({tr("spot", "竞价"), color(Tone::warn), 0});  // a service is never on spot
  items.push_back({sp.front_label, color(Tone::good), 1});
  items.push_back({tr("the pick", "推荐"), color(Tone::text), 2});
  const std::string& yl = sp.y_label;
  float legend_w = 0;
  for (const Item& it : items) legend_w += ImGui::CalcTextSize(it.text).x + 22 * sc;
  const float line = ImGui::GetFontSize() + 4 * sc;
  const bool legend_below = ImGui::CalcTextSize(yl.c_str()).x + 16 * sc + legend_w > avail.x - 12 * sc;
  const float left = 58 * sc, bottom = 38 * sc, top = 22 * sc + (legend_below ? line : 0), right = 12 * sc;
  const ImVec2 a(origin.x + left, origin.y + top);
  const ImVec2 b(origin.x + avail.x - right, origin.y + avail.y - bottom);
  auto px = [&](double h) {
    return a.x + static_cast<float>(std::log(h / x0) / std::log(x1 / x0)) * (b.x - a.x);
  };
  auto py = [&](double m) {
    return b.y - static_cast<float>(std::log(m / y0) / std::log(y1 / y0)) * (b.y - a.y);
  };

  const ImU32 grid = color(Tone::grid), muted = color(Tone::muted);
  dl->AddRectFilled(a, b, color(Tone::panel, 0.6f));
  for (double t : log_ticks(x0, x1)) {
    const float x = px(t);
    dl->AddLine(ImVec2(x, a.y), ImVec2(x, b.y), grid);
    const std::string l = sp.x_tick(t);
    dl->AddText(ImVec2(x - ImGui::CalcTextSize(l.c_str()).x / 2, b.y + 4 * sc), muted, l.c_str());
  }
  for (double t : log_ticks(y0, y1)) {
    const float y = py(t);
    dl->AddLine(ImVec2(a.x, y), ImVec2(b.x, y), grid);
    const std::string l = sp.y_tick(t, r.currency);
    const ImVec2 ts = ImGui::CalcTextSize(l.c_str());
    dl->AddText(ImVec2(a.x - ts.x - 6 * sc, y - ts.y / 2), muted, l.c_str());
  }
  dl->AddRect(a, b, grid);
  const ImVec2 xs = ImGui::CalcTextSize(sp.x_label);
  dl->AddText(ImVec2((a.x + b.x - xs.x) / 2, b.y + 4 * sc + xs.y + 2 * sc), muted, sp.x_label);
  dl->AddText(ImVec2(origin.x, origin.y + 2 * sc), muted, yl.c_str());

  dl->PushClipRect(a, b, true);
  if (sp.x_line && *sp.x_line > 0) {
    const float x = px(*sp.x_line);
    dashed(dl, ImVec2(x, a.y), ImVec2(x, b.y), color(Tone::warn, 0.8f), 1.5f * sc, 5 * sc);
    dl->AddText(ImVec2(x + 4 * sc, a.y + 2 * sc), color(Tone::warn), sp.x_line_label);
  }
  if (sp.y_line && *sp.y_line > 0) {
    const float y = py(*sp.y_line);
    dashed(dl, ImVec2(a.x, y), ImVec2(b.x, y), color(Tone::bad, 0.8f), 1.5f * sc, 5 * sc);
    dl->AddText(ImVec2(a.x + 4 * sc, y - ImGui::GetFontSize() - 2 * sc), color(Tone::bad), sp.y_line_label);
  }

  std::vector<Point> pts;
  std::vector<Point> front;
  for (std::size_t i = 0; i < r.rows.size(); ++i) {
    const Row& row = r.rows[i];
    if (sp.x(row) <= 0 || sp.y(row) <= 0) continue;
    pts.push_back({&row, ImVec2(px(sp.x(row)), py(sp.y(row)))});
    if (i < sp.front.size() && sp.front[i]) front.push_back(pts.back());
  }
  std::sort(front.begin(), front.end(), [](const Point& p, const Point& q) { return p.p.x < q.p.x; });
  for (std::size_t i = 1; i < front.size(); ++i)
    dl->AddLine(front[i - 1].p, front[i].p, color(Tone::good, 0.85f), 2.0f * sc);
  const float rad = 3.5f * sc;
  for (const Point& p : pts) {
    const ImU32 col = p.row->pricing == Pricing::spot ? color(Tone::warn, 0.75f) : color(Tone::accent, 0.75f);
    dl->AddCircleFilled(p.p, rad, col, 12);
    const std::size_t i = static_cast<std::size_t>(p.row - r.rows.data());
    if (i < sp.front.size() && sp.front[i])
      dl->AddCircle(p.p, rad + 1.5f * sc, color(Tone::good), 12, 1.5f * sc);
  }
  if (!r.rows.empty() && !pts.empty() && pts.front().row == &r.rows.front()) {
    dl->AddCircle(pts.front().p, rad + 5 * sc, color(Tone::text), 20, 2.0f * sc);
  }
  // Hover: the nearest point within reach; the table's hovered row is ringed too.
  const ImVec2 m = ImGui::GetIO().MousePos;
  const Point* near = nullptr;
  float best = (10 * sc) * (10 * sc);
  if (ImGui::IsWindowHovered()) {
    for (const Point& p : pts) {
      const float d = (p.p.x - m.x) * (p.p.x - m.x) + (p.p.y - m.y) * (p.p.y - m.y);
      if (d < best) best = d, near = &p;
    }
  }
  for (const Point& p : pts)
    if (row_key(*p.row) == s.res.hovered)
      dl->AddCircle(p.p, rad + 4 * sc, color(Tone::text, 0.8f), 16, 1.5f * sc);
  dl->PopClipRect();

  float lx = b.x - legend_w;
  const float ly = origin.y + 2 * sc + (legend_below ? line : 0);
  for (const Item& it : items) {
    const ImVec2 cpt(lx + 6 * sc, ly + ImGui::GetFontSize() / 2);
    if (it.kind == 0) dl->AddCircleFilled(cpt, rad, it.col, 12);
    if (it.kind == 1)
      dl->AddLine(ImVec2(cpt.x - 6 * sc, cpt.y), ImVec2(cpt.x + 6 * sc, cpt.y), it.col, 2 * sc);
    if (it.kind == 2) dl->AddCircle(cpt, rad + 2 * sc, it.col, 16, 1.5f * sc);
    dl->AddText(ImVec2(lx + 16 * sc, ly), muted, it.text);
    lx += ImGui::CalcTextSize(it.text).x + 22 * sc;
  }

  ImGui::InvisibleButton("plot_area", avail);
  remember_rect("plot");
  if (near) {
    const Row& row = *near->row;
    s.res.hovered = row_key(row);
    ImGui::BeginTooltip();
    ImGui::Text("#%d  %s%s", row.rank, row.gpu_name.c_str(),
                row.cards > 1 ? (" ×" + std::to_string(row.cards)).c_str() : "");
    ImGui::Text("%s · %s · %s", tr(row.provider_name).c_str(), tr(row.region).c_str(),
                row.pricing == Pricing::spot ? tr("spot", "竞价") : tr("on-demand", "按量"));
    if (row.serve && row.serve_cost) {
      const ServePerf& p = *row.serve;
      ImGui::Text("%s %s · %s %s", plain(p.user_tps, 1).c_str(), tr("tokens/s per user", "每用户 token/s"),
                  tr("first token", "首 token"),
                  (plain(p.ttft_s, 2) + " / " + (p.ttft_p95_s > 0 ? plain(p.ttft_p95_s, 2) : "?") +
                   tr(" s (p50 / p95)", " 秒（p50 / p95）"))
                      .c_str());
      ImGui::Text("%s %s · %s %s", tr("a day", "每天"),
                  money(row.serve_cost->cost_per_day, r.currency).c_str(), tr("period", "整个期间"),
                  money(row.cost.likely, r.currency).c_str());
    } else {
      ImGui::Text("%s %s", tr("Done in", "用时"), hours_range(row.finish_hours).c_str());
      ImGui::Text("%s %s", tr("Total", "总费用"), money_range(row.cost, r.currency).c_str());
    }
    const std::size_t i = static_cast<std::size_t>(&row - r.rows.data());
    if (i < sp.front.size() && sp.front[i])
      ImGui::TextColored(
          color_v(Tone::good), "%s",
          serve ? tr("on the Pareto front: nothing else is both cheaper a day and faster per user",
                     "位于帕累托前沿：没有其他方案既每天更便宜、每用户又更快")
                : tr("on the Pareto front of the pick's job (rows running another job are not compared)",
                     "位于与首选同一任务的帕累托前沿（运行不同任务的行不参与比较）"));
    ImGui::TextColored(color_v(Tone::muted), "%s",
                       tr("Click to open it in the table.", "点击在表格中展开。"));
    ImGui::EndTooltip();
    if (ImGui::IsItemClicked()) {
      s.res.expanded.insert(row_key(row));
      platform::request_frames();
    }
  }
  ImGui::EndChild();
}

// Rows the bars compare: the ticked ones, else the top three.
std::vector<const Row*> compared_rows(const AppState& s) {
  std::vector<const Row*> out;
  for (int i : s.res.order) {
    if (static_cast<std::size_t>(i) >= s.report.rows.size()) continue;
    const Row& r = s.report.rows[static_cast<std::size_t>(i)];
    if (s.res.selected.count(row_key(r))) out.push_back(&r);
  }
  if (out.empty())
    for (std::size_t i = 0; i < s.report.rows.size() && i < 3; ++i) out.push_back(&s.report.rows[i]);
  if (out.size() > 8) out.resize(8);
  return out;
}

struct Segment {
  const char* en;
  const char* zh;
  int rgb;
};

void legend(const Segment* segs, int n, float sc) {
  ImDrawList* dl = ImGui::GetWindowDrawList();
  for (int i = 0; i < n; ++i) {
    const ImVec2 p = ImGui::GetCursorScreenPos();
    const float h = ImGui::GetFontSize();
    dl->AddRectFilled(ImVec2(p.x, p.y + h * 0.2f), ImVec2(p.x + h * 0.6f, p.y + h * 0.8f), hex(segs[i].rgb),
                      2 * sc);
    ImGui::Dummy(ImVec2(h * 0.7f, h));
    ImGui::SameLine(0, 2 * sc);
    ImGui::TextColored(color_v(Tone::muted), "%s", tr(segs[i].en, segs[i].zh));
    if (i + 1 < n) ImGui::SameLine(0, 10 * sc);
  }
}

// One horizontal stacked bar; returns the index of the hovered segment or -1.
int stacked_bar(const std::vector<double>& values, const Segment* segs, double scale_max, float width,
                float height, float sc) {
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImVec2 p = ImGui::GetCursorScreenPos();
  ImGui::InvisibleButton("bar", ImVec2(width, height));
  const bool hovered = ImGui::IsItemHovered();
  const ImVec2 m = ImGui::GetIO().MousePos;
  float x = p.x;
  int hit = -1;
  dl->AddRectFilled(p, ImVec2(p.x + width, p.y + height), color(Tone::panel), 3 * sc);
  for (std::size_t i = 0; i < values.size(); ++i) {
    if (values[i] <= 0 || scale_max <= 0) continue;
    const float w = static_cast<float>(values[i] / scale_max) * width;
    dl->AddRectFilled(ImVec2(x, p.y), ImVec2(x + w, p.y + height), hex(segs[i].rgb, 0.9f));
    if (hovered && m.x >= x && m.x < x + w) hit = static_cast<int>(i);
    x += w;
  }
  return hit;
}

// A bar chart's two columns: the row labels (at most 230 px), then the bars.
struct BarColumns {
  float label_w = 0;
  float bar_w = 0;
};
BarColumns bar_columns(float width, float sc) {
  const float label_w = std::min(width * 0.42f, 230 * sc);
  return {label_w, std::max(40 * sc, width - label_w - 80 * sc)};
}

// A bar's label in the label column, clipped at its edge; the cursor is left where the bar starts.
void bar_label(const std::string& label, const BarColumns& cols, float sc) {
  ImGui::AlignTextToFramePadding();
  const ImVec2 start = ImGui::GetCursorScreenPos();
  ImGui::PushClipRect(start, ImVec2(start.x + cols.label_w - 6 * sc, start.y + ImGui::GetFrameHeight()),
                      true);
  ImGui::TextUnformatted(label.c_str());
  ImGui::PopClipRect();
  ImGui::SameLine(0, 0);
  ImGui::SetCursorScreenPos(ImVec2(start.x + cols.label_w, start.y + 2 * sc));
}

void draw_cost_bars(AppState& s, float width) {
  const float sc = s.scale;
  const std::string& cur = s.report.currency;
  ImGui::TextUnformatted(tr("What you pay for", "费用构成"));
  ImGui::SameLine();
  ImGui::TextColored(color_v(Tone::muted), "%s",
                     s.res.selected.empty()
                         ? tr("(top three; tick rows to compare)", "（前三名；勾选表格行可比较）")
                         : tr("(ticked rows)", "（已勾选的行）"));
  // The bill's categories, from the engine's one table; its colour index picks from this palette.
  static const int palette[kBillCategories] = {0x5b9cf5, 0x9b7fe0, 0x4fb8c4, 0xe09a5b, 0x6cc98f};
  Segment segs[kBillCategories];
  for (const BillCategoryInfo& cat : bill_categories())
    segs[static_cast<int>(cat.category)] = {cat.label.en.c_str(), cat.label.in(Lang::zh).c_str(),
                                            palette[cat.colour % kBillCategories]};
  const int discount_rgb = palette[bill_category(BillCategory::discount).colour % kBillCategories];
  const auto rows = compared_rows(s);
  double mx = 0;
  for (const Row* r : rows) mx = std::max(mx, r->bill.total_before_discount.likely);
  const BarColumns cols = bar_columns(width, sc);
  for (const Row* r : rows) {
    ImGui::PushID(row_key(*r).c_str());
    const std::string label = "#" + std::to_string(r->rank) + " " + r->gpu_name +
                              (r->cards > 1 ? " ×" + std::to_string(r->cards) : "") + " · " +
                              tr(r->provider_name);
    bar_label(label, cols, sc);
    const Bill& b = r->bill;
    // Discount drawn as the part of the bar the user does not pay.
    std::vector<double> v;
    for (const BillCategoryInfo& cat : bill_categories())
      if (cat.category != BillCategory::discount) v.push_back((b.*cat.amount).likely);
    const int hit = stacked_bar(v, segs, mx, cols.bar_w, ImGui::GetFrameHeight() - 4 * sc, sc);
    const ImVec2 bmin = ImGui::GetItemRectMin(), bmax = ImGui::GetItemRectMax();
    if (b.discount.likely > 0 && mx > 0) {
      const float total_x = bmin.x + static_cast<float>(b.total_before_discount.likely / mx) * cols.bar_w;
      const float disc_w = static_cast<float>(b.discount.likely / mx) * cols.bar_w;
      ImDrawList* dl = ImGui::GetWindowDrawList();
      for (float x = total_x - disc_w; x < total_x; x += 5 * sc)
        dl->AddLine(ImVec2(x, bmax.y), ImVec2(std::min(total_x, x + 5 * sc), bmin.y), hex(discount_rgb),
                    1.5f * sc);
    }
    if (hit >= 0 || ImGui::IsItemHovered()) {
      ImGui::BeginTooltip();
      ImGui::Text("%s", label.c_str());
      for (const BillCategoryInfo& cat : bill_categories()) {
        const int i = static_cast<int>(cat.category);
        const double amount = (b.*cat.amount).likely;  // the discount is shown as what it takes off
        ImGui::TextColored(i == hit ? color_v(Tone::text) : color_v(Tone::muted), "%s: %s",
                           tr(cat.label).c_str(),
                           money(cat.category == BillCategory::discount ? -amount : amount, cur).c_str());
      }
      ImGui::Text("%s: %s", tr("total", "合计"), money(b.total.likely, cur).c_str());
      ImGui::EndTooltip();
    }
    ImGui::SameLine();
    ImGui::TextUnformatted(money(r->cost.likely, cur).c_str());
    ImGui::PopID();
  }
  legend(segs, kBillCategories, sc);
}

void draw_memory_bars(AppState& s, float width) {
  const float sc = s.scale;
  ImGui::TextUnformatted(tr("Memory per card against its VRAM", "单卡显存占用与显存容量"));
  static const Segment segs[] = {{"weights", "权重", 0x5b9cf5},     {"gradients", "梯度", 0x9b7fe0},
                                 {"optimizer", "优化器", 0xe09a5b}, {"activations", "激活", 0x4fb8c4},
                                 {"KV cache", "KV 缓存", 0xd97aa6}, {"overhead", "运行开销", 0x7d8797}};
  // One bar per distinct card and change among the compared rows.
  std::vector<const Row*> rows;
  for (const Row* r : compared_rows(s)) {
    bool dup = false;
    for (const Row* q : rows)
      dup = dup || (q->gpu == r->gpu && q->change == r->change && q->cards == r->cards);
    if (!dup) rows.push_back(r);
  }
  double mx = 0;
  for (const Row* r : rows) mx = std::max({mx, r->vram_gib, r->need_gib});
  mx *= 1.08;
  const BarColumns cols = bar_columns(width, sc);
  for (const Row* r : rows) {
    ImGui::PushID(("m" + row_key(*r)).c_str());
    const std::string label = r->gpu_name + (r->change.empty() ? "" : " +" + tr(r->change_label));
    bar_label(label, cols, sc);
    const MemoryBreakdown& m = r->memory;
    const std::vector<double> v = {m.weights_gib,     m.gradients_gib, m.optimizer_gib,
                                   m.activations_gib, m.kv_cache_gib,  m.overhead_gib};
    const int hit = stacked_bar(v, segs, mx, cols.bar_w, ImGui::GetFrameHeight() - 4 * sc, sc);
    const ImVec2 bmin = ImGui::GetItemRectMin(), bmax = ImGui::GetItemRectMax();
    const float vx = bmin.x + static_cast<float>(r->vram_gib / mx) * cols.bar_w;
    ImGui::GetWindowDrawList()->AddLine(ImVec2(vx, bmin.y - 3 * sc), ImVec2(vx, bmax.y + 3 * sc),
                                        color(r->fit == Fit::fits ? Tone::text : Tone::bad), 2 * sc);
    if (hit >= 0 || ImGui::IsItemHovered()) {
      ImGui::BeginTooltip();
      for (int i = 0; i < 6; ++i)
        if (v[static_cast<std::size_t>(i)] > 0)
          ImGui::TextColored(i == hit ? color_v(Tone::text) : color_v(Tone::muted), "%s: %s",
                             tr(segs[i].en, segs[i].zh), gib(v[static_cast<std::size_t>(i)]).c_str());
      ImGui::Text("%s %s / %s %s", tr("need", "需要"), gib(r->need_gib).c_str(), tr("VRAM", "显存"),
                  gib(r->vram_gib).c_str());
      ImGui::EndTooltip();
    }
    ImGui::SameLine();
    ImGui::TextColored(color_v(r->fit == Fit::fits ? Tone::text : Tone::warn), "%s / %s",
                       plain(r->need_gib, 1).c_str(), gib(r->vram_gib).c_str());
    ImGui::PopID();
  }
  legend(segs, 6, sc);
  ImGui::TextColored(color_v(Tone::muted), "%s",
                     tr("The white mark is the card's VRAM.", "白色竖线为显卡显存容量。"));
}

}  // namespace

void draw_plots(AppState& s) {
  if (s.report.rows.empty()) return;
  const float sc = s.scale;
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const bool narrow = avail.x < 900 * sc;
  const float h = narrow ? 320 * sc : std::max(avail.y, 300 * sc);
  if (narrow) {
    draw_scatter(s, ImVec2(0, h));
    ImGui::BeginChild("bars", ImVec2(0, 380 * sc), true);
    draw_cost_bars(s, ImGui::GetContentRegionAvail().x);
    ImGui::Separator();
    draw_memory_bars(s, ImGui::GetContentRegionAvail().x);
    ImGui::EndChild();
    return;
  }
  draw_scatter(s, ImVec2(avail.x * 0.5f, h));
  ImGui::SameLine();
  ImGui::BeginChild("bars", ImVec2(0, h), true);
  draw_cost_bars(s, ImGui::GetContentRegionAvail().x);
  ImGui::Spacing();
  ImGui::Separator();
  ImGui::Spacing();
  draw_memory_bars(s, ImGui::GetContentRegionAvail().x);
  ImGui::EndChild();
}

}  // namespace gw::app
