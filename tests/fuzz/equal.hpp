#pragma once
// Field-by-field comparison and finiteness checks shared by the fuzz targets and the property tests.
// Each diff_* returns "" when equal, else the path of the first difference with both values, so a
// failing round trip says exactly which field was lost. Header-only: fuzz targets link no test code.
#include <cmath>
#include <cstdio>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "engine/catalog.hpp"
#include "engine/estimate.hpp"
#include "engine/recommend.hpp"
#include "engine/scenario.hpp"
#include "engine/workload.hpp"

namespace gw::testing {

inline std::string show(double v) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.17g", v);
  return buf;
}
inline std::string show(const std::string& s) {
  return "'" + s + "'";
}
inline std::string show(bool b) {
  return b ? "true" : "false";
}
template <class T>
std::string show(const T& v) {
  if constexpr (std::is_enum_v<T>) {
    return std::to_string(static_cast<long long>(v));
  } else {
    std::ostringstream os;
    os << v;
    return os.str();
  }
}
template <class T>
std::string show(const std::optional<T>& v) {
  return v ? show(*v) : std::string("(none)");
}

// Collects the first difference; later checks are no-ops once one is found.
struct Differ {
  std::string first;
  template <class T>
  void eq(const std::string& path, const T& a, const T& b) {
    if (first.empty() && !(a == b)) first = path + ": " + show(a) + " vs " + show(b);
  }
  void eq(const std::string& path, const Text& a, const Text& b) {
    eq(path + ".en", a.en, b.en);
    eq(path + ".zh", a.zh, b.zh);
  }
  template <class T>
  void eq(const std::string& path, const std::vector<T>& a, const std::vector<T>& b) {
    if (!first.empty()) return;
    if (a.size() != b.size()) {
      first = path + ": size " + std::to_string(a.size()) + " vs " + std::to_string(b.size());
      return;
    }
    for (std::size_t i = 0; i < a.size() && first.empty(); ++i)
      eq(path + "/" + std::to_string(i), a[i], b[i]);
  }
  void eq(const std::string& path, const ReferenceRun& a, const ReferenceRun& b) {
    eq(path + ".gpu", a.gpu, b.gpu);
    eq(path + ".gpu_count", a.gpu_count, b.gpu_count);
    eq(path + ".hours", a.hours, b.hours);
  }
  void eq(const std::string& path, const std::optional<ReferenceRun>& a,
          const std::optional<ReferenceRun>& b) {
    if (!first.empty()) return;
    if (a.has_value() != b.has_value())
      first = path + ": " + show(a.has_value()) + " vs " + show(b.has_value());
    else if (a)
      eq(path, *a, *b);
  }
  void eq(const std::string& path, const Program& a, const Program& b);
  void eq(const std::string& path, const Gpu& a, const Gpu& b);
  void eq(const std::string& path, const Provider& a, const Provider& b);
  void eq(const std::string& path, const Offer& a, const Offer& b);
};

#define GW_EQ(field) d.eq(path + "." #field, a.field, b.field)

// `with_identity` = false skips preset and title, which a link does not carry for a custom job.
inline std::string diff_workload(const Workload& a, const Workload& b, bool with_identity = true) {
  Differ d;
  const std::string path = "workload";
  if (with_identity) {
    GW_EQ(preset);
    GW_EQ(title);
  }
  GW_EQ(mode);
  GW_EQ(arch);
  GW_EQ(params);
  GW_EQ(layers);
  GW_EQ(hidden);
  GW_EQ(heads);
  GW_EQ(kv_heads);
  GW_EQ(vocab);
  GW_EQ(activation_mib_per_sample);
  GW_EQ(gflops_per_sample);
  GW_EQ(bytes_per_sample_mib);
  GW_EQ(working_set_gib);
  GW_EQ(micro_batch);
  GW_EQ(grad_accum);
  GW_EQ(seq_len);
  GW_EQ(image_px);
  GW_EQ(precision);
  GW_EQ(optimizer);
  GW_EQ(checkpointing);
  GW_EQ(fused_attention);
  GW_EQ(fp16_accumulate);
  GW_EQ(weight_bits);
  GW_EQ(lora_rank);
  GW_EQ(dataset_samples);
  GW_EQ(epochs);
  GW_EQ(tokens);
  GW_EQ(inference_batch);
  GW_EQ(context_tokens);
  GW_EQ(compute_hours_fp32_ref);
  GW_EQ(data_loading_share);
  GW_EQ(bound);
  GW_EQ(needs_fp64);
  GW_EQ(reference);
  return d.first;
}

