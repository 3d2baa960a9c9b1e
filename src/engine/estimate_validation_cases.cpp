// Reading a published measurement: the workload it describes and the GPUs it names.
#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>

#include "engine/estimate_model.hpp"
#include "engine/estimate_validation.hpp"
#include "engine/estimate_validation_detail.hpp"

namespace gw::vdetail {

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}
bool has(const std::string& hay, const char* needle) {
  return lower(hay).find(needle) != std::string::npos;
}
std::string str(const json& o, const char* key) {
  return o.is_object() && o.contains(key) && o[key].is_string() ? o[key].get<std::string>() : std::string();
}
double num(const json& o, const char* key, double fallback) {
  return o.is_object() && o.contains(key) && o[key].is_number() ? o[key].get<double>() : fallback;
}

bool map_precision(const std::string& text, Workload& w) {
  const std::string p = lower(text);
  if (p.empty()) return true;
  auto starts = [&](const char* s) { return p.rfind(s, 0) == 0; };
  // GGUF formats: bits per weight including their block scales.
  struct Gguf {
    const char* name;
    double bits;
  };
  for (const Gguf& g :
       {Gguf{"q2_k", 2.63}, Gguf{"q3_k", 3.9}, Gguf{"q4_0", 4.5}, Gguf{"q4_1", 5.0}, Gguf{"q4_k", 4.85},
        Gguf{"q5_0", 5.5}, Gguf{"q5_1", 6.0}, Gguf{"q5_k", 5.7}, Gguf{"q6_k", 6.56}, Gguf{"q8_0", 8.5}})
    if (starts(g.name)) {
      w.precision = Precision::fp16;
      w.weight_bits = g.bits;
      return true;
    }
  // FP8 (e4m3/e5m2) runs on the same 8-bit tensor path as INT8 (estimate_rates.cpp picks the FP8 rate
  // where the card lists one).
  if (starts("int8") || starts("fp8") || starts("e4m3")) {
    w.precision = Precision::int8;
    w.weight_bits = 8;
    return true;
  }
  if (starts("int4") || starts("nf4")) {
    w.precision = Precision::int4;
    w.weight_bits = 4;
    return true;
  }
  if (starts("int3")) {
    w.precision = Precision::int4;
    w.weight_bits = 3;
    return true;
  }
  if (starts("int2")) {
    w.precision = Precision::int4;
    w.weight_bits = 2;
    return true;
  }
  // Autocast ("amp_fp16", "fp16 (AMP)", "bf16 amp") keeps fp32 master weights.
  if (p.find("amp") != std::string::npos || p.find("autocast") != std::string::npos) {
    w.precision = Precision::amp;
    return true;
  }
  // ZeRO's "mixed fp16/fp32": fp16 weights and grads, fp32 master copy and Adam states.
  if (starts("mixed")) {
    w.precision = Precision::fp16;
    return true;
  }
  if (starts("fp16") || starts("f16") || p == "half") {
    w.precision = Precision::fp16;
    return true;
  }
  if (starts("bf16")) {
    w.precision = Precision::bf16;
    return true;
  }
  if (starts("tf32")) {
    w.precision = Precision::tf32;
    return true;
  }
  if (starts("fp32") || starts("f32")) {
    w.precision = Precision::fp32;
    return true;
  }
  if (starts("fp64") || starts("f64")) {
    w.precision = Precision::fp64;
    return true;
  }
  return false;
}

bool map_optimizer(const std::string& text, Optimizer& o) {
  const std::string s = lower(text);
  if (s.empty()) return true;
  if (s.find("8bit") != std::string::npos || s.find("8-bit") != std::string::npos)
    o = Optimizer::adam8bit;
  else if (s.find("adafactor") != std::string::npos)
    o = Optimizer::adafactor;
  else if (s.find("adam") != std::string::npos)
    o = Optimizer::adamw;
  else if (s.find("momentum") != std::string::npos)
    o = Optimizer::sgd_momentum;
  else if (s.find("sgd") != std::string::npos)
    o = Optimizer::sgd;
  else
    return false;
  return true;
}

