// The bundled catalog in two files: data/catalog.json (the core, naming its notes file) and
// data/catalog-notes.json (citations and notes by id). Applied, they give exactly the single-file catalog;
// a bad notes file is refused with paths and leaves the catalog as it was; a complete file still loads alone.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include "engine/bundled.hpp"
#include "engine/catalog.hpp"

namespace {

using json = nlohmann::json;

std::string listed(const std::vector<gw::Problem>& problems) {
  std::string s;
  for (const gw::Problem& p : problems) s += "[" + p.path + "] " + p.message + "\n";
  return s;
}

gw::Catalog core() {
  gw::CatalogLoad load = gw::load_catalog(gw::bundled_file("catalog.json"));
  INFO(listed(load.problems));
  REQUIRE(load.catalog.has_value());
  return std::move(*load.catalog);
}

json notes_json() {
  return json::parse(std::string(gw::bundled_file("catalog-notes.json")));
}

// The problems of applying `notes` to the bundled core; the core must come out unchanged.
std::vector<gw::Problem> refused(const std::string& notes) {
  gw::Catalog c = core();
  const std::string before = gw::catalog_to_json(c);
  std::vector<gw::Problem> problems = gw::apply_catalog_notes(c, notes);
  CHECK_FALSE(problems.empty());
  CHECK(gw::catalog_to_json(c) == before);
  CHECK(c.notes_file == "catalog-notes.json");
  return problems;
}

bool has(const std::vector<gw::Problem>& problems, const std::string& path, const std::string& fragment) {
  for (const gw::Problem& p : problems)
    if (p.path == path && p.message.find(fragment) != std::string::npos) return true;
  return false;
}

}  // namespace

TEST_CASE("the bundled core names its notes file and leaves the citations to it") {
  const gw::Catalog c = core();
  CHECK(c.notes_file == "catalog-notes.json");
  CHECK_FALSE(gw::bundled_file("catalog-notes.json").empty());
  CHECK(c.offers.front().source.empty());
  CHECK(c.providers.front().source.empty());
  CHECK(c.gpus.front().notes.empty());
  // The citations are required all the same once the notes are applied: here every one is missing.
  const std::vector<gw::Problem> missing = gw::missing_sources(c);
  CHECK(missing.size() >= c.offers.size() + c.providers.size() + c.gpus.size());
  CHECK(has(missing, "/offers/0/source", "missing"));
}

TEST_CASE(
    "the core leaves every piece of prose to the notes: billing, access, programmes, unpriced reasons") {
  const gw::Catalog c = core();
  const std::vector<gw::Problem> missing = gw::missing_sources(c);
  std::size_t programs = 0, access = 0;
  for (std::size_t i = 0; i < c.providers.size(); ++i) {
    const gw::Provider& p = c.providers[i];
    CHECK(p.billing_note.empty());
    CHECK(p.session_note.empty());
    CHECK(p.access.notes.empty());
    CHECK(p.access.source.empty());
    if (!p.access.empty()) CHECK_FALSE(p.access.source_date.empty());  // facts and their date stay
    for (std::size_t k = 0; k < p.programs.size(); ++k) {
      CHECK(p.programs[k].source.empty());
      CHECK(p.programs[k].qualifies.empty());
      CHECK(has(missing, "/providers/" + std::to_string(i) + "/programs/" + std::to_string(k) + "/source",
                "\"source\" is missing"));
      ++programs;
    }
    if (!p.access.empty()) {
      CHECK(has(missing, "/providers/" + std::to_string(i) + "/access/source", "missing"));
      ++access;
    }
  }
  CHECK(programs > 10);
  CHECK(access > 10);
  REQUIRE_FALSE(c.unpriced.empty());
  CHECK(c.unpriced.front().reason.empty());
  CHECK(has(missing, "/unpriced/0/reason", "\"reason\" is missing"));

  // Applied, each is back, in both languages.
  const gw::Catalog whole = *gw::load_bundled_catalog().catalog;
  CHECK_FALSE(whole.unpriced.front().reason.zh.empty());
  CHECK_FALSE(whole.providers.front().programs.front().covers.en.empty());
  CHECK_FALSE(whole.providers.front().access.notes.en.empty());
}

