// The model library loader, search and apply (engine/models.hpp), on a small inline library and on the
// bundled data/models.json when it is there.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>

#include "engine/bundled.hpp"
#include "engine/link.hpp"
#include "engine/model.hpp"
#include "engine/models.hpp"
#include "test_estimate_fixtures.hpp"

using namespace gw;

namespace {

// Shapes are the models' config.json values (the same the bundled library cites).
const char* kFixture = R"({
 "schema_version": 1, "library_date": "2026-12-04",
 "models": [
  {"id": "qwen2.5-7b", "name": {"en": "Qwen2.5-7B", "zh": "通义千问 Qwen2.5-7B"}, "family": "qwen2.5",
   "aliases": ["Qwen/Qwen2.5-7B", "Qwen2.5-7B-Instruct"], "kind": "llm", "params_published": "7.61B",
   "max_context": 131072, "licence": "Apache-2.0",
   "source": {"url": "https://huggingface.co/Qwen/Qwen2.5-7B/blob/main/config.json", "date": "2024-09-19"},
   "workload": {"arch": "decoder", "params": "7.61B", "layers": 28, "hidden": 3584, "intermediate": 18944,
                "heads": 28, "kv_heads": 4, "vocab": 152064, "tied_embeddings": false}},
  {"id": "qwen2.5-72b", "name": {"en": "Qwen2.5-72B", "zh": "通义千问 Qwen2.5-72B"}, "family": "qwen2.5",
   "kind": "llm", "params_published": "72.7B", "licence": "Qwen",
   "source": {"url": "https://huggingface.co/Qwen/Qwen2.5-72B", "date": "2024-09-19"},
   "workload": {"arch": "decoder", "params": "72.7B", "layers": 80, "hidden": 8192, "intermediate": 29568,
                "heads": 64, "kv_heads": 8, "vocab": 152064}},
  {"id": "qwen2-7b", "name": {"en": "Qwen2-7B", "zh": "通义千问 Qwen2-7B"}, "family": "qwen2",
   "kind": "llm", "licence": "Apache-2.0",
   "source": {"url": "https://huggingface.co/Qwen/Qwen2-7B", "date": "2024-06-06"},
   "workload": {"arch": "decoder", "layers": 28, "hidden": 3584, "intermediate": 18944,
                "heads": 28, "kv_heads": 4, "vocab": 152064}},
  {"id": "llama-3-8b", "name": {"en": "Llama 3 8B", "zh": "Llama 3 8B"}, "family": "llama3",
   "aliases": ["meta-llama/Meta-Llama-3-8B"], "kind": "llm", "params_published": "8.03B",
   "licence": "Llama 3 Community",
   "source": {"url": "https://huggingface.co/meta-llama/Meta-Llama-3-8B", "date": "2024-04-18"},
   "workload": {"arch": "decoder", "layers": 32, "hidden": 4096, "intermediate": 14336, "heads": 32,
                "kv_heads": 8, "vocab": 128256}},
  {"id": "llama-3.1-8b", "name": {"en": "Llama 3.1 8B", "zh": "Llama 3.1 8B"}, "family": "llama3.1",
   "kind": "llm", "licence": "Llama 3.1 Community",
   "source": {"url": "https://huggingface.co/meta-llama/Llama-3.1-8B", "date": "2024-07-23"},
   "workload": {"arch": "decoder", "layers": 32, "hidden": 4096, "intermediate": 14336, "heads": 32,
                "kv_heads": 8, "vocab": 128256}},
  {"id": "mixtral-8x7b", "name": {"en": "Mixtral 8x7B", "zh": "Mixtral 8x7B"}, "family": "mixtral",
   "kind": "moe-llm", "params_published": "46.7B", "params_active_published": "12.9B",
   "licence": "Apache-2.0",
   "source": {"url": "https://huggingface.co/mistralai/Mixtral-8x7B-v0.1", "date": "2023-12-11"},
   "workload": {"arch": "decoder", "layers": 32, "hidden": 4096, "heads": 32, "kv_heads": 8,
                "vocab": 32000, "experts": 8, "experts_active": 2, "expert_intermediate": 14336}}
 ]})";

ModelLibrary fixture() {
  ModelLibraryLoad load = load_models(kFixture);
  for (const Problem& p : load.problems) INFO(p.path, ": ", p.message);
  REQUIRE(load.problems.empty());
  return load.library;
}

// The fixture with one entry's text replaced: `from` must occur once in kFixture.
ModelLibraryLoad load_edited(const std::string& from, const std::string& to) {
  std::string text = kFixture;
  const std::size_t at = text.find(from);
  REQUIRE(at != std::string::npos);
  text.replace(at, from.size(), to);
  return load_models(text);
}

