// The bundled catalog loads cleanly and carries the reference facts; broken catalogs are rejected
// with the exact JSON path and sentence; catalog_to_json round-trips.
#include <doctest/doctest.h>

#include <cstdint>
#include <nlohmann/json.hpp>
#include <set>
#include <string_view>

#include "../fuzz/equal.hpp"
#include "engine/bundled.hpp"
#include "engine/catalog.hpp"
#include "engine/catalog_fields.hpp"

namespace {

using json = nlohmann::json;

std::string all_problems(const gw::CatalogLoad& r) {
  std::string s;
  for (const gw::Problem& p : r.problems) s += "[" + p.path + "] " + p.message + "\n";
  return s;
}

const gw::Catalog& bundled() {
  static const gw::CatalogLoad load = gw::load_bundled_catalog();
  return *load.catalog;  // the first test case checks it loaded
}

// A small valid catalog that each broken case mutates in one place.
const char* kMinimal = R"({
  "schema_version": 1, "catalog_version": "test.1", "catalog_date": "2026-11-09",
  "usd_cny": 6.75, "usd_cny_date": "2026-08-18",
  "gpus": [
    {"id": "rtx-3090", "name": "GeForce RTX 3090", "aliases": ["3090"], "vendor": "NVIDIA", "vram_gib": 24,
     "fp32_tflops": 35.6},
    {"id": "t4", "name": "NVIDIA T4", "vendor": "NVIDIA", "vram_gib": 16}
  ],
  "providers": [
    {"id": "autodl", "name": {"en": "AutoDL", "zh": "AutoDL"}, "currency": "CNY", "market": "cn",
     "granularity": "second", "bills_from_creation": true, "has_spot": false, "source": "test",
     "source_date": "2026-08-19",
     "programs": [{"id": "autodl-member", "kind": "member_discount", "name": {"en": "Member price"},
                   "discount_fraction": 0.05, "source": "test"}]},
    {"id": "aws", "name": {"en": "AWS"}, "currency": "USD", "market": "intl", "granularity": "second",
     "min_billed_seconds": 60, "bills_from_creation": true, "has_spot": true, "spot_discount_fraction": 0.6,
     "source": "test", "source_date": "2026-11-09"}
  ],
  "offers": [
    {"id": "autodl-cn-rtx-3090-x1", "provider": "autodl", "region": "CN", "gpu": "rtx-3090", "gpu_count": 1,
     "currency": "CNY", "on_demand_per_hour": 1.32, "price_date": "2026-08-13", "source": "test"},
    {"id": "aws-us-east-1-t4-x1", "provider": "aws", "region": "us-east-1", "gpu": "t4", "gpu_count": 1,
     "currency": "USD", "on_demand_per_hour": 0.526, "spot_per_hour": 0.19, "price_date": "2025-05",
     "source": "test"}
  ]
})";

json minimal() {
  return json::parse(kMinimal);
}

// The catalog is rejected and one problem has exactly this path and contains this text.
void expect_text_problem(const std::string& text, const std::string& path, const std::string& fragment) {
  const gw::CatalogLoad r = gw::load_catalog(text);
  const std::string problems = all_problems(r);
  CAPTURE(problems);
  CHECK_FALSE(r.catalog.has_value());
  bool found = false;
  for (const gw::Problem& p : r.problems)
    found = found || (p.path == path && p.message.find(fragment) != std::string::npos);
  CHECK_MESSAGE(found, "expected [" << path << "] containing: " << fragment);
}
void expect_problem(const json& j, const std::string& path, const std::string& fragment) {
  expect_text_problem(j.dump(), path, fragment);
}

// Every field of every record, by the catalog's field tables (fuzz/equal.hpp).
void check_same(const gw::Catalog& a, const gw::Catalog& b) {
  CHECK(gw::testing::diff_catalog(a, b) == "");
}

}  // namespace

