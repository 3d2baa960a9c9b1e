// Serving cases of the validation set ("kind": "serving"): published vLLM and llama.cpp output tokens/s at
// a stated concurrency, prompt and output length, against serve_perf's (serve.hpp). Each point is a row of
// the "serving" speed category, absolute (not against the set's mean): a service is sized by its real
// tokens/s.
//
// Known limit (2026-12-05): single-user llama.cpp decode is predicted 4-33% slow. Pairing the Q4_0 and F16
// rows of XiongjieDai/GPU-Benchmarks-on-LLM-Inference per GPU (t = bytes / achieved bandwidth + a per-token
// overhead) gives streaming at 0.82-0.96 of peak on GDDR cards (0.75 on the A100) and a format-independent
// overhead of 2.8-5.7 ms a token, about 7e6 GPU clock cycles on six of seven GPUs (H100 PCIe 10e6). That
// overhead is GPU-side gaps between each layer's small kernels (llama.cpp issue 6763 and PR 6766, 2024-04-19:
// kernels are launched ahead, CUDA graphs cut the gaps and gave +6-14% tg); llama.cpp issue 28196
// (2026-09-01) measures a 4090 decoding a 27B Q4_K_M at ~86% of its bandwidth bound. estimate_speed.cpp's
// streaming ceiling (1 / (1 / 0.9 BW + 1 / 3000 GB/s)) holds a 4090 to 69% of peak, hence the slow
// consumer cards. Replacing it with 0.9 BW + 7e6 cycles / boost clock brings these points from 25% to ~6%
// median error but the H100 PCIe 22% fast and the llama.cpp tg ratio rows from 4.1% to 6.3% (an offline
// fit on this same set), so it was not made.
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
