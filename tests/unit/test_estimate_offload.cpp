// Optimizer offload to the CPU (ZeRO-Offload; issue 21 item 5, the estimate side): the GPU keeps 16-bit
// weights and gradients, host RAM the rest, and each optimizer step moves 4 bytes per parameter over PCIe.
#include "engine/estimate_model.hpp"
#include "test_estimate_fixtures.hpp"

using namespace gw;

namespace {

// Llama-2-7B (from the model library), AMP + AdamW, sequence 512, micro-batch 1, checkpointing.
Workload llama7b_full() {
  Workload w = gwtest::llama2_7b_full();
  w.seq_len = 512;
  w.micro_batch = 1;
  w.checkpointing = true;
  w.tokens = 1e7;
  return w;
}

}  // namespace

TEST_CASE("optimizer offload: states move to host RAM, the GPU keeps 16-bit weights and gradients") {
  const Workload plain = llama7b_full();
  Workload off = plain;
  off.offload_optimizer = true;
  const MemoryBreakdown a = model::memory_breakdown(plain, {});
  const MemoryBreakdown b = model::memory_breakdown(off, {});
  MESSAGE("7B AMP full fine-tune: ", a.total_gib(), " GiB on the GPU, ", b.total_gib(), " GiB offloaded");
  CHECK(a.total_gib() > 80);  // 18 bytes/param under AMP with AdamW
  CHECK(b.optimizer_gib == 0);
  CHECK(b.weights_gib == doctest::Approx(6.74e9 * 2 / model::kGiB));
  CHECK(b.gradients_gib == doctest::Approx(6.74e9 * 2 / model::kGiB));
  CHECK(b.activations_gib == doctest::Approx(a.activations_gib));
  CHECK(b.total_gib() < 40);
  // Host RAM: fp32 master weights and gradients (4 + 4) and AdamW's two fp32 moments (8) per parameter.
  CHECK(b.host_gib == doctest::Approx(6.74e9 * 16 / model::kGiB));
  CHECK(a.host_gib == 0);
  bool host_named = false;
  for (const Text& r : b.rules) host_named = host_named || r.en.find("host RAM") != std::string::npos;
  CHECK(host_named);
  const Gpu& a100 = gwtest::gpu("a100-80gb-sxm4");
  CHECK(estimate(plain, a100, gwtest::catalog()).fit == Fit::no_fit);
  CHECK(estimate(off, a100, gwtest::catalog()).fit == Fit::fits);
}

TEST_CASE("optimizer offload: every optimizer step moves 4 bytes per parameter over the card's PCIe link") {
  Workload off = llama7b_full();
  off.offload_optimizer = true;
  const Gpu& a100 = gwtest::gpu("a100-80gb-sxm4");
  REQUIRE(a100.pcie_gen);
  const double link_gbs = model::pcie_gbs(a100);
  CHECK(link_gbs == doctest::Approx(*a100.pcie_gen == 4 ? 31.5 : link_gbs).epsilon(0.01));
  const model::StepTime t =
      model::step_time(model::step_work(off), model::rates_for(off, a100, 1.0), off.bound);
  CHECK(t.host_s == doctest::Approx(4 * 6.74e9 / (link_gbs * 1e9)));
  // Accumulating gradients over 4 micro-batches pays the transfer once.
  Workload accum = off;
  accum.grad_accum = 4;
  const model::StepTime t4 =
      model::step_time(model::step_work(accum), model::rates_for(accum, a100, 1.0), accum.bound);
  CHECK(t4.host_s == doctest::Approx(t.host_s / 4));
  // Offloading costs time: slower than the same job on a card that holds it (an 8-bit optimizer step on
  // the GPU reads and writes far less than PCIe carries).
  Workload on_gpu = llama7b_full();
  on_gpu.optimizer = Optimizer::adam8bit;
  CHECK(model::seconds_per_unit(off, a100, 1, 1.0) > model::seconds_per_unit(on_gpu, a100, 1, 1.0));
  // Inference and LoRA are not offloaded.
  Workload lora = llama7b_full();
  lora.mode = Mode::lora;
  lora.offload_optimizer = true;
  CHECK(model::step_work(lora).host_bytes == 0);
}

TEST_CASE("fit advice: after 8-bit Adam, offloading the optimizer states is proposed before LoRA") {
  // A 7B AMP full fine-tune on a 48 GB card: 8-bit Adam still leaves fp32 master weights on the GPU, so it
  // does not fit; ZeRO-Offload does, and it keeps the whole fine-tune (LoRA would change the job).
  const Workload w = llama7b_full();
  const GpuEstimate e = estimate(w, gwtest::gpu("rtx-a6000"), gwtest::catalog());
  REQUIRE(e.fit == Fit::no_fit);
  std::size_t adam = e.advice.size(), off = e.advice.size();
  for (std::size_t i = 0; i < e.advice.size(); ++i) {
    if (e.advice[i].kind == AdviceKind::adam8bit) adam = i;
    if (e.advice[i].kind == AdviceKind::offload) off = i;
  }
  REQUIRE(adam < e.advice.size());
  REQUIRE(off < e.advice.size());
  CHECK(adam < off);
  CHECK_FALSE(e.advice[adam].fits_after);
  CHECK(e.advice[off].fits_after);
  CHECK(e.advice[off].total_gib_after < e.advice[adam].total_gib_after);
  CHECK(e.advice.back().kind == AdviceKind::offload);  // it fits there: no LoRA proposed
  // The job already offloads, or does not use AdamW: no offload step.
  Workload sgd = w;
  sgd.optimizer = Optimizer::sgd;
  for (const FitAdvice& a : estimate(sgd, gwtest::gpu("rtx-a6000"), gwtest::catalog()).advice)
    CHECK(a.kind != AdviceKind::offload);
}
