// One GPU type and card count: memory verdict, effective rate, hours with a range, and the explanation.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdio>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/estimate_model.hpp"
#include "engine/scaling.hpp"

namespace gw {

namespace model {

std::string fmt(const char* pattern, double a, double b, double c) {
  char buf[256];
  const int n = std::snprintf(buf, sizeof buf, pattern, a, b, c);
  if (n < 0) return "";
  if (static_cast<std::size_t>(n) < sizeof buf) return std::string(buf, static_cast<std::size_t>(n));
  std::vector<char> big(static_cast<std::size_t>(n) + 1);
  std::snprintf(big.data(), big.size(), pattern, a, b, c);
  return std::string(big.data(), static_cast<std::size_t>(n));
}

}  // namespace model

namespace {

using model::fmt;

// A reference run this far from the model (either way) is more likely a wrong input than a slow card.
constexpr double kCalibrationHigh = 4.0;
constexpr double kCalibrationLow = 0.25;

double finite_or(double v, double fallback) {
  return std::isfinite(v) ? v : fallback;
}

// Seconds the whole job takes on `count` cards of `gpu`, before calibration; 0 when it cannot run.
struct JobTime {
  double compute_s = 0;
  double prefill_s = 0;
  double loading_s = 0;
  double total() const { return compute_s + prefill_s + loading_s; }
};

// `r` and `s_per_unit`: the card's rates and model::seconds_per_unit on `count` of it, which the caller has
// at hand. `cluster_slowdown`: a multi-node run's single-node speed-up over its own (scaling.hpp), 1 on one
// node.
JobTime job_time(const Workload& w, const Gpu& gpu, int count, const model::Rates& r, double s_per_unit,
                 double units, double baseline_s_per_unit, double cluster_slowdown = 1) {
  JobTime t;
  const double per_unit = s_per_unit * cluster_slowdown;
  if (per_unit <= 0) return t;
  t.compute_s = units * per_unit;
  if (w.mode == Mode::inference && w.arch == Arch::decoder && w.dataset_samples > 0 && w.seq_len > 0) {
    const model::StepWork pw = model::prefill_work(w);
    const double batches = w.dataset_samples / w.inference_batch;
    t.prefill_s =
        batches * model::step_time(pw, r, w.bound).total() / multi_gpu_speedup(gpu, count) * cluster_slowdown;
  }
  // The loader's share is measured on a baseline card and does not speed up on a faster one.
  const double d = w.data_loading_share;
  if (d > 0) t.loading_s = units * baseline_s_per_unit * d / (1 - d);
  return t;
}

const Gpu* resolve(const Catalog& catalog, const std::string& name) {
  if (const Gpu* g = catalog.gpu(name)) return g;
  const GpuMatch m = find_gpu(catalog, name);
  if (m.gpu) return m.gpu;
  return m.candidates.empty() ? nullptr : m.candidates.front();
}

// A reference run calibrates hours by the ratio of its measured time to the modelled one on the same card.
// The factor is the same for every GPU, so a report can state its warnings once (reference_run_notes).
struct Calibration {
  const ReferenceRun* ref = nullptr;
  const Gpu* gpu = nullptr;  // the reference's card, when the catalog has it
  bool calibrated = false;
  bool have_units = false;
  double units = 0;
  const Gpu* base_gpu = nullptr;  // the card data loading was measured on
  double base_per_unit = 0;       // seconds per unit on it
  double factor = 1;
};

// `work`: model::step_work(w), which the caller has at hand (it is the same on every card).
Calibration calibrate(const Workload& w, const model::StepWork& work, const Catalog& catalog,
                      const Gpu& fallback) {
  Calibration c;
  c.units = model::total_units(w);
  c.ref = w.reference ? &*w.reference : nullptr;
  c.gpu = c.ref ? resolve(catalog, c.ref->gpu) : nullptr;
  const model::Rates ref_rates = c.gpu ? model::rates_for(w, *c.gpu, 1.0, false) : model::Rates{};
  const double ref_per_unit =
      c.gpu ? model::seconds_per_unit(work, ref_rates, w.bound, *c.gpu, c.ref->gpu_count) : 0;
  c.calibrated = ref_per_unit > 0;
  c.have_units = c.units > 0;
  if (!c.have_units && c.calibrated) c.units = 1;  // the reference run fixes the amount of work
  c.base_gpu = c.gpu ? c.gpu : catalog.gpu("rtx-3090");
  if (!c.base_gpu) c.base_gpu = &fallback;
  c.base_per_unit =
      model::seconds_per_unit(work, model::rates_for(w, *c.base_gpu, 1.0, false), w.bound, *c.base_gpu, 1);
  if (c.calibrated) {
    const JobTime there =
        job_time(w, *c.gpu, c.ref->gpu_count, ref_rates, ref_per_unit, c.units, c.base_per_unit);
    c.factor = there.total() > 0 ? c.ref->hours * 3600.0 / there.total() : 1;
  }
  return c;
}

std::vector<Text> calibration_notes(const Calibration& c) {
  std::vector<Text> notes;
  if (c.ref && !c.gpu)
    notes.push_back({"reference GPU '" + c.ref->gpu + "' is not in the catalog; time is not calibrated",
                     "参考 GPU“" + c.ref->gpu + "”不在目录中，时间未校准"});
  // Without a stated amount of work the reference run is the work itself, and the factor says nothing.
  if (!c.calibrated || !c.have_units) return notes;
  if (c.factor > kCalibrationHigh)
    notes.push_back(
        {fmt("the reference run took %.1fx what the model predicts for it: check that it was on the "
             "GPU named (not a smaller or down-clocked card), that data loading or preprocessing "
             "did not dominate, and that the hours cover only this job",
             c.factor),
         fmt("参考运行用时是模型预测的 %.1f 倍：请确认它确实跑在所填的 GPU 上（不是更小或降频的卡），"
             "数据加载或预处理没有占去大部分时间，且时长只算这一个任务",
             c.factor)});
  else if (c.factor < kCalibrationLow)
    notes.push_back(
        {fmt("the reference run took only %.2fx what the model predicts for it: check the GPU named "
             "(a faster card or more cards than stated?), that the job was the same size (samples, "
             "epochs, sequence), and the hours",
             c.factor),
         fmt("参考运行用时只有模型预测的 %.2f 倍：请检查所填的 GPU（是否其实是更快的卡或更多张卡？）、"
             "任务规模是否相同（样本数、轮数、序列长度）以及时长",
             c.factor)});
  return notes;
}

// Chinese names of the fixed explanation lines; composed lines pass their own.
const char* zh_name(std::string_view en) {
  // string_view keys: a lookup compares lengths before bytes (it ran ~40 strlen + memcmp per line).
  static const std::pair<std::string_view, const char*> names[] = {
      {"params", "参数量"},
      {"layers", "层数"},
      {"hidden", "隐藏维度"},
      {"heads", "注意力头数"},
      {"seq", "序列长度"},
      {"batch", "批大小"},
      {"vram", "显存"},
      {"tensor FLOPs per step", "每步张量 FLOPs"},
      {"utilization of that unit", "该单元利用率"},
      {"CUDA-core FLOPs per step", "每步 CUDA 核 FLOPs"},
      {"CUDA-core rate", "CUDA 核算力"},
      {"memory traffic per step", "每步显存流量"},
      {"weights + KV cache streamed per step (decoding)", "每步流式读取的权重和 KV 缓存（生成）"},
      {"memory bandwidth", "显存带宽"},
      {"bandwidth efficiency", "带宽效率"},
      {"kernel launches per step", "每步内核启动数"},
      {"step time", "每步时间"},
      {"  of which tensor", "  其中张量计算"},
      {"  of which CUDA cores", "  其中 CUDA 核"},
      {"  of which memory", "  其中显存读写"},
      {"  of which weight streaming", "  其中权重流式读取"},
      {"  of which launch gaps", "  其中内核启动间隙"},
      {"GPUs", "GPU 数"},
      {"multi-GPU speed-up", "多卡加速比"},
      {"derate", "降频系数"},
      {"calibration factor (your run / model)", "校准系数（实测 / 模型）"},
      {"work", "工作量"},
      {"compute hours", "计算时长"},
      {"prompt processing hours", "提示词处理时长"},
      {"hours, likely", "最可能时长"},
      {"hours, likely (calibrated)", "最可能时长（已校准）"}};
  for (const auto& [e, z] : names)
    if (en == e) return z;
  return "";
}

// `e` is null when the caller screens many offers and skips the explanation (EstimateOptions::explain).
void add_input(Explain* e, std::string name, double value, std::string unit, std::string name_zh = "") {
  if (!e) return;
  if (name_zh.empty()) name_zh = zh_name(name);
  e->inputs.push_back({std::move(name), finite_or(value, 0), std::move(unit), std::move(name_zh)});
}

// Last line of defence for workloads that skipped validation: every number leaves finite.
void sanitize(GpuEstimate& e) {
  const double kHuge = 1e15;  // GiB; far beyond any card, so the verdict stays "no fit"
  MemoryBreakdown& m = e.memory;
  bool broken = false;
  for (double* v : {&m.weights_gib, &m.gradients_gib, &m.optimizer_gib, &m.activations_gib, &m.kv_cache_gib,
                    &m.overhead_gib}) {
    if (!std::isfinite(*v) || *v > kHuge) {
      *v = kHuge;
      broken = true;
    }
  }
  if (broken || !std::isfinite(m.total_gib())) {
    e.fit = Fit::no_fit;
    e.headroom_gib = e.vram_gib - std::min(m.total_gib(), kHuge * 6);
  }
  e.headroom_gib = finite_or(e.headroom_gib, -kHuge);
  for (FitAdvice& a : e.advice) a.total_gib_after = finite_or(std::min(a.total_gib_after, kHuge), kHuge);
  e.throughput = finite_or(e.throughput, 0);
  e.effective_tflops = finite_or(e.effective_tflops, 0);
  e.scaling_efficiency = finite_or(e.scaling_efficiency, 1);
  if (!std::isfinite(e.hours.low) || !std::isfinite(e.hours.likely) || !std::isfinite(e.hours.high)) {
    e.hours = Range{};
    e.work_known = false;
  }
  for (Explain* x : {&e.memory_explain, &e.time_explain})
    for (ExplainInput& in : x->inputs) in.value = finite_or(in.value, 0);
}

GpuEstimate estimate_unchecked(const Workload& w, const Gpu& gpu, const Catalog& catalog,
                               const EstimateOptions& opt);

}  // namespace

GpuEstimate estimate(const Workload& w, const Gpu& gpu, const Catalog& catalog, const EstimateOptions& opt) {
  GpuEstimate e = estimate_unchecked(w, gpu, catalog, opt);
  sanitize(e);
  return e;
}

namespace {

GpuEstimate estimate_unchecked(const Workload& w, const Gpu& gpu, const Catalog& catalog,
                               const EstimateOptions& opt) {
  GpuEstimate e;
  e.gpu = gpu.id;
  e.gpu_count = std::max(1, opt.gpu_count);
  e.derate = opt.derate > 0 && opt.derate <= 1.5 && std::isfinite(opt.derate) ? opt.derate : 1.0;
  e.vram_gib = gpu.vram_gib;

  // ---- memory
  const model::MemoryPlan plan = model::plan_for(w, e.gpu_count, gpu.vram_gib);
  e.memory = model::memory_breakdown(w, plan, opt.explain);
  // vLLM must fit what the job needs inside the share of the card it reserves.
  const double limit_gib = e.memory.preallocated_gib > 0 ? e.memory.preallocated_gib : gpu.vram_gib;
  e.headroom_gib = finite_or(limit_gib - e.memory.total_gib(), -1e9);
  e.fit = fit_verdict(e.memory.total_gib(), limit_gib);
  if (e.memory.preallocated_gib > 0)
    e.notes.push_back({fmt("vLLM reserves %.1f GiB (gpu_memory_utilization %.2f) at start; the job needs "
                           "%.1f GiB of it, the "
                           "rest becomes KV cache",
                           e.memory.preallocated_gib, w.gpu_memory_utilization, e.memory.total_gib()),
                       fmt("vLLM 启动时预留 %.1f GiB（gpu_memory_utilization %.2f）；任务需要其中 %.1f "
                           "GiB，其余都做 KV 缓存",
                           e.memory.preallocated_gib, w.gpu_memory_utilization, e.memory.total_gib())});
  if (e.fit != Fit::fits) {
    e.advice = fit_advice(w, gpu, catalog, e.gpu_count);
    const bool offload = std::any_of(e.advice.begin(), e.advice.end(),
                                     [](const FitAdvice& a) { return a.kind == AdviceKind::offload; });
    // Offload is the framework moving states out on purpose; the card still holds everything a step touches.
    Text note{"system RAM cannot stand in for GPU memory: the job must fit in VRAM (or be changed",
              "系统内存不能代替显存：任务必须放进显存（或者改小"};
    if (offload) {
      note.en += "; offloading the optimizer states is such a change, made by the training framework";
      note.zh += "；把优化器状态卸载到 CPU 属于这种改动，由训练框架完成";
    }
    note.en += ")";
    note.zh += "）";
    e.notes.push_back(std::move(note));
  }
  if (plan.shard_states)
    e.notes.push_back({fmt("memory assumes ZeRO-3/FSDP sharding over %.0f GPUs", e.gpu_count),
                       fmt("显存按 ZeRO-3/FSDP 切分到 %.0f 张卡计算", e.gpu_count)});
  if (plan.split_weights)
    e.notes.push_back({fmt("memory assumes the weights split over %.0f GPUs", e.gpu_count),
                       fmt("显存按权重切分到 %.0f 张卡计算", e.gpu_count)});
  Explain* me = opt.explain ? &e.memory_explain : nullptr;
  // The explanation's strings are built only when asked for: screening skips them (they were a sixth of
  // an estimate's instructions, most of them allocations).
  if (me) {
    me->formula = {"per GPU: weights + gradients + optimizer states + activations + KV cache + overhead",
                   "每张卡：权重 + 梯度 + 优化器状态 + 激活 + KV 缓存 + 开销"};
    add_input(me, "params", effective_params(w), "");
    if (is_transformer(w)) {
      add_input(me, "layers", w.layers, "");
      add_input(me, "hidden", w.hidden, "");
      add_input(me, "heads", w.heads, "");
      add_input(me, "seq", w.seq_len, "tokens");
    }
    add_input(me, "batch", w.mode == Mode::inference && is_transformer(w) ? w.inference_batch : w.micro_batch,
              "");
    add_input(me, "vram", gpu.vram_gib, "GiB");
    if (e.memory.runtime == Runtime::pytorch && w.arch != Arch::generic) {
      add_input(me, "PyTorch allocated at peak (max_memory_allocated)", e.memory.allocated_gib(), "GiB",
                "PyTorch 峰值分配（max_memory_allocated）");
      add_input(me, "PyTorch reserved (max_memory_reserved)", e.memory.reserved_gib(), "GiB",
                "PyTorch 预留（max_memory_reserved）");
      add_input(me, "nvidia-smi (reserved + CUDA context)", e.memory.total_gib(), "GiB",
                "nvidia-smi 读数（预留 + CUDA 上下文）");
    }
    me->note = {"rules: ", "规则："};
    for (const Text& r : e.memory.rules) {
      me->note.en += r.en + "; ";
      me->note.zh += r.zh + "；";
    }
  }

  // ---- rate
  // Screening discards the notes, and building them was a third of this call's instructions.
  const model::Rates rates = model::rates_for(w, gpu, e.derate, opt.explain);
  e.unit_used = std::string(rates.unit);
  for (const Text& n : rates.notes) e.notes.push_back(n);
  if (!rates.supported) {
    e.supported = false;
    e.unsupported_reason = rates.unsupported_reason;
    return e;
  }
  const model::StepWork work = model::step_work(w);
  const model::StepTime st = model::step_time(work, rates, w.bound);
  const double step_s = std::max(st.total(), 1e-12);
  // Scaling (scaling.hpp): over nodes, the gradient all-reduce of each optimizer step against its compute.
  e.nodes = opt.node ? std::clamp(opt.nodes, 1, e.gpu_count) : 1;
  ScalingInputs si;
  si.gpus = e.gpu_count;
  si.nodes = e.nodes;
  si.node = opt.node;
  si.step_s = step_s * std::max(1, w.grad_accum);
  si.sync_bytes = w.mode == Mode::inference
                      ? 0.0
                      : e.memory.gradients_gib * model::kGiB * (plan.shard_states ? e.gpu_count : 1);
  si.sharded = plan.shard_states;
  const Scaling scaling = gpu_scaling(gpu, si);
  const double single_node_speedup = multi_gpu_speedup(gpu, e.gpu_count);
  const double cluster_slowdown = single_node_speedup / std::max(scaling.speedup, 1e-9);
  e.scaling_efficiency = scaling.efficiency;
  // What the tensor unit delivers on this job once the other terms are paid for.
  e.effective_tflops = finite_or(work.tensor_flops / step_s / 1e12, 0);
  const double s_per_unit = model::seconds_per_unit(work, rates, w.bound, gpu, e.gpu_count);
  const double per_unit = s_per_unit * cluster_slowdown;
  e.throughput = per_unit > 0 ? 1.0 / per_unit : 0;
  e.throughput_unit = model::throughput_unit(w);
  if (e.derate < 1)
    e.notes.push_back(
        {fmt("this offer is down-clocked: compute slowed to %.0f%% (bandwidth unchanged)", e.derate * 100),
         fmt("该实例降频：算力按 %.0f%% 计（带宽不变）", e.derate * 100)});

  // ---- time
  const Calibration cal = calibrate(w, work, catalog, gpu);
  const ReferenceRun* ref = cal.ref;
  const Gpu* ref_gpu = cal.gpu;
  const bool calibrated = cal.calibrated, have_units = cal.have_units;
  const double units = cal.units, base_per_unit = cal.base_per_unit;
  const Gpu* base_gpu = cal.base_gpu;
  for (Text& t : calibration_notes(cal)) e.notes.push_back(std::move(t));

  Explain* te = opt.explain ? &e.time_explain : nullptr;
  if (te) {
    te->formula = {
        "step = tensor FLOPs / (peak x util) + CUDA-core FLOPs / (FP32 x util) + bytes / (bandwidth x eff) + "
        "kernels x gap; hours = work x step / units per step / multi-GPU speed-up + data loading",
        "每步 = 张量 FLOPs / (峰值 × 利用率) + CUDA 核 FLOPs / (FP32 × 利用率) + 字节 / (带宽 × 效率) + "
        "内核数 × 间隙；时长 = 工作量 × 每步时间 / 每步单位数 / 多卡加速比 + 数据加载"};
    add_input(te, "tensor FLOPs per step", work.tensor_flops, "FLOP");
    add_input(te, std::string(rates.unit) + " rate" + (rates.power_fraction < 0.98 ? " (power-limited)" : ""),
              rates.tensor_tflops, "TFLOPS",
              unit_used_text(rates.unit).zh + " 算力" + (rates.power_fraction < 0.98 ? "（功耗受限）" : ""));
    add_input(te, "utilization of that unit", model::kTensorUtil, "");
    add_input(te, "CUDA-core FLOPs per step", work.simt_flops, "FLOP");
    add_input(te, "CUDA-core rate", rates.simt_tflops, "TFLOPS");
    add_input(te, "memory traffic per step", work.bytes / model::kGiB, "GiB");
    if (work.stream_bytes > 0)
      add_input(te, "weights + KV cache streamed per step (decoding)", work.stream_bytes / model::kGiB,
                "GiB");
    add_input(te, "memory bandwidth", rates.bandwidth_gbs, "GB/s");
    add_input(te, "bandwidth efficiency", model::kBandwidthEff, "");
    add_input(te, "kernel launches per step", work.kernels, "");
    add_input(te, "step time", step_s * 1e3, "ms");
    add_input(te, "  of which tensor", st.tensor_s * 1e3, "ms");
    add_input(te, "  of which CUDA cores", st.simt_s * 1e3, "ms");
    add_input(te, "  of which memory", st.memory_s * 1e3, "ms");
    if (st.stream_s > 0) add_input(te, "  of which weight streaming", st.stream_s * 1e3, "ms");
    add_input(te, "  of which launch gaps", st.launch_s * 1e3, "ms");
    add_input(te, "units per step (" + e.throughput_unit + ")", work.units, "",
              "每步完成的单位数（" + throughput_unit_text(e.throughput_unit).zh + "）");
    add_input(te, "GPUs", e.gpu_count, "");
    if (e.nodes > 1) {
      add_input(te, "nodes", e.nodes, "", "节点数");
      add_input(te, "in-node efficiency", scaling.intra_efficiency, "", "机内效率");
      add_input(te, "gradient bytes per step", si.sync_bytes / model::kGiB, "GiB", "每步梯度字节");
      add_input(te, "all-reduce traffic per GPU", scaling.traffic_bytes / model::kGiB, "GiB",
                "每卡 all-reduce 流量");
      add_input(te, "bus bandwidth between nodes", scaling.bus_gbs, "GB/s", "机间总线带宽");
      add_input(te, "all-reduce per step", scaling.comm_s * 1e3, "ms", "每步 all-reduce");
      add_input(te, "optimizer step compute", si.step_s * 1e3, "ms", "每个优化步计算");
      add_input(te, "all-reduce not hidden", scaling.exposed_s * 1e3, "ms", "未被掩盖的 all-reduce");
      add_input(te, "network efficiency", scaling.inter_efficiency, "", "网络效率");
      te->note.en +=
          "Across nodes: all-reduce = 2 (N - 1) / N x gradient bytes" +
          std::string(si.sharded ? " x 1.5 (ZeRO-3/FSDP)" : "") +
          " / bus bandwidth (network per GPU x cards per node / 8 x the fabric's share), hidden behind "
          "the backward pass (2/3 of the step) except the last bucket (10%); efficiency = step / (step + "
          "the rest). ";
      te->note.zh +=
          "跨节点：all-reduce = 2 (N − 1) / N × 梯度字节" +
          std::string(si.sharded ? " × 1.5（ZeRO-3/FSDP）" : "") +
          " ÷ 总线带宽（每卡网络带宽 × 每节点卡数 ÷ 8 × 该网络的可用比例），可被反向传播（每步的 2/3）"
          "掩盖，最后一个梯度桶（10%）除外；效率 = 每步时间 ÷（每步时间 + 未掩盖部分）。";
    }
    add_input(te, "multi-GPU speed-up", scaling.speedup, "x");
    add_input(te, "derate", e.derate, "");
    if (w.checkpointing) {
      te->note.en +=
          "checkpointing recomputes the forward pass: one extra forward per step (+1/3 of the FLOPs). ";
      te->note.zh += "梯度检查点要重算前向：每步多一次前向（FLOPs 多 1/3）。";
    }
    if (w.experts > 0) {
      add_input(te, "MoE: params each token runs through", model::active_params(w), "",
                "MoE：每个 token 经过的参数");
      te->note.en +=
          fmt("MoE: FLOPs count the %.0f active of %.0f routed experts plus %.0f shared; memory holds all "
              "of them; decoding reads only the experts the batch is routed to. Routing overhead: the "
              "router GEMM (hidden x experts per token, included) and the token permutation before and "
              "after the experts (extra kernels and, with experts spread over GPUs, all-to-all traffic; "
              "not modelled beyond the kernel gaps). ",
              w.experts_active, w.experts, w.shared_experts);
      te->note.zh += fmt(
          "MoE：FLOPs 只算 %.0f 个激活的路由专家（共 %.0f 个）和 %.0f 个共享专家；显存要装下全部专家；"
          "生成时只读本批 token 路由到的专家。路由开销：路由器 GEMM（每 token 隐藏维度 × 专家数，已计入）"
          "以及专家前后的 token 重排（额外内核；专家分到多卡时还有 all-to-all 通信，除内核间隙外未建模）。",
          w.experts_active, w.experts, w.shared_experts);
    }
  }
  if (!(have_units || calibrated)) {
    if (te) {
      te->note.en += "Amount of work unknown: give --samples/--epochs or --tokens for hours.";
      te->note.zh += "工作量未知：给出 --samples/--epochs 或 --tokens 才能算时长。";
    }
    return e;
  }
  JobTime here = job_time(w, gpu, e.gpu_count, rates, s_per_unit, units, base_per_unit, cluster_slowdown);
  const double factor = cal.factor;
  if (calibrated && te) {
    add_input(te, "reference run on " + ref_gpu->id, ref->hours, "h", "参考运行（" + ref_gpu->id + "）");
    add_input(te, "calibration factor (your run / model)", factor, "x");
    te->note.en += "Calibrated: hours scale from your reference run by the ratio of modelled times. ";
    te->note.zh += "已校准：时长按模型时间之比，从你的参考运行换算。";
  }
  if (calibrated) {
    // The throughput shown follows the calibration too. Without a stated amount of work the reference run
    // is the work itself, and the factor says nothing about speed.
    if (have_units && factor > 0 && std::isfinite(factor)) e.throughput /= factor;
  }
  if (te) {
    add_input(te, "work", units, e.throughput_unit.substr(0, e.throughput_unit.find('/')));
    add_input(te, "compute hours", here.compute_s / 3600, "h");
    if (here.prefill_s > 0) add_input(te, "prompt processing hours", here.prefill_s / 3600, "h");
  }
  if (here.loading_s > 0 && te) {
    add_input(te,
              "data-loading hours (measured share " + fmt("%.0f%%", w.data_loading_share * 100) + " on " +
                  base_gpu->id + ")",
              here.loading_s / 3600, "h",
              "数据加载时长（在 " + base_gpu->id + " 上实测占比 " +
                  fmt("%.0f%%", w.data_loading_share * 100) + "）");
    te->note.en += "Data loading does not speed up on a faster GPU. ";
    te->note.zh += "数据加载不会因为 GPU 更快而变快。";
  }
  const double likely = factor * here.total() / 3600.0;
  if (!(likely > 0) || !std::isfinite(likely)) return e;
  if (te) add_input(te, calibrated ? "hours, likely (calibrated)" : "hours, likely", likely, "h");
  e.work_known = true;
  // Calibrated estimates only carry the GPU-to-GPU ratio error; uncalibrated ones the absolute one too.
  e.hours =
      calibrated ? Range{likely * 0.9, likely, likely * 1.15} : Range{likely * 0.75, likely, likely * 1.5};
  return e;
}

}  // namespace

std::vector<Text> reference_run_notes(const Workload& w, const Catalog& catalog) {
  if (!w.reference || catalog.gpus.empty()) return {};
  return calibration_notes(calibrate(w, model::step_work(w), catalog, catalog.gpus.front()));
}

std::vector<GpuEstimate> estimate_all(const Workload& w, const Catalog& catalog, int gpu_count) {
  std::vector<GpuEstimate> out;
  out.reserve(catalog.gpus.size());
  for (const Gpu& g : catalog.gpus) out.push_back(estimate(w, g, catalog, {gpu_count, 1.0}));
  return out;
}

std::string explain_text(const Explain& e, Lang lang, bool unit_ids) {
  std::string out = e.formula.in(lang) + "\n";
  for (const ExplainInput& in : e.inputs) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.4g", in.value);
    const std::string& name = lang == Lang::zh && !in.name_zh.empty() ? in.name_zh : in.name;
    const std::string unit = unit_ids ? in.unit : unit_text(in.unit).in(lang);
    out += "  " + name + " = " + buf + (unit.empty() ? "" : " " + unit) + "\n";
  }
  if (!e.note.empty()) out += e.note.in(lang) + "\n";
  return out;
}

