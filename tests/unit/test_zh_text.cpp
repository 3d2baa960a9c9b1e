// Chinese screens read wholly in Chinese: the engine's zh sentences carry no English duration units
// ("43 h", "3.6 d") and the bundled catalog gives every descriptive region and instance type a zh name.
#include <doctest/doctest.h>

#include <regex>
#include <string>

#include "engine/recommend.hpp"
#include "test_recommend_fixtures.hpp"

using gw::test::bundled_catalog;
using gw::test::scenario_for;

namespace {

// A number followed by an English duration unit: "1.6 h", "3.6 d", "36 min", "6.0 s".
bool has_english_duration(const std::string& zh) {
  static const std::regex unit(R"(\d (h|d|min|s)(?![A-Za-z]))");
  return std::regex_search(zh, unit);
}

void check_zh(const gw::Text& t) {
  CAPTURE(t.zh);
  CHECK_FALSE(t.zh.empty());
  CHECK_FALSE(has_english_duration(t.zh));
}

}  // namespace

TEST_CASE("the English-unit detector finds what it should") {
  CHECK(has_english_duration("用时 43 h–3.6 d。"));
  CHECK(has_english_duration("约 36 min"));
  CHECK_FALSE(has_english_duration("用时 43 小时–3.6 天。"));
  CHECK_FALSE(has_english_duration("RTX 3090 x2 · 24 GiB"));
}

TEST_CASE("zh pick summaries, reasons and drop descriptions use Chinese duration units") {
  const gw::Catalog& cat = bundled_catalog();
  for (const char* preset : {"bert-base-finetune", "resnet50-train", "gpt2-124m-train"}) {
    for (gw::Goal goal : {gw::Goal::cheapest, gw::Goal::fastest, gw::Goal::value}) {
      CAPTURE(preset);
      CAPTURE(static_cast<int>(goal));
      gw::Scenario s = scenario_for(preset);
      s.constraints.goal = goal;
      s.constraints.deadline_hours = 200;
      const gw::Report rep = gw::recommend(s, cat);
      REQUIRE_FALSE(rep.rows.empty());
      check_zh(rep.summary);
      for (const gw::Row& r : rep.rows) {
        CAPTURE(r.offer);
        if (r.detailed) check_zh(r.reason);
        for (const gw::Text& w : r.risks) check_zh(w);
        for (const gw::Text& w : r.warnings) check_zh(w);
      }
      for (const gw::Dropped& d : rep.dropped) check_zh(gw::describe(d, rep, cat));
    }
  }
  // No offer meets a one-hour deadline: the summary names the nearest miss with both durations.
  gw::Scenario late = scenario_for("resnet50-train");
  late.constraints.deadline_hours = 1;
  const gw::Report none = gw::recommend(late, cat);
  REQUIRE(none.rows.empty());
  CHECK(none.summary.zh.find("小时") != std::string::npos);
  check_zh(none.summary);
}