bool has_problem(const ModelLibraryLoad& load, const std::string& path) {
  for (const Problem& p : load.problems)
    if (p.path == path) return true;
  return false;
}

std::string top(const ModelLibrary& lib, const std::string& query) {
  const auto hits = find_models(lib, query);
  return hits.empty() ? "" : hits.front().model->id;
}

std::vector<std::string> ids(const ModelLibrary& lib, const std::string& query) {
  std::vector<std::string> out;
  for (const ModelMatch& m : find_models(lib, query)) out.push_back(m.model->id);
  return out;
}

}  // namespace

TEST_CASE("models: the library loads with every field") {
  const ModelLibrary lib = fixture();
  REQUIRE(lib.models.size() == 6);
  CHECK(lib.library_date == "2026-12-04");
  const ModelEntry* q = lib.find("qwen2.5-7b");
  REQUIRE(q);
  CHECK(q->name.zh == "通义千问 Qwen2.5-7B");
  CHECK(q->params_published == doctest::Approx(7.61e9));
  CHECK(q->params_text == "7.61B");
  CHECK(q->max_context_tokens == 131072);
  CHECK(q->source.date == "2024-09-19");
  CHECK(q->shape.layers == 28);
  CHECK(q->shape.kv_heads == 4);
  // Aliases and case find the same entry.
  CHECK(lib.find("Qwen/Qwen2.5-7B") == q);
  CHECK(lib.find("QWEN2.5-7B") == q);
  CHECK(lib.find("qwen2.5-8b") == nullptr);
  const ModelEntry* mx = lib.find("mixtral-8x7b");
  REQUIRE(mx);
  CHECK(mx->params_active_published == doctest::Approx(12.9e9));
  CHECK(shape_params_total(mx->shape) == doctest::Approx(46.7e9).epsilon(0.02));
}