TEST_CASE("the bundled catalog loads with no problems") {
  const gw::CatalogLoad load = gw::load_bundled_catalog();
  INFO(all_problems(load));
  CHECK(load.problems.empty());
  REQUIRE(load.catalog.has_value());
  CHECK(load.catalog->schema_version == 1);
  CHECK(load.catalog->usd_cny == 6.75);
  CHECK(load.catalog->usd_cny_date == "2026-08-18");
  CHECK_FALSE(load.catalog->catalog_version.empty());
}

TEST_CASE("the bundled catalog carries the reference GPU specs") {
  const gw::Catalog& c = bundled();
  int nvidia = 0;
  for (const gw::Gpu& g : c.gpus) nvidia += g.vendor == "NVIDIA";
  CHECK(nvidia >= 40);

  const gw::Gpu* g = c.gpu("rtx-3090");
  REQUIRE(g);
  CHECK(g->vram_gib == 24);
  CHECK(g->memory_bandwidth_gbs == 936.0);
  CHECK(g->fp32_tflops == 35.6);
  CHECK(g->fp16_tensor_fp32acc_tflops == 71.0);  // GeForce half rate with FP32 accumulate
  CHECK(g->cuda_cores == 10496);
  CHECK(g->pcie_gen == 4);
  CHECK(g->pcie_lanes == 16);
  CHECK(g->has_nvlink);
  CHECK(g->ecc == false);
  CHECK_FALSE(g->fp8_tensor_tflops.has_value());  // unknown stays absent, never 0

  const gw::Gpu* a100 = c.gpu("a100-40gb-pcie");
  REQUIRE(a100);
  CHECK(a100->fp32_tflops == 19.5);
  CHECK(a100->memory_bandwidth_gbs == 1555.0);
  CHECK(a100->fp64_tensor_tflops == 19.5);
  CHECK(c.gpu("t4")->fp32_tflops == 8.1);
  CHECK_FALSE(c.gpu("a10g")->fp32_tflops.has_value());  // deliberately empty in the reference
  CHECK(c.gpu("rtx-4060-ti-16gb")->pcie_lanes == 8);
  CHECK(c.gpu("h100-sxm5-80gb")->pcie_gen == 5);
  CHECK_FALSE(c.gpu("h100-sxm5-80gb")->pcie_lanes.has_value());  // "5.0 (host)": lanes not stated
  CHECK_FALSE(c.gpu("mi300x")->has_nvlink);
}

TEST_CASE("bundled aliases give the intended loose matches") {
  const gw::Catalog& c = bundled();
  auto one = [&](const char* q) {
    const gw::GpuMatch m = gw::find_gpu(c, q);
    return m.gpu ? m.gpu->id : std::string("(none: ") + std::to_string(m.candidates.size()) + " candidates)";
  };
  CHECK(one("3090") == "rtx-3090");
  CHECK(one("rtx3090") == "rtx-3090");
  CHECK(one("4090") == "rtx-4090");
  CHECK(one("A100 40GB") == "a100-40gb-sxm4");
  CHECK(one("A100-40G") == "a100-40gb-sxm4");
  CHECK(one("A100 80GB PCIe") == "a100-80gb-pcie");
  CHECK(one("V100 32GB") == "v100-sxm2-32gb");
  CHECK(one("T4") == "t4");
  CHECK(one("H20") == "h20");
  CHECK(one("H200") == "h200-sxm-141gb");
  // Families whose variants differ in memory or speed stay ambiguous on purpose.
  CHECK(gw::find_gpu(c, "A100").candidates.size() == 4);
  CHECK(gw::find_gpu(c, "V100").candidates.size() == 4);
  CHECK(gw::find_gpu(c, "H100").candidates.size() == 3);  // PCIe, SXM5 and NVL
  CHECK(gw::find_gpu(c, "H100 80GB").candidates.size() == 2);
}

