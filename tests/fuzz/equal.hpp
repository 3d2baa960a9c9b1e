#pragma once
// Field-by-field comparison and finiteness checks shared by the fuzz targets and the property tests.
// Each diff_* returns "" when equal, else the path of the first difference with both values, so a
// failing round trip says exactly which field was lost. Header-only: fuzz targets link no test code.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>
#include <sstream>
#include <string>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "engine/catalog.hpp"
#include "engine/catalog_fields.hpp"
#include "engine/estimate.hpp"
#include "engine/input.hpp"
#include "engine/recommend.hpp"
#include "engine/scenario.hpp"
#include "engine/workload.hpp"

// The harness's own comparisons are not what a target fuzzes: left out of coverage, they cost no
// callback per compared field and add no features that only say which catalog field was compared.
#if defined(__clang__)
#define GW_NOT_FUZZED __attribute__((no_sanitize("coverage")))
#else
#define GW_NOT_FUZZED
#endif

namespace gw::testing {

inline std::string show(double v) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.17g", v);
  return buf;
}
inline std::string show(const std::string& s) {
  return "'" + s + "'";
}
inline std::string show(bool b) {
  return b ? "true" : "false";
}
template <class T>
std::string show(const T& v) {
  if constexpr (std::is_enum_v<T>) {
    return std::to_string(static_cast<long long>(v));
  } else {
    std::ostringstream os;
    os << v;
    return os.str();
  }
}
template <class T>
std::string show(const std::optional<T>& v) {
  return v ? show(*v) : std::string("(none)");
}

// Fields compared with == before any path is built: a diff of a whole catalog allocates nothing unless
// something differs (the fuzz targets compare catalogs on every input).
template <class T>
struct plain_field : std::bool_constant<std::is_arithmetic_v<T> || std::is_enum_v<T>> {};
template <>
struct plain_field<std::string> : std::true_type {};
template <class T>
struct plain_field<std::optional<T>> : plain_field<T> {};
template <class T>
struct plain_field<std::vector<T>> : plain_field<T> {};

// Where a field sits ("catalog.offers/12.price"): a chain of nodes on the stack, turned into text only
// when a difference is found, so comparing two equal catalogs allocates nothing (fuzz_catalog_notes
// compares the whole catalog after every refused notes file; building each field's path cost ~95% of it).
struct Path {
  const Path* parent = nullptr;
  const char* key = nullptr;  // null: element `index` of a list
  std::size_t index = 0;
  std::string text() const {
    if (!parent) return key ? key : "";
    return parent->text() + (key ? std::string(".") + key : "/" + std::to_string(index));
  }
};

