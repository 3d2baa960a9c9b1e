// Runs every applicable case of the validation set and asserts the issue's accuracy goals.
#include <algorithm>
#include <cmath>
#include <map>

#include "engine/estimate_validation.hpp"
#include "engine/estimate_validation_detail.hpp"
#include "test_estimate_fixtures.hpp"
#include "test_files.hpp"

using namespace gw;

namespace {

const ValidationReport& report() {
  static const ValidationReport r = run_validation(gw::test::tests_file("validation/validation-dev.json"),
                                                   gwtest::catalog(), gwtest::presets());
  return r;
}

}  // namespace

TEST_CASE("validate reports the memory median per category and the LoRA/QLoRA cases (issue 21 item 7)") {
  const ValidationSummary& s = report().summary;
  std::vector<std::string> names;
  for (const ValidationCategory& c : s.categories) {
    names.push_back(c.name);
    MESSAGE(c.name, ": ", c.memory_median_abs_error, " over ", c.memory_cases);
    CHECK(c.memory_median_abs_error <= ValidationSummary::kCategoryGoal);
  }
  for (const char* want : {"inference", "full training", "lora", "qlora", "diffusion"})
    CHECK(std::find(names.begin(), names.end(), want) != names.end());
  CHECK(s.memory_median_abs_error <= 0.08);
  CHECK(s.verdicts_right == s.verdicts);
  CHECK(category_of(Workload{}) == "full training");
}

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
    if (row.kind != ValidationKind::verdict) continue;
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
  CHECK(id("Quadro RTX 8000") == "quadro-rtx-8000");
  CHECK(id("Radeon Instinct MI50") == "-");
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

TEST_CASE("benchmark wording maps onto workload fields") {
  using namespace gw::vdetail;
  Workload w;
  CHECK(map_precision("Q4_K_M", w));
  CHECK(w.weight_bits == doctest::Approx(4.85));
  CHECK(map_precision("fp16 (AMP)", w));
  CHECK(w.precision == Precision::amp);
  CHECK(map_precision("int4 (GPTQ)", w));
  CHECK(w.weight_bits == 4);
  CHECK(map_precision("mixed fp16/fp32", w));
  CHECK(w.precision == Precision::fp16);
  CHECK_FALSE(map_precision("fp12", w));
  Optimizer o = Optimizer::sgd;
  CHECK(map_optimizer("bnb Adam8bit", o));
  CHECK(o == Optimizer::adam8bit);
  CHECK(unit_to_gib("MB (MiB, nvidia-smi)") == doctest::Approx(1.0 / 1024));
  CHECK(unit_to_gib("GB") == doctest::Approx(1e9 / (1024.0 * 1024 * 1024)));
  CHECK(unit_to_gib("furlongs") == 0);

  const GpuRef two = resolve_gpu(gwtest::catalog(), "2x RTX 3090");
  REQUIRE(two.gpu);
  CHECK(two.gpu->id == "rtx-3090");
  CHECK(two.count == 2);
  const GpuRef four = resolve_gpu(gwtest::catalog(), "A100 80GB SXM4 x4");
  REQUIRE(four.gpu);
  CHECK(four.count == 4);
}

TEST_CASE("an unseen-style case: two 3090s against one") {
  const char* cases = R"([{
    "id": "two-vs-one", "kind": "throughput_ratio",
    "workload": {"model": "BERT-base", "precision": "amp_fp16", "mode": "training", "batch_size": 32, "seq_len": 128},
    "gpus": ["2x RTX 3090", "RTX 3090"],
    "measured": {"value": 1.7, "type": "ratio_of_measured"}}])";
  const ValidationReport r = run_validation(cases, gwtest::catalog(), gwtest::presets());
  REQUIRE(r.rows.size() == 1);
  CHECK(r.rows[0].predicted == doctest::Approx(1.7).epsilon(0.02));
  REQUIRE(r.rows[0].naive_error);
  CHECK(*r.rows[0].naive_error == doctest::Approx(2 / 1.7 - 1).epsilon(0.01));
}

TEST_CASE("each memory measurement is compared with the matching part of the estimate") {
  std::map<std::string, std::string> what;
  for (const ValidationRow& row : report().rows)
    if (row.kind == ValidationKind::memory) what[row.case_id] = row.note;
  CHECK(what["mem-cuda-context-v100"] == "CUDA context");
  CHECK(what["mem-bertL-fp32-adamw-bs4-s512"] == "device total (nvidia-smi)");
  CHECK(what["mem-llama7b-int4-gptq-3090"] == "allocated peak (no context)");
  CHECK(what["mem-gpt2-1.5b-model-states-mixed-adam-analytic"] == "model states");
  CHECK(what["mem-gpt2-1.5b-activations-s1024-b32"] == "activations");
}

