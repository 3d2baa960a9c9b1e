#pragma once
// Internals of the validation harness: turning a published case's description into a workload.
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "catalog.hpp"
#include "workload.hpp"

namespace gw {
struct ValidationReport;
}

namespace gw::vdetail {

using json = nlohmann::json;

std::string lower(std::string s);
bool has(const std::string& hay, const char* needle);
std::string str(const json& o, const char* key);
double num(const json& o, const char* key, double fallback = 0);

// A case's workload, rebuilt from the inputs it states.
struct Built {
  Workload w;
  bool context_only = false;  // "CUDA context only" measurements
  bool prefill = false;       // prompt processing rather than decoding
  int gpu_count = 1;          // num_gpus of the case
  std::string why_not;        // set when the case cannot be rebuilt
  std::string category;       // speed rows: "md" for a molecular-dynamics case (it states its atoms)
};
// The MD presets state their per-step work for a system of this many atoms (their titles say ~100k);
// an MD case that names its atom count scales it linearly (pair and PME work both grow with N).
inline constexpr double kMdPresetAtoms = 100000;
Built build_workload(const json& workload, const std::vector<Preset>& presets);

// Benchmark precision words ("amp_fp16", "Q4_K_M", "int4 (GPTQ)") onto precision and weight bits.
bool map_precision(const std::string& text, Workload& w);
bool map_optimizer(const std::string& text, Optimizer& o);
// GiB per unit of a measurement ("MiB", "MB (MiB, nvidia-smi)", "GB"); 0 when unknown.
double unit_to_gib(const std::string& unit);

// "2x RTX 3090" / "RTX 3090 x2": the card and how many.
struct GpuRef {
  const Gpu* gpu = nullptr;
  int count = 1;
};
GpuRef resolve_gpu(const Catalog& catalog, std::string_view name);

// A multi-node case ("kind": "scaling", scaling_validation.cpp): its cluster's efficiency, modelled.
void score_scaling(const std::string& id, const json& c, const Built& b, const Catalog& catalog,
                   ValidationReport& rep);
// A serving case ("kind": "serving", serve_validation.cpp): tokens/s at a concurrency, from serve_perf.
void score_serving(const std::string& id, const json& c, const Built& b, const Catalog& catalog,
                   ValidationReport& rep);

}  // namespace gw::vdetail
