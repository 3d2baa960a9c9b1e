// What a finding of the instance checker may quote from the paste, for the fuzzers' check that no
// sentence prints a number as nan or inf (fuzz_diagnose, and its regressions in the unit tests).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "engine/diagnose/detail.hpp"
#include "engine/diagnose/diagnose.hpp"
#include "equal.hpp"

namespace gw::testing {

inline void add_seen(std::vector<std::string>& out, const std::optional<Seen<std::string>>& v) {
  if (v) out.push_back(v->value);
}

// Everything a finding may quote from the paste: the values read, the cleaned lines (evidence), and each
// word of the text (a finding may name a field's raw value). A bare "nan" word of the text is only masked
// where a finding quotes it (mask_user_text), so a number the checker prints as nan is still caught.
inline std::vector<std::string> quoted_by_findings(std::string_view text, const DiagnoseReport& r,
                                                   const DiagnoseOptions& options) {
  std::vector<std::string> out = {options.cuda};
  add_seen(out, r.input.driver_version);
  add_seen(out, r.input.cuda_version);
  add_seen(out, r.input.failure);
  for (const GpuDiagnosis& g : r.gpus) {
    const SmiGpu& s = g.reading;
    add_seen(out, s.name);
    if (s.name) out.push_back(s.name->value.substr(0, 77));  // the label cuts a long name (clean_excerpt)
    add_seen(out, s.pstate);
    add_seen(out, s.virtualization);
    out.push_back(s.bus_id);
    for (const SmiProcess& p : s.processes) out.push_back(p.name);
  }
  for (const Finding& f : r.findings) out.push_back(f.evidence.text), out.push_back(f.evidence.section);
  std::string word;
  for (char c : text) {
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == ',' || c == '|') {
      if (!word.empty()) out.push_back(word);
      word.clear();
    } else {
      word += c;
    }
  }
  if (!word.empty()) out.push_back(word);
  return out;
}

// The paste's lines as a finding excerpts them (clean_excerpt, uncut), for prints_nonfinite's check of
// what a finding copied.
inline std::vector<std::string> cleaned_lines(std::string_view text) {
  std::vector<std::string> out;
  std::size_t b = 0;
  for (std::size_t i = 0; i <= text.size(); ++i)
    if (i == text.size() || text[i] == '\n' || text[i] == '\r') {
      if (i > b) out.push_back(diag::clean_excerpt(text.substr(b, i - b), text.size() + 3));
      b = i + 1;
    }
  return out;
}

// A report's quotes of its paste, with the paste's lines built only when a sentence holds a nan or inf
// word (the rare case: the fuzzer's speed depends on it).
class PasteQuotes {
 public:
  PasteQuotes(std::string_view text, const DiagnoseReport& r, const DiagnoseOptions& options)
      : text_(text), user_(quoted_by_findings(text, r, options)) {}
  bool prints_nonfinite(const Text& t) {
    if (!testing::prints_nonfinite(t, user_)) return false;
    if (lines_.empty()) lines_ = cleaned_lines(text_);
    return testing::prints_nonfinite(t, user_, lines_);
  }

 private:
  std::string_view text_;
  std::vector<std::string> user_, lines_;
};

}  // namespace gw::testing