Text unit_used_text(std::string_view unit) {
  static const std::pair<const char*, const char*> names[] = {
      {"FP16 tensor (FP32 acc, half rate on GeForce)", "FP16 张量核（FP32 累加，GeForce 上减半）"},
      {"FP16 tensor (FP32 acc)", "FP16 张量核（FP32 累加）"},
      {"FP16 tensor (FP16 acc)", "FP16 张量核（FP16 累加）"},
      {"BF16 tensor", "BF16 张量核"},
      {"TF32 tensor (cuDNN default for convolutions)", "TF32 张量核（cuDNN 卷积默认）"},
      {"TF32 tensor", "TF32 张量核"},
      {"INT8 tensor", "INT8 张量核"},
      {"FP64 tensor", "FP64 张量核"},
      {"FP64", "FP64"},
      {"FP32 (CUDA cores)", "FP32（CUDA 核心）"},
      {"FP32 (no TF32 on this GPU)", "FP32（此卡无 TF32）"},
      {"FP32 (no BF16 tensor cores; bf16 is emulated)", "FP32（无 BF16 张量核，bf16 为模拟）"},
      {"FP32 (no tensor cores)", "FP32（无张量核）"},
      {"memory bandwidth", "显存带宽"},
  };
  for (const auto& [en, zh] : names)
    if (unit == en) return {en, zh};
  return {std::string(unit), std::string(unit)};  // a unit added without a translation still shows
}

