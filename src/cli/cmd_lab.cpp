// gpuwise lab: N people share a k-GPU bare-metal server paid yearly, against each renting by the hour.
#include <iostream>

#include "cli/calc_flags.hpp"
#include "cli/cli.hpp"
#include "cli/cost_output.hpp"
#include "engine/calculators.hpp"

namespace gw::cli {
namespace {

struct LabFlags {
  CalcGiven given;  // the table's fields (engine/calc_inputs.hpp)
  std::string gpu = "a100", usd_cny, format = "table";
};

void run(const LabFlags& f, Context& ctx) {
  const Catalog& cat = ctx.catalog();
  const std::string cur = ctx.currency_flag.empty() ? "CNY" : ctx.currency_flag;
  const double usd = f.usd_cny.empty() ? cat.usd_cny : parse_number("--usd-cny", f.usd_cny, 0.1, 100);
  const bool zh = ctx.lang() == Lang::zh;
  LabInputs in;  // 8 people on an 8-card server, 8 hours a day, one card each: the article's lab
  apply_calc_flags(lab_fields(), f.given, in, cur);
  std::vector<Text> notes;
  std::string hourly_from;
  if (!calc_given(f.given, "--hourly")) {
    const Offer& o = cheapest_offer_matching(cat, "--gpu", f.gpu, cur, usd, in.hourly_price_per_card);
    const Gpu& gpu = *cat.gpu(o.gpu);
    hourly_from = o.id + " (" + o.price_date + ")";
    notes.push_back(
        {"Hourly price per card: the catalog's cheapest " + gpu.name + " offer, " + hourly_from + ".",
         "每卡时价：目录中最便宜的 " + gpu.name + " 方案，" + hourly_from + "。"});
  }
  if (!calc_given(f.given, "--server-price")) {
    in.server_price_per_year = assumed_server_price_per_year(in.hourly_price_per_card, in.server_cards);
    notes.push_back(
        {"No --server-price given: assumed monthly rental at 70% of hourly x 720 h (AutoDL's monthly "
         "pricing, survey of 2026-08) = " +
             format_money(in.server_price_per_year, cur) + " a year. Give the quote you have.",
         "未给出 --server-price：按包月约为时价 × 720 小时的 70% 估算（AutoDL 包月，2026-08 调研）= " +
             format_money(in.server_price_per_year, cur) + "/年。请填入实际报价。"});
  }
  refuse_calc_problems(lab_fields(), validate(in));
  const LabResult r = lab_corental(in);
  KeyValues kv;
  auto money = [&](double v) { return format_money(v, cur); };
  kv.rows = {
      {zh ? "人数 × 服务器卡数" : "people x server cards",
       std::to_string(in.people) + " x " + std::to_string(in.server_cards)},
      {zh ? "服务器年费" : "server price per year", money(in.server_price_per_year)},
      {zh ? "每卡时价" : "hourly price per card", money(in.hourly_price_per_card)},
      {zh ? "每人每天 GPU 小时" : "GPU hours per person per day",
       format_number(in.hours_per_person_per_day, 1)},
      {zh ? "合租：每人每天" : "shared: per person per day", money(r.shared_per_person_per_day)},
      {zh ? "按时租：每人每天" : "by the hour: per person per day", money(r.hourly_per_person_per_day)},
      {zh ? "合租对比按时租" : "sharing vs by the hour",
       r.saving_fraction >= 0
           ? (zh ? "省 " : "saves ") + format_number(r.saving_fraction * 100, 0) + "%"
           : (zh ? "贵 " : "costs ") + format_number(-r.saving_fraction * 100, 0) + (zh ? "%" : "% more")},
      {zh ? "服务器利用率" : "server utilization", format_number(r.utilization * 100, 0) + "%"},
      {zh ? "盈亏平衡利用率" : "break-even utilization",
       format_number(r.break_even_utilization * 100, 0) + "%"},
      {zh ? "盈亏平衡：每人每天小时" : "break-even hours per person per day",
       format_number(r.break_even_hours_per_person_per_day, 1)}};
  kv.json = {{"currency", cur},
             {"people", in.people},
             {"server_cards", in.server_cards},
             {"server_price_per_year", in.server_price_per_year},
             {"hourly_price_per_card", in.hourly_price_per_card},
             {"hours_per_person_per_day", in.hours_per_person_per_day},
             {"cards_per_person", in.cards_per_person},
             {"shared_per_person_per_day", r.shared_per_person_per_day},
             {"hourly_per_person_per_day", r.hourly_per_person_per_day},
             {"saving_fraction", r.saving_fraction},
             {"utilization", r.utilization},
             {"break_even_utilization", r.break_even_utilization},
             {"break_even_hours_per_person_per_day", r.break_even_hours_per_person_per_day},
             {"over_capacity", r.over_capacity}};
  for (const Text& t : r.notes) notes.push_back(t);
  std::cout << render_key_values(kv, r.explain, notes, ctx.lang(), f.format);
}

void setup(CLI::App& root, Context& ctx) {
  static LabFlags f;
  CLI::App* cmd = root.add_subcommand(
      "lab", "Lab co-rental: share a k-GPU server paid yearly, or each rent by the hour?");
  add_calc_flags(cmd, lab_fields(), f.given);
  cmd->add_option("--gpu", f.gpu, "GPU of the server, for the hourly price (default a100)");
  cmd->add_option("--usd-cny", f.usd_cny, "Exchange rate, CNY per USD");
  add_format_option(cmd, f.format, {"table", "json", "csv", "md"});
  cmd->footer(
      "\nThe source article: 8 people sharing an 8xA100 server, paid yearly, pay about 60% less than renting "
      "by\n"
      "the hour. Whether you do depends on the yearly quote and how many hours each person really uses.\n\n"
      "Examples:\n  gpuwise lab --people 8 --cards 8 --gpu a100 --server-price 110000 --hours-per-day 20\n"
      "  gpuwise lab --people 4 --cards 4 --gpu 4090 --hours-per-day 6");
  cmd->callback([&ctx] { run(f, ctx); });
}

CommandRegistrar reg(50, &setup);

}  // namespace
}  // namespace gw::cli
