// Property tests, part 1: what goes out comes back. Thousands of random valid scenarios through a share
// link, workloads through JSON, and the catalog (bundled and randomly edited) through export/import.
// Each failure prints the seed index and the first differing field.
#include <doctest/doctest.h>

#include "../fuzz/fixtures.hpp"
#include "engine/link.hpp"
#include "test_properties_gen.hpp"

using namespace gw;
using namespace gw::testing;

TEST_CASE("property: encoding a link and decoding it gives back the same scenario") {
  const Catalog& catalog = fixture_catalog();
  const std::vector<Preset>& presets = fixture_presets();
  REQUIRE(!catalog.offers.empty());
  REQUIRE(!presets.empty());
  SplitMix64 rng(kPropertySeed);
  std::size_t longest = 0;
  for (int i = 0; i < 3000; ++i) {
    const Scenario s = random_scenario(rng, presets, catalog);
    LinkSettings settings;
    if (rng.chance(0.3)) settings.lang = rng.chance(0.5) ? "zh" : "en";
    const std::string link = encode_link(s, presets, settings);
    longest = std::max(longest, link.size());
    const LinkDecode d =
        decode_link(rng.chance(0.5) ? "https://example.org/gpuwise/#" + link : link, presets, catalog);
    CAPTURE(i);
    CAPTURE(link);
    REQUIRE(d.ok);
    REQUIRE(d.notices.empty());
    REQUIRE(diff_scenario(s, d.scenario) == "");
    REQUIRE(d.settings.lang == settings.lang);
    REQUIRE_FALSE(d.catalog_mismatch);
    REQUIRE(encode_link(d.scenario, presets, d.settings) == link);  // stable: sharing again changes nothing
  }
  MESSAGE("longest random link: " << longest << " characters");
  CHECK(longest < 2000);
}

TEST_CASE("property: a workload survives workload_to_json -> workload_from_json") {
  const std::vector<Preset>& presets = fixture_presets();
  SplitMix64 rng(kPropertySeed + 1);
  for (int i = 0; i < 2000; ++i) {
    Workload w = random_workload(rng, presets);
    if (rng.chance(0.2))
      w.reference = ReferenceRun{rng.pick(fixture_catalog().gpus).id, rng.between(1, 8),
                                 rng.typed(rng.log_uniform(0.1, 500))};
    if (rng.chance(0.2)) w.title = Text{"job " + std::to_string(i), "任务 " + std::to_string(i)};
    CAPTURE(i);
    REQUIRE(first_problem(validate_workload(w)) == "");
    const std::string json = workload_to_json(w);
    const WorkloadLoad back = workload_from_json(json);
    CAPTURE(json);
    REQUIRE(first_problem(back.problems) == "");
    REQUIRE(back.workload.has_value());
    REQUIRE(diff_workload(w, *back.workload) == "");
    REQUIRE(workload_to_json(*back.workload) == json);
  }
}

TEST_CASE("property: every bundled preset survives a link and JSON unchanged") {
  const std::vector<Preset>& presets = fixture_presets();
  const Catalog& catalog = fixture_catalog();
  for (const Preset& p : presets) {
    CAPTURE(p.id);
    Scenario s = default_scenario(presets, catalog);
    s.workload = p.workload;
    const std::string link = encode_link(s, presets);
    CHECK(link == "v=1&preset=" + p.id + "&cat=" + catalog.catalog_version);
    const LinkDecode d = decode_link(link, presets, catalog);
    CHECK(d.notices.empty());
    CHECK(diff_scenario(s, d.scenario) == "");
    // The same job as a custom link (no preset): every field written out, and nothing lost.
    Scenario custom = s;
    custom.workload.preset.clear();
    custom.workload.title = {};
    const std::string custom_link = encode_link(custom, {});
    const LinkDecode dc = decode_link(custom_link, presets, catalog);
    CAPTURE(custom_link);
    CHECK(dc.notices.empty());
    CHECK(diff_workload(custom.workload, dc.scenario.workload, false) == "");
  }
}

TEST_CASE("property: exporting the catalog and importing it gives back the same catalog") {
  const Catalog& bundled = fixture_catalog();
  REQUIRE(!bundled.gpus.empty());
  const std::string json = catalog_to_json(bundled);
  const CatalogLoad again = load_catalog(json);
  REQUIRE(first_problem(again.problems) == "");
  REQUIRE(again.catalog.has_value());
  CHECK(diff_catalog(bundled, *again.catalog) == "");
  CHECK(catalog_to_json(*again.catalog) == json);

  // Random edits a user makes to their own copy: fewer offers, other prices, optional facts removed.
  SplitMix64 rng(kPropertySeed + 2);
  for (int i = 0; i < 20; ++i) {
    Catalog c = bundled;
    std::vector<Offer> offers;
    for (const Offer& o : c.offers)
      if (offers.empty() || rng.chance(0.4)) offers.push_back(o);
    for (Offer& o : offers) {
      const double f = rng.typed(rng.log_uniform(0.25, 4));
      o.on_demand_per_hour *= f;
      if (o.on_demand_low_per_hour) *o.on_demand_low_per_hour *= f;
      if (o.on_demand_high_per_hour) *o.on_demand_high_per_hour *= f;
      if (o.spot_per_hour) *o.spot_per_hour *= f;
    }
    c.offers = offers;
    for (Gpu& g : c.gpus) {
      if (rng.chance(0.2)) g.tdp_w.reset();
      if (rng.chance(0.2)) g.int8_tensor_tops.reset();
      if (rng.chance(0.1)) g.aliases.clear();
    }
    if (rng.chance(0.5)) c.usd_cny = rng.typed(rng.uniform(5, 9), 4);
    CAPTURE(i);
    const std::string text = catalog_to_json(c);
    const CatalogLoad back = load_catalog(text);
    REQUIRE(first_problem(back.problems) == "");
    REQUIRE(back.catalog.has_value());
    REQUIRE(diff_catalog(c, *back.catalog) == "");
    REQUIRE(catalog_to_json(*back.catalog) == text);
  }
}
