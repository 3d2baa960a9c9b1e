// Share links of a job that starts from a library model (engine/link.hpp): the link carries model=ID and
// only the fields changed from that model, reads back the same job with the library, says so when the
// library lacks the model, and leaves links without a model exactly as they were.
#include <doctest/doctest.h>

#include <string>

#include "../fuzz/equal.hpp"
#include "engine/bundled.hpp"
#include "engine/catalog.hpp"
#include "engine/link.hpp"
#include "engine/models.hpp"

namespace {

using namespace gw;

const ModelLibrary& library() {
  static const ModelLibraryLoad load = load_models(bundled_file("models.json"));
  return load.library;
}
const std::vector<Preset>& presets() {
  static const PresetLoad load = load_presets(bundled_file("presets.json"));
  return load.presets;
}
const Catalog& catalog() {
  static const CatalogLoad load = load_bundled_catalog();
  return *load.catalog;
}

// The lora-7b task over Qwen2.5-7B, as the page's picker makes it.
Scenario qwen_lora() {
  Scenario s = default_scenario(presets(), catalog());
  const Preset* p = find_preset(presets(), "lora-7b");
  REQUIRE(p);
  s.workload = p->workload;
  s.workload.preset = p->id;
  const ModelEntry* m = library().find("qwen2.5-7b");
  REQUIRE(m);
  s.workload.title = {};  // the picker names the job after its model
  REQUIRE(apply_model(s.workload, *m).empty());
  return s;
}

bool has_key(const std::string& link, const std::string& key) {
  return ("&" + link + "&").find("&" + key + "=") != std::string::npos;
}

}  // namespace

TEST_CASE("link model: the link names the model and only the fields changed from it") {
  REQUIRE(library().models.size() >= 80);
  Scenario s = qwen_lora();
  const std::string plain = encode_link(s, presets(), {}, &library());
  CHECK(plain.rfind("v=1&preset=lora-7b&model=qwen2.5-7b", 0) == 0);
  // The model's shape is not repeated: neither its layers nor its width nor its vocabulary.
  for (const char* key : {"layers", "hidden", "heads", "kvh", "vocab", "inter", "params", "title"}) {
    INFO(key, " in ", plain);
    CHECK(!has_key(plain, key));
  }
  // Without the library every field that differs from the preset is written (the old form).
  const std::string full = encode_link(s, presets());
  CHECK(has_key(full, "layers"));
  CHECK(has_key(full, "model"));
  CHECK(full.size() > plain.size());

  s.workload.seq_len = 2048;  // a task field
  s.workload.layers = 30;     // a shape field edited after the pick
  const std::string edited = encode_link(s, presets(), {}, &library());
  CHECK(has_key(edited, "seq"));
  CHECK(has_key(edited, "layers"));
  CHECK(!has_key(edited, "hidden"));

  const LinkDecode d = decode_link(edited, presets(), catalog(), &library());
  CHECK(d.notices.empty());
  CHECK(d.model == "qwen2.5-7b");
  CHECK(d.model_applied);
  CHECK(gw::testing::diff_workload(d.scenario.workload, s.workload) == "");
  CHECK(d.scenario.workload.hidden == 3584);
  CHECK(d.scenario.workload.intermediate == 18944);
  CHECK(d.scenario.workload.layers == 30);
  CHECK(d.scenario.workload.mode == Mode::lora);
  CHECK(link_model("https://x.example/#" + edited) == "qwen2.5-7b");
}

TEST_CASE("link model: every library model round-trips through a short link") {
  const Scenario start = qwen_lora();
  for (const ModelEntry& m : library().models) {
    Scenario s = start;
    REQUIRE(apply_model(s.workload, m).empty());
    const std::string link = encode_link(s, presets(), {}, &library());
    INFO(m.id, ": ", link);
    CHECK(link_model(link) == m.id);
    CHECK(link.size() < 200);
    const LinkDecode d = decode_link(link, presets(), catalog(), &library());
    CHECK(d.model_applied);
    CHECK(gw::testing::diff_workload(d.scenario.workload, s.workload) == "");
  }
}

