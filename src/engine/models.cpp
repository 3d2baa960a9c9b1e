// The model library: strict loading of data/models.json and applying an entry to a workload (models.hpp).
// Search lives in models_search.cpp.
#include "engine/models.hpp"

#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>

#include "engine/kinds.hpp"

namespace gw {

namespace {

using json = nlohmann::json;

// Indexed by ModelKind (test_kinds checks the order). A link naming a model but no preset starts from the
// kind's task: fine-tune a language model with LoRA, generate images with a diffusion model, fine-tune an
// encoder (BERT's task, also for T5 and Whisper), train a detector or a vision model.
const ModelKindInfo kModelKindTable[kModelKinds] = {
    {ModelKind::llm, "llm", {"LLM", "大语言模型"}, "lora-7b"},
    {ModelKind::moe_llm, "moe-llm", {"MoE LLM", "MoE 大语言模型"}, "lora-7b"},
    {ModelKind::vlm, "vlm", {"Vision-language", "视觉语言模型"}, "lora-7b"},
    {ModelKind::encoder, "encoder", {"Encoder", "编码器"}, "bert-base-finetune"},
    {ModelKind::encoder_decoder,
     "encoder-decoder",
     {"Encoder-decoder", "编码器-解码器"},
     "bert-base-finetune"},
    {ModelKind::speech, "speech", {"Speech", "语音"}, "bert-base-finetune"},
    {ModelKind::vision, "vision", {"Vision", "视觉"}, "resnet50-train"},
    {ModelKind::cnn, "cnn", {"CNN", "卷积网络"}, "resnet50-train"},
    {ModelKind::detector, "detector", {"Detector", "目标检测"}, "yolo-detect-train"},
    {ModelKind::diffusion_unet, "diffusion-unet", {"Diffusion (UNet)", "扩散（UNet）"}, "sd15-inference"},
    {ModelKind::dit, "dit", {"Diffusion (DiT)", "扩散（DiT）"}, "sd15-inference"},
};

const char* const kShapeKeys[] = {
    "arch",
    "params",
    "layers",
    "hidden",
    "heads",
    "kv_heads",
    "vocab",
    "intermediate",
    "head_dim",
    "tied_embeddings",
    "ffn_matrices",
    "decoder_layers",
    "experts",
    "experts_active",
    "shared_experts",
    "expert_intermediate",
    "dense_layers",
    "kv_lora_rank",
    "q_lora_rank",
    "rope_head_dim",
    "patch_px",
    "audio_seconds",
    "mel_bins",
    "embedding_size",
    "distinct_layers",
    "frozen_params",
    "image_px",
    "per_sample_px",
    "gflops_per_sample",
    "activation_mib_per_sample",
    "bytes_per_sample_mib",
    "sampling_steps",
    "cfg",
};

bool lower_id_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '.' || c == '-';
}

std::string lower(std::string_view s) {
  std::string o(s);
  for (char& c : o)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return o;
}

// True when the UTF-8 text holds a CJK character (U+2E80 and up): English text must not.
bool has_cjk(std::string_view s) {
  for (std::size_t i = 0; i < s.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    if (c >= 0xF0) return true;  // beyond the BMP: CJK extensions, emoji
    if (c >= 0xE0 && i + 1 < s.size()) {
      const unsigned cp = ((c & 0x0Fu) << 12) | ((static_cast<unsigned char>(s[i + 1]) & 0x3Fu) << 6);
      if (cp >= 0x2E80) return true;
    }
  }
  return false;
}

bool valid_date(const std::string& d) {
  if (d.size() != 10 || d[4] != '-' || d[7] != '-') return false;
  for (std::size_t i : {0, 1, 2, 3, 5, 6, 8, 9})
    if (d[i] < '0' || d[i] > '9') return false;
  const int month = std::stoi(d.substr(5, 2)), day = std::stoi(d.substr(8, 2));
  return month >= 1 && month <= 12 && day >= 1 && day <= 31;
}

struct Reader {
  std::vector<Problem>& problems;
  void add(const std::string& path, const std::string& message) { problems.push_back({path, message}); }

