// Price ages count to today, not to the catalog date (issue 16 item 5): the engine reads no clock, so
// RecommendOptions::today carries the date in; without it the age counts to the catalog date and says so.
// And the --pay/--invoice/--mainland filters say which facts are unknown when they leave a provider out.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>

#include "engine/bundled.hpp"
#include "engine/input.hpp"
#include "engine/market.hpp"
#include "engine/recommend.hpp"

namespace {

// The bundled catalog dated 2026-10-01, with AutoDL's prices dated 2026-08: two months before the catalog.
gw::Catalog dated_catalog() {
  gw::Catalog c = *gw::load_bundled_catalog().catalog;
  c.catalog_date = "2026-10-01";
  for (gw::Offer& o : c.offers)
    if (o.provider == "autodl") o.price_date = "2026-08";
  return c;
}

gw::Scenario autodl_qlora() {
  static const gw::PresetLoad presets = gw::load_presets(gw::bundled_file("presets.json"));
  const gw::Preset* p = gw::find_preset(presets.presets, "qlora-7b");
  REQUIRE(p);
  gw::Scenario s;
  s.workload = p->workload;
  s.constraints.currency = "CNY";
  s.constraints.providers = {"autodl"};
  return s;
}

bool has_text(const std::vector<gw::Text>& texts, const std::string& part) {
  return std::any_of(texts.begin(), texts.end(),
                     [&](const gw::Text& t) { return t.en.find(part) != std::string::npos; });
}

}  // namespace

TEST_CASE("a price 7 months older than today but 2 months older than the catalog is marked stale") {
  const gw::Catalog c = dated_catalog();
  gw::RecommendOptions opt;
  opt.today = "2027-03-04";
  const gw::Report r = gw::recommend(autodl_qlora(), c, opt);
  REQUIRE(r.problems.empty());
  REQUIRE(!r.rows.empty());
  CHECK(r.price_age_from == "2027-03-04");
  const gw::Row& top = r.rows[0];
  CHECK(top.price_date == "2026-08");
  CHECK(top.price_age_months == 7);
  CHECK(top.price_stale);
  CHECK(has_text(top.warnings, "7 months old on 2027-03-04"));
  CHECK(has_text(top.risks, "7 months old on 2027-03-04"));
}

TEST_CASE("without today's date the age counts to the catalog date, and the words say so") {
  const gw::Catalog c = dated_catalog();
  gw::RecommendOptions opt;
  opt.stale_after_months = 1;  // so the two-month age shows its words
  const gw::Report r = gw::recommend(autodl_qlora(), c, opt);
  REQUIRE(r.problems.empty());
  REQUIRE(!r.rows.empty());
  CHECK(r.price_age_from == "2026-10-01");
  CHECK(r.rows[0].price_age_months == 2);
  CHECK(r.rows[0].price_stale);
  CHECK(has_text(r.rows[0].warnings, "2 months before the catalog (2026-10-01)"));
  // At the default six months the same price is not stale against the catalog date.
  const gw::Report fresh = gw::recommend(autodl_qlora(), c);
  REQUIRE(!fresh.rows.empty());
  CHECK(!fresh.rows[0].price_stale);
}

TEST_CASE("a today that is not a date is a problem naming options.today") {
  gw::RecommendOptions opt;
  opt.today = "next tuesday";
  const gw::Report r = gw::recommend(autodl_qlora(), dated_catalog(), opt);
  REQUIRE(!r.problems.empty());
  CHECK(r.problems.front().path == "options.today");
  CHECK(r.rows.empty());
}

TEST_CASE("price_age_months: one rule for the rows and `catalog stale`") {
  CHECK(gw::price_age_months("2026-08", "2027-03-04") == 7);
  CHECK(gw::price_age_months("2026-08-31", "2026-10-01") == 2);
  CHECK(gw::price_age_months("2026-08", "2026-10") == 2);
  CHECK(gw::price_age_months("undated", "2026-10-01") == -1);
}

TEST_CASE("--pay alipay leaves out a provider whose payment is unknown, and says the fact is unknown") {
  const gw::Catalog c = *gw::load_bundled_catalog().catalog;
  const gw::Provider* ob = c.provider("openbayes");
  REQUIRE(ob);
  REQUIRE(!ob->access.alipay);  // no source says either way
  gw::Scenario s = autodl_qlora();
  s.constraints.providers.clear();
  s.constraints.pay = {"alipay"};
  CHECK(!gw::access_allowed(*ob, s.constraints));
  const gw::Report r = gw::recommend(s, c);
  REQUIRE(r.problems.empty());
  CHECK(
      std::none_of(r.rows.begin(), r.rows.end(), [](const gw::Row& w) { return w.provider == "openbayes"; }));
  const auto d = std::find_if(r.dropped.begin(), r.dropped.end(), [&](const gw::Dropped& x) {
    return c.offers[x.offer_index].provider == "openbayes";
  });
  REQUIRE(d != r.dropped.end());
  CHECK(d->reason == gw::DropReason::filtered);
  const gw::Text why = gw::describe(*d, r, c);
  CHECK(why.en.find("--pay/--invoice/--mainland") != std::string::npos);
  CHECK(why.en.find("pay: not known") != std::string::npos);
  CHECK(why.zh.find("支付：未知") != std::string::npos);
  // A provider left out by --providers says that, not the payment filter.
  gw::Scenario only = autodl_qlora();
  const gw::Report r2 = gw::recommend(only, c);
  const auto d2 = std::find_if(r2.dropped.begin(), r2.dropped.end(), [&](const gw::Dropped& x) {
    return c.offers[x.offer_index].provider == "openbayes";
  });
  REQUIRE(d2 != r2.dropped.end());
  CHECK(gw::describe(*d2, r2, c).en.find("--providers/--exclude") != std::string::npos);
}

TEST_CASE("the access summary says unknown for every fact no source gives") {
  const gw::Catalog c = *gw::load_bundled_catalog().catalog;
  for (const char* id : {"tencent", "openbayes", "zhixingyun", "gpushare", "matpool"}) {
    CAPTURE(id);
    const gw::Provider* p = c.provider(id);
    REQUIRE(p);
    const gw::Text t = gw::access_summary(*p);
    CHECK(t.en.find("Pay: not known") != std::string::npos);
    CHECK(t.en.find("Invoice: not known") != std::string::npos);
    CHECK(t.zh.find("支付：未知") != std::string::npos);
    // The search that found nothing is recorded with its date.
    CHECK(p->access.notes.en.find("2026-12-04") != std::string::npos);
  }
}
