// The instance checker on what people paste (issue 17): quoted and fenced text, every driver banner from
// the 300s to 610, CSV headers with columns gpuwise does not know, nameless -q fragments, redacted bus
// ids, names the table cut, the findings of kind 7 and the traps that must stay quiet. The inputs are files
// in tests/data/nvidia-smi/: constructed ones, and (the "real pastes" cases at the end) real-* files taken
// from public GitHub issues, each listed with its source in SOURCES.md.
#include <doctest/doctest.h>

#include "engine/diagnose/diagnose.hpp"
#include "test_diagnose_fixtures.hpp"

using namespace gw::test::smi;

namespace {

// Every GPU of `r` matched to the catalog entry `id`, and `count` of them.
void all_are(const gw::DiagnoseReport& r, std::size_t count, const std::string& id) {
  REQUIRE_MESSAGE(r.gpus.size() == count, all_titles(r));
  for (const auto& g : r.gpus) {
    REQUIRE_MESSAGE(g.spec, g.label.en);
    CHECK(g.spec->id == id);
  }
}

bool contains(const std::string& s, const std::string& part) {
  return s.find(part) != std::string::npos;
}

// The finding `check` of `r`, which must be there and name `text` in its title.
void says(const gw::DiagnoseReport& r, const std::string& check, const std::string& text) {
  const gw::Finding* f = find(r, check);
  REQUIRE_MESSAGE(f, all_titles(r));
  CHECK_MESSAGE(contains(f->title.en, text), f->title.en);
}

}  // namespace

TEST_CASE("paste: markdown quotes, fences, prompts and CRLF do not hide the GPU") {
  auto r = check("quoted-rtx3090-table.md");
  REQUIRE(r.gpus.size() == 1);
  REQUIRE(r.gpus[0].spec);
  CHECK(r.gpus[0].spec->id == "rtx-3090");
  REQUIRE(r.input.driver_version);
  CHECK(r.input.driver_version->value == "550.54.14");
  CHECK(r.input.driver_version->line == 7);  // the line as pasted, quote and all

  auto n = check("nested-quote-crlf-a100-table.txt");
  REQUIRE(n.gpus.size() == 1);
  REQUIRE(n.gpus[0].spec);
  CHECK(n.gpus[0].spec->id == "a100-40gb-sxm4");
  CHECK(n.input.cuda_version->value == "12.2");
}

TEST_CASE("paste: driver banners from the 300s to 610") {
  auto t610 = check("h100-driver610-table.txt");
  REQUIRE(t610.input.driver_version);
  CHECK(t610.input.driver_version->value == "610.43.02");
  REQUIRE(t610.input.cuda_version);
  CHECK(t610.input.cuda_version->value == "13.3");
  REQUIRE(t610.gpus.size() == 1);
  REQUIRE(t610.gpus[0].spec);
  CHECK(t610.gpus[0].spec->id == "h100-sxm5-80gb");
  CHECK(find(t610, "driver_cuda"));
  CHECK(t610.findings[0].title.en.find("paste") == std::string::npos);

  auto q610 = check("h100-driver610-q.txt");
  REQUIRE(q610.input.driver_version);
  CHECK(q610.input.driver_version->value == "610.43.02");
  CHECK(q610.input.cuda_version->value == "13.3");

  auto t580 = check("rtx4090-driver580-table.txt");
  REQUIRE(t580.gpus.size() == 1);
  REQUIRE(t580.gpus[0].spec);
  CHECK(t580.gpus[0].spec->id == "rtx-4090");
  CHECK(t580.input.driver_version->value == "580.82.07");
  CHECK(t580.input.cuda_version->value == "13.0");

  auto t331 = check("gtx680-driver331-table.txt");
  REQUIRE(t331.gpus.size() == 1);
  CHECK(t331.gpus[0].reading.name->value == "GeForce GTX 680");
  REQUIRE(t331.input.driver_version);
  CHECK(t331.input.driver_version->value == "331.62");
  CHECK(!t331.input.cuda_version);
}

TEST_CASE("paste: an old driver never says 'CUDA up to ?'") {
  auto r = check("old-driver-340-table.txt");
  REQUIRE(r.found_gpu());
  const gw::Finding* f = find(r, "driver_cuda");
  REQUIRE(f);
  CHECK(f->title.en.find("?") == std::string::npos);
  CHECK(f->title.zh.find("?") == std::string::npos);
  CHECK(f->title.en.find("older than any CUDA") != std::string::npos);
}

