#pragma once
// The instance checker. A student pastes what nvidia-smi printed on a rented instance; this finds what the
// source article's troubleshooting table warns about (a down-clocked card, a power cap, a narrow PCIe link,
// a driver too old for the framework, memory someone else holds...) and says, for each finding, the line
// that shows it, what it costs in time or money and what to do.
//
// Pure: the text is handed in, nothing is read from disk. Hostile input is expected: the work is linear in
// the input size, the input is cut at kDiagnoseMaxBytes, and anything that is not nvidia-smi output gets a
// finding that says so instead of an exception.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/catalog.hpp"
#include "engine/text.hpp"

namespace gw {

// ---- input limits (documented in `gpuwise diagnose --help`)
inline constexpr std::size_t kDiagnoseMaxBytes = 4u << 20;  // 4 MiB: more is ignored, with a finding
inline constexpr std::size_t kDiagnoseMaxLineBytes = 4096;  // a longer line is read up to here
inline constexpr int kDiagnoseMaxGpus = 64;                 // more GPU blocks are ignored, with a finding
inline constexpr int kDiagnoseMaxProcesses = 256;           // per GPU

enum class Severity { info, warn, critical };
const char* severity_name(Severity s);  // "info" | "warn" | "critical"
Text severity_label(Severity s);        // {"note", "提示"}, {"warning", "警告"}, {"critical", "严重"}

// Which nvidia-smi output the text was: the default table, `nvidia-smi -q`, `--query-gpu=... --format=csv`,
// or the one-line-per-GPU `nvidia-smi -L`.
enum class SmiFormat { none, table, query, csv, list };
const char* smi_format_name(SmiFormat f);  // "none", "table", "query", "csv", "list"
Text smi_format_label(SmiFormat f);        // {"nvidia-smi -q", ...}

// A value read from the input and the 1-based line it was on.
template <class T>
struct Seen {
  T value{};
  int line = 0;
};

struct SmiProcess {
  std::optional<long long> pid;
  std::string name;
  std::optional<double> used_mib;
  std::string type;  // "C" compute, "G" graphics (a desktop), "C+G"; empty when not printed
  int line = 0;
};

struct SmiMigDevice {
  std::string profile;  // "1g.10gb" when the output names it
  std::optional<double> memory_total_mib;
  std::optional<int> sm_count;
  int line = 0;
};

// Throttle ("clocks event") reasons, as stable ids.
inline constexpr const char* kThrottleIds[] = {"gpu_idle",
                                               "applications_clocks_setting",
                                               "sw_power_cap",
                                               "hw_slowdown",
                                               "sync_boost",
                                               "sw_thermal_slowdown",
                                               "hw_thermal_slowdown",
                                               "hw_power_brake_slowdown",
                                               "display_clock_setting"};

// Everything one GPU's block said. Unknown stays empty: nvidia-smi prints "N/A" for many fields and older
// drivers leave others out.
struct SmiGpu {
  int index = 0;       // the index nvidia-smi printed, or the position in the output
  int first_line = 0;  // where this GPU's block starts
  std::optional<Seen<std::string>> name;
  bool name_truncated = false;    // the default table cut it: "NVIDIA A100-SXM..."
  bool name_cut_at_word = false;  // cut after a whole word ("NVIDIA GeForce RTX 3080 ..."): more words follow
  std::string bus_id;
  std::optional<Seen<std::string>> pstate;  // "P0" (busiest) ... "P12"
  std::optional<Seen<double>> memory_total_mib, memory_used_mib;
  std::optional<Seen<double>> utilization_pct, temperature_c, slowdown_temp_c;
  std::optional<Seen<double>> power_draw_w, power_limit_w, default_power_limit_w, max_power_limit_w;
  std::optional<Seen<double>> sm_clock_mhz, max_sm_clock_mhz, app_clock_mhz, default_app_clock_mhz;
  std::optional<Seen<int>> pcie_gen, pcie_gen_max, pcie_width, pcie_width_max;
  std::optional<Seen<bool>> persistence;
  std::optional<Seen<bool>> ecc_enabled;
  std::optional<Seen<long long>> ecc_uncorrected_volatile, ecc_corrected_volatile, ecc_uncorrected_aggregate;
  std::optional<Seen<long long>> ecc_corrected_aggregate;  // lifetime, corrected
  std::optional<Seen<long long>> remapped_rows_correctable, remapped_rows_uncorrectable;  // lifetime
  std::optional<Seen<std::string>> fan_error;   // the fan column said "ERR!" (or -q "Unknown Error")
  std::optional<Seen<bool>> power_cap_missing;  // the cap printed as N/A: laptops (and some old cards)
  std::optional<Seen<bool>> display_active;     // a monitor/desktop runs on this GPU (Disp.A On)
  std::optional<Seen<bool>> retirement_pending, remap_failure;
  std::optional<Seen<bool>> mig_enabled;
  std::optional<Seen<std::string>> virtualization;               // "None", "Pass-Through", "VGPU", ...
  std::optional<Seen<std::string>> fabric_state, fabric_status;  // -q "Fabric": NVSwitch registration
  int throttle_section_line = 0;                   // > 0: the output listed the reasons (so none = none)
  std::vector<Seen<std::string>> throttle_active;  // ids from kThrottleIds
  std::vector<SmiProcess> processes;
  bool processes_listed = false;  // the output had a process list for this GPU (possibly empty)
  std::vector<SmiMigDevice> mig_devices;
};

struct SmiReading {
  SmiFormat format = SmiFormat::none;  // the form the GPUs were read from
  std::vector<SmiFormat> formats;      // every form found in the text, `format` first
  std::optional<Seen<std::string>> driver_version;
  std::optional<Seen<std::string>> cuda_version;  // nvidia-smi's "CUDA Version": the newest the driver runs
  std::optional<Seen<long long>> attached_gpus;   // -q's "Attached GPUs": the machine's count, read or not
  std::vector<SmiGpu> gpus;
  std::optional<Seen<std::string>> failure;  // "NVIDIA-SMI has failed because...", "No devices were found"
  int lines = 0;                             // lines read
  std::size_t bytes = 0;                     // bytes read (after the cut)
  bool cut = false;                          // the input was longer than kDiagnoseMaxBytes
  int long_lines = 0;                        // lines longer than kDiagnoseMaxLineBytes (read in part)
  int ignored_gpus = 0;                      // GPU blocks past kDiagnoseMaxGpus
  int xml_line = 0;                          // > 0: the text is `nvidia-smi -q -x` XML, which is not read
  bool csv_without_header = false;  // `--format=csv,noheader`: only values with a clear shape were read
  int cut_short_at = 0;             // > 0: the output seems to stop early (a GPU block or CSV row ends here)
};

// Reads nvidia-smi output. Never throws; garbage gives a reading with no GPU.
// `csv_columns` names the columns of header-less CSV ("index,name,clocks.max.sm"), as given to --query-gpu.
SmiReading parse_nvidia_smi(std::string_view text, std::string_view csv_columns = {});

// ---- the CUDA driver table (data/cuda-drivers.json)
struct CudaDriverEntry {
  int major = 0, minor = 0;
  std::string min_driver;  // Linux x86_64, e.g. "550.54.14"
  std::string release;     // "12.4 GA"
};
struct CudaDriverTable {
  std::vector<CudaDriverEntry> toolkits;      // newest first
  std::vector<CudaDriverEntry> minor_compat;  // per major (minor = 0): minor-version compatibility floor
  std::string source, source_date;
};
struct CudaDriverLoad {
  std::optional<CudaDriverTable> table;
  std::vector<Problem> problems;
};
CudaDriverLoad load_cuda_driver_table(std::string_view json_text);
// The bundled table, loaded once per call (cheap: a few dozen rows).
CudaDriverLoad bundled_cuda_driver_table();
// "12.1", "12.1.1", "cu121", "CUDA 12.1" -> {12, 1}; nullopt when it is not a CUDA version.
std::optional<std::pair<int, int>> parse_cuda_version(std::string_view text);
// Compares dotted driver versions numerically ("535.104.05" > "535.54.03"). <0, 0, >0.
int compare_driver_versions(std::string_view a, std::string_view b);

// ---- findings
struct Evidence {
  int line = 0;         // 1-based; 0 when the finding is about the whole text
  std::string text;     // that line as pasted: trimmed, runs of spaces shortened, valid UTF-8, <= ~160 bytes
  std::string section;  // for `nvidia-smi -q`, the heading the line sits under ("Max Clocks"), else empty
};

struct Finding {
  Severity severity = Severity::info;
  // Stable id: input, model, max_clock, clock_now, throttle, power_limit, pcie, ecc, memory_in_use,
  // memory_size, driver_cuda, persistence, mig, vgpu, fan, fabric, ok
  std::string check;
  std::vector<int> gpus;  // indexes into DiagnoseReport::gpus; empty: the whole machine or the text
  Text title;             // one line
  Evidence evidence;
  Text meaning;                    // what it means in time or money
  Text action;                     // what to do
  std::optional<double> slowdown;  // 0.35: 35% less speed; set when the finding estimates one
};

// The CSV query the checker suggests: every column it reads, utilization.gpu included (a down-clock only
// counts under load).
inline constexpr const char* kDiagnoseCsvQuery =
    "nvidia-smi --query-gpu=index,name,driver_version,pstate,pci.bus_id,memory.total,memory.used,"
    "utilization.gpu,temperature.gpu,fan.speed,power.draw,power.limit,power.default_limit,clocks.sm,"
    "clocks.max.sm,pcie.link.gen.current,pcie.link.gen.max,pcie.link.width.current,pcie.link.width.max,"
    "clocks_throttle_reasons.active,ecc.errors.uncorrected.volatile.total,ecc.errors.corrected.aggregate."
    "total "
    "--format=csv";
// The commands the checker reads best, in the order to try them.
inline constexpr const char* kDiagnoseCommands[] = {"nvidia-smi", "nvidia-smi -q", kDiagnoseCsvQuery};

struct DiagnoseOptions {
  std::string cuda;                      // CUDA version the user's framework needs ("12.1"); empty: not asked
  double job_hours = 10;                 // a slowdown is told as "a 10-hour job takes ~15.5 hours"
  std::optional<double> price_per_hour;  // per GPU, in `currency`: extra hours are then priced too
  std::string currency = "CNY";
  std::string csv_columns;  // see parse_nvidia_smi
};

struct GpuDiagnosis {
  SmiGpu reading;
  std::optional<Gpu> spec;  // the catalog's entry, when the reported name was recognized
  Text label;               // "GPU 0: NVIDIA A100-SXM4-40GB (catalog: NVIDIA A100 40GB SXM4)"
};

struct DiagnoseReport {
  SmiReading input;                // what was read; its gpus are moved into `gpus`
  std::vector<GpuDiagnosis> gpus;  // in the order of the output
  std::vector<Finding> findings;   // most severe first
  Text summary;                    // one line for a heading
  bool found_gpu() const { return !gpus.empty(); }
  int count(Severity s) const;
};

// What diagnose() needs besides the text, loaded once by the caller and passed to every call: the checker
// then only parses the paste (a desktop app or fuzz target that reloaded these per call spent most of its
// time parsing JSON).
struct DiagnoseContext {
  const Catalog& catalog;
  const std::optional<CudaDriverTable>& cuda;  // empty: driver checks say the table is unavailable
  const std::vector<Problem>& cuda_problems;
};

// Reads `text` and checks it against the catalog. Never throws; never returns NaN.
DiagnoseReport diagnose(std::string_view text, const DiagnoseContext& context,
                        const DiagnoseOptions& options = {});
// The same, loading the bundled CUDA driver table on every call (tests and one-shot callers).
DiagnoseReport diagnose(std::string_view text, const Catalog& catalog, const DiagnoseOptions& options = {});

// ---- the checker across a module boundary
// The web page keeps diagnose() out of its first download (it is a sixth of the wasm): the first check
// fetches it as a module of its own. What crosses is JSON: a request (the pasted text and the options)
// and an answer (what the checker panel shows). The desktop app takes the same path, so both are tested.
struct DiagnoseAnswer {
  Text summary;
  std::vector<Text> gpu_labels;
  std::vector<Finding> findings;
};
DiagnoseAnswer diagnose_answer(const DiagnoseReport& report);
std::string diagnose_request_json(std::string_view text, const DiagnoseOptions& options);
// Runs diagnose() on a request; a request it cannot read gets an answer whose one finding says why.
std::string diagnose_json(std::string_view request_json, const DiagnoseContext& context);
std::string diagnose_json(std::string_view request_json, const Catalog& catalog);
// Reads an answer written by diagnose_json; nullopt, with the reason in `problem`, when it is not one.
std::optional<DiagnoseAnswer> read_diagnose_answer(std::string_view answer_json, std::string& problem);

}  // namespace gw
