// Scores the estimator against published measurements. Each case's workload is rebuilt from the
// inputs the case states; nothing here is tuned per case.
#include "engine/estimate_validation.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <nlohmann/json.hpp>

#include "engine/estimate.hpp"
#include "engine/estimate_model.hpp"

namespace gw {

namespace {

using json = nlohmann::json;

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}
bool has(const std::string& hay, const char* needle) { return lower(hay).find(needle) != std::string::npos; }

double median_abs(std::vector<double> v) {
  if (v.empty()) return 0;
  for (double& x : v) x = std::fabs(x);
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

std::string str(const json& o, const char* key) {
  return o.contains(key) && o[key].is_string() ? o[key].get<std::string>() : std::string();
}
double num(const json& o, const char* key, double fallback = 0) {
  return o.contains(key) && o[key].is_number() ? o[key].get<double>() : fallback;
}

// Precision words used by benchmarks -> the workload's precision and stored weight bits.
bool map_precision(const std::string& text, Workload& w) {
  const std::string p = lower(text);
  if (p.empty()) return true;
  if (p.rfind("q4_0", 0) == 0) { w.precision = Precision::fp16; w.weight_bits = 4.5; return true; }
  if (p.rfind("q8_0", 0) == 0) { w.precision = Precision::fp16; w.weight_bits = 8.5; return true; }
  if (p.rfind("int8", 0) == 0) { w.precision = Precision::int8; w.weight_bits = 8; return true; }
  if (p.rfind("int4", 0) == 0 || p.rfind("nf4", 0) == 0) { w.precision = Precision::int4; w.weight_bits = 4; return true; }
  if (p.rfind("int3", 0) == 0) { w.precision = Precision::int4; w.weight_bits = 3; return true; }
  if (p.rfind("amp", 0) == 0) { w.precision = Precision::amp; return true; }
  // ZeRO's "mixed precision": fp16 weights and grads, fp32 master copy and Adam states.
  if (p.rfind("mixed", 0) == 0) { w.precision = Precision::fp16; return true; }
  if (p.rfind("fp16", 0) == 0 || p == "f16" || p == "half") { w.precision = Precision::fp16; return true; }
  if (p.rfind("bf16", 0) == 0) { w.precision = Precision::bf16; return true; }
  if (p.rfind("tf32", 0) == 0) { w.precision = Precision::tf32; return true; }
  if (p.rfind("fp32", 0) == 0) { w.precision = Precision::fp32; return true; }
  if (p.rfind("fp64", 0) == 0) { w.precision = Precision::fp64; return true; }
  return false;
}

bool map_optimizer(const std::string& text, Optimizer& o) {
  const std::string s = lower(text);
  if (s.empty()) return true;
  if (s.find("8bit") != std::string::npos) o = Optimizer::adam8bit;
  else if (s.find("adafactor") != std::string::npos) o = Optimizer::adafactor;
  else if (s.find("adam") != std::string::npos) o = Optimizer::adamw;
  else if (s.find("momentum") != std::string::npos) o = Optimizer::sgd_momentum;
  else if (s.find("sgd") != std::string::npos) o = Optimizer::sgd;
  else return false;
  return true;
}

struct Built {
  Workload w;
  bool context_only = false;  // "CUDA context only" measurements
  bool prefill = false;       // prompt processing rather than decoding
  std::string why_not;
};

Built build_workload(const json& wl, const std::vector<Preset>& presets) {
  Built b;
  Workload& w = b.w;
  const std::string mode = lower(str(wl, "mode"));
  if (mode == "none") {
    b.context_only = true;
    return b;
  }
  if (wl.contains("model") && wl["model"].is_object()) {
    const json& m = wl["model"];
    const std::string name = str(m, "name");
    w.arch = has(name, "bert") || has(name, "roberta") || has(name, "electra") ? Arch::encoder : Arch::decoder;
    w.params = num(m, "params");
    w.layers = static_cast<int>(num(m, "layers"));
    w.hidden = static_cast<int>(num(m, "hidden"));
    w.heads = static_cast<int>(num(m, "heads"));
    w.kv_heads = static_cast<int>(num(m, "kv_heads"));
    w.vocab = static_cast<int>(num(m, "vocab"));
    w.title = {name, name};
  } else if (wl.contains("model") && wl["model"].is_string()) {
    const Preset* p = find_preset_by_model(presets, wl["model"].get<std::string>());
    if (!p) {
      b.why_not = "no preset describes model '" + wl["model"].get<std::string>() + "'";
      return b;
    }
    w = p->workload;
  } else if (const Preset* p = find_preset_by_model(presets, str(wl, "description"))) {
    w = p->workload;
  } else if (mode == "microbenchmark") {
    // A dense GEMM: pure compute on the unit the precision selects.
    w.arch = Arch::generic;
    w.mode = Mode::compute;
    w.bound = Bound::compute;
    w.gflops_per_sample = 1000;
  } else {
    b.why_not = "the case names no model the estimator can rebuild";
    return b;
  }
  if (mode.rfind("train", 0) == 0) {
    if (w.mode == Mode::inference || w.mode == Mode::compute) w.mode = Mode::train;
  } else if (mode.rfind("inference", 0) == 0) {
    w.mode = Mode::inference;
  }
  if (!map_precision(str(wl, "precision"), w)) {
    b.why_not = "unknown precision '" + str(wl, "precision") + "'";
    return b;
  }
  if (wl.contains("weight_bits") && wl["weight_bits"].is_number()) w.weight_bits = wl["weight_bits"].get<double>();
  Optimizer o = w.optimizer;
  if (!map_optimizer(str(wl, "optimizer"), o)) {
    b.why_not = "unknown optimizer '" + str(wl, "optimizer") + "'";
    return b;
  }
  w.optimizer = o;
  if (wl.contains("gradient_checkpointing") && wl["gradient_checkpointing"].is_boolean())
    w.checkpointing = wl["gradient_checkpointing"].get<bool>();
  const double batch = num(wl, "batch_size", 0);
  const double seq = num(wl, "seq_len", 0);
  const std::string phase = lower(str(wl, "phase"));
  b.prefill = phase.rfind("prefill", 0) == 0;
  if (w.mode == Mode::inference && is_transformer(w)) {
    if (batch > 0) w.inference_batch = batch;
    if (mode.find("idle") != std::string::npos) {
      w.seq_len = 0;
      w.context_tokens = 0;
    } else if (b.prefill) {
      w.seq_len = seq > 0 ? static_cast<int>(seq) : 512;  // llama-bench's default prompt
    } else {
      w.seq_len = 0;
      w.context_tokens = seq > 0 ? seq : 512;
    }
  } else {
    if (batch > 0) w.micro_batch = static_cast<int>(batch);
    if (seq > 0) w.seq_len = static_cast<int>(seq);
  }
  w.grad_accum = static_cast<int>(num(wl, "grad_accum_steps", 1));
  // llama.cpp's cuBLAS path multiplies fp16 with fp16 accumulation.
  if (has(str(wl, "framework"), "llama.cpp")) w.fp16_accumulate = true;
  return b;
}

double unit_to_gib(const std::string& unit) {
  const std::string u = lower(unit);
  if (u.rfind("mib", 0) == 0 || u.rfind("mb (mib", 0) == 0) return 1.0 / 1024.0;
  if (u.rfind("gib", 0) == 0) return 1.0;
  if (u.rfind("gb", 0) == 0) return 1e9 / model::kGiB;
  if (u.rfind("mb", 0) == 0) return 1e6 / model::kGiB;
  return 0;
}

// Throughput in the workload's unit; 0 when the GPU cannot run it.
double predicted_rate(const Built& b, const Gpu& g) {
  if (!b.prefill) {
    const double s = model::seconds_per_unit(b.w, g, 1, 1.0);
    return s > 0 ? 1.0 / s : 0;
  }
  const model::Rates r = model::rates_for(b.w, g, 1.0);
  if (!r.supported) return 0;
  const model::StepWork k = model::prefill_work(b.w);
  const double t = model::step_time(k, r, b.w.bound).total();
  return t > 0 ? k.units / t : 0;
}

void score_memory(const std::string& id, const json& c, const Built& b, const Catalog& catalog,
                  ValidationReport& rep) {
  const json& meas = c["measured"];
  const std::string type = lower(str(meas, "type"));
  const std::vector<std::string> gpus = c.value("gpus", std::vector<std::string>{});
  const Gpu* gpu = nullptr;
  if (!gpus.empty() && lower(gpus[0]) != "any") {
    gpu = validation_gpu(catalog, gpus[0]);
    if (!gpu) {
      rep.skipped.push_back({id, "GPU '" + gpus[0] + "' is not in the catalog"});
      return;
    }
  }
  const MemoryBreakdown m = b.context_only ? MemoryBreakdown{} : model::memory_breakdown(b.w, {});
  const bool on_device = type.rfind("device_used", 0) == 0 || type == "peak_reported_by_script" || type == "oom";
  if (gpu && on_device) {
    const Fit f = fit_verdict(b.context_only ? model::kCudaContextGib : m.total_gib(), gpu->vram_gib);
    const bool ran = type != "oom";
    const bool right = ran ? f != Fit::no_fit : f == Fit::no_fit;
    rep.rows.push_back({id, "verdict", gpu->id, ran ? 1.0 : 0.0, f == Fit::no_fit ? 0.0 : 1.0, right ? 0.0 : 1.0,
                        std::nullopt, "fits", ran ? "ran" : "out of memory"});
  }
  if (!meas.contains("value") || !meas["value"].is_number()) return;
  const double scale = unit_to_gib(str(meas, "unit"));
  if (scale <= 0) {
    rep.skipped.push_back({id, "unknown unit '" + str(meas, "unit") + "'"});
    return;
  }
  const double measured = meas["value"].get<double>() * scale;
  double predicted = 0;
  std::string what;
  if (b.context_only) {
    predicted = model::kCudaContextGib;
    what = "CUDA context";
  } else if (type.rfind("device_used", 0) == 0) {
    predicted = m.total_gib();
    what = "device total (nvidia-smi)";
  } else if (type == "peak_reported_by_script") {
    predicted = m.total_gib() - m.overhead_gib;
    what = "allocated peak (no context)";
  } else if (type == "analytic_published") {
    predicted = m.weights_gib + m.gradients_gib + m.optimizer_gib;
    what = "model states";
  } else if (type == "published_estimate") {
    predicted = m.activations_gib;
    what = "activations";
  } else {
    rep.skipped.push_back({id, "unknown measurement type '" + type + "'"});
    return;
  }
  rep.rows.push_back({id, "memory", gpu ? gpu->id : "any", measured, predicted, predicted / measured - 1,
                      std::nullopt, "GiB", what});
}

void score_ratio(const std::string& id, const json& c, const Built& b, const Catalog& catalog,
                 ValidationReport& rep) {
  const std::vector<std::string> gpus = c.value("gpus", std::vector<std::string>{});
  if (gpus.size() != 2) {
    rep.skipped.push_back({id, "a ratio needs exactly two GPUs"});
    return;
  }
  const Gpu* a = validation_gpu(catalog, gpus[0]);
  const Gpu* d = validation_gpu(catalog, gpus[1]);
  if (!a || !d) {
    rep.skipped.push_back({id, "GPU '" + (a ? gpus[1] : gpus[0]) + "' is not in the catalog"});
    return;
  }
  const double ra = predicted_rate(b, *a), rd = predicted_rate(b, *d);
  if (!(ra > 0 && rd > 0)) {
    rep.skipped.push_back({id, "the catalog lacks figures to rate one of the GPUs"});
    return;
  }
  const double measured = num(c["measured"], "value");
  if (!(measured > 0)) return;
  const double pred = ra / rd;
  std::optional<double> naive;
  const double fa = model::listed_fp32_tflops(*a), fd = model::listed_fp32_tflops(*d);
  if (fa > 0 && fd > 0) naive = (fa / fd) / measured - 1;
  rep.rows.push_back({id, "ratio", a->id + " / " + d->id, measured, pred, pred / measured - 1, naive, "x", ""});
}

void score_throughput(const std::string& id, const json& c, Built b, const Catalog& catalog,
                      ValidationReport& rep) {
  const json& values = c["measured"]["values"];
  const json& wl = c["workload"];
  struct Point {
    const Gpu* gpu;
    double measured, predicted, naive;
  };
  std::vector<Point> pts;
  for (auto it = values.begin(); it != values.end(); ++it) {
    const Gpu* g = validation_gpu(catalog, it.key());
    if (!g || !it.value().is_number()) continue;
    // Each GPU ran at its own batch size when the case says so.
    if (wl.contains("batch_size_per_gpu") && wl["batch_size_per_gpu"].contains(it.key()))
      b.w.micro_batch = wl["batch_size_per_gpu"][it.key()].get<int>();
    pts.push_back({g, it.value().get<double>(), predicted_rate(b, *g), model::listed_fp32_tflops(*g)});
  }
  pts.erase(std::remove_if(pts.begin(), pts.end(), [](const Point& p) { return !(p.predicted > 0); }), pts.end());
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
    rep.rows.push_back({id, "throughput", p.gpu->id, p.measured, p.predicted / gm,
                        (p.predicted / p.measured) / gm - 1, naive, str(c["measured"], "unit"),
                        "relative to the set's geometric mean"});
  }
}

}  // namespace

