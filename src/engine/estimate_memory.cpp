// GPU memory per card, one term per line, each with the rule that produced it (see
// ../shared/reference/formulas.md for the rules' sources).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <utility>
#include <vector>

#include "engine/estimate_model.hpp"
#include "engine/model.hpp"

namespace gw::model {

namespace {

bool trains_weights(const Workload& w) {
  return w.mode == Mode::train || w.mode == Mode::compute;
}
bool is_adapter(const Workload& w) {
  return w.mode == Mode::lora || w.mode == Mode::qlora;
}
bool fp32_like(Precision p) {
  return p == Precision::fp32 || p == Precision::tf32;
}

// FFN inner width one token runs through, over hidden: an MoE layer counts its active routed experts
// plus the shared ones (each keeps its own intermediates), averaged with the leading dense layers.
double ffn_ratio(const Workload& w) {
  const double h = std::max(1, w.hidden);
  const double dense = effective_intermediate(w) / h;
  if (w.experts <= 0 || w.expert_intermediate <= 0 || w.layers <= 0) return dense;
  const double moe =
      double(std::max(1, w.experts_active) + std::max(0, w.shared_experts)) * w.expert_intermediate / h;
  const double dl = std::clamp(double(w.dense_layers), 0.0, double(w.layers));
  return (dl * dense + (w.layers - dl) * moe) / w.layers;
}

double one_layer_bytes(const Workload& w, double s, double b) {
  const LayerActivation c = layer_activation(w);
  const double h = w.hidden, a = w.heads;
  return c.per_token_h * s * b * h + (w.fused_attention ? 0.0 : c.scores_per_as * a * s * s * b);
}

double logits_bytes(const Workload& w, double s, double b) {
  if ((w.arch != Arch::decoder && w.arch != Arch::encoder_decoder) || w.vocab <= 0) return 0;
  return s * b * w.vocab * layer_activation(w).logits_per_vocab;
}

double state_bytes_per_param(const Workload& w, double& w_b, double& g_b) {
  const Precision p = w.precision;
  const Optimizer o = w.optimizer;
  const bool fp64 = p == Precision::fp64;
  const bool pure_half = (p == Precision::fp16 || p == Precision::bf16) && w.pure_half_states;
  double opt_fp32 = 0;  // optimizer bytes per parameter with fp32 states
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
      opt_fp32 = w.hidden > 0 ? 6.0 / w.hidden : 0.05;
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
      // Pure 16-bit recipe: the states themselves are 16-bit (8-bit Adam stays at 2 bytes).
      if (pure_half) return o == Optimizer::adam8bit ? 2.0 : opt_fp32 / 2;
      return 4 + opt_fp32;  // fp32 master copy sits in the optimizer
    default:
      w_b = fp64 ? 8 : 4;
      g_b = fp64 ? 8 : 4;
      return fp64 ? 2 * opt_fp32 : opt_fp32;
  }
}

// One attention block's linear layers as (input, output) widths: q, k, v, o; MLA's low-rank projections
// as DeepSeek's modeling code has them (q_a/q_b or q_proj, kv_a_proj_with_mqa, kv_b_proj, o_proj).
std::vector<std::pair<double, double>> attention_linears(const Workload& w) {
  const double h = w.hidden, d = effective_head_dim(w), heads = std::max(w.heads, 1);
  const double kv = std::max(effective_kv_heads(w), 1);
  if (w.kv_lora_rank > 0) {
    const double q_out = heads * (d + w.rope_head_dim);
    std::vector<std::pair<double, double>> l;
    if (w.q_lora_rank > 0) {
      l.push_back({h, double(w.q_lora_rank)});
      l.push_back({double(w.q_lora_rank), q_out});
    } else {
      l.push_back({h, q_out});
    }
    l.push_back({h, double(w.kv_lora_rank) + w.rope_head_dim});
    l.push_back({double(w.kv_lora_rank), heads * 2 * d});
    l.push_back({heads * d, h});
    return l;
  }
  return {{h, heads * d}, {h, kv * d}, {h, kv * d}, {heads * d, h}};
}

}  // namespace

// Adapter parameters: rank r times (input + output width) of every adapted linear layer (A is r x in, B
// out x r). qv: the query and value projections of every layer. all: every linear layer of each block,
// PEFT's all-linear: q, k, v, o and the FFN's matrices (gate, up, down when gated), and in MoE layers
// every routed and shared expert's matrices plus the router, since each expert (and Mixtral's or
// Qwen-MoE's router) is an nn.Linear of its own that all-linear adapts whether a token reaches it or not.
// The embeddings and the output head are not adapted (all-linear leaves the output layer out). DeepSeek's
// router (MoEGate) is a bare parameter, not an nn.Linear; counting it anyway adds under 0.1%.
double lora_params(const Workload& w) {
  const bool all = w.lora_targets == LoraTargets::all;
  // No shape to count on: 0.2% of the model on q and v; all linear layers of a plain block with a 4h FFN
  // hold 4.5x q and v's (4 x 2h + 2 x 5h against 2 x 2h per rank).
  if (!is_transformer(w) || w.layers <= 0 || w.hidden <= 0)
    return effective_params(w) * (all ? 0.009 : 0.002);
  const double h = w.hidden, r = w.lora_rank;
  if (!all) {
    const double q_out = double(w.heads) * effective_head_dim(w);
    const double v_out = double(effective_kv_heads(w)) * effective_head_dim(w);
    return r * w.layers * ((h + q_out) + (h + v_out));
  }
  double attention = 0;
  for (const auto& [in, out] : attention_linears(w)) attention += in + out;
  // Each FFN matrix maps h to its inner width or back: (h + inner) per matrix either way.
  const double m = effective_ffn_matrices(w);
  const LayerSplit n = layer_split(w);
  const double dense_ffn = m * (h + effective_intermediate(w));
  const double moe_ffn =
      (double(w.experts) + std::max(w.shared_experts, 0)) * m * (h + w.expert_intermediate) + (h + w.experts);
  return r * ((n.dense + n.moe) * attention + n.dense * dense_ffn + n.moe * moe_ffn);
}

