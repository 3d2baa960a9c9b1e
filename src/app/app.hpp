#pragma once
// The Dear ImGui app shared by the web page and the desktop window. One AppState; one draw function per
// panel (one file each). The engine reruns only when the scenario changes (AppState::scenario_dirty).
#include <map>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "engine/calculators.hpp"
#include "engine/catalog.hpp"
#include "engine/diagnose/diagnose.hpp"
#include "engine/guide.hpp"
#include "engine/link.hpp"
#include "engine/models.hpp"
#include "engine/recommend.hpp"
#include "engine/scenario.hpp"
#include "engine/text.hpp"
#include "engine/workload.hpp"

namespace gw::app {

// Sorting of one table, as ImGui reports it.
struct SortSpec {
  int column = 0;
  bool descending = false;
};

enum class BannerKind { info, warn, error };
struct Banner {
  BannerKind kind = BannerKind::info;
  Text text;
  std::vector<Text> details;
  std::string id;  // for tests and de-duplication: "link", "link_catalog", "storage"
};

struct CatalogView {
  int view = 0;  // 0 GPUs, 1 offers
  char filter[96] = "";
  SortSpec sort{0, false};
  bool sort_dirty = true;
  std::vector<int> gpu_rows;  // indices into catalog.gpus, filtered and sorted as shown
  char offer_filter[96] = "";
  SortSpec offer_sort{0, false};
  bool offers_dirty = true;
  Lang offers_lang = Lang::en;  // the language the region column was sorted in
  bool edited_only = false;
  std::vector<int> offer_rows;  // indices into catalog.offers
};

struct ResultsView {
  SortSpec sort{0, false};  // column 0 = the engine's rank
  bool order_dirty = true;
  std::vector<int> order;          // indices into report.rows, as shown
  std::set<std::string> expanded;  // row keys (offer|pricing)
  std::set<std::string> selected;  // rows compared in the stacked bar (empty: the top three)
  std::string hovered;             // row key under the mouse (table or plot)
  bool show_all = false;           // more than the first 60 rows
  std::string status;              // "Copied 12 rows" and the like
  double status_until = 0;
};

struct JobView {
  char preset_filter[64] = "";
  bool details_open = false;
};

// The model picker and the config.json paste box (panel_models.cpp).
struct ModelView {
  char query[96] = "";
  std::vector<char> hf_text = std::vector<char>(64 * 1024, '\0');
  bool hf_open = false;
  std::vector<Problem> hf_problems;  // the last import's, with their JSON paths
  std::vector<Text> hf_notes;        // the last import's defaults and parts not counted
  Text hf_result;                    // "Read a qwen2 config: 7.6B parameters"
  // The last import's workload JSON and the job before it: picking a library model next puts back what
  // the import set beyond the shape (restore_import_extras). Empty once a model is picked.
  std::string hf_applied_json;
  Workload before_hf_import;
};

struct CalcView {
  LabInputs lab;
  BuyInputs buy;
  SweepInputs sweep;
  bool seeded = false;  // prices filled in from the current pick once
};

struct DiagnoseView {
  std::vector<char> text = std::vector<char>(64 * 1024, '\0');
  char cuda[24] = "";
  double job_hours = 10;
  bool has_report = false;  // `answer` holds the findings for the text as last checked
  bool waiting = false;     // a request is out (the web page may still be fetching the checker)
  bool failed = false;      // the checker could not be fetched; `request` can be sent again
  std::string problem;      // its answer could not be read (a bug, shown rather than hidden)
  std::string request;
  DiagnoseAnswer answer;
};

// The catalog tab's import and export (panel_catalog_io.cpp).
struct CatalogIoView {
  std::string paste;              // the paste box; grows with what is pasted
  std::vector<Problem> problems;  // the last import's, each with its JSON path
  Text status;                    // what the last import or export did
  bool status_bad = false;
};

// A price the user edited, with the day they edited it: their price carries their date, not the catalog's.
struct PriceEdit {
  double price = 0;  // kept with the date, so a link's other price for the offer does not take this date
  std::string date;  // "2026-12-04"
};

struct AppState {
  // ---- data, bundled
  Catalog catalog;
  bool catalog_ok = false;
  bool loaded = false;  // the bundled data is parsed on the second frame, so the first one is quick
  std::vector<Problem> catalog_problems;
  std::vector<Preset> presets;
  std::optional<Guide> guide;
  // The catalog's citations and notes (catalog.notes_file, applied in panel_catalog.cpp): asked for when the
  // catalog tab or a recommendation row first opens; problems when the file did not apply.
  bool catalog_notes_requested = false;
  std::vector<std::string> catalog_notes_problems;

