// gpuwise validate: the accuracy report against published measurements (validation-dev.json format).
#include <cmath>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>

#include "cli/cli.hpp"
#include "engine/bundled.hpp"
#include "engine/estimate_validation.hpp"

namespace gw::cli {
namespace {

// Where the repository keeps its copy, tried from the usual working directories.
std::string default_cases() {
  for (const char* p : {"tests/validation/validation-dev.json", "../tests/validation/validation-dev.json",
                        "../../tests/validation/validation-dev.json"})
    if (std::ifstream(p).good()) return p;
  throw Exit(kBadInput,
             "--cases: tests/validation/validation-dev.json not found from here; give --cases FILE",
             "--cases：从当前目录找不到 tests/validation/validation-dev.json；请用 --cases FILE 指定");
}

std::string pct(double v) {
  return (v >= 0 ? "+" : "") + fmt_num(v * 100, 1) + "%";
}

void setup(CLI::App& root, Context& ctx) {
  static std::string cases, format = "table";
  static bool quiet = false;
  CLI::App* cmd =
      root.add_subcommand("validate", "Accuracy report: estimates against published measurements");
  cmd->add_option("--cases", cases, "Validation cases JSON (default: tests/validation/validation-dev.json)")
      ->type_name("FILE");
  cmd->add_flag("--summary", quiet, "Only the summary lines");
  add_format_option(cmd, format, {"table", "json", "csv", "md"});
  cmd->footer(
      "\nGoals: memory median |error| <= 8% overall and <= 15% in each category (inference,\n"
      "full training, LoRA, QLoRA, CNN, diffusion); every fit/OOM verdict right; speed-ratio median |error|\n"
      "<= 15% and at most half the naive FP32-TFLOPS baseline's. Exit 1 when a goal is missed.\n\n"
      "Examples:\n  gpuwise validate --summary\n  gpuwise validate --cases my-measurements.json --format "
      "csv\n"
      "  gpuwise --lang zh validate --format md > validation.md");
  cmd->callback([&ctx] {
    const std::string path = cases.empty() ? default_cases() : cases;
    const std::string text = read_input(path);
    const PresetLoad presets = load_presets(bundled_file("presets.json"));
    const ValidationReport rep = run_validation(text, ctx.catalog(), presets.presets);
    if (!rep.problems.empty())
      throw problem_exit(kBadInput, path, "验证用例", rep.problems.front().path,
                         rep.problems.front().message);
    const ValidationSummary& s = rep.summary;
    const Format f = parse_format(format);
    const Lang lang = ctx.lang();
    const bool zh = lang == Lang::zh;
    if (f == Format::json) {
      nlohmann::ordered_json o;
      nlohmann::ordered_json rows = nlohmann::ordered_json::array();
      for (const ValidationRow& r : rep.rows) {
        nlohmann::ordered_json j = {{"case", r.case_id},        {"kind", std::string(to_string(r.kind))},
                                    {"gpus", r.gpus},           {"measured", r.measured},
                                    {"predicted", r.predicted}, {"error", r.error},
                                    {"unit", r.unit},           {"note", r.note}};
        if (r.naive_error) j["naive_error"] = *r.naive_error;
        rows.push_back(j);
      }
      nlohmann::ordered_json skipped = nlohmann::ordered_json::array();
      for (const ValidationSkip& k : rep.skipped)
        skipped.push_back({{"case", k.case_id}, {"reason", k.reason}});
      o["rows"] = rows;
      o["skipped"] = skipped;
      o["summary"] = {
          {"memory_cases", s.memory_cases},
          {"memory_median_abs_error", s.memory_median_abs_error},
          {"verdicts", s.verdicts},
          {"verdicts_right", s.verdicts_right},
          {"speed_cases", s.speed_cases},
          {"speed_median_abs_error", s.speed_median_abs_error},
          {"naive_median_abs_error", s.naive_median_abs_error},
          {"memory_by_category",
           [&] {
             nlohmann::ordered_json c = nlohmann::ordered_json::object();
             for (const ValidationCategory& k : s.categories)
               c[k.name] = {{"cases", k.memory_cases}, {"median_abs_error", k.memory_median_abs_error}};
             return c;
           }()},
          {"speed_by_category",
           [&] {
             nlohmann::ordered_json c = nlohmann::ordered_json::object();
             for (const ValidationSpeedCategory& k : s.speed_categories)
               c[k.name] = {{"cases", k.speed_cases}, {"median_abs_error", k.speed_median_abs_error}};
             return c;
           }()},
          {"memory_ok", s.memory_ok()},
          {"verdicts_ok", s.verdicts_ok()},
          {"speed_ok", s.speed_ok()}};
      std::cout << o.dump(2) << "\n";
    } else {
      if (!quiet) {
        Table t{{"case", "kind", "gpus", "measured", "predicted", "error", "naive error", "note"},
                {},
                {false, false, false, true, true, true, true, false}};
        for (const ValidationRow& r : rep.rows) {
          const bool verdict = r.kind == ValidationKind::verdict;
          t.rows.push_back(
              {r.case_id, std::string(to_string(r.kind)), r.gpus,
               verdict ? r.note : fmt_num(r.measured, 3) + " " + r.unit,
               verdict ? (r.predicted > 0 ? "fits" : "no fit") : fmt_num(r.predicted, 3) + " " + r.unit,
               verdict ? (r.error == 0 ? "right" : "WRONG") : pct(r.error),
               r.naive_error ? pct(*r.naive_error) : "", verdict ? "" : r.note});
        }
        std::cout << render(t, f, lang);
        if (f == Format::table && !rep.skipped.empty()) {
          std::cout << (zh ? "\n不适用（" : "\nNot applicable (") << rep.skipped.size()
                    << (zh ? "）：\n" : "):\n");
          for (const ValidationSkip& k : rep.skipped)
            std::cout << "  " << k.case_id << ": " << k.reason << "\n";
        }
        std::cout << "\n";
      }
      auto mark = [zh](bool ok) {
        return ok ? (zh ? "  [达标]" : "  [goal met]") : (zh ? "  [未达标]" : "  [GOAL MISSED]");
      };
      const std::string mem = fmt_num(s.memory_median_abs_error * 100, 1) + "%";
      const std::string speed = fmt_num(s.speed_median_abs_error * 100, 1) + "%";
      const std::string naive = fmt_num(s.naive_median_abs_error * 100, 1) + "%";
      auto share = [&] {
        return fmt_num(s.verdicts > 0 ? 100.0 * s.verdicts_right / s.verdicts : 0, 0) + "%";
      };
      auto cat_name = [zh](const std::string& n) -> std::string {
        if (!zh) return n;
        if (n == "inference") return "推理";
        if (n == "full training") return "全参训练";
        if (n == "cnn") return "CNN";
        if (n == "diffusion") return "扩散";
        return n;  // lora, qlora
      };
      auto categories = [&] {
        for (const ValidationCategory& c : s.categories)
          std::cout << "  " << cat_name(c.name) << ": " << fmt_num(c.memory_median_abs_error * 100, 1) << "%"
                    << (zh ? "，" : " over ") << c.memory_cases << (zh ? " 例" : " cases")
                    << (c.memory_median_abs_error <= ValidationSummary::kCategoryGoal
                            ? ""
                            : (zh ? "  [未达标]" : "  [GOAL MISSED]"))
                    << "\n";
      };
      // Named speed groups (molecular dynamics), already counted in the speed line above them.
      auto speed_categories = [&] {
        for (const ValidationSpeedCategory& c : s.speed_categories)
          std::cout << "  "
                    << (c.name == "md" ? (zh ? "分子动力学（ns/day）" : "molecular dynamics (ns/day)")
                        : c.name == "scaling"
                            ? (zh ? "多机扩展效率（单列，不计入上面的速度中位数）"
                                  : "multi-node scaling (apart from the speed median above)")
                            : c.name)
                    << (zh ? "：" : ": ") << fmt_num(c.speed_median_abs_error * 100, 1) << "%"
                    << (zh ? "，共 " : " over ") << c.speed_cases << (zh ? " 个" : " ratios") << "\n";
      };
      if (zh) {
        std::cout << "显存：   |误差| 中位数 " << mem << "，共 " << s.memory_cases
                  << " 例（目标 <= 8%，每类 <= 15%）" << mark(s.memory_ok()) << "\n";
        categories();
        std::cout << "判断：   " << s.verdicts << " 个装得下/OOM 判断中对了 " << s.verdicts_right << " 个（"
                  << share() << "，目标：全对）" << mark(s.verdicts_ok()) << "\n";
        std::cout << "速度：   |误差| 中位数 " << speed << "，共 " << s.speed_cases
                  << " 个比值；朴素 FP32-TFLOPS 基线 " << naive << "（目标 <= 15% 且不超过基线的一半）"
                  << mark(s.speed_ok()) << "\n";
        speed_categories();
      } else {
        std::cout << "memory:   median |error| " << mem << " over " << s.memory_cases
                  << " cases (goal <= 8%, <= 15% per category)" << mark(s.memory_ok()) << "\n";
        categories();
        std::cout << "verdicts: " << s.verdicts_right << " of " << s.verdicts << " fit/OOM verdicts right ("
                  << share() << "; goal: all)" << mark(s.verdicts_ok()) << "\n";
        std::cout << "speed:    median |error| " << speed << " over " << s.speed_cases
                  << " ratios; naive FP32-TFLOPS baseline " << naive
                  << " (goal <= 15% and <= half the baseline)" << mark(s.speed_ok()) << "\n";
        speed_categories();
      }
    }
    if (!s.memory_ok() || !s.verdicts_ok() || !s.speed_ok()) throw Exit(kNoOffer);
  });
}

CommandRegistrar reg(80, &setup);

}  // namespace
}  // namespace gw::cli
