// Lab co-rental, rent-or-buy and sweep budgeting.
#include <doctest/doctest.h>

#include <cmath>

#include "engine/calculators.hpp"

TEST_CASE("lab co-rental: 8 people sharing an 8xA100 server pay about 60% less than renting by the hour") {
  // A100 at 3.45 CNY/h by the hour (AutoDL, 2026-08). A yearly bare-metal contract at 40% of the
  // round-the-clock hourly price: 8 people who would each rent a card around the clock save 60%.
  gw::LabInputs in;
  in.people = 8;
  in.server_cards = 8;
  in.hourly_price_per_card = 3.45;
  in.server_price_per_year = 0.4 * 8 * 8760 * 3.45;
  in.hours_per_person_per_day = 19.2;
  const gw::LabResult r = gw::lab_corental(in);
  CHECK(gw::validate(in).empty());
  CHECK(r.shared_per_person_per_day == doctest::Approx(0.4 * 8 * 8760 * 3.45 / 365 / 8));
  CHECK(r.hourly_per_person_per_day == doctest::Approx(19.2 * 3.45));
  CHECK(r.saving_fraction == doctest::Approx(0.5));
  CHECK(r.break_even_utilization == doctest::Approx(0.4));
  CHECK(r.break_even_hours_per_person_per_day == doctest::Approx(9.6));
  CHECK(r.utilization == doctest::Approx(0.8));
  CHECK(!r.over_capacity);
  in.hours_per_person_per_day = 24;
  CHECK(gw::lab_corental(in).saving_fraction == doctest::Approx(0.6));
  // Light use: renting by the hour wins, and the result says so.
  in.hours_per_person_per_day = 4;
  const gw::LabResult light = gw::lab_corental(in);
  CHECK(light.saving_fraction < 0);
  CHECK(!light.notes.empty());
  in.people = 0;
  CHECK(!gw::validate(in).empty());
}

TEST_CASE("rent or buy: months to break even against yearly GPU hours") {
  gw::BuyInputs in;
  in.card_price = 6000;   // a used 3090
  in.hourly_rent = 1.32;  // AutoDL 3090
  in.gpu_hours_per_year = 2000;
  in.power_watts = 400;
  in.electricity_per_kwh = 0.6;
  in.horizon_years = 3;
  in.resale_fraction = 0.3;
  CHECK(gw::validate(in).empty());
  const gw::BuyResult r = gw::rent_or_buy(in);
  const double saved_per_month = (2000 * 1.32 - 2000 * 0.4 * 0.6) / 12;
  CHECK(r.rent_per_year == doctest::Approx(2640));
  CHECK(r.own_running_per_year == doctest::Approx(480));
  CHECK(r.months_to_break_even == doctest::Approx((6000 - 1800) / saved_per_month));
  CHECK(r.breaks_even);
  CHECK(r.own_per_year == doctest::Approx((6000 - 1800) / 3.0 + 480));
  CHECK(r.break_even_hours_per_year == doctest::Approx(1400 / (1.32 - 0.24)));
  // Fewer hours: slower to pay back; at zero hours, never.
  in.gpu_hours_per_year = 300;
  const gw::BuyResult few = gw::rent_or_buy(in);
  CHECK(few.months_to_break_even > r.months_to_break_even);
  CHECK(!few.breaks_even);
  in.gpu_hours_per_year = 0;
  CHECK(!gw::rent_or_buy(in).breaks_even);
  CHECK(gw::rent_or_buy(in).months_to_break_even == 0);
  in.resale_fraction = 2;
  CHECK(!gw::validate(in).empty());
}

TEST_CASE("sweep budgeting: total, and how many runs the budget and deadline allow") {
  gw::SweepInputs in;
  in.configs = 12;
  in.seeds = 3;
  in.hours_per_run = 2.5;
  in.price_per_hour = 1.32;
  in.parallel = 4;
  in.fixed_cost_per_instance = 3;
  in.budget = 100;
  in.deadline_hours = 20;
  CHECK(gw::validate(in).empty());
  const gw::SweepResult r = gw::sweep_budget(in);
  CHECK(r.runs == 36);
  CHECK(r.gpu_hours == doctest::Approx(90));
  CHECK(r.total_cost == doctest::Approx(90 * 1.32 + 12));
  CHECK(r.wall_hours == doctest::Approx(9 * 2.5));
  CHECK(!r.fits_budget);
  CHECK(r.runs_within_budget == 26);  // (100 - 12) / 3.3 = 26.7
  CHECK(!r.fits_deadline);
  CHECK(r.runs_within_deadline == 32);  // 8 waves of 4
  CHECK(r.runs_allowed == 26);
  CHECK(r.notes.size() == 2);
  in.budget.reset();
  in.deadline_hours.reset();
  const gw::SweepResult open = gw::sweep_budget(in);
  CHECK(open.runs_allowed == 36);
  CHECK(open.fits_budget);
  in.parallel = 0;
  CHECK(!gw::validate(in).empty());
}

TEST_CASE(
    "lab: without a quote the yearly server is 70% of the hourly price x 720 h, twelve months, whole units") {
  // The one rule the CLI's lab command and the page's calculator both use.
  CHECK(gw::assumed_server_price_per_year(0.518, 8) == 25063);  // 25062.912, to the yuan
  CHECK(gw::assumed_server_price_per_year(3.45, 8) == std::round(0.7 * 3.45 * 8 * 720 * 12));
  CHECK(gw::assumed_server_price_per_year(0, 8) == 0);
}