  // ---- the question and its answer
  Scenario scenario;
  Report report;
  bool scenario_dirty = true;  // rerun the engine before drawing the next frame
  // The catalog's notes came in: the same scenario's report is recomputed (its rows carry offer notes), but
  // nothing is saved or pushed to the address bar.
  bool report_stale = false;
  bool push_history = false;  // the next URL write makes a Back/Forward step
  // What `report` was made from (run_engine): a row opened later is explained from the same (detail_row).
  // Only the pick is explained up front; a row's explanation is built once, when it is first opened or
  // its risks hovered, and kept in `report` until the next run.
  Scenario report_scenario;
  RecommendOptions report_options;
  std::vector<bool> detail_tried;  // per row of `report`: detail_row() was asked (never twice per report)
  std::string fragment;            // the URL fragment that describes `scenario`
  std::vector<Banner> banners;

  // ---- settings
  Lang lang = Lang::en;
  bool lang_chosen = false;           // by the user or a link; otherwise from the browser
  bool reloaded_for_chinese = false;  // this start is the reload that brought Chinese (reload_state.cpp)
  bool chinese_after_load = false;    // Chinese was asked for before the data was in: reload once it is
  float scale = 1;

  // ---- views
  std::string tab = "recommend";  // recommend, catalog, guide, calculators, diagnose
  std::string goto_tab;           // a panel asks to switch tabs next frame
  CatalogView cat;
  ResultsView res;
  JobView job;
  CalcView calc;
  DiagnoseView diag;
  int guide_section = 0;

  long engine_runs = 0;
  double engine_ms = 0;
  double init_ms = 0;  // loading the bundled catalog and presets
  long frames_drawn = 0;
  // Test hook: the next frame records every piece of text it draws (ImGui's log), so a browser test can
  // check that a Chinese screen carries no English words.
  bool capture_text = false;
  std::string captured_text;
  std::vector<std::string> guide_problems;  // the guide is parsed when its tab first opens
  bool unsaved_shown = false;               // the "settings could not be saved" banner was raised

  // ---- the data files (panel_data.cpp): fetched by the web page, compiled in natively
  bool data_parsed = false;              // the catalog and presets were parsed
  std::vector<std::string> data_failed;  // first files that could not be fetched (the page offers a retry)
  bool link_catalog_checked = false;     // the start-up link's catalog version was looked at
  std::optional<Catalog> today_catalog;  // today's catalog while the link's older one is shown
  // A link opened in the open page (hash change) whose older catalog is on its way: applied once it is in.
  std::string link_awaiting_catalog;

  // ---- the model library (panel_models.cpp): fetched by the web page when the picker is first used or a
  // link names a model; compiled in natively
  std::optional<ModelLibrary> models;
  std::vector<Problem> models_problems;  // entries the loader left out
  bool models_requested = false;
  // A link that names a model, waiting for the library (never applied without it: no wrong job meanwhile).
  std::string pending_link;
  bool pending_link_from_url = false;
  ModelView mod;

