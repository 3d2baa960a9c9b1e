// diagnose(): reads the text, finds each GPU in the catalog, runs the checks, folds identical findings of
// identical GPUs into one (an 8-GPU node with persistence off is one note, not eight) and orders them, most
// severe first.
#include <algorithm>
#include <cmath>
#include <iterator>

#include "engine/diagnose/detail.hpp"

namespace gw {

const char* severity_name(Severity s) {
  switch (s) {
    case Severity::critical:
      return "critical";
    case Severity::warn:
      return "warn";
    default:
      return "info";
  }
}

Text severity_label(Severity s) {
  switch (s) {
    case Severity::critical:
      return {"critical", "严重"};
    case Severity::warn:
      return {"warning", "警告"};
    default:
      return {"note", "提示"};
  }
}

const char* smi_format_name(SmiFormat f) {
  switch (f) {
    case SmiFormat::table:
      return "table";
    case SmiFormat::query:
      return "query";
    case SmiFormat::csv:
      return "csv";
    case SmiFormat::list:
      return "list";
    default:
      return "none";
  }
}

Text smi_format_label(SmiFormat f) {
  switch (f) {
    case SmiFormat::table:
      return {"the nvidia-smi table", "nvidia-smi 表格"};
    case SmiFormat::query:
      return {"nvidia-smi -q", "nvidia-smi -q"};
    case SmiFormat::csv:
      return {"nvidia-smi --query-gpu CSV", "nvidia-smi --query-gpu CSV"};
    case SmiFormat::list:
      return {"nvidia-smi -L", "nvidia-smi -L"};
    default:
      return {"no nvidia-smi output", "不是 nvidia-smi 输出"};
  }
}

int DiagnoseReport::count(Severity s) const {
  int n = 0;
  for (const auto& f : findings) n += f.severity == s;
  return n;
}

namespace diag {

namespace {

int indent_of(std::string_view s) {
  int n = 0;
  for (char c : s) {
    if (c == ' ')
      ++n;
    else if (c == '\t')
      n += 4;
    else
      break;
  }
  return n;
}

// Long runs of padding ("SM                    : 1095 MHz") say nothing; two spaces keep columns apart.
std::string squeeze(std::string s) {
  std::string out;
  int run = 0;
  for (char c : s) {
    run = c == ' ' ? run + 1 : 0;
    if (run <= 2) out += c;
  }
  return out;
}

}  // namespace

Evidence evidence(const CheckInput& in, int number) {
  Evidence e;
  const auto& L = in.lines.lines;
  if (number < 1 || number > static_cast<int>(L.size())) return e;
  e.line = number;
  std::string_view text = L[number - 1].text;
  e.text = squeeze(clean_excerpt(text));
  // The heading above an indented "Key : Value" line: the nearest less-indented line (bounded search).
  int indent = indent_of(text);
  if (indent > 0 && text.find(" : ") != std::string_view::npos) {
    for (int k = number - 2, steps = 0; k >= 0 && steps < 400; --k, ++steps) {
      std::string_view h = L[k].text;
      if (trim(h).empty() || indent_of(h) >= indent) continue;
      if (h.find(" : ") == std::string_view::npos) e.section = clean_excerpt(h, 60);
      break;
    }
  }
  return e;
}

Text impact(double slowdown, const DiagnoseOptions& o, bool upper_bound) {
  double s = std::clamp(std::isfinite(slowdown) ? slowdown : 0.0, 0.0, 0.95);
  double hours = o.job_hours, longer = hours / (1 - s), extra = longer - hours;
  std::string pct = fmt(s * 100, 0), h = fmt(hours, 1), l = fmt(longer, 1), e = fmt(extra, 1);
  std::string en = std::string(upper_bound ? "up to about " : "about ") + pct + "% less speed: a " + h +
                   "-hour job takes " + (upper_bound ? "up to " : "about ") + l + " hours, " + e +
                   " more hours paid for";
  std::string zh = std::string("速度") + (upper_bound ? "最多慢约 " : "慢约 ") + pct + "%：" + h +
                   " 小时的任务要跑" + (upper_bound ? "最多约 " : "约 ") + l + " 小时，多付 " + e +
                   " 小时的钱";
  if (o.price_per_hour && std::isfinite(*o.price_per_hour) && *o.price_per_hour > 0) {
    std::string cur = o.currency.empty() ? "CNY" : o.currency;
    std::string cur_zh = cur == "CNY" ? "元" : cur == "USD" ? "美元" : cur;
    std::string cost = fmt(extra * *o.price_per_hour, 2), price = fmt(*o.price_per_hour, 2);
    en += " (" + cost + " " + cur + " more at " + price + " " + cur + "/h)";
    zh += "（按每小时 " + price + " " + cur_zh + "，多花约 " + cost + " " + cur_zh + "）";
  }
  return {en, zh};
}

bool busy(const SmiGpu& g) {
  if (g.utilization_pct) return g.utilization_pct->value >= 50;
  for (const auto& t : g.throttle_active)
    if (t.value == "sw_power_cap" || t.value == "sw_thermal_slowdown") return true;
  return false;
}

bool idle(const SmiGpu& g) {
  for (const auto& t : g.throttle_active)
    if (t.value == "gpu_idle") return true;
  // Utilisation is one sample: it can fall between kernels of a job starved by its data loader (3% at
  // 162 W of 450 on a 4090, in a real paste). Idle cards draw a tenth to a third of their cap at most.
  if (g.power_draw_w && g.power_limit_w && g.power_limit_w->value > 0 &&
      g.power_draw_w->value > g.power_limit_w->value / 3)
    return false;
  if (g.utilization_pct) return g.utilization_pct->value < 10;
  return g.pstate && (g.pstate->value == "P8" || g.pstate->value == "P12");
}

std::string gpu_model(const GpuDiagnosis& g) {
  if (g.spec) return g.spec->name;
  return g.reading.name ? clean_excerpt(g.reading.name->value, 80) : "GPU";
}

}  // namespace diag

namespace {

int check_order(const std::string& c) {
  static const char* order[] = {"ok",       "input",       "model", "max_clock",     "clock_now",
                                "throttle", "power_limit", "pcie",  "memory_in_use", "memory_size",
                                "ecc",      "driver_cuda", "mig",   "vgpu",          "persistence"};
  for (int i = 0; i < static_cast<int>(std::size(order)); ++i)
    if (c == order[i]) return i;
  return 99;
}

bool same_message(const Finding& a, const Finding& b) {
  return a.check == b.check && a.severity == b.severity && a.title.en == b.title.en &&
         a.meaning.en == b.meaning.en && a.action.en == b.action.en;
}

std::string gpu_list(const std::vector<GpuDiagnosis>& gpus) {
  std::vector<std::string> names;
  for (const auto& g : gpus) {
    std::string n = g.reading.name ? diag::clean_excerpt(g.reading.name->value, 60) : "?";
    if (std::find(names.begin(), names.end(), n) == names.end()) names.push_back(n);
  }
  std::string out;
  for (std::size_t i = 0; i < names.size() && i < 2; ++i) out += (i ? ", " : "") + names[i];
  if (names.size() > 2) out += ", ...";
  return out;
}

}  // namespace

DiagnoseReport diagnose(std::string_view text, const Catalog& catalog, const DiagnoseOptions& options) {
  const CudaDriverLoad cuda = bundled_cuda_driver_table();
  return diagnose(text, DiagnoseContext{catalog, cuda.table, cuda.problems}, options);
}

DiagnoseReport diagnose(std::string_view text, const DiagnoseContext& context,
                        const DiagnoseOptions& options_in) {
  using namespace diag;
  const Catalog& catalog = context.catalog;
  DiagnoseOptions options = options_in;
  if (!std::isfinite(options.job_hours) || options.job_hours <= 0 || options.job_hours > 1e6)
    options.job_hours = 10;
  if (options.price_per_hour && (!std::isfinite(*options.price_per_hour) || *options.price_per_hour < 0))
    options.price_per_hour.reset();

  Lines lines = split_lines(text);
  DiagnoseReport rep;
  rep.input = parse_lines(lines, options.csv_columns);
  rep.input.xml_line = lines.xml_line;
  CheckInput in{lines, options, context.cuda, context.cuda_problems};

  std::vector<ModelMatch> matches;
  for (auto& reading : rep.input.gpus) {
    GpuDiagnosis d;
    d.reading = std::move(reading);
    ModelMatch m = match_model(catalog, d.reading);
    if (m.gpu) d.spec = *m.gpu;
    std::string idx = "GPU " + std::to_string(d.reading.index);
    std::string name = d.reading.name ? clean_excerpt(d.reading.name->value, 80) : "?";
    // A name the table cut inside a word, and that no catalog entry took, keeps its "...": "GeForce RTX 207"
    // alone reads like a model of its own (microsoft/WSL issue 6014 pasted "GeForce RTX 207... WDDM").
    if (!d.spec && d.reading.name && d.reading.name_truncated && !d.reading.name_cut_at_word) name += "...";
    // A short list of candidates is not "not in the catalog": the card is one of them.
    const std::string n = std::to_string(m.candidates.size());
    // A GPU the output never names (`-q -d MEMORY`, a nameless fragment) is unknown, not missing from the
    // catalog: saying "? (not in the catalog)" blamed the catalog for what the paste left out.
    d.label = !d.reading.name ? T(idx + ": not named in this output", idx + "：输出中没有型号名")
              : d.spec        ? T(idx + ": " + name + " (catalog: " + d.spec->name + ")",
                                  idx + "：" + name + "（目录：" + d.spec->name + "）")
              : !m.candidates.empty() ? T(idx + ": " + name + " (one of " + n + " in the catalog)",
                                          idx + "：" + name + "（目录中 " + n + " 种之一）")
              : m.laptop
                  ? T(idx + ": " + name + " (a laptop GPU, not in the catalog)",
                      idx + "：" + name + "（笔记本 GPU，目录中没有）")
                  : T(idx + ": " + name + " (not in the catalog)", idx + "：" + name + "（目录中没有）");
    rep.gpus.push_back(std::move(d));
    matches.push_back(std::move(m));
  }
  rep.input.gpus.clear();
  if (rep.gpus.size() > 1)
    for (const auto& g : rep.gpus) in.other_gpus_idle = in.other_gpus_idle || idle(g.reading);

  std::vector<Finding> found;
  check_input(rep, in, found);
  for (int i = 0; i < static_cast<int>(rep.gpus.size()); ++i) {
    const GpuDiagnosis& g = rep.gpus[i];
    check_model(g, i, matches[i], in, found);
    check_clocks(g, i, in, found);
    check_power(g, i, in, found);
    check_pcie(g, i, in, found);
    check_health(g, i, in, found);
    check_sharing(g, i, matches[i], in, found);
  }
  if (rep.found_gpu()) check_driver(rep, in, found);

  // Identical GPUs with identical findings: one finding naming all of them.
  for (auto& f : found) {
    bool merged = false;
    for (auto& kept : rep.findings)
      if (!f.gpus.empty() && !kept.gpus.empty() && same_message(kept, f)) {
        kept.gpus.insert(kept.gpus.end(), f.gpus.begin(), f.gpus.end());
        merged = true;
        break;
      }
    if (!merged) rep.findings.push_back(std::move(f));
  }
  if (rep.found_gpu() && rep.count(Severity::warn) == 0 && rep.count(Severity::critical) == 0 &&
      !rep.input.cut_short_at) {
    Finding ok;
    ok.check = "ok";
    ok.title = T("Nothing wrong in what this output shows", "这份输出里没有发现问题");
    bool memory_note = false;  // a lifetime ECC note: then "no memory errors" would be false
    for (const auto& f : rep.findings) memory_note = memory_note || f.check == "ecc";
    ok.meaning =
        memory_note
            ? T("No down-clocking, power cap, narrow PCIe link or driver mismatch is visible; see the "
                "memory note.",
                "没有看到降频、功耗限制、PCIe 通道不足或驱动不匹配；显存见上面的提示。")
            : T("No down-clocking, power cap, narrow PCIe link, memory errors or driver mismatch is "
                "visible.",
                "没有看到降频、功耗限制、PCIe 通道不足、显存错误或驱动不匹配。");
    ok.action =
        T("It is one snapshot: run `nvidia-smi -q` again while your job runs to catch throttling under load.",
          "这只是一份快照：在任务运行时再跑一次 `nvidia-smi -q`，以发现负载下的降频。");
    rep.findings.push_back(std::move(ok));
  }
  std::stable_sort(rep.findings.begin(), rep.findings.end(), [](const Finding& a, const Finding& b) {
    if (a.severity != b.severity) return a.severity > b.severity;
    int ga = a.gpus.empty() ? -1 : a.gpus.front(), gb = b.gpus.empty() ? -1 : b.gpus.front();
    if (ga != gb) return ga < gb;
    return check_order(a.check) < check_order(b.check);
  });

  int c = rep.count(Severity::critical), w = rep.count(Severity::warn), n = rep.count(Severity::info);
  if (!rep.found_gpu() && rep.input.xml_line > 0) {
    rep.summary = T("XML is not read; paste `nvidia-smi -q`.", "不读取 XML；请粘贴 `nvidia-smi -q`。");
  } else if (!rep.found_gpu()) {
    rep.summary = T("No GPU found in this text.", "这段文字里没有找到 GPU。");
  } else {
    std::string count = std::to_string(rep.gpus.size());
    std::string drv = rep.input.driver_version ? rep.input.driver_version->value : "";
    std::string cu = rep.input.cuda_version ? rep.input.cuda_version->value : "";
    std::string drv_en = drv.empty() ? ""
                                     : ", driver " + clean_excerpt(drv, 20) +
                                           (cu.empty() ? "" : " (CUDA " + clean_excerpt(cu, 10) + ")");
    std::string drv_zh = drv.empty() ? ""
                                     : "，驱动 " + clean_excerpt(drv, 20) +
                                           (cu.empty() ? "" : "（CUDA " + clean_excerpt(cu, 10) + "）");
    Text from = smi_format_label(rep.input.format);
    // A fragment without names (`nvidia-smi -q -d PERFORMANCE`) gets no "(?)": a finding says it is unnamed.
    const std::string names = gpu_list(rep.gpus);
    const std::string names_en = names == "?" ? "" : " (" + names + ")";
    const std::string names_zh = names == "?" ? "" : "（" + names + "）";
    rep.summary =
        T(count + (rep.gpus.size() == 1 ? " GPU" : " GPUs") + names_en + drv_en + ", read from " + from.en +
              ": " + std::to_string(c) + " critical, " + std::to_string(w) +
              (w == 1 ? " warning, " : " warnings, ") + std::to_string(n) + (n == 1 ? " note." : " notes."),
          count + " 张 GPU" + names_zh + drv_zh + "，来自 " + from.zh + "：" + std::to_string(c) +
              " 个严重问题、" + std::to_string(w) + " 个警告、" + std::to_string(n) + " 条提示。");
  }
  return rep;
}

}  // namespace gw
