// The recommender's mechanics on the bundled catalog: filters and their reasons, ranking by goal, the
// Pareto front, fallbacks, determinism, price edits, and the properties issue 7 lists.
#include <doctest/doctest.h>

#include <cmath>
#include <set>

#include "engine/bundled.hpp"
#include "engine/quote.hpp"
#include "engine/recommend.hpp"
#include "test_recommend_fixtures.hpp"

using gw::test::bundled_catalog;
using gw::test::rec_options;
using gw::test::scenario_for;

namespace {

bool finite_range(const gw::Range& r) {
  return std::isfinite(r.low) && std::isfinite(r.likely) && std::isfinite(r.high) &&
         r.low <= r.likely + 1e-9 && r.likely <= r.high + 1e-9;
}

// Rows rank by the goal within a tier (see recommend.hpp): as given, then tight or changed training.
bool lower_tier(const gw::Row& r) {
  const bool lower =
      r.fit == gw::Fit::tight || (!r.change.empty() && !has_change(r.change, gw::Change::int8) &&
                                  !has_change(r.change, gw::Change::int4));
  CHECK(r.tier == (lower ? 1 : 0));
  return lower;
}
bool same_tier(const gw::Row& a, const gw::Row& b) {
  return lower_tier(a) == lower_tier(b);
}

void check_finite(const gw::Report& rep) {
  for (const gw::Row& r : rep.rows) {
    CAPTURE(r.offer);
    CHECK(finite_range(r.hours));
    CHECK(finite_range(r.finish_hours));
    CHECK(finite_range(r.cost));
    CHECK(std::isfinite(r.need_gib));
    CHECK(std::isfinite(r.headroom_gib));
    CHECK(std::isfinite(r.value_coefficient));
    CHECK(std::isfinite(r.price_per_hour));
    CHECK(std::isfinite(r.speedup));
    for (const gw::CostLine& l : r.bill.lines) CHECK(finite_range(l.amount));
    if (r.spot) {
      CHECK(std::isfinite(r.spot->expected_hours));
      CHECK(r.spot->p_miss_deadline >= 0);
      CHECK(r.spot->p_miss_deadline <= 1);
    }
  }
}

}  // namespace

TEST_CASE("every row meets the constraints and rows are ranked by the goal") {
  const gw::Catalog& cat = bundled_catalog();
  gw::Scenario s = scenario_for("bert-base-finetune");
  s.constraints.budget = 300;
  s.constraints.deadline_hours = 48;
  gw::RecommendOptions all;
  all.max_rows = 0;
  const gw::Report cheap = gw::recommend(s, cat, all);
  REQUIRE(cheap.rows.size() > 10);
  CHECK(cheap.problems.empty());
  for (std::size_t i = 0; i < cheap.rows.size(); ++i) {
    const gw::Row& r = cheap.rows[i];
    CAPTURE(r.offer);
    CHECK(r.rank == static_cast<int>(i + 1));
    CHECK(r.cost.likely <= 300);
    CHECK(r.finish_hours.likely <= 48);
    CHECK(r.fit != gw::Fit::no_fit);
    if (i > 0 && same_tier(cheap.rows[i - 1], r)) CHECK(cheap.rows[i - 1].cost.likely <= r.cost.likely);
  }
  s.constraints.goal = gw::Goal::fastest;
  const gw::Report fast = gw::recommend(s, cat, all);
  for (std::size_t i = 1; i < fast.rows.size(); ++i)
    if (same_tier(fast.rows[i - 1], fast.rows[i]))
      CHECK(fast.rows[i - 1].finish_hours.likely <= fast.rows[i].finish_hours.likely);
  CHECK(fast.rows.front().finish_hours.likely < cheap.rows.front().finish_hours.likely);
  s.constraints.goal = gw::Goal::value;
  const gw::Report value = gw::recommend(s, cat, all);
  for (std::size_t i = 1; i < value.rows.size(); ++i)
    if (same_tier(value.rows[i - 1], value.rows[i]))
      CHECK(value.rows[i - 1].cost.likely * value.rows[i - 1].finish_hours.likely <=
            value.rows[i].cost.likely * value.rows[i].finish_hours.likely * (1 + 1e-12));
}

