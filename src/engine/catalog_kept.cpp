// Catalog versions kept in this build (data/catalogs/, cmake/embed_data.cmake): an old share link or
// --catalog-version replays the prices its ranking was made with (issue 20 item 3).
#include <algorithm>

#include "engine/bundled.hpp"
#include "engine/catalog.hpp"
#include "engine/input.hpp"

namespace gw {

namespace {
constexpr std::string_view kPrefix = "catalogs/catalog-";
constexpr std::string_view kSuffix = ".json";

// "2026.12.1" after "2026.9.3": dotted parts compared as numbers where both are digits.
bool newer(const std::string& a, const std::string& b) {
  std::size_t i = 0, j = 0;
  while (i < a.size() && j < b.size()) {
    const std::size_t ia = a.find('.', i), jb = b.find('.', j);
    const std::string pa = a.substr(i, ia == std::string::npos ? std::string::npos : ia - i);
    const std::string pb = b.substr(j, jb == std::string::npos ? std::string::npos : jb - j);
    const bool digits = !pa.empty() && !pb.empty() && pa.size() < 10 && pb.size() < 10 &&
                        pa.find_first_not_of("0123456789") == std::string::npos &&
                        pb.find_first_not_of("0123456789") == std::string::npos;
    if (digits ? std::stol(pa) != std::stol(pb) : pa != pb)
      return digits ? std::stol(pa) > std::stol(pb) : pa > pb;
    if (ia == std::string::npos || jb == std::string::npos) return ia != std::string::npos;
    i = ia + 1;
    j = jb + 1;
  }
  return a.size() > b.size();
}
}  // namespace

std::vector<std::string> kept_catalog_versions() {
  std::vector<std::string> out;
  const CatalogLoad today = load_catalog(bundled_file("catalog.json"));
  if (today.catalog) out.push_back(today.catalog->catalog_version);
  for (std::string_view name : bundled_names()) {
    if (name.size() <= kPrefix.size() + kSuffix.size() || name.substr(0, kPrefix.size()) != kPrefix ||
        name.substr(name.size() - kSuffix.size()) != kSuffix)
      continue;
    std::string v(name.substr(kPrefix.size(), name.size() - kPrefix.size() - kSuffix.size()));
    if (std::find(out.begin(), out.end(), v) == out.end()) out.push_back(std::move(v));
  }
  std::sort(out.begin(), out.end(), newer);
  return out;
}

CatalogLoad load_kept_catalog(std::string_view version) {
  CatalogLoad today = load_bundled_catalog();
  if (today.catalog && today.catalog->catalog_version == version) return today;
  const std::string name = std::string(kPrefix) + std::string(version) + std::string(kSuffix);
  const std::string_view text =
      version.empty() || version.size() > 40 ? std::string_view() : bundled_file(name);
  if (text.empty()) {
    std::string kept;
    for (const std::string& v : kept_catalog_versions()) kept += (kept.empty() ? "" : ", ") + v;
    return {std::nullopt,
            {{"/catalog_version",
              "Catalog " + clean_text(version, 40) + " is not kept in this build (kept: " + kept + ")."}}};
  }
  CatalogLoad load = load_catalog(text);
  for (Problem& p : load.problems) p.path = name + ":" + p.path;
  if (load.catalog && load.catalog->catalog_version != version) {
    load.problems.push_back(
        {name + ":/catalog_version",
         "The file holds catalog " + load.catalog->catalog_version + ", not " + std::string(version) + "."});
    load.catalog.reset();
  }
  // Today's notes belong to today's catalog: a kept one has its prices and specs, without the citations.
  if (load.catalog) load.catalog->notes_file.clear();
  return load;
}

}  // namespace gw