inline std::string diff_constraints(const Constraints& a, const Constraints& b) {
  Differ d;
  const std::string path = "constraints";
  GW_EQ(budget);
  GW_EQ(currency);
  GW_EQ(deadline_hours);
  GW_EQ(goal);
  GW_EQ(spot);
  GW_EQ(student);
  GW_EQ(new_user);
  GW_EQ(credits);
  GW_EQ(providers);
  GW_EQ(exclude);
  GW_EQ(usd_cny);
  GW_EQ(card_counts);
  GW_EQ(setup_hours);
  GW_EQ(idle_tail_hours);
  GW_EQ(disk_gb);
  GW_EQ(storage_months);
  GW_EQ(dataset_gb);
  GW_EQ(upload_mbps);
  GW_EQ(egress_gb);
  GW_EQ(internal_network);
  GW_EQ(extras_per_month);
  GW_EQ(interruptions_per_hour);
  GW_EQ(checkpoint_write_minutes);
  GW_EQ(checkpoint_interval_hours);
  GW_EQ(restart_minutes);
  GW_EQ(seed);
  return d.first;
}

inline std::string diff_scenario(const Scenario& a, const Scenario& b, bool with_identity = true) {
  std::string w = diff_workload(a.workload, b.workload, with_identity);
  if (!w.empty()) return w;
  std::string c = diff_constraints(a.constraints, b.constraints);
  if (!c.empty()) return c;
  if (a.price_overrides != b.price_overrides) {
    std::string s = "price_overrides:";
    for (const auto& [k, v] : a.price_overrides) s += " " + k + "=" + show(v);
    s += " vs";
    for (const auto& [k, v] : b.price_overrides) s += " " + k + "=" + show(v);
    return s;
  }
  if (a.catalog_version != b.catalog_version)
    return "catalog_version: " + a.catalog_version + " vs " + b.catalog_version;
  return "";
}

inline void Differ::eq(const std::string& path, const Program& a, const Program& b) {
  Differ& d = *this;
  GW_EQ(id);
  GW_EQ(kind);
  GW_EQ(name);
  GW_EQ(discount_fraction);
  GW_EQ(amount);
  GW_EQ(currency);
  GW_EQ(min_spend);
  GW_EQ(expiry_days);
  GW_EQ(stackable);
  GW_EQ(applies_to_gpu);
  GW_EQ(needs_student);
  GW_EQ(new_users_only);
  GW_EQ(notes);
  GW_EQ(source);
  GW_EQ(source_date);
}

inline void Differ::eq(const std::string& path, const Gpu& a, const Gpu& b) {
  Differ& d = *this;
  GW_EQ(id);
  GW_EQ(name);
  GW_EQ(aliases);
  GW_EQ(vendor);
  GW_EQ(segment);
  GW_EQ(architecture);
  GW_EQ(release_year);
  GW_EQ(vram_gib);
  GW_EQ(memory_type);
  GW_EQ(memory_bandwidth_gbs);
  GW_EQ(boost_clock_mhz);
  GW_EQ(cuda_cores);
  GW_EQ(tensor_cores);
  GW_EQ(fp32_tflops);
  GW_EQ(fp16_tensor_fp16acc_tflops);
  GW_EQ(fp16_tensor_fp32acc_tflops);
  GW_EQ(bf16_tensor_tflops);
  GW_EQ(tf32_tensor_tflops);
  GW_EQ(fp8_tensor_tflops);
  GW_EQ(fp64_tflops);
  GW_EQ(fp64_tensor_tflops);
  GW_EQ(int8_tensor_tops);
  GW_EQ(tdp_w);
  GW_EQ(pcie);
  GW_EQ(pcie_gen);
  GW_EQ(pcie_lanes);
  GW_EQ(nvlink);
  GW_EQ(has_nvlink);
  GW_EQ(ecc);
  GW_EQ(nvenc);
  GW_EQ(compute_capability);
  GW_EQ(source);
  GW_EQ(notes);
}

