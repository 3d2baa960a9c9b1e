// config.json readers for the families whose keys or layer layout differ from the Llama style in
// hf_config.cpp: each reads its own key names through the checked Reader (hf_reader.hpp), so a problem
// still names the key's JSON path.
#include <set>

#include "engine/hf_reader.hpp"

namespace gw::hfc {

// DistilBERT (transformers' models/distilbert/modeling_distilbert.py) is BERT's encoder layer under its own
// key names. The shape's encoder adds a pooler DistilBERT does not have (hidden x hidden, under 1% of
// distilbert-base): kept, because the classification fine-tune a student runs trains a pre_classifier of
// that same size. It leaves out the 512 learned positions; its MLM head transform is DistilBERT's
// vocab_transform.
void read_distilbert(Reader& r, ojson& s) {
  s["arch"] = "encoder";
  r.read(s, {{"layers", {"n_layers"}, "layers", 1, kMaxLayers},
             {"hidden", {"dim"}, "model width", 1, kMaxWidth},
             {"heads", {"n_heads"}, "attention heads", 1, kMaxHeads},
             {"intermediate", {"hidden_dim"}, "FFN inner size", 1, kMaxWidth},
             kVocab});
}

// Qwen 1.0 (model_type "qwen", the remote code's modeling_qwen.py): QWenMLP's two input projections w1 and
// w2 are each intermediate_size / 2 wide, so the key is twice the FFN width a SwiGLU matrix has; attention
// is full multi-head (one fused c_attn) with kv_channels per head.
void read_qwen_v1(Reader& r, ojson& s) {
  s["arch"] = "decoder";
  r.read(s, kLayers);
  const auto hidden = r.read(s, kHidden);
  const auto heads = r.read(s, kHeads);
  if (const auto both =
          r.integer({"intermediate_size"}, "both FFN input projections together", 2, 2 * kMaxWidth)) {
    if (*both % 2 != 0)
      r.problem("intermediate_size",
                std::to_string(*both) + " is odd: Qwen splits it into two equal FFN projections (w1, w2)");
    else
      r.put(s, "intermediate", std::optional<long long>(*both / 2), "intermediate_size");
  }
  if (const auto kv = r.integer({"kv_channels"}, "head dimension", 1, kMaxHeads, false);
      kv && !(hidden && heads && *kv * *heads == *hidden))
    r.put(s, "head_dim", kv, "kv_channels");
  r.read(s, kVocab);
  s["ffn_matrices"] = 3;
  tied(r, s, "qwen", false);
}

// EXAONE 3.0/3.5 (LG AI Research's remote code, configuration_exaone.py and modeling_exaone.py): a
// Llama-style decoder (SwiGLU, grouped-query attention, RMSNorm) whose layer count is num_layers.
// ExaoneConfig makes a missing intermediate_size 4 x hidden_size and ties the embeddings by default.
void read_exaone(Reader& r, ojson& s) {
  s["arch"] = "decoder";
  r.read(s, {{"layers", {"num_layers"}, "layers", 1, kMaxLayers}, kHeads, kKvHeads, kHeadDim, kVocab});
  const auto hidden = r.read(s, kHidden);
  if (!r.read(s, {"intermediate", {"intermediate_size"}, "FFN inner size", 1, kMaxWidth, false}) && hidden &&
      !r.has("intermediate_size")) {
    s["intermediate"] = 4 * *hidden;
    r.source["intermediate"] = r.path("hidden_size");
    r.out.notes.push_back({"intermediate_size is not in the config: ExaoneConfig's 4 x hidden_size is used.",
                           "配置中没有 intermediate_size：采用 ExaoneConfig 的默认值（4 × hidden_size）。"});
  }
  s["ffn_matrices"] = 3;
  tied(r, s, "exaone", true);
}

// Llama 4 (transformers' models/llama4/modeling_llama4.py, Llama4TextMoe): a MoE layer holds
// num_local_experts routed experts of intermediate_size and one shared expert of the same size; every other
// layer a dense SwiGLU FFN of intermediate_size_mlp. The MoE layers are moe_layers, or when it is absent
// every interleave_moe_layer_step-th layer (Scout: all 48; Maverick: every second). Which layers they are
// does not change the count, so the dense ones are counted as the shape's dense_layers.
void read_llama4(Reader& r, ojson& s) {
  s["arch"] = "decoder";
  const auto layers = r.read(s, kLayers);
  r.read(s, {kHidden, kHeads, kKvHeads, kHeadDim, kVocab});
  s["ffn_matrices"] = 3;
  tied(r, s, "llama4_text", false);
  r.read(s, {{"experts", {"num_local_experts"}, "experts", 1, 1e5},
             kExpertsActive,
             {"expert_intermediate", {"intermediate_size"}, "expert FFN size", 1, kMaxWidth},
             {"intermediate", {"intermediate_size_mlp"}, "dense FFN size", 1, kMaxWidth}});
  s["shared_experts"] = 1;
  if (!layers) return;
  std::optional<long long> moe;
  std::string from;
  if (r.has("moe_layers")) {
    from = "moe_layers";
    const json& list = r.obj.at(from);
    // Distinct indices: a layer listed twice is still one MoE layer.
    std::set<long long> indices;
    bool ok = list.is_array();
    for (std::size_t i = 0; ok && i < list.size(); ++i) {
      ok = list[i].is_number_integer() && list[i].get<long long>() >= 0 && list[i].get<long long>() < *layers;
      if (ok) indices.insert(list[i].get<long long>());
    }
    if (!ok) {
      r.problem(from, "must be a list of layer indices below num_hidden_layers " + std::to_string(*layers));
      return;
    }
    moe = static_cast<long long>(indices.size());
  } else {
    from = "interleave_moe_layer_step";
    // Llama4TextConfig: the MoE layers are step-1, 2*step-1, ... below num_hidden_layers; 1 = every layer.
    const auto step = r.integer({"interleave_moe_layer_step"}, "MoE layer step", 1, kMaxLayers, false);
    if (!step && r.has(from.c_str())) return;
    const long long k = step.value_or(1);
    moe = *layers >= k ? (*layers - k) / k + 1 : 0;
  }
  const long long dense = *layers - *moe;
  r.put(s, "dense_layers", std::optional<long long>(dense), from);
  if (dense > 0 && *moe > 0)
    r.out.notes.push_back({"Llama 4: " + std::to_string(*moe) + " of the " + std::to_string(*layers) +
                               " layers are MoE, interleaved with dense ones (" + from +
                               "); the count takes them as that many MoE and dense layers, which is the same "
                               "count in any order.",
                           "Llama 4：" + std::to_string(*layers) + " 层中有 " + std::to_string(*moe) +
                               " 层是 MoE 层，与稠密层交替（" + from +
                               "）；参数量按相应数量的 MoE 层和稠密层计算，与排列顺序无关。"});
}

}  // namespace gw::hfc

