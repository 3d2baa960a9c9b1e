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

namespace {

std::string join_clues(const std::vector<std::string>& c, const char* sep) {
  std::string out;
  for (const auto& x : c) out += (out.empty() ? "" : sep) + x;
  return out;
}

}  // namespace

void check_model(const GpuDiagnosis& g, int pos, const ModelMatch& m, const CheckInput& in,
                 std::vector<Finding>& out) {
  const SmiGpu& r = g.reading;
  const std::string clues_en = join_clues(m.clues_en, ", "), clues_zh = join_clues(m.clues_zh, "、");
  if (g.spec) {
    if (r.name_truncated && !clues_en.empty()) {  // say how a cut name was read, so it can be checked
      Finding f = make(Severity::info, "model", pos);
      f.title =
          T("The table cut the name; " + clean_excerpt(r.name->value, 60) + " with " + clues_en + " is the " +
                g.spec->name,
            "表格截断了名字；" + clean_excerpt(r.name->value, 60) + "，" + clues_zh + "：是 " + g.spec->name);
      f.evidence = evidence(in, r.name);
      f.meaning = T("No other card in the catalog fits these readings; the checks below use its spec.",
                    "目录里没有别的卡符合这些读数；下面的检查按它的规格进行。");
      f.action = T("Nothing to do; `nvidia-smi -q` shows the full name if you want to be sure.",
                   "无需处理；如需确认，`nvidia-smi -q` 会显示完整名称。");
      out.push_back(std::move(f));
    }
    return;
  }
  std::string name = r.name ? clean_excerpt(r.name->value, 80) : "";
  if (!name.empty() && r.name_truncated) name += r.name_cut_at_word ? " ..." : "...";  // as the table cut it
  if (name.empty()) {
    Finding f = make(Severity::info, "model", pos);
    f.title = T("GPU unknown: this output does not name it", "GPU 型号未知：这段输出没有给出型号");
    f.meaning =
        T("The findings above and below come from its own readings; the checks against its spec (clock, "
          "power, PCIe lanes, memory size) are skipped.",
          "其他发现来自它自己的读数；对照规格的检查（时钟、功耗、PCIe 通道、显存大小）被跳过。");
    f.action = T("Paste the whole `nvidia-smi -q`, or add `name` to --query-gpu.",
                 "请粘贴完整的 `nvidia-smi -q`，或在 --query-gpu 里加上 `name`。");
    f.evidence = evidence(in, r.first_line);
    out.push_back(std::move(f));
    return;
  }
  if (!m.vgpu_profile.empty()) return;  // a vGPU names only its family; the vgpu finding says what it is
  Finding f = make(Severity::warn, "model", pos);
  f.evidence = evidence(in, r.name);
  std::string by_en = clues_en.empty() ? "" : " (from " + clues_en + ")";
  std::string by_zh = clues_zh.empty() ? "" : "（依据：" + clues_zh + "）";
  if (!m.candidates.empty()) {
    std::string list;
    const std::size_t shown = 6;
    for (std::size_t i = 0; i < m.candidates.size() && i < shown; ++i)
      list += (i ? ", " : "") + m.candidates[i]->name;
    if (m.candidates.size() > shown) list += ", ...";
    std::string n = std::to_string(m.candidates.size());
    if (m.laptop)
      f.title = T("A laptop GPU: " + name + by_en + " is one of " + list,
                  "这是笔记本 GPU：" + name + by_zh + " 是以下之一：" + list);
    else
      f.title = T("GPU model ambiguous: " + name + by_en + " could be " + list,
                  "GPU 型号不确定：" + name + by_zh + " 可能是 " + list);
    f.severity = Severity::info;  // an honest short list: the checks that need one spec are skipped
  } else if (m.laptop) {          // a cut GeForce name whose watts say laptop, and no laptop version listed
    f.title =
        T("A laptop GPU not in the catalog: " + name + by_en, "目录里没有的笔记本 GPU：" + name + by_zh);
  } else {
    f.title = T("GPU model not in the catalog: " + name + by_en, "目录里没有这个 GPU 型号：" + name + by_zh);
  }
  f.meaning =
      T("Without the card's spec, the clock, power, PCIe and memory checks compare only with what "
        "nvidia-smi itself reports." +
            std::string(m.laptop ? " A laptop GPU is not rented in the cloud; its power and clocks follow "
                                   "the laptop's cooling."
                                 : ""),
        "没有这张卡的规格，时钟、功耗、PCIe 和显存检查只能和 nvidia-smi 自己报告的数值比较。" +
            std::string(m.laptop ? "笔记本 GPU 不在云上出租；它的功耗和频率取决于笔记本的散热。" : ""));
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
  } else if ((r.ecc_corrected_aggregate && r.ecc_corrected_aggregate->value > 0) ||
             (r.remapped_rows_correctable && r.remapped_rows_correctable->value > 0) ||
             (r.remapped_rows_uncorrectable && r.remapped_rows_uncorrectable->value > 0) ||
             (r.ecc_uncorrected_aggregate && r.ecc_uncorrected_aggregate->value > 0)) {
    // Lifetime counters: nothing failed since the driver loaded, but this card's memory has failed before.
    long long unc = r.ecc_uncorrected_aggregate ? r.ecc_uncorrected_aggregate->value : 0;
    long long cor = r.ecc_corrected_aggregate ? r.ecc_corrected_aggregate->value : 0;
    long long rows = (r.remapped_rows_correctable ? r.remapped_rows_correctable->value : 0) +
                     (r.remapped_rows_uncorrectable ? r.remapped_rows_uncorrectable->value : 0);
    Finding f = make(unc > 0 || rows > 0 ? Severity::warn : Severity::info, "ecc", pos);
    std::string en, zh;
    auto add = [&](long long n, const std::string& e, const std::string& z) {
      if (n <= 0) return;
      en += (en.empty() ? "" : ", ") + std::to_string(n) + " " + e;
      zh += (zh.empty() ? "" : "、") + std::to_string(n) + " " + z;
    };
    add(unc, "uncorrectable errors", "个不可纠正错误");
    add(cor, "corrected errors", "个已纠正错误");
    add(rows, "remapped memory rows", "行显存被重映射");
    f.title = T("This card's memory has failed before: " + en + " in its life (none since the driver loaded)",
                "这张卡的显存以前出过错：累计 " + zh + "（本次驱动加载后没有）");
    const auto& line = unc > 0    ? r.ecc_uncorrected_aggregate
                       : rows > 0 ? (r.remapped_rows_uncorrectable && r.remapped_rows_uncorrectable->value > 0
                                         ? r.remapped_rows_uncorrectable
                                         : r.remapped_rows_correctable)
                                  : r.ecc_corrected_aggregate;
    f.evidence = evidence(in, line);
    f.meaning =
        T("These are lifetime (aggregate) counts, not 'no memory errors'. Remapped rows and corrected "
          "errors are handled by the card, so nothing is lost now, but memory that has failed tends to fail "
          "again; an uncorrectable error ends the job and loses the work since the last checkpoint.",
          "这些是累计（aggregate）计数，并不等于“没有显存错误”。被重映射的行和已纠正的错误由显卡处理了，"
          "目前没有损失，但出过错的显存容易再出错；一旦出现不可纠正错误，任务会中断，丢失上次 checkpoint "
          "之后的进度。");
    f.action = T(unc > 0 || rows > 0
                     ? "Save checkpoints often; for a long job ask support for another card."
                     : "Save checkpoints often; if the volatile count starts growing, ask for another card.",
                 unc > 0 || rows > 0 ? "勤存 checkpoint；长任务请客服换一张卡。"
                                     : "勤存 checkpoint；若本次加载后的计数开始增长，请客服换卡。");
    out.push_back(std::move(f));
  }
  if (r.fan_error) {
    Finding f = make(Severity::warn, "fan", pos);
    f.title = T("The fan reads " + clean_excerpt(r.fan_error->value, 20) + ": the driver cannot read it",
                "风扇读数为 " + clean_excerpt(r.fan_error->value, 20) + "：驱动读不到风扇");
    f.evidence = evidence(in, r.fan_error->line);
    f.meaning =
        T("A failed fan or fan controller: the card heats up under load and then slows down (thermal "
          "slowdown) or shuts off, which ends the job.",
          "风扇或风扇控制器故障：负载下显卡会过热，随后降频（过热降速）或关机，任务随之中断。");
    f.action = T("Ask support to check the card, or move to another instance before a long job.",
                 "请客服检查这张卡，或在跑长任务前换一个实例。");
    out.push_back(std::move(f));
  }

  // The NVLink fabric (HGX/DGX machines with NVSwitches): CUDA starts on a GPU only once it has registered
  // with the fabric, which nvidia-fabricmanager does. NVIDIA's Fabric Manager user guide (as quoted in
  // siderolabs/extensions pull 717): "In Progress" means the GPU is being registered and Fabric Manager is
  // likely not running, "Completed" that it is registered; until then applications fail with
  // cudaErrorSystemNotReady. NVIDIA's NVSentinel (pull 1382) reads "Not Started" as Fabric Manager not
  // started, and "Completed" without status "Success" as a fabric error. "Not Supported" (no NVSwitch) is
  // fine.
  if (r.fabric_state) {
    const std::string& st = r.fabric_state->value;
    const bool pending = iequals(st, "In Progress") || iequals(st, "Not Started");
    const bool failed =
        iequals(st, "Completed") && r.fabric_status && !iequals(r.fabric_status->value, "Success");
    if (pending || failed) {
      Finding f = make(Severity::critical, "fabric", pos);
      const std::string shown = clean_excerpt(failed ? r.fabric_status->value : st, 30);
      f.title = failed ? T("The NVLink fabric reports an error (" + shown + "): CUDA may not start",
                           "NVLink 互联报告错误（" + shown + "）：CUDA 可能无法启动")
                       : T("The NVLink fabric is not ready (" + shown + "): CUDA will not start on this GPU",
                           "NVLink 互联尚未就绪（" + shown + "）：这张卡上 CUDA 无法启动");
      f.evidence = evidence(in, failed ? r.fabric_status->line : r.fabric_state->line);
      f.meaning =
          T("On a machine whose GPUs talk through NVSwitches, a GPU runs CUDA only after "
            "nvidia-fabricmanager has registered it with the fabric. Until then every CUDA program "
            "fails with \"system not yet initialized\" (cudaErrorSystemNotReady), and the rented hours "
            "still count.",
            "GPU 通过 NVSwitch 互联的机器上，必须等 nvidia-fabricmanager 把 GPU 注册进互联网络，CUDA 才能"
            "运行。在此之前所有 CUDA 程序都会报 \"system not yet initialized\"（cudaErrorSystemNotReady），"
            "租用时间照样计费。");
      f.action =
          T("Wait a minute and check again (nvidia-smi -q | grep -A 2 Fabric); if it stays, ask support "
            "to start nvidia-fabricmanager, or release the instance.",
            "等一分钟再查（nvidia-smi -q | grep -A 2 Fabric）；若一直不变，请客服启动 "
            "nvidia-fabricmanager，或释放这台实例。");
      out.push_back(std::move(f));
    }
  }

  // Memory already in use: the article's first row, "CUDA out of memory".
  bool mig = r.mig_enabled && r.mig_enabled->value;
  // A desktop (Xorg, gnome-shell, dwm.exe: type G) on a display GPU holds some memory: that is the
  // user's own screen, not a leftover or a neighbour. Windows lists every desktop app that draws with the
  // GPU (browsers, Explorer) as C+G, so on a display GPU those count as the desktop too; a training job
  // there is type C.
  bool display_on = r.display_active && r.display_active->value;
  double desktop_mib = 0;
  bool desktop_only = !r.processes.empty();
  for (const auto& p : r.processes) {
    bool graphics = p.type == "G" || (display_on && p.type == "C+G") ||
                    (p.type.empty() && (icontains(p.name, "xorg") || icontains(p.name, "gnome-shell") ||
                                        icontains(p.name, "dwm.exe") || icontains(p.name, "explorer.exe")));
    if (graphics && p.used_mib) desktop_mib += *p.used_mib;
    desktop_only = desktop_only && graphics;
  }
  bool display = display_on || desktop_only;
  double desktop_allowance = !display              ? 0
                             : desktop_only        ? std::max(desktop_mib, 2048.0)
                             : r.processes.empty() ? 2048.0
                                                   : desktop_mib;
  if (!mig && r.memory_used_mib && r.memory_total_mib && r.memory_total_mib->value > 0 &&
      r.memory_used_mib->value - desktop_allowance > std::max(512.0, 0.03 * r.memory_total_mib->value)) {
    double used = r.memory_used_mib->value, total = r.memory_total_mib->value;
    std::string who;
    int n = 0;
    // Name the compute processes first: the desktop apps listed beside them are not what holds the memory.
    std::vector<const SmiProcess*> named;
    for (const auto& p : r.processes)
      if (p.type == "C" || p.type == "M" || p.type == "M+C") named.push_back(&p);
    if (named.empty())
      for (const auto& p : r.processes) named.push_back(&p);
    for (const SmiProcess* q : named) {
      const SmiProcess& p = *q;
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
      if (!named.empty()) f.evidence = evidence(in, named.front()->line);
      std::string busy_en, busy_zh;
      // "Not busy" is not "idle": 10-50% busy gets the sharing sentence below, an unknown load neither.
      if (idle(r) && big) {
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
