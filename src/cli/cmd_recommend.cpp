// gpuwise recommend: the ranked answer for one job, budget and deadline, with reasons and the full bill.
#include <algorithm>
#include <iostream>

#include "cli/cli.hpp"
#include "cli/cost_output.hpp"
#include "cli/energy_output.hpp"
#include "cli/scenario_flags.hpp"
#include "cli/serve_output.hpp"
#include "cli/today.hpp"
#include "cli/workload_flags.hpp"
#include "engine/recommend.hpp"

namespace gw::cli {
namespace {

using nlohmann::json;

struct RecFlags {
  WorkloadFlags workload;
  ScenarioFlags scenario;
  bool all = false, why_dropped = false, explain = false;
  std::string top = "10", format = "table";
};

std::string risk_word(Risk r, bool zh) {
  if (!zh) return std::string(to_string(r));
  return r == Risk::high ? "高" : r == Risk::medium ? "中" : "低";
}

std::string join(const std::vector<Text>& v, Lang lang, const char* sep) {
  std::string out;
  for (const Text& t : v) out += (out.empty() ? "" : sep) + t.in(lang);
  return out;
}

std::string breakdown(const Bill& b) {
  std::string out;
  for (const CostLine& l : b.lines)
    out += (out.empty() ? "" : ";") + std::string(to_string(l.kind)) + "=" + fmt_num(l.amount.likely, 2);
  return out;
}

// `region_lang`: the reader's language for md, English for csv (scripts match on it).
Table flat_table(const Report& r, std::size_t n, Lang lang, Lang region_lang) {
  Table t;
  t.headers = {"rank",
               "offer",
               "gpu",
               "gpu_name",
               "provider",
               "region",
               "pricing",
               "cards",
               "change",
               "fit",
               "vram_gib",
               "need_gib",
               "headroom_gib",
               "hours_low",
               "hours_likely",
               "hours_high",
               "finish_low",
               "finish_likely",
               "finish_high",
               "cost_low",
               "cost_likely",
               "cost_high",
               "currency",
               "price_per_hour",
               "price_per_hour_after",
               "value_coefficient",
               "price_date",
               "price_age_months",
               "price_stale",
               "risk",
               "pareto",
               "fallback",
               "spot_p_miss",
               "spot_checkpoint_hours",
               "reason",
               "warnings",
               "breakdown",
               "kwh",
               "kg_co2e",
               "grid_kg_per_kwh",
               "pue",
               "nodes",
               "interconnect"};
  for (std::size_t i = 0; i < n; ++i) {
    const Row& w = r.rows[i];
    const std::string fb =
        w.fallback >= 0 ? r.rows[static_cast<std::size_t>(w.fallback)].offer : std::string();
    t.rows.push_back({std::to_string(w.rank), w.offer, w.gpu, w.gpu_name, w.provider,
                      w.region.in(region_lang), std::string(to_string(w.pricing)), std::to_string(w.cards),
                      change_key(w.change), std::string(to_string(w.fit)), fmt_num(w.vram_gib, 1),
                      fmt_num(w.need_gib, 2), fmt_num(w.headroom_gib, 2), fmt_num(w.hours.low, 2),
                      fmt_num(w.hours.likely, 2), fmt_num(w.hours.high, 2), fmt_num(w.finish_hours.low, 2),
                      fmt_num(w.finish_hours.likely, 2), fmt_num(w.finish_hours.high, 2),
                      fmt_num(w.cost.low, 2), fmt_num(w.cost.likely, 2), fmt_num(w.cost.high, 2), r.currency,
                      fmt_num(w.price_per_hour, 4), fmt_num(w.price_per_hour_after, 4),
                      fmt_num(w.value_coefficient, 2), w.price_date, std::to_string(w.price_age_months),
                      w.price_stale ? "true" : "false", std::string(to_string(w.risk)),
                      w.pareto ? "true" : "false", fb, w.spot ? fmt_num(w.spot->p_miss_deadline, 3) : "",
                      w.spot ? fmt_num(w.spot->interval_hours, 2) : "", w.reason.in(lang),
                      join(w.warnings, lang, " | "), breakdown(w.bill),
                      // Energy and CO2e (energy.hpp): empty when unknown, never a guessed 0.
                      w.energy.known ? fmt_num(w.energy.kwh, 2) : "",
                      w.energy.kg_co2e ? fmt_num(*w.energy.kg_co2e, 2) : "",
                      w.energy.grid ? fmt_num(w.energy.grid->kg_per_kwh, 4) : "",
                      w.energy.pue_known ? fmt_num(w.energy.pue, 2) : "", std::to_string(w.nodes),
                      w.interconnect.in(region_lang)});
  }
  return t;
}

std::string drops_text(const Report& r, const Catalog& cat, Lang lang, bool each) {
  const bool zh = lang == Lang::zh;
  std::string out;
  if (r.dropped.empty()) return out;
  out += zh ? "\n排除的方案：" : "\nDropped:";
  bool first = true;
  for (int i = 0; i < kDropReasons; ++i) {
    if (!r.drop_counts[i]) continue;
    out += std::string(first ? " "
                       : zh  ? "，"
                             : ", ") +
           tr_cell(std::string(to_string(static_cast<DropReason>(i))), lang) + " " +
           std::to_string(r.drop_counts[i]);
    first = false;
  }
  out += each ? "\n" : (zh ? "（--why-dropped 逐条列出）\n" : " (--why-dropped lists each)\n");
  if (each)
    for (const Dropped& d : r.dropped) out += "  - " + describe(d, r, cat).in(lang) + "\n";
  return out;
}

std::string table_text(const Report& r, std::size_t n, const Catalog& cat, const RecFlags& f, Lang lang) {
  const bool zh = lang == Lang::zh;
  std::string out = r.summary.in(lang) + "\n";
  if (r.rows.empty()) {
    for (const Text& w : r.warnings) out += " - " + w.in(lang) + "\n";
    return out + drops_text(r, cat, lang, f.why_dropped);
  }
  out += "\n";
  Table t;
  t.headers = {"#",
               zh ? "GPU" : "GPU",
               zh ? "平台" : "provider",
               zh ? "计费" : "pricing",
               zh ? "显存 GiB" : "memory GiB",
               zh ? "用时" : "hours",
               zh ? "总价" : "total cost",
               zh ? "性价比" : "value",
               "kWh",
               zh ? "碳排 kg" : "kg CO2e",
               zh ? "价格日期" : "price date",
               zh ? "风险" : "risk"};
  t.right_align = {true, false, false, false, true, true, true, true, true, true, false, false};
  for (std::size_t i = 0; i < n; ++i) {
    const Row& w = r.rows[i];
    std::string gpu = short_gpu_name(w.gpu_name) + (w.cards > 1 ? " x" + std::to_string(w.cards) : "");
    // A cluster: nodes x cards per node, and the network between them.
    if (w.nodes > 1)
      gpu += " (" + std::to_string(w.nodes) + "x" + std::to_string(w.cards / w.nodes) + ", " +
             w.network.in(lang) + ")";
    if (!w.change.empty()) gpu += " [" + w.change_label.in(lang) + "]";
    std::string where = w.provider_name.in(lang) + (w.region.empty() ? "" : " " + w.region.in(lang));
    if (display_width(where) > 28) where = w.provider_name.in(lang);
    // Market cn (market.hpp): marked, never hidden. $ foreign payment only, ? payment not confirmed.
    where += w.market_tier == 2 ? " $" : w.market_tier == 1 ? " ?" : "";
    const std::string mem = fmt_num(w.need_gib, 1) + "/" + fmt_num(w.vram_gib, 0) +
                            (w.fit == Fit::tight ? (zh ? " 紧" : " tight") : "");
    t.rows.push_back({std::to_string(w.rank) + (w.pareto ? "*" : ""), gpu, where,
                      w.pricing == Pricing::spot ? (zh ? "竞价" : "spot") : (zh ? "按量" : "on-demand"), mem,
                      w.work_known ? hours_range(w.finish_hours, lang) : "-",
                      w.work_known ? money_range(w.cost, r.currency)
                                   : format_money_per_hour(w.price_per_hour_after, r.currency, lang),
                      // TFLOPS per price has no value for a free offer (Kaggle): say so, not "0.0".
                      w.price_per_hour_after > 0 ? fmt_num(w.value_coefficient, 1) : (zh ? "免费" : "free"),
                      w.work_known ? format_kwh(w.energy, lang) : "-",
                      w.work_known ? format_kg_co2e(w.energy, lang) : "-",
                      w.price_date + (w.price_stale ? "!" : ""), risk_word(w.risk, zh)});
  }
  out += render(t, Format::table);
  out += zh ? "* 与首选同一任务的时间-费用帕累托前沿（运行不同任务的行不参与比较）；! 价格较旧；"
              "用时含上传与配置；kWh 与碳排按 TDP 计（未知 = 无来源）"
            : "* on the time-vs-cost Pareto front of the pick's job (rows running another job are not "
              "compared); ! old price; hours include upload and setup; kWh and CO2e at TDP (? = no source)";
  bool foreign = false, unconfirmed = false;
  for (std::size_t i = 0; i < n; ++i) {
    foreign = foreign || r.rows[i].market_tier == 2;
    unconfirmed = unconfirmed || r.rows[i].market_tier == 1;
  }
  if (foreign) out += zh ? "；$ 只收美元/境外支付，排在后面" : "; $ foreign payment only, ranked after";
  if (unconfirmed)
    out += zh ? "；? 未确认支持支付宝/微信/银联" : "; ? Alipay/WeChat Pay/UnionPay not confirmed";
  out += "\n";
  out += zh ? "\n理由：\n" : "\nWhy:\n";
  std::vector<int> named;  // fallbacks beyond the table, already named once
  for (std::size_t i = 0; i < n; ++i) {
    const Row& w = r.rows[i];
    if (!w.detailed) continue;
    out += " " + std::to_string(w.rank) + ". " + w.reason.in(lang);
    if (w.fallback >= 0) {
      const Row& fb = r.rows[static_cast<std::size_t>(w.fallback)];
      std::string what = "#" + std::to_string(fb.rank);
      // A row the table does not show is named, the first time, so the reader can find it.
      if (static_cast<std::size_t>(w.fallback) >= n &&
          std::find(named.begin(), named.end(), w.fallback) == named.end()) {
        named.push_back(w.fallback);
        what += " " + short_gpu_name(fb.gpu_name) + (fb.cards > 1 ? " x" + std::to_string(fb.cards) : "") +
                (zh ? "，" : ", ") + fb.provider_name.in(lang) +
                (fb.pricing == Pricing::spot ? (zh ? "，竞价" : ", spot") : "");
      }
      out += (zh ? "（备选：" : " (fallback: ") + what + (zh ? "）" : ")");
    }
    out += "\n";
    for (const Text& warn : w.warnings) out += "    ! " + warn.in(lang) + "\n";
  }
  if (!r.rows.empty() && r.rows[0].spot) {
    const SpotResult& s = *r.rows[0].spot;
    out += (zh ? "\n竞价（#1）：检查点间隔 " : "\nSpot (#1): checkpoint every ") +
           format_hours(s.interval_hours, lang) +
           (s.interval_is_default ? (zh ? "（Young/Daly）" : " (Young/Daly)") : "") +
           (zh ? "，预计中断 " : ", ") + fmt_num(s.expected_interruptions, 1) +
           (zh ? " 次" : " interruptions expected") + (zh ? "，任务预计 " : ", the job takes about ") +
           format_hours(s.expected_hours, lang);
    if (f.scenario.given.at("--deadline").empty() && f.scenario.link.empty())
      out += zh ? "（无截止时间）\n" : " (no deadline)\n";
    else
      out += (zh ? "，错过截止概率 " : ", P(miss deadline) ") + fmt_num(s.p_miss_deadline * 100, 1) + "% [" +
             s.method_text.in(lang) + "]\n";
  }
  if (f.explain && !r.rows.empty()) {
    out += zh ? "\n#1 的账单：\n" : "\nBill for #1:\n";
    out += bill_text(r.rows[0].bill, lang, true);
    out += "\n" + explain_text(r.rows[0].time_explain, lang);
    out += "\n" + energy_text(r.rows[0].energy, lang, true);
  }
  if (!r.warnings.empty()) {
    out += zh ? "\n注意：\n" : "\nNotes:\n";
    for (const Text& w : r.warnings) out += " - " + w.in(lang) + "\n";
  }
  out += drops_text(r, cat, lang, f.why_dropped);
  return out;
}

void run(RecFlags& f, Context& ctx) {
  const auto& presets = bundled_presets();
  const Catalog& cat = ctx.catalog();
  if (!f.workload.any() && f.scenario.link.empty())
    throw Exit(kUsage, "recommend: give the job with --preset NAME, --workload FILE or --link URL",
               "recommend：用 --preset NAME、--workload FILE 或 --link URL 给出任务");
  Scenario s = default_scenario(presets, cat);
  if (!f.scenario.link.empty()) s = decode_link_flag(f.scenario, presets, cat, ctx.lang()).scenario;
  if (f.workload.any()) s.workload = resolve_workload(f.workload, presets);
  apply_scenario_flags(f.scenario, ctx, s.constraints);

  RecommendOptions opt;
  opt.today = cli_today();  // price ages count to today, not to the catalog date
  const std::size_t top = static_cast<std::size_t>(parse_number("--top", f.top, 1, 100000));
  if (f.all)
    opt.max_rows = opt.detailed_rows = 0;
  else
    opt.detailed_rows = std::max<std::size_t>(top, 10);
  const Report r = recommend(s, cat, opt);
  if (!r.problems.empty())
    throw problem_exit(kUsage, "", "任务", r.problems.front().path, r.problems.front().message);
  const Lang lang = ctx.lang();
  const std::size_t n = f.all ? r.rows.size() : std::min(top, r.rows.size());
  const Format format = parse_format(f.format);
  if (format == Format::json) {
    json rows = json::array();
    for (std::size_t i = 0; i < n; ++i) {
      json row = row_json(r.rows[i], r, lang);
      row["energy"] = energy_json(r.rows[i].energy, lang);
      if (r.rows[i].serve) row["serve"] = serve_json(r.rows[i], lang);
      rows.push_back(std::move(row));
    }
    json dropped = json::array();
    for (const Dropped& d : r.dropped)
      dropped.push_back({{"offer", cat.offers[d.offer_index].id},
                         {"pricing", std::string(to_string(d.pricing))},
                         {"cards", d.cards},
                         {"reason", std::string(to_string(d.reason))},
                         {"why", describe(d, r, cat).in(lang)}});
    json warnings = json::array();
    for (const Text& w : r.warnings) warnings.push_back(w.in(lang));
    json counts = json::object();
    for (int i = 0; i < kDropReasons; ++i)
      counts[std::string(to_string(static_cast<DropReason>(i)))] = r.drop_counts[i];
    const json j = {{"summary", r.summary.in(lang)},
                    {"preset", s.workload.preset},
                    {"goal", std::string(to_string(r.goal))},
                    {"currency", r.currency},
                    {"usd_cny", r.usd_cny},
                    {"usd_cny_date", r.usd_cny_date},
                    {"catalog_version", r.catalog_version},
                    {"catalog_date", r.catalog_date},
                    {"work_known", r.work_known},
                    {"considered", r.considered},
                    {"feasible", r.feasible},
                    {"warnings", warnings},
                    {"rows", rows},
                    {"drop_counts", counts},
                    {"dropped", dropped}};
    std::cout << j.dump(2) << "\n";
  } else if (format == Format::table) {
    std::cout << (serve_report(r)
                      ? serve_table_text(r, n, lang, f.explain) + drops_text(r, cat, lang, f.why_dropped)
                      : table_text(r, n, cat, f, lang));
  } else {
    Table t = flat_table(r, n, lang, format == Format::md ? lang : Lang::en);
    if (serve_report(r)) add_serve_columns(t, r, n);
    std::cout << render(t, format, lang);
  }
  if (r.rows.empty()) {
    if (format != Format::table) std::cerr << stderr_prefix(lang) << r.summary.in(lang) << "\n";
    throw Exit(kNoOffer);
  }
}

void setup(CLI::App& root, Context& ctx) {
  static RecFlags f;
  CLI::App* cmd = root.add_subcommand(
      "recommend",
      "Which GPU, provider, pricing and card count for one job, budget and deadline - ranked, with reasons");
  add_workload_flags(cmd, f.workload, ctx);
  add_scenario_flags(cmd, f.scenario);
  cmd->add_flag("--all", f.all, "Show every option that satisfies the constraints (default: the top 10)");
  cmd->add_option("--top", f.top, "How many rows to show (default 10)");
  cmd->add_flag("--why-dropped", f.why_dropped, "List every dropped option with the reason");
  cmd->add_flag("--explain", f.explain, "Show the pick's full bill and time formula");
  add_format_option(cmd, f.format, {"table", "json", "csv", "md"});
  cmd->footer(
      "\nRanks every offer x pricing (on-demand, spot) x card count in the catalog. Costs are totals: GPU "
      "time as\n"
      "the provider rounds it, setup and idle hours, disk, transfer and discounts, in --currency.\n"
      "Exit 1 when nothing satisfies the constraints; the output says why.\n\n"
      "Examples:\n"
      "  gpuwise recommend --preset bert-base-finetune --budget 300 --deadline 48h\n"
      "  gpuwise recommend --preset opt-13b-fp16 --goal cheapest --spot deny\n"
      "  gpuwise recommend --preset resnet50-train --currency USD --providers aws,gcp --format json\n"
      "  gpuwise recommend --preset sd15-finetune --student --exclude a100 --why-dropped");
  cmd->callback([&ctx] { run(f, ctx); });
}

CommandRegistrar reg(30, &setup);

}  // namespace
}  // namespace gw::cli
