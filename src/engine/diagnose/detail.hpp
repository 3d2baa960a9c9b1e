#pragma once
// Private helpers shared by the diagnose*.cpp files: cutting the input into lines, and reading numbers,
// units and words without std::regex (which is neither linear nor safe on hostile lines).
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/diagnose/diagnose.hpp"

namespace gw::diag {

struct Line {
  std::string_view text;  // without the line break; at most kDiagnoseMaxLineBytes
  int number = 0;         // 1-based
};

struct Lines {
  std::vector<Line> lines;
  std::size_t bytes = 0;
  bool cut = false;
  int long_lines = 0;
  int xml_line = 0;  // > 0: `nvidia-smi -q -x` output starts here (not read)
  // The column lists of `--query-gpu=...` commands pasted above their output (the prompt line itself is
  // blanked), by line: a `--format=csv,noheader` answer below one reads with those columns.
  std::vector<std::pair<int, std::string>> query_columns;
  std::shared_ptr<std::string> owned;  // the normalised text the lines point into (see normalize_lines)
};
// Splits on \n, \r\n or \r, after cutting the text at kDiagnoseMaxBytes, then normalises each line.
Lines split_lines(std::string_view text);
// Undoes what pasting does to nvidia-smi output, line by line and keeping line numbers: markdown quote
// prefixes ("> ", "> > "), code fences, shell prompt lines, non-breaking spaces, a byte-order mark. The
// lines then point into `owned`. Finds XML output (`-q -x`) too.
void normalize_lines(Lines& in);
// A bus id the user shortened or blanked out: "xxxxxxxx:xx:00.0", "***", "01:00.0", "[redacted]".
bool looks_like_redacted_bus_id(std::string_view s);

std::string_view trim(std::string_view s);
std::string lower(std::string_view s);  // ASCII only
bool starts_with(std::string_view s, std::string_view prefix);
bool ends_with(std::string_view s, std::string_view suffix);
bool iequals(std::string_view a, std::string_view b);  // ASCII case-insensitive
bool icontains(std::string_view hay, std::string_view needle);
std::vector<std::string_view> split_ws(std::string_view s, std::size_t max_parts = 64);
std::vector<std::string_view> split_char(std::string_view s, char c, std::size_t max_parts = 256);
inline bool is_digit(char c) {
  return c >= '0' && c <= '9';
}
inline bool is_alpha(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

// A plain decimal number at the start of s ("58.12 W" -> 58.12). Rejects "N/A", "[N/A]", "inf", "1e999".
// `rest` gets what follows the number.
std::optional<double> leading_number(std::string_view s, std::string_view* rest = nullptr);
// The whole of s as a number with an optional unit from `units` (case-insensitive, spaces allowed):
// number_with_unit("40960 MiB", {"MiB"}) -> 40960. Unit-less numbers are accepted too.
std::optional<double> number_with_unit(std::string_view s, std::initializer_list<std::string_view> units);
std::optional<long long> whole_number(std::string_view s);  // "123" only
// "Enabled"/"On"/"Yes"/"Active" -> true, "Disabled"/"Off"/"No"/"Not Active" -> false.
std::optional<bool> on_off(std::string_view s);
bool looks_like_bus_id(std::string_view s);
// A GPU name as nvidia-smi prints it: 2-80 printable ASCII bytes with a letter; `vendor_first` also wants it
// to start with NVIDIA, Tesla, GeForce, Quadro, TITAN or GRID (for text with nothing else to go by).
bool plausible_gpu_name(std::string_view s, bool vendor_first);  // 00000000:07:00.0 or 0000:07:00.0
bool looks_like_driver_version(std::string_view s);              // 535.104.05, 570.26
// Maps a printed throttle reason ("SW Power Cap", "sw_power_cap", "HW Thermal Slowdown") to its id.
std::optional<std::string> throttle_id(std::string_view printed);

// The evidence for a line: trimmed, invalid UTF-8 and control bytes replaced with '?', cut near 160 bytes.
std::string clean_excerpt(std::string_view s, std::size_t max_bytes = 160);

// Number formatting that ignores the C locale and never prints nan: fmt(15.48, 1) -> "15.5",
// fmt(35.0, 1) -> "35".
std::string fmt(double v, int decimals);

// Per-format readers; each fills `out` (gpus, driver, cuda) from the lines it understands.
void read_query(const Lines& in, SmiReading& out);
void read_table(const Lines& in, SmiReading& out);
void read_csv(const Lines& in, std::string_view csv_columns, SmiReading& out);
void read_list(const Lines& in, SmiReading& out);

// Runs every reader and merges what they found (parse_nvidia_smi on lines already split).
SmiReading parse_lines(const Lines& in, std::string_view csv_columns);

// Sets field `f` once: the first reading wins, later duplicates are ignored.
template <class T, class V>
void set_once(std::optional<Seen<T>>& f, V&& value, int line) {
  if (!f) f = Seen<T>{T(std::forward<V>(value)), line};
}

// Catalog lookup for a name as nvidia-smi prints it ("NVIDIA A100-SXM4-40GB", "Tesla V100-SXM2-16GB",
// "NVIDIA A100-SXM..."), helped by the memory size and power limit the output shows.
struct ModelMatch {
  const Gpu* gpu = nullptr;
  std::vector<const Gpu*> candidates;           // when more than one fits
  std::string vgpu_profile;                     // "4C" from "GRID A100-4C"
  bool laptop = false;                          // the clues say laptop GPU (catalog segment "laptop")
  std::vector<std::string> clues_en, clues_zh;  // what narrowed the list: "22.5 GiB", "450 W power limit"
};
ModelMatch match_model(const Catalog& catalog, const SmiGpu& g);

// ---- checks
struct CheckInput {
  const Lines& lines;
  const DiagnoseOptions& options;
  const std::optional<CudaDriverTable>& cuda;  // empty when the bundled table failed to load
  std::vector<Problem> cuda_problems;
  bool other_gpus_idle =
      false;  // a multi-GPU machine where some GPUs sit idle: busy ones may be someone else's
};

inline Text T(std::string en, std::string zh) {
  return Text{std::move(en), std::move(zh)};
}
// The pasted line `number` as evidence.
Evidence evidence(const CheckInput& in, int number);
template <class V>
Evidence evidence(const CheckInput& in, const std::optional<Seen<V>>& f) {
  return evidence(in, f ? f->line : 0);
}
// "about 35% less speed: a 10-hour job takes about 15.5 hours, 5.5 hours more (8.3 CNY more at 1.5 CNY/h)".
// `upper_bound`: the slowdown is a ceiling ("up to").
Text impact(double slowdown, const DiagnoseOptions& o, bool upper_bound = false);
// Whether the GPU was busy when captured (so clock readings mean something): >= 50% utilization, or P0-P2
// with no utilization reported.
bool busy(const SmiGpu& g);
bool idle(const SmiGpu& g);
std::string gpu_model(const GpuDiagnosis& g);  // "GeForce RTX 3090" (catalog) or the reported name

void check_model(const GpuDiagnosis& g, int pos, const ModelMatch& m, const CheckInput& in,
                 std::vector<Finding>& out);
void check_clocks(const GpuDiagnosis& g, int pos, const CheckInput& in, std::vector<Finding>& out);
void check_power(const GpuDiagnosis& g, int pos, const CheckInput& in, std::vector<Finding>& out);
void check_pcie(const GpuDiagnosis& g, int pos, const CheckInput& in, std::vector<Finding>& out);
void check_health(const GpuDiagnosis& g, int pos, const CheckInput& in, std::vector<Finding>& out);
void check_sharing(const GpuDiagnosis& g, int pos, const ModelMatch& m, const CheckInput& in,
                   std::vector<Finding>& out);
void check_driver(const DiagnoseReport& r, const CheckInput& in, std::vector<Finding>& out);
void check_input(const DiagnoseReport& r, const CheckInput& in, std::vector<Finding>& out);

}  // namespace gw::diag
