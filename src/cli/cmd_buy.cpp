// gpuwise buy: rent or buy a card - months to break even against the GPU hours you would rent.
#include <iostream>

#include "cli/calc_flags.hpp"
#include "cli/cli.hpp"
#include "cli/cost_output.hpp"
#include "engine/calculators.hpp"

namespace gw::cli {
namespace {

struct BuyFlags {
  CalcGiven given;  // the table's fields (engine/calc_inputs.hpp)
  std::string gpu = "3090", usd_cny, format = "table";
};

void run(const BuyFlags& f, Context& ctx) {
  const Catalog& cat = ctx.catalog();
  const std::string cur = ctx.currency_flag.empty() ? "CNY" : ctx.currency_flag;
  const double usd = f.usd_cny.empty() ? cat.usd_cny : parse_number("--usd-cny", f.usd_cny, 0.1, 100);
  const bool zh = ctx.lang() == Lang::zh;
  BuyInputs in;
  in.gpu_hours_per_year = 1000;  // the command's starting point; the engine's is 0
  apply_calc_flags(buy_fields(), f.given, in, cur);
  std::vector<Text> notes;
  const Gpu& gpu = resolve_gpu_flag(cat, "--gpu", f.gpu);
  if (!calc_given(f.given, "--hourly")) {
    const Offer* o = cheapest_offer(cat, gpu, cur, usd, in.hourly_rent);
    if (!o)
      throw Exit(kUsage, "--gpu: the catalog has no offer for " + gpu.name + "; give --hourly",
                 "--gpu：目录中没有 " + gpu.name + " 的报价；请用 --hourly 给出时租");
    notes.push_back(
        {"Hourly rent: the catalog's cheapest " + gpu.name + " offer, " + o->id + " (" + o->price_date + ").",
         "时租：目录中最便宜的 " + gpu.name + " 方案，" + o->id + "（" + o->price_date + "）。"});
  }
  if (!calc_given(f.given, "--watts") && gpu.tdp_w) {
    in.power_watts = *gpu.tdp_w;
    notes.push_back(
        {"Power: the card's TDP, " + format_number(*gpu.tdp_w, 0) + " W (add the host with --watts).",
         "功耗：按显卡 TDP " + format_number(*gpu.tdp_w, 0) + " W（含主机请用 --watts）。"});
  }
  if (in.electricity_per_kwh == 0)
    notes.push_back({"Electricity is not counted: give your price per kWh with --electricity.",
                     "未计电费：用 --electricity 填入每度电价格。"});
  refuse_calc_problems(buy_fields(), validate(in));
  const BuyResult r = rent_or_buy(in);
  auto money = [&](double v) { return format_money(v, cur); };
  KeyValues kv;
  kv.rows = {
      {zh ? "显卡" : "card", gpu.name},
      {zh ? "显卡价格" : "card price", money(in.card_price)},
      {zh ? "每年 GPU 小时" : "GPU hours per year", format_number(in.gpu_hours_per_year, 0)},
      {zh ? "每小时租金" : "hourly rent", money(in.hourly_rent)},
      {zh ? "每年租金" : "rent per year", money(r.rent_per_year)},
      {zh ? "每年耗电" : "energy per year", format_number(r.own_kwh_per_year, 0) + " kWh"},
      {zh ? "每年电费" : "electricity per year", money(r.own_running_per_year)},
      {zh ? "每年持有成本" : "owning per year", money(r.own_per_year)},
      {zh ? "回本月数" : "months to break even",
       r.months_to_break_even > 0 ? format_number(r.months_to_break_even, 1) : (zh ? "永不" : "never")},
      {zh ? "期限内回本" : "pays back within horizon",
       r.breaks_even ? (zh ? "是" : "yes") : (zh ? "否" : "no")},
      {zh ? "盈亏平衡：每年小时" : "break-even hours per year",
       format_number(r.break_even_hours_per_year, 0)}};
  kv.json = {{"currency", cur},
             {"gpu", gpu.id},
             {"card_price", in.card_price},
             {"gpu_hours_per_year", in.gpu_hours_per_year},
             {"hourly_rent", in.hourly_rent},
             {"resale_fraction", in.resale_fraction},
             {"horizon_years", in.horizon_years},
             {"power_watts", in.power_watts},
             {"electricity_per_kwh", in.electricity_per_kwh},
             {"host_cost", in.host_cost},
             {"rent_per_year", r.rent_per_year},
             {"own_kwh_per_year", r.own_kwh_per_year},
             {"own_running_per_year", r.own_running_per_year},
             {"own_per_year", r.own_per_year},
             {"months_to_break_even", r.months_to_break_even},
             {"breaks_even", r.breaks_even},
             {"break_even_hours_per_year", r.break_even_hours_per_year}};
  for (const Text& t : r.notes) notes.push_back(t);
  std::cout << render_key_values(kv, r.explain, notes, ctx.lang(), f.format);
}

void setup(CLI::App& root, Context& ctx) {
  static BuyFlags f;
  CLI::App* cmd =
      root.add_subcommand("buy", "Rent or buy a card: months to break even for your yearly GPU hours");
  cmd->add_option("--gpu", f.gpu, "The card (loose name, default 3090); its cheapest offer is the rent");
  add_calc_flags(cmd, buy_fields(), f.given);
  cmd->get_option("--card-price")->required();
  cmd->add_option("--usd-cny", f.usd_cny, "Exchange rate, CNY per USD");
  add_format_option(cmd, f.format, {"table", "json", "csv", "md"});
  cmd->footer(
      "\nExamples:\n  gpuwise buy --gpu 3090 --card-price 6000 --hours-per-year 2000 --electricity 0.6 "
      "--resale 0.3\n"
      "  gpuwise buy --gpu 4090 --card-price 14000 --hours-per-year 500 --format json");
  cmd->callback([&ctx] { run(f, ctx); });
}

CommandRegistrar reg(55, &setup);

}  // namespace
}  // namespace gw::cli
