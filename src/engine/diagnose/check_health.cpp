// Checks on what the card is and what state it is in: the model, memory errors, memory someone else holds,
// memory smaller than the card's, persistence mode, and MIG or vGPU slices that give you part of the card.
#include <algorithm>
#include <cmath>

#include "engine/diagnose/detail.hpp"

namespace gw::diag {
namespace {

Finding make(Severity s, const char* check, int pos) {
  Finding f;
  f.severity = s;
  f.check = check;
  f.gpus = {pos};
  return f;
}

std::string gib(double mib) {
  return fmt(mib / 1024.0, mib < 10240 ? 1 : 0);
}

// Streaming multiprocessors on the full card, for the MIG share: CUDA cores / cores per SM.
std::optional<double> full_sm_count(const Gpu& spec) {
  if (!spec.cuda_cores || *spec.cuda_cores <= 0) return std::nullopt;
  std::string id = lower(spec.id);
  bool ga100 = id.find("a100") != std::string::npos || id.find("a800") != std::string::npos ||
               id.find("a30") != std::string::npos;
  std::string arch = lower(spec.architecture);
  int per_sm = (arch == "volta" || arch == "turing" || arch == "pascal" || ga100) ? 64 : 128;
  return static_cast<double>(*spec.cuda_cores) / per_sm;
}

// "1g.10gb" -> 1/7: A100 and H100 both cut into 7 compute slices.
std::optional<double> profile_share(const std::string& profile) {
  auto g = profile.find('g');
  if (g == std::string::npos || g == 0) return std::nullopt;
  auto n = whole_number(std::string_view(profile).substr(0, g));
  if (!n || *n < 1 || *n > 7) return std::nullopt;
  return static_cast<double>(*n) / 7.0;
}

}  // namespace

void check_model(const GpuDiagnosis& g, int pos, const ModelMatch& m, const CheckInput& in,
                 std::vector<Finding>& out) {
  const SmiGpu& r = g.reading;
  if (g.spec) return;
  std::string name = r.name ? clean_excerpt(r.name->value, 80) : "";
  if (name.empty()) {
    Finding f = make(Severity::info, "model", pos);
    f.title = T("This output does not name the GPU", "这段输出没有给出 GPU 型号");
    f.meaning =
        T("Without the model, the checks against its spec (clock, power, PCIe lanes, memory size) are "
          "skipped.",
          "不知道型号，就无法对照规格检查时钟、功耗、PCIe 通道和显存大小。");
    f.action = T("Add `name` to --query-gpu, or paste `nvidia-smi -q`.",
                 "在 --query-gpu 里加上 `name`，或粘贴 `nvidia-smi -q`。");
    f.evidence = evidence(in, r.first_line);
    out.push_back(std::move(f));
    return;
  }
  if (!m.vgpu_profile.empty()) return;  // a vGPU names only its family; the vgpu finding says what it is
  Finding f = make(Severity::warn, "model", pos);
  f.evidence = evidence(in, r.name);
  if (!m.candidates.empty()) {
    std::string list;
    for (std::size_t i = 0; i < m.candidates.size() && i < 4; ++i)
      list += (i ? ", " : "") + m.candidates[i]->name;
    f.title = T("GPU model ambiguous: " + name + " could be " + list,
                "GPU 型号不确定：" + name + " 可能是 " + list);
  } else {
    f.title = T("GPU model not in the catalog: " + name, "目录里没有这个 GPU 型号：" + name);
  }
  f.meaning =
      T("Without the card's spec, the clock, power, PCIe and memory checks compare only with what "
        "nvidia-smi itself reports.",
        "没有这张卡的规格，时钟、功耗、PCIe 和显存检查只能和 nvidia-smi 自己报告的数值比较。");
  if (r.name_truncated)
    f.action =
        T("The table cut the name: paste `nvidia-smi -q`, or `nvidia-smi --query-gpu=name,memory.total "
          "--format=csv`, instead.",
          "表格把名字截断了：请改为粘贴 `nvidia-smi -q` 或 `nvidia-smi --query-gpu=name,memory.total "
          "--format=csv` 的输出。");
  else
    f.action = T("Check that this is the card you rented; compare it with its spec sheet by hand.",
                 "确认这就是你租的卡；对照它的规格表手工核对。");
  out.push_back(std::move(f));
}

void check_health(const GpuDiagnosis& g, int pos, const CheckInput& in, std::vector<Finding>& out) {
  const SmiGpu& r = g.reading;
  // ECC: uncorrectable errors crash jobs or corrupt results; pending retirement needs a reset.
  bool bad_memory = (r.ecc_uncorrected_volatile && r.ecc_uncorrected_volatile->value > 0) ||
                    r.retirement_pending || r.remap_failure;
  if (bad_memory) {
    Finding f = make(Severity::critical, "ecc", pos);
    if (r.ecc_uncorrected_volatile && r.ecc_uncorrected_volatile->value > 0) {
      std::string n = std::to_string(r.ecc_uncorrected_volatile->value);
      f.title = T(n + " uncorrectable memory (ECC) errors since the driver loaded",
                  "驱动加载以来有 " + n + " 个不可纠正的显存（ECC）错误");
      f.evidence = evidence(in, r.ecc_uncorrected_volatile);
    } else if (r.remap_failure) {
      f.title =
          T("Row remapping failed: this GPU's memory is failing", "显存行重映射失败：这张卡的显存正在损坏");
      f.evidence = evidence(in, r.remap_failure);
    } else {
      f.title =
          T("Bad memory waits to be retired: the GPU needs a reset", "有坏的显存等待隔离：这张卡需要重置");
      f.evidence = evidence(in, r.retirement_pending);
    }
    f.meaning =
        T("A job here can crash with an ECC error or compute on corrupted numbers. A crash loses everything "
          "since the last checkpoint; the hours up to it are paid for nothing.",
          "在这张卡上的任务可能因 ECC 错误崩溃，或者算出错误结果。崩溃会丢掉上次 checkpoint "
          "之后的全部进度，那些小时白付了。");
    f.action = T("Contact support and move to another instance; don't run long jobs on this card.",
                 "联系客服更换实例；不要在这张卡上跑长任务。");
    out.push_back(std::move(f));
  } else if (r.ecc_corrected_volatile && r.ecc_corrected_volatile->value > 0) {
    Finding f = make(Severity::info, "ecc", pos);
    std::string n = std::to_string(r.ecc_corrected_volatile->value);
    f.title = T(n + " corrected memory (ECC) errors since the driver loaded",
                "驱动加载以来有 " + n + " 个已纠正的显存（ECC）错误");
    f.evidence = evidence(in, r.ecc_corrected_volatile);
    f.meaning =
        T("Corrected errors cost nothing by themselves; a count that keeps growing can come before "
          "uncorrectable ones.",
          "已纠正的错误本身没有损失；若持续增长，可能预示不可纠正的错误。");
    f.action = T("Save checkpoints often; if the count grows quickly, ask support for another card.",
                 "勤存 checkpoint；若数量增长很快，请客服换卡。");
    out.push_back(std::move(f));
  } else if (r.ecc_uncorrected_aggregate && r.ecc_uncorrected_aggregate->value > 0) {
    Finding f = make(Severity::info, "ecc", pos);
    std::string n = std::to_string(r.ecc_uncorrected_aggregate->value);
    f.title = T(
        "This card has had " + n + " uncorrectable memory errors in its life (none since the driver loaded)",
        "这张卡历史上有过 " + n + " 个不可纠正的显存错误（本次驱动加载后没有）");
    f.evidence = evidence(in, r.ecc_uncorrected_aggregate);
    f.meaning = T("No cost now; it may fail again.", "目前没有损失；之后可能再出错。");
    f.action = T("Save checkpoints often.", "勤存 checkpoint。");
    out.push_back(std::move(f));
  }

  // Memory already in use: the article's first row, "CUDA out of memory".
  bool mig = r.mig_enabled && r.mig_enabled->value;
  if (!mig && r.memory_used_mib && r.memory_total_mib && r.memory_total_mib->value > 0) {
    double used = r.memory_used_mib->value, total = r.memory_total_mib->value;
    std::string who;
    int n = 0;
    for (const auto& p : r.processes) {
      if (n++ < 3)
        who += (who.empty() ? "" : ", ") + clean_excerpt(p.name.empty() ? "?" : p.name, 40) +
               (p.pid ? " (pid " + std::to_string(*p.pid) + ")" : "");
    }
    if (used > std::max(512.0, 0.03 * total)) {
      // Memory held on a busy GPU is most likely the user's own running job, unless this is a multi-GPU
      // machine where other GPUs sit idle; memory held on an idle GPU is a leftover or someone else's.
      bool big = used > 1024 && used > 0.10 * total;
      bool likely_own = busy(r) && !in.other_gpus_idle;
      Finding f = make(big && !likely_own ? Severity::warn : Severity::info, "memory_in_use", pos);
      std::string free_s = gib(std::max(0.0, total - used)), total_s = gib(total), used_s = gib(used);
      std::string by_en =
          who.empty() ? (r.processes_listed ? ", by no process visible from here" : "") : ", by " + who;
      std::string by_zh =
          who.empty() ? (r.processes_listed ? "，这里看不到占用的进程" : "") : "，占用者：" + who;
      f.title = T(used_s + " GiB of " + total_s + " GiB already in use" + by_en,
                  total_s + " GiB 显存中已有 " + used_s + " GiB 被占用" + by_zh);
      f.evidence = evidence(in, r.memory_used_mib);
      if (!r.processes.empty()) f.evidence = evidence(in, r.processes.front().line);
      std::string busy_en, busy_zh;
      if (!busy(r) && big) {
        busy_en =
            " The GPU is idle, so whatever holds this memory is not computing: a leftover process, or "
            "someone else's.";
        busy_zh = "GPU 当前空闲，占着显存的进程并没有在计算：可能是遗留进程，或者是别人的。";
      } else if (busy(r) && in.other_gpus_idle) {
        busy_en =
            " It is busy while other GPUs of this machine are idle: if you have not started anything on "
            "it, someone else's job is running here and your job would share it.";
        busy_zh =
            "这张卡在忙而本机其他卡空闲：如果你没在它上面启动任务，那就是别人的任务在跑，你的任务会和它共用"
            "。";
      } else if (r.utilization_pct && r.utilization_pct->value >= 20) {
        std::string u = fmt(r.utilization_pct->value, 0);
        busy_en = " The GPU is also " + u +
                  "% busy: if not with your job, you are sharing it and speed will swing.";
        busy_zh = "GPU 利用率也有 " + u + "%：如果不是你的任务，说明有人和你共用这张卡，速度会忽快忽慢。";
      }
      std::string hidden_en, hidden_zh;
      if (who.empty() && r.processes_listed) {
        hidden_en =
            " Processes in another container (or your own, when nvidia-smi runs inside a container) "
            "are not listed.";
        hidden_zh = "其他容器里的进程（在容器内运行 nvidia-smi 时也包括你自己的）不会被列出。";
      }
      f.meaning =
          T("If you captured this before starting your job, only " + free_s +
                " GiB are yours: a job sized for the whole card fails with 'CUDA out of memory'. If your "
                "job was running, this is your own use." +
                hidden_en + busy_en,
            "如果这是在启动任务之前截的，你只能用 " + free_s +
                " GiB：按整卡显存设计的任务会报 'CUDA out of "
                "memory'。如果当时你的任务在跑，这就是你自己的占用。" +
                hidden_zh + busy_zh);
      f.action =
          T("Stop leftover processes of yours" +
                std::string(r.processes.empty() || !r.processes[0].pid
                                ? ""
                                : " (`kill " + std::to_string(*r.processes[0].pid) + "`)") +
                "; if they are not yours, ask support for a card to yourself or change instance. If you "
                "must share: reduce batch_size or use gradient checkpointing (the article's fix for OOM).",
            "结束你自己遗留的进程" +
                std::string(r.processes.empty() || !r.processes[0].pid
                                ? ""
                                : "（`kill " + std::to_string(*r.processes[0].pid) + "`）") +
                "；如果不是你的，请客服给你独占的卡或更换实例。若只能共用：减小 batch_size 或使用 gradient "
                "checkpointing（原文对 OOM 的解法）。");
      out.push_back(std::move(f));
    }
  }

  // Memory smaller than the card's (a vGPU profile or a cut-down variant), unless MIG explains it.
  if (g.spec && !mig && r.memory_total_mib && g.spec->vram_gib > 0) {
    double seen_gib = r.memory_total_mib->value / 1024.0;
    if (seen_gib < 0.85 * g.spec->vram_gib) {
      Finding f = make(Severity::warn, "memory_size", pos);
      f.title = T("Only " + fmt(seen_gib, 1) + " GiB of memory visible; the " + gpu_model(g) + " has " +
                      fmt(g.spec->vram_gib, 0) + " GB",
                  "只能看到 " + fmt(seen_gib, 1) + " GiB 显存；" + gpu_model(g) + " 有 " +
                      fmt(g.spec->vram_gib, 0) + " GB");
      f.evidence = evidence(in, r.memory_total_mib);
      f.meaning =
          T("You get part of the card (a vGPU profile or a cut-down variant): models and batches sized for " +
                fmt(g.spec->vram_gib, 0) + " GB will not fit.",
            "你拿到的是这张卡的一部分（vGPU 配置或阉割版）：按 " + fmt(g.spec->vram_gib, 0) +
                " GB 设计的模型和 batch 放不下。");
      f.action =
          T("If you paid for the whole card, contact support; otherwise size the job for what is visible.",
            "如果付的是整卡的钱，联系客服；否则按可见显存规划任务。");
      out.push_back(std::move(f));
    }
  }

  // Persistence mode: start-up latency only; Windows (WDDM/TCC) has no such mode.
  if (r.persistence && !r.persistence->value) {
    Finding f = make(Severity::info, "persistence", pos);
    f.title = T("Persistence mode is off", "持久模式（Persistence Mode）未开启");
    f.evidence = evidence(in, r.persistence);
    f.meaning =
        T("Each program that starts waits for the driver to initialise the GPU (a second or more, longer "
          "on many-GPU nodes), and clocks set with nvidia-smi can reset between jobs. Negligible for one "
          "long training run.",
          "每个程序启动时都要等驱动初始化 GPU（一秒或更久，多卡节点更久），用 nvidia-smi "
          "设置的时钟也可能在任务之间被重置。"
          "对一次长时间训练影响可忽略。");
    f.action = T("With root: `sudo nvidia-smi -pm 1`. On container platforms without root, ignore it.",
                 "有 root 权限：`sudo nvidia-smi -pm 1`。在没有 root 的容器平台上可以忽略。");
    out.push_back(std::move(f));
  }
}

void check_sharing(const GpuDiagnosis& g, int pos, const ModelMatch& m, const CheckInput& in,
                   std::vector<Finding>& out) {
  const SmiGpu& r = g.reading;
  if (r.mig_enabled && r.mig_enabled->value) {
    Finding f = make(Severity::warn, "mig", pos);
    f.evidence = evidence(in, r.mig_enabled);
    const SmiMigDevice* smallest = nullptr;
    std::optional<double> share;
    for (const auto& d : r.mig_devices) {
      std::optional<double> s;
      if (d.sm_count && g.spec)
        if (auto full = full_sm_count(*g.spec); full && *full > 0) s = std::min(1.0, *d.sm_count / *full);
      if (!s) s = profile_share(d.profile);
      if (!s && d.memory_total_mib && r.memory_total_mib && r.memory_total_mib->value > 0)
        s = std::min(1.0, *d.memory_total_mib / r.memory_total_mib->value);
      if (s && (!share || *s < *share)) share = s, smallest = &d;
    }
    if (smallest) {
      std::string count = std::to_string(r.mig_devices.size());
      std::string mem =
          smallest->memory_total_mib ? gib(*smallest->memory_total_mib) + " GiB" : smallest->profile;
      std::string pct = fmt(*share * 100, 0);
      f.title = T("MIG is on: " + count + " slice(s) visible, the smallest with " + mem + " and about " +
                      pct + "% of the compute",
                  "MIG 已开启：可见 " + count + " 个切片，最小的有 " + mem + "，约 " + pct + "% 的算力");
      f.evidence = evidence(in, smallest->line);
      f.slowdown = 1 - *share;
      Text m2 = impact(1 - *share, in.options);
      f.meaning = T("A job on that slice, compared with the whole card: " + m2.en + ".",
                    "在这个切片上跑，相比整卡：" + m2.zh + "。");
    } else {
      f.title = T("MIG is on: you get a slice of this GPU, not all of it",
                  "MIG 已开启：你拿到的是这张卡的一个切片，不是整卡");
      f.meaning = T("A slice has a fraction of the card's compute and memory (an A100 splits into up to 7).",
                    "切片只有整卡的一部分算力和显存（A100 最多切成 7 份）。");
    }
    f.action =
        T("If you paid for the whole card, contact support. Run `nvidia-smi -L` to see the slices and size "
          "the job to yours.",
          "如果付的是整卡的钱，联系客服。运行 `nvidia-smi -L` 查看切片，按你的切片规划任务。");
    out.push_back(std::move(f));
  }
  bool vgpu = !m.vgpu_profile.empty() || (r.virtualization && (iequals(r.virtualization->value, "VGPU") ||
                                                               iequals(r.virtualization->value, "vGPU")));
  if (vgpu) {
    Finding f = make(Severity::warn, "vgpu", pos);
    std::string profile = m.vgpu_profile;
    for (char& c : profile)
      if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
    std::string prof = profile.empty() ? "" : " (profile " + profile + ")";
    std::string prof_zh = profile.empty() ? "" : "（配置 " + profile + "）";
    f.title = T("A virtual GPU" + prof + ", not a whole card", "这是虚拟 GPU" + prof_zh + "，不是整卡");
    f.evidence = r.virtualization ? evidence(in, r.virtualization) : evidence(in, r.name);
    std::string mem_en, mem_zh;
    if (r.memory_total_mib) {
      mem_en = " (" + gib(r.memory_total_mib->value) + " GiB here)";
      mem_zh = "（这里是 " + gib(r.memory_total_mib->value) + " GiB）";
    }
    f.meaning =
        T("A vGPU gets a slice of the card's memory" + mem_en +
              " and takes turns on its compute with other "
              "virtual machines: speed depends on the neighbours and can swing.",
          "vGPU 只分到一部分显存" + mem_zh + "，并与其他虚拟机轮流使用算力：速度取决于邻居，会忽快忽慢。");
    f.action =
        T("If you rented a full GPU, ask for a passthrough or bare-metal instance, or change instance type.",
          "如果租的是整卡，请平台换成直通或裸金属实例，或更换实例类型。");
    out.push_back(std::move(f));
  }
}

}  // namespace gw::diag
