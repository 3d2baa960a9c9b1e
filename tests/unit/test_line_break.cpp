// Line breaking for the page and the desktop window (engine/line_break.hpp): Chinese wraps between
// characters, numbers and Latin words never split, punctuation stays with the text it closes.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "engine/line_break.hpp"

namespace {

// A fixed-pitch font: CJK characters and fullwidth punctuation are two cells wide, the rest one.
double cells(char32_t c) {
  return c >= 0x2E80 ? 2.0 : 1.0;
}

std::vector<std::string> lines(const std::string& text, double width) {
  std::vector<std::string> out;
  for (const gw::LineSpan& l : gw::wrap_lines(text, width, cells))
    out.push_back(text.substr(l.begin, l.end - l.begin));
  return out;
}

}  // namespace

TEST_CASE("a price is never cut at its decimal point") {
  // The 390 px page cut this summary after "¥19." (Dear ImGui breaks after any '.').
  const std::string s = "首选：优云智算 的 RTX 2080 Ti（竞价），总价 ¥19.13–¥37.23，用时 58 小时–4.7 天。";
  auto digit = [](char c) { return c >= '0' && c <= '9'; };
  for (double w = 16; w <= 80; w += 1) {  // from the width of "¥19.13–¥37.23，", which cannot break
    const std::vector<std::string> ls = lines(s, w);
    for (std::size_t i = 0; i + 1 < ls.size(); ++i) {
      const std::string& a = ls[i];
      const std::string& b = ls[i + 1];
      CHECK_MESSAGE(!(a.size() && b.size() && (digit(a.back()) || a.back() == '.') && digit(b[0])),
                    "width " << w << ": '" << a << "' / '" << b << "'");
    }
  }
  CHECK(lines(s, 40) == std::vector<std::string>{"首选：优云智算 的 RTX 2080 Ti（竞价），",
                                                 "总价 ¥19.13–¥37.23，用时 58 小时–4.7", "天。"});
}

TEST_CASE("Chinese breaks between characters, but not before closing or after opening punctuation") {
  CHECK(lines("显存不够时先开梯度检查点。", 10) ==
        std::vector<std::string>{"显存不够时", "先开梯度检", "查点。"});
  // "。" would start the third line: it moves down with the character before it.
  CHECK(lines("显存不够时先开梯度检。", 10) == std::vector<std::string>{"显存不够时", "先开梯度", "检。"});
  // "（" would end the first line: it goes down with what it opens.
  CHECK(lines("按量计费（秒）", 10) == std::vector<std::string>{"按量计费", "（秒）"});
  CHECK(lines("RTX 4090（竞价）", 10) == std::vector<std::string>{"RTX 4090", "（竞价）"});
  // A no-break space keeps a bullet with its first word.
  CHECK(lines("•\u00a0按量计费", 6) == std::vector<std::string>{"•\u00a0按量", "计费"});
}

TEST_CASE("English breaks at spaces only, and drops them at the line's end") {
  CHECK(lines("Pick: RTX 3090 on AutoDL, total $19.13.", 16) ==
        std::vector<std::string>{"Pick: RTX 3090", "on AutoDL, total", "$19.13."});
  CHECK(lines("a  b", 1) == std::vector<std::string>{"a", "b"});
  CHECK(lines("one two", 100) == std::vector<std::string>{"one two"});
  // A word wider than the line is cut where it must.
  CHECK(lines("abcdefghij", 4) == std::vector<std::string>{"abcd", "efgh", "ij"});
}

TEST_CASE("newlines end lines; empty, odd and broken text is safe") {
  CHECK(lines("a\n\nb", 10) == std::vector<std::string>{"a", "", "b"});
  CHECK(lines("  indented", 20) == std::vector<std::string>{"  indented"});
  CHECK(lines("", 10).empty());
  CHECK(lines("abc", 0) == std::vector<std::string>{"a", "b", "c"});
  // Broken UTF-8 is one character per byte, and every byte stays in some line.
  const std::string broken = "ab\xE4\xB8 \xFF\xC0x";
  std::size_t bytes = 0;
  for (const gw::LineSpan& l : gw::wrap_lines(broken, 2, cells)) {
    CHECK(l.begin <= l.end);
    CHECK(l.end <= broken.size());
    bytes += l.end - l.begin;
  }
  CHECK(bytes == broken.size() - 1);  // all but the space the line ends with
}
