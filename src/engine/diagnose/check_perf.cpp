// Checks that cost speed: a card down-clocked below its spec (the source article's 3090 at 1095 MHz),
// clocks held down right now and why, a power limit under the TDP, and a PCIe link narrower or slower
// than the card's.
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

struct Reason {
  const char* id;
  Severity severity;
  Text label;
};

const Reason* reason(const std::string& id) {
  static const Reason reasons[] = {
      {"hw_slowdown", Severity::critical, {"HW slowdown", "硬件降速（HW Slowdown）"}},
      {"hw_thermal_slowdown", Severity::critical, {"HW thermal slowdown", "硬件过热降速"}},
      {"hw_power_brake_slowdown", Severity::critical, {"HW power brake", "硬件电源制动降速"}},
      {"sw_thermal_slowdown", Severity::warn, {"SW thermal slowdown", "软件过热降速"}},
      {"sw_power_cap", Severity::warn, {"SW power cap", "软件功耗上限"}},
      {"applications_clocks_setting", Severity::warn, {"application clocks setting", "应用时钟设置"}},
      {"sync_boost", Severity::info, {"sync boost", "同步加速（Sync Boost）"}},
      {"display_clock_setting", Severity::info, {"display clock setting", "显示时钟设置"}}};
  for (const auto& r : reasons)
    if (id == r.id) return &r;
  return nullptr;
}

// GB/s per lane and direction after encoding overhead, by PCIe generation.
double lane_gbs(int gen) {
  static const double per_lane[] = {0, 0.25, 0.5, 0.985, 1.969, 3.938, 7.563};
  return gen >= 1 && gen <= 6 ? per_lane[gen] : 0;
}

}  // namespace

