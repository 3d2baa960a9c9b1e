// Hugging Face config.json import beyond the Llama-style families: composite (vision-language) configs
// whose text_config leaves out what equals transformers' default, GPT-2-style decoders with a plain FFN,
// and the families with key names or layer layouts of their own (hf_families.cpp). The files in
// tests/data/hf/ are the models' published config.json (huggingface.co/<repo>), written out with every key
// the reader uses and most it ignores (where a copy came from transformers' printout of the loaded config,
// the case says so); counts are each model's published figure (named per case), tolerance 2% (issue 15's
// bar).
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "engine/hf_config.hpp"
#include "engine/workload.hpp"
#include "test_files.hpp"

using namespace gw;
using nlohmann::json;

namespace {

HfConfigRead read_file(const std::string& name) {
  return test::read_hf_ok(test::tests_file("data/hf/" + name));
}

// The file with one edit made by `change`, and the first problem that edit brings.
template <typename Change>
Problem first_problem(const std::string& name, Change change) {
  json doc = json::parse(test::tests_file("data/hf/" + name));
  change(doc);
  const HfConfigRead r = read_hf_config(doc.dump());
  REQUIRE(!r.problems.empty());
  return r.problems.front();
}

}  // namespace

TEST_CASE("hf config: a composite's text_config takes transformers' defaults for the keys it leaves out") {
  SUBCASE("Gemma 3 4B: no heads, KV heads, head_dim or vocabulary in text_config") {
    // Gemma 3 technical report (arXiv 2503.19786), table 1: 4B = 675M embedding + 3,209M non-embedding
    // parameters in the language model; the 417M vision encoder is not counted.
    const HfConfigRead r = read_file("gemma3-4b.json");
    test::near_published(r.params, 3.884e9);
    CHECK(r.shape->heads == 8);
    CHECK(r.shape->kv_heads == 4);
    CHECK(r.shape->head_dim == 256);
    CHECK(r.shape->tied_embeddings);
    CHECK(test::has_note(r, "Gemma3TextConfig default"));
    CHECK(test::has_note(r, "num_attention_heads 8"));
    CHECK(test::has_note(r, "vision tower"));
  }
  SUBCASE("LLaVA-1.5-7B: text_config names only the vocabulary and context") {
    // Its language model is Vicuna-7B v1.5, a Llama 2 7B (6.74B, Llama 2 paper) with 64 more tokens.
    const HfConfigRead r = read_file("llava-1.5-7b.json");
    test::near_published(r.params, 6.74e9);
    CHECK(r.shape->layers == 32);
    CHECK(r.shape->hidden == 4096);
    CHECK(r.shape->vocab == 32064);  // the file's own value wins over the default
    CHECK(test::has_note(r, "LlamaConfig default"));
  }
  SUBCASE("Llama 3.2 11B Vision: the text model and its cross-attention layers") {
    const HfConfigRead r = read_file("mllama-11b.json");
    CHECK(r.model_type == "mllama");
    CHECK(r.shape->layers == 40);
    CHECK(r.shape->kv_heads == 8);
    CHECK(test::has_note(r, "cross-attention"));
    // Every key is in this file: no default is used or claimed.
    CHECK(!test::has_note(r, "MllamaTextConfig default"));
  }
}

TEST_CASE("hf config: GPT-2-style decoders with a plain FFN, each with its own key names") {
  // gpt2-medium: 355M (Hugging Face model card); n_inner null = 4 x n_embd.
  HfConfigRead r = read_file("gpt2-medium.json");
  test::near_published(r.params, 355e6);
  CHECK(r.shape->intermediate == 4096);
  CHECK(r.shape->ffn_matrices == 2);
  CHECK(r.max_context_tokens == 1024);
  // OPT paper (arXiv 2205.01068), table 1: 1.3B.
  test::near_published(read_file("opt-1.3b.json").params, 1.3e9);
  // Pythia paper (arXiv 2304.01373), table 1: 1,011,781,632 parameters.
  test::near_published(read_file("pythia-1b.json").params, 1.0118e9);
  // bigscience/bloom-560m model card: 559,214,592 parameters; no FFN size key (4 x hidden).
  r = read_file("bloom-560m.json");
  test::near_published(r.params, 559.2e6);
  CHECK(r.shape->intermediate == 4096);
  // microsoft/phi-2: 2.78B parameters in the Hub's safetensors count (announced as "2.7B").
  test::near_published(read_file("phi-2.json").params, 2.78e9);
}

