// Session-limited notebook platforms (issue 18 item 2): the session arithmetic, the weekly quota, the
// catalog's facts, and how the recommender treats a job longer than a session.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "engine/catalog.hpp"
#include "engine/quote.hpp"
#include "engine/recommend.hpp"
#include "engine/spot.hpp"
#include "test_recommend_fixtures.hpp"

using gw::test::bundled_catalog;
using gw::test::scenario_for;

namespace {

gw::SpotInputs inputs(double work, double interval, double checkpoint, double restart) {
  gw::SpotInputs in;
  in.work_hours = work;
  in.interval_hours = interval;
  in.checkpoint_hours = checkpoint;
  in.restart_hours = restart;
  return in;
}

bool mentions(const std::vector<gw::Text>& texts, const std::string& en) {
  for (const gw::Text& t : texts)
    if (t.en.find(en) != std::string::npos) return true;
  return false;
}

}  // namespace

TEST_CASE(
    "sessions: each session runs whole checkpoint intervals, its end loses the rest, later ones restart") {
  // 30 h of work, 12 h sessions, a checkpoint every 1 h of work taking 0.1 h, 0.25 h to restart.
  // Session 1: 10 intervals (11 h), 1 h lost. Session 2: 0.25 restart, 10 intervals, 0.75 h lost.
  // Session 3: 0.25 restart, the last 10 h with 9 checkpoints (10.9 h).
  const gw::SpotResult r = gw::simulate_sessions(inputs(30, 1, 0.1, 0.25), 12);
  REQUIRE(r.practical);
  CHECK(r.sessions == 3);
  CHECK(r.checkpoints == 29);
  CHECK(r.lost_hours == doctest::Approx(1.75));
  CHECK(r.expected_hours == doctest::Approx(30 + 29 * 0.1 + 1.75 + 2 * 0.25));
  CHECK(r.expected_hours == doctest::Approx(35.15));
  CHECK(r.calendar_hours == doctest::Approx(r.expected_hours));  // no quota: no waiting
  CHECK(r.expected_interruptions == doctest::Approx(2));
  CHECK(r.stddev_hours == 0);  // the cut is certain
  CHECK_FALSE(r.explain.inputs.empty());
}

TEST_CASE("sessions: a job that fits one session has no restart; the default interval is Young/Daly") {
  const gw::SpotResult one = gw::simulate_sessions(inputs(5, 1, 0.1, 0.25), 12);
  CHECK(one.sessions == 1);
  CHECK(one.lost_hours == 0);
  CHECK(one.expected_hours == doctest::Approx(5 + 4 * 0.1));
  gw::SpotInputs in = inputs(100, 0, 0.1, 0.25);
  in.interval_hours.reset();
  const gw::SpotResult d = gw::simulate_sessions(in, 12);
  CHECK(d.interval_is_default);
  // tau = sqrt(2 C S) as if the cut came once a session.
  CHECK(d.interval_hours == doctest::Approx(gw::young_daly_interval_hours(0.1, 1.0 / 12)));
  CHECK(d.sessions >= 9);
  CHECK(d.expected_hours > 100);
}

TEST_CASE("sessions: a weekly quota shortens sessions and stretches start to finish by the weeks waited") {
  // 50 h of work with no checkpoint cost, 12 h sessions, 30 GPU hours a week: 30 h in week one, then the
  // remaining 20 h start a week after the first.
  const gw::SpotResult r = gw::simulate_sessions(inputs(50, 1, 0, 0), 12, 30.0);
  REQUIRE(r.practical);
  CHECK(r.expected_hours == doctest::Approx(50));
  CHECK(r.calendar_hours == doctest::Approx(168 + 20));
  // A quota smaller than a session ends each session when it runs out.
  const gw::SpotResult q = gw::simulate_sessions(inputs(20, 1, 0, 0), 12, 8.0);
  CHECK(q.sessions == 3);
  CHECK(q.calendar_hours == doctest::Approx(2 * 168 + 4));
  gw::SpotInputs in = inputs(50, 1, 0, 0);
  in.deadline_hours = 100;
  CHECK(gw::simulate_sessions(in, 12, 30.0).p_miss_deadline == 1);
  CHECK(gw::simulate_sessions(in, 12).p_miss_deadline == 0);
}

TEST_CASE("sessions: a session too short for one interval and its checkpoint is impractical") {
  const gw::SpotResult r = gw::simulate_sessions(inputs(10, 1, 0.5, 0.25), 0.5);
  CHECK_FALSE(r.practical);
  CHECK(std::isfinite(r.expected_hours));
  // Zero work is practical and takes nothing.
  const gw::SpotResult z = gw::simulate_sessions(inputs(0, 1, 0.1, 0.25), 12);
  CHECK(z.practical);
  CHECK(z.expected_hours == 0);
}

TEST_CASE("sessions: the catalog's notebook platforms carry their limits with a source; others none") {
  const gw::Catalog& cat = bundled_catalog();
  const gw::Provider* colab = cat.provider("colab");
  REQUIRE(colab);
  CHECK(colab->session_limited.value_or(false));
  REQUIRE(colab->session_max_hours);
  CHECK(*colab->session_max_hours == 12);
  REQUIRE(colab->session_idle_minutes);
  CHECK(*colab->session_idle_minutes == 90);
  CHECK_FALSE(colab->session_weekly_gpu_hours);  // paid compute units: no quota stated, left unknown
  REQUIRE(colab->session_gpu_guaranteed);
  CHECK_FALSE(*colab->session_gpu_guaranteed);
  CHECK(colab->session_note.en.find("kaijuan.co/qa/55050988") != std::string::npos);
  CHECK_FALSE(colab->session_note.zh.empty());
  for (const gw::Provider& p : cat.providers) {
    CAPTURE(p.id);
    if (p.session_limited.value_or(false)) CHECK_FALSE(p.session_note.empty());
    if (p.id == "aws" || p.id == "autodl") CHECK_FALSE(p.session_limited.value_or(false));
  }
}

