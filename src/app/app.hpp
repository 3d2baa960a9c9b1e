#pragma once
// The Dear ImGui app shared by the web page and the desktop window. One AppState; one draw function per
// panel (one file each). The engine reruns only when the scenario changes.
#include <optional>
#include <string>
#include <vector>

#include "engine/catalog.hpp"
#include "engine/text.hpp"

namespace gw::app {

// Sorting of one table, as ImGui reports it.
struct SortSpec {
  int column = 0;
  bool descending = false;
};

struct CatalogView {
  char filter[96] = "";
  SortSpec sort{0, false};
  bool sort_dirty = true;
  std::vector<int> gpu_rows;  // indices into catalog.gpus, filtered and sorted as shown
};

struct AppState {
  // ---- data
  Catalog catalog;
  bool catalog_ok = false;
  std::vector<Problem> catalog_problems;

  // ---- settings
  Lang lang = Lang::en;
  bool lang_chosen = false;  // by the user or the link; otherwise from the browser
  float scale = 1;

  // ---- view
  std::string tab = "catalog";  // catalog, ...
  CatalogView cat;
  long engine_runs = 0;
};

void init(AppState&);
void frame(AppState&);
void shutdown(AppState&);
// Colours, spacing and sizes for the UI scale (called again when the scale changes).
void apply_style(AppState&, float scale);
// What the screen shows, as JSON, for the read-only test hook.
std::string snapshot_json(const AppState&);

// ---- panels (one file each)
void draw_catalog(AppState&);

}  // namespace gw::app
