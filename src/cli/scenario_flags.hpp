#pragma once
// Constraint flags shared by `recommend` and `link encode`, and --link replay.
// The workload half comes from workload_flags.hpp; this file adds budget, deadline, goal and the bill inputs.
#include <optional>
#include <string>
#include <vector>

#include "cli/cli.hpp"
#include "engine/link.hpp"
#include "engine/scenario.hpp"

namespace gw::cli {

struct ScenarioFlags {
  std::string budget, deadline, goal, spot, providers, exclude, usd_cny, cards;
  bool student = false, new_user = false, internal = false;
  std::string setup_hours, idle_hours, disk, storage_months, dataset, upload_mbps, egress, extras;
  std::string interruptions, checkpoint_write, checkpoint_interval, restart, seed;
  std::string link;                   // a share link (whole URL or fragment) to replay
  std::vector<CLI::Option*> options;  // to know which were given explicitly
  CLI::Option* link_option = nullptr;
};

void add_scenario_flags(CLI::App* cmd, ScenarioFlags& flags);

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
