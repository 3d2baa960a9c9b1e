// The input table (engine/input.hpp): one description per field that the CLI, share links, the page and
// validation all read. These tests check the table is complete and consistent, that its parsers read both
// languages' units, and that every door treats a field the same way.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdlib>
#include <fstream>
#include <set>
#include <sstream>
#include <string>

#include "engine/input.hpp"
#include "engine/link.hpp"
#include "engine/quote.hpp"
#include "engine/recommend.hpp"
#include "test_doc_sections.hpp"

namespace {

double parsed(bool (*parse)(std::string_view, double&), const char* text) {
  double v = -12345;
  REQUIRE_MESSAGE(parse(text, v), text);
  return v;
}

bool refused(bool (*parse)(std::string_view, double&), const char* text) {
  double v = 0;
  return !parse(text, v);
}

}  // namespace

TEST_CASE("durations read both languages' units, and nothing else") {
  using gw::parse_duration_hours;
  CHECK(parsed(parse_duration_hours, "48h") == 48);
  CHECK(parsed(parse_duration_hours, "2d") == 48);
  CHECK(parsed(parse_duration_hours, "1w") == 168);
  CHECK(parsed(parse_duration_hours, "90m") == doctest::Approx(1.5));
  CHECK(parsed(parse_duration_hours, "90 min") == doctest::Approx(1.5));
  CHECK(parsed(parse_duration_hours, "36s") == doctest::Approx(0.01));
  CHECK(parsed(parse_duration_hours, "3 days") == 72);
  CHECK(parsed(parse_duration_hours, "1.5") == 1.5);
  CHECK(parsed(parse_duration_hours, "3天") == 72);
  CHECK(parsed(parse_duration_hours, "2 小时") == 2);
  CHECK(parsed(parse_duration_hours, "30分钟") == doctest::Approx(0.5));
  CHECK(parsed(parse_duration_hours, "1周") == 168);
  CHECK(refused(parse_duration_hours, "soon"));
  CHECK(refused(parse_duration_hours, "h"));
  CHECK(refused(parse_duration_hours, "inf"));
  CHECK(refused(parse_duration_hours, "nan h"));
  CHECK(refused(parse_duration_hours, "2 fortnights"));
}

TEST_CASE("counts, sizes, shares and money") {
  CHECK(parsed(gw::parse_count_value, "340M") == 340e6);
  CHECK(parsed(gw::parse_count_value, "1.5B") == 1.5e9);
  CHECK(parsed(gw::parse_count_value, "7e9") == 7e9);
  CHECK(parsed(gw::parse_count_value, "1,200") == 1200);
  CHECK(parsed(gw::parse_count_value, "3万") == 3e4);
  CHECK(parsed(gw::parse_count_value, "1.2亿") == doctest::Approx(1.2e8));
  CHECK(refused(gw::parse_count_value, "7 billion-ish"));
  CHECK(parsed(gw::parse_size_gb, "100GB") == 100);
  CHECK(parsed(gw::parse_size_gb, "512MB") == 0.5);
  CHECK(parsed(gw::parse_size_gb, "1.5TB") == 1536);
  CHECK(parsed(gw::parse_share, "29%") == doctest::Approx(0.29));
  CHECK(parsed(gw::parse_share, "0.29") == doctest::Approx(0.29));
  double v = 0;
  CHECK(gw::parse_money("¥300", "CNY", v));
  CHECK(v == 300);
  CHECK(gw::parse_money("300元", "CNY", v));
  CHECK(gw::parse_money("$20", "USD", v));
  CHECK(v == 20);
  gw::Text why;
  CHECK_FALSE(gw::parse_money("$20", "CNY", v, &why));
  CHECK(why.en.find("USD") != std::string::npos);
  CHECK(why.zh.find("CNY") != std::string::npos);
}

TEST_CASE("one rule for a missing number") {
  CHECK(gw::format_significant(std::nan("")) == gw::kMissingNumber);
  CHECK(gw::format_significant(INFINITY) == gw::kMissingNumber);
  CHECK(gw::format_significant(1.25) == "1.25");
}

TEST_CASE("every field is described once and completely") {
  std::set<std::string> keys, flags, names;
  for (const gw::InputField& f : gw::input_fields()) {
    INFO(f.key);
    CHECK(keys.insert(f.key).second);
    CHECK(names.insert(f.name).second);
    if (*f.flag) CHECK(flags.insert(f.flag).second);
    if (*f.off_flag) CHECK(flags.insert(f.off_flag).second);
    CHECK_FALSE(f.label.en.empty());
    CHECK_FALSE(f.label.zh.empty());
    CHECK_FALSE(f.help.en.empty());
    CHECK_FALSE(f.help.zh.empty());
    const bool numeric = static_cast<bool>(f.get);
    CHECK(numeric == static_cast<bool>(f.set));
    CHECK(numeric != static_cast<bool>(f.get_text));
    if (f.type == gw::InputType::choice) CHECK_FALSE(f.choices.empty());
    if (numeric && f.type != gw::InputType::flag) CHECK(f.range.lo <= f.range.hi);
    if (f.optional) CHECK(numeric);
    CHECK(gw::find_input(f.key) == &f);
  }
}

