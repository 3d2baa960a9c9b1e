// Renting from mainland China (issue 16 item 3): the --pay/--invoice/--mainland filters and the market
// preference. With CNY or the Chinese interface, what a mainland student can pay for ranks first;
// foreign-only offers stay in the list, marked and explained; with USD and English the ranking is free.
#include <doctest/doctest.h>

#include <algorithm>

#include "engine/bundled.hpp"
#include "engine/input.hpp"
#include "engine/market.hpp"
#include "engine/recommend.hpp"

namespace {

const gw::Catalog& cat() {
  static const gw::Catalog c = *gw::load_bundled_catalog().catalog;
  return c;
}

gw::Scenario qlora(const char* currency) {
  static const gw::PresetLoad presets = gw::load_presets(gw::bundled_file("presets.json"));
  const gw::Preset* p = gw::find_preset(presets.presets, "qlora-7b");
  REQUIRE(p);
  gw::Scenario s;
  s.workload = p->workload;
  s.constraints.currency = currency;
  return s;
}

}  // namespace

TEST_CASE("resolve_market: explicit wins; auto is cn for CNY or the Chinese interface") {
  using gw::Market;
  CHECK(gw::resolve_market(Market::auto_, "CNY") == Market::cn);
  CHECK(gw::resolve_market(Market::auto_, "USD") == Market::any);
  CHECK(gw::resolve_market(Market::auto_, "USD", gw::Lang::zh) == Market::cn);
  CHECK(gw::resolve_market(Market::auto_, "USD", gw::Lang::en) == Market::any);
  CHECK(gw::resolve_market(Market::any, "CNY", gw::Lang::zh) == Market::any);
  CHECK(gw::resolve_market(Market::cn, "USD", gw::Lang::en) == Market::cn);
}

TEST_CASE(
    "market cn: the top pick takes Alipay or WeChat Pay; dollar-only offers stay, ranked after, explained") {
  const gw::Report r = gw::recommend(qlora("CNY"), cat());
  REQUIRE(r.problems.empty());
  REQUIRE(!r.rows.empty());
  const gw::Provider* top = cat().provider(r.rows[0].provider);
  REQUIRE(top);
  CHECK(gw::mainland_payable(top->access) == gw::Tri::yes);
  CHECK(r.rows[0].market_tier == 0);
  // Tiers never go down the list.
  for (std::size_t i = 1; i < r.rows.size(); ++i)
    if (r.rows[i].rank > r.rows[i - 1].rank && r.rows[i].rank <= static_cast<int>(r.rows.size()))
      CHECK(r.rows[i].market_tier >= r.rows[i - 1].market_tier);
  // RunPod is still there, marked, with its note in both languages (when detailed).
  const auto runpod =
      std::find_if(r.rows.begin(), r.rows.end(), [](const gw::Row& w) { return w.provider == "runpod"; });
  REQUIRE(runpod != r.rows.end());
  CHECK(runpod->market_tier == 2);
}

TEST_CASE("market any (USD, English): the ranking is free, RunPod can come first") {
  const gw::Report r = gw::recommend(qlora("USD"), cat());
  REQUIRE(!r.rows.empty());
  for (const gw::Row& w : r.rows) CHECK(w.market_tier == 0);
  // The same job in CNY with market any ranks like the USD one.
  gw::Scenario s = qlora("CNY");
  s.constraints.market = gw::Market::any;
  const gw::Report a = gw::recommend(s, cat());
  REQUIRE(!a.rows.empty());
  CHECK(a.rows[0].offer == r.rows[0].offer);
}

TEST_CASE("a detailed foreign-only row explains itself in both languages") {
  gw::RecommendOptions o;
  o.detailed_rows = 0;  // every row detailed
  o.max_rows = 400;
  const gw::Report r = gw::recommend(qlora("CNY"), cat(), o);
  bool explained = false;
  for (const gw::Row& w : r.rows)
    if (w.provider == "vast" && w.detailed)
      for (const gw::Text& n : w.notes)
        explained = explained || (n.en.find("US dollars only") != std::string::npos &&
                                  n.zh.find("只收美元") != std::string::npos);
  CHECK(explained);
}

TEST_CASE("filters: --pay, --invoice, --mainland keep only what a source confirms") {
  gw::Scenario s = qlora("CNY");
  s.constraints.pay = {"alipay"};
  gw::Report r = gw::recommend(s, cat());
  REQUIRE(!r.rows.empty());
  // The three a source confirms: AutoDL; Alibaba Cloud since 2026.12.4; Compshare since its docs were read.
  for (const gw::Row& w : r.rows) {
    CAPTURE(w.provider);
    CHECK((w.provider == "autodl" || w.provider == "aliyun" || w.provider == "compshare"));
  }
  s.constraints.pay = {"card", "crypto"};
  r = gw::recommend(s, cat());
  REQUIRE(!r.rows.empty());
  for (const gw::Row& w : r.rows) CHECK((w.provider == "vast" || w.provider == "runpod"));
  s.constraints.pay.clear();
  s.constraints.invoice = true;
  r = gw::recommend(s, cat());
  REQUIRE(!r.rows.empty());
  for (const gw::Row& w : r.rows) {  // the VAT invoice is sourced for Alibaba Cloud and Compshare
    CAPTURE(w.provider);
    CHECK((w.provider == "aliyun" || w.provider == "compshare"));
  }
  s.constraints.invoice = false;
  s.constraints.mainland = true;
  r = gw::recommend(s, cat());
  REQUIRE(!r.rows.empty());
  for (const gw::Row& w : r.rows) {
    CAPTURE(w.provider);
    CHECK(cat().provider(w.provider)->access.mainland_reachable == true);
  }
}

TEST_CASE("the input table: --pay takes known methods only, --market cn|any|auto") {
  gw::Scenario s;
  const gw::InputField* pay = gw::find_input("--pay");
  REQUIRE(pay);
  CHECK(gw::set_input(*pay, s, "alipay,wechat", false).status == gw::InputSet::ok);
  CHECK(s.constraints.pay == std::vector<std::string>{"alipay", "wechat"});
  CHECK(gw::set_input(*pay, s, "paypal", false).status != gw::InputSet::ok);
  const gw::InputField* market = gw::find_input("--market");
  REQUIRE(market);
  CHECK(gw::set_input(*market, s, "any", false).status == gw::InputSet::ok);
  CHECK(s.constraints.market == gw::Market::any);
  CHECK(gw::input_text(*market, s) == "any");
  CHECK(gw::find_input("--invoice"));
  CHECK(gw::find_input("--mainland"));
}
