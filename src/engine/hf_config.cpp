// Hugging Face config.json -> workload shape (hf_config.hpp). Each family's key names are read by one
// function; every value goes through one checked reader that names the key's JSON path on a problem.
#include "engine/hf_config.hpp"

#include "engine/hf_reader.hpp"
#include "engine/model.hpp"
#include "engine/models.hpp"

namespace gw {

namespace {

using namespace hfc;  // the checked reader, its shared keys and limits

enum class Style {
  decoder,
  mixtral,
  qwen_moe,
  deepseek,
  glm_moe,
  chatglm,
  qwen_v1,
  llama4,
  exaone,
  llama_like,
  falcon,
  gpt_bigcode,
  mpt,
  plain,
  bert,
  albert,
  distilbert,
  t5,
  whisper_bart,
  vit,
  none
};

struct StyleName {
  const char* model_type;
  Style style;
  bool tied_default;  // the transformers config class's tie_word_embeddings default
};

const StyleName kStyles[] = {
    {"llama", Style::decoder, false},
    {"mistral", Style::decoder, false},
    {"qwen2", Style::decoder, false},
    {"qwen3", Style::decoder, false},
    {"qwen2_vl", Style::decoder, false},
    {"qwen2_5_vl", Style::decoder, false},
    {"phi3", Style::decoder, false},
    {"gemma", Style::decoder, true},
    {"gemma2", Style::decoder, true},
    {"gemma3_text", Style::decoder, true},
    {"internlm2", Style::decoder, false},
    {"olmo", Style::decoder, false},
    {"olmo2", Style::decoder, false},
    {"granite", Style::decoder, false},
    {"stablelm", Style::decoder, false},
    {"mllama_text_model", Style::decoder, false},
    {"baichuan", Style::decoder, false},
    {"glm", Style::decoder, false},
    {"glm4", Style::decoder, false},
    // CohereConfig / Cohere2Config: gated MLP, num_key_value_heads defaults to the head count, tied by
    // default.
    {"cohere", Style::decoder, true},
    {"cohere2", Style::decoder, true},
    // Families whose config class gives absent keys values other than the Llama reading's (hf_families.cpp).
    {"starcoder2", Style::llama_like, true},
    {"nemotron", Style::llama_like, false},
    {"seed_oss", Style::llama_like, false},
    {"smollm3", Style::llama_like, true},
    {"ernie4_5", Style::llama_like, true},
    {"qwen3_vl_text", Style::llama_like, false},
    {"falcon", Style::falcon, true},
    // Falcon's remote-code checkpoints (falcon-7b, falcon-40b as first published), read as transformers'
    // convert_custom_code_checkpoint.py converts them.
    {"RefinedWebModel", Style::falcon, true},
    {"RefinedWeb", Style::falcon, true},
    {"gpt_bigcode", Style::gpt_bigcode, true},
    {"mpt", Style::mpt, true},
    {"mixtral", Style::mixtral, false},
    {"phimoe", Style::mixtral, false},
    {"gpt_oss", Style::mixtral, false},
    {"qwen2_moe", Style::qwen_moe, false},
    {"qwen3_moe", Style::qwen_moe, false},
    // Qwen3-VL-MoE's language model (models/qwen3_vl_moe/configuration_qwen3_vl_moe.py): Qwen3-MoE's keys.
    // Qwen3VLMoeTextConfig alone defaults to tied, but the checkpoints carry tie_word_embeddings on the
    // composite Qwen3VLMoeConfig (default false), which read_hf_config hands down to text_config.
    {"qwen3_vl_moe_text", Style::qwen_moe, false},
    {"deepseek_v2", Style::deepseek, false},
    {"deepseek_v3", Style::deepseek, false},
    {"kimi_k2", Style::deepseek, false},  // Moonshot's Kimi K2: DeepSeek-V3's architecture under its own name
    {"glm4_moe", Style::glm_moe, false},
    // DeepSeek-MoE 16B: routed and shared experts as GLM-4.5 names them, over plain multi-head attention.
    {"deepseek", Style::glm_moe, false},
    {"qwen", Style::qwen_v1, false},
    {"llama4_text", Style::llama4, false},
    {"exaone", Style::exaone, true},
    {"chatglm", Style::chatglm, false},
    {"gpt2", Style::plain, true},
    {"gptj", Style::plain, false},
    {"opt", Style::plain, true},
    {"bloom", Style::plain, true},
    {"gpt_neox", Style::plain, false},
    {"phi", Style::plain, false},
    {"bert", Style::bert, true},
    {"roberta", Style::bert, true},
    {"xlm-roberta", Style::bert, true},
    {"ernie", Style::bert, true},
    {"deberta-v2", Style::bert, true},
    {"albert", Style::albert, true},
    {"distilbert", Style::distilbert, true},
    {"t5", Style::t5, true},
    {"mt5", Style::t5, false},
    {"whisper", Style::whisper_bart, true},
    {"bart", Style::whisper_bart, true},
    {"mbart", Style::whisper_bart, true},
    {"vit", Style::vit, false},
    {"deit", Style::vit, false},
    {"dinov2", Style::vit, false},
};

const StyleName* style_of(const std::string& model_type) {
  for (const StyleName& s : kStyles)
    if (model_type == s.model_type) return &s;
  return nullptr;
}

std::string known_types() {
  std::string list;
  for (const StyleName& s : kStyles) list += (list.empty() ? "" : ", ") + std::string(s.model_type);
  return list;
}

// transformers writes a composite model's text_config as a diff against the composite's default text
// config, so keys equal to that default are not in the file (Gemma 3 4B's text_config has no
// num_attention_heads; LLaVA-1.5-7B's has no hidden_size). Loading fills them from that default, and so
// does gpuwise, saying which. Values are the config classes' defaults in transformers' source
// (models/gemma3/configuration_gemma3.py Gemma3TextConfig, models/mllama/configuration_mllama.py
// MllamaTextConfig, models/llama/configuration_llama.py LlamaConfig for the LLaVA family).
struct TextDefaults {
  const char* model_type;    // the composite's model_type
  const char* config_class;  // the default text config's class
  const char* keys;          // its defaults, as JSON
};
const TextDefaults kTextDefaults[] = {
    {"gemma3", "Gemma3TextConfig",
     R"({"vocab_size":262208,"hidden_size":2304,"intermediate_size":9216,"num_hidden_layers":26,)"
     R"("num_attention_heads":8,"num_key_value_heads":4,"head_dim":256,"max_position_embeddings":131072,)"
     R"("tie_word_embeddings":true})"},
    {"mllama", "MllamaTextConfig",
     R"({"vocab_size":128256,"hidden_size":4096,"intermediate_size":14336,"num_hidden_layers":40,)"
     R"("num_attention_heads":32,"num_key_value_heads":8,"max_position_embeddings":131072,)"
     R"("tie_word_embeddings":false})"},
    {"llava", "LlamaConfig", nullptr},
    {"llava_next", "LlamaConfig", nullptr},
    {"llava_next_video", "LlamaConfig", nullptr},
    {"vipllava", "LlamaConfig", nullptr},
};
constexpr const char* kLlamaDefaults =
    R"({"vocab_size":32000,"hidden_size":4096,"intermediate_size":11008,"num_hidden_layers":32,)"
    R"("num_attention_heads":32,"max_position_embeddings":2048,"tie_word_embeddings":false})";

const TextDefaults* text_defaults(const std::string& composite) {
  for (const TextDefaults& d : kTextDefaults)
    if (composite == d.model_type) return &d;
  return nullptr;
}

// Nesting depth of the text's arrays and objects, outside strings: checked before parsing, so a hostile
// file of a million '[' never reaches the parser's recursion.
int json_depth(std::string_view s) {
  int depth = 0, worst = 0;
  bool in_string = false;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const char c = s[i];
    if (in_string) {
      if (c == '\\')
        ++i;
      else if (c == '"')
        in_string = false;
    } else if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      worst = std::max(worst, ++depth);
    } else if (c == ']' || c == '}') {
      --depth;
    }
  }
  return worst;
}