TEST_CASE("tight fits and changed training setups rank after every option that runs the job as given") {
  for (const char* preset : {"sd15-finetune", "resnet50-train", "bert-large-train"}) {
    CAPTURE(preset);
    const gw::Report rep = gw::recommend(scenario_for(preset), bundled_catalog(), rec_options(0, 0));
    bool seen_lower = false;
    for (const gw::Row& r : rep.rows) {
      if (lower_tier(r))
        seen_lower = true;
      else
        CHECK_MESSAGE(!seen_lower, r.offer);
    }
  }
}

TEST_CASE("every candidate is ranked or dropped, each drop with its reason") {
  const gw::Catalog& cat = bundled_catalog();
  gw::Scenario s = scenario_for("opt-13b-fp16");
  s.constraints.providers = {"autodl", "runpod", "aws", "lambda"};
  s.constraints.card_counts = {1, 2};
  s.constraints.spot = gw::SpotPolicy::deny;
  s.constraints.budget = 40;
  const gw::Report rep = gw::recommend(s, cat, rec_options(0, 0));
  CHECK(rep.considered == rep.feasible + rep.dropped.size());
  CHECK(rep.rows.size() == rep.feasible);
  auto count = [&](gw::DropReason r) { return rep.drop_counts[static_cast<int>(r)]; };
  CHECK(count(gw::DropReason::filtered) > 0);
  CHECK(count(gw::DropReason::spot_policy) > 0);
  CHECK(count(gw::DropReason::no_fit) + count(gw::DropReason::card_count) + count(gw::DropReason::budget) >
        0);
  int sum = 0;
  for (int n : rep.drop_counts) sum += n;
  CHECK(sum == static_cast<int>(rep.dropped.size()));
  for (const gw::Dropped& d : rep.dropped) {
    const gw::Text why = gw::describe(d, rep, cat);
    CHECK(!why.en.empty());
    CHECK(!why.zh.empty());
    CHECK(why.en.find(cat.offers[d.offer_index].id) == 0);
    const gw::Offer& o = cat.offers[d.offer_index];
    if (d.reason == gw::DropReason::card_count) CHECK(o.gpu_count > 2);
    if (d.reason == gw::DropReason::spot_policy) CHECK(d.pricing == gw::Pricing::spot);
  }
  for (const gw::Row& r : rep.rows) {
    CHECK(r.pricing == gw::Pricing::on_demand);
    CHECK(r.cards <= 2);
    CHECK(std::set<std::string>{"autodl", "runpod", "aws", "lambda"}.count(r.provider) == 1);
  }
}

TEST_CASE("nothing satisfies the constraints: no rows, the reasons, and the nearest misses") {
  const gw::Catalog& cat = bundled_catalog();
  gw::Scenario s = scenario_for("resnet50-train");
  s.constraints.budget = 5;
  const gw::Report rep = gw::recommend(s, cat);
  CHECK(rep.rows.empty());
  REQUIRE(rep.closest_over_budget);
  CHECK(rep.closest_over_budget->need > 5);
  CHECK(rep.summary.en.find("No offer satisfies") == 0);
  CHECK(rep.summary.en.find("over budget") != std::string::npos);
  CHECK(!rep.summary.zh.empty());
  s.constraints.budget.reset();
  s.constraints.deadline_hours = 2;
  const gw::Report late = gw::recommend(s, cat);
  CHECK(late.rows.empty());
  REQUIRE(late.closest_over_deadline);
  CHECK(late.summary.en.find("deadline") != std::string::npos);
}

