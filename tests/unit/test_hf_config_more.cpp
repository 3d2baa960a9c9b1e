// config.json import for Falcon, GPTBigCode, StarCoder2, Cohere, Nemotron, MPT and the Llama-like families
// whose config class fills absent keys its own way (SeedOss, SmolLM3, ERNIE 4.5). Fixtures in tests/data/hf/:
// falcon-7b.json is tiiuae/falcon-7b's original (remote-code) config.json as copied in tenstorrent/tt-buda
// (pybuda/test/falcon/models/falcon7b/config.json), falcon-40b.json tiiuae/falcon-40b's as copied in
// Decentralised-AI/falcon-40b, smollm3-3b.json HuggingFaceTB/SmolLM3-3B's as copied in
// fetchwiki/HuggingFaceTB-SmolLM3-3B. Where no checkpoint file was at hand, a case builds the config from
// the transformers config class's defaults (models/<family>/configuration_<family>.py), said per case.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "engine/hf_config.hpp"
#include "engine/workload.hpp"
#include "test_files.hpp"

using namespace gw;
using nlohmann::json;

namespace {

// What transformers' models/falcon/convert_custom_code_checkpoint.py does to a remote-code Falcon config.
json converted_falcon(json doc) {
  doc["model_type"] = "falcon";
  doc.erase("auto_map");
  for (const auto& [from, to] :
       {std::pair{"n_head", "num_attention_heads"}, {"n_layer", "num_hidden_layers"}})
    if (doc.contains(from)) {
      doc[to] = doc[from];
      doc.erase(from);
    }
  doc["new_decoder_architecture"] = doc.contains("n_head_kv");
  if (doc.contains("n_head_kv")) {
    doc["num_kv_heads"] = doc["n_head_kv"];
    doc.erase("n_head_kv");
  }
  return doc;
}

}  // namespace

TEST_CASE("hf config: Falcon-7B is multi-query with a plain 4 x hidden MLP and tied embeddings") {
  // tiiuae/falcon-7b's model card: "a 7B parameters causal decoder-only model".
  const json original = test::hf_fixture("falcon-7b.json");
  // As published (model_type RefinedWebModel), as converted, and with the old keys under falcon.
  for (const json& doc : {original, converted_falcon(original), [&] {
                            json legacy = original;  // the remote-code key names under model_type falcon
                            legacy["model_type"] = "falcon";
                            return legacy;
                          }()}) {
    const HfConfigRead r = test::read_hf_json(doc);
    CHECK(r.model_type == doc["model_type"].get<std::string>());
    CHECK(r.shape->layers == 32);
    CHECK(r.shape->heads == 71);
    CHECK(r.shape->kv_heads == 1);  // 71 would add 1.3B
    CHECK(r.shape->intermediate == 4 * 4544);
    CHECK(r.shape->ffn_matrices == 2);
    CHECK(r.shape->tied_embeddings);  // untied would be 7.22B: 3% off
    CHECK(test::has_note(r, "falcon default (true)"));
    test::near_published(r.params, 7e9);
  }
  // multi_query false without the new architecture: num_kv_heads, itself the head count when absent.
  json mha = converted_falcon(original);
  mha["multi_query"] = false;
  CHECK(test::read_hf_json(mha).shape->kv_heads == 0);
  mha["num_kv_heads"] = 71;
  CHECK(test::read_hf_json(mha).shape->kv_heads == 71);
  // ffn_hidden_size, when given, wins over 4 x hidden_size.
  json ffn = converted_falcon(original);
  ffn["ffn_hidden_size"] = 12288;
  CHECK(test::read_hf_json(ffn).shape->intermediate == 12288);
}

