// Workload names, derived sizes and range checks. JSON and presets live in workload_json.cpp.
#include "engine/workload.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <string>
#include <utility>

#include "engine/input.hpp"
#include "engine/model.hpp"

namespace gw {

namespace {

std::string lower(std::string_view s) {
  std::string out;
  for (unsigned char c : s) out += static_cast<char>(std::tolower(c));
  return out;
}

template <class E>
struct Name {
  E value;
  const char* name;
};

// The first name of each value is the canonical one; later ones are accepted aliases.
const Name<Mode> kModes[] = {
    {Mode::train, "train"},         {Mode::lora, "lora"},       {Mode::qlora, "qlora"},
    {Mode::inference, "inference"}, {Mode::compute, "compute"}, {Mode::train, "training"},
    {Mode::inference, "serve"},     {Mode::inference, "infer"}, {Mode::compute, "science"}};
const Name<Arch> kArchs[] = {{Arch::decoder, "decoder"},
                             {Arch::encoder, "encoder"},
                             {Arch::cnn, "cnn"},
                             {Arch::diffusion, "diffusion"},
                             {Arch::generic, "generic"},
                             {Arch::encoder_decoder, "encoder-decoder"},
                             {Arch::vit, "vit"},
                             {Arch::dit, "dit"},
                             {Arch::decoder, "moe_decoder"},
                             {Arch::encoder_decoder, "encoder_decoder"},
                             {Arch::decoder, "gpt"},
                             {Arch::encoder, "bert"},
                             {Arch::diffusion, "unet"}};
const Name<Precision> kPrecisions[] = {
    {Precision::fp32, "fp32"},    {Precision::tf32, "tf32"},    {Precision::amp, "amp"},
    {Precision::fp16, "fp16"},    {Precision::bf16, "bf16"},    {Precision::int8, "int8"},
    {Precision::int4, "int4"},    {Precision::fp64, "fp64"},    {Precision::fp32, "float32"},
    {Precision::amp, "amp_fp16"}, {Precision::amp, "amp_bf16"}, {Precision::amp, "mixed"},
    {Precision::int4, "nf4"},     {Precision::fp64, "double"},  {Precision::fp16, "half"}};
const Name<Optimizer> kOptimizers[] = {{Optimizer::adamw, "adamw"},
                                       {Optimizer::sgd, "sgd"},
                                       {Optimizer::sgd_momentum, "sgd_momentum"},
                                       {Optimizer::adafactor, "adafactor"},
                                       {Optimizer::adam8bit, "adam8bit"},
                                       {Optimizer::adamw, "adam"},
                                       {Optimizer::sgd_momentum, "momentum"},
                                       {Optimizer::adam8bit, "adamw8bit"},
                                       {Optimizer::adam8bit, "8bit"}};
const Name<Bound> kBounds[] = {
    {Bound::auto_, "auto"}, {Bound::compute, "compute"}, {Bound::memory, "memory"}};
const Name<Runtime> kRuntimes[] = {{Runtime::auto_, "auto"},        {Runtime::pytorch, "pytorch"},
                                   {Runtime::vllm, "vllm"},         {Runtime::llamacpp, "llamacpp"},
                                   {Runtime::tensorrt, "tensorrt"}, {Runtime::llamacpp, "llama.cpp"},
                                   {Runtime::llamacpp, "gguf"},     {Runtime::pytorch, "hf"}};
// "all-linear" (PEFT's spelling) reads as all_linear once dashes become underscores.
const Name<LoraTargets> kLoraTargets[] = {
    {LoraTargets::qv, "qv"}, {LoraTargets::all, "all"}, {LoraTargets::all, "all_linear"}};

template <class E, std::size_t N>
std::string_view name_of(const Name<E> (&table)[N], E value) {
  for (const auto& n : table)
    if (n.value == value) return n.name;
  return "?";
}

template <class E, std::size_t N>
bool parse_from(const Name<E> (&table)[N], std::string_view text, E& out) {
  std::string key = lower(text);
  std::replace(key.begin(), key.end(), '-', '_');
  for (const auto& n : table)
    if (key == n.name) {
      out = n.value;
      return true;
    }
  return false;
}

void add(std::vector<Problem>& out, const char* field, std::string message) {
  out.push_back({field, std::move(message)});
}

std::string num(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", v);
  return buf;
}

}  // namespace

std::string_view to_string(Mode v) {
  return name_of(kModes, v);
}
std::string_view to_string(Arch v) {
  return name_of(kArchs, v);
}
std::string_view to_string(Precision v) {
  return name_of(kPrecisions, v);
}
std::string_view to_string(Optimizer v) {
  return name_of(kOptimizers, v);
}
std::string_view to_string(Bound v) {
  return name_of(kBounds, v);
}
std::string_view to_string(Runtime v) {
  return name_of(kRuntimes, v);
}
std::string_view to_string(LoraTargets v) {
  return name_of(kLoraTargets, v);
}
bool parse_lora_targets(std::string_view s, LoraTargets& out) {
  return parse_from(kLoraTargets, s, out);
}
bool parse_mode(std::string_view s, Mode& out) {
  return parse_from(kModes, s, out);
}
bool parse_arch(std::string_view s, Arch& out) {
  return parse_from(kArchs, s, out);
}
bool parse_precision(std::string_view s, Precision& out) {
  return parse_from(kPrecisions, s, out);
}
bool parse_optimizer(std::string_view s, Optimizer& out) {
  return parse_from(kOptimizers, s, out);
}
bool parse_bound(std::string_view s, Bound& out) {
  return parse_from(kBounds, s, out);
}
bool parse_runtime(std::string_view s, Runtime& out) {
  return parse_from(kRuntimes, s, out);
}

bool parse_count_text(std::string_view text, double& out) {
  return parse_count_value(text, out);
}

bool is_transformer(const Workload& w) {
  return w.arch == Arch::decoder || w.arch == Arch::encoder;
}

double effective_params(const Workload& w) {
  if (w.params > 0) return w.params;
  return shape_params_total(w);
}

int effective_kv_heads(const Workload& w) {
  return w.kv_heads > 0 ? w.kv_heads : w.heads;
}

double stored_weight_bits(const Workload& w) {
  if (w.weight_bits > 0 && w.weight_bits < 16) return w.weight_bits;
  switch (w.precision) {
    case Precision::fp32:
    case Precision::tf32:
      return 32;
    case Precision::fp64:
      return 64;
    case Precision::int8:
      return 8;
    case Precision::int4:
      return 4;
    default:
      return 16;
  }
}

std::vector<Problem> validate_workload(const Workload& w) {
  std::vector<Problem> out;
  // The fields' own ranges are the input table's (input.hpp), the same the CLI and share links use.
  Scenario scenario;
  scenario.workload = w;
  out = check_input_ranges(scenario, true);
  if (w.ffn_matrices != 0 && w.ffn_matrices != 2 && w.ffn_matrices != 3)
    add(out, "ffn_matrices",
        "must be 2 (plain FFN), 3 (gated, SwiGLU) or 0 for the usual (got " + num(w.ffn_matrices) + ")");
  if (w.model.size() > 100) add(out, "model", "a model id is at most 100 characters");
  for (unsigned char c : w.model)
    if (c < 0x20 || c == 0x7f) {
      add(out, "model", "a model id must not contain control characters");
      break;
    }
  if (w.experts > 0) {
    if (w.experts_active < 1 || w.experts_active > w.experts)
      add(out, "experts_active",
          "an MoE model routes each token to between 1 and `experts` (" + num(w.experts) + ") experts (got " +
              num(w.experts_active) + ")");
    if (w.expert_intermediate < 1)
      add(out, "expert_intermediate", "an MoE model needs the FFN inner size of one expert (> 0)");
    if (w.layers > 0 && w.dense_layers > w.layers)
      add(out, "dense_layers",
          "dense_layers " + num(w.dense_layers) + " exceeds the layer count " + num(w.layers));
  } else if (w.experts_active > 0 || w.shared_experts > 0) {
    add(out, w.experts_active > 0 ? "experts_active" : "shared_experts",
        "needs a routed expert count (experts > 0)");
  }
  if (w.patch_px > 0 && w.image_px > 0 && w.patch_px > w.image_px)
    add(out, "patch_px",
        "patch " + num(w.patch_px) + " px is larger than the image (" + num(w.image_px) + " px)");
  if ((w.mode == Mode::lora || w.mode == Mode::qlora) && w.lora_rank < 1)
    add(out, "lora_rank", "must be at least 1 for LoRA/QLoRA (got " + num(w.lora_rank) + ")");

  if (is_transformer(w)) {
    if (w.layers == 0) add(out, "layers", "must be at least 1 for a transformer");
    if (w.hidden < 1) add(out, "hidden", "must be at least 1 for a transformer (got " + num(w.hidden) + ")");
    if (w.heads < 1) add(out, "heads", "must be at least 1 for a transformer (got " + num(w.heads) + ")");
    if (w.kv_heads < 0) add(out, "kv_heads", "must not be negative (got " + num(w.kv_heads) + ")");
    // With an explicit head_dim (Gemma, Qwen3) the heads need not split `hidden` evenly.
    if (w.head_dim == 0 && w.hidden >= 1 && w.heads >= 1 && w.hidden % w.heads != 0)
      add(out, "hidden",
          "hidden size " + num(w.hidden) + " is not divisible by the head count " + num(w.heads));
    if (w.heads >= 1 && w.kv_heads > 0 && (w.kv_heads > w.heads || w.heads % w.kv_heads != 0))
      add(out, "kv_heads", "kv_heads " + num(w.kv_heads) + " must divide the head count " + num(w.heads));
    if (w.mode != Mode::inference && w.seq_len < 1)
      add(out, "seq", "a transformer needs a sequence length of at least 1 to train");
    if (w.mode == Mode::inference && w.seq_len < 1 && w.context_tokens <= 0 && w.tokens <= 0)
      add(out, "seq", "inference needs a prompt length (seq), a context or a token count");
  } else if (w.arch == Arch::encoder_decoder || w.arch == Arch::vit) {
    if (w.layers < 1) add(out, "layers", "must be at least 1 for an encoder-decoder or a ViT");
    if (w.hidden < 1) add(out, "hidden", "must be at least 1 for an encoder-decoder or a ViT");
    if (w.heads < 1) add(out, "heads", "must be at least 1 for an encoder-decoder or a ViT");
    if (w.arch == Arch::vit && w.patch_px < 1)
      add(out, "patch_px", "a vision transformer needs its patch size in pixels (> 0)");
  } else if (w.arch == Arch::dit) {
    if (!(w.params > 0) && (w.layers < 1 || w.hidden < 1))
      add(out, "params", "a diffusion transformer needs its parameter count or its layers and hidden size");
  } else if (w.arch == Arch::cnn || w.arch == Arch::diffusion) {
    if (!(w.gflops_per_sample > 0))
      add(out, "gflops_per_sample", "a CNN or diffusion model needs its forward GFLOPs per sample (> 0)");
  } else if (w.arch == Arch::generic) {
    if (!(w.gflops_per_sample > 0) && !(w.bytes_per_sample_mib > 0) && !(w.compute_hours_fp32_ref > 0))
      add(out, "gflops_per_sample",
          "a generic job needs GFLOPs or memory traffic per step (gflops_per_sample / bytes_per_sample_mib)");
  }

  const bool quantized = w.precision == Precision::int8 || w.precision == Precision::int4;
  if (quantized && w.mode != Mode::inference && w.mode != Mode::qlora)
    add(out, "precision",
        std::string(to_string(w.precision)) + " is for inference or QLoRA, not " +
            std::string(to_string(w.mode)));
  if (w.precision == Precision::fp64 && (w.mode == Mode::lora || w.mode == Mode::qlora))
    add(out, "precision", "fp64 does not apply to LoRA/QLoRA fine-tuning");
  if (w.reference) {
    const ReferenceRun& r = *w.reference;
    if (r.gpu.empty()) add(out, "reference_gpu", "a reference run needs the GPU it ran on");
    // Hours and card count have their ranges in the input table; a missing measurement is not a range.
    if (!(r.hours > 0)) add(out, "reference_hours", "a reference run needs its wall-clock hours (> 0)");
  }
  return out;
}

}  // namespace gw
