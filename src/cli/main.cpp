// gpuwise: the native command line. Commands live one per file and register themselves.
#include <algorithm>
#include <cstdio>
#include <iostream>

#include "cli/cli.hpp"

namespace {

// CLI11's error classes in Chinese; the library's own English detail follows.
const char* parse_error_zh(const CLI::ParseError& e) {
  // By exit code: CLI11 names some errors after the subcommand (get_name), never their codes.
  switch (static_cast<CLI::ExitCodes>(e.get_exit_code())) {
    case CLI::ExitCodes::RequiredError:
      return "缺少必需的参数";
    case CLI::ExitCodes::ExtrasError:
      return "无法识别的参数";
    case CLI::ExitCodes::ValidationError:
    case CLI::ExitCodes::ConversionError:
      return "参数值无效";
    case CLI::ExitCodes::ArgumentMismatch:
      return "参数值的个数不对";
    case CLI::ExitCodes::RequiresError:
      return "缺少一起使用的参数";
    case CLI::ExitCodes::ExcludesError:
      return "参数不能一起使用";
    case CLI::ExitCodes::FileError:
      return "无法读取文件";
    default:
      return "命令行有误";
  }
}

}  // namespace

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
  app.add_option("--catalog", ctx.catalog_path,
                 "Use this catalog JSON instead of the bundled one (validated)")
      ->type_name("FILE");
  app.add_option("--catalog-version", ctx.catalog_version,
                 "Use a catalog version kept in this build (the prices an old share link was made with)")
      ->type_name("VERSION");
  app.fallthrough();

  auto& registry = command_registry();
  std::sort(registry.begin(), registry.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  for (auto& [order, setup] : registry) setup(app, ctx);
  finish_help(app);

  // The language of every message, parse errors included, so it is known before CLI11 parses: --lang
  // (which may also follow the command), else LANG.
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--") break;
    if (arg == "--lang" && i + 1 < argc)
      ctx.lang_flag = argv[++i];
    else if (arg.rfind("--lang=", 0) == 0)
      ctx.lang_flag = arg.substr(7);
  }
  const gw::Lang lang = ctx.lang();
  const bool zh = lang == gw::Lang::zh;

  // CLI11 would report a mistyped command as a missing one; name it instead.
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--lang" || arg == "--currency" || arg == "--catalog" || arg == "--catalog-version") {
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
      std::fprintf(stderr,
                   zh ? "gpuwise：未知命令 '%s'\n命令：%s\n运行 'gpuwise --help' 查看用法。\n"
                      : "gpuwise: unknown command '%s'\nCommands: %s\nTry 'gpuwise --help'.\n",
                   arg.c_str(), names.c_str());
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
    if (zh)
      std::fprintf(stderr, "gpuwise：%s：%s（见 '%s --help'）\n", parse_error_zh(e), e.what(), where.c_str());
    else
      std::fprintf(stderr, "gpuwise: %s (see '%s --help')\n", e.what(), where.c_str());
    return kUsage;
  } catch (const Exit& e) {
    const std::string msg = e.message(lang);
    if (!msg.empty()) std::fprintf(stderr, "%s%s\n", stderr_prefix(lang), msg.c_str());
    return e.code;
  } catch (const std::exception& e) {
    std::fprintf(stderr, zh ? "gpuwise：内部错误：%s\n" : "gpuwise: internal error: %s\n", e.what());
    return 70;
  }
  return kOk;
}