void check_clocks(const GpuDiagnosis& g, int pos, const CheckInput& in, std::vector<Finding>& out) {
  const SmiGpu& r = g.reading;
  const std::string model = gpu_model(g);
  std::optional<double> boost = g.spec ? g.spec->boost_clock_mhz : std::nullopt;

  // Down-clocked: the highest clock this card will ever run is below its spec boost clock.
  if (boost && *boost > 0 && r.max_sm_clock_mhz && r.max_sm_clock_mhz->value > 0) {
    double max = r.max_sm_clock_mhz->value;
    double ratio = max / *boost;
    if (ratio < 0.97) {
      Finding f = make(ratio < 0.85 ? Severity::critical : Severity::warn, "max_clock", pos);
      f.title = T("Down-clocked card: max SM clock " + fmt(max, 0) + " MHz, the " + model +
                      "'s boost clock is " + fmt(*boost, 0) + " MHz",
                  "降频卡：SM 最高频率 " + fmt(max, 0) + " MHz，" + model + " 的加速频率是 " +
                      fmt(*boost, 0) + " MHz");
      f.evidence = evidence(in, r.max_sm_clock_mhz);
      f.slowdown = 1 - ratio;
      Text m = impact(1 - ratio, in.options);
      f.meaning = T(m.en +
                        ". The source article tells of a cloud 3090 stuck at 1095 MHz that ran at about half "
                        "the expected speed.",
                    m.zh + "。原文里云上的 3090 被锁在 1095 MHz，实测只有预期速度的一半左右。");
      f.action = T(
          "Contact support and ask for another instance (that fixed it in the source article), or "
          "release it and rent in another zone. Don't start a long job on this card.",
          "联系客服更换实例（原文中就是这样恢复正常的），或释放后换个可用区重新租。不要在这张卡上跑长任务。");
      out.push_back(std::move(f));
    }
  }

  // Held down right now, and why.
  bool is_busy = busy(r);
  std::optional<double> reference = boost;
  if (!reference && r.max_sm_clock_mhz) reference = r.max_sm_clock_mhz->value;
  if (reference && r.max_sm_clock_mhz) reference = std::min(*reference, r.max_sm_clock_mhz->value);
  std::optional<double> now_slowdown;
  if (is_busy && r.sm_clock_mhz && reference && *reference > 0 && r.sm_clock_mhz->value < 0.9 * *reference)
    now_slowdown = 1 - r.sm_clock_mhz->value / *reference;

  bool full_cap = true;
  // A laptop part's catalog TDP is the top of the range its makers may set: a laptop at its own default
  // limit is not capped below its card.
  if (r.power_limit_w && g.spec && g.spec->tdp_w && g.spec->segment != "laptop" &&
      r.power_limit_w->value < 0.95 * *g.spec->tdp_w)
    full_cap = false;
  if (r.power_limit_w && r.default_power_limit_w &&
      r.power_limit_w->value < 0.95 * r.default_power_limit_w->value)
    full_cap = false;
  bool hw = false;
  for (const auto& t : r.throttle_active)
    hw = hw || t.value == "hw_slowdown" || t.value == "hw_thermal_slowdown" ||
         t.value == "hw_power_brake_slowdown";
  // A hardware slowdown forces the clocks down whether or not the output caught the GPU busy: its cost
  // is the clock it left, or at least half when the output has no clock to compare.
  bool hw_guess = false;
  if (hw && !now_slowdown) {
    if (r.sm_clock_mhz && reference && *reference > 0 && r.sm_clock_mhz->value < 0.9 * *reference)
      now_slowdown = 1 - r.sm_clock_mhz->value / *reference;
    else if (!reference || !r.sm_clock_mhz)
      now_slowdown = 0.5, hw_guess = true;
  }
  std::vector<const Reason*> active;
  int first_line = 0;
  Severity worst = Severity::info;
  for (const auto& t : r.throttle_active) {
    const Reason* why = reason(t.value);
    if (!why) continue;
    Severity s = why->severity;
    // At its power limit under load a card is doing its job: only a limit set below the card's own
    // (the power finding) costs speed.
    if (std::string(why->id) == "sw_power_cap" && (!is_busy || full_cap)) s = Severity::info;
    if (active.empty() || s > worst) first_line = t.line;
    worst = active.empty() ? s : std::max(worst, s);
    active.push_back(why);
  }
  if (!active.empty()) {
    Finding f = make(worst, "throttle", pos);
    std::string en, zh;
    for (const Reason* a : active) {
      en += (en.empty() ? "" : ", ") + a->label.en;
      zh += (zh.empty() ? "" : "、") + a->label.zh;
    }
    std::string clock_en, clock_zh;
    if (r.sm_clock_mhz)
      clock_en = " (SM " + fmt(r.sm_clock_mhz->value, 0) + " MHz)",
      clock_zh = "（SM " + fmt(r.sm_clock_mhz->value, 0) + " MHz）";
    f.title = T("Clocks held down by: " + en + clock_en, "时钟被压低，原因：" + zh + clock_zh);
    f.evidence = evidence(in, first_line);
    std::string m_en, m_zh, a_en, a_zh;
    bool hw_said = false;
    for (const Reason* a : active) {
      std::string id = a->id;
      if (id == "hw_slowdown" || id == "hw_thermal_slowdown" || id == "hw_power_brake_slowdown") {
        if (hw_said) continue;  // the three HW reasons come together and mean the same to the user
        hw_said = true;
        m_en += " HW slowdown cuts the clocks by half or more while it lasts.";
        m_zh += "硬件降速期间时钟会降到一半或更低。";
        a_en +=
            " Contact support: cooling or power delivery on this host is failing; move to another instance.";
        a_zh += "联系客服：这台主机的散热或供电有问题，请更换实例。";
      } else if (id == "sw_thermal_slowdown") {
        std::string temp = r.temperature_c ? fmt(r.temperature_c->value, 0) : "?";
        m_en += " The card is too hot (" + temp + " C) and slows down to cool.";
        m_zh += "显卡温度过高（" + temp + " C），正在降频散热。";
        if (!hw_said) {
          a_en += " Ask support to check cooling, or change instance.";
          a_zh += "请客服检查散热，或更换实例。";
        }
      } else if (id == "sw_power_cap") {
        std::string lim = r.power_limit_w ? fmt(r.power_limit_w->value, 0) + " W" : "its limit";
        m_en += " The card is at its power limit (" + lim + ").";
        m_zh += "显卡已达到功耗上限（" + (r.power_limit_w ? fmt(r.power_limit_w->value, 0) + " W" : "上限") +
                "）。";
        a_en +=
            " Normal under heavy load at the full TDP; if the limit is below the TDP see the power finding.";
        a_zh += "满 TDP 下重负载时属正常；如果功耗上限低于 TDP，见功耗那一条。";
      } else if (id == "applications_clocks_setting") {
        std::string app = r.app_clock_mhz ? fmt(r.app_clock_mhz->value, 0) + " MHz" : "the set value";
        m_en += " Clocks are held at the application clock setting (" + app + ").";
        m_zh += "时钟被应用时钟设置限制在 " +
                (r.app_clock_mhz ? fmt(r.app_clock_mhz->value, 0) + " MHz" : "设定值") + "。";
        a_en +=
            " With root, `sudo nvidia-smi -rac` resets application clocks; without root ask the provider.";
        a_zh += "有 root 权限可用 `sudo nvidia-smi -rac` 恢复应用时钟；没有则联系平台。";
      } else if (id == "sync_boost") {
        m_en += " Clocks follow the slowest GPU of its sync-boost group.";
        m_zh += "时钟跟随同步加速组里最慢的那张卡。";
        a_en += " Normal on multi-GPU nodes; if one GPU is slow, that one needs the fix.";
        a_zh += "多卡节点上属正常；若某张卡偏慢，问题在那张卡。";
      } else {
        m_en += " The display clock setting limits the clocks.";
        m_zh += "显示时钟设置限制了时钟。";
      }
    }
    if (now_slowdown) {
      Text m = impact(*now_slowdown, in.options);
      if (hw_guess)
        m = T("Assuming it halves the speed while it lasts (no clock to compare here): " + m.en,
              "假设降速期间速度减半（这里没有可对比的频率）：" + m.zh);
      m_en = m.en + "." + m_en;
      m_zh = m.zh + "。" + m_zh;
      f.slowdown = now_slowdown;
    }
    f.meaning = T(std::string(trim(m_en)), m_zh);
    f.action = T(std::string(trim(a_en.empty() ? std::string(" Nothing to do.") : a_en)),
                 a_zh.empty() ? "无需处理。" : a_zh);
    out.push_back(std::move(f));
  } else if (now_slowdown && reference) {
    // Slow under load and nothing reported: clocks locked low, or the platform's load balancing (the
    // source article's "speed swings" row).
    Finding f = make(*now_slowdown > 0.15 ? Severity::critical : Severity::warn, "clock_now", pos);
    f.title = T("Running at " + fmt(r.sm_clock_mhz->value, 0) + " MHz under load, " + fmt(*reference, 0) +
                    " MHz expected, and no throttle reason given",
                "负载下只跑 " + fmt(r.sm_clock_mhz->value, 0) + " MHz（应为 " + fmt(*reference, 0) +
                    " MHz），且没有给出降频原因");
    f.evidence = evidence(in, r.sm_clock_mhz);
    f.slowdown = now_slowdown;
    Text m = impact(*now_slowdown, in.options);
    f.meaning =
        T(m.en +
              ". Clocks look locked low, or the platform is balancing load across tenants: speed will "
              "swing.",
          m.zh + "。时钟像是被锁低了，或平台在做负载均衡：训练速度会忽快忽慢。");
    f.action = T("The source article's remedy: lock the clocks at boost (`sudo nvidia-smi -lgc " +
                     fmt(*reference, 0) + "," + fmt(*reference, 0) +
                     "`, needs root) or change zone or instance; without root, contact "
                     "support.",
                 "原文的办法：锁定 GPU 时钟（`sudo nvidia-smi -lgc " + fmt(*reference, 0) + "," +
                     fmt(*reference, 0) + "`，需要 root）或更换可用区/实例；没有 root 权限就联系客服。");
    out.push_back(std::move(f));
  }
}

