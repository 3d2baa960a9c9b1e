// Workload flags: one per field of the input table (engine/input.hpp), applied over a preset or a
// workload file, then validated.
#include "cli/workload_flags.hpp"

#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>

#include "cli/scenario_flags.hpp"
#include "engine/input.hpp"

namespace gw::cli {

void add_workload_flags(CLI::App* cmd, WorkloadFlags& f) {
  cmd->add_option("--workload", f.workload_file,
                  "Workload JSON file (data/README.md, 'Workload format'); - = stdin")
      ->group("Workload");
  cmd->add_option("--preset", f.preset, "Start from a preset (--list-presets shows them)")->group("Workload");
  add_field_flags(cmd, f.given, true, "Workload fields");
}

Workload resolve_workload(const WorkloadFlags& f, const std::vector<Preset>& presets) {
  if (!f.any())
    throw Exit(kUsage, "give --preset NAME or --workload FILE (--list-presets shows the presets)",
               "请给出 --preset NAME 或 --workload FILE（--list-presets 列出预设）");
  std::string preset_id = f.preset;
  std::string text;
  if (!f.workload_file.empty()) {
    text = read_input(f.workload_file);
    const nlohmann::json doc = nlohmann::json::parse(text, nullptr, false);
    if (preset_id.empty() && doc.is_object() && doc.contains("preset") && doc["preset"].is_string())
      preset_id = doc["preset"].get<std::string>();
  }
  Scenario s;
  Workload& w = s.workload;
  if (!preset_id.empty()) {
    const Preset* p = find_preset(presets, preset_id);
    if (!p) {
      const std::string where = f.preset.empty() ? f.workload_file + ": /preset" : "--preset";
      throw Exit(f.preset.empty() ? kBadInput : kUsage,
                 where + ": unknown preset '" + preset_id + "' (--list-presets shows them)",
                 where + "：未知预设 '" + preset_id + "'（--list-presets 列出预设）");
    }
    w = p->workload;
  }
  if (!f.workload_file.empty()) {
    const WorkloadLoad load = workload_from_json(text, w);
    if (!load.workload) {
      const Problem& p = load.problems.front();
      throw problem_exit(kBadInput, f.workload_file, "工作负载", p.path, p.message);
    }
    w = *load.workload;
  }
  apply_field_flags(f.given, true, s);
  // Quantized inference stores 8- or 4-bit weights unless --weights-bits says otherwise.
  if (f.given_flag("--precision") && !f.given_flag("--weights-bits")) {
    if (w.precision == Precision::int8) w.weight_bits = 8;
    if (w.precision == Precision::int4) w.weight_bits = 4;
  }
  const std::vector<Problem> problems = validate_workload(w);
  if (!problems.empty()) {
    const Problem& p = problems.front();
    const InputField* field = find_input(p.path);
    const std::string flag = field && *field->flag ? field->flag : "--" + p.path;
    if (!f.given_flag(flag) && !f.workload_file.empty() && !f.any_field())
      throw problem_exit(kBadInput, f.workload_file, "工作负载", "/" + p.path, p.message);
    throw problem_exit(kUsage, "", "参数", flag, p.message);
  }
  return w;
}

std::string preset_listing(const std::vector<Preset>& presets, Lang lang) {
  std::string out;
  std::size_t width = 0;
  for (const Preset& p : presets) width = std::max(width, p.id.size());
  for (const Preset& p : presets) {
    out += p.id + std::string(width - p.id.size() + 2, ' ') + p.group +
           std::string(p.group.size() < 8 ? 8 - p.group.size() : 1, ' ') + p.title.in(lang) + "\n";
  }
  return out;
}

}  // namespace gw::cli