Built build_workload(const json& wl, const std::vector<Preset>& presets) {
  Built b;
  Workload& w = b.w;
  const std::string mode = lower(str(wl, "mode"));
  if (mode == "none") {
    b.context_only = true;
    return b;
  }
  if (wl.contains("model") && wl["model"].is_object()) {
    const json& m = wl["model"];
    const std::string name = str(m, "name");
    w.arch =
        has(name, "bert") || has(name, "roberta") || has(name, "electra") ? Arch::encoder : Arch::decoder;
    w.params = num(m, "params");
    w.layers = static_cast<int>(num(m, "layers"));
    w.hidden = static_cast<int>(num(m, "hidden"));
    w.heads = static_cast<int>(num(m, "heads"));
    w.kv_heads = static_cast<int>(num(m, "kv_heads"));
    w.vocab = static_cast<int>(num(m, "vocab"));
    w.intermediate = static_cast<int>(num(m, "intermediate"));
    w.ffn_matrices = static_cast<int>(num(m, "ffn_matrices"));
    w.head_dim = static_cast<int>(num(m, "head_dim"));
    if (m.contains("tied_embeddings") && m["tied_embeddings"].is_boolean())
      w.tied_embeddings = m["tied_embeddings"].get<bool>();
    w.title = {name, name};
  } else if (wl.contains("model") && wl["model"].is_string()) {
    const Preset* p = find_preset_by_model(presets, wl["model"].get<std::string>());
    if (!p) {
      b.why_not = "no preset describes model '" + wl["model"].get<std::string>() + "'";
      return b;
    }
    w = p->workload;
  } else if (const Preset* p = find_preset_by_model(presets, str(wl, "description"))) {
    w = p->workload;
  } else if (mode == "microbenchmark") {
    // A dense GEMM: pure compute on the unit the precision selects.
    w.arch = Arch::generic;
    w.mode = Mode::compute;
    w.bound = Bound::compute;
    w.gflops_per_sample = 1000;
  } else {
    b.why_not = "the case names no model the estimator can rebuild";
    return b;
  }
  if (mode.rfind("train", 0) == 0) {
    if (w.mode == Mode::inference || w.mode == Mode::compute) w.mode = Mode::train;
  } else if (mode.rfind("inference", 0) == 0) {
    w.mode = Mode::inference;
  } else if (mode == "lora" || mode == "qlora") {
    parse_mode(mode, w.mode);
  }
  // LitGPT's "bf16-true": weights, grads and optimizer states all bf16 (no fp32 master copy).
  if (has(str(wl, "precision"), "-true")) w.pure_half_states = true;
  if (!map_precision(str(wl, "precision"), w)) {
    b.why_not = "unknown precision '" + str(wl, "precision") + "'";
    return b;
  }
  if (wl.contains("weight_bits") && wl["weight_bits"].is_number())
    w.weight_bits = wl["weight_bits"].get<double>();
  Optimizer o = w.optimizer;
  if (!map_optimizer(str(wl, "optimizer"), o)) {
    b.why_not = "unknown optimizer '" + str(wl, "optimizer") + "'";
    return b;
  }
  w.optimizer = o;
  if (wl.contains("gradient_checkpointing") && wl["gradient_checkpointing"].is_boolean())
    w.checkpointing = wl["gradient_checkpointing"].get<bool>();
  const double batch = num(wl, "batch_size", 0);
  const double seq = num(wl, "seq_len", 0);
  b.prefill = lower(str(wl, "phase")).rfind("prefill", 0) == 0;
  if (w.mode == Mode::inference && is_transformer(w)) {
    if (batch > 0) w.inference_batch = batch;
    if (mode.find("idle") != std::string::npos) {
      w.seq_len = 0;
      w.context_tokens = 0;
    } else if (b.prefill || w.arch == Arch::encoder) {
      w.seq_len = seq > 0 ? static_cast<int>(seq) : 512;  // llama-bench's default prompt
    } else {
      w.seq_len = 0;
      w.context_tokens = seq > 0 ? seq : 512;
    }
  } else {
    if (batch > 0) w.micro_batch = static_cast<int>(batch);
    if (seq > 0) w.seq_len = static_cast<int>(seq);
  }
  // What a preset-based case states about its own model and script: a library model's shape given as
  // numbers (SDXL over the SD preset), text encoders and VAE freed after caching their outputs, DreamBooth's
  // prior preservation (each batch entry carries an instance and a class image), gradients set to None.
  for (const char* key : {"params", "frozen_params"})
    if (wl.contains(key) && wl[key].is_number() && wl[key].get<double>() >= 0)
      (std::string(key) == "params" ? w.params : w.frozen_params) = wl[key].get<double>();
  // A CNN the library has but no preset runs (ResNet-101 on the ResNet-50 preset): its FLOPs per sample.
  if (wl.contains("gflops_per_sample") && wl["gflops_per_sample"].is_number() &&
      wl["gflops_per_sample"].get<double>() > 0)
    w.gflops_per_sample = wl["gflops_per_sample"].get<double>();
  if (wl.contains("image_px") && wl["image_px"].is_number())
    w.image_px = static_cast<int>(std::clamp(wl["image_px"].get<double>(), 1.0, 16384.0));
  if (wl.contains("frozen_on_gpu") && wl["frozen_on_gpu"].is_boolean() && !wl["frozen_on_gpu"].get<bool>())
    w.frozen_params = 0;
  if (wl.contains("prior_preservation") && wl["prior_preservation"].is_boolean() &&
      wl["prior_preservation"].get<bool>())
    w.micro_batch *= 2;
  if (wl.contains("grads_set_to_none") && wl["grads_set_to_none"].is_boolean())
    w.grads_freed = wl["grads_set_to_none"].get<bool>();
  w.grad_accum = std::max(1, static_cast<int>(num(wl, "grad_accum_steps", 1)));
  b.gpu_count = std::max(1, static_cast<int>(num(wl, "num_gpus", 1)));
  if (wl.contains("lora_r") && wl["lora_r"].is_number())
    w.lora_rank = std::max(1, static_cast<int>(wl["lora_r"].get<double>()));
  // The adapters' targets as the recipe names them: "all"/"all-linear" (PEFT, LLaMA-Factory, ms-swift ALL),
  // or the module names. Anything else (q_proj and v_proj, LitGPT's query and value, Qwen-1's fused c_attn,
  // whose r x (h + 3h) equals q and v's count) is the q-and-v default.
  if (wl.contains("lora_target_modules")) {
    const json& t = wl["lora_target_modules"];
    std::string names;
    if (t.is_string() && !parse_lora_targets(t.get<std::string>(), w.lora_targets))
      names = lower(t.get<std::string>());
    if (t.is_array())
      for (const json& n : t)
        if (n.is_string()) names += lower(n.get<std::string>()) + " ";
    if (has(names, "o_proj") && has(names, "down_proj")) w.lora_targets = LoraTargets::all;
  }
  const std::string framework = str(wl, "framework");
  // llama.cpp's cuBLAS path multiplies fp16 with fp16 accumulation.
  if (has(framework, "llama.cpp")) w.fp16_accumulate = true;
  // The runtime the measurement ran under, as the case states it.
  if (has(framework, "llama.cpp"))
    w.runtime = Runtime::llamacpp;
  else if (has(framework, "vllm"))
    w.runtime = Runtime::vllm;
  else if (has(framework, "tensorrt"))
    w.runtime = Runtime::tensorrt;
  else
    w.runtime = Runtime::pytorch;
  // Hugging Face transformers used eager attention before SDPA became its default (v4.36); a case may
  // also say so outright.
  const auto tf = lower(framework).find("transformers");
  if (tf != std::string::npos) {
    const std::string rest = lower(framework).substr(tf);
    const auto v = rest.find("4.");
    if (v != std::string::npos && v + 2 < rest.size() &&
        std::isdigit(static_cast<unsigned char>(rest[v + 2]))) {
      const int minor = std::atoi(rest.c_str() + v + 2);
      if (minor < 36) w.fused_attention = false;
    }
  }
  const std::string attn = lower(str(wl, "attention"));
  if (attn == "eager") w.fused_attention = false;
  if (attn == "sdpa" || attn == "flash") w.fused_attention = true;
  // LitGPT computes the head and the loss over chunks of the sequence.
  if (has(framework, "litgpt") || has(framework, "lit-gpt")) w.chunked_ce = true;
  // Molecular dynamics: the benchmark's system size, against the preset's 100k atoms.
  const double atoms = num(wl, "atoms", 0);
  if (atoms > 0 && w.arch == Arch::generic) {
    const double scale = atoms / kMdPresetAtoms;
    w.gflops_per_sample *= scale;
    w.bytes_per_sample_mib *= scale;
    b.category = "md";
  }
  // NVIDIA's NGC containers allow TF32 for "fp32" matmuls and convolutions by default.
  if (w.precision == Precision::fp32 && has(framework, "ngc")) w.precision = Precision::tf32;
  return b;
}

