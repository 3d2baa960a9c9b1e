// Workload names, validation, JSON round trip and the bundled presets.
#include <set>

#include "engine/model.hpp"
#include "test_estimate_fixtures.hpp"

using namespace gw;

namespace {

Workload bert_large() {
  Workload w;
  w.arch = Arch::encoder;
  w.params = 335e6;
  w.layers = 24;
  w.hidden = 1024;
  w.heads = 16;
  w.vocab = 30522;
  w.seq_len = 512;
  w.micro_batch = 4;
  return w;
}

bool has_problem(const std::vector<Problem>& ps, const std::string& field) {
  for (const Problem& p : ps)
    if (p.path == field) return true;
  return false;
}

}  // namespace

TEST_CASE("enum names round-trip and accept the usual aliases") {
  for (Precision p : {Precision::fp32, Precision::tf32, Precision::amp, Precision::fp16, Precision::bf16,
                      Precision::int8, Precision::int4, Precision::fp64}) {
    Precision back = Precision::fp32;
    CHECK(parse_precision(to_string(p), back));
    CHECK(back == p);
  }
  for (Mode m : {Mode::train, Mode::lora, Mode::qlora, Mode::inference, Mode::compute}) {
    Mode back = Mode::train;
    CHECK(parse_mode(to_string(m), back));
    CHECK(back == m);
  }
  Precision p = Precision::fp32;
  CHECK(parse_precision("AMP_FP16", p));
  CHECK(p == Precision::amp);
  CHECK(parse_precision("nf4", p));
  CHECK(p == Precision::int4);
  CHECK_FALSE(parse_precision("fp12", p));
  Optimizer o = Optimizer::sgd;
  CHECK(parse_optimizer("Adam", o));
  CHECK(o == Optimizer::adamw);
  CHECK(parse_optimizer("sgd-momentum", o));
  CHECK(o == Optimizer::sgd_momentum);
  CHECK_FALSE(parse_optimizer("lion", o));
}

TEST_CASE("counts with suffixes") {
  double v = 0;
  CHECK(parse_count_text("340M", v));
  CHECK(v == doctest::Approx(340e6));
  CHECK(parse_count_text("1.5B", v));
  CHECK(v == doctest::Approx(1.5e9));
  CHECK(parse_count_text("2048", v));
  CHECK(v == 2048);
  CHECK(parse_count_text("-4", v));
  CHECK(v == -4);
  CHECK_FALSE(parse_count_text("lots", v));
  CHECK_FALSE(parse_count_text("", v));
  CHECK_FALSE(parse_count_text("1e999", v));
}

TEST_CASE("validation names the field for each kind of bad input") {
  CHECK(validate_workload(bert_large()).empty());

  Workload w = bert_large();
  w.micro_batch = -4;
  CHECK(has_problem(validate_workload(w), "batch"));

  w = bert_large();
  w.layers = 0;
  CHECK(has_problem(validate_workload(w), "layers"));

  w = bert_large();
  w.heads = 30;  // 1024 is not divisible by 30
  const auto ps = validate_workload(w);
  REQUIRE(has_problem(ps, "hidden"));
  CHECK(ps[0].message.find("divisible") != std::string::npos);

  w = bert_large();
  w.kv_heads = 5;
  CHECK(has_problem(validate_workload(w), "kv_heads"));

  w = bert_large();
  w.precision = Precision::int4;  // training at int4 is not a thing
  CHECK(has_problem(validate_workload(w), "precision"));

  w = bert_large();
  w.data_loading_share = 1.0;
  CHECK(has_problem(validate_workload(w), "data_loading"));

  w = bert_large();
  w.params = std::nan("");
  CHECK(has_problem(validate_workload(w), "params"));

  w = bert_large();
  w.reference = ReferenceRun{"gtx-1080", 1, 0};
  CHECK(has_problem(validate_workload(w), "reference_hours"));

  Workload cnn;
  cnn.arch = Arch::cnn;
  CHECK(has_problem(validate_workload(cnn), "gflops_per_sample"));
}

TEST_CASE("workload JSON round-trips and reports bad fields by path") {
  Workload w = bert_large();
  w.title = {"BERT-large", "BERT-large 模型"};
  w.checkpointing = true;
  w.reference = ReferenceRun{"GTX 1080", 2, 72};
  const std::string text = workload_to_json(w);
  const WorkloadLoad back = workload_from_json(text);
  REQUIRE(back.problems.empty());
  REQUIRE(back.workload);
  CHECK(workload_to_json(*back.workload) == text);
  CHECK(back.workload->title.zh == "BERT-large 模型");
  REQUIRE(back.workload->reference);
  CHECK(back.workload->reference->hours == 72);

  const WorkloadLoad counts = workload_from_json(R"({"params": "340M", "tokens": "2K"})", w);
  REQUIRE(counts.workload);
  CHECK(counts.workload->params == doctest::Approx(340e6));
  CHECK(counts.workload->tokens == 2000);

  auto first_path = [&](const char* json) {
    const WorkloadLoad l = workload_from_json(json, bert_large());
    return l.problems.empty() ? std::string() : l.problems[0].path;
  };
  CHECK(first_path(R"({"batch": -4})") == "/batch");
  CHECK(first_path(R"({"precision": "fp12"})") == "/precision");
  CHECK(first_path(R"({"layers": 2.5})") == "/layers");
  CHECK(first_path(R"({"hidden": 1000})") == "/hidden");
  CHECK(first_path(R"({"bacth": 4})") == "/bacth");
  CHECK(first_path(R"({"reference": {"hours": "long"}})") == "/reference/hours");
  CHECK(first_path("[1, 2") == "/");
}