TEST_CASE("paste: a CSV header is found by its shape, unknown columns and all") {
  auto r = check("rtx3090-unknown-columns.csv");
  CHECK(!r.input.csv_without_header);
  REQUIRE(r.gpus.size() == 1);
  const auto& g = r.gpus[0].reading;
  REQUIRE(g.memory_total_mib);
  CHECK(g.memory_total_mib->value == 24576);
  REQUIRE(g.utilization_pct);
  CHECK(g.utilization_pct->value == 99);
  REQUIRE(g.sm_clock_mhz);
  CHECK(g.sm_clock_mhz->value == 1095);
  REQUIRE(g.power_limit_w);
  CHECK(g.power_limit_w->value == 350);
  const gw::Finding* f = find(r, "max_clock");
  REQUIRE_MESSAGE(f, all_titles(r));
  CHECK(f->severity == gw::Severity::critical);
}

TEST_CASE("paste: the suggested CSV query has every column the checker reads") {
  std::string q = gw::kDiagnoseCsvQuery;
  for (const char* col : {"name", "utilization.gpu", "clocks.sm", "clocks.max.sm", "power.limit",
                          "memory.total", "memory.used", "pcie.link.width.current", "driver_version"})
    CHECK_MESSAGE(q.find(col) != std::string::npos, col);
  // And what it prints reads back: a header of exactly those columns.
  std::string cols = q.substr(q.find('=') + 1);
  cols = cols.substr(0, cols.find(' '));
  std::string csv =
      cols +
      "\n0, NVIDIA A100-SXM4-40GB, 535.104.05, P0, 00000000:07:00.0, 40960 MiB, 3 MiB, 0 %, "
      "30, [N/A], 55.1 W, 400.00 W, 400.00 W, 1410 MHz, 1410 MHz, 4, 4, 16, 16, 0x0000000000000000, 0, 0\n";
  auto r = gw::diagnose(csv, catalog());
  REQUIRE(r.gpus.size() == 1);
  REQUIRE(r.gpus[0].spec);
  CHECK(r.gpus[0].spec->id == "a100-40gb-sxm4");
  CHECK(r.gpus[0].reading.utilization_pct);
}

TEST_CASE("paste: a -q fragment without a name keeps its findings and says the GPU is unknown") {
  gw::DiagnoseOptions o;
  o.price_per_hour = 2.0;
  auto r = check("fragment-hw-brake-q.txt", o);
  REQUIRE(r.gpus.size() == 1);
  CHECK(!r.gpus[0].spec);
  const gw::Finding* t = find(r, "throttle");
  REQUIRE_MESSAGE(t, all_titles(r));
  CHECK(t->severity == gw::Severity::critical);
  CHECK(t->title.en.find("382 MHz") != std::string::npos);
  REQUIRE(t->slowdown);  // the brake gets a cost
  CHECK(t->meaning.en.find("CNY more") != std::string::npos);
  const gw::Finding* m = find(r, "model");
  REQUIRE(m);
  CHECK(m->title.en.find("GPU unknown") != std::string::npos);
  // The summary names no GPU rather than printing "(?)".
  CHECK_MESSAGE(r.summary.en.rfind("1 GPU, ", 0) == 0, r.summary.en);
  CHECK_MESSAGE(r.summary.zh.find("（?）") == std::string::npos, r.summary.zh);
}

TEST_CASE("paste: XML gets its own message in both languages") {
  auto r = check("xml-q-x.xml");
  CHECK(!r.found_gpu());
  REQUIRE(!r.findings.empty());
  CHECK(r.findings[0].title.en == "XML is not read; paste `nvidia-smi -q`");
  CHECK(r.findings[0].title.zh.find("XML") != std::string::npos);
  CHECK(r.findings[0].evidence.text.find("<?xml") != std::string::npos);  // the line it saw, not a blank
  CHECK(r.summary.en.find("XML") != std::string::npos);
}

TEST_CASE("paste: a redacted bus id does not hide the GPU") {
  auto r = check("redacted-busid-v100-table.txt");
  REQUIRE(r.gpus.size() == 2);
  for (const auto& g : r.gpus) {
    REQUIRE(g.spec);
    CHECK(g.spec->id == "v100-sxm2-16gb");
  }
}