TEST_CASE("sessions: the facts survive a catalog round trip and need session_limited") {
  gw::Catalog cat = bundled_catalog();
  const std::string json = gw::catalog_to_json(cat);
  const gw::CatalogLoad back = gw::load_catalog(json);
  REQUIRE(back.problems.empty());
  const gw::Provider* colab = back.catalog->provider("colab");
  REQUIRE(colab);
  CHECK(colab->session_max_hours == cat.provider("colab")->session_max_hours);
  CHECK(colab->session_gpu_guaranteed == cat.provider("colab")->session_gpu_guaranteed);
  // A session length on a provider not marked as session-limited is refused, by path.
  for (gw::Provider& p : cat.providers)
    if (p.id == "colab") p.session_limited = false;
  const gw::CatalogLoad bad = gw::load_catalog(gw::catalog_to_json(cat));
  REQUIRE_FALSE(bad.problems.empty());
  bool named = false;
  for (const gw::Problem& pr : bad.problems)
    named = named || pr.path.find("session_max_hours") != std::string::npos;
  CHECK(named);
}

TEST_CASE("sessions: `cost` on a notebook offer bills the restarts; a short job pays nothing extra") {
  const gw::Catalog& cat = bundled_catalog();
  const gw::Offer* a100 = cat.offer("colab-global-a100-40gb-sxm4-x1");
  REQUIRE(a100);
  gw::Scenario s;
  const gw::Quote longq = gw::price_offer(s, cat, *a100, gw::Pricing::on_demand, 30);
  REQUIRE(longq.ok);
  REQUIRE(longq.sessions);
  CHECK(longq.sessions->sessions == 3);
  CHECK(longq.bill.billed_gpu_hours.likely > 30);
  const gw::Quote shortq = gw::price_offer(s, cat, *a100, gw::Pricing::on_demand, 3);
  REQUIRE(shortq.sessions);
  CHECK(shortq.sessions->sessions == 1);
  // An ordinary cloud has no sessions.
  const gw::Offer* aws = cat.offer("aws-us-east-1-t4-x1");
  REQUIRE(aws);
  CHECK_FALSE(gw::price_offer(s, cat, *aws, gw::Pricing::on_demand, 30).sessions);
}

TEST_CASE(
    "sessions: a deadline job on Colab is never picked silently (recommend, gpt2-355m, 40 h, no spot)") {
  gw::Scenario s = scenario_for("gpt2-355m-train");
  s.constraints.deadline_hours = 40;
  s.constraints.spot = gw::SpotPolicy::deny;
  gw::RecommendOptions opt;
  opt.detailed_rows = 0;
  const gw::Report rep = gw::recommend(s, bundled_catalog(), opt);
  int colab_rows = 0;
  for (const gw::Row& r : rep.rows) {
    if (r.provider != "colab") continue;
    ++colab_rows;
    CAPTURE(r.offer);
    // Every Colab row says the GPU type is not guaranteed, and is at least a medium risk.
    CHECK(mentions(r.warnings, "does not guarantee the GPU type"));
    CHECK(r.risk != gw::Risk::low);
    CHECK(mentions(r.warnings, "idle session is disconnected after 90 min"));
    REQUIRE(r.sessions);
    CHECK(r.finish_hours.likely <= 40 + 1e-9);
    if (r.sessions->sessions > 1) {
      // Longer than a session: the restarts are in its hours and its bill, and the row says so.
      CHECK(mentions(r.warnings, "sessions end after 12 h"));
      CHECK(r.hours.likely == doctest::Approx(r.sessions->expected_hours).epsilon(1e-6));
      CHECK(r.bill.billed_gpu_hours.likely >= r.sessions->expected_hours - 1e-9);
      CHECK(mentions(r.risks, "notebook sessions end after"));
    }
  }
  // A Colab offer the restarts push past the deadline is dropped for the deadline, its need counting them.
  for (const gw::Dropped& d : rep.dropped) {
    const gw::Offer& o = bundled_catalog().offers[d.offer_index];
    if (o.provider != "colab" || d.reason != gw::DropReason::deadline) continue;
    CAPTURE(o.id);
    CHECK(d.need > 40);
  }
  CHECK(colab_rows +
            static_cast<int>(std::count_if(
                rep.dropped.begin(), rep.dropped.end(),
                [](const auto& d) { return bundled_catalog().offers[d.offer_index].provider == "colab"; })) >
        0);
}

TEST_CASE("sessions: a session-limited platform of unknown session length is kept with the risk said") {
  gw::Catalog cat = bundled_catalog();
  for (gw::Provider& p : cat.providers)
    if (p.id == "colab") {
      p.session_max_hours.reset();
      p.session_gpu_guaranteed.reset();
    }
  gw::Scenario s = scenario_for("gpt2-355m-train");
  s.constraints.providers = {"colab"};
  gw::RecommendOptions opt;
  opt.detailed_rows = 0;
  const gw::Report rep = gw::recommend(s, cat, opt);
  REQUIRE_FALSE(rep.rows.empty());
  for (const gw::Row& r : rep.rows) {
    CAPTURE(r.offer);
    CHECK_FALSE(r.sessions);
    CHECK(mentions(r.warnings, "sessions are time-limited and their length is unknown"));
    CHECK(mentions(r.warnings, "guarantees the GPU type is unknown"));
  }
}
