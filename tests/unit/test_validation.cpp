// Runs every applicable case of the validation set and asserts the issue's accuracy goals.
#include <fstream>
#include <sstream>

#include "engine/estimate_validation.hpp"
#include "test_estimate_fixtures.hpp"

using namespace gw;

namespace {

std::string read(const std::string& path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

const ValidationReport& report() {
  static const ValidationReport r = run_validation(
      read(std::string(GPUWISE_SOURCE_DIR) + "/tests/validation/validation-dev.json"), gwtest::catalog(),
      gwtest::presets());
  return r;
}

}  // namespace

TEST_CASE("validation set: every applicable case is scored") {
  const ValidationReport& r = report();
  REQUIRE(r.problems.empty());
  // Only cases whose GPUs are missing from the catalog may be skipped.
  for (const ValidationSkip& s : r.skipped) {
    MESSAGE(s.case_id, ": ", s.reason);
    CHECK(s.reason.find("not in the catalog") != std::string::npos);
  }
  CHECK(r.summary.memory_cases >= 20);
  CHECK(r.summary.verdicts >= 15);
  CHECK(r.summary.speed_cases >= 40);
}

TEST_CASE("validation goals: memory, verdicts, speed ratios vs the naive baseline") {
  const ValidationSummary& s = report().summary;
  MESSAGE("memory median |error| ", s.memory_median_abs_error, " over ", s.memory_cases);
  MESSAGE("verdicts ", s.verdicts_right, "/", s.verdicts);
  MESSAGE("speed median |error| ", s.speed_median_abs_error, " naive ", s.naive_median_abs_error, " over ",
          s.speed_cases);
  CHECK(s.memory_median_abs_error <= 0.10);
  CHECK(s.verdicts_right == s.verdicts);
  CHECK(s.speed_median_abs_error <= 0.15);
  CHECK(s.speed_median_abs_error <= 0.5 * s.naive_median_abs_error);
  CHECK(s.memory_ok());
  CHECK(s.verdicts_ok());
  CHECK(s.speed_ok());
}

TEST_CASE("the OOM case is predicted as no fit and its neighbours as fits") {
  bool saw_oom = false;
  for (const ValidationRow& row : report().rows) {
    if (row.kind != "verdict") continue;
    if (row.case_id == "mem-llama13b-fp16-gen2048-3090-oom") {
      saw_oom = true;
      CHECK(row.predicted == 0);
    }
    CHECK_MESSAGE(row.error == 0, row.case_id);
  }
  CHECK(saw_oom);
}

TEST_CASE("validation GPU names resolve to catalog cards") {
  const Catalog& c = gwtest::catalog();
  auto id = [&](const char* name) {
    const Gpu* g = validation_gpu(c, name);
    return g ? g->id : std::string("-");
  };
  CHECK(id("V100-SXM2-16GB") == "v100-sxm2-16gb");
  CHECK(id("RTX 3090 24GB") == "rtx-3090");
  CHECK(id("H100 80GB SXM5") == "h100-sxm5-80gb");
  CHECK(id("A10 (LambdaCloud)") == "a10");
  CHECK(id("Quadro RTX 8000") == "-");
}

TEST_CASE("a malformed validation file is a problem, not a crash") {
  CHECK_FALSE(run_validation("{", gwtest::catalog(), gwtest::presets()).problems.empty());
  CHECK_FALSE(run_validation("[{\"id\": 1}]", gwtest::catalog(), gwtest::presets()).problems.empty());
  const ValidationReport odd = run_validation(
      R"([{"id": "x", "kind": "memory", "workload": {"model": "unknown-net"}, "measured": {"value": 1}}])",
      gwtest::catalog(), gwtest::presets());
  CHECK(odd.problems.empty());
  CHECK(odd.skipped.size() == 1);
}
