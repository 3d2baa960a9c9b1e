// parse_nvidia_smi: runs every reader over the lines and keeps the richest reading. People paste more than
// one command's output at once (the table, then `-q -d CLOCK`), so GPUs found by a second reader fill the
// fields the first one left empty, matched by bus id or, failing that, by position.
#include <algorithm>

#include "engine/diagnose/detail.hpp"

namespace gw::diag {

// `nvidia-smi -L`: "GPU 0: NVIDIA A100-SXM4-40GB (UUID: GPU-...)" and, under it,
// "  MIG 1g.10gb     Device  0: (UUID: MIG-...)".
void read_list(const Lines& in, SmiReading& out) {
  for (const auto& l : in.lines) {
    std::string_view t = trim(l.text);
    if (starts_with(t, "GPU ")) {
      auto colon = t.find(':');
      if (colon == std::string_view::npos) continue;
      auto index = whole_number(t.substr(4, colon - 4));
      if (!index || *index > 1024) continue;
      std::string_view name = trim(t.substr(colon + 1));
      auto uuid = name.find("(UUID");
      if (uuid == std::string_view::npos) continue;  // "GPU 0: ..." alone is too loose to trust
      name = trim(name.substr(0, uuid));
      if (!plausible_gpu_name(name, false)) continue;
      if (static_cast<int>(out.gpus.size()) >= kDiagnoseMaxGpus) {
        ++out.ignored_gpus;
        continue;
      }
      SmiGpu g;
      g.index = static_cast<int>(*index);
      g.first_line = l.number;
      g.name = Seen<std::string>{std::string(name), l.number};
      out.gpus.push_back(std::move(g));
    } else if (starts_with(t, "MIG ") && !out.gpus.empty()) {
      auto words = split_ws(t, 3);
      if (words.size() < 2 || words[1].find('g') == std::string_view::npos) continue;
      SmiGpu& g = out.gpus.back();
      if (g.mig_devices.size() < 64)
        g.mig_devices.push_back({std::string(words[1]), std::nullopt, std::nullopt, l.number});
      set_once(g.mig_enabled, true, l.number);
    }
  }
  if (!out.gpus.empty()) out.format = SmiFormat::list;
}

namespace {

template <class T>
void fill(std::optional<T>& into, const std::optional<T>& from) {
  if (!into && from) into = from;
}

void merge_gpu(SmiGpu& a, const SmiGpu& b) {
  fill(a.name, b.name);
  if (a.name_truncated && b.name && !b.name_truncated) a.name = b.name, a.name_truncated = false;
  if (a.bus_id.empty()) a.bus_id = b.bus_id;
  fill(a.pstate, b.pstate);
  fill(a.memory_total_mib, b.memory_total_mib);
  fill(a.memory_used_mib, b.memory_used_mib);
  fill(a.utilization_pct, b.utilization_pct);
  fill(a.temperature_c, b.temperature_c);
  fill(a.slowdown_temp_c, b.slowdown_temp_c);
  fill(a.power_draw_w, b.power_draw_w);
  fill(a.power_limit_w, b.power_limit_w);
  fill(a.default_power_limit_w, b.default_power_limit_w);
  fill(a.max_power_limit_w, b.max_power_limit_w);
  fill(a.sm_clock_mhz, b.sm_clock_mhz);
  fill(a.max_sm_clock_mhz, b.max_sm_clock_mhz);
  fill(a.app_clock_mhz, b.app_clock_mhz);
  fill(a.default_app_clock_mhz, b.default_app_clock_mhz);
  fill(a.pcie_gen, b.pcie_gen);
  fill(a.pcie_gen_max, b.pcie_gen_max);
  fill(a.pcie_width, b.pcie_width);
  fill(a.pcie_width_max, b.pcie_width_max);
  fill(a.persistence, b.persistence);
  fill(a.ecc_enabled, b.ecc_enabled);
  fill(a.ecc_uncorrected_volatile, b.ecc_uncorrected_volatile);
  fill(a.ecc_corrected_volatile, b.ecc_corrected_volatile);
  fill(a.ecc_uncorrected_aggregate, b.ecc_uncorrected_aggregate);
  fill(a.retirement_pending, b.retirement_pending);
  fill(a.remap_failure, b.remap_failure);
  fill(a.mig_enabled, b.mig_enabled);
  fill(a.virtualization, b.virtualization);
  if (!a.throttle_section_line && b.throttle_section_line) {
    a.throttle_section_line = b.throttle_section_line;
    a.throttle_active = b.throttle_active;
  }
  if (!a.processes_listed && b.processes_listed) {
    a.processes_listed = true;
    a.processes = b.processes;
  }
  if (a.mig_devices.empty()) a.mig_devices = b.mig_devices;
}

std::string bus_key(const std::string& bus) {
  // "00000000:07:00.0" and "0000:07:00.0" are the same device.
  std::string k = lower(bus);
  return k.size() > 7 ? k.substr(k.size() - 7) : k;
}

void merge_reading(SmiReading& main, const SmiReading& other) {
  fill(main.driver_version, other.driver_version);
  fill(main.cuda_version, other.cuda_version);
  fill(main.attached_gpus, other.attached_gpus);
  if (other.gpus.empty()) return;
  if (!main.cut_short_at) main.cut_short_at = other.cut_short_at;
  main.formats.push_back(other.format);
  main.csv_without_header = main.csv_without_header || other.csv_without_header;
  for (std::size_t i = 0; i < other.gpus.size(); ++i) {
    const SmiGpu& b = other.gpus[i];
    SmiGpu* target = nullptr;
    if (!b.bus_id.empty())
      for (auto& a : main.gpus)
        if (!a.bus_id.empty() && bus_key(a.bus_id) == bus_key(b.bus_id)) target = &a;
    if (!target && main.gpus.size() == other.gpus.size()) target = &main.gpus[i];
    if (target) merge_gpu(*target, b);
  }
}

// Messages nvidia-smi prints instead of a table when it cannot reach the GPU.
std::optional<Seen<std::string>> failure_line(const Lines& in) {
  static const char* messages[] = {"NVIDIA-SMI has failed",
                                   "No devices were found",
                                   "Failed to initialize NVML",
                                   "nvidia-smi: command not found",
                                   "couldn't communicate with the NVIDIA driver",
                                   "Driver/library version mismatch",
                                   "Unable to determine the device handle"};
  for (const auto& l : in.lines)
    for (const char* m : messages)
      if (icontains(l.text, m)) return Seen<std::string>{clean_excerpt(l.text), l.number};
  return std::nullopt;
}

}  // namespace
}  // namespace gw::diag

