// Parameter counts from shapes (model.hpp) against the counts the model makers publish. Shapes are the
// models' config.json values (data/models.json cites each); published counts are the model cards' or
// papers' (named per case). Tolerance 2% (the bar).
#include <doctest/doctest.h>

#include <cmath>

#include "engine/model.hpp"

using namespace gw;

namespace {

Workload decoder(int layers, int hidden, int heads, int kv_heads, int intermediate, int vocab, bool tied) {
  Workload w;
  w.arch = Arch::decoder;
  w.layers = layers;
  w.hidden = hidden;
  w.heads = heads;
  w.kv_heads = kv_heads;
  w.intermediate = intermediate;
  w.vocab = vocab;
  w.tied_embeddings = tied;
  w.ffn_matrices = 3;
  return w;
}

Workload encoder(int layers, int hidden, int heads, int intermediate, int vocab) {
  Workload w;
  w.arch = Arch::encoder;
  w.layers = layers;
  w.hidden = hidden;
  w.heads = heads;
  w.intermediate = intermediate;
  w.vocab = vocab;
  return w;
}

void near(double got, double published, double tol = 0.02) {
  INFO("computed ", got / 1e9, " B, published ", published / 1e9, " B");
  CHECK(got == doctest::Approx(published).epsilon(tol));
}

}  // namespace

TEST_CASE("shape counts: dense decoders (GQA, gated FFN, tied and untied embeddings)") {
  // Llama-3-8B (model card: 8.03B), Qwen2.5-7B (card: 7.61B), Phi-3-mini (card: 3.8B),
  // GLM-4-9B (card: 9.4B; ChatGLM names: multi_query_group_num 2, ffn_hidden_size 13696).
  near(shape_params_total(decoder(32, 4096, 32, 8, 14336, 128256, false)), 8.03e9);
  near(shape_params_total(decoder(28, 3584, 28, 4, 18944, 152064, false)), 7.61e9);
  near(shape_params_total(decoder(32, 3072, 32, 32, 8192, 32064, false)), 3.82e9);
  near(shape_params_total(decoder(40, 4096, 32, 2, 13696, 151552, false)), 9.40e9);
  // Gemma-2-9B: head_dim 256 with 16 heads (not hidden / heads), tied 256k vocabulary (9.24B).
  Workload g = decoder(42, 3584, 16, 8, 14336, 256000, true);
  g.head_dim = 256;
  near(shape_params_total(g), 9.24e9);
  // Dense: active == total.
  CHECK(shape_params_active(g) == shape_params_total(g));
}

TEST_CASE("shape counts: MoE totals count every expert, active counts the routed and shared ones") {
  // Mixtral-8x7B: 46.7B total, 12.9B active (Mistral AI's announcement).
  Workload m = decoder(32, 4096, 32, 8, 14336, 32000, false);
  m.experts = 8;
  m.experts_active = 2;
  m.expert_intermediate = 14336;
  near(shape_params_total(m), 46.7e9);
  near(shape_params_active(m), 12.9e9);
  // DeepSeek-V3: 671B total, 37B active (model card; the 14B multi-token-prediction module excluded).
  // MLA attention, 3 dense layers, 256 routed experts (8 active) + 1 shared.
  Workload d = decoder(61, 7168, 128, 128, 18432, 129280, false);
  d.head_dim = 128;
  d.kv_lora_rank = 512;
  d.q_lora_rank = 1536;
  d.rope_head_dim = 64;
  d.experts = 256;
  d.experts_active = 8;
  d.shared_experts = 1;
  d.expert_intermediate = 2048;
  d.dense_layers = 3;
  near(shape_params_total(d), 671e9);
  near(shape_params_active(d), 37e9, 0.03);  // "37B" is rounded: 37.4-37.6B computed
  near(shape_params_active(d), 37.5e9);
  // Qwen3-30B-A3B: 30.5B total, 3.3B active (model card).
  Workload q = decoder(48, 2048, 32, 4, 6144, 151936, false);
  q.head_dim = 128;
  q.experts = 128;
  q.experts_active = 8;
  q.expert_intermediate = 768;
  near(shape_params_total(q), 30.5e9);
  near(shape_params_active(q), 3.3e9);
  // The pieces add up, and the KV cache of MLA keeps the latent, not 2 x heads x head_dim.
  const ShapeParams p = shape_params(d);
  CHECK(p.total() == doctest::Approx(shape_params_total(d)));
  CHECK(kv_cache_values_per_token_layer(d) == 512 + 64);
  CHECK(kv_cache_values_per_token_layer(m) == 2 * 8 * 128);
}

