#pragma once
// One offer priced for a number of job hours: its price, the spot simulation when it is spot, and the
// whole bill. `gpuwise cost` asks this; recommend() ranks many offers with the same rules (spot rate,
// spot inputs) so the two never disagree.
#include <optional>

#include "catalog.hpp"
#include "cost.hpp"
#include "scenario.hpp"
#include "spot.hpp"

namespace gw {

// The interruption rate a spot estimate assumes: the user's, else the provider's typical one, else one
// every 20 hours; `assumed` says when it was that last guess (rows say so).
inline constexpr double kAssumedInterruptionsPerHour = 0.05;
double spot_interruption_rate(const Constraints&, const Provider&, bool* assumed = nullptr);
// The spot simulation's inputs from a scenario's spot settings, for `work_hours` of uninterrupted work that
// starts `fixed_hours` after now (setup, upload), so the deadline left for the job is the rest.
SpotInputs spot_inputs(const Constraints&, double work_hours, double interruptions_per_hour,
                       double fixed_hours = 0);

// A notebook platform's sessions for `work_hours` of work starting `fixed_hours` from now: simulate_sessions
// with the scenario's checkpoint and restart settings and the provider's session length and weekly quota.
// Nothing when the provider's sessions are not limited or their length is unknown (rows say so instead).
std::optional<SpotResult> session_plan(const Constraints&, const Provider&, double work_hours,
                                       double fixed_hours = 0, bool explain = true);

struct Quote {
  bool ok = false;  // false: no spot price for the offer, or one only derived where another offer lists it
  Text problem;     // why not, when !ok
  OfferPrice price;
  std::optional<SpotResult> spot;      // when priced as spot
  std::optional<SpotResult> sessions;  // on-demand on a session-limited notebook platform
  Bill bill;
};
// `s` gives the constraints (currency, discounts, bill inputs, spot settings) and the price overrides.
Quote price_offer(const Scenario& s, const Catalog&, const Offer&, Pricing, double job_hours,
                  int spot_trials = 2000);

}  // namespace gw
