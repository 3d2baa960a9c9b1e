// Hostile sizes at every entry point: 1e308 (and its friends) in every numeric field of a link, a workload
// and a catalog; megabytes of text where a few hundred bytes are expected. The answer may be a refusal or
// a clamp, but never NaN, infinity, a hang or a crash. Each case is kept to well under a few seconds.
#include <doctest/doctest.h>

#include <chrono>
#include <map>
#include <nlohmann/json.hpp>

#include "../fuzz/fixtures.hpp"
#include "engine/cost.hpp"
#include "engine/diagnose/diagnose.hpp"
#include "engine/estimate.hpp"
#include "engine/link.hpp"
#include "engine/recommend.hpp"
#include "test_properties_gen.hpp"

using namespace gw;
using namespace gw::testing;
using json = nlohmann::json;

namespace {

const char* const kHugeTexts[] = {"1e308", "-1e308",  "1.7976931348623157e308", "1e999", "inf",
                                  "-inf",  "4.9e-324"};

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// Estimates for one job on a spread of GPUs: "" when all are finite, else the first that is not.
std::string nonfinite_estimate(const Workload& w) {
  const Catalog& catalog = fixture_catalog();
  for (std::size_t i = 0; i < catalog.gpus.size(); i += 7)
    for (int cards : {1, 8}) {
      const std::string bad = nonfinite_in(estimate(w, catalog.gpus[i], catalog, {cards, 1.0}));
      if (!bad.empty()) return bad;
    }
  return "";
}

// Failures gathered across a whole sweep, one line per field, so one run lists every weak spot.
struct Failures {
  std::map<std::string, std::string> lines;  // field -> the first symptom seen
  void add(const std::string& field, const std::string& what) { lines.emplace(field, what); }
  std::string text() const {
    std::string s;
    for (const auto& [field, what] : lines) s += "\n  " + field + ": " + what;
    return s;
  }
};

// Every numeric leaf of a JSON document, as a JSON pointer.
void numeric_leaves(const json& j, const std::string& path, std::vector<std::string>& out) {
  if (j.is_object())
    for (auto it = j.begin(); it != j.end(); ++it) numeric_leaves(it.value(), path + "/" + it.key(), out);
  else if (j.is_array())
    for (std::size_t i = 0; i < j.size(); ++i) numeric_leaves(j[i], path + "/" + std::to_string(i), out);
  else if (j.is_number())
    out.push_back(path);
}

// A small valid catalog cut from the bundled one: one GPU, its offers at one provider.
json small_catalog() {
  json c = json::parse(std::string(bundled_file("catalog.json")));
  const json offer = c["offers"][0];
  json gpus = json::array(), providers = json::array(), offers = json::array();
  for (const json& g : c["gpus"])
    if (g["id"] == offer["gpu"]) gpus.push_back(g);
  for (const json& p : c["providers"])
    if (p["id"] == offer["provider"]) providers.push_back(p);
  offers.push_back(offer);
  c["gpus"] = gpus;
  c["providers"] = providers;
  c["offers"] = offers;
  return c;
}

}  // namespace

