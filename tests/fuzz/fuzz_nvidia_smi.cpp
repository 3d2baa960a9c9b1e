// Fuzzes the nvidia-smi reader alone (parse_nvidia_smi): pasted text of any of its forms, or anything else.
// Parser only, so it runs thousands of times a second; the checks on top of it (catalog match, findings,
// the web page's JSON path) are fuzz_diagnose's. Invariants: never throws or crashes; the byte, GPU and
// process limits hold; every number read is finite; every line number points into the text; the forms
// found start with the one the GPUs were read from.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "engine/diagnose/diagnose.hpp"
#include "fuzz/fixtures.hpp"

using namespace gw;
using namespace gw::testing;

namespace {

int g_lines = 0;  // lines of the current reading, for line-number checks

template <class T>
void seen_ok(const std::optional<Seen<T>>& v, const char* what) {
  if (!v) return;
  if constexpr (std::is_floating_point_v<T>) require(std::isfinite(v->value), "non-finite reading", what);
  require(v->line >= 0 && v->line <= g_lines, "reading points past the text", what);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  // Header-less CSV is read only with its column list: one input in five gets one.
  const std::string_view columns =
      size % 5 == 4 ? "index,name,clocks.max.sm,clocks.sm,power.limit,pcie.link.width.current" : "";
  const SmiReading r = parse_nvidia_smi(text, columns);
  g_lines = r.lines;
  require(r.bytes <= kDiagnoseMaxBytes && r.bytes <= size, "read past the byte limit or the text");
  require(r.gpus.size() <= static_cast<std::size_t>(kDiagnoseMaxGpus), "more GPUs than the limit");
  require(!r.cut || size > kDiagnoseMaxBytes, "cut a text within the limit");
  require(r.format == SmiFormat::none || (!r.formats.empty() && r.formats.front() == r.format),
          "the GPUs' form is not the first form found");
  require(r.gpus.empty() || r.format != SmiFormat::none, "GPUs read from no form");
  seen_ok(r.driver_version, "driver_version");
  seen_ok(r.cuda_version, "cuda_version");
  seen_ok(r.failure, "failure");
  for (const SmiGpu& s : r.gpus) {
    seen_ok(s.name, "name");
    seen_ok(s.pstate, "pstate");
    seen_ok(s.memory_total_mib, "memory_total");
    seen_ok(s.memory_used_mib, "memory_used");
    seen_ok(s.utilization_pct, "util");
    seen_ok(s.temperature_c, "temp");
    seen_ok(s.slowdown_temp_c, "slowdown_temp");
    seen_ok(s.power_draw_w, "power_draw");
    seen_ok(s.power_limit_w, "power_limit");
    seen_ok(s.default_power_limit_w, "default_power_limit");
    seen_ok(s.max_power_limit_w, "max_power_limit");
    seen_ok(s.sm_clock_mhz, "sm_clock");
    seen_ok(s.max_sm_clock_mhz, "max_sm_clock");
    seen_ok(s.app_clock_mhz, "app_clock");
    seen_ok(s.default_app_clock_mhz, "default_app_clock");
    seen_ok(s.pcie_width, "pcie_width");
    seen_ok(s.virtualization, "virtualization");
    require(s.processes.size() <= static_cast<std::size_t>(kDiagnoseMaxProcesses), "too many processes");
    for (const SmiMigDevice& m : s.mig_devices)
      if (m.memory_total_mib) require(std::isfinite(*m.memory_total_mib), "non-finite MIG memory");
    for (const Seen<std::string>& t : s.throttle_active) {
      bool known = false;
      for (const char* id : kThrottleIds) known = known || t.value == id;
      require(known, "throttle reason that is not one of kThrottleIds", t.value);
    }
  }
  return 0;
}
