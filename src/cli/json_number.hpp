#pragma once
// A number in the CLI's JSON. One rule for a missing value (issue 14): null, as a table's is "—"
// (format_number), never a made-up 0 that reads as a real zero (a free GPU, no memory needed). The engine
// never returns NaN, so null is a guard for a bug, not an expected output.
#include <cmath>

namespace gw::cli {

// `v`, or null when it is not finite. J is nlohmann::json or nlohmann::ordered_json.
template <class J>
J json_number(double v) {
  return std::isfinite(v) ? J(v) : J(nullptr);
}

// `v` to `digits` significant digits (JSON that stays stable across platforms and readable), or null.
template <class J>
J json_sig(double v, int digits = 4) {
  if (!std::isfinite(v)) return J(nullptr);
  if (v == 0) return J(0.0);
  const double p = std::pow(10.0, digits - 1 - static_cast<int>(std::floor(std::log10(std::fabs(v)))));
  return J(std::round(v * p) / p);
}

}  // namespace gw::cli
