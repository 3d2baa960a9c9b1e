// Energy and CO2 (issue 18 item 5): the formula, unknowns stay unknown, every factor is sourced, the
// catalog's regions map to grids, `buy` uses the same energy model and the greenest goal orders by CO2e.
#include <doctest/doctest.h>

#include <cmath>
#include <string>

#include "engine/calculators.hpp"
#include "engine/energy.hpp"
#include "engine/recommend.hpp"
#include "test_recommend_fixtures.hpp"

using gw::test::bundled_catalog;
using gw::test::scenario_for;

namespace {

bool has_cjk(const std::string& s) {
  for (unsigned char c : s)
    if (c >= 0xE3 && c <= 0xE9) return true;  // lead bytes of the CJK blocks in UTF-8
  return false;
}

}  // namespace

TEST_CASE("energy: kWh = board power x hours x cards x PUE, kg CO2e = kWh x grid factor") {
  const gw::GridFactor* cn = gw::find_grid_factor("cn");
  REQUIRE(cn);
  CHECK(cn->kg_per_kwh == doctest::Approx(0.5306));
  const gw::PueFactor* aws = gw::pue_for_provider("aws");
  REQUIRE(aws);
  gw::EnergyInputs in;
  in.board_w = 350;  // an RTX 3090
  in.hours = 10;
  in.cards = 2;
  in.grid = cn;
  const gw::Energy e = gw::job_energy(in);
  REQUIRE(e.known);
  CHECK(e.kwh == doctest::Approx(0.35 * 10 * 2));  // no PUE: the cards alone
  CHECK_FALSE(e.pue_known);
  REQUIRE(e.kg_co2e);
  CHECK(*e.kg_co2e == doctest::Approx(7.0 * 0.5306));
  // The explanation says the PUE is unknown and cooling is excluded, and names the grid's source and year.
  CHECK(e.explain.note.en.find("PUE is unknown") != std::string::npos);
  CHECK(e.explain.note.en.find("2023") != std::string::npos);
  CHECK(e.explain.note.en.find("Ecology and Environment") != std::string::npos);
  CHECK(e.explain.inputs.size() == 5);

  in.pue = aws;
  const gw::Energy with_pue = gw::job_energy(in);
  CHECK(with_pue.pue_known);
  CHECK(with_pue.kwh == doctest::Approx(7.0 * aws->pue));
  CHECK(with_pue.explain.note.en.find("PUE 1.14") != std::string::npos);
  // The one formula, as `buy` calls it.
  CHECK(gw::energy_kwh(350, 10, 2, aws->pue) == doctest::Approx(with_pue.kwh));
  CHECK(gw::energy_kwh(NAN, 10, 1, 1) == 0);
  CHECK(gw::energy_kwh(300, -5, 1, 1) == 0);
}

TEST_CASE("energy: an unknown region gives no CO2 number, an unknown board power no kWh") {
  gw::EnergyInputs in;
  in.board_w = 300;
  in.hours = 5;
  const gw::Energy e = gw::job_energy(in);
  CHECK(e.known);
  CHECK_FALSE(e.kg_co2e.has_value());
  CHECK(gw::format_kg_co2e(e) == "?");
  CHECK(gw::format_kg_co2e(e, gw::Lang::zh) == "未知");
  CHECK(gw::energy_line(e).en.find("CO2e: unknown") != std::string::npos);

  in.board_w.reset();
  in.grid = gw::find_grid_factor("us");
  const gw::Energy none = gw::job_energy(in);
  CHECK_FALSE(none.known);
  CHECK_FALSE(none.kg_co2e.has_value());  // never 0 x factor
  CHECK(gw::format_kwh(none) == "?");
}

TEST_CASE("energy: every factor has a value, a year and a source in both languages; English has no CJK") {
  for (const gw::GridFactor& g : gw::grid_factors()) {
    CAPTURE(std::string(g.key));
    CHECK(g.kg_per_kwh > 0);
    CHECK(g.kg_per_kwh < 1.5);
    CHECK(g.year >= 2015);
    CHECK_FALSE(g.source.en.empty());
    CHECK_FALSE(g.source.zh.empty());
    CHECK_FALSE(std::string(g.url).empty());
    CHECK_FALSE(has_cjk(g.source.en + g.area.en + g.gases.en));
  }
  for (const gw::PueFactor& p : gw::pue_factors()) {
    CAPTURE(std::string(p.provider));
    CHECK(p.pue >= 1.0);
    CHECK(p.pue < 3.0);
    CHECK(p.year >= 2015);
    CHECK_FALSE(p.source.en.empty());
    CHECK_FALSE(has_cjk(p.source.en));
    CHECK(bundled_catalog().provider(p.provider) != nullptr);
  }
}