TEST_CASE("shape counts: encoder, encoder-decoder and ViT") {
  // BERT-base (card: 110M): biases, LayerNorms, the pooler and the MLM head transform counted, the
  // position table (0.4M) not.
  near(shape_params_total(encoder(12, 768, 12, 3072, 30522)), 110e6);
  // T5-large: 24 + 24 layers, d_model 1024, d_ff 4096, tied 32128 vocabulary, plain ReLU FFN. The
  // Hugging Face checkpoint holds 737.7M (its model page); the paper's rounded "770M" is 4% more.
  Workload t;
  t.arch = Arch::encoder_decoder;
  t.layers = 24;
  t.decoder_layers = 24;
  t.hidden = 1024;
  t.heads = 16;
  t.head_dim = 64;
  t.intermediate = 4096;
  t.vocab = 32128;
  t.tied_embeddings = true;
  near(shape_params_total(t), 737.7e6);
  // Whisper-large-v3 (card: 1550M): 32 + 32 layers, d_model 1280, 51866 tokens, conv front end.
  Workload wh = t;
  wh.layers = 32;
  wh.decoder_layers = 32;
  wh.hidden = 1280;
  wh.heads = 20;
  wh.head_dim = 0;
  wh.intermediate = 5120;
  wh.vocab = 51866;
  wh.audio_seconds = 30;
  wh.mel_bins = 128;
  near(shape_params_total(wh), 1550e6);
  // The conv stem reads the model's own mel channels: large-v2 has 80 (the default), large-v3 128, so
  // v3's first convolution holds 3 x 48 x 1280 more weights.
  Workload v2 = wh;
  v2.mel_bins = 0;
  CHECK(shape_params_total(wh) - shape_params_total(v2) == doctest::Approx(3.0 * 48 * 1280));
  v2.mel_bins = 80;
  CHECK(shape_params_total(v2) == doctest::Approx(shape_params_total(wh) - 3.0 * 48 * 1280));
  // ViT-L/16 at 224 px with a 1000-class head (paper, Table 1: 307M).
  Workload v;
  v.arch = Arch::vit;
  v.layers = 24;
  v.hidden = 1024;
  v.heads = 16;
  v.intermediate = 4096;
  v.patch_px = 16;
  v.image_px = 224;
  v.vocab = 1000;
  near(shape_params_total(v), 307e6);
}

TEST_CASE("shape counts: ALBERT shares one layer's weights and factorises its embeddings") {
  // albert-base-v2 (google-research/albert config/base/albert_config.json): 12 layers of width 768 that all
  // run one set of weights (num_hidden_groups 1, inner_group_num 1), 30000 tokens embedded at width 128
  // and projected to 768. Published: 11.8M (the Hugging Face checkpoint; the paper rounds to 12M).
  Workload a = encoder(12, 768, 12, 3072, 30000);
  a.embedding_size = 128;
  a.distinct_layers = 1;
  near(shape_params_total(a), 11.8e6);
  // The same shape with a weight set per layer and full-width embeddings is BERT-sized: sharing is what
  // makes ALBERT small, each term on its own.
  Workload unshared = a;
  unshared.distinct_layers = 0;
  const ShapeParams per_layer = shape_params(unshared);
  const double one_layer = (per_layer.attention + per_layer.ffn) / 12 + 2 * 2 * 768;  // + two LayerNorms
  CHECK(shape_params(a).attention == doctest::Approx(per_layer.attention / 12));
  CHECK(shape_params_total(unshared) - shape_params_total(a) == doctest::Approx(11 * one_layer));
  CHECK(shape_params_total(unshared) > 85e6);  // BERT-base-sized
  Workload wide = a;
  wide.embedding_size = 0;  // 30000 x 768 instead of 30000 x 128 + the 128 -> 768 projection
  CHECK(shape_params_total(wide) - shape_params_total(a) > 19e6);
  // distinct_layers beyond the layer count means every layer: never more weights than layers.
  Workload over = a;
  over.distinct_layers = 40;
  CHECK(shape_params_total(over) == doctest::Approx(shape_params_total(unshared)));
  // ALBERT-large v2 (24 layers of 1024, FFN 4096, 16 heads; paper, Table 1: 18M).
  Workload l = encoder(24, 1024, 16, 4096, 30000);
  l.embedding_size = 128;
  l.distinct_layers = 1;
  near(shape_params_total(l), 18e6);
}

