#include "app/format.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "app/i18n.hpp"
#include "engine/cost.hpp"
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
  if (!std::isfinite(v)) return "—";
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
  if (!std::isfinite(h) || h < 0) h = 0;
  if (h < 1.0) return plain(h * 60, 0) + tr(" min", " 分钟");
  if (h < 72.0) return plain(h, h < 10 ? 1 : 0) + tr(" h", " 小时");
  return plain(h / 24, 1) + tr(" d", " 天");
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
  if (!std::isfinite(v) || v <= 0) return "0";
  const char* suffix[] = {"", "K", "M", "B", "T"};
  int i = 0;
  while (v >= 1000 && i < 4) {
    v /= 1000;
    ++i;
  }
  return plain(v, v < 10 ? 2 : 1) + suffix[i];
}

bool parse_plain(std::string_view text, double& out) {
  std::string s(text);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.pop_back();
  std::size_t b = 0;
  while (b < s.size() && (s[b] == ' ' || s[b] == '\t')) ++b;
  s = s.substr(b);
  for (const char* prefix : {"¥", "$", "￥"})
    if (s.rfind(prefix, 0) == 0) s = s.substr(std::string(prefix).size());
  std::string digits;
  for (char c : s)
    if (c != ',') digits += c;  // "1,200"
  if (digits.empty() || digits.size() > 40) return false;
  char* end = nullptr;
  const double v = std::strtod(digits.c_str(), &end);
  if (end != digits.c_str() + digits.size() || !std::isfinite(v)) return false;
  out = v;
  return true;
}

bool parse_hours_text(std::string_view text, double& h) {
  std::string s(text);
  while (!s.empty() && s.back() == ' ') s.pop_back();
  double scale = 1;
  auto strip = [&](const char* suffix, double f) {
    const std::string x = suffix;
    if (s.size() > x.size() && s.compare(s.size() - x.size(), x.size(), x) == 0) {
      s.resize(s.size() - x.size());
      scale = f;
      return true;
    }
    return false;
  };
  strip("小时", 1) || strip("天", 24) || strip("分钟", 1.0 / 60) || strip("周", 168) ||
      strip("min", 1.0 / 60) || strip("h", 1) || strip("d", 24) || strip("m", 1.0 / 60) || strip("w", 168);
  double v = 0;
  if (!parse_plain(s, v) || v < 0) return false;
  h = v * scale;
  return std::isfinite(h);
}

bool parse_count(std::string_view text, double& out) {
  std::string s(text);
  while (!s.empty() && s.back() == ' ') s.pop_back();
  double v = 0;
  if (parse_count_text(s, v) || parse_plain(s, v)) {
    if (!std::isfinite(v) || v < 0) return false;
    out = v;
    return true;
  }
  return false;
}

std::string lower_ascii(std::string s) {
  for (char& c : s)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return s;
}

}  // namespace gw::app
