// The Chinese market a student rents in (issue 16): every platform has offers or a recorded reason, at least
// 100 Chinese offers, multi-card sizes, aging prices marked, and no price without its source and date.
#include <doctest/doctest.h>

#include <algorithm>
#include <set>
#include <string>

#include "engine/bundled.hpp"
#include "engine/catalog.hpp"
#include "engine/guide.hpp"

namespace {

const gw::Catalog& cat() {
  static const gw::Catalog c = *gw::load_bundled_catalog().catalog;
  return c;
}

int offers_of(const std::string& provider) {
  return static_cast<int>(std::count_if(cat().offers.begin(), cat().offers.end(),
                                        [&](const gw::Offer& o) { return o.provider == provider; }));
}

const gw::UnpricedPlatform* unpriced(const std::string& id) {
  for (const gw::UnpricedPlatform& u : cat().unpriced)
    if (u.id == id) return &u;
  return nullptr;
}

}  // namespace

TEST_CASE(
    "every Chinese platform students use has offers beyond one card type, or a recorded reason why not") {
  for (const char* id : {"autodl", "gpushare", "matpool", "featurize", "openbayes", "lanrui", "compshare",
                         "virtaicloud", "aliyun", "aliyun-pai-dsw", "tencent", "tencent-hai", "huaweicloud",
                         "volcengine", "baiducloud", "zhixingyun"}) {
    CAPTURE(id);
    const gw::UnpricedPlatform* u = unpriced(id);
    std::set<std::string> cards;
    for (const gw::Offer& o : cat().offers)
      if (o.provider == id) cards.insert(o.gpu);
    if (cards.empty()) CHECK(u);
    // One card type only: the rest of the line-up is missing, and the record says so and why.
    if (cards.size() == 1) {
      REQUIRE(u);
      CHECK(u->reason.en.rfind("Line-up incomplete", 0) == 0);
      CHECK(u->reason.zh.rfind("阵容不全", 0) == 0);
    }
    if (cards.size() > 1) CHECK(!u);
    if (u) {
      CHECK(!u->reason.en.empty());
      CHECK(!u->reason.zh.empty());
      CHECK(u->checked.size() == 10);
    }
  }
  for (const gw::Provider& p : cat().providers) {
    CAPTURE(p.id);
    CHECK((offers_of(p.id) > 0 || unpriced(p.id)));
  }
}

TEST_CASE("at least 100 Chinese offers, with 2-, 4- and 8-card sizes") {
  int cn = 0, multi = 0;
  for (const gw::Offer& o : cat().offers) {
    const gw::Provider* p = cat().provider(o.provider);
    REQUIRE(p);
    if (p->market != gw::ProviderMarket::cn) continue;
    ++cn;
    if (o.gpu_count > 1) ++multi;
  }
  CHECK(cn >= 100);
  CHECK(multi >= 40);
  for (int n : {2, 4, 8}) {
    CAPTURE(n);
    CHECK(cat().offer("autodl-cn-rtx-4090-x" + std::to_string(n)));
  }
  // Multi-card container sizes are the per-card price times the cards.
  const gw::Offer* one = cat().offer("autodl-cn-rtx-4090-x1");
  const gw::Offer* eight = cat().offer("autodl-cn-rtx-4090-x8");
  REQUIRE(one);
  REQUIRE(eight);
  CHECK(eight->on_demand_per_hour == doctest::Approx(8 * one->on_demand_per_hour));
}

TEST_CASE("a price more than 6 months older than the catalog carries a visible stale mark") {
  int y = 0, m = 0;
  auto months = [&](const std::string& d) {
    y = std::stoi(d.substr(0, 4));
    m = std::stoi(d.substr(5, 2));
    return y * 12 + m - 1;
  };
  const int now = months(cat().catalog_date);
  int stale = 0;
  for (const gw::Offer& o : cat().offers) {
    CAPTURE(o.id);
    if (now - months(o.price_date) <= 6) continue;
    ++stale;
    CHECK(o.notes.en.find("Stale:") != std::string::npos);
    CHECK(o.notes.zh.find("价格较旧") != std::string::npos);
  }
  CHECK(stale > 0);
}