void tied(Reader& r, ojson& shape, const StyleName& style) {
  hfc::tied(r, shape, style.model_type, style.tied_default);
}

// Llama-style decoders (and the attention/embedding part of every MoE decoder below).
void read_decoder(Reader& r, ojson& s, const StyleName& style) {
  s["arch"] = "decoder";
  // No num_key_value_heads = plain multi-head attention (Llama 1/2-7B, Baichuan): the config says so by
  // leaving it out, and every reader of these configs takes it that way.
  r.read(s, {kLayers, kHidden, kHeads, kKvHeads, kHeadDim});
  if (style.style != Style::mixtral) r.read(s, kFfn);
  r.read(s, kVocab);
  s["ffn_matrices"] = 3;  // SwiGLU / GeGLU in every family read here
  tied(r, s, style);
}

void read_mixtral(Reader& r, ojson& s, const StyleName& style) {
  read_decoder(r, s, style);
  r.read(s, {{"experts", {"num_local_experts"}, "experts", 1, 1e5},
             kExpertsActive,
             {"expert_intermediate", {"intermediate_size"}, "expert FFN size", 1, kMaxWidth}});
}

void read_qwen_moe(Reader& r, ojson& s, const StyleName& style) {
  read_decoder(r, s, style);
  r.read(s, {{"experts", {"num_experts"}, "experts", 1, 1e5}, kExpertsActive});
  // Qwen3VLMoeTextConfig's num_key_value_heads is 16 when the key is absent, not one per head.
  if (std::string(style.model_type) == "qwen3_vl_moe_text")
    class_default(r, s, "kv_heads", "num_key_value_heads", 16, "Qwen3VLMoeTextConfig");
  const auto expert =
      r.read(s, {"expert_intermediate", {"moe_intermediate_size"}, "expert FFN size", 1, kMaxWidth});
  // Qwen2-MoE's shared expert is one FFN of shared_expert_intermediate_size: counted as that many
  // expert-sized ones (Qwen1.5-MoE-A2.7B: 5632 = 4 x 1408).
  if (const auto shared =
          r.integer({"shared_expert_intermediate_size"}, "shared expert FFN size", 0, kMaxWidth, false);
      shared && expert && *shared > 0) {
    if (*shared % *expert != 0)
      r.problem("shared_expert_intermediate_size",
                std::to_string(*shared) + " is not a multiple of moe_intermediate_size " +
                    std::to_string(*expert) + ": gpuwise counts shared experts in expert-sized units");
    else
      r.put(s, "shared_experts", std::optional<long long>(*shared / *expert),
            "shared_expert_intermediate_size");
  }
  if (const auto step = r.integer({"decoder_sparse_step"}, "MoE layer step", 1, kMaxLayers, false);
      step && *step != 1)
    r.problem("decoder_sparse_step", "MoE layers every " + std::to_string(*step) +
                                         " layers are not modelled (gpuwise reads 1: every layer)");
  if (r.has("mlp_only_layers") &&
      !(r.obj.at("mlp_only_layers").is_array() && r.obj.at("mlp_only_layers").empty()))
    r.problem("mlp_only_layers", "dense layers between MoE layers are not modelled (gpuwise reads [])");
}

