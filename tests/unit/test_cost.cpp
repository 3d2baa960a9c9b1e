// The bill for one offer: rounding, setup/idle hours, storage, add-ons, transfer, currencies, ranges.
#include <doctest/doctest.h>

#include <cmath>

#include "engine/cost.hpp"
#include "test_cost_fixtures.hpp"

namespace {

gw::Provider provider(gw::Granularity g = gw::Granularity::second, const char* currency = "CNY") {
  gw::Provider p;
  p.id = "testcloud";
  p.name = {"TestCloud", "测试云"};
  p.currency = currency;
  p.granularity = g;
  p.bills_from_creation = true;
  p.source_date = "2026-08";
  return p;
}

// The job alone: no setup, idle, disk or transfer, so GPU lines are all there is.
gw::Constraints bare(const char* currency = "CNY") {
  gw::Constraints c = gwcost::job_only();
  c.currency = currency;
  return c;
}

gw::BillRequest request(double hours, double price, const char* currency = "CNY") {
  gw::BillRequest r;
  r.run_hours = {hours, hours, hours};
  r.price_per_hour = {price, price, price};
  r.price_currency = currency;
  r.price_date = "2026-08";
  return r;
}

const gw::CostLine* line(const gw::Bill& b, const std::string& kind) {
  for (const auto& l : b.lines)
    if (gw::to_string(l.kind) == kind) return &l;
  return nullptr;
}

}  // namespace

TEST_CASE("GPU time is rounded by the provider's granularity and minimum") {
  const gw::Constraints c = bare();
  auto per_hour = provider(gw::Granularity::hour);
  CHECK(gw::price_bill(per_hour, c, 6.75, request(1.2, 10)).total.likely == doctest::Approx(20));
  CHECK(gw::price_bill(per_hour, c, 6.75, request(2.0, 10)).total.likely == doctest::Approx(20));
  auto per_second = provider(gw::Granularity::second);
  CHECK(gw::price_bill(per_second, c, 6.75, request(1.2, 10)).total.likely == doctest::Approx(12));
  auto per_minute = provider(gw::Granularity::minute);
  per_minute.min_billed_seconds = 600;
  // 1 minute of work bills the 10-minute minimum.
  CHECK(gw::price_bill(per_minute, c, 6.75, request(1.0 / 60, 6)).total.likely == doctest::Approx(1.0));
  // Spot restarts: every session is rounded on an hourly provider.
  gw::BillRequest spot = request(3.0, 10);
  spot.sessions = 3;
  CHECK(gw::price_bill(per_hour, c, 6.75, spot).billed_gpu_hours.likely == doctest::Approx(3));
  spot.run_hours = {3.3, 3.3, 3.3};
  CHECK(gw::price_bill(per_hour, c, 6.75, spot).billed_gpu_hours.likely == doctest::Approx(6));
}

TEST_CASE("setup and upload hours are billed only where billing starts at creation") {
  gw::Constraints c = bare();
  c.setup_hours = 1.5;
  c.dataset_gb = 45;  // 45 GB at 100 Mbit/s = 1 h
  c.upload_mbps = 100;
  auto p = provider();
  const gw::Bill billed = gw::price_bill(p, c, 6.75, request(10, 2));
  CHECK(billed.upload_hours == doctest::Approx(1.0));
  CHECK(billed.gpu.likely == doctest::Approx((10 + 1.5 + 1.0) * 2));
  REQUIRE(line(billed, "gpu_setup"));
  CHECK(line(billed, "gpu_setup")->amount.likely == doctest::Approx(3));
  REQUIRE(line(billed, "gpu_upload"));
  CHECK(line(billed, "gpu_upload")->amount.likely == doctest::Approx(2));
  p.bills_from_creation = false;
  const gw::Bill free_setup = gw::price_bill(p, c, 6.75, request(10, 2));
  CHECK(free_setup.gpu.likely == doctest::Approx(20));
  CHECK(line(free_setup, "gpu_setup") == nullptr);
  CHECK(!free_setup.notes.empty());
}

TEST_CASE("an idle tail is billed at the GPU price and can be set to zero") {
  gw::Constraints c = bare();
  c.idle_tail_hours = 8;  // left running overnight
  const gw::Bill b = gw::price_bill(provider(), c, 6.75, request(4, 1.5));
  REQUIRE(line(b, "gpu_idle"));
  CHECK(line(b, "gpu_idle")->amount.likely == doctest::Approx(12));
  c.idle_tail_hours = 0;
  CHECK(line(gw::price_bill(provider(), c, 6.75, request(4, 1.5)), "gpu_idle") == nullptr);
}