namespace gw::hfc {

// A default from the config class when `key` is absent (not when it is there but refused: that is a problem).
void class_default(Reader& r, ojson& s, const char* field, const char* key, long long value,
                   const char* config_class) {
  if (value <= 0 || r.has(key) || s.contains(field)) return;
  s[field] = value;
  r.source[field] = r.path(key);
  r.out.notes.push_back({std::string(key) + " is not in the config: " + config_class + "'s default (" +
                             std::to_string(value) + ") is used.",
                         std::string("配置中没有 ") + key + "：采用 " + config_class + " 的默认值（" +
                             std::to_string(value) + "）。"});
}

namespace {

// What a family's transformers config class puts in place of a key the file leaves out, where that differs
// from the Llama reading (absent num_key_value_heads = one per head, absent head_dim = hidden / heads).
struct LlamaLike {
  const char* model_type;
  const char* config_class;
  int ffn_matrices;    // 3: gate/up/down; 2: a plain up/down MLP
  long long kv_heads;  // default num_key_value_heads; 0 = the head count
  long long head_dim;  // default head_dim; 0 = hidden_size / num_attention_heads
};

// Sources: transformers' models/<family>/configuration_<family>.py (defaults) and modeling_<family>.py (MLP).
// starcoder2: Starcoder2MLP is c_fc -> gelu -> c_proj; nemotron: NemotronMLP is up_proj -> relu^2 ->
// down_proj; seed_oss, smollm3, ernie4_5: gate_proj/up_proj/down_proj (their base_model_tp_plan names all
// three).
const LlamaLike kLlamaLike[] = {
    {"starcoder2", "Starcoder2Config", 2, 2, 0},
    {"nemotron", "NemotronConfig", 2, 0, 0},
    {"seed_oss", "SeedOssConfig", 3, 8, 128},
    {"smollm3", "SmolLM3Config", 3, 4, 0},
    {"ernie4_5", "Ernie4_5Config", 3, 2, 128},
    // Qwen3-VL's language model (models/qwen3_vl/configuration_qwen3_vl.py Qwen3VLTextConfig: 32 KV heads,
    // head_dim 128 when absent; Qwen3VLTextMLP is gate_proj/up_proj/down_proj).
    {"qwen3_vl_text", "Qwen3VLTextConfig", 3, 32, 128},
};

// FFN inner size 4 x the width when the config leaves the key out (null counts as out, as in the classes).
void four_times(Reader& r, ojson& s, const Key& k, std::optional<long long> hidden, const char* width_key) {
  if (r.read(s, k) || !hidden || r.has(k.config[0])) return;
  s["intermediate"] = 4 * *hidden;
  r.source["intermediate"] = r.path(width_key);
}

}  // namespace

void read_llama_like(Reader& r, ojson& s, const std::string& model_type, bool tied_default) {
  const LlamaLike* f = nullptr;
  for (const LlamaLike& l : kLlamaLike)
    if (model_type == l.model_type) f = &l;
  if (!f) return;
  s["arch"] = "decoder";
  r.read(s, {kLayers, kHidden, kHeads, kKvHeads, kHeadDim, kFfn, kVocab});
  class_default(r, s, "kv_heads", "num_key_value_heads", f->kv_heads, f->config_class);
  class_default(r, s, "head_dim", "head_dim", f->head_dim, f->config_class);
  s["ffn_matrices"] = f->ffn_matrices;
  tied(r, s, model_type, tied_default);
}

// Falcon (transformers' models/falcon/configuration_falcon.py, modeling_falcon.py): FalconAttention keeps
// num_kv_heads key/value heads under new_decoder_architecture (Falcon-40B/180B) or when multi_query is
// false, else one (multi_query defaults to true: Falcon-7B); num_kv_heads itself defaults to the head count.
// FalconMLP is dense_h_to_4h -> dense_4h_to_h, ffn_hidden_size wide (default 4 x hidden_size). The
// remote-code checkpoints name the counts n_layer, n_head and n_head_kv: convert_custom_code_checkpoint.py
// renames them, and takes n_head_kv as the new decoder architecture.
void read_falcon(Reader& r, ojson& s) {
  s["arch"] = "decoder";
  r.read(s, {{"layers", {"num_hidden_layers", "n_layer"}, "layers", 1, kMaxLayers},
             {"heads", {"num_attention_heads", "n_head"}, "attention heads", 1, kMaxHeads},
             kVocab});
  const auto hidden = r.read(s, {"hidden", {"hidden_size", "n_embed"}, "hidden size", 1, kMaxWidth});
  const bool new_arch = r.boolean("new_decoder_architecture").value_or(r.has("n_head_kv"));
  if (new_arch || !r.boolean("multi_query").value_or(true)) {
    r.read(s, {"kv_heads", {"num_kv_heads", "n_head_kv"}, "key/value heads", 1, kMaxHeads, false});
  } else {
    s["kv_heads"] = 1;
    r.source["kv_heads"] = r.path(r.has("multi_query") ? "multi_query" : "new_decoder_architecture");
  }
  four_times(r, s, {"intermediate", {"ffn_hidden_size"}, "FFN inner size", 1, kMaxWidth, false}, hidden,
             r.has("hidden_size") ? "hidden_size" : "n_embed");
  s["ffn_matrices"] = 2;
  tied(r, s, "falcon", true);
}

// GPTBigCode (StarCoder, SantaCoder, WizardCoder; transformers' models/gpt_bigcode): GPT-2's keys, whose
// attribute_map also accepts the usual names, with one shared key/value head when multi_query (default
// true). n_inner null is 4 x n_embd (GPTBigCodeBlock), the MLP c_fc -> c_proj.
void read_gpt_bigcode(Reader& r, ojson& s) {
  s["arch"] = "decoder";
  const auto hidden = r.read(s, {"hidden", {"n_embd", "hidden_size"}, "model width", 1, kMaxWidth});
  r.read(s, {{"layers", {"n_layer", "num_hidden_layers"}, "layers", 1, kMaxLayers},
             {"heads", {"n_head", "num_attention_heads"}, "attention heads", 1, kMaxHeads},
             kVocab});
  if (r.boolean("multi_query").value_or(true)) {
    s["kv_heads"] = 1;
    r.source["kv_heads"] = r.path("multi_query");
  }
  four_times(r, s, {"intermediate", {"n_inner"}, "FFN inner size", 1, kMaxWidth, false}, hidden,
             r.has("n_embd") ? "n_embd" : "hidden_size");
  s["ffn_matrices"] = 2;
  tied(r, s, "gpt_bigcode", true);
}

// MPT (transformers' models/mpt): MptMLP is up_proj -> gelu -> down_proj, expansion_ratio x d_model wide
// (default 4); MptAttention's one Wqkv is 3 x d_model, full multi-head attention whatever attn_config says,
// so an attn_type transformers would build differently from its checkpoint is refused rather than guessed.
void read_mpt(Reader& r, ojson& s) {
  s["arch"] = "decoder";
  const auto hidden = r.read(s, {"hidden", {"d_model", "hidden_size"}, "model width", 1, kMaxWidth});
  r.read(s, {{"layers", {"n_layers", "num_hidden_layers"}, "layers", 1, kMaxLayers},
             {"heads", {"n_heads", "num_attention_heads"}, "attention heads", 1, kMaxHeads},
             kVocab});
  const auto ratio = r.integer({"expansion_ratio"}, "FFN expansion ratio", 1, 64, false);
  if (hidden && (ratio || !r.has("expansion_ratio")))
    r.put(s, "intermediate", std::optional<long long>(ratio.value_or(4) * *hidden),
          ratio ? "expansion_ratio" : (r.has("d_model") ? "d_model" : "hidden_size"));
  if (r.has("attn_config") && r.obj.at("attn_config").is_object()) {
    const json& attn = r.obj.at("attn_config");
    if (attn.contains("attn_type") && attn.at("attn_type") != "multihead_attention")
      r.problem("attn_config.attn_type",
                shown(attn.at("attn_type")) +
                    " is not modelled: gpuwise reads MPT as transformers builds it, multihead_attention");
  }
  s["ffn_matrices"] = 2;
  tied(r, s, "mpt", true);
}

}  // namespace gw::hfc
