// Serving mode's part of the report (serve.hpp): each row's service numbers, the pick's sentence and the
// report's warnings. recommend.cpp has already dropped what cannot hold the users or meet the targets, and
// billed every row for the period's paid hours, so the ranking by cost is the period's cost.
#include <cmath>
#include <cstdio>
#include <map>
#include <string>
#include <utility>

#include "engine/cost.hpp"
#include "engine/recommend_internal.hpp"

namespace gw::rec {

namespace {

std::string num(double v, int decimals) {
  char b[32];
  std::snprintf(b, sizeof b, "%.*f", decimals, std::isfinite(v) ? v : 0.0);
  return b;
}

// "14 days", "36 h" (whole days read as days).
Text period_text(double hours) {
  const double days = hours / 24;
  if (hours >= 48 && std::fabs(days - std::round(days)) < 1e-9)
    return {num(days, 0) + " days", num(days, 0) + " 天"};
  return {format_hours(hours), format_hours(hours, Lang::zh)};
}

Text idle_text(const Workload& w) {
  const std::string off =
      num(w.serve_idle_hours, w.serve_idle_hours == std::round(w.serve_idle_hours) ? 0 : 1);
  const std::string paid = num(serve_paid_hours_per_day(w), 1);
  switch (w.serve_idle) {
    case ServeIdle::night:
      return {"stopped " + off + " h a night (" + paid + " h a day billed)",
              "每晚停机 " + off + " 小时（每天计费 " + paid + " 小时）"};
    case ServeIdle::zero:
      return {"scaled to zero " + off + " h a day (" + paid + " h a day billed)",
              "每天缩容到零 " + off + " 小时（每天计费 " + paid + " 小时）"};
    case ServeIdle::always:
      break;
  }
  return {"always on", "全天在线"};
}

// The targets the pick meets (recommend dropped every offer that misses one), or that none was given.
Text targets_text(const Workload& w, const ServePerf& p) {
  if (w.serve_ttft_s <= 0 && w.serve_user_tps <= 0)
    return {"No latency target given (time to first token, tokens/s per user).",
            "未设延迟目标（首 token 时间、每用户 token/s）。"};
  Text t{"Meets your targets:", "满足你的目标："};
  if (w.serve_ttft_s > 0) {
    t.en += " first token in " + num(p.ttft_s, 2) + " s (p50) within " + num(w.serve_ttft_s, 2) + " s";
    t.zh += "首 token " + num(p.ttft_s, 2) + " 秒（中位数），目标 " + num(w.serve_ttft_s, 2) + " 秒以内";
  }
  if (w.serve_user_tps > 0) {
    const bool both = w.serve_ttft_s > 0;
    t.en += std::string(both ? ";" : "") + " " + num(p.user_tps, 1) + " tokens/s per user, at least " +
            num(w.serve_user_tps, 1);
    t.zh += std::string(both ? "；" : "") + "每用户 " + num(p.user_tps, 1) + " token/s，目标至少 " +
            num(w.serve_user_tps, 1);
  }
  t.en += ".";
  t.zh += "。";
  return t;
}

// "Pick: RTX 3080 Ti (4-bit weights) on Compshare (UCloud) CN for 14 days, always on." then the service's
// numbers and costs (serve_line) and the targets it meets.
Text serve_summary(const Context& x, const Workload& w, const Row& pick, const ServePerf& p,
                   const ServeCost& c, const std::string& cur) {
  std::string name = short_gpu_name(pick.gpu_name), name_zh = name;
  if (pick.cards > 1) name += " x" + std::to_string(pick.cards), name_zh += " ×" + std::to_string(pick.cards);
  if (!pick.change.empty())
    name += " (" + pick.change_label.en + ")", name_zh += "（" + pick.change_label.in(Lang::zh) + "）";
  const Provider* pv = x.catalog.provider(pick.provider);
  const Text pname = pv ? pv->name : pick.provider_name;
  const std::string where = pname.en + (pick.region.empty() ? "" : " " + pick.region.en);
  const std::string where_zh =
      pname.in(Lang::zh) + (pick.region.empty() ? "" : " " + pick.region.in(Lang::zh));
  const Text period = period_text(w.serve_hours), idle = idle_text(w), line = serve_line(p, c, cur),
             targets = targets_text(w, p);
  return {"Pick: " + name + " on " + where + " for " + period.en + ", " + idle.en + ". " + line.en + " " +
              targets.en,
          "首选：" + where_zh + " 的 " + name_zh + "，在线 " + period.zh + "，" + idle.zh + "。" + line.zh +
              targets.zh};
}

// A row's one sentence in a service's terms (the batch job's "done in about 14.1 d" would not say it).
Text serve_reason_text(const Workload& w, const Row& row, const Row& pick, const std::string& cur) {
  const ServePerf& p = *row.serve;
  const double day = row.serve_cost->cost_per_day, pick_day = pick.serve_cost->cost_per_day;
  // Users are whole ("4 users"); requests in flight from an arrival rate may be fractional ("2.5").
  const bool whole = std::fabs(p.concurrency - std::round(p.concurrency)) < 1e-9 || p.concurrency >= 10;
  const std::string n = num(p.concurrency, whole ? 0 : 1);
  // Users when given; else the requests in flight that the arrival rate keeps (Little's law).
  const Text users = w.serve_users > 0 ? Text{n + " users", n + " 个用户"}
                                       : Text{n + " requests in flight", n + " 个进行中请求"};
  const bool targets = w.serve_ttft_s > 0 || w.serve_user_tps > 0;
  if (&row == &pick)
    return {"The cheapest a day that holds the KV cache of " + users.en +
                (targets ? " and meets your latency targets" : "") + ": " + format_money(day, cur) +
                " a day, " + num(p.user_tps, 1) + " tokens/s per user.",
            "能放下 " + users.zh + "的 KV 缓存" + (targets ? "并满足延迟目标" : "") +
                "的方案中每天最便宜：每天 " + format_money(day, cur) + "，每用户 " + num(p.user_tps, 1) +
                " token/s。"};
  const double more = pick_day > 0 ? (day / pick_day - 1) * 100 : 0;
  const double speed = pick.serve->user_tps > 0 ? p.user_tps / pick.serve->user_tps : 0;
  return {format_money(day, cur) + " a day (" + num(more, 0) + "% more than #1), " + num(speed, 1) +
              "x its tokens/s per user, first token in " + num(p.ttft_s, 2) + " s.",
          "每天 " + format_money(day, cur) + "（比第 1 名贵 " + num(more, 0) + "%），每用户 token/s 是它的 " +
              num(speed, 1) + " 倍，首 token " + num(p.ttft_s, 2) + " 秒。"};
}

}  // namespace

// A served row's sentence (`reason`) in the service's terms against the pick, in place of the batch job's
// "done in about 14.1 d"; add_serve_rows() and detail_row() both call it, so a row opened later reads the
// same.
void set_serve_reason(const Workload& w, const Row& pick, Row& row, const std::string& currency) {
  if (row.serve && row.serve_cost && pick.serve && pick.serve_cost)
    row.reason = serve_reason_text(w, row, pick, currency);
}

void serve_row(const Context& x, const Workload& vw, const Gpu& g, Row& row, const std::string& currency) {
  const ServePerf perf =
      serve_perf(vw, g, x.catalog, row.cards, x.catalog.offers[row.offer_index].derate, row.detailed);
  row.serve_cost = serve_cost(vw, perf, row.cost.likely, currency);
  // The batch job's time explanation would describe tokens to generate; a service is judged by these.
  if (row.detailed) row.time_explain = perf.speed_explain;
  row.serve = perf;
}

void add_serve_rows(const Context& x, const std::map<std::pair<std::size_t, int>, int>& variant_of,
                    Report& report) {
  const Workload* pick_workload = nullptr;
  for (Row& row : report.rows) {
    const auto v = variant_of.find({row.offer_index, row.cards});
    const Gpu* g = x.catalog.gpu(row.gpu);
    if (v == variant_of.end() || !g || row.offer_index >= x.catalog.offers.size()) continue;
    const Workload& vw = x.variants[static_cast<std::size_t>(v->second)].workload;
    serve_row(x, vw, *g, row, report.currency);
    if (&row == &report.rows.front()) pick_workload = &vw;
  }
  report.warnings.push_back(
      {"Serving: spot offers are left out (an interruption takes the service down); "
       "rows are billed for the period's paid hours and ranked by that bill.",
       "服务模式：不考虑竞价实例（一次中断就会让服务下线）；各方案按在线期间的计费小时"
       "计费，并按该账单排名。"});
  if (report.rows.empty() || !pick_workload || !report.rows.front().serve || !report.rows.front().serve_cost)
    return;
  // The batch job's "in total, 14.1 d" would read as a job that ends: a service is said in its own terms.
  const Row& pick = report.rows.front();
  report.summary = serve_summary(x, *pick_workload, pick, *pick.serve, *pick.serve_cost, report.currency);
  // A detailed row's sentence compares it with the pick as a service (detail_row() does the same later).
  for (Row& row : report.rows)
    if (!row.reason.empty()) set_serve_reason(*pick_workload, pick, row, report.currency);
}

}  // namespace gw::rec
