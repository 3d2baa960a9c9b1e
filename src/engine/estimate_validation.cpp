// Scores the estimator against published measurements. Each case's workload is rebuilt from the
// inputs the case states (estimate_validation_cases.cpp); nothing here is tuned per case.
#include "engine/estimate_validation.hpp"

#include <algorithm>
#include <cmath>

#include "engine/estimate.hpp"
#include "engine/estimate_model.hpp"
#include "engine/estimate_validation_detail.hpp"
#include "engine/kinds.hpp"

namespace gw {

namespace {

using namespace vdetail;

// Indexed by ValidationKind (test_kinds checks the order).
const ValidationKindInfo kValidationKindTable[kValidationKinds] = {
    {ValidationKind::memory, "memory", {"Memory", "显存"}, false},
    {ValidationKind::verdict, "verdict", {"Verdict", "判断"}, false},
    {ValidationKind::ratio, "ratio", {"Speed ratio", "速度比"}, true},
    {ValidationKind::throughput, "throughput", {"Throughput", "吞吐"}, true},
};

double median_abs(std::vector<double> v) {
  if (v.empty()) return 0;
  for (double& x : v) x = std::fabs(x);
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

std::vector<std::string> gpu_names(const json& c) {
  std::vector<std::string> out;
  if (c.contains("gpus") && c["gpus"].is_array())
    for (const json& g : c["gpus"])
      if (g.is_string()) out.push_back(g.get<std::string>());
  return out;
}

// Throughput in the workload's unit on `count` cards; 0 when the GPU cannot run it.
double predicted_rate(const Built& b, const Gpu& g, int count) {
  if (!b.prefill) {
    const double s = model::seconds_per_unit(b.w, g, count, 1.0);
    return s > 0 ? 1.0 / s : 0;
  }
  const model::Rates r = model::rates_for(b.w, g, 1.0);
  if (!r.supported) return 0;
  const model::StepWork k = model::prefill_work(b.w);
  const double t = model::step_time(k, r, b.w.bound).total();
  return t > 0 ? k.units / t * multi_gpu_speedup(g, count) : 0;
}

}  // namespace

const ValidationKindInfo& validation_kind_info(ValidationKind k) {
  return kind_entry(kValidationKindTable, k);
}

std::string_view to_string(ValidationKind k) {
  return validation_kind_info(k).key;
}

std::string category_of(const Workload& w) {
  // Image models first: their memory follows other rules (per-image figures, the VAE decode) than the
  // transformer inference and training the other categories check.
  if (w.arch == Arch::cnn) return "cnn";
  if (w.arch == Arch::diffusion || w.arch == Arch::dit) return "diffusion";
  if (w.mode == Mode::inference) return "inference";
  if (w.mode == Mode::lora) return "lora";
  if (w.mode == Mode::qlora) return "qlora";
  if (w.arch == Arch::generic) return "compute";
  return "full training";
}

namespace {

// Which part of the estimate a measurement type corresponds to.
enum class Compare { device_total, reserved, allocated, states, activations, unknown };
Compare compare_for(const std::string& type, const std::string& description) {
  const std::string t = lower(type);
  if (t.find("device") != std::string::npos || t.find("smi") != std::string::npos)
    return Compare::device_total;
  if (t.find("reserved") != std::string::npos) return Compare::reserved;
  if (t.find("allocated") != std::string::npos || t.find("peak") != std::string::npos ||
      t.find("script") != std::string::npos)
    return Compare::allocated;
  if (t.find("analytic") != std::string::npos || t.find("estimate") != std::string::npos) {
    // "Model states ..., no activations" is about states: test that wording first.
    if (has(description, "model states") || has(description, "optimizer state")) return Compare::states;
    if (has(description, "activation")) return Compare::activations;
    return t.find("analytic") != std::string::npos ? Compare::states : Compare::unknown;
  }
  return Compare::unknown;
}

void score_memory(const std::string& id, const json& c, const Built& b, const Catalog& catalog,
                  ValidationReport& rep) {
  const json& meas = c["measured"];
  const std::string type = lower(str(meas, "type"));
  const std::vector<std::string> gpus = gpu_names(c);
  const Gpu* gpu = nullptr;
  if (!gpus.empty() && lower(gpus[0]) != "any") {
    gpu = validation_gpu(catalog, gpus[0]);
    if (!gpu) {
      rep.skipped.push_back({id, "GPU '" + gpus[0] + "' is not in the catalog"});
      return;
    }
  }
  model::MemoryPlan plan;
  const MemoryBreakdown m = b.context_only ? MemoryBreakdown{} : model::memory_breakdown(b.w, plan);
  const double total = b.context_only ? model::kCudaContextGib : m.total_gib();
  const Compare cmp = compare_for(type, str(c["workload"], "description"));
  const bool ran = type != "oom";
  if (gpu &&
      (!ran || cmp == Compare::device_total || cmp == Compare::reserved || cmp == Compare::allocated)) {
    const Fit f = fit_verdict(total, gpu->vram_gib);
    const bool right = ran ? f != Fit::no_fit : f == Fit::no_fit;
    rep.rows.push_back({id, ValidationKind::verdict, gpu->id, ran ? 1.0 : 0.0, f == Fit::no_fit ? 0.0 : 1.0,
                        right ? 0.0 : 1.0, std::nullopt, "fits", ran ? "ran" : "out of memory",
                        category_of(b.w)});
  }
  if (!meas.contains("value") || !meas["value"].is_number()) return;
  const double scale = unit_to_gib(str(meas, "unit"));
  if (scale <= 0) {
    rep.skipped.push_back({id, "unknown unit '" + str(meas, "unit") + "'"});
    return;
  }
  const double measured = meas["value"].get<double>() * scale;
  if (!(measured > 0)) return;
  double predicted = 0;
  std::string what;
  switch (b.context_only ? Compare::device_total : cmp) {
    case Compare::device_total:
      predicted = total;
      what = b.context_only ? "CUDA context" : "device total (nvidia-smi)";
      break;
    case Compare::reserved:
      predicted = m.reserved_gib();
      what = "allocator reserved (no context)";
      break;
    case Compare::allocated:
      predicted = m.allocated_gib();
      what = "allocated peak (no context)";
      break;
    case Compare::states:
      predicted = m.weights_gib + m.gradients_gib + m.optimizer_gib;
      what = "model states";
      break;
    case Compare::activations:
      predicted = m.activations_gib;
      what = "activations";
      break;
    case Compare::unknown:
      rep.skipped.push_back({id, "unknown measurement type '" + type + "'"});
      return;
  }
  rep.rows.push_back({id, ValidationKind::memory, gpu ? gpu->id : "any", measured, predicted,
                      predicted / measured - 1, std::nullopt, "GiB", what, category_of(b.w)});
}

std::string label(const GpuRef& r) {
  return (r.count > 1 ? std::to_string(r.count) + "x " : "") + r.gpu->id;
}

void score_ratio(const std::string& id, const json& c, const Built& b, const Catalog& catalog,
                 ValidationReport& rep) {
  const std::vector<std::string> gpus = gpu_names(c);
  if (gpus.size() != 2) {
    rep.skipped.push_back({id, "a ratio needs exactly two GPUs"});
    return;
  }
  GpuRef a = resolve_gpu(catalog, gpus[0]);
  GpuRef d = resolve_gpu(catalog, gpus[1]);
  if (!a.gpu || !d.gpu) {
    rep.skipped.push_back({id, "GPU '" + (a.gpu ? gpus[1] : gpus[0]) + "' is not in the catalog"});
    return;
  }
  if (a.count == 1 && d.count == 1) a.count = d.count = b.gpu_count;
  const double ra = predicted_rate(b, *a.gpu, a.count), rd = predicted_rate(b, *d.gpu, d.count);
  if (!(ra > 0 && rd > 0)) {
    rep.skipped.push_back({id, "the catalog lacks figures to rate one of the GPUs"});
    return;
  }
  const double measured = num(c["measured"], "value");
  if (!(measured > 0)) return;
  const double pred = ra / rd;
  std::optional<double> naive;
  const double fa = model::listed_fp32_tflops(*a.gpu) * a.count,
               fd = model::listed_fp32_tflops(*d.gpu) * d.count;
  if (fa > 0 && fd > 0) naive = (fa / fd) / measured - 1;
  rep.rows.push_back({id, ValidationKind::ratio, label(a) + " / " + label(d), measured, pred,
                      pred / measured - 1, naive, "x", ""});
}

void score_throughput(const std::string& id, const json& c, Built b, const Catalog& catalog,
                      ValidationReport& rep) {
  const json& wl = c["workload"];
  if (!c["measured"].contains("values") || !c["measured"]["values"].is_object()) {
    rep.skipped.push_back({id, "a throughput case needs measured.values per GPU"});
    return;
  }
  struct Point {
    GpuRef ref;
    double measured, predicted, naive;
  };
  const json& values = c["measured"]["values"];
  std::vector<Point> pts;
  for (auto it = values.begin(); it != values.end(); ++it) {
    GpuRef r = resolve_gpu(catalog, it.key());
    if (!r.gpu || !it.value().is_number()) continue;
    if (r.count == 1) r.count = b.gpu_count;
    // Each GPU ran at its own batch size when the case says so.
    if (wl.contains("batch_size_per_gpu") && wl["batch_size_per_gpu"].is_object() &&
        wl["batch_size_per_gpu"].contains(it.key()) && wl["batch_size_per_gpu"][it.key()].is_number())
      b.w.micro_batch =
          static_cast<int>(std::clamp(wl["batch_size_per_gpu"][it.key()].get<double>(), 1.0, 1e6));
    pts.push_back({r, it.value().get<double>(), predicted_rate(b, *r.gpu, r.count),
                   model::listed_fp32_tflops(*r.gpu) * r.count});
  }
  pts.erase(std::remove_if(pts.begin(), pts.end(),
                           [](const Point& p) { return !(p.predicted > 0) || !(p.measured > 0); }),
            pts.end());
  if (pts.size() < 2) {
    rep.skipped.push_back({id, "fewer than two of its GPUs are in the catalog"});
    return;
  }
  // Scale-free: each GPU against the set's geometric mean, for the model and for the baseline.
  double lm = 0, ln = 0;
  int nn = 0;
  for (const Point& p : pts) {
    lm += std::log(p.predicted / p.measured);
    if (p.naive > 0) {
      ln += std::log(p.naive / p.measured);
      ++nn;
    }
  }
  const double gm = std::exp(lm / pts.size()), gn = nn ? std::exp(ln / nn) : 1;
  for (const Point& p : pts) {
    std::optional<double> naive;
    if (p.naive > 0 && nn == static_cast<int>(pts.size())) naive = (p.naive / p.measured) / gn - 1;
    rep.rows.push_back({id, ValidationKind::throughput, label(p.ref), p.measured, p.predicted / gm,
                        (p.predicted / p.measured) / gm - 1, naive, str(c["measured"], "unit"),
                        "relative to the set's geometric mean", b.category});
  }
}

}  // namespace

ValidationReport run_validation(std::string_view cases_json, const Catalog& catalog,
                                const std::vector<Preset>& presets) {
  ValidationReport rep;
  json doc = json::parse(cases_json.begin(), cases_json.end(), nullptr, false);
  if (doc.is_discarded() || !doc.is_array()) {
    rep.problems.push_back({"/", "expected a JSON array of validation cases"});
    return rep;
  }
  for (std::size_t i = 0; i < doc.size(); ++i) {
    const json& c = doc[i];
    const std::string id = str(c, "id");
    if (id.empty() || !c.contains("workload") || !c["workload"].is_object() || !c.contains("measured") ||
        !c["measured"].is_object()) {
      rep.problems.push_back({"/" + std::to_string(i), "a case needs id, workload and measured"});
      continue;
    }
    const std::string kind = str(c, "kind");
    const Built b = build_workload(c["workload"], presets);
    if (!b.why_not.empty()) {
      rep.skipped.push_back({id, b.why_not});
      continue;
    }
    if (kind == "memory")
      score_memory(id, c, b, catalog, rep);
    else if (kind == "throughput_ratio")
      score_ratio(id, c, b, catalog, rep);
    else if (kind == "throughput")
      score_throughput(id, c, b, catalog, rep);
    else if (kind == "scaling")
      score_scaling(id, c, b, catalog, rep);
    else if (kind == "serving")
      score_serving(id, c, b, catalog, rep);
    else
      rep.skipped.push_back({id, "unknown kind '" + kind + "'"});
  }
  std::vector<double> mem, speed, naive;
  ValidationSummary& s = rep.summary;
  for (const ValidationRow& r : rep.rows) {
    if (r.kind == ValidationKind::memory) mem.push_back(r.error);
    if (r.kind == ValidationKind::verdict) {
      ++s.verdicts;
      if (r.error == 0) ++s.verdicts_right;
    }
    // Multi-node scaling is its own category (a cluster against a baseline, not one card against another).
    // Serving rows are absolute tokens/s at a concurrency (serve_validation.cpp): their own category too.
    if (validation_kind_info(r.kind).speed && r.category != "scaling" && r.category != "serving") {
      speed.push_back(r.error);
      if (r.naive_error) naive.push_back(*r.naive_error);
    }
  }
  for (const char* cat : {"inference", "full training", "lora", "qlora", "cnn", "diffusion"}) {
    std::vector<double> v;
    for (const ValidationRow& r : rep.rows)
      if (r.kind == ValidationKind::memory && r.category == cat) v.push_back(r.error);
    if (!v.empty()) s.categories.push_back({cat, static_cast<int>(v.size()), median_abs(v)});
  }
  // Speed medians of the named speed categories (molecular dynamics), beside the overall one.
  for (const char* cat : {"md", "scaling", "serving"}) {
    std::vector<double> v;
    for (const ValidationRow& r : rep.rows)
      if (validation_kind_info(r.kind).speed && r.category == cat) v.push_back(r.error);
    if (!v.empty()) s.speed_categories.push_back({cat, static_cast<int>(v.size()), median_abs(v)});
  }
  s.memory_cases = static_cast<int>(mem.size());
  s.memory_median_abs_error = median_abs(mem);
  s.speed_cases = static_cast<int>(speed.size());
  s.speed_median_abs_error = median_abs(speed);
  s.naive_median_abs_error = median_abs(naive);
  return rep;
}

}  // namespace gw
