// gpuwise: the native command line. Commands live one per file and register themselves.
#include <algorithm>
#include <cstdio>
#include <iostream>

#include "cli/cli.hpp"

int main(int argc, char** argv) {
  using namespace gw::cli;
  CLI::App app{
      "gpuwise (算力参谋): pick the cloud GPU, provider and pricing for one job, budget and deadline.\n"
      "Every estimate shows its formula, inputs and the date of the price it used.\n\n"
      "--lang, --currency and --catalog go before the command and apply to every command; --format\n"
      "table|json|csv|md is the same flag wherever a command offers it. table and md follow --lang;\n"
      "json and csv keys are stable English identifiers for scripts.\n\n"
      "Exit codes: 0 ok, 1 no offer satisfies the constraints (the output says why), 2 usage error,\n"
      "3 bad input file (the message names the file and the JSON path).",
      "gpuwise"};
  app.require_subcommand(1);
  app.footer(
      "\nExamples:\n"
      "  gpuwise recommend --preset bert-base-finetune --budget 300 --deadline 48h\n"
      "  gpuwise estimate --preset llama2-13b-int4 --gpu 3090 --gpu t4\n"
      "  gpuwise --lang zh guide scenarios\n"
      "  gpuwise diagnose nvidia-smi-q.txt --cuda 12.1\n"
      "  gpuwise link decode 'http://127.0.0.1:8080/#v=1&preset=bert-base-finetune&budget=300'\n\n"
      "Run 'gpuwise COMMAND --help' for each command's flags and examples.");
  app.set_version_flag("--version", "gpuwise 0.1.0");
  Context ctx;
  app.add_option("--lang", ctx.lang_flag, "Output language (default: from LANG)")
      ->type_name("zh|en")
      ->check(CLI::IsMember({"zh", "en"}).description(""))
      ->configurable(false);
  app.add_option("--currency", ctx.currency_flag, "Show money in CNY or USD (default: the command's own)")
      ->type_name("CNY|USD")
      ->transform(CLI::IsMember({"CNY", "USD"}, CLI::ignore_case).description(""));
  app.add_option("--catalog", ctx.catalog_path, "Use this catalog JSON instead of the bundled one (validated)")
      ->type_name("FILE");
  app.fallthrough();

  auto& registry = command_registry();
  std::sort(registry.begin(), registry.end(),
            [](const auto& a, const auto& b) { return a.first < b.first; });
  for (auto& [order, setup] : registry) setup(app, ctx);
  finish_help(app);

  // CLI11 would report a mistyped command as a missing one; name it instead.
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--lang" || arg == "--currency" || arg == "--catalog") {
      ++i;
      continue;
    }
    if (arg.empty() || arg[0] == '-') continue;
    std::string names;
    bool known = false;
    for (const CLI::App* sub : app.get_subcommands({})) {
      names += (names.empty() ? "" : ", ") + sub->get_name();
      known = known || sub->check_name(arg);
    }
    if (!known) {
      std::fprintf(stderr, "gpuwise: unknown command '%s'\nCommands: %s\nTry 'gpuwise --help'.\n", arg.c_str(),
                   names.c_str());
      return kUsage;
    }
    break;
  }

  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    // One line naming the flag (and the allowed values), with where to read more: a usage error exits 2.
    std::string where = "gpuwise";
    for (const CLI::App* sub = &app; sub;) {
      const auto chosen = sub->get_subcommands();
      sub = chosen.empty() ? nullptr : chosen.front();
      if (sub) where += " " + sub->get_name();
    }
    std::fprintf(stderr, "gpuwise: %s (see '%s --help')\n", e.what(), where.c_str());
    return kUsage;
  } catch (const Exit& e) {
    if (e.what()[0]) std::fprintf(stderr, "gpuwise: %s\n", e.what());
    return e.code;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "gpuwise: internal error: %s\n", e.what());
    return 70;
  }
  return kOk;
}
