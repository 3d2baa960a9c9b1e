// Which unit of a GPU a job runs on, and at what peak: the "effective rate" inputs.
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "engine/estimate_model.hpp"

namespace gw::model {

namespace {

double val(const std::optional<double>& v) {
  return v && std::isfinite(*v) && *v > 0 ? *v : 0.0;
}

// GA10x, AD10x and GB20x double their FP32 lanes by sharing half of them with INT32, so sustained
// FP32 sits well below the listed peak; GA100/GH100 and older parts have dedicated FP32 lanes.
bool shared_fp32_lanes(const Gpu& g) {
  const std::string& cc = g.compute_capability;
  return cc == "8.6" || cc == "8.7" || cc == "8.9" || cc.rfind("12.", 0) == 0;
}

bool consumer(const Gpu& g) {
  return g.segment == "consumer";
}

// Energy per dense tensor operation falls with the process node: Volta and Turing (TSMC 12 nm, compute
// capability 7.x) draw about twice what 7 nm and later parts draw per sustained TFLOPS.
double watts_per_tensor_tflops(const Gpu& g) {
  return g.compute_capability.rfind("7.", 0) == 0 ? kWattsPerTensorTflops12nm : kWattsPerTensorTflops;
}

// The FP32-accumulate tensor rate that PyTorch's half-precision GEMMs use.
double fp16_fp32acc(const Gpu& g) {
  if (val(g.fp16_tensor_fp32acc_tflops) > 0) return val(g.fp16_tensor_fp32acc_tflops);
  const double f16acc = val(g.fp16_tensor_fp16acc_tflops);
  // GeForce cards run FP32 accumulation at half rate; others at full rate.
  return consumer(g) ? f16acc / 2 : f16acc;
}

}  // namespace

double listed_fp32_tflops(const Gpu& gpu) {
  return val(gpu.fp32_tflops);
}

double pcie_gbs(const Gpu& g) {
  if (!g.pcie_gen) return 0;
  static const double per_lane[] = {0, 0.25, 0.5, 0.985, 1.969, 3.938, 7.563, 15.125};
  const int gen = std::clamp(*g.pcie_gen, 1, 7);
  return per_lane[gen] * (g.pcie_lanes ? *g.pcie_lanes : 16);
}

Rates rates_for(const Workload& in, const Gpu& g, double derate, bool with_notes) {
  std::optional<Workload> shape;
  const Workload& w = modelled(in, shape);
  Rates r;
  if (!(derate > 0) || !std::isfinite(derate)) derate = 1;
  r.bandwidth_gbs = val(g.memory_bandwidth_gbs);
  r.pcie_gbs = pcie_gbs(g);

  double fp32 = val(g.fp32_tflops);
  if (fp32 <= 0 && val(g.tf32_tensor_tflops) > 0) {
    // Hopper's ratio of CUDA-core FP32 to dense TF32 (66.9 / 494.7) stands in for a missing figure.
    fp32 = val(g.tf32_tensor_tflops) * 0.135;
    r.notes.push_back({"FP32 rate not in the catalog; estimated from the TF32 tensor rate",
                       "目录中缺少 FP32 算力，按 TF32 张量算力估算"});
  }
  r.simt_tflops = fp32 * (shared_fp32_lanes(g) ? kDualIssueFp32 : 1.0);

  const bool cnn_like = w.arch == Arch::cnn || w.arch == Arch::diffusion;
  const bool fp64_job = w.precision == Precision::fp64 || w.needs_fp64;
  if (fp64_job) {
    // FP64 tensor cores only serve dense matrix products (DGEMM); other science kernels use vector FP64.
    const double tensor64 = val(g.fp64_tensor_tflops);
    const double vec64 = val(g.fp64_tflops);
    if (w.bound == Bound::compute && tensor64 > vec64) {
      r.tensor_tflops = tensor64;
      r.unit = "FP64 tensor";
    } else {
      r.tensor_tflops = vec64;
      r.unit = "FP64";
    }
    // Element-wise FP64 work runs at the FP64 rate too.
    r.simt_tflops = vec64;
    if (vec64 <= 0) {
      r.supported = false;
      r.unsupported_reason = {"FP64 rate unknown for this GPU", "目录中没有这张卡的 FP64 算力"};
    }
  } else {
    switch (w.precision) {
      case Precision::fp32:
        if (cnn_like && val(g.tf32_tensor_tflops) > 0) {
          // PyTorch lets cuDNN use TF32 for convolutions by default (not for matmul).
          r.tensor_tflops = val(g.tf32_tensor_tflops);
          r.unit = "TF32 tensor (cuDNN default for convolutions)";
        } else {
          r.tensor_tflops = r.simt_tflops;
          r.unit = "FP32 (CUDA cores)";
          if (with_notes && val(g.tf32_tensor_tflops) > r.simt_tflops * 1.5) {
            char buf[200];
            std::snprintf(
                buf, sizeof buf,
                "plain fp32 matmuls run on CUDA cores; allowing TF32 (--precision tf32) would use the "
                "%.0f TFLOPS TF32 tensor cores",
                val(g.tf32_tensor_tflops));
            std::string en = buf;
            std::snprintf(buf, sizeof buf,
                          "普通 fp32 矩阵乘法跑在 CUDA 核心上；允许 TF32（--precision tf32）可用上 %.0f "
                          "TFLOPS 的 TF32 张量核心",
                          val(g.tf32_tensor_tflops));
            r.notes.push_back({en, buf});
          }
        }
        break;
      case Precision::tf32:
        if (val(g.tf32_tensor_tflops) > 0) {
          r.tensor_tflops = val(g.tf32_tensor_tflops);
          r.unit = "TF32 tensor";
        } else {
          r.tensor_tflops = r.simt_tflops;
          r.unit = "FP32 (no TF32 on this GPU)";
        }
        break;
      case Precision::int8:
        if (w.mode == Mode::inference && w.weight_bits <= 8 && w.arch != Arch::decoder &&
            (val(g.int8_tensor_tops) > 0 || val(g.fp8_tensor_tflops) > 0)) {
          // Encoders and CNNs under TensorRT run 8-bit end to end (INT8, or FP8 where the card has it: on
          // Hopper and Ada datacenter parts both run at the same dense rate); LLM weight-only int8
          // dequantizes to fp16.
          const bool fp8 = val(g.fp8_tensor_tflops) > val(g.int8_tensor_tops);
          r.tensor_tflops = fp8 ? val(g.fp8_tensor_tflops) : val(g.int8_tensor_tops);
          r.unit = fp8 ? "FP8 tensor" : "INT8 tensor";
          break;
        }
        [[fallthrough]];
      default: {
        double rate = fp16_fp32acc(g);
        const char* unit =
            consumer(g) ? "FP16 tensor (FP32 acc, half rate on GeForce)" : "FP16 tensor (FP32 acc)";
        if (w.fp16_accumulate && val(g.fp16_tensor_fp16acc_tflops) > rate) {
          rate = val(g.fp16_tensor_fp16acc_tflops);
          unit = "FP16 tensor (FP16 acc)";
        }
        if (w.precision == Precision::bf16) {
          if (val(g.bf16_tensor_tflops) > 0) {
            rate = val(g.bf16_tensor_tflops);
            unit = "BF16 tensor";
          } else if (rate > 0) {
            rate = r.simt_tflops;
            unit = "FP32 (no BF16 tensor cores; bf16 is emulated)";
            if (with_notes)
              r.notes.push_back({"this GPU has no BF16 tensor cores: use fp16 AMP instead of bf16",
                                 "这张卡没有 BF16 张量核心：请用 fp16 AMP 代替 bf16"});
          }
        }
        if (rate <= 0) {
          rate = r.simt_tflops;
          unit = "FP32 (no tensor cores)";
          if (with_notes)
            r.notes.push_back({"no tensor cores: half precision saves memory but runs at the FP32 rate",
                               "没有张量核心：半精度只省显存，算力仍按 FP32"});
        }
        r.tensor_tflops = rate;
        r.unit = unit;
      }
    }
  }
  if (r.supported && (r.tensor_tflops <= 0 || r.simt_tflops <= 0 || r.bandwidth_gbs <= 0)) {
    r.supported = false;
    r.unsupported_reason = {"the catalog lacks this GPU's throughput or bandwidth figures",
                            "目录中缺少这张卡的算力或带宽数据"};
  }
  // Power limit: the board sustains at most TDP / (W per dense FP16 TFLOPS) of tensor math: the clock
  // drops until the board's power fits (a T4 at 70 W runs BERT near 900 of its 1590 MHz). Every tensor
  // unit (TF32, INT8, FP8, FP64 tensor) is throttled by the same share.
  const double fp16_peak = std::max(val(g.fp16_tensor_fp16acc_tflops), val(g.fp16_tensor_fp32acc_tflops));
  const bool on_tensor = r.unit.find("tensor") != std::string::npos;
  if (on_tensor && fp16_peak > 0 && val(g.tdp_w) > 0) {
    r.power_fraction = std::min(1.0, val(g.tdp_w) / (watts_per_tensor_tflops(g) * fp16_peak));
    if (r.power_fraction < 0.98) r.tensor_tflops *= r.power_fraction;
    if (r.power_fraction < 0.98 && with_notes) {
      char buf[160];
      std::snprintf(buf, sizeof buf,
                    "power-limited: at %.0f W it sustains about %.0f%% of its boost clock (and tensor peak) "
                    "under tensor load",
                    val(g.tdp_w), r.power_fraction * 100);
      std::string en = buf;
      std::snprintf(buf, sizeof buf,
                    "功耗受限：%.0f W 下张量负载时大约只能维持 %.0f%% 的加速频率（和张量峰值）", val(g.tdp_w),
                    r.power_fraction * 100);
      r.notes.push_back({en, buf});
    }
  }
  // GeForce cards hold clocks above their rated boost under load (GPU Boost headroom the spec leaves).
  const double boost = consumer(g) ? kConsumerBoost : 1.0;
  // A down-clocked cloud variant loses core clock; memory bandwidth is unchanged.
  r.tensor_tflops *= derate * boost;
  r.simt_tflops *= derate * boost;
  return r;
}

}  // namespace gw::model
