#pragma once
// The side calculators' flags (lab, buy, sweep): one option per field of their tables
// (engine/calc_inputs.hpp), so a flag's parser, range and help are the page's and validate()'s.
#include <map>
#include <string>
#include <vector>

#include "cli/cli.hpp"
#include "engine/calc_inputs.hpp"

namespace gw::cli {

using CalcGiven = std::map<std::string, std::string>;  // flag -> the text given

// Adds one option per field; values land in `given`, which must outlive parsing.
template <class In>
void add_calc_flags(CLI::App* cmd, const std::vector<CalcField<In>>& fields, CalcGiven& given) {
  for (const CalcField<In>& f : fields) {
    std::string& slot = given[f.flag];
    cmd->add_option_function<std::string>(
           f.flag, [&slot](const std::string& v) { slot = v; },
           f.help.en + " (" + calc_range_text(f) + (f.rule.optional ? "; default: " + f.empty_hint.en : "") +
               ")")
        ->allow_extra_args(false);
  }
}

inline bool calc_given(const CalcGiven& given, const char* flag) {
  const auto it = given.find(flag);
  return it != given.end() && !it->second.empty();
}

// Reads every given flag into `in` with the table's parser (money in `currency`): a bad or out-of-range
// value is a usage error naming the flag.
template <class In>
void apply_calc_flags(const std::vector<CalcField<In>>& fields, const CalcGiven& given, In& in,
                      const std::string& currency) {
  for (const CalcField<In>& f : fields) {
    if (!calc_given(given, f.flag)) continue;
    const InputSet r = set_calc_field(f, in, given.at(f.flag), currency, false);
    if (r.status != InputSet::ok)
      throw Exit(kUsage, std::string(f.flag) + ": " + r.message.en,
                 std::string(f.flag) + "：" + r.message.zh);
  }
}

// validate()'s problems as a usage error naming each field's flag ("server_cards" -> "--cards").
template <class In>
void refuse_calc_problems(const std::vector<CalcField<In>>& fields, const std::vector<Problem>& problems) {
  if (problems.empty()) return;
  const Problem& p = problems.front();
  std::string flag = p.path;
  for (const CalcField<In>& f : fields)
    if (p.path == f.name) flag = f.flag;
  throw problem_exit(kUsage, "", "参数", flag, p.message);
}

}  // namespace gw::cli