inline void Differ::eq(const std::string& path, const Provider& a, const Provider& b) {
  Differ& d = *this;
  GW_EQ(id);
  GW_EQ(name);
  GW_EQ(currency);
  GW_EQ(market);
  GW_EQ(granularity);
  GW_EQ(min_billed_seconds);
  GW_EQ(bills_from_creation);
  GW_EQ(billing_note);
  GW_EQ(disk_running_per_gb_month);
  GW_EQ(disk_stopped_per_gb_month);
  GW_EQ(free_disk_gb);
  GW_EQ(egress_per_gb);
  GW_EQ(egress_free_gb_per_month);
  GW_EQ(ingress_free);
  GW_EQ(internal_network_free);
  GW_EQ(has_spot);
  GW_EQ(spot_discount_fraction);
  GW_EQ(spot_notice_seconds);
  GW_EQ(spot_interruptions_per_hour);
  GW_EQ(spot_note);
  GW_EQ(programs);
  GW_EQ(source);
  GW_EQ(source_date);
}

inline void Differ::eq(const std::string& path, const Offer& a, const Offer& b) {
  Differ& d = *this;
  GW_EQ(id);
  GW_EQ(provider);
  GW_EQ(region);
  GW_EQ(gpu);
  GW_EQ(gpu_count);
  GW_EQ(instance_type);
  GW_EQ(currency);
  GW_EQ(on_demand_per_hour);
  GW_EQ(on_demand_low_per_hour);
  GW_EQ(on_demand_high_per_hour);
  GW_EQ(spot_per_hour);
  GW_EQ(price_is_estimate);
  GW_EQ(derate);
  GW_EQ(derate_note);
  GW_EQ(price_date);
  GW_EQ(source);
  GW_EQ(notes);
}

inline std::string diff_catalog(const Catalog& a, const Catalog& b) {
  Differ d;
  const std::string path = "catalog";
  GW_EQ(schema_version);
  GW_EQ(catalog_version);
  GW_EQ(catalog_date);
  GW_EQ(usd_cny);
  GW_EQ(usd_cny_date);
  GW_EQ(notes_file);
  d.eq("/gpus", a.gpus, b.gpus);
  d.eq("/providers", a.providers, b.providers);
  d.eq("/offers", a.offers, b.offers);
  return d.first;
}

#undef GW_EQ

// ---- finiteness: "" when every number is finite, else the first path that is not
struct FiniteCheck {
  std::string first;
  void num(const std::string& path, double v) {
    if (first.empty() && !std::isfinite(v)) first = path + " = " + show(v);
  }
  void num(const std::string& path, const std::optional<double>& v) {
    if (v) num(path, *v);
  }
  void range(const std::string& path, const Range& r) {
    num(path + ".low", r.low);
    num(path + ".likely", r.likely);
    num(path + ".high", r.high);
  }
  void explain(const std::string& path, const Explain& e) {
    for (const ExplainInput& in : e.inputs) num(path + "." + in.name, in.value);
  }
};

inline std::string nonfinite_in(const Workload& w) {
  FiniteCheck f;
  f.num("params", w.params);
  f.num("act", w.activation_mib_per_sample);
  f.num("gflops", w.gflops_per_sample);
  f.num("bps", w.bytes_per_sample_mib);
  f.num("ws", w.working_set_gib);
  f.num("wbits", w.weight_bits);
  f.num("samples", w.dataset_samples);
  f.num("epochs", w.epochs);
  f.num("tokens", w.tokens);
  f.num("ibatch", w.inference_batch);
  f.num("ctx", w.context_tokens);
  f.num("ref_hours", w.compute_hours_fp32_ref);
  f.num("dl", w.data_loading_share);
  if (w.reference) f.num("reference.hours", w.reference->hours);
  return f.first;
}

inline std::string nonfinite_in(const Constraints& c) {
  FiniteCheck f;
  f.num("budget", c.budget);
  f.num("deadline", c.deadline_hours);
  f.num("fx", c.usd_cny);
  f.num("setup", c.setup_hours);
  f.num("idle", c.idle_tail_hours);
  f.num("disk", c.disk_gb);
  f.num("months", c.storage_months);
  f.num("data", c.dataset_gb);
  f.num("up", c.upload_mbps);
  f.num("egress", c.egress_gb);
  f.num("extras", c.extras_per_month);
  f.num("irate", c.interruptions_per_hour);
  f.num("ckw", c.checkpoint_write_minutes);
  f.num("cki", c.checkpoint_interval_hours);
  f.num("restart", c.restart_minutes);
  return f.first;
}

