// Serving mode in recommend's outputs (serve_output.hpp).
#include "cli/serve_output.hpp"

#include "cli/cost_output.hpp"
#include "engine/cost.hpp"

namespace gw::cli {

using nlohmann::json;

bool serve_report(const Report& r) {
  return !r.rows.empty() && r.rows.front().serve && r.rows.front().serve_cost;
}

std::string serve_table_text(const Report& r, std::size_t n, Lang lang, bool explain) {
  const bool zh = lang == Lang::zh;
  std::string out = r.summary.in(lang) + "\n\n";
  Table t;
  t.headers = {"#",
               "GPU",
               zh ? "平台" : "provider",
               zh ? "显存 GiB" : "memory GiB",
               zh ? "可容纳序列" : "seqs fit",
               zh ? "每用户 tok/s" : "tok/s/user",
               zh ? "总 tok/s" : "tok/s all",
               zh ? "首 token 秒" : "TTFT s",
               zh ? "p95 秒" : "p95 s",
               zh ? "每天" : "per day",
               zh ? "整个期间" : "period",
               zh ? "每百万 token" : "per 1M tok"};
  t.right_align = {true, false, false, true, true, true, true, true, true, true, true, true};
  for (std::size_t i = 0; i < n && i < r.rows.size(); ++i) {
    const Row& w = r.rows[i];
    if (!w.serve || !w.serve_cost) continue;
    const ServePerf& p = *w.serve;
    const ServeCost& c = *w.serve_cost;
    std::string gpu = short_gpu_name(w.gpu_name) + (w.cards > 1 ? " x" + std::to_string(w.cards) : "");
    if (!w.change.empty()) gpu += " [" + w.change_label.in(lang) + "]";
    const std::string mem = fmt_num(p.need_gib, 1) + "/" + fmt_num(p.limit_gib, 1) +
                            (p.fit == Fit::tight ? (zh ? " 紧" : " tight") : "");
    t.rows.push_back({std::to_string(w.rank), gpu, w.provider_name.in(lang), mem, fmt_num(p.max_users, 0),
                      fmt_num(p.user_tps, 1), fmt_num(p.aggregate_tps, 0), fmt_num(p.ttft_s, 2),
                      p.ttft_p95_s > 0 ? (p.queue_p95_bound ? "<=" : "") + fmt_num(p.ttft_p95_s, 2)
                                       : std::string(zh ? "未知" : "unknown"),
                      format_money(c.cost_per_day, r.currency), format_money(c.cost_period, r.currency),
                      format_money(c.cost_per_mtok, r.currency)});
  }
  out += render(t, Format::table);
  out +=
      zh ? "显存 = 需求/上限（vLLM 为 gpu_memory_utilization × 显存）；可容纳序列 = 权重之外 KV "
           "缓存能放下的序列数；"
           "首 token 为中位数估计，p95 按 M/D/1 排队（Erlang）加一个解码步；每百万 token "
           "按该负载持续整个计费时段\n"
         : "memory = need/limit (vLLM: gpu_memory_utilization x VRAM); seqs fit = sequences whose KV cache "
           "fits "
           "beside the weights; TTFT is the p50 estimate, p95 the M/D/1 queue's (Erlang) plus one decode "
           "step; "
           "per 1M tokens at that load over all paid hours\n";
  if (explain && serve_report(r)) {
    const Row& w = r.rows.front();
    out += zh ? "\n#1 的计算：\n" : "\nHow #1 is worked out:\n";
    for (const Explain* e :
         {&w.serve->memory_explain, &w.serve->speed_explain, &w.serve->ttft_explain, &w.serve_cost->explain})
      out += explain_text(*e, lang) + "\n";
    // The bill's lines (item, formula and inputs, amount), as a batch job's --explain prints them.
    out += zh ? "#1 的账单：\n" : "Bill for #1:\n";
    out += bill_text(w.bill, lang, true);
  }
  if (!r.warnings.empty()) {
    out += zh ? "\n注意：\n" : "\nNotes:\n";
    for (const Text& warn : r.warnings) out += " - " + warn.in(lang) + "\n";
  }
  return out;
}

json serve_json(const Row& w, Lang lang) {
  if (!w.serve || !w.serve_cost) return nullptr;
  const ServePerf& p = *w.serve;
  const ServeCost& c = *w.serve_cost;
  auto ex = [&](const Explain& e) { return explain_text(e, lang, true); };
  return {{"concurrency", p.concurrency},
          {"max_users", p.max_users},
          {"fit", std::string(to_string(p.fit))},
          {"need_gib", p.need_gib},
          {"limit_gib", p.limit_gib},
          {"kv_cache_gib", p.kv_cache_gib},
          {"user_tps", p.user_tps},
          {"aggregate_tps", p.aggregate_tps},
          {"ttft_s", p.ttft_s},
          {"ttft_p95_s", p.ttft_p95_s > 0 ? json(p.ttft_p95_s) : json(nullptr)},
          {"queue_p95_s", p.ttft_p95_s > 0 ? json(p.queue_p95_s) : json(nullptr)},
          {"queue_p95_bound", p.queue_p95_bound},
          {"prefill_s", p.prefill_s},
          {"step_ms", p.step_s * 1000},
          {"arrival_rps", p.arrival_rps},
          {"prefill_share", p.prefill_share},
          {"overloaded", p.overloaded},
          {"paid_hours", c.paid_hours},
          {"days", c.days},
          {"cost_per_day", c.cost_per_day},
          {"cost_period", c.cost_period},
          {"output_tokens", c.output_tokens},
          {"cost_per_mtok", c.cost_per_mtok},
          {"explain",
           {{"memory", ex(p.memory_explain)},
            {"speed", ex(p.speed_explain)},
            {"ttft", ex(p.ttft_explain)},
            {"cost", ex(c.explain)}}}};
}

void add_serve_columns(Table& t, const Report& r, std::size_t n) {
  for (const char* h : {"user_tps", "aggregate_tps", "ttft_s", "ttft_p95_s", "max_users", "cost_per_day",
                        "cost_period", "cost_per_mtok"})
    t.headers.push_back(h);
  for (std::size_t i = 0; i < n && i < t.rows.size() && i < r.rows.size(); ++i) {
    const Row& w = r.rows[i];
    std::vector<std::string>& row = t.rows[i];
    if (!w.serve || !w.serve_cost) {
      row.insert(row.end(), 8, "");
      continue;
    }
    row.push_back(fmt_num(w.serve->user_tps, 2));
    row.push_back(fmt_num(w.serve->aggregate_tps, 1));
    row.push_back(fmt_num(w.serve->ttft_s, 3));
    row.push_back(w.serve->ttft_p95_s > 0 ? fmt_num(w.serve->ttft_p95_s, 3) : std::string());
    row.push_back(fmt_num(w.serve->max_users, 0));
    row.push_back(fmt_num(w.serve_cost->cost_per_day, 2));
    row.push_back(fmt_num(w.serve_cost->cost_period, 2));
    row.push_back(fmt_num(w.serve_cost->cost_per_mtok, 4));
  }
}

}  // namespace gw::cli
