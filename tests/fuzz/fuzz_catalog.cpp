// Fuzzes catalog loading: a user's --catalog file or an edited copy is untrusted input. The notes file
// applied on top of the bundled core is fuzz_catalog_notes's.
// Invariants: load_catalog never throws or crashes; it either reports problems (each with a message) or
// returns a catalog that is non-empty, finite, consistent and survives export -> import unchanged. A
// catalog that loads is checked for missing sources as the page's import does, then used for a few estimates,
// which must stay finite whatever the GPU specs are (only accepted catalogs get that far, so the parser still
// sets the pace).
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

namespace {
std::vector<Workload> g_workloads;  // three presets of different kinds, chosen once
}

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  const std::vector<Preset>& presets = fixture_presets();
  for (std::size_t i : {std::size_t{0}, presets.size() / 2, presets.size() - 1})
    if (i < presets.size()) g_workloads.push_back(presets[i].workload);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const CatalogLoad load = load_catalog(text);
  if (!load.catalog) {
    require(!load.problems.empty(), "load failed without saying why");
    for (const Problem& p : load.problems) require(!p.message.empty(), "problem without a message", p.path);
    return 0;
  }
  require(load.problems.empty(), "catalog returned together with problems", first_problem(load.problems));
  const Catalog& c = *load.catalog;
  require(!c.gpus.empty() && !c.providers.empty() && !c.offers.empty(), "loader accepted an empty catalog");
  const std::string nonfinite = nonfinite_in(c);
  require(nonfinite.empty(), "loaded catalog has a non-finite number", nonfinite);
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

  // The page's import (panel_catalog_io.cpp) and `gpuwise catalog validate` also refuse a catalog whose
  // prices or facts lack a source: that check reads the same hostile catalog.
  for (const Problem& p : missing_sources(c))
    require(!p.message.empty() && !p.path.empty() && p.path[0] == '/', "missing source without a JSON path",
            p.path + ": " + p.message);

  const std::string json = catalog_to_json(c);
  const CatalogLoad again = load_catalog(json);
  require(again.catalog.has_value(), "exported catalog does not load again", first_problem(again.problems));
  const std::string diff = diff_catalog(c, *again.catalog);
  require(diff.empty(), "export -> import changed the catalog", diff);
  require(catalog_to_json(*again.catalog) == json, "export is not stable");

  // Hostile but valid GPU specs must not turn into NaN downstream. A few GPUs keep each run fast.
  std::size_t n = 0;
  for (const Gpu& g : c.gpus) {
    if (++n > 3) break;
    for (const Workload& w : g_workloads) {
      for (int cards : {1, 8}) {
        const GpuEstimate e = estimate(w, g, c, {cards, 1.0});
        const std::string nonfinite_e = nonfinite_in(e);
        require(nonfinite_e.empty(), "estimate on a loaded catalog is not finite", nonfinite_e);
      }
    }
    find_gpu(c, g.name);
  }
  return 0;
}
