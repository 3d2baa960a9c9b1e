// The instance checker on more real nvidia-smi pastes from public GitHub issues: B200s on the 580 and 610
// banners, the China-market RTX 6000D, WSL and Windows tables (CUDA "ERR!", a fence glued to the
// timestamp, two-space indentation, nvidia-smi.exe behind a backtick), a Proxmox prompt carrying the
// timestamp, and copies that stop part-way through a line of the table. Each file in tests/data/nvidia-smi/
// is listed with its source in SOURCES.md; the checks are the facts the paste itself shows.
#include <doctest/doctest.h>

#include "engine/diagnose/diagnose.hpp"
#include "test_diagnose_fixtures.hpp"

using namespace gw::test::smi;

namespace {

bool contains(const std::string& s, const std::string& part) {
  return s.find(part) != std::string::npos;
}

// Every GPU of `r` matched to the catalog entry `id`, and `count` of them.
void all_are(const gw::DiagnoseReport& r, std::size_t count, const std::string& id) {
  REQUIRE_MESSAGE(r.gpus.size() == count, all_titles(r));
  for (const auto& g : r.gpus) {
    REQUIRE_MESSAGE(g.spec, g.label.en);
    CHECK(g.spec->id == id);
  }
}

// `count` GPUs, none matched, each labelled with `label`.
void none_known(const gw::DiagnoseReport& r, std::size_t count, const std::string& label) {
  REQUIRE_MESSAGE(r.gpus.size() == count, all_titles(r));
  for (const auto& g : r.gpus) {
    CHECK_MESSAGE(!g.spec, g.label.en);
    CHECK_MESSAGE(contains(g.label.en, label), g.label.en);
  }
}

void memory_is(const gw::GpuDiagnosis& g, double used, double total) {
  REQUIRE(g.reading.memory_used_mib);
  CHECK(g.reading.memory_used_mib->value == used);
  REQUIRE(g.reading.memory_total_mib);
  CHECK(g.reading.memory_total_mib->value == total);
}

void power_limit_is(const gw::GpuDiagnosis& g, double watts) {
  REQUIRE(g.reading.power_limit_w);
  CHECK(g.reading.power_limit_w->value == watts);
}

// The copy stops at line `line`, and the report says so instead of "Nothing wrong".
void cut_at(const gw::DiagnoseReport& r, int line) {
  CHECK(r.input.cut_short_at == line);
  CHECK_MESSAGE(!find(r, "ok"), all_titles(r));
}

}  // namespace

TEST_CASE("real pastes (more): B200s on the 580 and 610 banners") {
  SUBCASE("610 banner, two idle B200s at 1000 W, the copy ends on '+----'") {
    auto r = check("real-b200x2-kmd610-1000w-cut-table.txt");
    all_are(r, 2, "b200-180gb");
    driver_is(r, "610.43.02", "13.3");
    for (const auto& g : r.gpus) {
      memory_is(g, 0, 183359);
      power_limit_is(g, 1000);
    }
    CHECK(r.gpus[1].reading.bus_id == "00000000:68:00.0");
    CHECK_MESSAGE(loud(r) == 0, all_titles(r));
    CHECK_MESSAGE(!find(r, "power_limit"), all_titles(r));
    cut_at(r, 17);
  }
  SUBCASE("580 banner in a ```text fence, 166 GiB held at 0% busy, the copy ends on a lone '|'") {
    auto r = check("real-b200-580-166gib-held-cut-table.txt");
    all_are(r, 2, "b200-180gb");
    driver_is(r, "580.95.05", "13.0");
    memory_is(r.gpus[0], 166593, 183359);
    memory_is(r.gpus[1], 156996, 183359);
    CHECK(find(r, "memory_in_use"));
    CHECK_MESSAGE(!find(r, "power_limit"), all_titles(r));
    cut_at(r, 16);
  }
}

