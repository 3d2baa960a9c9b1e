// Workload JSON (documented in data/README.md, "Workload format") and the bundled presets.
#include <cctype>
#include <cmath>
#include <nlohmann/json.hpp>
#include <string>

#include "engine/input.hpp"
#include "engine/workload.hpp"

namespace gw {

namespace {

using json = nlohmann::json;
using ojson = nlohmann::ordered_json;

// The job's keys are the workload fields of the input table (input.hpp): a key is a field's `name`, read
// and written through its getter and setter, so a new field needs nothing here. Only the title and the
// reference run have their own JSON shape ("title": {en, zh}, "reference": {gpu, gpus, hours}).
bool own_shape(const InputField& f) {
  const std::string n = f.name;
  return n == "title" || n == "title_zh" || n.rfind("reference_", 0) == 0;
}

const InputField* json_field(const std::string& key) {
  for (const InputField& f : input_fields())
    if (f.workload && !own_shape(f) && key == f.name) return &f;
  return nullptr;
}

// The order files have listed their keys in since before the input table, kept so that written workloads
// stay byte-identical. `when_set` keys (the model's shape beyond the classic fields) are written only when
// they differ from a default workload, so older files read the same; so is any field not named here.
struct JsonKey {
  const char* name;
  bool when_set;
};
constexpr JsonKey kWriteOrder[] = {
    {"mode", false},
    {"arch", false},
    {"params", false},
    {"layers", false},
    {"hidden", false},
    {"heads", false},
    {"kv_heads", false},
    {"vocab", false},
    {"model", true},
    {"intermediate", true},
    {"head_dim", true},
    {"tied_embeddings", true},
    {"ffn_matrices", true},
    {"decoder_layers", true},
    {"experts", true},
    {"experts_active", true},
    {"shared_experts", true},
    {"expert_intermediate", true},
    {"dense_layers", true},
    {"kv_lora_rank", true},
    {"q_lora_rank", true},
    {"rope_head_dim", true},
    {"patch_px", true},
    {"audio_seconds", true},
    {"mel_bins", true},
    {"frozen_params", true},
    {"frames", true},
    {"sampling_steps", true},
    {"cfg", true},
    {"offload_optimizer", true},
    {"activation_mib_per_sample", false},
    {"gflops_per_sample", false},
    {"bytes_per_sample_mib", false},
    {"working_set_gib", false},
    {"batch", false},
    {"grad_accum", false},
    {"seq", false},
    {"image_px", false},
    {"per_sample_px", false},
    {"precision", false},
    {"optimizer", false},
    {"checkpointing", false},
    {"fused_attention", false},
    {"fp16_accumulate", false},
    {"weight_bits", false},
    {"lora_rank", false},
    {"lora_targets", true},
    {"samples", false},
    {"epochs", false},
    {"tokens", false},
    {"inference_batch", false},
    {"context", false},
    {"compute_hours_fp32_ref", false},
    {"data_loading", false},
    {"bound", false},
    {"needs_fp64", false},
};

bool textual(const InputField& f) {
  return f.type == InputType::choice || f.type == InputType::text;
}

std::string kind_word(const InputField& f) {
  switch (f.type) {
    case InputType::count:
      return "a number or a count such as \"340M\"";
    case InputType::integer:
      return "a whole number";
    case InputType::flag:
      return "true or false";
    case InputType::choice:
    case InputType::text:
      return "a name";
    default:
      return "a number";
  }
}

// One key's value into the scenario's workload; false when it is of the wrong type or refused.
bool read_value(const InputField& f, const json& v, Scenario& s) {
  if (textual(f)) return v.is_string() && f.set_text(s, v.get<std::string>());
  if (f.type == InputType::flag) {
    if (!v.is_boolean()) return false;
    f.set(s, v.get<bool>() ? 1.0 : 0.0);
    return true;
  }
  double d = 0;
  bool ok = false;
  if (v.is_number()) {
    d = v.get<double>();
    ok = std::isfinite(d);
  } else if (v.is_string() && (f.type == InputType::count || f.type == InputType::integer)) {
    ok = parse_count_value(v.get<std::string>(), d);
  }
  if (ok && f.type == InputType::integer && (d != std::floor(d) || std::fabs(d) > 2e9)) ok = false;
  if (ok) f.set(s, d);
  return ok;
}

void write_value(const InputField& f, const Scenario& s, ojson& o) {
  if (textual(f)) {
    o[f.name] = f.get_text(s);
  } else {
    const double v = f.get(s).value_or(0);
    if (f.type == InputType::flag)
      o[f.name] = v != 0;
    else if (f.type == InputType::integer)
      o[f.name] = static_cast<long long>(v);
    else
      o[f.name] = v;
  }
}

bool read_text(const json& v, Text& out) {
  if (v.is_string()) {
    out.en = v.get<std::string>();
    out.zh.clear();
    return true;
  }
  if (!v.is_object()) return false;
  for (auto it = v.begin(); it != v.end(); ++it) {
    if (!it.value().is_string()) return false;
    if (it.key() == "en")
      out.en = it.value().get<std::string>();
    else if (it.key() == "zh")
      out.zh = it.value().get<std::string>();
    else
      return false;
  }
  return true;
}

// Reads one workload object into `w`; problems carry JSON pointers under `base`.
void read_workload(const json& obj, Workload& w, const std::string& base, std::vector<Problem>& problems) {
  if (!obj.is_object()) {
    problems.push_back({base.empty() ? "/" : base, "a workload must be a JSON object"});
    return;
  }
  Scenario s;  // the input table's fields read and write a scenario's workload
  s.workload = std::move(w);
  Workload& job = s.workload;
  for (auto it = obj.begin(); it != obj.end(); ++it) {
    const std::string& key = it.key();
    const json& v = it.value();
    const std::string path = base + "/" + key;
    if (key == "preset") {
      if (v.is_string())
        job.preset = v.get<std::string>();
      else
        problems.push_back({path, "must be a preset id (text)"});
      continue;
    }
    if (key == "title") {
      if (!read_text(v, job.title)) problems.push_back({path, "must be text or {\"en\": ..., \"zh\": ...}"});
      continue;
    }
    if (key == "reference") {
      if (v.is_null()) {
        job.reference.reset();
        continue;
      }
      if (!v.is_object()) {
        problems.push_back({path, "must be {\"gpu\": ..., \"gpus\": N, \"hours\": T}"});
        continue;
      }
      ReferenceRun r = job.reference.value_or(ReferenceRun{});
      for (auto rt = v.begin(); rt != v.end(); ++rt) {
        const std::string rp = path + "/" + rt.key();
        if (rt.key() == "gpu" && rt.value().is_string())
          r.gpu = rt.value().get<std::string>();
        else if (rt.key() == "gpus" && rt.value().is_number_integer())
          r.gpu_count = rt.value().get<int>();
        else if (rt.key() == "hours" && rt.value().is_number())
          r.hours = rt.value().get<double>();
        else if (rt.key() == "gpu" || rt.key() == "gpus" || rt.key() == "hours")
          problems.push_back({rp, rt.key() == "gpu" ? "must be a GPU name" : "must be a number"});
        else
          problems.push_back({rp, "unknown field (expected gpu, gpus, hours)"});
      }
      job.reference = r;
      continue;
    }
    const InputField* f = json_field(key);
    if (!f) {
      problems.push_back({path, "unknown field"});
      continue;
    }
    if (!read_value(*f, v, s))
      problems.push_back({path, textual(*f) && v.is_string()
                                    ? "unknown " + key + " '" + v.get<std::string>() + "'"
                                    : "must be " + kind_word(*f)});
  }
  w = std::move(s.workload);
  // CNN/diffusion per-sample figures are for the image size stated with them; a later image_px scales them.
  // An explicit per_sample_px (0 included: "the figures follow image_px", as workload_to_json writes it)
  // is kept, so a written workload reads back the same.
  if (w.per_sample_px == 0 && w.image_px > 0 && !obj.contains("per_sample_px") &&
      (obj.contains("activation_mib_per_sample") || obj.contains("gflops_per_sample")))
    w.per_sample_px = w.image_px;
}

ojson text_json(const Text& t) {
  ojson o;
  o["en"] = t.en;
  o["zh"] = t.zh;
  return o;
}

}  // namespace

namespace {

WorkloadLoad read_workload_text(std::string_view json_text, const Workload& base, bool validate) {
  WorkloadLoad out;
  if (json_text.size() > kMaxWorkloadBytes) {
    out.problems.push_back({"/", "the workload file is " + std::to_string(json_text.size() >> 10) +
                                     " KiB; a workload is at most 1024 KiB"});
    return out;
  }
  json doc = json::parse(json_text.begin(), json_text.end(), nullptr, false);
  if (doc.is_discarded()) {
    out.problems.push_back({"/", "not valid JSON"});
    return out;
  }
  Workload w = base;
  read_workload(doc, w, "", out.problems);
  if (!out.problems.empty()) return out;
  if (!validate) {
    out.workload = w;
    return out;
  }
  // Range problems point at the JSON key they came from.
  for (Problem& p : validate_workload(w)) out.problems.push_back({"/" + p.path, p.message});
  if (out.problems.empty()) out.workload = w;
  return out;
}

}  // namespace

WorkloadLoad workload_from_json(std::string_view json_text, const Workload& base) {
  return read_workload_text(json_text, base, true);
}

WorkloadLoad workload_delta_from_json(std::string_view json_text, const Workload& base) {
  return read_workload_text(json_text, base, false);
}

std::string workload_to_json(const Workload& w) {
  ojson o;
  if (!w.preset.empty()) o["preset"] = w.preset;
  if (!w.title.empty()) o["title"] = text_json(w.title);
  Scenario s, defaults;
  s.workload = w;
  auto differs = [&](const InputField& f) { return input_text(f, s) != input_text(f, defaults); };
  for (const JsonKey& k : kWriteOrder)
    if (const InputField* f = json_field(k.name))
      if (!k.when_set || differs(*f)) write_value(*f, s, o);
  for (const InputField& f : input_fields())
    if (f.workload && !own_shape(f) && !o.contains(f.name) && differs(f)) write_value(f, s, o);
  if (w.reference) {
    ojson r;
    r["gpu"] = w.reference->gpu;
    r["gpus"] = w.reference->gpu_count;
    r["hours"] = w.reference->hours;
    o["reference"] = r;
  }
  return o.dump(2);
}

PresetLoad load_presets(std::string_view json_text) {
  PresetLoad out;
  json doc = json::parse(json_text.begin(), json_text.end(), nullptr, false);
  if (doc.is_discarded() || !doc.is_object() || !doc.contains("presets") || !doc["presets"].is_array()) {
    out.problems.push_back({"/presets", "expected an object with a \"presets\" array"});
    return out;
  }
  const json& arr = doc["presets"];
  for (std::size_t i = 0; i < arr.size(); ++i) {
    const std::string base = "/presets/" + std::to_string(i);
    const json& p = arr[i];
    if (!p.is_object()) {
      out.problems.push_back({base, "a preset must be an object"});
      continue;
    }
    Preset preset;
    const std::size_t before = out.problems.size();
    for (auto it = p.begin(); it != p.end(); ++it) {
      const std::string path = base + "/" + it.key();
      const json& v = it.value();
      if (it.key() == "id" && v.is_string())
        preset.id = v.get<std::string>();
      else if (it.key() == "group" && v.is_string())
        preset.group = v.get<std::string>();
      else if (it.key() == "title") {
        if (!read_text(v, preset.title)) out.problems.push_back({path, "must be {\"en\": ..., \"zh\": ...}"});
      } else if (it.key() == "guide") {
        if (!read_text(v, preset.guide)) out.problems.push_back({path, "must be {\"en\": ..., \"zh\": ...}"});
      } else if (it.key() == "models" && v.is_array()) {
        for (const json& m : v)
          if (m.is_string())
            preset.models.push_back(m.get<std::string>());
          else
            out.problems.push_back({path, "model names must be text"});
      } else if (it.key() == "workload") {
        read_workload(v, preset.workload, path, out.problems);
      } else {
        out.problems.push_back({path, "unknown or mistyped field"});
      }
    }
    if (preset.id.empty()) out.problems.push_back({base + "/id", "a preset needs an id"});
    if (find_preset(out.presets, preset.id))
      out.problems.push_back({base + "/id", "duplicate preset id '" + preset.id + "'"});
    preset.workload.preset = preset.id;
    if (preset.workload.title.empty()) preset.workload.title = preset.title;
    if (out.problems.size() == before)
      for (Problem& pr : validate_workload(preset.workload))
        out.problems.push_back({base + "/workload/" + pr.path, pr.message});
    if (out.problems.size() == before) out.presets.push_back(std::move(preset));
  }
  return out;
}

const Preset* find_preset(const std::vector<Preset>& presets, std::string_view id) {
  for (const Preset& p : presets)
    if (p.id == id) return &p;
  return nullptr;
}

const Preset* find_preset_by_model(const std::vector<Preset>& presets, std::string_view model_name) {
  auto squash = [](std::string_view s) {
    std::string o;
    for (unsigned char c : s)
      if (std::isalnum(c)) o += static_cast<char>(std::tolower(c));
    return o;
  };
  const std::string hay = squash(model_name);
  const Preset* best = nullptr;
  std::size_t best_len = 0;
  // The longest matching model name wins, so "BERT-large" is not taken for "BERT".
  for (const Preset& p : presets)
    for (const std::string& m : p.models) {
      const std::string needle = squash(m);
      if (!needle.empty() && hay.find(needle) != std::string::npos && needle.size() > best_len) {
        best = &p;
        best_len = needle.size();
      }
    }
  return best;
}

}  // namespace gw
