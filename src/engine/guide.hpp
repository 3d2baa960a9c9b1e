#pragma once
// The student guide (data/guide.json): the source article's advice, rewritten, in both languages.
// Both front ends show the same sections, paragraphs and tables; the engine only parses and checks them.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "text.hpp"

namespace gw {

struct GuideTable {
  std::string id;  // unique in the guide, e.g. "value"
  Text title;
  std::vector<Text> headers;
  std::vector<bool> right_align;        // one per header (numbers); empty = all left
  std::vector<std::vector<Text>> rows;  // each row has exactly headers.size() cells
  std::vector<Text> notes;              // shown under the table: caveats, sources, dates
};

struct GuideSection {
  std::string id;  // "scenarios", "billing", ...: what `gpuwise guide SECTION` takes
  Text title;
  std::vector<Text> paragraphs;  // shown before the tables
  std::vector<GuideTable> tables;
};

struct Guide {
  int version = 0;
  Text title;
  Text source;  // where the content comes from, and how newer figures are marked
  std::vector<GuideSection> sections;
};

struct GuideLoad {
  std::optional<Guide> guide;     // set only when there are no problems
  std::vector<Problem> problems;  // JSON paths, e.g. "/sections/2/tables/0/rows/1/3/zh"
};

// Parses and validates guide JSON. A text is {"en": ..., "zh": ...}; a table header or cell may also be a
// plain string when it reads the same in both languages (names and numbers, no prose).
GuideLoad load_guide(std::string_view json);
// The rules load_guide applies after parsing: ids unique and well-formed, every text in both languages,
// English text limited to the glyphs of the Latin UI font (English readers never load the CJK font),
// Chinese text actually Chinese, and every row as wide as its header.
std::vector<Problem> validate_guide(const Guide& guide);

const GuideSection* find_guide_section(const Guide& guide, std::string_view id);
const GuideTable* find_guide_table(const Guide& guide, std::string_view id);

}  // namespace gw
