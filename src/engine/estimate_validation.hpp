#pragma once
// Runs the estimator against published measurements (validation-dev.json's format) and scores it.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "catalog.hpp"
#include "workload.hpp"

namespace gw {

// What a validation row scores; validation_kind_info() is the one table (word, label, and whether the row
// is a speed row, counted in the speed median).
enum class ValidationKind { memory, verdict, ratio, throughput };
inline constexpr int kValidationKinds = 4;
struct ValidationKindInfo {
  ValidationKind kind;
  const char* key;  // the CLI's and the JSON's word: "verdict"
  Text label;       // {"Verdict", "判断"}
  bool speed;       // ratio and throughput rows
};
const ValidationKindInfo& validation_kind_info(ValidationKind);
std::string_view to_string(ValidationKind);

struct ValidationRow {
  std::string case_id;
  ValidationKind kind = ValidationKind::memory;
  std::string gpus;  // catalog ids, "a / b" for a ratio
  double measured = 0;
  double predicted = 0;
  double error = 0;                   // predicted / measured - 1 (0 or 1 for verdicts: 1 = wrong)
  std::optional<double> naive_error;  // speed rows: the FP32-TFLOPS-ratio baseline's error
  std::string unit;
  std::string note;
  std::string category =
      {};  // memory and verdict rows: inference, full training, lora, qlora, cnn, diffusion
};

// The category a case's workload falls in (issue 21: the memory median is reported per category).
std::string category_of(const Workload& w);

struct ValidationCategory {
  std::string name;
  int memory_cases = 0;
  double memory_median_abs_error = 0;
};

// Speed median of one named group of speed cases ("md": molecular dynamics in ns/day).
struct ValidationSpeedCategory {
  std::string name;
  int speed_cases = 0;
  double speed_median_abs_error = 0;
};

struct ValidationSkip {
  std::string case_id;
  std::string reason;
};

struct ValidationSummary {
  int memory_cases = 0;
  double memory_median_abs_error = 0;
  int verdicts = 0;
  int verdicts_right = 0;
  int speed_cases = 0;  // ratio rows plus throughput rows (each normalised to its set's geometric mean)
  double speed_median_abs_error = 0;
  double naive_median_abs_error = 0;
  std::vector<ValidationCategory> categories;             // memory median per category (those with cases)
  std::vector<ValidationSpeedCategory> speed_categories;  // also counted in speed_cases
  // The goals in issues 3 and 21: memory median <= 8% overall and <= 15% in every category.
  static constexpr double kMemoryGoal = 0.08;
  static constexpr double kCategoryGoal = 0.15;
  bool categories_ok() const {
    for (const ValidationCategory& c : categories)
      if (c.memory_median_abs_error > kCategoryGoal) return false;
    return true;
  }
  static constexpr double kSpeedGoal = 0.15;
  bool memory_ok() const {
    return memory_cases > 0 && memory_median_abs_error <= kMemoryGoal && categories_ok();
  }
  bool verdicts_ok() const { return verdicts > 0 && verdicts_right == verdicts; }
  // "Clearly better" than the naive baseline: at most half its median error.
  bool speed_ok() const {
    return speed_cases > 0 && speed_median_abs_error <= kSpeedGoal &&
           speed_median_abs_error <= 0.5 * naive_median_abs_error;
  }
};

struct ValidationReport {
  std::vector<ValidationRow> rows;
  std::vector<ValidationSkip> skipped;
  std::vector<Problem> problems;  // the file itself is malformed
  ValidationSummary summary;
};

// Every case that applies (its GPUs are in the catalog and its workload can be built) is scored.
ValidationReport run_validation(std::string_view cases_json, const Catalog& catalog,
                                const std::vector<Preset>& presets);

// The catalog GPU a measurement's free-text name refers to ("V100 16GB (LambdaCloud)"), or null.
// Ambiguous names take the PCIe variant when there is exactly one, else the first candidate.
const Gpu* validation_gpu(const Catalog& catalog, std::string_view name);

}  // namespace gw
