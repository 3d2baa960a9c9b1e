// load_catalog: parse and validate catalog JSON, collecting every problem with its JSON path.
// The input may be a hand-edited file, so the loader is strict: unknown or repeated keys, absurd
// magnitudes and dangling references are reported instead of being silently defaulted.
#include <cctype>
#include <cmath>
#include <cstdio>
#include <map>
#include <nlohmann/json.hpp>
#include <set>

#include "engine/catalog.hpp"

namespace gw {
namespace {

using json = nlohmann::json;

constexpr int kSchemaVersion = 1;

std::string fmt_num(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.10g", v);
  return buf;
}

// "a string (\"2\")": what the user wrote, short enough for one line. Containers are never
// dumped: the serializer recurses, and a hostile file can nest 100k levels deep.
std::string describe(const json& v) {
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
std::string pointer_escape(const std::string& key) {
  std::string out;
  for (char c : key) out += c == '~' ? std::string("~0") : c == '/' ? std::string("~1") : std::string(1, c);
  return out;
}

bool blank(const std::string& s) {
  return s.find_first_not_of(" \t\r\n") == std::string::npos;
}

// Ids appear in URLs, CLI flags and share links: lowercase letters and digits joined by single '-'.
bool valid_id(const std::string& s) {
  if (s.empty() || s.front() == '-' || s.back() == '-') return false;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const char c = s[i];
    const bool ok = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || (c == '-' && s[i - 1] != '-');
    if (!ok) return false;
  }
  return true;
}

bool valid_date(const std::string& s) {
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

// The same folding find_gpu uses (catalog.cpp), so alias clashes are judged the way lookups see them.
std::string squash(const std::string& s) {
  std::string out;
  for (unsigned char c : s)
    if (std::isalnum(c)) out += static_cast<char>(std::tolower(c));
  return out;
}
std::string strip_brand(std::string s) {
  for (const std::string p : {"nvidia", "geforce", "tesla", "amd", "instinct"})
    if (s.rfind(p, 0) == 0) s.erase(0, p.size());
  return s;
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
// Bounds are far above any real value; they exist so a typo such as 1e300 cannot overflow later
// arithmetic into inf.
struct Range {
  double lo;
  bool lo_open;
  double hi;
};
constexpr Range kPrice{0, true, 1e5};
constexpr Range kMoneyPerGb{0, false, 1e4};
constexpr Range kFraction{0, false, 1};
constexpr Range kDerate{0, true, 1};
constexpr Range kThroughput{0, true, 1e6};
constexpr Range kVram{0, true, 1e4};
constexpr Range kClockOrPower{0, true, 1e5};
constexpr Range kSeconds{0, false, 31 * 86400.0};
constexpr Range kPerHour{0, false, 60};
constexpr Range kGb{0, false, 1e7};
constexpr Range kAmount{0, true, 1e7};
constexpr Range kMinSpend{0, false, 1e7};
constexpr Range kUsdCny{1, true, 50};

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
void each_object(const json* arr, const std::string& path, const char* what, std::vector<Problem>& out,
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

Gpu read_gpu(Fields& f) {
  Gpu g;
  g.id = f.id("id");
  g.name = f.str("name", true);
  if (const json* a = f.array("aliases", false)) {
    for (std::size_t i = 0; i < a->size(); ++i) {
      const json& v = (*a)[i];
      const std::string p = f.at("aliases") + "/" + std::to_string(i);
      if (!v.is_string())
        f.out().push_back({p, "Each alias must be a string, not " + describe(v) + "."});
      else if (squash(v.get<std::string>()).empty())
        f.out().push_back({p, "An alias needs at least one letter or digit."});
      else
        g.aliases.push_back(v.get<std::string>());
    }
  }
  g.vendor = f.str("vendor", true);
  g.segment = f.str("segment", false);
  g.architecture = f.str("architecture", false);
  g.release_year = f.integer("release_year", false, {1990, 2100});
  g.vram_gib = f.number("vram_gib", true, kVram).value_or(0);
  g.memory_type = f.str("memory_type", false);
  g.memory_bandwidth_gbs = f.number("memory_bandwidth_gbs", false, kThroughput);
  g.boost_clock_mhz = f.number("boost_clock_mhz", false, kClockOrPower);
  g.cuda_cores = f.integer("cuda_cores", false, {1, 10000000});
  g.tensor_cores = f.integer("tensor_cores", false, {0, 10000000});
  g.fp32_tflops = f.number("fp32_tflops", false, kThroughput);
  g.fp16_tensor_fp16acc_tflops = f.number("fp16_tensor_fp16acc_tflops", false, kThroughput);
  g.fp16_tensor_fp32acc_tflops = f.number("fp16_tensor_fp32acc_tflops", false, kThroughput);
  g.bf16_tensor_tflops = f.number("bf16_tensor_tflops", false, kThroughput);
  g.tf32_tensor_tflops = f.number("tf32_tensor_tflops", false, kThroughput);
  g.fp8_tensor_tflops = f.number("fp8_tensor_tflops", false, kThroughput);
  g.fp64_tflops = f.number("fp64_tflops", false, kThroughput);
  g.fp64_tensor_tflops = f.number("fp64_tensor_tflops", false, kThroughput);
  g.int8_tensor_tops = f.number("int8_tensor_tops", false, kThroughput);
  g.tdp_w = f.number("tdp_w", false, kClockOrPower);
  g.pcie = f.str("pcie", false);
  g.pcie_gen = f.integer("pcie_gen", false, {1, 7});
  g.pcie_lanes = f.integer("pcie_lanes", false, {1, 32});
  g.nvlink = f.str("nvlink", false);
  f.boolean_into("has_nvlink", g.has_nvlink);
  g.ecc = f.boolean("ecc", false);
  g.nvenc = f.str("nvenc", false);
  g.compute_capability = f.str("compute_capability", false);
  g.source = f.str("source", false);
  g.notes = f.str("notes", false);
  return g;
}

Program read_program(Fields& f) {
  Program p;
  p.id = f.id("id");
  p.kind = f.one_of("kind", {"student_discount", "coupon", "credit", "member_discount"}, true);
  p.name = f.text("name", true);
  p.discount_fraction = f.number("discount_fraction", false, kFraction);
  p.amount = f.number("amount", false, kAmount);
  const bool money = f.has("amount") || f.has("min_spend");
  p.currency = f.one_of("currency", {"CNY", "USD"}, money);
  p.min_spend = f.number("min_spend", false, kMinSpend);
  p.expiry_days = f.integer("expiry_days", false, {1, 3650});
  f.boolean_into("stackable", p.stackable);
  f.boolean_into("applies_to_gpu", p.applies_to_gpu);
  f.boolean_into("needs_student", p.needs_student);
  f.boolean_into("new_users_only", p.new_users_only);
  p.notes = f.text("notes", false);
  p.source = f.str("source", true);
  p.source_date = f.date("source_date", false);
  return p;
}

Provider read_provider(Fields& f) {
  Provider p;
  p.id = f.id("id");
  p.name = f.text("name", true);
  p.currency = f.one_of("currency", {"CNY", "USD"}, true);
  p.market = f.one_of("market", {"cn", "intl"}, true);
  const std::string g = f.one_of("granularity", {"second", "minute", "hour"}, true);
  p.granularity = g == "minute" ? Granularity::minute : g == "hour" ? Granularity::hour : Granularity::second;
  f.number_into("min_billed_seconds", p.min_billed_seconds, kSeconds);
  p.bills_from_creation = f.boolean("bills_from_creation", true).value_or(false);
  p.billing_note = f.text("billing_note", false);
  p.disk_running_per_gb_month = f.number("disk_running_per_gb_month", false, kMoneyPerGb);
  p.disk_stopped_per_gb_month = f.number("disk_stopped_per_gb_month", false, kMoneyPerGb);
  f.number_into("free_disk_gb", p.free_disk_gb, kGb);
  p.egress_per_gb = f.number("egress_per_gb", false, kMoneyPerGb);
  f.number_into("egress_free_gb_per_month", p.egress_free_gb_per_month, kGb);
  f.boolean_into("ingress_free", p.ingress_free);
  f.boolean_into("internal_network_free", p.internal_network_free);
  p.has_spot = f.boolean("has_spot", true).value_or(false);
  p.spot_discount_fraction = f.number("spot_discount_fraction", false, kFraction);
  p.spot_notice_seconds = f.number("spot_notice_seconds", false, kSeconds);
  p.spot_interruptions_per_hour = f.number("spot_interruptions_per_hour", false, kPerHour);
  p.spot_note = f.text("spot_note", false);
  if (!p.has_spot)
    for (const char* k : {"spot_discount_fraction", "spot_notice_seconds", "spot_interruptions_per_hour"})
      if (f.has(k)) f.fail(k, "\"" + std::string(k) + "\" is set but \"has_spot\" is false.");
  each_object(f.array("programs", false), f.at("programs"), "programme", f.out(),
              [&](Fields& pf, std::size_t) { p.programs.push_back(read_program(pf)); });
  p.source = f.str("source", true);
  p.source_date = f.date("source_date", true);
  return p;
}

Offer read_offer(Fields& f) {
  Offer o;
  o.id = f.id("id");
  o.provider = f.str("provider", true);
  o.region = f.label("region", true);
  o.gpu = f.str("gpu", true);
  o.gpu_count = f.integer("gpu_count", true, {1, 64}).value_or(1);
  o.instance_type = f.label("instance_type", false);
  o.currency = f.one_of("currency", {"CNY", "USD"}, true);
  const auto on_demand = f.number("on_demand_per_hour", true, kPrice);
  o.on_demand_per_hour = on_demand.value_or(0);
  o.on_demand_low_per_hour = f.number("on_demand_low_per_hour", false, kPrice);
  o.on_demand_high_per_hour = f.number("on_demand_high_per_hour", false, kPrice);
  o.spot_per_hour = f.number("spot_per_hour", false, kPrice);
  f.boolean_into("price_is_estimate", o.price_is_estimate);
  f.number_into("derate", o.derate, kDerate);
  o.derate_note = f.text("derate_note", false);
  o.price_date = f.date("price_date", true);
  o.source = f.str("source", true);
  o.notes = f.text("notes", false);

  const auto& low = o.on_demand_low_per_hour;
  const auto& high = o.on_demand_high_per_hour;
  if (f.has("on_demand_low_per_hour") != f.has("on_demand_high_per_hour"))
    f.fail(f.has("on_demand_low_per_hour") ? "on_demand_high_per_hour" : "on_demand_low_per_hour",
           "A price range needs both \"on_demand_low_per_hour\" and \"on_demand_high_per_hour\".");
  if (low && high && *low > *high)
    f.fail("on_demand_low_per_hour",
           "The range is upside down: low " + fmt_num(*low) + " is above high " + fmt_num(*high) + ".");
  else if (low && high && on_demand && (*on_demand < *low || *on_demand > *high))
    f.fail("on_demand_per_hour", "\"on_demand_per_hour\" " + fmt_num(*on_demand) +
                                     " lies outside its range " + fmt_num(*low) + "-" + fmt_num(*high) + ".");
  const double ceiling = high ? *high : o.on_demand_per_hour;
  if (o.spot_per_hour && on_demand && *o.spot_per_hour > ceiling)
    f.fail("spot_per_hour", "The spot price " + fmt_num(*o.spot_per_hour) + " is above the on-demand price " +
                                fmt_num(ceiling) + ".");
  if (o.derate < 1 && o.derate_note.empty())
    f.fail("derate_note", "A \"derate\" below 1 needs a \"derate_note\" saying why the offer is slower.");
  return o;
}

// ---------------------------------------------------------------- whole-catalog checks
void check_unique(const std::vector<std::pair<std::string, std::string>>& ids, const char* what,
                  std::vector<Problem>& out) {
  std::map<std::string, std::string> first;
  for (const auto& [id, path] : ids) {
    if (id.empty()) continue;
    auto [it, fresh] = first.emplace(id, path);
    if (!fresh)
      out.push_back(
          {path + "/id", std::string(what) + " id \"" + id + "\" is already used at " + it->second + "."});
  }
}

// find_gpu takes the first exact hit, so an alias naming another GPU would silently shadow it.
void check_aliases(const std::vector<Gpu>& gpus, const std::vector<std::string>& paths,
                   std::vector<Problem>& out) {
  std::map<std::string, std::size_t> owner;
  for (std::size_t i = 0; i < gpus.size(); ++i) {
    const std::string name = squash(gpus[i].name);
    for (const std::string& n : {squash(gpus[i].id), name, strip_brand(name)}) owner.emplace(n, i);
  }
  for (std::size_t i = 0; i < gpus.size(); ++i)
    for (std::size_t a = 0; a < gpus[i].aliases.size(); ++a) {
      auto [it, fresh] = owner.emplace(squash(gpus[i].aliases[a]), i);
      if (!fresh && it->second != i)
        out.push_back({paths[i] + "/aliases/" + std::to_string(a),
                       "The alias \"" + gpus[i].aliases[a] + "\" also names GPU \"" + gpus[it->second].id +
                           "\" (" + paths[it->second] + "), so a lookup would silently pick one of them."});
    }
}

void check_offers(const Catalog& c, const std::vector<std::string>& paths, std::vector<Problem>& out) {
  for (std::size_t i = 0; i < c.offers.size(); ++i) {
    const Offer& o = c.offers[i];
    const std::string& p = paths[i];
    if (!o.gpu.empty() && !c.gpu(o.gpu))
      out.push_back(
          {p + "/gpu", "Offer \"" + o.id + "\" refers to GPU \"" + o.gpu + "\", which is not in \"gpus\"."});
    const Provider* pr = o.provider.empty() ? nullptr : c.provider(o.provider);
    if (!o.provider.empty() && !pr)
      out.push_back({p + "/provider", "Offer \"" + o.id + "\" refers to provider \"" + o.provider +
                                          "\", which is not in \"providers\"."});
    if (!pr) continue;
    if (!o.currency.empty() && !pr->currency.empty() && o.currency != pr->currency)
      out.push_back({p + "/currency", "Offer \"" + o.id + "\" is priced in " + o.currency +
                                          " but provider \"" + pr->id + "\" bills in " + pr->currency + "."});
    if (o.spot_per_hour && !pr->has_spot)
      out.push_back({p + "/spot_per_hour", "Offer \"" + o.id + "\" has a spot price but provider \"" +
                                               pr->id + "\" has no spot tier (\"has_spot\" is false)."});
  }
}

}  // namespace

CatalogLoad load_catalog(std::string_view json_text) {
  CatalogLoad result;
  std::vector<Problem>& out = result.problems;
  if (json_text.size() > kMaxCatalogBytes) {
    out.push_back({"", "The catalog is " + std::to_string(json_text.size() >> 20) +
                           " MiB; gpuwise reads catalogs up to " + std::to_string(kMaxCatalogBytes >> 20) +
                           " MiB (about 100,000 offers)."});
    return result;
  }
  try {
    SyntaxCheck syntax(json_text, out);
    json::sax_parse(json_text.begin(), json_text.end(), &syntax);
    if (syntax.failed()) return result;
    const json root = json::parse(json_text.begin(), json_text.end(), nullptr, false);
    if (root.is_discarded()) {
      out.push_back({"", "The text is not valid JSON."});
      return result;
    }
    if (!root.is_object()) {
      out.push_back({"", "A catalog must be a JSON object, not " + describe(root) + "."});
      return result;
    }

    Fields top(root, "", out);
    Catalog c;
    if (auto v = top.integer("schema_version", true, {-1000000, 1000000})) {
      c.schema_version = *v;
      if (*v != kSchemaVersion) {
        out.push_back({"/schema_version", "\"schema_version\" " + std::to_string(*v) +
                                              " is not supported; this build reads version " +
                                              std::to_string(kSchemaVersion) + "."});
        return result;  // a different version may mean different fields: checking them would mislead
      }
    }
    c.catalog_version = top.str("catalog_version", true);
    c.catalog_date = top.date("catalog_date", true);
    c.usd_cny = top.number("usd_cny", true, kUsdCny).value_or(c.usd_cny);
    c.usd_cny_date = top.date("usd_cny_date", true);

    std::vector<std::string> gpu_paths, provider_paths, offer_paths;
    std::vector<std::pair<std::string, std::string>> gpu_ids, provider_ids, program_ids, offer_ids;
    auto non_empty = [&](const json* arr, const char* key) {
      if (arr && arr->empty())
        out.push_back({"/" + std::string(key), "\"" + std::string(key) + "\" is empty."});
      return arr;
    };
    each_object(non_empty(top.array("gpus", true), "gpus"), "/gpus", "GPU", out,
                [&](Fields& f, std::size_t i) {
                  c.gpus.push_back(read_gpu(f));
                  gpu_paths.push_back("/gpus/" + std::to_string(i));
                  gpu_ids.emplace_back(c.gpus.back().id, gpu_paths.back());
                });
    each_object(non_empty(top.array("providers", true), "providers"), "/providers", "provider", out,
                [&](Fields& f, std::size_t i) {
                  c.providers.push_back(read_provider(f));
                  provider_paths.push_back("/providers/" + std::to_string(i));
                  provider_ids.emplace_back(c.providers.back().id, provider_paths.back());
                  const auto& programs = c.providers.back().programs;
                  for (std::size_t k = 0; k < programs.size(); ++k)
                    program_ids.emplace_back(programs[k].id,
                                             provider_paths.back() + "/programs/" + std::to_string(k));
                });
    each_object(non_empty(top.array("offers", true), "offers"), "/offers", "offer", out,
                [&](Fields& f, std::size_t i) {
                  c.offers.push_back(read_offer(f));
                  offer_paths.push_back("/offers/" + std::to_string(i));
                  offer_ids.emplace_back(c.offers.back().id, offer_paths.back());
                });
    top.finish();

    check_unique(gpu_ids, "GPU", out);
    check_unique(provider_ids, "Provider", out);
    check_unique(program_ids, "Programme", out);
    check_unique(offer_ids, "Offer", out);
    check_aliases(c.gpus, gpu_paths, out);
    check_offers(c, offer_paths, out);
    if (out.empty()) result.catalog = std::move(c);
  } catch (const std::exception& e) {
    // Not expected (every access above is type-checked); kept so a bug can never escape as a throw.
    result.catalog.reset();
    out.push_back({"", std::string("The catalog could not be read: ") + e.what() + "."});
  }
  return result;
}

}  // namespace gw
