// Property tests, part 4: whole recommendations for random scenarios on the bundled catalog.
// No NaN or infinity anywhere in a report; adding an offer, raising the budget or extending the deadline
// never makes the best answer worse; a higher price never makes an option cheaper; at a zero interruption
// rate a spot row never costs more GPU money than the same offer on demand.
#include <doctest/doctest.h>

#include <regex>
#include <tuple>

#include "../fuzz/fixtures.hpp"
#include "engine/link.hpp"
#include "engine/recommend.hpp"
#include "test_properties_gen.hpp"

using namespace gw;
using namespace gw::testing;

namespace {

// Lean options: the properties are about numbers, and the text of a few rows is enough to check it.
RecommendOptions fast() {
  RecommendOptions o;
  o.detailed_rows = 3;
  o.monte_carlo_trials = 50;
  return o;
}

// The ranking key of a row, as recommend_rank.cpp orders them (smaller is better).
std::tuple<int, int, double, double> rank_key(const Row& r, Goal goal) {
  const int market = r.market_tier;  // market cn: what a mainland student can pay for first (market.hpp)
  const int tier = r.tier;           // tight fits and changed training setups rank after (recommend.hpp)
  const double cost = r.cost.likely, finish = r.finish_hours.likely;
  switch (goal) {
    case Goal::cheapest:
      return {market, tier, cost, finish};
    case Goal::fastest:
      return {market, tier, finish, cost};
    case Goal::value:
      return {market, tier, cost * finish, cost};
    case Goal::greenest:  // unknown CO2e ranks last (energy.hpp)
      return {market, tier, r.energy.kg_co2e.value_or(1e300), cost};
  }
  return {market, tier, cost, finish};
}

// Never worse: the best key after is at most the best key before (with a hair of float tolerance).
bool not_worse(const Report& before, const Report& after, Goal goal) {
  if (before.rows.empty()) return true;
  if (after.rows.empty()) return false;
  const auto [m0, t0, a0, b0] = rank_key(before.rows.front(), goal);
  const auto [m1, t1, a1, b1] = rank_key(after.rows.front(), goal);
  if (m1 != m0) return m1 < m0;
  if (t1 != t0) return t1 < t0;
  const double tol = 1e-9 * std::max(1.0, std::fabs(a0));
  if (a1 < a0 - tol) return true;
  if (a1 > a0 + tol) return false;
  return b1 <= b0 + 1e-9 * std::max(1.0, std::fabs(b0));
}

std::string best(const Report& r) {
  if (r.rows.empty()) return "(none)";
  const Row& x = r.rows.front();
  return x.offer + " " + std::string(to_string(x.pricing)) + " cost " + show(x.cost.likely) + " finish " +
         show(x.finish_hours.likely) + (x.fit == Fit::tight ? " tight" : "");
}

// A plausible offer a user adds to their own catalog: any GPU at any provider, any card count and price.
Offer random_offer(SplitMix64& rng, const Catalog& catalog, int n) {
  const Provider& p = rng.pick(catalog.providers);
  Offer o;
  o.id = "property-added-" + std::to_string(n);
  o.provider = p.id;
  o.region = {"test", ""};
  o.gpu = rng.pick(catalog.gpus).id;
  o.gpu_count = rng.pick(std::vector<int>{1, 1, 2, 4, 8});
  o.currency = p.currency;
  o.on_demand_per_hour = rng.typed(rng.log_uniform(0.05, 200));
  if (p.has_spot && rng.chance(0.5))
    o.spot_per_hour = rng.typed(o.on_demand_per_hour * rng.uniform(0.2, 0.9));
  o.price_date = catalog.catalog_date;
  o.source = "property test";
  return o;
}

}  // namespace

TEST_CASE("property: no NaN or infinity anywhere in a report, for random scenarios") {
  const Catalog& catalog = fixture_catalog();
  const std::vector<Preset>& presets = fixture_presets();
  SplitMix64 rng(kPropertySeed + 40);
  int with_rows = 0;
  for (int i = 0; i < 250; ++i) {
    const Scenario s = random_scenario(rng, presets, catalog);
    RecommendOptions options = fast();
    if (i % 40 == 0) options = RecommendOptions{};  // now and then everything detailed, full Monte Carlo
    const Report r = recommend(s, catalog, options);
    CAPTURE(i);
    CAPTURE(encode_link(s, presets));
    REQUIRE(first_problem(r.problems) == "");
    REQUIRE(nonfinite_in(r) == "");
    REQUIRE_FALSE(r.summary.en.empty());
    REQUIRE_FALSE(r.summary.zh.empty());
    // A range whose ends print alike reads as one value, never "$65.04-$65.04".
    static const std::regex same_ends(R"((^|[^\d.])([$¥]?\d[\d,.]*( [a-z]+)?)[-–]\2([^\d.]|$))");
    CAPTURE(r.summary.en);
    REQUIRE_FALSE(std::regex_search(r.summary.en, same_ends));
    REQUIRE_FALSE(std::regex_search(r.summary.zh, same_ends));
    for (std::size_t k = 0; k < r.rows.size(); ++k) {
      const Row& row = r.rows[k];
      REQUIRE(row.rank == static_cast<int>(k) + 1);
      REQUIRE(row.cost.low <= row.cost.likely + 1e-9);
      REQUIRE(row.cost.likely <= row.cost.high + 1e-9);
      REQUIRE(row.cost.low >= 0);
      if (s.constraints.budget) REQUIRE(row.cost.likely <= *s.constraints.budget + 1e-6);
      if (s.constraints.deadline_hours)
        REQUIRE(row.finish_hours.likely <= *s.constraints.deadline_hours + 1e-6);
      REQUIRE(row.fit != Fit::no_fit);
      REQUIRE(row.fallback < static_cast<int>(r.rows.size()));
      if (k > 0 && r.work_known)
        REQUIRE_FALSE(rank_key(row, s.constraints.goal) < rank_key(r.rows[k - 1], s.constraints.goal));
    }
    with_rows += !r.rows.empty();
  }
  CHECK(with_rows > 60);
}