TEST_CASE("real pastes (more): the China-market RTX 6000D is not in the catalog") {
  auto r = check("real-rtx6000d-cut-table.txt");
  none_known(r, 2, "NVIDIA RTX 6000D (not in the catalog)");
  driver_is(r, "590.44.01", "13.1");
  for (const auto& g : r.gpus) {
    memory_is(g, 0, 85651);
    power_limit_is(g, 600);
    REQUIRE(g.reading.ecc_enabled);
    CHECK(g.reading.ecc_enabled->value);
  }
  cut_at(r, 14);  // inside GPU 1's third row
}

TEST_CASE("real pastes (more): an RTX 5090 below a bare 'nvidia-smi' line, cut in the process header") {
  auto r = check("real-rtx5090-bare-prompt-595-table.txt");
  all_are(r, 1, "rtx-5090");
  driver_is(r, "595.71.05", "13.2");
  memory_is(r.gpus[0], 492, 32607);
  power_limit_is(r.gpus[0], 600);
  CHECK_MESSAGE(loud(r) == 0, all_titles(r));
  cut_at(r, 18);
}

TEST_CASE("real pastes (more): WSL and Windows tables") {
  SUBCASE("CUDA Version: ERR! is no version; 'RTX 3060 ...' with 6 GiB at 80 W is the laptop GPU") {
    auto r = check("real-wsl-cuda-err-3060-laptop-cut-table.txt");
    all_are(r, 1, "rtx-3060-laptop");
    driver_is(r, "546.80", "");  // the Windows driver, not the WSL library's 545.46
    memory_is(r.gpus[0], 816, 6144);
    CHECK_MESSAGE(!find(r, "power_limit"), all_titles(r));
    cut_at(r, 13);
  }
  SUBCASE("'GeForce RTX 207...' cut inside a word stays cut, and is not in the catalog") {
    auto r = check("real-wsl-backtick-smi-exe-wddm-207x-table.txt");
    none_known(r, 1, "GeForce RTX 207... (not in the catalog)");
    driver_is(r, "460.15", "11.1");
    const auto& g = r.gpus[0].reading;
    memory_is(r.gpus[0], 176, 8192);
    REQUIRE(g.power_cap_missing);
    CHECK(g.power_cap_missing->value);
    REQUIRE(g.processes.size() == 2);
    CHECK(g.processes[0].name == "Insufficient Permissions");
    CHECK_FALSE(g.processes[0].used_mib);
    CHECK(r.input.cut_short_at == 20);
  }
  SUBCASE("a table indented two spaces: two 11 GiB GeForce cards at 250 W, GPU 1's row cut after memory") {
    auto r = check("real-windows-indented-2x-geforce-wddm-11gib-cut-table.txt");
    none_known(r, 2, "(one of 2 in the catalog)");
    driver_is(r, "517.48", "11.7");
    memory_is(r.gpus[0], 576, 11264);
    memory_is(r.gpus[1], 2152, 11264);
    CHECK_FALSE(r.gpus[1].reading.utilization_pct);
    cut_at(r, 14);
  }
  SUBCASE("a fence glued to the timestamp; 'GTX 1650 ...' at 30 W is a laptop GPU, not a capped desktop") {
    auto r = check("real-wsl-fence-glued-gtx1650-laptop-table.txt");
    none_known(r, 1, "NVIDIA GeForce GTX 1650 (a laptop GPU, not in the catalog)");
    driver_is(r, "537.13", "12.2");
    memory_is(r.gpus[0], 128, 4096);
    power_limit_is(r.gpus[0], 30);
    CHECK(r.count(gw::Severity::critical) == 0);
    CHECK_MESSAGE(!find(r, "power_limit"), all_titles(r));
    const gw::Finding* m = find(r, "model");
    REQUIRE_MESSAGE(m, all_titles(r));
    CHECK_MESSAGE(contains(m->title.en, "A laptop GPU"), m->title.en);
    CHECK_MESSAGE(contains(m->title.en, "30 W"), m->title.en);
  }
}

