// The catalog's prose kept apart from its facts: citations and notes that only the catalog tab and the
// CLI's listings show. The web page leaves them out of its first download and applies them when fetched.
#include <utility>

#include "engine/bundled.hpp"
#include "engine/catalog.hpp"
#include "engine/catalog_read.hpp"

namespace gw {
namespace {

using namespace catalog_read;

constexpr int kNotesSchemaVersion = 1;

// What one entry of the notes file carries, read and checked before anything is applied.
struct Prose {
  std::string source;
  bool has_source = false;
  std::string notes;  // a GPU's notes: plain English
  Text text;          // a provider's spot_note or an offer's notes
  bool has_text = false;
};

// `text_key`: the Text field the entry may carry besides `source` ("notes" or "spot_note"); a GPU's notes
// are a plain string instead.
Prose read_prose(Fields& f, const char* text_key, bool plain_notes) {
  Prose p;
  auto plain = [&](const char* key, std::string& out) {
    const bool present = f.has(key);
    if (present)
      out = f.str(key, true);
    else
      f.find(key, false);  // asked for either way, so finish() accepts a null
    return present;
  };
  p.has_source = plain("source", p.source);
  if (plain_notes) {
    p.has_text = plain(text_key, p.notes);
  } else if (f.has(text_key)) {
    p.text = f.text(text_key, true);
    p.has_text = true;
  } else {
    f.find(text_key, false);
  }
  return p;
}

// A filled field must not be overwritten: each piece of prose lives in one file only.
void check_free(Fields& f, const char* key, bool filled, const char* what) {
  if (filled)
    f.fail(key, std::string("The catalog already has this ") + what + "'s \"" + key +
                    "\"; a notes file only fills what the catalog leaves out.");
}

// Reads one section ("gpus", "providers", "offers"): an object keyed by id. `find` maps an id to the
// catalog's item (nullptr: unknown), `check` reports fields the item already has.
template <class Item, class Find, class Check>
void read_section(Fields& top, const char* key, const char* what, Find find, Check check,
                  const char* text_key, bool plain_notes, std::vector<std::pair<Item*, Prose>>& staged) {
  const json* section = top.find(key, false);
  if (!section) return;
  if (!section->is_object()) {
    top.wrong_type(key, *section, "an object keyed by id");
    return;
  }
  for (auto it = section->begin(); it != section->end(); ++it) {
    const std::string path = top.at(key) + "/" + pointer_escape(it.key());
    Item* item = find(it.key());
    if (!item) {
      top.out().push_back(
          {path, std::string("There is no ") + what + " \"" + it.key() + "\" in the catalog."});
      continue;
    }
    if (!it->is_object()) {
      top.out().push_back(
          {path, std::string("Each ") + what + "'s entry must be an object, not " + describe(*it) + "."});
      continue;
    }
    Fields f(*it, path, top.out());
    Prose p = read_prose(f, text_key, plain_notes);
    check(f, *item, p);
    f.finish();
    staged.emplace_back(item, std::move(p));
  }
}

template <class Item>
Item* by_id(std::vector<Item>& items, const std::string& id) {
  for (Item& i : items)
    if (i.id == id) return &i;
  return nullptr;
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
    std::vector<std::pair<Gpu*, Prose>> gpus;
    std::vector<std::pair<Provider*, Prose>> providers;
    std::vector<std::pair<Offer*, Prose>> offers;
    read_section<Gpu>(
        top, "gpus", "GPU", [&](const std::string& id) { return by_id(catalog.gpus, id); },
        [](Fields& f, const Gpu& g, const Prose& p) {
          check_free(f, "source", p.has_source && !g.source.empty(), "GPU");
          check_free(f, "notes", p.has_text && !g.notes.empty(), "GPU");
        },
        "notes", true, gpus);
    read_section<Provider>(
        top, "providers", "provider", [&](const std::string& id) { return by_id(catalog.providers, id); },
        [](Fields& f, const Provider& pr, const Prose& p) {
          check_free(f, "source", p.has_source && !pr.source.empty(), "provider");
          check_free(f, "spot_note", p.has_text && !pr.spot_note.empty(), "provider");
        },
        "spot_note", false, providers);
    read_section<Offer>(
        top, "offers", "offer", [&](const std::string& id) { return by_id(catalog.offers, id); },
        [](Fields& f, const Offer& o, const Prose& p) {
          check_free(f, "source", p.has_source && !o.source.empty(), "offer");
          check_free(f, "notes", p.has_text && !o.notes.empty(), "offer");
        },
        "notes", false, offers);
    top.finish();
    if (!out.empty()) return out;

    for (auto& [g, p] : gpus) {
      if (p.has_source) g->source = std::move(p.source);
      if (p.has_text) g->notes = std::move(p.notes);
    }
    for (auto& [pr, p] : providers) {
      if (p.has_source) pr->source = std::move(p.source);
      if (p.has_text) pr->spot_note = std::move(p.text);
    }
    for (auto& [o, p] : offers) {
      if (p.has_source) o->source = std::move(p.source);
      if (p.has_text) o->notes = std::move(p.text);
    }
    catalog.notes_file.clear();
  } catch (const std::exception& e) {
    // Not expected (every access is type-checked); the catalog is untouched unless every entry was read.
    out.push_back({"", std::string("The notes file could not be read: ") + e.what() + "."});
  }
  return out;
}

std::vector<Problem> missing_sources(const Catalog& catalog) {
  std::vector<Problem> out;
  auto need = [&](const std::string& source, const std::string& path) {
    if (source.find_first_not_of(" \t\r\n") == std::string::npos)
      out.push_back({path + "/source", "Required field \"source\" is missing."});
  };
  for (std::size_t i = 0; i < catalog.gpus.size(); ++i)
    need(catalog.gpus[i].source, "/gpus/" + std::to_string(i));
  for (std::size_t i = 0; i < catalog.providers.size(); ++i) {
    const std::string path = "/providers/" + std::to_string(i);
    need(catalog.providers[i].source, path);
    for (std::size_t k = 0; k < catalog.providers[i].programs.size(); ++k)
      need(catalog.providers[i].programs[k].source, path + "/programs/" + std::to_string(k));
  }
  for (std::size_t i = 0; i < catalog.offers.size(); ++i)
    need(catalog.offers[i].source, "/offers/" + std::to_string(i));
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
