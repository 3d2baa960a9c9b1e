#include "engine/line_break.hpp"

#include <cstdint>

namespace gw {
namespace {

enum class Cls { space, newline, open, close, cjk, glue, other };

struct Ch {
  char32_t cp;
  std::size_t begin, end;
  Cls cls;
};

bool is_cjk(char32_t c) {
  return (c >= 0x2E80 && c <= 0x9FFF) || (c >= 0xAC00 && c <= 0xD7AF) || (c >= 0xF900 && c <= 0xFAFF) ||
         (c >= 0xFE30 && c <= 0xFE4F) || (c >= 0xFF00 && c <= 0xFFEF) || (c >= 0x20000 && c <= 0x3FFFF);
}

Cls classify(char32_t c) {
  switch (c) {
    case ' ':
    case '\t':
    case '\r':
      return Cls::space;
    case '\n':
      return Cls::newline;
    // No-break space, narrow no-break space, word joiner: hold their neighbours together ("•\u00a0按...").
    case 0x00A0:
    case 0x202F:
    case 0x2060:
      return Cls::glue;
    // Opening punctuation: a line never ends right after one.
    case 0xFF08:
    case 0x300C:
    case 0x300E:
    case 0x300A:
    case 0x3008:
    case 0x3010:
    case 0x3014:
    case 0x201C:
    case 0x2018:
      return Cls::open;
    // Closing punctuation: a line never starts with one.
    case 0x3001:
    case 0x3002:
    case 0xFF0C:
    case 0xFF0E:
    case 0xFF1A:
    case 0xFF1B:
    case 0xFF01:
    case 0xFF1F:
    case 0xFF09:
    case 0x300D:
    case 0x300F:
    case 0x300B:
    case 0x3009:
    case 0x3011:
    case 0x3015:
    case 0x2026:
    case 0x201D:
    case 0x2019:
    case 0xFF05:
      return Cls::close;
    default:
      return is_cjk(c) ? Cls::cjk : Cls::other;
  }
}

// The character at text[i]: its code point and length; an invalid or cut sequence is one byte (U+FFFD).
std::pair<char32_t, std::size_t> decode(std::string_view text, std::size_t i) {
  const auto b0 = static_cast<unsigned char>(text[i]);
  if (b0 < 0x80) return {b0, 1};
  std::size_t len = 0;
  if (b0 >= 0xC2 && b0 <= 0xDF)
    len = 2;
  else if (b0 >= 0xE0 && b0 <= 0xEF)
    len = 3;
  else if (b0 >= 0xF0 && b0 <= 0xF4)
    len = 4;
  if (len == 0 || i + len > text.size()) return {0xFFFD, 1};
  char32_t cp = b0 & (len == 2 ? 0x1F : len == 3 ? 0x0F : 0x07);
  for (std::size_t k = 1; k < len; ++k) {
    const auto b = static_cast<unsigned char>(text[i + k]);
    if ((b & 0xC0) != 0x80) return {0xFFFD, 1};
    cp = (cp << 6) | (b & 0x3F);
  }
  const char32_t min = len == 2 ? 0x80 : len == 3 ? 0x800 : 0x10000;
  if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return {0xFFFD, 1};
  return {cp, len};
}

// May a line end between a and b (neither a space nor a newline)?
bool break_between(Cls a, Cls b) {
  if (b == Cls::close || a == Cls::open || a == Cls::glue || b == Cls::glue) return false;
  return a == Cls::cjk || a == Cls::close || b == Cls::cjk || b == Cls::open;
}

}  // namespace

std::vector<LineSpan> wrap_lines(std::string_view text, double width,
                                 const std::function<double(char32_t)>& advance) {
  std::vector<Ch> chars;
  chars.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    const auto [cp, len] = decode(text, i);
    chars.push_back({cp, i, i + len, classify(cp)});
    i += len;
  }
  std::vector<LineSpan> out;
  const std::size_t n = chars.size();
  auto emit = [&](std::size_t from, std::size_t to) {  // chars [from, to), without trailing spaces
    while (to > from && chars[to - 1].cls == Cls::space) --to;
    const std::size_t b = from < n ? chars[from].begin : text.size();
    out.push_back({b, to > from ? chars[to - 1].end : b});
  };
  std::size_t i = 0;
  while (i < n) {
    const std::size_t start = i;
    double used = 0;
    std::size_t resume = start;  // where the next line would start after the last break opportunity
    bool ended = false;
    for (; i < n; ++i) {
      const Ch& c = chars[i];
      if (c.cls == Cls::newline) {
        emit(start, i);
        ++i;
        ended = true;
        break;
      }
      const double w = advance(c.cp);
      if (c.cls == Cls::space) {  // spaces never overflow a line: they are dropped at its end
        used += w;
        if (i + 1 < n && chars[i + 1].cls != Cls::space && chars[i + 1].cls != Cls::newline) resume = i + 1;
        continue;
      }
      if (used + w > width && i > start) {
        const std::size_t cut = resume > start ? resume : i;  // no opportunity: cut the run here
        emit(start, cut);
        i = cut;
        while (i < n && chars[i].cls == Cls::space) ++i;  // a wrapped line starts with its first word
        ended = true;
        break;
      }
      used += w;
      if (i + 1 < n && chars[i + 1].cls != Cls::space && chars[i + 1].cls != Cls::newline &&
          break_between(c.cls, chars[i + 1].cls))
        resume = i + 1;
    }
    if (!ended) emit(start, n);
  }
  return out;
}

}  // namespace gw
