#pragma once
// Shared plumbing for the gpuwise command line: the context every command sees,
// self-registration of commands, exit codes and the output formats.
#include <CLI/CLI.hpp>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/catalog.hpp"
#include "engine/text.hpp"

namespace gw::cli {

// Exit codes, as documented in `gpuwise --help`.
enum ExitCode { kOk = 0, kNoOffer = 1, kUsage = 2, kBadInput = 3 };

// Thrown by a command to stop with a message on stderr and an exit code. Every message the CLI writes
// exists in English (what()) and Chinese; main prints the one for --lang. Flag names and the offending
// values stay verbatim in both.
struct Exit : std::runtime_error {
  int code;
  std::string zh;
  Exit(int c, const std::string& en, const std::string& zh_text)
      : std::runtime_error(en), code(c), zh(zh_text) {}
  explicit Exit(int c) : Exit(c, "", "") {}  // no message: the output already said why
  std::string message(Lang lang) const { return lang == Lang::zh && !zh.empty() ? zh : what(); }
};
// "gpuwise: " or "gpuwise：", the start of every line the CLI writes to stderr.
const char* stderr_prefix(Lang lang);
// An engine Problem (English by design) as a CLI message: `where` and `path` stay verbatim; Chinese puts a
// lead-in naming what (`what_zh`, e.g. 工作负载) has the problem before the English message.
Exit problem_exit(int code, const std::string& where, const std::string& what_zh, const std::string& path,
                  const std::string& message);
// Every problem of a file, one indented line each, under a heading in each language.
Exit problems_exit(int code, const std::string& head_en, const std::string& head_zh,
                   const std::vector<Problem>& problems);
// --offer naming no offer of the catalog.
Exit unknown_offer_exit(const std::string& offer);
// "'x' matches no GPU" / "'x' is ambiguous: a, b" for a --gpu query find_gpu could not settle.
Exit gpu_query_exit(const std::string& flag, const std::string& query,
                    const std::vector<const Gpu*>& candidates);

struct Context {
  std::string lang_flag;        // "zh" | "en" | "" (auto from LANG)
  std::string currency_flag;    // "CNY" | "USD" | "" (command default)
  std::string catalog_path;     // --catalog FILE
  std::string catalog_version;  // --catalog-version VERSION: a catalog kept in this build (data/catalogs/)
  Lang lang() const;
  // The bundled catalog, or the user's --catalog (validated; exit 3 with every problem on failure).
  const Catalog& catalog();

 private:
  std::optional<Catalog> catalog_;
};

// Each command file registers itself with a static CommandRegistrar; main builds them in `order`.
using CommandSetup = void (*)(CLI::App& root, Context& ctx);
struct CommandRegistrar {
  CommandRegistrar(int order, CommandSetup setup);
};
std::vector<std::pair<int, CommandSetup>>& command_registry();

// help.cpp: names every option's value (FILE, DURATION, SIZE ...) once all commands are registered.
void finish_help(CLI::App& root);

// ---- output
enum class Format { table, json, csv, md };
// Adds `--format` with the given choices to a subcommand.
void add_format_option(CLI::App* cmd, std::string& target, const std::vector<std::string>& choices);
Format parse_format(const std::string&);

struct Table {
  std::vector<std::string> headers;
  std::vector<std::vector<std::string>> rows;
  std::vector<bool> right_align;  // per column; missing = left
};
// table: aligned with CJK double width; csv: RFC 4180; md: a pipe table; json: array of objects.
// Headers are stable English identifiers: json and csv print them as they are, table and md show them
// (and word cells such as yes/no, spot, fits) in `lang` through tr_header / tr_cell.
std::string render(const Table& table, Format format, Lang lang = Lang::en);
// glossary.cpp: a header or word cell in the user's language; unknown words come back unchanged.
std::string tr_header(const std::string& key, Lang lang);
std::string tr_cell(const std::string& cell, Lang lang);
bool word_column(const std::string& key);  // cells of this column are enum words tr_cell may translate
// Columns a terminal needs to show this UTF-8 text (CJK and fullwidth count 2).
int display_width(const std::string& utf8);
bool use_color();  // stdout is a TTY and NO_COLOR is unset
std::string fmt_num(double v, int decimals);
// Reads FILE or "-" (stdin); throws Exit(kBadInput) naming the file when it cannot.
std::string read_input(const std::string& path);
// A catalog file (or "-"). A copy of the bundled core (it names a notes_file) gets the notes file beside it
// applied and its sources checked, so it is as complete as the catalog it was copied from.
CatalogLoad load_catalog_file(const std::string& path);

// Parsers for flag values: "340M", "1.5B", "48h", "2d", "90m", "100GB". Throw Exit(kUsage) naming the flag.
double parse_count(const std::string& flag, const std::string& text);  // 340M -> 3.4e8
double parse_hours(const std::string& flag, const std::string& text);  // 48h, 2d, 90m, 1.5 -> hours
double parse_gb(const std::string& flag, const std::string& text);     // 100GB, 1.5TB, 512MB -> GB
double parse_number(const std::string& flag, const std::string& text, double min, double max);

}  // namespace gw::cli
