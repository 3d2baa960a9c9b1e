// Kept catalog versions (issue 20 item 3): data/catalogs/ holds every released catalog, compiled into the
// native build, so an old share link and --catalog-version replay the prices a ranking was made with.
#include <doctest/doctest.h>

#include <string>

#include "engine/bundled.hpp"
#include "engine/catalog.hpp"
#include "engine/link.hpp"
#include "engine/recommend.hpp"

using namespace gw;

TEST_CASE("kept catalogs: each one loads and is named by its version") {
  const std::vector<std::string> versions = kept_catalog_versions();
  const CatalogLoad today = load_bundled_catalog();
  REQUIRE(today.catalog);
  REQUIRE(versions.size() >= 2);  // today's and at least one released before it
  CHECK(versions.front() == today.catalog->catalog_version);
  for (std::size_t i = 1; i < versions.size(); ++i) CHECK(versions[i] != versions[i - 1]);
  int older = 0;
  for (const std::string& v : versions) {
    CAPTURE(v);
    const CatalogLoad load = load_kept_catalog(v);
    for (const Problem& p : load.problems) MESSAGE(p.path << ": " << p.message);
    REQUIRE(load.catalog);
    CHECK(load.catalog->catalog_version == v);
    CHECK(!load.catalog->offers.empty());
    if (v != today.catalog->catalog_version) {
      ++older;
      CHECK(load.catalog->notes_file.empty());  // today's notes do not belong to it
      CHECK(!bundled_file("catalogs/catalog-" + v + ".json").empty());
    }
  }
  CHECK(older >= 1);
}

TEST_CASE("kept catalogs: a version not kept is one problem naming the kept ones") {
  const CatalogLoad load = load_kept_catalog("1999.1.1");
  CHECK(!load.catalog);
  REQUIRE(load.problems.size() == 1);
  CHECK(load.problems[0].path == "/catalog_version");
  CHECK(load.problems[0].message.find("1999.1.1") != std::string::npos);
  CHECK(load.problems[0].message.find(kept_catalog_versions().front()) != std::string::npos);
  CHECK(!load_kept_catalog("../catalog").catalog);
  CHECK(!load_kept_catalog("").catalog);
}

TEST_CASE("kept catalogs: an old catalog ranks the same job with its own prices") {
  const std::vector<std::string> versions = kept_catalog_versions();
  REQUIRE(versions.size() >= 2);
  const CatalogLoad old = load_kept_catalog(versions.back());
  const CatalogLoad today = load_bundled_catalog();
  REQUIRE(old.catalog);
  REQUIRE(today.catalog);
  const PresetLoad presets = load_presets(bundled_file("presets.json"));
  REQUIRE(!presets.presets.empty());
  Scenario s = default_scenario(presets.presets, *old.catalog);
  const Report then = recommend(s, *old.catalog, {});
  REQUIRE(!then.rows.empty());
  CHECK(then.catalog_version == versions.back());
  for (const Row& r : then.rows) CHECK(old.catalog->offer(r.offer) != nullptr);
  // A link made then names its version: decoded against today's catalog it is flagged as another one.
  s.catalog_version = versions.back();
  const std::string link = encode_link(s, presets.presets, {});
  const LinkDecode d = decode_link(link, presets.presets, *today.catalog);
  CHECK(d.catalog_version == versions.back());
  CHECK(d.catalog_mismatch);
}
