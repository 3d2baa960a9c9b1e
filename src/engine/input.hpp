#pragma once
// Every user-settable field of a scenario, described once: its share-link key, CLI flag, name in problems
// and JSON, type, unit, range, default, and its label and help in both languages. The CLI's flags, the
// share-link codec, the page's form rows, validate_workload/validate_constraints and docs/input-ranges.md are
// all generated from (or checked against) this table, so a new field is one entry in input_workload.cpp or
// input_constraints.cpp plus the engine code that reads it.
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "scenario.hpp"
#include "text.hpp"

namespace gw {

// ---- one parser per kind of value, accepting both languages' units. Each returns false on anything
// else (never a partial read); none applies a range.
bool parse_plain_number(std::string_view text, double& out);    // "1,200", "1.5e3", " 42 "
bool parse_count_value(std::string_view text, double& out);     // 340M, 1.5B, 7e9, 12k, 3万, 1.2亿
bool parse_duration_hours(std::string_view text, double& out);  // 48h, 2d, 1w, 90m, 30s, 1.5, 3 天, 2 小时
bool parse_size_gb(std::string_view text, double& out);         // 100GB, 512MB, 1.5TB, 100 (GB)
bool parse_share(std::string_view text, double& out);           // 0.29, 29%
// Money in `currency` ("CNY"/"USD"): 300, ¥300, 300元, $20, 20 USD. A symbol of the other currency is
// refused with `error` saying which currency the field is in.
bool parse_money(std::string_view text, std::string_view currency, double& out, Text* error = nullptr);
// Text the user typed, made safe to echo back (notices, terminals): at most `max_bytes`, cut on a UTF-8
// boundary, control bytes and invalid UTF-8 replaced by '?'.
std::string clean_text(std::string_view text, std::size_t max_bytes);
// A number the user reads, to `digits` significant digits ("340", "1.5e+07"). Like format_number
// (cost.hpp, fixed decimals), a missing or non-finite value prints as "—": the one rule for missing values.
inline constexpr const char* kMissingNumber = "—";
std::string format_significant(double v, int digits = 6);
// The shortest text that reads back to the same double ("0.1", "1e+15"): share links and canonical text.
std::string exact_number(double v);

enum class InputType {
  number,    // plain decimal
  integer,   // whole number
  count,     // with k/M/B/T (and 万/亿) suffixes
  duration,  // hours, with s/m/h/d/w (and 秒/分钟/小时/天/周)
  size,      // GB, with MB/GB/TB
  money,     // in the scenario's currency
  share,     // 0..1 or a percentage
  flag,      // on/off
  choice,    // one of `choices`
  list,      // comma-separated ids or numbers (read by `set_text`)
  text,      // free text (read by `set_text`)
};

struct InputField {
  const char* key;   // share-link key: "budget", "kvh"
  const char* flag;  // CLI flag: "--budget" ("" = not a flag)
  const char* name;  // in problems and workload JSON: "budget", "kv_heads"
  InputType type = InputType::number;
  bool workload = false;             // describes the job (true) or the constraints (false)
  Limit range{0, 0, ""};             // numeric types; `unit` is also the unit shown
  bool optional = false;             // numeric: empty text = no value (no budget, the provider's default...)
  Text label, help;                  // the page's row label and tooltip; help is also the CLI's
  Text empty_hint;                   // optional fields: what no value means ("no limit")
  const char* group = "";            // "job", "limits", "hidden", "spot", "rate": where the page shows it
  std::vector<const char*> choices;  // choice: the accepted names, in order
  const char* off_flag = "";         // flag: the CLI flag that turns it off ("--no-checkpointing")
  Text accepts;                      // what a valid value looks like, when the type's wording is too vague
  bool in_link = true;               // false: carried inside another field's link value
  const char* link_alias = "";       // an older link key still read ("fused" for "fa")
  // Numeric and flag fields: the value (nullopt = unset optional field).
  std::function<std::optional<double>(const Scenario&)> get;
  std::function<void(Scenario&, std::optional<double>)> set;
  // choice, list and text fields: canonical text in, false when unusable.
  std::function<std::string(const Scenario&)> get_text;
  std::function<bool(Scenario&, std::string_view)> set_text;
  // Optional, for links and the page: reads like set_text but moves out-of-range parts into range,
  // setting `clamped` (a card count of 100 becomes 64).
  std::function<bool(Scenario&, std::string_view, bool& clamped)> clamp_text;
};

// The whole table, workload fields first, in the order the CLI applies them (mode and precision before
// the fields they give defaults to).
const std::vector<InputField>& input_fields();
// By link key, flag ("--kv-heads"), off flag or name; null when unknown.
const InputField* find_input(std::string_view key_flag_or_name);

struct InputSet {
  enum Status { ok, bad, clamped, out_of_range } status = ok;
  Text message;  // for bad, clamped and out_of_range: what is wrong, without the field's name
};
// Reads `text` into the scenario. clamp = true (links, the page): an out-of-range value is moved to the
// nearest end and reported as `clamped`; false (the CLI): the scenario is left alone and the status is
// `out_of_range`. Money is read in the scenario's currency.
InputSet set_input(const InputField&, Scenario&, std::string_view text, bool clamp);
// The numeric half of set_input, for any value described by a type and a range: reads `text` with the
// type's parser (money in `currency`), then refuses (clamp = false) or clamps an out-of-range value. The
// side calculators' fields (calc_inputs.hpp) read through it too, so they take the same words and say the
// same things. An optional rule reads blank text as "no value".
struct NumberRule {
  InputType type = InputType::number;
  Limit range{0, 0, ""};
  bool optional = false;
  Text accepts;  // overrides the type's wording of what is accepted
};
InputSet read_number(const NumberRule&, std::string_view text, std::string_view currency, bool clamp,
                     std::optional<double>& out);
// The range problem of one value already in a struct (not finite, out of range, not whole), naming it.
std::optional<Problem> check_number(const char* name, const NumberRule&, std::optional<double> value);
// The canonical text of a numeric value: exact, with "h" on durations ("" = no value).
std::string number_text(InputType, std::optional<double>);
// The field's canonical text: what a link carries and set_input reads back exactly. "" = unset.
std::string input_text(const InputField&, const Scenario&);
// The value as the page shows it: rounded, with its unit ("48h", "340M", "—" when unset).
std::string input_display(const InputField&, const Scenario&);
// "between 0 and 1e+06 GB": the range as every door words it (describe_limit).
std::string input_range_text(const InputField&, Lang lang = Lang::en);
// Range problems of every numeric field of one half of the scenario, each naming the field.
std::vector<Problem> check_input_ranges(const Scenario&, bool workload);
// "whole number", "duration": the type as the docs name it.
const char* input_type_name(InputType);
// docs/input-ranges.md's table of fields (a unit test keeps the file equal to it).
std::string input_table_markdown();

}  // namespace gw