  bool text(const json& v, const std::string& path, std::string& out, bool required_nonempty = true) {
    if (!v.is_string()) {
      add(path, "must be text");
      return false;
    }
    out = v.get<std::string>();
    if (required_nonempty && out.empty()) {
      add(path, "must not be empty");
      return false;
    }
    return true;
  }

  // "7.61B" or 7.61e9: a positive count below 1e15.
  bool count(const json& v, const std::string& path, double& out, std::string& as_text) {
    double d = 0;
    bool ok = false;
    if (v.is_number()) {
      d = v.get<double>();
      ok = true;
      as_text = json(v).dump();
    } else if (v.is_string()) {
      as_text = v.get<std::string>();
      ok = parse_count_text(as_text, d);
    }
    if (!ok || !std::isfinite(d) || d <= 0 || d >= 1e15) {
      add(path, "must be a parameter count such as \"7.61B\" or \"340M\"");
      return false;
    }
    out = d;
    return true;
  }

  void name(const json& v, const std::string& path, Text& out) {
    if (!v.is_object()) {
      add(path, "must be {\"en\": ..., \"zh\": ...}");
      return;
    }
    for (auto it = v.begin(); it != v.end(); ++it) {
      const std::string p = path + "." + it.key();
      if (it.key() == "en")
        text(it.value(), p, out.en);
      else if (it.key() == "zh")
        text(it.value(), p, out.zh);
      else
        add(p, "unknown key (expected en, zh)");
    }
    if (out.en.empty() && !v.contains("en")) add(path + ".en", "an entry needs an English name");
    if (has_cjk(out.en)) add(path + ".en", "the English name must not contain Chinese characters");
  }

  void source(const json& v, const std::string& path, ModelSource& out) {
    if (!v.is_object()) {
      add(path, "must be {\"url\": ..., \"date\": \"YYYY-MM-DD\"}");
      return;
    }
    for (auto it = v.begin(); it != v.end(); ++it) {
      const std::string p = path + "." + it.key();
      if (it.key() == "url") {
        if (text(it.value(), p, out.url) && out.url.rfind("https://", 0) != 0 &&
            out.url.rfind("http://", 0) != 0)
          add(p, "must be a web address (https://...)");
      } else if (it.key() == "date") {
        if (text(it.value(), p, out.date) && !valid_date(out.date)) add(p, "must be a date YYYY-MM-DD");
      } else if (it.key() == "note") {
        text(it.value(), p, out.note, false);
      } else {
        add(p, "unknown key (expected url, date, note)");
      }
    }
    if (!v.contains("url")) add(path + ".url", "every model needs the address its figures come from");
    if (!v.contains("date")) add(path + ".date", "every model needs the date of its source");
  }

