// GPU memory per card, one term per line, each with the rule that produced it (see
// ../shared/reference/formulas.md for the rules' sources).
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "engine/estimate_model.hpp"

namespace gw::model {

namespace {

std::string fmt(const char* pattern, double a, double b = 0, double c = 0) {
  char buf[256];
  std::snprintf(buf, sizeof buf, pattern, a, b, c);
  return buf;
}

bool trains_weights(const Workload& w) {
  return w.mode == Mode::train || w.mode == Mode::compute;
}
bool is_adapter(const Workload& w) {
  return w.mode == Mode::lora || w.mode == Mode::qlora;
}

// Bytes per stored activation element class for transformer layers (Korthikanti et al. 2022 count,
// per layer per token: c_sbh * h bytes, plus c_as * heads * s bytes when scores are stored).
struct ActCoeffs {
  double sbh;
  double scores;
  double layer_input;  // what checkpointing keeps per layer and token, per hidden unit
};
ActCoeffs act_coeffs(const Workload& w) {
  Precision p = w.precision;
  // Adapters train against a frozen 16-bit base: activations are 16-bit unless fp32 was asked for.
  if (is_adapter(w) && p != Precision::fp32 && p != Precision::tf32) p = Precision::bf16;
  switch (p) {
    case Precision::fp32:
    case Precision::tf32:
      return {66, 9, 4};  // 4-byte tensors, 1-byte dropout masks
    case Precision::fp64:
      return {130, 17, 8};
    case Precision::amp:
      return {38, 7, 4};  // autocast keeps layer-norm inputs and softmax in fp32
    default:
      return {34, 5, 2};  // pure 16-bit: the paper's own count
  }
}

double one_layer_bytes(const Workload& w, double s, double b) {
  const ActCoeffs c = act_coeffs(w);
  const double h = w.hidden, a = w.heads;
  return c.sbh * s * b * h + (w.fused_attention ? 0.0 : c.scores * a * s * s * b);
}

double logits_bytes(const Workload& w, double s, double b) {
  if (w.arch != Arch::decoder || w.vocab <= 0) return 0;
  const bool fp32 = w.precision == Precision::fp32 || w.precision == Precision::tf32;
  // Logits in the compute precision plus the fp32 copy the loss works on.
  return s * b * w.vocab * (fp32 ? 8.0 : 6.0);
}

double state_bytes_per_param(Precision p, Optimizer o, int hidden, double& w_b, double& g_b) {
  const bool fp64 = p == Precision::fp64;
  double opt_fp32 = 0;
  switch (o) {
    case Optimizer::adamw:
      opt_fp32 = 8;
      break;
    case Optimizer::sgd:
      opt_fp32 = 0;
      break;
    case Optimizer::sgd_momentum:
      opt_fp32 = 4;
      break;
    // Factored second moments: 4 bytes per row and column of each matrix, no momentum.
    case Optimizer::adafactor:
      opt_fp32 = hidden > 0 ? 6.0 / hidden : 0.05;
      break;
    case Optimizer::adam8bit:
      opt_fp32 = 2;
      break;
  }
  switch (p) {
    case Precision::amp:
      w_b = 6;
      g_b = 4;
      return opt_fp32;
    case Precision::fp16:
    case Precision::bf16:
      w_b = 2;
      g_b = 2;
      return 4 + opt_fp32;  // fp32 master copy sits in the optimizer
    default:
      w_b = fp64 ? 8 : 4;
      g_b = fp64 ? 8 : 4;
      return fp64 ? 2 * opt_fp32 : opt_fp32;
  }
}

// Adapter parameters: rank r on the four attention projections and the three MLP projections.
double lora_params(const Workload& w) {
  if (!is_transformer(w) || w.layers <= 0 || w.hidden <= 0) return effective_params(w) * 0.005;
  const double h = w.hidden, L = w.layers;
  const double per_layer = std::max(0.0, (effective_params(w) - 2.0 * w.vocab * h) / L);
  const double ffn = std::max(h, (per_layer - 4 * h * h) / (3 * h));
  return w.lora_rank * L * (8 * h + 3 * (h + ffn));
}

}  // namespace

double weight_bytes(const Workload& w) {
  const double P = effective_params(w);
  const double bits = stored_weight_bits(w);
  if (bits >= 16 || !is_transformer(w)) return P * bits / 8.0;
  // Quantizers (GPTQ, AWQ, NF4, GGUF) leave the embedding and output layers in 16-bit.
  const double keep = std::min(P * 0.5, (w.arch == Arch::decoder ? 2.0 : 1.0) * w.vocab * double(w.hidden));
  return (P - keep) * bits / 8.0 + keep * 2.0;
}

double kv_bytes_per_token(const Workload& w) {
  if (!is_transformer(w) || w.heads <= 0) return 0;
  const double d_head = double(w.hidden) / w.heads;
  const double value_bytes = (w.precision == Precision::fp32 || w.precision == Precision::tf32) ? 4.0 : 2.0;
  return 2.0 * w.layers * effective_kv_heads(w) * d_head * value_bytes;
}

double stored_activation_bytes(const Workload& w) {
  const double b = w.micro_batch;
  if (is_transformer(w)) {
    const double s = std::max(1, w.seq_len);
    return w.layers * one_layer_bytes(w, s, b) + logits_bytes(w, s, b);
  }
  const bool fp32 =
      w.precision == Precision::fp32 || w.precision == Precision::tf32 || w.precision == Precision::fp64;
  if (w.arch == Arch::generic) return 0;
  return w.activation_mib_per_sample * kMiB * b * (fp32 ? 2.0 : 1.0);
}

MemoryBreakdown memory_breakdown(const Workload& w, const MemoryPlan& plan, bool with_rules) {
  MemoryBreakdown m;
  const double P = effective_params(w);
  const double n = std::max(1, plan.gpu_count);
  const double shard = plan.shard_states ? n : 1.0;
  const double split = plan.split_weights ? n : 1.0;
  double activations = 0;

  if (w.mode == Mode::inference) {
    m.weights_gib = weight_bytes(w) / split / kGiB;
    if (with_rules)
      m.rules.push_back(
          {fmt("weights: %.3g params x %.3g bits (embeddings/head kept 16-bit when quantized)", P,
               stored_weight_bits(w)),
           fmt("权重：%.3g 参数 × %.3g 位（量化时嵌入层和输出层保留 16 位）", P, stored_weight_bits(w))});
    if (is_transformer(w)) {
      // Encoders keep no KV cache: they see the whole input at once.
      const double ctx = w.context_tokens > 0 ? w.context_tokens : double(w.seq_len);
      if (w.arch == Arch::decoder)
        m.kv_cache_gib = kv_bytes_per_token(w) * ctx * w.inference_batch / split / kGiB;
      if (w.arch == Arch::decoder)
        if (with_rules)
          m.rules.push_back(
              {fmt("KV cache: 2 x L x kv_heads x d_head x bytes x %.0f tokens x %.0f sequences", ctx,
                   w.inference_batch),
               fmt("KV 缓存：2 × 层数 × KV 头数 × 头维度 × 字节数 × %.0f 个 token × %.0f 条序列", ctx,
                   w.inference_batch)});
      // Working buffers of one layer, the last token's logits and, for eager attention, one prompt's scores.
      const double prompt = std::max(1, w.seq_len);
      activations = w.inference_batch * (8.0 * w.hidden * std::max(ctx, prompt) + 4.0 * w.vocab);
      if (!w.fused_attention) activations += w.inference_batch * w.heads * prompt * prompt * 6.0;
    } else {
      // CNN/diffusion presets state the per-sample figure for their own mode (here: inference buffers).
      activations = w.activation_mib_per_sample * kMiB * w.micro_batch;
    }
    m.activations_gib = activations / kGiB;
    if (with_rules)
      m.rules.push_back({"activations: working buffers only (inference stores nothing for backward)",
                         "激活：只有推理的工作缓冲（不为反向传播保存）"});
  } else if (w.arch == Arch::generic) {
    m.weights_gib = P * stored_weight_bits(w) / 8.0 / kGiB;
    activations = w.working_set_gib * kGiB / n;  // domain decomposition splits the mesh
    m.activations_gib = activations / kGiB;
    if (with_rules)
      m.rules.push_back(
          {fmt("working set %.3g GiB split over %.0f GPU(s) (domain decomposition)", w.working_set_gib, n),
           fmt("工作集 %.3g GiB，按 %.0f 张卡做区域分解", w.working_set_gib, n)});
  } else {
    double w_b = 0, g_b = 0, opt_b = 0;
    if (is_adapter(w)) {
      const double base_bits = w.mode == Mode::qlora ? std::min(w.weight_bits, 4.127) : 16.0;
      Workload base = w;
      base.weight_bits = base_bits;
      base.precision = w.mode == Mode::qlora ? Precision::int4 : Precision::bf16;
      const double lp = lora_params(w);
      m.weights_gib = (weight_bytes(base) + lp * 4.0) / kGiB;
      m.gradients_gib = lp * 4.0 / kGiB;
      m.optimizer_gib = lp * (w.optimizer == Optimizer::adam8bit ? 2.0 : 8.0) / kGiB;
      if (with_rules)
        m.rules.push_back(
            {fmt("frozen base at %.3g bits/param; %.3g adapter params (rank %.0f) carry fp32 "
                 "weights, grads and optimizer states",
                 base_bits, lp, w.lora_rank),
             fmt("冻结的底模 %.3g 位/参数；%.3g 个适配器参数（秩 %.0f）带 fp32 权重、梯度和优化器状态",
                 base_bits, lp, w.lora_rank)});
    } else {
      opt_b = state_bytes_per_param(w.precision, w.optimizer, w.hidden, w_b, g_b);
      m.weights_gib = P * w_b / shard / kGiB;
      m.gradients_gib = trains_weights(w) ? P * g_b / shard / kGiB : 0;
      m.optimizer_gib = trains_weights(w) ? P * opt_b / shard / kGiB : 0;
      const bool amp = w.precision == Precision::amp;
      const bool half = w.precision == Precision::fp16 || w.precision == Precision::bf16;
      const char* why_en =
          amp    ? "autocast keeps fp32 master weights and grads plus an fp16 working copy (Hugging Face "
                   "accounting)"
          : half ? "half-precision weights and grads; the optimizer holds an fp32 master copy "
                   "(ZeRO accounting)"
                 : "full-precision weights and grads";
      const char* why_zh =
          amp ? "autocast 保留 fp32 主权重和梯度，外加一份 fp16 工作副本（Hugging Face 的算法）"
          : half ? "半精度权重和梯度；优化器里保留一份 fp32 主权重（ZeRO 的算法）"
                 : "全精度权重和梯度";
      if (with_rules)
        m.rules.push_back(
            {fmt("model states: %.3g + %.3g + %.3g bytes/param (weights + grads + optimizer): ", w_b, g_b,
                 opt_b) +
                 why_en,
             fmt("模型状态：%.3g + %.3g + %.3g 字节/参数（权重 + 梯度 + 优化器）：", w_b, g_b, opt_b) +
                 why_zh});
      if (plan.shard_states)
        if (with_rules)
          m.rules.push_back({fmt("ZeRO-3/FSDP: model states divided over %.0f GPUs", n),
                             fmt("ZeRO-3/FSDP：模型状态平分到 %.0f 张卡", n)});
    }
    if (is_transformer(w)) {
      const double s = std::max(1, w.seq_len), b = w.micro_batch;
      const ActCoeffs c = act_coeffs(w);
      const double layer = one_layer_bytes(w, s, b);
      // Backward needs one more layer's worth of transient buffers at its start (or during recompute).
      activations =
          w.checkpointing ? w.layers * c.layer_input * s * b * w.hidden + layer : (w.layers + 1) * layer;
      activations += logits_bytes(w, s, b);
      if (with_rules)
        m.rules.push_back(
            {w.checkpointing ? fmt("activations (checkpointing): L x %.0f x s x b x h (layer "
                                   "inputs) + one layer's %.0f x s x b x h"
                                   " working set (Korthikanti et al. 2022)",
                                   c.layer_input, c.sbh)
                             : fmt("activations: (L + 1) x s x b x h x (%.0f + %.0f x a x s / h) "
                                   "bytes (Korthikanti et al. 2022; "
                                   "precision-adjusted; +1 layer of backward buffers)",
                                   c.sbh, w.fused_attention ? 0.0 : c.scores),
             w.checkpointing ? fmt("激活（梯度检查点）：L × %.0f × s × b × h（每层输入）+ 一层的 "
                                   "%.0f × s × b × h 工作区（Korthikanti 等 2022）",
                                   c.layer_input, c.sbh)
                             : fmt("激活：(L + 1) × s × b × h × (%.0f + %.0f × a × s / h) "
                                   "字节（Korthikanti 等 2022，按精度调整；"
                                   "多算一层反向缓冲）",
                                   c.sbh, w.fused_attention ? 0.0 : c.scores)});
      if (w.arch == Arch::decoder && w.vocab > 0)
        if (with_rules)
          m.rules.push_back({"logits: s x b x vocab in the compute precision plus an fp32 copy for the loss",
                             "logits：s × b × 词表，计算精度一份，再加损失函数用的 fp32 一份"});
    } else {
      activations = stored_activation_bytes(w) * (w.checkpointing ? 0.4 : 1.0);
      if (with_rules)
        m.rules.push_back({fmt("activations: %.4g MiB per sample (16-bit; doubled in fp32) x batch %.0f",
                               w.activation_mib_per_sample, w.micro_batch),
                           fmt("激活：每样本 %.4g MiB（16 位；fp32 翻倍）× 批大小 %.0f",
                               w.activation_mib_per_sample, w.micro_batch)});
      if (with_rules && w.checkpointing) m.rules.back().en += "; checkpointing keeps ~40%";
      if (with_rules && w.checkpointing) m.rules.back().zh += "；梯度检查点保留约 40%";
    }
    m.activations_gib = activations / kGiB;
  }
  // Caching-allocator reserve grows with the size and churn of activation buffers.
  m.overhead_gib = kCudaContextGib + 0.15 + 0.2 * m.activations_gib;
  if (with_rules)
    m.rules.push_back(
        {"overhead: CUDA context and kernels 1.31 GiB (PyTorch, nvidia-smi) + allocator reserve "
         "0.15 GiB + 20% of activations",
         "开销：CUDA 上下文与内核 1.31 GiB（PyTorch，nvidia-smi 读数）+ 分配器预留 0.15 GiB + 激活的 20%"});
  return m;
}

}  // namespace gw::model