// Collects the first difference; later checks are no-ops once one is found.
struct Differ {
  std::string first;
  template <class T>
  GW_NOT_FUZZED bool same(const T& a, const T& b) {
    if (!first.empty()) return true;
    if constexpr (plain_field<T>::value)
      if (a == b) return true;
    if constexpr (std::is_same_v<T, Text>)
      if (a.en == b.en && a.zh == b.zh) return true;
    return false;
  }
  template <class T>
  GW_NOT_FUZZED void eq(const Path& path, const T& a, const T& b) {
    if (first.empty() && !(a == b)) first = path.text() + ": " + show(a) + " vs " + show(b);
  }
  GW_NOT_FUZZED void eq(const Path& path, const Text& a, const Text& b) {
    eq(Path{&path, "en"}, a.en, b.en);
    eq(Path{&path, "zh"}, a.zh, b.zh);
  }
  template <class T>
  GW_NOT_FUZZED void eq(const Path& path, const std::vector<T>& a, const std::vector<T>& b) {
    if (!first.empty()) return;
    if (a.size() != b.size()) {
      first = path.text() + ": size " + std::to_string(a.size()) + " vs " + std::to_string(b.size());
      return;
    }
    for (std::size_t i = 0; i < a.size() && first.empty(); ++i) {
      if constexpr (plain_field<T>::value)
        if (a[i] == b[i]) continue;
      eq(Path{&path, nullptr, i}, a[i], b[i]);
    }
  }
  // Catalog records: every field of its table (engine/catalog_fields.hpp), so a field added to a table is
  // compared here without a change.
  template <class R>
  GW_NOT_FUZZED void record(const Path& path, const R& a, const R& b,
                            const std::vector<CatalogField<R>>& table) {
    for (const CatalogField<R>& f : table) {
      if (!first.empty()) return;
      std::visit(
          [&](auto m) GW_NOT_FUZZED {
            if (!same(a.*m, b.*m)) eq(Path{&path, f.key}, a.*m, b.*m);
          },
          f.member);
    }
  }
  GW_NOT_FUZZED void eq(const Path& path, const Program& a, const Program& b) {
    record(path, a, b, program_fields());
  }
  GW_NOT_FUZZED void eq(const Path& path, const Gpu& a, const Gpu& b) { record(path, a, b, gpu_fields()); }
  GW_NOT_FUZZED void eq(const Path& path, const Provider& a, const Provider& b) {
    record(path, a, b, provider_fields());
  }
  GW_NOT_FUZZED void eq(const Path& path, const ProviderAccess& a, const ProviderAccess& b) {
    record(path, a, b, access_fields());
  }
  GW_NOT_FUZZED void eq(const Path& path, const Package& a, const Package& b) {
    record(path, a, b, package_fields());
  }
  GW_NOT_FUZZED void eq(const Path& path, const Offer& a, const Offer& b) {
    record(path, a, b, offer_fields());
  }
  GW_NOT_FUZZED void eq(const Path& path, const UnpricedPlatform& a, const UnpricedPlatform& b) {
    record(path, a, b, unpriced_fields());
  }
};

// `with_identity` = false skips preset and title, which a link does not carry for a custom job.
// Every field of the input table (engine/input.hpp), compared by its canonical text (exact for numbers),
// so a field added to the table is compared here without a change.
inline std::string diff_input_fields(const Scenario& a, const Scenario& b, bool workload,
                                     bool with_identity) {
  for (const InputField& f : input_fields()) {
    if (f.workload != workload) continue;
    if (!with_identity && std::string_view(f.key).rfind("title", 0) == 0) continue;
    // Equal values have equal text (0 and -0 differ in text, so the sign is compared too): the text,
    // which costs a formatted number each, is made only for values that differ.
    if (f.get) {
      const std::optional<double> u = f.get(a), v = f.get(b);
      if (u == v && (!u || std::signbit(*u) == std::signbit(*v))) continue;
    }
    const std::string x = input_text(f, a), y = input_text(f, b);
    if (x != y)
      return std::string(workload ? "workload." : "constraints.") + f.name + ": '" + x + "' vs '" + y + "'";
  }
  return "";
}

// Every field of the input table, so a field added to the table is compared without a change here; the
// preset's id (identity, not a field) besides.
inline std::string diff_workload(const Workload& a, const Workload& b, bool with_identity = true) {
  if (with_identity && a.preset != b.preset)
    return "workload.preset: '" + a.preset + "' vs '" + b.preset + "'";
  Scenario x, y;
  x.workload = a;
  y.workload = b;
  return diff_input_fields(x, y, true, with_identity);
}

inline std::string diff_constraints(const Constraints& a, const Constraints& b) {
  Scenario x, y;
  x.constraints = a;
  y.constraints = b;
  return diff_input_fields(x, y, false, true);
}

