// Reading the test suite's own data files (tests/...), and the config.json import every --hf-config test
// starts from: one reader, so a missing file fails the same clear way everywhere.
#pragma once
#include <doctest/doctest.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "engine/hf_config.hpp"

namespace gw::test {

// `relative` is under the source tree's tests/ folder, e.g. "data/hf/phi-2.json".
inline std::string tests_file(const std::string& relative) {
  std::ifstream in(std::string(GPUWISE_SOURCE_DIR) + "/tests/" + relative, std::ios::binary);
  REQUIRE_MESSAGE(in.good(), "missing test file tests/" << relative);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// A config.json the reader must take without a problem and turn into a shape.
inline HfConfigRead read_hf_ok(const std::string& text) {
  HfConfigRead r = read_hf_config(text);
  for (const Problem& p : r.problems) INFO(p.path, ": ", p.message);
  REQUIRE(r.problems.empty());
  REQUIRE(r.shape);
  return r;
}

// A config.json fixture of tests/data/hf, parsed, to be edited by a test; and the reading of such a document.
inline nlohmann::json hf_fixture(const std::string& name) {
  return nlohmann::json::parse(tests_file("data/hf/" + name));
}
inline HfConfigRead read_hf_json(const nlohmann::json& doc) {
  return read_hf_ok(doc.dump());
}

// Whether an import note's English says `part`.
inline bool has_note(const HfConfigRead& r, const std::string& part) {
  for (const Text& t : r.notes)
    if (t.en.find(part) != std::string::npos) return true;
  return false;
}

// A parameter count against a checkpoint's published one (2% unless said).
inline void near_published(double got, double published, double tolerance = 0.02) {
  INFO("computed ", got / 1e9, " B, published ", published / 1e9, " B");
  CHECK(got == doctest::Approx(published).epsilon(tolerance));
}

}  // namespace gw::test