// DeepSeek-V2/V3's routed experts: n_routed_experts beside n_shared_experts, after first_k_dense_replace
// dense layers. GLM-4.5 (glm4_moe) names them the same way.
void read_routed_experts(Reader& r, ojson& s) {
  r.read(s, {{"experts", {"n_routed_experts"}, "routed experts", 1, 1e5},
             kExpertsActive,
             {"shared_experts", {"n_shared_experts"}, "shared experts", 0, 1e5, false},
             {"expert_intermediate", {"moe_intermediate_size"}, "expert FFN size", 1, kMaxWidth},
             {"dense_layers", {"first_k_dense_replace"}, "leading dense layers", 0, kMaxLayers, false}});
  if (const auto freq = r.integer({"moe_layer_freq"}, "MoE layer frequency", 1, kMaxLayers, false);
      freq && *freq != 1)
    r.problem("moe_layer_freq",
              "MoE layers every " + std::to_string(*freq) +
                  " layers are not modelled (gpuwise reads 1: every layer after the dense ones)");
  if (const auto mtp = r.integer({"num_nextn_predict_layers"}, "prediction layers", 0, kMaxLayers, false);
      mtp && *mtp > 0)
    r.out.notes.push_back(
        {"The multi-token prediction module (num_nextn_predict_layers) is not counted, as "
         "in the published parameter count.",
         "多 token 预测模块（num_nextn_predict_layers）不计入，与官方公布的参数量一致。"});
}

