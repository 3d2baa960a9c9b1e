// gpuwise sweep: configs x seeds runs - the total, and how many runs the budget and deadline allow.
#include <iostream>

#include "cli/calc_flags.hpp"
#include "cli/cli.hpp"
#include "cli/cost_output.hpp"
#include "engine/calculators.hpp"
#include "engine/cost.hpp"

namespace gw::cli {
namespace {

struct SweepFlags {
  CalcGiven given;  // the table's fields (engine/calc_inputs.hpp)
  std::string offer, usd_cny, format = "table";
};

void run(const SweepFlags& f, Context& ctx) {
  const Catalog& cat = ctx.catalog();
  const bool zh = ctx.lang() == Lang::zh;
  Constraints c;
  if (!ctx.currency_flag.empty()) c.currency = ctx.currency_flag;
  if (!f.usd_cny.empty()) c.usd_cny = parse_number("--usd-cny", f.usd_cny, 0.1, 100);
  const double usd = exchange_rate(c, cat);
  SweepInputs in;
  apply_calc_flags(sweep_fields(), f.given, in, c.currency);
  std::vector<Text> notes;
  const bool priced = calc_given(f.given, "--price");
  if (f.offer.empty() == !priced)
    throw Exit(kUsage, "sweep: give exactly one of --offer ID or --price P",
               "sweep：--offer ID 和 --price P 二者必须给且只给一个");
  if (!priced) {
    const Offer* o = cat.offer(f.offer);
    if (!o) throw unknown_offer_exit(f.offer);
    const Provider* p = cat.provider(o->provider);
    if (!p)
      throw Exit(kBadInput, "offer '" + o->id + "' names a provider the catalog lacks",
                 "报价 '" + o->id + "' 引用的平台不在目录中");
    in.price_per_hour = convert_money(o->on_demand_per_hour, o->currency, c.currency, usd);
    if (!calc_given(f.given, "--fixed")) {
      // What one instance costs beyond the runs' own hours: setup, upload, idle tail, disk and transfer.
      BillRequest req;
      req.price_per_hour = {o->on_demand_per_hour, o->on_demand_per_hour, o->on_demand_per_hour};
      req.price_currency = o->currency;
      req.price_date = o->price_date;
      in.fixed_cost_per_instance = price_bill(*p, c, usd, req, false).total.likely;
      notes.push_back(
          {"Fixed cost per instance (setup, upload, idle tail, disk, transfer at the defaults): " +
               format_money(in.fixed_cost_per_instance, c.currency) + "; set it with --fixed.",
           "每个实例的固定费用（配置、上传、空转、云盘、流量，按默认值）：" +
               format_money(in.fixed_cost_per_instance, c.currency) + "；可用 --fixed 设置。"});
    }
    notes.push_back(
        {"Price: " + o->id + " (" + o->price_date + ").", "价格：" + o->id + "（" + o->price_date + "）。"});
  }
  refuse_calc_problems(sweep_fields(), validate(in));
  const SweepResult r = sweep_budget(in);
  auto money = [&](double v) { return format_money(v, c.currency); };
  KeyValues kv;
  kv.rows = {
      {zh ? "运行数（配置 × 种子）" : "runs (configs x seeds)",
       std::to_string(in.configs) + " x " + std::to_string(in.seeds) + " = " + std::to_string(r.runs)},
      {zh ? "GPU 小时" : "GPU hours", format_number(r.gpu_hours, 1)},
      {zh ? "总费用" : "total cost", money(r.total_cost)},
      {zh ? "墙钟时间" : "wall clock", format_hours(r.wall_hours, ctx.lang())},
      {zh ? "预算允许的运行数" : "runs the budget allows", std::to_string(r.runs_within_budget)},
      {zh ? "截止前可完成的运行数" : "runs the deadline allows", std::to_string(r.runs_within_deadline)},
      {zh ? "可行运行数" : "runs allowed", std::to_string(r.runs_allowed)}};
  kv.json = {{"currency", c.currency},
             {"runs", r.runs},
             {"gpu_hours", r.gpu_hours},
             {"total_cost", r.total_cost},
             {"wall_hours", r.wall_hours},
             {"price_per_hour", in.price_per_hour},
             {"fixed_cost_per_instance", in.fixed_cost_per_instance},
             {"parallel", in.parallel},
             {"runs_within_budget", r.runs_within_budget},
             {"runs_within_deadline", r.runs_within_deadline},
             {"runs_allowed", r.runs_allowed},
             {"fits_budget", r.fits_budget},
             {"fits_deadline", r.fits_deadline}};
  for (const Text& t : r.notes) notes.push_back(t);
  std::cout << render_key_values(kv, r.explain, notes, ctx.lang(), f.format);
  if (!r.fits_budget || !r.fits_deadline) throw Exit(kNoOffer);
}

void setup(CLI::App& root, Context& ctx) {
  static SweepFlags f;
  CLI::App* cmd = root.add_subcommand(
      "sweep", "Budget a sweep: configs x seeds runs, and how many the budget/deadline allow");
  add_calc_flags(cmd, sweep_fields(), f.given);
  cmd->get_option("--hours-per-run")->required();
  cmd->add_option("--offer", f.offer, "Offer to run on (its on-demand price; or give --price)");
  cmd->add_option("--usd-cny", f.usd_cny, "Exchange rate, CNY per USD");
  add_format_option(cmd, f.format, {"table", "json", "csv", "md"});
  cmd->footer(
      "\nExit 1 when the sweep does not fit the budget or the deadline (the output says how many runs "
      "do).\n\n"
      "Examples:\n  gpuwise sweep --configs 12 --seeds 3 --hours-per-run 2.5 --offer autodl-cn-rtx-3090-x1 "
      "--budget 150\n"
      "  gpuwise sweep --configs 20 --seeds 5 --hours-per-run 1 --price 1.32 --parallel 4 --deadline 24h");
  cmd->callback([&ctx] { run(f, ctx); });
}

CommandRegistrar reg(60, &setup);

}  // namespace
}  // namespace gw::cli
