#pragma once
// The files of data/, compiled into the binary at build time (cmake/embed_data.cmake).
#include <string_view>

namespace gw {
// Contents of data/<name>, or an empty view when there is no such file.
std::string_view bundled_file(std::string_view name);
}  // namespace gw