TEST_CASE("shape counts: GPT-2 and OPT (plain MLPs, tied heads)") {
  // GPT-2 XL (OpenAI's checkpoint name 1558M): 48 layers of 1600, 25 heads, 50257 tokens, 4 x hidden GELU
  // MLP, head tied to the embedding. OPT-13B (paper, Table 1: 13B): 40 layers of 5120, ffn_dim 20480.
  Workload g = decoder(48, 1600, 25, 25, 6400, 50257, true);
  g.ffn_matrices = 2;
  near(shape_params_total(g), 1558e6);
  Workload o = decoder(40, 5120, 40, 40, 20480, 50272, true);
  o.ffn_matrices = 2;
  near(shape_params_total(o), 13e9);
  // A gated (3-matrix) MLP of the same size would be 4.2B more: the matrix count is part of the shape.
  Workload gated = o;
  gated.ffn_matrices = 3;
  CHECK(shape_params_total(gated) - shape_params_total(o) == doctest::Approx(40.0 * 5120 * 20480));
}

TEST_CASE("shape counts: diffusion UNets from their unet/config.json") {
  // SD 1.5: block_out_channels 320/640/1280/1280, cross-attention at the first three levels, 2 layers per
  // block, text width 768. The card's 860M; diffusers' checkpoint holds 859,520,964.
  UNetShape sd15;
  sd15.block_out_channels = {320, 640, 1280, 1280};
  sd15.transformer_layers = {1, 1, 1, 0};
  sd15.cross_attention_dim = 768;
  near(unet_params(sd15), 860e6);
  CHECK(unet_params(sd15) == doctest::Approx(859520964.0).epsilon(1e-9));
  // SDXL base: 320/640/1280, no attention at the first level, transformer_layers_per_block 1/2/10 (10 in
  // the mid block), text width 2048, text_time add embedding of 2816. The paper's 2.6B (Table 1);
  // 2,567,463,684 in the checkpoint.
  UNetShape sdxl;
  sdxl.block_out_channels = {320, 640, 1280};
  sdxl.transformer_layers = {0, 2, 10};
  sdxl.mid_transformer_layers = 10;
  sdxl.cross_attention_dim = 2048;
  sdxl.addition_embed_input_dim = 2816;
  near(unet_params(sdxl), 2.6e9);
  CHECK(unet_params(sdxl) == doctest::Approx(2567463684.0).epsilon(1e-9));
  // Each term matters: without the transformers SDXL is a fraction of itself; an inconsistent shape is 0.
  UNetShape plain = sdxl;
  plain.transformer_layers = {0, 0, 0};
  plain.mid_transformer_layers = 0;
  CHECK(unet_params(plain) < 0.3 * unet_params(sdxl));
  UNetShape bad = sdxl;
  bad.transformer_layers = {1, 2};
  CHECK(unet_params(bad) == 0);
  CHECK(unet_params(UNetShape{}) == 0);
}

TEST_CASE("shape counts: nothing to count gives 0, never NaN") {
  Workload w;
  CHECK(shape_params_total(w) == 0);
  w.arch = Arch::cnn;
  w.layers = 50;
  w.hidden = 2048;
  CHECK(shape_params_total(w) == 0);  // no shape formula for CNNs: the published count is carried
  Workload big = decoder(100000, 10000000, 1, 1, 10000000, 1000000000, false);
  CHECK(std::isfinite(shape_params_total(big)));
  CHECK(effective_params(decoder(32, 4096, 32, 8, 14336, 128256, false)) > 8e9);
}
