// Property tests, part 3: bills for random offers of the bundled catalog under random constraints.
// Never NaN or infinity; ranges ordered; more hours never cost less; a higher price is never cheaper;
// at a zero interruption rate spot is never dearer in expected GPU cost than on-demand.
#include <doctest/doctest.h>

#include "../fuzz/fixtures.hpp"
#include "engine/cost.hpp"
#include "engine/spot.hpp"
#include "test_properties_gen.hpp"

using namespace gw;
using namespace gw::testing;

namespace {

std::string describe(const Bill& b) {
  std::string s = "total " + show(b.total.low) + "/" + show(b.total.likely) + "/" + show(b.total.high) +
                  " discount " + show(b.discount.low) + "/" + show(b.discount.likely) + "/" +
                  show(b.discount.high);
  for (const CostLine& l : b.lines) s += "; " + std::string(to_string(l.kind)) + " " + show(l.amount.low);
  for (const AppliedProgram& p : b.programs) s += "; program " + p.id + " saves " + show(p.saving);
  return s;
}

// Allows for the last bit of floating-point noise, nothing more.
bool at_least(double later, double earlier) {
  return later >= earlier - 1e-9 * std::max(1.0, std::fabs(earlier));
}

struct Case {
  const Offer* offer = nullptr;
  const Provider* provider = nullptr;
  Constraints c;
  double usd_cny = 0;
  BillRequest req;
};

// A random offer, pricing and job length; false when that offer has no such pricing.
bool random_case(SplitMix64& rng, const Catalog& catalog, Case& out) {
  out.offer = &rng.pick(catalog.offers);
  out.provider = catalog.provider(out.offer->provider);
  REQUIRE(out.provider != nullptr);
  out.c = random_constraints(rng, catalog);
  out.usd_cny = exchange_rate(out.c, catalog);
  const Pricing pricing = rng.chance(0.5) ? Pricing::spot : Pricing::on_demand;
  std::map<std::string, double> overrides;
  if (rng.chance(0.2)) overrides[out.offer->id] = rng.typed(rng.log_uniform(0.05, 50));
  const OfferPrice price = offer_price(*out.offer, *out.provider, pricing, overrides);
  if (!price.available) return false;
  const double h = rng.log_uniform(0.05, 2000);
  out.req.run_hours = {h * rng.uniform(0.5, 1), h, h * rng.uniform(1, 2)};
  out.req.price_per_hour = price.per_hour;
  out.req.price_currency = out.offer->currency;
  out.req.price_date = out.offer->price_date;
  out.req.pricing = pricing;
  out.req.sessions = pricing == Pricing::spot ? rng.between(1, 6) : 1;
  return true;
}

}  // namespace

