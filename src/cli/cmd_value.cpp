// gpuwise value: the source article's value coefficient, FP32 TFLOPS / hourly price x utilization.
#include <iostream>

#include "cli/cli.hpp"

namespace gw::cli {
namespace {

void setup(CLI::App& root, Context& ctx) {
  static std::vector<std::string> gpus;
  static std::vector<std::string> prices;
  static std::vector<std::string> utils;
  static std::string format;
  CLI::App* cmd = root.add_subcommand(
      "value", "Value coefficient = FP32 TFLOPS / price per hour x utilization (the source article's table)");
  cmd->add_option("--gpu", gpus, "GPU name (loose: 3090, rtx3090, \"RTX 3090\"); repeat for a table")
      ->required();
  cmd->add_option("--price", prices, "Price per hour, one per --gpu (or one for all)")->required();
  cmd->add_option("--utilization", utils, "Achieved utilization 0-1, one per --gpu (or one for all)")
      ->required();
  add_format_option(cmd, format, {"table", "json", "csv", "md"});
  cmd->footer(
      "\nExamples:\n  gpuwise value --gpu \"RTX 3090\" --price 1.5 --utilization 0.85\n"
      "  gpuwise value --gpu 3090 --gpu a100-40gb-pcie --gpu t4 --price 1.5 --price 4.8 --price 0.7 \\\n"
      "                --utilization 0.85 --utilization 0.92 --utilization 0.78");
  cmd->callback([&ctx] {
    auto pick = [](const std::vector<std::string>& v, std::size_t i, const char* flag) -> const std::string& {
      if (v.size() != 1 && v.size() != gpus.size())
        throw Exit(
            kUsage,
            std::string(flag) + ": give one value, or one per --gpu (" + std::to_string(gpus.size()) + ")",
            std::string(flag) + "：给一个值，或每个 --gpu 各给一个（" + std::to_string(gpus.size()) +
                " 个）");
      return v.size() == 1 ? v[0] : v[i];
    };
    const Catalog& c = ctx.catalog();
    Table t{{"gpu", "fp32_tflops", "price_per_hour", "utilization", "value_coefficient"},
            {},
            {false, true, true, true, true}};
    for (std::size_t i = 0; i < gpus.size(); ++i) {
      const GpuMatch m = find_gpu(c, gpus[i]);
      if (!m.gpu) {
        throw gpu_query_exit("--gpu", gpus[i], m.candidates);
      }
      if (!m.gpu->fp32_tflops)
        throw Exit(kUsage, "--gpu: " + m.gpu->name + " has no FP32 figure in the catalog",
                   "--gpu：目录中没有 " + m.gpu->name + " 的 FP32 算力");
      const double price = parse_number("--price", pick(prices, i, "--price"), 1e-6, 1e6);
      const double util = parse_number("--utilization", pick(utils, i, "--utilization"), 0, 1);
      const double v = value_coefficient(*m.gpu->fp32_tflops, price, util);
      t.rows.push_back(
          {m.gpu->name, fmt_num(*m.gpu->fp32_tflops, 1), fmt_num(price, 2), fmt_num(util, 2), fmt_num(v, 1)});
    }
    std::cout << render(t, parse_format(format), ctx.lang());
  });
}

CommandRegistrar reg(90, &setup);

}  // namespace
}  // namespace gw::cli
