// Workload JSON (documented in data/README.md, "Workload format") and the bundled presets.
#include <cctype>
#include <cmath>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>

#include "engine/workload.hpp"

namespace gw {

namespace {

using json = nlohmann::json;
using ojson = nlohmann::ordered_json;

enum class Kind { count, integer, number, boolean, text };

// One flat JSON key per workload field; keys double as the field names in validation problems.
struct Field {
  const char* key;
  Kind kind;
  std::function<void(Workload&, double)> set_num;  // count, integer, number, boolean (0/1)
  std::function<double(const Workload&)> get_num;
  std::function<bool(Workload&, const std::string&)> set_text;  // enums
  std::function<std::string(const Workload&)> get_text;
  bool omit_default = false;  // written only when set (the model-shape fields), so older files read the same
};

#define GW_NUM(key, kind, member)                                                            \
  Field {                                                                                    \
    key, kind, [](Workload& w, double v) { w.member = static_cast<decltype(w.member)>(v); }, \
        [](const Workload& w) { return static_cast<double>(w.member); }, nullptr, nullptr    \
  }
#define GW_ENUM(key, member, parser)                                           \
  Field {                                                                      \
    key, Kind::text, nullptr, nullptr,                                         \
        [](Workload& w, const std::string& s) { return parser(s, w.member); }, \
        [](const Workload& w) { return std::string(to_string(w.member)); }     \
  }

#define GW_SHAPE(key, kind, member)                                                             \
  Field {                                                                                       \
    key, kind, [](Workload& w, double v) { w.member = static_cast<decltype(w.member)>(v); },    \
        [](const Workload& w) { return static_cast<double>(w.member); }, nullptr, nullptr, true \
  }

const std::vector<Field>& fields() {
  static const std::vector<Field> table = {
      GW_ENUM("mode", mode, parse_mode),
      GW_ENUM("arch", arch, parse_arch),
      GW_NUM("params", Kind::count, params),
      GW_NUM("layers", Kind::integer, layers),
      GW_NUM("hidden", Kind::integer, hidden),
      GW_NUM("heads", Kind::integer, heads),
      GW_NUM("kv_heads", Kind::integer, kv_heads),
      GW_NUM("vocab", Kind::integer, vocab),
      Field{"model", Kind::text, nullptr, nullptr,
            [](Workload& w, const std::string& s) {
              w.model = s;
              return true;
            },
            [](const Workload& w) { return w.model; }, true},
      GW_SHAPE("intermediate", Kind::integer, intermediate),
      GW_SHAPE("head_dim", Kind::integer, head_dim),
      GW_SHAPE("tied_embeddings", Kind::boolean, tied_embeddings),
      GW_SHAPE("ffn_matrices", Kind::integer, ffn_matrices),
      GW_SHAPE("decoder_layers", Kind::integer, decoder_layers),
      GW_SHAPE("experts", Kind::integer, experts),
      GW_SHAPE("experts_active", Kind::integer, experts_active),
      GW_SHAPE("shared_experts", Kind::integer, shared_experts),
      GW_SHAPE("expert_intermediate", Kind::integer, expert_intermediate),
      GW_SHAPE("dense_layers", Kind::integer, dense_layers),
      GW_SHAPE("kv_lora_rank", Kind::integer, kv_lora_rank),
      GW_SHAPE("q_lora_rank", Kind::integer, q_lora_rank),
      GW_SHAPE("rope_head_dim", Kind::integer, rope_head_dim),
      GW_SHAPE("patch_px", Kind::integer, patch_px),
      GW_SHAPE("audio_seconds", Kind::number, audio_seconds),
      GW_SHAPE("mel_bins", Kind::integer, mel_bins),
      GW_SHAPE("frozen_params", Kind::count, frozen_params),
      GW_SHAPE("frames", Kind::integer, frames),
      GW_SHAPE("sampling_steps", Kind::integer, sampling_steps),
      GW_SHAPE("cfg", Kind::boolean, cfg),
      GW_SHAPE("offload_optimizer", Kind::boolean, offload_optimizer),
      GW_NUM("activation_mib_per_sample", Kind::number, activation_mib_per_sample),
      GW_NUM("gflops_per_sample", Kind::number, gflops_per_sample),
      GW_NUM("bytes_per_sample_mib", Kind::number, bytes_per_sample_mib),
      GW_NUM("working_set_gib", Kind::number, working_set_gib),
      GW_NUM("batch", Kind::integer, micro_batch),
      GW_NUM("grad_accum", Kind::integer, grad_accum),
      GW_NUM("seq", Kind::integer, seq_len),
      GW_NUM("image_px", Kind::integer, image_px),
      GW_NUM("per_sample_px", Kind::integer, per_sample_px),
      GW_ENUM("precision", precision, parse_precision),
      GW_ENUM("optimizer", optimizer, parse_optimizer),
      GW_NUM("checkpointing", Kind::boolean, checkpointing),
      GW_NUM("fused_attention", Kind::boolean, fused_attention),
      GW_NUM("fp16_accumulate", Kind::boolean, fp16_accumulate),
      GW_NUM("weight_bits", Kind::number, weight_bits),
      GW_NUM("lora_rank", Kind::integer, lora_rank),
      GW_NUM("samples", Kind::count, dataset_samples),
      GW_NUM("epochs", Kind::number, epochs),
      GW_NUM("tokens", Kind::count, tokens),
      GW_NUM("inference_batch", Kind::number, inference_batch),
      GW_NUM("context", Kind::count, context_tokens),
      GW_NUM("compute_hours_fp32_ref", Kind::number, compute_hours_fp32_ref),
      GW_NUM("data_loading", Kind::number, data_loading_share),
      GW_ENUM("bound", bound, parse_bound),
      GW_NUM("needs_fp64", Kind::boolean, needs_fp64),
  };
  return table;
}
#undef GW_NUM
#undef GW_ENUM
#undef GW_SHAPE

std::string kind_word(Kind k) {
  switch (k) {
    case Kind::count:
      return "a number or a count such as \"340M\"";
    case Kind::integer:
      return "a whole number";
    case Kind::number:
      return "a number";
    case Kind::boolean:
      return "true or false";
    case Kind::text:
      return "a name";
  }
  return "a value";
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
  for (auto it = obj.begin(); it != obj.end(); ++it) {
    const std::string& key = it.key();
    const json& v = it.value();
    const std::string path = base + "/" + key;
    if (key == "preset") {
      if (v.is_string())
        w.preset = v.get<std::string>();
      else
        problems.push_back({path, "must be a preset id (text)"});
      continue;
    }
    if (key == "title") {
      if (!read_text(v, w.title)) problems.push_back({path, "must be text or {\"en\": ..., \"zh\": ...}"});
      continue;
    }
    if (key == "reference") {
      if (v.is_null()) {
        w.reference.reset();
        continue;
      }
      if (!v.is_object()) {
        problems.push_back({path, "must be {\"gpu\": ..., \"gpus\": N, \"hours\": T}"});
        continue;
      }
      ReferenceRun r = w.reference.value_or(ReferenceRun{});
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
      w.reference = r;
      continue;
    }
    const Field* f = nullptr;
    for (const Field& c : fields())
      if (key == c.key) f = &c;
    if (!f) {
      problems.push_back({path, "unknown field"});
      continue;
    }
    const std::string want = "must be " + kind_word(f->kind);
    switch (f->kind) {
      case Kind::text: {
        if (!v.is_string() || !f->set_text(w, v.get<std::string>()))
          problems.push_back(
              {path, v.is_string() ? "unknown " + key + " '" + v.get<std::string>() + "'" : want});
        break;
      }
      case Kind::boolean:
        if (v.is_boolean())
          f->set_num(w, v.get<bool>() ? 1 : 0);
        else
          problems.push_back({path, want});
        break;
      case Kind::count:
      case Kind::integer:
      case Kind::number: {
        double d = 0;
        bool ok = false;
        if (v.is_number()) {
          d = v.get<double>();
          ok = std::isfinite(d);
        } else if (v.is_string() && f->kind != Kind::number) {
          ok = parse_count_text(v.get<std::string>(), d);
        }
        if (ok && f->kind == Kind::integer && (d != std::floor(d) || std::fabs(d) > 2e9)) ok = false;
        if (ok)
          f->set_num(w, d);
        else
          problems.push_back({path, want});
        break;
      }
    }
  }
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
  for (const Field& f : fields()) {
    if (f.omit_default && (f.kind == Kind::text ? f.get_text(w).empty() : f.get_num(w) == 0)) continue;
    switch (f.kind) {
      case Kind::text:
        o[f.key] = f.get_text(w);
        break;
      case Kind::boolean:
        o[f.key] = f.get_num(w) != 0;
        break;
      case Kind::integer:
        o[f.key] = static_cast<long long>(f.get_num(w));
        break;
      default:
        o[f.key] = f.get_num(w);
        break;
    }
  }
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
