// Workload JSON reads and writes the input table's workload fields (issue 14 item 1): every field is a key,
// a written workload reads back the same field by field, and files written before keep their bytes.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "engine/input.hpp"
#include "engine/workload.hpp"
#include "test_estimate_fixtures.hpp"

using namespace gw;

namespace {

bool own_json_shape(const InputField& f) {  // "title": {en, zh} and "reference": {gpu, gpus, hours}
  const std::string n = f.name;
  return n == "title" || n == "title_zh" || n.rfind("reference_", 0) == 0;
}

// Every workload field of the input table, compared by its canonical text: "" when equal.
std::string diff_fields(const Workload& a, const Workload& b) {
  Scenario sa, sb;
  sa.workload = a;
  sb.workload = b;
  for (const InputField& f : input_fields())
    if (f.workload && input_text(f, sa) != input_text(f, sb))
      return std::string(f.name) + ": " + input_text(f, sa) + " != " + input_text(f, sb);
  return "";
}

}  // namespace

TEST_CASE("workload JSON: every preset and library-shaped job reads back field by field") {
  for (const Preset& p : gwtest::presets()) {
    CAPTURE(p.id);
    const WorkloadLoad back = workload_from_json(workload_to_json(p.workload));
    REQUIRE(back.workload);
    CHECK(diff_fields(p.workload, *back.workload) == "");
  }
  const Workload llama = gwtest::llama2_7b_run();
  const WorkloadLoad back = workload_from_json(workload_to_json(llama));
  REQUIRE(back.workload);
  CHECK(diff_fields(llama, *back.workload) == "");
}

TEST_CASE("workload JSON: fields beyond the classic ones are keys too, written only when set") {
  const nlohmann::json plain = nlohmann::json::parse(workload_to_json(Workload{}));
  for (const char* k : {"runtime", "pure_half_states", "chunked_ce", "gpu_memory_utilization", "model",
                        "intermediate", "cfg", "offload_optimizer"})
    CHECK_FALSE(plain.contains(k));
  // The classic fields are written even at their defaults, as files have always had them.
  for (const char* k : {"mode", "per_sample_px", "checkpointing", "needs_fp64", "bound"})
    CHECK(plain.contains(k));

  Workload w = gwtest::llama2_7b_run();
  w.runtime = Runtime::vllm;
  w.pure_half_states = true;
  w.chunked_ce = true;
  w.gpu_memory_utilization = 0.5;
  const std::string text = workload_to_json(w);
  const nlohmann::json j = nlohmann::json::parse(text);
  CHECK(j.at("runtime") == "vllm");
  CHECK(j.at("pure_half_states") == true);
  CHECK(j.at("chunked_ce") == true);
  CHECK(j.at("gpu_memory_utilization") == 0.5);
  CHECK(j.at("model") == "llama-2-7b");
  const WorkloadLoad back = workload_from_json(text);
  REQUIRE(back.workload);
  CHECK(diff_fields(w, *back.workload) == "");

  // Every key a workload can be written with is a workload field of the input table, and the other way round.
  for (auto it = j.begin(); it != j.end(); ++it) {
    const InputField* f = find_input(it.key());
    CAPTURE(it.key());
    REQUIRE(f != nullptr);
    CHECK(f->workload);
  }
  for (const InputField& f : input_fields()) {
    if (!f.workload || own_json_shape(f)) continue;
    CAPTURE(f.name);
    // A field left out of `j` is at its default: 0, false or a choice's first word.
    const nlohmann::json value = j.contains(f.name)            ? j.at(f.name)
                                 : f.type == InputType::flag   ? nlohmann::json(false)
                                 : f.type == InputType::choice ? nlohmann::json(f.choices.front())
                                                               : nlohmann::json(0);
    nlohmann::json one;
    one[f.name] = value;
    CHECK(workload_delta_from_json(one.dump(), Workload{}).problems.empty());
  }
}

TEST_CASE("workload JSON: wrong types and unknown names are refused at their key") {
  const WorkloadLoad a = workload_from_json(R"({"runtime": "onnx"})");
  REQUIRE(a.problems.size() == 1);
  CHECK(a.problems[0].path == "/runtime");
  CHECK(a.problems[0].message == "unknown runtime 'onnx'");
  const WorkloadLoad b = workload_from_json(R"({"layers": 2.5, "cfg": 1, "params": "7B", "epochs": "2"})");
  REQUIRE(b.problems.size() == 3);
  CHECK(b.problems[0].path == "/cfg");
  CHECK(b.problems[0].message == "must be true or false");
  CHECK(b.problems[1].path == "/epochs");
  CHECK(b.problems[1].message == "must be a number");
  CHECK(b.problems[2].path == "/layers");
  CHECK(b.problems[2].message == "must be a whole number");
}
