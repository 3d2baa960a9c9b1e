// --hf-config on ALBERT (issue 21): factorised embeddings (embedding_size) and cross-layer sharing
// (num_hidden_groups x inner_group_num layers hold weights, num_hidden_layers x inner_group_num run); and
// what a config import leaves behind when a library model is picked next (the web page's picker).
// tests/data/hf/albert-base-v2.json is huggingface.co/albert/albert-base-v2's config.json, with the key set
// transformers saves (a copy with "_name_or_path": "albert-base-v2", transformers 4.12.2, sits in a public
// test suite); counts are the published ones, tolerance 2% (issue 15's bar).
#include <doctest/doctest.h>

#include <string>

#include "engine/bundled.hpp"
#include "engine/hf_config.hpp"
#include "engine/models.hpp"
#include "engine/workload.hpp"
#include "test_files.hpp"

using namespace gw;

namespace {

std::string file(const std::string& name) {
  return test::tests_file("data/hf/" + name);
}

HfConfigRead read_ok(const std::string& text) {
  return test::read_hf_ok(text);
}

// ALBERT-large v1's published shape (google-research/albert config/large): 1024 wide, 24 passes, one group.
std::string large(int groups, int inner) {
  return R"({"model_type": "albert", "embedding_size": 128, "hidden_size": 1024, "num_hidden_layers": 24,
    "num_attention_heads": 16, "intermediate_size": 4096, "vocab_size": 30000, "num_hidden_groups": )" +
         std::to_string(groups) + R"(, "inner_group_num": )" + std::to_string(inner) + "}";
}

}  // namespace

TEST_CASE("hf config: ALBERT-base v2 reads its factorised embeddings and its one shared layer") {
  // 11.8M: the Hugging Face page's count of the checkpoint (data/models.json cites it); the paper
  // (arXiv 1909.11942, Table 1) rounds to 12M.
  const HfConfigRead r = read_ok(file("albert-base-v2.json"));
  CHECK(r.model_type == "albert");
  CHECK(r.shape->arch == Arch::encoder);
  CHECK(r.shape->layers == 12);
  CHECK(r.shape->distinct_layers == 1);
  CHECK(r.shape->embedding_size == 128);
  CHECK(r.shape->hidden == 768);
  CHECK(r.params == doctest::Approx(11.8e6).epsilon(0.02));
  bool named = false;
  for (const Text& t : r.notes)
    named = named || t.en.find("1 of them with their own weights") != std::string::npos;
  CHECK(named);
}

TEST_CASE("hf config: ALBERT's groups and inner layers set how many layers run and how many hold weights") {
  // The paper's large model: 18M (Table 1).
  const HfConfigRead one = read_ok(large(1, 1));
  CHECK(one.params == doctest::Approx(18e6).epsilon(0.02));
  // Two groups hold two layers' weights; two inner layers per group double the depth that runs and the
  // weights each group holds.
  const HfConfigRead two = read_ok(large(2, 1));
  CHECK(two.shape->layers == 24);
  CHECK(two.shape->distinct_layers == 2);
  const HfConfigRead inner = read_ok(large(2, 2));
  CHECK(inner.shape->layers == 48);
  CHECK(inner.shape->distinct_layers == 4);
  const double per_layer = two.params - one.params;
  CHECK(per_layer > 12e6);  // one 1024-wide layer: 4.2M attention + 8.4M FFN
  CHECK(inner.params == doctest::Approx(one.params + 3 * per_layer));
  // A group no pass reaches is refused by its key.
  const HfConfigRead bad = read_hf_config(large(25, 1));
  REQUIRE_FALSE(bad.problems.empty());
  CHECK(bad.problems.front().path == "num_hidden_groups");
}

TEST_CASE("hf config: a library model picked after an import does not keep the import's runtime") {
  // The page imports a quantized checkpoint's config (weight_bits 4, runtime pytorch), then the user
  // picks Llama 3 8B from the library: the model sets neither, so both go back to their values before the
  // import instead of sticking to a model that never asked for them.
  const ModelLibraryLoad lib = load_models(bundled_file("models.json"));
  const ModelEntry* m = lib.library.find("llama-3-8b");
  REQUIRE(m);
  const HfConfigRead r = read_ok(file("llama-3-8b-instruct-awq.json"));
  Workload before;
  before.mode = Mode::inference;
  const WorkloadLoad after = workload_delta_from_json(r.workload_json, clear_model_shape(before));
  REQUIRE(after.workload);
  REQUIRE(after.workload->runtime == Runtime::pytorch);
  REQUIRE(after.workload->weight_bits == 4);
  Workload picked = *after.workload;
  REQUIRE(apply_model(picked, *m).empty());
  CHECK(picked.runtime == Runtime::pytorch);  // what the page did: the import's runtime stuck
  const Workload fixed = restore_import_extras(picked, before, r.workload_json, m->workload_json);
  CHECK(fixed.runtime == Runtime::auto_);
  CHECK(fixed.weight_bits == before.weight_bits);
  CHECK(fixed.layers == picked.layers);  // the model's shape stays
  CHECK(fixed.params == picked.params);
  CHECK(fixed.mode == Mode::inference);
  // A runtime the user chose before the import comes back too.
  Workload vllm = before;
  vllm.runtime = Runtime::vllm;
  CHECK(restore_import_extras(picked, vllm, r.workload_json, m->workload_json).runtime == Runtime::vllm);
}

TEST_CASE("hf config: a field changed after the import is not put back when a model is picked") {
  const ModelLibraryLoad lib = load_models(bundled_file("models.json"));
  const ModelEntry* m = lib.library.find("llama-3-8b");
  REQUIRE(m);
  const HfConfigRead r = read_ok(file("llama-3-8b-instruct-awq.json"));
  Workload before;
  before.mode = Mode::inference;
  Workload picked = *workload_delta_from_json(r.workload_json, clear_model_shape(before)).workload;
  picked.runtime = Runtime::tensorrt;  // the user's own choice after importing
  REQUIRE(apply_model(picked, *m).empty());
  const Workload kept = restore_import_extras(picked, before, r.workload_json, m->workload_json);
  CHECK(kept.runtime == Runtime::tensorrt);
  CHECK(kept.weight_bits == before.weight_bits);  // still the import's, so it goes
}
