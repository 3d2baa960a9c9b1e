// Spot runs: our PRNG and log, the Young/Daly interval, expected time, deadline risk, determinism.
#include <doctest/doctest.h>

#include <cmath>

#include "engine/spot.hpp"

TEST_CASE("xoshiro256** seeded by splitmix64 gives the reference stream") {
  // Reference values computed independently (Python) from the published algorithms.
  gw::Rng rng(1);
  CHECK(rng.next() == 0xb3f2af6d0fc710c5ull);
  CHECK(rng.next() == 0x853b559647364ceaull);
  CHECK(rng.next() == 0x92f89756082a4514ull);
  gw::Rng a(42), b(42);
  for (int i = 0; i < 1000; ++i) {
    const double u = a.uniform();
    CHECK(u == b.uniform());
    CHECK(u > 0);
    CHECK(u <= 1);
  }
}

TEST_CASE("det_log matches std::log closely, from basic arithmetic only") {
  for (double x : {1e-300, 1e-9, 0.001, 0.3, 0.7071, 1.0, 1.5, 2.0, 10.0, 12345.678, 1e300}) {
    CAPTURE(x);
    CHECK(gw::det_log(x) == doctest::Approx(std::log(x)).epsilon(1e-14));
  }
  gw::Rng rng(7);
  for (int i = 0; i < 10000; ++i) {
    const double u = rng.uniform();
    CHECK(std::fabs(gw::det_log(u) - std::log(u)) <= 1e-13 * (1 + std::fabs(std::log(u))));
  }
  CHECK(gw::det_log(0) == 0);  // never -inf
  CHECK(gw::det_log(-1) == 0);
}

TEST_CASE("the checkpoint interval defaults to the Young/Daly optimum sqrt(2 C M)") {
  // C = 2 min, one interruption every 10 h: sqrt(2 x 1/30 x 10) = 0.816 h.
  CHECK(gw::young_daly_interval_hours(2.0 / 60, 0.1) == doctest::Approx(std::sqrt(2.0 / 3.0)));
  CHECK(gw::young_daly_interval_hours(2.0 / 60, 0) == 0);
  gw::SpotInputs in;
  in.work_hours = 100;
  in.interruptions_per_hour = 0.1;
  in.checkpoint_hours = 2.0 / 60;
  in.restart_hours = 10.0 / 60;
  const gw::SpotResult r = gw::simulate_spot(in);
  CHECK(r.interval_is_default);
  // 100 h split into equal segments no longer than the optimum.
  CHECK(r.interval_hours <= std::sqrt(2.0 / 3.0) + 1e-9);
  CHECK(r.interval_hours > 0.8);
  CHECK(r.checkpoints == 122);
  // It is near the optimum: halving or doubling the interval costs more time.
  gw::SpotInputs half = in, twice = in;
  half.interval_hours = r.interval_hours / 2;
  twice.interval_hours = r.interval_hours * 2;
  CHECK(gw::simulate_spot(half).expected_hours > r.expected_hours);
  CHECK(gw::simulate_spot(twice).expected_hours > r.expected_hours);
  CHECK(!gw::simulate_spot(half).interval_is_default);
}

TEST_CASE("expected time: exact at zero rate, first-order overhead C/tau + (tau/2 + R)/M otherwise") {
  gw::SpotInputs in;
  in.work_hours = 50;
  in.checkpoint_hours = 0.05;
  in.restart_hours = 0.2;
  in.deadline_hours = 60;
  const gw::SpotResult calm = gw::simulate_spot(in);
  CHECK(calm.expected_hours == doctest::Approx(50));
  CHECK(calm.checkpoints == 0);
  CHECK(calm.p_miss_deadline == 0);
  in.interruptions_per_hour = 0.02;
  const gw::SpotResult r = gw::simulate_spot(in);
  const double tau = r.interval_hours, M = 50;
  const double first_order = in.checkpoint_hours / tau + (tau / 2 + in.restart_hours) / M;
  CHECK(r.overhead_fraction == doctest::Approx(first_order).epsilon(0.1));
  CHECK(r.expected_interruptions == doctest::Approx(0.02 * r.expected_hours).epsilon(0.05));
}

