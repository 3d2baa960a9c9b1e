// Serving mode (engine/serve.hpp): KV cache fit at a concurrency, the decode speed at that batch, the
// queue in front of the prefills, the idle policy's hours and the cost per million output tokens, and the
// recommender keeping only offers that meet the latency targets.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>

#include "engine/cost.hpp"
#include "engine/recommend.hpp"
#include "engine/serve.hpp"
#include "test_serve_fixtures.hpp"

using gwtest::llama3_serve;
using gwtest::serve_scenario;

TEST_CASE("serve: a workload with users is a serving job; its problems name the fields") {
  gw::Workload w = llama3_serve(20);
  CHECK(gw::serving(w));
  CHECK(gw::validate_serve(w).empty());
  w.serve_output_tokens = 0;
  w.serve_hours = 0;
  const auto p = gw::validate_serve(w);
  REQUIRE(p.size() == 2);
  CHECK(p[0].path == "serve_output_tokens");
  CHECK(p[1].path == "serve_hours");
  gw::Workload train = llama3_serve(20);
  train.mode = gw::Mode::train;
  CHECK_FALSE(gw::serving(train));
  CHECK(gw::validate_serve(train).front().path == "mode");
  gw::ServeIdle idle = gw::ServeIdle::always;
  CHECK(gw::parse_serve_idle("night", idle));
  CHECK(idle == gw::ServeIdle::night);
  CHECK(gw::to_string(gw::ServeIdle::zero) == "zero");
  CHECK_FALSE(gw::parse_serve_idle("sometimes", idle));
}

TEST_CASE("serve: the KV cache fit flips with the concurrency") {
  // A 24 GB card under vLLM (0.9 x 24 GiB = 21.6 GiB): ~15 GiB of bf16 weights leave room for the KV cache
  // of some dozens of 768-token sequences (128 KiB per token with 8 KV heads), not of a thousand.
  const gw::Gpu& g = gwtest::gpu("rtx-4090");
  const gw::ServePerf few = gw::serve_perf(llama3_serve(20), g, gwtest::catalog());
  const gw::ServePerf many = gw::serve_perf(llama3_serve(1000), g, gwtest::catalog());
  CHECK(few.fit != gw::Fit::no_fit);
  CHECK(many.fit == gw::Fit::no_fit);
  CHECK(few.max_users >= 20);
  CHECK(few.max_users < 1000);
  CHECK(few.max_users == doctest::Approx(many.max_users).epsilon(0.05));
  // KV cache: 32 layers x 2 x 8 heads x 128 x 2 bytes = 128 KiB a token; 20 x 768 tokens = 1.875 GiB.
  CHECK(few.kv_cache_gib == doctest::Approx(20 * 768 * 131072.0 / (1024.0 * 1024 * 1024)).epsilon(0.01));
  CHECK(few.limit_gib == doctest::Approx(0.9 * g.vram_gib));
}

TEST_CASE("serve: decoding is bandwidth bound at small batch, so more users share it almost for free") {
  const gw::Gpu& g = gwtest::gpu("a100-80gb-sxm4");
  const gw::ServePerf one = gw::serve_perf(llama3_serve(1), g, gwtest::catalog());
  const gw::ServePerf eight = gw::serve_perf(llama3_serve(8), g, gwtest::catalog());
  const gw::ServePerf many = gw::serve_perf(llama3_serve(64), g, gwtest::catalog());
  CHECK(eight.aggregate_tps > 5 * one.aggregate_tps);
  CHECK(eight.user_tps > 0.6 * one.user_tps);
  CHECK(many.aggregate_tps > eight.aggregate_tps);
  CHECK(many.user_tps < eight.user_tps);
  CHECK(many.ttft_s > one.ttft_s);  // more arrivals queue for the prefills
  for (const gw::ServePerf* p : {&one, &eight, &many}) {
    CHECK(gwtest::finite(p->ttft_s));
    CHECK(p->ttft_s >= p->prefill_s);
    CHECK(p->aggregate_tps == doctest::Approx(p->concurrency * p->user_tps));
  }
}

