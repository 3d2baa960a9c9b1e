// gpuwise models [FILTER...]: the model library (data/models.json), searched like the page's picker;
// --library FILE checks and lists another library file (every problem, exit 3).
#include <iostream>

#include "cli/cli.hpp"
#include "cli/workload_flags.hpp"
#include "engine/input.hpp"

namespace gw::cli {
namespace {

void setup(CLI::App& root, Context& ctx) {
  static std::vector<std::string> words;
  static std::string format = "table", library_file;
  CLI::App* cmd = root.add_subcommand("models", "The model library: id, name, parameters, context, licence");
  cmd->add_option("filter", words, "Only the models matching these words ('qwen 7', 'llama3 8b', '通义 7B')")
      ->type_name("FILTER");
  cmd->add_option("--library", library_file,
                  "Check and list this model library file instead of the bundled one (- = stdin)")
      ->type_name("FILE");
  add_format_option(cmd, format, {"table", "json", "csv", "md"});
  cmd->footer(
      "\nExamples:\n  gpuwise models qwen\n  gpuwise models llama3 8b --format json\n"
      "  gpuwise recommend --model qwen2.5-7b --mode lora --budget 200 --deadline 3d");
  cmd->callback([&ctx] {
    std::string filter;
    for (const std::string& w : words) filter += (filter.empty() ? "" : " ") + w;
    ModelLibraryLoad own;
    if (!library_file.empty()) {
      own = load_models(read_input(library_file));
      if (!own.problems.empty())
        throw problems_exit(kBadInput, library_file + ": the model library has problems:",
                            library_file + "：模型库有问题：", own.problems);
    }
    const ModelLibrary& lib = library_file.empty() ? bundled_models() : own.library;
    if (!filter.empty() && find_models(lib, filter).empty())
      throw Exit(kUsage, "models: no model matches '" + clean_text(filter, 60) + "'",
                 "models：没有与 '" + clean_text(filter, 60) + "' 匹配的模型");
    std::cout << model_listing(lib, filter, ctx.lang(), parse_format(format));
  });
}

CommandRegistrar reg(25, &setup);

}  // namespace
}  // namespace gw::cli