inline std::string diff_scenario(const Scenario& a, const Scenario& b, bool with_identity = true) {
  if (with_identity && a.workload.preset != b.workload.preset)
    return "workload.preset: '" + a.workload.preset + "' vs '" + b.workload.preset + "'";
  // The scenarios themselves, not copies of their halves (diff_workload): no allocation when equal.
  std::string w = diff_input_fields(a, b, true, with_identity);
  if (!w.empty()) return w;
  std::string c = diff_input_fields(a, b, false, true);
  if (!c.empty()) return c;
  if (a.price_overrides != b.price_overrides) {
    std::string s = "price_overrides:";
    for (const auto& [k, v] : a.price_overrides) s += " " + k + "=" + show(v);
    s += " vs";
    for (const auto& [k, v] : b.price_overrides) s += " " + k + "=" + show(v);
    return s;
  }
  if (a.catalog_version != b.catalog_version)
    return "catalog_version: " + a.catalog_version + " vs " + b.catalog_version;
  return "";
}

inline std::string diff_catalog(const Catalog& a, const Catalog& b) {
  Differ d;
  d.record(Path{nullptr, "catalog"}, a, b, catalog_top_fields());
  return d.first;
}

// ---- finiteness: "" when every number is finite, else the first path that is not
struct FiniteCheck {
  std::string first;
  void num(const std::string& path, double v) {
    if (first.empty() && !std::isfinite(v)) first = path + " = " + show(v);
  }
  // `prefix` + `name`, joined only when the number is not finite.
  void num(const std::string& prefix, const char* name, double v) {
    if (first.empty() && !std::isfinite(v)) first = prefix + name + " = " + show(v);
  }
  void num(const std::string& prefix, const char* name, const std::optional<double>& v) {
    if (v) num(prefix, name, *v);
  }
  void num(const std::string& path, const std::optional<double>& v) {
    if (v) num(path, *v);
  }
  void range(const std::string& path, const Range& r) {
    num(path + ".low", r.low);
    num(path + ".likely", r.likely);
    num(path + ".high", r.high);
  }
  void explain(const std::string& path, const Explain& e) {
    for (const ExplainInput& in : e.inputs) num(path + "." + in.name, in.value);
  }
};

inline std::string nonfinite_in(const Workload& w) {
  FiniteCheck f;
  f.num("params", w.params);
  f.num("act", w.activation_mib_per_sample);
  f.num("gflops", w.gflops_per_sample);
  f.num("bps", w.bytes_per_sample_mib);
  f.num("ws", w.working_set_gib);
  f.num("wbits", w.weight_bits);
  f.num("samples", w.dataset_samples);
  f.num("epochs", w.epochs);
  f.num("tokens", w.tokens);
  f.num("ibatch", w.inference_batch);
  f.num("ctx", w.context_tokens);
  f.num("ref_hours", w.compute_hours_fp32_ref);
  f.num("dl", w.data_loading_share);
  if (w.reference) f.num("reference.hours", w.reference->hours);
  return f.first;
}

inline std::string nonfinite_in(const Constraints& c) {
  FiniteCheck f;
  f.num("budget", c.budget);
  f.num("deadline", c.deadline_hours);
  f.num("fx", c.usd_cny);
  f.num("setup", c.setup_hours);
  f.num("idle", c.idle_tail_hours);
  f.num("disk", c.disk_gb);
  f.num("months", c.storage_months);
  f.num("data", c.dataset_gb);
  f.num("up", c.upload_mbps);
  f.num("egress", c.egress_gb);
  f.num("extras", c.extras_per_month);
  f.num("irate", c.interruptions_per_hour);
  f.num("ckw", c.checkpoint_write_minutes);
  f.num("cki", c.checkpoint_interval_hours);
  f.num("restart", c.restart_minutes);
  return f.first;
}

inline std::string nonfinite_in(const Scenario& s) {
  std::string w = nonfinite_in(s.workload);
  if (!w.empty()) return "workload." + w;
  std::string c = nonfinite_in(s.constraints);
  if (!c.empty()) return "constraints." + c;
  for (const auto& [k, v] : s.price_overrides)
    if (!std::isfinite(v)) return "price." + k;
  return "";
}

inline bool finite_value(double v) {
  return std::isfinite(v);
}
inline bool finite_value(const std::optional<double>& v) {
  return !v || std::isfinite(*v);
}

