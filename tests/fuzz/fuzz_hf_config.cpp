// Fuzzes the Hugging Face config.json reader (`gpuwise estimate --hf-config FILE`). Invariants: never throws
// or crashes; a config it refuses says why; one it reads gives a finite, positive parameter count, a shape
// that validates once a task is added, and workload JSON that reads back to the same shape and applies over
// a preset's task; the estimate of that job is finite.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "engine/estimate.hpp"
#include "engine/hf_config.hpp"
#include "engine/model.hpp"
#include "engine/models.hpp"
#include "fuzz/equal.hpp"
#include "fuzz/fixtures.hpp"

using namespace gw;
using namespace gw::testing;

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  fixture_catalog();
  fixture_presets();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const HfConfigRead r = read_hf_config(text);
  if (!r.shape) {
    require(!r.problems.empty(), "config refused without saying why");
    require(r.workload_json.empty(), "a refused config still gave workload JSON", r.workload_json);
    return 0;
  }
  require(r.problems.empty(), "config read together with problems", first_problem(r.problems));
  require(std::isfinite(r.params) && r.params > 0, "parameter count not finite and positive", show(r.params));
  require(std::isfinite(r.params_active) && r.params_active > 0 && r.params_active <= r.params * (1 + 1e-9),
          "active parameters out of order", show(r.params_active) + " of " + show(r.params));
  const std::string nonfinite = nonfinite_in(*r.shape);
  require(nonfinite.empty(), "shape is not finite", nonfinite);

  // The delta reads back to the same shape, and over a task it makes a valid job.
  const WorkloadLoad again = workload_delta_from_json(r.workload_json, Workload{});
  require(again.workload.has_value(), "the config's workload JSON does not read back", r.workload_json);
  const std::string diff = diff_workload(*r.shape, *again.workload);
  require(diff.empty(), "the config's workload JSON read back differently", diff);
  Workload probe = *r.shape;
  probe.seq_len = 512;
  const std::vector<Problem> problems = validate_workload(probe);
  require(problems.empty(), "a read config does not validate with a task", first_problem(problems));

  const std::vector<Preset>& presets = fixture_presets();
  if (presets.empty()) return 0;
  const Preset& task = presets[size % presets.size()];
  const WorkloadLoad job = workload_delta_from_json(r.workload_json, clear_model_shape(task.workload));
  require(job.workload.has_value(), "the config's shape does not apply over a preset", task.id);
  const Catalog& catalog = fixture_catalog();
  if (catalog.gpus.empty() || !validate_workload(*job.workload).empty()) return 0;
  const GpuEstimate e = estimate(*job.workload, catalog.gpus[size % catalog.gpus.size()], catalog, {1, 1.0});
  const std::string nonfinite_e = nonfinite_in(e);
  require(nonfinite_e.empty(), "estimate is not finite", nonfinite_e);
  return 0;
}