  // ---- the user's own catalog and the dates of price edits (panel_catalog_io.cpp, panel_catalog_offers.cpp)
  bool user_catalog = false;       // s.catalog was imported by the user (kept in local storage)
  std::string user_catalog_from;   // its file name, or "" when pasted
  std::string user_catalog_since;  // the day it was imported
  std::map<std::string, PriceEdit> price_edit_dates;  // offer id -> the edit and its date
  CatalogIoView io;
};

void init(AppState&);
void frame(AppState&);
void shutdown(AppState&);
// Colours, spacing and sizes for the UI scale (called again when the scale changes).
void apply_style(AppState&, float scale);
// What the screen shows, as JSON, for the read-only test hook.
std::string snapshot_json(const AppState&);
// scripts/bench's hook: decodes `link` as the page does, runs the recommender `runs` times after one warm-up
// call, with the page's own options, and returns {"ok", "rows", "ms": [...]} as JSON (bench_hook.cpp).
std::string bench_json(const AppState&, std::string_view link, int runs);

// ---- the scenario (state.cpp)
// The recommender's options and scenario exactly as the page runs them (run_engine and bench_json).
RecommendOptions engine_options(const AppState&);
Scenario engine_scenario(const AppState&, Scenario);
// The scenario at start-up: the URL's link, else the saved one, else the defaults.
void init_scenario(AppState&);
// Call after changing s.scenario: reruns the engine next frame and records a Back/Forward step.
void commit(AppState&);
// Before drawing: follow the URL (Back/Forward, a pasted link) and rerun the engine if needed.
void update(AppState&);
void set_language(AppState&, Lang lang, bool by_user);
// ---- the reload that brings Chinese to a page that started in English (reload_state.cpp)
LinkSettings link_settings(const AppState&);
// Puts the job in the link (lang=zh) and reloads the page with its unsaved inputs handed over; false when it
// cannot: this page already reloaded for Chinese (and would never stop), or the data is not in yet.
bool reload_in_chinese(AppState&);
// Whether id names one of the page's tabs ("recommend", "catalog", ...: app.cpp's tab table).
bool is_tab(std::string_view id);
// At start: puts back what reload_in_chinese handed over (text is platform::take_reload_state()).
void restore_reload_state(AppState&, const std::string& text);
void set_currency(AppState&, const std::string& currency);
void add_banner(AppState&, Banner banner);
std::string row_key(const Row& row);
void save_price_edits(const AppState&);
// report.rows[i] with its explanation (reason, risks, bill lines, formulas, notes): built by detail_row() the
// first time a row is opened, then kept with the report. Call only on a user's action or for a row shown
// open, never for every row every frame.
const Row& detailed_row(AppState&, std::size_t i);

// ---- the data files (panel_data.cpp)
// Parses the catalog and presets once they are at hand, then loads the older catalog the start-up link names
// when the site keeps it. False while a file is on its way or could not be fetched (s.data_failed).
bool load_data(AppState&);
// Shows the catalog a link was made with when this site keeps it (else today's); false while it is on
// its way. Called for the start-up link and for a link opened in the open page.
bool use_link_catalog(AppState&, const std::string& fragment);
// Under the banners: the loading line or the failed fetch with a retry; once loaded, the catalog version the
// page runs, or the banner of a link's older catalog with its switch to today's prices.
void draw_data_status(AppState&);

// ---- the catalog's citations and notes (panel_catalog.cpp)
enum class NotesState { ready, not_loaded, loading, failed, invalid };
// Applies them once they are at hand: at start when compiled in (desktop), else after `request` (the web
// page fetches them when first shown: the catalog tab, an opened recommendation row, the credits list).
// The cheap "not now" is inline, so a page that never shows them runs none of the notes reader: the wasm
// is split by which functions the first load runs (scripts/build-web-split.py), and the reader stays out
// of the first download.
void fetch_catalog_notes(AppState&);  // call through update_catalog_notes
bool catalog_notes_compiled_in(const AppState&);
inline void update_catalog_notes(AppState& s, bool request) {
  if (request || s.catalog_notes_requested || catalog_notes_compiled_in(s)) fetch_catalog_notes(s);
}
NotesState catalog_notes_state(const AppState&);
const char* notes_state_name(NotesState);  // for the test hook
// What a tooltip says in place of a citation that has not arrived.
std::string notes_pending_text(const AppState&);
void draw_catalog_notes_status(AppState&);  // beside the catalog's view switch while loading or failed

// ---- the model library (panel_models.cpp)
enum class ModelsState { not_loaded, loading, ready, failed, invalid };
// Parses the library once it is at hand; `request` starts the download on the web. Inline for the same
// reason as update_catalog_notes: a first load that never asks keeps the library's reader out of it.
ModelsState fetch_models(AppState&);  // call through update_models
inline ModelsState update_models(AppState& s, bool request) {
  return request || s.models_requested ? fetch_models(s) : ModelsState::not_loaded;
}
const ModelLibrary* model_library(const AppState&);  // null until loaded
const char* models_state_name(ModelsState);          // for the test hook
// The job's model (picker, header, config import) inside the job panel.
void draw_model_picker(AppState&);
// In place of the results while a link naming a model waits for the library: loading, or failed with a
// retry. False when no link waits.
bool draw_results_waiting_for_models(AppState&);
// The test hook's "models" object: library state, the picker's matches, the job's model and edited fields.
nlohmann::json models_json(const AppState&);

// ---- the user's catalog (panel_catalog_io.cpp)
// At start: the catalog the user imported, when one is kept; false (with a banner when it could not be
// read) to use the bundled one.
bool load_user_catalog(AppState&);
void draw_catalog_io(AppState&);  // the catalog tab's third view: export, import, back to bundled
// The header's part: the user-catalog marker (a button to the import view) and the age warning.
void draw_catalog_age(AppState&);
nlohmann::json catalog_io_json(const AppState&);  // the test hook's "catalog_io"

// ---- the dates of price edits (panel_catalog_offers.cpp)
void load_price_edit_dates(AppState&);
void save_price_edit_dates(const AppState&);
// The date an edited price carries: the user's, or "" when not known (an edit that came with a link).
std::string price_edit_date(const AppState&, const std::string& offer);
// While alive, the offers the user edited carry the edit's date in s.catalog, so the engine's rows and bill
// lines show it (run_engine); the catalog's own dates come back after.
class PriceEditDates {
 public:
  explicit PriceEditDates(AppState& s);
  ~PriceEditDates();
  PriceEditDates(const PriceEditDates&) = delete;
  PriceEditDates& operator=(const PriceEditDates&) = delete;

 private:
  AppState& s_;
  std::vector<std::pair<std::size_t, std::string>> restore_;
};

// ---- panels (one file each)
void draw_job(AppState&);          // panel_job.cpp: preset, workload, reference run
void draw_constraints(AppState&);  // panel_constraints.cpp
void draw_results(AppState&);      // panel_results.cpp: summary and the ranked table
void draw_plots(AppState&);        // panel_plots.cpp: cost vs time, stacked cost, memory
void draw_catalog(AppState&);      // panel_catalog.cpp: GPUs and offers, price edits
void draw_offer_table(AppState&);  // panel_catalog_offers.cpp
void draw_guide(AppState&);        // panel_guide.cpp
void draw_calculators(AppState&);  // panel_calculators.cpp: lab, rent or buy, sweep
void draw_diagnose(AppState&);     // panel_diagnose.cpp: nvidia-smi checker

}  // namespace gw::app
