#pragma once
// The figures every catalog GPU states, and whether each is a value, a unit the GPU lacks ("not supported")
// or a figure no source gave ("unknown"). Tables (the CLI's `catalog gpus`, the web GPU tab) show the three
// apart, and tests check that the bundled catalog leaves none unstated.
#include <string>
#include <string_view>
#include <vector>

#include "catalog.hpp"
#include "text.hpp"

namespace gw {

enum class SpecState {
  value,          // the catalog has a sourced figure
  not_supported,  // the GPU lacks the unit (Gpu::not_supported)
  unknown,        // no source gave it (Gpu::unknown)
  unstated,       // none of the three: a gap in the catalog (old or hand-written catalogs)
};

struct GpuSpecKey {
  const char* key;  // the catalog's JSON key ("fp64_tflops")
  Text label;       // "FP64 vector"
  const char* unit;
};
// FP32, TF32, FP16 (both accumulates), BF16, FP8, INT8, FP64 vector and tensor, bandwidth, board power,
// NVENC, NVDEC, ECC, PCIe, NVLink. Memory size is always known (a required field).
const std::vector<GpuSpecKey>& gpu_spec_keys();
bool is_gpu_spec_key(std::string_view key);

// A listed name wins over a value for the text facts (nvenc "none (GH100)" explains a missing unit); a
// number and a listing together is a problem (gpu_spec_problems).
SpecState spec_state(const Gpu& g, std::string_view key);

// Table cells: a figure, or a word saying which of the other states it is.
//   not supported: "none" / "无"; unknown and unstated: "?" / "未知".
Text spec_missing_text(SpecState s);
// The cell of a numeric figure (value printed with `decimals`), or spec_missing_text.
Text spec_number_cell(const Gpu& g, std::string_view key, const std::optional<double>& v, int decimals);
// ECC as yes/no, or spec_missing_text.
Text ecc_cell(const Gpu& g);
// NVENC/NVDEC as printed, or spec_missing_text ("none" when the GPU has no such engine).
Text codec_cell(const Gpu& g, std::string_view key);

// Every figure left unstated, every listed name that is not a spec key, a name in both lists, and a
// number that is also listed. Paths are the catalog's JSON paths (/gpus/3/unknown).
std::vector<Problem> gpu_spec_problems(const Catalog& c);

}  // namespace gw
