// LoRA target layers (Workload::lora_targets): one input-table entry reaching the CLI flag, the share link
// and JSON, and the adapter count, memory and step traffic it changes. qv is the default and leaves every
// number as it was; all is PEFT's all-linear.
#include <doctest/doctest.h>

#include <string>

#include "engine/estimate_model.hpp"
#include "engine/estimate_validation_detail.hpp"
#include "engine/input.hpp"
#include "engine/link.hpp"
#include "engine/model.hpp"
#include "test_recommend_fixtures.hpp"

using namespace gw;

namespace {

constexpr double GiB = 1024.0 * 1024.0 * 1024.0;

// Llama-2-7B (the library's shape, as its config.json states it: no GQA, SwiGLU FFN of 11008) from the
// lora-7b preset, at a given rank and target set.
Workload llama2_7b(LoraTargets targets, int rank) {
  Workload w = test::scenario_for("lora-7b").workload;
  REQUIRE(w.layers == 32);
  REQUIRE(w.hidden == 4096);
  REQUIRE(effective_kv_heads(w) == 32);
  REQUIRE(w.intermediate == 11008);
  w.lora_rank = rank;
  w.lora_targets = targets;
  return w;
}

}  // namespace

TEST_CASE("lora_targets is one table entry: CLI flag, link key, JSON key and its names") {
  const InputField* f = find_input("--lora-targets");
  REQUIRE(f);
  CHECK(f == find_input("lt"));
  CHECK(f == find_input("lora_targets"));
  CHECK(f->type == InputType::choice);
  CHECK(f->workload);
  CHECK(std::string(f->label.zh) == "LoRA 目标层");
  Scenario s;
  CHECK(s.workload.lora_targets == LoraTargets::qv);  // the default: what gpuwise assumed before
  CHECK(input_text(*f, s) == "qv");
  CHECK(set_input(*f, s, "all", false).status == InputSet::ok);
  CHECK(s.workload.lora_targets == LoraTargets::all);
  CHECK(input_text(*f, s) == "all");
  CHECK(set_input(*f, s, "qv", false).status == InputSet::ok);
  CHECK(s.workload.lora_targets == LoraTargets::qv);
  // PEFT's own spelling reads as all; anything else is refused and leaves the value.
  CHECK(set_input(*f, s, "all-linear", false).status == InputSet::ok);
  CHECK(s.workload.lora_targets == LoraTargets::all);
  CHECK(set_input(*f, s, "q_proj", false).status != InputSet::ok);
  CHECK(s.workload.lora_targets == LoraTargets::all);
}

TEST_CASE("lora_targets survives a share link and a JSON round trip; qv writes nothing") {
  Scenario s = test::scenario_for("qlora-7b");
  const std::string plain = encode_link(s, test::bundled_presets(), {});
  CHECK(plain.find("lt=") == std::string::npos);
  s.workload.lora_targets = LoraTargets::all;
  const std::string link = encode_link(s, test::bundled_presets(), {});
  CHECK(link.find("&lt=all") != std::string::npos);
  const LinkDecode d = decode_link(link, test::bundled_presets(), test::bundled_catalog());
  CHECK(d.scenario.workload.lora_targets == LoraTargets::all);

  const std::string json = workload_to_json(s.workload);
  CHECK(json.find("\"lora_targets\": \"all\"") != std::string::npos);
  const WorkloadLoad back = workload_from_json(json);
  REQUIRE(back.workload);
  CHECK(back.workload->lora_targets == LoraTargets::all);
  // Files written before the field existed read and write the same.
  s.workload.lora_targets = LoraTargets::qv;
  CHECK(workload_to_json(s.workload).find("lora_targets") == std::string::npos);
  CHECK(!workload_from_json("{\"lora_targets\": \"attention\"}").problems.empty());
}

TEST_CASE("adapter counts match PEFT's print_trainable_parameters") {
  // PEFT's print_trainable_parameters for Llama-2-7B: r=8 on q_proj and v_proj prints 4,194,304
  // trainable; r=64 with target_modules="all-linear" prints 159,907,840.
  CHECK(model::lora_params(llama2_7b(LoraTargets::qv, 8)) == 4194304.0);
  CHECK(model::lora_params(llama2_7b(LoraTargets::all, 64)) == 159907840.0);
  CHECK(model::lora_params(llama2_7b(LoraTargets::qv, 64)) == 33554432.0);
}