TEST_CASE("models: an entry without its source, licence or id is refused, naming the JSON path") {
  const std::string src =
      R"("source": {"url": "https://huggingface.co/Qwen/Qwen2-7B", "date": "2024-06-06"},)";
  ModelLibraryLoad no_date =
      load_edited(src, R"("source": {"url": "https://huggingface.co/Qwen/Qwen2-7B"},)");
  CHECK(has_problem(no_date, "models[2].source.date"));
  CHECK(no_date.library.models.size() == 5);  // the others still load
  CHECK(!no_date.library.find("qwen2-7b"));
  CHECK(has_problem(load_edited(src, R"("source": {"date": "2024-06-06"},)"), "models[2].source.url"));
  CHECK(has_problem(load_edited(src, ""), "models[2].source"));
  CHECK(has_problem(load_edited(src, R"("source": {"url": "ftp://x", "date": "2024-06-06"},)"),
                    "models[2].source.url"));
  CHECK(has_problem(load_edited(src, R"("source": {"url": "https://x", "date": "06/06/2024"},)"),
                    "models[2].source.date"));
  CHECK(has_problem(load_edited(R"("licence": "Apache-2.0",
   "source": {"url": "https://huggingface.co/Qwen/Qwen2-7B")",
                                R"("source": {"url": "https://huggingface.co/Qwen/Qwen2-7B")"),
                    "models[2].licence"));
  CHECK(has_problem(load_edited(R"({"id": "qwen2-7b", )", "{"), "models[2].id"));
}

TEST_CASE("models: unknown keys, wrong types and task keys in the shape are refused by path") {
  CHECK(has_problem(load_edited(R"("family": "qwen2",)", R"("family": "qwen2", "colour": "red",)"),
                    "models[2].colour"));
  CHECK(has_problem(load_edited(R"("family": "qwen2",)", R"("family": 2,)"), "models[2].family"));
  CHECK(has_problem(load_edited(R"("id": "qwen2-7b")", R"("id": "Qwen2 7B")"), "models[2].id"));
  CHECK(has_problem(load_edited(R"("id": "qwen2-7b")", R"("id": "qwen2.5-7b")"), "models[2].id"));
  CHECK(has_problem(load_edited(R"("kind": "moe-llm")", R"("kind": "chatbot")"), "models[5].kind"));
  CHECK(has_problem(load_edited(R"("max_context": 131072)", R"("max_context": "128k")"),
                    "models[0].max_context"));
  CHECK(has_problem(load_edited(R"("params_published": "72.7B")", R"("params_published": "lots")"),
                    "models[1].params_published"));
  CHECK(has_problem(load_edited(R"("params_published": "72.7B")", R"("params_published": -5)"),
                    "models[1].params_published"));
  // Shape: a task key, a wrong type, an unknown arch, an inconsistent shape.
  CHECK(has_problem(load_edited(R"("vocab": 32000,)", R"("vocab": 32000, "seq": 4096,)"),
                    "models[5].workload.seq"));
  CHECK(has_problem(load_edited(R"("vocab": 32000,)", R"("vocab": "many",)"), "models[5].workload.vocab"));
  CHECK(has_problem(load_edited(R"("vocab": 32000,)", R"("vocab": 1e300,)"), "models[5].workload.vocab"));
  CHECK(has_problem(load_edited(R"("experts_active": 2)", R"("experts_active": 9)"),
                    "models[5].workload.experts_active"));
  CHECK(has_problem(load_edited(R"("heads": 32,
                "kv_heads": 8, "vocab": 128256}},
  {"id": "llama-3.1-8b")",
                                R"("heads": 30,
                "kv_heads": 8, "vocab": 128256}},
  {"id": "llama-3.1-8b")"),
                    "models[3].workload.kv_heads"));
  // The English name has no Chinese (the English page's font has none).
  CHECK(has_problem(load_edited(R"({"en": "Qwen2-7B")", R"({"en": "通义 Qwen2-7B")"), "models[2].name.en"));
  // Whole-document problems.
  CHECK(!load_models("[]").problems.empty());
  CHECK(!load_models("{\"models\": 3}").problems.empty());
  CHECK(has_problem(load_models(R"({"schema_version": 2, "models": []})"), "schema_version"));
  CHECK(load_models(std::string(kMaxModelLibraryBytes + 1, ' ')).problems.size() == 1);
}

TEST_CASE("models: search by what people type") {
  const ModelLibrary lib = fixture();
  CHECK(top(lib, "Qwen2.5 7B") == "qwen2.5-7b");
  CHECK(top(lib, "qwen2.5-7b") == "qwen2.5-7b");
  CHECK(top(lib, "Qwen/Qwen2.5-7B") == "qwen2.5-7b");
  // Both 7B Qwens match equally: library order breaks the tie.
  CHECK(ids(lib, "通义 7B") == std::vector<std::string>{"qwen2.5-7b", "qwen2-7b"});
  CHECK(top(lib, "通义千问 2.5 72b") == "qwen2.5-72b");
  // "7" is a size: it finds the 7B models, never 72B.
  const auto q7 = ids(lib, "qwen 7");
  CHECK(q7.size() == 2);
  CHECK(std::find(q7.begin(), q7.end(), "qwen2.5-72b") == q7.end());
  CHECK(top(lib, "llama3 8b") == "llama-3-8b");
  CHECK(ids(lib, "llama3 8b") == std::vector<std::string>{"llama-3-8b", "llama-3.1-8b"});
  CHECK(top(lib, "llama 3.1") == "llama-3.1-8b");
  CHECK(top(lib, "llama31") == "llama-3.1-8b");
  CHECK(top(lib, "LLAMA-3.1-8B") == "llama-3.1-8b");
  CHECK(top(lib, "mixtral 8x7b") == "mixtral-8x7b");
  CHECK(top(lib, "mixt") == "mixtral-8x7b");
  CHECK(ids(lib, "qwen").size() == 3);
  CHECK(find_models(lib, "").size() == 6);
  CHECK(find_models(lib, "  ,, ").size() == 6);
  CHECK(find_models(lib, "qwen", 2).size() == 2);
  CHECK(find_models(lib, "gemma").empty());
  CHECK(find_models(lib, std::string(100000, '7')).empty());
  // A mistyped id gets the nearest ones.
  CHECK(closest_model_ids(lib, "qwen2.5-7").front() == "qwen2.5-7b");
  CHECK(closest_model_ids(lib, "lama-3-8b").front() == "llama-3-8b");
  CHECK(closest_model_ids(lib, "zzzzzzzz").empty());
}

TEST_CASE("models: apply lays the shape under the task and keeps the task") {
  const ModelLibrary lib = fixture();
  Workload w;
  w.mode = Mode::lora;
  w.seq_len = 2048;
  w.micro_batch = 4;
  w.layers = 99;  // a shape field the model sets is replaced
  REQUIRE(apply_model(w, *lib.find("qwen2.5-7b")).empty());
  CHECK(w.model == "qwen2.5-7b");
  CHECK(w.title.en == "Qwen2.5-7B");
  CHECK(w.layers == 28);
  CHECK(w.kv_heads == 4);
  CHECK(w.params == doctest::Approx(7.61e9));
  CHECK(w.mode == Mode::lora);
  CHECK(w.seq_len == 2048);
  CHECK(w.micro_batch == 4);
  CHECK(validate_workload(w).empty());
  // A titled job keeps its title.
  Workload t;
  t.title = {"My run", "我的任务"};
  REQUIRE(apply_model(t, *lib.find("mixtral-8x7b")).empty());
  CHECK(t.title.en == "My run");
  CHECK(t.experts == 8);
}

TEST_CASE("models: presets naming a model take its shape under their task") {
  const ModelLibrary lib = fixture();
  const PresetLoad load = load_presets_with_models(R"({"presets": [
    {"id": "qwen-lora", "title": {"en": "LoRA", "zh": "LoRA"},
     "workload": {"model": "qwen2.5-7b", "mode": "lora", "seq": 1024, "batch": 4, "samples": "10K", "epochs": 3}},
    {"id": "moe-infer", "title": {"en": "MoE", "zh": "MoE"},
     "workload": {"model": "mixtral-8x7b", "mode": "inference", "seq": 512, "layers": 16}}]})",
                                                   lib);
  for (const Problem& p : load.problems) INFO(p.path, ": ", p.message);
  REQUIRE(load.problems.empty());
  REQUIRE(load.presets.size() == 2);
  const Workload& q = load.presets[0].workload;
  CHECK(q.model == "qwen2.5-7b");
  CHECK(q.layers == 28);
  CHECK(q.kv_heads == 4);
  CHECK(q.mode == Mode::lora);
  CHECK(q.seq_len == 1024);
  CHECK(q.dataset_samples == 10000);
  CHECK(load.presets[1].workload.experts == 8);
  CHECK(load.presets[1].workload.layers == 16);  // the preset's own key wins
  // A model the library lacks is named by path; the presets file is not half-read.
  const PresetLoad bad = load_presets_with_models(
      R"({"presets": [{"id": "x", "title": {"en": "X"}, "workload": {"model": "nope", "seq": 8}}]})", lib);
  REQUIRE(!bad.problems.empty());
  CHECK(bad.problems.front().path == "/presets/0/workload/model");
  CHECK(bad.presets.empty());
  // Without a preset naming a model it is load_presets itself.
  const PresetLoad plain = load_presets_with_models(bundled_file("presets.json"), lib);
  CHECK(plain.problems.empty());
  CHECK(plain.presets.size() == load_presets(bundled_file("presets.json")).presets.size());
  CHECK(!load_presets_with_models("nope", lib).problems.empty());
}

