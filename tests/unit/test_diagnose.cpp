// The instance checker against a corpus of nvidia-smi outputs (tests/data/nvidia-smi/): several driver
// generations (418, 470, 525, 535, 550), the three forms (table, -q, CSV) and hostile input.
#include <doctest/doctest.h>

#include <cmath>
#include <random>

#include "engine/bundled.hpp"
#include "engine/diagnose/diagnose.hpp"
#include "test_files.hpp"

namespace {

std::string corpus(const std::string& name) {
  return gw::test::tests_file("data/nvidia-smi/" + name);
}

const gw::Catalog& catalog() {
  static const gw::CatalogLoad load = gw::load_bundled_catalog();
  REQUIRE_MESSAGE(load.catalog.has_value(), "bundled catalog does not load");
  return *load.catalog;
}

bool valid_utf8(const std::string& s) {
  for (std::size_t i = 0; i < s.size();) {
    unsigned char c = static_cast<unsigned char>(s[i]);
    std::size_t len = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
    if (len == 0 || i + len > s.size()) return false;
    for (std::size_t k = 1; k < len; ++k)
      if ((static_cast<unsigned char>(s[i + k]) >> 6) != 2) return false;
    i += len;
  }
  return true;
}

bool has_cjk(const std::string& s) {
  for (unsigned char c : s)
    if (c >= 0xE3 && c <= 0xE9) return true;
  return false;
}

// Every finding must be complete, bilingual and printable, whatever the input.
void check_well_formed(const gw::DiagnoseReport& r) {
  for (const auto& f : r.findings) {
    CAPTURE(f.check);
    CAPTURE(f.title.en);
    CHECK(!f.check.empty());
    for (const gw::Text* t : {&f.title, &f.meaning, &f.action}) {
      CHECK(!t->en.empty());
      CHECK(!t->zh.empty());
      CHECK(has_cjk(t->zh));
      CHECK(valid_utf8(t->en));
      CHECK(valid_utf8(t->zh));
      CHECK(t->en.find("nan") == std::string::npos);
      CHECK(t->en.find("inf ") == std::string::npos);
    }
    CHECK(valid_utf8(f.evidence.text));
    CHECK(valid_utf8(f.evidence.section));
    CHECK(f.evidence.text.size() <= 170);
    CHECK(f.evidence.line >= 0);
    CHECK(f.evidence.line <= r.input.lines);
    if (f.evidence.line == 0) CHECK(f.evidence.text.empty());
    for (int g : f.gpus) CHECK((g >= 0 && g < static_cast<int>(r.gpus.size())));
    if (f.slowdown) CHECK((std::isfinite(*f.slowdown) && *f.slowdown > 0 && *f.slowdown < 1));
  }
  CHECK(!r.summary.en.empty());
  CHECK(has_cjk(r.summary.zh));
  for (std::size_t i = 1; i < r.findings.size(); ++i)
    CHECK(r.findings[i - 1].severity >= r.findings[i].severity);
}

gw::DiagnoseReport run(const std::string& text, gw::DiagnoseOptions o = {}) {
  gw::DiagnoseReport r = gw::diagnose(text, catalog(), o);
  check_well_formed(r);
  return r;
}

const gw::Finding* find(const gw::DiagnoseReport& r, const std::string& check) {
  for (const auto& f : r.findings)
    if (f.check == check) return &f;
  return nullptr;
}

int worse_than_info(const gw::DiagnoseReport& r) {
  return r.count(gw::Severity::warn) + r.count(gw::Severity::critical);
}

bool contains(const std::string& s, const std::string& part) {
  return s.find(part) != std::string::npos;
}

}  // namespace

