// Kaggle's free GPU notebooks (issue 18 item 2): a free offer with a 12 h session and a weekly GPU quota of
// 30 h. A job longer than a week's quota still runs there, a quota a week, and the answer says how long that
// takes; a deadline shorter than that drops the offer for the deadline.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>

#include "engine/catalog.hpp"
#include "engine/quote.hpp"
#include "engine/recommend.hpp"
#include "test_recommend_fixtures.hpp"

using gw::test::bundled_catalog;
using gw::test::scenario_for;

namespace {

bool mentions(const std::vector<gw::Text>& texts, const std::string& en) {
  return std::any_of(texts.begin(), texts.end(),
                     [&](const gw::Text& t) { return t.en.find(en) != std::string::npos; });
}

const char* const kOffer = "kaggle-global-t4-x2";

}  // namespace

TEST_CASE("kaggle: a free T4 x2 offer with 12 h sessions and a 30 h weekly quota, each sourced") {
  const gw::Catalog& cat = bundled_catalog();
  const gw::Provider* k = cat.provider("kaggle");
  REQUIRE(k);
  CHECK(k->session_limited.value_or(false));
  REQUIRE(k->session_max_hours);
  CHECK(*k->session_max_hours == 12);
  REQUIRE(k->session_weekly_gpu_hours);
  CHECK(*k->session_weekly_gpu_hours == 30);
  CHECK_FALSE(k->session_idle_minutes);    // not found in any source: unknown, not guessed
  CHECK_FALSE(k->session_gpu_guaranteed);  // likewise
  CHECK(k->session_note.en.find("cloud-billing-notes.md") != std::string::npos);
  CHECK_FALSE(k->session_note.zh.empty());
  const gw::Offer* o = cat.offer(kOffer);
  REQUIRE(o);
  CHECK(o->gpu == "t4");
  CHECK(o->gpu_count == 2);
  CHECK(o->on_demand_per_hour == 0);
  // The retired P100 tier is not an offer.
  for (const gw::Offer& x : cat.offers)
    if (x.provider == "kaggle") CHECK(x.gpu != "p100-pcie-16gb");
}

TEST_CASE("kaggle: a price of 0 is read as free; a negative price is refused, by path") {
  gw::Catalog cat = bundled_catalog();
  const gw::CatalogLoad back = gw::load_catalog(gw::catalog_to_json(cat));
  REQUIRE(back.problems.empty());
  REQUIRE(back.catalog->offer(kOffer));
  CHECK(back.catalog->offer(kOffer)->on_demand_per_hour == 0);
  for (gw::Offer& o : cat.offers)
    if (o.id == kOffer) o.on_demand_per_hour = -1;
  const gw::CatalogLoad bad = gw::load_catalog(gw::catalog_to_json(cat));
  REQUIRE_FALSE(bad.problems.empty());
  const bool named = std::any_of(bad.problems.begin(), bad.problems.end(), [](const gw::Problem& p) {
    return p.path.find("on_demand_per_hour") != std::string::npos;
  });
  CHECK(named);
}

TEST_CASE("kaggle: `cost` on the free offer bills nothing for the GPU and plans the sessions") {
  const gw::Catalog& cat = bundled_catalog();
  const gw::Offer* o = cat.offer(kOffer);
  REQUIRE(o);
  gw::Scenario s;
  const gw::Quote q = gw::price_offer(s, cat, *o, gw::Pricing::on_demand, 70);
  REQUIRE(q.ok);
  CHECK(q.price.available);
  CHECK(q.bill.gpu.likely == 0);
  REQUIRE(q.sessions);
  REQUIRE(q.sessions->practical);
  CHECK(q.sessions->sessions >= 7);  // 12 h sessions, and a 30 h week ends the third one early
  // 70 h of work and more at 30 h a week: two full weeks of waiting before the last part.
  CHECK(q.sessions->calendar_hours > 2 * 168);
  CHECK(q.sessions->calendar_hours < 3 * 168);
}

TEST_CASE("kaggle: a job longer than a week's quota says how long it takes, or is dropped for a deadline") {
  gw::Scenario s = scenario_for("gpt2-355m-train");
  s.constraints.providers = {"kaggle"};
  s.constraints.spot = gw::SpotPolicy::deny;
  gw::RecommendOptions opt;
  opt.detailed_rows = 0;
  const gw::Report rep = gw::recommend(s, bundled_catalog(), opt);
  const auto it =
      std::find_if(rep.rows.begin(), rep.rows.end(), [](const gw::Row& r) { return r.offer == kOffer; });
  REQUIRE(it != rep.rows.end());
  const gw::Row& r = *it;
  CHECK(r.cost.likely == 0);
  REQUIRE(r.sessions);
  MESSAGE("GPU hours ", r.sessions->expected_hours, ", start to finish ", r.sessions->calendar_hours);
  REQUIRE(r.sessions->expected_hours > 30);  // the preset needs more than one week's quota
  CHECK(r.sessions->calendar_hours > 168);
  CHECK(r.finish_hours.likely >= r.sessions->calendar_hours);
  CHECK(mentions(r.warnings, "A weekly quota of 30 h of GPU time stretches the job to"));
  CHECK(mentions(r.warnings, "guarantees the GPU type is unknown"));

  // A deadline of one week cannot be met on Kaggle alone: dropped for the deadline, its need the weeks.
  s.constraints.deadline_hours = 168;
  const gw::Report week = gw::recommend(s, bundled_catalog(), opt);
  CHECK(std::none_of(week.rows.begin(), week.rows.end(), [](const gw::Row& x) { return x.offer == kOffer; }));
  const bool dropped = std::any_of(week.dropped.begin(), week.dropped.end(), [](const gw::Dropped& d) {
    return bundled_catalog().offers[d.offer_index].id == kOffer && d.reason == gw::DropReason::deadline &&
           d.need > 168;
  });
  CHECK(dropped);
}

TEST_CASE("kaggle: a weekly-quota platform is ranked only when --providers names it") {
  gw::Scenario s = scenario_for("bert-base-finetune");
  gw::RecommendOptions opt;
  opt.detailed_rows = 0;
  const gw::Report all = gw::recommend(s, bundled_catalog(), opt);
  REQUIRE_FALSE(all.rows.empty());
  CHECK(std::none_of(all.rows.begin(), all.rows.end(),
                     [](const gw::Row& r) { return r.provider == "kaggle"; }));
  // Not counted as a drop either: the quota is the user's own, not a constraint the answer broke.
  CHECK(std::none_of(all.dropped.begin(), all.dropped.end(), [](const gw::Dropped& d) {
    return bundled_catalog().offers[d.offer_index].provider == "kaggle";
  }));
  s.constraints.providers = {"kaggle", "colab"};
  const gw::Report asked = gw::recommend(s, bundled_catalog(), opt);
  CHECK(std::any_of(asked.rows.begin(), asked.rows.end(),
                    [](const gw::Row& r) { return r.provider == "kaggle"; }));
}
