// The figures every GPU states (gpu_specs.hpp).
#include "engine/gpu_specs.hpp"

#include <algorithm>
#include <optional>

#include "engine/cost.hpp"

namespace gw {
namespace {

bool listed(const std::vector<std::string>& names, std::string_view key) {
  return std::find(names.begin(), names.end(), key) != names.end();
}

// Whether the catalog holds a figure for `key` (a number, a flag, or text for the text facts).
bool has_value(const Gpu& g, std::string_view key) {
  const std::pair<const char*, const std::optional<double>*> numbers[] = {
      {"fp32_tflops", &g.fp32_tflops},
      {"tf32_tensor_tflops", &g.tf32_tensor_tflops},
      {"fp16_tensor_fp16acc_tflops", &g.fp16_tensor_fp16acc_tflops},
      {"fp16_tensor_fp32acc_tflops", &g.fp16_tensor_fp32acc_tflops},
      {"bf16_tensor_tflops", &g.bf16_tensor_tflops},
      {"fp8_tensor_tflops", &g.fp8_tensor_tflops},
      {"int8_tensor_tops", &g.int8_tensor_tops},
      {"fp64_tflops", &g.fp64_tflops},
      {"fp64_tensor_tflops", &g.fp64_tensor_tflops},
      {"memory_bandwidth_gbs", &g.memory_bandwidth_gbs},
      {"tdp_w", &g.tdp_w},
  };
  for (const auto& [k, v] : numbers)
    if (key == k) return v->has_value();
  if (key == "ecc") return g.ecc.has_value();
  if (key == "nvenc") return !g.nvenc.empty();
  if (key == "nvdec") return !g.nvdec.empty();
  if (key == "pcie") return !g.pcie.empty();
  if (key == "nvlink") return !g.nvlink.empty();
  return false;
}

bool is_text_fact(std::string_view key) {
  return key == "nvenc" || key == "nvdec" || key == "pcie" || key == "nvlink";
}

}  // namespace

const std::vector<GpuSpecKey>& gpu_spec_keys() {
  static const std::vector<GpuSpecKey> keys = {
      {"fp32_tflops", {"FP32", "FP32"}, "TFLOPS"},
      {"tf32_tensor_tflops", {"TF32 tensor", "TF32 张量"}, "TFLOPS"},
      {"fp16_tensor_fp16acc_tflops", {"FP16 tensor, FP16 accumulate", "FP16 张量（FP16 累加）"}, "TFLOPS"},
      {"fp16_tensor_fp32acc_tflops", {"FP16 tensor, FP32 accumulate", "FP16 张量（FP32 累加）"}, "TFLOPS"},
      {"bf16_tensor_tflops", {"BF16 tensor", "BF16 张量"}, "TFLOPS"},
      {"fp8_tensor_tflops", {"FP8 tensor", "FP8 张量"}, "TFLOPS"},
      {"int8_tensor_tops", {"INT8 tensor", "INT8 张量"}, "TOPS"},
      {"fp64_tflops", {"FP64 vector", "FP64 向量"}, "TFLOPS"},
      {"fp64_tensor_tflops", {"FP64 tensor", "FP64 张量"}, "TFLOPS"},
      {"memory_bandwidth_gbs", {"Memory bandwidth", "显存带宽"}, "GB/s"},
      {"tdp_w", {"Board power", "功耗"}, "W"},
      {"nvenc", {"NVENC", "NVENC"}, ""},
      {"nvdec", {"NVDEC", "NVDEC"}, ""},
      {"ecc", {"ECC", "ECC"}, ""},
      {"pcie", {"PCIe", "PCIe"}, ""},
      {"nvlink", {"NVLink", "NVLink"}, ""},
  };
  return keys;
}

bool is_gpu_spec_key(std::string_view key) {
  for (const GpuSpecKey& k : gpu_spec_keys())
    if (key == k.key) return true;
  return false;
}

SpecState spec_state(const Gpu& g, std::string_view key) {
  if (listed(g.not_supported, key)) return SpecState::not_supported;
  if (listed(g.unknown, key)) return SpecState::unknown;
  return has_value(g, key) ? SpecState::value : SpecState::unstated;
}

Text spec_missing_text(SpecState s) {
  if (s == SpecState::not_supported) return {"none", "无"};
  return {"?", "未知"};
}

Text spec_number_cell(const Gpu& g, std::string_view key, const std::optional<double>& v, int decimals) {
  const SpecState s = spec_state(g, key);
  if (s == SpecState::value && v) {
    const std::string t = format_number(*v, decimals);
    return {t, t};
  }
  return spec_missing_text(s == SpecState::value ? SpecState::unstated : s);
}

Text ecc_cell(const Gpu& g) {
  const SpecState s = spec_state(g, "ecc");
  if (s == SpecState::value && g.ecc) return *g.ecc ? Text{"yes", "有"} : Text{"no", "无"};
  return spec_missing_text(s);
}

Text codec_cell(const Gpu& g, std::string_view key) {
  const SpecState s = spec_state(g, key);
  const std::string& text = key == "nvdec" ? g.nvdec : g.nvenc;
  if (s == SpecState::value) return {text, text};
  return spec_missing_text(s);
}

std::vector<Problem> gpu_spec_problems(const Catalog& c) {
  std::vector<Problem> out;
  for (std::size_t i = 0; i < c.gpus.size(); ++i) {
    const Gpu& g = c.gpus[i];
    const std::string at = "/gpus/" + std::to_string(i);
    for (const auto* names : {&g.not_supported, &g.unknown}) {
      const std::string list = names == &g.unknown ? "unknown" : "not_supported";
      for (std::size_t n = 0; n < names->size(); ++n) {
        const std::string& key = (*names)[n];
        const std::string path = at + "/" + list + "/" + std::to_string(n);
        if (!is_gpu_spec_key(key))
          out.push_back({path, g.id + ": '" + key + "' is not a GPU figure"});
        else if (names == &g.unknown && listed(g.not_supported, key))
          out.push_back({path, g.id + ": " + key + " is both not supported and unknown"});
        else if (has_value(g, key) && !is_text_fact(key))
          out.push_back({path, g.id + ": " + key + " has a value and is listed as " + list});
      }
    }
    for (const GpuSpecKey& k : gpu_spec_keys())
      if (spec_state(g, k.key) == SpecState::unstated)
        out.push_back(
            {at + "/" + k.key,
             g.id + ": " + k.key + " has no value and is listed neither as not supported nor as unknown"});
  }
  return out;
}

}  // namespace gw
