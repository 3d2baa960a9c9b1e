// gpuwise guide [SECTION]: the student guide (data/guide.json) as text, Markdown or JSON.
#include <sys/ioctl.h>
#include <unistd.h>

#include <algorithm>
#include <iostream>
#include <nlohmann/json.hpp>

#include "cli/cli.hpp"
#include "engine/bundled.hpp"
#include "engine/guide.hpp"

namespace gw::cli {
namespace {

// A terminal gets its own width; pipes and files a fixed one, so output does not depend on the window.
int output_columns() {
  winsize ws{};
  if (isatty(STDOUT_FILENO) && ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0)
    return std::clamp(static_cast<int>(ws.ws_col), 60, 160);
  return 100;
}

// One unbreakable piece of a line: a Latin word, or a single CJK character or punctuation mark.
struct Atom {
  std::string text;
  int width = 0;
  bool space_before = false;
  bool wide = false;
};

bool closing_punct(const std::string& a) {
  static const char* const marks[] = {"，", "。", "、", "；", "：", "！", "？", "）", "」", "》",
                                      "”",  "%",  ",",  ".",  ";",  ":",  ")",  "!",  "?"};
  for (const char* m : marks)
    if (a == m) return true;
  return false;
}
bool opening_punct(const std::string& a) {
  return a == "（" || a == "「" || a == "《" || a == "“" || a == "(";
}

// "24 GB", "1.8 倍", "15 元": a number keeps its unit on the same line.
bool number(const std::string& a) {
  return !a.empty() && a.find_first_not_of("0123456789.,%$~-+×") == std::string::npos &&
         a.find_first_of("0123456789") != std::string::npos;
}
bool unit(std::string a) {
  while (!a.empty() && std::string(".,;:)").find(a.back()) != std::string::npos) a.pop_back();
  static const char* const units[] = {"GB",      "GiB",   "MB",   "TB",  "GB/s",  "MHz",
                                      "TFLOPS",  "W",     "s",    "ms",  "h",     "min",
                                      "minutes", "hours", "days", "CNY", "CNY/h", "KiB"};
  for (const char* u : units)
    if (a == u) return true;
  return false;
}

std::vector<Atom> atoms(const std::string& s) {
  std::vector<Atom> out;
  bool space = false;
  for (std::size_t i = 0; i < s.size();) {
    const unsigned char b = static_cast<unsigned char>(s[i]);
    const std::size_t len = b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : b >= 0xC0 ? 2 : 1;
    const std::string cp = s.substr(i, len);
    i += len;
    if (cp == " ") {
      space = true;
      continue;
    }
    const int w = display_width(cp);
    const bool wide = w == 2;
    if (wide || space || out.empty() || out.back().wide) out.push_back({"", 0, space, wide});
    out.back().text += cp;
    out.back().width += w;
    space = false;
  }
  return out;
}

// Greedy wrapping by display width: breaks at spaces and between CJK characters, never before a closing
// mark or after an opening one; a word longer than the line is cut.
std::vector<std::string> wrap(const std::string& s, int width) {
  std::vector<std::string> lines;
  std::string line;
  int used = 0;
  const std::vector<Atom> list = atoms(s);
  for (std::size_t k = 0; k < list.size(); ++k) {
    const Atom& a = list[k];
    const int gap = used > 0 && a.space_before ? 1 : 0;
    const bool glued =
        k > 0 && !a.space_before &&
        (closing_punct(a.text) || opening_punct(list[k - 1].text) || (!a.wide && !list[k - 1].wide));
    const bool unit_after_number = k > 0 && number(list[k - 1].text) && (a.wide || unit(a.text));
    if (used > 0 && used + gap + a.width > width && !glued && !unit_after_number) {
      lines.push_back(line);
      line.clear();
      used = 0;
    }
    if (used > 0 && a.space_before) line += ' ', used += 1;
    if (a.width > width && used == 0) {  // an overlong word: cut it by code points
      for (std::size_t i = 0; i < a.text.size();) {
        const unsigned char b = static_cast<unsigned char>(a.text[i]);
        const std::size_t len = b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : b >= 0xC0 ? 2 : 1;
        const std::string cp = a.text.substr(i, len);
        if (used + display_width(cp) > width) lines.push_back(line), line.clear(), used = 0;
        line += cp, used += display_width(cp);
        i += len;
      }
      continue;
    }
    line += a.text;
    used += a.width;
  }
  if (!line.empty() || lines.empty()) lines.push_back(line);
  return lines;
}

void print_wrapped(std::ostream& out, const std::string& text, int width, const std::string& first,
                   const std::string& rest) {
  const std::vector<std::string> lines = wrap(text, width - display_width(first));
  for (std::size_t i = 0; i < lines.size(); ++i) out << (i ? rest : first) << lines[i] << "\n";
}

// Terminal tables: cells wider than the share of the line a column gets are wrapped onto extra
// physical rows, and rows are then separated by a blank line so each stays readable.
Table terminal_table(const GuideTable& t, Lang lang, int columns) {
  const std::size_t n = t.headers.size();
  std::vector<int> natural(n, 0), floor(n, 0);
  for (std::size_t c = 0; c < n; ++c) {
    floor[c] = std::max(8, display_width(t.headers[c].in(lang)));
    natural[c] = floor[c];
    for (const auto& row : t.rows)
      if (c < row.size()) natural[c] = std::max(natural[c], display_width(row[c].in(lang)));
  }
  auto total = [&](int cap) {
    int sum = 2 * static_cast<int>(n - 1);
    for (std::size_t c = 0; c < n; ++c) sum += std::min(natural[c], std::max(cap, floor[c]));
    return sum;
  };
  int cap = *std::max_element(natural.begin(), natural.end());
  while (cap > 8 && total(cap) > columns) --cap;

  Table out;
  for (const Text& h : t.headers) out.headers.push_back(h.in(lang));
  out.right_align = t.right_align;
  bool wrapped = false;
  std::vector<std::vector<std::vector<std::string>>> cells;  // row, column, line
  for (const auto& row : t.rows) {
    std::vector<std::vector<std::string>> r;
    for (std::size_t c = 0; c < n; ++c) {
      const std::string s = c < row.size() ? row[c].in(lang) : "";
      r.push_back(wrap(s, std::min(natural[c], std::max(cap, floor[c]))));
      wrapped = wrapped || r.back().size() > 1;
    }
    cells.push_back(std::move(r));
  }
  for (std::size_t r = 0; r < cells.size(); ++r) {
    if (wrapped && r > 0) out.rows.push_back(std::vector<std::string>(n));
    std::size_t height = 0;
    for (const auto& col : cells[r]) height = std::max(height, col.size());
    for (std::size_t l = 0; l < height; ++l) {
      std::vector<std::string> line(n);
      for (std::size_t c = 0; c < n; ++c)
        if (l < cells[r][c].size()) line[c] = cells[r][c][l];
      out.rows.push_back(std::move(line));
    }
  }
  return out;
}

Table plain_table(const GuideTable& t, Lang lang) {
  Table out;
  for (const Text& h : t.headers) out.headers.push_back(h.in(lang));
  out.right_align = t.right_align;
  for (const auto& row : t.rows) {
    out.rows.emplace_back();
    for (const Text& cell : row) out.rows.back().push_back(cell.in(lang));
  }
  return out;
}

std::string heading(const std::string& title, char rule) {
  const std::string bold = use_color() ? "\033[1m" + title + "\033[0m" : title;
  return bold + "\n" + std::string(static_cast<std::size_t>(display_width(title)), rule) + "\n";
}

void print_text(const Guide& g, const std::vector<const GuideSection*>& sections, bool whole, Lang lang) {
  const int columns = output_columns();
  if (whole) {
    std::cout << heading(g.title.in(lang), '=') << "\n";
    print_wrapped(std::cout, g.source.in(lang), columns, "", "");
  }
  for (std::size_t i = 0; i < sections.size(); ++i) {
    const GuideSection& s = *sections[i];
    if (whole || i) std::cout << "\n";
    std::cout << heading(s.title.in(lang), whole ? '-' : '=');
    for (const Text& p : s.paragraphs) {
      std::cout << "\n";
      print_wrapped(std::cout, p.in(lang), columns, "", "");
    }
    for (const GuideTable& t : s.tables) {
      std::cout << "\n"
                << t.title.in(lang) << (lang == Lang::zh ? "：" : ":") << "\n\n"
                << render(terminal_table(t, lang, columns), Format::table);
      if (!t.notes.empty()) std::cout << "\n";
      for (const Text& note : t.notes) print_wrapped(std::cout, note.in(lang), columns, "- ", "  ");
    }
  }
}

void print_markdown(const Guide& g, const std::vector<const GuideSection*>& sections, bool whole, Lang lang) {
  if (whole) std::cout << "# " << g.title.in(lang) << "\n\n" << g.source.in(lang) << "\n";
  for (std::size_t i = 0; i < sections.size(); ++i) {
    const GuideSection& s = *sections[i];
    if (whole || i) std::cout << "\n";
    std::cout << (whole ? "## " : "# ") << s.title.in(lang) << "\n";
    for (const Text& p : s.paragraphs) std::cout << "\n" << p.in(lang) << "\n";
    for (const GuideTable& t : s.tables) {
      std::cout << "\n"
                << (whole ? "### " : "## ") << t.title.in(lang) << "\n\n"
                << render(plain_table(t, lang), Format::md);
      if (!t.notes.empty()) std::cout << "\n";
      for (const Text& note : t.notes) std::cout << "- " << note.in(lang) << "\n";
    }
  }
}

void print_json(const Guide& g, const std::vector<const GuideSection*>& sections, Lang lang) {
  using nlohmann::json;
  auto list = [&](const std::vector<Text>& v) {
    json a = json::array();
    for (const Text& t : v) a.push_back(t.in(lang));
    return a;
  };
  json out = {
      {"lang", lang == Lang::zh ? "zh" : "en"}, {"title", g.title.in(lang)}, {"source", g.source.in(lang)}};
  json secs = json::array();
  for (const GuideSection* s : sections) {
    json tables = json::array();
    for (const GuideTable& t : s->tables) {
      json rows = json::array();
      for (const auto& row : t.rows) rows.push_back(list(row));
      tables.push_back({{"id", t.id},
                        {"title", t.title.in(lang)},
                        {"headers", list(t.headers)},
                        {"rows", rows},
                        {"notes", list(t.notes)}});
    }
    secs.push_back({{"id", s->id},
                    {"title", s->title.in(lang)},
                    {"paragraphs", list(s->paragraphs)},
                    {"tables", tables}});
  }
  out["sections"] = secs;
  std::cout << out.dump(2) << "\n";
}

void setup(CLI::App& root, Context& ctx) {
  // Loaded while the command line is built so SECTION's choices (and the completion) come from the data.
  static const GuideLoad load = load_guide(bundled_file("guide.json"));
  static std::string section;
  static std::string format;
  static bool list = false;

  CLI::App* cmd = root.add_subcommand(
      "guide", "The student guide: which GPU for which job, billing traps, troubleshooting, student offers");
  std::vector<std::string> ids;
  if (load.guide)
    for (const GuideSection& s : load.guide->sections) ids.push_back(s.id);
  CLI::Option* pos = cmd->add_option("SECTION", section, "Show only this section (default: the whole guide)");
  if (!ids.empty()) {
    std::string names;
    for (const auto& id : ids) names += (names.empty() ? "" : "|") + id;
    pos->type_name(names)->check(CLI::IsMember(ids).description(""));
  }
  cmd->add_flag("--list", list, "List the sections and their titles");
  add_format_option(cmd, format, {"table", "md", "json"});
  cmd->footer(
      "\nText follows --lang (or LANG); tables wrap to the terminal width, 100 columns when piped.\n"
      "Newer facts than the article's carry their source and date.\n\n"
      "Examples:\n  gpuwise guide --list\n  gpuwise --lang zh guide scenarios\n  gpuwise guide billing\n"
      "  gpuwise --lang en guide students --format md > students.md\n  gpuwise guide value --format json");
  cmd->callback([&ctx] {
    if (!load.guide) {
      const std::string n = std::to_string(load.problems.size());
      throw problems_exit(kBadInput, "bundled guide: " + n + " problem(s)", "内置指南：" + n + " 个问题",
                          load.problems);
    }
    const Guide& g = *load.guide;
    const Lang lang = ctx.lang();
    if (list) {
      Table t{{"section", "title"}, {}, {}};
      for (const GuideSection& s : g.sections) t.rows.push_back({s.id, s.title.in(lang)});
      std::cout << render(t, parse_format(format), lang);
      return;
    }
    std::vector<const GuideSection*> chosen;
    for (const GuideSection& s : g.sections)
      if (section.empty() || s.id == section) chosen.push_back(&s);
    const bool whole = section.empty();
    if (format == "md")
      print_markdown(g, chosen, whole, lang);
    else if (format == "json")
      print_json(g, chosen, lang);
    else
      print_text(g, chosen, whole, lang);
  });
}

CommandRegistrar reg(90, &setup);

}  // namespace
}  // namespace gw::cli
