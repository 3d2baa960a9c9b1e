// detail_row() (recommend.hpp): a row recommend() left without details (beyond
// RecommendOptions::detailed_rows) gets, on request, exactly the details recommend() builds for a detailed
// row: the same reason, risks, warnings, notes, explanations, bill lines and spot Monte Carlo. The page asks
// for details only of the rows a user opens, so the first recommendation after load builds no text for the
// rest.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "engine/recommend.hpp"
#include "test_estimate_fixtures.hpp"
#include "test_recommend_fixtures.hpp"

using namespace gw;

namespace {

std::string text(const Text& t) {
  return t.en + " | " + t.zh + "\n";
}

std::string text(const Explain& e) {
  return explain_text(e, Lang::en) + explain_text(e, Lang::zh) + text(e.note);
}

std::string money(const Range& r) {
  return std::to_string(r.low) + " " + std::to_string(r.likely) + " " + std::to_string(r.high) + "\n";
}

std::string text(const SpotResult& s) {
  return s.method + text(s.method_text) + text(s.explain) + std::to_string(s.p_miss_deadline) + " " +
         std::to_string(s.expected_hours) + " " + std::to_string(s.p90_hours) + "\n";
}

// Everything a detailed row carries beyond the numbers every row has.
std::string details(const Row& r) {
  std::string out = "rank " + std::to_string(r.rank) + " " + r.offer + " detailed " +
                    std::to_string(r.detailed) + " risk " + std::string(to_string(r.risk)) + "\n";
  out += text(r.reason);
  for (const Text& t : r.warnings) out += "warning " + text(t);
  for (const Text& t : r.risks) out += "risk " + text(t);
  for (const Text& t : r.notes) out += "note " + text(t);
  for (const Text& t : r.memory.rules) out += "rule " + text(t);
  out += text(r.time_explain) + text(r.memory_explain) + text(r.energy.explain);
  for (const CostLine& l : r.bill.lines)
    out += "line " + std::string(to_string(l.kind)) + " " + text(l.label) + money(l.amount) +
           text(l.explain) + l.price_date + "\n";
  for (const Text& t : r.bill.notes) out += "bill note " + text(t);
  out += money(r.cost);
  if (r.spot) out += "spot " + text(*r.spot);
  if (r.sessions) out += "sessions " + text(*r.sessions);
  if (r.serve)
    out +=
        "serve " + text(r.serve->speed_explain) + text(r.serve->ttft_explain) + text(r.serve->memory_explain);
  if (r.serve_cost) out += "serve cost " + text(r.serve_cost->explain);
  return out;
}

// Every row of the scenario, detailed by recommend() itself and by detail_row() on a report that detailed
// only the pick, compares equal.
void check_same_details(const Scenario& s) {
  RecommendOptions all;
  all.detailed_rows = 0;
  all.max_rows = 40;
  all.today = "2026-12-05";
  RecommendOptions lazy = all;
  lazy.detailed_rows = 1;
  const Report full = recommend(s, test::bundled_catalog(), all);
  Report later = recommend(s, test::bundled_catalog(), lazy);
  REQUIRE(full.rows.size() == later.rows.size());
  REQUIRE(full.rows.size() > 1);
  CHECK(later.rows[0].detailed);
  CHECK(!later.rows[1].detailed);
  CHECK(later.rows[1].reason.empty());
  CHECK(later.rows[1].bill.lines.empty());
  for (std::size_t i = later.rows.size(); i-- > 0;) {  // last first: no row relies on another's details
    detail_row(s, test::bundled_catalog(), lazy, later, i);
    CAPTURE(i);
    CHECK(details(later.rows[i]) == details(full.rows[i]));
  }
  // A second call, or a row out of range, changes nothing.
  const std::string once = details(later.rows[1]);
  detail_row(s, test::bundled_catalog(), lazy, later, 1);
  detail_row(s, test::bundled_catalog(), lazy, later, later.rows.size());
  CHECK(details(later.rows[1]) == once);
}

}  // namespace

TEST_CASE("detail_row builds a row's details as recommend does: training with a deadline, spot rows") {
  Scenario s = test::scenario_for("bert-base-finetune");
  s.constraints.deadline_hours = 48;  // spot rows draw their Monte Carlo against it
  check_same_details(s);
}

TEST_CASE("detail_row: changed jobs (8-bit Adam, checkpointing), clusters and the mainland market") {
  Scenario s = test::scenario_for("qlora-7b");
  s.constraints.currency = "CNY";
  s.constraints.market = Market::cn;
  check_same_details(s);
  Scenario big = test::scenario_for("opt-13b-fp16");
  big.constraints.card_counts = {1, 2, 4, 8, 16};
  check_same_details(big);
}

TEST_CASE("detail_row: greenest goal, FP64 science, notebooks with sessions") {
  Scenario s = test::scenario_for("sd15-finetune");
  s.constraints.goal = Goal::greenest;
  check_same_details(s);
  check_same_details(test::scenario_for("md-gromacs-fp64"));
  check_same_details(test::scenario_for("resnet50-train"));
}

TEST_CASE("detail_row: serving rows get their service explanations") {
  Workload task;
  task.mode = Mode::inference;
  task.precision = Precision::bf16;
  task.runtime = Runtime::vllm;
  task.seq_len = 512;
  task.serve_users = 20;
  task.serve_output_tokens = 256;
  task.serve_hours = 14 * 24;
  Scenario s;
  s.workload = gwtest::on_model("llama-3-8b", task);
  s.constraints.currency = "USD";
  s.constraints.card_counts = {1};
  check_same_details(s);
}
