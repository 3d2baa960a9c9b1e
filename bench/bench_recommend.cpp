// Benchmark of the recommender: a full recommendation over the bundled catalog (goal < 1 ms natively)
// and over 100,000 synthetic offers made from it (goal < 100 ms). Prints one table; exit 1 when a goal
// is missed so CI can notice.
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "engine/bundled.hpp"
#include "engine/catalog.hpp"
#include "engine/recommend.hpp"
#include "engine/workload.hpp"

namespace {

double now_ms() {
  using clock = std::chrono::steady_clock;
  return std::chrono::duration<double, std::milli>(clock::now().time_since_epoch()).count();
}

std::uint64_t mix(std::uint64_t x) {
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

// n offers cycled from the bundled ones, each with its own id, a price within +-40% and, for a third of
// them, a listed spot price: the shape of a big marketplace dump.
gw::Catalog synthetic(const gw::Catalog& base, std::size_t n) {
  gw::Catalog c = base;
  c.offers.clear();
  c.offers.reserve(n);
  for (std::size_t i = 0; i < n; ++i) {
    gw::Offer o = base.offers[i % base.offers.size()];
    const std::uint64_t r = mix(i);
    const double f = 0.6 + 0.8 * static_cast<double>(r % 10000) / 10000.0;
    o.id += "-syn" + std::to_string(i);
    o.on_demand_per_hour *= f;
    if (o.on_demand_low_per_hour) *o.on_demand_low_per_hour *= f;
    if (o.on_demand_high_per_hour) *o.on_demand_high_per_hour *= f;
    if ((r >> 20) % 3 == 0) o.spot_per_hour = o.on_demand_per_hour * 0.4;
    c.offers.push_back(std::move(o));
  }
  return c;
}

struct Result {
  double median_ms = 0, min_ms = 0;
  std::size_t considered = 0, feasible = 0, rows = 0;
};

Result time_it(const gw::Scenario& s, const gw::Catalog& c, int runs) {
  std::vector<double> t;
  Result res;
  for (int i = 0; i < runs; ++i) {
    const double t0 = now_ms();
    const gw::Report r = gw::recommend(s, c);
    t.push_back(now_ms() - t0);
    res.considered = r.considered;
    res.feasible = r.feasible;
    res.rows = r.rows.size();
  }
  std::sort(t.begin(), t.end());
  res.median_ms = t[t.size() / 2];
  res.min_ms = t.front();
  return res;
}

}  // namespace

int main(int argc, char** argv) {
  int runs = 51;
  for (int i = 1; i + 1 < argc; ++i)
    if (std::string(argv[i]) == "--runs") runs = std::max(1, std::atoi(argv[i + 1]));
  const gw::CatalogLoad load = gw::load_catalog(gw::bundled_file("catalog.json"));
  const gw::PresetLoad presets = gw::load_presets(gw::bundled_file("presets.json"));
  if (!load.catalog || !presets.problems.empty()) {
    std::fprintf(stderr, "bench_recommend: the bundled catalog or presets do not load\n");
    return 3;
  }
  const gw::Catalog& base = *load.catalog;
  const gw::Catalog big = synthetic(base, 100000);

  struct Case {
    const char* preset;
    bool deadline;
  };
  const Case cases[] = {{"bert-base-finetune", true}, {"resnet50-train", false}, {"opt-13b-fp16", false},
                        {"sd15-finetune", true},      {"md-gromacs-fp64", false}};
  std::printf("%-26s %8s %10s %9s %6s %11s %9s %9s  %s\n", "case", "offers", "candidates", "feasible", "rows",
              "median ms", "min ms", "goal ms", "ok");
  bool all_ok = true;
  auto row = [&](const std::string& name, const gw::Catalog& c, const gw::Scenario& s, double goal, int n) {
    const Result r = time_it(s, c, n);
    const bool ok = r.median_ms < goal;
    all_ok = all_ok && ok;
    std::printf("%-26s %8zu %10zu %9zu %6zu %11.3f %9.3f %9.0f  %s\n", name.c_str(), c.offers.size(), r.considered,
                r.feasible, r.rows, r.median_ms, r.min_ms, goal, ok ? "yes" : "NO");
  };
  for (const Case& k : cases) {
    const gw::Preset* p = gw::find_preset(presets.presets, k.preset);
    if (!p) continue;
    gw::Scenario s;
    s.workload = p->workload;
    if (k.deadline) s.constraints.deadline_hours = 48;
    row(std::string(k.preset), base, s, 1.0, runs);
  }
  for (const Case& k : cases) {
    const gw::Preset* p = gw::find_preset(presets.presets, k.preset);
    if (!p) continue;
    gw::Scenario s;
    s.workload = p->workload;
    if (k.deadline) s.constraints.deadline_hours = 48;
    row(std::string(k.preset) + " x100k", big, s, 100.0, std::max(3, runs / 10));
  }
  std::printf("\nFull recommendation: every offer x pricing, estimates, bills, ranking, Pareto front, fallbacks,\n"
              "text for the top 100 rows and Monte Carlo (2000 trials) for their spot rows.\n");
  return all_ok ? 0 : 1;
}
