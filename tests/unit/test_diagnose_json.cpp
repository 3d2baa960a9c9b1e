// The instance checker across the module boundary (the web page runs it as checker.wasm): a request and
// an answer in JSON must carry exactly what the panel would show from a direct diagnose() call.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "engine/bundled.hpp"
#include "engine/diagnose/diagnose.hpp"
#include "test_files.hpp"

namespace {

const gw::Catalog& bundled() {
  static const gw::CatalogLoad load = gw::load_catalog(gw::bundled_file("catalog.json"));
  REQUIRE(load.catalog.has_value());
  return *load.catalog;
}

void check_same_text(const gw::Text& a, const gw::Text& b) {
  CHECK(a.en == b.en);
  CHECK(a.zh == b.zh);
}

void check_same(const gw::DiagnoseAnswer& a, const gw::DiagnoseAnswer& b) {
  check_same_text(a.summary, b.summary);
  REQUIRE(a.gpu_labels.size() == b.gpu_labels.size());
  for (std::size_t i = 0; i < a.gpu_labels.size(); ++i) check_same_text(a.gpu_labels[i], b.gpu_labels[i]);
  REQUIRE(a.findings.size() == b.findings.size());
  for (std::size_t i = 0; i < a.findings.size(); ++i) {
    const gw::Finding& x = a.findings[i];
    const gw::Finding& y = b.findings[i];
    CAPTURE(x.check);
    CHECK(x.severity == y.severity);
    CHECK(x.check == y.check);
    CHECK(x.gpus == y.gpus);
    check_same_text(x.title, y.title);
    check_same_text(x.meaning, y.meaning);
    check_same_text(x.action, y.action);
    CHECK(x.evidence.line == y.evidence.line);
    CHECK(x.evidence.text == y.evidence.text);
    CHECK(x.evidence.section == y.evidence.section);
    CHECK(x.slowdown.has_value() == y.slowdown.has_value());
    if (x.slowdown && y.slowdown) CHECK(*x.slowdown == doctest::Approx(*y.slowdown).epsilon(1e-12));
  }
}

gw::DiagnoseAnswer through_json(const std::string& text, const gw::DiagnoseOptions& o) {
  const std::string answer = gw::diagnose_json(gw::diagnose_request_json(text, o), bundled());
  std::string problem;
  const auto read = gw::read_diagnose_answer(answer, problem);
  REQUIRE_MESSAGE(read.has_value(), problem);
  return *read;
}

}  // namespace

TEST_CASE("checker JSON: every corpus file gives the same answer through JSON as directly") {
  const std::filesystem::path dir = std::filesystem::path(GPUWISE_SOURCE_DIR) / "tests/data/nvidia-smi";
  int files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    std::ifstream in(entry.path(), std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    CAPTURE(entry.path().filename().string());
    gw::DiagnoseOptions o;
    o.cuda = "12.1";
    o.job_hours = 30;
    o.price_per_hour = 2.5;
    o.currency = "USD";
    check_same(through_json(ss.str(), o), gw::diagnose_answer(gw::diagnose(ss.str(), bundled(), o)));
    ++files;
  }
  CHECK(files >= 20);
}

TEST_CASE("checker JSON: options cross, broken UTF-8 in the paste does not stop it") {
  const std::string smi = "GPU 0: NVIDIA GeForce RTX 3090 (UUID: GPU-1234)\n\xff\xfe junk \xe4\xb8\n";
  gw::DiagnoseOptions o;
  o.csv_columns = "index,name";
  const auto a = through_json(smi, o);
  CHECK(a.gpu_labels.size() == 1);
  check_same(a, gw::diagnose_answer(gw::diagnose(smi, bundled(), o)));
  // The price and hours reach the slowdown's cost line.
  gw::DiagnoseOptions priced;
  priced.price_per_hour = 10;
  priced.job_hours = 100;
  const std::string paste = gw::test::tests_file("data/nvidia-smi/rtx3090-downclocked-q.txt");
  check_same(through_json(paste, priced), gw::diagnose_answer(gw::diagnose(paste, bundled(), priced)));
}

TEST_CASE("checker JSON: a request it cannot read is answered with a finding that says so") {
  for (const char* bad : {"", "not json", "[]", "{}", R"({"text": 3})",
                          R"({"text": "x", "job_hours": "ten"})", R"({"text": "x", "cuda": 12.1})"}) {
    CAPTURE(bad);
    std::string problem;
    const auto a = gw::read_diagnose_answer(gw::diagnose_json(bad, bundled()), problem);
    REQUIRE(a.has_value());
    REQUIRE(a->findings.size() == 1);
    CHECK(a->findings[0].severity == gw::Severity::critical);
    CHECK(a->findings[0].check == "input");
    CHECK(!a->summary.zh.empty());
  }
}

TEST_CASE("checker JSON: a malformed answer is refused with a reason, never half read") {
  const std::string good = gw::diagnose_json(gw::diagnose_request_json("garbage", {}), bundled());
  std::string problem;
  REQUIRE(gw::read_diagnose_answer(good, problem).has_value());
  for (
      const char* bad :
      {"", "null", "{}", R"({"summary": "x", "gpus": [], "findings": []})",
       R"({"summary": ["a", "b"], "gpus": [1], "findings": []})",
       R"({"summary": ["a", "b"], "gpus": [], "findings": [{"severity": "fatal"}]})",
       R"({"summary": ["a", "b"], "gpus": [], "findings": [{"severity": "warn", "check": "x", "text": "", "section": "",
            "line": -1, "gpus": [], "title": ["a", "b"], "meaning": ["a", "b"], "action": ["a", "b"]}]})",
       R"({"summary": ["a", "b"], "gpus": [], "findings": [{"severity": "warn", "check": "x", "text": "", "section": "",
            "line": 1, "gpus": [], "title": ["a", "b"], "meaning": ["a", "b"], "action": ["a", "b"], "slowdown": "x"}]})"}) {
    CAPTURE(bad);
    problem.clear();
    CHECK(!gw::read_diagnose_answer(bad, problem).has_value());
    CHECK(!problem.empty());
  }
}