TEST_CASE("hf config: Falcon-40B's new decoder architecture keeps num_kv_heads") {
  const json original = test::hf_fixture("falcon-40b.json");
  const HfConfigRead r = test::read_hf_json(converted_falcon(original));
  CHECK(r.shape->layers == 60);
  CHECK(r.shape->kv_heads == 8);
  CHECK(r.shape->intermediate == 32768);
  CHECK(r.shape->ffn_matrices == 2);
  // The legacy n_head_kv alone means the new architecture, as the conversion script takes it.
  json legacy = original;
  legacy["model_type"] = "falcon";
  CHECK(test::read_hf_json(legacy).shape->kv_heads == 8);
  CHECK(test::read_hf_json(legacy).params == doctest::Approx(r.params));
  // And as published, model_type RefinedWeb.
  const HfConfigRead published = test::read_hf_json(original);
  CHECK(published.model_type == "RefinedWeb");
  CHECK(published.shape->kv_heads == 8);
  CHECK(published.params == doctest::Approx(r.params));
}

TEST_CASE(
    "hf config: GPTBigCode (StarCoder) reads n_inner null as 4 x n_embd and multi_query as one KV head") {
  // StarCoder's shape (n_embd 6144, n_layer 40, n_head 48, vocabulary 49152, multi_query; n_inner 24576 = 4 x
  // 6144, here left null to exercise GPTBigCodeConfig's default). bigcode/starcoder's model card: 15.5B.
  const json doc = {
      {"model_type", "gpt_bigcode"}, {"n_embd", 6144},      {"n_layer", 40},       {"n_head", 48},
      {"n_inner", nullptr},          {"multi_query", true}, {"n_positions", 8192}, {"vocab_size", 49152}};
  const HfConfigRead r = test::read_hf_json(doc);
  CHECK(r.shape->intermediate == 24576);
  CHECK(r.shape->kv_heads == 1);
  CHECK(r.shape->ffn_matrices == 2);
  CHECK(r.shape->tied_embeddings);
  CHECK(r.max_context_tokens == 8192);
  test::near_published(r.params, 15.5e9);
  json mha = doc;
  mha["multi_query"] = false;
  CHECK(test::read_hf_json(mha).shape->kv_heads == 0);
}

TEST_CASE("hf config: StarCoder2's plain MLP and Starcoder2Config's two KV heads") {
  // Starcoder2Config's defaults: the 3B shape (hidden 3072, 30 layers, 24 heads, 2 KV heads, FFN 12288,
  // vocabulary 49152, tied). transformers' docs/source/en/model_doc/starcoder2.md: sizes 3B, 7B, 15B.
  const json doc = {{"model_type", "starcoder2"}, {"hidden_size", 3072},        {"num_hidden_layers", 30},
                    {"num_attention_heads", 24},  {"intermediate_size", 12288}, {"vocab_size", 49152}};
  const HfConfigRead r = test::read_hf_json(doc);
  CHECK(r.shape->kv_heads == 2);
  CHECK(test::has_note(r, "Starcoder2Config's default (2)"));
  CHECK(r.shape->ffn_matrices == 2);
  CHECK(r.shape->tied_embeddings);
  test::near_published(r.params, 3e9);
}

TEST_CASE("hf config: Cohere (Command-R) is a gated decoder with tied embeddings") {
  // CohereConfig's defaults are c4ai-command-r-v01's shape; transformers' model_doc/cohere.md: 35B.
  const json doc = {{"model_type", "cohere"},    {"hidden_size", 8192},        {"num_hidden_layers", 40},
                    {"num_attention_heads", 64}, {"intermediate_size", 22528}, {"vocab_size", 256000},
                    {"logit_scale", 0.0625}};
  const HfConfigRead r = test::read_hf_json(doc);
  CHECK(r.shape->kv_heads == 0);  // absent = one per head
  CHECK(r.shape->ffn_matrices == 3);
  CHECK(r.shape->tied_embeddings);  // untied: 37.1B
  test::near_published(r.params, 35e9);
  json c2 = doc;
  c2["model_type"] = "cohere2";
  c2["num_key_value_heads"] = 8;
  const HfConfigRead r2 = test::read_hf_json(c2);
  CHECK(r2.shape->kv_heads == 8);
  CHECK(r2.shape->tied_embeddings);
}

