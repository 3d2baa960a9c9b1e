// The changes a row may carry (one table: change_info) and the variants of a job the recommender tries
// when the job as given does not fit: AMP, checkpointing, 8-bit Adam, smaller micro-batches, offload,
// int8/int4 weights, alone and combined, in the order recommend() screens them.
#include <algorithm>
#include <cmath>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/input.hpp"
#include "engine/recommend_internal.hpp"

namespace gw {

namespace {
// The one table of the changes a row may carry (recommend.hpp), in enum order.
const ChangeInfo kChangeTable[kChanges] = {
    {Change::amp, "amp", {"AMP", "AMP 混合精度"}, true, true},
    {Change::checkpointing, "checkpointing", {"checkpointing", "梯度检查点"}, false, false},
    {Change::adam8bit, "adam8bit", {"8-bit Adam", "8-bit Adam"}, false, true},
    {Change::smaller_batch, "smaller_batch", {"smaller micro-batch", "减小 micro-batch"}, false, false},
    {Change::offload, "offload", {"CPU offload", "优化器卸载到 CPU"}, false, false},
    {Change::int8, "int8", {"int8 weights", "int8 权重"}, true, true},
    {Change::int4, "int4", {"4-bit weights", "4 位权重"}, true, true},
};
}  // namespace

const ChangeInfo& change_info(Change c) {
  const auto i = static_cast<std::size_t>(c);
  return kChangeTable[i < static_cast<std::size_t>(kChanges) ? i : 0];
}

std::string_view to_string(Change c) {
  return change_info(c).key;
}

std::string change_key(const std::vector<Change>& changes) {
  std::string out;
  for (Change c : changes) out += (out.empty() ? "" : "+") + std::string(to_string(c));
  return out;
}

Text change_label(const std::vector<Change>& changes, int micro_batch) {
  Text out;
  for (Change c : changes) {
    Text part = change_info(c).label;
    if (c == Change::smaller_batch && micro_batch > 0)
      part = {"micro-batch " + std::to_string(micro_batch), "micro-batch " + std::to_string(micro_batch)};
    out.en += (out.en.empty() ? "" : " + ") + part.en;
    out.zh += (out.zh.empty() ? "" : " + ") + part.zh;
  }
  return out;
}

bool has_change(const std::vector<Change>& changes, Change c) {
  return std::find(changes.begin(), changes.end(), c) != changes.end();
}

bool changes_precision(const std::vector<Change>& changes) {
  for (Change c : changes)
    if (change_info(c).precision) return true;
  return false;
}

bool same_job(const std::vector<Change>& a, const std::vector<Change>& b) {
  for (int i = 0; i < kChanges; ++i) {
    const Change c = static_cast<Change>(i);
    if (change_info(c).job && has_change(a, c) != has_change(b, c)) return false;
  }
  return true;
}

namespace rec {

std::vector<Variant> variants_for(const Workload& w, bool keep_precision) {
  std::vector<Variant> out;
  out.push_back({{}, {}, w});
  const bool trains = w.mode == Mode::train || w.mode == Mode::lora || w.mode == Mode::qlora;
  if (w.mode == Mode::inference && w.precision != Precision::fp64) {
    // Quantizing changes the precision: never with keep_precision.
    if (w.weight_bits > 8 && !keep_precision) {
      Variant v{{Change::int8}, {"weights quantized to int8", "权重量化到 int8"}, w};
      v.workload.weight_bits = 8;
      out.push_back(v);
    }
    if (w.weight_bits > 4.5 && !keep_precision) {
      // GPTQ/AWQ 4-bit with group-128 scales stores about 4.25 bits per weight.
      Variant v{{Change::int4},
                {"weights quantized to 4 bits (GPTQ/AWQ/NF4)", "权重量化到 4 位（GPTQ/AWQ/NF4）"},
                w};
      v.workload.weight_bits = 4.25;
      out.push_back(v);
    }
  } else if (trains && w.arch != Arch::generic) {
    // The estimate's own fit advice (estimate_fit.cpp), as variants: 8-bit Adam (about free), a smaller
    // micro-batch with more accumulation (same effective batch, more kernel gaps), checkpointing (+33% step
    // time), CPU offload of the optimizer states (each optimizer step crosses PCIe), and their
    // combinations, in the user's precision; then AMP for an fp32 job (never with keep_precision), with the
    // same ladder. Which one a card gets is recommend()'s choice (choose_variant).
    std::vector<Variant> bases{{{}, {}, w}};
    if ((w.precision == Precision::fp32 || w.precision == Precision::tf32) && !keep_precision) {
      Variant amp{{Change::amp}, {"with AMP (mixed precision)", "开启 AMP 混合精度"}, w};
      amp.workload.precision = Precision::amp;
      bases.push_back(amp);
    }
    for (const Variant& b : bases) {
      // Changes are kept in enum order, so the key reads "amp+checkpointing+adam8bit+smaller_batch".
      auto join = [&](std::vector<Change> more) {
        std::vector<Change> all = b.changes;
        all.insert(all.end(), more.begin(), more.end());
        std::sort(all.begin(), all.end());
        return all;
      };
      auto label = [&](const std::string& en, const std::string& zh) {
        return b.changes.empty() ? Text{"with " + en, zh} : Text{"with AMP and " + en, "开启 AMP 并" + zh};
      };
      if (!b.changes.empty()) out.push_back(b);
      const Workload& bw = b.workload;
      const bool adam = bw.mode == Mode::train && bw.optimizer == Optimizer::adamw;
      const bool batch = bw.micro_batch > 1;
      const long long effective = static_cast<long long>(bw.micro_batch) * bw.grad_accum;
      const int accum1 = static_cast<int>(std::clamp(effective, 1LL, 2000000000LL));
      const std::string mb_en =
          "micro-batch 1 with gradient accumulation " + std::to_string(accum1) + " (same effective batch)";
      const std::string mb_zh =
          "micro-batch 降到 1、梯度累积 " + std::to_string(accum1) + " 步（有效 batch 不变）";
      auto eight = [](Workload v) {
        v.optimizer = Optimizer::adam8bit;
        return v;
      };
      auto small = [&](Workload v) {
        v.micro_batch = 1;
        v.grad_accum = accum1;
        return v;
      };
      auto ckpt = [](Workload v) {
        v.checkpointing = true;
        return v;
      };
      auto offload = [](Workload v) {
        v.offload_optimizer = true;
        return v;
      };
      // ZeRO-Offload's CPU optimizer is Adam (DeepSpeedCPUAdam), in fp32 on the host: it replaces a GPU
      // AdamW, and is never combined with bitsandbytes' 8-bit Adam, which lives on the GPU.
      const bool off = adam && !bw.offload_optimizer;
      const std::string off_en = "the optimizer states offloaded to CPU RAM (ZeRO-Offload)";
      const std::string off_zh = "把优化器状态卸载到 CPU 内存（ZeRO-Offload）";
      using C = Change;
      if (adam) out.push_back({join({C::adam8bit}), label("8-bit Adam", "换成 8-bit Adam"), eight(bw)});
      if (batch) out.push_back({join({C::smaller_batch}), label(mb_en, mb_zh), small(bw)});
      if (adam && batch)
        out.push_back({join({C::adam8bit, C::smaller_batch}),
                       label("8-bit Adam and " + mb_en, "换成 8-bit Adam，" + mb_zh), eight(small(bw))});
      if (!bw.checkpointing) {
        out.push_back(
            {join({C::checkpointing}), label("gradient checkpointing", "开启梯度检查点"), ckpt(bw)});
        if (adam)
          out.push_back({join({C::checkpointing, C::adam8bit}),
                         label("gradient checkpointing and 8-bit Adam", "开启梯度检查点并换成 8-bit Adam"),
                         eight(ckpt(bw))});
        if (adam && batch)
          out.push_back({join({C::checkpointing, C::adam8bit, C::smaller_batch}),
                         label("gradient checkpointing, 8-bit Adam and " + mb_en,
                               "开启梯度检查点、换成 8-bit Adam，" + mb_zh),
                         eight(small(ckpt(bw)))});
      }
      if (off) {
        out.push_back({join({C::offload}), label(off_en, off_zh), offload(bw)});
        if (batch)
          out.push_back({join({C::smaller_batch, C::offload}),
                         label(off_en + " and " + mb_en, off_zh + "，" + mb_zh), offload(small(bw))});
        if (!bw.checkpointing) {
          out.push_back({join({C::checkpointing, C::offload}),
                         label("gradient checkpointing and " + off_en, "开启梯度检查点并" + off_zh),
                         offload(ckpt(bw))});
          if (batch)
            out.push_back({join({C::checkpointing, C::smaller_batch, C::offload}),
                           label("gradient checkpointing, " + off_en + " and " + mb_en,
                                 "开启梯度检查点、" + off_zh + "，" + mb_zh),
                           offload(small(ckpt(bw)))});
        }
      }
    }
  }
  return out;
}

}  // namespace rec

}  // namespace gw