TEST_CASE("core and notes applied equal the same catalog loaded from one merged file") {
  // Merged here as JSON, independently of apply_catalog_notes.
  json single = json::parse(std::string(gw::bundled_file("catalog.json")));
  const json notes = notes_json();
  CHECK(notes["catalog_version"] == single["catalog_version"]);
  single.erase("notes_file");
  for (const char* section : {"gpus", "providers", "offers", "unpriced"})
    for (json& item : single[section]) {
      const std::string id = item["id"].get<std::string>();
      if (!notes[section].contains(id)) continue;
      json entry = notes[section][id];
      // A provider's access and programmes nest: {"access": {...}, "programs": {"<id>": {...}}}.
      if (entry.contains("access")) item["access"].update(entry["access"]);
      if (entry.contains("programs"))
        for (json& g : item["programs"])
          if (entry["programs"].contains(g["id"].get<std::string>()))
            g.update(entry["programs"][g["id"].get<std::string>()]);
      entry.erase("access");
      entry.erase("programs");
      item.update(entry);
    }
  const gw::CatalogLoad one = gw::load_catalog(single.dump());
  INFO(listed(one.problems));
  REQUIRE(one.catalog.has_value());
  CHECK(one.catalog->notes_file.empty());

  const gw::CatalogLoad bundled = gw::load_bundled_catalog();
  INFO(listed(bundled.problems));
  REQUIRE(bundled.catalog.has_value());
  CHECK(bundled.catalog->notes_file.empty());
  CHECK(gw::missing_sources(*bundled.catalog).empty());
  CHECK(gw::catalog_to_json(*bundled.catalog) == gw::catalog_to_json(*one.catalog));
  // What `gpuwise catalog export` writes: one complete file, no notes file named.
  CHECK(gw::catalog_to_json(*bundled.catalog).find("notes_file") == std::string::npos);

  gw::Catalog c = core();
  const std::vector<gw::Problem> problems =
      gw::apply_catalog_notes(c, gw::bundled_file("catalog-notes.json"));
  INFO(listed(problems));
  CHECK(problems.empty());
  CHECK(gw::catalog_to_json(c) == gw::catalog_to_json(*one.catalog));
}

TEST_CASE("a complete single-file catalog with its prose inline still loads, and still needs its sources") {
  const std::string text = gw::catalog_to_json(*gw::load_bundled_catalog().catalog);
  const gw::CatalogLoad load = gw::load_catalog(text);
  INFO(listed(load.problems));
  REQUIRE(load.catalog.has_value());
  CHECK(load.catalog->notes_file.empty());
  CHECK_FALSE(load.catalog->offers.front().source.empty());
  CHECK_FALSE(load.catalog->gpus.front().notes.empty());

  json j = json::parse(text);
  j["offers"][3].erase("source");
  j["providers"][1].erase("source");
  const gw::CatalogLoad unsourced = gw::load_catalog(j.dump());
  CHECK_FALSE(unsourced.catalog.has_value());
  CHECK(has(unsourced.problems, "/offers/3/source", "missing"));
  CHECK(has(unsourced.problems, "/providers/1/source", "missing"));

  // The same for the prose the notes file may carry inside a provider, and an unpriced platform's reason.
  json k = json::parse(text);
  k["providers"][0]["programs"][0].erase("source");
  k["providers"][0]["access"].erase("source");
  k["unpriced"][0].erase("reason");
  const gw::CatalogLoad bare = gw::load_catalog(k.dump());
  CHECK(has(bare.problems, "/providers/0/programs/0/source", "missing"));
  CHECK(has(bare.problems, "/providers/0/access/source", "missing"));
  CHECK(has(bare.problems, "/unpriced/0/reason", "missing"));

  j["notes_file"] = "../secrets.json";
  CHECK(has(gw::load_catalog(j.dump()).problems, "/notes_file", "file name"));
}

TEST_CASE("a notes file for another catalog version is refused") {
  json n = notes_json();
  n["catalog_version"] = "1999.1.1";
  const auto problems = refused(n.dump());
  CHECK(has(problems, "/catalog_version", "belong to catalog 1999.1.1"));
  CHECK(problems.size() == 1);
}

