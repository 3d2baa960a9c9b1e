// Reads `nvidia-smi --query-gpu=... --format=csv` in all its variants: with a header ("memory.total [MiB]")
// or `noheader`, with units in the values ("40960 MiB") or `nounits`, and `--query-compute-apps` process
// lists. Columns are known by the header's field names; without a header only values whose shape says what
// they are (a GPU name, a driver version, a P-state, a bus id) can be read, and the reading says so.
#include "engine/diagnose/detail.hpp"

namespace gw::diag {
namespace {

// Field names as --query-gpu takes them; nvidia-smi echoes them in the header followed by " [unit]".
enum class F {
  unknown,
  index,
  name,
  driver,
  pstate,
  bus_id,
  mem_total,
  mem_used,
  util,
  temp,
  power_draw,
  power_limit,
  power_enforced,
  power_default,
  power_max,
  clock_sm,
  clock_max_sm,
  clock_app,
  clock_default_app,
  pcie_gen,
  pcie_gen_max,
  pcie_width,
  pcie_width_max,
  persistence,
  ecc_mode,
  ecc_unc_vol,
  ecc_cor_vol,
  ecc_unc_agg,
  ecc_cor_agg,
  remap_cor,
  remap_unc,
  fan,
  display_active,
  retired_pending,
  remap_pending,
  mig_mode,
  throttle_mask,
  throttle_one,
  virtualization,
  pid,
  process_name,
  used_memory
};

struct Column {
  F field = F::unknown;
  std::string throttle;  // for throttle_one: the reason id
};

Column column_for(std::string_view header) {
  std::string_view h = trim(header);
  if (auto br = h.find('['); br != std::string_view::npos) h = trim(h.substr(0, br));
  std::string k = lower(h);
  static const struct {
    const char* name;
    F field;
  } names[] = {{"index", F::index},
               {"name", F::name},
               {"gpu_name", F::name},
               {"driver_version", F::driver},
               {"pstate", F::pstate},
               {"pci.bus_id", F::bus_id},
               {"gpu_bus_id", F::bus_id},
               {"memory.total", F::mem_total},
               {"memory.used", F::mem_used},
               {"utilization.gpu", F::util},
               {"temperature.gpu", F::temp},
               {"power.draw", F::power_draw},
               {"power.draw.average", F::power_draw},
               {"power.draw.instant", F::power_draw},
               {"power.limit", F::power_limit},
               {"enforced.power.limit", F::power_enforced},
               {"power.default_limit", F::power_default},
               {"power.max_limit", F::power_max},
               {"clocks.sm", F::clock_sm},
               {"clocks.current.sm", F::clock_sm},
               {"clocks.max.sm", F::clock_max_sm},
               {"clocks.max.streaming_multiprocessor", F::clock_max_sm},
               {"clocks.applications.graphics", F::clock_app},
               {"clocks.applications.gr", F::clock_app},
               {"clocks.default_applications.graphics", F::clock_default_app},
               {"clocks.default_applications.gr", F::clock_default_app},
               {"pcie.link.gen.current", F::pcie_gen},
               {"pcie.link.gen.gpucurrent", F::pcie_gen},
               {"pcie.link.gen.max", F::pcie_gen_max},
               {"pcie.link.gen.gpumax", F::pcie_gen_max},
               {"pcie.link.width.current", F::pcie_width},
               {"pcie.link.width.max", F::pcie_width_max},
               {"persistence_mode", F::persistence},
               {"ecc.mode.current", F::ecc_mode},
               {"ecc.errors.uncorrected.volatile.total", F::ecc_unc_vol},
               {"ecc.errors.corrected.volatile.total", F::ecc_cor_vol},
               {"ecc.errors.uncorrected.aggregate.total", F::ecc_unc_agg},
               {"ecc.errors.corrected.aggregate.total", F::ecc_cor_agg},
               {"remapped_rows.correctable", F::remap_cor},
               {"remapped_rows.uncorrectable", F::remap_unc},
               {"fan.speed", F::fan},
               {"display_active", F::display_active},
               {"retired_pages.pending", F::retired_pending},
               {"remapped_rows.pending", F::remap_pending},
               {"mig.mode.current", F::mig_mode},
               {"clocks_throttle_reasons.active", F::throttle_mask},
               {"clocks_event_reasons.active", F::throttle_mask},
               {"virtualization_mode", F::virtualization},
               {"pid", F::pid},
               {"process_name", F::process_name},
               {"used_gpu_memory", F::used_memory},
               {"used_memory", F::used_memory}};
  for (const auto& n : names)
    if (k == n.name) return {n.field, ""};
  for (std::string_view prefix : {"clocks_throttle_reasons.", "clocks_event_reasons."})
    if (starts_with(k, prefix))
      if (auto id = throttle_id(std::string_view(k).substr(prefix.size()))) return {F::throttle_one, *id};
  return {};
}

bool na(std::string_view v) {
  v = trim(v);
  return v.empty() || iequals(v, "N/A") || iequals(v, "[N/A]") || icontains(v, "not supported") ||
         icontains(v, "unknown error") || icontains(v, "insufficient permissions");
}

std::optional<unsigned long long> hex_mask(std::string_view v) {
  v = trim(v);
  if (!(starts_with(v, "0x") || starts_with(v, "0X")) || v.size() < 3 || v.size() > 18) return std::nullopt;
  unsigned long long m = 0;
  for (char c : v.substr(2)) {
    int d = is_digit(c)              ? c - '0'
            : (c >= 'a' && c <= 'f') ? c - 'a' + 10
            : (c >= 'A' && c <= 'F') ? c - 'A' + 10
                                     : -1;
    if (d < 0) return std::nullopt;
    m = m * 16 + static_cast<unsigned>(d);
  }
  return m;
}

struct Reader {
  explicit Reader(SmiReading& o) : out(o) {}
  SmiReading& out;
  std::vector<Column> columns;
  bool process_columns = false;
  bool saw_process_header = false;

