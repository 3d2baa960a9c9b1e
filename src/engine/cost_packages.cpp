// Prepaid packages (包日/包周/包月): the cheapest mix of day, week and month packages, plus hours billed
// by the hour for what is left, to hold a card for a number of hours.
#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

#include "engine/cost.hpp"

namespace gw {

PackagePlan best_package_plan(const std::vector<Package>& packages, double hours, double price_per_hour) {
  PackagePlan best;
  const double h = std::isfinite(hours) && hours > 0 ? hours : 0;
  const double rate = std::isfinite(price_per_hour) && price_per_hour > 0 ? price_per_hour : 0;
  best.hourly_hours = h;
  best.cost = h * rate;
  constexpr double inf = std::numeric_limits<double>::infinity();
  // The cheapest listed price of each period, and its days: day 1, week 7, month 30 (the 30-day billing
  // month), indexed by PackagePeriod.
  std::array<double, kPackagePeriods> price = {inf, inf, inf};
  std::array<int, kPackagePeriods> days = {};
  for (int i = 0; i < kPackagePeriods; ++i)
    days[static_cast<std::size_t>(i)] = static_cast<int>(package_hours(static_cast<PackagePeriod>(i)) / 24);
  for (const Package& k : packages) {
    const auto i = static_cast<std::size_t>(k.period);
    if (i < price.size() && std::isfinite(k.price) && k.price > 0) price[i] = std::min(price[i], k.price);
  }
  // Twenty thousand days is 55 years; a longer hold is not a question packages answer.
  const double need_days = std::ceil(h / 24.0 - 1e-9);
  if (h <= 0 || need_days > 20000 || (price[0] == inf && price[1] == inf && price[2] == inf)) return best;
  const int D = static_cast<int>(need_days);
  const int T = D + 30;
  // exact[t]: the cheapest set of packages covering exactly t days (unbounded: renew as often as needed).
  std::vector<double> exact(static_cast<std::size_t>(T) + 1, inf);
  std::vector<std::array<int, 3>> count(static_cast<std::size_t>(T) + 1, {0, 0, 0});
  exact[0] = 0;
  for (int t = 1; t <= T; ++t)
    for (int i = 0; i < 3; ++i) {
      if (t < days[i] || price[i] == inf) continue;
      const double c = exact[static_cast<std::size_t>(t - days[i])] + price[i];
      if (c < exact[static_cast<std::size_t>(t)]) {
        exact[static_cast<std::size_t>(t)] = c;
        count[static_cast<std::size_t>(t)] = count[static_cast<std::size_t>(t - days[i])];
        ++count[static_cast<std::size_t>(t)][static_cast<std::size_t>(i)];
      }
    }
  // Packages for t days, the hours past them by the hour; strictly cheaper than hourly alone to be used.
  for (int t = 1; t <= T; ++t) {
    const double p = exact[static_cast<std::size_t>(t)];
    if (p == inf) continue;
    const double rest = std::max(0.0, h - 24.0 * t);
    const double cost = p + rest * rate;
    if (cost < best.cost - 1e-9) {
      best.used = true;
      best.cost = cost;
      best.hourly_hours = rest;
      best.days = count[static_cast<std::size_t>(t)][0];
      best.weeks = count[static_cast<std::size_t>(t)][1];
      best.months = count[static_cast<std::size_t>(t)][2];
    }
  }
  return best;
}

}  // namespace gw