TEST_CASE("the Pareto front is exactly the rows no other row beats on both time and cost") {
  const gw::Report rep = gw::recommend(scenario_for("gpt2-124m-train"), bundled_catalog(), rec_options(0, 0));
  REQUIRE(rep.rows.size() > 20);
  int front = 0;
  for (const gw::Row& a : rep.rows) {
    bool dominated = false;
    for (const gw::Row& b : rep.rows) {
      if (&a == &b) continue;
      const bool no_worse = b.finish_hours.likely <= a.finish_hours.likely && b.cost.likely <= a.cost.likely;
      const bool better = b.finish_hours.likely < a.finish_hours.likely || b.cost.likely < a.cost.likely;
      if (no_worse && better) dominated = true;
    }
    CAPTURE(a.offer);
    if (a.pareto) CHECK(!dominated);
    if (!dominated && a.pareto) ++front;
  }
  CHECK(front >= 2);
  // Rows cut by max_rows keep the front, so a scatter plot always has it.
  gw::RecommendOptions few;
  few.max_rows = 3;
  const gw::Report cut = gw::recommend(scenario_for("gpt2-124m-train"), bundled_catalog(), few);
  int cut_front = 0;
  for (const gw::Row& r : cut.rows) {
    cut_front += r.pareto;
    // A kept front row carries its true rank, the same as in the full answer.
    for (const gw::Row& full : rep.rows)
      if (full.offer == r.offer && full.pricing == r.pricing) CHECK(full.rank == r.rank);
  }
  CHECK(cut_front == front);
  for (std::size_t i = 1; i < cut.rows.size(); ++i) CHECK(cut.rows[i - 1].rank < cut.rows[i].rank);
}

TEST_CASE("each row has a fallback on another provider, and the pick's fallback is the best of them") {
  const gw::Report rep = gw::recommend(scenario_for("bert-base-finetune"), bundled_catalog());
  REQUIRE(rep.rows.size() >= 2);
  for (const gw::Row& r : rep.rows) {
    REQUIRE(r.fallback >= 0);
    const gw::Row& f = rep.rows[static_cast<std::size_t>(r.fallback)];
    CHECK(&f != &r);
    CHECK(f.provider != r.provider);
  }
  const gw::Row& fb = rep.rows[static_cast<std::size_t>(rep.rows[0].fallback)];
  for (int i = 1; i < fb.rank - 1; ++i)
    CHECK(rep.rows[static_cast<std::size_t>(i)].provider == rep.rows[0].provider);
}

TEST_CASE("deterministic: the same question gives the same answer, spot draws included") {
  gw::Scenario s = scenario_for("yolo-detect-train");
  s.constraints.deadline_hours = 120;
  const gw::Report a = gw::recommend(s, bundled_catalog());
  const gw::Report b = gw::recommend(s, bundled_catalog());
  REQUIRE(a.rows.size() == b.rows.size());
  bool any_spot = false;
  for (std::size_t i = 0; i < a.rows.size(); ++i) {
    CHECK(a.rows[i].offer == b.rows[i].offer);
    CHECK(a.rows[i].cost.likely == b.rows[i].cost.likely);
    CHECK(a.rows[i].reason.en == b.rows[i].reason.en);
    if (a.rows[i].spot) {
      any_spot = true;
      CHECK(a.rows[i].spot->p_miss_deadline == b.rows[i].spot->p_miss_deadline);
      if (a.rows[i].detailed) CHECK(a.rows[i].spot->method.find("monte-carlo") == 0);
    }
  }
  CHECK(any_spot);
}

TEST_CASE("price edits: a higher price is never cheaper, and the edit is marked") {
  const gw::Catalog& cat = bundled_catalog();
  gw::Scenario s = scenario_for("bert-base-finetune");
  s.constraints.spot = gw::SpotPolicy::deny;
  const gw::Report base = gw::recommend(s, cat, rec_options(0, 0));
  const gw::Row pick = base.rows.front();
  double prev = 0;
  for (double factor : {1.0, 1.5, 3.0, 10.0}) {
    s.price_overrides[pick.offer] = cat.offers[pick.offer_index].on_demand_per_hour * factor;
    const gw::Report rep = gw::recommend(s, cat, rec_options(0, 0));
    for (const gw::Row& r : rep.rows) {
      if (r.offer != pick.offer) continue;
      CHECK(r.price_edited);
      CHECK(r.cost.likely >= prev);
      prev = r.cost.likely;
    }
    CHECK(rep.rows.front().cost.likely >= base.rows.front().cost.likely - 1e-9);
  }
  CHECK(gw::recommend(s, cat).rows.front().offer != pick.offer);
}