namespace {

// Widths, over hidden, of the inputs one token feeds to adapted layers in an average layer. Each adapter
// keeps its own dropout output (of its input's width) and a 1-byte mask for its backward. qv: q and v both
// read the hidden state. all: every attention projection's input (o reads heads x head_dim), the FFN's
// gate and up (hidden) and down (its inner width) for each expert the token runs through (routed active
// and shared, averaged with the dense layers as ffn_ratio does), and the router's.
double adapter_input_ratio(const Workload& w) {
  if (w.lora_targets == LoraTargets::qv) return 2;
  const double h = std::max(1, w.hidden);
  double attention = 0;
  for (const auto& [in, out] : attention_linears(w)) attention += in;
  const double m = effective_ffn_matrices(w);
  const LayerSplit n = layer_split(w);
  const double dense = (m - 1) * h + effective_intermediate(w);
  const double per_token_experts = double(std::max(1, w.experts_active)) + std::max(0, w.shared_experts);
  const double moe = per_token_experts * ((m - 1) * h + w.expert_intermediate) + h;
  const double layers = n.dense + n.moe;
  const double ffn = layers > 0 ? (n.dense * dense + n.moe * moe) / layers : dense;
  return (attention + ffn) / h;
}

const char* runtime_name(Runtime r) {
  switch (r) {
    case Runtime::vllm:
      return "vLLM";
    case Runtime::llamacpp:
      return "llama.cpp";
    case Runtime::tensorrt:
      return "TensorRT";
    default:
      return "PyTorch";
  }
}

}  // namespace

Runtime effective_runtime(const Workload& w) {
  if (w.runtime != Runtime::auto_) return w.runtime;
  // A quantized (GGUF-style) decoder served for inference: llama.cpp, the usual way students run one.
  if (w.mode == Mode::inference && w.arch == Arch::decoder && w.weight_bits > 0 && w.weight_bits < 16)
    return Runtime::llamacpp;
  return Runtime::pytorch;
}

LayerActivation layer_activation(const Workload& w) {
  LayerActivation c;
  Precision p = w.precision;
  // Adapters train against a frozen 16-bit base: activations are 16-bit unless fp32 was asked for.
  if (is_adapter(w) && !fp32_like(p) && p != Precision::fp64) p = Precision::bf16;
  const double e = p == Precision::fp64 ? 8.0 : fp32_like(p) ? 4.0 : 2.0;
  const bool amp = p == Precision::amp;
  // Autocast runs layer norms (and softmax) in fp32 on the fp32 residual stream.
  const double norm_e = amp ? 4.0 : e;
  // Encoders (BERT, ViT, T5, Whisper) fine-tune with dropout 0.1: a 1-byte mask per dropout. Current
  // decoder LLMs (LLaMA, Qwen, Mistral, Phi, GPT-NeoX) ship with dropout 0.
  const bool dropout = w.arch != Arch::decoder;
  const double m = dropout ? 1.0 : 0.0;
  const double h = std::max(1, w.hidden);
  const double qw = double(w.heads) * effective_head_dim(w) / h;                 // query (and output) width
  const double kvw = double(effective_kv_heads(w)) * effective_head_dim(w) / h;  // key and value width
  const double r = ffn_ratio(w);
  const bool gated = effective_ffn_matrices(w) == 3;
  // Attention: QKV input, Q, K, V (SDPA/flash keep them with the output), the output, and the output
  // projection's input; a mask for the dropout after it.
  const double attention = e * (1 + qw + 2 * kvw + qw + qw) + m;
  // FFN: input, then per inner unit the pre-activation and activation (gated: gate, up, activation and
  // their product), then the dropout mask.
  const double ffn = e * (1 + (gated ? 4.0 : 2.0) * r) + m;
  const double norms = 2 * norm_e;
  // LoRA: each adapted projection keeps its own dropout output and mask for the adapter's backward, one
  // per hidden unit of its input (q and v: 2 x hidden).
  const double adapters = is_adapter(w) ? adapter_input_ratio(w) * (e + 1) : 0.0;
  // QLoRA: bitsandbytes' MatMul4Bit saves its input for backward in every 4-bit layer, trainable or not,
  // where autograd saves a frozen nn.Linear's input only if its weight needs a gradient. So QLoRA keeps,
  // beyond what the LoRA runs measured, the QKV and FFN inputs (norm outputs), the output projection's
  // input and the down projection's input: e (2 + q + r) per token and hidden unit.
  const double quantized_inputs = w.mode == Mode::qlora ? e * (2 + qw + r) : 0.0;
  c.per_token_h = attention + ffn + norms + adapters + quantized_inputs;
  // Eager attention keeps the softmax output (fp32 under autocast, with the half copy the next matmul
  // saves) and, with attention dropout, its mask and output.
  c.scores_per_as = (amp ? 4.0 : e) + m + (amp ? 2.0 : (dropout ? e : 0.0));
  c.layer_input_h = norm_e;
  // Logits: the loss runs in fp32 (autocast lists log_softmax and cross_entropy as fp32 ops; Hugging Face
  // heads also upcast), and its peak is at the start of the backward, not the end of the forward: the saved
  // fp32 log-probabilities, the gradient nll_loss hands back for them and the gradient log_softmax makes for
  // its input are three vocabulary-wide fp32 tensors alive at once (the forward's own high point, 16-bit
  // logits + their shifted copy + the fp32 cast + the log-probabilities, is about as large). Qwen's README
  // table (LoRA, fixed-length padded batches, 1.8B/7B/14B with the same 151936 vocabulary) grows by 12-14
  // bytes per token and vocabulary entry beyond the checkpointed layer inputs, where keeping only the
  // output and the log-probabilities (6 bytes) fell short by half. A chunked loss keeps one chunk's
  // transients and only compute-precision log-probabilities for the rest.
  c.logits_per_vocab = w.chunked_ce ? e : 3 * std::max(e, 4.0);
  return c;
}