TEST_CASE("energy: the catalog's regions map to grids; marketplaces and unsourced grids stay unknown") {
  const gw::Catalog& cat = bundled_catalog();
  int known = 0;
  for (const gw::Offer& o : cat.offers) {
    CAPTURE(o.id);
    const gw::GridFactor* g = gw::grid_for_offer(o);
    const gw::Provider* p = cat.provider(o.provider);
    REQUIRE(p);
    // Every mainland platform's offer ("CN ...") is on a mainland grid (national, regional or provincial),
    // Hong Kong is not.
    if (o.region.en.rfind("CN", 0) == 0 ||
        (o.provider == "aliyun" && o.region.en.rfind("cn-", 0) == 0 && o.region.en != "cn-hongkong")) {
      REQUIRE(g);
      CHECK(g->key.substr(0, 2) == "cn");
    }
    if (o.region.en == "cn-hongkong") CHECK(g == nullptr);
    // RunPod's and Vast.ai's marketplace rows name no country: their CO2 is unknown.
    if (o.provider == "runpod" || o.region.en.find("marketplace") != std::string::npos) CHECK(g == nullptr);
    if (g) ++known;
  }
  CHECK(known > static_cast<int>(cat.offers.size()) / 2);
  const gw::Offer* aws = cat.offer("aws-us-east-1-t4-x1");
  REQUIRE(aws);
  REQUIRE(gw::grid_for_offer(*aws));
  CHECK(gw::grid_for_offer(*aws)->key == "us");
}

TEST_CASE("energy: buy uses the same energy model") {
  gw::BuyInputs in;
  in.card_price = 12000;
  in.horizon_years = 3;
  in.gpu_hours_per_year = 2000;
  in.hourly_rent = 2;
  in.power_watts = 450;
  in.electricity_per_kwh = 0.6;
  const gw::BuyResult r = gw::rent_or_buy(in);
  CHECK(r.own_kwh_per_year == doctest::Approx(gw::energy_kwh(450, 2000, 1, 1.0)));
  CHECK(r.own_kwh_per_year == doctest::Approx(900));
  CHECK(r.own_running_per_year == doctest::Approx(r.own_kwh_per_year * 0.6));
  bool listed = false;
  for (const gw::ExplainInput& x : r.explain.inputs) listed = listed || x.name == "energy per year";
  CHECK(listed);
}