TEST_CASE("serve: the M/D/1 queue in front of the prefills, and overload") {
  const gw::Gpu& g = gwtest::gpu("a100-80gb-sxm4");
  gw::Workload w = llama3_serve(20);
  w.serve_rps = 1;
  const gw::ServePerf p = gw::serve_perf(w, g, gwtest::catalog());
  const double rho = 1 * p.prefill_s;
  CHECK(p.arrival_rps == doctest::Approx(1));
  CHECK(p.prefill_share == doctest::Approx(rho));
  CHECK(p.queue_s == doctest::Approx(rho * p.prefill_s / (2 * (1 - rho))));
  CHECK(p.ttft_s == doctest::Approx(p.prefill_s + p.queue_s + 0.5 * p.step_s));
  // More prompts a second than the card can prefill: overloaded, and no target is met.
  w.serve_rps = 2 / p.prefill_s;
  const gw::ServePerf over = gw::serve_perf(w, g, gwtest::catalog());
  CHECK(over.overloaded);
  CHECK_FALSE(over.meets_ttft);
  CHECK(gwtest::finite(over.ttft_s));
  // From the arrival rate alone, Little's law: sequences in flight = arrivals x time each stays.
  gw::Workload rps = llama3_serve(0);
  rps.serve_rps = 0.5;
  const gw::ServePerf l = gw::serve_perf(rps, g, gwtest::catalog());
  CHECK_FALSE(l.overloaded);
  CHECK(l.concurrency == doctest::Approx(0.5 * (l.prefill_s + 256 / l.user_tps)).epsilon(0.01));
}

TEST_CASE("serve: the idle policy changes the paid hours, and the cost per million tokens follows") {
  gw::Workload w = llama3_serve(20);
  CHECK(gw::serve_paid_hours(w) == doctest::Approx(336));
  w.serve_idle = gw::ServeIdle::night;
  w.serve_idle_hours = 8;
  CHECK(gw::serve_paid_hours_per_day(w) == doctest::Approx(16));
  CHECK(gw::serve_paid_hours(w) == doctest::Approx(224));
  w.serve_idle = gw::ServeIdle::zero;
  w.serve_idle_hours = 20;
  CHECK(gw::serve_paid_hours(w) == doctest::Approx(56));

  gw::ServePerf p;
  p.aggregate_tps = 500;
  const gw::ServeCost c = gw::serve_cost(w, p, 112, "USD");
  CHECK(c.days == doctest::Approx(14));
  CHECK(c.cost_per_day == doctest::Approx(8));
  // 500 tokens/s x 3600 x 56 paid hours = 100.8M tokens for 112 USD: 1.111 USD per million.
  CHECK(c.output_tokens == doctest::Approx(500.0 * 3600 * 56));
  CHECK(c.cost_per_mtok == doctest::Approx(112 / 100.8));
  p.aggregate_tps = 0;
  CHECK(gw::serve_cost(w, p, 112, "USD").cost_per_mtok == 0);  // no tokens: no price, never inf
}