double unit_to_gib(const std::string& unit) {
  const std::string u = lower(unit);
  // Memory tools (nvidia-smi, PyTorch) print MiB, often labelled "MB".
  if (u.rfind("mib", 0) == 0 || u.rfind("mb", 0) == 0) return 1.0 / 1024.0;
  if (u.rfind("gib", 0) == 0) return 1.0;
  if (u.rfind("gb", 0) == 0) return 1e9 / model::kGiB;
  return 0;
}

GpuRef resolve_gpu(const Catalog& catalog, std::string_view name) {
  GpuRef ref;
  std::string n(name);
  // "2x RTX 3090", "2 x A100", "RTX 3090 x2"
  std::size_t i = 0;
  while (i < n.size() && std::isdigit(static_cast<unsigned char>(n[i]))) ++i;
  if (i > 0 && i <= 4 && i + 1 < n.size() && (n[i] == 'x' || n[i] == 'X' || n[i] == ' ')) {
    std::size_t j = i;
    while (j < n.size() && n[j] == ' ') ++j;
    if (j < n.size() && (n[j] == 'x' || n[j] == 'X') && j + 1 < n.size() && n[j + 1] == ' ') {
      ref.count = std::stoi(n.substr(0, i));
      n = n.substr(j + 2);
    }
  }
  const auto x = n.rfind(" x");
  if (x != std::string::npos && x + 2 < n.size() && n.size() - x - 2 <= 4 &&
      n.find_first_not_of("0123456789", x + 2) == std::string::npos) {
    ref.count = std::stoi(n.substr(x + 2));
    n = n.substr(0, x);
  }
  ref.count = std::max(1, std::min(ref.count, 1024));
  ref.gpu = validation_gpu(catalog, n);
  return ref;
}

}  // namespace gw::vdetail

