// Reads the default `nvidia-smi` table. Column widths changed with almost every driver branch (the name
// column grew in 535, Bus-Id in 550), so rows are read by cell ('|') and by the shape of each token, never by
// character position. A GPU is three rows: index/name/persistence | bus id | ECC, then
// fan/temp/perf/power | memory | utilization/compute mode, then (since 450) the MIG mode.
#include "engine/diagnose/detail.hpp"

namespace gw::diag {
namespace {

bool is_table_row(std::string_view t) {
  return t.size() >= 2 && t.front() == '|';
}

bool is_separator(std::string_view t) {
  for (char c : t)
    if (c != '+' && c != '-' && c != '=' && c != '|' && c != ' ') return false;
  return !t.empty();
}

// A row ends with '|'; one that does not was cut where the paste ends ("| N/A   35C    P8"), and its last,
// partial cell still holds readings (the P-state, the temperature).
bool row_cut(std::string_view t) {
  return !t.empty() && t.back() != '|';
}

std::vector<std::string_view> cells(std::string_view t) {
  auto parts = split_char(t, '|', 16);
  std::vector<std::string_view> out;
  const std::size_t end = row_cut(t) ? parts.size() : parts.size() - 1;
  for (std::size_t i = 1; i < end; ++i) out.push_back(trim(parts[i]));
  return out;
}

std::string join(const std::vector<std::string_view>& v, std::size_t from, std::size_t to) {
  std::string out;
  for (std::size_t i = from; i < to && i < v.size(); ++i) {
    if (!out.empty()) out += ' ';
    out.append(v[i]);
  }
  return out;
}

// "  0  NVIDIA A100-SXM4-40GB   On " -> index, name, persistence
bool read_first_row(const std::vector<std::string_view>& c, SmiGpu& g, int line) {
  if (c.size() < 2) return false;
  auto t = split_ws(c[0]);
  if (t.size() < 3) return false;
  auto index = whole_number(t[0]);
  if (!index || *index > 1024) return false;
  std::string_view last = t.back();
  bool persistence_col = iequals(last, "On") || iequals(last, "Off");
  bool windows_col = iequals(last, "WDDM") || iequals(last, "TCC");
  if (!persistence_col && !windows_col) return false;
  // The Bus-Id cell: "00000000:07:00.0 Off", or what the user left of it ("xxxx Off", "01:00.0 On",
  // "*** Off", or only the Disp.A word): a redacted bus id must not hide the GPU.
  auto bus = split_ws(c[1]);
  if (bus.empty() || bus.size() > 3) return false;
  bool bus_ok = looks_like_bus_id(bus[0]);
  bool redacted = !bus_ok && (looks_like_redacted_bus_id(bus[0]) || (bus.size() == 1 && on_off(bus[0])));
  if (!bus_ok && !redacted) return false;
  g.index = static_cast<int>(*index);
  g.first_line = line;
  std::string name = join(t, 1, t.size() - 1);
  if (!plausible_gpu_name(name, false)) return false;
  if (ends_with(name, "...")) {
    name.resize(name.size() - 3);
    g.name_truncated = true;
    g.name_cut_at_word = !name.empty() && name.back() == ' ';
    while (!name.empty() && name.back() == ' ') name.pop_back();
    if (name.empty()) return false;
  }
  g.name = Seen<std::string>{name, line};
  if (bus_ok) g.bus_id = std::string(bus[0]);
  if (bus.size() >= 2 || !bus_ok)
    if (auto disp = on_off(bus.back()); disp && !iequals(bus.back(), "none"))
      g.display_active = Seen<bool>{*disp, line};
  if (persistence_col) g.persistence = Seen<bool>{iequals(last, "On"), line};
  if (c.size() >= 3) {
    std::string_view ecc = c[2];
    if (auto n = whole_number(ecc)) {
      g.ecc_enabled = Seen<bool>{true, line};
      g.ecc_uncorrected_volatile = Seen<long long>{*n, line};
    } else if (iequals(ecc, "Off")) {
      g.ecc_enabled = Seen<bool>{false, line};
    }
  }
  return true;
}

// "| N/A   32C    P0    61W / 400W |      0MiB / 40960MiB |      0%      Default |"
void read_second_row(const std::vector<std::string_view>& c, SmiGpu& g, int line) {
  if (c.empty()) return;
  // The usage/cap slash, not the one in a fan or temperature "N/A": "N/A   36C   P0   64W / 400W".
  auto slash = c[0].find(" / ");
  if (slash != std::string_view::npos) ++slash;
  {
    auto first = split_ws(c[0], 1);
    if (!first.empty() && (first[0] == "ERR!" || iequals(first[0], "ERR")))
      g.fan_error = Seen<std::string>{std::string(first[0]), line};
  }
  for (auto tok : split_ws(c[0].substr(0, slash))) {
    if (tok.size() >= 2 && tok[0] == 'P' && whole_number(tok.substr(1)))
      g.pstate = Seen<std::string>{std::string(tok), line};
    else if (ends_with(tok, "C") && whole_number(tok.substr(0, tok.size() - 1)))
      g.temperature_c = Seen<double>{*leading_number(tok), line};
  }
  if (slash != std::string_view::npos) {
    auto left = split_ws(c[0].substr(0, slash));
    auto right = split_ws(c[0].substr(slash + 1));
    if (!left.empty())
      if (auto w = number_with_unit(left.back(), {"W"}); w && ends_with(left.back(), "W"))
        g.power_draw_w = Seen<double>{*w, line};
    if (!right.empty()) {
      if (auto w = number_with_unit(right.front(), {"W"}); w && ends_with(right.front(), "W"))
        g.power_limit_w = Seen<double>{*w, line};
      else if (iequals(right.front(), "N/A"))
        g.power_cap_missing = Seen<bool>{true, line};
    }
  }
  if (c.size() >= 2) {
    auto parts = split_char(c[1], '/', 3);
    if (parts.size() == 2) {
      if (auto used = number_with_unit(parts[0], {"MiB"})) g.memory_used_mib = Seen<double>{*used, line};
      if (auto total = number_with_unit(parts[1], {"MiB"})) g.memory_total_mib = Seen<double>{*total, line};
    }
  }
  if (c.size() >= 3) {
    auto t = split_ws(c[2]);
    if (!t.empty() && ends_with(t[0], "%"))
      if (auto u = number_with_unit(t[0], {"%"})) g.utilization_pct = Seen<double>{*u, line};
  }
}

// "|    0   N/A  N/A      1234      C   python     20000MiB |" (no GI/CI columns before 450)
// Returns the row's GPU index when it is a process row.
std::optional<long long> read_process_row(std::string_view inner, SmiReading& out, int line) {
  auto t = split_ws(inner);
  if (t.size() < 4) return std::nullopt;
  auto gpu_index = whole_number(t[0]);
  if (!gpu_index) return std::nullopt;
  std::size_t k = 2;
  while (k < t.size() && !(t[k] == "C" || t[k] == "G" || t[k] == "C+G" || t[k] == "M" || t[k] == "M+C")) ++k;
  if (k >= t.size() || k + 1 >= t.size()) return std::nullopt;
  SmiProcess p;
  p.pid = whole_number(t[k - 1]);
  p.type = std::string(t[k]);
  p.line = line;
  p.name = join(t, k + 1, t.size() - 1);
  p.used_mib = number_with_unit(t.back(), {"MiB"});
  // Windows (WDDM) cannot count a process's memory and prints N/A in that column: not part of the name.
  bool no_figure = t.size() > k + 2 && (t.back() == "N/A" || t.back() == "[N/A]");
  if (!p.used_mib && !no_figure) p.name = join(t, k + 1, t.size());
  for (auto& g : out.gpus)
    if (g.index == *gpu_index && g.processes.size() < static_cast<std::size_t>(kDiagnoseMaxProcesses)) {
      g.processes.push_back(std::move(p));
      break;
    }
  return gpu_index;
}

// "|  0    1   0   0  |   13MiB /  9728MiB  | 14      0 |  1   0    0    0    0 |"
void read_mig_row(const std::vector<std::string_view>& c, SmiReading& out, int line) {
  if (c.size() < 3) return;
  auto ids = split_ws(c[0]);
  if (ids.size() != 4) return;
  for (auto id : ids)
    if (!whole_number(id)) return;
  SmiMigDevice d;
  d.line = line;
  auto parts = split_char(c[1], '/', 3);
  if (parts.size() == 2) d.memory_total_mib = number_with_unit(parts[1], {"MiB"});
  auto sm = split_ws(c[2]);
  if (!sm.empty())
    if (auto n = whole_number(sm[0]); n && *n < 100000) d.sm_count = static_cast<int>(*n);
  auto gpu_index = *whole_number(ids[0]);
  for (auto& g : out.gpus)
    if (g.index == gpu_index && g.mig_devices.size() < 64) {
      g.mig_devices.push_back(d);
      return;
    }
}

// "| NVIDIA-SMI 535.104.05   Driver Version: 535.104.05   CUDA Version: 12.2 |"
std::optional<std::string> word_after(std::string_view t, std::string_view label) {
  for (std::size_t i = 0; i + label.size() <= t.size(); ++i) {
    if (!iequals(t.substr(i, label.size()), label)) continue;
    std::string_view rest = t.substr(i + label.size());
    while (!rest.empty() && (rest.front() == ' ' || rest.front() == ':')) rest.remove_prefix(1);
    auto words = split_ws(rest, 1);
    if (words.empty()) return std::nullopt;
    std::string_view w = words[0];
    while (!w.empty() && w.back() == '|') w.remove_suffix(1);
    if (w.empty() || !is_digit(w[0])) return std::nullopt;
    return std::string(w);
  }
  return std::nullopt;
}

}  // namespace

void read_table(const Lines& in, SmiReading& out) {
  enum class Part { gpus, mig, processes } part = Part::gpus;
  // A paste cut after "Processes:" (or part-way through the list) does not say that no process uses a
  // GPU: a GPU's list counts as read once a row for it or a later GPU, "No running processes found", or
  // the table's closing border is seen.
  int process_rows = 0;  // rows read in the process table, its header included
  auto listed_up_to = [&](std::optional<long long> last_index) {
    for (auto& g : out.gpus)
      if (!last_index || g.index <= *last_index) g.processes_listed = true;
  };
  const auto& L = in.lines;
  for (std::size_t i = 0; i < L.size(); ++i) {
    std::string_view t = trim(L[i].text);
    int number = L[i].number;
    if (t.empty()) continue;
    if (part == Part::processes && process_rows > 0 && t.front() == '+' && is_separator(t)) listed_up_to({});
    if (!is_table_row(t) || is_separator(t)) continue;
    if (icontains(t, "NVIDIA-SMI") || icontains(t, "Driver Version:") || icontains(t, "KMD Version:")) {
      // 300s-410: no CUDA version; 410-5xx: "Driver Version" and "CUDA Version"; 610 on: "KMD Version"
      // and "CUDA UMD Version". Before 418 the NVIDIA-SMI word carries the same version.
      if (auto d = word_after(t, "Driver Version")) set_once(out.driver_version, *d, number);
      if (auto d = word_after(t, "KMD Version")) set_once(out.driver_version, *d, number);
      if (auto d = word_after(t, "NVIDIA-SMI"); d && looks_like_driver_version(*d))
        set_once(out.driver_version, *d, number);
      if (auto c = word_after(t, "CUDA Version")) set_once(out.cuda_version, *c, number);
      if (auto c = word_after(t, "CUDA UMD Version")) set_once(out.cuda_version, *c, number);
      part = Part::gpus;  // a second nvidia-smi run pasted below the first starts over
      continue;
    }
    if (icontains(t, "MIG devices:")) {
      part = Part::mig;
      continue;
    }
    if (icontains(t, "Processes:")) {
      part = Part::processes;
      process_rows = 0;
      continue;
    }
    auto c = cells(t);
    if (part == Part::processes) {
      ++process_rows;
      if (icontains(t, "No running processes found")) {
        listed_up_to({});
        continue;
      }
      std::string_view inner = t.substr(1);
      if (!inner.empty() && inner.back() == '|') inner.remove_suffix(1);
      if (auto gpu = read_process_row(inner, out, number)) listed_up_to(gpu);
      continue;
    }
    if (part == Part::mig) {
      read_mig_row(c, out, number);
      continue;
    }
    SmiGpu g;
    if (!read_first_row(c, g, number)) continue;
    if (static_cast<int>(out.gpus.size()) >= kDiagnoseMaxGpus) {
      ++out.ignored_gpus;
      continue;
    }
    // The next one or two rows belong to this GPU unless a separator or another GPU comes first.
    const std::size_t first = i;
    bool second_row_cut = row_cut(t);
    // Blank lines between them are the parts of wrapped rows that normalize_lines joined back.
    int taken = 0;
    for (std::size_t k = first + 1; k < L.size() && k <= first + 8 && taken < 2; ++k) {
      std::string_view r = trim(L[k].text);
      if (r.empty()) continue;
      if (!is_table_row(r) || is_separator(r)) break;
      auto rc = cells(r);
      SmiGpu probe;
      if (read_first_row(rc, probe, L[k].number)) break;
      if (++taken == 1) {
        read_second_row(rc, g, L[k].number);
        // A second row that closes after the memory cell, without utilization and compute mode, is cut
        // too (the Windows paste in microsoft/WSL issue 9134 ends "|   2152MiB / 11264MiB |").
        second_row_cut = row_cut(r) || rc.size() < 3;
      } else if (rc.size() >= 3 && rc[0].empty()) {
        if (auto b = on_off(rc[2])) g.mig_enabled = Seen<bool>{*b, L[k].number};
      }
      i = k;
    }
    // A first row without the second (no P-state, no memory), or a second row that stops before its
    // closing '|', is a table cut short.
    if (((!g.pstate && !g.memory_total_mib) || second_row_cut) && !out.cut_short_at)
      out.cut_short_at = g.first_line;
    out.gpus.push_back(std::move(g));
  }
  // A paste whose last line stops part-way through a line of the table was cut there: a lone "|" after
  // GPU 1's second row (TensorRT-LLM issue 10278, 8 x B200), a border "+----" (sglang issue 27487), the
  // process table's header left open (club-3090 issue 617), or a GPU's row with fewer than its three cells
  // (GPU 1's third row in aikitoria/open-gpu-kernel-modules issue 20, 16 x RTX 6000D). The GPUs read are
  // then perhaps not all there are. A whole row as the last line is not taken for a cut: people paste the
  // GPU rows alone.
  if (!out.gpus.empty() && !out.cut_short_at) {
    for (auto it = L.rbegin(); it != L.rend(); ++it) {
      std::string_view t = trim(it->text);
      if (t.empty()) continue;
      const bool open_row = t.front() == '|' && (t.size() < 2 || t.back() != '|');
      const bool short_gpu_row = t.front() == '|' && part == Part::gpus && cells(t).size() < 3;
      const bool open_border = t.front() == '+' && is_separator(t) && t.back() != '+';
      if (open_row || short_gpu_row || open_border) out.cut_short_at = it->number;
      break;
    }
  }
  if (!out.gpus.empty()) out.format = SmiFormat::table;
}

}  // namespace gw::diag
