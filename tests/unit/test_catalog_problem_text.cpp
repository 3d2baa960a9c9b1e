// A catalog's problems in Chinese (issue 16 item 5, the page's import): the loader's English sentences, which
// the CLI prints unchanged, each get a Chinese sentence with the same names and numbers.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "engine/catalog.hpp"
#include "engine/problem_text.hpp"

namespace {

const std::string& bundled_text() {
  static const std::string t = gw::catalog_to_json(*gw::load_bundled_catalog().catalog);
  return t;
}

// The bundled catalog with the first `from` (after `after`) replaced by `to`.
std::string edited(const std::string& from, const std::string& to, const std::string& after = "\"offers\"") {
  std::string t = bundled_text();
  const std::size_t at = t.find(from, t.find(after));
  REQUIRE(at != std::string::npos);
  t.replace(at, from.size(), to);
  return t;
}

bool has_cjk(const std::string& s) {
  for (unsigned char c : s)
    if (c >= 0xE3 && c <= 0xE9) return true;  // lead bytes of U+3000-U+9FFF in UTF-8
  return false;
}

const char* kFallback = "目录问题（英文原文）：";

}  // namespace

TEST_CASE("problem text: the loader's messages read in Chinese with the same names and numbers") {
  CHECK(gw::problem_text({"/offers/0/source", "Required field \"source\" is missing."}).zh ==
        "缺少必填字段 \"source\"。");
  const gw::Text t = gw::problem_text(
      {"/offers/0/gpu_count", "\"gpu_count\" must be a whole number, not a string (\"2\")."});
  CHECK(t.en == "\"gpu_count\" must be a whole number, not a string (\"2\").");
  CHECK(t.zh == "\"gpu_count\" 应为整数，而不是字符串 (\"2\")。");
  CHECK(gw::problem_text(
            {"",
             "\"on_demand_per_hour\" must be greater than 0 (got 0); leave the field out when the value "
             "is unknown."})
            .zh == "\"on_demand_per_hour\" 必须大于 0（当前为 0）；数值未知时请省略该字段。");
  CHECK(gw::problem_text({"", "Offer \"a\" lists its month package twice; keep one."}).zh ==
        "报价 \"a\" 列了两次包月套餐；只保留一个。");
  CHECK(gw::problem_text({"", "Offer id \"x\" is already used at /offers/3."}).zh ==
        "报价 id \"x\" 已在 /offers/3 使用。");
  // A sentence no template knows keeps its English under a Chinese lead-in: nothing is lost or guessed.
  const gw::Text other = gw::problem_text({"", "Something new went wrong."});
  CHECK(other.en == "Something new went wrong.");
  CHECK(other.zh == std::string(kFallback) + "Something new went wrong.");
}

TEST_CASE("problem text: every problem of a broken catalog has its own Chinese sentence") {
  const std::vector<std::pair<std::string, std::string>> edits = {
      {"\"gpu_count\": 1", "\"gpu_count\": \"2\""},
      {"\"gpu_count\": 1", "\"gpu_count\": 0"},
      {"\"price_date\": \"2026-08-13\"", "\"price_date\": \"2026-13\""},
      {"\"price_date\": \"2026-08-13\"", "\"price_dates\": \"2026-08-13\""},
      {"\"on_demand_per_hour\": 0.88", "\"on_demand_per_hour\": -1"},
      {"\"gpu\": \"rtx-2080-ti\"", "\"gpu\": \"no-such-gpu\""},
      {"\"provider\": \"autodl\"", "\"provider\": \"nowhere\""},
      {"\"currency\": \"CNY\"", "\"currency\": \"EUR\""},
      {"\"id\": \"autodl-cn-rtx-2080-ti-x1\"", "\"id\": \"Bad Id\""},
      {"\"region\": {", "\"region\": 5, \"x\": {"},
  };
  for (const auto& [from, to] : edits) {
    CAPTURE(to);
    const gw::CatalogLoad load = gw::load_catalog(edited(from, to));
    CHECK(!load.catalog);
    REQUIRE(!load.problems.empty());
    for (const gw::Problem& p : load.problems) {
      CAPTURE(p.message);
      const gw::Text t = gw::problem_text(p);
      CHECK(t.en == p.message);
      CHECK(has_cjk(t.zh));
      CHECK(t.zh.rfind(kFallback, 0) == std::string::npos);
    }
  }
  const gw::CatalogLoad not_json = gw::load_catalog("{\"gpus\": [");
  REQUIRE(!not_json.problems.empty());
  CHECK(gw::problem_text(not_json.problems[0]).zh.rfind("文本不是有效的 JSON", 0) == 0);
}