void read_deepseek(Reader& r, ojson& s, const StyleName& style) {
  s["arch"] = "decoder";
  r.read(s, {kLayers,
             kHidden,
             kHeads,
             {"intermediate", {"intermediate_size"}, "dense FFN size", 1, kMaxWidth},
             kVocab});
  s["ffn_matrices"] = 3;
  tied(r, s, style);
  read_routed_experts(r, s);
  r.read(s, {{"kv_lora_rank", {"kv_lora_rank"}, "KV latent rank", 1, kMaxHeads},
             {"q_lora_rank", {"q_lora_rank"}, "query latent rank", 1, kMaxHeads, false},
             {"rope_head_dim", {"qk_rope_head_dim"}, "rotary key width", 1, kMaxHeads}});
  const auto nope = r.read(s, {"head_dim", {"qk_nope_head_dim"}, "per-head query/key width", 1, kMaxHeads});
  if (const auto v = r.integer({"v_head_dim"}, "per-head value width", 1, kMaxHeads);
      v && nope && *v != *nope)
    r.problem("v_head_dim", "v_head_dim " + std::to_string(*v) + " differs from qk_nope_head_dim " +
                                std::to_string(*nope) + ": gpuwise models one per-head width");
}

// GLM-4.5 and GLM-4.5-Air: DeepSeek-V3's experts over ordinary grouped-query attention (head_dim given,
// intermediate_size the dense layers' FFN). DeepSeek-MoE 16B (model_type "deepseek", the remote code's
// modeling_deepseek.py) is the same layout before MLA: DeepseekMoE's experts after first_k_dense_replace
// dense layers, over Llama attention.
void read_glm_moe(Reader& r, ojson& s, const StyleName& style) {
  read_decoder(r, s, style);
  read_routed_experts(r, s);
}

void read_chatglm(Reader& r, ojson& s, const StyleName& style) {
  s["arch"] = "decoder";
  r.read(s, {"layers", {"num_layers", "num_hidden_layers"}, "layers", 1, kMaxLayers});
  const auto hidden = r.read(s, kHidden);
  const auto heads = r.read(s, kHeads);
  if (r.boolean("multi_query_attention").value_or(false))
    r.read(s, {"kv_heads", {"multi_query_group_num"}, "key/value groups", 1, kMaxHeads});
  if (const auto kv = r.integer({"kv_channels"}, "head dimension", 1, kMaxHeads, false);
      kv && !(hidden && heads && *kv * *heads == *hidden))
    r.put(s, "head_dim", kv, "kv_channels");
  r.read(s, {{"intermediate", {"ffn_hidden_size"}, "FFN inner size", 1, kMaxWidth},
             {"vocab", {"padded_vocab_size", "vocab_size"}, "vocabulary", 1, kMaxVocab}});
  s["ffn_matrices"] = 3;
  tied(r, s, style);
}

// GPT-2-style decoders with a plain two-matrix FFN, each family with its own key names. An FFN size the
// config leaves out (GPT-2's n_inner: null, BLOOM) is 4 x the width, as in those models' code.
void read_plain(Reader& r, ojson& s, const StyleName& style) {
  s["arch"] = "decoder";
  const std::string type = style.model_type;
  const bool gpt = type == "gpt2" || type == "gptj";
  const auto hidden = gpt ? r.read(s, {"hidden", {"n_embd"}, "model width", 1, kMaxWidth})
                          : r.read(s, {"hidden", {"hidden_size", "n_embed"}, "hidden size", 1, kMaxWidth});
  if (gpt || type == "bloom")
    r.read(s, {{"layers", {"n_layer"}, "layers", 1, kMaxLayers},
               {"heads", {"n_head"}, "attention heads", 1, kMaxHeads}});
  else
    r.read(s, {kLayers, kHeads});
  if (type == "phi") r.read(s, kKvHeads);
  std::optional<long long> ffn;
  if (type == "opt")
    ffn = r.read(s, {"intermediate", {"ffn_dim"}, "FFN inner size", 1, kMaxWidth});
  else if (type == "gpt_neox" || type == "phi")
    ffn = r.read(s, kFfn);
  else
    ffn = r.read(s, {"intermediate", {"n_inner"}, "FFN inner size", 1, kMaxWidth, false});
  if (!ffn && hidden && !(type == "opt" || type == "gpt_neox" || type == "phi")) {
    s["intermediate"] = 4 * *hidden;
    r.source["intermediate"] = r.path(gpt ? "n_embd" : "hidden_size");
  }
  r.read(s, kVocab);
  s["ffn_matrices"] = 2;
  tied(r, s, style);
}

