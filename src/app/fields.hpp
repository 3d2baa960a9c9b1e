#pragma once
// Form rows for numbers, durations and choices. Each returns true when the value changed; the caller
// then commits the scenario. Typed text is parsed leniently (340M, 48h, "1,200"); garbage keeps the old
// value and says why under the field; out-of-range values are clamped, with a note.
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace gw {
struct Scenario;
}

namespace gw::app {

// A form row for one field of the input table (engine/input.hpp), by its link key: label, help, units,
// range and parser all come from the table, so the page reads "48h", "2d" or "1.5TB" as the CLI and links
// do. Out-of-range values are clamped with a note under the field. True when the scenario changed.
bool field_input(Scenario& s, const char* key, const std::string& label_suffix = "",
                 const std::string& hint = "");
// Every field of one group of the input table ("hidden", "spot"), in the table's order: a field added to
// the table with that group shows up here with no change to the page.
bool field_group(Scenario& s, const char* group);

struct Choice {
  const char* en;
  const char* zh;
};

bool field_number(const char* label, const char* help, const char* id, double& v, double lo, double hi);
bool field_int(const char* label, const char* help, const char* id, int& v, int lo, int hi);
bool field_count(const char* label, const char* help, const char* id, double& v, double lo, double hi);
bool field_hours(const char* label, const char* help, const char* id, double& v, double lo, double hi);
// Empty text = no value (no budget, no deadline, the provider's default...).
bool field_optional(const char* label, const char* help, const char* id, std::optional<double>& v, double lo,
                    double hi, const char* empty_hint, bool duration = false);
bool field_combo(const char* label, const char* help, const char* id, int& index,
                 const std::vector<Choice>& options);
bool field_check(const char* label, const char* help, const char* id, bool& v);

}  // namespace gw::app