TEST_CASE("diagnose: a healthy A100 in all three forms is recognized and passes") {
  struct Case {
    const char* file;
    gw::SmiFormat format;
  } cases[] = {{"a100-healthy-q.txt", gw::SmiFormat::query},
               {"a100-healthy-table.txt", gw::SmiFormat::table},
               {"a100-healthy.csv", gw::SmiFormat::csv}};
  for (const auto& c : cases) {
    CAPTURE(c.file);
    auto r = run(corpus(c.file));
    CHECK(r.input.format == c.format);
    REQUIRE(r.gpus.size() == 1);
    REQUIRE(r.gpus[0].spec.has_value());
    CHECK(r.gpus[0].spec->id == "a100-40gb-sxm4");
    REQUIRE(r.input.driver_version.has_value());
    CHECK(r.input.driver_version->value == "535.104.05");
    CHECK(worse_than_info(r) == 0);
    CHECK(find(r, "ok") != nullptr);
    CHECK(r.findings.front().check == "ok");
  }
  // The -q form shows everything the checks need.
  auto q = run(corpus("a100-healthy-q.txt"));
  const auto& g = q.gpus[0].reading;
  CHECK(g.max_sm_clock_mhz->value == 1410);
  CHECK(g.pcie_width->value == 16);
  CHECK(g.pcie_gen_max->value == 4);
  CHECK(g.power_limit_w->value == 400);
  CHECK(g.persistence->value == true);
  CHECK(g.ecc_uncorrected_volatile->value == 0);
  CHECK(g.processes_listed);
  CHECK(q.input.cuda_version->value == "12.2");
  // An idle A100 reports "Idle" as its clock event reason: a note, not a problem.
  REQUIRE(find(q, "clock_now") != nullptr);
  CHECK(find(q, "clock_now")->severity == gw::Severity::info);
}

TEST_CASE("diagnose: the source article's down-clocked 3090 at 1095 MHz is critical, with its cost") {
  auto r = run(corpus("rtx3090-downclocked-q.txt"));
  REQUIRE(r.gpus.size() == 1);
  REQUIRE(r.gpus[0].spec.has_value());
  CHECK(r.gpus[0].spec->id == "rtx-3090");
  const gw::Finding* f = find(r, "max_clock");
  REQUIRE(f != nullptr);
  CHECK(f->severity == gw::Severity::critical);
  REQUIRE(f->slowdown.has_value());
  CHECK(*f->slowdown == doctest::Approx(1 - 1095.0 / 1695.0).epsilon(1e-6));
  CHECK(contains(f->title.en, "1095 MHz"));
  CHECK(contains(f->title.en, "1695 MHz"));
  CHECK(contains(f->evidence.text, "1095 MHz"));
  CHECK(f->evidence.section == "Max Clocks");
  CHECK(contains(f->meaning.en, "35% less speed"));
  CHECK(contains(f->meaning.en, "15.5 hours"));
  CHECK(contains(f->meaning.zh, "15.5"));
  CHECK(contains(f->action.en, "Contact support"));
  CHECK(r.findings.front().check == "max_clock");  // most severe first
  // Persistence off on this instance: a note.
  REQUIRE(find(r, "persistence") != nullptr);
  CHECK(find(r, "persistence")->severity == gw::Severity::info);

  SUBCASE("priced and with a longer job") {
    gw::DiagnoseOptions o;
    o.job_hours = 48;
    o.price_per_hour = 1.6;
    auto p = run(corpus("rtx3090-downclocked-q.txt"), o);
    const gw::Finding* pf = find(p, "max_clock");
    REQUIRE(pf != nullptr);
    CHECK(contains(pf->meaning.en, "48-hour job takes about 74.3 hours"));
    CHECK(contains(pf->meaning.en, "CNY"));
    CHECK(contains(pf->meaning.zh, "元"));
  }
  SUBCASE("the CSV form finds it too") {
    auto c = run(corpus("rtx3090-downclocked.csv"));
    REQUIRE(find(c, "max_clock") != nullptr);
    CHECK(find(c, "max_clock")->severity == gw::Severity::critical);
    CHECK(find(c, "max_clock")->evidence.line == 2);
  }
  SUBCASE("header-less CSV needs the column list") {
    auto bare = run(corpus("rtx3090-noheader.csv"));
    CHECK(bare.input.csv_without_header);
    CHECK(find(bare, "max_clock") == nullptr);
    REQUIRE(bare.gpus.size() == 1);
    CHECK(bare.gpus[0].spec.has_value());
    gw::DiagnoseOptions o;
    o.csv_columns = "name, driver_version, pstate, utilization.gpu, clocks.sm, clocks.max.sm";
    auto named = run(corpus("rtx3090-noheader.csv"), o);
    CHECK(!named.input.csv_without_header);
    REQUIRE(find(named, "max_clock") != nullptr);
  }
}