TEST_CASE("image models: diffusion cases by their own category, ResNet-50 fit verdicts (issue 21 item 7)") {
  int diffusion = 0, cnn_verdicts = 0;
  for (const ValidationRow& row : report().rows) {
    if (row.kind == ValidationKind::memory && row.category == "diffusion") ++diffusion;
    if (row.kind == ValidationKind::verdict && row.category == "cnn") {
      ++cnn_verdicts;
      CHECK_MESSAGE(row.error == 0, row.case_id);
    }
  }
  CHECK(diffusion >= 10);    // SD 1.5 / SDXL inference (diffusion-fast) and the DreamBooth T4 table
  CHECK(cnn_verdicts >= 7);  // Lambda's ResNet-50 batches, AMP and fp32, 16 to 80 GB; batch 256 AMP on a T4
  // CNN memory: MONeT's ResNet-50 baseline (fp32, batch 184, max_memory_allocated 15.06 GiB), within the
  // issue's 15% per category, and its own line in the summary.
  int cnn_memory = 0;
  for (const ValidationRow& row : report().rows)
    if (row.kind == ValidationKind::memory && row.category == "cnn") {
      ++cnn_memory;
      CHECK_MESSAGE(std::fabs(row.error) < 0.15, row.case_id);
    }
  CHECK(cnn_memory >= 1);
  bool listed = false;
  for (const auto& c : report().summary.categories)
    listed = listed || (c.name == "cnn" && c.memory_median_abs_error < 0.15);
  CHECK(listed);
  Workload sd;
  sd.arch = Arch::diffusion;
  sd.mode = Mode::inference;
  CHECK(category_of(sd) == "diffusion");
}

TEST_CASE("a case's own words about its script become inputs") {
  using namespace gw::vdetail;
  const json wl = json::parse(R"({"model": "Stable Diffusion fine-tune", "mode": "training",
    "precision": "amp_fp16", "optimizer": "AdamW 8-bit", "batch_size": 1, "prior_preservation": true,
    "frozen_on_gpu": false, "grads_set_to_none": true})");
  const Built b = build_workload(wl, gwtest::presets());
  REQUIRE(b.why_not.empty());
  CHECK(b.w.micro_batch == 2);  // an instance and a class image per batch entry
  CHECK(b.w.frozen_params == 0);
  CHECK(b.w.grads_freed);
  CHECK(b.w.optimizer == Optimizer::adam8bit);
  const json xl = json::parse(R"({"model": "Stable Diffusion", "mode": "inference", "precision": "bf16",
    "batch_size": 1, "params": 2.57e9, "frozen_params": 900.7e6, "image_px": 1024})");
  const Built c = build_workload(xl, gwtest::presets());
  REQUIRE(c.why_not.empty());
  CHECK(c.w.params == doctest::Approx(2.57e9));
  CHECK(c.w.frozen_params == doctest::Approx(900.7e6));
  CHECK(c.w.image_px == 1024);
  CHECK_FALSE(c.w.grads_freed);
}

// SWIFT's benchmark (ms-swift docs/source_en/LLM/Benchmark.md): Qwen-1 LoRA/QLoRA max_memory_reserved on an
// A100 80GB over a dataset of varying lengths. Kept apart from the dev set: gpuwise falls 7-54% short of it
// (the gap grows with tokens and barely with model size, so it sits in the vocabulary-wide loss tensors and
// the allocator's cache under changing lengths) and the cause is not settled; this only keeps every case
// scorable and prints them.
TEST_CASE("SWIFT LoRA/QLoRA measurements are all scored (report only)") {
  const ValidationReport r = run_validation(gw::test::tests_file("validation/validation-lora-swift.json"),
                                            gwtest::catalog(), gwtest::presets());
  REQUIRE(r.problems.empty());
  CHECK(r.skipped.empty());
  int memory = 0;
  for (const ValidationRow& row : r.rows)
    if (row.kind == ValidationKind::memory) {
      ++memory;
      MESSAGE(row.case_id, ": measured ", row.measured, " GiB, estimate ", row.predicted, " GiB");
    }
  CHECK(memory == 24);
}