TEST_CASE("the bundled catalog carries the reference providers and offers") {
  const gw::Catalog& c = bundled();
  for (const char* id :
       {"autodl", "aliyun", "tencent", "aws", "gcp", "lambda", "runpod", "vast", "azure", "paperspace",
        "compshare", "gpushare", "matpool", "featurize", "openbayes", "colab"}) {
    CAPTURE(id);
    const gw::Provider* p = c.provider(id);
    REQUIRE(p);
    CHECK_FALSE(p->source.empty());
    CHECK_FALSE(p->source_date.empty());
    CHECK_FALSE(p->billing_note.en.empty());
    CHECK_FALSE(p->billing_note.zh.empty());
  }
  CHECK(c.provider("aliyun")->name.zh == "阿里云");
  CHECK(c.provider("autodl")->granularity == gw::Granularity::second);
  CHECK(c.provider("autodl")->free_disk_gb == 50);
  CHECK(c.provider("aws")->min_billed_seconds == 60);
  CHECK(c.provider("aws")->spot_notice_seconds == 120.0);
  CHECK(c.provider("aws")->egress_free_gb_per_month == 100);
  CHECK(c.provider("lambda")->granularity == gw::Granularity::minute);
  CHECK_FALSE(c.provider("lambda")->bills_from_creation);  // billing starts after health checks
  CHECK(c.provider("runpod")->disk_stopped_per_gb_month == 0.20);
  CHECK_FALSE(c.provider("aliyun")->disk_running_per_gb_month.has_value());  // not found: absent
  CHECK_FALSE(c.provider("autodl")->has_spot);

  // The source article's "90% off GPU for verified students" was found in no current source (issue 16).
  const gw::Provider* ali = c.provider("aliyun");
  for (const gw::Program& pr : ali->programs) CHECK_FALSE(pr.discount_fraction.has_value());

  int derated = 0, ranges = 0;
  for (const gw::Offer& o : c.offers) {
    CAPTURE(o.id);
    CHECK(o.price_date.size() >= 7);  // every price is dated
    CHECK_FALSE(o.source.empty());
    // A price of 0 is a free offer, and only a platform with a weekly GPU quota gives one (Kaggle).
    CHECK(o.on_demand_per_hour >= 0);
    if (o.on_demand_per_hour == 0) CHECK(c.provider(o.provider)->session_weekly_gpu_hours.has_value());
    CHECK(o.currency == c.provider(o.provider)->currency);
    if (o.derate < 1) {
      ++derated;
      CHECK(o.gpu == "rtx-3090");
      CHECK(o.derate == 0.85);
      CHECK_FALSE(o.derate_note.zh.empty());
    }
    if (o.on_demand_low_per_hour) {
      ++ranges;
      CHECK(o.price_is_estimate);
    }
  }
  CHECK(derated == 1);
  CHECK(ranges >= 3);
  const gw::Offer* h100x8 = c.offer("lambda-us-h100-sxm5-80gb-x8");
  REQUIRE(h100x8);
  CHECK(h100x8->on_demand_per_hour == doctest::Approx(3.99 * 8));  // per GPU-hour row -> whole offer
  CHECK(c.offer("autodl-cn-rtx-3090-x1")->on_demand_per_hour == 1.32);
  CHECK(c.offer("aws-us-east-1-a100-40gb-sxm4-x8")->on_demand_per_hour == 21.957642);  // superseding DR row
  CHECK(c.offers.size() >= 100);
}

TEST_CASE("the minimal test catalog is valid") {
  const gw::CatalogLoad r = gw::load_catalog(kMinimal);
  INFO(all_problems(r));
  CHECK(r.problems.empty());
  CHECK(r.catalog.has_value());
}

