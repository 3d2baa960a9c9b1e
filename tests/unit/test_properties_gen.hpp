#pragma once
// Seeded random scenarios for the property tests. Our own splitmix64 and our own ranges, never <random>'s
// distributions (they differ between libstdc++ and libc++), so a failing seed reproduces everywhere.
// Every generated value lies inside the ranges the share link accepts (docs/input-ranges.md), so a
// round trip has no reason to change anything.
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "../fuzz/equal.hpp"
#include "engine/catalog.hpp"
#include "engine/scenario.hpp"
#include "engine/workload.hpp"

namespace gw::testing {

// Base seed: change it to explore; GPUWISE_PROPERTY_SEED is not read (tests stay deterministic).
inline constexpr std::uint64_t kPropertySeed = 0x6770757769736531ULL;  // "gpuwise1"

class SplitMix64 {
 public:
  explicit SplitMix64(std::uint64_t seed) : state_(seed) {}
  std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  }
  double unit() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }  // [0, 1)
  double uniform(double lo, double hi) { return lo + (hi - lo) * unit(); }
  // Spreads evenly over orders of magnitude: prices, sizes and hours span several.
  double log_uniform(double lo, double hi) { return std::exp(uniform(std::log(lo), std::log(hi))); }
  int between(int lo, int hi) {
    return lo + static_cast<int>(next() % static_cast<std::uint64_t>(hi - lo + 1));
  }
  bool chance(double p) { return unit() < p; }
  template <class T>
  const T& pick(const std::vector<T>& v) {
    return v[next() % v.size()];
  }
  // A value rounded to a few significant digits, like a person would type it.
  double typed(double v, int digits = 3) {
    if (v == 0) return 0;
    const double scale = std::pow(10.0, digits - 1 - static_cast<int>(std::floor(std::log10(std::fabs(v)))));
    return std::round(v * scale) / scale;
  }

 private:
  std::uint64_t state_;
};

inline std::vector<std::string> sample_ids(SplitMix64& rng, const std::vector<std::string>& all, int max) {
  std::vector<std::string> out;
  for (const std::string& id : all)
    if (static_cast<int>(out.size()) < max && rng.chance(0.3)) out.push_back(id);
  return out;
}

// A valid job: a preset with its knobs moved (the shape of a transformer is kept, so heads still divide).
inline Workload random_workload(SplitMix64& rng, const std::vector<Preset>& presets) {
  const Preset& p = rng.pick(presets);
  Workload w = p.workload;
  w.preset = p.id;
  const bool transformer = w.arch == Arch::decoder || w.arch == Arch::encoder;
  if (rng.chance(0.5)) w.micro_batch = rng.between(1, 64);
  if (rng.chance(0.3)) w.grad_accum = rng.between(1, 16);
  if (transformer && rng.chance(0.5)) w.seq_len = 1 << rng.between(6, 12);
  if (w.arch == Arch::cnn && rng.chance(0.3)) w.image_px = 32 * rng.between(2, 24);
  if (rng.chance(0.3)) w.checkpointing = !w.checkpointing;
  if (rng.chance(0.3)) w.fused_attention = !w.fused_attention;
  if (rng.chance(0.2)) w.fp16_accumulate = !w.fp16_accumulate;
  if (w.mode == Mode::train && rng.chance(0.5)) {
    const std::vector<Precision> train = {Precision::fp32, Precision::tf32, Precision::amp, Precision::fp16,
                                          Precision::bf16};
    w.precision = rng.pick(train);
  }
  if (w.mode == Mode::inference && rng.chance(0.5)) {
    const std::vector<std::pair<Precision, double>> inf = {
        {Precision::fp16, 16}, {Precision::bf16, 16}, {Precision::int8, 8}, {Precision::int4, 4}};
    const auto& [prec, bits] = rng.pick(inf);
    w.precision = prec;
    w.weight_bits = bits;
  }
  if (w.mode != Mode::inference && w.mode != Mode::compute && rng.chance(0.4)) {
    const std::vector<Optimizer> opts = {Optimizer::adamw, Optimizer::sgd, Optimizer::sgd_momentum,
                                         Optimizer::adafactor, Optimizer::adam8bit};
    w.optimizer = rng.pick(opts);
  }
  if ((w.mode == Mode::lora || w.mode == Mode::qlora) && rng.chance(0.5))
    w.lora_rank = 1 << rng.between(2, 7);
  if ((w.mode == Mode::lora || w.mode == Mode::qlora) && rng.chance(0.5)) w.lora_targets = LoraTargets::all;
  if (w.dataset_samples > 0 && rng.chance(0.5))
    w.dataset_samples = rng.typed(w.dataset_samples * rng.log_uniform(0.1, 10));
  if (w.epochs > 0 && rng.chance(0.5)) w.epochs = rng.typed(rng.log_uniform(0.5, 50), 2);
  if (w.tokens > 0 && rng.chance(0.5)) w.tokens = rng.typed(w.tokens * rng.log_uniform(0.1, 10));
  if (w.mode == Mode::inference && rng.chance(0.3)) w.inference_batch = rng.between(1, 64);
  if (rng.chance(0.3)) w.data_loading_share = rng.typed(rng.uniform(0, 0.5), 2);
  return w;
}

