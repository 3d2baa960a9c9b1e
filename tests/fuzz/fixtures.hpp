#pragma once
// What every fuzz target and property test starts from: the bundled catalog and presets, loaded once,
// and a loud failure that libFuzzer records as a crash (with the input that caused it).
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "engine/bundled.hpp"
#include "engine/catalog.hpp"
#include "engine/workload.hpp"

namespace gw::testing {

inline const Catalog& fixture_catalog() {
  static const Catalog catalog = [] {
    CatalogLoad load = load_bundled_catalog();
    return load.catalog ? *load.catalog : Catalog{};
  }();
  return catalog;
}

inline const std::vector<Preset>& fixture_presets() {
  static const std::vector<Preset> presets = load_presets(bundled_file("presets.json")).presets;
  return presets;
}

// "path: message" of the first problem, or "" (details are built before the check, so never front()).
inline std::string first_problem(const std::vector<Problem>& problems) {
  return problems.empty() ? std::string() : problems.front().path + ": " + problems.front().message;
}

// An invariant broke: print why and abort, so the fuzzer keeps the input as a crash artifact.
[[noreturn]] inline void invariant_failed(const char* what, const std::string& detail) {
  std::fprintf(stderr, "\n*** invariant broken: %s\n    %s\n", what, detail.c_str());
  std::fflush(stderr);
  std::abort();
}

// Valid UTF-8 with no control bytes (tab allowed): safe to print to a terminal or draw.
inline bool clean_utf8(const std::string& s) {
  for (std::size_t i = 0; i < s.size();) {
    const unsigned char b = static_cast<unsigned char>(s[i]);
    const std::size_t len = b < 0x80 ? 1 : (b >> 5) == 6 ? 2 : (b >> 4) == 14 ? 3 : (b >> 3) == 30 ? 4 : 0;
    if (len == 0 || i + len > s.size()) return false;
    if (len == 1 && ((b < 0x20 && b != '\t') || b == 0x7f)) return false;
    for (std::size_t k = 1; k < len; ++k)
      if ((static_cast<unsigned char>(s[i + k]) & 0xC0) != 0x80) return false;
    i += len;
  }
  return true;
}

inline void require(bool ok, const char* what, const std::string& detail = "") {
  if (!ok) invariant_failed(what, detail);
}

}  // namespace gw::testing
