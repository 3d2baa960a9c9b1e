// Package pricing in the bill (issue 16 item 2): prepaid day/week/month packages against paying by the hour,
// the cheaper one taken and said; the GPU-less mode for setup and upload where the platform has one.
#include <doctest/doctest.h>

#include <algorithm>

#include "engine/cost.hpp"
#include "engine/quote.hpp"
#include "test_cost_fixtures.hpp"

using gwcost::cn_provider;
using gwcost::hours_at;
using gwcost::job_only;

namespace {

std::vector<gw::Package> packages() {
  // A 2 CNY/h card: a day for 40, a week for 250, a month (30 days) for 900.
  return {{gw::PackagePeriod::day, 40, "2026-11", "test"},
          {gw::PackagePeriod::week, 250, "2026-11", "test"},
          {gw::PackagePeriod::month, 900, "2026-11", "test"}};
}

bool has_line(const gw::Bill& b, const char* kind) {
  return std::any_of(b.lines.begin(), b.lines.end(),
                     [&](const gw::CostLine& l) { return gw::to_string(l.kind) == kind; });
}

}  // namespace

TEST_CASE("a monthly package beats paying by the hour on a three-week job, and the bill says so") {
  const std::vector<gw::Package> pk = packages();
  const gw::Bill b = gw::price_bill(cn_provider(), job_only(), 7, hours_at(21 * 24, 2, "CNY", &pk));
  // 504 h by the hour: 1008. Three weeks: 750. One month: 900. Three weeks win.
  CHECK(b.on_packages);
  CHECK(b.gpu.likely == doctest::Approx(750));
  CHECK(has_line(b, "gpu_package"));
  CHECK(!has_line(b, "gpu_run"));
  // With only the month package, the month wins over hourly (900 < 1008).
  const std::vector<gw::Package> no_week = {pk[2]};
  const gw::Bill m = gw::price_bill(cn_provider(), job_only(), 7, hours_at(21 * 24, 2, "CNY", &no_week));
  CHECK(m.on_packages);
  CHECK(m.gpu.likely == doctest::Approx(900));
  bool said = false;
  for (const gw::Text& n : m.notes)
    if (n.en.find("Prepaid packages (1 month") != std::string::npos &&
        n.zh.find("包月 1") != std::string::npos)
      said = true;
  CHECK(said);
}

TEST_CASE("a short job stays hourly, and the bill says why") {
  const std::vector<gw::Package> pk = packages();
  const gw::Bill b = gw::price_bill(cn_provider(), job_only(), 7, hours_at(10, 2, "CNY", &pk));
  CHECK(!b.on_packages);
  CHECK(b.gpu.likely == doctest::Approx(20));
  CHECK(has_line(b, "gpu_run"));
  bool said = false;
  for (const gw::Text& n : b.notes) said = said || n.en.find("Paying by the hour") != std::string::npos;
  CHECK(said);
  // No packages at all: no note about them.
  const gw::Bill none = gw::price_bill(cn_provider(), job_only(), 7, hours_at(10, 2, "CNY", nullptr));
  for (const gw::Text& n : none.notes) CHECK(n.en.find("package") == std::string::npos);
}

TEST_CASE("packages mix with hours: 25 hours is a day package plus an hour") {
  const std::vector<gw::Package> pk = {{gw::PackagePeriod::day, 40, "2026-11", "test"}};
  const gw::PackagePlan p = gw::best_package_plan(pk, 25, 2);  // hourly 50; day + 1 h = 42; two days 80
  CHECK(p.used);
  CHECK(p.days == 1);
  CHECK(p.hourly_hours == doctest::Approx(1));
  CHECK(p.cost == doctest::Approx(42));
  // Nothing usable: hourly, never NaN.
  const gw::PackagePlan q = gw::best_package_plan({}, 25, 2);
  CHECK(!q.used);
  CHECK(q.cost == doctest::Approx(50));
  CHECK(!gw::best_package_plan(pk, -1, 2).used);
}

TEST_CASE("spot is never on packages; a package holds the card through setup and the idle tail") {
  const std::vector<gw::Package> pk = packages();
  gw::BillRequest spot = hours_at(21 * 24, 2, "CNY", &pk);
  spot.pricing = gw::Pricing::spot;
  CHECK(!gw::price_bill(cn_provider(), job_only(), 7, spot).on_packages);
  gw::Constraints c = job_only();
  c.setup_hours = 30;  // the card is held 504 + 30 h
  c.idle_tail_hours = 0;
  const std::vector<gw::Package> no_day = {pk[1], pk[2]};
  const gw::Bill b = gw::price_bill(cn_provider(), c, 7, hours_at(21 * 24, 2, "CNY", &no_day));
  CHECK(b.on_packages);
  // 3 weeks + 30 h by the hour = 810, under a month (900), four weeks (1000) or hourly (1068).
  CHECK(b.gpu.likely == doctest::Approx(810));
}

TEST_CASE("GPU-less mode: the dataset upload is billed at the no-card rate where the platform has one") {
  gw::Provider p = cn_provider();
  gw::Constraints c = job_only();
  c.setup_hours = 2;
  c.dataset_gb = 45;  // 45 GB at 100 Mbit/s: 1 h of upload
  c.upload_mbps = 100;
  const gw::Bill card = gw::price_bill(p, c, 7, hours_at(10, 2, "CNY", nullptr));
  CHECK(card.gpu.likely == doctest::Approx(26));  // (2 + 1 + 10) h x 2
  p.no_gpu_per_hour = 0.1;
  const gw::Bill cardless = gw::price_bill(p, c, 7, hours_at(10, 2, "CNY", nullptr));
  CHECK(cardless.no_gpu_setup);
  // Setup keeps the card (it includes debugging on the GPU); the upload needs none.
  CHECK(cardless.gpu.likely == doctest::Approx(24.1));  // (2 + 10) h x 2 + 1 h x 0.1
  bool line = false;
  for (const gw::CostLine& l : cardless.lines)
    line = line || (l.kind == gw::CostKind::gpu_upload && l.label.en.find("GPU-less") != std::string::npos &&
                    l.label.zh.find("无卡") != std::string::npos);
  CHECK(line);
  bool said = false;
  for (const gw::Text& n : cardless.notes)
    said = said ||
           (n.en.find("GPU-less rate") != std::string::npos && n.zh.find("无卡模式") != std::string::npos);
  CHECK(said);
  // In dollars the no-card rate converts like every price.
  c.currency = "USD";
  CHECK(gw::price_bill(p, c, 7, hours_at(10, 2, "CNY", nullptr)).gpu.likely == doctest::Approx(24.1 / 7));
  // A provider that does not bill before the instance is ready gains nothing from it.
  p.bills_from_creation = false;
  c.currency = "CNY";
  CHECK(!gw::price_bill(p, c, 7, hours_at(10, 2, "CNY", nullptr)).no_gpu_setup);
}

TEST_CASE("the bundled AutoDL bill uploads the dataset in GPU-less mode") {
  const gw::Catalog cat = *gw::load_bundled_catalog().catalog;
  const gw::Offer* offer = nullptr;
  for (const gw::Offer& o : cat.offers)
    if (o.provider == "autodl" && o.gpu_count == 1) {
      offer = &o;
      break;
    }
  REQUIRE(offer);
  gw::Scenario s;  // the default 20 GB dataset
  const gw::Quote q = gw::price_offer(s, cat, *offer, gw::Pricing::on_demand, 10);
  REQUIRE(q.ok);
  CHECK(q.bill.no_gpu_setup);
}