TEST_CASE("diagnose: a PCIe link at x4 is a 4x loss of host bandwidth") {
  auto r = run(corpus("rtx4090-pcie-x4-q.txt"));
  REQUIRE(r.gpus.size() == 1);
  CHECK(r.gpus[0].spec->id == "rtx-4090");
  const gw::Finding* f = find(r, "pcie");
  REQUIRE(f != nullptr);
  CHECK(f->severity == gw::Severity::warn);
  CHECK(contains(f->title.en, "x4"));
  CHECK(contains(f->title.en, "x16"));
  CHECK(contains(f->title.en, "4x less bandwidth"));
  CHECK(contains(f->meaning.en, "7.9 GB/s"));
  CHECK(contains(f->evidence.text, "4x"));
  // The 4090 at 2730 MHz under load is not down-clocked.
  CHECK(find(r, "max_clock") == nullptr);
  CHECK(find(r, "clock_now") == nullptr);
  // Its memory is held by a named process on a busy single GPU: most likely the user's own job.
  const gw::Finding* m = find(r, "memory_in_use");
  REQUIRE(m != nullptr);
  CHECK(m->severity == gw::Severity::info);
  CHECK(contains(m->title.en, "pid 2311"));
}

TEST_CASE("diagnose: driver against the CUDA version the framework needs") {
  const std::string v100 = corpus("v100x2-driver470-table.txt");
  auto with = [&](const std::string& text, const char* cuda) {
    gw::DiagnoseOptions o;
    o.cuda = cuda;
    auto r = run(text, o);
    const gw::Finding* f = find(r, "driver_cuda");
    REQUIRE(f != nullptr);
    return *f;
  };
  auto too_old = with(v100, "12.1");
  CHECK(too_old.severity == gw::Severity::critical);
  CHECK(contains(too_old.title.en, "525.60.13"));  // the least that works: 12.x minor-version compatibility
  CHECK(contains(too_old.title.en, "530.30.02"));  // the 12.1 toolkit's own driver
  CHECK(contains(too_old.action.en, "standard image"));
  CHECK(contains(too_old.action.zh, "标准镜像"));
  CHECK(too_old.evidence.line == 3);

  auto compat = with(v100, "11.8");  // 470 >= 450.80.02, < 520.61.05
  CHECK(compat.severity == gw::Severity::warn);
  CHECK(contains(compat.meaning.en, "minor-version compatibility"));

  CHECK(with(v100, "11.3").severity == gw::Severity::info);
  CHECK(with(v100, "cu113").severity == gw::Severity::info);
  CHECK(with(corpus("t4-driver418-table.txt"), "12.1").severity == gw::Severity::critical);
  CHECK(with(corpus("t4-driver418-table.txt"), "10.1").severity == gw::Severity::info);
  CHECK(with(corpus("rtx4090-pcie-x4-q.txt"), "12.4").severity == gw::Severity::info);
  CHECK(with(corpus("rtx4090-pcie-x4-q.txt"), "12.8").severity == gw::Severity::warn);
  CHECK(with(corpus("rtx4090-pcie-x4-q.txt"), "13.0").severity == gw::Severity::critical);
  // 12.7 was never released: judged by the 12.x floor and said so.
  auto missing = with(corpus("a100-healthy-q.txt"), "12.7");
  CHECK(missing.severity == gw::Severity::warn);
  CHECK(contains(missing.title.en, "not in NVIDIA's table"));

  // Without --cuda: what the driver runs.
  auto r = run(v100);
  const gw::Finding* f = find(r, "driver_cuda");
  REQUIRE(f != nullptr);
  CHECK(f->severity == gw::Severity::info);
  CHECK(contains(f->title.en, "CUDA up to 11.4"));
  // The table's names were cut ("Tesla V100-SXM2..."); memory size still tells which V100.
  REQUIRE(r.gpus.size() == 2);
  CHECK(r.gpus[0].reading.name_truncated);
  REQUIRE(r.gpus[0].spec.has_value());
  CHECK(r.gpus[0].spec->id == "v100-sxm2-16gb");
}

TEST_CASE("diagnose: power limit below TDP, and the power cap holding clocks down") {
  auto r = run(corpus("rtx3090-power-capped-q.txt"));
  const gw::Finding* p = find(r, "power_limit");
  REQUIRE(p != nullptr);
  CHECK(p->severity == gw::Severity::warn);
  CHECK(contains(p->title.en, "250 W"));
  CHECK(contains(p->title.en, "350 W"));
  CHECK(contains(p->meaning.en, "up to about 29%"));
  CHECK(contains(p->action.en, "nvidia-smi -pl 350"));  // lowered from the 350 W default
  CHECK(p->evidence.text.find("Enforced Power Limit") != std::string::npos);
  const gw::Finding* t = find(r, "throttle");
  REQUIRE(t != nullptr);
  CHECK(t->severity == gw::Severity::warn);
  CHECK(contains(t->title.en, "SW power cap"));
  REQUIRE(t->slowdown.has_value());
  CHECK(*t->slowdown == doctest::Approx(1 - 1425.0 / 1695.0).epsilon(1e-6));
}

