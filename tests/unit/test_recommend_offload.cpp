// Issue 21 item 5: recommend tries CPU offload of the optimizer states (ZeRO-Offload) among the changes that
// make a training job fit, picks the quickest change that fits a card, and names it in the row.
#include <doctest/doctest.h>

#include <algorithm>

#include "engine/recommend.hpp"
#include "engine/recommend_internal.hpp"
#include "test_estimate_fixtures.hpp"
#include "test_recommend_fixtures.hpp"

using namespace gw;

namespace {

// A market where only 24-48 GB cards are for rent: the bundled catalog without every other offer. With
// 8-bit Adam the job still needs 12 bytes per parameter (~75 GiB); only offload (4 bytes on the GPU) fits.
const Catalog& mid_cards() {
  static const Catalog c = [] {
    Catalog out = gwtest::catalog();
    std::vector<Offer> kept;
    for (const Offer& o : out.offers) {
      const Gpu* g = out.gpu(o.gpu);
      if (g && g->vram_gib >= 24 && g->vram_gib <= 48) kept.push_back(o);
    }
    out.offers = std::move(kept);
    return out;
  }();
  return c;
}

}  // namespace

TEST_CASE("offload variants: for a full AdamW fine-tune, kept under keep_precision, never with 8-bit Adam") {
  for (bool keep : {false, true}) {
    CAPTURE(keep);
    int offloads = 0;
    for (const rec::Variant& v : rec::variants_for(gwtest::llama2_7b_run(), keep)) {
      if (!has_change(v.changes, Change::offload)) {
        CHECK_FALSE(v.workload.offload_optimizer);
        continue;
      }
      ++offloads;
      CHECK(v.workload.offload_optimizer);
      CHECK(v.workload.optimizer == Optimizer::adamw);  // DeepSpeed's CPU Adam replaces the GPU's AdamW
      CHECK_FALSE(has_change(v.changes, Change::adam8bit));
      CHECK(v.workload.precision == Precision::amp);  // offload keeps the precision
      CHECK(v.label.en.find("ZeRO-Offload") != std::string::npos);
      CHECK(v.label.zh.find("ZeRO-Offload") != std::string::npos);
      CHECK(std::is_sorted(v.changes.begin(), v.changes.end()));
    }
    CHECK(offloads == 4);  // alone, with micro-batch 1, with checkpointing, with both
  }
  // Nothing to offload: LoRA's adapters, SGD without states, a job already offloaded.
  Workload lora = gwtest::llama2_7b_run();
  lora.mode = Mode::lora;
  Workload sgd = gwtest::llama2_7b_run();
  sgd.optimizer = Optimizer::sgd;
  Workload done = gwtest::llama2_7b_run();
  done.offload_optimizer = true;
  for (const Workload& w : {lora, sgd, done})
    for (const rec::Variant& v : rec::variants_for(w)) CHECK_FALSE(has_change(v.changes, Change::offload));
}

TEST_CASE("a 7B full fine-tune on 24-48 GB cards gets offloaded rows, named, with the PCIe time counted") {
  for (bool keep : {false, true}) {
    CAPTURE(keep);
    Scenario s = gw::test::one_card_any_market(gwtest::llama2_7b_run());
    s.constraints.keep_precision = keep;
    RecommendOptions o;
    o.detailed_rows = 0;
    const Report r = recommend(s, mid_cards(), o);
    // Without offload no change fits these cards: "No offer satisfies the constraints".
    REQUIRE_MESSAGE(!r.rows.empty(), r.summary.en);
    CHECK(r.summary.en.rfind("Pick:", 0) == 0);
    for (const Row& row : r.rows) {
      CAPTURE(row.offer);
      CHECK(row.vram_gib >= 24);
      CHECK(row.vram_gib <= 48);
      CHECK(has_change(row.change, Change::offload));
      CHECK(row.tier == 1);  // a changed training setup ranks after any row run as given
      CHECK(row.change_label.en.find("CPU offload") != std::string::npos);
      CHECK(row.reason.en.find("ZeRO-Offload") != std::string::npos);
      CHECK(row.reason.zh.find("ZeRO-Offload") != std::string::npos);
      CHECK(row.memory.host_gib == doctest::Approx(6.74e9 * 16 / (1024.0 * 1024 * 1024)));
      bool ram_warned = false;
      for (const Text& t : row.warnings)
        ram_warned = ram_warned || t.en.find("host RAM") != std::string::npos;
      CHECK(ram_warned);
    }
    // Its slower time: the same job on the same card without the PCIe traffic would be quicker (it does not
    // fit, but its speed is still estimated).
    const Row& pick = r.rows.front();
    const Gpu& g = *mid_cards().gpu(pick.gpu);
    Workload on_gpu = gwtest::llama2_7b_run();
    if (has_change(pick.change, Change::checkpointing)) on_gpu.checkpointing = true;
    if (has_change(pick.change, Change::smaller_batch)) {
      on_gpu.micro_batch = 1;
      on_gpu.grad_accum = 16;
    }
    const GpuEstimate stays = estimate(on_gpu, g, mid_cards());
    CHECK(stays.fit == Fit::no_fit);
    CHECK(pick.hours.likely > stays.hours.likely);
  }
}