TEST_CASE("hf config: Nemotron's relu^2 MLP has two matrices; embeddings untied by default") {
  // NemotronConfig's defaults (hidden 6144, FFN 24576, 32 layers, 48 heads, vocabulary 256000).
  const json doc = {{"model_type", "nemotron"},   {"hidden_size", 6144},
                    {"num_hidden_layers", 32},    {"num_attention_heads", 48},
                    {"intermediate_size", 24576}, {"vocab_size", 256000},
                    {"num_key_value_heads", 8},   {"head_dim", 128}};
  const HfConfigRead r = test::read_hf_json(doc);
  CHECK(r.shape->ffn_matrices == 2);
  CHECK(r.shape->kv_heads == 8);
  CHECK(r.shape->head_dim == 128);
  CHECK(!r.shape->tied_embeddings);
  CHECK(test::has_note(r, "nemotron default (false)"));
}

TEST_CASE("hf config: MPT's d_model, n_heads, n_layers and expansion_ratio") {
  const json doc = {{"model_type", "mpt"},  {"d_model", 4096},
                    {"n_heads", 32},        {"n_layers", 32},
                    {"expansion_ratio", 4}, {"max_seq_len", 2048},
                    {"vocab_size", 50432},  {"attn_config", {{"attn_type", "multihead_attention"}}}};
  const HfConfigRead r = test::read_hf_json(doc);
  CHECK(r.shape->intermediate == 16384);
  CHECK(r.shape->ffn_matrices == 2);
  CHECK(r.shape->kv_heads == 0);
  CHECK(r.shape->tied_embeddings);
  CHECK(r.max_context_tokens == 2048);
  json gqa = doc;
  gqa["attn_config"] = {{"attn_type", "grouped_query_attention"}, {"kv_n_heads", 8}};
  const HfConfigRead refused = read_hf_config(gqa.dump());
  REQUIRE(!refused.problems.empty());
  CHECK(refused.problems.front().path == "attn_config.attn_type");
}

TEST_CASE("hf config: SmolLM3-3B, and the KV and head_dim defaults of SeedOss and ERNIE 4.5") {
  // HuggingFaceTB/SmolLM3-3B's model card: "a 3B parameter language model" (a rounded figure: 3%).
  const HfConfigRead r = test::read_hf_json(test::hf_fixture("smollm3-3b.json"));
  CHECK(r.shape->kv_heads == 4);
  CHECK(r.shape->ffn_matrices == 3);
  CHECK(r.shape->tied_embeddings);  // no key: SmolLM3Config's true; untied would be 3.34B
  test::near_published(r.params, 3e9, 0.03);
  json no_kv = test::hf_fixture("smollm3-3b.json");
  no_kv.erase("num_key_value_heads");
  CHECK(test::read_hf_json(no_kv).shape->kv_heads == 4);

  // SeedOssConfig's and Ernie4_5Config's own default shapes, without num_key_value_heads or head_dim.
  const json seed = {{"model_type", "seed_oss"},  {"hidden_size", 4096},        {"num_hidden_layers", 64},
                     {"num_attention_heads", 80}, {"intermediate_size", 27648}, {"vocab_size", 155136}};
  const HfConfigRead s = test::read_hf_json(seed);
  CHECK(s.shape->kv_heads == 8);
  CHECK(s.shape->head_dim == 128);
  CHECK(!s.shape->tied_embeddings);
  const json ernie = {{"model_type", "ernie4_5"},  {"hidden_size", 1024},       {"num_hidden_layers", 18},
                      {"num_attention_heads", 16}, {"intermediate_size", 3072}, {"vocab_size", 103424}};
  const HfConfigRead e = test::read_hf_json(ernie);
  CHECK(e.shape->kv_heads == 2);
  CHECK(e.shape->head_dim == 128);
  CHECK(e.shape->tied_embeddings);
  CHECK(test::has_note(e, "Ernie4_5Config's default (128)"));
}
