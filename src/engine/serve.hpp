#pragma once
// Serving mode: a decoder kept up for a period under concurrent users (issue 18 item 1). It is an
// inference job (Mode::inference with Workload::serve_users or serve_rps above 0), so its memory and its
// decode step are the inference estimate's (estimate_memory.cpp, estimate_speed.cpp): the batch is the
// users in flight and the KV cache holds prompt + output tokens for each. On top of that this file works
// out what a service is judged by: tokens/s per user, the time to the first token under the arrival rate,
// and what the period costs under the idle policy.
#include <optional>
#include <string_view>
#include <vector>

#include "catalog.hpp"
#include "estimate.hpp"
#include "workload.hpp"

namespace gw {

// True when the workload asks for serving (an inference job with users or an arrival rate).
bool serving(const Workload&);
// What a serving job needs that validate_workload does not check: a decoder in inference mode, an output
// length, a period. Each problem names its field.
std::vector<Problem> validate_serve(const Workload&);
// The inference workload one card (or offer) runs: batch = users in flight, KV context = prompt + output.
Workload serve_workload(const Workload&, double concurrency);

// Hours a day the service is paid for under its idle policy.
double serve_paid_hours_per_day(const Workload&);
// Hours paid over the whole period (Workload::serve_hours x paid share of each day).
double serve_paid_hours(const Workload&);

struct ServePerf {
  bool supported = true;     // false: the card lacks the rate the precision needs
  double concurrency = 0;    // sequences in flight (users, or Little's law from the arrival rate)
  Fit fit = Fit::no_fit;     // weights + KV cache for `concurrency` + runtime overhead, per card
  double need_gib = 0;       // per card
  double limit_gib = 0;      // the card's VRAM, or vLLM's gpu_memory_utilization share of it
  double kv_cache_gib = 0;   // per card
  double max_users = 0;      // sequences whose KV cache the card holds beside the weights (whole number)
  double step_s = 0;         // one decode step of the whole batch
  double prefill_s = 0;      // one prompt's prefill, alone on the card(s)
  double arrival_rps = 0;    // requests per second reaching the service
  double prefill_share = 0;  // share of the GPU's time spent on prefills (queue utilization)
  double aggregate_tps = 0;  // output tokens/s of all users together
  double user_tps = 0;       // output tokens/s each user sees
  double queue_s = 0;        // mean wait for the prefill queue (M/D/1)
  double ttft_s = 0;         // p50 time to first token, approximated by its mean
  // The tail (serve_queue.cpp): the prefill queue's 95th-percentile wait, exact by Erlang's M/D/1 formula
  // or Kingman's upper bound at high load (queue_p95_bound); p95 time to first token = prefill + that wait
  // + one whole decode step (the longest wait for the next step). 0 when overloaded (no steady state).
  double queue_p95_s = 0;
  double ttft_p95_s = 0;
  bool queue_p95_bound = false;
  bool overloaded = false;  // arrivals outpace the prefills (or Little's law has no fixed point)
  bool meets_ttft = true;
  bool meets_user_tps = true;
  Explain memory_explain, speed_explain, ttft_explain;
};
// Pure: the numbers of one GPU type and card count for the serving job.
ServePerf serve_perf(const Workload&, const Gpu&, const Catalog&, int cards = 1, double derate = 1.0,
                     bool explain = true);
bool serve_meets_targets(const ServePerf&);

// The prefill queue as M/D/1 (Poisson arrivals at load rho < 1, every prefill the same time D); times in
// units of D. Sources in serve_queue.cpp.
// P(wait <= x) by Erlang's formula; nullopt where double precision cannot hold its alternating sum.
std::optional<double> md1_wait_cdf(double rho, double x);
// Kingman's exponential bound P(wait > x) <= exp(-theta x): theta > 0 solving rho (e^theta - 1) = theta.
double md1_kingman_theta(double rho);
struct QueueWait {
  double wait = 0;     // units of D; infinite when rho >= 1
  bool bound = false;  // Kingman's upper bound, where Erlang's sum lost its precision
};
// The p-quantile of the wait (0 < p < 1).
QueueWait md1_wait_quantile(double rho, double p);

struct ServeCost {
  double paid_hours = 0;     // over the period
  double days = 0;           // of the period
  double cost_period = 0;    // the bill of the paid hours, user's currency
  double cost_per_day = 0;   // cost_period / days
  double output_tokens = 0;  // generated over the paid hours at the modelled load
  double cost_per_mtok = 0;  // cost_period / output_tokens x 1e6 (0 when no tokens)
  Explain explain;
};
// `cost_period` is what the bill charged for the paid hours (recommend prices it with the offer's bill).
ServeCost serve_cost(const Workload&, const ServePerf&, double cost_period, std::string_view currency);
// One sentence for a row or the pick: "Serving 20 users at once: 16.0 tokens/s each, first token in 0.36 s;
// $2.44 a day, $34.19 for the period, $0.09 per 1M output tokens at that load."
Text serve_line(const ServePerf&, const ServeCost&, std::string_view currency);

}  // namespace gw