TEST_CASE("serve: recommend bills the period, night stops cost less, on demand only") {
  const gw::Report always = gw::recommend(serve_scenario(llama3_serve(20)), gwtest::catalog());
  REQUIRE(always.problems.empty());
  REQUIRE_FALSE(always.rows.empty());
  for (const gw::Row& r : always.rows) {
    CHECK(r.pricing == gw::Pricing::on_demand);
    REQUIRE(r.serve);
    REQUIRE(r.serve_cost);
    CHECK(r.hours.likely == doctest::Approx(336));
    CHECK(r.serve_cost->cost_period == doctest::Approx(r.cost.likely));
  }
  for (std::size_t i = 1; i < always.rows.size(); ++i)
    if (always.rows[i].tier == always.rows[0].tier &&
        always.rows[i].market_tier == always.rows[0].market_tier)
      CHECK(always.rows[i].cost.likely >= always.rows[0].cost.likely - 1e-9);
  gw::Workload night = llama3_serve(20);
  night.serve_idle = gw::ServeIdle::night;
  night.serve_idle_hours = 10;
  const gw::Report stopped = gw::recommend(serve_scenario(night), gwtest::catalog());
  REQUIRE_FALSE(stopped.rows.empty());
  CHECK(stopped.rows[0].hours.likely == doctest::Approx(14 * 14));
  CHECK(stopped.rows[0].cost.likely < always.rows[0].cost.likely);
  CHECK(always.summary.en.find("tokens/s each") != std::string::npos);
  CHECK(always.summary.zh.find("每人") != std::string::npos);
}

TEST_CASE("serve: a latency target drops the slow offers and says why") {
  gw::Workload w = llama3_serve(20);
  const gw::Report loose = gw::recommend(serve_scenario(w), gwtest::catalog());
  REQUIRE_FALSE(loose.rows.empty());
  // A target between the slowest and the fastest row's tokens/s per user.
  double lo = 1e30, hi = 0;
  for (const gw::Row& r : loose.rows) {
    lo = std::min(lo, r.serve->user_tps);
    hi = std::max(hi, r.serve->user_tps);
  }
  REQUIRE(hi > lo * 1.2);
  w.serve_user_tps = 0.5 * (lo + hi);
  const gw::Report strict = gw::recommend(serve_scenario(w), gwtest::catalog());
  CHECK(strict.drop_counts[static_cast<int>(gw::DropReason::user_tps)] > 0);
  CHECK(strict.rows.size() < loose.rows.size());
  for (const gw::Row& r : strict.rows) CHECK(r.serve->user_tps >= w.serve_user_tps);
  bool described = false;
  for (const gw::Dropped& d : strict.dropped)
    if (d.reason == gw::DropReason::user_tps) {
      const gw::Text t = gw::describe(d, strict, gwtest::catalog());
      CHECK(t.en.find("tokens/s per user") != std::string::npos);
      CHECK(t.zh.find("每用户") != std::string::npos);
      described = true;
      break;
    }
  CHECK(described);
  // A first-token target below any prefill drops everything, each for the first token.
  gw::Workload instant = llama3_serve(20);
  instant.serve_ttft_s = 1e-4;
  const gw::Report none = gw::recommend(serve_scenario(instant), gwtest::catalog());
  CHECK(none.rows.empty());
  CHECK(none.drop_counts[static_cast<int>(gw::DropReason::ttft)] > 0);
  // Too many users for any 24 GB card's KV cache: those cards drop as not fitting.
  const gw::Report crowd = gw::recommend(serve_scenario(llama3_serve(400)), gwtest::catalog());
  for (const gw::Row& r : crowd.rows) CHECK(r.serve->max_users >= 400);
  CHECK(crowd.drop_counts[static_cast<int>(gw::DropReason::no_fit)] > 0);
}

TEST_CASE("serve: the p95 time to first token lies above the p50 and within a step of the queue's tail") {
  const gw::Catalog& cat = gwtest::catalog();
  const gw::Gpu& g = gwtest::gpu("rtx-4090");
  gw::Workload w = llama3_serve(20);
  w.serve_rps = 2;  // Poisson arrivals: the queue of serve.cpp
  const gw::ServePerf p = gw::serve_perf(w, g, cat);
  REQUIRE(p.supported);
  REQUIRE_FALSE(p.overloaded);
  CHECK(p.ttft_p95_s > p.ttft_s);
  const gw::QueueWait q = gw::md1_wait_quantile(p.prefill_share, 0.95);
  CHECK(p.queue_p95_s == doctest::Approx(q.wait * p.prefill_s));
  CHECK(p.ttft_p95_s == doctest::Approx(p.prefill_s + p.queue_p95_s + p.step_s));
  bool named = false;
  for (const gw::ExplainInput& in : p.ttft_explain.inputs)
    named = named || in.name == "time to first token p95";
  CHECK(named);
  CHECK(p.ttft_explain.note.en.find("Erlang") != std::string::npos);
  // Arrivals beyond what the prefills can take: no steady state, so no p95 (never a made-up figure).
  w.serve_rps = 1e5;
  const gw::ServePerf over = gw::serve_perf(w, g, cat);
  CHECK(over.overloaded);
  CHECK(over.ttft_p95_s == 0);
  CHECK(gw::serve_line(over, gw::ServeCost{}, "USD").en.find("p95 unknown") != std::string::npos);
}

