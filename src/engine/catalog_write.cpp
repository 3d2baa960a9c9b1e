// catalog_to_json: the inverse of load_catalog, written through the field tables (catalog_fields.hpp).
// Absent optionals stay absent, so a round trip through text keeps "unknown" distinct from 0.
#include <nlohmann/json.hpp>

#include "engine/catalog.hpp"
#include "engine/catalog_fields.hpp"

namespace gw {
namespace {

using ojson = nlohmann::ordered_json;
using T = CatalogType;

ojson text_json(const Text& t) {
  ojson o = ojson::object();
  if (!t.en.empty()) o["en"] = t.en;
  if (!t.zh.empty()) o["zh"] = t.zh;
  return o;
}

template <class R>
ojson record_json(const R& r, const std::vector<CatalogField<R>>& table);

template <class R>
ojson records_json(const std::vector<R>& list, const std::vector<CatalogField<R>>& table) {
  ojson a = ojson::array();
  for (const R& r : list) a.push_back(record_json(r, table));
  return a;
}

// What a field writes: a value always when it is required (or not optional in the struct); optionals,
// empty strings and empty texts are left out, so the loader reads them back as unknown.
template <class R>
ojson record_json(const R& r, const std::vector<CatalogField<R>>& table) {
  ojson j = ojson::object();
  for (const CatalogField<R>& field : table) {
    const char* key = field.key;
    const bool required = field.need != Need::optional;
    std::visit(
        [&](auto m) {
          using M = std::decay_t<decltype(r.*m)>;
          const M& v = r.*m;
          if constexpr (std::is_same_v<M, std::string>) {
            if (required || !v.empty()) j[key] = v;
          } else if constexpr (std::is_same_v<M, Text>) {
            // A label without Chinese is a plain string (an identifier); a required one is written even
            // when empty, so the loader names the problem.
            if (field.type == T::label && v.zh.empty()) {
              if (required || !v.en.empty()) j[key] = v.en;
            } else if (!v.empty()) {
              j[key] = text_json(v);
            }
          } else if constexpr (std::is_enum_v<M>) {
            const auto i = static_cast<std::size_t>(v);
            j[key] = i < field.choices.size() ? field.choices[i] : "";
          } else if constexpr (std::is_arithmetic_v<M>) {
            j[key] = v;
          } else if constexpr (std::is_same_v<M, std::vector<std::string>>) {
            if (!v.empty()) j[key] = v;
          } else if constexpr (std::is_same_v<M, ProviderAccess>) {
            if (!v.empty()) j[key] = record_json(v, access_fields());
          } else if constexpr (std::is_same_v<M, std::vector<Program>>) {
            j[key] = records_json(v, program_fields());  // always, even empty
          } else if constexpr (std::is_same_v<M, std::vector<Package>>) {
            if (!v.empty()) j[key] = records_json(v, package_fields());
          } else if constexpr (std::is_same_v<M, std::vector<Gpu>>) {
            j[key] = records_json(v, gpu_fields());
          } else if constexpr (std::is_same_v<M, std::vector<Provider>>) {
            j[key] = records_json(v, provider_fields());
          } else if constexpr (std::is_same_v<M, std::vector<Offer>>) {
            j[key] = records_json(v, offer_fields());
          } else if constexpr (std::is_same_v<M, std::vector<UnpricedPlatform>>) {
            if (!v.empty()) j[key] = records_json(v, unpriced_fields());
          } else {
            if (v) j[key] = *v;  // std::optional<number or bool>
          }
        },
        field.member);
  }
  return j;
}

}  // namespace

std::string catalog_to_json(const Catalog& catalog) {
  try {
    const ojson j = record_json(catalog, catalog_top_fields());
    // replace: a hand-built Catalog with broken UTF-8 must still serialize rather than throw.
    return j.dump(2, ' ', false, ojson::error_handler_t::replace) + "\n";
  } catch (const std::exception&) {
    return {};  // only allocation failure can land here
  }
}

}  // namespace gw
