#pragma once
// The side calculators' inputs (calculators.hpp), each described once like the scenario's fields
// (input.hpp): its CLI flag, its name in problems and JSON, its type (which parser reads it), its range,
// and its label and help in both languages. validate(), the CLI's lab/buy/sweep flags and the page's
// calculator forms all read these tables.
#include <optional>
#include <string_view>
#include <vector>

#include "engine/calculators.hpp"
#include "engine/input.hpp"

namespace gw {

template <class In>
struct CalcField {
  const char* flag;  // flag of the calculator's command: "--people"
  const char* name;  // in problems and JSON output: "people"
  NumberRule rule;   // type (integer, number, money, share, duration) and range
  bool positive;     // also above 0: a price of 0 is no price at all
  Text label, help;
  Text empty_hint;  // optional fields: what no value means
  std::optional<double> (*get)(const In&);
  void (*set)(In&, std::optional<double>);
};

const std::vector<CalcField<LabInputs>>& lab_fields();
const std::vector<CalcField<BuyInputs>>& buy_fields();
const std::vector<CalcField<SweepInputs>>& sweep_fields();

// Every field's range problem, each naming the field (`name`).
template <class In>
std::vector<Problem> check_calc_fields(const std::vector<CalcField<In>>&, const In&);

// Reads text into one field with read_number (money in `currency`). A positive field refuses 0 even when
// clamping: there is no nearest price above 0 to move it to.
template <class In>
InputSet set_calc_field(const CalcField<In>&, In&, std::string_view text, std::string_view currency,
                        bool clamp);

// The range as the page and the CLI's help word it: "between 1 and 10000", "above 0, up to 1e+06".
template <class In>
std::string calc_range_text(const CalcField<In>&, Lang lang = Lang::en);

// docs/input-ranges.md's tables of the three calculators' fields (a unit test keeps the file equal to it).
std::string calc_table_markdown();

}  // namespace gw
