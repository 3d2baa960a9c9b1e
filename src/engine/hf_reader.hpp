#pragma once
// The checked reader behind config.json import (hf_config.cpp): one config object read key by key, each
// problem naming the key's JSON path. Shared by the families' shape readers and the storage reader
// (hf_storage.cpp); not part of the engine's API.
#include <cmath>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "engine/hf_config.hpp"
#include "engine/input.hpp"

namespace gw::hfc {

using json = nlohmann::json;
using ojson = nlohmann::ordered_json;

inline std::string shown(const json& v) {
  return clean_text(v.dump(), 40);
}

// One workload key and the config key it comes from: a whole number in [lo, hi] under the first of
// `config` present (the first is the one a later shape problem names).
struct Key {
  const char* field;
  const char* config[2];
  const char* what;
  double lo, hi;
  bool required = true;
};

// Reads one config object (the top level or text_config), recording which key fed which workload field
// so a shape problem found later points at the config's key.
struct Reader {
  const json& obj;
  std::string prefix;  // "" or "text_config."
  HfConfigRead& out;
  std::map<std::string, std::string> source;  // workload key -> config path

  std::string path(const std::string& key) const { return prefix + key; }
  bool has(const char* key) const { return obj.contains(key) && !obj.at(key).is_null(); }
  void problem(const std::string& key, const std::string& message) {
    out.problems.push_back({path(key), message});
  }

  // A whole number in [lo, hi] under the first of `keys` present; `what` says what it is when missing.
  std::optional<long long> integer(const std::vector<const char*>& keys, const char* what, double lo,
                                   double hi, bool required = true) {
    for (const char* key : keys) {
      if (!has(key)) continue;
      const json& v = obj.at(key);
      if (!v.is_number() || v.is_boolean()) {
        problem(key, std::string("must be a whole number (") + what + "), not " + shown(v));
        return std::nullopt;
      }
      const double d = v.get<double>();
      if (!std::isfinite(d) || d != std::floor(d)) {
        problem(key, std::string("must be a whole number (") + what + "), not " + shown(v));
        return std::nullopt;
      }
      if (d < lo || d > hi) {
        problem(key, shown(v) + " is out of range for " + what + " (" + format_significant(lo) + " to " +
                         format_significant(hi) + ")");
        return std::nullopt;
      }
      return static_cast<long long>(d);
    }
    if (required) {
      std::string names;
      for (const char* key : keys) names += (names.empty() ? "" : " or ") + path(key);
      out.problems.push_back({path(*keys.begin()), "missing: the config needs " + names + " (" + what + ")"});
    }
    return std::nullopt;
  }

  std::optional<bool> boolean(const char* key) {
    if (!has(key)) return std::nullopt;
    if (!obj.at(key).is_boolean()) {
      problem(key, "must be true or false, not " + shown(obj.at(key)));
      return std::nullopt;
    }
    return obj.at(key).get<bool>();
  }

  std::optional<std::string> text(const char* key) {
    if (!has(key)) return std::nullopt;
    if (!obj.at(key).is_string()) {
      problem(key, "must be text, not " + shown(obj.at(key)));
      return std::nullopt;
    }
    return obj.at(key).get<std::string>();
  }

  // Sets `wkey` in the shape from the config key that was read.
  template <typename T>
  void put(ojson& shape, const char* wkey, const std::optional<T>& v, const std::string& config_key) {
    if (!v) return;
    shape[wkey] = *v;
    source[wkey] = path(config_key);
  }

  // Reads one key of a family's table into the shape; the value, or nothing when missing or refused.
  std::optional<long long> read(ojson& shape, const Key& k) {
    std::vector<const char*> keys;
    for (const char* c : k.config)
      if (c) keys.push_back(c);
    const std::optional<long long> v = integer(keys, k.what, k.lo, k.hi, k.required);
    put(shape, k.field, v, k.config[0]);
    return v;
  }
  void read(ojson& shape, std::initializer_list<Key> keys) {
    for (const Key& k : keys) read(shape, k);
  }
};

inline constexpr double kMaxLayers = 1e5, kMaxWidth = 1e7, kMaxHeads = 1e6, kMaxVocab = 1e9;

// The keys most families spell alike.
inline constexpr Key kLayers{"layers", {"num_hidden_layers"}, "layers", 1, kMaxLayers};
inline constexpr Key kHidden{"hidden", {"hidden_size"}, "hidden size", 1, kMaxWidth};
inline constexpr Key kHeads{"heads", {"num_attention_heads"}, "attention heads", 1, kMaxHeads};
inline constexpr Key kKvHeads{"kv_heads", {"num_key_value_heads"}, "key/value heads", 1, kMaxHeads, false};
inline constexpr Key kHeadDim{"head_dim", {"head_dim"}, "head dimension", 1, kMaxHeads, false};
inline constexpr Key kFfn{"intermediate", {"intermediate_size"}, "FFN inner size", 1, kMaxWidth};
inline constexpr Key kVocab{"vocab", {"vocab_size"}, "vocabulary", 1, kMaxVocab};
inline constexpr Key kModelWidth{"hidden", {"d_model"}, "model width", 1, kMaxWidth};
inline constexpr Key kExpertsActive{"experts_active", {"num_experts_per_tok"}, "experts per token", 1, 1e5};

// tie_word_embeddings, or when the config leaves it out the family's config class default, said in a note
// (a wrong guess here doubles or drops the embedding table, which is most of a small model).
inline void tied(Reader& r, ojson& shape, const std::string& model_type, bool tied_default) {
  if (std::optional<bool> t = r.boolean("tie_word_embeddings")) {
    r.put(shape, "tied_embeddings", t, "tie_word_embeddings");
    return;
  }
  if (r.has("tie_word_embeddings")) return;  // mistyped: already a problem
  shape["tied_embeddings"] = tied_default;
  const std::string v = tied_default ? "true" : "false";
  r.out.notes.push_back(
      {"tie_word_embeddings is not in the config: the " + model_type + " default (" + v + ") is used.",
       "配置中没有 tie_word_embeddings：采用 " + model_type + " 的默认值（" + v + "）。"});
}

// `value` into the shape's `field` when the config leaves `key` out, with a note naming `config_class`.
void class_default(Reader& r, ojson& s, const char* field, const char* key, long long value,
                   const char* config_class);

// torch_dtype (or the newer dtype) and quantization_config's bit width, into r.out.
void read_storage(Reader& r);

// Families read in hf_families.cpp; each fills the shape from its own key names.
void read_distilbert(Reader& r, ojson& shape);
void read_qwen_v1(Reader& r, ojson& shape);
void read_llama4(Reader& r, ojson& shape);
void read_exaone(Reader& r, ojson& shape);
void read_llama_like(Reader& r, ojson& shape, const std::string& model_type, bool tied_default);
void read_falcon(Reader& r, ojson& shape);
void read_gpt_bigcode(Reader& r, ojson& shape);
void read_mpt(Reader& r, ojson& shape);

}  // namespace gw::hfc
