// Science codes as they run (issue 18 item 3): mixed-precision MD apart from FP64 codes, each preset found
// by the name of the code, and MD speeds checked against published ns/day.
#include <doctest/doctest.h>

#include <string>

#include "engine/estimate_model.hpp"
#include "engine/estimate_validation.hpp"
#include "engine/recommend.hpp"
#include "test_estimate_fixtures.hpp"
#include "test_files.hpp"
#include "test_recommend_fixtures.hpp"

namespace {

std::string preset_for(const char* code) {
  const gw::Preset* p = gw::find_preset_by_model(gwtest::presets(), code);
  return p ? p->id : "(none)";
}

double steps_per_s(const char* preset, const char* gpu) {
  const double s = gw::model::seconds_per_unit(gwtest::preset(preset), gwtest::gpu(gpu), 1, 1.0);
  return s > 0 ? 1.0 / s : 0;
}

}  // namespace

TEST_CASE("a user names the code they run and gets the preset that models it") {
  for (const char* code : {"GROMACS", "AMBER", "pmemd.cuda", "NAMD", "OpenMM", "gromacs 2024"})
    CHECK_MESSAGE(preset_for(code) == "md-mixed-100k", code);
  for (const char* code : {"VASP", "CP2K", "Quantum ESPRESSO", "quantum-espresso 7.2", "DFT"})
    CHECK_MESSAGE(preset_for(code) == "dft-fp64", code);
  // The double-precision MD preset keeps its id (old share links) and answers for LAMMPS and explicit
  // double builds; the longer name wins over plain "GROMACS".
  CHECK(preset_for("LAMMPS") == "md-gromacs-fp64");
  CHECK(preset_for("GROMACS double") == "md-gromacs-fp64");
  CHECK(preset_for("OpenFOAM") == "cfd-openfoam");
}

TEST_CASE("mixed-precision MD runs on FP32; FP64 codes need FP64") {
  const gw::Workload md = gwtest::preset("md-mixed-100k");
  CHECK(md.precision == gw::Precision::fp32);
  CHECK_FALSE(md.needs_fp64);
  CHECK(md.arch == gw::Arch::generic);
  for (const char* id : {"dft-fp64", "md-gromacs-fp64", "cfd-openfoam", "fea-solver"}) {
    CAPTURE(id);
    CHECK(gwtest::preset(id).needs_fp64);
  }
  CHECK(gw::model::rates_for(md, gwtest::gpu("rtx-4090"), 1.0).unit == "FP32 (CUDA cores)");
  CHECK(gw::model::rates_for(gwtest::preset("dft-fp64"), gwtest::gpu("a100-40gb-pcie"), 1.0).unit == "FP64");
}

TEST_CASE("MD speeds follow the published order across generations") {
  // OpenMM 8.0 at 92k atoms (ApoA1): RTX 4090 785, H100 609, A100 445, RTX 3090 425 ns/day.
  const double r4090 = steps_per_s("md-mixed-100k", "rtx-4090");
  const double a100 = steps_per_s("md-mixed-100k", "a100-40gb-pcie");
  const double r3090 = steps_per_s("md-mixed-100k", "rtx-3090");
  MESSAGE("mixed MD 4090/A100 = ", r4090 / a100, ", A100/3090 = ", a100 / r3090);
  CHECK(r4090 / a100 > 1.3);
  CHECK(r4090 / a100 < 2.6);
  CHECK(a100 / r3090 > 0.7);
  CHECK(a100 / r3090 < 1.4);
  // In double precision the order turns over: the A100 has 17x the 3090's FP64 rate.
  CHECK(steps_per_s("md-gromacs-fp64", "a100-40gb-pcie") > 5 * steps_per_s("md-gromacs-fp64", "rtx-3090"));
  CHECK(steps_per_s("dft-fp64", "a100-40gb-pcie") > 4 * steps_per_s("dft-fp64", "rtx-4090"));
  // ~100k atoms at 2 fs: between 50 and 500 ns/day on a current card (the published range at this size).
  const double ns_per_day = r4090 * 2e-6 * 86400;
  CHECK(ns_per_day > 50);
  CHECK(ns_per_day < 500);
}

