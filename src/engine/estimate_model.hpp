#pragma once
// Internals shared by the estimate*.cpp files: the memory terms, the rate a GPU offers a job and
// the work one step does. Front ends use estimate.hpp; tests may use these to check single rules.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "catalog.hpp"
#include "estimate.hpp"
#include "workload.hpp"

namespace gw::model {

// A sentence from a printf pattern and up to three numbers, as long as it needs to be: a fixed buffer cut
// the MoE note of estimate.cpp mid-sentence (its English pattern alone is over 400 bytes).
std::string fmt(const char* pattern, double a = 0, double b = 0, double c = 0);

constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;
constexpr double kMiB = 1024.0 * 1024.0;

// ---- shapes the estimator models (estimate_speed.cpp)
// The job as the estimator models it. A ViT or a DiT is the encoder stack it is, one token per patch (a ViT
// adds its class token; a DiT one token per 2x2 latent patch, patch_px in image pixels): tokens =
// (image_px / patch_px)^2. For them --batch is the images per call also in inference. Sampling steps and
// classifier-free guidance only apply to diffusion models (UNet or DiT) and are cleared for any other.
// Every function below applies it itself; it is idempotent.
Workload modelled(const Workload& w);
// The same without a copy when nothing changes (copying a Workload allocates its strings, and the hot paths
// model the job several times per estimate): `w` itself, or `buf` holding the modelled job. An empty
// optional costs nothing to make, where a default Workload builds its strings.
const Workload& modelled(const Workload& w, std::optional<Workload>& buf);
// Diffusion inference: denoiser passes one generated image takes in sequence (sampling_steps; 1 otherwise)
// and the batch factor classifier-free guidance adds to each pass (2 with CFG, else 1).
double sampling_steps(const Workload& w);
double guidance_batch(const Workload& w);
// An encoder-decoder (T5, Whisper) as its two stacks, each with its share of the parameters: the encoder
// over the input and the decoder over `seq` target tokens with cross-attention. Whisper's encoder sees 1500
// frames per 30 s window (100 mel frames a second, halved by the stride-2 conv stem), and audio longer
// than one window runs as that many windows, each a batch entry of both stacks. False for other archs.
struct Stacks {
  Workload encoder, decoder;
  double windows = 1;         // batch entries per sample (Whisper's 30 s windows)
  double encoder_tokens = 0;  // per window
};
// The two stacks of an encoder-decoder, or nothing for any other model.
std::optional<Stacks> split_stacks(const Workload& w);
constexpr double kWhisperFramesPerWindow = 1500;
constexpr double kWhisperWindowSeconds = 30;

// ---- memory (estimate_memory.cpp)
// CUDA context + loaded kernels, as nvidia-smi shows it for a PyTorch process (1343 MiB measured on a
// V100 by Hugging Face; CUDA's lazy loading can cut it to ~0.5 GiB, so this errs on the safe side).
constexpr double kCudaContextGib = 1343.0 / 1024.0;
// llama.cpp loads only its own kernels: CUDA context plus cuBLAS workspace, ~0.3 GiB (formulas.md gives
// 0.3-1.3 GB for a context depending on GPU and driver; PyTorch's many kernel images make the upper end).
constexpr double kLlamaCppContextGib = 0.3;
// vLLM captures CUDA graphs for its decode batch sizes (its log reports ~0.5 GiB for 7-8B models).
constexpr double kCudaGraphsGib = 0.5;
// PyTorch's caching allocator holds more than it hands out: a small fixed reserve plus a share of the
// activation churn (fragmentation of freed blocks).
constexpr double kAllocatorBaseGib = 0.15;
constexpr double kAllocatorActivationShare = 0.2;
// Text-to-image inference keeps nothing for backward; its peak is the VAE decoding the images. In the
// AutoencoderKL decoder of SD 1.x/SDXL (block_out_channels 128/256/512/512) the last up block's first
// ResNet runs at full resolution on 256 channels: its input stays alive for the shortcut while GroupNorm
// and SiLU each write a 256-channel output, 768 values per output pixel (diffusers' Upsample2D, which in
// bf16 interpolates in fp32 and casts back, holds the same 1536 bytes). The UNet's own buffers under SDPA
// are far smaller at these sizes.
constexpr double kVaeDecodeValuesPerPixel = 768;

struct MemoryPlan {
  int gpu_count = 1;
  bool shard_states = false;   // ZeRO-3 / FSDP: weights, grads and optimizer split over gpu_count
  bool split_weights = false;  // inference: tensor/pipeline parallel split of weights and KV cache
  double vram_gib = 0;         // the card's memory (vLLM reserves a share of it); 0 = unknown
};
// The runtime a job runs under: auto_ resolved by the mode (quantized inference: llama.cpp).
Runtime effective_runtime(const Workload& w);
// Bytes per stored activation element of a transformer layer, per token and hidden unit, with the
// terms named (estimate_memory.cpp); exposed for tests and the explanation.
struct LayerActivation {
  double per_token_h = 0;       // bytes per token per hidden unit, without attention scores
  double scores_per_as = 0;     // eager attention: bytes per token per (heads x seq)
  double layer_input_h = 0;     // what checkpointing keeps per token per hidden unit
  double logits_per_vocab = 0;  // bytes per token per vocabulary entry
};
LayerActivation layer_activation(const Workload& w);
// LoRA adapter parameters on the workload's target layers (Workload::lora_targets), rank x (input +
// output width) per adapted linear layer (estimate_memory.cpp).
double lora_params(const Workload& w);
// `with_rules` = false skips the rule texts: callers that only need the numbers (fit advice trying
// alternatives, the recommender screening offers) would otherwise format them by the thousand.
MemoryBreakdown memory_breakdown(const Workload& w, const MemoryPlan& plan, bool with_rules = true);
// How `count` cards hold the job: replicas when one card's memory suffices, else sharded states
// (training) or split weights (inference). Defined in estimate_fit.cpp.
MemoryPlan plan_for(const Workload& w, int count, double vram_gib);
// Activation bytes one micro-batch stores for backward, without checkpointing (also drives traffic).
double stored_activation_bytes(const Workload& w);
// CNN/diffusion: activations and FLOPs scale with the pixel count, (image_px / per_sample_px)^2.
double image_scale(const Workload& w);
// Bytes of the weights as stored (quantized layers at weight_bits, embeddings and head at 16-bit).
double weight_bytes(const Workload& w);
// KV cache bytes per token of context per sequence.
double kv_bytes_per_token(const Workload& w);

// ---- rates (estimate_rates.cpp)
struct Rates {
  bool supported = true;
  Text unsupported_reason;
  // "FP16 tensor (FP32 acc)", "TF32 tensor", "FP32", "FP64", ...: a literal, as rates_for is called for
  // every offer and a string of this length was an allocation each time.
  std::string_view unit;
  double power_fraction = 1;  // share of the tensor peak the board's power limit sustains
  double tensor_tflops = 0;   // peak of the unit the job's matrix math runs on (after derate)
  double simt_tflops = 0;     // sustained FP32 on CUDA cores for elementwise work (after derate)
  double bandwidth_gbs = 0;
  // Host link, one direction: the catalog's PCIe generation x lanes (PCI-SIG per-lane rates after line
  // coding: gen3 0.985, gen4 1.969, gen5 3.938 GB/s); 0 when the catalog does not say.
  double pcie_gbs = 0;
  std::vector<Text> notes;
};
// `with_notes` false: no notes (callers that need only the numbers, once per offer and variant).
Rates rates_for(const Workload& w, const Gpu& gpu, double derate, bool with_notes = true);
// One direction of the card's host link in GB/s (pcie_gbs above); 0 when unknown.
double pcie_gbs(const Gpu& gpu);
// Optimizer offload (ZeRO-Offload): bytes per trained parameter that cross PCIe each optimizer step, the
// 16-bit gradients to the host and the updated 16-bit weights back (Ren et al. 2021, section 4.1: 4M per
// step).
constexpr double kOffloadPcieBytesPerParam = 4;
// Plain FP32 TFLOPS as listed (the naive baseline the validation compares against), 0 if unknown.
double listed_fp32_tflops(const Gpu& gpu);

// ---- work and step time (estimate_speed.cpp)
struct StepWork {
  double tensor_flops = 0;  // matrix math
  double simt_flops = 0;    // elementwise / reductions / dequantization on CUDA cores
  double bytes = 0;         // DRAM traffic that is not hidden inside the matrix math
  double stream_bytes = 0;  // weights/KV streamed by matrix-vector kernels (decoding): latency-limited
  double kernels = 0;       // kernel launches per step (each leaves a gap on the GPU)
  double host_bytes = 0;    // crossing PCIe to and from host RAM (optimizer offload), not overlapped
  double units = 1;         // samples, tokens or steps this step completes (throughput_unit)
};
StepWork step_work(const Workload& w);
// Weights one token multiplies: MoE counts its active routed and shared experts (FLOPs); dense = all.
double active_params(const Workload& w);
// Share of the weights a decoding step of `batch` sequences reads: MoE reads only the experts its tokens
// are routed to; 1 for dense models.
double decode_weight_share(const Workload& w, double batch);
// Inference only: processing one batch of prompts (seq tokens each); compute-bound, unlike decoding.
StepWork prefill_work(const Workload& w);
std::string throughput_unit(const Workload& w);

struct StepTime {
  double tensor_s = 0, simt_s = 0, memory_s = 0, stream_s = 0, launch_s = 0, host_s = 0;
  double total() const { return tensor_s + simt_s + memory_s + stream_s + launch_s + host_s; }
};
StepTime step_time(const StepWork& work, const Rates& rates, Bound bound);

// Seconds for one throughput unit on `count` cards of `gpu` (no data loading). 0 when unsupported.
double seconds_per_unit(const Workload& w, const Gpu& gpu, int count, double derate);
// The same from a step already worked out for this card (an estimate has both at hand); 0 when it cannot run.
double seconds_per_unit(const StepWork& work, const Rates& rates, Bound bound, const Gpu& gpu, int count);
// Units of work the whole job does (samples, tokens or steps); 0 when unknown.
double total_units(const Workload& w);

// Global model constants, named so the explanation can cite them.
constexpr double kTensorUtil = 0.62;     // big GEMMs against the dense peak (cuBLAS reaches 60-80%)
constexpr double kActTrafficFactor = 4;  // activation bytes move ~4x per step: write, read, grad write/read
constexpr double kSimtFlopsPerByte = 4;  // element-wise work per byte of that traffic (norms, softmax, GELU)
constexpr double kDequantFlopsPerWeight = 5;  // unpacking a quantized weight on CUDA cores, per pass
constexpr double kSimtUtil = 0.6;             // elementwise kernels on CUDA cores
constexpr double kBandwidthEff = 0.75;        // achievable share of peak DRAM bandwidth in streaming kernels
constexpr double kKernelGapS = 6e-6;          // launch, ramp-up and tail of each dependent kernel
// Matrix-vector streaming (LLM decoding) reads at up to 90% of peak, but a fixed amount of memory
// parallelism caps it (Little's law): achieved = 1 / (1 / (0.9 BW) + 1 / 3000 GB/s). This is why
// decoding on fast HBM parts reaches a smaller share of their peak than on GDDR cards.
constexpr double kStreamEff = 0.9;
constexpr double kStreamCeilingGbs = 3000;
// Dense tensor math draws about 1 W per sustained dense FP16 TFLOPS; a board whose TDP is below
// that sustains TDP / 1 W of it (H100 PCIe at 350 W: ~46% of its 756 TFLOPS peak).
constexpr double kWattsPerTensorTflops = 1.0;
// TSMC 12 nm parts (Volta, Turing) need about 1.9 W per sustained TFLOPS: a T4 (70 W, 65 TFLOPS at its
// 1590 MHz boost) settles near 900 MHz under sustained BERT inference (mlcommons/inference_results_v0.5
// issue 20), 0.57 of boost; NVIDIA's TensorRT BERT tables show the same (T4 BERT-Large 8.5x slower than an
// A100 at INT8, batch 128, seq 384, against a 4.8x peak ratio).
constexpr double kWattsPerTensorTflops12nm = 1.9;
// GeForce reference boost clocks are conservative: under load the cards sustain ~10% more (a 3090 rated
// 1695 MHz typically runs 1.85-1.95 GHz), while datacenter parts sit at or below their rated boost.
constexpr double kConsumerBoost = 1.1;
constexpr double kDualIssueFp32 = 0.7;  // GA10x/AD10x/GB20x: half the FP32 lanes are shared with INT32

}  // namespace gw::model
