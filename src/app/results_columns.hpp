#pragma once
// The ranked table's columns (panel_results_columns.cpp). A batch job shows time to done and the total;
// a molecular dynamics job adds ns/day; a service (engine/serve.hpp) shows what it is judged by instead:
// tokens/s per user, time to first token (p50 / p95), users its KV cache holds, cost a day, per 1M output
// tokens and for the whole period.
#include <string>

#include "app/app.hpp"
#include "app/theme.hpp"

namespace gw::app {

enum class ResultKind { job, md, serve };
ResultKind result_kind(const AppState&);

int result_columns(ResultKind);
// ImGui ids differ per kind, so each column set keeps its own widths and sort state.
const char* result_table_id(ResultKind);
void setup_result_columns(ResultKind, float width, float scale);
// Header tooltip and test-hook names of the column at `position`: "res_header_<position>" (kept for the
// batch job's order) and "res_col_<key>" ("res_col_user_tps").
void result_header(ResultKind, int position);
// The column's sort id at `position` (ImGui's ColumnUserID) in s.res.sort.column.
void sort_rows(AppState&);
void draw_row(AppState&, const Row&, ResultKind, bool& expanded_now);

// Molecular dynamics: simulated ns per day of wall clock on the row's cards (engine/md.hpp), from the
// engine's estimate for the row's GPU, card count and offer; 0 when not an MD job or unknown.
double row_ns_per_day(const AppState&, const Row&);

const char* pricing_label(Pricing p);
Tone risk_tone(Risk r);
void right_text(const std::string& t, Tone tone = Tone::text);
// Money below one unit with three decimals ("$0.031"): the cost per million tokens is often cents.
std::string fine_money(double amount, const std::string& currency);

}  // namespace gw::app
