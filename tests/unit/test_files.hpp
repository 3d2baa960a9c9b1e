// Reading the test suite's own data files (tests/...), and the config.json import every --hf-config test
// starts from: one reader, so a missing file fails the same clear way everywhere.
#pragma once
#include <doctest/doctest.h>

#include <fstream>
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

}  // namespace gw::test