TEST_CASE("defaults are inside every field's range") {
  const gw::Scenario s;
  CHECK(gw::check_input_ranges(s, true).empty());
  CHECK(gw::check_input_ranges(s, false).empty());
  CHECK(gw::validate_constraints(s.constraints).empty());
}

TEST_CASE("the CLI refuses what a link clamps, with the same range") {
  const gw::InputField* disk = gw::find_input("--disk");
  REQUIRE(disk);
  gw::Scenario s;
  const double before = s.constraints.disk_gb;
  const gw::InputSet strict = gw::set_input(*disk, s, "2000TB", false);
  CHECK(strict.status == gw::InputSet::out_of_range);
  CHECK(strict.message.en == "2000TB is out of range (between 0 and 1e+06 GB)");
  CHECK(s.constraints.disk_gb == before);
  const gw::InputSet lenient = gw::set_input(*disk, s, "2000TB", true);
  CHECK(lenient.status == gw::InputSet::clamped);
  CHECK(s.constraints.disk_gb == 1e6);
  const gw::InputSet bad = gw::set_input(*disk, s, "lots", true);
  CHECK(bad.status == gw::InputSet::bad);
  CHECK(bad.message.en == "'lots' is not a size such as 100GB or 1.5TB");
  CHECK(bad.message.zh == "'lots' 不是像 100GB 或 1.5TB 这样的大小");
}

TEST_CASE("every numeric field round-trips through its canonical text and a share link") {
  for (const gw::InputField& f : gw::input_fields()) {
    if (!f.get || f.type == gw::InputType::flag || !f.in_link) continue;
    INFO(f.key);
    gw::Scenario s;
    if (f.workload) s.workload.reference = gw::ReferenceRun{"rtx-3090", 2, 5};
    // A value strictly inside the range, not a round number.
    const double lo = f.range.lo, hi = std::min(f.range.hi, lo + 1000.0);
    double v = lo + (hi - lo) * 0.37;
    if (f.type == gw::InputType::integer) v = std::round(v);
    REQUIRE(gw::set_input(f, s, gw::exact_number(v) + (f.type == gw::InputType::duration ? "h" : ""), false)
                .status == gw::InputSet::ok);
    const std::string text = gw::input_text(f, s);
    gw::Scenario t;
    if (f.workload) t.workload.reference = gw::ReferenceRun{"rtx-3090", 2, 5};
    REQUIRE(gw::set_input(f, t, text, false).status == gw::InputSet::ok);
    CHECK(gw::input_text(f, t) == text);
    CHECK(*f.get(t) == *f.get(s));
  }
}

TEST_CASE("a range problem names its field and the range, the way every door words it") {
  gw::Scenario s;
  s.workload.micro_batch = -4;
  s.constraints.upload_mbps = 0;
  const auto w = gw::check_input_ranges(s, true);
  REQUIRE(w.size() == 1);
  CHECK(w[0].path == "batch");
  CHECK(w[0].message == "-4 is out of range (between 1 and 1e+08)");
  const auto c = gw::validate_constraints(s.constraints);
  REQUIRE(c.size() == 1);
  CHECK(c[0].path == "upload_mbps");
}

TEST_CASE("docs/input-ranges.md holds the table the code has") {
  check_doc_section("input-ranges.md", "input-table", gw::input_table_markdown());
}

TEST_CASE("a field added to the table reaches every door: the user's upload fee per GB") {
  // The whole change for this field was one table entry, the Constraints member and the bill line that
  // reads it; the CLI flag, link key, page row, validation and docs came from the table.
  const gw::InputField* f = gw::find_input("--ingress-price");
  REQUIRE(f);
  CHECK(std::string(f->key) == "ingress");
  CHECK(std::string(f->group) == "hidden");
  gw::Scenario s;
  s.constraints.dataset_gb = 20;
  CHECK(gw::set_input(*f, s, "¥0.5", false).status == gw::InputSet::ok);
  CHECK(*s.constraints.ingress_per_gb == 0.5);
  CHECK(gw::set_input(*f, s, "$0.5", false).status == gw::InputSet::bad);  // the scenario is in CNY
  const gw::CatalogLoad load = gw::load_bundled_catalog();
  REQUIRE(load.catalog);
  const gw::Catalog& cat = *load.catalog;
  const gw::Offer* offer = cat.offer("autodl-cn-rtx-3090-x1");
  REQUIRE(offer);
  const gw::Quote q = gw::price_offer(s, cat, *offer, gw::Pricing::on_demand, 10);
  REQUIRE(q.ok);
  double ingress = 0;
  for (const gw::CostLine& l : q.bill.lines)
    if (l.kind == gw::CostKind::ingress) ingress = l.amount.likely;
  CHECK(ingress == doctest::Approx(10));  // 20 GB x ¥0.5
  gw::Scenario none = s;
  none.constraints.ingress_per_gb.reset();
  const gw::Quote q0 = gw::price_offer(none, cat, *offer, gw::Pricing::on_demand, 10);
  CHECK(q.bill.total.likely == doctest::Approx(q0.bill.total.likely + 10));
  // The link carries it, and reads it back.
  const std::string link = gw::encode_link(s, {}, {});
  CHECK(link.find("&ingress=0.5") != std::string::npos);
}