TEST_CASE("hf config: Phi-3.5-MoE reads as a Mixtral-style MoE") {
  // microsoft/Phi-3.5-MoE-instruct model card: 41.9B total, 6.6B active.
  const HfConfigRead r = read_file("phimoe.json");
  test::near_published(r.params, 41.9e9);
  test::near_published(r.params_active, 6.6e9);
}

TEST_CASE("hf config: GLM-4.5 reads DeepSeek-style experts over grouped-query attention") {
  // zai-org/GLM-4.5-Air's config.json (as ms-swift prints it). Z.ai's GLM-4.5 announcement: 106B
  // parameters, 12B active; its active count leaves out the untied embedding and output head (0.62B each),
  // which gpuwise's includes.
  const HfConfigRead r = read_file("glm-4.5-air.json");
  REQUIRE(r.problems.empty());
  test::near_published(r.params, 106e9);
  test::near_published(r.params_active - 2 * 151552.0 * 4096, 12e9);
  REQUIRE(r.shape.has_value());
  CHECK(r.shape->kv_heads == 8);
  CHECK(r.shape->head_dim == 128);
  CHECK(test::has_note(r, "multi-token prediction"));
}

TEST_CASE("hf config: Kimi K2 reads as DeepSeek-V3, its INT4 release from compressed-tensors") {
  // The shape of moonshotai/Kimi-K2-Thinking's config.json (61 layers, hidden 7168, 64 MLA heads, 384 routed
  // experts of 2048 with 8 active and 1 shared, one dense layer of 18432, vocabulary 163840) and its
  // compressed-tensors INT4 group. Moonshot's card: 1T parameters (rounded), 32B activated.
  const HfConfigRead r = read_file("kimi-k2-thinking.json");
  REQUIRE(r.problems.empty());
  CHECK(r.params == doctest::Approx(1e12).epsilon(0.03));
  test::near_published(r.params_active - 163840.0 * 7168,
                       32e9);  // the card's active count leaves out the input embedding
  CHECK(r.weight_bits == 4);
}

TEST_CASE("hf config: gpt-oss reads as a Mixtral-style MoE with MXFP4 experts") {
  // openai/gpt-oss-20b's config.json. OpenAI's gpt-oss model card: 20.9B parameters, 3.6B active per token;
  // MXFP4 (OCP MX v1.0) is 4 bits a weight plus an 8-bit scale per 32, 4.25 bits.
  const HfConfigRead r = read_file("gpt-oss-20b.json");
  REQUIRE(r.problems.empty());
  test::near_published(r.params, 20.9e9);
  // The card's active count leaves out the input embedding table (a lookup, no matmul); gpuwise's counts it.
  test::near_published(r.params_active - 201088.0 * 2880, 3.6e9);
  CHECK(r.weight_bits == doctest::Approx(4.25));
  CHECK(test::has_note(r, "MXFP4"));
}

TEST_CASE("hf config: a quantization_config checkpoint runs on PyTorch, not the llama.cpp default") {
  // An AWQ export of Meta-Llama-3-8B-Instruct (4-bit, group 128): a Hugging Face checkpoint, not GGUF.
  const HfConfigRead r = read_file("llama-3-8b-instruct-awq.json");
  CHECK(r.weight_bits == 4);
  test::near_published(r.params, 8.03e9);
  CHECK(r.shape->runtime == Runtime::pytorch);
  CHECK(test::has_note(r, "--runtime vllm"));
}

