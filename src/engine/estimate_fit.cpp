// Fit verdicts and "the cheapest change that makes it fit", in the order the issue gives:
// AMP, checkpointing, smaller micro-batch, 8-bit optimizer, quantization, LoRA/QLoRA, more GPUs, a bigger
// card.
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "engine/estimate_model.hpp"

namespace gw {

namespace {

using model::fmt;

bool trains(const Workload& w) {
  return w.mode == Mode::train || w.mode == Mode::lora || w.mode == Mode::qlora ||
         (w.mode == Mode::compute && w.arch != Arch::generic);
}

double total_for(const Workload& w, int count, double vram) {
  return model::memory_breakdown(w, model::plan_for(w, count, vram), false).total_gib();
}

const AdviceKindInfo kAdviceTable[kAdviceKinds] = {
    {AdviceKind::amp, "amp", {"mixed precision", "混合精度"}},
    {AdviceKind::checkpointing, "checkpointing", {"gradient checkpointing", "梯度检查点"}},
    {AdviceKind::smaller_batch, "smaller_batch", {"smaller batch", "减小 batch"}},
    {AdviceKind::adam8bit, "adam8bit", {"8-bit Adam", "8-bit Adam"}},
    {AdviceKind::offload, "offload", {"CPU offload", "优化器卸载到 CPU"}},
    {AdviceKind::quantize, "quantize", {"quantized weights", "权重量化"}},
    {AdviceKind::lora, "lora", {"LoRA", "LoRA"}},
    {AdviceKind::qlora, "qlora", {"QLoRA", "QLoRA"}},
    {AdviceKind::more_gpus, "more_gpus", {"more GPUs", "更多 GPU"}},
    {AdviceKind::bigger_card, "bigger_card", {"a bigger card", "更大显存的卡"}},
};

}  // namespace

const AdviceKindInfo& advice_info(AdviceKind k) {
  const auto i = static_cast<std::size_t>(k);
  return kAdviceTable[i < static_cast<std::size_t>(kAdviceKinds) ? i : 0];
}

std::string_view to_string(AdviceKind k) {
  return advice_info(k).key;
}

std::string_view to_string(Fit f) {
  switch (f) {
    case Fit::fits:
      return "fits";
    case Fit::tight:
      return "tight";
    case Fit::no_fit:
      return "no_fit";
  }
  return "no_fit";
}

Fit fit_verdict(double total_gib, double vram_gib) {
  if (!(total_gib >= 0) || !std::isfinite(total_gib) || total_gib > vram_gib) return Fit::no_fit;
  // Under 5% (at least 0.5 GiB) of headroom, a longer sequence or allocator churn tips it over.
  const double margin = std::max(0.5, 0.05 * vram_gib);
  return vram_gib - total_gib >= margin ? Fit::fits : Fit::tight;
}

namespace model {

MemoryPlan plan_for(const Workload& w, int count, double vram_gib) {
  MemoryPlan plan;
  plan.gpu_count = std::max(1, count);
  plan.vram_gib = vram_gib;
  if (plan.gpu_count == 1 || w.arch == Arch::generic) return plan;
  if (fit_verdict(memory_breakdown(w, plan, false).total_gib(), vram_gib) == Fit::fits) return plan;
  if (w.mode == Mode::inference)
    plan.split_weights = true;
  else
    plan.shard_states = true;
  return plan;
}

}  // namespace model

std::vector<FitAdvice> fit_advice(const Workload& w, const Gpu& gpu, const Catalog& catalog, int gpu_count) {
  std::vector<FitAdvice> out;
  const double vram = gpu.vram_gib;
  const int n = std::max(1, gpu_count);
  if (fit_verdict(total_for(w, n, vram), vram) == Fit::fits) return out;

  Workload cur = w;
  bool done = false;
  auto step = [&](AdviceKind kind, Text what) {
    const double t = total_for(cur, n, vram);
    const bool ok = fit_verdict(t, vram) == Fit::fits;
    out.push_back({kind, std::move(what), t, ok});
    done = ok;
  };

  // 1. AMP (or half-precision weights for inference).
  if (!done && (cur.precision == Precision::fp32 || cur.precision == Precision::tf32)) {
    cur.precision = Precision::amp;
    if (cur.mode == Mode::inference) {
      cur.precision = Precision::fp16;
      step(AdviceKind::amp, {"run in fp16 instead of fp32", "用 fp16 代替 fp32 推理"});
    } else {
      step(AdviceKind::amp, {"turn on mixed precision (AMP)", "开启混合精度（AMP）"});
    }
  }
  // 2. Gradient checkpointing.
  if (!done && trains(cur) && !cur.checkpointing && cur.arch != Arch::generic) {
    cur.checkpointing = true;
    step(AdviceKind::checkpointing,
         {"turn on gradient checkpointing (about +33% step time)", "开启梯度检查点（每步约慢 33%）"});
  }
  // 3. Smaller micro-batch, same effective batch through gradient accumulation.
  if (!done && trains(cur) && cur.micro_batch > 1) {
    const long long effective = static_cast<long long>(cur.micro_batch) * cur.grad_accum;
    // Gradient accumulation keeps the effective batch; it is kept within int range.
    auto accum_for = [&](int mb) { return static_cast<int>(std::clamp(effective / mb, 1LL, 2000000000LL)); };
    int mb = cur.micro_batch;
    while (mb > 1) {
      mb = std::max(1, mb / 2);
      Workload trial = cur;
      trial.grad_accum = accum_for(mb);
      trial.micro_batch = mb;
      if (fit_verdict(total_for(trial, n, vram), vram) == Fit::fits) break;
    }
    const int accum = accum_for(mb);
    cur.micro_batch = mb;
    cur.grad_accum = accum;
    step(AdviceKind::smaller_batch,
         {fmt("micro-batch %.0f with gradient accumulation %.0f (same effective batch)", mb, accum),
          fmt("micro-batch 降到 %.0f，梯度累积 %.0f 步（有效 batch 不变）", mb, accum)});
  } else if (!done && cur.mode == Mode::inference && cur.inference_batch > 1) {
    cur.inference_batch = std::max(1.0, std::floor(cur.inference_batch / 2));
    step(AdviceKind::smaller_batch, {fmt("serve %.0f sequences at a time", cur.inference_batch),
                                     fmt("同时只服务 %.0f 条序列", cur.inference_batch)});
  }
  // 4. 8-bit optimizer.
  if (!done && cur.mode == Mode::train && cur.optimizer == Optimizer::adamw) {
    cur.optimizer = Optimizer::adam8bit;
    step(AdviceKind::adam8bit,
         {"use an 8-bit Adam optimizer (bitsandbytes)", "换成 8-bit Adam 优化器（bitsandbytes）"});
  }
  // 4b. The optimizer states in host RAM (ZeRO-Offload), as recommend tries it: DeepSpeed's CPU Adam keeps
  // fp32 states, so it replaces 8-bit Adam rather than adding to it, and it costs time on every step.
  if (!done && cur.mode == Mode::train && w.optimizer == Optimizer::adamw && !cur.offload_optimizer) {
    cur.optimizer = Optimizer::adamw;
    cur.offload_optimizer = true;
    step(AdviceKind::offload,
         {"offload the optimizer states to CPU RAM instead (DeepSpeed ZeRO-Offload): each step waits on PCIe "
          "and "
          "the CPU's Adam, and the host needs RAM for the states",
          "改为把优化器状态卸载到 CPU 内存（DeepSpeed ZeRO-Offload）：每步都要等 PCIe 传输和 CPU 上的 Adam，"
          "主机内存需放得下这些状态"});
  }
  // 5. Quantization (inference).
  if (!done && cur.mode == Mode::inference && stored_weight_bits(cur) > 8) {
    cur.weight_bits = 8;
    step(AdviceKind::quantize, {"quantize weights to int8", "把权重量化到 int8"});
  }
  if (!done && cur.mode == Mode::inference && stored_weight_bits(cur) > 4.5) {
    cur.weight_bits = 4.25;  // GPTQ/AWQ 4-bit with group-128 scales
    step(AdviceKind::quantize,
         {"quantize weights to 4-bit (GPTQ/AWQ/NF4)", "把权重量化到 4 位（GPTQ/AWQ/NF4）"});
  }
  // 6. LoRA, then QLoRA, for transformer training.
  if (!done && cur.mode == Mode::train && is_transformer(cur)) {
    cur.mode = Mode::lora;
    cur.offload_optimizer = w.offload_optimizer;  // adapters' states are small: no offload needed for them
    if (cur.precision == Precision::amp || cur.precision == Precision::fp32) cur.precision = Precision::bf16;
    step(AdviceKind::lora,
         {"fine-tune with LoRA adapters instead of all weights", "改用 LoRA 适配器微调，不训练全部权重"});
  }
  if (!done && cur.mode == Mode::lora) {
    cur.mode = Mode::qlora;
    cur.weight_bits = 4;
    step(AdviceKind::qlora,
         {"QLoRA: 4-bit frozen base plus LoRA adapters", "QLoRA：4 位冻结底模加 LoRA 适配器"});
  }
  if (done) return out;

  // 7 and 8 keep the job as it was asked for.
  for (int more : {2, 4, 8, 16}) {
    if (more <= n) continue;
    const double t = total_for(w, more, vram);
    if (fit_verdict(t, vram) != Fit::fits) continue;
    const bool infer = w.mode == Mode::inference;
    out.push_back({AdviceKind::more_gpus,
                   infer ? Text{fmt("%.0f GPUs with the weights split across them (tensor parallel)", more),
                                fmt("%.0f 张卡，权重切分到各卡（张量并行）", more)}
                         : Text{fmt("%.0f GPUs with ZeRO-3/FSDP sharding the model states", more),
                                fmt("%.0f 张卡，用 ZeRO-3/FSDP 切分模型状态", more)},
                   t, true});
    break;
  }
  const Gpu* best = nullptr;
  double best_total = 0;
  for (const Gpu& g : catalog.gpus) {
    if (g.vram_gib <= vram) continue;
    const double t = total_for(w, 1, g.vram_gib);
    if (fit_verdict(t, g.vram_gib) != Fit::fits) continue;
    if (!best || g.vram_gib < best->vram_gib) {
      best = &g;
      best_total = t;
    }
  }
  if (best)
    out.push_back({AdviceKind::bigger_card,
                   {"a card with more memory: " + best->name + " (" + fmt("%.0f", best->vram_gib) + " GiB)",
                    "换更大显存的卡：" + best->name + "（" + fmt("%.0f", best->vram_gib) + " GiB）"},
                   best_total,
                   true});
  return out;
}

}  // namespace gw