TEST_CASE("real pastes (more): prompts around the table") {
  SUBCASE("a Proxmox prompt carrying the timestamp, CUDA Version: N/A, a Quadro P400 100% busy") {
    auto r = check("real-pve-prompt-timestamp-quadro-p400-cuda-na-table.txt");
    none_known(r, 1, "Quadro P400 (not in the catalog)");
    driver_is(r, "460.32.04", "");
    memory_is(r.gpus[0], 1011, 2047);
    REQUIRE(r.gpus[0].reading.utilization_pct);
    CHECK(r.gpus[0].reading.utilization_pct->value == 100);
    CHECK(r.input.cut_short_at == 16);
  }
  SUBCASE("'bash-5.2# nvidia-smi', two A100 40GB SXM4 in E. Process mode, the copy ends on '+-----'") {
    auto r = check("real-bottlerocket-a100-40gb-sxm4-eprocess-cut-table.txt");
    all_are(r, 2, "a100-40gb-sxm4");
    driver_is(r, "580.126.09", "13.0");
    memory_is(r.gpus[0], 598, 40960);
    memory_is(r.gpus[1], 602, 40960);
    for (const auto& g : r.gpus) power_limit_is(g, 400);
    CHECK_MESSAGE(loud(r) == 0, all_titles(r));
    cut_at(r, 18);
  }
}

TEST_CASE("real pastes (more): the middle of an H800 node's -q, cut inside the next GPU") {
  auto r = check("real-h800-q-fragment-fabric-in-progress.txt");
  REQUIRE_MESSAGE(r.gpus.size() == 2, all_titles(r));
  const auto& tail = r.gpus[0];  // its header and name are above where the paste starts
  CHECK(!tail.spec);
  CHECK(contains(tail.label.en, "not named"));
  REQUIRE(tail.reading.max_sm_clock_mhz);
  CHECK(tail.reading.max_sm_clock_mhz->value == 1980);
  REQUIRE(tail.reading.sm_clock_mhz);
  CHECK(tail.reading.sm_clock_mhz->value == 345);
  REQUIRE(r.gpus[1].spec);
  CHECK(r.gpus[1].spec->id == "h800-sxm5-80gb");
  CHECK(r.gpus[1].reading.bus_id == "00000000:88:00.0");
  CHECK(r.input.cut_short_at == 35);
  // GPU 0's "Fabric / State : In Progress": not registered with the NVSwitch fabric, so CUDA will not start.
  const gw::Finding* fabric = find(r, "fabric");
  REQUIRE_MESSAGE(fabric, all_titles(r));
  CHECK(fabric->severity == gw::Severity::critical);
  CHECK(fabric->gpus == std::vector<int>{0});
  CHECK(contains(fabric->title.en, "In Progress"));
  CHECK_MESSAGE(loud(r) == 1, all_titles(r));
}

TEST_CASE("the NVLink fabric's state: registered is quiet, pending or failed is critical") {
  // The H800 paste above with its Fabric lines as nvidia-smi prints the other states.
  const std::string original = paste("real-h800-q-fragment-fabric-in-progress.txt");
  auto with = [&](const std::string& state, const std::string& status) {
    std::string text = original;
    const std::string from =
        "State                             : In Progress\n        Status                            : N/A";
    const auto at = text.find(from);
    REQUIRE(at != std::string::npos);
    text.replace(at, from.size(),
                 "State                             : " + state +
                     "\n        Status                            : " + status);
    return gw::diagnose(text, catalog());
  };
  CHECK_FALSE(find(with("Completed", "Success"), "fabric"));
  CHECK_FALSE(find(with("Not Supported", "N/A"), "fabric"));  // no NVSwitch
  const auto failed = with("Completed", "Failure");
  const gw::Finding* f = find(failed, "fabric");
  REQUIRE_MESSAGE(f, all_titles(failed));
  CHECK(f->severity == gw::Severity::critical);
  CHECK(contains(f->title.en, "error (Failure)"));
  const auto not_started = with("Not Started", "N/A");
  const gw::Finding* ns = find(not_started, "fabric");
  REQUIRE(ns);
  CHECK(contains(ns->title.en, "not ready (Not Started)"));
}
