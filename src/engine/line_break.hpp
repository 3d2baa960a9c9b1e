#pragma once
// Where a paragraph of English or Chinese may break into lines, for front ends that wrap text themselves.
// Dear ImGui 1.86 breaks after any '.' or ',' (so "总价 ¥19.13" came out as "¥19." / "13" on a phone) and
// knows nothing of Chinese, which has no spaces between words. These rules, a small part of Unicode's line
// breaking (UAX #14), are the ones our sentences need:
// - a line may end after spaces (which are not drawn at its end) and at a '\n';
// - between two CJK characters, and between a CJK character and Latin text either way;
// - never before closing punctuation (，。、：；！？）」』》…) nor after opening punctuation (（「『《“);
// - never next to a no-break space or word joiner;
// - never inside a run of Latin letters, digits and ASCII punctuation: "¥19.13–¥37.23", "RTX 4090", "p95";
// - a run wider than the whole line is cut where it must, on a character boundary.
#include <functional>
#include <string_view>
#include <vector>

namespace gw {

struct LineSpan {
  std::size_t begin = 0;  // byte offsets into the text
  std::size_t end = 0;    // excludes the spaces and '\n' the line ends with
};

// The lines of `text` no wider than `width`, measured by `advance` (a character's width, same unit). Invalid
// UTF-8 bytes count as one character each. A width <= 0 puts each character that can end a line on its own.
std::vector<LineSpan> wrap_lines(std::string_view text, double width,
                                 const std::function<double(char32_t)>& advance);

}  // namespace gw
