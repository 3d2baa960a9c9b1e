#pragma once
// The model library (data/models.json, schema in data/README.md and notes/models-schema.md): models by
// name, each with its published shape, parameter count, licence and source. A workload is a model plus a
// task: apply_model() lays the model's shape under the task's fields.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "text.hpp"
#include "workload.hpp"

namespace gw {

struct ModelSource {
  std::string url;
  std::string date;  // YYYY-MM-DD: the config/card revision, or the day the page was read
  std::string note;  // optional: where a figure came from when not the url
};

// What a library model is; model_kind_info() is the one table (the library's JSON word, the label, and
// the bundled preset whose task suits it).
enum class ModelKind {
  llm,
  moe_llm,
  vlm,
  encoder,
  encoder_decoder,
  speech,
  vision,
  cnn,
  detector,
  diffusion_unet,
  dit
};
inline constexpr int kModelKinds = 11;
struct ModelKindInfo {
  ModelKind kind;
  const char* key;          // data/models.json's word: "moe-llm"
  Text label;               // {"MoE LLM", "MoE 大语言模型"}
  const char* task_preset;  // the preset a link naming only the model starts from: "lora-7b"
};
const ModelKindInfo& model_kind_info(ModelKind);
std::string_view to_string(ModelKind);

struct ModelEntry {
  std::string id;  // "qwen2.5-7b": lowercase [a-z0-9.-]
  Text name;       // "Qwen2.5-7B" / "通义千问 Qwen2.5-7B"
  std::string family;
  std::vector<std::string> aliases;  // Hugging Face repo ids and common spellings, for search
  ModelKind kind = ModelKind::llm;
  double params_published = 0;         // the model card's or paper's count
  double params_active_published = 0;  // MoE: per token; 0 = dense or not stated
  std::string params_text;             // the published count as written ("7.61B")
  std::string params_active_text;
  double max_context_tokens = 0;  // 0 = not applicable or not stated
  std::string licence;
  ModelSource source;
  std::string workload_json;  // the shape block as JSON text: workload JSON keys only (workload_json.cpp)
  Workload shape;             // that block over an empty Workload (listing, search, tests)
};

struct ModelLibrary {
  int schema_version = 0;
  std::string library_date;
  std::vector<ModelEntry> models;
  const ModelEntry* find(std::string_view id) const;  // exact id, case-insensitive
};

struct ModelLibraryLoad {
  ModelLibrary library;           // the entries that passed every check
  std::vector<Problem> problems;  // paths such as "models[3].source.date"; empty = all good
};

// The library is a few hundred KB at most; larger text is refused before parsing.
inline constexpr std::size_t kMaxModelLibraryBytes = 4u << 20;
// Strict: an entry with an unknown key, a wrong type, no id, licence, source.url or source.date, or a
// shape block the workload reader refuses is left out with a Problem naming its JSON path.
ModelLibraryLoad load_models(std::string_view json_text);

// Workload JSON keys a library entry's "workload" block may hold: the model's shape, never the task's
// (mode, batch, seq, precision, epochs belong to the job).
bool is_model_shape_key(std::string_view key);

struct ModelMatch {
  const ModelEntry* model = nullptr;
  double score = 0;
};
// Ranked search over id, names (en and zh), aliases and family. Every word of the query must match
// ("qwen 7", "Qwen2.5 7B", "通义 7B", "llama3 8b"): case and punctuation are ignored, letters and numbers
// split ("llama3" = "llama 3"), a size matches with or without its B ("7" = "7b", not "72b"), a version
// with or without its dot ("31" = "3.1") and a shorter version its longer ones ("3" finds 3.1). Best
// first; ties keep library order. An empty query lists the whole library.
std::vector<ModelMatch> find_models(const ModelLibrary& library, std::string_view query,
                                    std::size_t max_results = 0);
// Ids closest to a mistyped one (search first, then edit distance), at most `n`, for "did you mean".
std::vector<std::string> closest_model_ids(const ModelLibrary& library, std::string_view typed,
                                           std::size_t n = 3);

// `w` with every model-shape field (is_model_shape_key) back at its default, the task's fields kept: what a
// new model's shape is laid over, so nothing of the previous model's shape survives.
Workload clear_model_shape(const Workload& w);

// Replaces the shape of `w` by the model's (clear_model_shape, then the block read by the workload reader,
// so the one reader decides what each key means) and sets w.model; w.title becomes the model's name when it
// had none. The task's fields (mode, batch, seq, precision...) are left as they were. Returns the reader's
// problems (then `w` is unchanged).
std::vector<Problem> apply_model(Workload& w, const ModelEntry& model);

// Presets as tasks over library models: a preset whose workload names a "model" gets that model's shape
// block under its own keys (the preset's keys win, so a task may set its image size), then load_presets
// reads the result. A model the library lacks is a Problem at /presets/i/workload/model. With no preset
// naming a model this is load_presets itself.
PresetLoad load_presets_with_models(std::string_view presets_json, const ModelLibrary& library);

}  // namespace gw