void check_power(const GpuDiagnosis& g, int pos, const CheckInput& in, std::vector<Finding>& out) {
  const SmiGpu& r = g.reading;
  const double draw = r.power_draw_w ? r.power_draw_w->value : 0;
  const double cap = r.power_limit_w ? r.power_limit_w->value : 0;
  // A card cannot draw much more than its cap for the length of a reading: 751 W on an 80 W cap is a
  // broken sensor or a misreporting driver, and then no power reading here can be trusted.
  const double tdp = g.spec && g.spec->tdp_w ? *g.spec->tdp_w : 0;
  if (draw > 0 && ((cap > 0 && draw > 1.5 * cap && draw - cap > 30) || (tdp > 0 && draw > 2.5 * tdp))) {
    Finding f = make(Severity::warn, "power_reading", pos);
    std::string of = cap > 0 ? fmt(cap, 0) + " W cap" : fmt(tdp, 0) + " W TDP";
    std::string of_zh = cap > 0 ? fmt(cap, 0) + " W 上限" : fmt(tdp, 0) + " W TDP";
    f.title = T("Impossible power reading: " + fmt(draw, 0) + " W on a " + of,
                "不可能的功耗读数：" + of_zh + "却显示 " + fmt(draw, 0) + " W");
    f.evidence = evidence(in, r.power_draw_w);
    f.meaning =
        T("The power sensor or the driver's report is wrong, so power-based checks (a power cap, a hung "
          "kernel) can't be made from this output; it can also come with a failing board.",
          "功耗传感器或驱动的报告有误，因此无法据此做基于功耗的检查（功耗上限、卡死的内核）；也可能是板卡故障"
          "。");
    f.action = T("Read it again in a minute (`nvidia-smi -q -d POWER`); if it stays, tell support.",
                 "过一分钟再读一次（`nvidia-smi -q -d POWER`）；若一直如此，告诉客服。");
    out.push_back(std::move(f));
  } else if (cap > 0 && draw > 0 && r.utilization_pct && r.utilization_pct->value >= 95 &&
             draw <= 0.2 * cap) {
    // Fully "busy" at a fifth of the cap: a kernel spinning on a lock or a deadlocked collective keeps the
    // utilisation counter at 100% while the card does no arithmetic.
    Finding f = make(Severity::warn, "stalled", pos);
    f.title = T(fmt(r.utilization_pct->value, 0) + "% busy at " + fmt(draw, 0) + " W of " + fmt(cap, 0) +
                    " W: the GPU looks stuck, not working",
                "利用率 " + fmt(r.utilization_pct->value, 0) + "%，功耗却只有 " + fmt(draw, 0) + " W / " +
                    fmt(cap, 0) + " W：GPU 像是卡住了，并没有在计算");
    f.evidence = evidence(in, r.utilization_pct);
    std::string money_en, money_zh;
    if (in.options.price_per_hour && *in.options.price_per_hour > 0) {
      std::string cur = in.options.currency.empty() ? "CNY" : in.options.currency;
      std::string p = fmt(*in.options.price_per_hour, 2);
      money_en = " (" + p + " " + cur + " an hour)";
      money_zh = "（每小时 " + p + " " + (cur == "CNY" ? std::string("元") : cur) + "）";
    }
    f.meaning =
        T("Real work at 100% draws far more power. A hung kernel, a deadlocked multi-GPU collective (NCCL) "
          "or a process waiting on something keeps the counter at 100%: every hour in this state is paid "
          "for with no progress" +
              money_en + ".",
          "真正满负载计算时功耗会高得多。卡死的内核、多卡通信（NCCL）死锁或在等待什么的进程会让利用率一直是 "
          "100%：这样的每个小时都白付了" +
              money_zh + "。");
    f.action =
        T("Check that your job's log still moves; if not, stop it (py-spy dump shows where it hangs) "
          "and restart from the last checkpoint.",
          "看看任务日志是否还在更新；若没有，结束它（py-spy dump 可看卡在哪里），从上次 checkpoint 重启。");
    out.push_back(std::move(f));
  }
  if (!g.spec || !g.spec->tdp_w || *g.spec->tdp_w <= 0 || !r.power_limit_w || r.power_limit_w->value <= 0)
    return;
  if (g.spec->segment == "laptop") return;  // a laptop's TGP is set by its maker anywhere in a range
  double limit = r.power_limit_w->value;
  if (limit >= 0.95 * tdp) return;
  double cut = 1 - limit / tdp;
  Finding f = make(limit < 0.6 * tdp ? Severity::critical : Severity::warn, "power_limit", pos);
  f.title =
      T("Power limit " + fmt(limit, 0) + " W, below the " + gpu_model(g) + "'s " + fmt(tdp, 0) + " W TDP",
        "功耗上限 " + fmt(limit, 0) + " W，低于 " + gpu_model(g) + " 的 " + fmt(tdp, 0) + " W TDP");
  f.evidence = evidence(in, r.power_limit_w);
  bool capping = false;
  for (const auto& t : r.throttle_active) capping = capping || t.value == "sw_power_cap";
  Text m = impact(cut, in.options, true);
  f.meaning = T("Compute-heavy work runs at lower clocks: " + m.en +
                    " (speed falls less than power does; measure it)." +
                    (capping ? " The SW power cap is holding the clocks down right now." : ""),
                "计算密集的任务会降频：" + m.zh + "（速度降幅小于功耗降幅，以实测为准）。" +
                    (capping ? "此刻软件功耗上限正在压低时钟。" : ""));
  std::string tdp_s = fmt(tdp, 0);
  if (r.default_power_limit_w && r.default_power_limit_w->value > limit + 1) {
    std::string d = fmt(r.default_power_limit_w->value, 0);
    f.action = T("It was lowered from the default " + d + " W: with root, `sudo nvidia-smi -pl " + d +
                     "` restores it; otherwise ask support.",
                 "它是从默认的 " + d + " W 调低的：有 root 权限可用 `sudo nvidia-smi -pl " + d +
                     "` 恢复；否则联系客服。");
  } else {
    f.action =
        T("The instance ships with this limit: ask support for a full-power card or change instance type. "
          "With root, `sudo nvidia-smi -pl " +
              tdp_s + "` raises it if the board allows.",
          "该实例出厂就是这个上限：请客服换一张满功耗的卡或更换实例类型。有 root 权限时，若主板允许，可用 "
          "`sudo nvidia-smi -pl " +
              tdp_s + "` 调高。");
  }
  out.push_back(std::move(f));
}