TEST_CASE("bounds: 1e308 and friends in every numeric link field are clamped with a notice") {
  const Catalog& catalog = fixture_catalog();
  const std::vector<Preset>& presets = fixture_presets();
  const char* const keys[] = {"params",   "layers", "hidden", "heads",  "kvh",  "vocab",   "act",   "gflops",
                              "bps",      "ws",     "batch",  "accum",  "seq",  "px",      "wbits", "rank",
                              "samples",  "epochs", "tokens", "ibatch", "ctx",  "chref",   "dl",    "budget",
                              "deadline", "fx",     "setup",  "idle",   "disk", "months",  "data",  "up",
                              "egress",   "extras", "irate",  "ckw",    "cki",  "restart", "seed",  "cards"};
  for (const Preset& p : {presets.front(), presets[presets.size() / 2], presets.back()}) {
    for (const char* key : keys) {
      for (const char* value : kHugeTexts) {
        const std::string link = "#v=1&preset=" + p.id + "&" + key + "=" + value;
        CAPTURE(link);
        const LinkDecode d = decode_link(link, presets, catalog);
        REQUIRE(d.ok);
        REQUIRE(nonfinite_in(d.scenario) == "");
        REQUIRE(first_problem(validate_workload(d.scenario.workload)) == "");
        // The link clamps into exactly the range the recommender accepts (one gw::limits table).
        REQUIRE(first_problem(validate_constraints(d.scenario.constraints)) == "");
        // A value that is not already inside the range must be reported (clamped, or the job reset).
        if (std::string(value) != "4.9e-324") REQUIRE_FALSE(d.notices.empty());
      }
    }
    // Every field huge at once, then the job is estimated.
    std::string all = "#v=1&preset=" + p.id;
    for (const char* key : keys) all += std::string("&") + key + "=1e308";
    const LinkDecode d = decode_link(all, presets, catalog);
    CAPTURE(all);
    REQUIRE(nonfinite_in(d.scenario) == "");
    REQUIRE(nonfinite_estimate(d.scenario.workload) == "");
  }
  const LinkDecode ref =
      decode_link("#v=1&ref=rtx-3090:1e308:1e308&price." + catalog.offers[0].id + "=1e308", presets, catalog);
  CHECK(nonfinite_in(ref.scenario) == "");
  CHECK(ref.scenario.price_overrides.empty());
}

TEST_CASE("bounds: 1e308 in every numeric workload JSON field is refused or stays finite") {
  const std::vector<Preset>& presets = fixture_presets();
  int refused = 0, accepted = 0;
  Failures failures;
  for (const Preset& p : {presets.front(), presets[5], presets[presets.size() / 2], presets.back()}) {
    const json base = json::parse(workload_to_json(p.workload));
    for (auto it = base.begin(); it != base.end(); ++it) {
      if (!it.value().is_number()) continue;
      for (const json& huge : {json(1e308), json(-1e308), json(1.7976931348623157e308), json("1e308T"),
                               json(4.9e-324), json(9223372036854775807LL), json(18446744073709551615ULL)}) {
        json doc = base;
        doc[it.key()] = huge;
        const std::string text = doc.dump();
        CAPTURE(text);
        const WorkloadLoad load = workload_from_json(text);
        if (!load.workload) {
          REQUIRE_FALSE(load.problems.empty());
          REQUIRE(load.problems.front().path.find(it.key()) != std::string::npos);  // names the field
          ++refused;
          continue;
        }
        ++accepted;
        REQUIRE(nonfinite_in(*load.workload) == "");
        const std::string bad = nonfinite_estimate(*load.workload);
        if (!bad.empty())
          failures.add(it.key() + " = " + huge.dump(), "accepted, then the estimate has " + bad);
      }
    }
  }
  INFO("accepted but not finite:" << failures.text());
  CHECK(failures.lines.empty());
  CHECK(refused > 0);
  MESSAGE("huge workload values refused: " << refused << ", accepted and finite: " << accepted);
}

TEST_CASE("bounds: 1e308 in every numeric catalog field is refused with its path or stays finite") {
  const json base = small_catalog();
  {
    const CatalogLoad ok = load_catalog(base.dump());
    REQUIRE(first_problem(ok.problems) == "");
  }
  std::vector<std::string> leaves;
  numeric_leaves(base, "", leaves);
  REQUIRE(leaves.size() > 20);
  for (const std::string& path : leaves) {
    for (const json& huge : {json(1e308), json(-1e308), json(1e-308), json(0)}) {
      json doc = base;
      doc[json::json_pointer(path)] = huge;
      CAPTURE(path);
      CAPTURE(huge.dump());
      const CatalogLoad load = load_catalog(doc.dump());
      if (!load.catalog) {
        REQUIRE_FALSE(load.problems.empty());
        bool named = false;
        for (const Problem& p : load.problems) named = named || path.rfind(p.path, 0) == 0;
        REQUIRE(named);
        continue;
      }
      REQUIRE(nonfinite_in(*load.catalog) == "");
      // A catalog that loads must price and estimate finitely.
      const Catalog& c = *load.catalog;
      const Offer& o = c.offers.front();
      Constraints k;
      for (Pricing pricing : {Pricing::on_demand, Pricing::spot}) {
        const OfferPrice price = offer_price(o, *c.provider(o.provider), pricing, {});
        if (!price.available) continue;
        BillRequest r;
        r.run_hours = {10, 20, 40};
        r.price_per_hour = price.per_hour;
        r.price_currency = o.currency;
        const Bill b = price_bill(*c.provider(o.provider), k, exchange_rate(k, c), r);
        REQUIRE(std::isfinite(b.total.low));
        REQUIRE(std::isfinite(b.total.high));
        REQUIRE(std::isfinite(b.gpu.likely));
      }
      for (const Preset& p : fixture_presets()) {
        const GpuEstimate e = estimate(p.workload, c.gpus.front(), c, {2, o.derate});
        CAPTURE(p.id);
        REQUIRE(nonfinite_in(e) == "");
      }
    }
  }
}