TEST_CASE("a small MD system is bound by per-step latency, a large one by the card") {
  gw::Workload small = gwtest::preset("md-mixed-100k"), big = small;
  small.gflops_per_sample *= 0.2;  // 20k atoms
  small.bytes_per_sample_mib *= 0.2;
  big.gflops_per_sample *= 10;  // 1M atoms
  big.bytes_per_sample_mib *= 10;
  auto gain = [](const gw::Workload& w) {
    return gw::model::seconds_per_unit(w, gwtest::gpu("rtx-3090"), 1, 1.0) /
           gw::model::seconds_per_unit(w, gwtest::gpu("rtx-4090"), 1, 1.0);
  };
  MESSAGE("4090 over 3090: 20k atoms ", gain(small), ", 1M atoms ", gain(big));
  CHECK(gain(small) < gain(big));
  CHECK(gain(small) < 1.6);  // OpenMM 8.0 DHFR (23.6k atoms): 2250 / 1530 = 1.47
  CHECK(gain(big) > 1.8);    // OpenMM 8.0 STMV (1.07M atoms): 59.3 / 23.1 = 2.56
}

TEST_CASE("validation: published MD ns/day is a speed category of its own, within the speed goal") {
  const gw::ValidationReport rep = gw::run_validation(gw::test::tests_file("validation/validation-dev.json"),
                                                      gwtest::catalog(), gwtest::presets());
  const gw::ValidationSpeedCategory* md = nullptr;
  for (const gw::ValidationSpeedCategory& c : rep.summary.speed_categories)
    if (c.name == "md") md = &c;
  REQUIRE(md != nullptr);
  MESSAGE("MD speed median |error| ", md->speed_median_abs_error, " over ", md->speed_cases);
  CHECK(md->speed_cases >= 50);
  CHECK(md->speed_median_abs_error <= gw::ValidationSummary::kSpeedGoal);
  // Held-out sets (not used to set the preset): other codes on V100 against A100.
  int held = 0;
  for (const gw::ValidationRow& r : rep.rows)
    if (r.case_id.rfind("md-gromacs2022", 0) == 0 || r.case_id.rfind("md-amber22", 0) == 0) {
      CAPTURE(r.case_id);
      CHECK(r.category == "md");
      CHECK(std::abs(r.error) < 0.15);
      ++held;
    }
  CHECK(held == 6);
}

TEST_CASE("recommend: mixed-precision MD picks a consumer card, DFT an FP64 card") {
  const gw::Catalog& cat = gw::test::bundled_catalog();
  gw::RecommendOptions all_rows;  // every row kept, the top 10 detailed
  all_rows.max_rows = 0;
  all_rows.detailed_rows = 10;
  const gw::Report md = gw::recommend(gw::test::scenario_for("md-mixed-100k"), cat, all_rows);
  REQUIRE_FALSE(md.rows.empty());
  const gw::Gpu* pick = cat.gpu(md.rows.front().gpu);
  REQUIRE(pick != nullptr);
  CAPTURE(pick->id);
  CHECK(pick->segment != "datacenter");
  CHECK(pick->fp64_tflops.value_or(0) < pick->fp32_tflops.value_or(0) / 4);

  const gw::Report dft = gw::recommend(gw::test::scenario_for("dft-fp64"), cat, all_rows);
  REQUIRE_FALSE(dft.rows.empty());
  for (const gw::Row& r : dft.rows) {
    const gw::Gpu* g = cat.gpu(r.gpu);
    REQUIRE(g != nullptr);
    CAPTURE(g->id);
    CHECK(g->fp64_tflops.value_or(0) >= g->fp32_tflops.value_or(0) / 4);
  }
}