TEST_CASE(
    "property: bills are finite and ordered, more hours never cost less, a higher price never cheaper") {
  const Catalog& catalog = fixture_catalog();
  REQUIRE(!catalog.offers.empty());
  SplitMix64 rng(kPropertySeed + 20);
  int checked = 0, storage_exceptions = 0;
  for (int i = 0; i < 4000; ++i) {
    Case k;
    if (!random_case(rng, catalog, k)) continue;
    CAPTURE(i);
    CAPTURE(k.offer->id);
    CAPTURE(k.req.run_hours.likely);
    CAPTURE(k.req.price_per_hour.likely);
    const bool lines = rng.chance(0.2);
    const Bill b = price_bill(*k.provider, k.c, k.usd_cny, k.req, lines);
    REQUIRE(nonfinite_in(b, "bill") == "");
    REQUIRE(b.total.low >= 0);
    REQUIRE(at_least(b.total.likely, b.total.low));
    REQUIRE(at_least(b.total.high, b.total.likely));
    REQUIRE(b.discount.likely >= 0);
    REQUIRE(b.total.likely == doctest::Approx(b.total_before_discount.likely - b.discount.likely));
    REQUIRE(b.currency == k.c.currency);

    BillRequest longer = k.req;
    const double f = rng.uniform(1.0, 3.0);
    longer.run_hours = {k.req.run_hours.low * f, k.req.run_hours.likely * f, k.req.run_hours.high * f};
    const Bill bl = price_bill(*k.provider, k.c, k.usd_cny, longer, lines);
    CAPTURE(f);
    CAPTURE(describe(b));
    CAPTURE(describe(bl));
    REQUIRE(at_least(bl.gpu.low, b.gpu.low));
    REQUIRE(at_least(bl.gpu.likely, b.gpu.likely));
    REQUIRE(at_least(bl.gpu.high, b.gpu.high));
    // The one legitimate exception: a provider that bills a stopped disk above a running one (RunPod:
    // $0.20 vs $0.10 per GB-month). Running longer moves disk hours from the dear rate to the cheap one,
    // which can outweigh a cheap (or coupon-covered) GPU hour. Any other drop is a bug.
    for (auto part : {&Range::low, &Range::likely, &Range::high}) {
      if (at_least(bl.total.*part, b.total.*part)) continue;
      const double drop = b.total.*part - bl.total.*part;
      REQUIRE(k.provider->disk_stopped_per_gb_month.has_value());
      REQUIRE(k.provider->disk_running_per_gb_month.has_value());
      REQUIRE(*k.provider->disk_stopped_per_gb_month > *k.provider->disk_running_per_gb_month);
      REQUIRE(drop <= b.storage.*part - bl.storage.*part + 1e-9);
      ++storage_exceptions;
    }

    BillRequest dearer = k.req;
    const double g = rng.uniform(1.0, 3.0);
    dearer.price_per_hour = {k.req.price_per_hour.low * g, k.req.price_per_hour.likely * g,
                             k.req.price_per_hour.high * g};
    const Bill bd = price_bill(*k.provider, k.c, k.usd_cny, dearer, false);
    REQUIRE(at_least(bd.total.low, b.total.low));
    REQUIRE(at_least(bd.total.likely, b.total.likely));
    REQUIRE(at_least(bd.total.high, b.total.high));
    ++checked;
  }
  CHECK(checked > 2000);
  MESSAGE("longer jobs that cost less only through cheaper running-disk hours: " << storage_exceptions);
}

TEST_CASE("property: with no interruptions, spot is never dearer in expected GPU cost than on-demand") {
  const Catalog& catalog = fixture_catalog();
  SplitMix64 rng(kPropertySeed + 21);
  int compared = 0;
  for (int i = 0; i < 3000; ++i) {
    const Offer& offer = rng.pick(catalog.offers);
    const Provider* provider = catalog.provider(offer.provider);
    REQUIRE(provider != nullptr);
    std::map<std::string, double> overrides;
    if (rng.chance(0.3)) overrides[offer.id] = rng.typed(rng.log_uniform(0.05, 50));
    const OfferPrice od = offer_price(offer, *provider, Pricing::on_demand, overrides);
    const OfferPrice sp = offer_price(offer, *provider, Pricing::spot, overrides);
    if (!sp.available) continue;
    CAPTURE(i);
    CAPTURE(offer.id);
    REQUIRE(od.available);
    REQUIRE(sp.per_hour.likely <= od.per_hour.likely);

    Constraints c = random_constraints(rng, catalog);
    c.interruptions_per_hour = 0;
    c.checkpoint_interval_hours.reset();  // Young/Daly: no checkpoints are needed without interruptions
    SpotInputs in;
    in.work_hours = rng.log_uniform(0.05, 2000);
    in.interruptions_per_hour = 0;
    in.checkpoint_hours = c.checkpoint_write_minutes / 60;
    in.restart_hours = c.restart_minutes / 60;
    in.seed = c.seed;
    const SpotResult s = simulate_spot(in);
    REQUIRE(s.expected_hours == doctest::Approx(in.work_hours));
    REQUIRE(s.expected_interruptions == 0);

    const double usd_cny = exchange_rate(c, catalog);
    BillRequest r;
    r.price_currency = offer.currency;
    r.run_hours = {in.work_hours, in.work_hours, in.work_hours};
    r.price_per_hour = od.per_hour;
    const Bill on_demand = price_bill(*provider, c, usd_cny, r, false);
    r.run_hours = {s.expected_hours, s.expected_hours, s.expected_hours};
    r.price_per_hour = sp.per_hour;
    r.pricing = Pricing::spot;
    r.sessions = 1 + s.expected_interruptions;
    const Bill spot = price_bill(*provider, c, usd_cny, r, false);
    REQUIRE(at_least(on_demand.gpu.likely, spot.gpu.likely));
    ++compared;
  }
  CHECK(compared > 200);
}
