// config.json import for recent checkpoints, each file a verbatim copy of the published config.json:
//   qwen3-8b.json, qwen3-30b-a3b.json, llama-3.1-8b.json, llama-3.2-3b.json: Qwen/Qwen3-8B,
//   Qwen/Qwen3-30B-A3B,
//     meta-llama/Llama-3.1-8B, meta-llama/Llama-3.2-3B as copied in citsjtu2020/LLM-Prof
//     (sglang/Model_Config.md, commit 8434c8d1).
//   qwen3-vl-8b-instruct.json: Qwen/Qwen3-VL-8B-Instruct, the "原始 config.json" block of a model report in
//   the
//     code index (find_string id 62543607479; the index does not name its repository). The same report lists
//     the checkpoint's weights: 8,767,123,696 in all, 576,388,336 of them in the vision tower.
// Counts are each model card's (or Hugging Face's safetensors count), tolerance 2%.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "engine/hf_config.hpp"
#include "engine/workload.hpp"
#include "test_files.hpp"

using namespace gw;
using nlohmann::json;

TEST_CASE("hf config: Qwen3-8B is a grouped-query decoder with its own head_dim and an untied head") {
  // Qwen/Qwen3-8B's model card: 8.2B parameters, 36 layers, 32 query and 8 KV heads.
  const HfConfigRead r = test::read_hf_json(test::hf_fixture("qwen3-8b.json"));
  CHECK(r.model_type == "qwen3");
  CHECK(r.shape->layers == 36);
  CHECK(r.shape->heads == 32);
  CHECK(r.shape->kv_heads == 8);
  CHECK(r.shape->head_dim == 128);
  CHECK(r.shape->intermediate == 12288);
  CHECK(r.shape->ffn_matrices == 3);
  CHECK_FALSE(r.shape->tied_embeddings);
  test::near_published(r.params, 8.2e9);
}

TEST_CASE("hf config: Qwen3-30B-A3B reads 128 routed experts, 8 per token, no shared expert") {
  // Qwen/Qwen3-30B-A3B's model card: 30.5B in total, 3.3B activated.
  const HfConfigRead r = test::read_hf_json(test::hf_fixture("qwen3-30b-a3b.json"));
  CHECK(r.model_type == "qwen3_moe");
  CHECK(r.shape->layers == 48);
  CHECK(r.shape->kv_heads == 4);
  CHECK(r.shape->head_dim == 128);
  CHECK(r.shape->experts == 128);
  CHECK(r.shape->experts_active == 8);
  CHECK(r.shape->expert_intermediate == 768);
  CHECK(r.shape->shared_experts == 0);
  CHECK_FALSE(r.shape->tied_embeddings);
  test::near_published(r.params, 30.5e9);
  test::near_published(r.params_active, 3.3e9);
}

TEST_CASE("hf config: Llama 3.1 8B and Llama 3.2 3B, the second with tied embeddings") {
  // Hugging Face's safetensors counts: 8.03B and 3.21B.
  const HfConfigRead big = test::read_hf_json(test::hf_fixture("llama-3.1-8b.json"));
  CHECK(big.shape->kv_heads == 8);
  CHECK(big.shape->intermediate == 14336);
  CHECK(big.shape->vocab == 128256);
  CHECK_FALSE(big.shape->tied_embeddings);
  test::near_published(big.params, 8.03e9);
  const HfConfigRead small = test::read_hf_json(test::hf_fixture("llama-3.2-3b.json"));
  CHECK(small.shape->layers == 28);
  CHECK(small.shape->heads == 24);
  CHECK(small.shape->kv_heads == 8);
  CHECK(small.shape->head_dim == 128);
  CHECK(small.shape->tied_embeddings);  // untied would add 394M: 3.61B, 12% off
  test::near_published(small.params, 3.21e9);
}