TEST_CASE("identify: a cut name with 22.5 GiB at 450 W is a 4090 or a 3090 Ti") {
  auto r = check("cut-name-wsl-22gib-450w-table.txt");
  REQUIRE(r.gpus.size() == 1);
  CHECK(!r.gpus[0].spec);
  const gw::Finding* m = find(r, "model");
  REQUIRE(m);
  CHECK(m->title.en.find("GeForce RTX 4090") != std::string::npos);
  CHECK(m->title.en.find("GeForce RTX 3090 Ti") != std::string::npos);
  CHECK(m->title.en.find("TITAN") == std::string::npos);
  CHECK(m->title.en.find("1080") == std::string::npos);
  CHECK(m->title.en.find("RTX 3090,") == std::string::npos);
  CHECK(m->title.en.find("22.5 GiB") != std::string::npos);
  // The GPU's label agrees with the finding: a short list, not "not in the catalog".
  CHECK(r.gpus[0].label.en.find("(one of 2 in the catalog)") != std::string::npos);
  CHECK(r.gpus[0].label.zh.find("目录中 2 种之一") != std::string::npos);
}

TEST_CASE("findings: ERR! in the fan column") {
  auto r = check("fan-err-rtx3090-table.txt");
  const gw::Finding* f = find(r, "fan");
  REQUIRE_MESSAGE(f, all_titles(r));
  CHECK(f->severity == gw::Severity::warn);
  CHECK(f->evidence.text.find("ERR!") != std::string::npos);
}

TEST_CASE("findings: lifetime ECC errors and remapped rows are not 'no memory errors'") {
  auto r = check("a100-lifetime-ecc-q.txt");
  const gw::Finding* f = find(r, "ecc");
  REQUIRE_MESSAGE(f, all_titles(r));
  CHECK(f->title.en.find("1873 corrected") != std::string::npos);
  CHECK(f->title.en.find("3 remapped") != std::string::npos);
  for (const auto& x : r.findings) CHECK(x.meaning.en.find("memory errors or") == std::string::npos);
}

TEST_CASE("findings: 100% busy at a fifth of the power cap is a stalled GPU") {
  gw::DiagnoseOptions o;
  o.price_per_hour = 9.5;
  auto r = check("hung-kernel-a100-table.txt", o);
  const gw::Finding* f = find(r, "stalled");
  REQUIRE_MESSAGE(f, all_titles(r));
  CHECK(f->severity == gw::Severity::warn);
  CHECK(f->meaning.en.find("9.5 CNY an hour") != std::string::npos);
}

TEST_CASE("findings: a card at its full power cap under load is normal") {
  auto r = check("full-cap-under-load-rtx4090-q.txt");
  const gw::Finding* f = find(r, "throttle");
  REQUIRE(f);
  CHECK(f->severity == gw::Severity::info);
  CHECK_MESSAGE(loud(r) == 0, all_titles(r));
}

TEST_CASE("traps stay quiet") {
  SUBCASE("PCIe Gen1 at idle") {
    auto r = check("trap-pcie-gen1-idle-q.txt");
    CHECK_MESSAGE(!find(r, "pcie"), all_titles(r));
    CHECK(loud(r) == 0);
  }
  SUBCASE("a board's default power limit above the catalog TDP") {
    auto r = check("trap-board-default-above-tdp-q.txt");
    CHECK_MESSAGE(!find(r, "power_limit"), all_titles(r));
    CHECK(!find(r, "power_reading"));
    CHECK(loud(r) == 0);
  }
  SUBCASE("a T4 at 67 W of 70 W under load") {
    auto r = check("trap-t4-67w-of-70w-table.txt");
    REQUIRE(r.gpus[0].spec);
    CHECK(r.gpus[0].spec->id == "t4");
    CHECK_MESSAGE(loud(r) == 0, all_titles(r));
  }
  SUBCASE("desktop VRAM on a display GPU") {
    auto r = check("trap-desktop-vram-display-table.txt");
    CHECK_MESSAGE(!find(r, "memory_in_use"), all_titles(r));
    CHECK(loud(r) == 0);
  }
  SUBCASE("Windows desktop apps (C+G, memory N/A) on a display GPU") {
    auto r = check("trap-windows-desktop-cg-table.txt");
    CHECK_MESSAGE(!find(r, "memory_in_use"), all_titles(r));
    CHECK(loud(r) == 0);
  }
}

