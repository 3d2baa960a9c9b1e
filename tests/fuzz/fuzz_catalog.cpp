// Fuzzes catalog loading: a user's --catalog file or an edited copy is untrusted input. The same bytes are
// also applied as a notes file to the bundled core: all or nothing, never a throw.
// Invariants: load_catalog never throws or crashes; it either reports problems (each with a JSON path)
// or returns a catalog that is non-empty, finite, consistent and survives export -> import unchanged.
// A catalog that loads is then used for estimates, which must stay finite whatever the GPU specs are.
#include <cstddef>
#include <cstdint>
#include <set>
#include <string>
#include <string_view>

#include "engine/estimate.hpp"
#include "fuzz/equal.hpp"
#include "fuzz/fixtures.hpp"

using namespace gw;
using namespace gw::testing;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  static const Catalog core = load_catalog(bundled_file("catalog.json")).catalog.value_or(Catalog{});
  Catalog noted = core;
  const std::vector<Problem> refused = apply_catalog_notes(noted, text);
  for (const Problem& p : refused) require(!p.message.empty(), "notes problem without a message", p.path);
  if (!refused.empty())
    require(diff_catalog(noted, core).empty(), "refused notes changed the catalog",
            diff_catalog(noted, core));

  const CatalogLoad load = load_catalog(text);
  if (!load.catalog) {
    require(!load.problems.empty(), "load failed without saying why");
    for (const Problem& p : load.problems) require(!p.message.empty(), "problem without a message", p.path);
    return 0;
  }
  require(load.problems.empty(), "catalog returned together with problems", first_problem(load.problems));
  const Catalog& c = *load.catalog;
  require(!c.gpus.empty() && !c.providers.empty() && !c.offers.empty(), "loader accepted an empty catalog");
  require(nonfinite_in(c).empty(), "loaded catalog has a non-finite number", nonfinite_in(c));
  std::set<std::string> ids;
  for (const Gpu& g : c.gpus) {
    require(ids.insert("g/" + g.id).second, "duplicate GPU id accepted", g.id);
    require(g.vram_gib > 0, "GPU without memory accepted", g.id);
  }
  for (const Provider& p : c.providers)
    require(ids.insert("p/" + p.id).second, "duplicate provider id accepted", p.id);
  for (const Offer& o : c.offers) {
    require(ids.insert("o/" + o.id).second, "duplicate offer id accepted", o.id);
    require(c.gpu(o.gpu) && c.provider(o.provider), "offer refers to nothing", o.id);
    require(o.gpu_count >= 1 && o.on_demand_per_hour > 0, "offer with no cards or no price accepted", o.id);
    require(o.derate > 0 && o.derate <= 1.5, "offer derate out of range accepted", o.id);
  }

  const std::string json = catalog_to_json(c);
  const CatalogLoad again = load_catalog(json);
  require(again.catalog.has_value(), "exported catalog does not load again", first_problem(again.problems));
  const std::string diff = diff_catalog(c, *again.catalog);
  require(diff.empty(), "export -> import changed the catalog", diff);
  require(catalog_to_json(*again.catalog) == json, "export is not stable");

  // Hostile but valid GPU specs must not turn into NaN downstream. A few GPUs keep each run fast.
  const std::vector<Preset>& presets = fixture_presets();
  std::size_t n = 0;
  for (const Gpu& g : c.gpus) {
    if (++n > 4) break;
    for (std::size_t i = 0; i < presets.size(); i += 5) {
      for (int cards : {1, 8}) {
        const GpuEstimate e = estimate(presets[i].workload, g, c, {cards, 1.0});
        require(nonfinite_in(e).empty(), "estimate on a loaded catalog is not finite",
                presets[i].id + ": " + nonfinite_in(e));
      }
    }
    find_gpu(c, g.name);
  }
  return 0;
}