TEST_CASE("broken catalogs are rejected with the precise path and message") {
  SUBCASE("not JSON, with a position") {
    expect_text_problem("{\"schema_version\": 1,\n  \"gpus\": [}", "", "not valid JSON (line 2, column 12)");
    expect_text_problem("", "", "not valid JSON (line 1");
  }
  SUBCASE("the root is not an object") {
    expect_text_problem("[1, 2]", "", "A catalog must be a JSON object, not an array.");
  }
  SUBCASE("wrong type") {
    json j = minimal();
    j["offers"][0]["gpu_count"] = "2";
    expect_problem(j, "/offers/0/gpu_count", "\"gpu_count\" must be a whole number, not a string (\"2\").");
    j = minimal();
    j["providers"][1]["name"] = "AWS";
    expect_problem(j, "/providers/1/name", "must be an object");
    j = minimal();
    j["gpus"] = json::object();
    expect_problem(j, "/gpus", "\"gpus\" must be an array, not an object.");
  }
  SUBCASE("region and instance type: a string or {\"en\", \"zh\"}, nothing else") {
    json j = minimal();
    j["offers"][0]["region"] = 7;
    expect_problem(j, "/offers/0/region",
                   "\"region\" must be a string or an object {\"en\": ..., \"zh\": ...}, not a number (7).");
    j = minimal();
    j["offers"][0]["instance_type"] = json::array({"a"});
    expect_problem(j, "/offers/0/instance_type", "must be a string or an object");
    j = minimal();
    j["offers"][0]["region"] = {{"zh", "中国"}};
    expect_problem(j, "/offers/0/region/en", "Required field \"en\" is missing.");
    j = minimal();
    j["offers"][0]["instance_type"] = {{"en", "container instance"}, {"zh", 3}};
    expect_problem(j, "/offers/0/instance_type/zh", "\"zh\" must be a string");
    j = minimal();
    j["offers"][0]["region"] = {{"en", "CN"}, {"zh", "中国"}, {"ja", "中国"}};
    expect_problem(j, "/offers/0/region/ja", "Unknown field \"ja\".");
    j = minimal();
    j["offers"][0]["region"] = " ";
    expect_problem(j, "/offers/0/region", "\"region\" must not be empty.");
  }
  SUBCASE("missing field") {
    json j = minimal();
    j["gpus"][0].erase("vram_gib");
    expect_problem(j, "/gpus/0/vram_gib", "Required field \"vram_gib\" is missing.");
    j = minimal();
    j["offers"][1].erase("price_date");
    expect_problem(j, "/offers/1/price_date", "Required field \"price_date\" is missing.");
  }
  SUBCASE("negative price") {
    json j = minimal();
    j["offers"][0]["on_demand_per_hour"] = -1.5;
    expect_problem(j, "/offers/0/on_demand_per_hour",
                   "\"on_demand_per_hour\" must be at least 0 (got -1.5).");
  }
  SUBCASE("zero used for an unknown value") {
    json j = minimal();
    j["gpus"][0]["fp32_tflops"] = 0;
    expect_problem(j, "/gpus/0/fp32_tflops", "leave the field out when the value is unknown");
  }
  SUBCASE("unknown GPU and provider references") {
    json j = minimal();
    j["offers"][1]["gpu"] = "rtx-9999";
    expect_problem(j, "/offers/1/gpu", "refers to GPU \"rtx-9999\", which is not in \"gpus\".");
    j = minimal();
    j["offers"][0]["provider"] = "nowhere";
    expect_problem(j, "/offers/0/provider", "refers to provider \"nowhere\"");
  }
  SUBCASE("duplicate ids") {
    json j = minimal();
    j["offers"].push_back(j["offers"][0]);
    expect_problem(j, "/offers/2/id", "Offer id \"autodl-cn-rtx-3090-x1\" is already used at /offers/0.");
    j = minimal();
    j["gpus"][1]["id"] = "rtx-3090";
    expect_problem(j, "/gpus/1/id", "GPU id \"rtx-3090\" is already used at /gpus/0.");
  }
  SUBCASE("a key written twice in one object") {
    std::string text = kMinimal;
    const std::string from = "\"gpu\": \"t4\",";
    text.replace(text.find(from), from.size(), from + " \"gpu\": \"rtx-3090\",");
    expect_text_problem(text, "/offers/1/gpu", "The key \"gpu\" appears more than once");
  }
  SUBCASE("bad dates") {
    for (const char* bad : {"2026-13-01", "2026-02-30", "Aug 2026", "26-08-13", "2026-8"}) {
      CAPTURE(bad);
      json j = minimal();
      j["offers"][0]["price_date"] = bad;
      expect_problem(j, "/offers/0/price_date", "must be a real date written YYYY-MM or YYYY-MM-DD");
    }
    json j = minimal();
    j["offers"][0]["price_date"] = "2024-02-29";  // a leap day is fine
    CHECK(gw::load_catalog(j.dump()).problems.empty());
  }
  SUBCASE("bad currency, and an offer priced in another currency than its provider") {
    json j = minimal();
    j["offers"][0]["currency"] = "RMB";
    expect_problem(j, "/offers/0/currency", "\"currency\" must be one of CNY, USD (got \"RMB\").");
    j = minimal();
    j["offers"][0]["currency"] = "USD";
    expect_problem(j, "/offers/0/currency", "is priced in USD but provider \"autodl\" bills in CNY.");
  }
  SUBCASE("derate out of range or unexplained") {
    json j = minimal();
    j["offers"][0]["derate"] = 1.2;
    expect_problem(j, "/offers/0/derate", "\"derate\" must be at most 1 (got 1.2).");
    j["offers"][0]["derate"] = 0;
    expect_problem(j, "/offers/0/derate", "must be greater than 0");
    j["offers"][0]["derate"] = 0.85;
    expect_problem(j, "/offers/0/derate_note", "needs a \"derate_note\"");
  }
  SUBCASE("unsupported schema_version stops before field checks") {
    json j = minimal();
    j["schema_version"] = 2;
    j["offers"][0]["on_demand_per_hour"] = -1;
    const gw::CatalogLoad r = gw::load_catalog(j.dump());
    REQUIRE(r.problems.size() == 1);
    CHECK(r.problems[0].path == "/schema_version");
    CHECK(r.problems[0].message == "\"schema_version\" 2 is not supported; this build reads version 1.");
    CHECK_FALSE(r.catalog);
  }
  SUBCASE("huge numbers") {
    std::string text = kMinimal;
    text.replace(text.find("1.32"), 4, "1e400");
    expect_text_problem(text, "", "number overflow parsing '1e400'");
    json j = minimal();
    j["offers"][0]["on_demand_per_hour"] = 1e300;
    expect_problem(j, "/offers/0/on_demand_per_hour", "must be at most 100000 (got 1e+300)");
    j = minimal();
    j["usd_cny"] = 0.148;  // the rate written the wrong way round
    expect_problem(j, "/usd_cny", "must be greater than 1");
  }
  SUBCASE("counts and fractions out of range") {
    json j = minimal();
    j["offers"][0]["gpu_count"] = 65;
    expect_problem(j, "/offers/0/gpu_count", "must be between 1 and 64 (got 65)");
    j["offers"][0]["gpu_count"] = 1.5;
    expect_problem(j, "/offers/0/gpu_count", "must be a whole number");
    j = minimal();
    j["providers"][0]["programs"][0]["discount_fraction"] = 1.5;
    expect_problem(j, "/providers/0/programs/0/discount_fraction", "must be at most 1 (got 1.5)");
  }
  SUBCASE("misspelt field names are not ignored") {
    json j = minimal();
    j["offers"][0]["on_demand_per_hr"] = 1.0;
    expect_problem(j, "/offers/0/on_demand_per_hr", "Unknown field \"on_demand_per_hr\".");
  }
  SUBCASE("invalid ids and alias clashes") {
    json j = minimal();
    j["gpus"][1]["id"] = "RTX 3090";
    expect_problem(j, "/gpus/1/id", "must use only lowercase letters, digits and single '-'");
    j = minimal();
    j["gpus"][1]["aliases"] = {"RTX-3090"};
    expect_problem(j, "/gpus/1/aliases/0", "also names GPU \"rtx-3090\"");
  }
  SUBCASE("spot rules") {
    json j = minimal();
    j["offers"][0]["spot_per_hour"] = 0.5;
    expect_problem(j, "/offers/0/spot_per_hour", "provider \"autodl\" has no spot tier");
    j = minimal();
    j["offers"][1]["spot_per_hour"] = 0.9;
    expect_problem(j, "/offers/1/spot_per_hour", "The spot price 0.9 is above the on-demand price 0.526.");
    j = minimal();
    j["providers"][0]["spot_discount_fraction"] = 0.5;
    expect_problem(j, "/providers/0/spot_discount_fraction", "is set but \"has_spot\" is false.");
  }
  SUBCASE("price ranges must be complete and contain the price") {
    json j = minimal();
    j["offers"][0]["on_demand_low_per_hour"] = 1.2;
    expect_problem(j, "/offers/0/on_demand_high_per_hour", "needs both");
    j["offers"][0]["on_demand_high_per_hour"] = 1.3;
    expect_problem(j, "/offers/0/on_demand_per_hour", "lies outside its range 1.2-1.3");
  }
  SUBCASE("a coupon amount needs a currency") {
    json j = minimal();
    j["providers"][0]["programs"][0]["amount"] = 300;
    expect_problem(j, "/providers/0/programs/0/currency", "Required field \"currency\" is missing.");
  }
  SUBCASE("deep nesting is rejected without recursing") {
    const std::string deep = std::string(100000, '[') + std::string(100000, ']');
    expect_text_problem(deep, "", "A catalog must be a JSON object, not an array.");
    std::string text = kMinimal;  // built as text: dumping a json this deep would recurse in the test itself
    const std::string from = "\"GeForce RTX 3090\"";
    text.replace(text.find(from), from.size(), deep);
    expect_text_problem(text, "/gpus/0/name", "\"name\" must be a string, not an array.");
  }
  SUBCASE("every problem is reported, not just the first") {
    json j = minimal();
    j["offers"][0]["on_demand_per_hour"] = -1;
    j["offers"][1]["gpu"] = "nope";
    j["gpus"][0].erase("name");
    j["catalog_date"] = "yesterday";
    const gw::CatalogLoad r = gw::load_catalog(j.dump());
    CHECK(r.problems.size() == 4);
    CHECK_FALSE(r.catalog);
  }
}