namespace {

// Parameters a quantizer (GPTQ, AWQ, NF4, GGUF) leaves unquantized: the embedding and output layers.
double unquantized_params(const Workload& w) {
  if (!is_transformer(w)) return 0;
  const double heads = (w.arch == Arch::decoder && !w.tied_embeddings) ? 2.0 : 1.0;
  return std::min(effective_params(w) * 0.5, heads * w.vocab * double(w.hidden));
}

}  // namespace

double weight_bytes(const Workload& w) {
  const double P = effective_params(w);
  const double bits = stored_weight_bits(w);
  if (bits >= 16 || !is_transformer(w)) return P * bits / 8.0;
  // Quantizers leave the embedding and output layers in 16-bit.
  const double keep = unquantized_params(w);
  return (P - keep) * bits / 8.0 + keep * 2.0;
}

double kv_bytes_per_token(const Workload& w) {
  if (!is_transformer(w) || w.heads <= 0) return 0;
  // llama.cpp keeps its cache in f16 whatever the weights; PyTorch in the compute precision.
  const bool fp32 = fp32_like(w.precision) && effective_runtime(w) != Runtime::llamacpp;
  const int layers = w.arch == Arch::encoder_decoder && w.decoder_layers > 0 ? w.decoder_layers : w.layers;
  Workload one = w;
  one.layers = layers;
  return layers * kv_cache_values_per_token_layer(one) * (fp32 ? 4.0 : 2.0);
}

double stored_activation_bytes(const Workload& in) {
  std::optional<Workload> buf;
  const Workload& w = modelled(in, buf);
  const double b = w.micro_batch;
  if (is_transformer(w)) {
    const double s = std::max(1, w.seq_len);
    return w.layers * one_layer_bytes(w, s, b) + logits_bytes(w, s, b);
  }
  const bool fp32 =
      w.precision == Precision::fp32 || w.precision == Precision::tf32 || w.precision == Precision::fp64;
  if (w.arch == Arch::generic) return 0;
  return w.activation_mib_per_sample * kMiB * b * (fp32 ? 2.0 : 1.0) * image_scale(w);
}

double image_scale(const Workload& w) {
  if (w.arch != Arch::cnn && w.arch != Arch::diffusion) return 1.0;
  if (w.image_px <= 0 || w.per_sample_px <= 0) return 1.0;
  const double r = double(w.image_px) / w.per_sample_px;
  return r * r;
}

