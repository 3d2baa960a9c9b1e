#pragma once
// The files of data/, compiled into the binary at build time (cmake/embed_data.cmake).
#include <string_view>
#include <vector>

namespace gw {
// Contents of data/<name>, or an empty view when there is no such file.
std::string_view bundled_file(std::string_view name);
// The names of every compiled-in file, in name order; the kept catalogs as "catalogs/catalog-VERSION.json".
std::vector<std::string_view> bundled_names();
}  // namespace gw
