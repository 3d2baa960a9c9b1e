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
#include "engine/calc_inputs.hpp"
#include "engine/calculators.hpp"
#include "imgui.h"

namespace gw::app {

namespace {

void seed(AppState& s) {
  CalcView& c = s.calc;
  if (c.seeded || s.report.rows.empty()) return;
  const Row& pick = s.report.rows.front();
  const double per_card = pick.price_per_hour / std::max(1, pick.cards);
  c.lab.hourly_price_per_card = per_card;
  c.lab.server_price_per_year = assumed_server_price_per_year(per_card, c.lab.server_cards);  // no quote yet
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

// One form row per field of a calculator's table (engine/calc_inputs.hpp): label, help and range are the
// CLI's and validate()'s.
template <class In>
void calc_form(const char* id, const std::vector<CalcField<In>>& fields, In& in, const std::string& cur) {
  if (!begin_form(id)) return;
  for (const CalcField<In>& f : fields) {
    std::string label = tr(f.label);
    if (f.rule.type == InputType::money) label += ", " + cur;
    const std::string row = std::string(id) + "_" + f.name;
    const char* help = tr(f.help).c_str();
    const Limit& r = f.rule.range;
    const bool hours = f.rule.type == InputType::duration;
    if (f.rule.optional) {
      std::optional<double> v = f.get(in);
      if (field_optional(label.c_str(), help, row.c_str(), v, r.lo, r.hi, tr(f.empty_hint).c_str(), hours))
        f.set(in, v);
    } else if (f.rule.type == InputType::integer) {
      int v = static_cast<int>(f.get(in).value_or(r.lo));
      if (field_int(label.c_str(), help, row.c_str(), v, static_cast<int>(r.lo), static_cast<int>(r.hi)))
        f.set(in, v);
    } else {
      double v = f.get(in).value_or(r.lo);
      if (hours ? field_hours(label.c_str(), help, row.c_str(), v, r.lo, r.hi)
                : field_number(label.c_str(), help, row.c_str(), v, r.lo, r.hi))
        f.set(in, v);
    }
  }
  end_form();
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
  if (!e.formula.empty()) wrapped_text(tr(e.formula), color_v(Tone::muted));
  for (const Text& n : notes) wrapped_text("• " + tr(n), color_v(Tone::muted));
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
  calc_form("lab", lab_fields(), in, cur);
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
  calc_form("buy", buy_fields(), in, cur);
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
    // The same energy model as a job's kWh (energy.hpp): the card's power x hours, at a desk (PUE 1).
    result_row(tr("Energy per year", "每年耗电"), plain(r.own_kwh_per_year, 0) + " kWh");
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
  calc_form("sweep", sweep_fields(), in, cur);
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
    // On a phone the line is already full: the button goes below it rather than off the screen.
    const char* refill = tr("Refill", "重新填入");
    const float button_w = ImGui::CalcTextSize(refill).x + ImGui::GetStyle().FramePadding.x * 2;
    if (ImGui::GetItemRectMax().x + ImGui::GetStyle().ItemSpacing.x + button_w <
        ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x)
      ImGui::SameLine();
    if (ImGui::SmallButton(refill)) s.calc.seeded = false;
  }
  const float w = ImGui::GetContentRegionAvail().x;
  const bool wide = w > 1000 * s.scale;
  // Wide: three bordered columns. Narrow (a phone): one scrolling column with the calculators one after
  // another; boxes of a fixed height there would each need a scroll bar inside the page's own.
  const ImVec2 box((w - ImGui::GetStyle().ItemSpacing.x * 2) / 3, 0);
  void (*const calculators[])(AppState&) = {&draw_lab, &draw_buy, &draw_sweep};
  const char* ids[] = {"lab", "buy", "sweep"};
  if (!wide) ImGui::BeginChild("calcscroll", ImVec2(0, 0), false);
  for (int i = 0; i < 3; ++i) {
    if (wide) {
      if (i > 0) ImGui::SameLine();
      ImGui::BeginChild(ids[i], box, true);
      calculators[i](s);
      ImGui::EndChild();
    } else {
      ImGui::PushID(ids[i]);
      if (i > 0) {
        ImGui::Spacing();
        ImGui::Separator();
        ImGui::Spacing();
      }
      calculators[i](s);
      ImGui::PopID();
    }
  }
  if (!wide) ImGui::EndChild();
}

}  // namespace gw::app