inline std::string nonfinite_in(const Scenario& s) {
  std::string w = nonfinite_in(s.workload);
  if (!w.empty()) return "workload." + w;
  std::string c = nonfinite_in(s.constraints);
  if (!c.empty()) return "constraints." + c;
  for (const auto& [k, v] : s.price_overrides)
    if (!std::isfinite(v)) return "price." + k;
  return "";
}

inline std::string nonfinite_in(const Catalog& c) {
  FiniteCheck f;
  f.num("usd_cny", c.usd_cny);
  for (const Gpu& g : c.gpus) {
    const std::string p = "gpu " + g.id + ".";
    f.num(p + "vram_gib", g.vram_gib);
    f.num(p + "bw", g.memory_bandwidth_gbs);
    f.num(p + "clock", g.boost_clock_mhz);
    f.num(p + "fp32", g.fp32_tflops);
    f.num(p + "fp16acc16", g.fp16_tensor_fp16acc_tflops);
    f.num(p + "fp16acc32", g.fp16_tensor_fp32acc_tflops);
    f.num(p + "bf16", g.bf16_tensor_tflops);
    f.num(p + "tf32", g.tf32_tensor_tflops);
    f.num(p + "fp8", g.fp8_tensor_tflops);
    f.num(p + "fp64", g.fp64_tflops);
    f.num(p + "fp64t", g.fp64_tensor_tflops);
    f.num(p + "int8", g.int8_tensor_tops);
    f.num(p + "tdp", g.tdp_w);
  }
  for (const Provider& v : c.providers) {
    const std::string p = "provider " + v.id + ".";
    f.num(p + "min_billed", v.min_billed_seconds);
    f.num(p + "disk_run", v.disk_running_per_gb_month);
    f.num(p + "disk_stop", v.disk_stopped_per_gb_month);
    f.num(p + "free_disk", v.free_disk_gb);
    f.num(p + "egress", v.egress_per_gb);
    f.num(p + "egress_free", v.egress_free_gb_per_month);
    f.num(p + "spot_discount", v.spot_discount_fraction);
    f.num(p + "spot_notice", v.spot_notice_seconds);
    f.num(p + "spot_rate", v.spot_interruptions_per_hour);
    for (const Program& g : v.programs) {
      f.num(p + g.id + ".discount", g.discount_fraction);
      f.num(p + g.id + ".amount", g.amount);
      f.num(p + g.id + ".min_spend", g.min_spend);
    }
  }
  for (const Offer& o : c.offers) {
    const std::string p = "offer " + o.id + ".";
    f.num(p + "od", o.on_demand_per_hour);
    f.num(p + "low", o.on_demand_low_per_hour);
    f.num(p + "high", o.on_demand_high_per_hour);
    f.num(p + "spot", o.spot_per_hour);
    f.num(p + "derate", o.derate);
  }
  return f.first;
}

inline std::string nonfinite_in(const GpuEstimate& e) {
  FiniteCheck f;
  const MemoryBreakdown& m = e.memory;
  f.num("derate", e.derate);
  f.num("weights", m.weights_gib);
  f.num("gradients", m.gradients_gib);
  f.num("optimizer", m.optimizer_gib);
  f.num("activations", m.activations_gib);
  f.num("kv", m.kv_cache_gib);
  f.num("overhead", m.overhead_gib);
  f.num("total", m.total_gib());
  f.num("vram", e.vram_gib);
  f.num("headroom", e.headroom_gib);
  f.num("tflops", e.effective_tflops);
  f.num("scaling", e.scaling_efficiency);
  f.num("throughput", e.throughput);
  f.range("hours", e.hours);
  for (const FitAdvice& a : e.advice) f.num("advice." + a.kind, a.total_gib_after);
  f.explain("memory_explain", e.memory_explain);
  f.explain("time_explain", e.time_explain);
  return f.first.empty() ? "" : e.gpu + " x" + std::to_string(e.gpu_count) + ": " + f.first;
}

// `word` stands alone in `s` (not part of "information" or "finance").
inline bool has_word(const std::string& s, const std::string& word) {
  auto letter = [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); };
  for (std::size_t p = s.find(word); p != std::string::npos; p = s.find(word, p + 1)) {
    const bool left = p > 0 && letter(s[p - 1]);
    const bool right = p + word.size() < s.size() && letter(s[p + word.size()]);
    if (!left && !right) return true;
  }
  return false;
}

