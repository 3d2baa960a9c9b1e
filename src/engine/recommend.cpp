// Enumerate offers x pricing, drop what cannot do the job within the constraints, and hand the rest to
// the ranker. Estimates are cached per (GPU, cards, derate, variant): a catalog of 100,000 offers holds
// only a few dozen GPU types.
#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <string_view>
#include <tuple>
#include <unordered_map>
#include <unordered_set>
#include <utility>

#include "engine/estimate_model.hpp"
#include "engine/input.hpp"
#include "engine/market.hpp"
#include "engine/quote.hpp"
#include "engine/recommend_internal.hpp"
#include "engine/scaling.hpp"

namespace gw {

std::string_view to_string(Risk r) {
  switch (r) {
    case Risk::low:
      return "low";
    case Risk::medium:
      return "medium";
    case Risk::high:
      return "high";
  }
  return "low";
}

std::string_view to_string(DropReason r) {
  switch (r) {
    case DropReason::filtered:
      return "filtered";
    case DropReason::card_count:
      return "card_count";
    case DropReason::spot_policy:
      return "spot_policy";
    case DropReason::unknown_gpu:
      return "unknown_gpu";
    case DropReason::no_precision:
      return "no_precision";
    case DropReason::no_fit:
      return "no_fit";
    case DropReason::spot_impractical:
      return "spot_impractical";
    case DropReason::deadline:
      return "deadline";
    case DropReason::budget:
      return "budget";
    case DropReason::user_tps:
      return "user_tps";
    case DropReason::ttft:
      return "ttft";
  }
  return "filtered";
}

std::vector<Problem> validate_constraints(const Constraints& c) {
  // Each field's range is the input table's (input.hpp): the same the CLI refuses and a link clamps to.
  Scenario s;
  s.constraints = c;
  std::vector<Problem> p = check_input_ranges(s, false);
  if (c.currency != "CNY" && c.currency != "USD") p.push_back({"currency", "currency must be CNY or USD"});
  if (c.card_counts.empty()) p.push_back({"cards", "give at least one card count"});
  for (int n : c.card_counts)
    if (!within(n, limits::cards))
      p.push_back({"cards", std::to_string(n) + " is out of range (" + describe_limit(limits::cards) + ")"});
  return p;
}

namespace rec {

bool needs_fp64(const Workload& w) {
  return w.needs_fp64 || w.precision == Precision::fp64;
}

bool has_full_fp64(const Gpu& g) {
  if (g.fp64_tensor_tflops && *g.fp64_tensor_tflops > 0) return true;
  const double f64 = g.fp64_tflops.value_or(0), f32 = g.fp32_tflops.value_or(0);
  // GeForce and most inference parts run FP64 at 1/32-1/64 of FP32; science parts at 1/2.
  return f64 > 0 && (f32 > 0 ? f64 >= f32 / 4 : f64 >= 2);
}

bool lacks_fp64(const Workload& w, const Gpu& g) {
  if (!needs_fp64(w) || has_full_fp64(g)) return false;
  if (w.bound == Bound::memory) return false;
  if (w.bound == Bound::compute) return true;
  // Roofline: the job's FLOPs per byte against the card's FP64 ridge point.
  const double bw = g.memory_bandwidth_gbs.value_or(0), f64 = g.fp64_tflops.value_or(0);
  if (w.gflops_per_sample > 0 && w.bytes_per_sample_mib > 0 && bw > 0 && f64 > 0) {
    const double intensity = w.gflops_per_sample * 1e9 / (w.bytes_per_sample_mib * 1048576.0);
    const double ridge = f64 * 1e12 / (bw * 1e9);
    return intensity > ridge;
  }
  return true;
}

}  // namespace rec

namespace rec {

SpotInputs spot_inputs(const Context& x, const Candidate& k) {
  const GpuEstimate& e = x.est(k);
  SpotInputs si =
      gw::spot_inputs(x.c(), e.work_known ? e.hours.likely : 0, k.interruptions_per_hour, lead_hours(x, k));
  si.explain = false;
  return si;
}

namespace {
// What a service uploads once before going live: its model as served, this variant's weights, in decimal
// GB; nothing for a job (the bill then uploads Constraints::dataset_gb).
std::optional<double> service_upload_gb(const Context& x, const Candidate& k) {
  if (!serving(x.scenario.workload)) return std::nullopt;
  return model::weight_bytes(x.variant(k).workload) / 1e9;
}

BillRequest bill_request(const Context& x, const Candidate& k, const Range& hours, const Range& price) {
  const Offer& o = x.offer(k);
  BillRequest req;
  req.run_hours = hours;
  // A cluster rents `nodes` copies of the offer: every node's hours are billed.
  const double nodes = std::max<double>(1, k.nodes);
  req.price_per_hour = {price.low * nodes, price.likely * nodes, price.high * nodes};
  req.nodes = k.nodes;
  req.price_currency = o.currency;
  req.price_date = o.price_date;
  req.pricing = k.pricing;
  req.sessions = k.sessions;
  // 包日/包周/包月 when cheaper; a package holds one machine, so a cluster is billed by the hour
  if (k.pricing == Pricing::on_demand && k.nodes <= 1) req.packages = &o.packages;
  // A service uploads its model as served (this variant's weights) once, and has no idle tail (cost.hpp).
  req.upload_gb = service_upload_gb(x, k);
  req.service = req.upload_gb.has_value();
  return req;
}
}  // namespace

double lead_hours(const Context& x, const Candidate& k) {
  const std::optional<double> gb = service_upload_gb(x, k);
  if (!gb) return x.fixed_hours;
  BillRequest req;
  req.upload_gb = gb;
  return x.c().setup_hours + upload_hours(req, x.c());
}

Priced price_candidate(const Context& x, const Candidate& k, bool with_lines) {
  Priced out;
  const GpuEstimate& e = x.est(k);
  out.price = offer_price(x.offer(k), x.provider(k), k.pricing, x.scenario.price_overrides);
  if (e.work_known)
    out.hours = {e.hours.low * k.spot_factor, e.hours.likely * k.spot_factor, e.hours.high * k.spot_factor};
  const double cf = k.calendar_factor;
  const double lead = lead_hours(x, k);
  out.finish = {lead + out.hours.low * cf, lead + out.hours.likely * cf, lead + out.hours.high * cf};
  out.bill = price_bill(x.provider(k), x.c(), x.usd_cny, bill_request(x, k, out.hours, out.price.per_hour),
                        with_lines);
  return out;
}

void prepare(Context& x) {
  const Constraints& c = x.c();
  x.usd_cny = exchange_rate(c, x.catalog);
  x.fixed_hours = upload_hours(BillRequest{}, c) + c.setup_hours;  // the dataset's upload
  const Workload& w = x.scenario.workload;
  x.variants = variants_for(serving(w) ? serve_workload(w, w.serve_users) : w, c.keep_precision);
}

int cached_estimate(Context& x, std::size_t gpu_index, int cards, double derate, int variant,
                    std::size_t cluster) {
  const auto key = std::make_tuple(gpu_index, cards, derate, variant, cluster);
  auto it = x.estimate_index.find(key);
  if (it != x.estimate_index.end()) return it->second;
  EstimateOptions eo;
  eo.gpu_count = cards;
  eo.derate = derate;
  eo.explain = false;  // screening: only the detailed rows explain their numbers (rank_and_build)
  if (cluster != kOneNode) {
    const Offer& node = x.catalog.offers[cluster];
    eo.node = &node;
    eo.nodes = cards / std::max(1, node.gpu_count);
  }
  x.estimates.push_back(estimate(x.variants[static_cast<std::size_t>(variant)].workload,
                                 x.catalog.gpus[gpu_index], x.catalog, eo));
  const int idx = static_cast<int>(x.estimates.size() - 1);
  x.estimate_index.emplace(key, idx);
  return idx;
}

void serve_hours(Context& x, int estimate) {
  GpuEstimate& se = x.estimates[static_cast<std::size_t>(estimate)];
  const double h = serve_paid_hours(x.scenario.workload);
  se.work_known = true;
  se.hours = {h, h, h};
}

namespace {

// The base estimate's fit advice is cumulative and may include extra reductions, so its memory after the
// step that completes a variant's changes is at most what the variant needs: when even that does not fit,
// the variant cannot, and its estimate is skipped. A change the advice never reached proves nothing.
bool hopeless(const GpuEstimate& base, const std::vector<Change>& changes) {
  if (has_change(changes, Change::int8) || has_change(changes, Change::int4)) {
    const bool int4 = has_change(changes, Change::int4);
    int quantize_seen = 0;
    for (const FitAdvice& a : base.advice) {
      if (a.kind != AdviceKind::quantize) continue;
      // int4 is the second quantize step when the weights started above 8 bits.
      if (int4 && quantize_seen++ == 0) {
        bool second = false;
        for (const FitAdvice& b : base.advice)
          second = second || (&b != &a && b.kind == AdviceKind::quantize);
        if (second) continue;
      }
      // fits_after is false for a tight fit too; only memory beyond the card proves it hopeless.
      return a.total_gib_after > base.vram_gib;
    }
    return false;
  }
  if (changes.empty()) return false;
  // The estimate's advice never offloads: nothing in it bounds an offloaded variant.
  if (has_change(changes, Change::offload)) return false;
  // Training variants: each change is one step of the advice; the last of them bounds the variant.
  std::size_t last = 0;
  for (Change c : changes) {
    const AdviceKind step = c == Change::amp             ? AdviceKind::amp
                            : c == Change::checkpointing ? AdviceKind::checkpointing
                            : c == Change::adam8bit      ? AdviceKind::adam8bit
                                                         : AdviceKind::smaller_batch;
    std::size_t at = base.advice.size();
    for (std::size_t i = 0; i < base.advice.size(); ++i)
      if (base.advice[i].kind == step) at = i;
    if (at == base.advice.size()) return false;
    last = std::max(last, at);
  }
  return base.advice[last].total_gib_after > base.vram_gib;
}

// Which variant a card that does not hold the job as given gets, or -1. Of the changes that fit, the
// quickest on this card wins: same card, same price, so also the cheapest. A comfortable fit beats a tight
// one (an out-of-memory crash mid-run wastes the money). Changes of precision do not compete on speed: the
// user's precision comes before AMP and int8 before 4-bit weights whatever their speed (the answer must not
// trade quality for time unasked), so `precision_rank` (the variants' order of each set of precision
// changes) is compared first. Offload comes next, as the last resort within a precision: its time is a
// lower bound (the estimate counts the PCIe transfer, not the CPU's Adam step), and it needs host RAM the
// catalog cannot confirm, so it never displaces an on-GPU change that fits.
int choose_variant(Context& x, std::size_t gpu, int cards, double derate, int base_ei,
                   const std::vector<int>& precision_rank, std::size_t cluster) {
  int found = -1;
  std::tuple<bool, int, bool, double> best{};
  for (int v = 1; v < static_cast<int>(x.variants.size()); ++v) {
    if (hopeless(x.estimates[static_cast<std::size_t>(base_ei)],
                 x.variants[static_cast<std::size_t>(v)].changes))
      continue;
    const GpuEstimate& e =
        x.estimates[static_cast<std::size_t>(cached_estimate(x, gpu, cards, derate, v, cluster))];
    if (!e.supported || e.fit == Fit::no_fit) continue;
    const double slowness = e.work_known ? e.hours.likely : 1.0 / std::max(e.throughput, 1e-30);
    const std::vector<Change>& changes = x.variants[static_cast<std::size_t>(v)].changes;
    const std::tuple<bool, int, bool, double> key{e.fit == Fit::tight,
                                                  precision_rank[static_cast<std::size_t>(v)],
                                                  has_change(changes, Change::offload), slowness};
    if (found < 0 || key < best) {  // ties keep the earlier variant (fewer changes)
      found = v;
      best = key;
    }
  }
  return found;
}

// For choose_variant: each variant's rank among the distinct sets of precision changes, in variant order.
std::vector<int> precision_ranks(const std::vector<Variant>& variants) {
  std::vector<unsigned> masks;
  std::vector<int> out;
  for (const Variant& v : variants) {
    unsigned mask = 0;
    for (Change c : v.changes)
      if (change_info(c).precision) mask |= 1u << static_cast<unsigned>(c);
    const auto at = std::find(masks.begin(), masks.end(), mask);
    out.push_back(static_cast<int>(at - masks.begin()));
    if (at == masks.end()) masks.push_back(mask);
  }
  return out;
}

// Exclusion tokens match a provider id, an offer id, a GPU id, or a GPU family: "a100" drops every
// "a100-..." card.
bool gpu_excluded(const std::string& gpu_id, const std::vector<std::string>& tokens) {
  for (const std::string& t : tokens) {
    if (t.empty()) continue;
    if (gpu_id == t) return true;
    if (gpu_id.size() > t.size() && gpu_id.compare(0, t.size(), t) == 0 && gpu_id[t.size()] == '-')
      return true;
  }
  return false;
}

bool contains(const std::vector<std::string>& v, const std::string& s) {
  return std::find(v.begin(), v.end(), s) != v.end();
}

// A cluster of more machines than this is beyond any question the page takes (cards stop at 64).
constexpr int kMaxNodes = 64;

// Card counts asked for that no single machine has, with the offers a cluster could not be made of: the
// answer then says why there is no row for them (an offer with no network between nodes, or none sourced).
struct NotCluster {
  int single_node = 0;  // "none": the provider links no machines
  int unknown = 0;      // no source for the network
  int other = 0;        // its bandwidth unknown, or more nodes than it allows
  Text example;         // the first offer's reason
  std::string example_offer;
  int example_cards = 0;  // its gpu_count
};

void add_cluster_warnings(const Catalog& catalog, const std::vector<int>& asked,
                          const std::map<int, NotCluster>& missing, const std::set<int>& answered,
                          Report& report) {
  for (int n : asked) {
    auto it = missing.find(n);
    if (it == missing.end()) continue;
    const bool one_machine = std::any_of(catalog.offers.begin(), catalog.offers.end(),
                                         [&](const Offer& o) { return o.gpu_count == n; });
    if (one_machine || answered.count(n)) continue;  // the count is answered: no need to explain clusters
    const NotCluster& m = it->second;
    const std::string cards = std::to_string(n);
    report.warnings.push_back(
        {cards +
             " cards: no offer has that many in one machine, and a cluster of nodes is built only where "
             "the provider's network between nodes is sourced. Not offered as clusters: " +
             std::to_string(m.single_node) + " single-machine offers, " + std::to_string(m.unknown) +
             " with no source for their network" +
             (m.other ? ", " + std::to_string(m.other) + " for their bandwidth or node limit"
                      : std::string()) +
             " (e.g. " + m.example_offer + ": " + m.example.en + ").",
         cards + " 张卡：没有单台机器有这么多卡；只有平台的机间网络有来源时才组多机集群。未作为集群推荐的：" +
             std::to_string(m.single_node) + " 个单机方案，" + std::to_string(m.unknown) +
             " 个机间网络没有来源" +
             (m.other ? "，" + std::to_string(m.other) + " 个因带宽或节点数上限" : std::string()) +
             "（例如 " + m.example_offer + "：" + m.example.zh + "）。"});
  }
}

}  // namespace

// recommend_serve.cpp: serving mode's row numbers, summary and warnings; serve_row() fills one row
// (its explanations when it is detailed), set_serve_reason() says a row against the pick as services.
void add_serve_rows(const Context&, const std::map<std::pair<std::size_t, int>, int>& variant_of, Report&);
void serve_row(const Context&, const Workload& variant, const Gpu&, Row&, const std::string& currency);
void set_serve_reason(const Workload& pick_variant, const Row& pick, Row& row, const std::string& currency);

}  // namespace rec

Report recommend(const Scenario& scenario, const Catalog& catalog, const RecommendOptions& options) {
  using namespace rec;
  Report report;
  const Constraints& c = scenario.constraints;
  report.goal = c.goal;
  report.currency = c.currency;
  report.catalog_version = catalog.catalog_version;
  report.catalog_date = catalog.catalog_date;
  report.usd_cny_date = c.usd_cny ? std::string() : catalog.usd_cny_date;
  report.problems = validate_constraints(c);
  report.price_age_from = options.today.empty() ? catalog.catalog_date : options.today;
  if (!options.today.empty() && price_age_months(options.today, options.today) < 0)
    report.problems.push_back({"options.today", "'" + options.today + "' is not a date (YYYY-MM-DD)"});
  for (Problem& p : validate_workload(scenario.workload)) report.problems.push_back(std::move(p));
  for (Problem& p : check_credits(c, catalog)) report.problems.push_back(std::move(p));
  for (Problem& p : validate_serve(scenario.workload)) report.problems.push_back(std::move(p));
  if (!report.problems.empty()) {
    report.summary = {
        "The question has invalid inputs: " + report.problems.front().path + ": " +
            report.problems.front().message + ".",
        "输入有误：" + report.problems.front().path + "：" + report.problems.front().message + "。"};
    return report;
  }

  Context x(scenario, catalog, options);
  prepare(x);
  report.usd_cny = x.usd_cny;
  // Serving: each offer holds the users' KV cache, is billed for the period's paid hours and must meet the
  // latency targets (serve.hpp); it rents on demand only, as an interruption takes the service down.
  const Workload& w = scenario.workload;
  const bool serve = serving(w);
  std::map<std::tuple<std::size_t, int, double, int>, ServePerf> serve_perfs;
  std::map<std::pair<std::size_t, int>, int> serve_variant;  // (offer index, cards) -> its variant
  const std::vector<int> precision_rank = precision_ranks(x.variants);

  std::unordered_map<std::string_view, std::size_t> gpu_at, provider_at;
  for (std::size_t i = 0; i < catalog.gpus.size(); ++i) gpu_at.emplace(catalog.gpus[i].id, i);
  for (std::size_t i = 0; i < catalog.providers.size(); ++i) provider_at.emplace(catalog.providers[i].id, i);
  // Filters decided once per GPU and provider, not once per offer.
  std::vector<char> gpu_out(catalog.gpus.size()), provider_out(catalog.providers.size());
  for (std::size_t i = 0; i < catalog.gpus.size(); ++i)
    // A laptop part (catalog segment "laptop", met by the instance checker) is never rented.
    gpu_out[i] = gpu_excluded(catalog.gpus[i].id, c.exclude) || catalog.gpus[i].segment == "laptop";
  for (std::size_t i = 0; i < catalog.providers.size(); ++i) {
    const std::string& id = catalog.providers[i].id;
    // 1: --providers/--exclude; 2: --pay, --invoice, --mainland (an unknown fact is not a yes), said apart.
    provider_out[i] = (!c.providers.empty() && !contains(c.providers, id)) || contains(c.exclude, id) ? 1
                      : !access_allowed(catalog.providers[i], c)                                      ? 2
                                                                                                      : 0;
    // 3: a platform with a weekly GPU quota (Kaggle's free notebooks) only when --providers names it: the
    // quota is the user's own, and how much of this week's is left is not known here. Not a drop either.
    if (!provider_out[i] && catalog.providers[i].session_weekly_gpu_hours && !contains(c.providers, id))
      provider_out[i] = 3;
  }
  const std::unordered_set<std::string> excluded_ids(c.exclude.begin(), c.exclude.end());

  const bool fp64 = needs_fp64(scenario.workload);
  std::vector<Candidate> candidates;
  candidates.reserve(catalog.offers.size() * 2);
  report.dropped.reserve(catalog.offers.size());
  auto drop = [&](std::size_t i, Pricing pr, int cards, DropReason why, double need = 0, double limit = 0) {
    report.dropped.push_back({i, pr, cards, why, need, limit});
    ++report.drop_counts[static_cast<int>(why)];
  };

  // Derived spot prices the provider lists a real one for (cost.hpp, spot_listing).
  std::set<SpotListing> listed_spot;
  for (const Offer& o : catalog.offers)
    if (lists_spot_price(o)) listed_spot.insert(spot_listing(o));

  std::map<int, NotCluster> not_cluster;
  for (std::size_t i = 0; i < catalog.offers.size(); ++i) {
    const Offer& o = catalog.offers[i];
    const int node_cards = std::max(1, o.gpu_count);
    // Node counts asked for: 1 for the offer's own card count, N for a count N times it (a cluster of N
    // copies), when the offer's network between nodes is known (scaling.hpp multi_node_ok).
    std::vector<int> node_counts;
    for (int asked : c.card_counts) {
      if (asked % node_cards != 0 || asked / node_cards > kMaxNodes) continue;
      const int n = asked / node_cards;
      // The reason is worded only for the offer a warning quotes (about a thousand sentences a call were
      // built and dropped when every refusal was worded).
      if (n == 1 || multi_node_ok(o, n)) {
        if (std::find(node_counts.begin(), node_counts.end(), n) == node_counts.end())
          node_counts.push_back(n);
        continue;
      }
      NotCluster& m = not_cluster[asked];
      ++(o.inter_node == "none" ? m.single_node : o.inter_node.empty() ? m.unknown : m.other);
      // The example is the largest machine of them (a whole node, the likeliest cluster member).
      if (m.example_offer.empty() || o.gpu_count > m.example_cards) {
        m.example_offer = o.id;
        m.example_cards = o.gpu_count;
        multi_node_ok(o, n, &m.example);
      }
    }
    if (node_counts.empty()) node_counts.push_back(0);  // dropped below for its card count
    auto gi = gpu_at.find(o.gpu);
    auto pi = provider_at.find(o.provider);
    for (int nodes : node_counts)
      for (Pricing pricing : {Pricing::on_demand, Pricing::spot}) {
        const int cards = node_cards * std::max(1, nodes);
        const std::size_t cluster = nodes > 1 ? i : kOneNode;
        if (gi == gpu_at.end() || pi == provider_at.end()) {
          if (pricing == Pricing::on_demand) {
            ++report.considered;
            drop(i, pricing, cards, DropReason::unknown_gpu);
          }
          continue;
        }
        const Provider& p = catalog.providers[pi->second];
        const Gpu& g = catalog.gpus[gi->second];
        const OfferPrice price = offer_price(o, p, pricing, scenario.price_overrides);
        if (!price.available) continue;  // no spot for this offer: not a candidate at all
        if (price.derived && listed_spot.count(spot_listing(o))) continue;  // (above)
        if (provider_out[pi->second] == 3) continue;                        // a weekly quota, not asked for
        ++report.considered;
        if (provider_out[pi->second] || gpu_out[gi->second] ||
            (!excluded_ids.empty() && excluded_ids.count(o.id))) {
          drop(i, pricing, cards, DropReason::filtered, 0, provider_out[pi->second] == 2 ? 1 : 0);
          continue;
        }
        if (nodes == 0) {
          drop(i, pricing, cards, DropReason::card_count);
          continue;
        }
        if ((pricing == Pricing::spot && c.spot == SpotPolicy::deny) ||
            (pricing == Pricing::on_demand && c.spot == SpotPolicy::only)) {
          drop(i, pricing, cards, DropReason::spot_policy);
          continue;
        }
        // A service stays up: spot interruptions and notebook sessions (which end after hours, and whose
        // terms forbid serving, e.g. Colab's FAQ) both take it down.
        if (serve && (pricing == Pricing::spot || p.session_limited.value_or(false))) {
          drop(i, pricing, cards, DropReason::spot_policy);
          continue;
        }
        if (fp64 && lacks_fp64(scenario.workload, g)) {
          drop(i, pricing, cards, DropReason::no_precision, g.fp64_tflops.value_or(0),
               g.fp32_tflops.value_or(0));
          continue;
        }
        int variant = 0;
        int ei = cached_estimate(x, gi->second, cards, o.derate, 0, cluster);
        if (!x.estimates[static_cast<std::size_t>(ei)].supported) {
          drop(i, pricing, cards, DropReason::no_precision);  // limit 0: the catalog lacks the rate
          continue;
        }
        if (x.estimates[static_cast<std::size_t>(ei)].fit == Fit::no_fit) {
          const double need = x.estimates[static_cast<std::size_t>(ei)].memory.total_gib();
          const int found = choose_variant(x, gi->second, cards, o.derate, ei, precision_rank, cluster);
          if (found < 0) {
            drop(i, pricing, cards, DropReason::no_fit, need, g.vram_gib);
            continue;
          }
          variant = found;
          ei = cached_estimate(x, gi->second, cards, o.derate, variant, cluster);
        }
        if (serve) {
          const auto key = std::make_tuple(gi->second, cards, o.derate, variant);
          auto at = serve_perfs.find(key);
          if (at == serve_perfs.end())
            at = serve_perfs
                     .emplace(key, serve_perf(x.variants[static_cast<std::size_t>(variant)].workload, g,
                                              catalog, cards, o.derate, false))
                     .first;
          const ServePerf& sp = at->second;
          if (sp.fit == Fit::no_fit) {
            drop(i, pricing, cards, DropReason::no_fit, sp.need_gib, sp.limit_gib);
            continue;
          }
          if (sp.overloaded || !sp.meets_ttft) {
            drop(i, pricing, cards, DropReason::ttft, sp.overloaded ? -1 : sp.ttft_s, w.serve_ttft_s);
            continue;
          }
          if (!sp.meets_user_tps) {
            drop(i, pricing, cards, DropReason::user_tps, sp.user_tps, w.serve_user_tps);
            continue;
          }
          serve_hours(x, ei);
          serve_variant[{i, cards}] = variant;
        }
        const GpuEstimate& e = x.estimates[static_cast<std::size_t>(ei)];

        Candidate k;
        k.offer = static_cast<std::uint32_t>(i);
        k.provider = static_cast<std::uint32_t>(pi->second);
        k.gpu = static_cast<std::uint32_t>(gi->second);
        k.pricing = pricing;
        k.variant = static_cast<std::uint8_t>(variant);
        k.nodes = static_cast<std::uint8_t>(std::max(1, nodes));
        k.estimate = ei;
        const double work = e.work_known ? e.hours.likely : 0;
        if (pricing == Pricing::spot) {
          // Any node's interruption stops the whole cluster (scaling.hpp).
          k.interruptions_per_hour =
              cluster_interruptions_per_hour(spot_interruption_rate(c, p, &k.interruptions_assumed), k.nodes);
          const SpotResult sr = simulate_spot(spot_inputs(x, k));
          if (!sr.practical) {
            drop(i, pricing, cards, DropReason::spot_impractical, sr.expected_hours, work);
            continue;
          }
          k.spot_factor = work > 0 ? sr.expected_hours / work : 1.0;
          k.sessions = 1 + sr.expected_interruptions;
        }
        if (pricing == Pricing::on_demand && p.session_limited.value_or(false)) {
          // A notebook platform: the job runs in sessions, restarted from checkpoints, costed and timed
          // like spot sessions. A session too short for one checkpoint interval is as hopeless as spot
          // interrupted too often, and is dropped for the same reason.
          if (const auto sp = session_plan(c, p, work, lead_hours(x, k), false)) {
            if (!sp->practical) {
              drop(i, pricing, cards, DropReason::spot_impractical, sp->expected_hours, work);
              continue;
            }
            k.spot_factor = work > 0 ? sp->expected_hours / work : 1.0;
            k.sessions = sp->sessions;
            k.calendar_factor = sp->expected_hours > 0 ? sp->calendar_hours / sp->expected_hours : 1.0;
          }
        }
        const double hours = work * k.spot_factor;
        k.finish = lead_hours(x, k) + hours * k.calendar_factor;
        if (!serve && c.deadline_hours && k.finish > *c.deadline_hours + 1e-9) {
          drop(i, pricing, cards, DropReason::deadline, k.finish, *c.deadline_hours);
          Dropped& d = report.dropped.back();
          if (!report.closest_over_deadline || d.need < report.closest_over_deadline->need)
            report.closest_over_deadline = d;
          continue;
        }
        BillRequest req = bill_request(x, k, {hours, hours, hours}, price.per_hour);
        req.likely_only = true;
        const Bill bill = price_bill(p, c, x.usd_cny, req, false);
        k.cost = bill.total.likely;
        k.price_after = bill.price_per_hour_after;
        if (c.budget && k.cost > *c.budget + 1e-9) {
          drop(i, pricing, cards, DropReason::budget, k.cost, *c.budget);
          Dropped& d = report.dropped.back();
          if (!report.closest_over_budget || d.need < report.closest_over_budget->need)
            report.closest_over_budget = d;
          continue;
        }
        candidates.push_back(std::move(k));
      }
  }
  report.feasible = candidates.size();
  report.work_known =
      x.estimates.empty() || std::all_of(x.estimates.begin(), x.estimates.end(),
                                         [](const GpuEstimate& e) { return e.work_known || !e.supported; });
  std::set<int> answered;  // card counts some candidate (a machine or a cluster) has
  for (const Candidate& k : candidates) answered.insert(catalog.offers[k.offer].gpu_count * k.nodes);
  rank_and_build(x, candidates, report);
  add_report_warnings(x, report);
  add_cluster_warnings(catalog, c.card_counts, not_cluster, answered, report);
  set_summary(x, report, catalog);
  if (serve) add_serve_rows(x, serve_variant, report);
  return report;
}

void detail_row(const Scenario& scenario, const Catalog& catalog, const RecommendOptions& options,
                Report& report, std::size_t i) {
  using namespace rec;
  if (i >= report.rows.size() || report.rows[i].detailed || !report.problems.empty()) return;
  Row& row = report.rows[i];
  const RowBasis& b = row.basis;
  if (row.offer_index >= catalog.offers.size() || b.provider >= catalog.providers.size() ||
      b.gpu >= catalog.gpus.size())
    return;  // not this report's catalog
  Context x(scenario, catalog, options);
  prepare(x);
  if (b.variant >= x.variants.size()) return;
  // The candidate the row was made from, and its screening estimate, as recommend() had them.
  Candidate k;
  k.offer = static_cast<std::uint32_t>(row.offer_index);
  k.provider = b.provider;
  k.gpu = b.gpu;
  k.pricing = row.pricing;
  k.variant = b.variant;
  k.nodes = static_cast<std::uint8_t>(std::max(1, row.nodes));
  k.interruptions_assumed = b.interruptions_assumed;
  k.pareto = row.pareto;
  k.spot_factor = b.spot_factor;
  k.calendar_factor = b.calendar_factor;
  k.sessions = b.sessions;
  k.interruptions_per_hour = b.interruptions_per_hour;
  const Offer& o = catalog.offers[row.offer_index];
  k.estimate = cached_estimate(x, b.gpu, row.cards, o.derate, b.variant, row.nodes > 1 ? k.offer : kOneNode);
  const Workload& w = scenario.workload;
  if (serving(w)) serve_hours(x, k.estimate);
  explain_row(x, k, report, i);
  if (serving(w)) {
    // As add_serve_rows (recommend_serve.cpp) does for the rows recommend() details.
    serve_row(x, x.variant(k).workload, x.gpu(k), row, report.currency);
    const Row& pick = report.rows.front();
    if (pick.basis.variant < x.variants.size())
      set_serve_reason(x.variants[pick.basis.variant].workload, pick, row, report.currency);
  }
}

}  // namespace gw