TEST_CASE("bounds: constraints at the edges of their ranges still give a finite bill") {
  // Users reach the bill through a link, the CLI flags or the UI, which all hold values to the ranges
  // in docs/input-ranges.md; the link clamps 1e308 to the top of each range and 5e-324 to the bottom.
  const Catalog& catalog = fixture_catalog();
  const std::vector<Preset>& presets = fixture_presets();
  const char* const keys[] = {"budget", "deadline", "fx",     "setup", "idle", "disk", "months", "data",
                              "up",     "egress",   "extras", "irate", "ckw",  "cki",  "restart"};
  Failures failures;
  std::vector<std::string> links;
  for (const char* key : keys)
    for (const char* value : {"1e308", "-1e308", "4.9e-324"}) links.push_back(std::string(key) + "=" + value);
  std::string all_top, all_bottom;
  for (const char* key : keys)
    all_top += std::string("&") + key + "=1e308", all_bottom += std::string("&") + key + "=-1e308";
  links.push_back(all_top.substr(1));
  links.push_back(all_bottom.substr(1));
  for (const std::string& tail : links) {
    for (bool usd : {false, true}) {
      const LinkDecode d =
          decode_link("#v=1&" + tail + (usd ? "&cur=USD" : "") + "&student=1&newuser=1", presets, catalog);
      REQUIRE(d.ok);
      const Constraints& c = d.scenario.constraints;
      for (std::size_t i = 0; i < catalog.offers.size(); i += 5) {
        const Offer& o = catalog.offers[i];
        const Provider& p = *catalog.provider(o.provider);
        for (Pricing pricing : {Pricing::on_demand, Pricing::spot}) {
          const OfferPrice price = offer_price(o, p, pricing, {});
          if (!price.available) continue;
          BillRequest r;
          r.run_hours = {5, 10, 20};
          r.price_per_hour = price.per_hour;
          r.price_currency = o.currency;
          r.pricing = pricing;
          const Bill b = price_bill(p, c, exchange_rate(c, catalog), r);
          FiniteCheck f;
          f.range("total", b.total);
          f.range("gpu", b.gpu);
          f.range("storage", b.storage);
          f.range("extras", b.extras);
          f.range("transfer", b.transfer);
          f.range("discount", b.discount);
          for (const CostLine& l : b.lines) f.range(std::string(to_string(l.kind)), l.amount);
          if (!f.first.empty()) failures.add(tail, f.first + " (" + o.id + ")");
        }
      }
    }
  }
  INFO("not finite:" << failures.text());
  CHECK(failures.lines.empty());
}

