// Lab co-rental, rent-or-buy and sweep budgeting. Each result carries its formula and inputs.
#include "engine/calculators.hpp"

#include <algorithm>
#include <cmath>

#include "engine/calc_inputs.hpp"
#include "engine/cost.hpp"
#include "engine/energy.hpp"

namespace gw {

namespace {

double fin(double v) {
  return std::isfinite(v) ? v : 0;
}

// Integer counts from doubles without overflow: a billion runs is beyond any sweep.
int to_count(double v) {
  if (!std::isfinite(v) || v <= 0) return 0;
  return static_cast<int>(std::min(v, 1e9));
}

}  // namespace

std::vector<Problem> validate(const LabInputs& in) {
  return check_calc_fields(lab_fields(), in);
}

double assumed_server_price_per_year(double hourly_price_per_card, int server_cards) {
  return std::round(0.7 * hourly_price_per_card * server_cards * 720 * 12);
}

LabResult lab_corental(const LabInputs& in) {
  LabResult r;
  const double people = std::max(1, in.people);
  const double cards = std::max(1, in.server_cards);
  const double per_day = fin(in.server_price_per_year) / 365.0;
  const double price = fin(in.hourly_price_per_card);
  const double hours = std::clamp(fin(in.hours_per_person_per_day), 0.0, 24.0);
  const double cpp = std::max(0.0, fin(in.cards_per_person));
  r.shared_per_person_per_day = per_day / people;
  r.hourly_per_person_per_day = hours * cpp * price;
  r.saving_fraction =
      r.hourly_per_person_per_day > 0 ? 1 - r.shared_per_person_per_day / r.hourly_per_person_per_day : 0;
  const double capacity = cards * 24.0;
  r.utilization = people * hours * cpp / capacity;
  r.over_capacity = r.utilization > 1 + 1e-9;
  r.break_even_utilization = price > 0 ? per_day / (capacity * price) : 0;
  r.break_even_hours_per_person_per_day = cpp > 0 ? r.break_even_utilization * capacity / (people * cpp) : 0;
  r.explain.formula = {
      "shared = yearly price / 365 / people; hourly = hours x cards x price per card-hour; "
      "break-even utilization = (yearly price / 365) / (cards x 24 x price per card-hour)",
      "合租 = 年费 ÷ 365 ÷ 人数；按时租 = 每天小时 × 卡数 × 每卡时价；"
      "盈亏平衡利用率 = (年费 ÷ 365) ÷ (卡数 × 24 × 每卡时价)"};
  r.explain.inputs = {{"people", people, "", "人数"},
                      {"server cards", cards, "", "服务器卡数"},
                      {"server price per year", in.server_price_per_year, "", "服务器年费"},
                      {"price per card-hour", price, "", "每卡时价"},
                      {"hours per person per day", hours, "h", "每人每天小时"},
                      {"cards per person", cpp, "", "每人卡数"}};
  if (r.over_capacity)
    r.notes.push_back({"The lab wants " + format_number(r.utilization * 100, 0) +
                           "% of the server's card-hours: people will queue.",
                       "实验室需要服务器 " + format_number(r.utilization * 100, 0) + "% 的卡时：需要排队。"});
  if (r.utilization < r.break_even_utilization)
    r.notes.push_back(
        {"Below " + format_number(r.break_even_utilization * 100, 0) +
             "% utilization, renting by the hour is cheaper.",
         "利用率低于 " + format_number(r.break_even_utilization * 100, 0) + "% 时，按时租更便宜。"});
  return r;
}

std::vector<Problem> validate(const BuyInputs& in) {
  return check_calc_fields(buy_fields(), in);
}

BuyResult rent_or_buy(const BuyInputs& in) {
  BuyResult r;
  const double hours = std::max(0.0, fin(in.gpu_hours_per_year));
  const double horizon = std::max(1e-6, fin(in.horizon_years));
  // The same energy model as a rented job's (energy.hpp): one card at its power, PUE 1 (a desk has no
  // data-centre cooling to count); per hour for the margin, per year for the bill.
  const double price_per_kwh = std::max(0.0, fin(in.electricity_per_kwh));
  const double kw_cost = energy_kwh(in.power_watts, 1.0, 1, 1.0) * price_per_kwh;
  const double outlay = std::max(0.0, fin(in.card_price)) + std::max(0.0, fin(in.host_cost));
  const double resale = std::clamp(fin(in.resale_fraction), 0.0, 1.0) * std::max(0.0, fin(in.card_price));
  r.rent_per_year = hours * fin(in.hourly_rent);
  r.own_kwh_per_year = energy_kwh(in.power_watts, hours, 1, 1.0);
  r.own_running_per_year = r.own_kwh_per_year * price_per_kwh;
  r.own_per_year = (outlay - resale) / horizon + r.own_running_per_year;
  const double saved_per_month = (r.rent_per_year - r.own_running_per_year) / 12.0;
  if (saved_per_month > 0) {
    // Net of what the card sells for at the end, so it agrees with the per-year comparison.
    r.months_to_break_even = fin((outlay - resale) / saved_per_month);
    r.breaks_even = r.months_to_break_even <= horizon * 12 + 1e-9;
  }
  const double margin = fin(in.hourly_rent) - kw_cost;
  r.break_even_hours_per_year = margin > 0 ? fin((outlay - resale) / horizon / margin) : 0;
  r.explain.formula = {
      "months to break even = (card + host - resale) / ((rent per hour - power x electricity) x hours per "
      "year / 12); "
      "owning per year = (card + host - resale) / years + electricity",
      "回本月数 = (显卡 + 主机 − 残值) ÷ ((每小时租金 − 功耗 × 电价) × 每年小时 ÷ 12)；"
      "每年持有成本 = (显卡 + 主机 − 残值) ÷ 年数 + 电费"};
  r.explain.inputs = {{"card price", in.card_price, "", "显卡价格"},
                      {"host cost", in.host_cost, "", "主机费用"},
                      {"resale", resale, "", "残值"},
                      {"years", horizon, "", "年数"},
                      {"GPU hours per year", hours, "h", "每年 GPU 小时"},
                      {"hourly rent", in.hourly_rent, "", "每小时租金"},
                      {"power", in.power_watts, "W", "功耗"},
                      {"electricity", in.electricity_per_kwh, "/kWh", "电价"},
                      {"energy per year", r.own_kwh_per_year, "kWh", "每年耗电"}};
  if (saved_per_month <= 0)
    r.notes.push_back({"At these hours, electricity costs as much as renting: buying never pays back.",
                       "按这个用量，电费与租金相当：买卡永远回不了本。"});
  else if (!r.breaks_even)
    r.notes.push_back({"Buying pays back only after the " + format_number(horizon, 1) + "-year horizon.",
                       "买卡要超过 " + format_number(horizon, 1) + " 年才能回本。"});
  r.notes.push_back(
      {"Owning also costs your time for maintenance and gives no burst to many cards; renting "
       "scales out for a deadline.",
       "自购还要花时间维护，且无法临时扩到多卡；租用可以在截止前临时扩容。"});
  return r;
}

std::vector<Problem> validate(const SweepInputs& in) {
  return check_calc_fields(sweep_fields(), in);
}

SweepResult sweep_budget(const SweepInputs& in) {
  SweepResult r;
  const double runs = static_cast<double>(std::max(1, in.configs)) * std::max(1, in.seeds);
  const double h = std::max(0.0, fin(in.hours_per_run));
  const double price = std::max(0.0, fin(in.price_per_hour));
  const double par = std::max(1, in.parallel);
  const double fixed = std::max(0.0, fin(in.fixed_cost_per_instance));
  const double instances = std::min(par, runs);
  r.runs = to_count(runs);
  r.gpu_hours = runs * h;
  r.total_cost = r.gpu_hours * price + fixed * instances;
  r.wall_hours = std::ceil(runs / par - 1e-9) * h;
  const double per_run = h * price;
  if (in.budget) {
    const double left = *in.budget - fixed * instances;
    r.runs_within_budget = left <= 0     ? 0
                           : per_run > 0 ? to_count(std::floor(left / per_run + 1e-9))
                                         : to_count(1e9);
    r.fits_budget = r.total_cost <= *in.budget + 1e-9;
  } else {
    r.runs_within_budget = r.runs;
  }
  if (in.deadline_hours) {
    r.runs_within_deadline = h > 0 ? to_count(std::floor(*in.deadline_hours / h + 1e-9) * par) : r.runs;
    r.fits_deadline = r.wall_hours <= *in.deadline_hours + 1e-9;
  } else {
    r.runs_within_deadline = r.runs;
  }
  r.runs_allowed = std::min(r.runs_within_budget, r.runs_within_deadline);
  r.explain.formula = {
      "runs = configs x seeds; cost = runs x hours per run x price + fixed x instances; "
      "wall clock = ceil(runs / parallel) x hours per run",
      "运行数 = 配置数 × 种子数；费用 = 运行数 × 每次小时 × 单价 + 固定费 × 实例数；"
      "墙钟时间 = 向上取整(运行数 ÷ 并行数) × 每次小时"};
  r.explain.inputs = {{"configs", static_cast<double>(in.configs), "", "配置数"},
                      {"seeds", static_cast<double>(in.seeds), "", "种子数"},
                      {"hours per run", h, "h", "每次小时"},
                      {"price per hour", price, "", "每小时价格"},
                      {"fixed per instance", fixed, "", "每实例固定费"},
                      {"parallel", par, "", "并行数"}};
  if (!r.fits_budget)
    r.notes.push_back({"The budget pays for " + std::to_string(r.runs_within_budget) + " of " +
                           std::to_string(r.runs) + " runs: cut configs or seeds, or use a cheaper card.",
                       "预算只够 " + std::to_string(r.runs) + " 次中的 " +
                           std::to_string(r.runs_within_budget) + " 次：减少配置或种子，或换更便宜的卡。"});
  if (!r.fits_deadline)
    r.notes.push_back({"At " + std::to_string(static_cast<int>(par)) + " at a time, only " +
                           std::to_string(r.runs_within_deadline) +
                           " runs finish by the deadline: rent more "
                           "instances in parallel.",
                       "同时跑 " + std::to_string(static_cast<int>(par)) + " 个，截止前只能完成 " +
                           std::to_string(r.runs_within_deadline) + " 次：增加并行实例。"});
  return r;
}

}  // namespace gw
