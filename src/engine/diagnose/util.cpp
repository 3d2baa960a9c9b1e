// Text helpers for the nvidia-smi readers. Everything here is linear in its input and never throws on
// odd bytes: pasted text may hold NULs, broken UTF-8 or a megabyte without a line break.
#include <cmath>
#include <cstdio>

#include "engine/diagnose/detail.hpp"

namespace gw::diag {

Lines split_lines(std::string_view text) {
  Lines out;
  if (text.size() > kDiagnoseMaxBytes) {
    text = text.substr(0, kDiagnoseMaxBytes);
    out.cut = true;
  }
  out.bytes = text.size();
  std::size_t start = 0;
  int number = 0;
  while (start < text.size()) {
    std::size_t end = start;
    while (end < text.size() && text[end] != '\n' && text[end] != '\r') ++end;
    std::string_view line = text.substr(start, end - start);
    if (line.size() > kDiagnoseMaxLineBytes) {
      line = line.substr(0, kDiagnoseMaxLineBytes);
      ++out.long_lines;
    }
    out.lines.push_back({line, ++number});
    if (end < text.size() && text[end] == '\r' && end + 1 < text.size() && text[end + 1] == '\n') ++end;
    start = end + 1;
  }
  normalize_lines(out);
  return out;
}

std::string_view trim(std::string_view s) {
  auto space = [](char c) { return c == ' ' || c == '\t' || c == '\v' || c == '\f' || c == '\0'; };
  while (!s.empty() && space(s.front())) s.remove_prefix(1);
  while (!s.empty() && space(s.back())) s.remove_suffix(1);
  return s;
}

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return out;
}

bool starts_with(std::string_view s, std::string_view p) {
  return s.substr(0, p.size()) == p;
}
bool ends_with(std::string_view s, std::string_view p) {
  return s.size() >= p.size() && s.substr(s.size() - p.size()) == p;
}

static char fold(char c) {
  return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
}

bool iequals(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (fold(a[i]) != fold(b[i])) return false;
  return true;
}

// Only ever called with short needles (< 50 bytes) on lines capped at kDiagnoseMaxLineBytes.
bool icontains(std::string_view hay, std::string_view needle) {
  const std::size_t n = needle.size();
  if (n == 0) return true;
  if (n > hay.size()) return false;
  const char first = fold(needle[0]);
  for (std::size_t i = 0; i + n <= hay.size(); ++i) {
    if (fold(hay[i]) != first) continue;
    std::size_t k = 1;
    while (k < n && fold(hay[i + k]) == fold(needle[k])) ++k;
    if (k == n) return true;
  }
  return false;
}

std::vector<std::string_view> split_ws(std::string_view s, std::size_t max_parts) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < s.size() && out.size() < max_parts) {
    while (i < s.size() && (s[i] == ' ' || s[i] == '\t')) ++i;
    std::size_t j = i;
    while (j < s.size() && s[j] != ' ' && s[j] != '\t') ++j;
    if (j > i) out.push_back(s.substr(i, j - i));
    i = j;
  }
  return out;
}

std::vector<std::string_view> split_char(std::string_view s, char c, std::size_t max_parts) {
  std::vector<std::string_view> out;
  std::size_t start = 0;
  while (out.size() + 1 < max_parts) {
    std::size_t pos = s.find(c, start);
    if (pos == std::string_view::npos) break;
    out.push_back(s.substr(start, pos - start));
    start = pos + 1;
  }
  out.push_back(s.substr(start));
  return out;
}

std::optional<double> leading_number(std::string_view s, std::string_view* rest) {
  s = trim(s);
  std::size_t i = 0;
  bool negative = false;
  if (i < s.size() && (s[i] == '-' || s[i] == '+')) negative = s[i++] == '-';
  double value = 0;
  int digits = 0;
  while (i < s.size() && is_digit(s[i]) && digits < 15) value = value * 10 + (s[i++] - '0'), ++digits;
  if (digits == 0 || (i < s.size() && is_digit(s[i]))) return std::nullopt;  // none, or too many to trust
  if (i < s.size() && s[i] == '.') {
    ++i;
    double scale = 0.1;
    int decimals = 0;
    while (i < s.size() && is_digit(s[i])) {
      if (decimals++ < 9) value += (s[i] - '0') * scale, scale /= 10;
      ++i;
    }
  }
  if (rest) *rest = s.substr(i);
  return negative ? -value : value;
}

std::optional<double> number_with_unit(std::string_view s, std::initializer_list<std::string_view> units) {
  std::string_view rest;
  auto v = leading_number(s, &rest);
  if (!v) return std::nullopt;
  rest = trim(rest);
  if (rest.empty()) return v;
  for (auto u : units)
    if (iequals(rest, u)) return v;
  return std::nullopt;
}

std::optional<long long> whole_number(std::string_view s) {
  s = trim(s);
  if (s.empty() || s.size() > 15) return std::nullopt;
  long long v = 0;
  for (char c : s) {
    if (!is_digit(c)) return std::nullopt;
    v = v * 10 + (c - '0');
  }
  return v;
}