TEST_CASE("Windows: the compute process beside the desktop apps is the one named") {
  auto r = check("windows-python-c-table.txt");
  REQUIRE(r.gpus.size() == 1);
  REQUIRE(r.gpus[0].reading.processes.size() == 5);
  // WDDM prints N/A for a process's memory: no figure, and not part of the name.
  CHECK(r.gpus[0].reading.processes[0].name == "C:\\Windows\\explorer.exe");
  CHECK(!r.gpus[0].reading.processes[0].used_mib);
  const gw::Finding* f = find(r, "memory_in_use");
  REQUIRE_MESSAGE(f, all_titles(r));
  CHECK_MESSAGE(f->title.en.find("python.exe (pid 10344)") != std::string::npos, f->title.en);
  CHECK(f->title.en.find("explorer") == std::string::npos);
}

TEST_CASE("speed: a loaded context gives the same report as the one-shot call") {
  const gw::CudaDriverLoad cuda = gw::bundled_cuda_driver_table();
  const gw::DiagnoseContext ctx{catalog(), cuda.table, cuda.problems};
  for (const char* name :
       {"fragment-hw-brake-q.txt", "hung-kernel-a100-table.txt", "old-driver-340-table.txt"}) {
    auto a = gw::diagnose(paste(name), ctx);
    auto b = check(name);
    REQUIRE(a.findings.size() == b.findings.size());
    for (std::size_t i = 0; i < a.findings.size(); ++i)
      CHECK(a.findings[i].title.en == b.findings[i].title.en);
  }
}
TEST_CASE("identify: 8 GiB with no power cap is a laptop GPU") {
  auto r = check("cut-name-laptop-8gib-nocap-table.txt");
  REQUIRE(r.gpus.size() == 1);
  const gw::Finding* m = find(r, "model");
  REQUIRE_MESSAGE(m, all_titles(r));
  CHECK(m->title.en.find("laptop GPU") != std::string::npos);
  CHECK(m->title.en.find("GTX 1080") == std::string::npos);
  CHECK(m->title.en.find("Laptop") != std::string::npos);
}

TEST_CASE("identify: 16 GiB at 80 W is a laptop 3080, and 751 W on it is impossible") {
  auto r = check("laptop-3080-16gib-80w-751w-table.txt");
  REQUIRE(r.gpus.size() == 1);
  const auto& g = r.gpus[0];
  std::string named = g.spec ? g.spec->name : "";
  if (!g.spec) {
    const gw::Finding* m = find(r, "model");
    REQUIRE(m);
    named = m->title.en;
  }
  CHECK(named.find("3080") != std::string::npos);
  CHECK(named.find("Laptop") != std::string::npos);
  CHECK(named.find("(10GB)") == std::string::npos);
  const gw::Finding* p = find(r, "power_reading");
  REQUIRE_MESSAGE(p, all_titles(r));
  CHECK(p->title.en.find("751 W") != std::string::npos);
  CHECK(!find(r, "power_limit"));  // a laptop's TGP is no power cap
  CHECK(r.input.driver_version->value == "610.43.03");
}

TEST_CASE("laptop GPUs: identified, and a laptop at its maker's power setting is not capped") {
  SUBCASE("a -q from an RTX 3060 Laptop at its own 80 W limit (catalog top of range 115 W)") {
    auto r = check("laptop-3060-own-tgp-q.txt");
    REQUIRE(r.gpus.size() == 1);
    REQUIRE(r.gpus[0].spec);
    CHECK(r.gpus[0].spec->id == "rtx-3060-laptop");
    CHECK_MESSAGE(loud(r) == 0, all_titles(r));
  }
  SUBCASE("a cut name with 6 GiB on Windows is the laptop RTX 3060, not the 12 GB desktop card") {
    auto r = check("cut-name-3060-6gib-wddm-table.txt");
    REQUIRE(r.gpus.size() == 1);
    REQUIRE_MESSAGE(r.gpus[0].spec, all_titles(r));
    CHECK(r.gpus[0].spec->id == "rtx-3060-laptop");
    CHECK_MESSAGE(loud(r) == 0, all_titles(r));
  }
}

