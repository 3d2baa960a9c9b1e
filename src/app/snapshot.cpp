// The read-only test hook's view of the screen (window.gpuwiseTest.snapshot() on the web): what the
// user sees, in plain JSON, so browser tests check the app without reading pixels.
#include <nlohmann/json.hpp>

#include "app/app.hpp"
#include "app/i18n.hpp"
#include "app/results_columns.hpp"
#include "app/widgets.hpp"
#include "platform/platform.hpp"

namespace gw::app {

namespace {
nlohmann::json opt(const std::optional<double>& v) {
  return v ? nlohmann::json(*v) : nlohmann::json();
}
}  // namespace

std::string snapshot_json(const AppState& s) {
  using nlohmann::json;
  json j;
  j["ready"] = s.catalog_ok;
  j["lang"] = ui_lang() == Lang::zh ? "zh" : "en";
  j["lang_wanted"] = s.lang == Lang::zh ? "zh" : "en";
  j["tab"] = s.tab;
  j["link"] = s.fragment;
  j["pending"] = s.scenario_dirty || s.report_stale;  // the report below is from before a change
  j["catalog"] = {{"ok", s.catalog_ok},
                  {"version", s.catalog.catalog_version},
                  {"date", s.catalog.catalog_date},
                  {"gpus", s.catalog.gpus.size()},
                  {"providers", s.catalog.providers.size()},
                  {"offers", s.catalog.offers.size()},
                  {"presets", s.presets.size()},
                  {"guide", s.guide                     ? "ready"
                            : !s.guide_problems.empty() ? "invalid"
                                                        : "not loaded"},
                  {"notes", notes_state_name(catalog_notes_state(s))},
                  // panel_data.cpp: today's version while a link's older catalog is shown; files not fetched
                  {"today", s.today_catalog ? s.today_catalog->catalog_version : std::string()},
                  {"failed", s.data_failed}};

  const Constraints& c = s.scenario.constraints;
  j["scenario"] = {{"preset", s.scenario.workload.preset},
                   {"title", tr(s.scenario.workload.title)},
                   {"budget", opt(c.budget)},
                   {"deadline_hours", opt(c.deadline_hours)},
                   {"currency", c.currency},
                   {"goal", std::string(to_string(c.goal))},
                   {"spot", std::string(to_string(c.spot))},
                   {"student", c.student},
                   {"providers", c.providers},
                   {"price_overrides", s.scenario.price_overrides}};

  json rows = json::array();
  for (std::size_t i = 0; i < s.report.rows.size() && i < 40; ++i) {
    const Row& r = s.report.rows[i];
    json notes = json::array();
    for (const Text& n : r.notes) notes.push_back(n.en);
    rows.push_back({{"rank", r.rank},
                    {"key", row_key(r)},
                    {"offer", r.offer},
                    {"gpu", r.gpu},
                    {"provider", r.provider},
                    {"pricing", std::string(to_string(r.pricing))},
                    {"cards", r.cards},
                    {"cost", r.cost.likely},
                    {"hours", r.finish_hours.likely},
                    {"pareto", r.pareto},
                    {"tight", r.fit == Fit::tight},
                    {"kg_co2e", r.work_known && r.energy.kg_co2e ? json(*r.energy.kg_co2e) : json(nullptr)},
                    {"market_tier", r.market_tier},
                    {"tier", r.tier},
                    {"edited", r.price_edited},
                    {"serve", r.serve && r.serve_cost ? json{{"user_tps", r.serve->user_tps},
                                                             {"aggregate_tps", r.serve->aggregate_tps},
                                                             {"ttft_s", r.serve->ttft_s},
                                                             {"ttft_p95_s", r.serve->ttft_p95_s},
                                                             {"max_users", r.serve->max_users},
                                                             {"cost_per_day", r.serve_cost->cost_per_day},
                                                             {"cost_per_mtok", r.serve_cost->cost_per_mtok}}
                                                      : json(nullptr)},
                    {"ns_per_day", row_ns_per_day(s, r)},
                    // The explanation, built for the pick and for a row once opened (detailed_row); the hook
                    // only reads it, so a test sees what the screen has, not what asking would build.
                    {"change", change_key(r.change)},
                    {"detailed", r.detailed},
                    {"reason", tr(r.reason)},
                    {"risks", r.risks.size()},
                    {"bill_lines", r.bill.lines.size()},
                    {"time_formula", tr(r.time_explain.formula)},
                    {"notes", notes}});
  }
  json shown = json::array();
  for (std::size_t i = 0; i < s.res.order.size() && i < 40; ++i)
    if (static_cast<std::size_t>(s.res.order[i]) < s.report.rows.size())
      shown.push_back(row_key(s.report.rows[static_cast<std::size_t>(s.res.order[i])]));
  json problems = json::array();
  for (const Problem& p : s.report.problems) problems.push_back({{"path", p.path}, {"message", p.message}});
  j["report"] = {{"rows", rows},
                 {"count", s.report.rows.size()},
                 {"feasible", s.report.feasible},
                 {"considered", s.report.considered},
                 {"currency", s.report.currency},
                 {"goal", std::string(to_string(s.report.goal))},
                 {"summary", tr(s.report.summary)},
                 {"problems", problems},
                 {"shown_order", shown},
                 {"sort_column", s.res.sort.column},
                 {"kind", std::string(result_kind(s) == ResultKind::serve ? "serve"
                                      : result_kind(s) == ResultKind::md  ? "md"
                                                                          : "job")},
                 {"expanded", s.res.expanded},
                 {"selected", s.res.selected}};

  json banners = json::array();
  for (const Banner& b : s.banners) {
    json d = json::array();
    for (const Text& t : b.details) d.push_back(tr(t));
    banners.push_back({{"id", b.id},
                       {"kind", b.kind == BannerKind::error  ? "error"
                                : b.kind == BannerKind::warn ? "warn"
                                                             : "info"},
                       {"text", tr(b.text)},
                       {"details", d}});
  }
  j["banners"] = banners;
  j["settings_saved"] = !platform::settings_unsaved();
  j["status"] = platform::now_seconds() < s.res.status_until ? s.res.status : "";

  json gpu_rows = json::array();
  for (int i : s.cat.gpu_rows) {
    const Gpu& g = s.catalog.gpus[static_cast<std::size_t>(i)];
    gpu_rows.push_back(
        {{"id", g.id}, {"name", g.name}, {"vram_gib", g.vram_gib}, {"fp32_tflops", opt(g.fp32_tflops)}});
  }
  j["gpu_table"] = {{"rows", gpu_rows},
                    {"sort_column", s.cat.sort.column},
                    {"descending", s.cat.sort.descending},
                    {"filter", s.cat.filter}};
  json offer_rows = json::array();
  for (std::size_t i = 0; i < s.cat.offer_rows.size() && i < 60; ++i)
    offer_rows.push_back(s.catalog.offers[static_cast<std::size_t>(s.cat.offer_rows[i])].id);
  j["offer_table"] = {
      {"rows", offer_rows}, {"count", s.cat.offer_rows.size()}, {"filter", s.cat.offer_filter}};
  j["diagnose"] = {{"has_report", s.diag.has_report},
                   {"waiting", s.diag.waiting},
                   {"failed", s.diag.failed},
                   {"problem", s.diag.problem},
                   {"gpus", s.diag.answer.gpu_labels.size()},
                   {"findings", s.diag.answer.findings.size()},
                   {"summary", s.diag.has_report ? tr(s.diag.answer.summary) : std::string()}};
  j["models"] = models_json(s);  // panel_models.cpp
  j["missing_glyphs"] = missing_glyphs();
  j["rects"] = rects_json();
  j["tooltip"] = tooltip_shown();
  j["catalog_io"] = catalog_io_json(s);  // panel_catalog_io.cpp: the user's catalog, import problems
  j["engine_runs"] = s.engine_runs;
  j["engine_ms"] = s.engine_ms;
  j["init_ms"] = s.init_ms;
  // Typed text may hold invalid UTF-8 (a cut character); it must not stop the hook.
  return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace gw::app