TEST_CASE("all-linear adapters: fp32 weights, grads and AdamW states, and their saved inputs") {
  const Workload qv = llama2_7b(LoraTargets::qv, 64), all = llama2_7b(LoraTargets::all, 64);
  const MemoryBreakdown a = model::memory_breakdown(qv, {}), b = model::memory_breakdown(all, {});
  const double extra = 159907840.0 - 33554432.0;
  CHECK(b.weights_gib - a.weights_gib == doctest::Approx(extra * 4 / GiB));
  CHECK(b.gradients_gib - a.gradients_gib == doctest::Approx(extra * 4 / GiB));
  CHECK(b.optimizer_gib - a.optimizer_gib == doctest::Approx(extra * 8 / GiB));
  // Saved per token and hidden unit: each adapted layer's dropout output (2 bytes in bf16) and mask (1
  // byte) of its input width: q, k, v, gate, up read hidden, o reads heads x head_dim = hidden, down reads
  // 11008. q and v alone: 2 x 3.
  const double inputs = 3 + 1 + 2 + 11008.0 / 4096;
  CHECK(model::layer_activation(all).per_token_h - model::layer_activation(qv).per_token_h ==
        doctest::Approx(3 * (inputs - 2)));
  CHECK(b.activations_gib > a.activations_gib);
  CHECK(b.total_gib() > a.total_gib() + 1.5);
  bool named = false;
  for (const Text& r : b.rules)
    named |= r.en.find("rank 64 on all linear layers (q, k, v, o, gate, up, down)") != std::string::npos &&
             r.zh.find("所有线性层（q、k、v、o、gate、up、down）上秩 64") != std::string::npos;
  CHECK(named);
  // The optimizer steps on the added adapters too: a step moves more bytes.
  CHECK(model::step_work(all).bytes > model::step_work(qv).bytes);
}

TEST_CASE("qv is the behaviour before the field: the rule text and counts are unchanged") {
  const Workload qv = llama2_7b(LoraTargets::qv, 16);
  const MemoryBreakdown m = model::memory_breakdown(qv, {});
  bool named = false;
  for (const Text& r : m.rules) named |= r.en.find("(rank 16 on q and v)") != std::string::npos;
  CHECK(named);
  // Training without adapters ignores the targets entirely.
  Workload full = qv, full_all = qv;
  full.mode = full_all.mode = Mode::train;
  full_all.lora_targets = LoraTargets::all;
  CHECK(model::memory_breakdown(full, {}).total_gib() == model::memory_breakdown(full_all, {}).total_gib());
}

TEST_CASE("all-linear on an MoE model adapts every expert and the router; GQA narrows k and v") {
  // A small Mixtral-shaped model: 2 layers, the first dense, GQA 8 -> 2 heads, 4 routed experts (2 active)
  // and 1 shared, all gated.
  Workload w = llama2_7b(LoraTargets::all, 4);
  w.layers = 2;
  w.hidden = 64;
  w.heads = 8;
  w.kv_heads = 2;
  w.intermediate = 128;
  w.experts = 4;
  w.experts_active = 2;
  w.shared_experts = 1;
  w.expert_intermediate = 32;
  w.dense_layers = 1;
  w.head_dim = 0;
  w.ffn_matrices = 3;
  const double attention = (64 + 64) + (64 + 16) + (64 + 16) + (64 + 64);
  const double dense_ffn = 3 * (64 + 128);
  const double moe_ffn = 5 * 3 * (64 + 32) + (64 + 4);
  CHECK(model::lora_params(w) == 4 * (2 * attention + dense_ffn + moe_ffn));
  // Per token, the MoE layer's adapters see the 2 active and 1 shared experts' inputs and the router's.
  Workload qv = w;
  qv.lora_targets = LoraTargets::qv;
  const double attention_in = (64 + 64 + 64 + 64) / 64.0;
  const double dense_in = (2 * 64 + 128) / 64.0, moe_in = (3 * (2 * 64 + 32) + 64) / 64.0;
  CHECK(model::layer_activation(w).per_token_h - model::layer_activation(qv).per_token_h ==
        doctest::Approx(3 * (attention_in + (dense_in + moe_in) / 2 - 2)));
}

TEST_CASE("validation cases: all-linear recipes map to all, q/v and fused c_attn to qv") {
  const auto built = [](const char* targets) {
    vdetail::json wl = {{"model",
                         {{"name", "Llama-2-7B"},
                          {"params", 6738415616},
                          {"layers", 32},
                          {"hidden", 4096},
                          {"heads", 32},
                          {"vocab", 32000},
                          {"intermediate", 11008}}},
                        {"mode", "lora"},
                        {"precision", "bf16"},
                        {"optimizer", "AdamW"},
                        {"lora_r", 64}};
    if (targets) wl["lora_target_modules"] = vdetail::json::parse(targets);
    const vdetail::Built b = vdetail::build_workload(wl, {});
    REQUIRE(b.why_not.empty());
    return b.w.lora_targets;
  };
  CHECK(built(nullptr) == LoraTargets::qv);
  CHECK(built("\"DEFAULT (c_attn)\"") == LoraTargets::qv);
  CHECK(built("[\"q_proj\", \"v_proj\"]") == LoraTargets::qv);
  CHECK(built("\"all-linear\"") == LoraTargets::all);
  CHECK(built("\"ALL\"") == LoraTargets::all);
  CHECK(
      built("[\"q_proj\", \"k_proj\", \"v_proj\", \"o_proj\", \"gate_proj\", \"up_proj\", \"down_proj\"]") ==
      LoraTargets::all);
}