TEST_CASE("hf config: DistilBERT's own key names (n_layers, dim, hidden_dim, n_heads)") {
  // distilbert-base-uncased (huggingface.co/distilbert/distilbert-base-uncased), as transformers 4.9.2
  // printed it on loading. DistilBERT paper (Sanh et al., arXiv 1910.01108), table 3: 66M parameters.
  const HfConfigRead r = read_file("distilbert-base-uncased.json");
  test::near_published(r.params, 66e6);
  CHECK(r.shape->arch == Arch::encoder);
  CHECK(r.shape->layers == 6);
  CHECK(r.shape->hidden == 768);
  CHECK(r.shape->heads == 12);
  CHECK(r.shape->intermediate == 3072);
  CHECK(r.max_context_tokens == 512);
  const Problem p = first_problem("distilbert-base-uncased.json", [](json& d) { d.erase("n_layers"); });
  CHECK(p.path == "n_layers");
  CHECK(p.message.find("missing") != std::string::npos);
  CHECK(first_problem("distilbert-base-uncased.json", [](json& d) { d["dim"] = "768"; }).path == "dim");
}

TEST_CASE("hf config: DeepSeek-MoE 16B reads its routed and shared experts over plain attention") {
  // deepseek-ai/deepseek-moe-16b-base's config.json. DeepSeekMoE paper (arXiv 2401.06066), section 5:
  // DeepSeekMoE 16B has 16.4B parameters, 2.8B activated per token.
  const HfConfigRead r = read_file("deepseek-moe-16b-base.json");
  test::near_published(r.params, 16.4e9);
  test::near_published(r.params_active, 2.8e9);
  CHECK(r.shape->experts == 64);
  CHECK(r.shape->shared_experts == 2);
  CHECK(r.shape->experts_active == 6);
  CHECK(r.shape->dense_layers == 1);
  CHECK(r.shape->kv_lora_rank == 0);  // no MLA before V2
  CHECK(first_problem("deepseek-moe-16b-base.json", [](json& d) { d.erase("moe_intermediate_size"); }).path ==
        "moe_intermediate_size");
  CHECK(first_problem("deepseek-moe-16b-base.json", [](json& d) { d["moe_layer_freq"] = 2; }).path ==
        "moe_layer_freq");
}

TEST_CASE("hf config: Qwen 1.0's intermediate_size is both FFN input projections together") {
  // Qwen/Qwen-7B's config.json. The Qwen-VL paper (arXiv 2308.12966), table 1, gives its language model,
  // Qwen-7B, 7.7B parameters (the name rounds to 7B). Read as a SwiGLU of 22016 the count would be 12.1B.
  const HfConfigRead r = read_file("qwen-7b.json");
  test::near_published(r.params, 7.7e9);
  CHECK(r.shape->intermediate == 11008);
  CHECK(r.shape->head_dim == 0);  // kv_channels 128 = 4096 / 32: the default, not written
  CHECK(r.shape->kv_heads == 0);  // full multi-head attention
  CHECK(!r.shape->tied_embeddings);
  const Problem odd = first_problem("qwen-7b.json", [](json& d) { d["intermediate_size"] = 22015; });
  CHECK(odd.path == "intermediate_size");
  CHECK(odd.message.find("odd") != std::string::npos);
  CHECK(first_problem("qwen-7b.json", [](json& d) { d.erase("intermediate_size"); }).path ==
        "intermediate_size");
}

