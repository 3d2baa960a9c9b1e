#pragma once
// Serving scenarios shared by the serving tests (test_serve.cpp, test_serve_bill.cpp).
#include "engine/recommend.hpp"
#include "engine/workload.hpp"
#include "test_estimate_fixtures.hpp"

namespace gwtest {

// Llama-3-8B in bf16 under vLLM, 512-token prompts and 256-token answers, up two weeks.
inline gw::Workload llama3_serve(double users) {
  gw::Workload task;
  task.mode = gw::Mode::inference;
  task.precision = gw::Precision::bf16;
  task.runtime = gw::Runtime::vllm;
  task.seq_len = 512;
  task.serve_users = users;
  task.serve_output_tokens = 256;
  task.serve_hours = 14 * 24;
  return on_model("llama-3-8b", task);
}

inline gw::Scenario serve_scenario(const gw::Workload& w) {
  gw::Scenario s;
  s.workload = w;
  s.constraints.currency = "USD";
  s.constraints.card_counts = {1};
  return s;
}

}  // namespace gwtest
