#pragma once
// The instance checker's test inputs: pastes in tests/data/nvidia-smi/, read against the bundled catalog.
#include <doctest/doctest.h>

#include <string>

#include "engine/diagnose/diagnose.hpp"
#include "test_files.hpp"

namespace gw::test::smi {

inline std::string paste(const std::string& name) {
  return tests_file("data/nvidia-smi/" + name);
}

inline const Catalog& catalog() {
  static const CatalogLoad load = load_bundled_catalog();
  REQUIRE_MESSAGE(load.catalog.has_value(), "bundled catalog does not load");
  return *load.catalog;
}

inline DiagnoseReport check(const std::string& name, DiagnoseOptions o = {}) {
  return diagnose(paste(name), catalog(), o);
}

inline const Finding* find(const DiagnoseReport& r, const std::string& check) {
  for (const auto& f : r.findings)
    if (f.check == check) return &f;
  return nullptr;
}

// Findings that are warnings or worse.
inline int loud(const DiagnoseReport& r) {
  return r.count(Severity::warn) + r.count(Severity::critical);
}

inline std::string all_titles(const DiagnoseReport& r) {
  std::string s;
  for (const auto& f : r.findings) s += "[" + f.check + "] " + f.title.en + "\n";
  return s;
}

// The banner's driver and CUDA versions; `cuda` empty: the paste shows none.
inline void driver_is(const DiagnoseReport& r, const std::string& driver, const std::string& cuda) {
  REQUIRE(r.input.driver_version);
  CHECK(r.input.driver_version->value == driver);
  if (cuda.empty()) {
    CHECK_FALSE(r.input.cuda_version);
  } else {
    REQUIRE(r.input.cuda_version);
    CHECK(r.input.cuda_version->value == cuda);
  }
}

}  // namespace gw::test::smi