TEST_CASE("catalog_to_json round-trips the bundled catalog field by field") {
  const gw::Catalog& c = bundled();
  const std::string text = gw::catalog_to_json(c);
  const gw::CatalogLoad again = gw::load_catalog(text);
  INFO(all_problems(again));
  REQUIRE(again.catalog.has_value());
  check_same(c, *again.catalog);
  CHECK(gw::catalog_to_json(*again.catalog) == text);
}

TEST_CASE("region and instance type load from either form and write back the same way") {
  json j = minimal();
  j["offers"][0]["region"] = {{"en", "Germany host"}, {"zh", "德国主机"}};
  j["offers"][0]["instance_type"] = {{"en", "container instance"}};
  j["offers"][1]["instance_type"] = "g4dn.xlarge";
  const gw::CatalogLoad r = gw::load_catalog(j.dump());
  INFO(all_problems(r));
  REQUIRE(r.catalog.has_value());
  const gw::Offer& de = r.catalog->offers[0];
  const gw::Offer& aws = r.catalog->offers[1];
  CHECK(de.region.en == "Germany host");
  CHECK(de.region.in(gw::Lang::zh) == "德国主机");
  CHECK(de.instance_type.in(gw::Lang::zh) == "container instance");  // no zh: English in both
  CHECK(aws.region.en == "us-east-1");
  CHECK(aws.region.zh.empty());
  CHECK(aws.instance_type.in(gw::Lang::zh) == "g4dn.xlarge");
  // Plain strings where there is no Chinese (identifiers), the object where there is.
  const json out = json::parse(gw::catalog_to_json(*r.catalog));
  CHECK(out["offers"][0]["region"] == json({{"en", "Germany host"}, {"zh", "德国主机"}}));
  CHECK(out["offers"][0]["instance_type"] == "container instance");
  CHECK(out["offers"][1]["region"] == "us-east-1");
  CHECK(out["offers"][1]["instance_type"] == "g4dn.xlarge");
}

