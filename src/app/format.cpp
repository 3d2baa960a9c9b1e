#include "app/format.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "app/i18n.hpp"
#include "engine/cost.hpp"
#include "engine/input.hpp"
#include "engine/workload.hpp"

namespace gw::app {

std::string money(double amount, const std::string& currency) {
  return format_money(amount, currency);
}

std::string money_range(const Range& r, const std::string& currency) {
  std::string s = money(r.likely, currency);
  const double spread = r.high - r.low;
  if (r.likely > 0 && spread > 0.05 * r.likely)
    s += " (" + money(r.low, currency) + "–" + money(r.high, currency) + ")";
  return s;
}

std::string plain(double v, int max_decimals) {
  if (!std::isfinite(v)) return kMissingNumber;
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", max_decimals, v);
  std::string s = buf;
  if (s.find('.') != std::string::npos) {
    while (!s.empty() && s.back() == '0') s.pop_back();
    if (!s.empty() && s.back() == '.') s.pop_back();
  }
  if (s == "-0") s = "0";
  return s;
}

std::string hours(double h) {
  return format_hours(h, ui_lang());
}

std::string hours_range(const Range& r) {
  std::string s = hours(r.likely);
  if (r.likely > 0 && r.high - r.low > 0.05 * r.likely) s += " (" + hours(r.low) + "–" + hours(r.high) + ")";
  return s;
}

std::string gib(double v) {
  return plain(v, v < 10 ? 1 : 0) + " GiB";
}

std::string count_text(double v) {
  if (!std::isfinite(v)) return kMissingNumber;
  if (v <= 0) return "0";
  const char* suffix[] = {"", "K", "M", "B", "T"};
  int i = 0;
  while (v >= 1000 && i < 4) {
    v /= 1000;
    ++i;
  }
  return plain(v, v < 10 ? 2 : 1) + suffix[i];
}

std::string lower_ascii(std::string s) {
  for (char& c : s)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return s;
}

}  // namespace gw::app
