// Property tests, part 2: the estimate over thousands of random valid jobs on every catalog GPU.
// Never NaN or infinity; ranges ordered; a bigger card fits what a smaller one fits; more work or a
// slower (derated) card never takes less time; more cards never slow the job down.
#include <doctest/doctest.h>

#include <algorithm>

#include "../fuzz/fixtures.hpp"
#include "engine/estimate.hpp"
#include "test_properties_gen.hpp"

using namespace gw;
using namespace gw::testing;

namespace {

std::string describe(int i, const Workload& w) {
  return "#" + std::to_string(i) + " " + workload_to_json(w);
}

}  // namespace

TEST_CASE("property: estimates are finite, ordered and non-negative for random jobs on every GPU") {
  const Catalog& catalog = fixture_catalog();
  const std::vector<Preset>& presets = fixture_presets();
  REQUIRE(!catalog.gpus.empty());
  SplitMix64 rng(kPropertySeed + 10);
  for (int i = 0; i < 300; ++i) {
    const Workload w = random_workload(rng, presets);
    const int cards = rng.pick(std::vector<int>{1, 1, 2, 4, 8});
    CAPTURE(describe(i, w));
    CAPTURE(cards);
    for (const Gpu& g : catalog.gpus) {
      const GpuEstimate e = estimate(w, g, catalog, {cards, rng.chance(0.2) ? 0.85 : 1.0});
      CAPTURE(g.id);
      REQUIRE(nonfinite_in(e) == "");
      REQUIRE(e.memory.weights_gib >= 0);
      REQUIRE(e.memory.activations_gib >= 0);
      REQUIRE(e.memory.optimizer_gib >= 0);
      REQUIRE(e.memory.kv_cache_gib >= 0);
      REQUIRE(e.throughput >= 0);
      if (e.work_known && e.supported) {
        REQUIRE(e.hours.low >= 0);
        REQUIRE(e.hours.low <= e.hours.likely);
        REQUIRE(e.hours.likely <= e.hours.high);
      }
      for (const FitAdvice& a : e.advice) REQUIRE(a.total_gib_after >= 0);
    }
  }
}

TEST_CASE("property: if a smaller card fits, a bigger one fits too") {
  const Catalog& catalog = fixture_catalog();
  const std::vector<Preset>& presets = fixture_presets();
  SplitMix64 rng(kPropertySeed + 11);
  for (int i = 0; i < 250; ++i) {
    const Workload w = random_workload(rng, presets);
    const int cards = rng.pick(std::vector<int>{1, 2, 8});
    std::vector<GpuEstimate> all;
    for (const Gpu& g : catalog.gpus) all.push_back(estimate(w, g, catalog, {cards, 1.0}));
    CAPTURE(describe(i, w));
    CAPTURE(cards);
    for (const GpuEstimate& small : all) {
      if (!small.supported || small.fit == Fit::no_fit) continue;
      for (const GpuEstimate& big : all) {
        if (!big.supported || big.vram_gib < small.vram_gib) continue;
        CAPTURE(small.gpu);
        CAPTURE(big.gpu);
        CAPTURE(small.memory.total_gib());
        CAPTURE(big.memory.total_gib());
        REQUIRE(big.fit != Fit::no_fit);
        if (small.fit == Fit::fits && big.memory.total_gib() <= small.memory.total_gib())
          REQUIRE(big.fit == Fit::fits);
      }
    }
  }
}

TEST_CASE("property: more work, or a derated card, never takes less time") {
  const Catalog& catalog = fixture_catalog();
  const std::vector<Preset>& presets = fixture_presets();
  SplitMix64 rng(kPropertySeed + 12);
  int compared = 0;
  for (int i = 0; i < 600; ++i) {
    const Workload w = random_workload(rng, presets);
    const Gpu& g = rng.pick(catalog.gpus);
    const int cards = rng.pick(std::vector<int>{1, 2, 4, 8});
    const GpuEstimate base = estimate(w, g, catalog, {cards, 1.0});
    if (!base.work_known || !base.supported) continue;
    CAPTURE(describe(i, w));
    CAPTURE(g.id);
    CAPTURE(cards);
    Workload more = w;
    const double f = rng.uniform(1.01, 10);
    if (more.dataset_samples > 0) more.dataset_samples *= f;
    if (more.tokens > 0) more.tokens *= f;
    const GpuEstimate bigger = estimate(more, g, catalog, {cards, 1.0});
    REQUIRE(bigger.hours.low >= base.hours.low);
    REQUIRE(bigger.hours.likely >= base.hours.likely);
    REQUIRE(bigger.hours.high >= base.hours.high);
    const GpuEstimate slower = estimate(w, g, catalog, {cards, rng.uniform(0.5, 0.99)});
    REQUIRE(slower.hours.likely >= base.hours.likely);
    ++compared;
  }
  CHECK(compared > 300);
}

TEST_CASE("property: multi-GPU speed-up grows with cards and stays below linear") {
  for (const Gpu& g : fixture_catalog().gpus) {
    CAPTURE(g.id);
    double last = multi_gpu_speedup(g, 1);
    CHECK(last == doctest::Approx(1.0));
    for (int k = 2; k <= 64; k *= 2) {
      const double s = multi_gpu_speedup(g, k);
      CAPTURE(k);
      REQUIRE(std::isfinite(s));
      REQUIRE(s >= last);
      REQUIRE(s <= k);
      last = s;
    }
  }
}