TEST_CASE("hf config: Llama 4 reads its MoE text_config, shared expert and interleaved dense layers") {
  // meta-llama/Llama-4-Scout-17B-16E's config.json as transformers 4.51 prints it (moe_layers 0..47 written
  // out). Meta's model card: 109B total parameters, 17B active; the total includes the vision encoder,
  // which gpuwise does not count (107.8B without it).
  const HfConfigRead r = read_file("llama-4-scout-17b-16e.json");
  test::near_published(r.params, 109e9);
  test::near_published(r.params_active, 17e9);
  CHECK(r.model_type == "llama4");
  CHECK(r.shape->experts == 16);
  CHECK(r.shape->shared_experts == 1);
  CHECK(r.shape->expert_intermediate == 8192);
  CHECK(r.shape->dense_layers == 0);
  CHECK(test::has_note(r, "vision tower"));
  CHECK(!test::has_note(r, "interleaved"));

  // The same file with every second layer MoE, by interleave_moe_layer_step and no moe_layers list, and
  // 128 experts: the layout of Llama 4 Maverick, whose published count it reproduces (Meta's model card:
  // 400B total, 17B active).
  json doc = json::parse(test::tests_file("data/hf/llama-4-scout-17b-16e.json"));
  json& text = doc["text_config"];
  text.erase("moe_layers");
  text["interleave_moe_layer_step"] = 2;
  text["num_local_experts"] = 128;
  const HfConfigRead m = test::read_hf_ok(doc.dump());
  CHECK(m.shape->dense_layers == 24);
  test::near_published(m.params, 400e9);
  test::near_published(m.params_active, 17e9);
  CHECK(test::has_note(m, "24 of the 48 layers are MoE"));
  // An explicit moe_layers list wins over the step.
  text["moe_layers"] = json::array({1, 3, 5, 5});  // a repeated index is one layer
  CHECK(test::read_hf_ok(doc.dump()).shape->dense_layers == 45);

  CHECK(first_problem("llama-4-scout-17b-16e.json", [](json& d) {
          d["text_config"]["moe_layers"] = {0, 48};
        }).path == "text_config.moe_layers");
  CHECK(first_problem("llama-4-scout-17b-16e.json", [](json& d) {
          d["text_config"].erase("intermediate_size_mlp");
        }).path == "text_config.intermediate_size_mlp");
}

TEST_CASE("hf config: InternVL keeps its language model in llm_config") {
  // OpenGVLab/InternVL3-1B-Pretrained's config.json as transformers prints it: InternViT-300M with a
  // Qwen2.5-0.5B language model, its vocabulary 151674 and its embeddings untied (no tie_word_embeddings in
  // llm_config: Qwen2Config's false). Qwen2.5-0.5B's model card: 0.36B non-embedding parameters.
  const HfConfigRead r = read_file("internvl3-1b.json");
  CHECK(r.model_type == "internvl_chat");
  test::near_published(r.params - 2 * 151674.0 * 896, 0.36e9);
  CHECK(r.shape->layers == 24);
  CHECK(r.shape->kv_heads == 2);
  CHECK(!r.shape->tied_embeddings);
  CHECK(test::has_note(r, "vision tower"));
  CHECK(first_problem("internvl3-1b.json", [](json& d) { d["llm_config"].erase("hidden_size"); }).path ==
        "llm_config.hidden_size");
  CHECK(first_problem("internvl3-1b.json", [](json& d) { d["llm_config"].erase("model_type"); }).path ==
        "llm_config.model_type");
}

TEST_CASE("hf config: EXAONE 3.0 names its layer count num_layers") {
  // LGAI-EXAONE/EXAONE-3.0-7.8B-Instruct's config.json as transformers 4.45.2 printed it on loading (with
  // the loader's _name_or_path and its rewritten auto_map). EXAONE 3.0 technical report (arXiv 2408.03541):
  // 7.8B parameters.
  const HfConfigRead r = read_file("exaone-3.0-7.8b-instruct.json");
  test::near_published(r.params, 7.8e9);
  CHECK(r.shape->layers == 32);
  CHECK(r.shape->kv_heads == 8);
  CHECK(!r.shape->tied_embeddings);
  CHECK(first_problem("exaone-3.0-7.8b-instruct.json", [](json& d) { d.erase("num_layers"); }).path ==
        "num_layers");
  // ExaoneConfig's defaults: an FFN of 4 x hidden_size and tied embeddings, each said in a note.
  json doc = json::parse(test::tests_file("data/hf/exaone-3.0-7.8b-instruct.json"));
  doc.erase("intermediate_size");
  doc.erase("tie_word_embeddings");
  const HfConfigRead d = test::read_hf_ok(doc.dump());
  CHECK(d.shape->intermediate == 4 * 4096);
  CHECK(d.shape->tied_embeddings);
  CHECK(test::has_note(d, "ExaoneConfig's 4 x hidden_size"));
}
