// The scaling category of the validation set (issue 18 item 4): published multi-node speed-ups over
// InfiniBand, RoCE and plain Ethernet against the scaling model (scaling.hpp).
#include <doctest/doctest.h>

#include <cmath>
#include <fstream>
#include <sstream>
#include <string>

#include "engine/estimate_validation.hpp"
#include "test_estimate_fixtures.hpp"

namespace {

const gw::ValidationReport& report() {
  static const gw::ValidationReport r = [] {
    std::ifstream in(std::string(GPUWISE_SOURCE_DIR) + "/tests/validation/validation-dev.json");
    std::stringstream ss;
    ss << in.rdbuf();
    return gw::run_validation(ss.str(), gwtest::catalog(), gwtest::presets());
  }();
  return r;
}

const gw::ValidationRow* row(const std::string& id) {
  for (const gw::ValidationRow& r : report().rows)
    if (r.case_id == id) return &r;
  return nullptr;
}

}  // namespace

TEST_CASE("scaling validation: Horovod's plain 40 Gbit/s Ethernet and 25 Gbit/s RoCE clusters are scored") {
  // 16 servers x 4 Pascal GPUs, ResNet-101, NCCL over TCP: 56.9x on 64 GPUs.
  const gw::ValidationRow* eth = row("scale-horovod-16x4-pascal-ethernet40-resnet101");
  // 4 servers x 4 Pascal GPUs, ResNet-101, NCCL over RDMA: 14.6x on 16 GPUs.
  const gw::ValidationRow* roce = row("scale-horovod-4x4-pascal-roce25-resnet101");
  REQUIRE(eth != nullptr);
  REQUIRE(roce != nullptr);
  CHECK(eth->category == "scaling");
  CHECK(eth->measured == doctest::Approx(56.9 / 64).epsilon(1e-3));
  CHECK(roce->measured == doctest::Approx(14.6 / 16).epsilon(1e-3));
  CHECK(eth->gpus == "16x4 p100-pcie-16gb");
  MESSAGE("ethernet predicted ", eth->predicted, " measured ", eth->measured);
  MESSAGE("roce predicted ", roce->predicted, " measured ", roce->measured);
  // The model predicts 0.75 for both (2026-12-05): the network costs only ~2% (ResNet-101's 178 MB of
  // gradients hide behind a 0.47 s backward pass even over 40 GbE), the rest is the in-node constant for
  // PCIe cards (alpha 0.10: 0.77 on four cards), which these clusters beat as a whole. A guard, not a goal:
  // within 20% and below the measurement.
  CHECK(std::abs(eth->error) <= 0.20);
  CHECK(std::abs(roce->error) <= 0.20);
  CHECK(eth->predicted < eth->measured);
  // The scaling category's median stays within the speed goal.
  for (const gw::ValidationSpeedCategory& c : report().summary.speed_categories)
    if (c.name == "scaling") {
      CHECK(c.speed_cases >= 9);
      CHECK(c.speed_median_abs_error <= gw::ValidationSummary::kSpeedGoal);
    }
}
