// What decides whether a student can rent at all (issue 16 item 3): payment methods, mainland reach,
// real-name, invoices, minimum top-up and data location, each a sourced tri-state fact per provider.
#include <doctest/doctest.h>

#include <string>

#include "engine/catalog.hpp"

namespace {

const gw::Catalog& bundled() {
  static const gw::Catalog c = *gw::load_bundled_catalog().catalog;
  return c;
}

// A one-provider, one-offer catalog with `provider_extra` spliced into the provider object.
std::string mini(const std::string& provider_extra, const std::string& offer_extra = "") {
  return R"({"schema_version": 1, "catalog_version": "t", "catalog_date": "2026-12-04", "usd_cny": 7,
  "usd_cny_date": "2026-12-04",
  "gpus": [{"id": "g", "name": "G", "vendor": "NVIDIA", "vram_gib": 24, "source": "s"}],
  "providers": [{"id": "p", "name": {"en": "P", "zh": "P"}, "currency": "CNY", "market": "cn",
    "granularity": "second", "bills_from_creation": true, "has_spot": false, "source": "s",
    "source_date": "2026-12")" +
         provider_extra + R"(}],
  "offers": [{"id": "o", "provider": "p", "region": "r", "gpu": "g", "gpu_count": 1, "currency": "CNY",
    "on_demand_per_hour": 2, "price_date": "2026-12", "source": "s")" +
         offer_extra + "}]}";
}

bool has_problem_at(const gw::CatalogLoad& l, const std::string& path) {
  for (const gw::Problem& p : l.problems)
    if (p.path == path) return true;
  return false;
}

}  // namespace

TEST_CASE("access facts load as tri-states: an absent fact stays unknown, never false") {
  const gw::CatalogLoad l = gw::load_catalog(mini(
      R"(, "access": {"alipay": true, "card": false, "min_topup": 10, "source": "a doc", "source_date": "2026-08"})"));
  REQUIRE(l.catalog);
  const gw::ProviderAccess& a = l.catalog->providers[0].access;
  CHECK(a.alipay == true);
  CHECK(a.card == false);
  CHECK(!a.wechat);
  CHECK(!a.invoice_general);
  CHECK(a.min_topup == 10);
  CHECK(gw::mainland_payable(a) == gw::Tri::yes);
  CHECK(gw::mainland_reachable(a) == gw::Tri::unknown);
  // Round trip keeps every fact and every unknown.
  const gw::CatalogLoad back = gw::load_catalog(gw::catalog_to_json(*l.catalog));
  REQUIRE(back.catalog);
  CHECK(back.catalog->providers[0].access.alipay == true);
  CHECK(back.catalog->providers[0].access.card == false);
  CHECK(!back.catalog->providers[0].access.wechat);
  // A provider with no facts writes no access object and reads back empty.
  const gw::CatalogLoad none = gw::load_catalog(mini(""));
  REQUIRE(none.catalog);
  CHECK(none.catalog->providers[0].access.empty());
  CHECK(gw::catalog_to_json(*none.catalog).find("\"access\"") == std::string::npos);
}

TEST_CASE("an access fact needs its source and date; contradictions and typos are refused by path") {
  CHECK(has_problem_at(gw::load_catalog(mini(R"(, "access": {"alipay": true})")),
                       "/providers/0/access/source"));
  CHECK(has_problem_at(gw::load_catalog(mini(R"(, "access": {"alipay": true, "source": "s"})")),
                       "/providers/0/access/source_date"));
  CHECK(has_problem_at(
      gw::load_catalog(mini(R"(, "access": {"alipy": true, "source": "s", "source_date": "2026-01"})")),
      "/providers/0/access/alipy"));
  CHECK(has_problem_at(
      gw::load_catalog(
          mini(R"(, "access": {"usd_only": true, "wechat": true, "source": "s", "source_date": "2026-01"})")),
      "/providers/0/access"));
  CHECK(has_problem_at(gw::load_catalog(mini(R"(, "no_gpu_per_hour": -1)")), "/providers/0/no_gpu_per_hour"));
}

TEST_CASE("mainland_payable: confirmed domestic method, dollars only, or unknown") {
  gw::ProviderAccess a;
  CHECK(gw::mainland_payable(a) == gw::Tri::unknown);
  a.card = true;
  CHECK(gw::mainland_payable(a) == gw::Tri::unknown);  // a card alone says nothing about Alipay
  a.usd_only = true;
  CHECK(gw::mainland_payable(a) == gw::Tri::no);
  gw::ProviderAccess b;
  b.alipay = b.wechat = b.unionpay = false;
  CHECK(gw::mainland_payable(b) == gw::Tri::no);
  b.unionpay = true;
  CHECK(gw::mainland_payable(b) == gw::Tri::yes);
}

TEST_CASE("the bundled catalog: AutoDL takes Alipay and WeChat Pay, Vast.ai and RunPod are dollars only") {
  const gw::Provider* autodl = bundled().provider("autodl");
  REQUIRE(autodl);
  CHECK(gw::mainland_payable(autodl->access) == gw::Tri::yes);
  CHECK(autodl->access.min_topup == 10);
  CHECK(autodl->access.real_name == true);
  CHECK(autodl->no_gpu_per_hour == 0.1);
  for (const char* id : {"vast", "runpod"}) {
    CAPTURE(id);
    CHECK(gw::mainland_payable(bundled().provider(id)->access) == gw::Tri::no);
  }
  // Every stated fact carries its source and date (the loader refuses one without).
  for (const gw::Provider& p : bundled().providers)
    if (!p.access.empty()) {
      CAPTURE(p.id);
      CHECK(!p.access.source.empty());
      CHECK(!p.access.source_date.empty());
    }
}

TEST_CASE("the bundled catalog: Compshare takes Alipay and WeChat Pay and issues both VAT invoices") {
  // Its help docs (charge.md, invoice.md, cardlessmode.md, files of 2026-05-13): quick top-up by Alipay or
  // WeChat Pay, digital ordinary and special VAT invoices, GPU-less mode at 0.15 CNY/h. Whether renting
  // needs real-name verification is contradicted within the membership page, so it stays unknown.
  const gw::Provider* p = bundled().provider("compshare");
  REQUIRE(p);
  CHECK(p->access.alipay == true);
  CHECK(p->access.wechat == true);
  CHECK(gw::mainland_payable(p->access) == gw::Tri::yes);
  CHECK(p->access.invoice_general == true);
  CHECK(p->access.invoice_special == true);
  CHECK(!p->access.real_name);
  CHECK(p->no_gpu_per_hour == 0.15);
  CHECK(p->access.source_date == "2026-05-13");
}

TEST_CASE("packages load per period, once each, with their own date and source") {
  const gw::CatalogLoad l = gw::load_catalog(mini(
      "", R"(, "packages": [{"period": "month", "price": 1000, "price_date": "2026-11", "source": "s"}])"));
  REQUIRE(l.catalog);
  REQUIRE(l.catalog->offers[0].packages.size() == 1);
  CHECK(gw::package_hours(l.catalog->offers[0].packages[0].period) == 720);
  const gw::CatalogLoad back = gw::load_catalog(gw::catalog_to_json(*l.catalog));
  REQUIRE(back.catalog);
  CHECK(back.catalog->offers[0].packages.size() == 1);
  CHECK(has_problem_at(
      gw::load_catalog(mini(
          "", R"(, "packages": [{"period": "year", "price": 1, "price_date": "2026-11", "source": "s"}])")),
      "/offers/0/packages/0/period"));
  CHECK(has_problem_at(gw::load_catalog(mini(
                           "", R"(, "packages": [{"period": "day", "price": 30, "price_date": "2026-11"}])")),
                       "/offers/0/packages/0/source"));
  CHECK(has_problem_at(
      gw::load_catalog(
          mini("", R"(, "packages": [{"period": "day", "price": 30, "price_date": "2026-11", "source": "s"},
        {"period": "day", "price": 31, "price_date": "2026-11", "source": "s"}])")),
      "/offers/0/packages/1/period"));
}