TEST_CASE("diagnose: thermal throttling is critical and explained") {
  auto r = run(corpus("rtxa6000-thermal-q.txt"));
  const gw::Finding* t = find(r, "throttle");
  REQUIRE(t != nullptr);
  CHECK(t->severity == gw::Severity::critical);
  CHECK(contains(t->title.en, "HW thermal slowdown"));
  CHECK(contains(t->meaning.en, "93 C"));
  REQUIRE(t->slowdown.has_value());
  CHECK(*t->slowdown == doctest::Approx(1 - 810.0 / 1800.0).epsilon(1e-6));
  CHECK(contains(t->action.en, "Contact support"));
  CHECK(contains(t->evidence.text, "Active"));
}

TEST_CASE("diagnose: uncorrectable ECC errors and pending row remaps are critical") {
  auto r = run(corpus("a100-80gb-ecc-errors-q.txt"));
  REQUIRE(r.gpus.size() == 1);
  CHECK(r.gpus[0].spec->id == "a100-80gb-pcie");
  const auto& g = r.gpus[0].reading;
  CHECK(g.ecc_uncorrected_volatile->value == 2);  // SRAM parity + SEC-DED + DRAM, summed
  CHECK(g.ecc_corrected_volatile->value == 17);
  CHECK(g.retirement_pending.has_value());
  const gw::Finding* f = find(r, "ecc");
  REQUIRE(f != nullptr);
  CHECK(f->severity == gw::Severity::critical);
  CHECK(contains(f->title.en, "2 uncorrectable"));
  CHECK(contains(f->evidence.text, "DRAM Uncorrectable"));
  CHECK(f->evidence.section == "Volatile");
  // The 80 GB PCIe card's 300 W is its TDP: no power finding.
  CHECK(find(r, "power_limit") == nullptr);
}

TEST_CASE("diagnose: an 8x A100 node folds identical findings and spots the one busy GPU") {
  auto r = run(corpus("a100x8-table.txt"));
  REQUIRE(r.gpus.size() == 8);
  for (const auto& g : r.gpus) {
    REQUIRE(g.spec.has_value());
    CHECK(g.spec->id == "a100-80gb-sxm4");
  }
  const gw::Finding* p = find(r, "persistence");
  REQUIRE(p != nullptr);
  CHECK(p->gpus.size() == 8);  // one note for eight GPUs
  int persistence_findings = 0;
  for (const auto& f : r.findings) persistence_findings += f.check == "persistence";
  CHECK(persistence_findings == 1);
  const gw::Finding* m = find(r, "memory_in_use");
  REQUIRE(m != nullptr);
  CHECK(m->severity == gw::Severity::warn);  // busy while the other seven idle: someone else's job
  REQUIRE(m->gpus.size() == 1);
  CHECK(r.gpus[m->gpus[0]].reading.index == 5);
  CHECK(contains(m->title.en, "pid 408812"));
  CHECK(contains(m->meaning.en, "other GPUs of this machine are idle"));
  // The table has no clocks: it says what it cannot check.
  bool says_no_clock = false;
  for (const auto& f : r.findings) says_no_clock = says_no_clock || contains(f.title.en, "no max SM clock");
  CHECK(says_no_clock);
}

TEST_CASE("diagnose: memory held by a process on a single busy card is a note, not an alarm") {
  auto r = run(corpus("rtx3090-memory-used-table.txt"));
  const gw::Finding* m = find(r, "memory_in_use");
  REQUIRE(m != nullptr);
  CHECK(m->severity == gw::Severity::info);
  CHECK(contains(m->title.en, "18 GiB of 24 GiB"));
  CHECK(contains(m->meaning.en, "CUDA out of memory"));
  CHECK(contains(m->action.en, "kill 48213"));
  CHECK(m->evidence.line == 19);
}

