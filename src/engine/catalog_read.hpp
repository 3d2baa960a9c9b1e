#pragma once
// Reading catalog-shaped JSON (engine-internal): a syntax pass that locates errors and repeated keys, and a
// field reader that type-checks each field, names it by JSON path and reports the fields nobody asked for.
// Shared by load_catalog (catalog_load.cpp) and apply_catalog_notes (catalog_notes.cpp).
#include <cmath>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "engine/catalog_fields.hpp"
#include "engine/text.hpp"

namespace gw::catalog_read {

using json = nlohmann::json;

inline std::string fmt_num(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.10g", v);
  return buf;
}

// "a string (\"2\")": what the user wrote, short enough for one line. Containers are never
// dumped: the serializer recurses, and a hostile file can nest 100k levels deep.
inline std::string describe(const json& v) {
  if (v.is_array()) return "an array";
  if (v.is_object()) return "an object";
  if (v.is_null()) return "null";
  std::string text = v.dump(-1, ' ', false, json::error_handler_t::replace);
  if (text.size() > 40) text = text.substr(0, 37) + "...";
  if (v.is_boolean()) return "a boolean (" + text + ")";
  if (v.is_string()) return "a string (" + text + ")";
  return "a number (" + text + ")";
}

// RFC 6901: '~' and '/' inside a key are escaped so the path stays unambiguous.
inline std::string pointer_escape(const std::string& key) {
  std::string out;
  for (char c : key) out += c == '~' ? std::string("~0") : c == '/' ? std::string("~1") : std::string(1, c);
  return out;
}

inline bool blank(const std::string& s) {
  return s.find_first_not_of(" \t\r\n") == std::string::npos;
}

// Ids appear in URLs, CLI flags and share links: lowercase letters and digits joined by single '-'.
inline bool valid_id(const std::string& s) {
  if (s.empty() || s.front() == '-' || s.back() == '-') return false;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const char c = s[i];
    const bool ok = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || (c == '-' && s[i - 1] != '-');
    if (!ok) return false;
  }
  return true;
}