TEST_CASE("the validator refuses a price without its source or its date") {
  std::string text = gw::catalog_to_json(cat());
  REQUIRE(gw::load_catalog(text).catalog);
  auto without = [&](const std::string& key) {
    const std::string needle = "\"" + key + "\": \"" + cat().offers[0].price_date + "\"";
    std::string t = text;
    if (key == "source") {
      const std::string s = "\"source\": \"" + cat().offers[0].source + "\"";
      const std::size_t at = t.find(s, t.find("\"offers\""));
      REQUIRE(at != std::string::npos);
      t.replace(at, s.size(), "\"source\": \"\"");
      return t;
    }
    const std::size_t at = t.find(needle, t.find("\"offers\""));
    REQUIRE(at != std::string::npos);
    t.replace(at, needle.size(), "\"unused_date\": \"x\"");
    return t;
  };
  const gw::CatalogLoad no_date = gw::load_catalog(without("price_date"));
  CHECK(!no_date.catalog);
  const bool names_date = std::any_of(no_date.problems.begin(), no_date.problems.end(),
                                      [](const gw::Problem& p) { return p.path == "/offers/0/price_date"; });
  CHECK(names_date);
  const gw::CatalogLoad no_source = gw::load_catalog(without("source"));
  CHECK(!no_source.catalog);
}

TEST_CASE("the Guide's student table lists the catalog's student programmes with the same sources") {
  const gw::GuideLoad g = gw::load_guide(gw::bundled_file("guide.json"));
  REQUIRE(g.guide);
  const gw::GuideTable* table = nullptr;
  for (const gw::GuideSection& s : g.guide->sections)
    for (const gw::GuideTable& t : s.tables)
      if (t.id == "student_offers") table = &t;
  REQUIRE(table);
  std::size_t expected = 0;
  for (const gw::Provider& p : cat().providers)
    for (const gw::Program& pr : p.programs) {
      if (!(pr.needs_student || pr.kind == gw::ProgramKind::student_discount ||
            pr.kind == gw::ProgramKind::member_discount || pr.kind == gw::ProgramKind::credit))
        continue;
      ++expected;
      CAPTURE(pr.id);
      const auto row =
          std::find_if(table->rows.begin(), table->rows.end(),
                       [&](const std::vector<gw::Text>& r) { return !r.empty() && r[0].en == pr.name.en; });
      REQUIRE(row != table->rows.end());
      CHECK((*row)[2].en == pr.source + ", " + pr.source_date);
      CHECK((*row)[1].en.find(pr.covers.en) != std::string::npos);
    }
  CHECK(table->rows.size() == expected);
  for (const auto& r : table->rows) CHECK(r[1].en.rfind("90% off", 0) == std::string::npos);
}

TEST_CASE("stale prices: age in months from the date given, oldest first, none for a bad date") {
  CHECK(gw::price_age_months("2026-05", "2026-12-04") == 7);
  CHECK(gw::price_age_months("2026-06-30", "2026-12-01") == 6);
  CHECK(gw::price_age_months("2027-01", "2026-12-01") == 0);
  CHECK(gw::price_age_months("2026-13", "2026-12-01") == -1);
  CHECK(gw::price_age_months("2026-05", "yesterday") == -1);
  const auto list = gw::stale_prices(cat(), "2026-12-04");
  REQUIRE(!list.empty());
  for (std::size_t i = 1; i < list.size(); ++i) CHECK(list[i - 1].age_months >= list[i].age_months);
  for (const auto& s : list) CHECK(s.age_months > 6);
  const auto none = gw::stale_prices(cat(), "2026-12-04", 1200);
  CHECK(none.empty());
  CHECK(gw::stale_prices(cat(), "not a date").empty());
  // Ten years on, every price is stale.
  CHECK(gw::stale_prices(cat(), "2036-12-04").size() == cat().offers.size());
}

TEST_CASE(
    "every platform without offers shows its reason to the user: the Guide's table of unpriced platforms") {
  const gw::GuideLoad g = gw::load_guide(gw::bundled_file("guide.json"));
  REQUIRE(g.guide);
  const gw::GuideTable* table = gw::find_guide_table(*g.guide, "unpriced_platforms");
  REQUIRE(table);
  REQUIRE(!cat().unpriced.empty());
  CHECK(table->rows.size() == cat().unpriced.size());
  for (const gw::UnpricedPlatform& u : cat().unpriced) {
    CAPTURE(u.id);
    const auto row =
        std::find_if(table->rows.begin(), table->rows.end(),
                     [&](const std::vector<gw::Text>& r) { return r.size() == 3 && r[0].en == u.name.en; });
    REQUIRE(row != table->rows.end());
    CHECK((*row)[0].zh == u.name.zh);
    CHECK((*row)[1].en == u.reason.en);
    CHECK((*row)[1].zh == u.reason.zh);
    CHECK((*row)[2].en == u.checked);
  }
}

TEST_CASE("Compshare's single-card list prices and Chinese offers counted per platform") {
  // Compshare's billing overview (2026-05-13) adds eight single cards to the two capacity-test rows.
  CHECK(offers_of("compshare") >= 10);
  int cn = 0;
  for (const gw::Offer& o : cat().offers) {
    const gw::Provider* p = cat().provider(o.provider);
    if (p && p->market == gw::ProviderMarket::cn) ++cn;
  }
  CHECK(cn >= 119);
}