TEST_CASE("diagnose: MIG slices and vGPUs smaller than the card") {
  auto t = run(corpus("a100-mig-table.txt"));
  const gw::Finding* m = find(t, "mig");
  REQUIRE(m != nullptr);
  CHECK(m->severity == gw::Severity::warn);
  REQUIRE(m->slowdown.has_value());
  CHECK(*m->slowdown == doctest::Approx(1 - 14.0 / 108.0).epsilon(1e-6));  // 14 of the A100's 108 SMs
  CHECK(contains(m->title.en, "9.5 GiB"));
  CHECK(find(t, "memory_in_use") == nullptr);

  // A cut name with MIG on (a real paste, nvitop pull request #8): the GPU row still shows the whole
  // card's 81920MiB beside 19968MiB slices, which tells the 80 GB card from the 40 GB one, so the slices
  // are measured against its 108 SMs.
  auto c = run(corpus("cut-name-a100-mig-table.txt"));
  REQUIRE(c.gpus.size() == 2);
  for (const auto& g : c.gpus) {
    REQUIRE(g.spec.has_value());
    CHECK(g.spec->id == "a100-80gb-sxm4");
  }
  CHECK(find(c, "not_in_catalog") == nullptr);
  const gw::Finding* cm = find(c, "mig");
  REQUIRE(cm != nullptr);
  REQUIRE(cm->slowdown.has_value());
  CHECK(*cm->slowdown == doctest::Approx(1 - 28.0 / 108.0).epsilon(1e-6));  // 2g.20gb: 28 SMs
  CHECK(contains(cm->title.en, "3 slice(s)"));
  CHECK(contains(cm->title.en, "20 GiB"));

  auto l = run(corpus("a100-mig-list.txt"));
  CHECK(l.input.format == gw::SmiFormat::list);
  const gw::Finding* lm = find(l, "mig");
  REQUIRE(lm != nullptr);
  REQUIRE(lm->slowdown.has_value());
  CHECK(*lm->slowdown == doctest::Approx(6.0 / 7.0).epsilon(1e-6));  // 1g of 7

  auto v = run(corpus("a100-vgpu-q.txt"));
  const gw::Finding* vf = find(v, "vgpu");
  REQUIRE(vf != nullptr);
  CHECK(vf->severity == gw::Severity::warn);
  CHECK(contains(vf->title.en, "4C"));
  CHECK(find(v, "model") == nullptr);
}

TEST_CASE("diagnose: garbage, empty, truncated and failed input get a clear message") {
  auto g = run(corpus("garbage.txt"));
  CHECK(!g.found_gpu());
  REQUIRE(!g.findings.empty());
  CHECK(g.findings[0].severity == gw::Severity::critical);
  CHECK(contains(g.findings[0].title.en, "No GPU found in this text"));
  CHECK(contains(g.findings[0].title.en, "root@autodl"));
  CHECK(g.findings[0].evidence.line == 1);

  auto e = run(corpus("empty.txt"));
  CHECK(!e.found_gpu());
  REQUIRE(e.findings.size() == 1);
  CHECK(contains(e.findings[0].title.en, "it is empty"));
  CHECK(contains(e.findings[0].title.zh, "空"));

  auto t = run(corpus("a100-truncated-q.txt"));
  REQUIRE(t.found_gpu());
  CHECK(t.input.cut_short_at == 93);
  bool says_cut = false;
  for (const auto& f : t.findings) says_cut = says_cut || contains(f.title.en, "cut short at line 93");
  CHECK(says_cut);
  CHECK(find(t, "ok") == nullptr);

  auto f = run(corpus("smi-failed.txt"));
  CHECK(!f.found_gpu());
  REQUIRE(f.findings.size() == 1);
  CHECK(f.findings[0].severity == gw::Severity::critical);
  CHECK(contains(f.findings[0].title.en, "could not reach the GPU"));
  CHECK(contains(f.findings[0].action.en, "standard image"));

  auto blank = run("   \n\n\t\n");
  CHECK(!blank.found_gpu());
  CHECK(contains(blank.findings[0].title.en, "it is empty"));
}