// Every number of every catalog record, by its table; paths are built only for a non-finite number.
template <class R>
void finite_record(FiniteCheck& f, const Path& path, const R& r, const std::vector<CatalogField<R>>& table);
template <class R>
void finite_records(FiniteCheck& f, const Path& path, const std::vector<R>& list,
                    const std::vector<CatalogField<R>>& table) {
  for (std::size_t i = 0; i < list.size() && f.first.empty(); ++i)
    finite_record(f, Path{&path, nullptr, i}, list[i], table);
}
template <class R>
GW_NOT_FUZZED void finite_record(FiniteCheck& f, const Path& path, const R& r,
                                 const std::vector<CatalogField<R>>& table) {
  for (const CatalogField<R>& field : table)
    std::visit(
        [&](auto m) GW_NOT_FUZZED {
          using M = std::decay_t<decltype(r.*m)>;
          const M& v = r.*m;
          const Path here{&path, field.key};
          if constexpr (std::is_same_v<M, double> || std::is_same_v<M, std::optional<double>>) {
            if (f.first.empty() && !finite_value(v)) f.first = here.text() + " = " + show(v);
          } else if constexpr (std::is_same_v<M, ProviderAccess>) {
            finite_record(f, here, v, access_fields());
          } else if constexpr (std::is_same_v<M, std::vector<Program>>) {
            finite_records(f, here, v, program_fields());
          } else if constexpr (std::is_same_v<M, std::vector<Package>>) {
            finite_records(f, here, v, package_fields());
          } else if constexpr (std::is_same_v<M, std::vector<Gpu>>) {
            finite_records(f, here, v, gpu_fields());
          } else if constexpr (std::is_same_v<M, std::vector<Provider>>) {
            finite_records(f, here, v, provider_fields());
          } else if constexpr (std::is_same_v<M, std::vector<Offer>>) {
            finite_records(f, here, v, offer_fields());
          }
        },
        field.member);
}

inline std::string nonfinite_in(const Catalog& c) {
  FiniteCheck f;
  finite_record(f, Path{nullptr, "catalog"}, c, catalog_top_fields());
  return f.first;
}

inline std::string nonfinite_in(const GpuEstimate& e) {
  FiniteCheck f;
  const MemoryBreakdown& m = e.memory;
  f.num("derate", e.derate);
  f.num("weights", m.weights_gib);
  f.num("gradients", m.gradients_gib);
  f.num("optimizer", m.optimizer_gib);
  f.num("activations", m.activations_gib);
  f.num("kv", m.kv_cache_gib);
  f.num("overhead", m.overhead_gib);
  f.num("total", m.total_gib());
  f.num("vram", e.vram_gib);
  f.num("headroom", e.headroom_gib);
  f.num("tflops", e.effective_tflops);
  f.num("scaling", e.scaling_efficiency);
  f.num("throughput", e.throughput);
  f.range("hours", e.hours);
  for (const FitAdvice& a : e.advice) f.num("advice." + std::string(to_string(a.kind)), a.total_gib_after);
  f.explain("memory_explain", e.memory_explain);
  f.explain("time_explain", e.time_explain);
  return f.first.empty() ? "" : e.gpu + " x" + std::to_string(e.gpu_count) + ": " + f.first;
}

// `word` stands alone in `s` (not part of "information" or "finance").
inline bool has_word(const std::string& s, const std::string& word) {
  auto letter = [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); };
  for (std::size_t p = s.find(word); p != std::string::npos; p = s.find(word, p + 1)) {
    const bool left = p > 0 && letter(s[p - 1]);
    const bool right = p + word.size() < s.size() && letter(s[p + word.size()]);
    if (!left && !right) return true;
  }
  return false;
}

