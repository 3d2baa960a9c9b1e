// The Chinese market a student rents in (issue 16): every platform has offers or a recorded reason, at least
// 100 Chinese offers, multi-card sizes, aging prices marked, and no price without its source and date.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>

#include "engine/catalog.hpp"

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

TEST_CASE("every Chinese platform students use has offers, or a recorded reason why not") {
  for (const char* id :
       {"autodl", "gpushare", "matpool", "featurize", "openbayes", "lanrui", "compshare", "virtaicloud",
        "aliyun", "aliyun-pai-dsw", "tencent", "tencent-hai", "huaweicloud", "volcengine", "baiducloud"}) {
    CAPTURE(id);
    const gw::UnpricedPlatform* u = unpriced(id);
    CHECK((offers_of(id) > 0) != (u != nullptr));  // one or the other, never both
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
    if (p->market != "cn") continue;
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
