// Prepaid packages in the bundled catalog (issue 16 items 1 and 2): every package the build script attached
// from scripts/catalog-sources/cn-packages.csv carries its own date and source, and the published table's
// figures reach the bill's package planner unchanged.
#include <doctest/doctest.h>

#include <set>
#include <string>

#include "engine/catalog.hpp"
#include "engine/cost.hpp"

namespace {

const gw::Catalog& bundled() {
  static const gw::Catalog c = *gw::load_bundled_catalog().catalog;
  return c;
}

double price_of(const gw::Offer& o, gw::PackagePeriod period) {
  for (const gw::Package& k : o.packages)
    if (k.period == period) return k.price;
  return -1;
}

}  // namespace

TEST_CASE("bundled packages: each is dated and sourced, one per period, on an on-demand Chinese offer") {
  int with_packages = 0;
  for (const gw::Offer& o : bundled().offers) {
    if (o.packages.empty()) continue;
    ++with_packages;
    INFO(o.id);
    const gw::Provider* p = bundled().provider(o.provider);
    REQUIRE(p);
    CHECK(p->market == gw::ProviderMarket::cn);
    std::set<gw::PackagePeriod> periods;
    for (const gw::Package& k : o.packages) {
      CHECK(gw::package_hours(k.period) > 0);
      CHECK(periods.insert(k.period).second);
      CHECK(k.price > 0);
      CHECK(k.price_date.size() >= 7);
      const bool cited = k.source.find("featurize-doc") != std::string::npos ||
                         k.source.find("compshare-docs") != std::string::npos;
      CHECK(cited);
    }
  }
  // Featurize's 2021 long-rental table (3080, 3090, 2080 Ti, 1080 Ti, A6000) and Compshare's billing overview
  // (2026-05-13: 4090, 5090, 3080 Ti, 3090, 2080 Ti, A800, A100 80GB, H20).
  CHECK(with_packages == 13);
}

TEST_CASE("Featurize's long-rental table reaches the catalog as published (2021-06-15)") {
  const gw::Offer* rtx3080 = bundled().offer("featurize-cn-rtx-3080-10gb-x1");
  REQUIRE(rtx3080);
  CHECK(rtx3080->on_demand_per_hour == 2.4);
  CHECK(price_of(*rtx3080, gw::PackagePeriod::day) == 46);
  CHECK(price_of(*rtx3080, gw::PackagePeriod::week) == 280);
  CHECK(price_of(*rtx3080, gw::PackagePeriod::month) == 1040);
  CHECK(rtx3080->price_date == "2021-06-15");
  // Five years old: the offer's own note marks it stale, in both languages.
  CHECK(rtx3080->notes.en.find("Stale") != std::string::npos);
  CHECK(rtx3080->notes.zh.find("价格较旧") != std::string::npos);

  const gw::Offer* rtx3090 = bundled().offer("featurize-cn-rtx-3090-x1");
  REQUIRE(rtx3090);
  CHECK(price_of(*rtx3090, gw::PackagePeriod::month) == 1500);
  // The 4090 offer has no published package, so none is attached.
  REQUIRE(bundled().offer("featurize-cn-rtx-4090-x1"));
  CHECK(bundled().offer("featurize-cn-rtx-4090-x1")->packages.empty());
}

TEST_CASE("a three-week job on Featurize's RTX 3090 is cheaper on its week packages than by the hour") {
  const gw::Offer& o = *bundled().offer("featurize-cn-rtx-3090-x1");
  const double hours = 21 * 24;  // 504 h held
  const gw::PackagePlan plan = gw::best_package_plan(o.packages, hours, o.on_demand_per_hour);
  CHECK(plan.used);
  CHECK(plan.weeks == 3);  // 3 x 420 = 1260, against 1500 for a month and 504 x 3.6 = 1814.4 hourly
  CHECK(plan.cost == doctest::Approx(1260));
  CHECK(plan.cost < hours * o.on_demand_per_hour);
}

TEST_CASE(
    "Compshare's billing overview (2026-05-13): hourly, day and month list prices of its single cards") {
  const gw::Offer* ti = bundled().offer("compshare-cn-list-rtx-3080-ti-x1");
  REQUIRE(ti);
  CHECK(ti->on_demand_per_hour == 0.74);  // after the 2025-11-11 cut of 20% (0.92 before)
  CHECK(price_of(*ti, gw::PackagePeriod::day) == 16.3);
  CHECK(price_of(*ti, gw::PackagePeriod::month) == 444.72);
  CHECK(price_of(*ti, gw::PackagePeriod::week) == -1);  // no week package is published
  CHECK(ti->price_date == "2026-05-13");
  CHECK(ti->source.find("bill.md") != std::string::npos);
  const gw::Offer* a800 = bundled().offer("compshare-cn-list-a800-80gb-sxm4-x1");
  REQUIRE(a800);
  CHECK(a800->on_demand_per_hour == 6.23);  // after the 2025-11-11 cut of 24% (8.11 before)
  CHECK(price_of(*a800, gw::PackagePeriod::month) == 3742.32);
  // No spot price is listed per card: the provider's documented 30% off derives it, marked as derived.
  CHECK(!ti->spot_per_hour);
  const gw::Provider* cs = bundled().provider("compshare");
  REQUIRE(cs);
  REQUIRE(cs->spot_discount_fraction);
  CHECK(*cs->spot_discount_fraction == doctest::Approx(0.3));
  const gw::OfferPrice spot = gw::offer_price(*ti, *cs, gw::Pricing::spot, {});
  CHECK(spot.available);
  CHECK(spot.derived);
  CHECK(spot.per_hour.likely == doctest::Approx(0.518));
}

TEST_CASE("three days held on Compshare's RTX 3080 Ti: day packages beat the hourly price") {
  const gw::Offer& o = *bundled().offer("compshare-cn-list-rtx-3080-ti-x1");
  const gw::PackagePlan plan = gw::best_package_plan(o.packages, 72, o.on_demand_per_hour);
  CHECK(plan.used);
  CHECK(plan.days == 3);
  CHECK(plan.cost == doctest::Approx(48.9));  // 3 x 16.3, against 72 x 0.74 = 53.28 hourly
  // Ten hours: hourly (7.40) beats a whole day (16.30).
  CHECK(!gw::best_package_plan(o.packages, 10, o.on_demand_per_hour).used);
}