TEST_CASE("bad notes files are refused with paths and leave the catalog untouched") {
  const std::string gpu = core().gpus.front().id, offer = core().offers.front().id;
  SUBCASE("not JSON") {
    const auto problems = refused("{\"schema_version\": 1,\n \"gpus\": {");
    CHECK(has(problems, "", "not valid JSON (line 2"));
  }
  SUBCASE("not an object") {
    CHECK(has(refused("[1, 2]"), "", "must be a JSON object, not an array"));
  }
  SUBCASE("unknown ids") {
    json n = notes_json();
    n["offers"]["no-such-offer"] = {{"source", "x"}};
    n["gpus"]["rtx-9090"] = {{"notes", "x"}};
    const auto problems = refused(n.dump());
    CHECK(has(problems, "/offers/no-such-offer", "no offer \"no-such-offer\""));
    CHECK(has(problems, "/gpus/rtx-9090", "no GPU"));
  }
  SUBCASE("wrong types") {
    json n = notes_json();
    n["gpus"][gpu]["source"] = 5;
    n["offers"][offer]["source"] = json::array();
    n["providers"] = "none";
    const auto problems = refused(n.dump());
    CHECK(has(problems, "/gpus/" + gpu + "/source", "must be a string, not a number (5)"));
    CHECK(has(problems, "/offers/" + offer + "/source", "must be a string, not an array"));
    CHECK(has(problems, "/providers", "must be an object keyed by id"));
  }
  SUBCASE("unknown fields, empty text, a missing version") {
    json n = notes_json();
    n.erase("catalog_version");
    n["offers"][offer]["price"] = 1;
    n["gpus"][gpu]["source"] = " ";
    const auto problems = refused(n.dump());
    CHECK(has(problems, "/catalog_version", "missing"));
    CHECK(has(problems, "/offers/" + offer + "/price", "Unknown field"));
    CHECK(has(problems, "/gpus/" + gpu + "/source", "must not be empty"));
  }
  SUBCASE("a provider's programmes and access") {
    const gw::Catalog c = core();
    const gw::Provider& p = c.providers.front();
    REQUIRE_FALSE(p.programs.empty());
    std::string bare;  // a provider without access facts, if the catalog has one
    for (const gw::Provider& q : c.providers)
      if (q.access.empty()) bare = q.id;
    json n = notes_json();
    n["providers"][p.id]["programs"]["no-such-programme"] = {{"notes", {{"en", "x"}}}};
    n["providers"][p.id]["programs"][p.programs.front().id]["amount"] = 5;
    n["providers"][p.id]["access"]["alipay"] = true;
    if (!bare.empty()) n["providers"][bare]["access"] = {{"notes", {{"en", "x"}}}};
    const auto problems = refused(n.dump());
    const std::string at = "/providers/" + p.id;
    CHECK(
        has(problems, at + "/programs/no-such-programme", "no programme \"no-such-programme\" of provider"));
    CHECK(has(problems, at + "/programs/" + p.programs.front().id + "/amount", "Unknown field"));
    CHECK(has(problems, at + "/access/alipay", "Unknown field"));
    if (!bare.empty()) CHECK(has(problems, "/providers/" + bare + "/access", "no access facts"));

    json w = notes_json();
    w["providers"][p.id]["access"] = "alipay";
    w["providers"][p.id]["programs"] = json::array();
    w["unpriced"]["no-such-platform"] = {{"reason", {{"en", "x"}}}};
    const auto wrong = refused(w.dump());
    CHECK(has(wrong, at + "/access", "must be an object"));
    CHECK(has(wrong, at + "/programs", "must be an object keyed by id"));
    CHECK(has(wrong, "/unpriced/no-such-platform", "no unpriced platform"));
  }
  SUBCASE("another schema version") {
    CHECK(has(refused(R"({"schema_version": 2})"), "/schema_version", "2 is not supported"));
  }
  SUBCASE("prose the catalog already has") {
    gw::Catalog c = core();
    REQUIRE(gw::apply_catalog_notes(c, gw::bundled_file("catalog-notes.json")).empty());
    const std::string before = gw::catalog_to_json(c);
    const auto problems = gw::apply_catalog_notes(c, gw::bundled_file("catalog-notes.json"));
    CHECK(has(problems, "/gpus/" + gpu + "/source", "already has"));
    const gw::Provider& p = c.providers.front();
    CHECK(has(problems, "/providers/" + p.id + "/programs/" + p.programs.front().id + "/source",
              "already has"));
    CHECK(has(problems, "/providers/" + p.id + "/access/notes", "already has"));
    CHECK(has(problems, "/unpriced/" + c.unpriced.front().id + "/reason", "already has"));
    CHECK(gw::catalog_to_json(c) == before);
  }
}
