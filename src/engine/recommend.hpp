#pragma once
// The ranked answer to "which GPU, where, how, for how long and for how much", with the reasons.
//
// recommend() enumerates every offer x pricing (on-demand, spot) whose card count is asked for, drops
// what does not fit, lacks a needed precision, misses the deadline or breaks the budget (recording why),
// and ranks the rest by the goal. Multi-card options come from multi-card offers in the catalog; a
// 1-card offer is never multiplied into k separate rentals, because k instances do not share a PCIe or
// NVLink host and data-parallel training across them over the network scales far worse than the model
// assumes. Marketplaces that rent k cards of one host should list that as a k-card offer.
//
// When a job does not fit a card, the recommender tries the changes the estimate proposes: for training
// 8-bit Adam, a smaller micro-batch with more accumulation, gradient checkpointing and CPU offload of the
// optimizer states (ZeRO-Offload), in the user's precision first and only then with AMP; for inference int8
// then 4-bit weights. Of the changes that fit a card, the quickest there wins (the same card at the same
// price: the cheapest). A row made that way says so (Row::change). With Constraints::keep_precision the
// precision and quantization stay the user's (8-bit Adam, micro-batch, checkpointing and offload are tried).
// A "tight" fit (under 5% headroom) and a training setup changed so it fits stay in the answer but rank after
// every option that runs the job as given: an out-of-memory crash mid-run wastes the money, and changing how
// a model trains is the user's call. Quantized inference competes on cost (the article's answer for OPT-13B),
// with a quality warning. FP64 jobs drop cards whose cut-down FP64 units would limit them (a roofline test);
// a bandwidth-bound FP64 job may still run on them. Everything else a row needs to be drawn - a sortable
// table, a cost-vs-time scatter with the Pareto front, a stacked cost bar, a memory bar - is in the Row.
// Deterministic: the same scenario and catalog always give the same report.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "catalog.hpp"
#include "cost.hpp"
#include "energy.hpp"
#include "estimate.hpp"
#include "scenario.hpp"
#include "serve.hpp"
#include "spot.hpp"

