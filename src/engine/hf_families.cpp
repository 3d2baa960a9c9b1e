// config.json readers for the families whose keys or layer layout differ from the Llama style in
// hf_config.cpp: each reads its own key names through the checked Reader (hf_reader.hpp), so a problem
// still names the key's JSON path.
#include "engine/hf_reader.hpp"

namespace gw::hfc {

// DistilBERT (transformers' models/distilbert/modeling_distilbert.py) is BERT's encoder layer under its own
// key names. The shape's encoder adds a pooler DistilBERT does not have (hidden x hidden, under 1% of
// distilbert-base) and leaves out the 512 learned positions; its MLM head transform is DistilBERT's
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

}  // namespace gw::hfc