TEST_CASE("spot is cheaper in expected GPU cost when nothing interrupts it") {
  gw::Scenario s = scenario_for("gpt2-124m-train");
  s.constraints.interruptions_per_hour = 0;
  const gw::Report rep = gw::recommend(s, bundled_catalog(), rec_options(0, 0));
  int pairs = 0;
  for (const gw::Row& sp : rep.rows) {
    if (sp.pricing != gw::Pricing::spot) continue;
    for (const gw::Row& od : rep.rows) {
      if (od.offer != sp.offer || od.pricing != gw::Pricing::on_demand) continue;
      CAPTURE(sp.offer);
      CHECK(sp.bill.gpu.likely <= od.bill.gpu.likely);
      CHECK(sp.hours.likely == doctest::Approx(od.hours.likely));
      ++pairs;
    }
  }
  CHECK(pairs > 10);
}

TEST_CASE("adding an offer never makes the best answer worse") {
  gw::Catalog cat = bundled_catalog();
  const gw::Scenario s = scenario_for("bert-base-finetune");
  const double before = gw::recommend(s, cat).rows.front().cost.likely;
  for (double price : {0.05, 1.0, 50.0}) {
    gw::Catalog more = cat;
    gw::Offer extra = more.offers.front();
    extra.id = "test-extra-" + std::to_string(price);
    extra.on_demand_per_hour = price;
    extra.on_demand_low_per_hour.reset();
    extra.on_demand_high_per_hour.reset();
    more.offers.push_back(extra);
    const gw::Report rep = gw::recommend(s, more);
    CHECK(rep.rows.front().cost.likely <= before + 1e-9);
    if (price < 0.1) CHECK(rep.rows.front().offer == extra.id);
  }
}

TEST_CASE("no NaN or infinity anywhere, for every preset and goal") {
  for (const gw::Preset& p : gw::test::bundled_presets()) {
    for (gw::Goal g : {gw::Goal::cheapest, gw::Goal::fastest, gw::Goal::value}) {
      CAPTURE(p.id);
      gw::Scenario s = scenario_for(p.id);
      s.constraints.goal = g;
      s.constraints.deadline_hours = 72;
      const gw::Report rep = gw::recommend(s, bundled_catalog(), rec_options(0, 10));
      check_finite(rep);
      CHECK(!rep.summary.en.empty());
      CHECK(!rep.summary.zh.empty());
    }
  }
}

TEST_CASE("rows carry what a UI draws: bill lines that add up, memory, reasons in both languages") {
  const gw::Report rep = gw::recommend(scenario_for("lora-7b"), bundled_catalog(), rec_options(0, 0));
  REQUIRE(!rep.rows.empty());
  for (const gw::Row& r : rep.rows) {
    CAPTURE(r.offer);
    REQUIRE(r.detailed);
    double sum = 0;
    for (const gw::CostLine& l : r.bill.lines) sum += l.amount.likely;
    CHECK(sum == doctest::Approx(r.cost.likely));
    CHECK(r.need_gib == doctest::Approx(r.memory.total_gib()));
    CHECK(r.vram_gib > 0);
    CHECK(!r.reason.en.empty());
    CHECK(!r.reason.zh.empty());
    CHECK(!r.time_explain.formula.en.empty());
    CHECK(!r.price_date.empty());
    for (const gw::Text& w : r.warnings) CHECK(!w.zh.empty());
  }
}