namespace gw {

const Gpu* validation_gpu(const Catalog& catalog, std::string_view name) {
  using vdetail::lower;
  std::string n(name);
  if (const auto open = n.find('('); open != std::string::npos) n.erase(open);
  while (!n.empty() && n.back() == ' ') n.pop_back();
  GpuMatch m = find_gpu(catalog, n);
  if (m.gpu) return m.gpu;
  // "RTX 3090 24GB": the capacity is part of some names and not of others.
  if (m.candidates.empty()) {
    const auto sp = n.rfind(' ');
    if (sp != std::string::npos && lower(n.substr(sp)).find("gb") != std::string::npos) {
      GpuMatch m2 = find_gpu(catalog, n.substr(0, sp));
      if (m2.gpu) return m2.gpu;
      m = m2;
    }
  }
  if (m.candidates.empty()) {
    // Word order differs between sources ("H100 80GB SXM5" vs "H100 SXM5 80GB"): every word must appear.
    std::vector<std::string> words;
    std::string cur;
    for (char ch : n + " ") {
      if (std::isalnum(static_cast<unsigned char>(ch))) {
        cur += static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
      } else if (!cur.empty()) {
        words.push_back(cur);
        cur.clear();
      }
    }
    for (const Gpu& g : catalog.gpus) {
      std::string hay = lower(g.id + " " + g.name);
      for (const std::string& a : g.aliases) hay += " " + lower(a);
      std::string squashed;
      for (char ch : hay)
        if (std::isalnum(static_cast<unsigned char>(ch))) squashed += ch;
      bool all = !words.empty();
      for (const std::string& wd : words) all = all && squashed.find(wd) != std::string::npos;
      if (all) m.candidates.push_back(&g);
    }
  }
  if (m.candidates.empty()) return nullptr;
  if (m.candidates.size() == 1) return m.candidates.front();
  const Gpu* pcie = nullptr;
  int pcie_count = 0;
  for (const Gpu* g : m.candidates)
    if (g->id.find("pcie") != std::string::npos) {
      pcie = g;
      ++pcie_count;
    }
  return pcie_count == 1 ? pcie : m.candidates.front();
}

}  // namespace gw