TEST_CASE("storage: the article's 100 GB for about 15 CNY a month, free allowance, stopped rate") {
  gw::Constraints c = bare();
  c.disk_gb = 100;
  c.storage_months = 1;
  auto p = provider();
  p.disk_running_per_gb_month = 0.15;
  const gw::Bill b = gw::price_bill(p, c, 6.75, request(10, 1));
  CHECK(b.storage.likely == doctest::Approx(15.0));

  // AutoDL-like: 50 GB free, expansion billed per day even while shut down.
  p.free_disk_gb = 50;
  p.disk_running_per_gb_month = 0.0066 * 30;
  p.disk_stopped_per_gb_month = 0.0066 * 30;
  CHECK(gw::price_bill(p, c, 6.75, request(10, 1)).storage.likely == doctest::Approx(50 * 0.198));

  // RunPod-like: a stopped volume costs twice the running rate.
  p.free_disk_gb = 0;
  p.disk_running_per_gb_month = 0.10;
  p.disk_stopped_per_gb_month = 0.20;
  const gw::Bill rp = gw::price_bill(p, c, 6.75, request(72, 1));
  const double running = 100 * 0.10 * 72 / 720, stopped = 100 * 0.20 * (720 - 72) / 720;
  REQUIRE(line(rp, "storage_running"));
  REQUIRE(line(rp, "storage_stopped"));
  CHECK(line(rp, "storage_running")->amount.likely == doctest::Approx(running));
  CHECK(line(rp, "storage_stopped")->amount.likely == doctest::Approx(stopped));

  // Without storage_months the disk lives as long as the job, rounded up to whole days.
  c.storage_months = 0;
  CHECK(gw::price_bill(p, c, 6.75, request(30, 1)).storage_hours == doctest::Approx(48));
}

TEST_CASE("add-ons: the article's surprise 200 CNY of provisioned IOPS over a 3-day run") {
  gw::Constraints c = bare();
  c.extras_per_month = 2000;  // provisioned IOPS left on by mistake
  const gw::Bill b = gw::price_bill(provider(), c, 6.75, request(72, 1));
  REQUIRE(line(b, "extras"));
  CHECK(b.extras.likely == doctest::Approx(200));
  CHECK(line(b, "extras")->amount.likely == doctest::Approx(200));
}

TEST_CASE("transfer: upload time, ingress where billed, egress beyond the free allowance, internal network") {
  gw::Constraints c = bare("CNY");
  c.egress_gb = 120;
  auto aws = provider(gw::Granularity::second, "USD");
  aws.egress_per_gb = 0.09;
  aws.egress_free_gb_per_month = 100;
  const gw::Bill b = gw::price_bill(aws, c, 6.75, request(1, 1, "USD"));
  REQUIRE(line(b, "egress"));
  CHECK(line(b, "egress")->amount.likely == doctest::Approx(20 * 0.09 * 6.75));
  c.internal_network = true;
  CHECK(gw::price_bill(aws, c, 6.75, request(1, 1, "USD")).transfer.likely == doctest::Approx(0));
  c.internal_network = false;
  c.dataset_gb = 50;
  aws.ingress_free = false;  // a host that bills bandwidth both ways
  const gw::Bill both = gw::price_bill(aws, c, 6.75, request(1, 1, "USD"));
  REQUIRE(line(both, "ingress"));
  CHECK(line(both, "ingress")->amount.likely == doctest::Approx(50 * 0.09 * 6.75));
  // Unknown egress price: counted as 0 and said so.
  aws.egress_per_gb.reset();
  const gw::Bill unknown = gw::price_bill(aws, c, 6.75, request(1, 1, "USD"));
  CHECK(unknown.transfer.likely == 0);
  bool said = false;
  for (const auto& n : unknown.notes) said = said || n.en.find("no egress price") != std::string::npos;
  CHECK(said);
}

TEST_CASE("every figure is in the user's currency at the user's rate") {
  const gw::Constraints cny = bare("CNY");
  const gw::Constraints usd = bare("USD");
  auto p = provider(gw::Granularity::second, "USD");
  CHECK(gw::price_bill(p, cny, 7.0, request(10, 1, "USD")).total.likely == doctest::Approx(70));
  CHECK(gw::price_bill(p, usd, 7.0, request(10, 1, "USD")).total.likely == doctest::Approx(10));
  CHECK(gw::price_bill(p, usd, 7.0, request(10, 7, "CNY")).total.likely == doctest::Approx(10));
  CHECK(gw::convert_money(100, "USD", "CNY", 6.75) == doctest::Approx(675));
  gw::Catalog cat;
  cat.usd_cny = 6.75;
  gw::Constraints c;
  CHECK(gw::exchange_rate(c, cat) == 6.75);
  c.usd_cny = 7.2;
  CHECK(gw::exchange_rate(c, cat) == 7.2);
}

