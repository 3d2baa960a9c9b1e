// Fuzzes workload JSON (`gpuwise estimate --workload FILE`). Invariants: never throws or crashes; a
// workload it accepts validates, is finite, survives to_json -> from_json unchanged and a share
// link unchanged or with a notice,
// and gives finite estimates with ordered ranges on every kind of GPU.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "engine/estimate.hpp"
#include "engine/link.hpp"
#include "fuzz/equal.hpp"
#include "fuzz/fixtures.hpp"

using namespace gw;
using namespace gw::testing;

// The bundled catalog and presets are parsed once, here, not on the first input (which would time it).
extern "C" int LLVMFuzzerInitialize(int*, char***) {
  fixture_catalog();
  fixture_presets();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const Catalog& catalog = fixture_catalog();
  const std::vector<Preset>& presets = fixture_presets();
  // Half the inputs start from a preset (fields override it), half from an empty workload.
  const Workload base =
      (size % 2 == 0 && !presets.empty()) ? presets[size / 2 % presets.size()].workload : Workload{};

  const WorkloadLoad load = workload_from_json(text, base);
  if (!load.workload) {
    require(!load.problems.empty(), "workload refused without saying why");
    return 0;
  }
  const Workload& w = *load.workload;
  require(load.problems.empty(), "workload returned together with problems", first_problem(load.problems));
  const std::vector<Problem> problems = validate_workload(w);
  require(problems.empty(), "accepted workload does not validate", first_problem(problems));
  const std::string nonfinite = nonfinite_in(w);
  require(nonfinite.empty(), "accepted workload is not finite", nonfinite);

  const std::string json = workload_to_json(w);
  const WorkloadLoad again = workload_from_json(json);
  require(again.workload.has_value(), "workload_to_json output does not load", json);
  std::string diff = diff_workload(w, *again.workload);
  require(diff.empty(), "workload JSON round trip changed the workload", diff);

  // The same job shared by link arrives unchanged, or - when the link's narrower ranges clamp a field -
  // with a notice saying so. Never a silent change.
  Scenario s = default_scenario(presets, catalog);
  s.workload = w;
  const std::string link = encode_link(s, presets);
  const LinkDecode d = decode_link(link, presets, catalog);
  diff = diff_workload(w, d.scenario.workload, !w.preset.empty() && find_preset(presets, w.preset));
  require(diff.empty() || !d.notices.empty(), "a share link silently changed a valid workload",
          diff + "\n    link: " + link);

  // Estimates: one card of each kind the catalog has (first, middle, last), 1 and 8 cards.
  if (catalog.gpus.empty()) return 0;
  for (std::size_t i : {std::size_t{0}, catalog.gpus.size() / 2, catalog.gpus.size() - 1}) {
    for (int cards : {1, 8}) {
      const GpuEstimate e = estimate(w, catalog.gpus[i], catalog, {cards, 1.0});
      const std::string nonfinite_e = nonfinite_in(e);
      require(nonfinite_e.empty(), "estimate is not finite", nonfinite_e);
      require(e.memory.total_gib() >= 0 && e.throughput >= 0, "negative memory or throughput", e.gpu);
      if (e.work_known)
        require(e.hours.low <= e.hours.likely && e.hours.likely <= e.hours.high && e.hours.low >= 0,
                "hours range out of order",
                e.gpu + " " + show(e.hours.low) + " " + show(e.hours.likely) + " " + show(e.hours.high));
    }
  }
  return 0;
}