namespace {
// Two 4090s with 19.5 GiB in use, then the process table as far as `processes` goes.
std::string two_busy_4090s(const std::string& processes) {
  std::string t =
      "| NVIDIA-SMI 550.163.01             Driver Version: 550.163.01     CUDA Version: 12.4     |\n"
      "|=========================================+========================+======================|\n";
  for (const char* id : {"0", "1"})
    t += std::string("|   ") + id + "  NVIDIA GeForce RTX 4090        Off |   00000000:4" +
         (*id == '0' ? "E" : "F") +
         ":00.0 Off |                  Off |\n"
         "| 30%   29C    P8             22W /  450W |   20000MiB /  24564MiB |      0%      Default |\n"
         "+-----------------------------------------+------------------------+----------------------+\n";
  return t +
         "+-----------------------------------------------------------------------------------------+\n"
         "| Processes:                                                                              |\n" +
         processes;
}
const std::string kProcessHeader =
    "|  GPU   GI   CI        PID   Type   Process name                              GPU Memory |\n"
    "|        ID   ID                                                               Usage      |\n"
    "|=========================================================================================|\n";
const std::string kClose =
    "+-----------------------------------------------------------------------------------------+\n";
}  // namespace

TEST_CASE("paste: a process table cut short does not say no process holds the memory") {
  auto listed = [](const gw::DiagnoseReport& r) {
    REQUIRE(r.gpus.size() == 2);
    return std::pair{r.gpus[0].reading.processes_listed, r.gpus[1].reading.processes_listed};
  };
  auto says_nobody = [](const gw::DiagnoseReport& r) {
    for (const auto& f : r.findings)
      if (f.title.en.find("no process visible") != std::string::npos) return true;
    return false;
  };
  SUBCASE("cut right after 'Processes:' (a search excerpt, a copied screen)") {
    const auto r = gw::diagnose(two_busy_4090s(""), catalog());
    CHECK(listed(r) == std::pair{false, false});
    CHECK_FALSE(says_nobody(r));
    CHECK(find(r, "memory_in_use"));  // the memory is still reported
  }
  SUBCASE("cut after the header") {
    const auto r = gw::diagnose(two_busy_4090s(kProcessHeader), catalog());
    CHECK(listed(r) == std::pair{false, false});
    CHECK_FALSE(says_nobody(r));
  }
  SUBCASE("cut after GPU 0's rows: GPU 1's list was not seen") {
    const auto r = gw::diagnose(
        two_busy_4090s(
            kProcessHeader +
            "|    0   N/A  N/A     41234      C   python                                    19990MiB |\n"),
        catalog());
    CHECK(listed(r) == std::pair{true, false});
    REQUIRE(r.gpus[0].reading.processes.size() == 1);
  }
  SUBCASE("the whole table: header, no rows, closing border") {
    const auto r = gw::diagnose(two_busy_4090s(kProcessHeader + kClose), catalog());
    CHECK(listed(r) == std::pair{true, true});
    CHECK(says_nobody(r));
  }
  SUBCASE("'No running processes found'") {
    const auto r = gw::diagnose(
        two_busy_4090s(
            kProcessHeader +
            "|  No running processes found                                                             |\n"),
        catalog());
    CHECK(listed(r) == std::pair{true, true});
    CHECK(says_nobody(r));
  }
}

TEST_CASE("paste: 'CUDA Version : Not Found' (a vGPU host) is no version, and the driver table answers") {
  const std::string q =
      "==============NVSMI LOG==============\n\n"
      "Driver Version                            : 580.105.06\n"
      "CUDA Version                              : Not Found\n\n"
      "Attached GPUs                             : 1\n"
      "GPU 00000000:42:00.0\n"
      "    Product Name                          : NVIDIA GeForce RTX 4090\n"
      "    Performance State                     : P8\n";
  const auto r = gw::diagnose(q, catalog());
  REQUIRE(r.gpus.size() == 1);
  CHECK_FALSE(r.input.cuda_version);
  CHECK_MESSAGE(r.summary.en.find("Not Found") == std::string::npos, r.summary.en);
  const gw::Finding* f = find(r, "driver_cuda");
  REQUIRE_MESSAGE(f, all_titles(r));
  CHECK_MESSAGE(f->title.en.find("CUDA up to 13.0") != std::string::npos, f->title.en);
}

