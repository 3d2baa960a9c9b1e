// load_catalog: parse and validate catalog JSON, collecting every problem with its JSON path.
// The input may be a hand-edited file, so the loader is strict: unknown or repeated keys, absurd
// magnitudes and dangling references are reported instead of being silently defaulted.
#include <cctype>
#include <cmath>
#include <cstdio>
#include <map>
#include <nlohmann/json.hpp>
#include <set>

#include "engine/catalog.hpp"
#include "engine/catalog_fields.hpp"
#include "engine/catalog_read.hpp"

namespace gw {
namespace {

using namespace catalog_read;
using T = CatalogType;

constexpr int kSchemaVersion = 1;

// A name beside the catalog, never a path: "catalog-notes.json".
bool valid_notes_file(const std::string& s) {
  const std::string ext = ".json";
  return s.size() > ext.size() && s.compare(s.size() - ext.size(), ext.size(), ext) == 0 &&
         valid_id(s.substr(0, s.size() - ext.size()));
}

// The same folding find_gpu uses (catalog.cpp), so alias clashes are judged the way lookups see them.
std::string squash(const std::string& s) {
  std::string out;
  for (unsigned char c : s)
    if (std::isalnum(c)) out += static_cast<char>(std::tolower(c));
  return out;
}
std::string strip_brand(std::string s) {
  for (const std::string p : {"nvidia", "geforce", "tesla", "amd", "instinct"})
    if (s.rfind(p, 0) == 0) s.erase(0, p.size());
  return s;
}

// ---------------------------------------------------------------- reading through the field tables
IntRange whole_range(const CatalogRange& r) {
  return {static_cast<long long>(r.lo), static_cast<long long>(r.hi)};
}

template <class E>
void read_enum(Fields& f, const char* key, bool required, const std::vector<const char*>& choices, E& out) {
  const std::string s = f.one_of(key, choices, required);
  for (std::size_t i = 0; i < choices.size(); ++i)
    if (s == choices[i]) out = static_cast<E>(i);
}

// Reads one field of `r` as its table entry says. Lists and nested records are the caller's (`nested`).
template <class R, class Nested>
void read_field(Fields& f, R& r, const CatalogField<R>& field, bool sources_inline, Nested& nested) {
  // Prose may be left to the notes file (catalog_notes.cpp); missing_sources() checks it once applied.
  const bool inline_rules = sources_inline || !field.prose;
  bool required = field.need == Need::required && inline_rules;
  if (inline_rules)
    for (const char* k : field.required_with) required = required || f.has(k);
  const char* key = field.key;
  const T type = field.type;
  std::visit(
      [&](auto m) {
        using M = std::decay_t<decltype(r.*m)>;
        M& v = r.*m;
        if constexpr (std::is_same_v<M, std::string>) {
          if (type == T::id)
            v = f.id(key);
          else if (type == T::choice)
            v = f.one_of(key, field.choices, required);
          else if (type == T::date)
            v = f.date(key, required);
          else
            v = f.str(key, required);
        } else if constexpr (std::is_same_v<M, Text>) {
          v = type == T::label ? f.label(key, required) : f.text(key, required);
        } else if constexpr (std::is_same_v<M, std::optional<double>>) {
          v = f.number(key, required, field.range);
        } else if constexpr (std::is_same_v<M, double>) {
          if (auto d = f.number(key, required, field.range)) v = *d;
        } else if constexpr (std::is_same_v<M, std::optional<int>>) {
          v = f.integer(key, required, whole_range(field.range));
        } else if constexpr (std::is_same_v<M, int>) {
          if (auto i = f.integer(key, required, whole_range(field.range))) v = *i;
        } else if constexpr (std::is_same_v<M, std::optional<bool>>) {
          v = f.boolean(key, required);
        } else if constexpr (std::is_same_v<M, bool>) {
          // A required flag that is missing or wrong reads as false (the problem is reported).
          if (required)
            v = f.boolean(key, true).value_or(false);
          else
            f.boolean_into(key, v);
        } else if constexpr (std::is_enum_v<M>) {
          read_enum(f, key, required, field.choices, v);
        } else {
          nested(f, r, field, required);
        }
      },
      field.member);
}

template <class R>
bool flag_of(const R& r, const std::vector<CatalogField<R>>& table, const char* key) {
  for (const CatalogField<R>& field : table) {
    if (std::string_view(field.key) != key) continue;
    if (auto m = std::get_if<bool R::*>(&field.member)) return r.**m;
    if (auto o = std::get_if<std::optional<bool> R::*>(&field.member)) return (r.**o).value_or(false);
  }
  return true;
}

// Reads every field of the table, then the rule "set only when that flag is true".
template <class R, class Nested>
void read_fields(Fields& f, R& r, const std::vector<CatalogField<R>>& table, bool sources_inline,
                 Nested nested) {
  for (const CatalogField<R>& field : table) read_field(f, r, field, sources_inline, nested);
  for (const CatalogField<R>& field : table)
    if (*field.only_with && f.has(field.key) && !flag_of(r, table, field.only_with))
      f.fail(field.key,
             "\"" + std::string(field.key) + "\" is set but \"" + field.only_with + "\" is false.");
}

// Records with no list and no nested record.
template <class R>
void read_flat(Fields& f, R& r, const std::vector<CatalogField<R>>& table, bool sources_inline = true) {
  read_fields(f, r, table, sources_inline, [](Fields&, R&, const CatalogField<R>&, bool) {});
}

Gpu read_gpu(Fields& f) {
  Gpu g;
  read_fields(f, g, gpu_fields(), true, [](Fields& f, Gpu& g, const CatalogField<Gpu>& field, bool required) {
    const json* a = f.array(field.key, required);
    if (!a) return;
    // aliases, or the not_supported/unknown spec keys (gpu_specs.hpp)
    std::vector<std::string>& list = g.*std::get<std::vector<std::string> Gpu::*>(field.member);
    const bool alias = &list == &g.aliases;
    for (std::size_t i = 0; i < a->size(); ++i) {
      const json& v = (*a)[i];
      const std::string p = f.at(field.key) + "/" + std::to_string(i);
      if (!v.is_string())
        f.out().push_back({p, std::string(alias ? "Each alias" : "Each entry") + " must be a string, not " +
                                  describe(v) + "."});
      else if (squash(v.get<std::string>()).empty())
        f.out().push_back({p, alias ? "An alias needs at least one letter or digit." : "An entry is empty."});
      else
        list.push_back(v.get<std::string>());
    }
  });
  return g;
}

// {"alipay": true, "usd_only": false, ...}: an absent fact is unknown, so nothing here has a default.
void read_access(Fields& f, const char* key, ProviderAccess& a, bool sources_inline) {
  const json* v = f.find(key, false);
  if (!v) return;
  if (!v->is_object()) {
    f.wrong_type(key, *v, "an object");
    return;
  }
  Fields af(*v, f.at(key), f.out());
  read_flat(af, a, access_fields(), sources_inline);
  af.finish();
  if (a.usd_only && *a.usd_only && ((a.alipay && *a.alipay) || (a.wechat && *a.wechat)))
    f.fail(key, "\"usd_only\" is true but Alipay or WeChat Pay is accepted; they cannot both hold.");
}

// sources_inline: false for the bundled core, whose prose comes from its notes file (catalog_notes.cpp).
Provider read_provider(Fields& f, bool sources_inline) {
  Provider p;
  read_fields(f, p, provider_fields(), sources_inline,
              [&](Fields& f, Provider& p, const CatalogField<Provider>& field, bool required) {
                if (field.type == T::record) return read_access(f, field.key, p.access, sources_inline);
                each_object(f.array(field.key, required), f.at(field.key), "programme", f.out(),
                            [&](Fields& pf, std::size_t) {
                              Program g;
                              read_flat(pf, g, program_fields(), sources_inline);
                              p.programs.push_back(std::move(g));
                            });
              });
  return p;
}

Offer read_offer(Fields& f, bool sources_inline) {
  Offer o;
  read_fields(f, o, offer_fields(), sources_inline,
              [](Fields& f, Offer& o, const CatalogField<Offer>& field, bool required) {
                each_object(f.array(field.key, required), f.at(field.key), "package", f.out(),
                            [&](Fields& pf, std::size_t) {
                              Package k;
                              const std::size_t problems = pf.out().size();
                              read_flat(pf, k, package_fields());
                              // A period not read is already a problem; it is no duplicate.
                              const bool read = pf.out().size() == problems;
                              for (const Package& other : o.packages)
                                if (read && other.period == k.period)
                                  pf.fail("period", "Offer \"" + o.id + "\" lists its " +
                                                        std::string(to_string(k.period)) +
                                                        " package twice; keep one.");
                              o.packages.push_back(k);
                            });
              });

  const auto& low = o.on_demand_low_per_hour;
  const auto& high = o.on_demand_high_per_hour;
  // Read and in range (0 is a free offer: no range and no spot price to check against it).
  const bool on_demand = o.on_demand_per_hour > 0;
  if (f.has("on_demand_low_per_hour") != f.has("on_demand_high_per_hour"))
    f.fail(f.has("on_demand_low_per_hour") ? "on_demand_high_per_hour" : "on_demand_low_per_hour",
           "A price range needs both \"on_demand_low_per_hour\" and \"on_demand_high_per_hour\".");
  if (low && high && *low > *high)
    f.fail("on_demand_low_per_hour",
           "The range is upside down: low " + fmt_num(*low) + " is above high " + fmt_num(*high) + ".");
  else if (low && high && on_demand && (o.on_demand_per_hour < *low || o.on_demand_per_hour > *high))
    f.fail("on_demand_per_hour", "\"on_demand_per_hour\" " + fmt_num(o.on_demand_per_hour) +
                                     " lies outside its range " + fmt_num(*low) + "-" + fmt_num(*high) + ".");
  const double ceiling = high ? *high : o.on_demand_per_hour;
  if (o.spot_per_hour && on_demand && *o.spot_per_hour > ceiling)
    f.fail("spot_per_hour", "The spot price " + fmt_num(*o.spot_per_hour) + " is above the on-demand price " +
                                fmt_num(ceiling) + ".");
  if (o.derate < 1 && o.derate_note.empty())
    f.fail("derate_note", "A \"derate\" below 1 needs a \"derate_note\" saying why the offer is slower.");
  return o;
}

// ---------------------------------------------------------------- whole-catalog checks
void check_unique(const std::vector<std::pair<std::string, std::string>>& ids, const char* what,
                  std::vector<Problem>& out) {
  std::map<std::string, std::string> first;
  for (const auto& [id, path] : ids) {
    if (id.empty()) continue;
    auto [it, fresh] = first.emplace(id, path);
    if (!fresh)
      out.push_back(
          {path + "/id", std::string(what) + " id \"" + id + "\" is already used at " + it->second + "."});
  }
}

// find_gpu takes the first exact hit, so an alias naming another GPU would silently shadow it.
void check_aliases(const std::vector<Gpu>& gpus, const std::vector<std::string>& paths,
                   std::vector<Problem>& out) {
  std::map<std::string, std::size_t> owner;
  for (std::size_t i = 0; i < gpus.size(); ++i) {
    const std::string name = squash(gpus[i].name);
    for (const std::string& n : {squash(gpus[i].id), name, strip_brand(name)}) owner.emplace(n, i);
  }
  for (std::size_t i = 0; i < gpus.size(); ++i)
    for (std::size_t a = 0; a < gpus[i].aliases.size(); ++a) {
      auto [it, fresh] = owner.emplace(squash(gpus[i].aliases[a]), i);
      if (!fresh && it->second != i)
        out.push_back({paths[i] + "/aliases/" + std::to_string(a),
                       "The alias \"" + gpus[i].aliases[a] + "\" also names GPU \"" + gpus[it->second].id +
                           "\" (" + paths[it->second] + "), so a lookup would silently pick one of them."});
    }
}

void check_offers(const Catalog& c, const std::vector<std::string>& paths, std::vector<Problem>& out) {
  for (std::size_t i = 0; i < c.offers.size(); ++i) {
    const Offer& o = c.offers[i];
    const std::string& p = paths[i];
    if (!o.gpu.empty() && !c.gpu(o.gpu))
      out.push_back(
          {p + "/gpu", "Offer \"" + o.id + "\" refers to GPU \"" + o.gpu + "\", which is not in \"gpus\"."});
    const Provider* pr = o.provider.empty() ? nullptr : c.provider(o.provider);
    if (!o.provider.empty() && !pr)
      out.push_back({p + "/provider", "Offer \"" + o.id + "\" refers to provider \"" + o.provider +
                                          "\", which is not in \"providers\"."});
    if (!pr) continue;
    if (!o.currency.empty() && !pr->currency.empty() && o.currency != pr->currency)
      out.push_back({p + "/currency", "Offer \"" + o.id + "\" is priced in " + o.currency +
                                          " but provider \"" + pr->id + "\" bills in " + pr->currency + "."});
    if (o.spot_per_hour && !pr->has_spot)
      out.push_back({p + "/spot_per_hour", "Offer \"" + o.id + "\" has a spot price but provider \"" +
                                               pr->id + "\" has no spot tier (\"has_spot\" is false)."});
  }
}

}  // namespace

CatalogLoad load_catalog(std::string_view json_text) {
  CatalogLoad result;
  std::vector<Problem>& out = result.problems;
  if (json_text.size() > kMaxCatalogBytes) {
    out.push_back({"", "The catalog is " + std::to_string(json_text.size() >> 20) +
                           " MiB; gpuwise reads catalogs up to " + std::to_string(kMaxCatalogBytes >> 20) +
                           " MiB (about 100,000 offers)."});
    return result;
  }
  try {
    SyntaxCheck syntax(json_text, out);
    json::sax_parse(json_text.begin(), json_text.end(), &syntax);
    if (syntax.failed()) return result;
    const json root = json::parse(json_text.begin(), json_text.end(), nullptr, false);
    if (root.is_discarded()) {
      out.push_back({"", "The text is not valid JSON."});
      return result;
    }
    if (!root.is_object()) {
      out.push_back({"", "A catalog must be a JSON object, not " + describe(root) + "."});
      return result;
    }

    Fields top(root, "", out);
    Catalog c;
    bool sources_inline = true;
    std::vector<std::string> gpu_paths, provider_paths, offer_paths;
    std::vector<std::pair<std::string, std::string>> gpu_ids, provider_ids, program_ids, offer_ids,
        unpriced_ids;
    auto sections = [&](Fields& f, Catalog& c, const CatalogField<Catalog>& field, bool required) {
      const std::string key = field.key, path = "/" + key;
      const json* arr = f.array(field.key, required);
      if (arr && arr->empty() && required) out.push_back({path, "\"" + key + "\" is empty."});
      if (key == "gpus")
        each_object(arr, path, "GPU", out, [&](Fields& f, std::size_t i) {
          c.gpus.push_back(read_gpu(f));
          gpu_paths.push_back(path + "/" + std::to_string(i));
          gpu_ids.emplace_back(c.gpus.back().id, gpu_paths.back());
        });
      else if (key == "providers")
        each_object(arr, path, "provider", out, [&](Fields& f, std::size_t i) {
          c.providers.push_back(read_provider(f, sources_inline));
          provider_paths.push_back(path + "/" + std::to_string(i));
          provider_ids.emplace_back(c.providers.back().id, provider_paths.back());
          const auto& programs = c.providers.back().programs;
          for (std::size_t k = 0; k < programs.size(); ++k)
            program_ids.emplace_back(programs[k].id,
                                     provider_paths.back() + "/programs/" + std::to_string(k));
        });
      else if (key == "offers")
        each_object(arr, path, "offer", out, [&](Fields& f, std::size_t i) {
          c.offers.push_back(read_offer(f, sources_inline));
          offer_paths.push_back(path + "/" + std::to_string(i));
          offer_ids.emplace_back(c.offers.back().id, offer_paths.back());
        });
      else
        each_object(arr, path, "unpriced platform", out, [&](Fields& f, std::size_t i) {
          UnpricedPlatform u;
          read_flat(f, u, unpriced_fields(), sources_inline);
          c.unpriced.push_back(std::move(u));
          unpriced_ids.emplace_back(c.unpriced.back().id, path + "/" + std::to_string(i));
        });
    };
    for (const CatalogField<Catalog>& field : catalog_top_fields()) {
      read_field(top, c, field, sources_inline, sections);
      const std::string_view key = field.key;
      // Read first: a different version may mean different fields, and checking them would mislead.
      if (key == "schema_version" && c.schema_version != kSchemaVersion) {
        out.push_back({"/schema_version", "\"schema_version\" " + std::to_string(c.schema_version) +
                                              " is not supported; this build reads version " +
                                              std::to_string(kSchemaVersion) + "."});
        return result;
      }
      if (key == "notes_file") {
        if (!c.notes_file.empty() && !valid_notes_file(c.notes_file))
          top.fail("notes_file", "\"notes_file\" must be a file name such as \"catalog-notes.json\" (got \"" +
                                     c.notes_file + "\").");
        sources_inline = c.notes_file.empty();
      }
    }
    check_unique(unpriced_ids, "Unpriced platform", out);
    top.finish();

    check_unique(gpu_ids, "GPU", out);
    check_unique(provider_ids, "Provider", out);
    check_unique(program_ids, "Programme", out);
    check_unique(offer_ids, "Offer", out);
    check_aliases(c.gpus, gpu_paths, out);
    check_offers(c, offer_paths, out);
    if (out.empty()) result.catalog = std::move(c);
  } catch (const std::exception& e) {
    // Not expected (every access above is type-checked); kept so a bug can never escape as a throw.
    result.catalog.reset();
    out.push_back({"", std::string("The catalog could not be read: ") + e.what() + "."});
  }
  return result;
}

}  // namespace gw