TEST_CASE("derived sizes") {
  Workload w = bert_large();
  w.params = 0;
  // The shape count (model.hpp): 12 L h^2 + V h plus biases and LayerNorms, 0.1% more here, and an
  // encoder's pooler and MLM head transform (2 h^2).
  CHECK(effective_params(w) == shape_params_total(w));
  CHECK(effective_params(w) ==
        doctest::Approx(12.0 * 24 * 1024 * 1024 + 30522.0 * 1024 + 2.0 * 1024 * 1024).epsilon(0.002));
  CHECK(effective_kv_heads(w) == 16);
  w.mode = Mode::inference;
  w.weight_bits = 4;
  CHECK(stored_weight_bits(w) == 4);
  w.weight_bits = 16;
  w.precision = Precision::fp32;
  CHECK(stored_weight_bits(w) == 32);
}

TEST_CASE("bundled presets cover the article's scenarios, bilingually") {
  const auto& ps = gwtest::presets();
  std::set<std::string> ids;
  for (const Preset& p : ps) {
    ids.insert(p.id);
    CHECK_MESSAGE(!p.title.en.empty(), p.id);
    CHECK_MESSAGE(!p.title.zh.empty(), p.id);
    CHECK_MESSAGE(!p.guide.en.empty(), p.id);
    CHECK_MESSAGE(!p.guide.zh.empty(), p.id);
    CHECK_MESSAGE(!p.group.empty(), p.id);
    CHECK_MESSAGE(validate_workload(p.workload).empty(), p.id);
    CHECK(p.workload.preset == p.id);
  }
  for (const char* id :
       {"resnet50-train",     "yolo-detect-train", "sd15-inference",  "sd15-finetune",   "video-sr-inference",
        "bert-base-finetune", "bert-large-train",  "gpt2-124m-train", "gpt2-1.5b-train", "albert-train",
        "opt-13b-fp16",       "opt-13b-int8",      "opt-13b-int4",    "llama2-7b-fp16",  "llama2-7b-int8",
        "llama2-7b-int4",     "llama2-13b-fp16",   "llama2-13b-int8", "llama2-13b-int4", "llama2-70b-fp16",
        "llama2-70b-int8",    "llama2-70b-int4",   "lora-7b",         "qlora-7b",        "md-gromacs-fp64",
        "cfd-openfoam",       "fea-solver"})
    CHECK_MESSAGE(ids.count(id) == 1, id);
  // The BERT-large preset states its batch and sequence length, as the issue asks.
  const Workload bl = gwtest::preset("bert-large-train");
  CHECK(bl.seq_len == 512);
  CHECK(bl.micro_batch == 8);
  CHECK(gwtest::preset("albert-train").grad_accum == 4);
  CHECK(gwtest::preset("yolo-detect-train").data_loading_share == doctest::Approx(0.29));
}

TEST_CASE("presets are found by the model names benchmarks use") {
  const auto& ps = gwtest::presets();
  const Preset* p = find_preset_by_model(ps, "ResNet-50 v1.5 training, ImageNet");
  REQUIRE(p);
  CHECK(p->id == "resnet50-train");
  p = find_preset_by_model(ps, "bert-large-uncased");
  REQUIRE(p);
  CHECK(p->id == "bert-large-train");
  CHECK(find_preset_by_model(ps, "a model nobody has heard of") == nullptr);
}

TEST_CASE("preset loading reports problems with JSON paths") {
  const PresetLoad bad =
      load_presets(R"({"presets": [{"id": "x", "title": {"en": "X"}, "workload": {"batch": 0}}]})");
  REQUIRE_FALSE(bad.problems.empty());
  CHECK(bad.problems[0].path.rfind("/presets/0/workload/", 0) == 0);
  CHECK(bad.presets.empty());
  const PresetLoad dup = load_presets(
      R"({"presets": [{"id": "a", "workload": {"arch": "generic", "gflops_per_sample": 1}},
                      {"id": "a", "workload": {"arch": "generic", "gflops_per_sample": 1}}]})");
  CHECK(dup.presets.size() == 1);
  CHECK(load_presets("nope").problems.size() == 1);
}