void read_bert(Reader& r, ojson& s, const StyleName&) {
  s["arch"] = "encoder";
  r.read(s, {kLayers, kHidden, kHeads, kFfn, kVocab});
}

// ALBERT (transformers' modeling_albert.py): token embeddings of width embedding_size projected to the
// hidden size, and num_hidden_groups groups of inner_group_num layers whose weights every pass reuses. Each
// of the num_hidden_layers passes runs one group, that is inner_group_num layers, so the depth that runs is
// num_hidden_layers x inner_group_num while only num_hidden_groups x inner_group_num layers hold weights.
void read_albert(Reader& r, ojson& s, const StyleName&) {
  s["arch"] = "encoder";
  const auto passes = r.integer({"num_hidden_layers"}, "layers", 1, kMaxLayers);
  // Both default to 1 in AlbertConfig, as every published checkpoint sets them.
  const auto groups = r.integer({"num_hidden_groups"}, "layer groups", 1, kMaxLayers, false).value_or(1);
  const auto inner = r.integer({"inner_group_num"}, "layers per group", 1, kMaxLayers, false).value_or(1);
  if (passes && groups > *passes)
    r.problem("num_hidden_groups", "is more than num_hidden_layers: a group no pass runs");
  if (passes && *passes * inner <= kMaxLayers) {
    r.put(s, "layers", std::optional<long long>(*passes * inner), "num_hidden_layers");
    r.put(s, "distinct_layers", std::optional<long long>(std::min(groups, *passes) * inner),
          "num_hidden_groups");
  } else if (passes) {
    r.problem("inner_group_num", "times num_hidden_layers is out of range for layers (1 to 1e+05)");
  }
  r.read(s, {kHidden,
             kHeads,
             kFfn,
             kVocab,
             {"embedding_size", {"embedding_size"}, "embedding size", 1, kMaxWidth, false}});
  if (passes && *passes * inner <= kMaxLayers)
    r.out.notes.push_back(
        {"ALBERT: " + std::to_string(*passes * inner) + " layers run, " +
             std::to_string(std::min(groups, *passes) * inner) +
             " of them with their own weights (num_hidden_groups x inner_group_num); the rest reuse them",
         "ALBERT：运行 " + std::to_string(*passes * inner) + " 层，其中 " +
             std::to_string(std::min(groups, *passes) * inner) +
             " 层有自己的权重（num_hidden_groups × inner_group_num），其余层共用这些权重"});
}

void read_t5(Reader& r, ojson& s, const StyleName& style) {
  s["arch"] = "encoder-decoder";
  const auto layers = r.read(s, {"layers", {"num_layers"}, "encoder layers", 1, kMaxLayers});
  const auto dec = r.integer({"num_decoder_layers"}, "decoder layers", 1, kMaxLayers, false);
  r.put(s, "decoder_layers", dec ? dec : layers, dec ? "num_decoder_layers" : "num_layers");
  r.read(s, {kModelWidth,
             {"intermediate", {"d_ff"}, "FFN inner size", 1, kMaxWidth},
             {"heads", {"num_heads"}, "attention heads", 1, kMaxHeads},
             {"head_dim", {"d_kv"}, "per-head width", 1, kMaxHeads},
             kVocab});
  // "relu" (T5 1.0) is a plain FFN; "gated-gelu" / "gated-silu" (T5 1.1, Flan-T5, mT5) a gated one.
  const std::string proj = r.text("feed_forward_proj").value_or("relu");
  s["ffn_matrices"] = proj.rfind("gated-", 0) == 0 ? 3 : 2;
  tied(r, s, style);
}