TEST_CASE("diagnose: 1 MB of noise, and noise around real output") {
  std::mt19937 rng(20261202);
  std::string noise;
  noise.reserve(1 << 20);
  const char* pieces[] = {
      "GPU ", "|",          " : ",        "MiB",  "00000000:07:00.0", "NVIDIA", ",",    "\n",   "P0",
      "x16",  "Max Clocks", "    SM  : ", "\r\n", "Driver Version",   "0x",     "MIG ", "(UUID"};
  while (noise.size() < (1u << 20)) {
    if (rng() % 4 == 0)
      noise += pieces[rng() % (sizeof pieces / sizeof *pieces)];
    else
      noise += static_cast<char>(rng() % 256);
  }
  auto r = run(noise);
  CHECK(r.input.bytes == noise.size());
  CHECK(!r.found_gpu());  // noise never invents a GPU
  CHECK(r.findings.front().severity == gw::Severity::critical);

  // A real -q output inside the noise is still found.
  auto mixed =
      run(noise.substr(0, 4096) + "\n" + corpus("rtx3090-downclocked-q.txt") + noise.substr(4096, 4096));
  bool down = false;
  for (const auto& f : mixed.findings) down = down || f.check == "max_clock";
  CHECK(down);
}

TEST_CASE("diagnose: input limits are enforced and reported") {
  // More than 4 MiB: cut, with a finding.
  std::string big = corpus("a100-healthy-table.txt");
  while (big.size() <= gw::kDiagnoseMaxBytes) big += std::string(1000, 'z') + "\n";
  auto r = run(big);
  CHECK(r.input.cut);
  CHECK(r.input.bytes == gw::kDiagnoseMaxBytes);
  CHECK(r.found_gpu());

  // One 2 MB line: read in part.
  auto longline = run(std::string(2u << 20, 'a'));
  CHECK(longline.input.long_lines == 1);
  CHECK(!longline.found_gpu());

  // 100 GPUs: the first 64 are read.
  std::string many;
  for (int i = 0; i < 100; ++i) {
    char bus[32];
    std::snprintf(bus, sizeof bus, "%08X:%02X:00.0", 0, i);
    many += "GPU " + std::string(bus) +
            "\n    Product Name : NVIDIA A100-SXM4-80GB\n    Persistence Mode : Enabled\n";
  }
  auto m = run(many);
  CHECK(m.gpus.size() == static_cast<std::size_t>(gw::kDiagnoseMaxGpus));
  CHECK(m.input.ignored_gpus == 36);
}

TEST_CASE("diagnose: line endings, pasting two forms together, determinism") {
  std::string q = corpus("rtx3090-downclocked-q.txt");
  std::string crlf;
  for (char c : q) crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
  auto a = run(q), b = run(crlf);
  REQUIRE(a.findings.size() == b.findings.size());
  for (std::size_t i = 0; i < a.findings.size(); ++i) {
    CHECK(a.findings[i].title.en == b.findings[i].title.en);
    CHECK(a.findings[i].evidence.line == b.findings[i].evidence.line);
  }
  // The table and -q of the same card: one GPU, the richer form leads, both are listed.
  auto both = run(corpus("a100-healthy-table.txt") + corpus("a100-healthy-q.txt"));
  REQUIRE(both.gpus.size() == 1);
  CHECK(both.input.format == gw::SmiFormat::query);
  CHECK(both.input.formats.size() == 2);
  CHECK(both.gpus[0].reading.max_sm_clock_mhz.has_value());
  // Same input, same report.
  auto again = run(q);
  REQUIRE(again.findings.size() == a.findings.size());
  for (std::size_t i = 0; i < a.findings.size(); ++i)
    CHECK(again.findings[i].meaning.zh == a.findings[i].meaning.zh);
  // A nonsense job length falls back to 10 hours rather than printing nan.
  gw::DiagnoseOptions o;
  o.job_hours = std::nan("");
  auto n = run(q, o);
  CHECK(contains(find(n, "max_clock")->meaning.en, "10-hour job"));
}

TEST_CASE("diagnose: the China-market A800 80GB PCIe is a card of the catalog") {
  // A real paste (Project-HAMi/HAMi issue #1903): before catalog 2026.12.8 both GPUs were "not in the
  // catalog", a warning that made every power and memory check compare only with the paste itself.
  auto r = run(corpus("a800-80gb-pcie-x2-table.txt"));
  REQUIRE(r.gpus.size() == 2);
  for (const auto& g : r.gpus) {
    REQUIRE(g.spec.has_value());
    CHECK(g.spec->id == "a800-80gb-pcie");
    REQUIRE(g.spec->tdp_w.has_value());
    CHECK(*g.spec->tdp_w == doctest::Approx(300));  // its 300 W cap is the stock limit, not a cut
  }
  for (const auto& f : r.findings) CHECK(f.severity == gw::Severity::info);
}