namespace gw {

enum class Risk { low, medium, high };
std::string_view to_string(Risk);

enum class DropReason {
  filtered,          // not in --providers, or in --exclude (provider, GPU or offer id)
  card_count,        // the offer's card count is not among Constraints::card_counts
  spot_policy,       // on-demand under --spot only, spot under --spot deny
  unknown_gpu,       // the offer names a GPU or provider the catalog lacks
  no_precision,      // needs FP64 the card cannot deliver, or the catalog lacks its rate for this precision
  no_fit,            // does not fit, even with the changes tried
  spot_impractical,  // interruptions outpace checkpointed progress
  deadline,          // finishes after the deadline
  budget,            // costs more than the budget
  user_tps,          // serving: fewer tokens/s per user than the target (serve.hpp)
  ttft,              // serving: the first token comes later than the target, or arrivals outpace prefills
};
inline constexpr int kDropReasons = 11;
std::string_view to_string(DropReason);

// A change the recommender made to the job so it fits a card (Row::change). Listed in the order a row's
// changes are kept and keyed ("amp+checkpointing+adam8bit+smaller_batch"); change_info() is the one place
// that names them.
enum class Change : std::uint8_t { amp, checkpointing, adam8bit, smaller_batch, offload, int8, int4 };
inline constexpr int kChanges = 7;
struct ChangeInfo {
  Change change;
  const char* key;  // JSON, CSV, links: "adam8bit"
  Text label;       // short, for a row: "8-bit Adam"
  bool precision;   // changes the precision or quantization (Constraints::keep_precision forbids it)
  // Changes what the job computes (precision, quantization, the optimizer's arithmetic), so its result
  // differs; false for changes of how it runs (checkpointing, micro-batch with the same effective batch,
  // offload), which give the same model or outputs, only slower. Comparisons use it (same_job).
  bool job;
};
const ChangeInfo& change_info(Change);
std::string_view to_string(Change);
// The keys joined by '+', in enum order: "" for the job as given, "amp+checkpointing".
std::string change_key(const std::vector<Change>&);
// Short and readable, for a row: "8-bit Adam + micro-batch 1". `micro_batch` is the job's micro-batch
// after the change (named when the change made it smaller).
Text change_label(const std::vector<Change>&, int micro_batch);
bool has_change(const std::vector<Change>&, Change);
bool changes_precision(const std::vector<Change>&);  // AMP, int8 or 4-bit weights
// Two rows run the same job when they make the same changes to what it computes (ChangeInfo::job): a row
// with checkpointing or offload runs the job as given, only slower; one with AMP or 8-bit Adam does not.
bool same_job(const std::vector<Change>&, const std::vector<Change>&);

// A candidate that was dropped. Lean on purpose (a catalog may hold 100,000 offers): describe() turns it
// into a sentence.
struct Dropped {
  std::size_t offer_index = 0;  // into Catalog::offers
  Pricing pricing = Pricing::on_demand;
  int cards = 1;
  DropReason reason = DropReason::filtered;
  // no_fit: GiB per card; deadline: hours; budget: cost (user's currency); user_tps: tokens/s per user;
  // ttft: seconds (-1: arrivals outpace the prefills)
  double need = 0;
  double limit = 0;  // no_fit: the card's GiB; deadline: the deadline; budget: the budget
};

// How recommend() costed a row, kept so detail_row() can build its details later without ranking again.
// Indices into the catalog the report was made from; not for display.
struct RowBasis {
  std::uint32_t provider = 0;  // into Catalog::providers
  std::uint32_t gpu = 0;       // into Catalog::gpus
  std::uint8_t variant = 0;    // the recommender's variant of the job (0: as given)
  bool interruptions_assumed = false;
  double spot_factor = 1, calendar_factor = 1, sessions = 1, interruptions_per_hour = 0;
};

// One ranked option.
struct Row {
  int rank = 0;  // 1 = the pick; rows are sorted by it
  int tier = 0;  // 0: runs the job as given; 1: tight, or training changed to fit (ranks after)
  // Market cn (market.hpp): 0 a mainland student can pay, 1 not known, 2 foreign-only; ranks before `tier`.
  int market_tier = 0;
  std::size_t offer_index = 0;  // into Catalog::offers
  std::string offer;            // Offer::id
  std::string gpu;              // Gpu::id
  std::string gpu_name;         // "NVIDIA T4"
  std::string provider;         // Provider::id
  Text provider_name;
  Text region;  // Offer::region
  Pricing pricing = Pricing::on_demand;
  int cards = 1;  // in all, over `nodes` machines of the offer
  int nodes = 1;
  Text interconnect;  // "NVLink 600 GB/s; InfiniBand 200 Gbit/s per GPU" (scaling.hpp fabric_text); empty:
                      // unknown
  Text network;       // between nodes, short, for a cluster's row: "InfiniBand 200 Gbit/s" (network_text)
  // What was changed so it fits (empty: nothing), in enum order; change_key() gives "amp+checkpointing".
  std::vector<Change> change;
  Text change_text;   // the sentence: "with AMP and gradient checkpointing"
  Text change_label;  // short, for the row itself: "AMP + checkpointing" (change_label())

  // Memory, per card (the memory bar): breakdown against the card's VRAM.
  Fit fit = Fit::fits;
  MemoryBreakdown memory;
  double vram_gib = 0;
  double need_gib = 0;
  double headroom_gib = 0;

  // Time. `hours` is the job itself (spot: expected, incl. checkpoints and rework); `finish_hours` adds
  // setup and the upload (a job's dataset; a service's model weights, as it goes live): wall clock from
  // now, what the deadline is checked against.
  bool work_known = true;
  Range hours;
  Range finish_hours;
  double speedup = 1;             // of `cards` cards over one
  double scaling_efficiency = 1;  // speedup / cards
  std::string unit_used;          // "FP16 tensor (FP32 acc)", "FP64", ...

  // Money, in the report's currency. `cost` = bill.total; the stacked bar uses bill.gpu/storage/extras/
  // transfer/discount or, row by row, bill.lines.
  Range cost;
  Bill bill;
  double price_per_hour = 0;        // whole rental, before discounts
  double price_per_hour_after = 0;  // after rate discounts
  double value_coefficient = 0;     // FP32 TFLOPS x cards / price per hour x utilization (source article)
  std::string price_date;
  int price_age_months = -1;  // to RecommendOptions::today (or the catalog date); -1 when unreadable
  bool price_stale = false;
  bool price_estimate = false;  // a range or "~x" in the source, or a derived spot price
  bool price_edited = false;    // Scenario::price_overrides
  bool price_derived = false;   // a spot price worked out from the provider's typical discount

