// Machine-wide checks: the driver against the CUDA version the user's framework needs (the source article's
// "GPU can't be used -> driver version mismatch -> use the provider's standard image"), and what the text
// itself lacks: no GPU at all, nvidia-smi failing, output cut short, readings this form cannot give.
#include <algorithm>

#include "engine/diagnose/detail.hpp"

namespace gw::diag {
namespace {

std::string ver(int major, int minor) {
  return std::to_string(major) + "." + std::to_string(minor);
}

Finding machine(Severity s, const char* check) {
  Finding f;
  f.severity = s;
  f.check = check;
  return f;
}

}  // namespace

void check_driver(const DiagnoseReport& r, const CheckInput& in, std::vector<Finding>& out) {
  const auto& driver = r.input.driver_version;
  const std::string& asked = in.options.cuda;
  auto requested = parse_cuda_version(asked);
  if (!driver || !looks_like_driver_version(driver->value)) {
    if (!trim(asked).empty() && r.found_gpu()) {
      Finding f = machine(Severity::info, "driver_cuda");
      f.title = T("No driver version in this output: CUDA " + clean_excerpt(asked, 16) + " not checked",
                  "输出里没有驱动版本：未检查 CUDA " + clean_excerpt(asked, 16));
      f.meaning = T("Whether your framework can use the GPU depends on the driver version.",
                    "框架能否使用 GPU 取决于驱动版本。");
      f.action = T("Paste the default `nvidia-smi` table or `nvidia-smi -q`, which show it.",
                   "请粘贴默认的 `nvidia-smi` 表格或 `nvidia-smi -q`，其中有驱动版本。");
      out.push_back(std::move(f));
    }
    return;
  }
  const std::string d = driver->value;
  Evidence ev = evidence(in, driver->line);
  if (!in.cuda) {
    if (!trim(asked).empty()) {
      Finding f = machine(Severity::warn, "driver_cuda");
      f.title = T("CUDA driver table unavailable: CUDA " + clean_excerpt(asked, 16) + " not checked",
                  "CUDA 驱动对照表不可用：未检查 CUDA " + clean_excerpt(asked, 16));
      f.evidence = ev;
      std::string why =
          in.cuda_problems.empty() ? "" : in.cuda_problems[0].path + ": " + in.cuda_problems[0].message;
      f.meaning = T("This build could not read data/cuda-drivers.json (" + why + ").",
                    "本程序读不到 data/cuda-drivers.json（" + why + "）。");
      f.action = T("Check NVIDIA's CUDA release notes (Table 3) by hand.",
                   "请手工查阅 NVIDIA CUDA 发行说明（表 3）。");
      out.push_back(std::move(f));
    }
    return;
  }
  const CudaDriverTable& t = *in.cuda;

  // The newest CUDA this driver runs: nvidia-smi says it; the table can tell it too.
  std::optional<std::pair<int, int>> supported;
  if (r.input.cuda_version) supported = parse_cuda_version(r.input.cuda_version->value);
  if (!supported)
    for (const auto& e : t.toolkits)
      if (compare_driver_versions(d, e.min_driver) >= 0) {
        supported = std::make_pair(e.major, e.minor);
        break;
      }
  std::string sup = supported ? ver(supported->first, supported->second) : "?";
  // The newest major whose minor-version compatibility this driver meets.
  std::optional<int> compat_major;
  for (const auto& c : t.minor_compat)
    if (compare_driver_versions(d, c.min_driver) >= 0 && (!compat_major || c.major > *compat_major))
      compat_major = c.major;

  if (!requested) {
    Finding f = machine(trim(asked).empty() ? Severity::info : Severity::warn, "driver_cuda");
    if (!trim(asked).empty()) {
      f.title = T(
          "'" + clean_excerpt(asked, 16) + "' is not a CUDA version; driver " + d + " runs CUDA up to " + sup,
          "“" + clean_excerpt(asked, 16) + "”不是 CUDA 版本；驱动 " + d + " 最高支持 CUDA " + sup);
    } else if (!supported) {
      // Older than every toolkit in the table (a 300s driver): say what it is older than, never "up to ?".
      const CudaDriverEntry* oldest = t.toolkits.empty() ? nullptr : &t.toolkits.back();
      std::string o = oldest ? ver(oldest->major, oldest->minor) : "";
      f.severity = Severity::warn;
      f.title = oldest ? T("Driver " + d + " is older than any CUDA in gpuwise's table (CUDA " + o +
                               " needs " + oldest->min_driver + ")",
                           "驱动 " + d + " 比 gpuwise 对照表里的所有 CUDA 都旧（CUDA " + o + " 需要 " +
                               oldest->min_driver + "）")
                       : T("Driver " + d + ": no CUDA table to compare it with",
                           "驱动 " + d + "：没有 CUDA 对照表可比");
      f.evidence = ev;
      f.meaning = T("Current PyTorch and TensorFlow builds can't use this GPU with this driver.",
                    "当前的 PyTorch 和 TensorFlow 版本无法在这个驱动下使用 GPU。");
      f.action = T("Use the provider's standard image with a current driver, or another instance.",
                   "使用平台提供的带新驱动的标准镜像，或更换实例。");
      out.push_back(std::move(f));
      return;
    } else {
      f.title = T("Driver " + d + " runs CUDA up to " + sup, "驱动 " + d + " 最高支持 CUDA " + sup);
    }
    f.evidence = ev;
    std::string compat_en, compat_zh;
    if (compat_major && supported && *compat_major == supported->first) {
      compat_en = "; newer " + std::to_string(*compat_major) +
                  ".x builds usually run too, through CUDA minor-version compatibility";
      compat_zh = "；更新的 " + std::to_string(*compat_major) + ".x 版本通常也能通过 CUDA 小版本兼容运行";
    }
    f.meaning = T("Framework builds for CUDA " + sup + " or older run fully" + compat_en + ".",
                  "为 CUDA " + sup + " 及更早版本构建的框架可以完整运行" + compat_zh + "。");
    f.action =
        T("Pass --cuda with the version your framework was built for (python -c \"import torch; "
          "print(torch.version.cuda)\") to check it.",
          "用 --cuda 传入你的框架所用的 CUDA 版本（python -c \"import torch; "
          "print(torch.version.cuda)\"）来检查。");
    out.push_back(std::move(f));
    return;
  }

  int major = requested->first, minor = requested->second;
  std::string want = ver(major, minor);
  const CudaDriverEntry* entry = nullptr;
  for (const auto& e : t.toolkits)
    if (e.major == major && e.minor == minor) entry = &e;
  const CudaDriverEntry* floor = nullptr;
  for (const auto& c : t.minor_compat)
    if (c.major == major) floor = &c;

  bool full =
      entry ? compare_driver_versions(d, entry->min_driver) >= 0 : (supported && *supported >= *requested);
  bool compat =
      !full && floor && compare_driver_versions(d, floor->min_driver) >= 0 && !(major == 11 && minor == 0);
  std::string needs = entry ? entry->min_driver : floor ? floor->min_driver : "";
  std::string unknown_en =
      entry ? "" : " (CUDA " + want + " is not in NVIDIA's table as of " + t.source_date + ")";
  std::string unknown_zh = entry ? "" : "（截至 " + t.source_date + "，NVIDIA 的表里没有 CUDA " + want + "）";

  Finding f = machine(full ? Severity::info : compat ? Severity::warn : Severity::critical, "driver_cuda");
  f.evidence = ev;
  if (full) {
    f.title = T("Driver " + d + " supports CUDA " + want, "驱动 " + d + " 支持 CUDA " + want);
    f.meaning = T("Your framework's CUDA " + want + " build can use the GPU.",
                  "你的框架的 CUDA " + want + " 版本可以使用 GPU。");
    f.action = T("Nothing to do.", "无需处理。");
  } else if (compat) {
    f.title = T("Driver " + d + " is older than CUDA " + want + " wants (" + needs + ")" + unknown_en,
                "驱动 " + d + " 比 CUDA " + want + " 要求的旧（" + needs + "）" + unknown_zh);
    f.meaning =
        T("Builds that bundle the CUDA runtime (PyTorch and TensorFlow wheels) usually run through CUDA "
          "minor-version compatibility, but code that compiles PTX at run time (Triton, torch.compile, "
          "custom kernels) can fail with 'the provided PTX was compiled with an unsupported toolchain'.",
          "自带 CUDA 运行时的版本（PyTorch、TensorFlow 的 wheel）通常能通过 CUDA "
          "小版本兼容运行，但运行时编译 PTX 的代码"
          "（Triton、torch.compile、自定义算子）可能报 'the provided PTX was compiled with an unsupported "
          "toolchain'。");
    f.action =
        T("Use a build for CUDA " + sup + " or older, or the provider's standard image with a newer driver.",
          "改用 CUDA " + sup + " 或更早版本的构建，或使用云平台提供的带新驱动的标准镜像。");
  } else {
    // The least that works is the minor-version floor; the toolkit's own driver is what supports everything.
    std::string least = floor ? floor->min_driver : needs;
    std::string need_en, need_zh;
    if (!least.empty()) {
      need_en = " (needs " + least + " or newer";
      need_zh = "（至少需要 " + least;
      if (entry && entry->min_driver != least) {
        need_en += "; " + entry->min_driver + " for full support";
        need_zh += "，完整支持需要 " + entry->min_driver;
      }
      need_en += ")";
      need_zh += "）";
    }
    f.title = T("Driver " + d + " is too old for CUDA " + want + need_en + unknown_en,
                "驱动 " + d + " 太旧，跑不了 CUDA " + want + need_zh + unknown_zh);
    f.meaning =
        T("The framework cannot use the GPU (torch.cuda.is_available() is False, or 'the NVIDIA driver on "
          "your system is too old'): every hour the instance runs like this is paid for nothing. This is the "
          "source article's 'GPU can't be used: driver version mismatch'.",
          "框架用不了 GPU（torch.cuda.is_available() 为 False，或报 'the NVIDIA driver on your system is too "
          "old'）：这样开着的每个小时都白付了。这正是原文排查表里的“无法调用 GPU：驱动版本不匹配”。");
    std::string alt_en, alt_zh;
    if (supported) {
      alt_en = ", or install your framework's build for CUDA " + sup + " or older";
      alt_zh = "，或安装为 CUDA " + sup + " 及更早版本构建的框架";
      if (compat_major && *compat_major == supported->first && *compat_major != major) {
        alt_en += " (" + std::to_string(*compat_major) + ".x builds run through minor-version compatibility)";
        alt_zh += "（" + std::to_string(*compat_major) + ".x 版本可通过小版本兼容运行）";
      }
    }
    f.action = T(
        "Use the provider's standard image, which matches driver and CUDA (the article's fix)" + alt_en + ".",
        "使用云平台提供的标准镜像，驱动和 CUDA 是匹配的（原文的解法）" + alt_zh + "。");
  }
  out.push_back(std::move(f));
}

void check_input(const DiagnoseReport& r, const CheckInput& in, std::vector<Finding>& out) {
  const SmiReading& s = r.input;
  if (s.failure) {
    Finding f = machine(Severity::critical, "input");
    f.title = T("nvidia-smi could not reach the GPU", "nvidia-smi 无法访问 GPU");
    f.evidence = evidence(in, s.failure->line);
    f.meaning =
        T("Nothing can use the GPU until this is fixed; every hour the instance runs is paid for nothing.",
          "问题解决前任何程序都用不了 GPU；实例开着的每个小时都白付了。");
    f.action = T(
        "The source article's fix for a GPU that can't be used: re-create the instance from the provider's "
        "standard image. 'Driver/library version mismatch' usually goes away after a reboot (the driver was "
        "upgraded underneath); otherwise contact support.",
        "原文对“无法调用 GPU”的解法：用云平台提供的标准镜像重建实例。'Driver/library version mismatch' "
        "通常重启后消失（驱动在运行中被升级了）；否则联系客服。");
    out.push_back(std::move(f));
  }
  if (!r.found_gpu() && !s.failure && s.xml_line > 0) {
    Finding f = machine(Severity::critical, "input");
    f.title = T("XML is not read; paste `nvidia-smi -q`", "不读取 XML；请粘贴 `nvidia-smi -q`");
    f.evidence = evidence(in, s.xml_line);
    f.meaning =
        T("This is `nvidia-smi -q -x` output. It holds the same readings as `nvidia-smi -q`, which "
          "the checker reads; the XML form is not read, so nothing was checked.",
          "这是 `nvidia-smi -q -x` 的输出，内容与 `nvidia-smi -q` 相同；检查器读取后者，不读 XML，"
          "所以什么也没检查。");
    f.action = T("Run `nvidia-smi -q` (without -x) and paste its output.",
                 "运行 `nvidia-smi -q`（不加 -x），粘贴它的输出。");
    out.push_back(std::move(f));
    return;
  }
  if (!r.found_gpu() && !s.failure) {
    std::string first;
    int first_line = 0;
    for (const auto& l : in.lines.lines)
      if (!trim(l.text).empty()) {
        first = clean_excerpt(l.text, 60);
        first_line = l.number;
        break;
      }
    Finding f = machine(Severity::critical, "input");
    if (first.empty()) {
      f.title = T("No GPU found in this text: it is empty", "这段文字里没有找到 GPU：内容是空的");
    } else {
      f.title = T("No GPU found in this text: it starts with \"" + first + "\"",
                  "这段文字里没有找到 GPU：开头是“" + first + "”");
      f.evidence = evidence(in, first_line);
    }
    f.meaning = T("Nothing could be checked. " + std::to_string(s.lines) +
                      " lines were read; none looked like "
                      "nvidia-smi's table, `nvidia-smi -q`, `--query-gpu` CSV or `nvidia-smi -L`.",
                  "什么也检查不了。读了 " + std::to_string(s.lines) +
                      " 行，没有一行像 nvidia-smi 的表格、`nvidia-smi -q`、"
                      "`--query-gpu` CSV 或 `nvidia-smi -L`。");
    f.action = T("On the instance, run `nvidia-smi -q` and paste all of its output.",
                 "在实例上运行 `nvidia-smi -q`，把全部输出粘贴进来。");
    out.push_back(std::move(f));
  }
  if (!r.found_gpu()) return;
  auto note = [&](Text title, Text meaning, Text action) {
    Finding f = machine(Severity::info, "input");
    f.title = std::move(title);
    f.meaning = std::move(meaning);
    f.action = std::move(action);
    out.push_back(std::move(f));
  };
  if (s.cut_short_at > 0) {
    Finding f = machine(Severity::info, "input");
    f.title = T("The output seems cut short at line " + std::to_string(s.cut_short_at),
                "输出似乎在第 " + std::to_string(s.cut_short_at) + " 行被截断");
    f.evidence = evidence(in, s.cut_short_at);
    f.meaning = T(
        "Readings after that point are missing, so the checks that need them were skipped (if you ran "
        "`nvidia-smi -q -d ...` for a few sections only, that is expected).",
        "之后的读数缺失，需要它们的检查被跳过了（如果你用 `nvidia-smi -q -d ...` 只看了部分内容，属正常）。");
    f.action = T("Paste the whole output of `nvidia-smi -q`.", "请粘贴 `nvidia-smi -q` 的完整输出。");
    out.push_back(std::move(f));
  }
  // `nvidia-smi -q` cut by a chat box or a terminal's scrollback: say which GPUs went unchecked.
  const auto read_count = static_cast<long long>(r.gpus.size()) + s.ignored_gpus;
  if (s.attached_gpus && s.attached_gpus->value > read_count) {
    const std::string n = std::to_string(s.attached_gpus->value), m = std::to_string(r.gpus.size());
    Finding f = machine(Severity::info, "input");
    f.title =
        T("The output lists " + n + " GPUs; only " + m + (r.gpus.size() == 1 ? " was" : " were") + " read",
          "输出列出 " + n + " 张 GPU，只读到其中 " + m + " 张");
    f.evidence = evidence(in, s.attached_gpus->line);
    f.meaning =
        T("The others are not checked here. With `nvidia-smi -q -i N` (one GPU) that is expected; "
          "otherwise the paste ends before them.",
          "其余的没有被检查。如果用的是 `nvidia-smi -q -i "
          "N`（只看一张卡），属正常；否则是粘贴内容在它们之前就结束了。");
    f.action = T("Paste the whole output of `nvidia-smi -q`, or check each GPU with `nvidia-smi -q -i N`.",
                 "请粘贴 `nvidia-smi -q` 的完整输出，或用 `nvidia-smi -q -i N` 逐张检查。");
    out.push_back(std::move(f));
  }
  if (s.cut)
    note(T("Only the first 4 MiB of the text were read", "只读取了前 4 MiB 的内容"),
         T("GPUs described after that point are not checked.", "之后出现的 GPU 没有被检查。"),
         T("Paste one nvidia-smi output at a time.", "每次只粘贴一份 nvidia-smi 输出。"));
  if (s.long_lines > 0)
    note(T(std::to_string(s.long_lines) + " line(s) longer than 4096 bytes were read only in part",
           std::to_string(s.long_lines) + " 行超过 4096 字节，只读取了前一部分"),
         T("nvidia-smi never prints such lines; they are probably not its output.",
           "nvidia-smi 不会输出这么长的行，它们可能不是其输出。"),
         T("Nothing to do if the GPUs below were found.", "如果下面的 GPU 都找到了，无需处理。"));
  if (s.ignored_gpus > 0)
    note(T("Only the first " + std::to_string(kDiagnoseMaxGpus) + " GPUs were read; " +
               std::to_string(s.ignored_gpus) + " more were ignored",
           "只读取了前 " + std::to_string(kDiagnoseMaxGpus) + " 张 GPU，另外 " +
               std::to_string(s.ignored_gpus) + " 张被忽略"),
         T("The others are not checked.", "其余的没有检查。"),
         T("Check them in a second paste.", "请分批粘贴检查。"));
  if (s.csv_without_header)
    note(T("CSV without a header row: only the name, driver, P-state and bus id could be read",
           "CSV 没有表头：只能读出名称、驱动、性能状态和总线 ID"),
         T("Clocks, power, PCIe and memory cannot be told apart without the column names.",
           "没有列名，时钟、功耗、PCIe 和显存无法区分。"),
         T("Run the query with --format=csv (not noheader), or give the column list (--csv-columns).",
           "用 --format=csv（不要 noheader）重新查询，或提供列名（--csv-columns）。"));

  // What this output cannot show: the down-clock check needs the max SM clock.
  bool any_max = false, any_clock_data = false, all_idle = true;
  for (const auto& g : r.gpus) {
    any_max = any_max || g.reading.max_sm_clock_mhz.has_value();
    any_clock_data = any_clock_data || g.reading.sm_clock_mhz || g.reading.throttle_section_line;
    all_idle = all_idle && idle(g.reading);
  }
  if (!any_max)
    note(T("This output has no max SM clock, so a down-clocked card can't be spotted",
           "这段输出没有 SM 最高频率，无法发现降频卡"),
         T("The source article's student lost half the speed to a 3090 stuck at 1095 MHz; only the clock "
           "readings "
           "show it.",
           "原文中的同学因为 3090 被锁在 1095 MHz 损失了一半速度；只有时钟读数能发现这一点。"),
         T("Paste `nvidia-smi -q` (or `" + std::string(kDiagnoseCsvQuery) +
               "`) to check clocks, power and PCIe too.",
           "粘贴 `nvidia-smi -q`（或 `" + std::string(kDiagnoseCsvQuery) +
               "`），一并检查时钟、功耗和 PCIe。"));
  if (any_clock_data && all_idle) {
    Finding f = machine(Severity::info, "clock_now");
    f.title = T("The GPUs were idle when this was captured", "截取时 GPU 处于空闲状态");
    f.meaning = T("Throttling and slow clocks show only under load, so this snapshot cannot rule them out.",
                  "降频和时钟偏低只在负载下出现，这份快照无法排除它们。");
    f.action = T("Run `nvidia-smi -q -d PERFORMANCE,CLOCK` again while your job runs and paste that.",
                 "在任务运行时再执行 `nvidia-smi -q -d PERFORMANCE,CLOCK` 并粘贴结果。");
    out.push_back(std::move(f));
  }
}

}  // namespace gw::diag