TEST_CASE("catalog_to_json keeps edge values and absent optionals") {
  gw::Catalog c = *gw::load_catalog(kMinimal).catalog;
  c.gpus[1].tensor_cores = 0;  // a real zero (no tensor cores) is kept
  c.gpus[1].notes = "line\n\"quoted\" 中文";
  c.providers[0].programs[0].notes.zh = "只有中文";
  c.offers[0].on_demand_per_hour = 0.1 + 0.2;  // not representable exactly in decimal
  c.offers[0].derate = 0.85;
  c.offers[0].derate_note = {"slower", ""};
  c.offers[0].on_demand_low_per_hour = 0.2;
  c.offers[0].on_demand_high_per_hour = 0.4;
  c.offers[0].price_is_estimate = true;
  const gw::CatalogLoad again = gw::load_catalog(gw::catalog_to_json(c));
  INFO(all_problems(again));
  REQUIRE(again.catalog.has_value());
  check_same(c, *again.catalog);
  CHECK_FALSE(again.catalog->gpus[1].fp32_tflops.has_value());
}

// 64-bit FNV-1a: a fingerprint of a whole text, stable across platforms.
std::uint64_t fnv1a(std::string_view s) {
  std::uint64_t h = 0xcbf29ce484222325ull;
  for (unsigned char c : s) h = (h ^ c) * 0x100000001b3ull;
  return h;
}

