// catalog_to_json: the inverse of load_catalog. Absent optionals stay absent, so a round trip
// through text keeps "unknown" distinct from 0.
#include <nlohmann/json.hpp>

#include "engine/catalog.hpp"

namespace gw {
namespace {

using ojson = nlohmann::ordered_json;

template <class T>
void put(ojson& j, const char* key, const std::optional<T>& v) {
  if (v) j[key] = *v;
}
void put(ojson& j, const char* key, const std::string& s) {
  if (!s.empty()) j[key] = s;
}
void put(ojson& j, const char* key, const Text& t) {
  if (t.empty()) return;
  ojson o = ojson::object();
  if (!t.en.empty()) o["en"] = t.en;
  if (!t.zh.empty()) o["zh"] = t.zh;
  j[key] = std::move(o);
}

// Region and instance type: a plain string when there is no Chinese (identifiers), else the object.
// A required one is written even when empty, so the loader names the problem.
void put_label(ojson& j, const char* key, const Text& t, bool required = false) {
  if (!t.zh.empty())
    put(j, key, t);
  else if (required || !t.en.empty())
    j[key] = t.en;
}

const char* granularity_name(Granularity g) {
  switch (g) {
    case Granularity::minute:
      return "minute";
    case Granularity::hour:
      return "hour";
    case Granularity::second:
      break;
  }
  return "second";
}

ojson gpu_json(const Gpu& g) {
  ojson j;
  j["id"] = g.id;
  j["name"] = g.name;
  if (!g.aliases.empty()) j["aliases"] = g.aliases;
  j["vendor"] = g.vendor;
  put(j, "segment", g.segment);
  put(j, "architecture", g.architecture);
  put(j, "release_year", g.release_year);
  j["vram_gib"] = g.vram_gib;
  put(j, "memory_type", g.memory_type);
  put(j, "memory_bandwidth_gbs", g.memory_bandwidth_gbs);
  put(j, "boost_clock_mhz", g.boost_clock_mhz);
  put(j, "cuda_cores", g.cuda_cores);
  put(j, "tensor_cores", g.tensor_cores);
  put(j, "fp32_tflops", g.fp32_tflops);
  put(j, "fp16_tensor_fp16acc_tflops", g.fp16_tensor_fp16acc_tflops);
  put(j, "fp16_tensor_fp32acc_tflops", g.fp16_tensor_fp32acc_tflops);
  put(j, "bf16_tensor_tflops", g.bf16_tensor_tflops);
  put(j, "tf32_tensor_tflops", g.tf32_tensor_tflops);
  put(j, "fp8_tensor_tflops", g.fp8_tensor_tflops);
  put(j, "fp64_tflops", g.fp64_tflops);
  put(j, "fp64_tensor_tflops", g.fp64_tensor_tflops);
  put(j, "int8_tensor_tops", g.int8_tensor_tops);
  put(j, "tdp_w", g.tdp_w);
  put(j, "pcie", g.pcie);
  put(j, "pcie_gen", g.pcie_gen);
  put(j, "pcie_lanes", g.pcie_lanes);
  put(j, "nvlink", g.nvlink);
  j["has_nvlink"] = g.has_nvlink;
  put(j, "ecc", g.ecc);
  put(j, "nvenc", g.nvenc);
  put(j, "compute_capability", g.compute_capability);
  put(j, "source", g.source);
  put(j, "notes", g.notes);
  return j;
}

ojson program_json(const Program& p) {
  ojson j;
  j["id"] = p.id;
  j["kind"] = p.kind;
  put(j, "name", p.name);
  put(j, "discount_fraction", p.discount_fraction);
  put(j, "amount", p.amount);
  put(j, "currency", p.currency);
  put(j, "min_spend", p.min_spend);
  put(j, "expiry_days", p.expiry_days);
  j["stackable"] = p.stackable;
  j["applies_to_gpu"] = p.applies_to_gpu;
  j["applies_to_spot"] = p.applies_to_spot;
  put(j, "cap", p.cap);
  put(j, "expires", p.expires);
  j["needs_student"] = p.needs_student;
  j["new_users_only"] = p.new_users_only;
  put(j, "qualifies", p.qualifies);
  put(j, "covers", p.covers);
  put(j, "notes", p.notes);
  j["source"] = p.source;
  put(j, "source_date", p.source_date);
  return j;
}

ojson access_json(const ProviderAccess& a) {
  ojson j;
  put(j, "alipay", a.alipay);
  put(j, "wechat", a.wechat);
  put(j, "unionpay", a.unionpay);
  put(j, "card", a.card);
  put(j, "crypto", a.crypto);
  put(j, "usd_only", a.usd_only);
  put(j, "mainland_reachable", a.mainland_reachable);
  put(j, "real_name", a.real_name);
  put(j, "invoice_general", a.invoice_general);
  put(j, "invoice_special", a.invoice_special);
  put(j, "min_topup", a.min_topup);
  put(j, "data_location", a.data_location);
  put(j, "notes", a.notes);
  j["source"] = a.source;
  j["source_date"] = a.source_date;
  return j;
}

ojson provider_json(const Provider& p) {
  ojson j;
  j["id"] = p.id;
  put(j, "name", p.name);
  j["currency"] = p.currency;
  j["market"] = p.market;
  j["granularity"] = granularity_name(p.granularity);
  j["min_billed_seconds"] = p.min_billed_seconds;
  j["bills_from_creation"] = p.bills_from_creation;
  put(j, "billing_note", p.billing_note);
  put(j, "disk_running_per_gb_month", p.disk_running_per_gb_month);
  put(j, "disk_stopped_per_gb_month", p.disk_stopped_per_gb_month);
  j["free_disk_gb"] = p.free_disk_gb;
  put(j, "egress_per_gb", p.egress_per_gb);
  j["egress_free_gb_per_month"] = p.egress_free_gb_per_month;
  j["ingress_free"] = p.ingress_free;
  j["internal_network_free"] = p.internal_network_free;
  j["has_spot"] = p.has_spot;
  put(j, "spot_discount_fraction", p.spot_discount_fraction);
  put(j, "spot_notice_seconds", p.spot_notice_seconds);
  put(j, "spot_interruptions_per_hour", p.spot_interruptions_per_hour);
  put(j, "spot_note", p.spot_note);
  ojson programs = ojson::array();
  for (const Program& pr : p.programs) programs.push_back(program_json(pr));
  j["programs"] = std::move(programs);
  if (!p.access.empty()) j["access"] = access_json(p.access);
  put(j, "no_gpu_per_hour", p.no_gpu_per_hour);
  j["source"] = p.source;
  j["source_date"] = p.source_date;
  return j;
}

ojson offer_json(const Offer& o) {
  ojson j;
  j["id"] = o.id;
  j["provider"] = o.provider;
  put_label(j, "region", o.region, true);
  j["gpu"] = o.gpu;
  j["gpu_count"] = o.gpu_count;
  put_label(j, "instance_type", o.instance_type);
  j["currency"] = o.currency;
  j["on_demand_per_hour"] = o.on_demand_per_hour;
  put(j, "on_demand_low_per_hour", o.on_demand_low_per_hour);
  put(j, "on_demand_high_per_hour", o.on_demand_high_per_hour);
  put(j, "spot_per_hour", o.spot_per_hour);
  j["price_is_estimate"] = o.price_is_estimate;
  j["derate"] = o.derate;
  put(j, "derate_note", o.derate_note);
  j["price_date"] = o.price_date;
  j["source"] = o.source;
  put(j, "notes", o.notes);
  if (!o.packages.empty()) {
    ojson packages = ojson::array();
    for (const Package& k : o.packages)
      packages.push_back(
          {{"period", k.period}, {"price", k.price}, {"price_date", k.price_date}, {"source", k.source}});
    j["packages"] = std::move(packages);
  }
  return j;
}

}  // namespace

std::string catalog_to_json(const Catalog& catalog) {
  try {
    ojson j;
    j["schema_version"] = catalog.schema_version;
    j["catalog_version"] = catalog.catalog_version;
    j["catalog_date"] = catalog.catalog_date;
    j["usd_cny"] = catalog.usd_cny;
    j["usd_cny_date"] = catalog.usd_cny_date;
    put(j, "notes_file", catalog.notes_file);
    ojson gpus = ojson::array(), providers = ojson::array(), offers = ojson::array();
    for (const Gpu& g : catalog.gpus) gpus.push_back(gpu_json(g));
    for (const Provider& p : catalog.providers) providers.push_back(provider_json(p));
    for (const Offer& o : catalog.offers) offers.push_back(offer_json(o));
    j["gpus"] = std::move(gpus);
    j["providers"] = std::move(providers);
    j["offers"] = std::move(offers);
    if (!catalog.unpriced.empty()) {
      ojson unpriced = ojson::array();
      for (const UnpricedPlatform& u : catalog.unpriced) {
        ojson e;
        e["id"] = u.id;
        put(e, "name", u.name);
        put(e, "reason", u.reason);
        e["checked"] = u.checked;
        unpriced.push_back(std::move(e));
      }
      j["unpriced"] = std::move(unpriced);
    }
    // replace: a hand-built Catalog with broken UTF-8 must still serialize rather than throw.
    return j.dump(2, ' ', false, ojson::error_handler_t::replace) + "\n";
  } catch (const std::exception&) {
    return {};  // only allocation failure can land here
  }
}

}  // namespace gw