TEST_CASE("serve: a service's bill uploads its model once before going live and has no idle tail") {
  gw::Scenario s = serve_scenario(llama3_serve(20));
  s.constraints.idle_tail_hours = 2;
  s.constraints.dataset_gb = 500;  // a batch job's dataset: not what a service uploads
  const gw::Report report = gw::recommend(s, gwtest::catalog());
  REQUIRE_FALSE(report.rows.empty());
  int uploads = 0, detailed = 0;
  for (const gw::Row& r : report.rows) {
    if (r.bill.lines.empty()) continue;
    ++detailed;
    for (const gw::CostLine& line : r.bill.lines) {
      CHECK(line.kind != gw::CostKind::gpu_idle);
      if (line.kind == gw::CostKind::gpu_run) CHECK(line.label.en.find("service") != std::string::npos);
      if (line.kind != gw::CostKind::gpu_upload) continue;
      ++uploads;
      CHECK(line.label.en.find("model once before going live") != std::string::npos);
      CHECK(line.label.zh.find("上线前上传一次模型") != std::string::npos);
      REQUIRE_FALSE(line.explain.inputs.empty());
      CHECK(line.explain.inputs[0].name == "model weights");
      // Llama-3-8B's weights as served: ~16 GB in bf16, less quantized; never the 500 GB dataset.
      CHECK(line.explain.inputs[0].value > 4);
      CHECK(line.explain.inputs[0].value < 17);
      CHECK_FALSE(line.price_date.empty());
    }
    bool idle_note = false;
    for (const gw::Text& n : r.bill.notes)
      idle_note = idle_note || n.en.find("No idle tail") != std::string::npos;
    CHECK(idle_note);
    // The upload took hours of the weights, not of the dataset: 500 GB at 100 Mbit/s would be 11 h.
    CHECK(r.bill.upload_hours < 0.5);
  }
  CHECK(detailed > 0);
  CHECK(uploads > 0);  // some provider bills from creation, so its rows show the upload

  // The same request as a batch job carries the idle tail; as a service it does not.
  const gw::Catalog& cat = gwtest::catalog();
  const gw::Provider* p = cat.provider("autodl");
  REQUIRE(p != nullptr);
  gw::BillRequest req;
  req.run_hours = {336, 336, 336};
  req.price_per_hour = {1, 1, 1};
  req.price_currency = "USD";
  req.price_date = "2026-01-01";
  const gw::Bill job = gw::price_bill(*p, s.constraints, 7, req);
  req.service = true;
  req.upload_gb = 16;
  const gw::Bill service = gw::price_bill(*p, s.constraints, 7, req);
  const auto has = [](const gw::Bill& b, gw::CostKind k) {
    return std::any_of(b.lines.begin(), b.lines.end(), [&](const gw::CostLine& l) { return l.kind == k; });
  };
  CHECK(has(job, gw::CostKind::gpu_idle));
  CHECK_FALSE(has(service, gw::CostKind::gpu_idle));
  CHECK(service.upload_hours == doctest::Approx(16 * 8000.0 / 100 / 3600));
  CHECK(service.total.likely < job.total.likely);
}
