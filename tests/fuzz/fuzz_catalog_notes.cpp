// Fuzzes the catalog's notes file (data/catalog-notes.json, fetched by the web page and merged into the
// bundled core at load): applied to a copy of the core, parsed once in LLVMFuzzerInitialize.
// Invariants: never throws or crashes; all or nothing: refused notes leave the catalog exactly as it was,
// and each problem has a message; accepted notes leave every number and id of the core as it was (notes
// carry text only) and clear notes_file.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "fuzz/equal.hpp"
#include "fuzz/fixtures.hpp"

using namespace gw;
using namespace gw::testing;

namespace {
const Catalog* g_core = nullptr;
Catalog* g_work = nullptr;  // a copy of the core; refused notes leave it as it is, so it is copied again
bool g_dirty = false;       // only after notes were applied to it
}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  static const Catalog core = load_catalog(bundled_file("catalog.json")).catalog.value_or(Catalog{});
  static Catalog work = core;
  g_core = &core;
  g_work = &work;
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const Catalog& core = *g_core;
  if (g_dirty) *g_work = core, g_dirty = false;
  Catalog& noted = *g_work;
  const std::vector<Problem> refused = apply_catalog_notes(noted, text);
  for (const Problem& p : refused) require(!p.message.empty(), "notes problem without a message", p.path);
  if (!refused.empty()) {
    const std::string changed = diff_catalog(noted, core);
    require(changed.empty(), "refused notes changed the catalog", changed);
    return 0;
  }
  g_dirty = true;
  require(noted.notes_file.empty(), "applied notes left notes_file set");
  require(noted.gpus.size() == core.gpus.size() && noted.providers.size() == core.providers.size() &&
              noted.offers.size() == core.offers.size(),
          "notes added or removed an entry");
  const std::string nonfinite = nonfinite_in(noted);
  require(nonfinite.empty(), "notes made a number non-finite", nonfinite);
  for (std::size_t i = 0; i < core.offers.size(); ++i)
    require(noted.offers[i].id == core.offers[i].id &&
                noted.offers[i].on_demand_per_hour == core.offers[i].on_demand_per_hour,
            "notes changed an offer's id or price", core.offers[i].id);
  for (std::size_t i = 0; i < core.gpus.size(); ++i)
    require(noted.gpus[i].id == core.gpus[i].id && noted.gpus[i].vram_gib == core.gpus[i].vram_gib,
            "notes changed a GPU's id or memory", core.gpus[i].id);
  return 0;
}
