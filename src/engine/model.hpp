#pragma once
// Models by name: parameter counts derived from a workload's shape, the model library (data/models.json)
// and the Hugging Face config.json reader (hf_config.hpp).
#include <string>
#include <string_view>
#include <vector>

#include "text.hpp"
#include "workload.hpp"

namespace gw {

// ---- Parameter counts from the shape (model_shape.cpp). Every count is 0 when the shape is not given
// (no layers or no hidden size) or the arch has no shape formula (cnn, diffusion UNet, generic).
//
// Decoder layer: attention q, k, v, o (GQA: k and v have kv_heads * head_dim columns; MLA: the DeepSeek
// low-rank projections), FFN ffn_matrices * hidden * intermediate (3 = gated SwiGLU/GeGLU, 2 = plain),
// two norms. MoE layers (all but the first dense_layers) replace the FFN by `experts` routed and
// `shared_experts` always-on experts of expert_intermediate, plus a hidden x experts router. Embeddings
// vocab x hidden, plus an output head of the same size unless tied_embeddings. Encoder (BERT) and
// encoder-decoder (T5, Whisper) layers have biases and plain FFNs by default; a decoder layer of an
// encoder-decoder adds cross-attention. An encoder also counts its pooler and MLM head transform (BERT's
// and ALBERT's published checkpoints hold both), and ALBERT's factorised embeddings (embedding_size) and
// shared layers (only distinct_layers hold weights). An encoder-decoder with audio_seconds > 0 is Whisper:
// its two front-end convolutions (mel_bins -> hidden -> hidden, kernel 3) are added. ViT: patch embedding 3 *
// patch_px^2 * hidden and one position embedding per patch. Learned position tables of text models (BERT's
// 512, Whisper's 1500 + 448) are left out: under 0.5% of any library model.
double shape_params_total(const Workload&);
// Whisper's log-mel channels when mel_bins is 0: tiny to large-v2 (and Transformers' WhisperConfig) use 80.
inline constexpr int kWhisperDefaultMelBins = 80;
// Weights one token runs through: MoE counts experts_active routed experts and the shared ones.
double shape_params_active(const Workload&);

// The pieces, for explanations ("experts: 45.1B of 46.7B").
struct ShapeParams {
  double embeddings = 0;      // token embeddings and output head (and ViT patch/position embeddings)
  double attention = 0;       // every layer's attention (and cross-attention)
  double ffn = 0;             // dense FFN layers
  double experts_total = 0;   // every routed and shared expert
  double experts_active = 0;  // the routed experts one token uses plus the shared ones
  double router = 0;          // MoE gates
  double other = 0;           // norms, biases, convolution front ends
  double total() const { return embeddings + attention + ffn + experts_total + router + other; }
  double active() const { return embeddings + attention + ffn + experts_active + router + other; }
};
ShapeParams shape_params(const Workload&);
// The layers that hold weights, by kind: ALBERT's shared layers count once (distinct_layers); MoE layers are
// all but the first dense_layers. shape_params counts with it, and so do LoRA's adapters
// (estimate_memory.cpp).
struct LayerSplit {
  double dense = 0, moe = 0;
};
LayerSplit layer_split(const Workload&);

// A diffusion UNet (diffusers UNet2DConditionModel, unet/config.json), counted apart: its weights are
// convolutions and attention at several resolutions, which the transformer shape cannot express.
struct UNetShape {
  int in_channels = 4;
  int out_channels = 4;
  std::vector<int> block_out_channels;  // one per resolution level, down the encoder side
  std::vector<int> transformer_layers;  // per level: 0 = a plain block (DownBlock2D / UpBlock2D)
  int layers_per_block = 2;             // ResNet blocks per level going down (one more going up)
  int mid_transformer_layers = 1;       // the mid block's cross-attention transformer depth
  int cross_attention_dim = 768;        // width of the text embeddings attended to
  int addition_embed_input_dim = 0;     // SDXL's text_time embedding (projection_class_embeddings_input_dim)
};
// Every ResNet block (GroupNorms, two 3x3 convolutions, the time projection, a 1x1 shortcut when widths
// differ), every Transformer2D (GroupNorm, in/out projections, self- and cross-attention, GEGLU FFN,
// three LayerNorms per layer), the down- and upsampling convolutions, the time (and SDXL add) embeddings
// and the in/out convolutions. 0 when the shape is empty or inconsistent.
double unet_params(const UNetShape&);

// The defaults the count uses when a field is 0: intermediate 4 * hidden, head_dim hidden / heads,
// ffn_matrices 3 for a decoder given an intermediate size (the SwiGLU families) else 2.
int effective_intermediate(const Workload&);
int effective_head_dim(const Workload&);
int effective_ffn_matrices(const Workload&);
// Values the KV cache keeps per token and layer: 2 * kv_heads * head_dim, or for MLA kv_lora_rank +
// rope_head_dim (the compressed latent). 0 without a transformer shape.
double kv_cache_values_per_token_layer(const Workload&);

}  // namespace gw
