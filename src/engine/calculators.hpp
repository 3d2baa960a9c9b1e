#pragma once
// Three side calculators on the same money model: a lab sharing a bare-metal server, renting against
// buying a card, and budgeting a hyper-parameter sweep. Amounts are in whatever currency the caller
// uses consistently (the CLI and UI convert catalog prices to the user's currency first).
#include <optional>
#include <string>
#include <vector>

#include "estimate.hpp"
#include "text.hpp"

namespace gw {

// ---- lab co-rental: N people share a k-GPU server paid yearly, against each renting by the hour.
struct LabInputs {
  int people = 8;
  int server_cards = 8;
  double server_price_per_year = 0;     // the whole machine
  double hourly_price_per_card = 0;     // renting one card by the hour
  double hours_per_person_per_day = 8;  // GPU hours each person would rent
  double cards_per_person = 1;          // cards each person uses at once
};
struct LabResult {
  double shared_per_person_per_day = 0;
  double hourly_per_person_per_day = 0;
  double saving_fraction = 0;         // 1 - shared / hourly (negative: sharing costs more)
  double utilization = 0;             // share of the server's card-hours the lab uses
  double break_even_utilization = 0;  // sharing pays off at or above this
  double break_even_hours_per_person_per_day = 0;
  bool over_capacity = false;  // the lab wants more card-hours than the server has
  Explain explain;
  std::vector<Text> notes;
};
std::vector<Problem> validate(const LabInputs&);
LabResult lab_corental(const LabInputs&);
// The yearly price of the whole server when the user has no quote: no yearly bare-metal price is in the
// reference, and a monthly rental is about 70% of the hourly price x 720 h (AutoDL's monthly pricing,
// PABLO survey of 2026-08), so twelve such months, to the whole currency unit (an estimate, not a quote).
double assumed_server_price_per_year(double hourly_price_per_card, int server_cards);

// ---- rent or buy one card.
struct BuyInputs {
  double card_price = 0;       // new or used
  double resale_fraction = 0;  // of the card price, recovered when sold after `horizon_years`
  double horizon_years = 3;
  double gpu_hours_per_year = 0;  // what the user would otherwise rent
  double hourly_rent = 0;         // price of renting that card by the hour
  double power_watts = 0;         // card + share of the host while running
  double electricity_per_kwh = 0;
  double host_cost = 0;  // the PC/PSU the card needs, if not already owned
};
struct BuyResult {
  double rent_per_year = 0;
  double own_running_per_year = 0;       // electricity
  double own_kwh_per_year = 0;           // energy_kwh (energy.hpp): power x hours, PUE 1 (a desk)
  double own_per_year = 0;               // (card + host - resale) / horizon + electricity
  double months_to_break_even = 0;       // rent saved per month pays back the outlay net of resale; 0 = never
  bool breaks_even = false;              // within the horizon
  double break_even_hours_per_year = 0;  // hours at which owning over the horizon costs the same
  Explain explain;
  std::vector<Text> notes;
};
std::vector<Problem> validate(const BuyInputs&);
BuyResult rent_or_buy(const BuyInputs&);

// ---- sweep budgeting: configs x seeds runs of `hours_per_run` each, `parallel` at a time.
struct SweepInputs {
  int configs = 1;
  int seeds = 1;
  double hours_per_run = 0;
  double price_per_hour = 0;           // one run's rental (all its cards)
  double fixed_cost_per_instance = 0;  // setup, storage and transfer paid once per parallel instance
  int parallel = 1;                    // instances rented at once
  std::optional<double> budget;
  std::optional<double> deadline_hours;
};
struct SweepResult {
  int runs = 0;
  double gpu_hours = 0;
  double total_cost = 0;
  double wall_hours = 0;
  int runs_within_budget = 0;    // how many runs the budget pays for (all when no budget)
  int runs_within_deadline = 0;  // how many finish by the deadline at this parallelism
  int runs_allowed = 0;          // both
  bool fits_budget = true;
  bool fits_deadline = true;
  Explain explain;
  std::vector<Text> notes;
};
std::vector<Problem> validate(const SweepInputs&);
SweepResult sweep_budget(const SweepInputs&);

}  // namespace gw