Text unit_text(std::string_view unit) {
  static const std::pair<const char*, const char*> names[] = {
      {"s", "秒"},         {"ms", "毫秒"},  {"min", "分钟"},         {"h", "小时"},      {"d", "天"},
      {"months", "个月"},  {"x", "倍"},     {"per hour", "次/小时"}, {"1/h", "次/小时"}, {"tokens", "token"},
      {"samples", "样本"}, {"steps", "步"}, {"GB-month", "GB·月"},   {"/kWh", "/度"},
  };
  for (const auto& [en, zh] : names)
    if (unit == en) return {en, zh};
  // A money rate: the currency in words over the unit it is paid per ("CNY/h" -> 元/小时).
  const std::size_t slash = unit.find('/');
  if (slash != std::string_view::npos) {
    const std::string_view cur = unit.substr(0, slash);
    const char* cur_zh = cur == "CNY" ? "元" : cur == "USD" ? "美元" : nullptr;
    if (cur_zh) return {std::string(unit), cur_zh + ("/" + unit_text(unit.substr(slash + 1)).zh)};
  }
  return {std::string(unit), std::string(unit)};
}

Text throughput_unit_text(std::string_view unit) {
  if (unit == "samples/s") return {"samples/s", "样本/秒"};
  if (unit == "tokens/s") return {"tokens/s", "token/秒"};
  if (unit == "steps/s") return {"steps/s", "步/秒"};
  return {std::string(unit), std::string(unit)};
}

}  // namespace gw