  // A header cell is a field name as --query-gpu takes it: lower case, digits, '.', '_', then an optional
  // " [unit]" ("memory.total [MiB]"). Values never look like that: names and states have capitals or
  // spaces, numbers start with a digit.
  static bool field_name_shape(std::string_view h) {
    h = trim(h);
    if (auto br = h.find('['); br != std::string_view::npos) {
      if (h.back() != ']') return false;
      h = trim(h.substr(0, br));
    }
    if (h.empty() || h.size() > 64 || !(h[0] >= 'a' && h[0] <= 'z')) return false;
    for (char c : h)
      if (!((c >= 'a' && c <= 'z') || is_digit(c) || c == '.' || c == '_')) return false;
    return true;
  }

  bool set_header(const std::vector<std::string_view>& c, bool given = false) {
    std::vector<Column> cols;
    int known = 0, shaped = 0;
    for (auto h : c) {
      cols.push_back(column_for(h));
      if (cols.back().field != F::unknown) ++known;
      if (field_name_shape(h)) ++shaped;
    }
    // A header is a row of field names, known or not (uuid, fan.speed, memory.reserved do not hide the
    // columns gpuwise reads); one known name in a row of values ("name") does not make a header.
    bool by_shape = shaped == static_cast<int>(c.size()) && c.size() >= 2 && known >= 1;
    bool by_names = known >= 1 && known * 2 >= static_cast<int>(c.size());
    if (!(by_shape || by_names || (given && known >= 1))) return false;
    columns = std::move(cols);
    process_columns = false;
    for (const auto& col : columns)
      if (col.field == F::pid) process_columns = true;
    saw_process_header = saw_process_header || process_columns;
    return true;
  }

