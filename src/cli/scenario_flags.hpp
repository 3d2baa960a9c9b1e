#pragma once
// Constraint flags shared by `recommend` and `link encode`, and --link replay.
// The workload half comes from workload_flags.hpp; this file adds budget, deadline, goal and the bill inputs.
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "cli/cli.hpp"
#include "engine/link.hpp"
#include "engine/scenario.hpp"

namespace gw::cli {

// One flag per constraint field of the input table (engine/input.hpp): names, help and ranges come from it.
struct ScenarioFlags {
  std::map<std::string, std::vector<std::string>> given;  // flag -> values, in order ("1" for a switch)
  std::string link;                                       // a share link (whole URL or fragment) to replay
  CLI::Option* link_option = nullptr;
};

void add_scenario_flags(CLI::App* cmd, ScenarioFlags& flags);

// One CLI flag per input-table field of the job (workload = true) or the constraints, collecting the
// values given into `given` (which must outlive parsing), and applying them: each value is read by the
// table's parser and refused (Exit kUsage, naming the flag) when bad or out of range.
void add_field_flags(CLI::App* cmd, std::map<std::string, std::vector<std::string>>& given, bool workload,
                     const char* group, std::vector<std::string> skip = {});
void apply_field_flags(const std::map<std::string, std::vector<std::string>>& given, bool workload,
                       Scenario& s);

// Applies every given constraint flag onto `c` (currency from the global --currency when set).
// Throws Exit(kUsage) naming the flag on a bad value.
void apply_scenario_flags(const ScenarioFlags& flags, const Context& ctx, Constraints& c);

// Decodes --link against the bundled presets; prints its notices to stderr in `lang`. Exit(kUsage) when
// unusable.
LinkDecode decode_link_flag(const ScenarioFlags& flags, const std::vector<Preset>& presets,
                            const Catalog& catalog, Lang lang);

// The presets bundled in data/presets.json (exit 3 if they fail to load - a build defect).
const std::vector<Preset>& bundled_presets();

}  // namespace gw::cli
