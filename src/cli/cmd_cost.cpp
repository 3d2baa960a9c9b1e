// gpuwise cost: the full bill for one offer and a number of job hours, line by line with formulas.
#include <iostream>

#include "cli/cli.hpp"
#include "cli/cost_output.hpp"
#include "cli/energy_output.hpp"
#include "cli/scenario_flags.hpp"
#include "engine/input.hpp"
#include "engine/quote.hpp"

namespace gw::cli {
namespace {

struct CostFlags {
  std::string offer, hours, price, format = "table";
  bool spot = false;
  ScenarioFlags scenario;  // the bill and spot inputs, from the input table
};

void run(const CostFlags& f, Context& ctx) {
  const Catalog& cat = ctx.catalog();
  const Offer* offer = cat.offer(f.offer);
  if (!offer) throw unknown_offer_exit(f.offer);
  const Provider* provider = cat.provider(offer->provider);
  const Gpu* gpu = cat.gpu(offer->gpu);
  if (!provider || !gpu)
    throw Exit(kBadInput, "offer '" + offer->id + "' names a GPU or provider the catalog lacks",
               "报价 '" + offer->id + "' 引用的 GPU 或平台不在目录中");
  Scenario s;
  apply_scenario_flags(f.scenario, ctx, s.constraints);
  const Constraints& c = s.constraints;
  const double hours = parse_hours("--hours", f.hours);  // the CLI's one duration rule (cli_common.cpp)
  const Pricing pricing = f.spot ? Pricing::spot : Pricing::on_demand;
  if (!f.price.empty()) s.price_overrides[offer->id] = parse_number("--price", f.price, 1e-6, 1e6);
  const Quote q = price_offer(s, cat, *offer, pricing, hours);
  if (!q.ok) throw Exit(kNoOffer, q.problem.en, q.problem.zh);
  const OfferPrice& price = q.price;
  const std::optional<SpotResult>& spot = q.spot;
  const Bill& bill = q.bill;
  const double usd = exchange_rate(c, cat);
  const Lang lang = ctx.lang();
  const bool zh = lang == Lang::zh;
  const Format format = parse_format(f.format);
  // The cards run the job's hours (spot: the expected hours, rework included): energy.hpp.
  const Energy energy = job_energy(offer_energy_inputs(*offer, *gpu, spot ? spot->expected_hours : hours));

  if (format == Format::json) {
    nlohmann::json j = {{"offer", offer->id},           {"gpu", gpu->id},
                        {"provider", provider->id},     {"region", offer->region.en},
                        {"cards", offer->gpu_count},    {"pricing", std::string(to_string(pricing))},
                        {"job_hours", hours},           {"price_date", offer->price_date},
                        {"price_edited", price.edited}, {"price_estimate", price.estimate},
                        {"bill", bill_json(bill, lang)}};
    j["spot"] = spot ? spot_json(*spot, lang) : nlohmann::json(nullptr);
    j["energy"] = energy_json(energy, lang);
    std::cout << j.dump(2) << "\n";
    return;
  }
  if (format == Format::csv || format == Format::md) {
    Table t{{"kind", "label", "low", "likely", "high", "currency", "formula", "price_date"}, {}, {}};
    for (const CostLine& l : bill.lines)
      t.rows.push_back({std::string(to_string(l.kind)), l.label.in(lang), fmt_num(l.amount.low, 2),
                        fmt_num(l.amount.likely, 2), fmt_num(l.amount.high, 2), bill.currency,
                        l.explain.formula.in(lang), l.price_date});
    t.rows.push_back({"total", zh ? "合计" : "total", fmt_num(bill.total.low, 2),
                      fmt_num(bill.total.likely, 2), fmt_num(bill.total.high, 2), bill.currency, "", ""});
    std::cout << render(t, format, lang);
    return;
  }
  std::string out;
  out += provider->name.in(lang) + " · " + gpu->name + " x" + std::to_string(offer->gpu_count) + " · " +
         (pricing == Pricing::spot ? (zh ? "竞价" : "spot") : (zh ? "按量" : "on-demand")) + " · " +
         offer->region.in(lang) + "  (" + offer->id + (zh ? "，价格日期 " : ", price date ") +
         offer->price_date + ")\n";
  out += (zh ? "单价：" : "price: ") + format_money_per_hour(bill.price_per_hour_before, c.currency, lang);
  if (bill.price_per_hour_after < bill.price_per_hour_before - 1e-12)
    out += (zh ? "，折后 " : ", after discounts ") +
           format_money_per_hour(bill.price_per_hour_after, c.currency, lang);
  if (price.edited) out += zh ? "（已修改）" : " (edited)";
  if (price.estimate) out += zh ? "（估计值）" : " (estimate)";
  out += "\n";
  if (offer->currency != c.currency)
    out += (zh ? "汇率：1 美元 = " : "rate: 1 USD = ") + format_number(usd, 2) + (zh ? " 元\n" : " CNY\n");
  out += (zh ? "任务：" : "job: ") + format_hours(hours, lang) +
         (zh ? "；计费 GPU 时长 " : "; billed GPU hours ") + format_number(bill.billed_gpu_hours.likely, 2) +
         " " + unit_text("h").in(lang) + "\n";
  if (spot) {
    out += (zh ? "竞价：检查点间隔 " : "spot: checkpoint every ") + format_hours(spot->interval_hours, lang) +
           (spot->interval_is_default ? (zh ? "（Young/Daly 最优）" : " (Young/Daly optimum)") : "") +
           (zh ? "，预计 " : ", expected ") + format_hours(spot->expected_hours, lang) +
           (zh ? "，中断约 " : ", ") + format_number(spot->expected_interruptions, 1) +
           (zh ? " 次" : " interruptions");
    if (c.deadline_hours)
      out += (zh ? "，错过截止概率 " : ", P(miss deadline) ") +
             format_number(spot->p_miss_deadline * 100, 1) + "%";
    out += "\n";
  }
  out += "\n" + bill_text(bill, lang, true);
  out += "\n" + energy_text(energy, lang, true);
  std::cout << out;
}

void setup(CLI::App& root, Context& ctx) {
  static CostFlags f;
  CLI::App* cmd =
      root.add_subcommand("cost", "Price one offer for a number of job hours: the full bill, line by line");
  cmd->add_option("--offer", f.offer, "Offer id (see 'gpuwise catalog offers')")->required();
  cmd->add_option("--hours", f.hours, "Hours the job runs: 10, 10h, 2d, 90m")->required();
  cmd->add_flag("--spot", f.spot,
                "Price the spot/preemptible variant (interruptions, checkpoints, restarts)");
  cmd->add_option("--price", f.price,
                  "Your own on-demand price per hour for the whole offer (offer currency)");
  // Every bill and spot input is the input table's flag, as in recommend; what ranks offers does not apply.
  add_field_flags(cmd, f.scenario.given, false, "Bill and spot inputs",
                  {"--budget", "--goal", "--spot", "--providers", "--exclude", "--cards"});
  add_format_option(cmd, f.format, {"table", "json", "csv", "md"});
  cmd->footer(
      "\nEvery line shows its formula, inputs and price date. Money is in --currency (default CNY).\n\n"
      "Examples:\n"
      "  gpuwise cost --offer autodl-cn-rtx-3090-x1 --hours 20\n"
      "  gpuwise cost --offer aws-us-east-1-t4-x1 --hours 72 --extras 2000 --currency CNY   # the article's "
      "IOPS surprise\n"
      "  gpuwise cost --offer aws-us-east-1-t4-x1 --hours 30 --spot --deadline 36h\n"
      "  gpuwise cost --offer aliyun-cn-hangzhou-t4-x1 --hours 10 --student --format json");
  cmd->callback([&ctx] { run(f, ctx); });
}

CommandRegistrar reg(40, &setup);

}  // namespace
}  // namespace gw::cli
