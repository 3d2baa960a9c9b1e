// Fuzzes the instance checker end to end: pasted nvidia-smi output through diagnose() on the bundled
// catalog, then the web page's path (request JSON -> diagnose_json -> answer read back). The reader alone
// is fuzz_nvidia_smi's. Invariants: never throws or crashes; readings finite; findings most severe first,
// pointing at real GPUs, with short clean UTF-8 evidence; no sentence prints a number as nan or inf (the
// user's own text it quotes is masked first); the JSON path gives back the same findings.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "engine/diagnose/diagnose.hpp"
#include "fuzz/diagnose_quotes.hpp"
#include "fuzz/equal.hpp"
#include "fuzz/fixtures.hpp"

using namespace gw;
using namespace gw::testing;

namespace {

// The bundled catalog and CUDA driver table, parsed once: per input, only the checker runs.
const DiagnoseContext* g_context = nullptr;

template <class T>
void finite_seen(const std::optional<Seen<T>>& v, const char* what) {
  if constexpr (std::is_floating_point_v<T>)
    if (v) require(std::isfinite(v->value), "non-finite reading", what);
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  static const CudaDriverLoad cuda = bundled_cuda_driver_table();
  static const DiagnoseContext context{fixture_catalog(), cuda.table, cuda.problems};
  g_context = &context;
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const DiagnoseContext& context = *g_context;
  DiagnoseOptions options;
  // Vary the options with the input so every branch (CUDA check, pricing, header-less CSV) is reached.
  if (size % 3 == 1) options.cuda = "12.1";
  if (size % 3 == 2) options.cuda = "11.8", options.price_per_hour = 2.5;
  if (size % 5 == 4)
    options.csv_columns = "index,name,clocks.max.sm,clocks.sm,power.limit,pcie.link.width.current";

  const DiagnoseReport r = diagnose(text, context, options);
  require(r.input.gpus.size() + r.gpus.size() <= kDiagnoseMaxGpus + 0u, "more GPUs than the limit");
  require(r.input.bytes <= kDiagnoseMaxBytes, "read past the byte limit");
  for (const GpuDiagnosis& g : r.gpus) {
    const SmiGpu& s = g.reading;
    finite_seen(s.memory_total_mib, "memory_total");
    finite_seen(s.memory_used_mib, "memory_used");
    finite_seen(s.utilization_pct, "util");
    finite_seen(s.temperature_c, "temp");
    finite_seen(s.power_draw_w, "power_draw");
    finite_seen(s.power_limit_w, "power_limit");
    finite_seen(s.sm_clock_mhz, "sm_clock");
    finite_seen(s.max_sm_clock_mhz, "max_sm_clock");
    require(s.processes.size() <= static_cast<std::size_t>(kDiagnoseMaxProcesses), "too many processes");
  }
  require(!r.findings.empty(), "no finding at all: even garbage must get one that says so");
  PasteQuotes quotes(text, r, options);
  auto prints = [&](const Text& t) { return quotes.prints_nonfinite(t); };
  int last = 3;
  for (const Finding& f : r.findings) {
    const int sev = static_cast<int>(f.severity);
    require(sev <= last, "findings are not most severe first", f.check);
    last = sev;
    require(!f.check.empty() && !f.title.en.empty() && !f.title.zh.empty(), "finding without id or title",
            f.check);
    for (int i : f.gpus)
      require(i >= 0 && static_cast<std::size_t>(i) < r.gpus.size(), "finding points nowhere", f.check);
    require(f.evidence.text.size() <= 200, "evidence too long", f.check);
    require(clean_utf8(f.evidence.text), "evidence is not clean UTF-8", f.evidence.text);
    if (f.slowdown)
      require(std::isfinite(*f.slowdown) && *f.slowdown >= 0 && *f.slowdown <= 1, "slowdown out of range",
              f.check + " " + show(*f.slowdown));
    // A number the checker formats itself must never read "nan" or "inf"; the paste's own words may.
    for (const Text* t : {&f.title, &f.meaning, &f.action})
      require(!prints(*t), "a finding prints nan or inf", f.check + ": " + t->en);
  }
  require(!prints(r.summary), "the summary prints nan or inf", r.summary.en);
  // The web page's path (checker.wasm): the same request as JSON must give back an answer that reads, and
  // when the text crossed unchanged (JSON replaces broken UTF-8) the same findings.
  const std::string request = diagnose_request_json(text, options);
  std::string problem;
  const auto a = read_diagnose_answer(diagnose_json(request, context), problem);
  require(a.has_value(), "the checker's own answer does not read back", problem);
  const nlohmann::json sent = nlohmann::json::parse(request, nullptr, false);
  if (sent.is_object() && sent.contains("text") && sent["text"] == std::string(text)) {
    require(a->findings.size() == r.findings.size(), "the JSON path changed the number of findings");
    for (std::size_t i = 0; i < r.findings.size(); ++i)
      require(a->findings[i].check == r.findings[i].check &&
                  a->findings[i].title.en == r.findings[i].title.en &&
                  a->findings[i].evidence.text == r.findings[i].evidence.text,
              "the JSON path changed a finding", r.findings[i].check);
  }
  return 0;
}