std::optional<bool> on_off(std::string_view s) {
  s = trim(s);
  for (auto t : {"enabled", "on", "yes", "active", "enable"})
    if (iequals(s, t)) return true;
  for (auto f : {"disabled", "off", "no", "not active", "disable", "none"})
    if (iequals(s, f)) return false;
  return std::nullopt;
}

bool looks_like_bus_id(std::string_view s) {
  s = trim(s);
  // [domain:]bus:device.function, hex digits: 00000000:07:00.0
  auto colon = s.rfind(':');
  if (colon == std::string_view::npos || colon == 0 || s.size() - colon != 5 || s[colon + 3] != '.')
    return false;
  for (char c : s)
    if (!(is_digit(c) || (fold(c) >= 'a' && fold(c) <= 'f') || c == ':' || c == '.')) return false;
  return true;
}

bool plausible_gpu_name(std::string_view s, bool vendor_first) {
  s = trim(s);
  if (s.size() < 2 || s.size() > 80) return false;
  bool letter = false;
  for (char c : s) {
    if (c < 0x20 || c > 0x7E) return false;
    letter = letter || is_alpha(c);
  }
  if (!letter) return false;
  if (!vendor_first) return true;
  // With nothing else to go by: the vendor word, then at least one more word of name characters.
  for (char c : s)
    if (!(is_alpha(c) || is_digit(c) || c == ' ' || c == '-' || c == '.' || c == '(' || c == ')' || c == '_'))
      return false;
  if (s.find(' ') == std::string_view::npos) return false;
  for (std::string_view v : {"NVIDIA ", "Tesla ", "GeForce ", "Quadro ", "TITAN ", "GRID "})
    if (s.size() > v.size() && iequals(s.substr(0, v.size()), v)) return true;
  return false;
}

bool looks_like_driver_version(std::string_view s) {
  s = trim(s);
  auto parts = split_char(s, '.', 5);
  if (parts.size() < 2 || parts.size() > 3) return false;
  for (auto p : parts)
    if (p.empty() || p.size() > 4 || !whole_number(p)) return false;
  return parts[0].size() == 3;  // every driver since 2013 is 3xx-5xx
}

std::optional<std::string> throttle_id(std::string_view printed) {
  std::string key;
  for (char c : trim(printed)) {
    char f = fold(c);
    if ((f >= 'a' && f <= 'z') || is_digit(f)) key += f;
  }
  static const struct {
    const char* printed;
    const char* id;
  } names[] = {{"idle", "gpu_idle"},
               {"gpuidle", "gpu_idle"},
               {"applicationsclockssetting", "applications_clocks_setting"},
               {"applicationsclocks", "applications_clocks_setting"},
               {"swpowercap", "sw_power_cap"},
               {"hwslowdown", "hw_slowdown"},
               {"syncboost", "sync_boost"},
               {"swthermalslowdown", "sw_thermal_slowdown"},
               {"hwthermalslowdown", "hw_thermal_slowdown"},
               {"hwpowerbrakeslowdown", "hw_power_brake_slowdown"},
               {"displayclocksetting", "display_clock_setting"}};
  for (const auto& n : names)
    if (key == n.printed) return std::string(n.id);
  return std::nullopt;
}

std::string clean_excerpt(std::string_view s, std::size_t max_bytes) {
  s = trim(s);
  std::string out;
  std::size_t i = 0;
  while (i < s.size()) {
    unsigned char c = static_cast<unsigned char>(s[i]);
    std::size_t len = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
    bool ok = len > 0 && i + len <= s.size();
    for (std::size_t k = 1; ok && k < len; ++k) ok = (static_cast<unsigned char>(s[i + k]) >> 6) == 2;
    if (ok && len == 2) ok = c >= 0xC2;  // no overlong forms
    if (ok && len == 3) {
      unsigned char c1 = static_cast<unsigned char>(s[i + 1]);
      ok = !(c == 0xE0 && c1 < 0xA0) && !(c == 0xED && c1 >= 0xA0);  // overlong, surrogates
    }
    if (ok && len == 4) {
      unsigned char c1 = static_cast<unsigned char>(s[i + 1]);
      ok = c <= 0xF4 && !(c == 0xF0 && c1 < 0x90) && !(c == 0xF4 && c1 >= 0x90);
    }
    if (out.size() + (ok ? len : 1) > max_bytes) {
      out += "...";
      break;
    }
    if (!ok) {
      out += '?';
      ++i;
    } else if (len == 1 && (c < 0x20 || c == 0x7F)) {
      out += c == '\t' ? ' ' : '?';
      ++i;
    } else {
      out.append(s.substr(i, len));
      i += len;
    }
  }
  return out;
}

std::string fmt(double v, int decimals) {
  if (!std::isfinite(v)) return "?";
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", decimals < 0 ? 0 : decimals, v);
  std::string s(buf);
  for (char& c : s)
    if (c == ',') c = '.';  // a comma-decimal C locale must not leak into the text
  if (s.find('.') != std::string::npos) {
    while (!s.empty() && s.back() == '0') s.pop_back();
    if (!s.empty() && s.back() == '.') s.pop_back();
  }
  if (s == "-0") s = "0";
  return s;
}

}  // namespace gw::diag
