// The engine timed inside the page, for scripts/bench (issue 20 item 4): the same scenarios bench_recommend
// times natively, so the bench can print how much slower the engine runs as WebAssembly. Timing a hash change
// would add the frame, the link's notices and the settings write; this times recommend() alone.
#include <chrono>
#include <nlohmann/json.hpp>

#include "app/app.hpp"
#include "engine/link.hpp"

namespace gw::app {

std::string bench_json(const AppState& s, std::string_view link, int runs) {
  nlohmann::json out;
  const LinkDecode d = decode_link(link, s.presets, s.catalog, model_library(s));
  out["ok"] = d.ok && d.notices.empty();  // a link that was adjusted is not the scenario asked for
  if (!d.ok) return out.dump();
  RecommendOptions opts = engine_options(s);
  // bench_recommend's work: its default top rows explained (the page itself explains only the pick up front
  // and each other row when opened), so page/native compares the same work.
  opts.detailed_rows = RecommendOptions{}.detailed_rows;
  const Scenario scenario = engine_scenario(s, d.scenario);
  // The first call grows the heap; the page's long-lived heap is what later calls see.
  out["rows"] = recommend(scenario, s.catalog, opts).rows.size();
  nlohmann::json ms = nlohmann::json::array();
  for (int i = 0; i < runs; ++i) {
    const auto t0 = std::chrono::steady_clock::now();
    const Report r = recommend(scenario, s.catalog, opts);
    ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
    if (r.rows.empty()) out["rows"] = 0;
  }
  out["ms"] = std::move(ms);
  return out.dump();
}

}  // namespace gw::app