  // The shape block: keys checked against the shape list, then read by the workload reader itself.
  void shape(const json& v, const std::string& path, ModelEntry& e) {
    if (!v.is_object()) {
      add(path, "must be an object of workload keys (data/README.md, 'Workload format')");
      return;
    }
    const std::size_t before = problems.size();
    for (auto it = v.begin(); it != v.end(); ++it)
      if (!is_model_shape_key(it.key()))
        add(path + "." + it.key(),
            "is not a shape key: a model's workload block holds only its shape "
            "(the task's mode, batch, seq, precision... belong to the job)");
    if (problems.size() != before) return;
    e.workload_json = v.dump();
    const WorkloadLoad load = workload_delta_from_json(e.workload_json, Workload{});
    for (const Problem& p : load.problems)
      add(path + (p.path == "/" ? "" : "." + p.path.substr(1)), p.message);
    if (!load.workload) return;
    e.shape = *load.workload;
    // The shape must make a job once a task is added: the checks between fields (heads divide hidden,
    // MoE active experts, a ViT's patch) run with a placeholder sequence length.
    Workload probe = e.shape;
    probe.seq_len = 512;
    for (const Problem& p : validate_workload(probe)) add(path + "." + p.path, p.message);
  }
};

void read_entry(const json& m, const std::string& base, Reader& r, ModelEntry& e) {
  for (auto it = m.begin(); it != m.end(); ++it) {
    const std::string& k = it.key();
    const json& v = it.value();
    const std::string p = base + "." + k;
    if (k == "id") {
      if (r.text(v, p, e.id) &&
          (e.id.size() > 64 || !std::all_of(e.id.begin(), e.id.end(), lower_id_char) || e.id.front() == '-'))
        r.add(p, "an id is at most 64 characters of a-z, 0-9, '.' and '-'");
    } else if (k == "name") {
      r.name(v, p, e.name);
    } else if (k == "family") {
      if (r.text(v, p, e.family) && !std::all_of(e.family.begin(), e.family.end(), lower_id_char))
        r.add(p, "a family is lowercase a-z, 0-9, '.' and '-'");
    } else if (k == "aliases") {
      if (!v.is_array()) {
        r.add(p, "must be a list of names");
        continue;
      }
      for (std::size_t i = 0; i < v.size(); ++i) {
        std::string a;
        if (r.text(v[i], p + "[" + std::to_string(i) + "]", a)) e.aliases.push_back(a);
      }
    } else if (k == "kind") {
      std::string word;
      if (r.text(v, p, word) && !kind_from_key(kModelKinds, &model_kind_info, word, e.kind)) {
        std::string list;
        for (const char* kind : kind_keys(kModelKinds, &model_kind_info))
          list += (list.empty() ? "" : ", ") + std::string(kind);
        r.add(p, "unknown kind '" + word + "' (expected " + list + ")");
      }
    } else if (k == "params_published") {
      r.count(v, p, e.params_published, e.params_text);
    } else if (k == "params_active_published") {
      r.count(v, p, e.params_active_published, e.params_active_text);
    } else if (k == "max_context") {
      if (!v.is_number_integer() || v.get<double>() < 1 || v.get<double>() > 1e9)
        r.add(p, "must be a whole number of tokens between 1 and 1e9");
      else
        e.max_context_tokens = v.get<double>();
    } else if (k == "licence") {
      r.text(v, p, e.licence);
    } else if (k == "source") {
      r.source(v, p, e.source);
    } else if (k == "workload") {
      r.shape(v, p, e);
    } else {
      r.add(p, "unknown key");
    }
  }
  for (const char* required : {"id", "name", "family", "kind", "licence", "source", "workload"})
    if (!m.contains(required))
      r.add(base + "." + required, std::string("every model needs ") +
                                       (std::string(required) == "source"    ? "a source (url and date)"
                                        : std::string(required) == "licence" ? "its licence"
                                                                             : "a " + std::string(required)));
  if (e.params_active_published > 0 && e.params_published > 0 &&
      e.params_active_published > e.params_published)
    r.add(base + ".params_active_published", "is larger than params_published");
}

}  // namespace

const ModelKindInfo& model_kind_info(ModelKind k) {
  return kind_entry(kModelKindTable, k);
}

std::string_view to_string(ModelKind k) {
  return model_kind_info(k).key;
}

bool is_model_shape_key(std::string_view key) {
  for (const char* k : kShapeKeys)
    if (key == k) return true;
  return false;
}

const ModelEntry* ModelLibrary::find(std::string_view id) const {
  const std::string want = lower(id);
  for (const ModelEntry& m : models)
    if (m.id == want) return &m;
  for (const ModelEntry& m : models)
    for (const std::string& a : m.aliases)
      if (lower(a) == want) return &m;
  return nullptr;
}