TEST_CASE("energy: recommend rows carry kWh and CO2e; greenest orders by CO2e, unknown last") {
  gw::Scenario s = scenario_for("bert-base-finetune");
  s.constraints.goal = gw::Goal::greenest;
  gw::RecommendOptions opt;
  opt.max_rows = 0;
  const gw::Report rep = gw::recommend(s, bundled_catalog(), opt);
  REQUIRE(rep.rows.size() > 10);
  bool seen_unknown = false;
  int known = 0;
  for (std::size_t i = 0; i < rep.rows.size(); ++i) {
    const gw::Row& r = rep.rows[i];
    CAPTURE(r.offer);
    REQUIRE(r.work_known);
    // The row's energy is the formula over its own job hours.
    const gw::Gpu* g = bundled_catalog().gpu(r.gpu);
    REQUIRE(g);
    if (g->tdp_w) {
      const gw::PueFactor* pue = gw::pue_for_provider(r.provider);
      CHECK(r.energy.kwh ==
            doctest::Approx(gw::energy_kwh(*g->tdp_w, r.hours.likely, r.cards, pue ? pue->pue : 1.0)));
    }
    if (i == 0) continue;
    const gw::Row& prev = rep.rows[i - 1];
    if (prev.market_tier != r.market_tier || prev.tier != r.tier) {
      seen_unknown = !r.energy.kg_co2e;
      continue;
    }
    if (r.energy.kg_co2e) {
      ++known;
      CHECK_FALSE(seen_unknown);  // a known CO2e never ranks after an unknown one in a tier
      REQUIRE(prev.energy.kg_co2e);
      CHECK(*prev.energy.kg_co2e <= *r.energy.kg_co2e + 1e-9);
    } else {
      seen_unknown = true;
    }
  }
  CHECK(known > 5);
  REQUIRE(rep.rows.front().energy.kg_co2e);
  CHECK(rep.rows.front().reason.en.find("Least CO2e") != std::string::npos);
  CHECK(rep.rows.front().energy.explain.note.en.find("Grid:") != std::string::npos);

  // The cheapest goal ranks differently, and its rows carry the same energy figures.
  s.constraints.goal = gw::Goal::cheapest;
  const gw::Report cheap = gw::recommend(s, bundled_catalog(), opt);
  REQUIRE_FALSE(cheap.rows.empty());
  for (const gw::Row& r : cheap.rows)
    if (r.offer == rep.rows.front().offer && r.pricing == rep.rows.front().pricing &&
        r.change == rep.rows.front().change) {
      REQUIRE(r.energy.kg_co2e);
      CHECK(*r.energy.kg_co2e == doctest::Approx(*rep.rows.front().energy.kg_co2e));
    }
  gw::Goal g = gw::Goal::cheapest;
  CHECK(gw::parse_goal("greenest", g));
  CHECK(g == gw::Goal::greenest);
  CHECK(gw::to_string(gw::Goal::greenest) == "greenest");
}

TEST_CASE("energy: a Chinese region that names a province or city takes its grid's factor") {
  const gw::Catalog& cat = bundled_catalog();
  auto grid_of = [&](const char* offer_id) -> std::string {
    const gw::Offer* o = cat.offer(offer_id);
    REQUIRE_MESSAGE(o, offer_id);
    const gw::GridFactor* g = gw::grid_for_offer(*o);
    return g ? std::string(g->key) : std::string("none");
  };
  // Alibaba Cloud's regions: Zhangjiakou is in Hebei, Ulanqab in Inner Mongolia (provincial 2022 factors),
  // Hangzhou on the East China grid, Beijing on the North China grid (regional 2023 factors).
  for (const gw::Offer& o : cat.offers) {
    if (o.provider != "aliyun") continue;
    CAPTURE(o.id);
    const std::string key(gw::grid_for_offer(o) ? gw::grid_for_offer(o)->key : "none");
    if (o.region.en == "cn-zhangjiakou") CHECK(key == "cn-hebei");
    if (o.region.en == "cn-wulanchabu") CHECK(key == "cn-nei-mongol");
    if (o.region.en == "cn-hangzhou") CHECK(key == "cn-east");
    if (o.region.en == "cn-beijing") CHECK(key == "cn-north");
  }
  CHECK(gw::find_grid_factor("cn-hebei")->kg_per_kwh == doctest::Approx(0.7252));
  CHECK(gw::find_grid_factor("cn-hebei")->year == 2022);
  CHECK(gw::find_grid_factor("cn-east")->kg_per_kwh == doctest::Approx(0.5500));
  CHECK(gw::find_grid_factor("cn-southwest")->kg_per_kwh == doctest::Approx(0.2472));
  CHECK(gw::find_grid_factor("cn-east")->year == 2023);
  // A platform's free-text region: one named place takes its grid; two places on different grids, or
  // none, keep the national average.
  gw::Offer o;
  o.provider = "someplatform";
  o.region = {"CN Chengdu", "中国 成都"};
  CHECK(std::string(gw::grid_for_offer(o)->key) == "cn-sichuan");
  o.region = {"CN", "中国 重庆"};
  CHECK(std::string(gw::grid_for_offer(o)->key) == "cn-southwest");
  o.region = {"CN North 2A / Shanghai 2B", "中国 华北二A / 上海二B"};
  CHECK(std::string(gw::grid_for_offer(o)->key) == "cn");
  o.region = {"CN Beijing / Shanghai", ""};
  CHECK(std::string(gw::grid_for_offer(o)->key) == "cn");
  o.region = {"CN", "中国"};
  CHECK(std::string(gw::grid_for_offer(o)->key) == "cn");
  CHECK(grid_of("aws-us-east-1-t4-x1") == "us");
}
