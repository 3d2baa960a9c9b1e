// The input table's machinery (input.hpp): reading text into a field, its canonical and shown text, range
// problems and the documentation table. The entries themselves are in input_workload.cpp and
// input_constraints.cpp.
#include <cmath>
#include <string>

#include "engine/input.hpp"
#include "engine/input_table.hpp"

namespace gw {

namespace {

// What a field of this type accepts, for "'abc' is not ...".
Text expected(InputType type, const Text& accepts, const std::vector<const char*>& choices = {}) {
  if (!accepts.empty()) return accepts;
  switch (type) {
    case InputType::count:
      return {"a number such as 340M or 1.5B", "像 340M 或 1.5B 这样的数"};
    case InputType::duration:
      return {"a duration such as 48h, 2d or 90m", "像 48h、2d 或 90m 这样的时长"};
    case InputType::size:
      return {"a size such as 100GB or 1.5TB", "像 100GB 或 1.5TB 这样的大小"};
    case InputType::share:
      return {"a share such as 0.29 or 29%", "像 0.29 或 29% 这样的比例"};
    case InputType::integer:
      return {"a whole number", "整数"};
    case InputType::flag:
      return {"1, 0, true or false", "1、0、true 或 false"};
    case InputType::choice: {
      std::string en, zh;
      for (std::size_t i = 0; i < choices.size(); ++i) {
        en += (i ? ", " : "") + std::string(choices[i]);
        zh += (i ? "、" : "") + std::string(choices[i]);
      }
      return {"one of " + en, " " + zh + " 之一"};
    }
    default:
      return {"a number", "数字"};
  }
}

bool read_value(InputType type, std::string_view currency, std::string_view text, double& v, Text& why) {
  switch (type) {
    case InputType::count:
      return parse_count_value(text, v);
    case InputType::duration:
      return parse_duration_hours(text, v);
    case InputType::size:
      return parse_size_gb(text, v);
    case InputType::share:
      return parse_share(text, v);
    case InputType::money:
      return parse_money(text, currency, v, &why);
    case InputType::flag:
      if (text == "1" || text == "true") return v = 1, true;
      if (text == "0" || text == "false") return v = 0, true;
      return false;
    case InputType::integer:
      return parse_count_value(text, v);
    default:
      return parse_plain_number(text, v);
  }
}

// The user's text echoed in a message: clean UTF-8 (clean_text), at most 40 bytes.
std::string quoted(std::string_view text) {
  return "'" + clean_text(text, 40) + "'";
}

bool numeric(const InputField& f) {
  return static_cast<bool>(f.get);
}

}  // namespace

InputField input_detail::field(const char* key, const char* flag, const char* name, InputType type,
                               Limit range, Words label, Words help, const char* group) {
  InputField f;
  f.key = key;
  f.flag = flag;
  f.name = name;
  f.type = type;
  f.range = range;
  f.label = {label.en, label.zh};
  f.help = {help.en, help.zh};
  f.group = group;
  return f;
}

const std::vector<InputField>& input_fields() {
  static const std::vector<InputField> table = [] {
    std::vector<InputField> all = input_workload_fields();
    for (InputField& f : input_constraint_fields()) all.push_back(std::move(f));
    return all;
  }();
  return table;
}

const InputField* find_input(std::string_view k) {
  for (const InputField& f : input_fields())
    if (k == f.key || k == f.name || (*f.flag && k == f.flag) || (*f.off_flag && k == f.off_flag) ||
        (*f.link_alias && k == f.link_alias))
      return &f;
  return nullptr;
}

std::string input_range_text(const InputField& f, Lang lang) {
  return describe_limit(f.range, lang);
}

InputSet set_input(const InputField& f, Scenario& s, std::string_view text, bool clamp) {
  InputSet r;
  if (!numeric(f)) {
    bool clamped = false;
    const bool ok = clamp && f.clamp_text ? f.clamp_text(s, text, clamped) : f.set_text(s, text);
    if (ok && clamped) {
      r.status = InputSet::clamped;
      r.message = {"was out of range and was set to " + input_text(f, s),
                   "超出范围，已调整为 " + input_text(f, s)};
    }
    if (!ok) {
      const Text e = expected(f.type, f.accepts, f.choices);
      r.status = InputSet::bad;
      r.message = f.type == InputType::choice || !f.accepts.empty()
                      ? Text{quoted(text) + " is not " + e.en, quoted(text) + " 不是" + e.zh}
                      : Text{quoted(text) + " is not a valid value", quoted(text) + " 不是有效值"};
    }
    return r;
  }
  std::optional<double> v;
  r = read_number({f.type, f.range, f.optional, f.accepts}, text, s.constraints.currency, clamp, v);
  if (r.status == InputSet::bad || r.status == InputSet::out_of_range) return r;
  f.set(s, v);
  return r;
}

InputSet read_number(const NumberRule& rule, std::string_view text, std::string_view currency, bool clamp,
                     std::optional<double>& out) {
  InputSet r;
  out.reset();
  if (rule.optional && text.find_first_not_of(" \t") == std::string_view::npos) return r;
  double v = 0;
  Text why;
  if (!read_value(rule.type, currency, text, v, why)) {
    const Text e = expected(rule.type, rule.accepts);
    r.status = InputSet::bad;
    r.message = why.en.empty() ? Text{quoted(text) + " is not " + e.en, quoted(text) + " 不是" + e.zh}
                               : Text{quoted(text) + " " + why.en, quoted(text) + " " + why.zh};
    return r;
  }
  // A whole-number field rounds what a link or the page typed (reported like a clamp); the CLI refuses.
  if (rule.type == InputType::integer && v != std::floor(v)) {
    if (!clamp) {
      r.status = InputSet::bad;
      r.message = {quoted(text) + " is not a whole number", quoted(text) + " 不是整数"};
      return r;
    }
    v = std::round(v);
    r.status = InputSet::clamped;
  }
  if (rule.type != InputType::flag && !within(v, rule.range)) {
    if (!clamp) {
      r.status = InputSet::out_of_range;
      r.message = {std::string(text) + " is out of range (" + describe_limit(rule.range) + ")",
                   std::string(text) + " 超出范围（" + describe_limit(rule.range, Lang::zh) + "）"};
      return r;
    }
    v = v < rule.range.lo ? rule.range.lo : rule.range.hi;
    r.status = InputSet::clamped;
  }
  if (rule.type == InputType::integer || rule.type == InputType::flag) v = std::round(v);
  out = v;
  if (r.status == InputSet::clamped)
    r.message = {"was out of range and was set to " + number_text(rule.type, v),
                 "超出范围，已调整为 " + number_text(rule.type, v)};
  return r;
}

std::string number_text(InputType type, std::optional<double> v) {
  if (!v) return "";
  if (type == InputType::flag) return *v != 0 ? "1" : "0";
  return exact_number(*v) + (type == InputType::duration ? "h" : "");
}

std::string input_text(const InputField& f, const Scenario& s) {
  if (!numeric(f)) return f.get_text(s);
  return number_text(f.type, f.get(s));
}

std::string input_display(const InputField& f, const Scenario& s) {
  if (!numeric(f)) return f.get_text(s);
  const std::optional<double> v = f.get(s);
  if (!v) return "";
  switch (f.type) {
    case InputType::duration:
      return format_significant(*v, *v < 10 ? 3 : *v < 100 ? 3 : 4) + "h";
    case InputType::count:
      if (*v >= 1e12) return format_significant(*v / 1e12, 4) + "T";
      if (*v >= 1e9) return format_significant(*v / 1e9, 4) + "B";
      if (*v >= 1e6) return format_significant(*v / 1e6, 4) + "M";
      if (*v >= 1e4) return format_significant(*v / 1e3, 4) + "k";
      return format_significant(*v, 6);
    case InputType::size:
      return format_significant(*v, 6);
    case InputType::share:
      return format_significant(*v * 100, 4) + "%";
    default:
      return format_significant(*v, 6);
  }
}

std::optional<Problem> check_number(const char* name, const NumberRule& rule, std::optional<double> v) {
  if (!v || rule.type == InputType::flag) return std::nullopt;
  if (!std::isfinite(*v)) return Problem{name, "must be a finite number"};
  if (!within(*v, rule.range))
    return Problem{name, exact_number(*v) + " is out of range (" + describe_limit(rule.range) + ")"};
  if (rule.type == InputType::integer && *v != std::floor(*v))
    return Problem{name, exact_number(*v) + " is not a whole number"};
  return std::nullopt;
}

std::vector<Problem> check_input_ranges(const Scenario& s, bool workload) {
  std::vector<Problem> out;
  for (const InputField& f : input_fields()) {
    if (f.workload != workload || !numeric(f)) continue;
    if (auto p = check_number(f.name, {f.type, f.range, f.optional, f.accepts}, f.get(s)))
      out.push_back(std::move(*p));
  }
  return out;
}

const char* input_type_name(InputType type) {
  static const char* names[] = {"number", "whole number", "count",  "duration", "size", "money",
                                "share",  "on/off",       "choice", "list",     "text"};
  return names[static_cast<int>(type)];
}

std::string input_table_markdown() {
  std::string out = "| field | CLI flag | link key | type | range | meaning |\n|---|---|---|---|---|---|\n";
  for (const InputField& f : input_fields()) {
    std::string range = "";
    if (numeric(f) && f.type != InputType::flag) range = input_range_text(f);
    if (f.type == InputType::choice) {
      for (std::size_t i = 0; i < f.choices.size(); ++i) range += (i ? ", " : "") + std::string(f.choices[i]);
    }
    if (f.optional) range += range.empty() ? "optional" : "; empty = " + f.empty_hint.en;
    std::string flag = *f.flag ? std::string("`") + f.flag + "`" : "";
    if (*f.off_flag) flag += std::string(", `") + f.off_flag + "`";
    out += std::string("| ") + (f.workload ? "job: " : "") + f.name + " | " + flag + " | `" + f.key + "` | " +
           input_type_name(f.type) + " | " + range + " | " + f.help.en + " |\n";
  }
  return out;
}

}  // namespace gw
