// The web page's instance checker: diagnose() as a module of its own (checker.js + checker.wasm), fetched
// the first time a student presses Check, so the rest of the page loads without it. web.cpp sends the
// request and takes the answer, both JSON (engine/diagnose/diagnose.hpp).
#include <emscripten.h>

#include <cstdlib>
#include <cstring>
#include <string>

#include "engine/bundled.hpp"
#include "engine/diagnose/diagnose.hpp"

extern "C" EMSCRIPTEN_KEEPALIVE char* gw_check(const char* request) {
  // Parsed on the first request and kept (the catalog's GPU specifications and the CUDA driver table):
  // every later check only parses the paste.
  static const gw::CatalogLoad load = gw::load_catalog(gw::bundled_file("catalog.json"));
  static const gw::Catalog empty;
  static const gw::CudaDriverLoad cuda = gw::bundled_cuda_driver_table();
  // Without a catalog the checker still reads the output; it only cannot name the cards.
  static const gw::DiagnoseContext context{load.catalog ? *load.catalog : empty, cuda.table, cuda.problems};
  const std::string answer = gw::diagnose_json(request ? request : "", context);
  return strdup(answer.c_str());
}
