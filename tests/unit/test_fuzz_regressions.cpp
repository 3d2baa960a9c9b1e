// Fuzz findings kept as unit tests (issue 19), and proof that the fuzzers' non-finite check still bites.
// The fuzz targets run the same inputs from tests/fuzz/corpus/ on every tests/fuzz/run.sh.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "../fuzz/equal.hpp"
#include "../fuzz/fixtures.hpp"
#include "engine/link.hpp"
#include "engine/recommend.hpp"

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
