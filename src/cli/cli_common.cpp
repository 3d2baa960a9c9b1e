// Context, command registry, flag-value parsers and the four output formats.
#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "cli/cli.hpp"
#include "engine/bundled.hpp"
#include "engine/cost.hpp"
#include "engine/input.hpp"

namespace gw::cli {

std::vector<std::pair<int, CommandSetup>>& command_registry() {
  static std::vector<std::pair<int, CommandSetup>> registry;
  return registry;
}

CommandRegistrar::CommandRegistrar(int order, CommandSetup setup) {
  command_registry().emplace_back(order, setup);
}

Lang Context::lang() const {
  if (lang_flag == "zh") return Lang::zh;
  if (lang_flag == "en") return Lang::en;
  for (const char* var : {"LC_ALL", "LC_MESSAGES", "LANG"}) {
    const char* v = std::getenv(var);
    if (v && *v) return std::string(v).rfind("zh", 0) == 0 ? Lang::zh : Lang::en;
  }
  return Lang::en;
}

const Catalog& Context::catalog() {
  if (catalog_) return *catalog_;
  const bool user = !catalog_path.empty();
  if (user && !catalog_version.empty())
    throw Exit(kUsage, "--catalog and --catalog-version: give one of them",
               "--catalog 与 --catalog-version 只能给一个");
  CatalogLoad load;
  try {
    // The bundled catalog comes with its notes applied, so every listing and export is complete.
    load = user                      ? load_catalog_file(catalog_path)
           : catalog_version.empty() ? load_bundled_catalog()
                                     : load_kept_catalog(catalog_version);
  } catch (const Exit& e) {
    throw Exit(e.code, std::string("--catalog: ") + e.what(), "--catalog：" + e.zh);
  }
  if (!catalog_version.empty() && !load.catalog && load.problems.size() == 1 &&
      load.problems[0].path == "/catalog_version")
    throw Exit(kUsage, "--catalog-version: " + load.problems[0].message,
               "--catalog-version：" + load.problems[0].message);
  if (!load.catalog) {
    const std::string n = std::to_string(load.problems.size());
    throw problems_exit(
        kBadInput,
        (user ? catalog_path : std::string("bundled catalog")) + ": " + n + " problem(s) in the catalog",
        (user ? catalog_path : std::string("内置目录")) + "：目录中有 " + n + " 个问题", load.problems);
  }
  catalog_ = std::move(load.catalog);
  return *catalog_;
}

CatalogLoad load_catalog_file(const std::string& path) {
  CatalogLoad load = load_catalog(read_input(path));
  if (!load.catalog || load.catalog->notes_file.empty()) return load;
  const std::string name = load.catalog->notes_file;
  const std::size_t slash = path.rfind('/');
  const std::string notes_path =
      (path == "-" || slash == std::string::npos ? "" : path.substr(0, slash + 1)) + name;
  std::vector<Problem> problems;
  // Unreadable, it fails like the catalog itself would, naming the file.
  for (Problem& p : apply_catalog_notes(*load.catalog, read_input(notes_path)))
    problems.push_back({name + ":" + p.path, std::move(p.message)});
  if (problems.empty()) problems = missing_sources(*load.catalog);
  if (!problems.empty()) {
    load.catalog.reset();
    load.problems = std::move(problems);
  }
  return load;
}

std::string read_input(const std::string& path) {
  // Every input gpuwise reads (catalog, workload, nvidia-smi text) is far below this; reading stops one
  // byte past it, so a huge file or an endless pipe is refused without filling memory.
  constexpr std::size_t kMaxInputBytes = kMaxCatalogBytes;
  std::ifstream file;
  if (path != "-") {
    file.open(path, std::ios::binary);
    if (!file) throw Exit(kBadInput, "cannot read file '" + path + "'", "无法读取文件 '" + path + "'");
  }
  std::istream& in = path == "-" ? std::cin : file;
  std::string text;
  char buf[1 << 16];
  while (in && text.size() <= kMaxInputBytes) {
    in.read(buf, sizeof buf);
    text.append(buf, static_cast<std::size_t>(in.gcount()));
  }
  if (text.size() > kMaxInputBytes) {
    const std::string mib = std::to_string(kMaxInputBytes >> 20);
    throw Exit(kBadInput,
               (path == "-" ? std::string("standard input") : "'" + path + "'") + " is larger than " + mib +
                   " MiB, more than gpuwise reads",
               (path == "-" ? std::string("标准输入") : "'" + path + "'") + " 超过 " + mib +
                   " MiB，gpuwise 不读这么大的输入");
  }
  return text;
}

void add_format_option(CLI::App* cmd, std::string& target, const std::vector<std::string>& choices) {
  std::string list;
  for (const auto& c : choices) list += (list.empty() ? "" : "|") + c;
  // The set is the value's name in help; IsMember still rejects anything else (exit 2, naming the choices).
  cmd->add_option("--format", target, "Output format (json/csv keys are stable English identifiers)")
      ->type_name(list)
      ->check(CLI::IsMember(choices).description(""))
      ->default_val(choices.front());
}

Format parse_format(const std::string& s) {
  if (s == "json") return Format::json;
  if (s == "csv") return Format::csv;
  if (s == "md") return Format::md;
  return Format::table;
}

// East Asian wide and fullwidth ranges; enough for CJK text, kana, hangul and fullwidth forms.
static bool is_wide(char32_t c) {
  return (c >= 0x1100 && c <= 0x115F) || (c >= 0x2E80 && c <= 0x303E) || (c >= 0x3041 && c <= 0x33FF) ||
         (c >= 0x3400 && c <= 0x4DBF) || (c >= 0x4E00 && c <= 0x9FFF) || (c >= 0xA000 && c <= 0xA4CF) ||
         (c >= 0xAC00 && c <= 0xD7A3) || (c >= 0xF900 && c <= 0xFAFF) || (c >= 0xFE30 && c <= 0xFE4F) ||
         (c >= 0xFF00 && c <= 0xFF60) || (c >= 0xFFE0 && c <= 0xFFE6) || (c >= 0x20000 && c <= 0x3FFFD);
}

int display_width(const std::string& s) {
  int width = 0;
  for (std::size_t i = 0; i < s.size();) {
    const unsigned char b = static_cast<unsigned char>(s[i]);
    char32_t c = b;
    int len = 1;
    if (b >= 0xF0)
      len = 4, c = b & 0x07;
    else if (b >= 0xE0)
      len = 3, c = b & 0x0F;
    else if (b >= 0xC0)
      len = 2, c = b & 0x1F;
    for (int k = 1; k < len && i + k < s.size(); ++k)
      c = (c << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3F);
    i += len;
    if (c == 0x1B) continue;  // colour escapes are zero width (the sequence body is ASCII; callers avoid it)
    width += is_wide(c) ? 2 : 1;
  }
  return width;
}

bool use_color() {
  const char* no_color = std::getenv("NO_COLOR");
  return isatty(STDOUT_FILENO) && !(no_color && *no_color);
}

std::string fmt_num(double v, int decimals) {
  return format_number(v, decimals);  // the engine's: no "-0.00", "—" when missing
}

static std::string csv_field(const std::string& s) {
  if (s.find_first_of(",\"\n\r") == std::string::npos) return s;
  std::string out = "\"";
  for (char c : s) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

static std::string md_field(const std::string& s) {
  std::string out;
  for (char c : s) out += c == '|' ? std::string("\\|") : c == '\n' ? std::string(" ") : std::string(1, c);
  return out;
}

std::string render(const Table& in, Format format, Lang lang) {
  std::string out;
  Table shown;
  if (lang != Lang::en && (format == Format::table || format == Format::md)) {
    shown = in;
    for (auto& row : shown.rows)
      for (std::size_t i = 0; i < row.size() && i < in.headers.size(); ++i)
        if (word_column(in.headers[i])) row[i] = tr_cell(row[i], lang);
    for (std::string& h : shown.headers) h = tr_header(h, lang);
  }
  const Table& t = lang != Lang::en && (format == Format::table || format == Format::md) ? shown : in;
  const std::size_t n = t.headers.size();
  auto cell = [&](const std::vector<std::string>& row, std::size_t i) -> const std::string& {
    static const std::string empty;
    return i < row.size() ? row[i] : empty;
  };
  switch (format) {
    case Format::json: {
      nlohmann::json arr = nlohmann::json::array();
      for (const auto& row : t.rows) {
        nlohmann::json obj = nlohmann::json::object();
        for (std::size_t i = 0; i < n; ++i) obj[t.headers[i]] = cell(row, i);
        arr.push_back(obj);
      }
      return arr.dump(2) + "\n";
    }
    case Format::csv: {
      for (std::size_t i = 0; i < n; ++i) out += (i ? "," : "") + csv_field(t.headers[i]);
      out += "\n";
      for (const auto& row : t.rows) {
        for (std::size_t i = 0; i < n; ++i) out += (i ? "," : "") + csv_field(cell(row, i));
        out += "\n";
      }
      return out;
    }
    case Format::md: {
      out += "|";
      for (const auto& h : t.headers) out += " " + md_field(h) + " |";
      out += "\n|";
      for (std::size_t i = 0; i < n; ++i)
        out += (i < t.right_align.size() && t.right_align[i]) ? "---:|" : "---|";
      out += "\n";
      for (const auto& row : t.rows) {
        out += "|";
        for (std::size_t i = 0; i < n; ++i) out += " " + md_field(cell(row, i)) + " |";
        out += "\n";
      }
      return out;
    }
    case Format::table: {
      std::vector<int> width(n, 0);
      for (std::size_t i = 0; i < n; ++i) width[i] = display_width(t.headers[i]);
      for (const auto& row : t.rows)
        for (std::size_t i = 0; i < n; ++i) width[i] = std::max(width[i], display_width(cell(row, i)));
      auto line = [&](const std::vector<std::string>& row, bool bold) {
        std::string l;
        for (std::size_t i = 0; i < n; ++i) {
          const std::string& c = cell(row, i);
          const std::string pad(static_cast<std::size_t>(width[i] - display_width(c)), ' ');
          const bool right = i < t.right_align.size() && t.right_align[i];
          l += (i ? "  " : "") + (right ? pad + c : (i + 1 == n ? c : c + pad));
        }
        while (!l.empty() && l.back() == ' ') l.pop_back();
        return (bold && use_color() ? "\033[1m" + l + "\033[0m" : l) + "\n";
      };
      out += line(t.headers, true);
      for (const auto& row : t.rows) out += line(row, false);
      return out;
    }
  }
  return out;
}

// ---- messages

const char* stderr_prefix(Lang lang) {
  return lang == Lang::zh ? "gpuwise：" : "gpuwise: ";
}

Exit problem_exit(int code, const std::string& where, const std::string& what_zh, const std::string& path,
                  const std::string& message) {
  return Exit(code, (where.empty() ? "" : where + ": ") + path + ": " + message,
              (where.empty() ? "" : where + "：") + what_zh + " " + path + " 有问题：" + message);
}

Exit problems_exit(int code, const std::string& head_en, const std::string& head_zh,
                   const std::vector<Problem>& problems) {
  std::string lines;
  for (const Problem& p : problems) lines += "\n  " + (p.path.empty() ? "" : p.path + ": ") + p.message;
  return Exit(code, head_en + lines, head_zh + lines);
}

Exit unknown_offer_exit(const std::string& offer) {
  return Exit(kUsage, "--offer: '" + offer + "' is not an offer id (see 'gpuwise catalog offers')",
              "--offer：'" + offer + "' 不是报价编号（见 'gpuwise catalog offers'）");
}

Exit gpu_query_exit(const std::string& flag, const std::string& query,
                    const std::vector<const Gpu*>& candidates) {
  if (candidates.empty())
    return Exit(kUsage, flag + ": '" + query + "' matches no GPU in the catalog (see 'gpuwise catalog gpus')",
                flag + "：'" + query + "' 在目录中找不到对应的 GPU（见 'gpuwise catalog gpus'）");
  std::string ids;
  for (const Gpu* g : candidates) ids += (ids.empty() ? " " : ", ") + g->id;
  return Exit(kUsage, flag + ": '" + query + "' is ambiguous:" + ids,
              flag + "：'" + query + "' 有歧义，可能是：" + ids.substr(1));
}

// ---- flag values

static Exit bad_value(const std::string& flag, const std::string& text, const std::string& expect,
                      const std::string& expect_zh) {
  return Exit(kUsage, flag + ": '" + text + "' is not " + expect, flag + "：'" + text + "' 不是" + expect_zh);
}

// The engine's parsers (input.hpp) read the text, as every other door does; these add the flag's range.
double parse_count(const std::string& flag, const std::string& text) {
  double v = 0;
  if (!parse_count_value(text, v))
    throw bad_value(flag, text, "a number such as 340M or 1.5B (suffix k, M, B or T)",
                    "像 340M 或 1.5B 这样的数（后缀 k、M、B 或 T）");
  if (!(v >= 0) || v > 1e16)
    throw bad_value(flag, text, "a count between 0 and 1e16", " 0 到 1e16 之间的数量");
  return v;
}

double parse_hours(const std::string& flag, const std::string& text) {
  double v = 0;
  if (!parse_duration_hours(text, v))
    throw bad_value(flag, text, "a duration such as 48h, 2d, 1w or 90m", "像 48h、2d、1w 或 90m 这样的时长");
  if (!(v > 0) || v > 24.0 * 365 * 10)
    throw bad_value(flag, text, "a duration between 1 second and 10 years", " 1 秒到 10 年之间的时长");
  return v;
}

double parse_gb(const std::string& flag, const std::string& text) {
  double v = 0;
  if (!parse_size_gb(text, v))
    throw bad_value(flag, text, "a size such as 100GB, 512MB or 1.5TB",
                    "像 100GB、512MB 或 1.5TB 这样的大小");
  if (!(v >= 0) || v > 1e7)
    throw bad_value(flag, text, "a size between 0 and 10 PB", " 0 到 10 PB 之间的大小");
  return v;
}

double parse_number(const std::string& flag, const std::string& text, double min, double max) {
  double v = 0;
  if (!parse_plain_number(text, v)) throw bad_value(flag, text, "a number", "数字");
  if (v < min || v > max) {
    char lo[32], hi[32];
    std::snprintf(lo, sizeof lo, "%g", min);
    std::snprintf(hi, sizeof hi, "%g", max);
    throw Exit(kUsage, flag + ": " + text + " is out of range (" + lo + " to " + hi + ")",
               flag + "：" + text + " 超出范围（" + lo + " 到 " + hi + "）");
  }
  return v;
}

}  // namespace gw::cli
