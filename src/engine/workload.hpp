#pragma once
// A job to run: what it is, how big, at what precision, and how much of it.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "text.hpp"

namespace gw {

enum class Mode { train, lora, qlora, inference, compute };
// An MoE decoder is Arch::decoder with experts > 0. encoder_decoder: T5, Whisper (`layers` is the
// encoder's, `decoder_layers` the decoder's). vit: vision transformer. dit: diffusion transformer
// (diffusion stays the UNet one).
enum class Arch { decoder, encoder, cnn, diffusion, generic, encoder_decoder, vit, dit };
// amp = fp16/bf16 autocast with fp32 master weights; fp16/bf16 = pure half precision.
enum class Precision { fp32, tf32, amp, fp16, bf16, int8, int4, fp64 };
enum class Optimizer { adamw, sgd, sgd_momentum, adafactor, adam8bit };
// Which roofline side a generic or science job sits on.
enum class Bound { auto_, compute, memory };
// What runs the job; each keeps its own overhead in GPU memory (estimate_memory.cpp). auto_ follows
// the mode: a quantized (GGUF-style) inference job runs under llama.cpp, anything else under PyTorch.
enum class Runtime { auto_, pytorch, vllm, llamacpp, tensorrt };
// Serving (serve.hpp): when the service is up. always = 24 h a day; night = stopped serve_idle_hours a day;
// zero = scaled to zero in the serve_idle_hours a day without traffic.
enum class ServeIdle { always, night, zero };
// Which linear layers carry LoRA adapters. qv: the query and value projections (Hugging Face PEFT's default
// for Llama-style models, LitGPT's lora_query and lora_value). all: every linear layer of each transformer
// block, attention and FFN (PEFT target_modules="all-linear", the QLoRA paper, LLaMA-Factory's
// `lora_target: all`, ms-swift's ALL); the embeddings and the output head are not adapted.
enum class LoraTargets { qv, all };

// "This job took T hours on GPU X": calibrates every other estimate.
struct ReferenceRun {
  std::string gpu;  // Gpu::id (resolved) or a loose name before resolution
  int gpu_count = 1;
  double hours = 0;
};

struct Workload {
  std::string preset;  // preset id it started from, if any
  Text title;
  Mode mode = Mode::train;
  Arch arch = Arch::decoder;
  // Transformer shape.
  double params = 0;  // parameter count
  // Diffusion pipelines: the frozen text encoders and VAE beside the denoiser (SD 1.5: CLIP ViT-L/14's
  // text model + VAE). Held in memory at inference and while fine-tuning, never trained; 0 = none counted.
  double frozen_params = 0;
  int layers = 0;
  int hidden = 0;
  int heads = 0;
  int kv_heads = 0;
  int vocab = 0;
  std::string model;             // library id this job starts from ("qwen2.5-7b"); "" = typed by hand
  int intermediate = 0;          // dense FFN inner size; 0 = 4 * hidden
  int head_dim = 0;              // 0 = hidden / heads
  bool tied_embeddings = false;  // input and output embeddings share one matrix
  // FFN weight matrices: 3 = gated (SwiGLU/GeGLU: gate, up, down), 2 = plain (up, down); 0 = the
  // arch's usual (3 for decoder, 2 for encoder, encoder-decoder, vit).
  int ffn_matrices = 0;
  int decoder_layers = 0;  // encoder-decoder (T5, Whisper): `layers` is the encoder's, this the decoder's
  int experts = 0;         // MoE: routed experts per MoE layer (0 = dense)
  int experts_active = 0;  // MoE: routed experts each token runs through
  int shared_experts = 0;  // MoE: always-on experts (DeepSeek, Qwen-MoE)
  int expert_intermediate = 0;  // MoE: FFN inner size of one expert
  int dense_layers = 0;         // MoE: leading layers with a dense FFN (DeepSeek first_k_dense_replace)
  // Multi-head latent attention (DeepSeek-V2/V3; 0 = ordinary attention). K and V are rebuilt from one
  // kv_lora_rank latent per token (plus a rope_head_dim key part, shared by the heads): that latent is
  // what the KV cache keeps. head_dim is then the per-head no-rope query/key and value width.
  int kv_lora_rank = 0;
  int q_lora_rank = 0;    // 0 = full-rank query projection
  int rope_head_dim = 0;  // qk_rope_head_dim
  int patch_px = 0;       // ViT / DiT: patch side in pixels (tokens = (image_px / patch_px)^2)
  double audio_seconds =
      0;             // Whisper: audio per sample (the encoder sees 50 frames per second, 30 s windows)
  int frames = 0;    // video: frames per sample (0 = still images)
  int mel_bins = 0;  // Whisper: log-mel channels the conv stem reads (config.json num_mel_bins; 0 = 80)
  // ALBERT: factorised token embeddings of this width, projected to hidden (config.json embedding_size;
  // 0 = hidden), and cross-layer sharing: the layers with weights of their own (num_hidden_groups x
  // inner_group_num; 0 = every layer). Both change the parameter count only: every layer still runs.
  int embedding_size = 0;
  int distinct_layers = 0;
  // CNN / diffusion / generic: per-sample figures.
  double activation_mib_per_sample = 0;  // training activations at fp16/AMP per sample
  double gflops_per_sample = 0;          // forward GFLOPs per sample
  double bytes_per_sample_mib = 0;       // memory traffic per sample (bandwidth-bound jobs)
  double working_set_gib = 0;            // generic compute: resident data
  // Batch and sample size.
  int micro_batch = 1;
  int grad_accum = 1;
  int seq_len = 0;   // tokens per sample
  int image_px = 0;  // image side, for CNN/diffusion
  Precision precision = Precision::amp;
  Optimizer optimizer = Optimizer::adamw;
  bool checkpointing = false;
  // Attention scores not kept for backward (FlashAttention / PyTorch SDPA, the default of PyTorch >= 2
  // with Hugging Face transformers). false = eager attention, which stores the s x s score matrices.
  bool fused_attention = true;
  // Half-precision GEMMs accumulate in fp16 (llama.cpp's cuBLAS path, some TensorRT engines), so
  // GeForce cards run them at their full tensor rate instead of the FP32-accumulate half rate.
  bool fp16_accumulate = false;
  double weight_bits = 16;  // inference: 16, 8, 4
  int lora_rank = 16;
  LoraTargets lora_targets = LoraTargets::qv;
  // Amount of work (0 = unknown).
  double dataset_samples = 0;
  double epochs = 0;
  double tokens = 0;                  // training tokens, or tokens to generate (inference)
  double inference_batch = 1;         // concurrent sequences when serving
  double context_tokens = 0;          // prompt + generated length held in the KV cache
  double compute_hours_fp32_ref = 0;  // generic: hours on 1 TFLOP/s-equivalent (rarely used)
  double data_loading_share = 0.0;    // share of step time spent loading data on the reference
  Bound bound = Bound::auto_;
  bool needs_fp64 = false;
  // Molecular dynamics: the integration step in femtoseconds (2 fs with constrained bonds, 4 fs with
  // hydrogen mass repartitioning). Above 0, a step of work is one MD step and speed also shows as ns/day.
  double md_timestep_fs = 0;
  Runtime runtime = Runtime::auto_;
  // fp16/bf16 training: weights, gradients and optimizer states all in 16-bit, no fp32 master copy
  // (~8 bytes/param with AdamW instead of ~16).
  bool pure_half_states = false;
  // Cross-entropy over chunks of the sequence: the fp32 copy of the full logits never exists.
  bool chunked_ce = false;
  // The training loop frees the gradients after every optimizer step (zero_grad(set_to_none=True), the
  // default of PyTorch >= 2.0 and of Hugging Face's Trainer): the backward then builds them while it frees
  // the stored activations, so both do not sit at the peak together. false = they persist between steps.
  bool grads_freed = false;
  double gpu_memory_utilization = 0.9;  // vLLM: share of the card it reserves up front
  int per_sample_px = 0;  // CNN/diffusion: image side the per-sample figures are stated for (0 = image_px)
  // Diffusion inference: one generated image takes sampling_steps denoiser passes, two per step with
  // classifier-free guidance (a conditional and an unconditional pass, batched together). 0 = the per-sample
  // GFLOPs already cover a whole sample. Training runs one pass per image and step whatever these say.
  int sampling_steps = 0;
  bool cfg = false;
  // ZeRO-Offload (DeepSpeed offload_optimizer to cpu): the fp32 master weights, fp32 gradients and optimizer
  // states live in host RAM and the optimizer steps on the CPU; the GPU keeps 16-bit weights and gradients.
  bool offload_optimizer = false;
  // Serving (serve.hpp): an inference job of a decoder kept up for a period. Serving is on when
  // serve_users or serve_rps is above 0; the prompt is seq_len tokens, the KV cache holds prompt + output.
  double serve_users = 0;          // concurrent users (sequences in flight); 0 = from serve_rps
  double serve_rps = 0;            // request arrivals per second; 0 = each user asks again at once
  double serve_output_tokens = 0;  // generated tokens per request
  double serve_ttft_s = 0;         // target time to first token, seconds (0 = none)
  double serve_user_tps = 0;       // target tokens/s each user sees (0 = none)
  double serve_hours = 0;          // how long the service stays up (wall clock)
  double serve_idle_hours = 8;     // hours a day stopped (night) or without traffic (zero)
  ServeIdle serve_idle = ServeIdle::always;
  std::optional<ReferenceRun> reference;
};

// Names used in JSON, flags and links ("amp", "adamw", "qlora").
std::string_view to_string(Mode);
std::string_view to_string(Arch);
std::string_view to_string(Precision);
std::string_view to_string(Optimizer);
std::string_view to_string(Bound);
std::string_view to_string(Runtime);
std::string_view to_string(ServeIdle);  // serve.cpp
std::string_view to_string(LoraTargets);
bool parse_mode(std::string_view, Mode&);
bool parse_arch(std::string_view, Arch&);
bool parse_precision(std::string_view, Precision&);
bool parse_optimizer(std::string_view, Optimizer&);
bool parse_bound(std::string_view, Bound&);
bool parse_runtime(std::string_view, Runtime&);
bool parse_serve_idle(std::string_view, ServeIdle&);  // serve.cpp
bool parse_lora_targets(std::string_view, LoraTargets&);

// Range checks: every problem names its field ("batch", "hidden").
std::vector<Problem> validate_workload(const Workload&);

struct WorkloadLoad {
  std::optional<Workload> workload;
  std::vector<Problem> problems;
};
// JSON as documented in data/README.md. Fields absent keep the base's values.
// A job description is a few hundred bytes; anything over 1 MiB is refused before parsing.
inline constexpr std::size_t kMaxWorkloadBytes = 1u << 20;
WorkloadLoad workload_from_json(std::string_view json_text, const Workload& base = {});
// The same reader without the range and consistency checks, for a partial description applied before the
// rest of the job is known (a library model's shape, models.hpp): types and keys are still checked.
WorkloadLoad workload_delta_from_json(std::string_view json_text, const Workload& base);
std::string workload_to_json(const Workload&);

struct Preset {
  std::string id;  // "bert-base-finetune"
  Text title;
  Text guide;                       // what the source article says about this scenario
  std::string group;                // "cv", "nlp", "llm", "science"
  std::vector<std::string> models;  // model names this preset stands for ("ResNet-50", "bert-base")
  Workload workload;
};
struct PresetLoad {
  std::vector<Preset> presets;
  std::vector<Problem> problems;
};
PresetLoad load_presets(std::string_view json_text);
const Preset* find_preset(const std::vector<Preset>&, std::string_view id);
// A preset whose `models` names appear in free text ("ResNet-50 v1.5" -> "resnet50-train"), else null.
const Preset* find_preset_by_model(const std::vector<Preset>&, std::string_view model_name);

// Parameter count: the given one, else derived from the transformer shape (12 L h^2 + V h).
double effective_params(const Workload&);
// kv_heads, or heads when 0 (plain multi-head attention).
int effective_kv_heads(const Workload&);
// Bits per weight as stored: weight_bits below 16, else the precision's own width.
double stored_weight_bits(const Workload&);
bool is_transformer(const Workload&);
// "340M", "1.5B", "7e9", "2048": counts with K/M/B/T suffixes. False on anything else.
bool parse_count_text(std::string_view text, double& out);

}  // namespace gw
