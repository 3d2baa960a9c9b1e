#pragma once
// Internal to the input table (input_*.cpp): the two halves of the table and the helpers their entries
// are written with.
#include <cmath>
#include <string>
#include <vector>

#include "engine/input.hpp"

namespace gw {

std::vector<InputField> input_workload_fields();
std::vector<InputField> input_constraint_fields();

namespace input_detail {

// A label or help as the table writes it: two literals. Building their Text out of line, in field(),
// keeps each entry to one call instead of four inlined string constructions (issue 20: the page's
// download; scripts/bench-size.py's "field tables" line).
struct Words {
  const char* en;
  const char* zh;
};

// An entry's common part (input_fields.cpp).
InputField field(const char* key, const char* flag, const char* name, InputType type, Limit range,
                 Words label, Words help, const char* group);

template <class T>
T to_member(double v) {
  if constexpr (std::is_integral_v<T>)
    return static_cast<T>(std::llround(v));
  else
    return static_cast<T>(v);
}

// Binds a numeric or bool member of the workload or the constraints.
template <class T>
InputField bind(InputField f, T Workload::*m) {
  f.workload = true;
  f.get = [m](const Scenario& s) -> std::optional<double> { return static_cast<double>(s.workload.*m); };
  f.set = [m](Scenario& s, std::optional<double> v) {
    if (v) s.workload.*m = to_member<T>(*v);
  };
  return f;
}
template <class T>
InputField bind(InputField f, T Constraints::*m) {
  f.get = [m](const Scenario& s) -> std::optional<double> { return static_cast<double>(s.constraints.*m); };
  f.set = [m](Scenario& s, std::optional<double> v) {
    if (v) s.constraints.*m = to_member<T>(*v);
  };
  return f;
}
inline InputField bind_optional(InputField f, std::optional<double> Constraints::*m, Text empty_hint) {
  f.optional = true;
  f.empty_hint = std::move(empty_hint);
  f.get = [m](const Scenario& s) { return s.constraints.*m; };
  f.set = [m](Scenario& s, std::optional<double> v) { s.constraints.*m = v; };
  return f;
}

// An enum member read and written by its to_string/parse names.
template <class E, class Owner>
InputField bind_choice(InputField f, E Owner::*m, bool (*parse)(std::string_view, E&),
                       std::vector<const char*> choices) {
  f.type = InputType::choice;
  f.choices = std::move(choices);
  f.workload = std::is_same_v<Owner, Workload>;
  auto owner = [](auto& s) -> auto& {
    if constexpr (std::is_same_v<Owner, Workload>)
      return s.workload;
    else
      return s.constraints;
  };
  f.get_text = [m, owner](const Scenario& s) { return std::string(to_string(owner(s).*m)); };
  f.set_text = [m, parse, owner](Scenario& s, std::string_view v) { return parse(v, owner(s).*m); };
  return f;
}

}  // namespace input_detail
}  // namespace gw