  void gpu_value(SmiGpu& g, const Column& col, std::string_view v, int line) {
    if (col.field == F::name && !na(v)) {
      g.name = Seen<std::string>{std::string(trim(v)), line};
      return;
    }
    if (col.field == F::fan && (icontains(v, "err") || icontains(v, "unknown error"))) {
      g.fan_error = Seen<std::string>{std::string(trim(v)), line};
      return;
    }
    if ((col.field == F::power_limit || col.field == F::power_enforced) && trim(v) != "" && na(v) &&
        !icontains(v, "insufficient")) {
      g.power_cap_missing = Seen<bool>{true, line};
      return;
    }
    if (na(v)) return;
    auto num = [&](std::initializer_list<std::string_view> u) { return number_with_unit(v, u); };
    auto setd = [&](std::optional<Seen<double>>& f, std::initializer_list<std::string_view> u) {
      if (auto n = num(u)) f = Seen<double>{*n, line};
    };
    auto seti = [&](std::optional<Seen<int>>& f) {
      if (auto n = whole_number(v); n && *n < 64) f = Seen<int>{static_cast<int>(*n), line};
    };
    auto setl = [&](std::optional<Seen<long long>>& f) {
      if (auto n = whole_number(v)) f = Seen<long long>{*n, line};
    };
    auto setb = [&](std::optional<Seen<bool>>& f) {
      if (auto b = on_off(v)) f = Seen<bool>{*b, line};
    };
    switch (col.field) {
      case F::index:
        if (auto n = whole_number(v); n && *n < 1024) g.index = static_cast<int>(*n);
        break;
      case F::driver:
        set_once(out.driver_version, std::string(trim(v)), line);
        break;
      case F::pstate:
        g.pstate = Seen<std::string>{std::string(trim(v)), line};
        break;
      case F::bus_id:
        g.bus_id = std::string(trim(v));
        break;
      case F::mem_total:
        setd(g.memory_total_mib, {"MiB"});
        break;
      case F::mem_used:
        setd(g.memory_used_mib, {"MiB"});
        break;
      case F::util:
        setd(g.utilization_pct, {"%"});
        break;
      case F::temp:
        setd(g.temperature_c, {"C"});
        break;
      case F::power_draw:
        setd(g.power_draw_w, {"W"});
        break;
      case F::power_limit:
        if (!g.power_limit_w) setd(g.power_limit_w, {"W"});
        break;
      case F::power_enforced:
        setd(g.power_limit_w, {"W"});
        break;
      case F::power_default:
        setd(g.default_power_limit_w, {"W"});
        break;
      case F::power_max:
        setd(g.max_power_limit_w, {"W"});
        break;
      case F::clock_sm:
        setd(g.sm_clock_mhz, {"MHz"});
        break;
      case F::clock_max_sm:
        setd(g.max_sm_clock_mhz, {"MHz"});
        break;
      case F::clock_app:
        setd(g.app_clock_mhz, {"MHz"});
        break;
      case F::clock_default_app:
        setd(g.default_app_clock_mhz, {"MHz"});
        break;
      case F::pcie_gen:
        seti(g.pcie_gen);
        break;
      case F::pcie_gen_max:
        seti(g.pcie_gen_max);
        break;
      case F::pcie_width:
        seti(g.pcie_width);
        break;
      case F::pcie_width_max:
        seti(g.pcie_width_max);
        break;
      case F::persistence:
        setb(g.persistence);
        break;
      case F::ecc_mode:
        setb(g.ecc_enabled);
        break;
      case F::ecc_unc_vol:
        setl(g.ecc_uncorrected_volatile);
        break;
      case F::ecc_cor_vol:
        setl(g.ecc_corrected_volatile);
        break;
      case F::ecc_unc_agg:
        setl(g.ecc_uncorrected_aggregate);
        break;
      case F::ecc_cor_agg:
        setl(g.ecc_corrected_aggregate);
        break;
      case F::remap_cor:
        setl(g.remapped_rows_correctable);
        break;
      case F::remap_unc:
        setl(g.remapped_rows_uncorrectable);
        break;
      case F::display_active:
        setb(g.display_active);
        break;
      case F::retired_pending:
      case F::remap_pending:
        if (auto b = on_off(v); b && *b) g.retirement_pending = Seen<bool>{true, line};
        break;
      case F::mig_mode:
        setb(g.mig_enabled);
        break;
      case F::virtualization:
        g.virtualization = Seen<std::string>{std::string(trim(v)), line};
        break;
      case F::throttle_mask:
        if (auto m = hex_mask(v)) {
          g.throttle_section_line = line;
          for (int bit = 0; bit < 9; ++bit)
            if (*m & (1ull << bit)) g.throttle_active.push_back({kThrottleIds[bit], line});
        }
        break;
      case F::throttle_one:
        g.throttle_section_line = line;
        if (auto b = on_off(v); b && *b) {
          bool dup = false;
          for (const auto& t : g.throttle_active) dup = dup || t.value == col.throttle;
          if (!dup) g.throttle_active.push_back({col.throttle, line});
        }
        break;
      default:
        break;
    }
  }

  void gpu_row(const std::vector<std::string_view>& c, int line) {
    if (c.size() > columns.size() || c.size() < 2) return;  // not a row of this table
    SmiGpu g;
    g.index = static_cast<int>(out.gpus.size());
    g.first_line = line;
    int values = 0;
    for (std::size_t i = 0; i < c.size(); ++i) {
      if (!na(c[i])) ++values;
      gpu_value(g, columns[i], c[i], line);
    }
    bool named = g.name && plausible_gpu_name(g.name->value, false);
    bool has_name_column = false;
    for (const auto& col : columns) has_name_column = has_name_column || col.field == F::name;
    if (has_name_column ? !named : values < 2) return;
    if (c.size() < columns.size() && !out.cut_short_at) out.cut_short_at = line;
    if (static_cast<int>(out.gpus.size()) >= kDiagnoseMaxGpus) {
      ++out.ignored_gpus;
      return;
    }
    out.gpus.push_back(std::move(g));
  }