inline bool valid_date(const std::string& s) {
  auto digits = [&](std::size_t from, std::size_t n) {
    for (std::size_t i = from; i < from + n; ++i)
      if (s[i] < '0' || s[i] > '9') return false;
    return true;
  };
  if ((s.size() != 7 && s.size() != 10) || !digits(0, 4) || s[4] != '-' || !digits(5, 2)) return false;
  const int year = std::stoi(s.substr(0, 4)), month = std::stoi(s.substr(5, 2));
  if (year < 1990 || year > 2100 || month < 1 || month > 12) return false;
  if (s.size() == 7) return true;
  if (s[7] != '-' || !digits(8, 2)) return false;
  const bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
  const int days[] = {31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  const int day = std::stoi(s.substr(8, 2));
  return day >= 1 && day <= days[month - 1];
}

// ---------------------------------------------------------------- syntax pass
// A SAX pass before building the DOM: it locates syntax errors by line and column and finds keys
// that appear twice in one object (the DOM would keep only the last one, silently).
class SyntaxCheck {
 public:
  explicit SyntaxCheck(std::string_view text, std::vector<Problem>& out) : text_(text), out_(out) {}
  bool failed() const { return failed_; }

  bool null() { return scalar(); }
  bool boolean(bool) { return scalar(); }
  bool number_integer(json::number_integer_t) { return scalar(); }
  bool number_unsigned(json::number_unsigned_t) { return scalar(); }
  bool number_float(json::number_float_t, const std::string&) { return scalar(); }
  bool string(std::string&) { return scalar(); }
  bool binary(json::binary_t&) { return scalar(); }
  bool start_object(std::size_t) { return open(true); }
  bool start_array(std::size_t) { return open(false); }
  bool end_object() { return close(); }
  bool end_array() { return close(); }
  bool key(std::string& k) {
    Frame& f = stack_.back();
    f.key = k;
    if (!f.keys.insert(k).second)
      out_.push_back({path(), "The key \"" + k + "\" appears more than once in this object; keep one."});
    return true;
  }
  bool parse_error(std::size_t position, const std::string&, const nlohmann::detail::exception& ex) {
    std::size_t line = 1, col = 0;
    for (std::size_t i = 0; i < position && i < text_.size(); ++i) {
      if (text_[i] == '\n')
        ++line, col = 0;
      else
        ++col;
    }
    std::string why = ex.what();
    if (auto p = why.find("] "); p != std::string::npos) why.erase(0, p + 2);
    if (why.rfind("parse error", 0) == 0)
      if (auto p = why.find(": "); p != std::string::npos) why.erase(0, p + 2);
    for (char& c : why)
      if (c == '\n' || c == '\r' || c == '\t') c = ' ';
    failed_ = true;
    out_.push_back({"", "The text is not valid JSON (line " + std::to_string(line) + ", column " +
                            std::to_string(col) + "): " + why + "."});
    return false;
  }

 private:
  struct Frame {
    bool object;
    std::set<std::string> keys;
    std::string key;
    std::size_t index = 0;
  };
  std::string path() const {
    std::string p;
    for (const Frame& f : stack_) p += "/" + (f.object ? pointer_escape(f.key) : std::to_string(f.index));
    return p;
  }
  bool scalar() {
    if (!stack_.empty() && !stack_.back().object) ++stack_.back().index;
    return true;
  }
  bool open(bool object) {
    stack_.push_back(Frame{object, {}, {}, 0});
    return true;
  }
  bool close() {
    stack_.pop_back();
    return scalar();
  }

  std::string_view text_;
  std::vector<Problem>& out_;
  std::vector<Frame> stack_;
  bool failed_ = false;
};

// ---------------------------------------------------------------- field reading
// A number's allowed interval (lo excluded when lo_open).
using Range = CatalogRange;
struct IntRange {
  long long lo, hi;
};

// One JSON object being read. It hands out fields by name, remembers which names were asked
// for, and finish() reports the rest: a misspelt optional field must not vanish silently.
class Fields {
 public:
  Fields(const json& obj, std::string path, std::vector<Problem>& out)
      : obj_(obj), path_(std::move(path)), out_(out) {}

  std::string at(const std::string& key) const { return path_ + "/" + key; }
  void fail(const std::string& key, std::string message) { out_.push_back({at(key), std::move(message)}); }
  std::vector<Problem>& out() { return out_; }

  // The field, or nullptr when absent. For optional fields null means absent too.
  const json* find(const char* key, bool required) {
    known_.insert(key);
    auto it = obj_.find(key);
    if (it == obj_.end() || (it->is_null() && !required)) {
      if (required) fail(key, "Required field \"" + std::string(key) + "\" is missing.");
      return nullptr;
    }
    return &*it;
  }
  bool has(const char* key) const {
    auto it = obj_.find(key);
    return it != obj_.end() && !it->is_null();
  }

  void wrong_type(const char* key, const json& v, const char* expected) {
    fail(key, "\"" + std::string(key) + "\" must be " + expected + ", not " + describe(v) + ".");
  }

  std::string str(const char* key, bool required) {
    const json* v = find(key, required);
    if (!v) return {};
    if (!v->is_string()) {
      wrong_type(key, *v, "a string");
      return {};
    }
    std::string s = v->get<std::string>();
    if (required && blank(s)) fail(key, "\"" + std::string(key) + "\" must not be empty.");
    return s;
  }

  std::string id(const char* key) {
    std::string s = str(key, true);
    if (!blank(s) && !valid_id(s))
      fail(key, "\"" + std::string(key) +
                    "\" must use only lowercase letters, digits and single '-' (got \"" + s + "\").");
    return s;
  }

  std::string one_of(const char* key, std::initializer_list<const char*> allowed, bool required) {
    return one_of(key, std::vector<const char*>(allowed), required);
  }
  std::string one_of(const char* key, const std::vector<const char*>& allowed, bool required) {
    std::string s = str(key, required);
    if (s.empty()) return s;
    std::string list;
    for (const char* a : allowed) {
      if (s == a) return s;
      list += (list.empty() ? "" : ", ") + std::string(a);
    }
    fail(key, "\"" + std::string(key) + "\" must be one of " + list + " (got \"" + s + "\").");
    return {};
  }

  std::string date(const char* key, bool required) {
    std::string s = str(key, required);
    if (!s.empty() && !valid_date(s))
      fail(key, "\"" + std::string(key) + "\" must be a real date written YYYY-MM or YYYY-MM-DD (got \"" + s +
                    "\").");
    return s;
  }

  std::optional<bool> boolean(const char* key, bool required) {
    const json* v = find(key, required);
    if (!v) return std::nullopt;
    if (!v->is_boolean()) {
      wrong_type(key, *v, "true or false");
      return std::nullopt;
    }
    return v->get<bool>();
  }
  void boolean_into(const char* key, bool& out) {
    if (auto b = boolean(key, false)) out = *b;
  }

  std::optional<double> number(const char* key, bool required, Range r) {
    const json* v = find(key, required);
    if (!v) return std::nullopt;
    if (!v->is_number()) {
      wrong_type(key, *v, "a number");
      return std::nullopt;
    }
    const double d = v->get<double>();
    std::string why;
    if (!std::isfinite(d))
      why = "must be a finite number";
    else if (r.lo_open && d <= r.lo)
      why = "must be greater than " + fmt_num(r.lo);
    else if (!r.lo_open && d < r.lo)
      why = "must be at least " + fmt_num(r.lo);
    else if (d > r.hi)
      why = "must be at most " + fmt_num(r.hi);
    if (why.empty()) return d;
    const char* hint =
        (!required && d == 0 && r.lo_open) ? "; leave the field out when the value is unknown" : "";
    fail(key, "\"" + std::string(key) + "\" " + why + " (got " + fmt_num(d) + ")" + hint + ".");
    return std::nullopt;
  }
  void number_into(const char* key, double& out, Range r) {
    if (auto d = number(key, false, r)) out = *d;
  }

  std::optional<int> integer(const char* key, bool required, IntRange r) {
    const json* v = find(key, required);
    if (!v) return std::nullopt;
    const double d = v->is_number() ? v->get<double>() : 0.5;
    if (!v->is_number() || !std::isfinite(d) || d != std::floor(d)) {
      wrong_type(key, *v, "a whole number");
      return std::nullopt;
    }
    if (d < static_cast<double>(r.lo) || d > static_cast<double>(r.hi)) {
      fail(key, "\"" + std::string(key) + "\" must be between " + std::to_string(r.lo) + " and " +
                    std::to_string(r.hi) + " (got " + fmt_num(d) + ").");
      return std::nullopt;
    }
    return static_cast<int>(d);
  }

  // {"en": ..., "zh": ...}; a required text needs its English.
  Text text(const char* key, bool required) {
    Text t;
    const json* v = find(key, required);
    if (!v) return t;
    if (!v->is_object()) {
      wrong_type(key, *v, "an object {\"en\": ..., \"zh\": ...}");
      return t;
    }
    Fields f(*v, at(key), out_);
    t.en = f.str("en", required);
    t.zh = f.str("zh", false);
    f.finish();
    return t;
  }

  // A plain string (an identifier such as "us-east-1", or English only) or {"en": ..., "zh": ...}.
  Text label(const char* key, bool required) {
    const json* v = find(key, required);
    if (!v) return {};
    if (v->is_string()) return Text{str(key, required), {}};
    if (v->is_object()) return text(key, true);
    wrong_type(key, *v, "a string or an object {\"en\": ..., \"zh\": ...}");
    return {};
  }

  const json* array(const char* key, bool required) {
    const json* v = find(key, required);
    if (v && !v->is_array()) {
      wrong_type(key, *v, "an array");
      return nullptr;
    }
    return v;
  }

  void finish() {
    for (auto it = obj_.begin(); it != obj_.end(); ++it)
      if (!known_.count(it.key()))
        out_.push_back({path_ + "/" + pointer_escape(it.key()), "Unknown field \"" + it.key() + "\"."});
  }

 private:
  const json& obj_;
  std::string path_;
  std::vector<Problem>& out_;
  std::set<std::string> known_;
};

// Calls read(fields, index) for each element of an array that is an object; reports the others.
template <class Read>
inline void each_object(const json* arr, const std::string& path, const char* what, std::vector<Problem>& out,
                        Read read) {
  if (!arr) return;
  for (std::size_t i = 0; i < arr->size(); ++i) {
    const std::string p = path + "/" + std::to_string(i);
    if (!(*arr)[i].is_object()) {
      out.push_back(
          {p, std::string("Each ") + what + " must be an object, not " + describe((*arr)[i]) + "."});
      continue;
    }
    Fields f((*arr)[i], p, out);
    read(f, i);
    f.finish();
  }
}

}  // namespace gw::catalog_read
