// load_catalog: parse and validate catalog JSON, collecting every problem with its JSON path.
// The input may be a hand-edited file, so the loader is strict: unknown or repeated keys, absurd
// magnitudes and dangling references are reported instead of being silently defaulted.
#include <cctype>
#include <cmath>
#include <cstdio>
#include <map>
#include <nlohmann/json.hpp>
#include <set>

#include "engine/catalog.hpp"
#include "engine/catalog_read.hpp"

namespace gw {
namespace {

using namespace catalog_read;

constexpr int kSchemaVersion = 1;

// A name beside the catalog, never a path: "catalog-notes.json".
bool valid_notes_file(const std::string& s) {
  const std::string ext = ".json";
  return s.size() > ext.size() && s.compare(s.size() - ext.size(), ext.size(), ext) == 0 &&
         valid_id(s.substr(0, s.size() - ext.size()));
}

// The same folding find_gpu uses (catalog.cpp), so alias clashes are judged the way lookups see them.
std::string squash(const std::string& s) {
  std::string out;
  for (unsigned char c : s)
    if (std::isalnum(c)) out += static_cast<char>(std::tolower(c));
  return out;
}
std::string strip_brand(std::string s) {
  for (const std::string p : {"nvidia", "geforce", "tesla", "amd", "instinct"})
    if (s.rfind(p, 0) == 0) s.erase(0, p.size());
  return s;
}

// ---------------------------------------------------------------- field bounds
// Far above any real value; they exist so a typo such as 1e300 cannot overflow later arithmetic into inf.
constexpr Range kPrice{0, true, 1e5};
constexpr Range kPackagePrice{0, true, 1e8};  // a month of an 8-card offer
constexpr Range kMoneyPerGb{0, false, 1e4};
constexpr Range kFraction{0, false, 1};
constexpr Range kDerate{0, true, 1};
constexpr Range kThroughput{0, true, 1e6};
constexpr Range kVram{0, true, 1e4};
constexpr Range kClockOrPower{0, true, 1e5};
constexpr Range kSeconds{0, false, 31 * 86400.0};
constexpr Range kPerHour{0, false, 60};
constexpr Range kGb{0, false, 1e7};
constexpr Range kAmount{0, true, 1e7};
constexpr Range kMinSpend{0, false, 1e7};
constexpr Range kUsdCny{1, true, 50};

Gpu read_gpu(Fields& f) {
  Gpu g;
  g.id = f.id("id");
  g.name = f.str("name", true);
  if (const json* a = f.array("aliases", false)) {
    for (std::size_t i = 0; i < a->size(); ++i) {
      const json& v = (*a)[i];
      const std::string p = f.at("aliases") + "/" + std::to_string(i);
      if (!v.is_string())
        f.out().push_back({p, "Each alias must be a string, not " + describe(v) + "."});
      else if (squash(v.get<std::string>()).empty())
        f.out().push_back({p, "An alias needs at least one letter or digit."});
      else
        g.aliases.push_back(v.get<std::string>());
    }
  }
  g.vendor = f.str("vendor", true);
  g.segment = f.str("segment", false);
  g.architecture = f.str("architecture", false);
  g.release_year = f.integer("release_year", false, {1990, 2100});
  g.vram_gib = f.number("vram_gib", true, kVram).value_or(0);
  g.memory_type = f.str("memory_type", false);
  g.memory_bandwidth_gbs = f.number("memory_bandwidth_gbs", false, kThroughput);
  g.boost_clock_mhz = f.number("boost_clock_mhz", false, kClockOrPower);
  g.cuda_cores = f.integer("cuda_cores", false, {1, 10000000});
  g.tensor_cores = f.integer("tensor_cores", false, {0, 10000000});
  g.fp32_tflops = f.number("fp32_tflops", false, kThroughput);
  g.fp16_tensor_fp16acc_tflops = f.number("fp16_tensor_fp16acc_tflops", false, kThroughput);
  g.fp16_tensor_fp32acc_tflops = f.number("fp16_tensor_fp32acc_tflops", false, kThroughput);
  g.bf16_tensor_tflops = f.number("bf16_tensor_tflops", false, kThroughput);
  g.tf32_tensor_tflops = f.number("tf32_tensor_tflops", false, kThroughput);
  g.fp8_tensor_tflops = f.number("fp8_tensor_tflops", false, kThroughput);
  g.fp64_tflops = f.number("fp64_tflops", false, kThroughput);
  g.fp64_tensor_tflops = f.number("fp64_tensor_tflops", false, kThroughput);
  g.int8_tensor_tops = f.number("int8_tensor_tops", false, kThroughput);
  g.tdp_w = f.number("tdp_w", false, kClockOrPower);
  g.pcie = f.str("pcie", false);
  g.pcie_gen = f.integer("pcie_gen", false, {1, 7});
  g.pcie_lanes = f.integer("pcie_lanes", false, {1, 32});
  g.nvlink = f.str("nvlink", false);
  f.boolean_into("has_nvlink", g.has_nvlink);
  g.ecc = f.boolean("ecc", false);
  g.nvenc = f.str("nvenc", false);
  g.compute_capability = f.str("compute_capability", false);
  g.source = f.str("source", false);
  g.notes = f.str("notes", false);
  return g;
}

Program read_program(Fields& f) {
  Program p;
  p.id = f.id("id");
  p.kind = f.one_of("kind", {"student_discount", "coupon", "credit", "member_discount"}, true);
  p.name = f.text("name", true);
  p.discount_fraction = f.number("discount_fraction", false, kFraction);
  p.amount = f.number("amount", false, kAmount);
  const bool money = f.has("amount") || f.has("min_spend") || f.has("cap");
  p.currency = f.one_of("currency", {"CNY", "USD"}, money);
  p.min_spend = f.number("min_spend", false, kMinSpend);
  p.expiry_days = f.integer("expiry_days", false, {1, 3650});
  f.boolean_into("stackable", p.stackable);
  f.boolean_into("applies_to_gpu", p.applies_to_gpu);
  f.boolean_into("applies_to_spot", p.applies_to_spot);
  p.cap = f.number("cap", false, kAmount);
  p.expires = f.date("expires", false);
  f.boolean_into("needs_student", p.needs_student);
  f.boolean_into("new_users_only", p.new_users_only);
  p.qualifies = f.text("qualifies", false);
  p.covers = f.text("covers", false);
  p.notes = f.text("notes", false);
  p.source = f.str("source", true);
  p.source_date = f.date("source_date", false);
  return p;
}

// {"alipay": true, "usd_only": false, ...}: an absent fact is unknown, so nothing here has a default.
ProviderAccess read_access(Fields& f) {
  ProviderAccess a;
  const json* v = f.find("access", false);
  if (!v) return a;
  if (!v->is_object()) {
    f.wrong_type("access", *v, "an object");
    return a;
  }
  Fields af(*v, f.at("access"), f.out());
  a.alipay = af.boolean("alipay", false);
  a.wechat = af.boolean("wechat", false);
  a.unionpay = af.boolean("unionpay", false);
  a.card = af.boolean("card", false);
  a.crypto = af.boolean("crypto", false);
  a.usd_only = af.boolean("usd_only", false);
  a.mainland_reachable = af.boolean("mainland_reachable", false);
  a.real_name = af.boolean("real_name", false);
  a.invoice_general = af.boolean("invoice_general", false);
  a.invoice_special = af.boolean("invoice_special", false);
  a.min_topup = af.number("min_topup", false, kAmount);
  a.data_location = af.text("data_location", false);
  a.notes = af.text("notes", false);
  // A fact without its source is not a fact: the same rule as prices.
  a.source = af.str("source", true);
  a.source_date = af.date("source_date", true);
  af.finish();
  if (a.usd_only && *a.usd_only && ((a.alipay && *a.alipay) || (a.wechat && *a.wechat)))
    f.fail("access", "\"usd_only\" is true but Alipay or WeChat Pay is accepted; they cannot both hold.");
  return a;
}

// sources_inline: false for the bundled core, whose citations come from its notes file (catalog_notes.cpp).
Provider read_provider(Fields& f, bool sources_inline) {
  Provider p;
  p.id = f.id("id");
  p.name = f.text("name", true);
  p.currency = f.one_of("currency", {"CNY", "USD"}, true);
  p.market = f.one_of("market", {"cn", "intl"}, true);
  const std::string g = f.one_of("granularity", {"second", "minute", "hour"}, true);
  p.granularity = g == "minute" ? Granularity::minute : g == "hour" ? Granularity::hour : Granularity::second;
  f.number_into("min_billed_seconds", p.min_billed_seconds, kSeconds);
  p.bills_from_creation = f.boolean("bills_from_creation", true).value_or(false);
  p.billing_note = f.text("billing_note", false);
  p.disk_running_per_gb_month = f.number("disk_running_per_gb_month", false, kMoneyPerGb);
  p.disk_stopped_per_gb_month = f.number("disk_stopped_per_gb_month", false, kMoneyPerGb);
  f.number_into("free_disk_gb", p.free_disk_gb, kGb);
  p.egress_per_gb = f.number("egress_per_gb", false, kMoneyPerGb);
  f.number_into("egress_free_gb_per_month", p.egress_free_gb_per_month, kGb);
  f.boolean_into("ingress_free", p.ingress_free);
  f.boolean_into("internal_network_free", p.internal_network_free);
  p.has_spot = f.boolean("has_spot", true).value_or(false);
  p.spot_discount_fraction = f.number("spot_discount_fraction", false, kFraction);
  p.spot_notice_seconds = f.number("spot_notice_seconds", false, kSeconds);
  p.spot_interruptions_per_hour = f.number("spot_interruptions_per_hour", false, kPerHour);
  p.spot_note = f.text("spot_note", false);
  if (!p.has_spot)
    for (const char* k : {"spot_discount_fraction", "spot_notice_seconds", "spot_interruptions_per_hour"})
      if (f.has(k)) f.fail(k, "\"" + std::string(k) + "\" is set but \"has_spot\" is false.");
  each_object(f.array("programs", false), f.at("programs"), "programme", f.out(),
              [&](Fields& pf, std::size_t) { p.programs.push_back(read_program(pf)); });
  p.access = read_access(f);
  p.no_gpu_per_hour = f.number("no_gpu_per_hour", false, kPrice);
  p.source = f.str("source", sources_inline);
  p.source_date = f.date("source_date", true);
  return p;
}

Offer read_offer(Fields& f, bool sources_inline) {
  Offer o;
  o.id = f.id("id");
  o.provider = f.str("provider", true);
  o.region = f.label("region", true);
  o.gpu = f.str("gpu", true);
  o.gpu_count = f.integer("gpu_count", true, {1, 64}).value_or(1);
  o.instance_type = f.label("instance_type", false);
  o.currency = f.one_of("currency", {"CNY", "USD"}, true);
  const auto on_demand = f.number("on_demand_per_hour", true, kPrice);
  o.on_demand_per_hour = on_demand.value_or(0);
  o.on_demand_low_per_hour = f.number("on_demand_low_per_hour", false, kPrice);
  o.on_demand_high_per_hour = f.number("on_demand_high_per_hour", false, kPrice);
  o.spot_per_hour = f.number("spot_per_hour", false, kPrice);
  f.boolean_into("price_is_estimate", o.price_is_estimate);
  f.number_into("derate", o.derate, kDerate);
  o.derate_note = f.text("derate_note", false);
  o.price_date = f.date("price_date", true);
  o.source = f.str("source", sources_inline);
  o.notes = f.text("notes", false);
  each_object(f.array("packages", false), f.at("packages"), "package", f.out(), [&](Fields& pf, std::size_t) {
    Package k;
    k.period = pf.one_of("period", {"day", "week", "month"}, true);
    k.price = pf.number("price", true, kPackagePrice).value_or(0);
    k.price_date = pf.date("price_date", true);
    k.source = pf.str("source", true);
    for (const Package& other : o.packages)
      if (!k.period.empty() && other.period == k.period)
        pf.fail("period", "Offer \"" + o.id + "\" lists its " + k.period + " package twice; keep one.");
    o.packages.push_back(k);
  });

  const auto& low = o.on_demand_low_per_hour;
  const auto& high = o.on_demand_high_per_hour;
  if (f.has("on_demand_low_per_hour") != f.has("on_demand_high_per_hour"))
    f.fail(f.has("on_demand_low_per_hour") ? "on_demand_high_per_hour" : "on_demand_low_per_hour",
           "A price range needs both \"on_demand_low_per_hour\" and \"on_demand_high_per_hour\".");
  if (low && high && *low > *high)
    f.fail("on_demand_low_per_hour",
           "The range is upside down: low " + fmt_num(*low) + " is above high " + fmt_num(*high) + ".");
  else if (low && high && on_demand && (*on_demand < *low || *on_demand > *high))
    f.fail("on_demand_per_hour", "\"on_demand_per_hour\" " + fmt_num(*on_demand) +
                                     " lies outside its range " + fmt_num(*low) + "-" + fmt_num(*high) + ".");
  const double ceiling = high ? *high : o.on_demand_per_hour;
  if (o.spot_per_hour && on_demand && *o.spot_per_hour > ceiling)
    f.fail("spot_per_hour", "The spot price " + fmt_num(*o.spot_per_hour) + " is above the on-demand price " +
                                fmt_num(ceiling) + ".");
  if (o.derate < 1 && o.derate_note.empty())
    f.fail("derate_note", "A \"derate\" below 1 needs a \"derate_note\" saying why the offer is slower.");
  return o;
}

// ---------------------------------------------------------------- whole-catalog checks
void check_unique(const std::vector<std::pair<std::string, std::string>>& ids, const char* what,
                  std::vector<Problem>& out) {
  std::map<std::string, std::string> first;
  for (const auto& [id, path] : ids) {
    if (id.empty()) continue;
    auto [it, fresh] = first.emplace(id, path);
    if (!fresh)
      out.push_back(
          {path + "/id", std::string(what) + " id \"" + id + "\" is already used at " + it->second + "."});
  }
}

// find_gpu takes the first exact hit, so an alias naming another GPU would silently shadow it.
void check_aliases(const std::vector<Gpu>& gpus, const std::vector<std::string>& paths,
                   std::vector<Problem>& out) {
  std::map<std::string, std::size_t> owner;
  for (std::size_t i = 0; i < gpus.size(); ++i) {
    const std::string name = squash(gpus[i].name);
    for (const std::string& n : {squash(gpus[i].id), name, strip_brand(name)}) owner.emplace(n, i);
  }
  for (std::size_t i = 0; i < gpus.size(); ++i)
    for (std::size_t a = 0; a < gpus[i].aliases.size(); ++a) {
      auto [it, fresh] = owner.emplace(squash(gpus[i].aliases[a]), i);
      if (!fresh && it->second != i)
        out.push_back({paths[i] + "/aliases/" + std::to_string(a),
                       "The alias \"" + gpus[i].aliases[a] + "\" also names GPU \"" + gpus[it->second].id +
                           "\" (" + paths[it->second] + "), so a lookup would silently pick one of them."});
    }
}

void check_offers(const Catalog& c, const std::vector<std::string>& paths, std::vector<Problem>& out) {
  for (std::size_t i = 0; i < c.offers.size(); ++i) {
    const Offer& o = c.offers[i];
    const std::string& p = paths[i];
    if (!o.gpu.empty() && !c.gpu(o.gpu))
      out.push_back(
          {p + "/gpu", "Offer \"" + o.id + "\" refers to GPU \"" + o.gpu + "\", which is not in \"gpus\"."});
    const Provider* pr = o.provider.empty() ? nullptr : c.provider(o.provider);
    if (!o.provider.empty() && !pr)
      out.push_back({p + "/provider", "Offer \"" + o.id + "\" refers to provider \"" + o.provider +
                                          "\", which is not in \"providers\"."});
    if (!pr) continue;
    if (!o.currency.empty() && !pr->currency.empty() && o.currency != pr->currency)
      out.push_back({p + "/currency", "Offer \"" + o.id + "\" is priced in " + o.currency +
                                          " but provider \"" + pr->id + "\" bills in " + pr->currency + "."});
    if (o.spot_per_hour && !pr->has_spot)
      out.push_back({p + "/spot_per_hour", "Offer \"" + o.id + "\" has a spot price but provider \"" +
                                               pr->id + "\" has no spot tier (\"has_spot\" is false)."});
  }
}

}  // namespace

CatalogLoad load_catalog(std::string_view json_text) {
  CatalogLoad result;
  std::vector<Problem>& out = result.problems;
  if (json_text.size() > kMaxCatalogBytes) {
    out.push_back({"", "The catalog is " + std::to_string(json_text.size() >> 20) +
                           " MiB; gpuwise reads catalogs up to " + std::to_string(kMaxCatalogBytes >> 20) +
                           " MiB (about 100,000 offers)."});
    return result;
  }
  try {
    SyntaxCheck syntax(json_text, out);
    json::sax_parse(json_text.begin(), json_text.end(), &syntax);
    if (syntax.failed()) return result;
    const json root = json::parse(json_text.begin(), json_text.end(), nullptr, false);
    if (root.is_discarded()) {
      out.push_back({"", "The text is not valid JSON."});
      return result;
    }
    if (!root.is_object()) {
      out.push_back({"", "A catalog must be a JSON object, not " + describe(root) + "."});
      return result;
    }

    Fields top(root, "", out);
    Catalog c;
    if (auto v = top.integer("schema_version", true, {-1000000, 1000000})) {
      c.schema_version = *v;
      if (*v != kSchemaVersion) {
        out.push_back({"/schema_version", "\"schema_version\" " + std::to_string(*v) +
                                              " is not supported; this build reads version " +
                                              std::to_string(kSchemaVersion) + "."});
        return result;  // a different version may mean different fields: checking them would mislead
      }
    }
    c.catalog_version = top.str("catalog_version", true);
    c.catalog_date = top.date("catalog_date", true);
    c.usd_cny = top.number("usd_cny", true, kUsdCny).value_or(c.usd_cny);
    c.usd_cny_date = top.date("usd_cny_date", true);
    c.notes_file = top.str("notes_file", false);
    if (!c.notes_file.empty() && !valid_notes_file(c.notes_file))
      top.fail("notes_file", "\"notes_file\" must be a file name such as \"catalog-notes.json\" (got \"" +
                                 c.notes_file + "\").");
    const bool sources_inline = c.notes_file.empty();

    std::vector<std::string> gpu_paths, provider_paths, offer_paths;
    std::vector<std::pair<std::string, std::string>> gpu_ids, provider_ids, program_ids, offer_ids;
    auto non_empty = [&](const json* arr, const char* key) {
      if (arr && arr->empty())
        out.push_back({"/" + std::string(key), "\"" + std::string(key) + "\" is empty."});
      return arr;
    };
    each_object(non_empty(top.array("gpus", true), "gpus"), "/gpus", "GPU", out,
                [&](Fields& f, std::size_t i) {
                  c.gpus.push_back(read_gpu(f));
                  gpu_paths.push_back("/gpus/" + std::to_string(i));
                  gpu_ids.emplace_back(c.gpus.back().id, gpu_paths.back());
                });
    each_object(non_empty(top.array("providers", true), "providers"), "/providers", "provider", out,
                [&](Fields& f, std::size_t i) {
                  c.providers.push_back(read_provider(f, sources_inline));
                  provider_paths.push_back("/providers/" + std::to_string(i));
                  provider_ids.emplace_back(c.providers.back().id, provider_paths.back());
                  const auto& programs = c.providers.back().programs;
                  for (std::size_t k = 0; k < programs.size(); ++k)
                    program_ids.emplace_back(programs[k].id,
                                             provider_paths.back() + "/programs/" + std::to_string(k));
                });
    each_object(non_empty(top.array("offers", true), "offers"), "/offers", "offer", out,
                [&](Fields& f, std::size_t i) {
                  c.offers.push_back(read_offer(f, sources_inline));
                  offer_paths.push_back("/offers/" + std::to_string(i));
                  offer_ids.emplace_back(c.offers.back().id, offer_paths.back());
                });
    std::vector<std::pair<std::string, std::string>> unpriced_ids;
    each_object(top.array("unpriced", false), "/unpriced", "unpriced platform", out,
                [&](Fields& f, std::size_t i) {
                  UnpricedPlatform u;
                  u.id = f.id("id");
                  u.name = f.text("name", true);
                  u.reason = f.text("reason", true);
                  u.checked = f.date("checked", true);
                  c.unpriced.push_back(std::move(u));
                  unpriced_ids.emplace_back(c.unpriced.back().id, "/unpriced/" + std::to_string(i));
                });
    check_unique(unpriced_ids, "Unpriced platform", out);
    top.finish();

    check_unique(gpu_ids, "GPU", out);
    check_unique(provider_ids, "Provider", out);
    check_unique(program_ids, "Programme", out);
    check_unique(offer_ids, "Offer", out);
    check_aliases(c.gpus, gpu_paths, out);
    check_offers(c, offer_paths, out);
    if (out.empty()) result.catalog = std::move(c);
  } catch (const std::exception& e) {
    // Not expected (every access above is type-checked); kept so a bug can never escape as a throw.
    result.catalog.reset();
    out.push_back({"", std::string("The catalog could not be read: ") + e.what() + "."});
  }
  return result;
}

}  // namespace gw