TEST_CASE("Monte Carlo agrees with the exact mean and is the same for the same seed") {
  gw::SpotInputs in;
  in.work_hours = 40;
  in.interruptions_per_hour = 0.08;
  in.checkpoint_hours = 0.05;
  in.restart_hours = 0.25;
  in.deadline_hours = 44;
  in.trials = 4000;
  in.seed = 12345;
  const gw::SpotResult a = gw::simulate_spot(in);
  const gw::SpotResult b = gw::simulate_spot(in);
  CHECK(a.method.find("monte-carlo") == 0);
  CHECK(a.p_miss_deadline == b.p_miss_deadline);
  CHECK(a.p90_hours == b.p90_hours);
  CHECK(a.p_miss_deadline > 0);
  CHECK(a.p_miss_deadline < 1);
  in.trials = 0;
  const gw::SpotResult approx = gw::simulate_spot(in);
  CHECK(approx.method == "normal approximation");
  CHECK(approx.p_miss_deadline == doctest::Approx(a.p_miss_deadline).epsilon(0.25));
  CHECK(approx.p90_hours == doctest::Approx(a.p90_hours).epsilon(0.03));
  in.trials = 4000;
  in.seed = 999;
  const gw::SpotResult c = gw::simulate_spot(in);
  CHECK(c.p_miss_deadline == doctest::Approx(a.p_miss_deadline).epsilon(0.25));
}

TEST_CASE("more interruptions mean more time and more deadline risk; absurd rates stay finite") {
  gw::SpotInputs in;
  in.work_hours = 30;
  in.checkpoint_hours = 0.05;
  in.restart_hours = 0.2;
  in.deadline_hours = 33;
  double prev_h = 0, prev_p = 0;
  for (double rate : {0.0, 0.01, 0.05, 0.1, 0.5, 1.0}) {
    in.interruptions_per_hour = rate;
    const gw::SpotResult r = gw::simulate_spot(in);
    CHECK(r.expected_hours >= prev_h);
    CHECK(r.p_miss_deadline >= prev_p - 1e-12);
    prev_h = r.expected_hours;
    prev_p = r.p_miss_deadline;
  }
  in.interruptions_per_hour = 1e6;
  in.interval_hours = 1000;
  in.trials = 100;
  const gw::SpotResult wild = gw::simulate_spot(in);
  CHECK(std::isfinite(wild.expected_hours));
  CHECK(std::isfinite(wild.stddev_hours));
  CHECK(std::isfinite(wild.p90_hours));
  CHECK(!wild.practical);
}

TEST_CASE("a five-year job with ten interruptions an hour is not simulated event by event") {
  // The hostile link from docs/input-ranges.md (irate=10, ckw tiny, deadline 5 years): about 400,000
  // interruptions per trial. The simulation budget falls back to the normal approximation, which says so.
  gw::SpotInputs in;
  in.work_hours = 43000;
  in.interruptions_per_hour = 10;
  in.checkpoint_hours = 0.0001 / 60;
  in.restart_hours = 0;
  in.deadline_hours = 43800;
  in.trials = 2000;
  const gw::SpotResult r = gw::simulate_spot(in);
  CHECK(r.expected_interruptions > 1e5);
  CHECK(r.trials == 0);
  CHECK(r.method == "normal approximation (too many interruptions to simulate)");
  CHECK(r.explain.note.zh.find("中断次数过多") != std::string::npos);
  CHECK(std::isfinite(r.p_miss_deadline));

  // A long but ordinary job still gets a Monte Carlo, with fewer trials than asked; the result agrees
  // with the approximation.
  in.work_hours = 2000;
  in.interruptions_per_hour = 0.5;
  in.checkpoint_hours = 0.05;
  in.restart_hours = 0.1;
  in.deadline_hours = 2300;
  in.trials = 4000;
  const gw::SpotResult mc = gw::simulate_spot(in);
  CHECK(mc.trials >= 100);
  CHECK(mc.trials < 4000);
  CHECK(mc.method == "monte-carlo (" + std::to_string(mc.trials) + " trials, seed 1)");
  in.trials = 0;
  const gw::SpotResult approx = gw::simulate_spot(in);
  CHECK(mc.p90_hours == doctest::Approx(approx.p90_hours).epsilon(0.02));
}
