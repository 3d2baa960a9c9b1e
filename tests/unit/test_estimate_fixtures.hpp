#pragma once
// Shared by the estimate tests: the bundled catalog and presets, loaded once.
#include <doctest/doctest.h>

#include <cmath>
#include <stdexcept>

#include "engine/bundled.hpp"
#include "engine/catalog.hpp"
#include "engine/estimate.hpp"
#include "engine/workload.hpp"

namespace gwtest {

inline const gw::Catalog& catalog() {
  static const gw::Catalog c = [] {
    gw::CatalogLoad load = gw::load_bundled_catalog();
    if (!load.catalog) throw std::runtime_error("bundled catalog does not load");
    return *load.catalog;
  }();
  return c;
}

inline const std::vector<gw::Preset>& presets() {
  static const std::vector<gw::Preset> p = [] {
    gw::PresetLoad load = gw::load_presets(gw::bundled_file("presets.json"));
    if (!load.problems.empty())
      throw std::runtime_error("bundled presets: " + load.problems[0].path + ": " + load.problems[0].message);
    return load.presets;
  }();
  return p;
}

inline const gw::Gpu& gpu(const char* id) {
  const gw::Gpu* g = catalog().gpu(id);
  if (!g) throw std::runtime_error(std::string("no GPU ") + id);
  return *g;
}

inline gw::Workload preset(const char* id) {
  const gw::Preset* p = gw::find_preset(presets(), id);
  if (!p) throw std::runtime_error(std::string("no preset ") + id);
  return p->workload;
}

inline bool finite(double v) {
  return std::isfinite(v);
}

}  // namespace gwtest
