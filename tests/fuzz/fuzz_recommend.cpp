// Fuzzes the whole engine through its most exposed door: a share link is decoded (clamped into range)
// and the scenario it describes is recommended on a slice of the bundled catalog. Invariants: a decoded
// scenario is always a valid question; the report has no NaN or infinity in any number, nor in any sentence
// once the user's own text it quotes is masked (equal.hpp, prints_nonfinite); rows respect the budget and the
// deadline and are ranked in order.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "engine/link.hpp"
#include "engine/recommend.hpp"
#include "fuzz/equal.hpp"
#include "fuzz/fixtures.hpp"

using namespace gw;
using namespace gw::testing;

namespace {

const Catalog* g_catalog = nullptr;

// The bundled catalog with at most two offers per provider (two GPUs where it has them): every provider's
// billing, spot and discount rules are still reached, while a recommendation prices ~30 offers instead of
// ~140, so the target runs several times faster. The whole catalog's numbers are the property tests' and
// fuzz_link's (which decodes against it).
Catalog fuzz_catalog_slice(const Catalog& full) {
  Catalog c = full;
  c.offers.clear();
  for (const Offer& o : full.offers) {
    int kept = 0;
    bool same_gpu = false;
    for (const Offer& k : c.offers)
      if (k.provider == o.provider) ++kept, same_gpu = same_gpu || k.gpu == o.gpu;
    if (kept < 2 && !same_gpu) c.offers.push_back(o);
  }
  return c;
}

}  // namespace

// The catalog and presets are parsed and sliced once, here, not on the first input (which would time it).
extern "C" int LLVMFuzzerInitialize(int*, char***) {
  static const Catalog slice = fuzz_catalog_slice(fixture_catalog());
  g_catalog = &slice;
  fixture_presets();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view link(reinterpret_cast<const char*>(data), size);
  const Catalog& catalog = *g_catalog;
  const LinkDecode d = decode_link(link, fixture_presets(), catalog);
  RecommendOptions options;
  options.detailed_rows = 3;        // text for a few rows is enough to catch "nan" in a sentence
  options.monte_carlo_trials = 64;  // the simulation itself is exercised, at fuzzing speed
  // 500 rows (the default) means a fresh ~1 MB row buffer per call, which ASan maps and zeroes each time: a
  // third of the run. Ranking, filtering and the Pareto rows beyond the cut are the same code at 40.
  options.max_rows = 40;
  const Report r = recommend(d.scenario, catalog, options);
  require(r.problems.empty(), "a decoded link is not a valid question", first_problem(r.problems));
  // Sentences may quote the user's own text ("reference GPU 'GTX%2inf80'"): that is masked, numbers are not.
  const std::vector<std::string> user = user_strings(d.scenario);
  const std::string nonfinite = nonfinite_in(r, user);
  require(nonfinite.empty(), "report has a non-finite number or sentence", nonfinite);
  require(!r.summary.en.empty() && !r.summary.zh.empty(), "report without a summary");
  const Constraints& c = d.scenario.constraints;
  for (std::size_t i = 0; i < r.rows.size(); ++i) {
    const Row& row = r.rows[i];
    // The first max_rows are ranked 1, 2, ...; Pareto rows kept beyond the cut carry their true rank.
    if (i < options.max_rows)
      require(row.rank == static_cast<int>(i) + 1, "rows out of rank order", row.offer);
    else
      require(row.rank > r.rows[i - 1].rank, "rows beyond the cut out of rank order", row.offer);
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