namespace {

// Inference working memory and KV cache under each runtime.
void inference_memory(const Workload& w, double split, Runtime rt, MemoryBreakdown& m, bool with_rules) {
  const double P = effective_params(w);
  // llama.cpp keeps the input embedding table in host memory (its rows are looked up on the CPU); an
  // output head tied to it must stay on the GPU.
  const bool cpu_embeddings = rt == Runtime::llamacpp && !w.tied_embeddings && is_transformer(w);
  const double embeddings = cpu_embeddings ? 2.0 * w.vocab * double(w.hidden) : 0.0;
  m.weights_gib = std::max(0.0, weight_bytes(w) - embeddings) / split / kGiB;
  if (with_rules)
    m.rules.push_back(
        {fmt("weights: %.3g params x %.3g bits (embeddings/head kept 16-bit when quantized)", P,
             stored_weight_bits(w)) +
             (cpu_embeddings ? std::string("; llama.cpp keeps the input embeddings in host memory") : ""),
         fmt("权重：%.3g 参数 × %.3g 位（量化时嵌入层和输出层保留 16 位）", P, stored_weight_bits(w)) +
             (cpu_embeddings ? std::string("；llama.cpp 把输入嵌入表放在主机内存") : "")});
  double activations = 0;
  if (is_transformer(w)) {
    // Encoders keep no KV cache: they see the whole input at once.
    const double ctx = w.context_tokens > 0 ? w.context_tokens : double(w.seq_len);
    const bool decoder = w.arch == Arch::decoder || w.arch == Arch::encoder_decoder;
    if (decoder) {
      m.kv_cache_gib = kv_bytes_per_token(w) * ctx * w.inference_batch / split / kGiB;
      if (with_rules)
        m.rules.push_back(
            {fmt("KV cache: 2 x L x kv_heads x d_head x bytes x %.0f tokens x %.0f sequences", ctx,
                 w.inference_batch) +
                 (rt == Runtime::llamacpp ? std::string(" (llama.cpp: sized by n_ctx, f16)") : ""),
             fmt("KV 缓存：2 × 层数 × KV 头数 × 头维度 × 字节数 × %.0f 个 token × %.0f 条序列", ctx,
                 w.inference_batch) +
                 (rt == Runtime::llamacpp ? std::string("（llama.cpp：按 n_ctx 分配，f16）") : "")});
    }
    const double prompt = std::max(1, w.seq_len);
    if (rt == Runtime::llamacpp) {
      // llama.cpp's compute buffer: one micro-batch (n_ubatch 512) of hidden states, and without flash
      // attention its f32 K x Q matrix over the whole context.
      const double ub = std::min(512.0, std::max(ctx, 1.0));
      activations = ub * 4.0 * (8.0 * w.hidden + double(w.heads) * std::max(ctx, 1.0));
      if (with_rules)
        m.rules.push_back(
            {"activations: llama.cpp compute buffer, 512-token micro-batch x (8 x hidden + "
             "heads x n_ctx) x 4 bytes",
             "激活：llama.cpp 计算缓冲，512 token 的微批 × (8 × 隐藏维度 + 头数 × n_ctx) × 4 字节"});
    } else {
      // Working buffers of one layer, the last token's logits and, for eager attention, one prompt's scores.
      // A DiT with classifier-free guidance runs each pass over twice the batch.
      const double batch = w.inference_batch * guidance_batch(w);
      activations = batch * (8.0 * w.hidden * std::max(ctx, prompt) + 4.0 * w.vocab);
      if (!w.fused_attention) activations += batch * w.heads * prompt * prompt * 6.0;
      if (with_rules)
        m.rules.push_back({"activations: working buffers only (inference stores nothing for backward)",
                           "激活：只有推理的工作缓冲（不为反向传播保存）"});
    }
  } else if (w.arch == Arch::diffusion && (w.image_px > 0 || w.per_sample_px > 0)) {
    // A UNet pipeline keeps nothing for backward: its peak is the VAE decoding every image of the call at
    // once (kVaeDecodeValuesPerPixel). Guidance doubles the UNet's batch, not the decoder's.
    const double px = w.image_px > 0 ? w.image_px : w.per_sample_px;
    const double e = fp32_like(w.precision) ? 4.0 : 2.0;
    activations = w.micro_batch * px * px * kVaeDecodeValuesPerPixel * e;
    if (with_rules)
      m.rules.push_back(
          {fmt("activations: VAE decode of %.0f image(s) at %.0f px, 768 values per pixel x %.0f bytes "
               "(the UNet under SDPA keeps far less; eager attention is not modelled for UNets)",
               w.micro_batch, px, e),
           fmt("激活：VAE 解码 %.0f 张 %.0f 像素的图，每像素 768 个值 × %.0f 字节（UNet 在 SDPA "
               "下占用远小于此；"
               "UNet 的普通注意力未建模）",
               w.micro_batch, px, e)});
  } else {
    // CNN presets state the per-sample figure for their own mode (here: inference buffers).
    // Classifier-free guidance batches the prompt and the empty prompt together: twice the batch.
    const double batch = w.micro_batch * guidance_batch(w);
    activations = w.activation_mib_per_sample * kMiB * batch * image_scale(w);
    if (with_rules)
      m.rules.push_back({fmt("activations: %.4g MiB per sample x batch %.0f (inference buffers)",
                             w.activation_mib_per_sample * image_scale(w), batch) +
                             (guidance_batch(w) > 1 ? std::string("; guidance doubles the batch") : ""),
                         fmt("激活：每样本 %.4g MiB × 批大小 %.0f（推理缓冲）",
                             w.activation_mib_per_sample * image_scale(w), batch) +
                             (guidance_batch(w) > 1 ? std::string("；无分类器引导使批大小翻倍") : "")});
  }
  m.activations_gib = activations / kGiB;
}

// A diffusion pipeline's frozen text encoders and VAE (Workload::frozen_params): loaded beside the denoiser
// for inference and for fine-tuning alike (the training scripts encode prompts and images as they go), one
// copy per card, never trained: weights at 16 bits, 32 when the job runs in fp32.
void frozen_modules(const Workload& w, MemoryBreakdown& m, bool with_rules) {
  const bool diffusion = w.arch == Arch::diffusion || w.arch == Arch::dit;
  if (!diffusion || w.frozen_params <= 0 || w.mode == Mode::compute) return;
  const double bytes = fp32_like(w.precision) ? 4.0 : 2.0;
  m.weights_gib += w.frozen_params * bytes / kGiB;
  if (with_rules)
    m.rules.push_back(
        {fmt("frozen text encoder(s) and VAE: %.3g params x %.0f bytes, on every card", w.frozen_params,
             bytes),
         fmt("冻结的文本编码器和 VAE：%.3g 参数 × %.0f 字节，每张卡各一份", w.frozen_params, bytes)});
}

// The adapted layers in words, as the rule names them: "q and v", or every linear layer by its name.
Text targets_text(const Workload& w) {
  if (w.lora_targets == LoraTargets::qv) return {"q and v", "q、v "};
  const bool gated = effective_ffn_matrices(w) == 3;
  const bool moe = w.experts > 0;
  return {std::string("all linear layers (q, k, v, o, ") + (gated ? "gate, up, down" : "up, down") +
              (moe ? " of every expert, router)" : ")"),
          std::string("所有线性层（q、k、v、o、") + (gated ? "gate、up、down" : "up、down") +
              (moe ? "，含每个专家和路由器）" : "）")};
}

void adapter_memory(const Workload& w, MemoryBreakdown& m, bool with_rules) {
  const bool q = w.mode == Mode::qlora;
  // NF4 with double quantization: 4 bits + 8-bit block constants per 64 weights + their fp32 constants
  // per 256 blocks = 4.127 bits (Dettmers et al. 2023).
  const double base_bits = q ? (w.weight_bits > 4 && w.weight_bits < 16 ? w.weight_bits : 4.127) : 16.0;
  Workload base = w;
  base.weight_bits = base_bits;
  base.precision = q ? Precision::int4 : Precision::bf16;
  const double lp = lora_params(w);
  // Adapters: fp32 weights, grads and AdamW states (QLoRA: bitsandbytes' paged 8-bit AdamW, 2 bytes).
  const bool eight_bit = w.optimizer == Optimizer::adam8bit || q;
  // QLoRA on the Hugging Face stack: PEFT's prepare_model_for_kbit_training, which TRL's SFTTrainer runs on
  // every model loaded in 4 or 8 bits (and the QLoRA paper's qlora.py calls), casts every parameter still in
  // fp16/bf16 to fp32 ("cast all non INT8 parameters to fp32", peft src/peft/utils/other.py; huggingface/peft
  // issue #816: the input embeddings, the output head and the norms). TRL (peft_module_casting_to_bf16) and
  // qlora.py cast the embeddings and head back to bf16 only when training in bf16; under fp16 AMP (T4, V100,
  // RTX 20xx: no bf16) or fp32 they stay fp32, 4 bytes a parameter instead of 2. For Llama-3.1-8B (2 x 128256
  // x 4096) that is +1.96 GiB whatever the context, so it weighs most on small cards. Unsloth's published
  // maximum contexts for Llama-3.1-8B QLoRA under Hugging Face + FA2 (unslothai/unsloth README, "Context
  // length benchmarks": rank 32 on all linear layers, batch 1, sequences padded to length; 932 tokens on 12
  // GB, 2,551 on 16, 5,789 on 24, 12,264 on 40, 15,502 on 48, 28,454 on 80) lie on one line, 9.70 GB +
  // 0.00247 GB a token; read as GiB (Unsloth's notebooks print max_memory_reserved / 1024^3 as "GB"), the
  // estimate without this term fell 2.1 GiB short at 932 tokens and 4.0 at 28K with a per-token part 3% low,
  // so a fixed ~2.0 GiB was missing (Unsloth does not say whether that run trained in fp16 or bf16). Under
  // bf16 or a pure 16-bit recipe (LitGPT's bf16-true) the embeddings and head end up 16-bit.
  const bool upcast_kept = q && !w.pure_half_states && w.precision != Precision::bf16;
  const double upcast = upcast_kept ? unquantized_params(base) * 2.0 : 0.0;
  m.weights_gib = (weight_bytes(base) + upcast + lp * 4.0) / kGiB;
  m.gradients_gib = lp * 4.0 / kGiB;
  m.optimizer_gib = lp * (eight_bit ? 2.0 : 8.0) / kGiB;
  if (with_rules) {
    const Text targets = targets_text(w);
    m.rules.push_back(
        {fmt("frozen base at %.3g bits/param, no gradients or optimizer states; %.3g adapter params (rank "
             "%.0f on ",
             base_bits, lp, w.lora_rank) +
             targets.en + ") carry fp32 weights, grads and " +
             (eight_bit ? std::string("8-bit (paged) Adam states") : std::string("AdamW states")),
         fmt("冻结的底模 %.3g 位/参数，没有梯度和优化器状态；%.3g 个适配器参数（", base_bits, lp) +
             targets.zh + fmt("上秩 %.0f）带 fp32 权重、梯度和", w.lora_rank) +
             (eight_bit ? std::string("8 位（分页）Adam 状态") : std::string("AdamW 状态"))});
  }
  if (with_rules && upcast > 0)
    m.rules.push_back(
        {fmt("QLoRA outside bf16: PEFT's prepare_model_for_kbit_training keeps the embeddings and output "
             "head (%.3g params) in fp32, +%.3g GiB",
             unquantized_params(base), upcast / kGiB),
         fmt("非 bf16 的 QLoRA：PEFT 的 prepare_model_for_kbit_training 把嵌入层和输出层（%.3g 参数）保留为 "
             "fp32，多 %.3g GiB",
             unquantized_params(base), upcast / kGiB)});
}

void full_states(const Workload& w, const MemoryPlan& plan, MemoryBreakdown& m, bool with_rules) {
  const double P = effective_params(w);
  const double n = std::max(1, plan.gpu_count);
  const double shard = plan.shard_states ? n : 1.0;
  double w_b = 0, g_b = 0;
  const double opt_b = state_bytes_per_param(w, w_b, g_b);
  m.weights_gib = P * w_b / shard / kGiB;
  m.gradients_gib = trains_weights(w) ? P * g_b / shard / kGiB : 0;
  m.optimizer_gib = trains_weights(w) ? P * opt_b / shard / kGiB : 0;
  if (trains_weights(w) && w.offload_optimizer && w.optimizer != Optimizer::sgd && w.arch != Arch::generic) {
    // ZeRO-Offload (Ren et al. 2021, section 4.1): the GPU keeps the compute-precision weights and
    // gradients (16-bit under AMP or fp16/bf16, fp32 otherwise); fp32 master weights, fp32 gradients
    // and the optimizer states sit in host RAM.
    const double e = w.precision == Precision::fp64 ? 8.0 : fp32_like(w.precision) ? 4.0 : 2.0;
    // Host: fp32 master weights and gradients (4 + 4) plus the states (mixed fp16/bf16 carries its
    // master copy inside opt_b already).
    const bool mixed =
        (w.precision == Precision::fp16 || w.precision == Precision::bf16) && !w.pure_half_states;
    const double host = P * (8.0 + (mixed ? opt_b - 4.0 : opt_b));
    m.weights_gib = P * e / shard / kGiB;
    m.gradients_gib = P * e / shard / kGiB;
    m.optimizer_gib = 0;
    m.host_gib = host / kGiB;  // the whole host's, as the rule says: each card's share adds up there
    if (!with_rules) return;
    m.rules.push_back(
        {fmt("model states with the optimizer offloaded to the CPU (ZeRO-Offload): %.3g + %.3g bytes/param "
             "on the "
             "GPU (weights + grads); %.3g GiB of master weights, gradients and optimizer states in host RAM",
             e, e, host / kGiB),
         fmt("优化器卸载到 CPU（ZeRO-Offload）的模型状态：GPU 上每参数 %.3g + %.3g 字节（权重 + "
             "梯度）；主机内存放 "
             "%.3g GiB 主权重、梯度和优化器状态",
             e, e, host / kGiB)});
    if (plan.shard_states)
      m.rules.push_back({fmt("ZeRO-3/FSDP: model states divided over %.0f GPUs", n),
                         fmt("ZeRO-3/FSDP：模型状态平分到 %.0f 张卡", n)});
    return;
  }
  if (!with_rules) return;
  const bool amp = w.precision == Precision::amp;
  const bool half = w.precision == Precision::fp16 || w.precision == Precision::bf16;
  const char* why_en =
      amp ? "recipe AMP: fp32 master weights and grads plus the fp16 copies autocast saves for backward, "
            "fp32 "
            "optimizer states"
      : half && w.pure_half_states
          ? "recipe pure 16-bit: weights, grads and optimizer states all 16-bit, no fp32 master copy"
      : half
          ? "recipe mixed 16-bit: half weights and grads; the optimizer holds an fp32 master copy and fp32 "
            "states (ZeRO accounting)"
          : "recipe fp32: full-precision weights, grads and optimizer states";
  const char* why_zh =
      amp                          ? "方案 AMP：fp32 主权重和梯度，加上 autocast 为反向保存的 fp16 副本，fp32 优化器状态"
      : half && w.pure_half_states ? "方案纯 16 位：权重、梯度和优化器状态全是 16 位，没有 fp32 主权重"
      : half                       ? "方案混合 16 位：半精度权重和梯度；优化器里有 fp32 主权重和 fp32 状态（ZeRO 的算法）"
                                   : "方案 fp32：全精度权重、梯度和优化器状态";
  m.rules.push_back(
      {fmt("model states: %.3g + %.3g + %.3g bytes/param (weights + grads + optimizer): ", w_b, g_b, opt_b) +
           why_en,
       fmt("模型状态：%.3g + %.3g + %.3g 字节/参数（权重 + 梯度 + 优化器）：", w_b, g_b, opt_b) + why_zh});
  if (plan.shard_states)
    m.rules.push_back({fmt("ZeRO-3/FSDP: model states divided over %.0f GPUs", n),
                       fmt("ZeRO-3/FSDP：模型状态平分到 %.0f 张卡", n)});
}

void training_activations(const Workload& w, MemoryBreakdown& m, bool with_rules) {
  double activations = 0;
  if (is_transformer(w)) {
    const double s = std::max(1, w.seq_len), b = w.micro_batch;
    const LayerActivation c = layer_activation(w);
    const double layer = one_layer_bytes(w, s, b);
    // Backward needs one more layer's worth of transient buffers at its start (or during recompute).
    activations =
        w.checkpointing ? w.layers * c.layer_input_h * s * b * w.hidden + layer : (w.layers + 1) * layer;
    activations += logits_bytes(w, s, b);
    const double scores = w.fused_attention ? 0.0 : c.scores_per_as;
    if (with_rules) {
      m.rules.push_back(
          {w.checkpointing ? fmt("activations (checkpointing): L x %.0f x s x b x h (layer inputs) + one "
                                 "layer's %.3g x s x b x h recomputed (Korthikanti et al. 2022)",
                                 c.layer_input_h, c.per_token_h)
           : w.fused_attention
               ? fmt("activations: (L + 1) x s x b x h x %.3g bytes (Korthikanti et al. 2022, "
                     "counted for this precision and FFN; +1 layer of backward buffers)",
                     c.per_token_h)
               : fmt("activations: (L + 1) x s x b x h x (%.3g + %.3g x a x s / h) bytes "
                     "(Korthikanti et al. 2022, counted for this precision and FFN; +1 layer of "
                     "backward buffers)",
                     c.per_token_h, scores),
           w.checkpointing ? fmt("激活（梯度检查点）：L × %.0f × s × b × h（每层输入）+ 重算一层的 "
                                 "%.3g × s × b × h（Korthikanti 等 2022）",
                                 c.layer_input_h, c.per_token_h)
           : w.fused_attention
               ? fmt("激活：(L + 1) × s × b × h × %.3g 字节（Korthikanti 等 2022，按精度和 FFN "
                     "计；多算一层反向缓冲）",
                     c.per_token_h)
               : fmt("激活：(L + 1) × s × b × h × (%.3g + %.3g × a × s / h) 字节（Korthikanti 等 "
                     "2022，按精度和 FFN 计；多算一层反向缓冲）",
                     c.per_token_h, scores)});
      m.rules.push_back(
          w.fused_attention
              ? Text{"attention: SDPA/flash (PyTorch >= 2 with Hugging Face default): scores not stored",
                     "注意力：SDPA/flash（PyTorch >= 2 配 Hugging Face 的默认）：不保存注意力分数"}
              : Text{"attention: eager, the s x s scores are stored for backward",
                     "注意力：eager，为反向保存 s × s 的分数矩阵"});
      if ((w.arch == Arch::decoder || w.arch == Arch::encoder_decoder) && w.vocab > 0)
        m.rules.push_back(
            w.chunked_ce
                ? Text{"logits: chunked cross-entropy keeps s x b x vocab in the compute precision",
                       "logits：分块交叉熵，只保留计算精度的 s × b × 词表"}
                : Text{"logits: the fp32 loss's backward holds 3 s x b x vocab tensors (log-probabilities, "
                       "their gradient, the logits' gradient)",
                       "logits：fp32 损失的反向传播同时持有 3 个 s × b × "
                       "词表的张量（对数概率、它的梯度、logits 的梯度）"});
    }
    if (w.mode == Mode::qlora) {
      // bitsandbytes dequantizes one 4-bit weight at a time to 16-bit for each matmul (freed after).
      const double f = effective_intermediate(w);
      activations += 2.0 * w.hidden * f;
      if (with_rules)
        m.rules.push_back({"QLoRA: one dequantized 16-bit weight (hidden x intermediate) in flight",
                           "QLoRA：同时有一个反量化成 16 位的权重（隐藏维度 × 中间维度）"});
    }
  } else {
    // Checkpointing keeps ~40% of a CNN's activations; of a diffusion UNet's, ~20% (ShivamShrirao/diffusers
    // dreambooth table, SD 1.4 on a T4: +0.48 GB per batch entry with it against +2.50 GB without).
    const double keep = w.arch == Arch::diffusion ? 0.2 : 0.4;
    activations = stored_activation_bytes(w) * (w.checkpointing ? keep : 1.0);
    if (with_rules)
      m.rules.push_back({fmt("activations: %.4g MiB per sample (16-bit; doubled in fp32) x batch %.0f",
                             w.activation_mib_per_sample * image_scale(w), w.micro_batch),
                         fmt("激活：每样本 %.4g MiB（16 位；fp32 翻倍）× 批大小 %.0f",
                             w.activation_mib_per_sample * image_scale(w), w.micro_batch)});
    if (with_rules && image_scale(w) != 1.0) {
      m.rules.back().en += fmt(" (scaled by (%.0f / %.0f px)^2)", w.image_px, w.per_sample_px);
      m.rules.back().zh += fmt("（按 (%.0f / %.0f 像素)^2 缩放）", w.image_px, w.per_sample_px);
    }
    if (with_rules && w.checkpointing) m.rules.back().en += fmt("; checkpointing keeps ~%.0f%%", keep * 100);
    if (with_rules && w.checkpointing) m.rules.back().zh += fmt("；梯度检查点保留约 %.0f%%", keep * 100);
  }
  m.activations_gib = activations / kGiB;
}

// A loop that frees the gradients after every optimizer step (Workload::grads_freed) lets the backward
// allocate them while it frees what the forward stored: the activations and, under AMP, the half weight
// copies autocast saved. The peak holds the larger of the two, not both. With gradient accumulation they
// survive into the next forward and add up as usual.
void released_gradients(const Workload& w, const MemoryPlan& plan, MemoryBreakdown& m, bool with_rules) {
  if (!trains_weights(w) || is_adapter(w) || w.offload_optimizer || plan.shard_states) return;
  if (!w.grads_freed || w.grad_accum > 1) {
    // Say which lifetime was assumed: the user can tell us otherwise (--grads-freed).
    if (with_rules && m.gradients_gib > 0)
      m.rules.push_back(
          w.grads_freed
              ? Text{"gradients: accumulated over micro-batches, so they stay resident through the next "
                     "forward even though the loop frees them after each step",
                     "梯度：跨微批累加，虽然每步之后释放，仍会留到下一次前向传播"}
              : Text{"gradients: kept between steps (zeroed in place), so they add to the peak in full; "
                     "a loop that frees them after each step (--grads-freed) needs less",
                     "梯度：步与步之间保留（原地清零），全额计入峰值；每步之后释放梯度的训练循环"
                     "（--grads-freed）需要更少"});
    return;
  }
  const double copies = w.precision == Precision::amp ? effective_params(w) * 2.0 / kGiB : 0.0;
  const double grads = m.gradients_gib;
  m.gradients_gib = std::max(0.0, grads - copies - m.activations_gib);
  if (with_rules)
    m.rules.push_back(
        {fmt("gradients: freed after each step (zero_grad(set_to_none=True)); the backward creates their "
             "%.3g GiB as it frees %.3g GiB of activations and half weight copies, so %.3g GiB add to the "
             "peak",
             grads, copies + m.activations_gib, m.gradients_gib),
         fmt("梯度：每步之后释放（zero_grad(set_to_none=True)）；反向传播一边生成 %.3g GiB "
             "梯度，一边释放 %.3g GiB 激活和半精度权重副本，峰值只多 %.3g GiB",
             grads, copies + m.activations_gib, m.gradients_gib)});
}

void prefix_rules(const MemoryBreakdown& from, const Text& prefix, MemoryBreakdown& to) {
  for (const Text& r : from.rules) to.rules.push_back({prefix.en + r.en, prefix.zh + r.zh});
}

// Whisper or T5 serving: the encoder runs once per window, then the decoder generates; their working
// buffers do not coexist. The decoder's cache holds its own keys and values over the generated tokens and
// the cross-attention keys and values over the encoder's frames.
void encoder_decoder_inference(const Stacks& st, double split, Runtime rt, MemoryBreakdown& m,
                               bool with_rules) {
  MemoryBreakdown enc, dec;
  inference_memory(st.encoder, split, rt, enc, false);
  Workload d = st.decoder;
  d.context_tokens = d.seq_len;
  inference_memory(d, split, rt, dec, false);
  const double cross = kv_bytes_per_token(d) * st.encoder_tokens * d.inference_batch / split / kGiB;
  m.weights_gib = enc.weights_gib + dec.weights_gib;
  m.kv_cache_gib = dec.kv_cache_gib + cross;
  m.activations_gib = std::max(enc.activations_gib, dec.activations_gib);
  if (!with_rules) return;
  m.rules.push_back(
      {fmt("encoder-decoder: weights of both stacks (%.3g params); encoder over %.0f tokens or frames, "
           "decoder over %.0f tokens",
           effective_params(st.encoder) + effective_params(d), st.encoder_tokens, d.seq_len),
       fmt("编码器-解码器：两个堆栈的权重（%.3g 参数）；编码器处理 %.0f 个 token 或帧，解码器 %.0f 个 token",
           effective_params(st.encoder) + effective_params(d), st.encoder_tokens, d.seq_len)});
  m.rules.push_back({fmt("KV cache: decoder self-attention over %.0f tokens + cross-attention over %.0f "
                         "encoder positions x "
                         "%.0f sequences",
                         d.seq_len, st.encoder_tokens, d.inference_batch),
                     fmt("KV 缓存：解码器自注意力 %.0f 个 token + 交叉注意力 %.0f 个编码器位置 × %.0f 条序列",
                         d.seq_len, st.encoder_tokens, d.inference_batch)});
}

}  // namespace

