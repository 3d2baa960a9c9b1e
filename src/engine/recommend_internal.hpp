#pragma once
// Shared between recommend.cpp (enumerate and filter), recommend_rank.cpp (rank and build rows) and
// recommend_text.cpp (sentences). Not part of the engine's public interface.
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "engine/recommend.hpp"

namespace gw::rec {

// A change that keeps the job what it is, tried when the job as given does not fit a card.
struct Variant {
  std::vector<Change> changes;  // empty for the job as given; in enum order
  Text label;
  Workload workload;
};
// keep_precision (Constraints): no AMP, int8 or 4-bit variants.
std::vector<Variant> variants_for(const Workload&, bool keep_precision = false);

// True when the card has real FP64 hardware (at least a quarter of its FP32 rate, or FP64 tensor cores).
bool has_full_fp64(const Gpu&);
bool needs_fp64(const Workload&);
// An FP64 job that this card's cut-down FP64 units would limit: it lacks the precision the job needs.
// A bandwidth-bound FP64 job (CFD streaming through memory) runs fine on such a card, as the article's
// "A40 or A6000 for OpenFOAM" says; a compute-bound one (molecular dynamics, FEA) does not.
bool lacks_fp64(const Workload&, const Gpu&);

// A candidate that passed every filter. Kept small on purpose: 100,000 offers make ~170,000 of these, and
// screening prices only the likely case; rows rebuild the ranges, the bill and the spot result from it.
struct Candidate {
  std::uint32_t offer = 0;     // into Catalog::offers
  std::uint32_t provider = 0;  // into Catalog::providers
  std::uint32_t gpu = 0;       // into Catalog::gpus
  std::int32_t estimate = 0;   // into Context::estimates
  Pricing pricing = Pricing::on_demand;
  std::uint8_t variant = 0;  // into Context::variants
  std::uint8_t nodes = 1;    // copies of the offer (multi-node: its fabric links them)
  bool interruptions_assumed = false;
  bool pareto = false;
  double spot_factor = 1;      // expected / uninterrupted hours (spot, and a notebook's sessions)
  double calendar_factor = 1;  // start to finish / GPU hours: a notebook's weekly quota stretches it
  double sessions = 1;         // billed sessions (spot: 1 + expected interruptions)
  double interruptions_per_hour = 0;
  double cost = 0;         // likely total, user's currency
  double finish = 0;       // likely hours from now
  double price_after = 0;  // per hour after rate discounts
};

// Everything a row needs about the money and time of a candidate, ranges included.
struct Priced {
  OfferPrice price;
  Range hours;   // the job (spot: expected)
  Range finish;  // + upload and setup
  Bill bill;
};

struct Context {
  Context(const Scenario& s, const Catalog& cat, const RecommendOptions& opt)
      : scenario(s), catalog(cat), options(opt) {}
  const Scenario& scenario;
  const Catalog& catalog;
  const RecommendOptions& options;
  double usd_cny = 1;
  double fixed_hours = 0;  // a job's upload (its dataset) + setup, wall clock before it runs; see lead_hours
  std::vector<Variant> variants;
  std::vector<GpuEstimate> estimates;
  // gpu, cards, derate, variant, and the offer whose fabric links its nodes (SIZE_MAX: one node)
  std::map<std::tuple<std::size_t, int, double, int, std::size_t>, int> estimate_index;
  // Per offer, its energy inputs with no hours yet (energy.hpp offer_energy_inputs), filled on first use:
  // finding an offer's grid matches region strings, too slow to repeat for every row and bill. Belongs to
  // this one call, like everything in the Context.
  mutable std::vector<std::optional<EnergyInputs>> offer_energy;

  const Constraints& c() const { return scenario.constraints; }
  const GpuEstimate& est(const Candidate& k) const { return estimates[static_cast<std::size_t>(k.estimate)]; }
  const Offer& offer(const Candidate& k) const { return catalog.offers[k.offer]; }
  const Provider& provider(const Candidate& k) const { return catalog.providers[k.provider]; }
  const Gpu& gpu(const Candidate& k) const { return catalog.gpus[k.gpu]; }
  const Variant& variant(const Candidate& k) const { return variants[k.variant]; }
};

// The date price ages count to: RecommendOptions::today, or the catalog date when none was given
// (recommend_rank.cpp).
const std::string& age_from(const Context&);

// recommend.cpp: what every candidate shares (exchange rate, upload and setup hours, the job's variants).
void prepare(Context&);
// `cluster`: the offer whose copies make a multi-node cluster (its fabric links them), kOneNode otherwise.
constexpr std::size_t kOneNode = static_cast<std::size_t>(-1);
// The screening estimate (no explanation) of a variant on `cards` of a GPU, computed once per call: its index
// into Context::estimates.
int cached_estimate(Context& x, std::size_t gpu_index, int cards, double derate, int variant,
                    std::size_t cluster = kOneNode);
// Serving: a service's hours are the period's paid hours, whatever the card's speed (the estimate's, set).
void serve_hours(Context& x, int estimate);

// recommend.cpp: how a candidate is priced, by the screening pass (likely case) and by rows (ranges).
SpotInputs spot_inputs(const Context&, const Candidate&);
// Wall-clock hours before the candidate runs: setup plus its one upload. A job uploads its dataset
// (Context::fixed_hours, the same for every candidate); a service uploads its model as served, this
// variant's weights (be2941a), so its lead depends on the variant.
double lead_hours(const Context&, const Candidate&);
Priced price_candidate(const Context&, const Candidate&, bool with_lines);

// recommend_rank.cpp
void rank_and_build(Context&, std::vector<Candidate>&, Report&);
// The details of report.rows[i], made from `k` (detail_row(); rank_and_build builds the top rows' the same
// way).
void explain_row(const Context&, const Candidate& k, Report&, std::size_t i);

// recommend_text.cpp
Text reason_for(const Context&, const Report&, const Row& row);
void add_row_warnings(const Context&, const Candidate&, Row& row);
void add_report_warnings(const Context&, Report&);
void set_summary(const Context&, Report&, const Catalog&);
std::string fmt(double v, int decimals);

}  // namespace gw::rec
