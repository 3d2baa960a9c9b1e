// The image-size check issue 15 asks of SD 1.5 fine-tuning, shared by the preset's test
// (test_estimate_shapes.cpp) and the library model's (test_estimate_diffusion.cpp).
#pragma once
#include "test_estimate_fixtures.hpp"

namespace gwtest {

struct ImageSizePair {
  gw::GpuEstimate at512, at1024;
};

// `at512` at its native 512 px and the same job at 1024 px on one A100: 4x the activations, clearly more
// memory (at least the three extra copies of the 512 px activations) and at least 3x the time.
inline ImageSizePair check_sd15_image_size(const gw::Workload& at512, const char* what) {
  REQUIRE(at512.per_sample_px == 512);
  gw::Workload at1024 = at512;
  at1024.image_px = 1024;
  const gw::Gpu& a100 = gpu("a100-80gb-sxm4");
  ImageSizePair e{gw::estimate(at512, a100, catalog()), gw::estimate(at1024, a100, catalog())};
  MESSAGE(what, ": 512 px ", e.at512.memory.total_gib(), " GiB ", e.at512.hours.likely, " h; 1024 px ",
          e.at1024.memory.total_gib(), " GiB ", e.at1024.hours.likely, " h");
  CHECK(e.at1024.memory.activations_gib == doctest::Approx(4 * e.at512.memory.activations_gib));
  CHECK(e.at1024.memory.total_gib() - e.at512.memory.total_gib() >= 3 * e.at512.memory.activations_gib);
  CHECK(e.at1024.hours.likely >= 3 * e.at512.hours.likely);
  return e;
}

}  // namespace gwtest
