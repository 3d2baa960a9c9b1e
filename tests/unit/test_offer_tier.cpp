// Provider tiers in row labels (issue 18 item 7): RunPod's Community and Secure Cloud, Vast.ai verified or
// not, told apart wherever a row names its provider.
#include <doctest/doctest.h>

#include <set>

#include "engine/bundled.hpp"
#include "engine/offer_tier.hpp"
#include "engine/recommend.hpp"
#include "engine/workload.hpp"

namespace {

const gw::Catalog& bundled() {
  static const gw::CatalogLoad load = gw::load_bundled_catalog();
  REQUIRE(load.catalog);
  return *load.catalog;
}

}  // namespace

TEST_CASE("RunPod's and Vast.ai's rows carry their tier; one-tier providers keep their name") {
  const gw::Catalog& c = bundled();
  std::set<std::string> runpod, vast;
  for (const gw::Offer& o : c.offers) {
    const gw::Provider* p = c.provider(o.provider);
    REQUIRE(p != nullptr);
    const gw::Text label = gw::provider_label(*p, o);
    CAPTURE(o.id);
    if (o.provider == "runpod")
      runpod.insert(label.en);
    else if (o.provider == "vast")
      vast.insert(label.en);
    else
      CHECK(label.en == p->name.en);
    CHECK(label.zh.find_first_not_of(' ') != std::string::npos);
  }
  CHECK(runpod.count("RunPod Community") == 1);
  CHECK(runpod.count("RunPod Secure") == 1);
  CHECK(runpod.count("RunPod") == 0);  // every RunPod row says its tier
  CHECK(vast.count("Vast.ai verified") == 1);
  CHECK(vast.count("Vast.ai verification unknown") == 1);
  const gw::Offer* secure = c.offer("runpod-secure-h100-sxm5-80gb-x1");
  REQUIRE(secure != nullptr);
  CHECK(gw::provider_label(*c.provider("runpod"), *secure).zh == "RunPod 安全云");
}

TEST_CASE("a recommendation row names the tier in its provider name") {
  const gw::Catalog& c = bundled();
  const gw::PresetLoad presets = gw::load_presets(gw::bundled_file("presets.json"));
  const gw::Preset* p = gw::find_preset(presets.presets, "bert-base-finetune");
  REQUIRE(p != nullptr);
  gw::Scenario s;
  s.workload = p->workload;
  s.constraints.providers = {"runpod"};
  const gw::Report r = gw::recommend(s, c);
  REQUIRE(!r.rows.empty());
  for (const gw::Row& row : r.rows) {
    CAPTURE(row.offer);
    CHECK(row.provider_name.en.rfind("RunPod ", 0) == 0);
  }
}