// ---- sentences. A number the engine formats wrongly reads "nan" or "inf" (%g, std::to_string, in either
// language). The user's own text may hold those letters too ("GTX%2inf80", a GPU named "nan"), and a
// message that quotes it is not a broken number: that false alarm once stopped a campaign (issue 19). So
// the check first masks what the sentence quotes and every piece of user text it may echo without quotes,
// then looks for a bare word. The numbers themselves are checked as numbers (FiniteCheck) besides.

// `s` is only a non-finite word ("nan", " -inf", "Infinity"), nothing else: it could itself be mistaken
// for a formatted number, so it is masked only where the sentence quotes it.
inline bool is_nonfinite_word(const std::string& s) {
  std::string t;
  for (char c : s)
    if (c != ' ' && c != '\t' && c != '-' && c != '+')
      t += static_cast<char>(c >= 'A' && c <= 'Z' ? c + 32 : c);
  return t == "nan" || t == "inf" || t == "infinity";
}

// `sentence` with each occurrence of the user's strings replaced by '#' (longest first, so a name that
// contains another is masked whole). Quoted forms first: ASCII quotes and the Chinese “” and 「」.
inline std::string mask_user_text(std::string sentence, std::vector<std::string> user) {
  std::sort(user.begin(), user.end(),
            [](const std::string& a, const std::string& b) { return a.size() > b.size(); });
  auto replace_all = [&sentence](const std::string& what) {
    if (what.empty()) return;
    for (std::size_t p = sentence.find(what); p != std::string::npos; p = sentence.find(what, p + 1))
      sentence.replace(p, what.size(), "#");
  };
  for (const std::string& u : user) {
    if (u.empty()) continue;
    for (const char* q : {"'", "\"", "`"}) replace_all(q + u + q);
    replace_all("\u201c" + u + "\u201d");
    replace_all("\u2018" + u + "\u2019");
    replace_all("\u300c" + u + "\u300d");
    replace_all("\uff08" + u + "\uff09");
    if (!is_nonfinite_word(u)) replace_all(u);
  }
  return sentence;
}

// A sentence built from numbers that went wrong: "nan", "inf" as words, in either language, once the
// user's own text (`user`: every string the question carried) is masked out.
// `sentence` with what it quotes replaced by '#': text between "", between '' (an apostrophe inside a word,
// "GPU's", is not a quote), between “” ‘’ 「」 『』. The engine quotes what the user typed; it does not quote
// the numbers it formats.
inline std::string mask_quoted(const std::string& sentence) {
  auto word_char = [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
  };
  static const std::pair<std::string, std::string> kPairs[] = {
      {"\"", "\""}, {"\u201c", "\u201d"}, {"\u2018", "\u2019"}, {"\u300c", "\u300d"}, {"\u300e", "\u300f"}};
  std::string out;
  std::size_t i = 0;
  while (i < sentence.size()) {
    std::size_t close = std::string::npos, close_len = 0;
    if (sentence[i] == '\'' && (i == 0 || !word_char(sentence[i - 1]))) {
      for (std::size_t j = sentence.find('\'', i + 1); j != std::string::npos; j = sentence.find('\'', j + 1))
        if (j + 1 >= sentence.size() || !word_char(sentence[j + 1])) {
          close = j, close_len = 1;
          break;
        }
    } else {
      for (const auto& [open, end] : kPairs)
        if (sentence.compare(i, open.size(), open) == 0) {
          close = sentence.find(end, i + open.size()), close_len = end.size();
          break;
        }
    }
    if (close == std::string::npos) {
      out += sentence[i++];
      continue;
    }
    out += "'#'";
    i = close + close_len;
  }
  return out;
}

inline bool has_nonfinite_word(const std::string& s) {
  for (const char* bad : {"nan", "inf", "NaN", "Inf", "-nan", "INF", "NAN", "Infinity", "infinity"})
    if (has_word(s, bad)) return true;
  return false;
}