namespace gw {

SmiReading parse_nvidia_smi(std::string_view text, std::string_view csv_columns) {
  return diag::parse_lines(diag::split_lines(text), csv_columns);
}

namespace diag {

SmiReading parse_lines(const Lines& in, std::string_view csv_columns) {
  SmiReading readings[4];
  read_query(in, readings[0]);
  read_csv(in, csv_columns, readings[1]);
  read_table(in, readings[2]);
  read_list(in, readings[3]);

  // The richest reader leads: most GPUs, ties to the earlier (more detailed) form.
  int lead = 0;
  for (int i = 1; i < 4; ++i)
    if (readings[i].gpus.size() > readings[lead].gpus.size()) lead = i;
  SmiReading out = std::move(readings[lead]);
  if (!out.gpus.empty()) out.formats.insert(out.formats.begin(), out.format);
  for (int i = 0; i < 4; ++i)
    if (i != lead) merge_reading(out, readings[i]);
  for (int i = 0; i < 4; ++i)
    if (i != lead) out.ignored_gpus = std::max(out.ignored_gpus, readings[i].ignored_gpus);

  // The same card pasted twice (two runs of nvidia-smi) counts once: the first block wins.
  std::vector<SmiGpu> unique;
  for (auto& g : out.gpus) {
    bool dup = false;
    for (const auto& u : unique) dup = dup || (!g.bus_id.empty() && bus_key(u.bus_id) == bus_key(g.bus_id));
    if (!dup) unique.push_back(std::move(g));
  }
  out.gpus = std::move(unique);

  out.failure = failure_line(in);
  out.lines = static_cast<int>(in.lines.size());
  out.bytes = in.bytes;
  out.cut = in.cut;
  out.long_lines = in.long_lines;
  return out;
}

}  // namespace diag
}  // namespace gw
