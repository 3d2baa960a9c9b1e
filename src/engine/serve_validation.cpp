// Serving cases of the validation set ("kind": "serving"): published vLLM and llama.cpp output tokens/s at
// a stated concurrency, prompt and output length, against serve_perf's (serve.hpp). Each point is a row of
// the "serving" speed category, absolute (not against the set's mean): a service is sized by its real
// tokens/s.
#include <cmath>
#include <string>
#include <type_traits>
#include <utility>

#include "engine/estimate_validation.hpp"
#include "engine/estimate_validation_detail.hpp"
#include "engine/serve.hpp"

namespace gw::vdetail {

namespace {
// A row's kind as the "throughput" word or enum value, whichever ValidationRow::kind holds.
template <class Kind>
void set_throughput(Kind& kind) {
  if constexpr (std::is_same_v<Kind, std::string>)
    kind = "throughput";
  else
    kind = Kind::throughput;
}
}  // namespace

void score_serving(const std::string& id, const json& c, const Built& b, const Catalog& catalog,
                   ValidationReport& rep) {
  const json& wl = c["workload"];
  const json& m = c["measured"];
  Workload w = b.w;
  w.mode = Mode::inference;
  Runtime rt = Runtime::auto_;
  if (!parse_runtime(lower(str(wl, "runtime")), rt)) {
    rep.skipped.push_back({id, "unknown runtime '" + str(wl, "runtime") + "'"});
    return;
  }
  w.runtime = rt;
  w.seq_len = static_cast<int>(num(wl, "prompt_tokens", 0));
  w.serve_output_tokens = num(wl, "output_tokens", 0);
  w.serve_hours = 1;  // the period does not change the speed
  if (w.seq_len < 0 || w.serve_output_tokens <= 0 || !m.contains("points") || !m["points"].is_array()) {
    rep.skipped.push_back({id, "a serving case needs prompt_tokens, output_tokens and measured.points"});
    return;
  }
  int scored = 0;
  for (const json& pt : m["points"]) {
    const GpuRef g = resolve_gpu(catalog, str(pt, "gpu"));
    const double users = num(pt, "concurrency", 0), measured = num(pt, "tokens_per_s", 0);
    if (!g.gpu || users < 1 || measured <= 0) continue;
    w.serve_users = users;
    const ServePerf p = serve_perf(w, *g.gpu, catalog, g.count, 1.0, false);
    const bool per_user = str(pt, "metric") == "per_user";
    const double predicted = per_user ? p.user_tps : p.aggregate_tps;
    if (!p.supported || !(predicted > 0) || !std::isfinite(predicted)) continue;
    const std::string what = std::string(per_user ? "tokens/s per user" : "output tokens/s, all users") +
                             " at concurrency " + std::to_string(static_cast<int>(users));
    ValidationRow row;
    row.case_id = id;
    set_throughput(row.kind);
    row.gpus = g.gpu->id;
    row.measured = measured;
    row.predicted = predicted;
    row.error = predicted / measured - 1;
    row.unit = "tokens/s";
    row.note = what;
    row.category = "serving";
    rep.rows.push_back(std::move(row));
    ++scored;
  }
  if (scored == 0) rep.skipped.push_back({id, "none of its points names a catalog GPU it can run on"});
}

}  // namespace gw::vdetail
