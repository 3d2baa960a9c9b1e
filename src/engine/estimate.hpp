#pragma once
// Memory fit and run time of a workload on one GPU type and card count.
#include <string>
#include <vector>

#include "catalog.hpp"
#include "workload.hpp"

namespace gw {

struct Range {
  double low = 0;
  double likely = 0;
  double high = 0;
};

struct MemoryBreakdown {  // per GPU, GiB
  double weights_gib = 0;
  double gradients_gib = 0;
  double optimizer_gib = 0;
  double activations_gib = 0;
  double kv_cache_gib = 0;
  double overhead_gib = 0;  // CUDA context + framework/allocator (context_gib + allocator_gib)
  double context_gib = 0;   // of overhead: CUDA context, kernels and the runtime's fixed buffers
  double host_gib = 0;      // host RAM of the whole instance (not in total_gib): offloaded optimizer states
  double total_gib() const {
    return weights_gib + gradients_gib + optimizer_gib + activations_gib + kv_cache_gib + overhead_gib;
  }
  // What the framework allocates at its peak (torch.cuda.max_memory_allocated): no context, no cache slack.
  double allocated_gib() const { return total_gib() - overhead_gib; }
  // What the caching allocator holds (torch.cuda.max_memory_reserved): allocated plus its slack.
  double reserved_gib() const { return total_gib() - context_gib; }
  // vLLM takes gpu_memory_utilization x VRAM up front (KV cache fills what the job does not need);
  // 0 for runtimes that allocate as they go. nvidia-smi then shows this plus the context.
  double preallocated_gib = 0;
  Runtime runtime = Runtime::pytorch;  // the runtime the overhead was counted for (auto resolved)
  std::vector<Text> rules;             // which formula produced each term
};

enum class Fit { fits, tight, no_fit };
std::string_view to_string(Fit);

// The kinds of fit advice, in the order they are tried; advice_info() is the one table naming them.
enum class AdviceKind {
  amp,
  checkpointing,
  smaller_batch,
  adam8bit,
  offload,
  quantize,
  lora,
  qlora,
  more_gpus,
  bigger_card
};
inline constexpr int kAdviceKinds = 10;
struct AdviceKindInfo {
  AdviceKind kind;
  const char* key;  // JSON: "adam8bit"
  Text label;       // short: "8-bit Adam"
};
const AdviceKindInfo& advice_info(AdviceKind);
std::string_view to_string(AdviceKind);

// One step of "the cheapest change that makes it fit", in the order the issue gives.
struct FitAdvice {
  AdviceKind kind = AdviceKind::amp;
  Text what;
  double total_gib_after = 0;  // per GPU after applying this change (cumulative)
  bool fits_after = false;
};

// A line of the explanation: "name = value unit".
struct ExplainInput {
  std::string name;
  double value = 0;
  std::string unit;
  std::string name_zh = {};  // the name in Chinese (empty: use `name`)
};
struct Explain {
  Text formula;  // the formula in words/symbols
  std::vector<ExplainInput> inputs;
  Text note;
};

struct GpuEstimate {
  std::string gpu;  // Gpu::id
  int gpu_count = 1;
  double derate = 1.0;
  bool supported = true;  // false: e.g. needs FP64 or bf16 the card lacks
  Text unsupported_reason;
  MemoryBreakdown memory;  // per GPU
  double vram_gib = 0;
  double headroom_gib = 0;  // vram - total (negative when it does not fit)
  Fit fit = Fit::no_fit;
  std::vector<FitAdvice> advice;  // empty when it fits
  std::string unit_used;          // "TF32 tensor", "FP16 tensor (FP32 acc)", "FP64", "memory bandwidth"
  double effective_tflops = 0;    // per GPU, after utilization and derate
  double scaling_efficiency = 1;  // multi-GPU, 1 for a single card
  int nodes = 1;                  // machines the cards are spread over (scaling.hpp)
  double throughput = 0;          // whole job, all cards
  std::string throughput_unit;    // "samples/s", "tokens/s", "steps/s"
  bool work_known = false;
  Range hours;  // wall-clock for the whole job (set when work_known)
  Explain memory_explain;
  Explain time_explain;
  std::vector<Text> notes;  // e.g. "system RAM does not count as GPU memory"
};

struct EstimateOptions {
  int gpu_count = 1;
  double derate = 1.0;  // from the offer
  bool explain = true;  // false: skip the explanations (the recommender screening every offer)
  // A cluster: `nodes` copies of `node`, gpu_count cards in all (scaling.hpp). One node: null is fine.
  int nodes = 1;
  const Offer* node = nullptr;
};

// Pure and deterministic; never returns NaN or infinity.
GpuEstimate estimate(const Workload&, const Gpu&, const Catalog&, const EstimateOptions& = {});
// `unit_used` and `throughput_unit` are stable English identifiers (JSON keys' values); these give the
// words to show a reader, in either language.
Text unit_used_text(std::string_view unit_used);
Text throughput_unit_text(std::string_view throughput_unit);
// A unit as written after a number ("h", "min", "x", "CNY/h", "USD/GB-month", "per hour" ...), in words of
// either language: Chinese reads 小时, 分钟, 倍, 元/小时, 美元/GB·月, 次/小时. Units that read the same in
// Chinese text (GB, GiB, TFLOPS, GB/s, Mbps) come back unchanged. Identifiers in JSON stay English.
Text unit_text(std::string_view unit);
// What a reference run (Workload::reference) says about itself, the same for every GPU: its card is not in
// the catalog, or the calibration factor it implies is outside about 0.25-4x (more likely a wrong input
// than a slow card). Empty when there is no reference or nothing to say.
std::vector<Text> reference_run_notes(const Workload&, const Catalog&);
// Every GPU in the catalog, one card each (or the reference's calibration applied).
std::vector<GpuEstimate> estimate_all(const Workload&, const Catalog&, int gpu_count = 1);
// Multi-GPU speed-up relative to one card (below linear; worse on PCIe consumer cards).
double multi_gpu_speedup(const Gpu&, int gpu_count);

// Verdict for a per-GPU total against a card's memory: fits with headroom, tight, or does not fit.
Fit fit_verdict(double total_gib, double vram_gib);
// "The cheapest change that makes it fit", tried in the order (empty when it already fits).
std::vector<FitAdvice> fit_advice(const Workload&, const Gpu&, const Catalog&, int gpu_count = 1);
// Formula, then one "name = value unit" line per input, then the note: for a terminal or JSON. Units are
// words of `lang` (unit_text) unless `unit_ids`, which keeps them as the identifiers JSON carries.
std::string explain_text(const Explain&, Lang, bool unit_ids = false);

}  // namespace gw