TEST_CASE("property: adding an offer never makes the best answer worse") {
  const std::vector<Preset>& presets = fixture_presets();
  SplitMix64 rng(kPropertySeed + 41);
  for (int i = 0; i < 150; ++i) {
    Catalog catalog = fixture_catalog();
    const Scenario s = random_scenario(rng, presets, catalog);
    const Report before = recommend(s, catalog, fast());
    catalog.offers.push_back(random_offer(rng, catalog, i));
    const Report after = recommend(s, catalog, fast());
    CAPTURE(i);
    CAPTURE(encode_link(s, presets));
    CAPTURE(best(before));
    CAPTURE(best(after));
    REQUIRE(nonfinite_in(after) == "");
    REQUIRE(after.feasible >= before.feasible);
    if (before.work_known) REQUIRE(not_worse(before, after, s.constraints.goal));
  }
}

TEST_CASE("property: a bigger budget or a later deadline never makes the best answer worse") {
  const Catalog& catalog = fixture_catalog();
  const std::vector<Preset>& presets = fixture_presets();
  SplitMix64 rng(kPropertySeed + 42);
  for (int i = 0; i < 150; ++i) {
    Scenario s = random_scenario(rng, presets, catalog);
    if (!s.constraints.budget) s.constraints.budget = rng.typed(rng.log_uniform(10, 1e4));
    if (!s.constraints.deadline_hours) s.constraints.deadline_hours = rng.typed(rng.log_uniform(2, 500));
    const Report before = recommend(s, catalog, fast());
    Scenario looser = s;
    if (rng.chance(0.5))
      *looser.constraints.budget *= rng.uniform(1, 10);
    else
      *looser.constraints.deadline_hours *= rng.uniform(1, 10);
    const Report after = recommend(looser, catalog, fast());
    CAPTURE(i);
    CAPTURE(encode_link(s, presets));
    CAPTURE(encode_link(looser, presets));
    CAPTURE(best(before));
    CAPTURE(best(after));
    REQUIRE(after.feasible >= before.feasible);
    if (before.work_known) REQUIRE(not_worse(before, after, s.constraints.goal));
  }
}

TEST_CASE("property: a higher price never makes an option cheaper") {
  const Catalog& catalog = fixture_catalog();
  const std::vector<Preset>& presets = fixture_presets();
  SplitMix64 rng(kPropertySeed + 43);
  int compared = 0;
  for (int i = 0; i < 150; ++i) {
    Scenario s = random_scenario(rng, presets, catalog);
    s.constraints.budget.reset();  // keep every option in both answers
    s.constraints.deadline_hours.reset();
    // Pin the price first: an edit replaces a listed range (low..high) by one number, which by itself
    // can lower the high end. Raising an already edited price must then raise every end.
    const Offer& o = rng.pick(catalog.offers);
    const auto it = s.price_overrides.find(o.id);
    const double now = it != s.price_overrides.end() ? it->second : o.on_demand_per_hour;
    s.price_overrides[o.id] = now;
    const Report before = recommend(s, catalog, fast());
    Scenario dearer = s;
    dearer.price_overrides[o.id] = now * rng.uniform(1.01, 5);
    const Report after = recommend(dearer, catalog, fast());
    CAPTURE(i);
    CAPTURE(encode_link(s, presets));
    CAPTURE(o.id);
    for (const Row& b : before.rows) {
      if (b.offer != o.id) continue;
      for (const Row& a : after.rows) {
        if (a.offer != b.offer || a.pricing != b.pricing || a.change != b.change) continue;
        REQUIRE(a.cost.low >= b.cost.low - 1e-9);
        REQUIRE(a.cost.likely >= b.cost.likely - 1e-9);
        REQUIRE(a.cost.high >= b.cost.high - 1e-9);
        ++compared;
      }
    }
  }
  CHECK(compared > 50);
}

TEST_CASE("property: with no interruptions, a spot row never costs more GPU money than on demand") {
  const Catalog& catalog = fixture_catalog();
  const std::vector<Preset>& presets = fixture_presets();
  SplitMix64 rng(kPropertySeed + 44);
  int compared = 0;
  for (int i = 0; i < 120; ++i) {
    Scenario s = random_scenario(rng, presets, catalog);
    s.constraints.interruptions_per_hour = 0;
    s.constraints.checkpoint_interval_hours.reset();
    s.constraints.spot = SpotPolicy::allow;
    s.constraints.budget.reset();
    s.constraints.deadline_hours.reset();
    RecommendOptions options = fast();
    options.max_rows = 0;
    const Report r = recommend(s, catalog, options);
    CAPTURE(i);
    CAPTURE(encode_link(s, presets));
    for (const Row& spot : r.rows) {
      if (spot.pricing != Pricing::spot) continue;
      for (const Row& od : r.rows) {
        if (od.pricing != Pricing::on_demand || od.offer != spot.offer || od.change != spot.change) continue;
        CAPTURE(spot.offer);
        REQUIRE(spot.hours.likely == doctest::Approx(od.hours.likely));
        REQUIRE(spot.bill.gpu.likely <= od.bill.gpu.likely + 1e-9);
        ++compared;
      }
    }
  }
  CHECK(compared > 100);
}
