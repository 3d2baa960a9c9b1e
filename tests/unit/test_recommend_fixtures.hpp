#pragma once
// The bundled catalog and presets, loaded once, and a scenario for a preset at its default size.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "engine/bundled.hpp"
#include "engine/catalog.hpp"
#include "engine/recommend.hpp"
#include "engine/scenario.hpp"
#include "engine/workload.hpp"

namespace gw::test {

inline const Catalog& bundled_catalog() {
  static const Catalog catalog = [] {
    CatalogLoad load = load_bundled_catalog();
    REQUIRE_MESSAGE(load.catalog.has_value(), "the bundled catalog must load");
    return *load.catalog;
  }();
  return catalog;
}

inline const std::vector<Preset>& bundled_presets() {
  static const std::vector<Preset> presets = [] {
    PresetLoad load = load_presets(bundled_file("presets.json"));
    REQUIRE_MESSAGE(load.problems.empty(), "the bundled presets must load");
    return load.presets;
  }();
  return presets;
}

// Options by name: an aggregate like {0, 10} leaves `today` out, which -Wextra warns of.
inline RecommendOptions rec_options(std::size_t max_rows, std::size_t detailed_rows) {
  RecommendOptions o;
  o.max_rows = max_rows;
  o.detailed_rows = detailed_rows;
  return o;
}

// The preset's job with the default constraints (CNY, cheapest, spot allowed, no budget or deadline).
inline Scenario scenario_for(const std::string& preset_id) {
  const Preset* p = find_preset(bundled_presets(), preset_id);
  REQUIRE_MESSAGE(p != nullptr, preset_id);
  Scenario s;
  s.workload = p->workload;
  s.catalog_version = bundled_catalog().catalog_version;
  // The mechanics (goal order, tiers, the article's GPU advice) are tested on a free ranking; the mainland
  // market's order is test_market.cpp's.
  s.constraints.market = Market::any;
  return s;
}

// One card per offer from every market: the ranking's mechanics without the mainland market's rules.
inline Scenario one_card_any_market(const Workload& w) {
  Scenario s;
  s.workload = w;
  s.catalog_version = bundled_catalog().catalog_version;
  s.constraints.market = Market::any;
  s.constraints.card_counts = {1};
  return s;
}

}  // namespace gw::test