// A sentence built from numbers that went wrong: "nan", "inf" as words, in either language, once what it
// quotes and the user's own text (`user`: every string the question carried) are masked out.
inline bool prints_nonfinite(const Text& t, const std::vector<std::string>& user = {}) {
  for (const std::string* s : {&t.en, &t.zh}) {
    if (!has_nonfinite_word(*s)) continue;  // the usual case, and the cheap one
    std::string masked = mask_quoted(*s);
    if (!user.empty() && has_nonfinite_word(masked)) masked = mask_user_text(masked, user);
    if (has_nonfinite_word(masked)) return true;
  }
  return false;
}

// Where "nan" and "inf" stand as words in `s`, each as [begin, end).
inline std::vector<std::pair<std::size_t, std::size_t>> nonfinite_words(const std::string& s) {
  auto letter = [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); };
  std::string low = s;
  for (char& c : low) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c + 32 : c);
  std::vector<std::pair<std::size_t, std::size_t>> out;
  for (const std::string word : {"nan", "infinity", "inf"})
    for (std::size_t p = low.find(word); p != std::string::npos; p = low.find(word, p + 1)) {
      const std::size_t e = p + word.size();
      if ((p > 0 && letter(low[p - 1])) || (e < low.size() && letter(low[e]))) continue;
      out.emplace_back(p, e);
    }
  return out;
}

// The word at [b, e) of `sentence` was copied from one of `source` (the pasted lines, as cleaned for an
// excerpt): the word with a few of its neighbours on one side reads the same there. A checker that
// quotes a paste may cut it anywhere and the paste's own quote marks can end a quote early
// ("starts with "SMI"ha... Limit : inf W""), so quote marks alone cannot tell it. A number the checker
// formats has its own neighbours ("draws inf W"), which the paste does not hold.
inline bool copied_from(const std::string& sentence, std::size_t b, std::size_t e,
                        const std::vector<std::string>& source) {
  constexpr std::size_t kContext = 4;
  const std::string left = b >= kContext ? sentence.substr(b - kContext, e - b + kContext) : "";
  const std::string right = e + kContext <= sentence.size() ? sentence.substr(b, e - b + kContext) : "";
  for (const std::string& line : source)
    if ((!left.empty() && line.find(left) != std::string::npos) ||
        (!right.empty() && line.find(right) != std::string::npos))
      return true;
  return false;
}

// As prints_nonfinite, for a sentence that may also excerpt `source` (a paste's lines): a nan or inf
// word copied from the paste is masked first.
inline bool prints_nonfinite(const Text& t, const std::vector<std::string>& user,
                             const std::vector<std::string>& source) {
  if (!prints_nonfinite(t, user)) return false;
  Text own = t;
  for (std::string* s : {&own.en, &own.zh}) {
    auto words = nonfinite_words(*s);
    std::sort(words.rbegin(), words.rend());  // from the end, so earlier positions hold
    for (const auto& [b, e] : words)
      if (copied_from(*s, b, e, source)) s->replace(b, e - b, "#");
  }
  return prints_nonfinite(own, user);
}

// Every string of a question that a message may quote back: ids and names typed by the user.
inline std::vector<std::string> user_strings(const Scenario& s) {
  const Workload& w = s.workload;
  std::vector<std::string> out = {w.preset,         w.title.en, w.title.zh, w.model, s.constraints.currency,
                                  s.catalog_version};
  if (w.reference) out.push_back(w.reference->gpu);
  for (const auto* list : {&s.constraints.credits, &s.constraints.providers, &s.constraints.exclude})
    out.insert(out.end(), list->begin(), list->end());
  for (const auto& [offer, price] : s.price_overrides) out.push_back(offer);
  return out;
}