TEST_CASE("offload is the last resort: a card that holds the job with an on-GPU change does not offload") {
  // In bf16 mixed precision, an 80 GB card holds the 7B job with 8-bit Adam (10 bytes per parameter) and a
  // smaller micro-batch. On an H100 PCIe (gen5 link) the offloaded job is estimated a little quicker, but
  // that time leaves out the CPU's Adam step: the row keeps the change that stays on the GPU.
  Workload bf16 = gwtest::llama2_7b_run();
  bf16.precision = Precision::bf16;
  const Gpu& h100 = gwtest::gpu("h100-pcie-80gb");
  Workload off = bf16, eight = bf16;
  off.offload_optimizer = true;
  eight.optimizer = Optimizer::adam8bit;
  eight.micro_batch = 1;
  eight.grad_accum = 16;
  const GpuEstimate e_off = estimate(off, h100, gwtest::catalog());
  const GpuEstimate e_eight = estimate(eight, h100, gwtest::catalog());
  REQUIRE(e_eight.fit == Fit::fits);
  MESSAGE("H100 PCIe: offload ", e_off.hours.likely, " h, 8-bit Adam + micro-batch 1 ", e_eight.hours.likely,
          " h");
  Scenario s = gw::test::one_card_any_market(bf16);
  const Report r = recommend(s, gwtest::catalog());
  REQUIRE(!r.rows.empty());
  int eighty = 0;
  for (const Row& row : r.rows) {
    if (row.vram_gib < 79 || row.vram_gib > 100) continue;
    ++eighty;
    CAPTURE(row.offer);
    CHECK(has_change(row.change, Change::adam8bit));
    CHECK_FALSE(has_change(row.change, Change::offload));
  }
  CHECK(eighty > 0);
}

TEST_CASE("'against the cheapest' counts an offloaded row as the same job as the pick run as given") {
  // Goal fastest: the pick runs the 7B job as given on a big card; the cheapest way to get the same trained
  // model is an offloaded row (offload changes the time, not the result), which an exact match of the
  // changes would have skipped.
  Scenario s = gw::test::one_card_any_market(gwtest::llama2_7b_run());
  s.constraints.goal = Goal::fastest;
  RecommendOptions o;
  o.detailed_rows = 1;
  o.max_rows = 0;
  const Report r = recommend(s, gwtest::catalog(), o);
  REQUIRE(!r.rows.empty());
  const Row& pick = r.rows.front();
  REQUIRE(pick.change.empty());
  const Row* cheapest = &pick;
  for (const Row& row : r.rows)
    if (same_job(row.change, pick.change) && row.cost.likely < cheapest->cost.likely) cheapest = &row;
  REQUIRE(has_change(cheapest->change, Change::offload));
  REQUIRE(cheapest->cost.likely < pick.cost.likely * 0.9);
  CHECK_MESSAGE(pick.reason.en.find("Against the cheapest (") != std::string::npos, pick.reason.en);
  CHECK_MESSAGE(
      pick.reason.en.find(cheapest->gpu_name.substr(cheapest->gpu_name.rfind(' ') + 1)) != std::string::npos,
      pick.reason.en);
}