TEST_CASE("paste: -q cut after the first of 4 attached GPUs says 3 went unchecked") {
  std::string q =
      "Driver Version                            : 550.54.15\n"
      "CUDA Version                              : 12.4\n\n"
      "Attached GPUs                             : 4\n";
  const std::string gpu0 =
      "GPU 00000000:4F:00.0\n"
      "    Product Name                          : NVIDIA GeForce RTX 4090\n"
      "    Performance State                     : P8\n";
  auto lists = [](const gw::DiagnoseReport& r) {
    for (const auto& f : r.findings)
      if (f.title.en.rfind("The output lists", 0) == 0) return f.title.en;
    return std::string();
  };
  const auto cut = gw::diagnose(q + gpu0, catalog());
  REQUIRE(cut.gpus.size() == 1);
  CHECK(lists(cut) == "The output lists 4 GPUs; only 1 was read");
  // `nvidia-smi -q -i 0` prints the machine's count over one GPU's block: a note, never louder.
  CHECK(loud(cut) == 0);
  std::string all = q;
  for (const char* bus : {"4F", "50", "51", "52"})
    all += std::string("GPU 00000000:") + bus +
           ":00.0\n    Product Name                          : NVIDIA GeForce RTX 4090\n";
  const auto whole = gw::diagnose(all, catalog());
  CHECK(whole.gpus.size() == 4);
  CHECK(lists(whole).empty());
}

namespace {
// What the checker says about the memory already in use on the one GPU of `text`.
std::string memory_in_use_meaning(const std::string& text) {
  const auto r = gw::diagnose(text, catalog());
  const gw::Finding* f = find(r, "memory_in_use");
  REQUIRE_MESSAGE(f, all_titles(r));
  return f->meaning.en;
}
}  // namespace

TEST_CASE("findings: memory held on a GPU 47% busy is not said to sit on an idle GPU") {
  auto meaning = [](const std::string& util) {
    return memory_in_use_meaning(
        "Driver Version                      : 375.66\n\n"
        "Attached GPUs                       : 1\n"
        "GPU 0000:01:00.0\n"
        "    FB Memory Usage\n"
        "        Total                       : 1995 MiB\n"
        "        Used                        : 1934 MiB\n"
        "    Utilization\n"
        "        Gpu                         : " +
        util + "\n");
  };
  const std::string part = meaning("47 %");
  CHECK_MESSAGE(part.find("idle") == std::string::npos, part);
  CHECK_MESSAGE(part.find("47% busy") != std::string::npos, part);
  const std::string none = meaning("0 %");
  CHECK_MESSAGE(none.find("The GPU is idle") != std::string::npos, none);
}

TEST_CASE("findings: 3% busy at 162 W of 450 is a sample between kernels, not an idle GPU") {
  auto meaning = [](const std::string& power) {
    return memory_in_use_meaning(
        "| NVIDIA-SMI 560.35.03              Driver Version: 560.35.03      CUDA Version: 12.6     |\n"
        "|=========================================+========================+======================|\n"
        "|   0  NVIDIA GeForce RTX 4090        Off |   00000000:18:00.0 Off |                  Off |\n"
        "| 35%   55C    P2            " +
        power + " /  450W |   19809MiB /  24564MiB |      3%      Default |\n");
  };
  const std::string working = meaning("162W");
  CHECK_MESSAGE(working.find("idle") == std::string::npos, working);
  const std::string idle = meaning(" 22W");
  CHECK_MESSAGE(idle.find("The GPU is idle") != std::string::npos, idle);
}

TEST_CASE("real pastes: China-market A800s") {
  SUBCASE("SXM4 under a zsh powerline prompt, 70% busy with memory held: notes, not alarms") {
    auto r = check("real-a800-sxm4-powerline-prompt-table.txt");
    all_are(r, 2, "a800-80gb-sxm4");
    driver_is(r, "535.86.10", "12.2");
    CHECK(r.gpus[1].reading.memory_used_mib->value == 34639);
    CHECK_MESSAGE(loud(r) == 0, all_titles(r));
  }
  SUBCASE("PCIe pair with an idle vLLM server holding 75 GiB") {
    auto r = check("real-a800-pcie-x2-vllm-77gib-table.txt");
    all_are(r, 2, "a800-80gb-pcie");
    driver_is(r, "550.54.15", "12.4");
    says(r, "memory_in_use", "75 GiB of 80 GiB");
  }
}

