#pragma once
// Every sentence the engine produces for a person exists in both languages, so no screen
// ever has to mix them; front ends pick one with `in(lang)`.
#include <string>

namespace gw {

enum class Lang { en, zh };

struct Text {
  std::string en;
  std::string zh;
  const std::string& in(Lang lang) const { return lang == Lang::zh && !zh.empty() ? zh : en; }
  bool empty() const { return en.empty() && zh.empty(); }
};

// A problem found in input, located by a JSON path (catalog, workload) or a flag/field name.
struct Problem {
  std::string path;     // e.g. "/offers/12/gpu" or "--batch"
  std::string message;  // one plain sentence, English (CLI and tests); UIs may translate by path
};

}  // namespace gw
