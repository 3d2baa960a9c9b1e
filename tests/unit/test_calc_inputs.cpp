// The side calculators' input tables (engine/calc_inputs.hpp): one parser, range and name per field, read
// the same by validate(), the CLI's lab/buy/sweep flags and the page's forms.
#include <doctest/doctest.h>

#include <set>
#include <string>

#include "engine/calc_inputs.hpp"
#include "test_doc_sections.hpp"

namespace {

template <class In>
void table_is_sound(const std::vector<gw::CalcField<In>>& fields) {
  std::set<std::string> flags, names;
  for (const auto& f : fields) {
    INFO(f.name);
    CHECK(flags.insert(f.flag).second);
    CHECK(names.insert(f.name).second);
    CHECK(std::string(f.flag).rfind("--", 0) == 0);
    CHECK(!f.label.en.empty());
    CHECK(!f.label.zh.empty());
    CHECK(!f.help.en.empty());
    CHECK(!f.help.zh.empty());
    CHECK(f.rule.range.lo <= f.rule.range.hi);
    CHECK((f.get && f.set));
  }
}

template <class In>
const gw::CalcField<In>& field(const std::vector<gw::CalcField<In>>& fields, const std::string& flag) {
  for (const auto& f : fields)
    if (flag == f.flag) return f;
  FAIL("no field " << flag);
  return fields.front();
}

}  // namespace

TEST_CASE("calculator tables: unique flags and names, both languages, a getter and setter each") {
  table_is_sound(gw::lab_fields());
  table_is_sound(gw::buy_fields());
  table_is_sound(gw::sweep_fields());
}

TEST_CASE("calculator fields read the scenario's words: durations, money in the currency, shares") {
  gw::SweepInputs sweep;
  const auto& hours = field(gw::sweep_fields(), "--hours-per-run");
  CHECK(gw::set_calc_field(hours, sweep, "90m", "CNY", false).status == gw::InputSet::ok);
  CHECK(sweep.hours_per_run == doctest::Approx(1.5));
  CHECK(gw::set_calc_field(hours, sweep, "2 小时", "CNY", false).status == gw::InputSet::ok);
  CHECK(sweep.hours_per_run == doctest::Approx(2));

  const auto& budget = field(gw::sweep_fields(), "--budget");
  CHECK(gw::set_calc_field(budget, sweep, "¥300", "CNY", false).status == gw::InputSet::ok);
  REQUIRE(sweep.budget);
  CHECK(*sweep.budget == 300);
  const gw::InputSet dollars = gw::set_calc_field(budget, sweep, "$20", "CNY", false);
  CHECK(dollars.status == gw::InputSet::bad);
  CHECK(dollars.message.en.find("CNY") != std::string::npos);
  CHECK(*sweep.budget == 300);  // a refused value leaves the old one
  CHECK(gw::set_calc_field(budget, sweep, "  ", "CNY", false).status == gw::InputSet::ok);
  CHECK(!sweep.budget);  // blank = no budget

  gw::BuyInputs buy;
  CHECK(gw::set_calc_field(field(gw::buy_fields(), "--resale"), buy, "30%", "USD", false).status ==
        gw::InputSet::ok);
  CHECK(buy.resale_fraction == doctest::Approx(0.3));
}

TEST_CASE("calculator fields: the CLI refuses what the page clamps, and a price must be above 0") {
  gw::LabInputs lab;
  const auto& cards = field(gw::lab_fields(), "--cards");
  const gw::InputSet refused = gw::set_calc_field(cards, lab, "100", "CNY", false);
  CHECK(refused.status == gw::InputSet::out_of_range);
  CHECK(refused.message.en.find("between 1 and 64") != std::string::npos);
  CHECK(lab.server_cards == 8);
  CHECK(gw::set_calc_field(cards, lab, "100", "CNY", true).status == gw::InputSet::clamped);
  CHECK(lab.server_cards == 64);
  CHECK(gw::set_calc_field(cards, lab, "2.5", "CNY", false).status == gw::InputSet::bad);

  const auto& hourly = field(gw::lab_fields(), "--hourly");
  CHECK(gw::set_calc_field(hourly, lab, "0", "CNY", true).status == gw::InputSet::out_of_range);
  CHECK(gw::calc_range_text(hourly) == "above 0, up to 1e+06");
}

TEST_CASE("validate() is the table's ranges: every problem names a field of the table") {
  gw::LabInputs lab;
  lab.server_price_per_year = 100000;
  lab.hourly_price_per_card = 0;  // no price: must be above 0
  lab.hours_per_person_per_day = 25;
  const auto ps = gw::validate(lab);
  REQUIRE(ps.size() == 2);
  CHECK(ps[0].path == "hourly_price_per_card");
  CHECK(ps[0].message == "must be above 0");
  CHECK(ps[1].path == "hours_per_person_per_day");
  CHECK(ps[1].message.find("between 0 and 24 h") != std::string::npos);

  gw::SweepInputs sweep;
  sweep.hours_per_run = 2;
  sweep.deadline_hours = 0;  // under a minute
  const auto sp = gw::validate(sweep);
  REQUIRE(sp.size() == 1);
  CHECK(sp[0].path == "deadline");
}

TEST_CASE("docs/input-ranges.md holds the calculators' tables the code has") {
  check_doc_section("input-ranges.md", "calc-table", gw::calc_table_markdown());
}