TEST_CASE(
    "warnings from the article: multi-GPU inefficiency, old prices, the A100 premium without tensor cores") {
  const gw::Catalog& cat = bundled_catalog();
  const gw::Report rep = gw::recommend(scenario_for("sd15-finetune"), cat, rec_options(0, 0));
  bool multi = false, stale = false;
  for (const gw::Row& r : rep.rows) {
    bool warned_multi = false, warned_stale = false;
    for (const gw::Text& w : r.warnings) {
      warned_multi = warned_multi || w.en.find("cards run") != std::string::npos;
      warned_stale = warned_stale || w.en.find("months before the catalog") != std::string::npos;
    }
    CAPTURE(r.offer);
    CHECK(warned_multi == (r.cards > 1 && r.scaling_efficiency < 0.95));
    CHECK(warned_stale == r.price_stale);
    multi = multi || warned_multi;
    stale = stale || warned_stale;
  }
  CHECK(multi);
  CHECK(stale);
  // BERT fine-tuning in plain fp32 runs on CUDA cores: an A100 row says its premium buys nothing here.
  gw::Scenario s = scenario_for("bert-base-finetune");
  s.workload.precision = gw::Precision::fp32;
  s.constraints.providers = {"autodl"};
  const gw::Report fp32 = gw::recommend(s, cat, rec_options(0, 0));
  bool premium = false;
  for (const gw::Row& r : fp32.rows)
    for (const gw::Text& w : r.warnings)
      if (w.en.find("premium") != std::string::npos) {
        premium = true;
        CHECK(bundled_catalog().gpu(r.gpu)->segment == "datacenter");
        CHECK(r.unit_used.find("ensor") == std::string::npos);
      }
  CHECK(premium);
  for (const gw::Row& r : fp32.rows)
    if (r.gpu.rfind("a100", 0) == 0) {
      bool warned = false;
      for (const gw::Text& w : r.warnings) warned = warned || w.en.find("premium") != std::string::npos;
      CHECK(warned);
    }
}

TEST_CASE("an unknown amount of work ranks by price per hour and says so") {
  gw::Scenario s = scenario_for("bert-base-finetune");
  s.workload.dataset_samples = 0;
  s.workload.epochs = 0;
  s.workload.tokens = 0;
  const gw::Report rep = gw::recommend(s, bundled_catalog(), rec_options(0, 0));
  REQUIRE(!rep.rows.empty());
  CHECK(!rep.work_known);
  bool said = false;
  for (const gw::Text& w : rep.warnings)
    said = said || w.en.find("amount of work is unknown") != std::string::npos;
  CHECK(said);
  for (std::size_t i = 1; i < rep.rows.size(); ++i)
    if (same_tier(rep.rows[i - 1], rep.rows[i]))
      CHECK(rep.rows[i - 1].price_per_hour_after <= rep.rows[i].price_per_hour_after + 1e-12);
}

TEST_CASE("invalid constraints are refused with the field named") {
  gw::Scenario s = scenario_for("bert-base-finetune");
  s.constraints.upload_mbps = 0;
  s.constraints.card_counts = {0};
  s.constraints.currency = "EUR";
  const gw::Report rep = gw::recommend(s, bundled_catalog());
  CHECK(rep.rows.empty());
  std::set<std::string> fields;
  for (const gw::Problem& p : rep.problems) fields.insert(p.path);
  CHECK(fields.count("upload_mbps"));
  CHECK(fields.count("cards"));
  CHECK(fields.count("currency"));
}

TEST_CASE("currency: a USD answer is the CNY answer divided by the rate") {
  gw::Scenario s = scenario_for("bert-base-finetune");
  s.constraints.usd_cny = 7.0;
  const gw::Report cny = gw::recommend(s, bundled_catalog(), rec_options(0, 0));
  s.constraints.currency = "USD";
  const gw::Report usd = gw::recommend(s, bundled_catalog(), rec_options(0, 0));
  REQUIRE(cny.rows.size() == usd.rows.size());
  for (std::size_t i = 0; i < cny.rows.size(); ++i) {
    CHECK(cny.rows[i].offer == usd.rows[i].offer);
    CHECK(usd.rows[i].cost.likely * 7.0 == doctest::Approx(cny.rows[i].cost.likely));
  }
}

TEST_CASE("a pick far cheaper than the fastest row says by what ratio, never '100% cheaper'") {
  // bert-base fine-tuning: the pick is a small card, the fastest an 8-card node costing hundreds of times
  // more, so the share rounds to 100%.
  const gw::Scenario s = scenario_for("bert-base-finetune");
  const gw::Report rep = gw::recommend(s, bundled_catalog(), gw::RecommendOptions{});
  REQUIRE(!rep.rows.empty());
  const gw::Row& pick = rep.rows.front();
  const std::size_t at = pick.reason.en.find("Against the fastest");
  REQUIRE(at != std::string::npos);
  const std::string against = pick.reason.en.substr(at);
  CHECK(against.find("100%") == std::string::npos);
  const gw::Row* fastest = &pick;
  for (const gw::Row& r : rep.rows)
    if (r.finish_hours.likely < fastest->finish_hours.likely) fastest = &r;
  const double ratio = fastest->cost.likely / pick.cost.likely;
  REQUIRE(ratio > 10);
  CHECK(against.find("1/" + std::to_string(static_cast<long>(std::lround(ratio))) + " of the total cost") !=
        std::string::npos);
  CHECK(pick.reason.zh.find("总价只有其 1/") != std::string::npos);
}

