// Fuzz findings kept as unit tests (issue 19), and proof that the fuzzers' non-finite check still bites.
// The fuzz targets run the same inputs from tests/fuzz/corpus/ on every tests/fuzz/run.sh.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "../fuzz/diagnose_quotes.hpp"
#include "../fuzz/equal.hpp"
#include "../fuzz/fixtures.hpp"
#include "engine/diagnose/diagnose.hpp"
#include "engine/link.hpp"
#include "engine/recommend.hpp"
#include "test_files.hpp"

using namespace gw;
using namespace gw::testing;

namespace {

RecommendOptions fuzz_options() {  // as fuzz_recommend runs it
  RecommendOptions o;
  o.detailed_rows = 3;
  o.monte_carlo_trials = 64;
  return o;
}

// The link that stopped a fuzz_recommend campaign on a false alarm (issue 19).
constexpr const char* kQuotedInfLink =
    "#v=1&preset=llama2-13b-int3&budget=08c&ur=USD&deadline=2d&50-train&ref=GTX%2inf80:1:72&dl=0.3&dascr=1,2&"
    ",4fx=7.1&irate=0.2&ckigoal=fastest&spot=deny&ovrp=aws,gcp,lambda&lang=en";

// Every sentence of a report, to find the one that quotes the user.
bool report_says(const Report& r, const std::string& what) {
  auto in = [&](const Text& t) { return t.en.find(what) != std::string::npos; };
  if (in(r.summary)) return true;
  for (const Text& t : r.warnings)
    if (in(t)) return true;
  for (const Row& row : r.rows) {
    if (in(row.reason)) return true;
    for (const auto* list : {&row.warnings, &row.risks, &row.notes, &row.bill.notes})
      for (const Text& t : *list)
        if (in(t)) return true;
  }
  return false;
}

}  // namespace

TEST_CASE("fuzz regression: a report quoting the user's 'GTX%2inf80' is not a non-finite number (issue 19)") {
  const LinkDecode d = decode_link(kQuotedInfLink, fixture_presets(), fixture_catalog());
  REQUIRE(d.scenario.workload.reference.has_value());
  CHECK(d.scenario.workload.reference->gpu == "GTX%2inf80");
  const Report r = recommend(d.scenario, fixture_catalog(), fuzz_options());
  CHECK(r.problems.empty());
  // The report does quote it (else this test would prove nothing), and the old check, a bare word search,
  // took it for a number.
  REQUIRE(report_says(r, "'GTX%2inf80'"));
  CHECK(has_word("reference GPU 'GTX%2inf80' is not in the catalog", "inf"));
  CHECK(nonfinite_in(r, user_strings(d.scenario)) == "");
  CHECK(nonfinite_in(r) == "");  // quoted, so masked even without the user's strings
}

TEST_CASE("the fuzzers' non-finite check fires on a real NaN or infinity in a report") {
  const Scenario s = default_scenario(fixture_presets(), fixture_catalog());
  const std::vector<std::string> user = user_strings(s);
  const Report clean = recommend(s, fixture_catalog(), fuzz_options());
  REQUIRE(!clean.rows.empty());
  REQUIRE(nonfinite_in(clean, user) == "");

  Report r = clean;
  r.rows.front().cost.likely = std::numeric_limits<double>::quiet_NaN();
  CHECK(nonfinite_in(r, user).find("cost.likely") != std::string::npos);

  r = clean;
  r.rows.front().bill.total.high = std::numeric_limits<double>::infinity();
  CHECK(nonfinite_in(r, user).find("total.high") != std::string::npos);

  r = clean;
  r.warnings.push_back({"the job takes nan hours", "任务需要 nan 小时"});
  CHECK(nonfinite_in(r, user).find("warning") != std::string::npos);

  r = clean;
  r.rows.front().notes.push_back({"costs inf CNY", "费用 inf 元"});
  CHECK(nonfinite_in(r, user) != "");
}

TEST_CASE("masking the user's text hides only that text") {
  // What a sentence quotes is masked; an apostrophe inside a word is not a quote.
  CHECK(mask_quoted("GPU 'inf' and \"nan\" and \u201cinf\u201d") == "GPU '#' and '#' and '#'");
  CHECK(prints_nonfinite({"the GPU's clock is nan MHz, it's slow", ""}));
  // Unquoted echoes of the user's strings are masked when the caller names them.
  CHECK_FALSE(prints_nonfinite({"GPU 0: NVIDIA inf-9000 (not in the catalog)", ""}, {"NVIDIA inf-9000"}));
  CHECK(prints_nonfinite({"GPU 0: NVIDIA inf-9000 (not in the catalog)", ""}));
  // Quoted user text is masked, a formatted number beside it is not.
  CHECK_FALSE(prints_nonfinite(
      {"reference GPU 'GTX inf' is not in the catalog", "参考 GPU“GTX inf”不在目录中"}, {"GTX inf"}));
  CHECK(prints_nonfinite({"reference GPU 'GTX inf' took inf hours", ""}, {"GTX inf"}));
  // A user string that is itself "nan" is masked only where quoted: a bare nan is still a number.
  CHECK_FALSE(prints_nonfinite({"preset 'nan' is unknown", "预设“nan”未知"}, {"nan"}));
  CHECK(prints_nonfinite({"preset 'nan' took nan hours", ""}, {"nan"}));
  CHECK(prints_nonfinite({"", "需要 -nan 小时"}, {}));
  // Unmasked, any nan/inf word counts; letters around it do not ("finance", "information").
  CHECK(prints_nonfinite({"GTX%2inf80", ""}));
  CHECK_FALSE(prints_nonfinite({"information about finance", ""}));
}

