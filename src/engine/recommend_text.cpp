// The recommender's sentences: a reason per row, warnings from the source article's experience, the
// one-line summary, and why a candidate was dropped. Every sentence exists in English and Chinese.
#include <algorithm>
#include <cctype>
#include <cmath>

#include "engine/gpu_specs.hpp"
#include "engine/market.hpp"
#include "engine/recommend_internal.hpp"

namespace gw {
namespace rec {

std::string fmt(double v, int decimals) {
  return format_number(v, decimals);
}

namespace {

// "RTX 3090", "H100 SXM5 80GB x8", "T4 (spot)": how a row is named in a sentence.
Text option_name(const Row& r) {
  const std::string name = short_gpu_name(r.gpu_name);
  Text t{name, name};
  if (r.cards > 1) {
    t.en += " x" + std::to_string(r.cards);
    t.zh += " ×" + std::to_string(r.cards);
  }
  if (r.pricing == Pricing::spot) {
    t.en += " (spot)";
    t.zh += "（竞价）";
  }
  return t;
}

bool has_tensor(const std::string& unit) {
  std::string u;
  for (char ch : unit) u += static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  return u.find("tensor") != std::string::npos;
}

// "2.3x slower but 60% cheaper in total" against a reference row.
Text compare(const Row& r, const Row& ref) {
  const double s = ref.finish_hours.likely > 0 ? r.finish_hours.likely / ref.finish_hours.likely : 1;
  const double c = ref.cost.likely > 0 ? r.cost.likely / ref.cost.likely : 1;
  Text time, cost;
  int t_good = 0, c_good = 0;  // +1 better, -1 worse, 0 about the same
  if (std::fabs(s - 1) < 0.05) {
    time = {"about as fast", "速度相近"};
  } else if (s > 1) {
    time = {fmt(s, 1) + "x slower", "耗时为其 " + fmt(s, 1) + " 倍"};
    t_good = -1;
  } else {
    time = {fmt(1 / s, 1) + "x faster", "速度为其 " + fmt(1 / s, 1) + " 倍"};
    t_good = 1;
  }
  // A free offer (Kaggle's quota) has no ratio to compare: a share of zero would read "the same".
  if (r.cost.likely <= 0 || ref.cost.likely <= 0) {
    const bool row_free = r.cost.likely <= 0, ref_free = ref.cost.likely <= 0;
    cost = row_free && ref_free ? Text{"both free", "都免费"}
           : row_free           ? Text{"free, where that one is paid", "免费，而对方收费"}
                                : Text{"paid, where that one is free", "收费，而对方免费"};
    c_good = row_free == ref_free ? 0 : row_free ? 1 : -1;
  } else if (std::fabs(c - 1) < 0.05) {
    cost = {"about the same total cost", "总价相近"};
  } else if (c < 0.1) {
    // Past 90% a share says little ("99% cheaper", or "100%" once rounded): the ratio says it.
    const std::string n = fmt(1 / c, 0);
    cost = {"1/" + n + " of the total cost", "总价只有其 1/" + n};
    c_good = 1;
  } else if (c < 1) {
    cost = {fmt((1 - c) * 100, 0) + "% cheaper in total", "总价低 " + fmt((1 - c) * 100, 0) + "%"};
    c_good = 1;
  } else {
    cost = {fmt((c - 1) * 100, 0) + "% more expensive in total", "总价高 " + fmt((c - 1) * 100, 0) + "%"};
    c_good = -1;
  }
  const bool mixed = t_good * c_good < 0;
  return {time.en + (mixed ? " but " : " and ") + cost.en, time.zh + (mixed ? "，但" : "，") + cost.zh};
}

// " Against the fastest (RTX 4090 x1): 2.0x slower but 40% cheaper in total." after the pick's reason;
// `which` names the other row's distinction ({"fastest", "最快"}).
void add_against(Text& out, const Row& row, const Row& other, const Text& which) {
  const Text cmp = compare(row, other);
  const Text name = option_name(other);
  out.en += " Against the " + which.en + " (" + name.en + "): " + cmp.en + ".";
  out.zh += "与" + which.zh + "的（" + name.zh + "）相比：" + cmp.zh + "。";
}

}  // namespace

Text reason_for(const Context& x, const Report& report, const Row& row) {
  const Constraints& c = x.c();
  const Row& pick = report.rows.front();
  const Text name = option_name(row);
  Text out;
  if (!row.work_known) {
    out = {name.en + ": " + format_money(row.price_per_hour_after, c.currency) + "/h, fits with " +
               fmt(row.headroom_gib, 1) + " GiB to spare (give the amount of work for totals).",
           name.zh + "：每小时 " + format_money(row.price_per_hour_after, c.currency) + "，显存余量 " +
               fmt(row.headroom_gib, 1) + " GiB（给出工作量才能算总价）。"};
  } else if (&row == &pick) {
    // "Against the fastest/cheapest" names only a row that runs the same job as the pick (same_job: the
    // same precision, quantization and optimizer; checkpointing, micro-batch and offload change only the
    // time). The alternative, naming the fastest of all and adding that its job differs, was rejected: a
    // student reads "3x faster" as the card's doing, while part of it is a change (AMP, 4-bit weights) they
    // may not accept or could make on the pick as well. The table shows the other jobs, each with its label.
    const Row* fastest = &pick;
    const Row* cheapest = &pick;
    for (const Row& r : report.rows) {
      if (!same_job(r.change, pick.change)) continue;
      if (r.finish_hours.likely < fastest->finish_hours.likely) fastest = &r;
      if (r.cost.likely < cheapest->cost.likely) cheapest = &r;
    }
    const std::string cost = format_money(row.cost.likely, c.currency);
    const std::string when = format_hours(row.finish_hours.likely);
    const std::string when_zh = format_hours(row.finish_hours.likely, Lang::zh);
    switch (c.goal) {
      case Goal::cheapest: {
        const std::string dl = c.deadline_hours ? format_hours(*c.deadline_hours) : "";
        const std::string dl_zh = c.deadline_hours ? format_hours(*c.deadline_hours, Lang::zh) : "";
        out = {"Cheapest option" +
                   (dl.empty() ? std::string(" that fits") : " that meets the " + dl + " deadline") + ": " +
                   cost + ", done in about " + when + ".",
               (dl.empty() ? std::string("放得下的最便宜选择") : "满足 " + dl_zh + "截止时间的最便宜选择") +
                   "：" + cost + "，约 " + when_zh + "完成。"};
        if (fastest != &pick && fastest->finish_hours.likely < pick.finish_hours.likely * 0.9)
          add_against(out, row, *fastest, {"fastest", "最快"});
        break;
      }
      case Goal::fastest: {
        const std::string bud = c.budget ? format_money(*c.budget, c.currency) : "";
        out = {"Fastest option" + (bud.empty() ? std::string() : " within the " + bud + " budget") +
                   ": done in about " + when + " for " + cost + ".",
               (bud.empty() ? std::string("最快的选择") : bud + " 预算内最快的选择") + "：约 " + when_zh +
                   "完成，花费 " + cost + "。"};
        if (cheapest != &pick && cheapest->cost.likely < pick.cost.likely * 0.9)
          add_against(out, row, *cheapest, {"cheapest", "最便宜"});
        break;
      }
      case Goal::value:
        out = {"Best balance of time and cost (lowest cost x hours): " + cost + " in about " + when + ".",
               "时间与费用最平衡（费用 × 时长最小）：" + cost + "，约 " + when_zh + "。"};
        break;
      case Goal::greenest: {  // energy.hpp; an unknown CO2 ranks last, so an unknown pick means none is known
        const bool limits = c.budget || c.deadline_hours;
        if (row.energy.kg_co2e)
          out = {std::string(limits ? "Least CO2e within the budget and deadline: " : "Least CO2e: ") +
                     format_kg_co2e(row.energy) + " kg, " + cost + ", done in about " + when + ".",
                 std::string(limits ? "预算和截止时间内碳排放最少：" : "碳排放最少：") +
                     format_kg_co2e(row.energy) + " kg 二氧化碳当量，" + cost + "，约 " + when_zh + "完成。"};
        else
          out = {"No option has a known CO2 figure (no sourced grid factor for their regions), so by cost: " +
                     cost + ", done in about " + when + ".",
                 "没有任何选择的碳排放已知（其地区无有来源的电网排放因子），按费用排序：" + cost + "，约 " +
                     when_zh + "完成。"};
        break;
      }
    }
  } else {
    const Text cmp = compare(row, pick);
    const Text pname = option_name(pick);
    // "Against X:" as in the pick's own line: "is about as fast ... than" does not read.
    out = {name.en + ": against " + pname.en + " (the pick), " + cmp.en + ".",
           name.zh + "：与首选（" + pname.zh + "）相比" + cmp.zh + "。"};
    // Every row is set against the pick, the one answer; when the two run different jobs the line says so,
    // so the ratio is not read as the cards' alone.
    if (!same_job(row.change, pick.change)) {
      std::vector<Change> job;
      for (Change ch : pick.change)
        if (change_info(ch).job) job.push_back(ch);
      const Text what = change_label(job, 0);
      out.en += job.empty() ? " Not the same job: the pick keeps the precision and optimizer you gave."
                            : " Not the same job: the pick runs it with " + what.en + ".";
      out.zh += job.empty() ? "两者不是同一任务：首选保持你设定的精度和优化器。"
                            : "两者不是同一任务：首选使用" + what.zh + "。";
    }
  }
  if (!row.change.empty()) {
    out.en += " Fits " + row.change_text.en + ".";
    out.zh += "需" + row.change_text.in(Lang::zh) + "才能放下。";
  }
  return out;
}

namespace {
// A notebook platform's limits as the row meets them: the sessions this job needs (already in its time and
// bill), the weekly quota's wait, the idle timeout, and whether the card is guaranteed. Unknown is said.
template <class Warn>
void session_warnings(const Provider& p, const Row& r, Warn&& warn) {
  const std::string name = p.name.en, name_zh = p.name.in(Lang::zh);
  if (!r.sessions) {
    warn(name +
             " sessions are time-limited and their length is unknown: a long job may be cut at any "
             "time, so checkpoint it and plan for restarts.",
         name_zh + " 的会话有时长限制，但时长未知：长任务随时可能被中断，请保存检查点并准备重启。");
  } else if (r.sessions->sessions > 1) {
    const SpotResult& sr = *r.sessions;
    const double extra = sr.expected_hours * sr.overhead_fraction / (1 + sr.overhead_fraction);
    warn(name + " sessions end after " + format_hours(p.session_max_hours.value_or(0)) +
             ": this job runs in " + std::to_string(sr.sessions) +
             " sessions, each restarted from its last checkpoint. The lost work and the restarts add " +
             format_hours(extra) + ", counted in its time and bill.",
         name_zh + " 的会话 " + format_hours(p.session_max_hours.value_or(0), Lang::zh) +
             "后结束：这个任务要分 " + std::to_string(sr.sessions) +
             " 次会话，每次从上一个检查点重启。丢失的工作和重启多用 " + format_hours(extra, Lang::zh) +
             "，已计入时间和费用。");
  }
  if (r.sessions && r.sessions->calendar_hours > r.sessions->expected_hours + 1e-9)
    warn("A weekly quota of " + format_hours(p.session_weekly_gpu_hours.value_or(0)) +
             " of GPU time stretches the job to " + format_hours(r.sessions->calendar_hours) +
             " from start to finish.",
         "每周 " + format_hours(p.session_weekly_gpu_hours.value_or(0), Lang::zh) +
             " 的 GPU 配额使任务从开始到完成需要 " + format_hours(r.sessions->calendar_hours, Lang::zh) +
             "。");
  if (p.session_idle_minutes)
    warn("An idle session is disconnected after " + fmt(*p.session_idle_minutes, 0) +
             " min: keep the notebook running code, or the job stops early.",
         "会话空闲 " + fmt(*p.session_idle_minutes, 0) +
             " 分钟后断开：保持笔记本在运行代码，否则任务会提前停止。");
  if (!p.session_gpu_guaranteed)
    warn("Whether " + name + " guarantees the GPU type is unknown: a session may get another card.",
         name_zh + " 是否保证显卡型号未知：会话可能分到别的卡。");
  else if (!*p.session_gpu_guaranteed)
    warn(name +
             " does not guarantee the GPU type: a session may get a slower card than this row assumes, "
             "which makes the job longer than shown.",
         name_zh + " 不保证显卡型号：会话可能分到比本行假设更慢的卡，任务会比这里显示的更久。");
}
}  // namespace

void add_row_warnings(const Context& x, const Candidate& k, Row& r) {
  const Offer& o = x.offer(k);
  const Provider& p = x.provider(k);
  const Constraints& c = x.c();
  const Gpu& g = x.gpu(k);
  auto warn = [&](std::string en, std::string zh) { r.warnings.push_back({std::move(en), std::move(zh)}); };
  // The article: the A100 is only worth its 2-3x premium when the job uses its tensor cores.
  if (g.segment == "datacenter" && g.tf32_tensor_tflops && !needs_fp64(x.scenario.workload) &&
      !has_tensor(r.unit_used))
    warn("You pay a data-center card's premium, but this job runs on " + r.unit_used +
             ", not tensor cores: a consumer card does this work for far less.",
         "你为数据中心卡付了溢价，但这个任务跑在 " + unit_used_text(r.unit_used).zh +
             " 上、用不到张量核心：消费级卡便宜得多。");
  // On a free offer the extra cards cost nothing, so only a paid row is warned about their price.
  if (r.cards > 1 && r.scaling_efficiency < 0.95 && r.price_per_hour_after > 0) {
    const double extra = (r.cards / std::max(r.speedup, 1e-9) - 1) * 100;
    warn(std::to_string(r.cards) + " cards run " + fmt(r.speedup, 1) + "x as fast as one for " +
             std::to_string(r.cards) + "x the hourly price: each unit of work costs " + fmt(extra, 0) +
             "% more (the article's 2x3090 gave 1.7x). Use them only if the deadline needs it.",
         std::to_string(r.cards) + " 张卡的速度是单卡的 " + fmt(r.speedup, 1) + " 倍，时价却是 " +
             std::to_string(r.cards) + " 倍：同样的工作多花 " + fmt(extra, 0) +
             "%（原文：2 张 3090 只有 1.7 倍）。除非赶截止时间，否则单卡更划算。");
  }
  if (g.pcie_lanes && *g.pcie_lanes < 16)
    warn("This card has a PCIe x" + std::to_string(*g.pcie_lanes) + " link: x16 has " +
             fmt(16.0 / *g.pcie_lanes, 0) +
             "x the bandwidth, so data loading and multi-card traffic slow down.",
         "这张卡只有 PCIe x" + std::to_string(*g.pcie_lanes) + " 通道：x16 的带宽是它的 " +
             fmt(16.0 / *g.pcie_lanes, 0) + " 倍，数据加载和多卡通信会变慢。");
  else if (r.cards > 1 && !g.has_nvlink)
    warn(
        "The cards talk over PCIe (no NVLink): check the host gives each card x16 lanes, not x4 (4x less "
        "bandwidth).",
        "多卡之间走 PCIe（无 NVLink）：确认每张卡是 x16 而不是 x4（带宽差 4 倍）。");
  // Without today's date the age counts to the catalog date, and the words say so.
  if (r.price_stale && x.options.today.empty())
    warn("Price from " + r.price_date + ", " + std::to_string(r.price_age_months) +
             " months before the catalog (" + x.catalog.catalog_date +
             "): check the provider's page before renting.",
         "价格来自 " + r.price_date + "，比目录（" + x.catalog.catalog_date + "）早 " +
             std::to_string(r.price_age_months) + " 个月：租用前请到平台核对。");
  else if (r.price_stale)
    warn("Price from " + r.price_date + ", " + std::to_string(r.price_age_months) + " months old on " +
             x.options.today + " (catalog " + x.catalog.catalog_date +
             "): check the provider's page before renting.",
         "价格来自 " + r.price_date + "，到 " + x.options.today + " 已有 " +
             std::to_string(r.price_age_months) + " 个月（目录 " + x.catalog.catalog_date +
             "）：租用前请到平台核对。");
  if (r.spot && c.deadline_hours &&
      (r.spot->p_miss_deadline >= 0.05 || r.finish_hours.likely > 0.75 * *c.deadline_hours))
    warn("Spot against a tight deadline: " + fmt(r.spot->p_miss_deadline * 100, 0) +
             "% chance of missing it. The article advises not to rely on spot right before an important "
             "deadline.",
         "竞价实例赶紧迫的截止时间：有 " + fmt(r.spot->p_miss_deadline * 100, 0) +
             "% 的概率错过。原文建议重要截止时间前不要完全依赖竞价实例。");
  if (k.pricing == Pricing::on_demand && p.session_limited.value_or(false)) session_warnings(p, r, warn);
  if (o.derate < 1)
    warn(o.derate_note.en.empty() ? "A down-clocked variant: about " + fmt((1 - o.derate) * 100, 0) +
                                        "% slower than the desktop card."
                                  : o.derate_note.en,
         o.derate_note.zh.empty() ? "降频版：比桌面版慢约 " + fmt((1 - o.derate) * 100, 0) + "%。"
                                  : o.derate_note.zh);
  // The catalog does not list an instance's RAM, so the offloaded states' need is said, not checked.
  if (has_change(r.change, Change::offload))
    warn("The optimizer states go to the CPU: the instance needs about " + fmt(r.memory.host_gib, 0) +
             " GiB of free host RAM for them (check the instance's RAM), and each optimizer step waits for "
             "PCIe (its time is for that).",
         "优化器状态放到 CPU：实例需要约 " + fmt(r.memory.host_gib, 0) +
             " GiB 空闲内存（请核对实例内存），且每个优化器步都要等 PCIe 传输（时间已按此计算）。");
  if (has_change(r.change, Change::int8) || has_change(r.change, Change::int4))
    warn("Runs with " + r.change_text.en + ": check the output quality on your own prompts.",
         "需要" + r.change_text.in(Lang::zh) + "：请用自己的输入检查输出质量。");
  // A card without the unit the precision asks for is compared on what it really runs.
  if (r.unit_used.find("no BF16") != std::string::npos)
    warn(
        "No BF16 tensor cores: bf16 runs at this card's FP32 rate here (its time is for that); fp16 AMP "
        "would use its tensor cores.",
        "没有 BF16 张量核心：bf16 在这张卡上按 FP32 算力跑（时间按此计算）；fp16 AMP 才能用上张量核心。");
  else if (r.unit_used.find("no TF32") != std::string::npos)
    warn("No TF32 on this card: the job runs at its plain FP32 rate here (its time is for that).",
         "这张卡不支持 TF32：任务按普通 FP32 算力跑（时间按此计算）。");
  else if (r.unit_used.find("no tensor cores") != std::string::npos)
    warn(
        "No tensor cores: half precision saves memory but runs at the FP32 rate here (its time is for "
        "that).",
        "没有张量核心：半精度只省显存，这里按 FP32 算力计时。");
  if (r.price_derived)
    r.notes.push_back({"Spot price derived from " + r.provider_name.en + "'s typical discount.",
                       "竞价价格按" + r.provider_name.in(Lang::zh) + "的常见折扣推算。"});
  if (r.price_edited) r.notes.push_back({"You edited this price.", "此价格已由你修改。"});
  if (!p.billing_note.empty()) r.notes.push_back(p.billing_note);
  if (!o.notes.empty()) r.notes.push_back(o.notes);
}

void add_report_warnings(const Context& x, Report& report) {
  const Workload& w = x.scenario.workload;
  if (needs_fp64(w)) {
    report.warnings.push_back(
        {"FP64 job: only A100/H100-class cards (and the older V100/P100) have full-rate FP64; GeForce and "
         "most "
         "inference cards run it at 1/32-1/64 speed and were left out.",
         "FP64 任务：只有 A100/H100 级（以及较老的 V100/P100）有全速 FP64；GeForce 和多数推理卡只有 "
         "1/32–1/64，"
         "已排除。"});
    report.warnings.push_back(
        {"The article adds that finite-element analysis may well be cheaper on a CPU cluster than "
         "on any GPU.",
         "原文还提醒：有限元分析用 CPU 集群可能比任何 GPU 都划算。"});
  }
  // A reference run implying an implausible factor scales every row's hours: said once, for the whole answer.
  for (Text t : reference_run_notes(w, x.catalog)) {
    if (!t.en.empty()) t.en[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(t.en[0])));
    report.warnings.push_back(std::move(t));
  }
  if (!report.work_known)
    report.warnings.push_back(
        {"The amount of work is unknown (no samples x epochs or tokens): rows are ranked by price per hour, "
         "without totals.",
         "工作量未知（没有样本数 × 轮数或 token 数）：按每小时价格排序，不计算总价。"});
  bool usd = false, cny = false;
  for (const Row& r : report.rows) {
    const std::string& cur = x.catalog.offers[r.offer_index].currency;
    (cur == "USD" ? usd : cny) = true;
  }
  if ((usd && report.currency == "CNY") || (cny && report.currency == "USD"))
    report.warnings.push_back(
        {"Prices converted at 1 USD = " + fmt(report.usd_cny, 2) + " CNY" +
             (report.usd_cny_date.empty() ? std::string(" (your rate)") : " (" + report.usd_cny_date + ")") +
             ".",
         "按 1 美元 = " + fmt(report.usd_cny, 2) + " 元换算" +
             (report.usd_cny_date.empty() ? std::string("（你设定的汇率）")
                                          : "（" + report.usd_cny_date + "）") +
             "。"});
}

// "low-high", or one value when both ends print the same ("$65.04", not "$65.04-$65.04").
static std::string span(const std::string& low, const std::string& high, const char* dash) {
  return low == high ? low : low + dash + high;
}

void set_summary(const Context& x, Report& report, const Catalog& catalog) {
  const Constraints& c = x.c();
  if (!report.rows.empty()) {
    const Row& p = report.rows.front();
    const Text name = option_name(p);
    // The plain provider name: the region beside it already says the tier ("RunPod Community Cloud ...").
    const Provider* pv = catalog.provider(p.provider);
    const Text pname = pv ? pv->name : p.provider_name;
    const std::string where = pname.en + (p.region.empty() ? "" : " " + p.region.en);
    const std::string where_zh = pname.in(Lang::zh) + (p.region.empty() ? "" : " " + p.region.in(Lang::zh));
    if (p.work_known)
      report.summary = {
          "Pick: " + name.en + " on " + where + ", " +
              span(format_money(p.cost.low, c.currency), format_money(p.cost.high, c.currency), "-") +
              " in total, " + span(format_hours(p.finish_hours.low), format_hours(p.finish_hours.high), "-") +
              ".",
          "首选：" + where_zh + " 的 " + name.zh + "，总价 " +
              span(format_money(p.cost.low, c.currency), format_money(p.cost.high, c.currency), "–") +
              "，用时 " +
              span(format_hours(p.finish_hours.low, Lang::zh), format_hours(p.finish_hours.high, Lang::zh),
                   "–") +
              "。"};
    else
      report.summary = {"Pick: " + name.en + " on " + where + " at " +
                            format_money(p.price_per_hour_after, c.currency) + "/h.",
                        "首选：" + where_zh + " 的 " + name.zh + "，每小时 " +
                            format_money(p.price_per_hour_after, c.currency) + "。"};
    return;
  }
  Text why{"No offer satisfies the constraints.", "没有满足条件的方案。"};
  auto count = [&](DropReason r) { return report.drop_counts[static_cast<int>(r)]; };
  // no_precision covers two cases: FP64 the card lacks (limit = its FP32 rate) and no rate in the catalog.
  int no_rate = 0;
  for (const Dropped& d : report.dropped) no_rate += d.reason == DropReason::no_precision && d.limit <= 0;
  struct Part {
    int n;
    const char* en;
    const char* zh;
  };
  const Part parts[] = {
      {count(DropReason::no_fit), " do not fit in memory", "个放不进显存"},
      {count(DropReason::no_precision) - no_rate, " lack the FP64 the job needs", "个缺少所需的 FP64 算力"},
      {no_rate, " have no throughput figures in the catalog", "个在目录中缺少算力数据"},
      {count(DropReason::deadline), " miss the deadline", "个赶不上截止时间"},
      {count(DropReason::budget), " are over budget", "个超出预算"},
      {count(DropReason::user_tps), " are too slow per user", "个每用户速度不够"},
      {count(DropReason::ttft), " start answers too late", "个首 token 太慢"},
      {count(DropReason::spot_impractical), " are spot offers interrupted too often", "个竞价实例中断太频繁"},
      {count(DropReason::filtered), " were filtered out", "个被筛选掉"},
      {count(DropReason::spot_policy), " were excluded by --spot", "个被 --spot 排除"},
      {count(DropReason::card_count), " have a card count not asked for", "个卡数不在所选范围"},
      {count(DropReason::unknown_gpu), " name a GPU or provider the catalog lacks",
       "个引用了目录中没有的显卡或平台"}};
  std::string en, zh;
  for (const Part& part : parts) {
    if (part.n <= 0) continue;
    en += (en.empty() ? " " : ", ") + std::to_string(part.n) + part.en;
    zh += (zh.empty() ? "" : "，") + std::to_string(part.n) + part.zh;
  }
  if (!en.empty()) {
    why.en += en + ".";
    why.zh += zh + "。";
  }
  if (report.closest_over_budget) {
    const Text d = describe(*report.closest_over_budget, report, catalog);
    why.en += " Cheapest over budget: " + d.en;
    why.zh += "超预算中最便宜的：" + d.zh;
  }
  if (report.closest_over_deadline) {
    const Text d = describe(*report.closest_over_deadline, report, catalog);
    why.en += " Quickest past the deadline: " + d.en;
    why.zh += "超时中最快的：" + d.zh;
  }
  report.summary = why;
}

}  // namespace rec

