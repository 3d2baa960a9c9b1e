// The side calculators' input tables (calc_inputs.hpp) and the checks and reads every door shares.
#include "engine/calc_inputs.hpp"

#include <cmath>
#include <cstdio>
#include <type_traits>

#include "engine/estimate.hpp"

namespace gw {

namespace {

template <class C, class T>
C owner_of(T C::*);
template <class C, class T>
T type_of(T C::*);

// One getter and setter per member, as plain function pointers: the tables stay constant data.
template <auto M>
std::optional<double> get_member(const decltype(owner_of(M))& in) {
  using T = decltype(type_of(M));
  if constexpr (std::is_same_v<T, std::optional<double>>)
    return in.*M;
  else
    return static_cast<double>(in.*M);
}
template <auto M>
void set_member(decltype(owner_of(M))& in, std::optional<double> v) {
  using T = decltype(type_of(M));
  if constexpr (std::is_same_v<T, std::optional<double>>)
    in.*M = v;
  else if (v)
    in.*M = static_cast<T>(std::is_integral_v<T> ? std::llround(*v) : *v);
}

template <auto M>
CalcField<decltype(owner_of(M))> calc(const char* flag, const char* name, NumberRule rule, Text label,
                                      Text help, bool positive = false) {
  return {flag, name,           std::move(rule), positive, std::move(label), std::move(help),
          {},   &get_member<M>, &set_member<M>};
}
template <auto M>
CalcField<decltype(owner_of(M))> optional_calc(const char* flag, const char* name, NumberRule rule,
                                               Text label, Text help, Text empty_hint) {
  rule.optional = true;
  auto f = calc<M>(flag, name, std::move(rule), std::move(label), std::move(help));
  f.empty_hint = std::move(empty_hint);
  return f;
}

NumberRule rule(InputType type, Limit range) {
  NumberRule r;
  r.type = type;
  r.range = range;
  return r;
}

constexpr InputType kInt = InputType::integer, kNum = InputType::number, kMoney = InputType::money,
                    kShare = InputType::share, kHours = InputType::duration;

}  // namespace

const std::vector<CalcField<LabInputs>>& lab_fields() {
  using L = LabInputs;
  static const std::vector<CalcField<L>> t = {
      calc<&L::people>("--people", "people", rule(kInt, {1, 10000, ""}), {"People", "人数"},
                       {"People sharing the server.", "合租服务器的人数。"}),
      calc<&L::server_cards>("--cards", "server_cards", rule(kInt, {1, 64, ""}),
                             {"Cards in the server", "服务器卡数"},
                             {"GPUs in the shared server.", "合租服务器上的 GPU 数。"}),
      calc<&L::server_price_per_year>(
          "--server-price", "server_price_per_year", rule(kMoney, {0, 1e12, ""}),
          {"Server per year", "服务器年费"},
          {"The whole server's yearly price: use your quote. Without one it starts at 70% of the hourly "
           "price for a whole year, as monthly plans are priced.",
           "整台服务器的年费，请填入实际报价。没有报价时按全年时价的 70% 起算（包月价格水平）。"},
          true),
      calc<&L::hourly_price_per_card>("--hourly", "hourly_price_per_card", rule(kMoney, {0, 1e6, ""}),
                                      {"One card per hour", "单卡每小时"},
                                      {"Renting one card by the hour instead (default: the catalog's "
                                       "cheapest offer of the server's GPU).",
                                       "改为按小时租一张卡的价格（默认：目录中该 GPU 最便宜的方案）。"},
                                      true),
      calc<&L::hours_per_person_per_day>(
          "--hours-per-day", "hours_per_person_per_day", rule(kNum, {0, 24, "h"}),
          {"GPU hours per person per day", "每人每天 GPU 小时"},
          {"GPU hours each person would rent per day.", "每人每天会租用的 GPU 小时数。"}),
      calc<&L::cards_per_person>("--cards-per-person", "cards_per_person", rule(kNum, {0.01, 64, ""}),
                                 {"Cards per person", "每人同时用卡数"},
                                 {"Cards each person uses at once.", "每人同时使用的卡数。"}),
  };
  return t;
}

const std::vector<CalcField<BuyInputs>>& buy_fields() {
  using B = BuyInputs;
  static const std::vector<CalcField<B>> t = {
      calc<&B::card_price>(
          "--card-price", "card_price", rule(kMoney, {0, 1e9, ""}), {"Card price", "显卡价格"},
          {"What you would pay for the card, new or used.", "新卡或二手，你实际要付的价格。"}, true),
      calc<&B::resale_fraction>("--resale", "resale_fraction", rule(kShare, {0, 1, ""}),
                                {"Resale after the horizon", "到期残值比例"},
                                {"Share of the price you get back when you sell it: 0.3 or 30%.",
                                 "卖出时收回的价格比例：0.3 或 30%。"}),
      calc<&B::horizon_years>("--years", "horizon_years", rule(kNum, {0.1, 20, "years"}),
                              {"Horizon, years", "使用年限"},
                              {"Years you would keep the card.", "显卡的使用年数。"}),
      calc<&B::gpu_hours_per_year>(
          "--hours-per-year", "gpu_hours_per_year", rule(kNum, {0, 8784, "h"}),
          {"GPU hours per year", "每年 GPU 小时"},
          {"GPU hours a year you would otherwise rent.", "否则每年要租用的 GPU 小时。"}),
      calc<&B::hourly_rent>("--hourly", "hourly_rent", rule(kMoney, {0, 1e6, ""}),
                            {"Rent per hour", "租用每小时"},
                            {"Renting the card by the hour (default: the catalog's cheapest offer).",
                             "按小时租这张卡的价格（默认：目录中最便宜的方案）。"},
                            true),
      calc<&B::power_watts>("--watts", "power_watts", rule(kNum, {0, 10000, "W"}),
                            {"Power while running (W)", "运行功耗（瓦）"},
                            {"The card plus its share of the PC (default: the card's TDP).",
                             "显卡加主机分摊的功耗（默认：显卡 TDP）。"}),
      calc<&B::electricity_per_kwh>(
          "--electricity", "electricity_per_kwh", rule(kMoney, {0, 100, ""}),
          {"Electricity per kWh", "电价每度"},
          {"Your price per kWh; 0 leaves electricity out.", "每度电价格；0 表示不计电费。"}),
      calc<&B::host_cost>(
          "--host", "host_cost", rule(kMoney, {0, 1e9, ""}), {"Host PC", "主机"},
          {"The PC the card needs; 0 if you already have one.", "显卡需要的主机；已有则填 0。"}),
  };
  return t;
}

const std::vector<CalcField<SweepInputs>>& sweep_fields() {
  using S = SweepInputs;
  static const std::vector<CalcField<S>> t = {
      calc<&S::configs>("--configs", "configs", rule(kInt, {1, 1e6, ""}), {"Configurations", "配置数"},
                        {"Hyper-parameter configurations to try.", "要尝试的超参数配置数。"}),
      calc<&S::seeds>(
          "--seeds", "seeds", rule(kInt, {1, 1e4, ""}), {"Seeds each", "每个配置的种子数"},
          {"Runs of each configuration with a different seed.", "每个配置用不同随机种子运行的次数。"}),
      calc<&S::hours_per_run>(
          "--hours-per-run", "hours_per_run", rule(kHours, {0, 1e5, "h"}), {"Hours per run", "每次运行时长"},
          {"How long one run takes: 2.5, 90m, 1d.", "单次运行的时长：2.5、90m、1d。"}, true),
      calc<&S::price_per_hour>("--price", "price_per_hour", rule(kMoney, {0, 1e6, ""}),
                               {"Price per hour", "每小时价格"},
                               {"One run's rental per hour, all its cards.", "单次运行每小时的整机租金。"}),
      calc<&S::fixed_cost_per_instance>("--fixed", "fixed_cost_per_instance", rule(kMoney, {0, 1e9, ""}),
                                        {"Fixed per instance", "每台实例固定费用"},
                                        {"Setup, storage and transfer paid once per parallel instance.",
                                         "每台并行实例一次性支付的配置、存储和流量费用。"}),
      calc<&S::parallel>("--parallel", "parallel", rule(kInt, {1, 1e4, ""}), {"In parallel", "并行实例数"},
                         {"Instances rented at once.", "同时租用的实例数。"}),
      optional_calc<&S::budget>("--budget", "budget", rule(kMoney, limits::budget), {"Budget", "预算"},
                                {"What the whole sweep may cost.", "整个搜索可花的钱。"},
                                {"no limit", "不限"}),
      optional_calc<&S::deadline_hours>(
          "--deadline", "deadline", rule(kHours, limits::deadline_hours), {"Deadline", "截止时间"},
          {"When every run must be done: 48h, 2d.", "所有运行必须完成的时限：48h、2d。"}, {"none", "不限"}),
  };
  return t;
}

template <class In>
std::vector<Problem> check_calc_fields(const std::vector<CalcField<In>>& fields, const In& in) {
  std::vector<Problem> out;
  for (const CalcField<In>& f : fields) {
    const std::optional<double> v = f.get(in);
    if (auto p = check_number(f.name, f.rule, v))
      out.push_back(std::move(*p));
    else if (f.positive && v && *v <= 0)
      out.push_back({f.name, "must be above 0"});
  }
  return out;
}

template <class In>
InputSet set_calc_field(const CalcField<In>& f, In& in, std::string_view text, std::string_view currency,
                        bool clamp) {
  std::optional<double> v;
  InputSet r = read_number(f.rule, text, currency, clamp, v);
  if (r.status == InputSet::bad || r.status == InputSet::out_of_range) return r;
  if (f.positive && v && *v <= 0)
    return {InputSet::out_of_range,
            {std::string(text) + " must be above 0", std::string(text) + " 必须大于 0"}};
  f.set(in, v);
  return r;
}

template <class In>
std::string calc_range_text(const CalcField<In>& f, Lang lang) {
  if (!f.positive) return describe_limit(f.rule.range, lang);
  char hi[32];  // worded like describe_limit
  std::snprintf(hi, sizeof hi, "%g", f.rule.range.hi);
  const char* unit = f.rule.range.unit;
  const std::string u = *unit ? " " + unit_text(unit).in(lang) : "";
  return lang == Lang::zh ? std::string("大于 0，至多 ") + hi + u : std::string("above 0, up to ") + hi + u;
}

namespace {
template <class In>
std::string markdown(const char* command, const std::vector<CalcField<In>>& fields) {
  std::string out = std::string("\n`gpuwise ") + command +
                    "`:\n\n| field | CLI flag | type | range | meaning |\n|---|---|---|---|---|\n";
  for (const CalcField<In>& f : fields) {
    std::string range = calc_range_text(f);
    if (f.rule.optional) range += "; empty = " + f.empty_hint.en;
    out += std::string("| ") + f.name + " | `" + f.flag + "` | " + input_type_name(f.rule.type) + " | " +
           range + " | " + f.help.en + " |\n";
  }
  return out;
}
}  // namespace

std::string calc_table_markdown() {
  return markdown("lab", lab_fields()) + markdown("buy", buy_fields()) + markdown("sweep", sweep_fields());
}

#define GW_CALC_INSTANCES(In)                                                                            \
  template std::vector<Problem> check_calc_fields(const std::vector<CalcField<In>>&, const In&);         \
  template InputSet set_calc_field(const CalcField<In>&, In&, std::string_view, std::string_view, bool); \
  template std::string calc_range_text(const CalcField<In>&, Lang);
GW_CALC_INSTANCES(LabInputs)
GW_CALC_INSTANCES(BuyInputs)
GW_CALC_INSTANCES(SweepInputs)
#undef GW_CALC_INSTANCES

}  // namespace gw
