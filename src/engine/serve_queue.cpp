// The prefill queue's tail (serve.hpp): the M/D/1 waiting-time distribution and its quantiles.
//
// Erlang (1909), "The theory of probabilities and telephone conversations", Nyt Tidsskrift for Matematik B
// 20: 33-39, gives the waiting time of Poisson arrivals in front of one server with a fixed service time D
// (load rho = arrivals/s x D < 1), in units of D:
//   P(wait <= x) = (1 - rho) x sum over k = 0..floor(x) of (rho (k - x))^k / k! x e^(-rho (k - x))
// (also stated in https://en.wikipedia.org/wiki/M/D/c_queue, "Waiting time distribution", read 2026-12-05).
// Its terms alternate in sign and grow with x, so at high load double precision cannot hold the sum; there
// Kingman's bound takes over: P(wait > x) <= e^(-theta x), theta > 0 solving E[e^(theta (D - A))] = 1 for
// service D and Poisson gaps A, i.e. rho (e^theta - 1) = theta in units of D (J. F. C. Kingman, "A martingale
// inequality in the theory of queues", Proc. Cambridge Philos. Soc. 60 (1964) 359-361). Checked against a
// Lindley-recursion simulation in tests/unit/test_serve_queue.cpp.
#include <algorithm>
#include <cmath>
#include <optional>

#include "engine/serve.hpp"

namespace gw {

namespace {

// Erlang's sum with the size of its largest cancellation: the sum of the terms' magnitudes.
struct Sum {
  double value = 0;
  double magnitude = 0;
};

Sum erlang_sum(double rho, double x) {
  Sum s;
  const int n = static_cast<int>(std::floor(x));
  for (int k = 0; k <= n; ++k) {
    const double y = rho * (x - k);  // >= 0
    if (k > 0 && y <= 0) break;      // 0^k: this and later terms vanish
    const double log_m = (k > 0 ? k * std::log(y) : 0.0) - std::lgamma(k + 1.0) + y;
    const double m = std::exp(log_m);
    s.value += k % 2 ? -m : m;
    s.magnitude += m;
  }
  s.value *= 1 - rho;
  s.magnitude *= 1 - rho;
  return s;
}

// Rounding in the alternating sum stays below about 1e-6 of probability while the terms' magnitudes stay
// below this (1e8 x 2.2e-16 x a few hundred terms).
constexpr double kMaxMagnitude = 1e8;

}  // namespace

std::optional<double> md1_wait_cdf(double rho, double x) {
  if (!(rho >= 0) || !(rho < 1) || !std::isfinite(x)) return std::nullopt;
  if (x < 0) return 0.0;
  if (rho == 0) return 1.0;
  const Sum s = erlang_sum(rho, x);
  if (!(s.magnitude < kMaxMagnitude)) return std::nullopt;
  return std::clamp(s.value, 0.0, 1.0);
}

double md1_kingman_theta(double rho) {
  if (!(rho > 0) || !(rho < 1)) return 0;
  // f(t) = rho (e^t - 1) - t: 0 at t = 0, falls first (f'(0) = rho - 1 < 0), then rises for good.
  auto f = [rho](double t) { return rho * std::expm1(t) - t; };
  double lo = 0, hi = 1;
  while (f(hi) < 0 && hi < 1e3) hi *= 2;
  lo = hi / 2 < 1 ? 0 : hi / 2;
  for (int i = 0; i < 200; ++i) {
    const double mid = 0.5 * (lo + hi);
    (f(mid) < 0 || mid <= 0 ? lo : hi) = mid;
  }
  return hi;
}

QueueWait md1_wait_quantile(double rho, double p) {
  QueueWait q;
  if (!(rho > 0) || !(p > 0)) return q;  // no load: nobody waits
  if (!(rho < 1) || !(p < 1)) {
    q.wait = INFINITY;
    return q;
  }
  if (p <= 1 - rho) return q;  // that share of arrivals finds the server idle
  // Kingman's bound is an upper bound on the quantile: the search needs nothing beyond it.
  const double bound = std::log(1 / (1 - p)) / md1_kingman_theta(rho);
  const std::optional<double> at_bound = md1_wait_cdf(rho, bound);  // the largest cancellation searched
  if (!at_bound) {
    q.wait = bound;
    q.bound = true;
    return q;
  }
  double lo = 0, hi = bound;
  for (int i = 0; i < 60; ++i) {
    const double mid = 0.5 * (lo + hi);
    (md1_wait_cdf(rho, mid).value_or(1) < p ? lo : hi) = mid;
  }
  q.wait = hi;
  return q;
}

}  // namespace gw
