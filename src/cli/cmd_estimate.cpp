// gpuwise estimate: memory fit and run time of one workload on every (or the chosen) GPU.
#include <cmath>
#include <iostream>
#include <nlohmann/json.hpp>
#include <optional>

#include "cli/cli.hpp"
#include "cli/energy_output.hpp"
#include "cli/json_number.hpp"
#include "cli/workload_flags.hpp"
#include "engine/bundled.hpp"
#include "engine/cost.hpp"
#include "engine/estimate.hpp"
#include "engine/md.hpp"

namespace gw::cli {
namespace {

using ojson = nlohmann::ordered_json;

ojson sig(double v) {
  return json_sig<ojson>(v);
}

std::string human_rate(double v, const std::string& unit) {
  if (v >= 1e6) return fmt_num(v / 1e6, 2) + "M " + unit;
  if (v >= 1e4) return fmt_num(v / 1e3, 1) + "k " + unit;
  return fmt_num(v, v < 10 ? 2 : 0) + " " + unit;
}

std::string verdict_word(Fit f, Lang lang) {
  const bool zh = lang == Lang::zh;
  switch (f) {
    case Fit::fits:
      return zh ? "放得下" : "fits";
    case Fit::tight:
      return zh ? "很紧" : "tight";
    case Fit::no_fit:
      return zh ? "放不下" : "no fit";
  }
  return "";
}

std::vector<const Gpu*> pick_gpus(const Catalog& c, const std::vector<std::string>& names) {
  std::vector<const Gpu*> out;
  if (names.empty()) {
    for (const Gpu& g : c.gpus) out.push_back(&g);
    return out;
  }
  for (const std::string& n : names) {
    const GpuMatch m = find_gpu(c, n);
    if (m.gpu) {
      out.push_back(m.gpu);
      continue;
    }
    throw gpu_query_exit("--gpu", n, m.candidates);
  }
  return out;
}

// The cards' energy over the job's likely hours (energy.hpp). No offer here, so no PUE and no grid: the
// kWh is the cards alone and the CO2 is left to `recommend` and `cost`, which know the region.
std::optional<Energy> estimate_energy(const GpuEstimate& e, const Gpu& g) {
  if (!e.supported || !e.work_known || e.fit == Fit::no_fit) return std::nullopt;
  EnergyInputs in;
  in.board_w = g.tdp_w;
  in.hours = e.hours.likely;
  in.cards = e.gpu_count;
  Energy en = job_energy(in);
  if (en.known)
    en.explain.note = {
        "Board power is the GPU's TDP from the catalog (the high end: a card rarely draws it "
        "throughout), over the likely hours; the cards alone, without the data centre's cooling "
        "(PUE). The CO2 depends on the offer's region: see 'recommend' or 'cost'.",
        "功耗取目录中该 GPU 的 TDP（偏高：显卡很少全程满载），按最可能的时长计；只计显卡本身，"
        "不含机房制冷（PUE）。碳排放取决于报价所在地区：见 'recommend' 或 'cost'。"};
  return en;
}

ojson to_json(const GpuEstimate& e, const Gpu& g, Lang lang) {
  ojson o;
  o["gpu"] = e.gpu;
  o["name"] = g.name;
  o["gpu_count"] = e.gpu_count;
  o["vram_gib"] = sig(e.vram_gib);
  const MemoryBreakdown& m = e.memory;
  o["memory_gib"] = {{"total", sig(m.total_gib())},           {"weights", sig(m.weights_gib)},
                     {"gradients", sig(m.gradients_gib)},     {"optimizer", sig(m.optimizer_gib)},
                     {"activations", sig(m.activations_gib)}, {"kv_cache", sig(m.kv_cache_gib)},
                     {"overhead", sig(m.overhead_gib)}};
  o["verdict"] = std::string(to_string(e.fit));
  o["fits"] = e.fit != Fit::no_fit;
  ojson advice = ojson::array();
  for (const FitAdvice& a : e.advice)
    advice.push_back({{"kind", std::string(to_string(a.kind))},
                      {"what", a.what.in(lang)},
                      {"total_gib_after", sig(a.total_gib_after)},
                      {"fits_after", a.fits_after}});
  o["fit_advice"] = advice;
  o["supported"] = e.supported;
  if (!e.supported) o["unsupported_reason"] = e.unsupported_reason.in(lang);
  o["unit"] = e.unit_used;
  o["effective_tflops"] = sig(e.effective_tflops);
  o["scaling_efficiency"] = sig(e.scaling_efficiency);
  o["throughput"] = {{"value", sig(e.throughput)}, {"unit", e.throughput_unit}};
  if (e.work_known)
    o["hours"] = {{"low", sig(e.hours.low)}, {"likely", sig(e.hours.likely)}, {"high", sig(e.hours.high)}};
  if (const auto en = estimate_energy(e, g))
    o["energy"] = {{"kwh", en->known ? sig(en->kwh) : ojson(nullptr)},
                   {"board_w", en->known ? ojson(en->board_w) : ojson(nullptr)},
                   {"note", en->explain.note.in(lang)}};
  o["explain"] = explain_text(e.memory_explain, lang, true) + explain_text(e.time_explain, lang, true);
  ojson notes = ojson::array();
  for (const Text& n : e.notes) notes.push_back(n.in(lang));
  o["notes"] = notes;
  return o;
}

void print_detail(const GpuEstimate& e, const Gpu& g, Lang lang) {
  const bool zh = lang == Lang::zh;
  const MemoryBreakdown& m = e.memory;
  std::cout << "\n== " << g.name << (e.gpu_count > 1 ? " x" + std::to_string(e.gpu_count) : "") << " ==\n";
  std::cout << (zh ? "每张卡的显存 (GiB):\n" : "Memory per GPU (GiB):\n");
  const std::pair<const char*, double> terms[] = {
      {zh ? "权重" : "weights", m.weights_gib},           {zh ? "梯度" : "gradients", m.gradients_gib},
      {zh ? "优化器状态" : "optimizer", m.optimizer_gib}, {zh ? "激活" : "activations", m.activations_gib},
      {zh ? "KV 缓存" : "KV cache", m.kv_cache_gib},      {zh ? "开销" : "overhead", m.overhead_gib}};
  for (const auto& [name, v] : terms)
    std::cout << "  " << name << std::string(std::max(1, 14 - display_width(name)), ' ') << fmt_num(v, 2)
              << "\n";
  std::cout << "  " << (zh ? "合计" : "total") << std::string(zh ? 10 : 9, ' ') << fmt_num(m.total_gib(), 2)
            << " / " << fmt_num(e.vram_gib, 0) << "  -> " << verdict_word(e.fit, lang) << "\n";
  for (const Text& r : m.rules) std::cout << "    - " << r.in(lang) << "\n";
  if (!e.advice.empty()) {
    std::cout << (zh ? "让它放得下的最便宜改动（依次尝试）:\n"
                     : "Cheapest changes that make it fit (in order):\n");
    int i = 1;
    for (const FitAdvice& a : e.advice)
      std::cout << "  " << i++ << ". " << a.what.in(lang) << " -> " << fmt_num(a.total_gib_after, 1) << " GiB"
                << (a.fits_after ? (zh ? "，放得下" : ", fits") : "") << "\n";
  }
  if (e.supported) {
    std::cout << (zh ? "时间:\n" : "Time:\n") << explain_text(e.time_explain, lang);
    if (const auto en = estimate_energy(e, g))
      std::cout << (zh ? "耗电: " : "Energy: ") << format_kwh(*en, lang) << " kWh\n"
                << explain_text(en->explain, lang);
  } else {
    std::cout << (zh ? "无法估算速度：" : "No speed estimate: ") << e.unsupported_reason.in(lang) << "\n";
  }
  for (const Text& n : e.notes) std::cout << "  * " << n.in(lang) << "\n";
}

void setup(CLI::App& root, Context& ctx) {
  static WorkloadFlags wf;
  static std::vector<std::string> gpus;
  static std::string cards = "1", derate = "1", format = "table";
  static bool explain = false;
  CLI::App* cmd = root.add_subcommand("estimate", "Memory fit and run time of a workload on every GPU");
  add_workload_flags(cmd, wf, ctx);
  cmd->add_option("--gpu", gpus, "Only these GPUs (loose names; repeat)");
  cmd->add_option("--gpus", cards, "Cards per machine (data/tensor parallel; default 1)");
  cmd->add_option("--derate", derate, "Down-clock factor of a cloud variant, e.g. 0.85");
  cmd->add_flag("--explain", explain, "Show the breakdown and the time formula for every GPU");
  add_format_option(cmd, format, {"table", "json", "csv", "md"});
  cmd->footer(
      "\nExamples:\n  gpuwise estimate --preset bert-large-train --gpu 3090\n"
      "  gpuwise estimate --preset llama2-13b-fp16 --format json\n"
      "  gpuwise --lang zh estimate --preset qlora-7b --format md\n"
      "  gpuwise estimate --preset bert-base-finetune --reference-gpu \"GTX 1080\" --reference-hours 72\n"
      "  gpuwise estimate --mode train --params 340M --layers 24 --hidden 1024 --heads 16 --vocab 30522 \\\n"
      "                   --seq 512 --batch 4 --precision amp --samples 100K --epochs 3 --gpu "
      "a100-40gb-pcie");
  cmd->callback([&ctx] {
    const Lang lang = ctx.lang();
    const PresetLoad presets = load_presets(bundled_file("presets.json"));
    const Workload w = resolve_workload(wf, presets.presets);
    const int n = static_cast<int>(parse_number("--gpus", cards, 1, 64));
    if (n != std::stod(cards))
      throw Exit(kUsage, "--gpus: '" + cards + "' is not a whole number", "--gpus：'" + cards + "' 不是整数");
    const double d = parse_number("--derate", derate, 0.1, 1.0);
    const Catalog& c = ctx.catalog();
    const std::vector<const Gpu*> chosen = pick_gpus(c, gpus);
    std::vector<GpuEstimate> ests;
    for (const Gpu* g : chosen) ests.push_back(estimate(w, *g, c, {n, d}));

    if (parse_format(format) == Format::json) {
      ojson out;
      out["workload"] = ojson::parse(workload_to_json(w));
      out["gpu_count"] = n;
      out["derate"] = d;
      ojson arr = ojson::array();
      for (std::size_t i = 0; i < ests.size(); ++i) {
        arr.push_back(to_json(ests[i], *chosen[i], lang));
        // Molecular dynamics: the speed MD users quote (md.hpp).
        if (const double ns = md_ns_per_day(ests[i].throughput, w.md_timestep_fs);
            ns > 0 && ests[i].supported)
          arr.back()["ns_per_day"] = sig(ns);
      }
      out["gpus"] = arr;
      std::cout << out.dump(2) << "\n";
      return;
    }
    if (parse_format(format) == Format::csv || parse_format(format) == Format::md) {
      Table t{{"gpu", "cards", "vram_gib", "need_gib", "verdict", "runs_on", "throughput", "throughput_unit",
               "hours_low", "hours_likely", "hours_high"},
              {},
              {false, true, true, true, false, false, true, false, true, true, true}};
      // md is for people (words of --lang); csv keeps the identifiers.
      const Lang words = parse_format(format) == Format::md ? lang : Lang::en;
      for (std::size_t i = 0; i < ests.size(); ++i) {
        const GpuEstimate& e = ests[i];
        const bool show = e.supported && e.work_known && e.fit != Fit::no_fit;
        t.rows.push_back({chosen[i]->id, std::to_string(n), fmt_num(e.vram_gib, 0),
                          fmt_num(e.memory.total_gib(), 2), std::string(to_string(e.fit)),
                          e.supported ? unit_used_text(e.unit_used).in(words) : "",
                          e.supported ? fmt_num(e.throughput, 3) : "",
                          e.supported ? throughput_unit_text(e.throughput_unit).in(words) : "",
                          show ? fmt_num(e.hours.low, 2) : "", show ? fmt_num(e.hours.likely, 2) : "",
                          show ? fmt_num(e.hours.high, 2) : ""});
      }
      std::cout << render(t, parse_format(format), lang);
      return;
    }
    const bool zh = lang == Lang::zh;
    std::cout << (w.title.empty() ? std::string(zh ? "自定义任务" : "custom workload") : w.title.in(lang))
              << "\n";
    Table t;
    t.headers =
        zh ? std::vector<std::string>{"GPU", "显存", "需要", "结论", "计算单元", "吞吐", "时长", "区间"}
           : std::vector<std::string>{"GPU",     "VRAM",       "needs", "verdict",
                                      "runs on", "throughput", "hours", "range"};
    t.right_align = {false, true, true, false, false, true, true, true};
    bool any_short = false;
    for (std::size_t i = 0; i < ests.size(); ++i) {
      const GpuEstimate& e = ests[i];
      any_short = any_short || e.fit != Fit::fits;
      const std::string name = chosen[i]->name + (n > 1 ? " x" + std::to_string(n) : "");
      std::vector<std::string> row = {name, fmt_num(e.vram_gib, 0), fmt_num(e.memory.total_gib(), 1),
                                      verdict_word(e.fit, lang)};
      if (!e.supported) {
        row.insert(row.end(), {"-", "-", "-", "-"});
      } else {
        row.push_back(unit_used_text(e.unit_used).in(lang));
        std::string rate = human_rate(e.throughput, throughput_unit_text(e.throughput_unit).in(lang));
        if (const double ns = md_ns_per_day(e.throughput, w.md_timestep_fs); ns > 0)
          rate += " = " + fmt_num(ns, ns >= 100 ? 0 : 1) + " ns/day";
        row.push_back(rate);
        // Hours for a job that does not fit would describe a run that cannot happen.
        const bool show = e.work_known && e.fit != Fit::no_fit;
        row.push_back(show ? format_hours(e.hours.likely, lang) : "-");
        row.push_back(show ? format_hours(e.hours.low, lang) + " - " + format_hours(e.hours.high, lang)
                           : "-");
      }
      t.rows.push_back(row);
    }
    std::cout << render(t, Format::table);
    if (explain || ests.size() <= 3)
      for (std::size_t i = 0; i < ests.size(); ++i) print_detail(ests[i], *chosen[i], lang);
    else
      std::cout << (zh ? "（用 --gpu 选少量 GPU 或加 --explain 查看显存明细和公式）\n"
                       : "(pick a few with --gpu, or add --explain, for the breakdown and the formula)\n");
    if (any_short)
      std::cout << (zh ? "注意：系统内存不能代替显存，显存不够时只能改任务或换卡。\n"
                       : "Note: system RAM cannot stand in for GPU memory; when VRAM is short, change the "
                         "job or the "
                         "card.\n");
  });
}

CommandRegistrar reg(20, &setup);

}  // namespace
}  // namespace gw::cli
