// The catalog's prose kept apart from its facts: citations, notes, billing and session notes, payment notes,
// programme descriptions and why a platform has no price (every field a table marks `prose`). Nothing
// computes with them, so the web page leaves them out of its first download and applies them when first
// shown.
#include <type_traits>
#include <utility>
#include <variant>

#include "engine/bundled.hpp"
#include "engine/catalog.hpp"
#include "engine/catalog_fields.hpp"
#include "engine/catalog_read.hpp"

namespace gw {
namespace {

using namespace catalog_read;

constexpr int kNotesSchemaVersion = 1;

// What the notes file fills, read and checked before anything is applied. The pointers are into the catalog,
// which is not touched until every entry has been read.
struct Staged {
  std::vector<std::pair<std::string*, std::string>> strings;
  std::vector<std::pair<Text*, Text>> texts;
};

// Reads the prose fields of one entry for `item`. A field the catalog already fills is refused: each piece of
// prose lives in one file only.
template <class R>
void read_prose(Fields& f, R& item, const std::vector<CatalogField<R>>& table, const char* what,
                Staged& staged) {
  for (const CatalogField<R>& field : table) {
    if (!field.prose) continue;
    if (!f.has(field.key)) {
      f.find(field.key, false);  // asked for either way, so finish() accepts a null
      continue;
    }
    std::visit(
        [&](auto m) {
          using M = std::decay_t<decltype(item.*m)>;
          bool filled = false;
          if constexpr (std::is_same_v<M, std::string>) {
            std::string v = f.str(field.key, true);
            filled = !(item.*m).empty();
            staged.strings.emplace_back(&(item.*m), std::move(v));
          } else if constexpr (std::is_same_v<M, Text>) {
            Text v = f.text(field.key, true);
            filled = !(item.*m).empty();
            staged.texts.emplace_back(&(item.*m), std::move(v));
          }
          if (filled)
            f.fail(field.key, std::string("The catalog already has this ") + what + "'s \"" + field.key +
                                  "\"; a notes file only fills what the catalog leaves out.");
        },
        field.member);
  }
}

// An object keyed by id (a section of the file, or a provider's programmes): each entry is read by `read`
// for the item `find` gives (nullptr: no such item, a problem).
template <class Find, class Read>
void by_id_object(Fields& parent, const char* key, const char* what, const char* where, Find find,
                  Read read) {
  const json* section = parent.find(key, false);
  if (!section) return;
  if (!section->is_object()) {
    parent.wrong_type(key, *section, "an object keyed by id");
    return;
  }
  for (auto it = section->begin(); it != section->end(); ++it) {
    const std::string path = parent.at(key) + "/" + pointer_escape(it.key());
    auto* item = find(it.key());
    if (!item) {
      parent.out().push_back(
          {path, std::string("There is no ") + what + " \"" + it.key() + "\" " + where + "."});
      continue;
    }
    if (!it->is_object()) {
      parent.out().push_back(
          {path, std::string("Each ") + what + "'s entry must be an object, not " + describe(*it) + "."});
      continue;
    }
    Fields f(*it, path, parent.out());
    read(f, *item);
    f.finish();
  }
}

template <class Item>
Item* by_id(std::vector<Item>& items, const std::string& id) {
  for (Item& i : items)
    if (i.id == id) return &i;
  return nullptr;
}

// A provider's entry: its own prose, its access facts' prose ("access": {...}) and its programmes' prose
// ("programs": {"<programme id>": {...}}).
void read_provider(Fields& f, Provider& p, Staged& staged) {
  read_prose(f, p, provider_fields(), "provider", staged);
  if (const json* a = f.find("access", false)) {
    if (!a->is_object()) {
      f.wrong_type("access", *a, "an object");
    } else if (p.access.empty()) {
      f.fail("access", "Provider \"" + p.id + "\" has no access facts in the catalog to add notes to.");
    } else {
      Fields af(*a, f.at("access"), f.out());
      read_prose(af, p.access, access_fields(), "provider's access", staged);
      af.finish();
    }
  }
  by_id_object(
      f, "programs", "programme", ("of provider \"" + p.id + "\"").c_str(),
      [&](const std::string& id) { return by_id(p.programs, id); },
      [&](Fields& gf, Program& g) { read_prose(gf, g, program_fields(), "programme", staged); });
}

}  // namespace

std::vector<Problem> apply_catalog_notes(Catalog& catalog, std::string_view notes_json) {
  std::vector<Problem> out;
  if (notes_json.size() > kMaxCatalogBytes) {
    out.push_back({"", "The notes file is larger than " + std::to_string(kMaxCatalogBytes >> 20) + " MiB."});
    return out;
  }
  try {
    SyntaxCheck syntax(notes_json, out);
    json::sax_parse(notes_json.begin(), notes_json.end(), &syntax);
    if (syntax.failed()) return out;
    const json root = json::parse(notes_json.begin(), notes_json.end(), nullptr, false);
    if (root.is_discarded() || !root.is_object()) {
      out.push_back({"", "A notes file must be a JSON object, not " +
                             (root.is_discarded() ? std::string("invalid JSON") : describe(root)) + "."});
      return out;
    }
    Fields top(root, "", out);
    if (auto v = top.integer("schema_version", true, {-1000000, 1000000}); v && *v != kNotesSchemaVersion) {
      top.fail("schema_version", "\"schema_version\" " + std::to_string(*v) +
                                     " is not supported; this build reads version " +
                                     std::to_string(kNotesSchemaVersion) + ".");
      return out;
    }
    const std::string version = top.str("catalog_version", true);
    if (!version.empty() && version != catalog.catalog_version) {
      // Notes for another catalog would pin citations on the wrong prices: nothing else is worth checking.
      top.fail("catalog_version", "These notes belong to catalog " + version + ", not to catalog " +
                                      catalog.catalog_version + ".");
      return out;
    }
    Staged staged;
    const char* in_catalog = "in the catalog";
    by_id_object(
        top, "gpus", "GPU", in_catalog, [&](const std::string& id) { return by_id(catalog.gpus, id); },
        [&](Fields& f, Gpu& g) { read_prose(f, g, gpu_fields(), "GPU", staged); });
    by_id_object(
        top, "providers", "provider", in_catalog,
        [&](const std::string& id) { return by_id(catalog.providers, id); },
        [&](Fields& f, Provider& p) { read_provider(f, p, staged); });
    by_id_object(
        top, "offers", "offer", in_catalog, [&](const std::string& id) { return by_id(catalog.offers, id); },
        [&](Fields& f, Offer& o) { read_prose(f, o, offer_fields(), "offer", staged); });
    by_id_object(
        top, "unpriced", "unpriced platform", in_catalog,
        [&](const std::string& id) { return by_id(catalog.unpriced, id); },
        [&](Fields& f, UnpricedPlatform& u) {
          read_prose(f, u, unpriced_fields(), "unpriced platform", staged);
        });
    top.finish();
    if (!out.empty()) return out;

    for (auto& [field, value] : staged.strings) *field = std::move(value);
    for (auto& [field, value] : staged.texts) *field = std::move(value);
    catalog.notes_file.clear();
  } catch (const std::exception& e) {
    // Not expected (every access is type-checked); the catalog is untouched unless every entry was read.
    out.push_back({"", std::string("The notes file could not be read: ") + e.what() + "."});
  }
  return out;
}

// The prose a catalog must have once its notes are in: the citations, and why a platform has no price.
std::vector<Problem> missing_sources(const Catalog& catalog) {
  std::vector<Problem> out;
  auto need = [&](bool present, const std::string& path) {
    if (!present)
      out.push_back({path, "Required field \"" + path.substr(path.rfind('/') + 1) + "\" is missing."});
  };
  auto cited = [](const std::string& source) { return !blank(source); };
  for (std::size_t i = 0; i < catalog.gpus.size(); ++i)
    need(cited(catalog.gpus[i].source), "/gpus/" + std::to_string(i) + "/source");
  for (std::size_t i = 0; i < catalog.providers.size(); ++i) {
    const Provider& p = catalog.providers[i];
    const std::string path = "/providers/" + std::to_string(i);
    need(cited(p.source), path + "/source");
    if (!p.access.empty()) need(cited(p.access.source), path + "/access/source");
    for (std::size_t k = 0; k < p.programs.size(); ++k)
      need(cited(p.programs[k].source), path + "/programs/" + std::to_string(k) + "/source");
  }
  for (std::size_t i = 0; i < catalog.offers.size(); ++i)
    need(cited(catalog.offers[i].source), "/offers/" + std::to_string(i) + "/source");
  for (std::size_t i = 0; i < catalog.unpriced.size(); ++i)
    need(!blank(catalog.unpriced[i].reason.en), "/unpriced/" + std::to_string(i) + "/reason");
  return out;
}

CatalogLoad load_bundled_catalog() {
  CatalogLoad load = load_catalog(bundled_file("catalog.json"));
  if (!load.catalog) return load;
  Catalog& c = *load.catalog;
  std::vector<Problem> problems;
  if (!c.notes_file.empty()) {
    const std::string name = c.notes_file;
    const std::string_view notes = bundled_file(name);
    if (notes.empty())
      problems.push_back({"/notes_file", name + " is not part of this build."});
    else
      for (Problem& p : apply_catalog_notes(c, notes))
        problems.push_back({name + ":" + p.path, std::move(p.message)});
  }
  if (problems.empty()) problems = missing_sources(c);
  if (!problems.empty()) {
    load.catalog.reset();
    load.problems = std::move(problems);
  }
  return load;
}

}  // namespace gw