inline std::string nonfinite_in(const Bill& b, const std::string& where,
                                const std::vector<std::string>& user = {}) {
  FiniteCheck f;
  f.num("usd_cny", b.usd_cny);
  f.range("total", b.total);
  f.range("before", b.total_before_discount);
  f.range("gpu", b.gpu);
  f.range("storage", b.storage);
  f.range("extras", b.extras);
  f.range("transfer", b.transfer);
  f.range("discount", b.discount);
  f.range("billed_gpu_hours", b.billed_gpu_hours);
  f.num("pph_before", b.price_per_hour_before);
  f.num("pph_after", b.price_per_hour_after);
  f.num("upload_hours", b.upload_hours);
  f.num("storage_hours", b.storage_hours);
  for (const CostLine& l : b.lines) {
    const std::string kind(to_string(l.kind));
    f.range(kind, l.amount);
    f.explain(kind, l.explain);
    if (prints_nonfinite(l.label, user)) f.first = kind + " label: " + l.label.en;
  }
  for (const AppliedProgram& p : b.programs) f.num(p.id, p.saving);
  for (const Text& n : b.notes)
    if (f.first.empty() && prints_nonfinite(n, user)) f.first = "note: " + n.en;
  return f.first.empty() ? "" : where + ": " + f.first;
}

// Every number and sentence of a recommendation: "" when all are finite, else the first that is not.
// `user`: the question's own strings (user_strings), which sentences may quote without it being a number.
inline std::string nonfinite_in(const Report& r, const std::vector<std::string>& user = {}) {
  FiniteCheck f;
  f.num("usd_cny", r.usd_cny);
  for (const Dropped& d : r.dropped) {
    f.num("dropped.need", d.need);
    f.num("dropped.limit", d.limit);
  }
  for (const auto* d : {&r.closest_over_budget, &r.closest_over_deadline})
    if (*d) f.num("closest.need", (*d)->need), f.num("closest.limit", (*d)->limit);
  if (!f.first.empty()) return f.first;
  if (prints_nonfinite(r.summary, user)) return "summary: " + r.summary.en;
  for (const Text& w : r.warnings)
    if (prints_nonfinite(w, user)) return "warning: " + w.en;
  for (const Row& row : r.rows) {
    const std::string where =
        "row " + std::to_string(row.rank) + " " + row.offer + " " + std::string(to_string(row.pricing));
    const MemoryBreakdown& m = row.memory;
    f.num("weights", m.weights_gib);
    f.num("gradients", m.gradients_gib);
    f.num("optimizer", m.optimizer_gib);
    f.num("activations", m.activations_gib);
    f.num("kv", m.kv_cache_gib);
    f.num("overhead", m.overhead_gib);
    f.num("vram", row.vram_gib);
    f.num("need", row.need_gib);
    f.num("headroom", row.headroom_gib);
    f.range("hours", row.hours);
    f.range("finish", row.finish_hours);
    f.range("cost", row.cost);
    f.num("speedup", row.speedup);
    f.num("scaling", row.scaling_efficiency);
    f.num("pph", row.price_per_hour);
    f.num("pph_after", row.price_per_hour_after);
    f.num("value", row.value_coefficient);
    f.explain("time", row.time_explain);
    f.explain("memory", row.memory_explain);
    if (row.spot) {
      const SpotResult& s = *row.spot;
      f.num("spot.interval", s.interval_hours);
      f.num("spot.expected", s.expected_hours);
      f.num("spot.stddev", s.stddev_hours);
      f.num("spot.overhead", s.overhead_fraction);
      f.num("spot.interruptions", s.expected_interruptions);
      f.num("spot.p_miss", s.p_miss_deadline);
      f.num("spot.p90", s.p90_hours);
      f.explain("spot", s.explain);
    }
    if (!f.first.empty()) return where + ": " + f.first;
    const std::string bill = nonfinite_in(row.bill, where, user);
    if (!bill.empty()) return bill;
    if (prints_nonfinite(row.reason, user)) return where + " reason: " + row.reason.en;
    for (const std::vector<Text>* texts : {&row.warnings, &row.risks, &row.notes})
      for (const Text& t : *texts)
        if (prints_nonfinite(t, user)) return where + ": " + t.en;
  }
  return "";
}

}  // namespace gw::testing