TEST_CASE("bounds: megabytes of junk are refused quickly by every text parser") {
  std::string junk;
  SplitMix64 rng(kPropertySeed + 30);
  junk.reserve(10u << 20);
  while (junk.size() < (10u << 20)) junk += static_cast<char>(rng.next() % 256);
  std::string deep(1u << 18, '[');  // 262,144 levels of nesting: far past any recursion limit

  for (const std::string* text : {&junk, &deep}) {
    auto start = std::chrono::steady_clock::now();
    const CatalogLoad c = load_catalog(*text);
    CHECK_FALSE(c.catalog.has_value());
    CHECK_FALSE(c.problems.empty());
    CHECK(seconds_since(start) < 5);

    start = std::chrono::steady_clock::now();
    const WorkloadLoad w = workload_from_json(*text);
    CHECK_FALSE(w.workload.has_value());
    CHECK(seconds_since(start) < 5);

    start = std::chrono::steady_clock::now();
    const LinkDecode d = decode_link(*text, fixture_presets(), fixture_catalog());
    CHECK_FALSE(d.ok);
    CHECK(seconds_since(start) < 1);

    start = std::chrono::steady_clock::now();
    const DiagnoseReport r = diagnose(*text, fixture_catalog());
    CHECK_FALSE(r.found_gpu());
    CHECK_FALSE(r.findings.empty());
    CHECK(seconds_since(start) < 5);
  }
}

TEST_CASE("bounds: a catalog over 64 MiB or a workload over 1 MiB is refused unparsed, saying why") {
  // Valid JSON, so only the size can be the reason: a million-offer catalog is about 600 MB.
  std::string big = "{\"gpus\": []" + std::string(kMaxCatalogBytes, ' ') + "}";
  auto start = std::chrono::steady_clock::now();
  const CatalogLoad c = load_catalog(big);
  CHECK(seconds_since(start) < 1);
  REQUIRE(c.problems.size() == 1);
  CHECK(c.problems[0].message ==
        "The catalog is 64 MiB; gpuwise reads catalogs up to 64 MiB (about 100,000 offers).");
  big.resize(kMaxWorkloadBytes + 10);
  big.back() = '}';
  const WorkloadLoad w = workload_from_json(big);
  REQUIRE(w.problems.size() == 1);
  CHECK(w.problems[0].message == "the workload file is 1024 KiB; a workload is at most 1024 KiB");
}

TEST_CASE("bounds: a million offers are ranked without a hang or a memory blow-up") {
  // The catalog a power user might generate: the bundled offers repeated to a million, prices varied.
  // Notes and sources are dropped so the test's own catalog stays near 0.5 GB.
  const Catalog& bundled = fixture_catalog();
  Catalog c = bundled;
  std::vector<Offer> base = c.offers;
  for (Offer& o : base) o.source.clear(), o.notes = {}, o.derate_note = {}, o.instance_type = {};
  c.offers.clear();
  c.offers.reserve(1000000);
  for (std::size_t i = 0; i < 1000000; ++i) {
    Offer o = base[i % base.size()];
    o.id = std::to_string(i);
    o.on_demand_per_hour *= 1 + static_cast<double>(i % 97) / 100;
    c.offers.push_back(std::move(o));
  }
  Scenario s = default_scenario(fixture_presets(), c);
  s.workload = fixture_presets()[5].workload;
  RecommendOptions options;
  options.detailed_rows = 3;
  options.max_rows = 100;

  // Every candidate is enumerated and filtered; one provider's ~90,000 are estimated, priced and ranked.
  s.constraints.providers = {base.front().provider};
  auto start = std::chrono::steady_clock::now();
  const Report r = recommend(s, c, options);
  const double seconds = seconds_since(start);
  MESSAGE("a million offers, one provider: " << seconds << " s, " << r.feasible << " feasible");
  CHECK(seconds < 60);  // about 2 s natively in Debug, 4 s under ASan
  CHECK(r.considered > 1000000);
  CHECK(r.feasible > 10000);
  CHECK_FALSE(r.rows.empty());
  CHECK(r.dropped.size() + r.feasible == r.considered);
  CHECK(nonfinite_in(r) == "");

  // A tenth of them with nothing filtered: every one priced.
  c.offers.resize(100000);
  s.constraints.providers.clear();
  start = std::chrono::steady_clock::now();
  const Report all = recommend(s, c, options);
  CHECK(seconds_since(start) < 60);
  CHECK(all.feasible > 50000);
  CHECK(nonfinite_in(all) == "");
}