TEST_CASE("real pastes: a table wrapped by an 80-column terminal reads like the unwrapped one") {
  auto plain = check("real-a800-pcie-x2-vllm-77gib-table.txt");
  auto wrapped = check("real-wrapped80-a800-pcie-x2-table.txt");
  all_are(wrapped, 2, "a800-80gb-pcie");
  driver_is(wrapped, "550.54.15", "12.4");
  for (const auto& g : wrapped.gpus) {
    REQUIRE(g.reading.memory_total_mib);
    CHECK(g.reading.memory_total_mib->value == 81920);
    REQUIRE(g.reading.pstate);
    CHECK(g.reading.pstate->value == "P0");
    REQUIRE(g.reading.ecc_enabled);  // the ECC cell sits on the wrapped part of the first row
  }
  CHECK_FALSE(wrapped.input.cut_short_at);
  REQUIRE(wrapped.findings.size() == plain.findings.size());
  for (std::size_t i = 0; i < plain.findings.size(); ++i)
    CHECK(wrapped.findings[i].title.en == plain.findings[i].title.en);
}

TEST_CASE("real pastes: GeForce desktops and their boards' own limits") {
  SUBCASE("two idle 4090s under a ```txt fence") {
    auto r = check("real-rtx4090x2-txt-fence-table.txt");
    all_are(r, 2, "rtx-4090");
    driver_is(r, "550.163.01", "12.4");
    CHECK_MESSAGE(loud(r) == 0, all_titles(r));
  }
  SUBCASE("two 5090s on the 610 banner, one board at 600 W") {
    auto r = check("real-rtx5090x2-kmd610-600w-table.txt");
    all_are(r, 2, "rtx-5090");
    driver_is(r, "610.57.04", "13.3");
    CHECK_MESSAGE(!find(r, "power_limit"), all_titles(r));
    CHECK(!find(r, "power_reading"));
  }
}

TEST_CASE("real pastes: names the table cut") {
  SUBCASE("'RTX 4090 ...' with 16 GiB and 150 W is the laptop GPU") {
    auto r = check("real-cut-4090-laptop-16gib-150w-table.txt");
    all_are(r, 1, "rtx-4090-laptop");
  }
  SUBCASE("'GeForce ...' with 8 GiB at a 280 W limit is no laptop GPU") {
    auto r = check("real-cut-geforce-8gib-280w-table.txt");
    REQUIRE(r.gpus.size() == 1);
    CHECK(!r.gpus[0].spec);
    const gw::Finding* m = find(r, "model");
    REQUIRE_MESSAGE(m, all_titles(r));
    CHECK(contains(m->title.en, "RTX 3070"));
    CHECK_MESSAGE(!contains(m->title.en, "Laptop"), m->title.en);
    CHECK(contains(r.gpus[0].label.en, "one of 2 in the catalog"));
  }
  SUBCASE("a lone backtick before the table; 'A100-SXM...' with 40 GiB, capped at 275 W") {
    auto r = check("real-cut-a100-sxm-275w-backtick-table.txt");
    all_are(r, 1, "a100-40gb-sxm4");
    driver_is(r, "470.82.01", "11.4");
    says(r, "power_limit", "275 W");
  }
  SUBCASE("gpustat lines above the table do not hide 'Tesla P100-PCIE...'") {
    auto r = check("real-gpustat-then-cut-p100-table.txt");
    all_are(r, 1, "p100-pcie-16gb");
    driver_is(r, "515.65.01", "11.7");
  }
  SUBCASE("'Tesla V100-DGXS...' is not in the catalog, and says so") {
    auto r = check("real-cut-v100-dgxs-driver410-table.txt");
    REQUIRE(r.gpus.size() == 1);
    CHECK(!r.gpus[0].spec);
    CHECK(contains(r.gpus[0].label.en, "(not in the catalog)"));
    driver_is(r, "410.48", "");
    CHECK(r.gpus[0].reading.memory_total_mib->value == 32478);
  }
}

