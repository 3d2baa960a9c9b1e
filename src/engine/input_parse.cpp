// The value parsers every door shares (input.hpp): one for each kind of value, both languages' units.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "engine/input.hpp"

namespace gw {

namespace {

std::string trim(std::string_view s) {
  std::size_t b = 0, e = s.size();
  while (b < e && (s[b] == ' ' || s[b] == '\t')) ++b;
  while (e > b && (s[e - 1] == ' ' || s[e - 1] == '\t')) --e;
  return std::string(s.substr(b, e - b));
}

bool ends_with(const std::string& s, std::string_view suffix) {
  return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

std::string lower(std::string s) {
  for (char& c : s)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return s;
}

// Splits "48 h" / "1.5TB" / "300元" into a number and a lower-case unit after it. The unit is the longest
// suffix in `units` (so "min" wins over "m"); false when the text ends in anything else.
struct Unit {
  std::string_view text;
  double scale;
};
template <std::size_t N>
bool number_with_unit(std::string_view text, const Unit (&units)[N], double& out) {
  std::string s = lower(trim(text));
  double scale = 1;
  std::size_t best = 0;
  for (const Unit& u : units)
    if (u.text.size() > best && ends_with(s, u.text)) {
      best = u.text.size();
      scale = u.scale;
    }
  s = trim(s.substr(0, s.size() - best));
  double v = 0;
  if (!parse_plain_number(s, v)) return false;
  out = v * scale;
  return std::isfinite(out);
}

}  // namespace

bool parse_plain_number(std::string_view text, double& out) {
  std::string digits;
  for (char c : trim(text))
    if (c != ',') digits += c;  // "1,200"
  if (digits.empty() || digits.size() > 40) return false;
  char* end = nullptr;
  const double v = std::strtod(digits.c_str(), &end);
  // strtod reads "inf", "nan" and hex: a person types none of them.
  for (char c : digits)
    if (!(std::isdigit(static_cast<unsigned char>(c)) || c == '.' || c == 'e' || c == 'E' || c == '-' ||
          c == '+'))
      return false;
  if (end != digits.c_str() + digits.size() || !std::isfinite(v)) return false;
  out = v;
  return true;
}

bool parse_count_value(std::string_view text, double& out) {
  static const Unit units[] = {{"k", 1e3},  {"m", 1e6},  {"b", 1e9}, {"g", 1e9},
                               {"t", 1e12}, {"万", 1e4}, {"亿", 1e8}};
  return number_with_unit(text, units, out);
}

bool parse_duration_hours(std::string_view text, double& out) {
  static const Unit units[] = {{"s", 1.0 / 3600},
                               {"sec", 1.0 / 3600},
                               {"secs", 1.0 / 3600},
                               {"second", 1.0 / 3600},
                               {"seconds", 1.0 / 3600},
                               {"秒", 1.0 / 3600},
                               {"m", 1.0 / 60},
                               {"min", 1.0 / 60},
                               {"mins", 1.0 / 60},
                               {"minute", 1.0 / 60},
                               {"minutes", 1.0 / 60},
                               {"分", 1.0 / 60},
                               {"分钟", 1.0 / 60},
                               {"h", 1},
                               {"hr", 1},
                               {"hrs", 1},
                               {"hour", 1},
                               {"hours", 1},
                               {"小时", 1},
                               {"时", 1},
                               {"d", 24},
                               {"day", 24},
                               {"days", 24},
                               {"天", 24},
                               {"日", 24},
                               {"w", 168},
                               {"wk", 168},
                               {"week", 168},
                               {"weeks", 168},
                               {"周", 168},
                               {"星期", 168}};
  return number_with_unit(text, units, out);
}

bool parse_size_gb(std::string_view text, double& out) {
  static const Unit units[] = {{"m", 1.0 / 1024}, {"mb", 1.0 / 1024}, {"mib", 1.0 / 1024},
                               {"g", 1},          {"gb", 1},          {"gib", 1},
                               {"t", 1024},       {"tb", 1024},       {"tib", 1024}};
  return number_with_unit(text, units, out);
}

bool parse_share(std::string_view text, double& out) {
  static const Unit units[] = {{"%", 0.01}};
  return number_with_unit(text, units, out);
}

bool parse_money(std::string_view text, std::string_view currency, double& out, Text* error) {
  std::string s = trim(text);
  std::string said;  // the currency the text names, if any
  for (const auto& [mark, cur] :
       {std::pair<std::string_view, const char*>{"¥", "CNY"}, {"￥", "CNY"}, {"$", "USD"}, {"US$", "USD"}})
    if (s.rfind(mark, 0) == 0) s = trim(s.substr(mark.size())), said = cur;
  for (const auto& [mark, cur] : {std::pair<std::string_view, const char*>{"元", "CNY"},
                                  {"块", "CNY"},
                                  {"cny", "CNY"},
                                  {"rmb", "CNY"},
                                  {"usd", "USD"},
                                  {"美元", "USD"}}) {
    const std::string l = lower(s);
    if (ends_with(l, mark)) s = trim(s.substr(0, s.size() - mark.size())), said = cur;
  }
  if (!parse_plain_number(s, out)) return false;
  if (!said.empty() && said != currency) {
    if (error)
      *error = Text{"is in " + said + ", but amounts here are in " + std::string(currency) +
                        " (change the currency, or convert)",
                    "是 " + said + "，但此处金额以 " + std::string(currency) + " 计（请切换币种或换算）"};
    return false;
  }
  return true;
}

std::string clean_text(std::string_view s, std::size_t max) {
  std::string out;
  for (std::size_t i = 0; i < s.size();) {
    const unsigned char b = static_cast<unsigned char>(s[i]);
    std::size_t len = b < 0x80 ? 1 : (b >> 5) == 6 ? 2 : (b >> 4) == 14 ? 3 : (b >> 3) == 30 ? 4 : 0;
    bool ok = len > 0 && i + len <= s.size();
    for (std::size_t k = 1; ok && k < len; ++k) ok = (static_cast<unsigned char>(s[i + k]) & 0xC0) == 0x80;
    if (ok && len == 2) ok = b >= 0xC2;  // overlong
    if (ok && len == 1) ok = b >= 0x20 && b != 0x7f;
    if (ok && len > 1 && b == 0xC2) ok = static_cast<unsigned char>(s[i + 1]) >= 0xA0;  // C1 controls
    if (!ok) len = 1;
    if (out.size() + len > max) break;
    if (ok)
      out.append(s.substr(i, len));
    else
      out += '?';
    i += len;
  }
  return out;
}

std::string format_significant(double v, int digits) {
  if (!std::isfinite(v)) return kMissingNumber;
  char buf[48];
  std::snprintf(buf, sizeof buf, "%.*g", digits < 1 ? 1 : digits > 17 ? 17 : digits, v);
  return buf;
}

std::string exact_number(double v) {
  char buf[40];
  for (int precision = 6; precision <= 17; ++precision) {
    std::snprintf(buf, sizeof buf, "%.*g", precision, v);
    if (std::strtod(buf, nullptr) == v) break;
  }
  return buf;
}

}  // namespace gw
