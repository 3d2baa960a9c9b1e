// Fuzzes the whole engine through its most exposed door: a share link is decoded (clamped into range)
// and the scenario it describes is recommended on the bundled catalog. Invariants: a decoded scenario is
// always a valid question; the report has no NaN or infinity in any number or sentence; rows respect
// the budget and the deadline and are ranked in order.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "engine/link.hpp"
#include "engine/recommend.hpp"
#include "fuzz/equal.hpp"
#include "fuzz/fixtures.hpp"

using namespace gw;
using namespace gw::testing;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view link(reinterpret_cast<const char*>(data), size);
  const Catalog& catalog = fixture_catalog();
  const LinkDecode d = decode_link(link, fixture_presets(), catalog);
  RecommendOptions options;
  options.detailed_rows = 3;        // text for a few rows is enough to catch "nan" in a sentence
  options.monte_carlo_trials = 64;  // the simulation itself is exercised, at fuzzing speed
  const Report r = recommend(d.scenario, catalog, options);
  require(r.problems.empty(), "a decoded link is not a valid question", first_problem(r.problems));
  require(nonfinite_in(r).empty(), "report has a non-finite number or sentence", nonfinite_in(r));
  require(!r.summary.en.empty() && !r.summary.zh.empty(), "report without a summary");
  const Constraints& c = d.scenario.constraints;
  for (std::size_t i = 0; i < r.rows.size(); ++i) {
    const Row& row = r.rows[i];
    require(row.rank == static_cast<int>(i) + 1, "rows out of rank order", row.offer);
    require(row.cost.low >= 0 && row.cost.low <= row.cost.likely + 1e-9 &&
                row.cost.likely <= row.cost.high + 1e-9,
            "cost range out of order", row.offer);
    require(!c.budget || row.cost.likely <= *c.budget + 1e-6, "row over budget", row.offer);
    require(!c.deadline_hours || row.finish_hours.likely <= *c.deadline_hours + 1e-6, "row past the deadline",
            row.offer);
    require(row.fit != Fit::no_fit, "a row that does not fit", row.offer);
  }
  return 0;
}
