// Reads `nvidia-smi -q`: "Key : Value" lines nested by indentation under one "GPU 00000000:07:00.0" block
// per card. Section names changed across drivers ("Clocks Throttle Reasons" became "Clocks Event Reasons",
// "Power Readings" became "GPU Power Readings", ECC counters went from "Single/Double Bit" to
// "SRAM/DRAM (Un)correctable"), so each field is looked up by the names every version used.
#include "engine/diagnose/detail.hpp"

namespace gw::diag {
namespace {

struct Section {
  int indent;
  std::string key;  // lower case
};

bool sane_key(std::string_view k) {
  if (k.empty() || k.size() > 60) return false;
  for (char c : k)
    if (!(is_alpha(c) || is_digit(c) || c == ' ' || c == '.' || c == '-' || c == '_' || c == '(' ||
          c == ')' || c == '/'))
      return false;
  return is_alpha(k[0]);
}

std::string collapse_spaces(std::string_view s) {
  std::string out;
  for (char c : s) {
    if (c == ' ' && (out.empty() || out.back() == ' ')) continue;
    out += c;
  }
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

bool na(std::string_view v) {
  v = trim(v);
  return v.empty() || iequals(v, "N/A") || iequals(v, "[N/A]") || icontains(v, "not supported") ||
         icontains(v, "unknown error") || icontains(v, "insufficient permissions");
}

struct Reader {
  explicit Reader(SmiReading& o) : out(o) {}
  SmiReading& out;
  SmiGpu* gpu = nullptr;
  bool skipping = false;  // past kDiagnoseMaxGpus: lines of ignored GPUs are not read
  std::vector<Section> stack;
  bool saw_enforced_limit = false;
  bool fragment = false;  // the last GPU was started by a section heading, not by its "GPU" line

  // Headings and keys that only appear inside a GPU's block of `nvidia-smi -q`.
  static bool gpu_section(const std::string& k, bool has_value) {
    static const char* headings[] = {"clocks throttle reasons",
                                     "clocks event reasons",
                                     "clocks",
                                     "max clocks",
                                     "applications clocks",
                                     "power readings",
                                     "gpu power readings",
                                     "fb memory usage",
                                     "ecc errors",
                                     "remapped rows",
                                     "retired pages",
                                     "temperature",
                                     "utilization"};
    if (has_value) return k == "performance state";
    for (const char* h : headings)
      if (k == h) return true;
    return false;
  }

  void start_gpu(std::string bus, int line) {
    if (static_cast<int>(out.gpus.size()) >= kDiagnoseMaxGpus) {
      ++out.ignored_gpus;
      gpu = nullptr;
      skipping = true;
      return;
    }
    skipping = false;
    fragment = false;
    out.gpus.emplace_back();
    gpu = &out.gpus.back();
    gpu->index = static_cast<int>(out.gpus.size()) - 1;
    gpu->first_line = line;
    gpu->bus_id = std::move(bus);
    stack.clear();
    saw_enforced_limit = false;
  }

  void header(const std::string& path, const std::string& key, int line) {
    if (!gpu) return;
    if (path == "clocks throttle reasons" || path == "clocks event reasons" || path == "clocks_event_reasons")
      gpu->throttle_section_line = line;
    else if (path == "processes")
      gpu->processes_listed = true;
    else if (path == "mig devices/mig device" && gpu->mig_devices.size() < 64)
      gpu->mig_devices.push_back({"", std::nullopt, std::nullopt, line});
    (void)key;
  }

  static bool under(const std::string& path, std::string_view prefix) {
    return path.size() > prefix.size() && starts_with(path, prefix) && path[prefix.size()] == '/';
  }

  static std::string_view leaf(const std::string& path) {
    auto slash = path.rfind('/');
    return slash == std::string::npos ? std::string_view(path) : std::string_view(path).substr(slash + 1);
  }

  void ecc(const std::string& path, std::string_view v, int line, bool aggregate) {
    auto n = whole_number(v);
    if (!n) return;
    std::string_view k = leaf(path);
    bool old_layout =
        path.find("double bit") != std::string::npos || path.find("single bit") != std::string::npos;
    bool uncorrectable = false, correctable = false;
    if (old_layout) {
      if (k != "total") return;  // per-unit counters are included in the total
      uncorrectable = path.find("double bit") != std::string::npos;
      correctable = !uncorrectable;
    } else {
      uncorrectable = k.find("uncorrectable") != std::string_view::npos;
      correctable = !uncorrectable && k.find("correctable") != std::string_view::npos;
    }
    auto add = [&](std::optional<Seen<long long>>& f) {
      if (!f) f = Seen<long long>{0, line};
      f->value += *n;
      if (*n > 0 && f->value == *n) f->line = line;  // point at the first non-zero counter
    };
    if (aggregate) {
      if (uncorrectable)
        add(gpu->ecc_uncorrected_aggregate);
      else if (correctable)
        add(gpu->ecc_corrected_aggregate);
    } else if (uncorrectable) {
      add(gpu->ecc_uncorrected_volatile);
    } else if (correctable) {
      add(gpu->ecc_corrected_volatile);
    }
  }

  void value(const std::string& path, std::string_view v, int line) {
    SmiGpu& g = *gpu;
    if (path == "processes") {  // "Processes : None"
      g.processes_listed = true;
      return;
    }
    if (path == "fan speed" && (icontains(v, "err") || icontains(v, "unknown error"))) {
      set_once(g.fan_error, std::string(trim(v)), line);
      return;
    }
    if ((under(path, "power readings") || under(path, "gpu power readings")) && na(v)) {
      auto k = leaf(path);
      if (k == "power limit" || k == "current power limit" || k == "enforced power limit")
        set_once(g.power_cap_missing, true, line);
      return;
    }
    if (na(v)) return;
    auto mhz = [&] { return number_with_unit(v, {"MHz"}); };
    auto watts = [&] { return number_with_unit(v, {"W"}); };
    auto mib = [&] { return number_with_unit(v, {"MiB"}); };

    if (path == "product name") {
      if (plausible_gpu_name(v, false)) set_once(g.name, std::string(trim(v)), line);
    } else if (path == "display active") {
      if (auto b = on_off(v)) set_once(g.display_active, *b, line);
    } else if (path == "remapped rows/correctable error") {
      if (auto n = whole_number(v)) set_once(g.remapped_rows_correctable, *n, line);
    } else if (path == "remapped rows/uncorrectable error") {
      if (auto n = whole_number(v)) set_once(g.remapped_rows_uncorrectable, *n, line);
    } else if (path == "processes/type" && !g.processes.empty()) {
      g.processes.back().type = std::string(trim(v));
    } else if (path == "persistence mode") {
      if (auto b = on_off(v)) set_once(g.persistence, *b, line);
    } else if (path == "mig mode/current") {
      if (auto b = on_off(v)) set_once(g.mig_enabled, *b, line);
    } else if (path == "gpu virtualization mode/virtualization mode") {
      set_once(g.virtualization, std::string(trim(v)), line);
    } else if (path == "fabric/state") {
      if (!na(v)) set_once(g.fabric_state, std::string(trim(v)), line);
    } else if (path == "fabric/status") {
      if (!na(v)) set_once(g.fabric_status, std::string(trim(v)), line);
    } else if (path == "pci/bus id") {
      if (g.bus_id.empty()) g.bus_id = std::string(trim(v));
    } else if (under(path, "pci/gpu link info/pcie generation")) {
      auto k = leaf(path);
      auto n = whole_number(v);
      if (!n || *n > 9) return;
      if (k == "current" || k == "device current") set_once(g.pcie_gen, static_cast<int>(*n), line);
      if (k == "max" || k == "device max") set_once(g.pcie_gen_max, static_cast<int>(*n), line);
    } else if (under(path, "pci/gpu link info/link width")) {
      auto k = leaf(path);
      auto n = number_with_unit(v, {"x"});
      if (!n || *n < 1 || *n > 32) return;
      if (k == "current" || k == "device current") set_once(g.pcie_width, static_cast<int>(*n), line);
      if (k == "max" || k == "device max") set_once(g.pcie_width_max, static_cast<int>(*n), line);
    } else if (path == "performance state") {
      set_once(g.pstate, std::string(trim(v)), line);
    } else if (under(path, "clocks throttle reasons") || under(path, "clocks event reasons") ||
               under(path, "clocks_event_reasons")) {
      auto b = on_off(v);
      auto id = throttle_id(leaf(path));
      if (b && *b && id && g.throttle_active.size() < 16) g.throttle_active.push_back({*id, line});
    } else if (path == "fb memory usage/total") {
      if (auto n = mib()) set_once(g.memory_total_mib, *n, line);
    } else if (path == "fb memory usage/used") {
      if (auto n = mib()) set_once(g.memory_used_mib, *n, line);
    } else if (path == "utilization/gpu") {
      if (auto n = number_with_unit(v, {"%"})) set_once(g.utilization_pct, *n, line);
    } else if (path == "ecc mode/current") {
      if (auto b = on_off(v)) set_once(g.ecc_enabled, *b, line);
    } else if (under(path, "ecc errors/volatile")) {
      ecc(path, v, line, false);
    } else if (under(path, "ecc errors/aggregate")) {
      ecc(path, v, line, true);
    } else if (path == "retired pages/pending page blacklist" ||
               path == "retired pages/pending page retirement" || path == "remapped rows/pending") {
      if (auto b = on_off(v); b && *b) set_once(g.retirement_pending, true, line);
    } else if (path == "remapped rows/remapping failure occurred") {
      if (auto b = on_off(v); b && *b) set_once(g.remap_failure, true, line);
    } else if (path == "temperature/gpu current temp") {
      if (auto n = number_with_unit(v, {"C"})) set_once(g.temperature_c, *n, line);
    } else if (path == "temperature/gpu slowdown temp") {
      if (auto n = number_with_unit(v, {"C"})) set_once(g.slowdown_temp_c, *n, line);
    } else if (under(path, "power readings") || under(path, "gpu power readings")) {
      auto k = leaf(path);
      auto n = watts();
      if (!n) return;
      if (k == "power draw" || k == "average power draw" || k == "instantaneous power draw")
        set_once(g.power_draw_w, *n, line);
      else if (k == "enforced power limit") {
        g.power_limit_w = Seen<double>{*n, line};  // what the card obeys, whatever else was requested
        saw_enforced_limit = true;
      } else if ((k == "power limit" || k == "current power limit") && !saw_enforced_limit)
        set_once(g.power_limit_w, *n, line);
      else if (k == "default power limit")
        set_once(g.default_power_limit_w, *n, line);
      else if (k == "max power limit")
        set_once(g.max_power_limit_w, *n, line);
    } else if (path == "clocks/sm") {
      if (auto n = mhz()) set_once(g.sm_clock_mhz, *n, line);
    } else if (path == "max clocks/sm") {
      if (auto n = mhz()) set_once(g.max_sm_clock_mhz, *n, line);
    } else if (path == "applications clocks/graphics") {
      if (auto n = mhz()) set_once(g.app_clock_mhz, *n, line);
    } else if (path == "default applications clocks/graphics") {
      if (auto n = mhz()) set_once(g.default_app_clock_mhz, *n, line);
    } else if (path == "processes/process id") {
      g.processes_listed = true;
      if (g.processes.size() < static_cast<std::size_t>(kDiagnoseMaxProcesses))
        g.processes.push_back({whole_number(v), "", std::nullopt, "", line});
    } else if ((path == "processes/name" || path == "processes/process name") && !g.processes.empty()) {
      g.processes.back().name = std::string(trim(v));
    } else if (path == "processes/used gpu memory" && !g.processes.empty()) {
      g.processes.back().used_mib = mib();
    } else if (path == "mig devices/mig device/fb memory usage/total" && !g.mig_devices.empty()) {
      g.mig_devices.back().memory_total_mib = mib();
    } else if (path == "mig devices/mig device/device attributes/shared/multiprocessor count" &&
               !g.mig_devices.empty()) {
      if (auto n = whole_number(v); n && *n < 100000) g.mig_devices.back().sm_count = static_cast<int>(*n);
    }
  }

  void line(std::string_view raw, int number) {
    std::string_view t = trim(raw);
    if (t.empty()) return;
    int indent = 0;
    for (char c : raw) {
      if (c == ' ')
        ++indent;
      else if (c == '\t')
        indent += 4;
      else
        break;
    }
    if (starts_with(t, "GPU ") &&
        (looks_like_bus_id(t.substr(4)) || looks_like_redacted_bus_id(t.substr(4)))) {
      if (!looks_like_bus_id(t.substr(4))) {  // redacted: the GPU is still there, its bus id is not
        start_gpu("", number);
        return;
      }
      start_gpu(std::string(trim(t.substr(4))), number);
      return;
    }
    auto colon = t.find(':');
    std::string_view key = trim(colon == std::string_view::npos ? t : t.substr(0, colon));
    std::string_view val = colon == std::string_view::npos ? std::string_view() : trim(t.substr(colon + 1));
    if (!sane_key(key)) return;
    std::string k = lower(collapse_spaces(key));
    while (!stack.empty() && stack.back().indent >= indent) stack.pop_back();
    std::string path;
    for (const auto& s : stack) path += s.key + "/";
    path += k;

    if (!gpu && !skipping) {
      if ((k == "driver version" || k == "kmd version") && !val.empty() && stack.empty())
        set_once(out.driver_version, std::string(val), number);
      // A vGPU host or a driver without its CUDA library prints "CUDA Version : Not Found": no version.
      else if ((k == "cuda version" || k == "cuda umd version") && !val.empty() && is_digit(val[0]) &&
               stack.empty())
        set_once(out.cuda_version, std::string(val), number);
      else if (k == "attached gpus" && stack.empty()) {
        if (auto n = whole_number(val); n && *n <= 4096) set_once(out.attached_gpus, *n, number);
      } else if (k == "product name" &&
                 plausible_gpu_name(val, false)) {  // a fragment without its "GPU ..." line
        start_gpu("", number);
        path = k;
      } else if (stack.empty() && gpu_section(k, !val.empty())) {
        // A fragment of one GPU's block without its header or name (`nvidia-smi -q -d CLOCK,PERFORMANCE`
        // cut out of a longer paste): its readings still count, for a GPU that stays unnamed.
        start_gpu("", number);
        fragment = true;
        path = k;
      }
    }
    if (colon == std::string_view::npos || val.empty()) {
      if (stack.size() < 12) stack.push_back({indent, k});
      header(path, k, number);
      return;
    }
    if (gpu) value(path, val, number);
  }
};

}  // namespace

// A GPU started by a heading alone must have read something, or a stray word ("Clocks") made it up.
bool read_anything(const SmiGpu& g) {
  return g.name || g.pstate || g.memory_total_mib || g.utilization_pct || g.power_draw_w || g.power_limit_w ||
         g.sm_clock_mhz || g.max_sm_clock_mhz || !g.throttle_active.empty() || g.temperature_c ||
         g.ecc_uncorrected_volatile || g.ecc_corrected_volatile;
}

void read_query(const Lines& in, SmiReading& out) {
  Reader r(out);
  for (const auto& l : in.lines) r.line(l.text, l.number);
  std::vector<SmiGpu> kept;
  for (auto& g : out.gpus)
    if (!g.name && g.bus_id.empty() ? read_anything(g) : true) kept.push_back(std::move(g));
  out.gpus = std::move(kept);
  if (!out.gpus.empty()) out.format = SmiFormat::query;
  // Full `-q` output ends every GPU with its process list; a last GPU that stops before its power and
  // clock sections too was cut short (or printed with -d, which the finding mentions).
  if (!out.gpus.empty()) {
    const SmiGpu& last = out.gpus.back();
    if (!last.processes_listed && !last.power_limit_w && !last.sm_clock_mhz && !last.max_sm_clock_mhz &&
        !in.lines.empty())
      out.cut_short_at = in.lines.back().number;
  }
}

}  // namespace gw::diag