TEST_CASE("models: the bundled library loads without a problem") {
  const std::string_view text = bundled_file("models.json");
  if (text.empty()) return;  // not committed yet (models-data)
  const ModelLibraryLoad load = load_models(text);
  for (const Problem& p : load.problems) INFO(p.path, ": ", p.message);
  CHECK(load.problems.empty());
  CHECK(load.library.models.size() >= 80);
}

TEST_CASE(
    "models: a share link of a library model carries its id and arrives unchanged; old links still open") {
  const ModelLibrary lib = fixture();
  Scenario s = default_scenario(gwtest::presets(), gwtest::catalog());
  s.workload = gwtest::preset("lora-7b");
  REQUIRE(apply_model(s.workload, *lib.find("qwen2.5-7b")).empty());
  s.workload.seq_len = 2048;  // a task field the user changed
  const std::string link = encode_link(s, gwtest::presets());
  CHECK(link.find("model=qwen2.5-7b") != std::string::npos);
  CHECK(link.find("seq=2048") != std::string::npos);
  const LinkDecode d = decode_link(link, gwtest::presets(), gwtest::catalog());
  CHECK(d.notices.empty());
  CHECK(d.scenario.workload.model == "qwen2.5-7b");
  CHECK(d.scenario.workload.layers == 28);
  CHECK(d.scenario.workload.kv_heads == 4);
  CHECK(d.scenario.workload.intermediate == 18944);
  CHECK(d.scenario.workload.seq_len == 2048);
  CHECK(d.scenario.workload.mode == Mode::lora);
  // A link from before the library (preset and fields only) opens as it did.
  const LinkDecode old = decode_link("#v=1&preset=lora-7b&budget=300", gwtest::presets(), gwtest::catalog());
  CHECK(old.notices.empty());
  CHECK(old.scenario.workload.model.empty());
  CHECK(old.scenario.workload.hidden == gwtest::preset("lora-7b").hidden);
}
