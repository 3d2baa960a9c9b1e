#pragma once
// Serving mode (engine/serve.hpp) in recommend's outputs: the table of service numbers, each row's JSON
// and the CSV columns. Rows without serving numbers are left as they are.
#include <nlohmann/json.hpp>
#include <string>

#include "cli/cli.hpp"
#include "engine/recommend.hpp"

namespace gw::cli {

// True when the report's rows carry serving numbers.
bool serve_report(const Report&);
// The summary, then one line per row: GPU, provider, memory, sequences that fit, tokens/s per user and for
// all users, p50 time to first token, cost a day, for the period and per 1M output tokens; with `explain`
// the pick's formulas (memory, speed, first token, cost) and its bill's lines with their formulas.
std::string serve_table_text(const Report&, std::size_t rows, Lang, bool explain);
// {"concurrency", "max_users", "fit", "need_gib", "limit_gib", "user_tps", "aggregate_tps", "ttft_s",
//  "prefill_s", "step_ms", "arrival_rps", "overloaded", "paid_hours", "days", "cost_per_day",
//  "cost_period", "cost_per_mtok", "explain": {memory, speed, ttft, cost}}
nlohmann::json serve_json(const Row&, Lang);
// Appends the serving columns (user_tps, aggregate_tps, ttft_s, max_users, cost_per_day, cost_period,
// cost_per_mtok) to a flat table of the first `rows` rows.
void add_serve_columns(Table&, const Report&, std::size_t rows);

}  // namespace gw::cli
