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

}  // namespace gw::hfc
