// Benchmark of the recommender: a full recommendation over the bundled catalog (goal < 1 ms natively)
// and over 100,000 synthetic offers made from it (goal < 100 ms). Prints one table; exit 1 when a goal
// is missed so CI can notice.
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <string>
#include <vector>
#if defined(__GLIBC__)  // set by the headers above; the wasm build's libc has no mallopt
#include <malloc.h>
#endif

#include "engine/bundled.hpp"
#include "engine/catalog.hpp"
#include "engine/link.hpp"
#include "engine/market.hpp"
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

// CPU time of this process: on a shared machine wall time also counts other people's builds.
double cpu_ms() {
  return 1000.0 * static_cast<double>(std::clock()) / CLOCKS_PER_SEC;
}

struct Result {
  double median_ms = 0, min_ms = 0, cpu_median_ms = 0;
  double first_ms = 0;  // the warm-up call: in wasm, the first scenario's also compiles what it runs
  std::size_t considered = 0, feasible = 0, rows = 0;
};

Result time_it(const gw::Scenario& s, const gw::Catalog& c, int runs, const gw::RecommendOptions& opt) {
  std::vector<double> t, cpu;
  Result res;
  const double w0 = now_ms();
  gw::recommend(s, c, opt);  // warm-up: the first call pays for growing the heap
  res.first_ms = now_ms() - w0;
  for (int i = 0; i < runs; ++i) {
    const double t0 = now_ms(), c0 = cpu_ms();
    const gw::Report r = gw::recommend(s, c, opt);
    t.push_back(now_ms() - t0);
    cpu.push_back(cpu_ms() - c0);
    res.considered = r.considered;
    res.feasible = r.feasible;
    res.rows = r.rows.size();
  }
  std::sort(t.begin(), t.end());
  std::sort(cpu.begin(), cpu.end());
  res.cpu_median_ms = cpu[cpu.size() / 2];
  res.median_ms = t[t.size() / 2];
  res.min_ms = t.front();
  return res;
}

}  // namespace

