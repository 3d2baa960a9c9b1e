#pragma once
// Workload flags shared by `estimate` and `recommend`: --workload FILE or --preset NAME, then one
// override flag per workload field (--params 340M --layers 24 ... --tokens 2048).
#include <map>
#include <string>
#include <vector>

#include "cli/cli.hpp"
#include "engine/workload.hpp"

namespace gw::cli {

struct WorkloadFlags {
  std::string workload_file;
  std::string preset;
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
  bool any() const { return !workload_file.empty() || !preset.empty() || any_field(); }
};

// Adds --workload, --preset and every field flag to `cmd`; `flags` must outlive parsing.
void add_workload_flags(CLI::App* cmd, WorkloadFlags& flags);

// Preset (or the file's "preset"), then the file, then every given flag, then validation.
// Errors are one line naming the flag (Exit kUsage) or the file and JSON path (Exit kBadInput).
Workload resolve_workload(const WorkloadFlags& flags, const std::vector<Preset>& presets);

// One line per preset: id, group and title, for --list-presets.
std::string preset_listing(const std::vector<Preset>& presets, Lang lang);

}  // namespace gw::cli