TEST_CASE("catalog_to_json writes each kept catalog exactly as before the field tables") {
  // The kept catalogs never change, so their written form must not either: these are the bytes the
  // hand-written loader and writer produced (issue 14 item 4 changed both to read the field tables).
  const std::pair<const char*, std::uint64_t> kept[] = {{"2026.11.1", 0x8cc3bd99a35535e6ull},
                                                        {"2026.12.1", 0x83934b500250bb5cull},
                                                        {"2026.12.2", 0x83b35bb5d9599361ull},
                                                        {"2026.12.3", 0x95f0c3987b19968eull},
                                                        {"2026.12.4", 0x0781c4825557b1dcull}};
  for (const auto& [version, hash] : kept) {
    CAPTURE(version);
    const gw::CatalogLoad load =
        gw::load_catalog(gw::bundled_file("catalogs/catalog-" + std::string(version) + ".json"));
    INFO(all_problems(load));
    REQUIRE(load.catalog.has_value());
    CHECK(fnv1a(gw::catalog_to_json(*load.catalog)) == hash);
  }
}

TEST_CASE("catalog field tables: unique keys, labels in both languages, a member for each") {
  std::set<std::string> seen;
  for (const gw::CatalogFieldInfo& f : gw::catalog_field_list()) {
    CAPTURE(f.section);
    CAPTURE(f.key);
    CHECK(seen.insert(f.section + "/" + f.key).second);
    CHECK(!f.label.en.empty());
    CHECK(!f.label.zh.empty());
    for (unsigned char c : f.label.en) CHECK(c < 0x80);  // the English page's font has no CJK
  }
  // Each entry names a member of its record: a table with a null member would crash every reader.
  for (const auto& f : gw::gpu_fields()) std::visit([](auto m) { CHECK(m != nullptr); }, f.member);
  for (const auto& f : gw::offer_fields()) std::visit([](auto m) { CHECK(m != nullptr); }, f.member);
  for (const auto& f : gw::provider_fields()) std::visit([](auto m) { CHECK(m != nullptr); }, f.member);
  for (const auto& f : gw::program_fields()) std::visit([](auto m) { CHECK(m != nullptr); }, f.member);
  // A field compared by the fuzz equality is one the writer writes: change one and the diff names it.
  gw::Catalog a = bundled(), b = a;
  b.providers[0].programs.at(0).covers.en += " (changed)";
  CHECK(gw::testing::diff_catalog(a, b).find(".covers") != std::string::npos);
  b = a;
  b.unpriced.at(0).checked = "1999-01";
  CHECK(gw::testing::diff_catalog(a, b).find(".checked") != std::string::npos);
}