inline Constraints random_constraints(SplitMix64& rng, const Catalog& catalog) {
  Constraints c;
  std::vector<std::string> provider_ids, gpu_ids, credit_ids;
  for (const Provider& p : catalog.providers) {
    provider_ids.push_back(p.id);
    for (const Program& g : p.programs)
      if (g.kind == ProgramKind::credit) credit_ids.push_back(g.id);
  }
  for (const Gpu& g : catalog.gpus) gpu_ids.push_back(g.id);
  if (rng.chance(0.6)) c.budget = rng.typed(rng.log_uniform(10, 1e5));
  if (rng.chance(0.3)) c.currency = "USD";
  if (rng.chance(0.6)) c.deadline_hours = rng.typed(rng.log_uniform(1, 2000));
  c.goal = rng.pick(std::vector<Goal>{Goal::cheapest, Goal::fastest, Goal::value});
  c.spot = rng.pick(std::vector<SpotPolicy>{SpotPolicy::allow, SpotPolicy::deny, SpotPolicy::only});
  c.student = rng.chance(0.3);
  c.new_user = rng.chance(0.3);
  if (rng.chance(0.2)) c.credits = sample_ids(rng, credit_ids, 3);
  if (rng.chance(0.2)) c.providers = sample_ids(rng, provider_ids, 6);
  if (rng.chance(0.2)) c.exclude = sample_ids(rng, gpu_ids, 5);
  if (rng.chance(0.3)) c.usd_cny = rng.typed(rng.uniform(5, 9));
  if (rng.chance(0.4)) {
    std::vector<int> counts;
    for (int k : {1, 2, 4, 8})
      if (rng.chance(0.5)) counts.push_back(k);
    if (!counts.empty()) c.card_counts = counts;
  }
  if (rng.chance(0.5)) c.setup_hours = rng.typed(rng.uniform(0, 5), 2);
  if (rng.chance(0.5)) c.idle_tail_hours = rng.typed(rng.uniform(0, 10), 2);
  if (rng.chance(0.5)) c.disk_gb = rng.typed(rng.log_uniform(10, 2000), 2);
  if (rng.chance(0.3)) c.storage_months = rng.between(0, 6);
  if (rng.chance(0.5)) c.dataset_gb = rng.typed(rng.log_uniform(0.1, 500), 2);
  if (rng.chance(0.5)) c.upload_mbps = rng.typed(rng.log_uniform(1, 1000), 2);
  if (rng.chance(0.5)) c.egress_gb = rng.typed(rng.log_uniform(0.1, 100), 2);
  c.internal_network = rng.chance(0.2);
  if (rng.chance(0.3)) c.extras_per_month = rng.typed(rng.uniform(0, 500), 2);
  if (rng.chance(0.4)) c.interruptions_per_hour = rng.typed(rng.uniform(0, 0.5), 2);
  if (rng.chance(0.4)) c.checkpoint_write_minutes = rng.typed(rng.uniform(0, 10), 2);
  if (rng.chance(0.3)) c.checkpoint_interval_hours = rng.typed(rng.uniform(0.1, 5), 2);
  if (rng.chance(0.4)) c.restart_minutes = rng.typed(rng.uniform(0, 30), 2);
  c.seed = rng.next() >> 11;  // < 2^53: exact as a double, as the link writes it
  return c;
}

inline Scenario random_scenario(SplitMix64& rng, const std::vector<Preset>& presets, const Catalog& catalog) {
  Scenario s;
  s.workload = random_workload(rng, presets);
  s.constraints = random_constraints(rng, catalog);
  if (!catalog.offers.empty() && rng.chance(0.3)) {
    const int edits = rng.between(1, 5);
    for (int i = 0; i < edits; ++i)
      s.price_overrides[rng.pick(catalog.offers).id] = rng.typed(rng.log_uniform(0.05, 100));
  }
  s.catalog_version = catalog.catalog_version;
  return s;
}

}  // namespace gw::testing
