#include "app/fields.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "app/format.hpp"
#include "app/i18n.hpp"
#include "app/widgets.hpp"
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
  if (kind == Kind::hours) return parse_hours_text(t, out);
  if (kind == Kind::count) return parse_count(t, out);
  return parse_plain(t, out);
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