MemoryBreakdown memory_breakdown(const Workload& in, const MemoryPlan& plan, bool with_rules) {
  std::optional<Workload> buf;
  const Workload& w = modelled(in, buf);
  MemoryBreakdown m;
  const Runtime rt = effective_runtime(w);
  m.runtime = rt;
  const double P = effective_params(w);
  const double n = std::max(1, plan.gpu_count);
  const double split = plan.split_weights ? n : 1.0;

  const std::optional<Stacks> st = split_stacks(w);
  const bool stacks = st.has_value();
  if (w.mode == Mode::inference && stacks) {
    encoder_decoder_inference(*st, split, rt, m, with_rules);
  } else if (w.mode == Mode::inference) {
    inference_memory(w, split, rt, m, with_rules);
  } else if (w.arch == Arch::generic) {
    m.weights_gib = P * stored_weight_bits(w) / 8.0 / kGiB;
    m.activations_gib = w.working_set_gib / n;  // domain decomposition splits the mesh
    if (with_rules)
      m.rules.push_back(
          {fmt("working set %.3g GiB split over %.0f GPU(s) (domain decomposition)", w.working_set_gib, n),
           fmt("工作集 %.3g GiB，按 %.0f 张卡做区域分解", w.working_set_gib, n)});
  } else {
    if (is_adapter(w))
      adapter_memory(w, m, with_rules);
    else
      full_states(w, plan, m, with_rules);
    if (stacks) {
      // Both stacks keep their activations for backward: the encoder's over its frames or input tokens,
      // the decoder's over the target tokens (with the logits).
      MemoryBreakdown enc, dec;
      training_activations(st->encoder, enc, with_rules);
      training_activations(st->decoder, dec, with_rules);
      m.activations_gib = enc.activations_gib + dec.activations_gib;
      prefix_rules(enc, {"encoder ", "编码器"}, m);
      prefix_rules(dec, {"decoder ", "解码器"}, m);
    } else {
      training_activations(w, m, with_rules);
      released_gradients(w, plan, m, with_rules);
    }
  }

  frozen_modules(w, m, with_rules);

  // Each runtime's own overhead on top of what the job allocates.
  double allocator = 0;
  switch (rt) {
    case Runtime::llamacpp:
      // No PyTorch kernels to load and no caching allocator: the CUDA context and cuBLAS workspace.
      m.context_gib = kLlamaCppContextGib;
      break;
    case Runtime::tensorrt:
      // The engine plans its buffers ahead: no caching-allocator slack.
      m.context_gib = kCudaContextGib;
      break;
    case Runtime::vllm:
      // vLLM runs on PyTorch and captures CUDA graphs; it then takes gpu_memory_utilization of the card.
      m.context_gib = kCudaContextGib + kCudaGraphsGib;
      if (plan.vram_gib > 0)
        m.preallocated_gib = std::clamp(w.gpu_memory_utilization, 0.05, 1.0) * plan.vram_gib;
      break;
    default:
      m.context_gib = kCudaContextGib;
      // Caching-allocator reserve grows with the size and churn of activation buffers.
      allocator = kAllocatorBaseGib + kAllocatorActivationShare * m.activations_gib;
      break;
  }
  m.overhead_gib = m.context_gib + allocator;
  if (with_rules) {
    switch (rt) {
      case Runtime::llamacpp:
        m.rules.push_back({fmt("overhead (llama.cpp): CUDA context and cuBLAS workspace %.2g GiB, no "
                               "caching allocator",
                               kLlamaCppContextGib),
                           fmt("开销（llama.cpp）：CUDA 上下文与 cuBLAS 工作区 %.2g GiB，没有缓存分配器",
                               kLlamaCppContextGib)});
        break;
      case Runtime::tensorrt:
        m.rules.push_back(
            {"overhead (TensorRT): CUDA context 1.31 GiB; buffers planned ahead, no allocator slack",
             "开销（TensorRT）：CUDA 上下文 1.31 GiB；缓冲事先规划，没有分配器余量"});
        break;
      case Runtime::vllm:
        m.rules.push_back(
            {fmt("overhead (vLLM): CUDA context 1.31 GiB + CUDA graphs %.2g GiB; vLLM reserves "
                 "gpu_memory_utilization %.2g of the card up front and fills the rest with KV cache",
                 kCudaGraphsGib, w.gpu_memory_utilization),
             fmt("开销（vLLM）：CUDA 上下文 1.31 GiB + CUDA graphs %.2g GiB；vLLM 启动时按 "
                 "gpu_memory_utilization %.2g 预留整卡显存，多出的部分都给 KV 缓存",
                 kCudaGraphsGib, w.gpu_memory_utilization)});
        break;
      default:
        m.rules.push_back(
            {fmt("overhead (PyTorch): CUDA context and kernels 1.31 GiB (nvidia-smi) + caching-allocator "
                 "reserve 0.15 GiB + 20%% of activations; allocated at peak %.3g GiB, reserved %.3g GiB",
                 m.allocated_gib(), m.reserved_gib()),
             fmt("开销（PyTorch）：CUDA 上下文与内核 1.31 GiB（nvidia-smi 读数）+ 缓存分配器预留 0.15 GiB + "
                 "激活的 "
                 "20%%；峰值分配 %.3g GiB，预留 %.3g GiB",
                 m.allocated_gib(), m.reserved_gib())});
    }
    (void)runtime_name;
  }
  return m;
}

}  // namespace gw::model