  void process_row(const std::vector<std::string_view>& c, int line) {
    if (c.size() != columns.size()) return;
    SmiProcess p;
    p.line = line;
    std::string bus;
    for (std::size_t i = 0; i < c.size(); ++i) {
      switch (columns[i].field) {
        case F::pid:
          p.pid = whole_number(c[i]);
          break;
        case F::process_name:
          p.name = std::string(trim(c[i]));
          break;
        case F::used_memory:
          p.used_mib = number_with_unit(c[i], {"MiB"});
          break;
        case F::bus_id:
          bus = std::string(trim(c[i]));
          break;
        default:
          break;
      }
    }
    if (!p.pid) return;
    SmiGpu* target = nullptr;
    for (auto& g : out.gpus)
      if (!bus.empty() && iequals(g.bus_id, bus)) target = &g;
    if (!target && bus.empty() && out.gpus.size() == 1) target = &out.gpus[0];
    if (target && target->processes.size() < static_cast<std::size_t>(kDiagnoseMaxProcesses))
      target->processes.push_back(std::move(p));
  }

  // `--format=csv,noheader` without the column list: keep only values whose shape is unambiguous.
  void headerless_row(const std::vector<std::string_view>& c, int line) {
    std::optional<std::string> name;
    for (auto v : c)
      if (plausible_gpu_name(v, true)) name = std::string(trim(v));
    if (!name || static_cast<int>(out.gpus.size()) >= kDiagnoseMaxGpus) return;
    SmiGpu g;
    g.index = static_cast<int>(out.gpus.size());
    g.first_line = line;
    g.name = Seen<std::string>{*name, line};
    std::optional<std::string> driver;
    int shaped = 0;  // other cells that look like nvidia-smi values: a name alone in prose is no GPU
    for (auto v : c) {
      v = trim(v);
      if (looks_like_driver_version(v))
        driver = std::string(v), ++shaped;
      else if (v.size() >= 2 && v[0] == 'P' && whole_number(v.substr(1)))
        g.pstate = Seen<std::string>{std::string(v), line}, ++shaped;
      else if (looks_like_bus_id(v))
        g.bus_id = std::string(v), ++shaped;
      else if (number_with_unit(v, {"MiB", "W", "MHz", "%", "C", "x"}))
        ++shaped;
    }
    if (shaped == 0) return;
    if (driver) set_once(out.driver_version, *driver, line);
    out.gpus.push_back(std::move(g));
    out.csv_without_header = true;
  }

  void line(std::string_view raw, int number) {
    std::string_view t = trim(raw);
    if (t.find(',') == std::string_view::npos) return;
    auto c = split_char(t, ',', 128);
    for (auto& v : c) v = trim(v);
    if (set_header(c)) return;
    if (columns.empty()) {
      headerless_row(c, number);
      return;
    }
    if (process_columns)
      process_row(c, number);
    else
      gpu_row(c, number);
  }
};

}  // namespace

void read_csv(const Lines& in, std::string_view csv_columns, SmiReading& out) {
  Reader r(out);
  if (!trim(csv_columns).empty()) {
    auto c = split_char(trim(csv_columns), ',', 128);
    for (auto& v : c) v = trim(v);
    r.set_header(c, true);
  }
  // Without --csv-columns, a `--query-gpu=` command pasted above a header-less answer names its columns
  // (from that line on; a header row below still wins).
  const bool given = !trim(csv_columns).empty();
  std::size_t next_query = 0;
  for (const auto& l : in.lines) {
    for (; !given && next_query < in.query_columns.size() && in.query_columns[next_query].first <= l.number;
         ++next_query) {
      auto c = split_char(in.query_columns[next_query].second, ',', 128);
      for (auto& v : c) v = trim(v);
      r.set_header(c, true);
    }
    r.line(l.text, l.number);
  }
  if (r.saw_process_header)
    for (auto& g : out.gpus) g.processes_listed = true;
  if (!out.gpus.empty()) out.format = SmiFormat::csv;
}

}  // namespace gw::diag