ModelLibraryLoad load_models(std::string_view json_text) {
  ModelLibraryLoad out;
  Reader r{out.problems};
  if (json_text.size() > kMaxModelLibraryBytes) {
    r.add("", "the model library is " + std::to_string(json_text.size() >> 10) + " KiB; at most " +
                  std::to_string(kMaxModelLibraryBytes >> 10) + " KiB is read");
    return out;
  }
  const json doc = json::parse(json_text.begin(), json_text.end(), nullptr, false);
  if (doc.is_discarded() || !doc.is_object()) {
    r.add("", "not a JSON object");
    return out;
  }
  for (auto it = doc.begin(); it != doc.end(); ++it) {
    const std::string& k = it.key();
    if (k == "schema_version") {
      if (!it.value().is_number_integer() || it.value().get<long long>() != 1)
        r.add(k, "this reader knows schema_version 1");
      else
        out.library.schema_version = 1;
    } else if (k == "library_date") {
      if (r.text(it.value(), k, out.library.library_date) && !valid_date(out.library.library_date))
        r.add(k, "must be a date YYYY-MM-DD");
    } else if (k != "models") {
      r.add(k, "unknown key (expected schema_version, library_date, models)");
    }
  }
  if (!doc.contains("models") || !doc["models"].is_array()) {
    r.add("models", "must be a list of models");
    return out;
  }
  const json& arr = doc["models"];
  for (std::size_t i = 0; i < arr.size(); ++i) {
    const std::string base = "models[" + std::to_string(i) + "]";
    if (!arr[i].is_object()) {
      r.add(base, "a model must be an object");
      continue;
    }
    const std::size_t before = out.problems.size();
    ModelEntry e;
    read_entry(arr[i], base, r, e);
    if (!e.id.empty() && out.library.find(e.id) && out.library.find(e.id)->id == e.id)
      r.add(base + ".id", "duplicate id '" + e.id + "'");
    if (out.problems.size() == before) out.library.models.push_back(std::move(e));
  }
  return out;
}

Workload clear_model_shape(const Workload& w) {
  // The defaults as workload JSON: the fields written only when set default to 0 (false for a switch).
  static const std::string defaults = [] {
    const json all = json::parse(workload_to_json(Workload{}));
    json o = json::object();
    for (const char* k : kShapeKeys)
      o[k] = all.contains(k)                                                  ? all.at(k)
             : std::string(k) == "tied_embeddings" || std::string(k) == "cfg" ? json(false)
                                                                              : json(0);
    return o.dump();
  }();
  const WorkloadLoad load = workload_delta_from_json(defaults, w);
  return load.workload ? *load.workload : w;
}

std::vector<Problem> apply_model(Workload& w, const ModelEntry& model) {
  const WorkloadLoad load = workload_delta_from_json(model.workload_json, clear_model_shape(w));
  if (!load.workload) return load.problems;
  const Text title = w.title;
  w = *load.workload;
  w.model = model.id;
  w.title = title.empty() ? model.name : title;
  return {};
}

PresetLoad load_presets_with_models(std::string_view presets_json, const ModelLibrary& library) {
  json doc = json::parse(presets_json.begin(), presets_json.end(), nullptr, false);
  if (doc.is_discarded() || !doc.is_object() || !doc.contains("presets") || !doc["presets"].is_array())
    return load_presets(presets_json);  // it says what is wrong
  std::vector<Problem> problems;
  json& arr = doc["presets"];
  for (std::size_t i = 0; i < arr.size(); ++i) {
    if (!arr[i].is_object() || !arr[i].contains("workload") || !arr[i]["workload"].is_object()) continue;
    json& w = arr[i]["workload"];
    if (!w.contains("model") || !w["model"].is_string()) continue;
    const std::string id = w["model"].get<std::string>();
    const ModelEntry* m = library.find(id);
    if (!m) {
      problems.push_back({"/presets/" + std::to_string(i) + "/workload/model",
                          "no model '" + id + "' in the model library"});
      continue;
    }
    json merged = json::parse(m->workload_json);
    for (auto it = w.begin(); it != w.end(); ++it) merged[it.key()] = it.value();
    merged["model"] = m->id;
    w = merged;
  }
  PresetLoad out = problems.empty() ? load_presets(doc.dump()) : PresetLoad{};
  out.problems.insert(out.problems.begin(), problems.begin(), problems.end());
  return out;
}

}  // namespace gw
