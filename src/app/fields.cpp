#include "app/fields.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "app/format.hpp"
#include "app/i18n.hpp"
#include "app/widgets.hpp"
#include "engine/input.hpp"
#include "imgui.h"

namespace gw::app {

namespace {

enum class Kind { plain, count, hours };

std::string show(double v, Kind kind) {
  switch (kind) {
    case Kind::count:
      return v >= 10000 ? count_text(v) : plain(v, 4);
    case Kind::hours:
      return plain(v, v < 10 ? 2 : 1) + "h";
    case Kind::plain:
      break;
  }
  return plain(v, 6);
}

bool parse(const std::string& t, Kind kind, double& out) {
  if (kind == Kind::hours) return parse_duration_hours(t, out);
  if (kind == Kind::count) return parse_count_value(t, out);
  return parse_plain_number(t, out);
}

const char* bad_text(Kind kind) {
  switch (kind) {
    case Kind::hours:
      return tr("Not a duration: try 48h, 2d or 90m.", "不是时长：可输入 48h、2d 或 90m。");
    case Kind::count:
      return tr("Not a number: try 340M, 1.5B or 7e9.", "不是数字：可输入 340M、1.5B 或 7e9。");
    case Kind::plain:
      break;
  }
  return tr("Not a number.", "不是数字。");
}

// One row: returns true when `v` changed.
bool number_row(const char* label, const char* help, const char* id, double& v, double lo, double hi,
                Kind kind, bool integer) {
  form_label(label, help);
  std::string typed;
  bool changed = false;
  const std::string shown = show(v, kind);
  if (text_field(id, shown, typed) && typed != shown) {  // Enter on the rounded text keeps the exact value
    double x = 0;
    if (!parse(typed, kind, x)) {
      set_field_error(id, std::string(bad_text(kind)) + " (\"" + typed.substr(0, 24) + "\")");
    } else {
      if (integer) x = std::round(x);
      const double c = std::clamp(x, lo, hi);
      set_field_error(
          id, c != x ? std::string(tr("Out of range; set to ", "超出范围，已设为 ")) + show(c, kind) : "");
      if (c != v) {
        v = c;
        changed = true;
      }
    }
  }
  remember_rect(id);
  field_error(id);
  return changed;
}

}  // namespace

bool field_number(const char* label, const char* help, const char* id, double& v, double lo, double hi) {
  return number_row(label, help, id, v, lo, hi, Kind::plain, false);
}
bool field_count(const char* label, const char* help, const char* id, double& v, double lo, double hi) {
  return number_row(label, help, id, v, lo, hi, Kind::count, false);
}
bool field_hours(const char* label, const char* help, const char* id, double& v, double lo, double hi) {
  return number_row(label, help, id, v, lo, hi, Kind::hours, false);
}
bool field_int(const char* label, const char* help, const char* id, int& v, int lo, int hi) {
  double d = v;
  if (!number_row(label, help, id, d, lo, hi, Kind::plain, true)) return false;
  v = static_cast<int>(d);
  return true;
}

bool field_optional(const char* label, const char* help, const char* id, std::optional<double>& v, double lo,
                    double hi, const char* empty_hint, bool duration) {
  form_label(label, help);
  const Kind kind = duration ? Kind::hours : Kind::plain;
  std::string typed;
  bool changed = false;
  const std::string shown = v ? show(*v, kind) : std::string();
  if (text_field(id, shown, typed, empty_hint) && typed != shown) {
    std::string t = typed;
    t.erase(0, t.find_first_not_of(' '));
    double x = 0;
    if (t.empty()) {
      set_field_error(id, "");
      changed = v.has_value();
      v.reset();
    } else if (!parse(t, kind, x)) {
      set_field_error(id, std::string(bad_text(kind)) + " (\"" + t.substr(0, 24) + "\")");
    } else {
      const double c = std::clamp(x, lo, hi);
      set_field_error(
          id, c != x ? std::string(tr("Out of range; set to ", "超出范围，已设为 ")) + show(c, kind) : "");
      changed = !v || *v != c;
      v = c;
    }
  }
  remember_rect(id);
  field_error(id);
  return changed;
}

bool field_input(Scenario& s, const char* key, const std::string& label_suffix,
                 const std::string& hint_text) {
  const InputField* f = find_input(key);
  if (!f) return false;
  const std::string label = tr(f->label) + label_suffix, help = tr(f->help);
  if (f->type == InputType::flag) {
    bool on = f->get(s).value_or(0) != 0;
    if (!field_check(label.c_str(), help.c_str(), f->key, on)) return false;
    f->set(s, on ? 1 : 0);
    return true;
  }
  form_label(label.c_str(), help.c_str());
  std::string typed;
  const std::string shown = input_display(*f, s);
  const std::string before = input_text(*f, s);
  const std::string hint = !hint_text.empty() ? hint_text : f->optional ? tr(f->empty_hint) : std::string();
  // Enter on the rounded text keeps the exact value.
  if (text_field(f->key, shown, typed, hint.c_str()) && typed != shown) {
    const InputSet r = set_input(*f, s, typed, true);
    set_field_error(f->key, r.status == InputSet::ok ? std::string() : tr(r.message));
  }
  remember_rect(f->key);
  field_error(f->key);
  return input_text(*f, s) != before;
}

bool field_group(Scenario& s, const char* group) {
  bool changed = false;
  for (const InputField& f : input_fields())
    if (std::string_view(f.group) == group) changed |= field_input(s, f.key);
  return changed;
}

bool field_combo(const char* label, const char* help, const char* id, int& index,
                 const std::vector<Choice>& options) {
  form_label(label, help);
  const int n = static_cast<int>(options.size());
  const char* preview = index >= 0 && index < n ? tr(options[index].en, options[index].zh) : "";
  bool changed = false;
  if (ImGui::BeginCombo((std::string("##") + id).c_str(), preview)) {
    for (int i = 0; i < n; ++i) {
      if (ImGui::Selectable(tr(options[i].en, options[i].zh), i == index) && i != index) {
        index = i;
        changed = true;
      }
      if (i == index) ImGui::SetItemDefaultFocus();
    }
    ImGui::EndCombo();
  }
  remember_rect(id);
  return changed;
}

bool field_check(const char* label, const char* help, const char* id, bool& v) {
  form_label(label, help);
  const bool changed = ImGui::Checkbox((std::string("##") + id).c_str(), &v);
  remember_rect(id);
  return changed;
}

}  // namespace gw::app