TEST_CASE("link model: a hand-written link picks the model's shape; an unknown model is said, not kept") {
  const LinkDecode d =
      decode_link("#preset=lora-7b&model=Qwen2.5-7B&budget=200", presets(), catalog(), &library());
  CHECK(d.notices.empty());
  CHECK(d.model == "qwen2.5-7b");
  CHECK(d.scenario.workload.model == "qwen2.5-7b");
  CHECK(d.scenario.workload.layers == 28);
  CHECK(d.scenario.workload.kv_heads == 4);
  CHECK(d.scenario.workload.mode == Mode::lora);

  const LinkDecode u = decode_link("#v=1&preset=lora-7b&model=qwen2.5-7bb", presets(), catalog(), &library());
  REQUIRE(u.notices.size() == 1);
  CHECK(u.notices[0].key == "model");
  CHECK(u.notices[0].message.en.find("qwen2.5-7b") != std::string::npos);
  CHECK(u.model.empty());
  CHECK(!u.model_applied);
  CHECK(u.scenario.workload.model.empty());
  CHECK(u.scenario.workload.layers == find_preset(presets(), "lora-7b")->workload.layers);
}

TEST_CASE("link model: links without a model read the same with or without the library") {
  for (const char* link :
       {"#v=1&preset=lora-7b&budget=300", "#preset=bert-base-finetune&budget=300&deadline=48h",
        "#v=1&preset=qlora-7b&layers=40&hidden=5120&heads=40&kvh=40", "#v=1&budget=300&goal=value",
        "garbage"}) {
    INFO(link);
    const LinkDecode a = decode_link(link, presets(), catalog());
    const LinkDecode b = decode_link(link, presets(), catalog(), &library());
    CHECK(gw::testing::diff_scenario(a.scenario, b.scenario) == "");
    CHECK(a.notices.size() == b.notices.size());
    CHECK(a.ok == b.ok);
    CHECK(b.model.empty());
    CHECK(link_model(link).empty());
    // And they are written the same way.
    CHECK(encode_link(a.scenario, presets()) == encode_link(a.scenario, presets(), {}, &library()));
  }
  // A link written without the library (every changed field, model= as a label) reads the same job with it.
  const Scenario s = qwen_lora();
  const std::string full = encode_link(s, presets());
  const LinkDecode with = decode_link(full, presets(), catalog(), &library());
  CHECK(with.notices.empty());
  CHECK(gw::testing::diff_workload(with.scenario.workload, s.workload) == "");
}

TEST_CASE("link model: a hand-written link naming a model but no preset takes the task that suits it") {
  struct Case {
    const char* link;
    const char* preset;
    Mode mode;
  };
  for (const Case& c : {Case{"#model=qwen2.5-7b&budget=200", "lora-7b", Mode::lora},
                        Case{"#model=mixtral-8x7b", "lora-7b", Mode::lora},
                        Case{"#model=sdxl-base-1.0&deadline=24h", "sd15-inference", Mode::inference},
                        Case{"#model=flux.1-dev", "sd15-inference", Mode::inference},
                        Case{"#model=bert-large", "bert-base-finetune", Mode::train},
                        Case{"#model=whisper-small", "bert-base-finetune", Mode::train},
                        Case{"#model=yolov8s", "yolo-detect-train", Mode::train},
                        Case{"#model=vit-base-16", "resnet50-train", Mode::train}}) {
    INFO(c.link);
    const LinkDecode d = decode_link(c.link, presets(), catalog(), &library());
    CHECK(d.model_applied);
    CHECK(d.scenario.workload.preset == c.preset);
    CHECK(d.scenario.workload.mode == c.mode);
    // The task's data and batch, the model's shape.
    const Preset* task = find_preset(presets(), c.preset);
    REQUIRE(task);
    CHECK(d.scenario.workload.dataset_samples == task->workload.dataset_samples);
    CHECK(d.scenario.workload.params == library().find(d.model)->shape.params);
    // Said, naming the task.
    REQUIRE(d.notices.size() == 1);
    CHECK(d.notices[0].key == "preset");
    CHECK(d.notices[0].message.en.find(c.preset) != std::string::npos);
  }
  // The link's own fields still win over the task's.
  const LinkDecode inf = decode_link("#model=qwen2.5-7b&mode=inference", presets(), catalog(), &library());
  CHECK(inf.scenario.workload.mode == Mode::inference);
  // A link the page wrote (v=1) without a preset is a custom job and reads back as written.
  Scenario custom = qwen_lora();
  custom.workload.preset.clear();
  const std::string link = encode_link(custom, presets(), {}, &library());
  CHECK(link.find("preset=") == std::string::npos);
  const LinkDecode back = decode_link(link, presets(), catalog(), &library());
  CHECK(back.notices.empty());
  CHECK(gw::testing::diff_workload(back.scenario.workload, custom.workload) == "");
}