TEST_CASE("ranges: low <= likely <= high and each line explains itself with its price date") {
  gw::Constraints c;  // the defaults: setup, idle, disk, dataset and egress all present
  auto p = provider();
  p.disk_running_per_gb_month = 0.2;
  p.egress_per_gb = 0.8;
  gw::BillRequest r = request(10, 1.5);
  r.run_hours = {6, 10, 16};
  r.price_per_hour = {1.3, 1.5, 1.8};
  const gw::Bill b = gw::price_bill(p, c, 6.75, r);
  CHECK(b.total.low <= b.total.likely);
  CHECK(b.total.likely <= b.total.high);
  CHECK(b.total.low < b.total.high);
  double sum = 0;
  for (const auto& l : b.lines) {
    CAPTURE(l.kind);
    CHECK(!l.label.en.empty());
    CHECK(!l.label.zh.empty());
    CHECK(!l.explain.formula.en.empty());
    CHECK(!l.explain.inputs.empty());
    sum += l.amount.likely;
  }
  CHECK(sum == doctest::Approx(b.total.likely));
  CHECK(line(b, "gpu_run")->price_date == "2026-08");
  // The fast path gives the same numbers without text.
  const gw::Bill fast = gw::price_bill(p, c, 6.75, r, false);
  CHECK(fast.lines.empty());
  CHECK(fast.total.low == b.total.low);
  CHECK(fast.total.likely == b.total.likely);
  CHECK(fast.total.high == b.total.high);
}

TEST_CASE("property: more hours never cost less, a higher price is never cheaper") {
  gw::Constraints c;
  c.student = true;
  c.new_user = true;
  for (auto g : {gw::Granularity::second, gw::Granularity::minute, gw::Granularity::hour}) {
    auto p = provider(g);
    p.disk_running_per_gb_month = 0.3;
    p.egress_per_gb = 0.5;
    gw::Program coupon;
    coupon.id = "new-user-50";
    coupon.kind = gw::ProgramKind::coupon;
    coupon.amount = 50;
    coupon.min_spend = 100;
    coupon.new_users_only = true;
    coupon.expiry_days = 7;
    p.programs.push_back(coupon);
    double prev = -1;
    for (double h = 0; h <= 400; h += 0.37) {
      const double t = gw::price_bill(p, c, 6.75, request(h, 1.7), false).total.likely;
      CHECK(t >= prev - 1e-9);
      prev = t;
    }
    prev = -1;
    for (double price = 0.1; price <= 30; price += 0.13) {
      const double t = gw::price_bill(p, c, 6.75, request(25, price), false).total.likely;
      CHECK(t >= prev - 1e-9);
      prev = t;
    }
  }
}

TEST_CASE("offer prices: user edits, listed and derived spot prices") {
  gw::Provider p = provider();
  gw::Offer o;
  o.id = "x";
  o.on_demand_per_hour = 2.0;
  o.on_demand_low_per_hour = 1.5;
  o.on_demand_high_per_hour = 2.5;
  std::map<std::string, double> none;
  auto od = gw::offer_price(o, p, gw::Pricing::on_demand, none);
  CHECK(od.available);
  CHECK(od.estimate);
  CHECK(od.per_hour.low == 1.5);
  CHECK(od.per_hour.high == 2.5);
  CHECK(!gw::offer_price(o, p, gw::Pricing::spot, none).available);  // provider has no spot
  p.has_spot = true;
  p.spot_discount_fraction = 0.7;
  auto derived = gw::offer_price(o, p, gw::Pricing::spot, none);
  CHECK(derived.available);
  CHECK(derived.derived);
  CHECK(derived.per_hour.likely == doctest::Approx(0.6));
  o.spot_per_hour = 0.5;
  CHECK(gw::offer_price(o, p, gw::Pricing::spot, none).per_hour.likely == doctest::Approx(0.5));
  std::map<std::string, double> edit{{"x", 4.0}};
  auto edited = gw::offer_price(o, p, gw::Pricing::on_demand, edit);
  CHECK(edited.edited);
  CHECK(edited.per_hour.low == 4.0);
  CHECK(edited.per_hour.high == 4.0);
  // The listed spot price keeps its discount relative to the edited price.
  CHECK(gw::offer_price(o, p, gw::Pricing::spot, edit).per_hour.likely == doctest::Approx(1.0));
}

TEST_CASE("formatting never prints NaN, inf or negative zero; a missing number is a dash") {
  CHECK(gw::format_number(-0.001, 2) == "0.00");
  CHECK(gw::format_number(std::nan(""), 1) == "—");  // not "0.0": a missing value must not read as zero
  CHECK(gw::format_hours(std::nan("")) == "—");
  CHECK(gw::format_money(1234.6, "CNY") == "¥1,235");
  CHECK(gw::format_money(4.1, "USD") == "$4.10");
  CHECK(gw::format_money(-12, "CNY") == "-¥12.00");
  CHECK(gw::format_hours(0.5) == "30 min");
  CHECK(gw::format_hours(4.24) == "4.2 h");
  CHECK(gw::format_hours(96) == "4.0 d");
}