// A sentence built from numbers that went wrong: "nan", "inf" as words, in either language.
inline bool prints_nonfinite(const Text& t) {
  for (const std::string* s : {&t.en, &t.zh})
    for (const char* bad : {"nan", "inf", "NaN", "Inf", "-nan"})
      if (has_word(*s, bad)) return true;
  return false;
}

inline std::string nonfinite_in(const Bill& b, const std::string& where) {
  FiniteCheck f;
  f.num("usd_cny", b.usd_cny);
  f.range("total", b.total);
  f.range("before", b.total_before_discount);
  f.range("gpu", b.gpu);
  f.range("storage", b.storage);
  f.range("extras", b.extras);
  f.range("transfer", b.transfer);
  f.range("discount", b.discount);
  f.range("billed_gpu_hours", b.billed_gpu_hours);
  f.num("pph_before", b.price_per_hour_before);
  f.num("pph_after", b.price_per_hour_after);
  f.num("upload_hours", b.upload_hours);
  f.num("storage_hours", b.storage_hours);
  for (const CostLine& l : b.lines) {
    f.range(l.kind, l.amount);
    f.explain(l.kind, l.explain);
    if (prints_nonfinite(l.label)) f.first = l.kind + " label: " + l.label.en;
  }
  for (const AppliedProgram& p : b.programs) f.num(p.id, p.saving);
  for (const Text& n : b.notes)
    if (f.first.empty() && prints_nonfinite(n)) f.first = "note: " + n.en;
  return f.first.empty() ? "" : where + ": " + f.first;
}

// Every number and sentence of a recommendation: "" when all are finite, else the first that is not.
inline std::string nonfinite_in(const Report& r) {
  FiniteCheck f;
  f.num("usd_cny", r.usd_cny);
  for (const Dropped& d : r.dropped) {
    f.num("dropped.need", d.need);
    f.num("dropped.limit", d.limit);
  }
  for (const auto* d : {&r.closest_over_budget, &r.closest_over_deadline})
    if (*d) f.num("closest.need", (*d)->need), f.num("closest.limit", (*d)->limit);
  if (!f.first.empty()) return f.first;
  if (prints_nonfinite(r.summary)) return "summary: " + r.summary.en;
  for (const Text& w : r.warnings)
    if (prints_nonfinite(w)) return "warning: " + w.en;
  for (const Row& row : r.rows) {
    const std::string where =
        "row " + std::to_string(row.rank) + " " + row.offer + " " + std::string(to_string(row.pricing));
    const MemoryBreakdown& m = row.memory;
    f.num("weights", m.weights_gib);
    f.num("gradients", m.gradients_gib);
    f.num("optimizer", m.optimizer_gib);
    f.num("activations", m.activations_gib);
    f.num("kv", m.kv_cache_gib);
    f.num("overhead", m.overhead_gib);
    f.num("vram", row.vram_gib);
    f.num("need", row.need_gib);
    f.num("headroom", row.headroom_gib);
    f.range("hours", row.hours);
    f.range("finish", row.finish_hours);
    f.range("cost", row.cost);
    f.num("speedup", row.speedup);
    f.num("scaling", row.scaling_efficiency);
    f.num("pph", row.price_per_hour);
    f.num("pph_after", row.price_per_hour_after);
    f.num("value", row.value_coefficient);
    f.explain("time", row.time_explain);
    f.explain("memory", row.memory_explain);
    if (row.spot) {
      const SpotResult& s = *row.spot;
      f.num("spot.interval", s.interval_hours);
      f.num("spot.expected", s.expected_hours);
      f.num("spot.stddev", s.stddev_hours);
      f.num("spot.overhead", s.overhead_fraction);
      f.num("spot.interruptions", s.expected_interruptions);
      f.num("spot.p_miss", s.p_miss_deadline);
      f.num("spot.p90", s.p90_hours);
      f.explain("spot", s.explain);
    }
    if (!f.first.empty()) return where + ": " + f.first;
    const std::string bill = nonfinite_in(row.bill, where);
    if (!bill.empty()) return bill;
    if (prints_nonfinite(row.reason)) return where + " reason: " + row.reason.en;
    for (const std::vector<Text>* texts : {&row.warnings, &row.risks, &row.notes})
      for (const Text& t : *texts)
        if (prints_nonfinite(t)) return where + ": " + t.en;
  }
  return "";
}

}  // namespace gw::testing