namespace {

// An offer dropped because its GPU's figures are unknown (the A10G: AWS's part, no source gives them) says
// which ones, so it is never left out without a reason.
Text unknown_rates_text(const std::string& who, const std::string& who_zh, const std::string& gpu,
                        const Gpu* g) {
  std::string en, zh;
  for (const char* key : {"fp32_tflops", "fp16_tensor_fp32acc_tflops", "bf16_tensor_tflops", "fp64_tflops",
                          "memory_bandwidth_gbs"}) {
    if (!g || spec_state(*g, key) == SpecState::value || spec_state(*g, key) == SpecState::not_supported)
      continue;
    for (const GpuSpecKey& k : gpu_spec_keys())
      if (std::string(k.key) == key) {
        en += (en.empty() ? "" : ", ") + k.label.en;
        zh += (zh.empty() ? "" : "、") + k.label.zh;
      }
  }
  if (en.empty()) en = "throughput", zh = "算力";
  return {who + ": the catalog has no " + en + " figure for " + gpu +
              " (unknown: no source gives it), so its speed cannot be estimated.",
          who_zh + "：目录中没有 " + gpu + " 的" + zh + "数据（未知：没有来源给出），无法估算速度。"};
}

}  // namespace

Text describe(const Dropped& d, const Report& report, const Catalog& catalog) {
  using rec::fmt;
  if (d.offer_index >= catalog.offers.size()) return {"(unknown offer)", "（未知方案）"};
  const Offer& o = catalog.offers[d.offer_index];
  const Gpu* g = catalog.gpu(o.gpu);
  const std::string gpu = g ? g->name : o.gpu;
  const std::string who = o.id + (d.pricing == Pricing::spot ? " (spot)" : "");
  const std::string who_zh = o.id + (d.pricing == Pricing::spot ? "（竞价）" : "");
  const std::string& cur = report.currency;
  switch (d.reason) {
    case DropReason::filtered:
      if (const Provider* p = catalog.provider(o.provider); p && d.limit == 1) {
        const Text facts = access_filter_facts(*p);
        return {who + ": left out by --pay/--invoice/--mainland (" + facts.en +
                    "; a fact no source confirms counts as no).",
                who_zh + "：被 --pay/--invoice/--mainland 排除（" + facts.zh +
                    "；没有资料确认的一律不算满足）。"};
      }
      return {who + ": left out by --providers/--exclude.", who_zh + "：被 --providers/--exclude 排除。"};
    case DropReason::card_count:
      return {who + ": " + std::to_string(d.cards) + " cards, not among the card counts asked for.",
              who_zh + "：" + std::to_string(d.cards) + " 张卡，不在所选卡数内。"};
    case DropReason::spot_policy: {
      const Provider* p = catalog.provider(o.provider);
      if (d.pricing == Pricing::on_demand && p && p->session_limited.value_or(false))
        return {who + ": a notebook platform whose sessions end after hours; a service cannot stay up on it.",
                who_zh + "：笔记本平台，会话几小时后就会结束，服务无法持续在线。"};
      return {who + ": excluded by the spot setting.", who_zh + "：被竞价设置排除。"};
    }
    case DropReason::unknown_gpu:
      return {who + ": the catalog has no GPU '" + o.gpu + "' or provider '" + o.provider + "'.",
              who_zh + "：目录中没有 GPU“" + o.gpu + "”或平台“" + o.provider + "”。"};
    case DropReason::no_precision:
      if (d.limit > 0)
        return {who + ": " + gpu + " has no full-rate FP64 (" + fmt(d.need, 2) + " TFLOPS against " +
                    fmt(d.limit, 1) + " FP32); this job needs FP64.",
                who_zh + "：" + gpu + " 没有全速 FP64（" + fmt(d.need, 2) + " TFLOPS，FP32 为 " +
                    fmt(d.limit, 1) + "）；该任务需要 FP64。"};
      return unknown_rates_text(who, who_zh, gpu, g);
    case DropReason::no_fit:
      return {who + ": needs " + fmt(d.need, 1) + " GiB per card, " + gpu + " has " + fmt(d.limit, 0) +
                  " GiB (also with the changes tried).",
              who_zh + "：每张卡需要 " + fmt(d.need, 1) + " GiB，" + gpu + " 只有 " + fmt(d.limit, 0) +
                  " GiB（尝试过的调整也放不下）。"};
    case DropReason::spot_impractical:
      return {who + ": interruptions would stretch " + format_hours(d.limit) + " of work to " +
                  format_hours(d.need) + ".",
              who_zh + "：频繁中断会把 " + format_hours(d.limit, Lang::zh) + "的工作拖到 " +
                  format_hours(d.need, Lang::zh) + "。"};
    case DropReason::deadline:
      return {who + ": done in about " + format_hours(d.need) + ", after the " + format_hours(d.limit) +
                  " deadline.",
              who_zh + "：约 " + format_hours(d.need, Lang::zh) + "完成，晚于 " +
                  format_hours(d.limit, Lang::zh) + "的截止时间。"};
    case DropReason::user_tps:
      return {who + ": " + fmt(d.need, 1) + " tokens/s per user, below the " + fmt(d.limit, 1) +
                  " target (each user's share of a decode step at that concurrency).",
              who_zh + "：每用户 " + fmt(d.need, 1) + " token/s，低于目标 " + fmt(d.limit, 1) +
                  "（该并发下每个用户分到的解码速度）。"};
    case DropReason::ttft:
      if (d.need < 0)
        return {who + ": requests arrive faster than its prefills can start them.",
                who_zh + "：请求到达速度超过其预填充处理能力。"};
      return {
          who + ": first token in about " + fmt(d.need, 2) + " s, over the " + fmt(d.limit, 2) + " s target.",
          who_zh + "：首 token 约 " + fmt(d.need, 2) + " 秒，超过目标 " + fmt(d.limit, 2) + " 秒。"};
    case DropReason::budget:
      return {who + ": costs " + format_money(d.need, cur) + ", over the " + format_money(d.limit, cur) +
                  " budget.",
              who_zh + "：花费 " + format_money(d.need, cur) + "，超出 " + format_money(d.limit, cur) +
                  " 的预算。"};
  }
  return {who, who_zh};
}

}  // namespace gw
