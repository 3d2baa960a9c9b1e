#pragma once
// Workload flags shared by `estimate` and `recommend`: --model ID (the model library, data/models.json) or
// --hf-config FILE (a Hugging Face config.json), --workload FILE or --preset NAME, then one override flag
// per workload field (--params 340M --layers 24 ... --tokens 2048).
#include <map>
#include <string>
#include <vector>

#include "cli/cli.hpp"
#include "engine/models.hpp"
#include "engine/workload.hpp"

namespace gw::cli {

struct WorkloadFlags {
  std::string workload_file;
  std::string preset;
  std::string model;      // --model ID: a library model's shape under the task
  std::string hf_config;  // --hf-config FILE: a config.json's shape under the task
  std::string list_models_filter;
  CLI::Option* list_presets = nullptr;  // --list-presets: every command with workload flags has it
  CLI::Option* list_models = nullptr;   // --list-models [FILTER], when the command offers it
  Context* ctx = nullptr;               // the language of the listing
  // flag ("--batch") -> the values given, in order ("1"/"0" for a switch and its --no- form)
  std::map<std::string, std::vector<std::string>> given;
  bool given_flag(const std::string& flag) const {
    const auto it = given.find(flag);
    return it != given.end() && !it->second.empty();
  }
  bool any_field() const {
    for (const auto& [flag, values] : given)
      if (!values.empty()) return true;
    return false;
  }
  bool listing_presets() const { return list_presets && list_presets->count() > 0; }
  bool listing() const { return listing_presets() || (list_models && list_models->count() > 0); }
  bool any() const {
    return !workload_file.empty() || !preset.empty() || !model.empty() || !hf_config.empty() || listing() ||
           any_field();
  }
};

// Adds --workload, --preset, --list-presets, --model, --hf-config and every field flag to `cmd`; `flags`
// must outlive parsing. Given the context, also --list-models [FILTER]; both lists are printed by
// resolve_workload, in the context's language (English without one).
void add_workload_flags(CLI::App* cmd, WorkloadFlags& flags);
void add_workload_flags(CLI::App* cmd, WorkloadFlags& flags, Context& ctx);

// Preset (or the file's "preset"), then the model's or config's shape (--model, --hf-config), then the
// file, then every given flag, then validation. --model or --hf-config without a preset or a file takes
// its task (data, sequence, batch, epochs) from the first preset of the same mode and architecture.
// Errors are one line naming the flag (Exit kUsage) or the file and JSON path (Exit kBadInput);
// --list-presets prints the presets, --list-models the library, and stops (Exit kOk).
Workload resolve_workload(const WorkloadFlags& flags, const std::vector<Preset>& presets);

// The bundled model library (data/models.json), loaded once.
const ModelLibrary& bundled_models();
// The library (or the models matching `filter`) as a table: id, name, params, context, licence.
std::string model_listing(const ModelLibrary& library, const std::string& filter, Lang lang,
                          Format format = Format::table);

// One line per preset: id, group and title, for --list-presets.
std::string preset_listing(const std::vector<Preset>& presets, Lang lang);

}  // namespace gw::cli