void read_whisper_bart(Reader& r, ojson& s, const StyleName& style) {
  s["arch"] = "encoder-decoder";
  r.read(s, {{"layers", {"encoder_layers"}, "encoder layers", 1, kMaxLayers},
             {"decoder_layers", {"decoder_layers"}, "decoder layers", 1, kMaxLayers},
             kModelWidth});
  const auto heads = r.read(s, {"heads", {"encoder_attention_heads"}, "attention heads", 1, kMaxHeads});
  const auto ffn = r.read(s, {"intermediate", {"encoder_ffn_dim"}, "FFN inner size", 1, kMaxWidth});
  // The shape has one width per model: a decoder that differs from the encoder is refused, not averaged.
  if (const auto dh = r.integer({"decoder_attention_heads"}, "decoder heads", 1, kMaxHeads, false);
      dh && heads && *dh != *heads)
    r.problem("decoder_attention_heads",
              "differs from encoder_attention_heads: gpuwise models one head count");
  if (const auto df = r.integer({"decoder_ffn_dim"}, "decoder FFN size", 1, kMaxWidth, false);
      df && ffn && *df != *ffn)
    r.problem("decoder_ffn_dim", "differs from encoder_ffn_dim: gpuwise models one FFN size");
  r.read(s, kVocab);
  s["ffn_matrices"] = 2;
  tied(r, s, style);
  // Whisper's encoder sees 30 s windows (max_source_positions 1500 frames = 30 s): its input length.
  if (std::string(style.model_type) == "whisper") {
    s["audio_seconds"] = 30;
    // The conv stem's input channels: 80 up to large-v2, 128 from large-v3 (absent = Transformers' 80).
    r.read(s, {"mel_bins", {"num_mel_bins"}, "mel bins", 1, 4096, false});
  }
}

void read_vit(Reader& r, ojson& s, const StyleName& style) {
  s["arch"] = "vit";
  r.read(s, kLayers);
  const auto hidden = r.read(s, kHidden);
  r.read(s, kHeads);
  if (std::string(style.model_type) == "dinov2") {
    const auto ratio = r.integer({"mlp_ratio"}, "FFN ratio", 1, 64);
    if (ratio && hidden) r.put(s, "intermediate", std::optional<long long>(*ratio * *hidden), "mlp_ratio");
  } else {
    r.read(s, kFfn);
  }
  r.read(s, {{"image_px", {"image_size"}, "image side", 1, 1e7},
             {"patch_px", {"patch_size"}, "patch side", 1, 1e5}});
  // A classifier's head (ViTForImageClassification) has one output per label: id2label says how many.
  bool classifier = false;
  if (r.has("architectures") && r.obj.at("architectures").is_array())
    for (const json& a : r.obj.at("architectures"))
      if (a.is_string() && a.get<std::string>().find("ForImageClassification") != std::string::npos)
        classifier = true;
  if (classifier && r.has("id2label") && r.obj.at("id2label").is_object() && !r.obj.at("id2label").empty()) {
    s["vocab"] = r.obj.at("id2label").size();
    r.source["vocab"] = r.path("id2label");
  }
}

void read_style(Reader& r, ojson& s, const StyleName& style) {
  switch (style.style) {
    case Style::decoder:
      return read_decoder(r, s, style);
    case Style::mixtral:
      return read_mixtral(r, s, style);
    case Style::qwen_moe:
      return read_qwen_moe(r, s, style);
    case Style::deepseek:
      return read_deepseek(r, s, style);
    case Style::glm_moe:
      return read_glm_moe(r, s, style);
    case Style::chatglm:
      return read_chatglm(r, s, style);
    case Style::qwen_v1:
      return read_qwen_v1(r, s);
    case Style::llama4:
      return read_llama4(r, s);
    case Style::exaone:
      return read_exaone(r, s);
    case Style::llama_like:
      return read_llama_like(r, s, style.model_type, style.tied_default);
    case Style::falcon:
      return read_falcon(r, s);
    case Style::gpt_bigcode:
      return read_gpt_bigcode(r, s);
    case Style::mpt:
      return read_mpt(r, s);
    case Style::plain:
      return read_plain(r, s, style);
    case Style::bert:
      return read_bert(r, s, style);
    case Style::albert:
      return read_albert(r, s, style);
    case Style::distilbert:
      return read_distilbert(r, s);
    case Style::t5:
      return read_t5(r, s, style);
    case Style::whisper_bart:
      return read_whisper_bart(r, s, style);
    case Style::vit:
      return read_vit(r, s, style);
    case Style::none:
      return;
  }
}

}  // namespace