const Gpu* validation_gpu(const Catalog& catalog, std::string_view name) {
  std::string n(name);
  if (const auto open = n.find('('); open != std::string::npos) n.erase(open);
  while (!n.empty() && n.back() == ' ') n.pop_back();
  GpuMatch m = find_gpu(catalog, n);
  if (m.gpu) return m.gpu;
  // "RTX 3090 24GB": the capacity is part of some names and not of others.
  if (m.candidates.empty()) {
    const auto sp = n.rfind(' ');
    if (sp != std::string::npos && lower(n.substr(sp)).find("gb") != std::string::npos) {
      GpuMatch m2 = find_gpu(catalog, n.substr(0, sp));
      if (m2.gpu) return m2.gpu;
      m = m2;
    }
  }
  if (m.candidates.empty()) {
    // Word order differs between sources ("H100 80GB SXM5" vs "H100 SXM5 80GB"): every word must appear.
    std::vector<std::string> words;
    std::string cur;
    for (char ch : n + " ") {
      if (std::isalnum(static_cast<unsigned char>(ch))) cur += static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
      else if (!cur.empty()) {
        words.push_back(cur);
        cur.clear();
      }
    }
    for (const Gpu& g : catalog.gpus) {
      std::string hay = lower(g.id + " " + g.name);
      for (const std::string& a : g.aliases) hay += " " + lower(a);
      std::string squashed;
      for (char ch : hay)
        if (std::isalnum(static_cast<unsigned char>(ch))) squashed += ch;
      bool all = !words.empty();
      for (const std::string& wd : words) all = all && squashed.find(wd) != std::string::npos;
      if (all) m.candidates.push_back(&g);
    }
  }
  if (m.candidates.empty()) return nullptr;
  if (m.candidates.size() == 1) return m.candidates.front();
  const Gpu* pcie = nullptr;
  int pcie_count = 0;
  for (const Gpu* g : m.candidates)
    if (g->id.find("pcie") != std::string::npos) {
      pcie = g;
      ++pcie_count;
    }
  return pcie_count == 1 ? pcie : m.candidates.front();
}

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
    const std::string id = c.is_object() ? str(c, "id") : "";
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
    if (kind == "memory") score_memory(id, c, b, catalog, rep);
    else if (kind == "throughput_ratio") score_ratio(id, c, b, catalog, rep);
    else if (kind == "throughput") score_throughput(id, c, b, catalog, rep);
    else rep.skipped.push_back({id, "unknown kind '" + kind + "'"});
  }
  std::vector<double> mem, speed, naive;
  ValidationSummary& s = rep.summary;
  for (const ValidationRow& r : rep.rows) {
    if (r.kind == "memory") mem.push_back(r.error);
    if (r.kind == "verdict") {
      ++s.verdicts;
      if (r.error == 0) ++s.verdicts_right;
    }
    if (r.kind == "ratio" || r.kind == "throughput") {
      speed.push_back(r.error);
      if (r.naive_error) naive.push_back(*r.naive_error);
    }
  }
  s.memory_cases = static_cast<int>(mem.size());
  s.memory_median_abs_error = median_abs(mem);
  s.speed_cases = static_cast<int>(speed.size());
  s.speed_median_abs_error = median_abs(speed);
  s.naive_median_abs_error = median_abs(naive);
  return rep;
}

}  // namespace gw
