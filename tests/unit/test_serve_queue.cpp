// The prefill queue's tail (engine/serve_queue.cpp): Erlang's M/D/1 waiting-time distribution, Kingman's
// bound where the sum loses precision, and the p95 time to first token built on them.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <optional>
#include <random>
#include <vector>

#include "engine/serve.hpp"

namespace {

// The wait of 400k Poisson arrivals in front of a fixed one-unit service (Lindley: W' = max(0, W + 1 - A)).
double simulated_quantile(double rho, double p) {
  std::mt19937_64 g(20261205);
  std::exponential_distribution<double> gap(rho);
  std::vector<double> w;
  double x = 0;
  for (int i = 0; i < 400000; ++i) {
    w.push_back(x);
    x = std::max(0.0, x + 1 - gap(g));
  }
  std::sort(w.begin(), w.end());
  return w[static_cast<std::size_t>(p * static_cast<double>(w.size()))];
}

}  // namespace

TEST_CASE("serve queue: Erlang's M/D/1 wait has the textbook atom, first interval and mean") {
  // P(wait = 0) = 1 - rho; below one service time P(wait <= x) = (1 - rho) e^(rho x).
  CHECK(*gw::md1_wait_cdf(0.6, 0) == doctest::Approx(0.4));
  CHECK(*gw::md1_wait_cdf(0.6, 0.5) == doctest::Approx(0.4 * std::exp(0.3)));
  CHECK(*gw::md1_wait_cdf(0.6, -1) == 0);
  // The mean, integrated from the distribution, is the Pollaczek-Khinchine rho / (2 (1 - rho)) of serve.cpp.
  for (double rho : {0.2, 0.5, 0.8}) {
    double mean = 0;
    const double dx = 1e-3;
    double x = 0;
    for (; x < 200; x += dx) {
      const std::optional<double> f = gw::md1_wait_cdf(rho, x + dx / 2);
      if (!f || 1 - *f < 1e-7) break;  // the tail beyond adds less than the tolerance
      mean += (1 - *f) * dx;
    }
    CHECK(x > 3);
    CHECK(mean == doctest::Approx(rho / (2 * (1 - rho))).epsilon(2e-3));
  }
  CHECK_FALSE(gw::md1_wait_cdf(1.0, 2).has_value());
  CHECK_FALSE(gw::md1_wait_cdf(0.99, 400).has_value());  // the alternating sum cannot be held in double
}

TEST_CASE("serve queue: the p95 wait matches a simulation, exact below ~0.9 load and a bound above") {
  for (double rho : {0.1, 0.5, 0.8}) {
    const gw::QueueWait q = gw::md1_wait_quantile(rho, 0.95);
    CHECK_FALSE(q.bound);
    CHECK(q.wait == doctest::Approx(simulated_quantile(rho, 0.95)).epsilon(0.04));
  }
  // Kingman's exponential bound: never below the exact quantile, and close to it.
  for (double rho : {0.5, 0.8, 0.9}) {
    const double kingman = std::log(20.0) / gw::md1_kingman_theta(rho);
    const double exact = gw::md1_wait_quantile(rho, 0.95).wait;
    CHECK(kingman >= exact);
    CHECK(kingman <= exact * 1.2);
  }
  const gw::QueueWait high = gw::md1_wait_quantile(0.99, 0.95);
  CHECK(high.bound);
  CHECK(high.wait == doctest::Approx(std::log(20.0) / gw::md1_kingman_theta(0.99)));
  CHECK(high.wait > 100);  // about 150 service times at 99% load
  // No wait when most arrivals find the server idle, and none without load.
  CHECK(gw::md1_wait_quantile(0.03, 0.95).wait == 0);
  CHECK(gw::md1_wait_quantile(0, 0.95).wait == 0);
  CHECK(std::isinf(gw::md1_wait_quantile(1.0, 0.95).wait));
  // theta solves rho (e^theta - 1) = theta.
  const double th = gw::md1_kingman_theta(0.7);
  CHECK(0.7 * std::expm1(th) == doctest::Approx(th));
}