HfConfigRead read_hf_config(std::string_view json_text) {
  HfConfigRead out;
  if (json_text.size() > kMaxHfConfigBytes) {
    out.problems.push_back({"", "the file is " + std::to_string(json_text.size() >> 10) +
                                    " KiB; a config.json is at most " +
                                    std::to_string(kMaxHfConfigBytes >> 10) + " KiB"});
    return out;
  }
  if (json_depth(json_text) > kMaxHfConfigDepth) {
    out.problems.push_back(
        {"", "nested more than " + std::to_string(kMaxHfConfigDepth) + " levels deep: not a config.json"});
    return out;
  }
  const json doc = json::parse(json_text.begin(), json_text.end(), nullptr, false);
  if (doc.is_discarded() || !doc.is_object()) {
    out.problems.push_back({"", doc.is_discarded() ? "not valid JSON" : "a config.json is a JSON object"});
    return out;
  }
  Reader top{doc, "", out, {}};
  const std::optional<std::string> type = top.text("model_type");
  if (!type) {
    if (!doc.contains("model_type"))
      top.problem("model_type", "missing: the config must name its model_type");
    return out;
  }
  out.model_type = *type;
  const StyleName* style = style_of(*type);
  // A VLM (llava, gemma3, mllama...) keeps its language model in text_config: that is what is read.
  // InternVL's remote code (internvl_chat) calls it llm_config.
  const json* body = &doc;
  json filled;  // text_config with its composite's defaults under it
  std::string prefix;
  const std::string inner_key = doc.contains("text_config") ? "text_config" : "llm_config";
  if (!style && doc.contains(inner_key) && doc.at(inner_key).is_object()) {
    body = &doc.at(inner_key);
    prefix = inner_key + ".";
    Reader inner{*body, prefix, out, {}};
    const std::optional<std::string> inner_type = inner.text("model_type");
    if (!inner_type) {
      if (!body->contains("model_type"))
        inner.problem("model_type", "missing: " + inner_key + " must name its model_type");
      return out;
    }
    style = style_of(*inner_type);
    if (!style) {
      inner.problem("model_type", "'" + clean_text(*inner_type, 40) +
                                      "' is not a config style gpuwise reads (" + known_types() + ")");
      return out;
    }
    // Qwen3VLConfig and Qwen3VLMoeConfig (models/qwen3_vl*/configuration_qwen3_vl*.py) take
    // tie_word_embeddings as the composite's own key, and Qwen3-VL-8B-Instruct writes it only there:
    // a text_config without it follows the top level rather than its text class's default.
    const bool tie_from_top = !body->contains("tie_word_embeddings") && doc.contains("tie_word_embeddings");
    if (const TextDefaults* d = text_defaults(*type)) {
      filled = json::parse(d->keys ? d->keys : kLlamaDefaults);
      std::string used;
      for (auto it = filled.begin(); it != filled.end(); ++it)
        if (!body->contains(it.key()) && !(tie_from_top && it.key() == "tie_word_embeddings"))
          used += (used.empty() ? "" : ", ") + it.key() + " " + it.value().dump();
      for (auto it = body->begin(); it != body->end(); ++it) filled[it.key()] = it.value();
      body = &filled;
      if (!used.empty())
        out.notes.push_back(
            {"text_config leaves out what equals transformers' " + std::string(d->config_class) +
                 " default, as transformers saves it; those defaults are used: " + used + ".",
             "text_config 省略了与 transformers 的 " + std::string(d->config_class) +
                 " 默认值相同的键（transformers 保存时就是这样）；采用这些默认值：" + used + "。"});
    }
    if (tie_from_top) {
      if (body != &filled) filled = *body;
      filled["tie_word_embeddings"] = doc.at("tie_word_embeddings");
      body = &filled;
    }
  }
  if (!style) {
    top.problem("model_type", "'" + clean_text(*type, 40) + "' is not a config style gpuwise reads (" +
                                  known_types() + ")");
    return out;
  }
  if (doc.contains("vision_config"))
    out.notes.push_back(
        {"The vision tower (vision_config) is not counted: only the language model's shape is read.",
         "视觉编码器（vision_config）不计入：只读取语言模型部分的结构。"});

  if (body->contains("cross_attention_layers"))
    out.notes.push_back(
        {"The cross-attention layers (cross_attention_layers) are counted as ordinary decoder "
         "layers, which they are close to in size.",
         "交叉注意力层（cross_attention_layers）按普通解码层计算，两者大小相近。"});
  Reader r{*body, prefix, out, {}};
  ojson shape;
  read_style(r, shape, *style);
  read_storage(top);
  if (prefix.size()) read_storage(r);
  if (const auto ctx = r.integer({"max_position_embeddings", "seq_length", "n_positions", "max_seq_len"},
                                 "context", 1, 1e9, false))
    out.max_context_tokens = static_cast<double>(*ctx);
  if (!out.problems.empty()) return out;

  // The shape, read back through the workload reader, then checked as a job would be.
  WorkloadLoad load = workload_delta_from_json(shape.dump(), Workload{});
  if (load.workload) {
    Workload probe = *load.workload;
    probe.seq_len = 512;
    for (const Problem& p : validate_workload(probe)) {
      const auto it = r.source.find(p.path);
      out.problems.push_back({it != r.source.end() ? it->second : p.path, p.message});
    }
  } else {
    for (const Problem& p : load.problems) {
      const std::string key = p.path.empty() ? p.path : p.path.substr(1);
      const auto it = r.source.find(key);
      out.problems.push_back({it != r.source.end() ? it->second : key, p.message});
    }
  }
  if (!out.problems.empty()) return out;
  out.params = shape_params_total(*load.workload);
  out.params_active = shape_params_active(*load.workload);
  if (!(out.params > 0)) {
    out.problems.push_back({prefix.empty() ? "" : inner_key, "the shape gives no parameter count"});
    return out;
  }
  // params first, as the library's blocks and the workload format write it.
  ojson delta;
  delta["arch"] = shape["arch"];
  delta["params"] = std::round(out.params);
  for (auto it = shape.begin(); it != shape.end(); ++it)
    if (it.key() != "arch") delta[it.key()] = it.value();
  if (out.weight_bits > 0) {
    delta["weight_bits"] = out.weight_bits;
    // A quantization_config is a Hugging Face checkpoint (AWQ, GPTQ, bitsandbytes, FP8), which
    // transformers or vLLM load, not a GGUF file: the llama.cpp default for quantized inference is wrong.
    delta["runtime"] = "pytorch";
    out.notes.push_back(
        {"quantization_config is a Hugging Face checkpoint format: PyTorch (transformers) is assumed as the "
         "runtime; say --runtime vllm if you serve it with vLLM.",
         "quantization_config 是 Hugging Face 的权重格式：假定运行框架为 PyTorch（transformers）；若用 vLLM "
         "部署，"
         "请指定 --runtime vllm。"});
  }
  out.workload_json = delta.dump();
  load = workload_delta_from_json(out.workload_json, Workload{});
  if (load.workload) {
    // The count itself must be one a job can have (at most 1e15): a config of the widest shapes is not.
    Workload probe = *load.workload;
    probe.seq_len = 512;
    for (const Problem& p : validate_workload(probe))
      out.problems.push_back({p.path == "params" ? prefix + "num_hidden_layers" : p.path,
                              p.path == "params" ? "the shape gives " + format_significant(out.params, 3) +
                                                       " parameters: " + p.message
                                                 : p.message});
  }
  if (!out.problems.empty() || !load.workload) {
    if (out.problems.empty()) out.problems = load.problems;
    out.workload_json.clear();
    return out;
  }
  out.shape = load.workload;
  return out;
}

Workload restore_import_extras(const Workload& picked, const Workload& before_import,
                               std::string_view import_json, std::string_view model_json) {
  const json imported = json::parse(import_json.begin(), import_json.end(), nullptr, false);
  const json model = json::parse(model_json.begin(), model_json.end(), nullptr, false);
  const WorkloadLoad after = workload_delta_from_json(import_json, before_import);
  if (!imported.is_object() || !after.workload) return picked;
  Scenario now, before, with_import;
  now.workload = picked;
  before.workload = before_import;
  with_import.workload = *after.workload;
  for (const InputField& f : input_fields()) {
    // The shape's fields are the model's to set (apply_model clears them first): only the others stick.
    if (!f.workload || !imported.contains(f.name) || is_model_shape_key(f.name)) continue;
    if (model.is_object() && model.contains(f.name)) continue;
    // A value changed since the import (by the user, or a preset) is theirs, not the import's.
    if (input_text(f, now) != input_text(f, with_import)) continue;
    if (f.get && f.set)
      f.set(now, f.get(before));
    else if (f.get_text && f.set_text)
      f.set_text(now, f.get_text(before));
  }
  return now.workload;
}

}  // namespace gw