int main(int argc, char** argv) {
  // glibc hands the 100k case's ~12 MB of candidates back to the kernel after each call and faults it in
  // again on the next, which doubles the measured time on some calls. A long-lived process (the desktop
  // window, the page's wasm heap) keeps its heap, so the bench measures that steady state.
#if defined(__GLIBC__)
  mallopt(M_TRIM_THRESHOLD, 256 << 20);
  mallopt(M_MMAP_THRESHOLD, 256 << 20);
#endif
  int runs = 51;
  std::string only;  // "small" | "big" | "" (both)
  std::string scenarios_path = GW_BENCH_SCENARIOS, json_path;
  // The defaults: the top 10 rows detailed, as the CLI asks and as the page's bench hook times it
  // (app/bench_hook.cpp), so page/native compares the same work.
  gw::RecommendOptions options;
  for (int i = 1; i + 1 < argc; ++i) {
    if (std::string(argv[i]) == "--runs") runs = std::max(1, std::atoi(argv[i + 1]));
    if (std::string(argv[i]) == "--only") only = argv[i + 1];
    if (std::string(argv[i]) == "--scenarios") scenarios_path = argv[i + 1];
    // Per scenario link: median wall and CPU ms over the bundled catalog, for bench.mjs's page/native ratio.
    if (std::string(argv[i]) == "--json") json_path = argv[i + 1];
    // Rows detailed up front (RecommendOptions::detailed_rows); a page that details only the rows a user
    // opens (detail_row()) asks for 1.
    if (std::string(argv[i]) == "--detailed-rows")
      options.detailed_rows = static_cast<std::size_t>(std::max(0, std::atoi(argv[i + 1])));
  }
  // The first parse also pays, in wasm, for compiling the functions it runs (V8 compiles each on its first
  // call): the page's case, which parses once per load.
  const double first_t0 = now_ms();
  const gw::CatalogLoad load = gw::load_catalog(gw::bundled_file("catalog.json"));
  const gw::PresetLoad presets = gw::load_presets(gw::bundled_file("presets.json"));
  const double first_parse_ms = now_ms() - first_t0;
  if (!load.catalog || !presets.problems.empty()) {
    std::fprintf(stderr, "bench_recommend: the bundled catalog or presets do not load\n");
    return 3;
  }
  const gw::Catalog& base = *load.catalog;
  // The page parses both files before its first answer (app::load_data): the other half of that wait.
  double parse_ms = 0;
  {
    std::vector<double> t;
    for (int i = 0; i < std::min(runs, 21); ++i) {
      const double t0 = now_ms();
      const gw::CatalogLoad c = gw::load_catalog(gw::bundled_file("catalog.json"));
      const gw::PresetLoad p = gw::load_presets(gw::bundled_file("presets.json"));
      t.push_back(now_ms() - t0 + (c.catalog && p.problems.empty() ? 0 : 1e9));
    }
    std::sort(t.begin(), t.end());
    parse_ms = t[t.size() / 2];
  }

  // The scenarios are share links (bench/scenarios.txt), decoded as the page decodes them, so the page's
  // timings (tests/browser/bench.mjs) are of the same questions.
  std::vector<std::pair<std::string, gw::Scenario>> cases;
  {
    std::ifstream in(scenarios_path);
    std::string line;
    while (std::getline(in, line)) {
      if (line.empty() || line[0] == '#') continue;
      const gw::LinkDecode d = gw::decode_link(line, presets.presets, base);
      if (!d.ok || !d.notices.empty()) {
        std::fprintf(stderr, "bench_recommend: %s: the link does not decode cleanly\n", line.c_str());
        return 3;
      }
      gw::Scenario s = d.scenario;
      // As the English page resolves it (app::engine_scenario).
      s.constraints.market = gw::resolve_market(s.constraints.market, s.constraints.currency, gw::Lang::en);
      cases.emplace_back(line, s);
    }
    if (cases.empty()) {
      std::fprintf(stderr, "bench_recommend: no scenario in %s\n", scenarios_path.c_str());
      return 3;
    }
  }
  std::printf("%-44s %8s %10s %9s %6s %9s %9s %9s %9s %8s  %s\n", "case", "offers", "candidates", "feasible",
              "rows", "cpu ms", "wall ms", "min ms", "first ms", "goal ms", "ok");
  bool all_ok = true;
  std::string json = "{";
  // `key` non-empty: recorded in the JSON under that link.
  auto row = [&](const std::string& name, const gw::Catalog& c, const gw::Scenario& s, double goal, int n,
                 const std::string& key) {
    const Result r = time_it(s, c, n, options);
    const bool ok = r.cpu_median_ms < goal;
    all_ok = all_ok && ok;
    std::printf("%-44s %8zu %10zu %9zu %6zu %9.3f %9.3f %9.3f %9.3f %8.0f  %s\n", name.c_str(),
                c.offers.size(), r.considered, r.feasible, r.rows, r.cpu_median_ms, r.median_ms, r.min_ms,
                r.first_ms, goal, ok ? "yes" : "NO");
    if (!key.empty())
      json += (json.size() > 1 ? ",\"" : "\"") + key + "\":{\"wall_ms\":" + std::to_string(r.median_ms) +
              ",\"cpu_ms\":" + std::to_string(r.cpu_median_ms) + ",\"rows\":" + std::to_string(r.rows) + "}";
  };
  const auto label = [](const std::string& link) { return link.substr(link.find("preset=") + 7); };
  if (only != "big")
    for (const auto& [link, s] : cases) row(label(link), base, s, 1.0, runs, link);
  if (only != "small") {
    const gw::Catalog big = synthetic(base, 100000);
    for (const auto& [link, s] : cases)
      row(label(link) + " x100k", big, s, 100.0, std::max(3, runs / 10), "");
  }
  std::printf("%-44s %9.3f ms wall, median (the first: %.3f ms)\n", "catalog.json + presets.json parsed",
              parse_ms, first_parse_ms);
  if (!json_path.empty()) {
    std::ofstream(json_path) << json << "}\n";
  }
  std::printf(
      "\nFull recommendation with the default options: every offer x pricing, estimates, bills, ranking,\n"
      "Pareto front, fallbacks, text and bill lines for the top rows, Monte Carlo for their spot rows.\n"
      "Goals are checked on CPU time per call (the machine may be shared); wall time is shown too.\n"
      "The heap is kept between calls (mallopt), as in the long-lived window and page.\n");
  return all_ok ? 0 : 1;
}