void check_pcie(const GpuDiagnosis& g, int pos, const CheckInput& in, std::vector<Finding>& out) {
  const SmiGpu& r = g.reading;
  int spec_lanes = g.spec && g.spec->pcie_lanes ? *g.spec->pcie_lanes : 0;
  int spec_gen = g.spec && g.spec->pcie_gen ? *g.spec->pcie_gen : 0;
  int max_lanes = r.pcie_width_max ? r.pcie_width_max->value : 0;
  int max_gen = r.pcie_gen_max ? r.pcie_gen_max->value : 0;
  int expected_lanes = std::max(spec_lanes, max_lanes);
  int gen = r.pcie_gen ? r.pcie_gen->value : max_gen;
  int link_gen = std::max(max_gen, gen);  // the generation the link runs at under load

  // Width: a card in a x4 slot (or riser) moves data at a quarter of the speed, all the time.
  const std::optional<Seen<int>>& width = r.pcie_width ? r.pcie_width : r.pcie_width_max;
  if (width && width->value > 0 && expected_lanes > width->value) {
    int lanes = width->value;
    double factor = static_cast<double>(expected_lanes) / lanes;
    Finding f = make(Severity::warn, "pcie", pos);
    f.title = T("PCIe link x" + std::to_string(lanes) + ", the card takes x" +
                    std::to_string(expected_lanes) + ": " + fmt(factor, 1) + "x less bandwidth to the host",
                "PCIe 链路只有 x" + std::to_string(lanes) + "，这张卡支持 x" +
                    std::to_string(expected_lanes) + "：与主机间带宽少到 1/" + fmt(factor, 1));
    f.evidence = evidence(in, width);
    std::string bw;
    if (link_gen > 0)
      bw = " (about " + fmt(lane_gbs(link_gen) * lanes, 1) + " GB/s each way instead of " +
           fmt(lane_gbs(link_gen) * expected_lanes, 1) + " GB/s)";
    double with_copies = in.options.job_hours * (0.9 + 0.1 * factor);
    f.meaning =
        T("Copies between host and GPU take " + fmt(factor, 1) + "x as long" + bw +
              ": loading data from host memory, CPU offload and multi-GPU traffic without NVLink slow down; "
              "compute-bound training barely notices. If copies are 10% of a step, a " +
              fmt(in.options.job_hours, 1) + "-hour job takes about " + fmt(with_copies, 1) + " hours.",
          "主机与 GPU 之间的拷贝要慢 " + fmt(factor, 1) + " 倍" +
              (link_gen > 0 ? "（每个方向约 " + fmt(lane_gbs(link_gen) * lanes, 1) + " GB/s，本应 " +
                                  fmt(lane_gbs(link_gen) * expected_lanes, 1) + " GB/s）"
                            : "") +
              "：从内存加载数据、CPU 卸载、没有 NVLink "
              "的多卡通信都会变慢；纯计算的训练影响不大。若拷贝占每步的 10%，" +
              fmt(in.options.job_hours, 1) + " 小时的任务要跑约 " + fmt(with_copies, 1) + " 小时。");
    f.action =
        T("Ask support to move you to a host with a full x" + std::to_string(expected_lanes) +
              " slot, or change instance. The source article lists ignoring PCIe lanes (x16 vs x4: 4x the "
              "bandwidth) as a common mistake.",
          "请客服换到有完整 x" + std::to_string(expected_lanes) +
              " 插槽的主机，或更换实例。原文把“忽略 PCIe 通道数（x16 和 x4 带宽差 4 倍）”列为常见误区。");
    out.push_back(std::move(f));
  }

  // Generation: links drop to Gen1 at idle to save power, so only a slow link under load is a problem.
  // Idle (or not known to be busy), a lower link generation is power saving and costs nothing: quiet.
  if (r.pcie_gen && max_gen > 0 && r.pcie_gen->value < max_gen && busy(r)) {
    double factor = lane_gbs(max_gen) / std::max(lane_gbs(r.pcie_gen->value), 0.001);
    bool under_load = busy(r);
    Finding f = make(under_load ? Severity::warn : Severity::info, "pcie", pos);
    std::string cur = std::to_string(r.pcie_gen->value), mx = std::to_string(max_gen);
    if (under_load) {
      f.title = T("PCIe running at Gen" + cur + " under load, the link can do Gen" + mx,
                  "负载下 PCIe 只跑 Gen" + cur + "，链路支持 Gen" + mx);
      f.meaning = T("Host-GPU copies take about " + fmt(factor, 1) + "x as long while it stays there.",
                    "在此状态下主机与 GPU 的拷贝要慢约 " + fmt(factor, 1) + " 倍。");
      f.action = T("Check again during a copy-heavy step; if it stays low, ask support or change instance.",
                   "在拷贝密集的阶段再查一次；若一直偏低，联系客服或更换实例。");
    } else {
      f.title = T("PCIe at Gen" + cur + " while idle (the link can do Gen" + mx + ")",
                  "空闲时 PCIe 在 Gen" + cur + "（链路支持 Gen" + mx + "）");
      f.meaning = T("GPUs lower the link speed when idle to save power: normal, no cost.",
                    "GPU 空闲时会降低链路速度以省电：属正常，没有损失。");
      f.action = T("Nothing to do; to be sure, run nvidia-smi -q again while your job runs.",
                   "无需处理；如需确认，在任务运行时再跑一次 nvidia-smi -q。");
    }
    f.evidence = evidence(in, r.pcie_gen);
    out.push_back(std::move(f));
  }
  if (spec_gen > 0 && max_gen > 0 && max_gen < spec_gen) {
    Finding f = make(Severity::info, "pcie", pos);
    std::string mx = std::to_string(max_gen), sp = std::to_string(spec_gen);
    f.title = T("The host's PCIe link tops out at Gen" + mx + "; the card supports Gen" + sp,
                "主机的 PCIe 最高只到 Gen" + mx + "，这张卡支持 Gen" + sp);
    f.evidence = evidence(in, r.pcie_gen_max);
    double factor = lane_gbs(spec_gen) / std::max(lane_gbs(max_gen), 0.001);
    f.meaning = T("Host-GPU bandwidth is 1/" + fmt(factor, 1) +
                      " of what the card could do; it matters only for "
                      "copy-heavy work.",
                  "主机与 GPU 的带宽只有这张卡能力的 1/" + fmt(factor, 1) + "；只对拷贝密集的任务有影响。");
    f.action = T("Nothing to do unless data loading is your bottleneck; then pick a newer host.",
                 "除非数据加载是瓶颈，否则无需处理；若是，选更新的主机。");
    out.push_back(std::move(f));
  }
}

}  // namespace gw::diag
