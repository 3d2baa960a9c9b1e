// gpuwise diagnose: the instance checker. Reads what nvidia-smi printed on a rented instance and lists what
// the source article's troubleshooting table warns about, each with its evidence line, its cost in time or
// money, and what to do.
#include <unistd.h>

#include <algorithm>
#include <iostream>
#include <nlohmann/json.hpp>

#include "cli/cli.hpp"
#include "engine/diagnose/diagnose.hpp"

namespace gw::cli {
namespace {

// "GPU 0-4, 6" from the nvidia-smi indexes of the GPUs a finding names.
std::string gpu_ranges(const DiagnoseReport& r, const Finding& f, Lang lang) {
  (void)lang;
  if (f.gpus.empty()) return "";  // about the whole machine or the text
  std::vector<int> idx;
  for (int p : f.gpus)
    if (p >= 0 && p < static_cast<int>(r.gpus.size())) idx.push_back(r.gpus[p].reading.index);
  std::sort(idx.begin(), idx.end());
  std::string out = "GPU ";
  for (std::size_t i = 0; i < idx.size();) {
    std::size_t j = i;
    while (j + 1 < idx.size() && idx[j + 1] == idx[j] + 1) ++j;
    out += (i ? ", " : "") + std::to_string(idx[i]) + (j > i ? "-" + std::to_string(idx[j]) : "");
    i = j + 1;
  }
  return out;
}

// Wraps UTF-8 text to `width` columns after an `indent`-column hanging indent: breaks at spaces, or between
// any two CJK characters, which need none.
std::string wrap(const std::string& text, int indent, int width) {
  std::string out, line, word;
  int line_w = 0, word_w = 0;
  auto flush_word = [&] {
    if (word.empty()) return;
    if (line_w > 0 && line_w + word_w > width - indent) {
      out += line + "\n" + std::string(static_cast<std::size_t>(indent), ' ');
      line.clear();
      line_w = 0;
      while (!word.empty() && word[0] == ' ') word.erase(0, 1), --word_w;
    }
    line += word;
    line_w += word_w;
    word.clear();
    word_w = 0;
  };
  for (std::size_t i = 0; i < text.size();) {
    unsigned char b = static_cast<unsigned char>(text[i]);
    std::size_t len = b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : b >= 0xC0 ? 2 : 1;
    std::string cp = text.substr(i, len);
    i += len;
    int w = display_width(cp);
    if (cp == " ") {
      flush_word();
      word = " ";
      word_w = 1;
    } else if (w == 2) {
      flush_word();
      word = cp;
      word_w = 2;
      flush_word();
    } else {
      word += cp;
      word_w += w;
    }
  }
  flush_word();
  return out + line;
}

std::string colored(const std::string& s, Severity sev) {
  if (!use_color()) return s;
  const char* code = sev == Severity::critical ? "\033[1;31m"
                     : sev == Severity::warn   ? "\033[1;33m"
                                               : "\033[36m";
  return code + s + "\033[0m";
}

void print_text(const DiagnoseReport& r, Lang lang) {
  const bool zh = lang == Lang::zh;
  std::cout << r.summary.in(lang) << "\n";
  for (const auto& g : r.gpus) std::cout << "  " << g.label.in(lang) << "\n";
  const int width = 100;
  for (const auto& f : r.findings) {
    const std::string gpus = gpu_ranges(r, f, lang);
    std::cout << "\n"
              << colored("[" + severity_label(f.severity).in(lang) + "]", f.severity) << " "
              << (gpus.empty() ? "" : gpus + (zh ? "：" : ": ")) << wrap(f.title.in(lang), 4, width) << "\n";
    auto field = [&](const char* en, const char* zh_label, const std::string& text) {
      if (text.empty()) return;
      std::string label = zh ? zh_label : en;
      int pad = 10 - display_width(label);
      std::cout << "  " << label << std::string(static_cast<std::size_t>(pad > 0 ? pad : 1), ' ')
                << wrap(text, 12, width) << "\n";
    };
    if (f.evidence.line > 0) {
      const Evidence& e = f.evidence;
      std::string where = zh ? "第 " + std::to_string(e.line) + " 行" : "line " + std::to_string(e.line);
      if (!e.section.empty()) where += zh ? "（" + e.section + "）" : " (" + e.section + ")";
      field("evidence", "证据", where + (zh ? "：" : ": ") + e.text);
    }
    field("means", "影响", f.meaning.in(lang));
    field("do", "建议", f.action.in(lang));
  }
}

void print_json(const DiagnoseReport& r, Lang lang) {
  nlohmann::json j;
  j["summary"] = r.summary.in(lang);
  j["format"] = smi_format_name(r.input.format);
  j["formats"] = nlohmann::json::array();
  for (auto f : r.input.formats) j["formats"].push_back(smi_format_name(f));
  j["driver_version"] =
      r.input.driver_version ? nlohmann::json(r.input.driver_version->value) : nlohmann::json();
  j["cuda_version"] = r.input.cuda_version ? nlohmann::json(r.input.cuda_version->value) : nlohmann::json();
  j["gpus"] = nlohmann::json::array();
  for (const auto& g : r.gpus) {
    nlohmann::json o;
    o["index"] = g.reading.index;
    o["name"] = g.reading.name ? g.reading.name->value : "";
    o["bus_id"] = g.reading.bus_id;
    o["catalog_id"] = g.spec ? nlohmann::json(g.spec->id) : nlohmann::json();
    o["label"] = g.label.in(lang);
    j["gpus"].push_back(o);
  }
  j["findings"] = nlohmann::json::array();
  for (const auto& f : r.findings) {
    nlohmann::json o;
    o["severity"] = severity_name(f.severity);
    o["check"] = f.check;
    o["gpus"] = nlohmann::json::array();
    for (int p : f.gpus) o["gpus"].push_back(r.gpus[p].reading.index);
    o["title"] = f.title.in(lang);
    o["evidence"] = {{"line", f.evidence.line}, {"text", f.evidence.text}, {"section", f.evidence.section}};
    o["meaning"] = f.meaning.in(lang);
    o["action"] = f.action.in(lang);
    o["slowdown"] = f.slowdown ? nlohmann::json(*f.slowdown) : nlohmann::json();
    j["findings"].push_back(o);
  }
  // Names come from pasted text: replace, never throw, on bytes that are not UTF-8.
  std::cout << j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
}

void setup(CLI::App& root, Context& ctx) {
  static std::string file = "-", cuda, hours, price, csv_columns, format;
  CLI::App* cmd = root.add_subcommand(
      "diagnose",
      "Check a rented instance: paste nvidia-smi output, get what is wrong, what it costs, what to do");
  cmd->add_option("file", file,
                  "nvidia-smi output: the default table, `nvidia-smi -q`, or --query-gpu CSV; - = stdin")
      ->default_str("-");
  cmd->add_option("--cuda", cuda,
                  "CUDA version your framework needs (12.1, cu121): checks the driver against it");
  cmd->add_option("--hours", hours, "Job length used to express slowdowns (default 10h)");
  cmd->add_option("--price", price,
                  "Price per GPU-hour, to turn lost hours into money (currency: --currency)");
  cmd->add_option("--csv-columns", csv_columns,
                  "Column list of header-less CSV (--format=csv,noheader), as given to --query-gpu");
  add_format_option(cmd, format, {"table", "json", "csv", "md"});
  cmd->footer(
      "\nReads at most 4 MiB of text (lines up to 4096 bytes, 64 GPUs); more is ignored and reported.\n"
      "Exit 0 when the check ran (even with warnings), 3 when the input can't be read or holds no GPU.\n\n"
      "Examples:\n  nvidia-smi -q | gpuwise diagnose --cuda 12.1\n"
      "  gpuwise diagnose smi.txt --hours 48 --price 1.6 --currency CNY\n"
      "  nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,power.limit,pcie.link.width.current "
      "--format=csv "
      "| gpuwise diagnose -");
  cmd->callback([&ctx] {
    DiagnoseOptions o;
    if (!cuda.empty()) {
      if (!parse_cuda_version(cuda))
        throw Exit(kUsage, "--cuda: '" + cuda + "' is not a CUDA version (e.g. 12.1 or cu121)",
                   "--cuda：'" + cuda + "' 不是 CUDA 版本号（例如 12.1 或 cu121）");
      o.cuda = cuda;
    }
    if (!hours.empty()) o.job_hours = parse_hours("--hours", hours);
    if (!price.empty()) {
      o.price_per_hour = parse_number("--price", price, 0, 1e6);
      o.currency = ctx.currency_flag.empty() ? "CNY" : ctx.currency_flag;
    }
    o.csv_columns = csv_columns;
    if (file == "-" && isatty(STDIN_FILENO))
      std::cerr << (ctx.lang() == Lang::zh
                        ? "gpuwise：从标准输入读取 nvidia-smi 输出（Ctrl-D 结束）\n"
                        : "gpuwise: reading nvidia-smi output from stdin (end with Ctrl-D)\n");
    const std::string text = read_input(file);
    const Catalog& catalog = ctx.catalog();
    const DiagnoseReport r = diagnose(text, catalog, o);
    const Lang lang = ctx.lang();
    const Format f = parse_format(format);
    if (f == Format::table) {
      print_text(r, lang);
    } else if (f == Format::json) {
      print_json(r, lang);
    } else {
      Table t{
          {"severity", "gpus", "check", "title", "line", "section", "evidence", "meaning", "action"}, {}, {}};
      for (const auto& x : r.findings)
        t.rows.push_back({severity_name(x.severity), gpu_ranges(r, x, lang), x.check, x.title.in(lang),
                          x.evidence.line ? std::to_string(x.evidence.line) : "", x.evidence.section,
                          x.evidence.text, x.meaning.in(lang), x.action.in(lang)});
      std::cout << render(t, f, lang);
    }
    if (!r.found_gpu())
      throw Exit(kBadInput,
                 (file == "-" ? std::string("stdin") : "'" + file + "'") + ": no GPU found in this text",
                 (file == "-" ? std::string("标准输入") : "'" + file + "'") + "：这段文字里没有找到 GPU");
  });
}

CommandRegistrar reg(70, &setup);

}  // namespace
}  // namespace gw::cli
