// Rank the candidates by the goal, mark the time-vs-cost Pareto front, pick a fallback for each row,
// and build the rows (full text only for the top `detailed_rows`).
//
// Goals: cheapest = lowest likely total cost (ties: sooner); fastest = soonest likely finish (ties:
// cheaper); value = lowest cost x finish hours, i.e. halving the time is worth doubling the cost - the
// knee of the Pareto front rather than either end. When the amount of work is unknown there are no totals:
// cheapest ranks by price per hour, fastest by throughput, value by price per unit of throughput.
// greenest = least kg CO2e of the job's hours (energy.hpp; ties: cheaper), an offer whose CO2 is unknown
// after every known one (never guessed as zero); with unknown work, by CO2e per unit of throughput.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <map>
#include <optional>
#include <utility>

#include "engine/market.hpp"
#include "engine/offer_tier.hpp"
#include "engine/quote.hpp"
#include "engine/recommend_internal.hpp"
#include "engine/scaling.hpp"

namespace gw::rec {

const std::string& age_from(const Context& x) {
  return x.options.today.empty() ? x.catalog.catalog_date : x.options.today;
}

namespace {

std::uint64_t fnv1a(const std::string& s) {
  std::uint64_t h = 1469598103934665603ull;
  for (unsigned char ch : s) {
    h ^= ch;
    h *= 1099511628211ull;
  }
  return h;
}

// Tier 1 ranks after tier 0: a tight fit (an out-of-memory crash mid-run wastes the money) and a training
// setup we changed so it fits (AMP, checkpointing: the user's call, shown as a way out). Quantized
// inference competes on cost - the article's own answer for OPT-13B - with its quality warning.
struct Key {
  int tier = 0;
  double a = 0, b = 0;
  int market = 0;  // market_tier (market.hpp), compared first: with market cn, what a student can pay for
};

int tier_of(const Context& x, const Candidate& k) {
  if (x.est(k).fit == Fit::tight) return 1;
  const std::vector<Change>& change = x.variants[static_cast<std::size_t>(k.variant)].changes;
  return change.empty() || has_change(change, Change::int8) || has_change(change, Change::int4) ? 0 : 1;
}

// The candidate's energy inputs for `hours` on `nodes` machines (every node's cards draw power).
EnergyInputs energy_inputs(const Context& x, const Candidate& k, double hours, int nodes) {
  if (x.offer_energy.empty()) x.offer_energy.resize(x.catalog.offers.size());
  std::optional<EnergyInputs>& known = x.offer_energy[k.offer];
  if (!known) known = offer_energy_inputs(x.offer(k), x.gpu(k), 0);
  EnergyInputs in = *known;
  in.hours = hours;
  in.cards *= std::max(1, nodes);
  return in;
}

// kg CO2e of `hours` on the candidate's offer; +inf when unknown, so it ranks after every known one.
double co2_key(const Context& x, const Candidate& k, double hours) {
  const Energy e = job_energy(energy_inputs(x, k, hours, 1), false);
  return e.kg_co2e ? *e.kg_co2e : INFINITY;
}

Key key_by_goal(const Context& x, const Candidate& k, bool work_known) {
  const Goal goal = x.c().goal;
  const int tier = tier_of(x, k);
  if (!work_known) {
    const double price = k.price_after;
    const double thr = std::max(x.est(k).throughput, 1e-30);
    switch (goal) {
      case Goal::cheapest:
        return {tier, price, -thr};
      case Goal::fastest:
        return {tier, -thr, price};
      case Goal::value:
        return {tier, price / thr, price};
      case Goal::greenest:
        return {tier, co2_key(x, k, 1.0) / thr, price};
    }
  }
  // A service ranks by its bill (recommend_serve.cpp): its lead before going live, which varies with the
  // weights' size (lead_hours), is shown in its finish but does not rank it, so only the period counts.
  const double cost = k.cost, finish = serving(x.scenario.workload) ? k.finish - lead_hours(x, k) : k.finish;
  switch (goal) {
    case Goal::cheapest:
      return {tier, cost, finish};
    case Goal::fastest:
      return {tier, finish, cost};
    case Goal::value:
      return {tier, cost * finish, cost};
    case Goal::greenest:
      // The job's own hours (spot: expected, with rework), not the upload and setup before it.
      return {tier, co2_key(x, k, std::max(0.0, k.finish - lead_hours(x, k))), cost};
  }
  return {tier, cost, finish};
}

int market_of(const Context& x, const Candidate& k) {
  return market_tier(x.provider(k), resolve_market(x.c().market, x.c().currency));
}

Key key_for(const Context& x, const Candidate& k, bool work_known) {
  Key key = key_by_goal(x, k, work_known);
  key.market = market_of(x, k);
  return key;
}

// The front is drawn as one line through the rows of one job: the pick's (same_job). A point running
// another job (AMP where the user asked fp32, 4-bit weights, 8-bit Adam) is not an alternative to the
// pick, only to a different question, so it neither joins the front nor pushes the pick's job off it.
void mark_pareto(const Context& x, std::vector<Candidate>& cands, const std::vector<Change>& job) {
  std::vector<char> in(cands.size());
  const Candidate* cheapest = nullptr;
  const Candidate* fastest = nullptr;
  for (std::size_t i = 0; i < cands.size(); ++i) {
    const Candidate& k = cands[i];
    in[i] = same_job(x.variant(k).changes, job);
    if (!in[i]) continue;
    if (!cheapest) cheapest = fastest = &k;
    if (k.cost < cheapest->cost || (k.cost == cheapest->cost && k.finish < cheapest->finish)) cheapest = &k;
    if (k.finish < fastest->finish || (k.finish == fastest->finish && k.cost < fastest->cost)) fastest = &k;
  }
  if (!cheapest) return;
  // Only points inside the box spanned by the cheapest and the fastest candidate can be on the front:
  // anything slower than the cheapest or dearer than the fastest is dominated by it. The box is usually
  // a small share of a big catalog, so only it is sorted.
  struct Point {
    double finish, cost;
    std::size_t i;
  };
  std::vector<Point> pts;
  for (std::size_t i = 0; i < cands.size(); ++i)
    if (in[i] && cands[i].finish <= cheapest->finish && cands[i].cost <= fastest->cost)
      pts.push_back({cands[i].finish, cands[i].cost, i});
  std::sort(pts.begin(), pts.end(), [](const Point& p, const Point& q) {
    if (p.finish != q.finish) return p.finish < q.finish;
    if (p.cost != q.cost) return p.cost < q.cost;
    return p.i < q.i;
  });
  double best_cost = INFINITY;
  for (const Point& p : pts) {
    // Strictly cheaper than everything at least as fast: nobody dominates it. Exact duplicates keep one.
    if (p.cost < best_cost) {
      cands[p.i].pareto = true;
      best_cost = p.cost;
    }
  }
}

void compute_risk(const Context& x, Row& row, bool text) {
  const Constraints& c = x.c();
  int level = 0;
  // `why` makes the sentence, only when the text is wanted: rows without details need the level alone.
  auto add = [&](int lvl, auto&& why) {
    level = std::max(level, lvl);
    if (text) row.risks.push_back(why());
  };
  if (row.spot) {
    const double p = row.spot->p_miss_deadline;
    if (c.deadline_hours && p >= 0.2)
      add(2, [&] {
        return Text{"spot: " + fmt(p * 100, 0) + "% chance of missing the deadline",
                    "竞价实例：" + fmt(p * 100, 0) + "% 的概率错过截止时间"};
      });
    else if (c.deadline_hours && p >= 0.05)
      add(1, [&] {
        return Text{"spot: " + fmt(p * 100, 0) + "% chance of missing the deadline",
                    "竞价实例：" + fmt(p * 100, 0) + "% 的概率错过截止时间"};
      });
    else
      add(1, [&] {
        return Text{"spot: it can be interrupted (about " + fmt(row.spot->expected_interruptions, 1) +
                        " times expected)",
                    "竞价实例：可能被中断（预计约 " + fmt(row.spot->expected_interruptions, 1) + " 次）"};
      });
  }
  const Provider* provider = x.catalog.provider(row.provider);
  if (provider && row.pricing == Pricing::on_demand && provider->session_limited.value_or(false)) {
    if (row.sessions && row.sessions->sessions > 1)
      add(1, [&] {
        return Text{"notebook sessions end after " + format_hours(provider->session_max_hours.value_or(0)) +
                        ": " + std::to_string(row.sessions->sessions) +
                        " sessions, restarted from checkpoints",
                    "笔记本会话 " + format_hours(provider->session_max_hours.value_or(0), Lang::zh) +
                        "后结束：分 " + std::to_string(row.sessions->sessions) + " 次会话，从检查点重启"};
      });
    else if (!row.sessions)
      add(1, [&] {
        return Text{"notebook sessions are time-limited and their length is unknown",
                    "笔记本会话有时长限制，具体时长未知"};
      });
    if (provider->session_gpu_guaranteed && !*provider->session_gpu_guaranteed)
      add(1, [&] {
        return Text{"the GPU type is not guaranteed: a session may get a slower card",
                    "不保证显卡型号：会话可能分到更慢的卡"};
      });
  }
  if (c.deadline_hours && row.work_known && row.finish_hours.high > *c.deadline_hours)
    add(row.finish_hours.low > *c.deadline_hours * 0.8 ? 2 : 1, [&] {
      return Text{
          "the slow end of the estimate (" + format_hours(row.finish_hours.high) + ") is past the deadline",
          "估计的慢端（" + format_hours(row.finish_hours.high, Lang::zh) + "）超过截止时间"};
    });
  if (c.budget && row.cost.high > *c.budget)
    add(1, [&] {
      return Text{"the high end of the cost (" + format_money(row.cost.high, c.currency) + ") is over budget",
                  "费用高端（" + format_money(row.cost.high, c.currency) + "）超出预算"};
    });
  if (row.fit == Fit::tight)
    add(1, [&] {
      return Text{"memory is tight: a longer input or allocator churn can run out of memory",
                  "显存偏紧：输入稍长或显存碎片就可能溢出"};
    });
  if (row.price_stale && x.options.today.empty())
    add(1, [&] {
      return Text{"the price is " + std::to_string(row.price_age_months) + " months older than the catalog",
                  "价格比目录早 " + std::to_string(row.price_age_months) + " 个月"};
    });
  else if (row.price_stale)
    add(1, [&] {
      return Text{
          "the price is " + std::to_string(row.price_age_months) + " months old on " + x.options.today,
          "价格到 " + x.options.today + " 已有 " + std::to_string(row.price_age_months) + " 个月"};
    });
  if (row.price_estimate)
    add(1, [&] { return Text{"the price is an estimate or a range", "价格是估计值或区间"}; });
  if (!row.change.empty())
    add(1, [&] {
      return Text{"it fits only " + row.change_text.en, "需要" + row.change_text.in(Lang::zh) + "才能放下"};
    });
  row.risk = level >= 2 ? Risk::high : level == 1 ? Risk::medium : Risk::low;
}

// Fills `r`, a new row built in place in the report (a Row is large: moving one costs as much as its fields).
void make_row(const Context& x, const Candidate& k, Priced pr, int rank, Row& r) {
  const GpuEstimate& e = x.est(k);
  const Variant& v = x.variant(k);
  const Offer& o = x.offer(k);
  const Gpu& g = x.gpu(k);
  r.rank = rank;
  r.tier = tier_of(x, k);
  r.market_tier = market_of(x, k);
  r.offer_index = k.offer;
  r.offer = o.id;
  r.gpu = g.id;
  r.gpu_name = g.name;
  r.provider = x.provider(k).id;
  r.provider_name = provider_label(x.provider(k), o);  // "RunPod Secure" (offer_tier.hpp)
  r.region = o.region;
  r.pricing = k.pricing;
  r.nodes = k.nodes;
  r.cards = std::max(1, o.gpu_count) * r.nodes;
  r.interconnect = fabric_text(o);
  if (r.nodes > 1) r.network = network_text(o);
  r.change = v.changes;
  r.change_text = v.label;
  r.change_label = change_label(v.changes, v.workload.micro_batch);
  r.fit = e.fit;
  // The numbers only: the rules (text) come with the details.
  r.memory.weights_gib = e.memory.weights_gib;
  r.memory.gradients_gib = e.memory.gradients_gib;
  r.memory.optimizer_gib = e.memory.optimizer_gib;
  r.memory.activations_gib = e.memory.activations_gib;
  r.memory.kv_cache_gib = e.memory.kv_cache_gib;
  r.memory.overhead_gib = e.memory.overhead_gib;
  r.memory.host_gib = e.memory.host_gib;
  r.vram_gib = e.vram_gib;
  r.need_gib = e.memory.total_gib();
  r.headroom_gib = e.headroom_gib;
  r.work_known = e.work_known;
  r.hours = pr.hours;
  r.finish_hours = pr.finish;
  r.speedup = e.scaling_efficiency * r.cards;
  r.scaling_efficiency = e.scaling_efficiency;
  r.unit_used = e.unit_used;
  r.bill = std::move(pr.bill);
  r.cost = r.bill.total;
  r.price_per_hour = r.bill.price_per_hour_before;
  r.price_per_hour_after = r.bill.price_per_hour_after;
  r.value_coefficient = value_coefficient(g.fp32_tflops.value_or(0) * r.cards, r.price_per_hour_after,
                                          e.scaling_efficiency * e.derate);
  r.price_date = o.price_date;
  r.price_age_months = price_age_months(o.price_date, age_from(x));
  r.price_stale = r.price_age_months > x.options.stale_after_months;
  r.price_estimate = pr.price.estimate;
  r.price_edited = pr.price.edited;
  r.price_derived = pr.price.derived;
  if (k.pricing == Pricing::spot) r.spot = simulate_spot(spot_inputs(x, k));
  if (k.pricing == Pricing::on_demand)
    r.sessions =
        session_plan(x.c(), x.provider(k), e.work_known ? e.hours.likely : 0, lead_hours(x, k), false);
  // Unknown work has no hours, so no energy either (Energy::known stays false).
  if (r.work_known) r.energy = job_energy(energy_inputs(x, k, r.hours.likely, r.nodes), false);
  r.pareto = k.pareto;
  r.basis = {k.provider,    k.gpu,
             k.variant,     k.interruptions_assumed,
             k.spot_factor, k.calendar_factor,
             k.sessions,    k.interruptions_per_hour};
}

void detail(const Context& x, const Candidate& k, Row& r) {
  const Constraints& c = x.c();
  // The screening estimate skipped its explanation; the same inputs again, this time explained.
  const GpuEstimate& screened = x.est(k);
  EstimateOptions eo{screened.gpu_count, screened.derate, true};
  eo.nodes = k.nodes;
  eo.node = k.nodes > 1 ? &x.offer(k) : nullptr;
  GpuEstimate e = estimate(x.variant(k).workload, x.gpu(k), x.catalog, eo);
  r.detailed = true;
  r.bill = price_candidate(x, k, true).bill;
  // Moved, not copied: the explained estimate exists for these texts only.
  r.memory.rules = std::move(e.memory.rules);
  r.time_explain = std::move(e.time_explain);
  r.memory_explain = std::move(e.memory_explain);
  r.notes = std::move(e.notes);
  if (r.work_known) r.energy = job_energy(energy_inputs(x, k, r.hours.likely, k.nodes), true);
  // Foreign-only or unconfirmed payment stays visible, marked and explained: never silently hidden.
  if (r.market_tier > 0) r.notes.push_back(market_note(x.provider(k), r.market_tier));
  if (r.sessions || (k.pricing == Pricing::on_demand && x.provider(k).session_limited.value_or(false))) {
    if (!x.provider(k).session_note.empty()) r.notes.push_back(x.provider(k).session_note);
  }
  for (const Text& t : r.bill.notes) r.notes.push_back(t);
  if (r.sessions)
    r.sessions = session_plan(c, x.provider(k), screened.work_known ? screened.hours.likely : 0,
                              lead_hours(x, k), true);
  if (k.pricing == Pricing::spot) {
    SpotInputs si = spot_inputs(x, k);
    si.explain = true;
    // Each offer gets its own stream from the user's seed, so adding an offer never changes another's draw.
    si.seed = c.seed ^ fnv1a(x.offer(k).id + "#spot");
    si.reported_seed = c.seed;
    // The draw decides only the chance of missing a deadline; without one the exact mean and the normal
    // approximation's spread say all there is.
    si.trials = c.deadline_hours ? x.options.monte_carlo_trials : 0;
    r.spot = simulate_spot(si);
    if (r.spot->trials > 0) {
      const std::string seed = std::to_string(c.seed);
      r.spot->explain.note = {
          "Probability of missing the deadline by Monte Carlo: " + std::to_string(r.spot->trials) +
              " trials from seed " + seed + " (each offer draws its own stream from it).",
          "错过截止时间的概率：蒙特卡洛模拟 " + std::to_string(r.spot->trials) + " 次，种子 " + seed +
              "（每个方案由此派生独立的随机序列）。"};
    }
    if (k.interruptions_assumed)
      r.notes.push_back({"No interruption rate is known for this provider: one every 20 h is assumed.",
                         "该平台的中断率未知：按每 20 小时一次估计。"});
  }
}

// A row's fallback, should its provider be sold out: the best-ranked row of another provider that runs the
// same job (the same changes: a quantized row never stands in for one run as given), else of another
// provider running it changed otherwise; when one provider holds every row, the best row with another GPU
// (the same job first). Rows are in rank order, so per job the first row
// and the first of another provider (or GPU) suffice: linear in the rows, which may be 100,000s.
void assign_fallbacks(Report& report) {
  std::vector<Row>& rows = report.rows;
  struct Best {
    int first = -1, other = -1;  // the first row; the first whose provider (or GPU) differs from it
  };
  auto note = [](Best& b, int i, const std::string& (*key)(const Row&), const std::vector<Row>& rs) {
    if (b.first < 0)
      b.first = i;
    else if (b.other < 0 &&
             key(rs[static_cast<std::size_t>(i)]) != key(rs[static_cast<std::size_t>(b.first)]))
      b.other = i;
  };
  auto pick = [](const Best& b, const std::string& mine, const std::string& (*key)(const Row&),
                 const std::vector<Row>& rs) {
    if (b.first >= 0 && key(rs[static_cast<std::size_t>(b.first)]) != mine) return b.first;
    return b.other;
  };
  const std::string& (*provider)(const Row&) = [](const Row& r) -> const std::string& { return r.provider; };
  const std::string& (*gpu)(const Row&) = [](const Row& r) -> const std::string& { return r.gpu; };
  std::map<std::string, Best> by_job, by_gpu;  // change key -> providers; -> GPUs
  Best any_provider, any_gpu;                  // every row
  std::vector<std::string> keys(rows.size());
  for (std::size_t i = 0; i < rows.size(); ++i) {
    keys[i] = change_key(rows[i].change);
    const int at = static_cast<int>(i);
    note(by_job[keys[i]], at, provider, rows);
    note(by_gpu[keys[i]], at, gpu, rows);
    note(any_provider, at, provider, rows);
    note(any_gpu, at, gpu, rows);
  }
  for (std::size_t i = 0; i < rows.size(); ++i) {
    Row& r = rows[i];
    int f = pick(by_job[keys[i]], r.provider, provider, rows);
    if (f < 0) f = pick(any_provider, r.provider, provider, rows);
    if (f < 0) f = pick(by_gpu[keys[i]], r.gpu, gpu, rows);
    if (f < 0) f = pick(any_gpu, r.gpu, gpu, rows);
    r.fallback = f == static_cast<int>(i) ? -1 : f;
  }
}

}  // namespace

void explain_row(const Context& x, const Candidate& k, Report& report, std::size_t i) {
  Row& r = report.rows[i];
  r.risks.clear();  // the level alone was worked out with the row; now its sentences too
  detail(x, k, r);
  compute_risk(x, r, true);
  add_row_warnings(x, k, r);
  r.reason = reason_for(x, report, r);
}

void rank_and_build(Context& x, std::vector<Candidate>& cands, Report& report) {
  const bool work_known = report.work_known;
  // Sort small contiguous items, not the candidates: 170,000 of them must rank in milliseconds.
  struct Item {
    Key key;
    std::uint32_t offer;
    Pricing pricing;
    std::uint32_t i;
  };
  auto less = [](const Item& p, const Item& q) {
    if (p.key.market != q.key.market) return p.key.market < q.key.market;
    if (p.key.tier != q.key.tier) return p.key.tier < q.key.tier;
    if (p.key.a != q.key.a) return p.key.a < q.key.a;
    if (p.key.b != q.key.b) return p.key.b < q.key.b;
    if (p.offer != q.offer) return p.offer < q.offer;
    return p.pricing < q.pricing;
  };
  std::vector<Item> items(cands.size());
  for (std::size_t i = 0; i < cands.size(); ++i)
    items[i] = {key_for(x, cands[i], work_known), cands[i].offer, cands[i].pricing,
                static_cast<std::uint32_t>(i)};
  if (work_known && !items.empty()) {
    const Item& pick = *std::min_element(items.begin(), items.end(), less);
    mark_pareto(x, cands, x.variant(cands[pick.i]).changes);
  }

  const std::size_t max_rows =
      x.options.max_rows == 0 ? items.size() : std::min(items.size(), x.options.max_rows);
  const std::size_t detailed = x.options.detailed_rows == 0 ? items.size() : x.options.detailed_rows;
  std::partial_sort(items.begin(), items.begin() + static_cast<std::ptrdiff_t>(max_rows), items.end(), less);
  std::vector<const Candidate*> kept;
  kept.reserve(max_rows + 64);
  report.rows.reserve(max_rows + 64);
  for (std::size_t pos = 0; pos < max_rows; ++pos) {
    const Candidate& k = cands[items[pos].i];
    make_row(x, k, price_candidate(x, k, false), static_cast<int>(pos + 1), report.rows.emplace_back());
    kept.push_back(&k);
  }
  // Pareto-front rows beyond max_rows are kept too, so a scatter plot always has the whole front. Their
  // rank is max_rows + 1 + how many of the rest come before them: one pass with a binary search among
  // the (few) front items, not a sort of the rest.
  std::vector<Item> extra;
  for (std::size_t pos = max_rows; pos < items.size(); ++pos)
    if (cands[items[pos].i].pareto) extra.push_back(items[pos]);
  if (!extra.empty()) {
    std::sort(extra.begin(), extra.end(), less);
    std::vector<std::size_t> before(extra.size() + 1, 0);  // difference array over the extras
    for (std::size_t pos = max_rows; pos < items.size(); ++pos) {
      const auto at = std::upper_bound(extra.begin(), extra.end(), items[pos], less);
      ++before[static_cast<std::size_t>(at - extra.begin())];
    }
    std::size_t running = 0;
    for (std::size_t j = 0; j < extra.size(); ++j) {
      running += before[j];
      const Candidate& k = cands[extra[j].i];
      // running counts the items strictly before extra[j] (the extras themselves included once each).
      make_row(x, k, price_candidate(x, k, false), static_cast<int>(max_rows + running + 1),
               report.rows.emplace_back());
      kept.push_back(&k);
    }
  }
  assign_fallbacks(report);
  // A reason reads only numbers of the other rows (the pick's, the fastest's and the cheapest's), which every
  // row has by now, so each detailed row is finished in one go, as detail_row() finishes one later.
  for (std::size_t i = 0; i < report.rows.size(); ++i) {
    if (i < detailed)
      explain_row(x, *kept[i], report, i);
    else
      compute_risk(x, report.rows[i], false);
  }
}

}  // namespace gw::rec
