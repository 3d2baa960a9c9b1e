// Man-page touches applied to the whole command tree once every command has registered: each option's
// value is named by what it takes (FILE, DURATION, SIZE, AMOUNT ...) instead of CLI11's generic TEXT.
#include <map>
#include <string>

#include "cli/cli.hpp"

namespace gw::cli {
namespace {

const std::map<std::string, std::string>& value_types() {
  static const std::map<std::string, std::string> m = {
      {"--workload", "FILE"},
      {"--cases", "FILE"},
      {"--catalog", "FILE"},
      {"--catalog-version", "VERSION"},
      {"--output", "FILE"},
      {"--link", "URL"},
      {"--base", "URL"},
      {"--hours", "DURATION"},
      {"--deadline", "DURATION"},
      {"--hours-per-run", "DURATION"},
      {"--setup-hours", "DURATION"},
      {"--idle-hours", "DURATION"},
      {"--reference-hours", "DURATION"},
      {"--disk", "SIZE"},
      {"--dataset", "SIZE"},
      {"--egress", "SIZE"},
      {"--budget", "AMOUNT"},
      {"--price", "AMOUNT"},
      {"--hourly", "AMOUNT"},
      {"--card-price", "AMOUNT"},
      {"--server-price", "AMOUNT"},
      {"--host", "AMOUNT"},
      {"--extras", "AMOUNT"},
      {"--fixed", "AMOUNT"},
      {"--gpu", "GPU"},
      {"--reference-gpu", "GPU"},
      {"--offer", "OFFER"},
      {"--preset", "PRESET"},
      {"--credit", "PROGRAMME"},
      {"--providers", "IDS"},
      {"--exclude", "IDS"},
      {"--cards", "N[,N...]"},
      {"--usd-cny", "RATE"},
      {"--cuda", "VERSION"},
      {"--csv-columns", "COLUMNS"},
      {"--top", "N"},
      {"--people", "N"},
      {"--configs", "N"},
      {"--seeds", "N"},
      {"--parallel", "N"},
      {"--gpus", "N"},
      {"--seed", "N"},
      {"--reference-gpus", "N"},
      {"--params", "COUNT"},
      {"--samples", "COUNT"},
      {"--tokens", "COUNT"},
      {"--utilization", "FRACTION"},
      {"--derate", "FRACTION"},
      {"--resale", "FRACTION"},
      {"--goal", "cheapest|fastest|value"},
      {"--spot", "allow|deny|only"},
      {"--mode", "MODE"},
      {"--arch", "ARCH"},
      {"--precision", "PRECISION"},
      {"--optimizer", "OPTIMIZER"},
      {"--bound", "auto|compute|memory"},
      {"--lora-targets", "qv|all"},
  };
  return m;
}

void name_types(CLI::App* app) {
  for (CLI::Option* opt : app->get_options()) {
    if (opt->get_type_size() == 0) continue;  // flags take no value
    const std::string tn = opt->get_type_name();
    if (tn != "TEXT") continue;       // already named, or checked against a set that help shows
    if (opt->get_lnames().empty()) {  // a positional's own name (FILE, LINK) says what it is
      opt->type_name("");
      continue;
    }
    const auto it = value_types().find("--" + opt->get_lnames().front());
    opt->type_name(it != value_types().end() ? it->second : "NUMBER");
  }
  for (CLI::App* sub : app->get_subcommands({})) name_types(sub);
}

}  // namespace

void finish_help(CLI::App& root) {
  name_types(&root);
}

}  // namespace gw::cli
