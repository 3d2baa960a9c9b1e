// Molecular dynamics as MD users see it (issue 18 item 3): ns/day from steps/s and the time step, the MD
// time step as a workload field, and the code's name finding its preset.
#include <doctest/doctest.h>

#include <string>

#include "engine/estimate.hpp"
#include "engine/input.hpp"
#include "engine/md.hpp"
#include "engine/workload.hpp"
#include "test_recommend_fixtures.hpp"

using gw::test::bundled_catalog;
using gw::test::bundled_presets;

TEST_CASE("md: ns/day = steps/s x time step (fs) x 86400 / 1e6; not MD gives 0") {
  // 2 fs: ns/day = steps/s x 0.1728 (the preset's guide says so).
  CHECK(gw::md_ns_per_day(1000, 2) == doctest::Approx(172.8));
  CHECK(gw::md_ns_per_day(1000, 4) == doctest::Approx(345.6));
  CHECK(gw::md_ns_per_day(1000, 0) == 0);
  CHECK(gw::md_ns_per_day(0, 2) == 0);
  CHECK(gw::md_ns_per_day(-5, 2) == 0);
}

TEST_CASE("md: the code a user names finds its preset; mixed-precision MD and FP64 codes stay apart") {
  const auto& presets = bundled_presets();
  auto id_for = [&](const char* code) -> std::string {
    const gw::Preset* p = gw::find_preset_by_model(presets, code);
    return p ? p->id : std::string("none");
  };
  CHECK(id_for("GROMACS") == "md-mixed-100k");
  CHECK(id_for("gromacs") == "md-mixed-100k");
  CHECK(id_for("AMBER") == "md-mixed-100k");
  CHECK(id_for("pmemd.cuda") == "md-mixed-100k");
  CHECK(id_for("NAMD") == "md-mixed-100k");
  CHECK(id_for("OpenMM") == "md-mixed-100k");
  CHECK(id_for("VASP") == "dft-fp64");
  CHECK(id_for("CP2K") == "dft-fp64");
  CHECK(id_for("Quantum ESPRESSO") == "dft-fp64");
  CHECK(id_for("LAMMPS") == "md-gromacs-fp64");
  CHECK(id_for("OpenFOAM") == "cfd-openfoam");
  // The mixed-precision preset does not demand FP64; the FP64 codes do.
  CHECK_FALSE(gw::find_preset(presets, "md-mixed-100k")->workload.needs_fp64);
  CHECK(gw::find_preset(presets, "dft-fp64")->workload.needs_fp64);
}

TEST_CASE("md: the MD preset carries its 2 fs step; the field is one input-table entry with a range") {
  const gw::Preset* md = gw::find_preset(bundled_presets(), "md-mixed-100k");
  REQUIRE(md);
  CHECK(md->workload.md_timestep_fs == 2);
  const gw::Preset* llm = gw::find_preset(bundled_presets(), "gpt2-355m-train");
  REQUIRE(llm);
  CHECK(llm->workload.md_timestep_fs == 0);
  const gw::InputField* f = gw::find_input("md_timestep_fs");
  REQUIRE(f);
  CHECK(std::string(f->flag) == "--md-timestep-fs");
  CHECK(f->workload);
  // A step out of range is a problem naming the field.
  gw::Workload w = md->workload;
  w.md_timestep_fs = 1000;
  bool named = false;
  for (const gw::Problem& p : gw::validate_workload(w))
    named = named || p.path.find("md_timestep_fs") != std::string::npos;
  CHECK(named);
}

TEST_CASE("md: a consumer card gives more ns/day than an A100 on the mixed-precision preset") {
  // OpenMM 8's published table (tests/validation/validation-dev.json) puts an RTX 4090 ahead of an A100
  // at 100k atoms; the model must keep that order.
  const gw::Preset* md = gw::find_preset(bundled_presets(), "md-mixed-100k");
  REQUIRE(md);
  const gw::Catalog& cat = bundled_catalog();
  const gw::Gpu* rtx = cat.gpu("rtx-4090");
  const gw::Gpu* a100 = cat.gpu("a100-80gb-sxm4");
  REQUIRE(rtx);
  REQUIRE(a100);
  const gw::GpuEstimate e4090 = gw::estimate(md->workload, *rtx, cat, {});
  const gw::GpuEstimate ea100 = gw::estimate(md->workload, *a100, cat, {});
  const double ns4090 = gw::md_ns_per_day(e4090.throughput, md->workload.md_timestep_fs);
  const double nsa100 = gw::md_ns_per_day(ea100.throughput, md->workload.md_timestep_fs);
  CHECK(ns4090 > 0);
  CHECK(ns4090 > nsa100);
}