TEST_CASE("a spot price the provider lists for a card replaces one derived from its typical discount") {
  const gw::Catalog& cat = bundled_catalog();
  // The case that made the rule: Compshare lists the RTX 4090's spot price in one offer, and another
  // (its list page, no spot price) would derive one.
  auto listed = [&](const gw::Offer& o) {
    for (const gw::Offer& x : cat.offers)
      if (x.provider == o.provider && x.gpu == o.gpu && x.gpu_count == o.gpu_count && x.spot_per_hour &&
          *x.spot_per_hour > 0)
        return true;
    return false;
  };
  const gw::Offer* would_derive = cat.offer("compshare-cn-list-rtx-4090-x1");
  REQUIRE(would_derive != nullptr);
  REQUIRE(!would_derive->spot_per_hour);
  REQUIRE(listed(*would_derive));
  gw::RecommendOptions o;
  o.max_rows = 0;
  o.detailed_rows = 1;
  const gw::Report rep = gw::recommend(scenario_for("qlora-7b"), cat, o);
  REQUIRE(!rep.rows.empty());
  int derived = 0;
  for (const gw::Row& r : rep.rows) {
    if (!r.price_derived) continue;
    ++derived;
    const gw::Offer* off = cat.offer(r.offer);
    REQUIRE(off != nullptr);
    CAPTURE(r.offer);
    CHECK(!listed(*off));
  }
  CHECK(derived > 0);  // derived spot prices remain where nothing is listed
}

TEST_CASE("cost on an offer without a spot price names the offer where the provider lists the card's") {
  const gw::Catalog& cat = bundled_catalog();
  const gw::Offer* list = cat.offer("compshare-cn-list-rtx-4090-x1");
  const gw::Offer* spot = cat.offer("compshare-cn-rtx-4090-x1");
  REQUIRE(list != nullptr);
  REQUIRE(spot != nullptr);
  REQUIRE(!gw::lists_spot_price(*list));
  REQUIRE(gw::lists_spot_price(*spot));
  CHECK(gw::spot_listed_elsewhere(cat, *list) == spot);
  CHECK(gw::spot_listed_elsewhere(cat, *spot) == nullptr);  // it lists its own
  const gw::Scenario s = scenario_for("qlora-7b");
  // Spot on the list offer: no price derived from Compshare's typical discount, but where to look instead.
  const gw::Quote refused = gw::price_offer(s, cat, *list, gw::Pricing::spot, 10, 0);
  CHECK(!refused.ok);
  CHECK(refused.problem.en.find("compshare-cn-rtx-4090-x1") != std::string::npos);
  CHECK(refused.problem.en.find(gw::format_number(*spot->spot_per_hour, 2) + " CNY/h") != std::string::npos);
  CHECK(refused.problem.zh.find("compshare-cn-rtx-4090-x1") != std::string::npos);
  // Its on-demand price, and the listed spot price, are priced as ever.
  CHECK(gw::price_offer(s, cat, *list, gw::Pricing::on_demand, 10, 0).ok);
  const gw::Quote listed = gw::price_offer(s, cat, *spot, gw::Pricing::spot, 10, 0);
  CHECK(listed.ok);
  CHECK(!listed.price.derived);
  // Without the listed price the derived one stands, marked derived.
  gw::Catalog without = cat;
  for (gw::Offer& o : without.offers)
    if (o.id == spot->id) o.spot_per_hour.reset();
  const gw::Offer* list2 = without.offer(list->id);
  REQUIRE(list2 != nullptr);
  const gw::Quote derived = gw::price_offer(s, without, *list2, gw::Pricing::spot, 10, 0);
  CHECK(derived.ok);
  CHECK(derived.price.derived);
}
