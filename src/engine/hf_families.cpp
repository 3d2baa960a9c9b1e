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