TEST_CASE("hf config: Qwen3-VL reads its language model from text_config (qwen3_vl_text)") {
  // The checkpoint's 8,767,123,696 weights less its 576,388,336 in the vision tower, which gpuwise does not
  // count (it says so in a note): 8,190,735,360 in the language model.
  const json doc = test::hf_fixture("qwen3-vl-8b-instruct.json");
  const HfConfigRead r = test::read_hf_json(doc);
  CHECK(r.model_type == "qwen3_vl");
  CHECK(r.shape->layers == 36);
  CHECK(r.shape->kv_heads == 8);
  CHECK(r.shape->head_dim == 128);
  CHECK(r.shape->intermediate == 12288);
  CHECK(r.shape->ffn_matrices == 3);
  CHECK_FALSE(r.shape->tied_embeddings);
  CHECK(test::has_note(r, "vision_config"));
  test::near_published(r.params, 8767123696.0 - 576388336.0);
  CHECK(r.max_context_tokens == 262144);

  SUBCASE("tie_word_embeddings on the composite only is the language model's") {
    // Qwen3-VL-2B and -4B are tied; a file that says so only at the top level must read tied.
    json tied = doc;
    tied["tie_word_embeddings"] = true;
    const HfConfigRead t = test::read_hf_json(tied);
    CHECK(t.shape->tied_embeddings);
    CHECK(t.params < r.params - 0.5e9);  // one 151936 x 4096 table fewer
    // text_config's own key, when present, wins.
    tied["text_config"]["tie_word_embeddings"] = false;
    CHECK_FALSE(test::read_hf_json(tied).shape->tied_embeddings);
  }
  SUBCASE("Qwen3VLTextConfig's defaults for absent KV heads and head_dim: 32 and 128") {
    json bare = doc;
    bare["text_config"].erase("num_key_value_heads");
    bare["text_config"].erase("head_dim");
    bare["text_config"]["hidden_size"] = 2048;  // so 128 is not also hidden / heads (64)
    const HfConfigRead b = test::read_hf_json(bare);
    CHECK(b.shape->kv_heads == 32);
    CHECK(b.shape->head_dim == 128);
    CHECK(test::has_note(b, "Qwen3VLTextConfig"));
  }
}

TEST_CASE("hf config: Qwen3-VL-MoE's text_config (qwen3_vl_moe_text) reads as Qwen3-MoE") {
  // Not a published file: Qwen3-VL-8B's composite (above) around Qwen3-30B-A3B's language-model keys, which
  // is the layout Qwen/Qwen3-VL-30B-A3B-Instruct uses (its text_config is Qwen3-30B-A3B's shape with
  // model_type qwen3_vl_moe_text and no tie_word_embeddings; the composite says false).
  json doc = test::hf_fixture("qwen3-vl-8b-instruct.json");
  const json moe = test::hf_fixture("qwen3-30b-a3b.json");
  doc["model_type"] = "qwen3_vl_moe";
  doc["architectures"] = {"Qwen3VLMoeForConditionalGeneration"};
  json& text = doc["text_config"];
  for (const char* key : {"hidden_size", "intermediate_size", "num_hidden_layers", "num_attention_heads",
                          "num_key_value_heads", "head_dim", "moe_intermediate_size", "num_experts",
                          "num_experts_per_tok", "decoder_sparse_step", "mlp_only_layers", "norm_topk_prob"})
    text[key] = moe[key];
  text["model_type"] = "qwen3_vl_moe_text";
  const HfConfigRead r = test::read_hf_json(doc);
  CHECK(r.model_type == "qwen3_vl_moe");
  CHECK(r.shape->experts == 128);
  CHECK(r.shape->experts_active == 8);
  CHECK(r.shape->expert_intermediate == 768);
  CHECK(r.shape->kv_heads == 4);
  CHECK_FALSE(r.shape->tied_embeddings);
  test::near_published(r.params, 30.5e9);
  test::near_published(r.params_active, 3.3e9);
  // Qwen3VLMoeTextConfig: 16 KV heads when the key is absent.
  text.erase("num_key_value_heads");
  const HfConfigRead bare = test::read_hf_json(doc);
  CHECK(bare.shape->kv_heads == 16);
  CHECK(test::has_note(bare, "Qwen3VLMoeTextConfig"));
}
