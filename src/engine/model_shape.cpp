// Parameter counts from a workload's shape (model.hpp says what each term counts and leaves out).
#include <algorithm>
#include <cmath>
#include <limits>

#include "engine/model.hpp"

namespace gw {

namespace {

bool has_shape(const Workload& w) {
  if (w.layers < 1 || w.hidden < 1) return false;
  switch (w.arch) {
    case Arch::decoder:
    case Arch::encoder:
    case Arch::encoder_decoder:
    case Arch::vit:
    case Arch::dit:
      return true;
    default:
      return false;
  }
}

// Biases on every projection and LayerNorm with a bias: BERT, Whisper and ViT. T5 has neither, and
// Llama-style decoders none (Qwen2's q/k/v biases): either way under 0.1% of the model.
bool biased(const Workload& w) {
  return w.arch != Arch::decoder;
}

// One self-attention block: q, k, v, o projections.
double attention_block(const Workload& w) {
  const double h = w.hidden;
  const double heads = std::max(w.heads, 1);
  const double d = effective_head_dim(w);
  const double kv = effective_kv_heads(w) > 0 ? effective_kv_heads(w) : heads;
  if (w.kv_lora_rank > 0) {
    // MLA: q either full (h -> heads * (d + rope)) or through a q_lora_rank bottleneck with its norm;
    // kv: h -> kv_lora_rank + rope (the latent and the shared rope key), its norm, then the latent ->
    // heads * (d + d) (no-rope key and value), and the output heads * d -> h.
    const double r = w.rope_head_dim;
    const double q_out = heads * (d + r);
    const double q =
        w.q_lora_rank > 0 ? h * w.q_lora_rank + w.q_lora_rank + w.q_lora_rank * q_out : h * q_out;
    const double kv_a = h * (w.kv_lora_rank + r) + w.kv_lora_rank;
    const double kv_b = static_cast<double>(w.kv_lora_rank) * heads * (d + d);
    return q + kv_a + kv_b + heads * d * h;
  }
  double p = h * heads * d + 2 * h * kv * d + heads * d * h;
  if (biased(w)) p += heads * d + 2 * kv * d + h;
  return p;
}

double ffn_block(const Workload& w, double inner) {
  const double h = w.hidden;
  double p = effective_ffn_matrices(w) * h * inner;
  if (biased(w)) p += (effective_ffn_matrices(w) - 1) * inner + h;
  return p;
}

// LayerNorm has a scale and a bias; RMSNorm (decoders) only a scale.
double norm(const Workload& w) {
  return biased(w) ? 2.0 * w.hidden : w.hidden;
}

}  // namespace

int effective_intermediate(const Workload& w) {
  if (w.intermediate > 0) return w.intermediate;
  // 4 x hidden in 64 bits: an unvalidated hidden near INT_MAX must not overflow (UBSan, property tests).
  const long long inner = 4LL * w.hidden;
  return inner > std::numeric_limits<int>::max() ? std::numeric_limits<int>::max() : static_cast<int>(inner);
}

int effective_head_dim(const Workload& w) {
  if (w.head_dim > 0) return w.head_dim;
  return w.heads > 0 ? w.hidden / w.heads : w.hidden;
}

int effective_ffn_matrices(const Workload& w) {
  if (w.ffn_matrices == 2 || w.ffn_matrices == 3) return w.ffn_matrices;
  return w.arch == Arch::decoder && (w.intermediate > 0 || w.experts > 0) ? 3 : 2;
}

double kv_cache_values_per_token_layer(const Workload& w) {
  if (!has_shape(w)) return 0;
  if (w.kv_lora_rank > 0) return static_cast<double>(w.kv_lora_rank) + w.rope_head_dim;
  const int kv = effective_kv_heads(w) > 0 ? effective_kv_heads(w) : 1;
  return 2.0 * kv * effective_head_dim(w);
}

LayerSplit layer_split(const Workload& w) {
  const double layers = std::max(w.layers, 0);
  const double weighted = w.distinct_layers > 0 ? std::min<double>(w.distinct_layers, layers) : layers;
  const double moe = w.experts > 0 ? std::max(0.0, weighted - std::max(w.dense_layers, 0)) : 0.0;
  return {weighted - moe, moe};
}

ShapeParams shape_params(const Workload& w) {
  ShapeParams s;
  if (!has_shape(w)) return s;
  const double h = w.hidden;
  const double layers = w.layers;
  const double vocab = std::max(w.vocab, 0);
  const double attn = attention_block(w);

  if (w.arch == Arch::encoder_decoder) {
    // Encoder: self-attention + FFN + 2 norms; decoder: self- and cross-attention + FFN + 3 norms.
    const double dec = w.decoder_layers > 0 ? w.decoder_layers : w.layers;
    const double ffn = ffn_block(w, effective_intermediate(w));
    s.attention = layers * attn + dec * 2 * attn;
    s.ffn = (layers + dec) * ffn;
    s.other = layers * 2 * norm(w) + dec * 3 * norm(w) + 2 * norm(w);
    s.embeddings = vocab * h * (w.tied_embeddings ? 1 : 2);
    // Whisper's conv front end: mel bins -> hidden, then hidden -> hidden, kernel 3, with biases.
    const double mels = w.mel_bins > 0 ? w.mel_bins : kWhisperDefaultMelBins;
    if (w.audio_seconds > 0) s.other += 3.0 * h * h + h + 3.0 * mels * h + h;
    return s;
  }

  // Cross-layer sharing (ALBERT): only the distinct layers hold weights; every layer still runs.
  const LayerSplit split = layer_split(w);
  const double weighted = split.dense + split.moe, moe_layers = split.moe;
  s.attention = weighted * attn;
  s.other = weighted * 2 * norm(w) + norm(w);
  s.ffn = split.dense * ffn_block(w, effective_intermediate(w));
  if (moe_layers > 0) {
    const double expert = ffn_block(w, w.expert_intermediate);
    s.experts_total = moe_layers * (static_cast<double>(w.experts) + w.shared_experts) * expert;
    s.experts_active =
        moe_layers * (static_cast<double>(std::min(w.experts_active, w.experts)) + w.shared_experts) * expert;
    s.router = moe_layers * h * w.experts;
  }
  if (w.arch == Arch::vit || (w.arch == Arch::dit && w.patch_px > 0)) {
    const double p = std::max(w.patch_px, 1);
    const double side = w.image_px > 0 ? std::floor(static_cast<double>(w.image_px) / p) : 0;
    s.embeddings = 3 * p * p * h + h + (side * side + 1) * h;  // patch conv + bias, class token + positions
    if (w.vocab > 0) s.embeddings += vocab * h;                // a classifier head, if one is named
    return s;
  }
  if (w.arch == Arch::encoder) {
    // Token embeddings of width e (ALBERT factorises them: vocab x e, then an e -> hidden projection); the
    // MLM head (a hidden -> e transform with its LayerNorm, the output tied to the input embedding, plus
    // its bias) and the pooler (hidden x hidden on the first token), as the published checkpoints hold.
    const double e = w.embedding_size > 0 ? w.embedding_size : h;
    s.embeddings = vocab * e + (e != h ? e * h + h : 0) + (h * e + e + 2 * e + vocab);
    s.other += h * h + h;
    return s;
  }
  s.embeddings = vocab * h * (w.tied_embeddings ? 1 : 2);
  return s;
}

namespace {

// diffusers ResnetBlock2D with a time embedding of width t.
double resnet_block(double in, double out, double t) {
  const double shortcut = in != out ? in * out + out : 0;
  return 2 * in + (in * out * 9 + out) + (t * out + out) + 2 * out + (out * out * 9 + out) + shortcut;
}

// diffusers Transformer2DModel at width c with n BasicTransformerBlocks attending to text of width x:
// q/k/v without bias, GEGLU FFN of 4c (its projection is 8c wide).
double transformer_2d(double c, double n, double x) {
  const double block = 2 * c + (4 * c * c + c) + 2 * c + (2 * c * c + 2 * x * c + c) + 2 * c +
                       (c * 8 * c + 8 * c) + (4 * c * c + c);
  return 2 * c + (c * c + c) + n * block + (c * c + c);
}

}  // namespace

double unet_params(const UNetShape& u) {
  const std::size_t levels = u.block_out_channels.size();
  if (levels == 0 || u.transformer_layers.size() != levels || u.layers_per_block < 1) return 0;
  for (int c : u.block_out_channels)
    if (c < 1) return 0;
  const std::vector<int>& ch = u.block_out_channels;
  const double c0 = ch[0], t = 4 * c0, x = std::max(u.cross_attention_dim, 0);
  double p = u.in_channels * c0 * 9 + c0 + (c0 * t + t) + (t * t + t);
  if (u.addition_embed_input_dim > 0) p += u.addition_embed_input_dim * t + t + (t * t + t);
  // Down: each level's first ResNet block takes the previous level's width; a downsampling conv but last.
  double out = c0;
  for (std::size_t i = 0; i < levels; ++i) {
    const double in = out;
    out = ch[i];
    for (int j = 0; j < u.layers_per_block; ++j) {
      p += resnet_block(j == 0 ? in : out, out, t);
      if (u.transformer_layers[i] > 0) p += transformer_2d(out, u.transformer_layers[i], x);
    }
    if (i + 1 < levels) p += out * out * 9 + out;
  }
  const double deepest = ch[levels - 1];
  p += 2 * resnet_block(deepest, deepest, t) + transformer_2d(deepest, u.mid_transformer_layers, x);
  // Up, in reverse: one block more per level, each concatenating a skip from the down side.
  out = deepest;
  for (std::size_t i = 0; i < levels; ++i) {
    const std::size_t level = levels - 1 - i;
    const double prev = out;
    out = ch[level];
    const double skip_last = ch[level > 0 ? level - 1 : 0];
    const int blocks = u.layers_per_block + 1;
    for (int j = 0; j < blocks; ++j) {
      const double skip = j == blocks - 1 ? skip_last : out;
      p += resnet_block((j == 0 ? prev : out) + skip, out, t);
      if (u.transformer_layers[level] > 0) p += transformer_2d(out, u.transformer_layers[level], x);
    }
    if (i + 1 < levels) p += out * out * 9 + out;
  }
  p += 2 * c0 + c0 * u.out_channels * 9 + u.out_channels;
  return std::isfinite(p) ? p : 0;
}

double shape_params_total(const Workload& w) {
  const double v = shape_params(w).total();
  return std::isfinite(v) ? v : 0;
}

double shape_params_active(const Workload& w) {
  const double v = shape_params(w).active();
  return std::isfinite(v) ? v : 0;
}

}  // namespace gw