  std::optional<SpotResult> spot;  // spot rows
  // On-demand rows of a session-limited notebook platform whose session length is known: the restarts
  // (quote.hpp session_plan); `hours` and the bill already count them.
  std::optional<SpotResult> sessions;

  // Energy and CO2e of the job's hours (energy.hpp); its explanation is built for detailed rows only.
  Energy energy;

  // Serving mode (serve.hpp): the service's numbers on this offer; `cost` is then the period's bill.
  std::optional<ServePerf> serve;
  std::optional<ServeCost> serve_cost;

  Risk risk = Risk::low;
  std::vector<Text> risks;  // why the risk is what it is
  bool pareto = false;      // on the time-vs-cost Pareto front of the rows running the pick's job (same_job)
  int fallback = -1;        // index into Report::rows: another provider (else GPU) if this one is sold out
  Text reason;              // one plain sentence, e.g. "A T4 is 2.3x slower but 60% cheaper in total here."
  std::vector<Text> warnings;
  Explain time_explain;
  Explain memory_explain;
  std::vector<Text> notes;  // from the estimate and the bill
  bool detailed = false;    // false: reason, warnings, explains and bill lines were not built (see options)
  RowBasis basis;
};

struct Report {
  Goal goal = Goal::cheapest;
  std::string currency;
  double usd_cny = 0;
  std::string usd_cny_date;
  std::string catalog_version;
  std::string catalog_date;
  std::string price_age_from;  // the date price ages count to: RecommendOptions::today, else the catalog date
  bool work_known = true;

  std::vector<Row> rows;       // ranked; rows[0] is the pick; empty when nothing satisfies the constraints
  std::size_t considered = 0;  // offer x pricing candidates looked at
  std::size_t feasible = 0;    // that passed every filter (rows may hold fewer: RecommendOptions::max_rows)
  std::vector<Dropped> dropped;
  int drop_counts[kDropReasons] = {};

  // Nearest misses, for the "nothing fits" answer: the cheapest option dropped only for the budget and
  // the quickest dropped only for the deadline.
  std::optional<Dropped> closest_over_budget;
  std::optional<Dropped> closest_over_deadline;

  Text summary;                   // the pick in one sentence, or why there is none
  std::vector<Text> warnings;     // about the whole question (FP64, unknown amount of work, ...)
  std::vector<Problem> problems;  // invalid scenario: nothing was ranked
};

struct RecommendOptions {
  std::size_t max_rows = 500;  // rows kept (Pareto-front rows always kept too); 0 = all
  // Rows that get text, explains, bill lines and Monte Carlo; 0 = all. The others carry the numbers, and
  // detail_row() builds a row's details when a front end shows them.
  std::size_t detailed_rows = 10;
  int monte_carlo_trials = 1000;  // per detailed spot row (the others carry the normal approximation)
  int stale_after_months = 6;     // a price older than this (vs `today`) is flagged
  // Today's date, "2026-12-04": price ages are measured to it. The engine reads no clock, so the front ends
  // pass it in (the CLI from the system clock, the page from platform::today()). Empty: the catalog date, and
  // the stale texts say they count from the catalog. A date that cannot be read is a Problem
  // ("options.today").
  std::string today;
};

// Range checks on the constraints; each Problem names its field.
std::vector<Problem> validate_constraints(const Constraints&);

Report recommend(const Scenario&, const Catalog&, const RecommendOptions& = {});

// Builds the details of report.rows[row] (reason, risks and warnings in words, the time, memory and energy
// explanations, bill lines, notes, the spot Monte Carlo) that recommend() left out beyond
// RecommendOptions::detailed_rows, exactly as recommend() builds them for a detailed row. Pass the scenario,
// catalog and options the report was made with. Does nothing for a row already detailed or out of range.
void detail_row(const Scenario&, const Catalog&, const RecommendOptions&, Report&, std::size_t row);

// One sentence on why a candidate was dropped.
Text describe(const Dropped&, const Report&, const Catalog&);

}  // namespace gw