TEST_CASE("diagnose: every corpus file runs cleanly in both languages") {
  const char* files[] = {"a100-80gb-ecc-errors-q.txt",
                         "a100-healthy-q.txt",
                         "a100-healthy-table.txt",
                         "a100-healthy.csv",
                         "a100-mig-list.txt",
                         "a100-mig-table.txt",
                         "a100-truncated-q.txt",
                         "a100-vgpu-q.txt",
                         "a100x2-nounits.csv",
                         "a100x8-table.txt",
                         "a800-80gb-pcie-x2-table.txt",
                         "cut-name-a100-mig-table.txt",
                         "empty.txt",
                         "garbage.txt",
                         "rtx3090-downclocked-q.txt",
                         "rtx3090-downclocked.csv",
                         "rtx3090-memory-used-table.txt",
                         "rtx3090-noheader.csv",
                         "rtx3090-power-capped-q.txt",
                         "rtx4090-pcie-x4-q.txt",
                         "rtxa6000-thermal-q.txt",
                         "smi-failed.txt",
                         "t4-driver418-table.txt",
                         "v100x2-driver470-table.txt"};
  for (const char* f : files) {
    CAPTURE(f);
    gw::DiagnoseOptions o;
    o.cuda = "12.1";
    auto r = run(corpus(f), o);
    CHECK(!r.findings.empty());
    for (const auto& x : r.findings) CHECK(x.title.en != x.title.zh);
  }
  auto nounits = run(corpus("a100x2-nounits.csv"));
  REQUIRE(nounits.gpus.size() == 2);
  CHECK(nounits.gpus[1].reading.index == 1);
  CHECK(nounits.gpus[0].spec->id == "a100-80gb-pcie");
  CHECK(nounits.gpus[0].reading.memory_used_mib->value == 61233);
}

TEST_CASE("cuda driver table: bundled facts and version parsing") {
  auto load = gw::bundled_cuda_driver_table();
  REQUIRE_MESSAGE(load.table.has_value(), (load.problems.empty() ? "" : load.problems[0].message));
  const auto& t = *load.table;
  CHECK(!t.source.empty());
  CHECK(!t.source_date.empty());
  REQUIRE(t.toolkits.size() >= 20);
  for (std::size_t i = 1; i < t.toolkits.size(); ++i)  // newest first, driver never decreasing with CUDA
    CHECK(gw::compare_driver_versions(t.toolkits[i - 1].min_driver, t.toolkits[i].min_driver) >= 0);
  auto driver_for = [&](int ma, int mi) {
    for (const auto& e : t.toolkits)
      if (e.major == ma && e.minor == mi) return e.min_driver;
    return std::string();
  };
  CHECK(driver_for(11, 8) == "520.61.05");
  CHECK(driver_for(12, 1) == "530.30.02");
  CHECK(driver_for(12, 4) == "550.54.14");
  CHECK(driver_for(12, 8) == "570.26");
  bool twelve = false;
  for (const auto& c : t.minor_compat) twelve = twelve || (c.major == 12 && c.min_driver == "525.60.13");
  CHECK(twelve);

  CHECK(gw::parse_cuda_version("12.1") == std::make_pair(12, 1));
  CHECK(gw::parse_cuda_version("12.4.1") == std::make_pair(12, 4));
  CHECK(gw::parse_cuda_version("cu118") == std::make_pair(11, 8));
  CHECK(gw::parse_cuda_version("CUDA 12.8") == std::make_pair(12, 8));
  CHECK(gw::parse_cuda_version("cu92") == std::make_pair(9, 2));
  CHECK(!gw::parse_cuda_version("12"));
  CHECK(!gw::parse_cuda_version("twelve"));
  CHECK(!gw::parse_cuda_version("12.x"));
  CHECK(!gw::parse_cuda_version(""));
  CHECK(gw::compare_driver_versions("535.104.05", "535.54.03") > 0);
  CHECK(gw::compare_driver_versions("570.26", "570.26.00") == 0);
  CHECK(gw::compare_driver_versions("470.82.01", "525.60.13") < 0);

  auto bad = gw::load_cuda_driver_table("{\"toolkits\": [{\"cuda\": \"twelve\", \"min_driver\": \"x\"}]}");
  CHECK(!bad.table);
  bool names_path = false;
  for (const auto& p : bad.problems) names_path = names_path || p.path == "/toolkits/0/cuda";
  CHECK(names_path);
  CHECK(!gw::load_cuda_driver_table("not json").table);
}