// fuzz_diagnose, stop 27 and its CI: a finding quotes the paste's first line or a reading, and the paste's
// own double quote ("SMI"ha...", "Lim\x01\0\0"it") ended the quote early, so the paste's "inf W" read as
// a number the checker formatted.
TEST_CASE("fuzz regression: a paste's own inf, quoted by a finding past its quote mark, is not a number") {
  static const CudaDriverLoad cuda = bundled_cuda_driver_table();
  const DiagnoseContext context{fixture_catalog(), cuda.table, cuda.problems};
  for (const char* name : {"issue19-quote-in-paste-power.txt", "issue19-quote-in-paste-smi.txt"}) {
    const std::string text = test::tests_file(std::string("fuzz/corpus/diagnose/") + name);
    for (int variant = 0; variant < 3; ++variant) {  // the option sets fuzz_diagnose varies
      DiagnoseOptions options;
      if (variant == 1) options.cuda = "12.1";
      if (variant == 2) options.cuda = "11.8", options.price_per_hour = 2.5;
      const DiagnoseReport r = diagnose(text, context, options);
      PasteQuotes quotes(text, r, options);
      int quoting = 0;  // sentences the quote masking alone took for a broken number
      const std::vector<std::string> user = quoted_by_findings(text, r, options);
      for (const Finding& f : r.findings)
        for (const Text* t : {&f.title, &f.meaning, &f.action}) {
          INFO(name, " variant ", variant, ": ", t->en);
          quoting += prints_nonfinite(*t, user);
          CHECK_FALSE(quotes.prints_nonfinite(*t));
        }
      CHECK_FALSE(quotes.prints_nonfinite(r.summary));
      if (variant == 0) CHECK(quoting > 0);  // else this input no longer tests the case
    }
  }
}

TEST_CASE("a nan or inf copied from the paste is masked; one the checker formats is not") {
  const std::vector<std::string> lines = {"Power Draw : inf W", "NVIDIA-SMI\"ha failed Power Limit : inf W"};
  CHECK_FALSE(prints_nonfinite({"starts with \"NVIDIA-SMI\"ha failed Power Limit : inf W\"", ""}, {}, lines));
  CHECK_FALSE(prints_nonfinite({"", "开头是“Power Draw : inf W”"}, {}, lines));
  // The same word with the checker's own neighbours is a formatted number.
  CHECK(prints_nonfinite({"GPU 0 draws inf W of its 300 W limit", ""}, {}, lines));
  CHECK(prints_nonfinite({"starts with \"Power Draw : inf W\"; it runs at nan MHz", ""}, {}, lines));
  CHECK(prints_nonfinite({"GPU 0 draws inf W", ""}, {}, {}));
}

// fuzz_workload, CI of f8e392d: a preset with per-sample figures (and per_sample_px 0) given an image side
// wrote "per_sample_px": 0, and reading that back took the image side as the figures' size.
TEST_CASE("fuzz regression: a written per_sample_px of 0 reads back as 0, not as the image side") {
  const std::vector<Preset>& presets = fixture_presets();
  const auto sd = std::find_if(presets.begin(), presets.end(), [](const Preset& p) {
    return p.workload.gflops_per_sample > 0 && p.workload.per_sample_px == 0;
  });
  REQUIRE(sd != presets.end());
  const WorkloadLoad a = workload_from_json(R"({"image_px": 512, "batch": 2})", sd->workload);
  REQUIRE(a.workload);
  REQUIRE(a.workload->per_sample_px == 0);
  const WorkloadLoad b = workload_from_json(workload_to_json(*a.workload));
  REQUIRE(b.workload);
  CHECK(diff_workload(*a.workload, *b.workload).empty());
  // Without the key, figures given next to an image side are for that side.
  const WorkloadLoad c = workload_from_json(R"({"image_px": 512, "gflops_per_sample": 5})", sd->workload);
  REQUIRE(c.workload);
  CHECK(c.workload->per_sample_px == 512);
}
