// The calculators tab: a lab sharing one server, renting against buying a card, and budgeting a sweep.
// Prices start from the current pick (in the chosen currency) and can be changed; results follow each edit.
#include <algorithm>
#include <string>

#include "app/app.hpp"
#include "app/fields.hpp"
#include "app/format.hpp"
#include "app/i18n.hpp"
#include "app/theme.hpp"
#include "app/widgets.hpp"
#include "imgui.h"

namespace gw::app {

namespace {

void seed(AppState& s) {
  CalcView& c = s.calc;
  if (c.seeded || s.report.rows.empty()) return;
  const Row& pick = s.report.rows.front();
  const double per_card = pick.price_per_hour / std::max(1, pick.cards);
  c.lab.hourly_price_per_card = per_card;
  // Without a quote, a yearly server is estimated like the CLI does: 70% of the hourly price, all year.
  c.lab.server_price_per_year = 0.7 * per_card * c.lab.server_cards * 720 * 12;
  c.buy.hourly_rent = per_card;
  c.buy.gpu_hours_per_year = 1500;
  c.buy.horizon_years = 3;
  c.buy.resale_fraction = 0.3;
  c.buy.power_watts = 450;
  c.buy.electricity_per_kwh = s.scenario.constraints.currency == "CNY" ? 0.6 : 0.15;
  c.sweep.hours_per_run = pick.work_known ? pick.hours.likely : 10;
  c.sweep.price_per_hour = pick.price_per_hour;
  c.sweep.configs = 8;
  c.sweep.seeds = 3;
  c.sweep.parallel = 4;
  c.sweep.budget = s.scenario.constraints.budget;
  c.sweep.deadline_hours = s.scenario.constraints.deadline_hours;
  c.seeded = true;
}

void problems(const std::vector<Problem>& ps) {
  for (const Problem& p : ps)
    ImGui::TextColored(color_v(Tone::warn), "• %s: %s", p.path.c_str(), p.message.c_str());
}

void result_row(const char* label, const std::string& value, Tone tone = Tone::text) {
  ImGui::TableNextRow();
  ImGui::TableSetColumnIndex(0);
  ImGui::TextColored(color_v(Tone::muted), "%s", label);
  ImGui::TableSetColumnIndex(1);
  ImGui::TextColored(color_v(tone), "%s", value.c_str());
}

void explain(const Explain& e, const std::vector<Text>& notes) {
  ImGui::PushTextWrapPos(0);
  if (!e.formula.empty()) ImGui::TextColored(color_v(Tone::muted), "%s", tr(e.formula).c_str());
  for (const Text& n : notes) ImGui::TextColored(color_v(Tone::muted), "• %s", tr(n).c_str());
  ImGui::PopTextWrapPos();
}

void draw_lab(AppState& s) {
  LabInputs& in = s.calc.lab;
  const std::string& cur = s.scenario.constraints.currency;
  ImGui::PushFont(font_heading());
  ImGui::TextUnformatted(tr("Lab co-rental", "实验室合租"));
  ImGui::PopFont();
  ImGui::PushTextWrapPos(0);
  ImGui::TextColored(color_v(Tone::muted), "%s",
                     tr("N people share one k-card server paid yearly, or each rents by the hour?",
                        "N 个人合租一台按年付费的 k 卡服务器，还是各自按小时租？"));
  ImGui::PopTextWrapPos();
  if (begin_form("labform")) {
    field_int(tr("People", "人数"), nullptr, "lab_people", in.people, 1, 10000);
    field_int(tr("Cards in the server", "服务器卡数"), nullptr, "lab_cards", in.server_cards, 1, 64);
    field_number((std::string(tr("Server per year, ", "服务器年费，")) + cur).c_str(),
                 tr("Started at 70% of the hourly price for a whole year, as monthly plans are priced; use "
                    "your quote.",
                    "初始值按全年时价的 70% 估算（包月价格水平），请填入实际报价。"),
                 "lab_year", in.server_price_per_year, 0, 1e12);
    field_number((std::string(tr("One card per hour, ", "单卡每小时，")) + cur).c_str(), nullptr,
                 "lab_hourly", in.hourly_price_per_card, 0, 1e6);
    field_number(tr("GPU hours per person per day", "每人每天 GPU 小时"), nullptr, "lab_hours",
                 in.hours_per_person_per_day, 0, 24);
    field_number(tr("Cards per person", "每人同时用卡数"), nullptr, "lab_cpp", in.cards_per_person, 0.01, 64);
    end_form();
  }
  const auto ps = validate(in);
  if (!ps.empty()) return problems(ps);
  const LabResult r = lab_corental(in);
  if (ImGui::BeginTable("labres", 2, ImGuiTableFlags_SizingStretchProp | ImGuiTableFlags_NoSavedSettings)) {
    result_row(tr("Shared, per person per day", "合租：每人每天"), money(r.shared_per_person_per_day, cur));
    result_row(tr("Hourly, per person per day", "按时租：每人每天"), money(r.hourly_per_person_per_day, cur));
    result_row(tr("Saving", "节省"), plain(r.saving_fraction * 100, 0) + "%",
               r.saving_fraction >= 0 ? Tone::good : Tone::bad);
    result_row(tr("Server busy", "服务器利用率"), plain(r.utilization * 100, 0) + "%",
               r.over_capacity ? Tone::bad : Tone::text);
    result_row(tr("Pays off from", "划算的起点"), plain(r.break_even_utilization * 100, 0) + "% · " +
                                                      plain(r.break_even_hours_per_person_per_day, 1) +
                                                      tr(" h/person/day", " 小时/人/天"));
    ImGui::EndTable();
  }
  if (r.over_capacity)
    ImGui::TextColored(color_v(Tone::bad), "%s",
                       tr("The lab wants more card-hours than the server has.", "需求超过服务器的总卡时。"));
  explain(r.explain, r.notes);
}

void draw_buy(AppState& s) {
  BuyInputs& in = s.calc.buy;
  const std::string& cur = s.scenario.constraints.currency;
  ImGui::PushFont(font_heading());
  ImGui::TextUnformatted(tr("Rent or buy", "租还是买"));
  ImGui::PopFont();
  if (begin_form("buyform")) {
    field_number((std::string(tr("Card price, ", "显卡价格，")) + cur).c_str(),
                 tr("New or used; what you would pay.", "新卡或二手，你实际要付的价格。"), "buy_price",
                 in.card_price, 0, 1e9);
    field_number(tr("Resale after the horizon", "到期残值比例"),
                 tr("0.3 = sold for 30% of the price.", "0.3 表示按原价 30% 卖出。"), "buy_resale",
                 in.resale_fraction, 0, 1);
    field_number(tr("Horizon, years", "使用年限"), nullptr, "buy_years", in.horizon_years, 0.1, 20);
    field_number(tr("GPU hours per year", "每年 GPU 小时"), nullptr, "buy_hours", in.gpu_hours_per_year, 0,
                 8784);
    field_number((std::string(tr("Rent per hour, ", "租用每小时，")) + cur).c_str(), nullptr, "buy_rent",
                 in.hourly_rent, 0, 1e6);
    field_number(tr("Power while running (W)", "运行功耗（瓦）"),
                 tr("Card plus its share of the PC.", "显卡加主机分摊。"), "buy_watts", in.power_watts, 0,
                 1e5);
    field_number((std::string(tr("Electricity per kWh, ", "电价每度，")) + cur).c_str(), nullptr, "buy_kwh",
                 in.electricity_per_kwh, 0, 100);
    field_number((std::string(tr("Host PC, ", "主机，")) + cur).c_str(),
                 tr("0 if you already have one.", "已有主机则填 0。"), "buy_host", in.host_cost, 0, 1e9);
    end_form();
  }
  if (in.card_price <= 0) {
    ImGui::TextColored(color_v(Tone::muted), "%s",
                       tr("Enter the card's price to compare.", "填入显卡价格后即可比较。"));
    return;
  }
  const auto ps = validate(in);
  if (!ps.empty()) return problems(ps);
  const BuyResult r = rent_or_buy(in);
  if (ImGui::BeginTable("buyres", 2, ImGuiTableFlags_SizingStretchProp | ImGuiTableFlags_NoSavedSettings)) {
    result_row(tr("Renting, per year", "租用：每年"), money(r.rent_per_year, cur));
    result_row(tr("Owning, per year", "自购：每年"), money(r.own_per_year, cur));
    result_row(tr("of which electricity", "其中电费"), money(r.own_running_per_year, cur));
    result_row(tr("Pays back after", "回本时间"),
               r.breaks_even ? plain(r.months_to_break_even, 1) + tr(" months", " 个月")
                             : std::string(tr("not within the horizon", "年限内不回本")),
               r.breaks_even ? Tone::good : Tone::warn);
    result_row(tr("Same cost at", "两者持平的用量"),
               plain(r.break_even_hours_per_year, 0) + tr(" h/year", " 小时/年"));
    ImGui::EndTable();
  }
  explain(r.explain, r.notes);
}

void draw_sweep(AppState& s) {
  SweepInputs& in = s.calc.sweep;
  const std::string& cur = s.scenario.constraints.currency;
  ImGui::PushFont(font_heading());
  ImGui::TextUnformatted(tr("Hyper-parameter sweep", "超参数搜索预算"));
  ImGui::PopFont();
  if (begin_form("sweepform")) {
    field_int(tr("Configurations", "配置数"), nullptr, "sw_configs", in.configs, 1, 100000);
    field_int(tr("Seeds each", "每个配置的种子数"), nullptr, "sw_seeds", in.seeds, 1, 1000);
    field_hours(tr("Hours per run", "每次运行时长"), nullptr, "sw_hours", in.hours_per_run, 0, 1e5);
    field_number((std::string(tr("Price per hour, ", "每小时价格，")) + cur).c_str(),
                 tr("One run's rental, all its cards.", "单次运行的整机租金。"), "sw_price",
                 in.price_per_hour, 0, 1e6);
    field_number((std::string(tr("Fixed per instance, ", "每台实例固定费用，")) + cur).c_str(),
                 tr("Setup, storage and transfer paid once per parallel instance.",
                    "每台并行实例一次性支付的配置、存储和流量费用。"),
                 "sw_fixed", in.fixed_cost_per_instance, 0, 1e9);
    field_int(tr("In parallel", "并行实例数"), nullptr, "sw_parallel", in.parallel, 1, 10000);
    field_optional((std::string(tr("Budget, ", "预算，")) + cur).c_str(), nullptr, "sw_budget", in.budget, 0,
                   1e12, tr("no limit", "不限"));
    field_optional(tr("Deadline", "截止时间"), nullptr, "sw_deadline", in.deadline_hours, 1.0 / 60, 1e5,
                   tr("none", "不限"), true);
    end_form();
  }
  const auto ps = validate(in);
  if (!ps.empty()) return problems(ps);
  const SweepResult r = sweep_budget(in);
  if (ImGui::BeginTable("sweepres", 2, ImGuiTableFlags_SizingStretchProp | ImGuiTableFlags_NoSavedSettings)) {
    result_row(tr("Runs", "运行次数"), std::to_string(r.runs));
    result_row(tr("GPU hours", "GPU 小时"), plain(r.gpu_hours, 1));
    result_row(tr("Total cost", "总费用"), money(r.total_cost, cur), r.fits_budget ? Tone::text : Tone::bad);
    result_row(tr("Wall clock", "总耗时"), hours(r.wall_hours), r.fits_deadline ? Tone::text : Tone::bad);
    result_row(tr("Runs you can afford in time", "预算和时间内可完成"),
               std::to_string(r.runs_allowed) + " / " + std::to_string(r.runs),
               r.runs_allowed == r.runs ? Tone::good : Tone::warn);
    ImGui::EndTable();
  }
  explain(r.explain, r.notes);
}

}  // namespace

void draw_calculators(AppState& s) {
  seed(s);
  if (!s.report.rows.empty()) {
    const Row& pick = s.report.rows.front();
    ImGui::TextColored(color_v(Tone::muted), "%s %s · %s %s%s",
                       tr("Prices start from the current pick:", "价格初始值取自当前推荐："),
                       pick.gpu_name.c_str(), tr(pick.provider_name).c_str(),
                       money(pick.price_per_hour, s.report.currency).c_str(), tr("/h", "/小时"));
    ImGui::SameLine();
    if (ImGui::SmallButton(tr("Refill", "重新填入"))) s.calc.seeded = false;
  }
  const float w = ImGui::GetContentRegionAvail().x;
  const bool wide = w > 1000 * s.scale;
  const ImVec2 box(wide ? (w - ImGui::GetStyle().ItemSpacing.x * 2) / 3 : 0, wide ? 0 : 460 * s.scale);
  if (!wide) ImGui::BeginChild("calcscroll", ImVec2(0, 0), false);
  ImGui::BeginChild("lab", box, true);
  draw_lab(s);
  ImGui::EndChild();
  if (wide) ImGui::SameLine();
  ImGui::BeginChild("buy", box, true);
  draw_buy(s);
  ImGui::EndChild();
  if (wide) ImGui::SameLine();
  ImGui::BeginChild("sweep", box, true);
  draw_sweep(s);
  ImGui::EndChild();
  if (!wide) ImGui::EndChild();
}

}  // namespace gw::app