TEST_CASE("real pastes: data-centre cards") {
  SUBCASE("A100 80GB SXM4 with MIG on at the HGX board's 500 W") {
    auto r = check("real-a100-80gb-mig-500w-table.txt");
    all_are(r, 2, "a100-80gb-sxm4");
    CHECK(find(r, "mig"));
    CHECK_MESSAGE(!find(r, "power_limit"), all_titles(r));
  }
  SUBCASE("a K80 in a container, driver 384") {
    auto r = check("real-k80-driver384-docker-table.txt");
    all_are(r, 1, "k80-per-gpu");
    driver_is(r, "384.66", "");
  }
  SUBCASE("Colab's T4, -q cut after Board ID") {
    auto r = check("real-colab-t4-q-cut.txt");
    all_are(r, 1, "t4");
    driver_is(r, "460.32.03", "11.2");
  }
}

TEST_CASE("real pastes: an unnamed GPU is unknown, not missing from the catalog") {
  auto r = check("real-nameless-q-d-memory-performance.txt");
  REQUIRE(r.gpus.size() == 1);
  CHECK(!r.gpus[0].spec);
  CHECK_MESSAGE(!contains(r.gpus[0].label.en, "not in the catalog"), r.gpus[0].label.en);
  CHECK_MESSAGE(!contains(r.gpus[0].label.en, "?"), r.gpus[0].label.en);
  CHECK(contains(r.gpus[0].label.en, "not named"));
  CHECK_MESSAGE(!contains(r.gpus[0].label.zh, "目录中没有"), r.gpus[0].label.zh);
  CHECK_FALSE(r.input.cuda_version);  // "Not Found"
  REQUIRE(r.input.attached_gpus);
  CHECK(r.input.attached_gpus->value == 4);
}

TEST_CASE("real pastes: header-less CSV takes its columns from the --query-gpu command above it") {
  auto r = check("real-pg500-216-prompt-csv-noheader.txt");
  REQUIRE(r.gpus.size() == 1);
  CHECK(!r.input.csv_without_header);
  REQUIRE(r.gpus[0].reading.memory_total_mib);
  CHECK(r.gpus[0].reading.memory_total_mib->value == 32768);
  CHECK(!r.gpus[0].spec);
  CHECK(contains(r.gpus[0].label.en, "Tesla PG500-216 (not in the catalog)"));
  // The same answer without the command: the columns cannot be told apart.
  auto bare = gw::diagnose("Tesla PG500-216, 32768 MiB, 0x1DF010DE\n", catalog());
  CHECK(bare.input.csv_without_header);
  // --csv-columns given by the user wins over the pasted command.
  gw::DiagnoseOptions o;
  o.csv_columns = "name,memory.used,pci.device_id";
  auto given = gw::diagnose(paste("real-pg500-216-prompt-csv-noheader.txt"), catalog(), o);
  REQUIRE(given.gpus.size() == 1);
  CHECK_FALSE(given.gpus[0].reading.memory_total_mib);
  CHECK(given.gpus[0].reading.memory_used_mib);
}

TEST_CASE("real pastes: Windows TCC table cut inside the second row") {
  auto r = check("real-windows-tcc-tesla-p4-cut-row-table.txt");
  REQUIRE(r.gpus.size() == 1);
  const auto& g = r.gpus[0].reading;
  CHECK(g.name->value == "Tesla P4");
  CHECK(!r.gpus[0].spec);
  driver_is(r, "538.15", "12.2");
  REQUIRE(g.pstate);  // from the partial cell "N/A   35C    P8"
  CHECK(g.pstate->value == "P8");
  REQUIRE(g.temperature_c);
  CHECK(g.temperature_c->value == 35);
  CHECK(r.input.cut_short_at);
}

TEST_CASE("real pastes: nvidia-smi -L above a table cut after GPU 1's first row") {
  auto r = check("real-list-then-table-quadro-rtx4000.txt");
  REQUIRE(r.gpus.size() == 2);
  for (const auto& g : r.gpus) {
    CHECK(!g.spec);
    CHECK(contains(g.label.en, "Quadro RTX 4000 (not in the catalog)"));
  }
  CHECK(r.gpus[1].reading.bus_id == "00000000:07:00.0");
  CHECK(r.input.cut_short_at);
  driver_is(r, "535.129.03", "12.2");
}
