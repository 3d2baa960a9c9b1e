#pragma once
// The catalog: GPUs, providers and offers, as loaded from data/catalog.json.
// Unknown facts stay empty optionals; 0 is never used to mean "unknown".
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "text.hpp"

namespace gw {

struct Gpu {
  std::string id;                    // "rtx-3090"
  std::string name;                  // "GeForce RTX 3090"
  std::vector<std::string> aliases;  // extra names users type: "3090", "A100 40GB"
  std::string vendor;                // "NVIDIA" / "AMD"
  std::string segment;               // consumer, prosumer, workstation, datacenter
  std::string architecture;          // "Ampere"
  std::optional<int> release_year;
  double vram_gib = 0;  // always known (required)
  std::string memory_type;
  std::optional<double> memory_bandwidth_gbs;
  std::optional<double> boost_clock_mhz;
  std::optional<int> cuda_cores;
  std::optional<int> tensor_cores;
  std::optional<double> fp32_tflops;
  std::optional<double> fp16_tensor_fp16acc_tflops;  // dense
  std::optional<double> fp16_tensor_fp32acc_tflops;  // dense; what AMP training uses
  std::optional<double> bf16_tensor_tflops;
  std::optional<double> tf32_tensor_tflops;
  std::optional<double> fp8_tensor_tflops;
  std::optional<double> fp64_tflops;         // vector
  std::optional<double> fp64_tensor_tflops;  // A100/H100 class
  std::optional<double> int8_tensor_tops;
  std::optional<double> tdp_w;
  std::string pcie;  // "4.0 x16" as printed in the spec
  std::optional<int> pcie_gen;
  std::optional<int> pcie_lanes;
  std::string nvlink;  // free text; empty or "none" when absent
  bool has_nvlink = false;
  std::optional<bool> ecc;
  std::string nvenc;
  std::string nvdec;  // as printed: "2 (4th gen)"
  // Every figure of gpu_spec_keys() (gpu_specs.hpp) is a value, or named here: a unit the GPU lacks (no FP8
  // on Ampere, no NVENC on GH100), or a figure no source gave. The two are never the same thing.
  std::vector<std::string> not_supported;
  std::vector<std::string> unknown;
  std::string compute_capability;  // "8.6"
  std::string source;              // where the numbers came from
  std::string notes;
};

// The card as rows and sentences name it: the name without its maker's words ("NVIDIA GeForce RTX 3090"
// -> "RTX 3090", "Tesla V100 SXM2 32GB" -> "V100 SXM2 32GB"); the full name stays for tooltips and details.
inline std::string short_gpu_name(std::string_view name) {
  for (std::string_view prefix : {"NVIDIA ", "GeForce ", "Tesla "})
    if (name.substr(0, prefix.size()) == prefix) name.remove_prefix(prefix.size());
  return std::string(name);
}

enum class Granularity { second, minute, hour };

// What a programme is; program_kind_info() is the one table naming the kinds (JSON word and label). Only a
// credit behaves apart: it offsets the whole bill, and only when the user holds it (discounts.cpp).
enum class ProgramKind { student_discount, coupon, credit, member_discount };
inline constexpr int kProgramKinds = 4;
struct ProgramKindInfo {
  ProgramKind kind;
  const char* key;  // the catalog's JSON word: "student_discount"
  Text label;       // "Student discount"
};
const ProgramKindInfo& program_kind_info(ProgramKind);
std::string_view to_string(ProgramKind);

// Education programmes, coupons and credits a provider offers.
struct Program {
  std::string id;
  ProgramKind kind = ProgramKind::coupon;
  Text name;
  std::optional<double> discount_fraction;  // 0.9 means 90% off the GPU price
  std::optional<double> amount;             // fixed amount, in `currency`
  std::string currency;                     // of `amount`
  std::optional<double> min_spend;          // coupon threshold, in `currency`
  std::optional<int> expiry_days;
  bool stackable = false;       // can combine with other programmes
  bool applies_to_gpu = true;   // false: e.g. CPU-only coupons
  bool applies_to_spot = true;  // false: not usable on spot/preemptible instances
  std::optional<double> cap;    // most a rate discount saves per order, in `currency`
  std::string expires;          // date the programme itself ends ("2026-12-31"), when published
  bool needs_student = false;   // only with --student
  bool new_users_only = false;
  Text qualifies;  // who qualifies ("mainland-China students verified through CHSI")
  Text covers;     // which products it covers ("ECS and PAI; not GPU instances")
  Text notes;
  std::string source;
  std::string source_date;
};

// What decides whether a student can rent at all. Every fact is a tri-state: nullopt = no source was found
// (never a guessed false). Payment methods are the ways to top up or pay a bill.
struct ProviderAccess {
  std::optional<bool> alipay, wechat, unionpay;  // domestic: 支付宝, 微信支付, 银联
  std::optional<bool> card;                      // a foreign (Visa/Mastercard) credit card
  std::optional<bool> crypto;
  std::optional<bool> usd_only;            // the balance and the bill are in US dollars only
  std::optional<bool> mainland_reachable;  // usable from mainland China without extra network tools
  std::optional<bool> real_name;           // real-name verification (实名认证) before renting
  std::optional<bool> invoice_general;     // 增值税普通发票 (for a lab's reimbursement)
  std::optional<bool> invoice_special;     // 增值税专用发票
  std::optional<double> min_topup;         // smallest top-up, in the provider's currency
  Text data_location;                      // where the instances and disks are
  Text notes;
  std::string source;
  std::string source_date;
  bool empty() const;  // no fact at all
};

enum class Tri { unknown, yes, no };
// Can a student in mainland China pay this provider? yes: Alipay, WeChat Pay or UnionPay is accepted; no:
// dollars only, or all three refused by a source; otherwise unknown.
Tri mainland_payable(const ProviderAccess&);
// Is it usable from the mainland without extra tools (the access fact as a tri-state).
Tri mainland_reachable(const ProviderAccess&);

// A prepaid package's period; package_period_info() is the one table (JSON word, labels, hours).
enum class PackagePeriod { day, week, month };
inline constexpr int kPackagePeriods = 3;
struct PackagePeriodInfo {
  PackagePeriod period;
  const char* key;     // the catalog's JSON word, and one of them in English: "day"
  const char* plural;  // more than one, in English: "days"
  Text label;          // {"Day package", "包日"}
  double hours;        // 24, 168, 720 (a billing month is 30 days)
};
const PackagePeriodInfo& package_period_info(PackagePeriod);
std::string_view to_string(PackagePeriod);
double package_hours(PackagePeriod);

// A prepaid package (包日/包周/包月): the whole offer for a fixed period at a fixed price.
struct Package {
  PackagePeriod period = PackagePeriod::day;
  double price = 0;  // whole offer, offer currency
  std::string price_date;
  std::string source;
};

// The market a provider sells in: mainland China's or the international one; provider_market_info() is
// the one table (JSON word and label).
enum class ProviderMarket { cn, intl };
inline constexpr int kProviderMarkets = 2;
struct ProviderMarketInfo {
  ProviderMarket market;
  const char* key;  // the catalog's JSON word: "cn"
  Text label;       // {"China", "国内"}
};
const ProviderMarketInfo& provider_market_info(ProviderMarket);
std::string_view to_string(ProviderMarket);

struct Provider {
  std::string id;        // "autodl"
  Text name;             // {"AutoDL", "AutoDL"} / {"Alibaba Cloud", "阿里云"}
  std::string currency;  // "CNY" | "USD"
  ProviderMarket market = ProviderMarket::cn;
  Granularity granularity = Granularity::second;
  double min_billed_seconds = 0;
  bool bills_from_creation = false;  // true: setup/debug hours are billed too
  Text billing_note;
  // Storage, per GB-month in the provider's currency.
  std::optional<double> disk_running_per_gb_month;
  std::optional<double> disk_stopped_per_gb_month;
  double free_disk_gb = 0;
  std::optional<double> egress_per_gb;
  double egress_free_gb_per_month = 0;
  bool ingress_free = true;
  bool internal_network_free = true;
  // Spot / preemptible.
  bool has_spot = false;
  std::optional<double> spot_discount_fraction;  // typical fraction off on-demand, e.g. 0.6
  std::optional<double> spot_notice_seconds;
  std::optional<double> spot_interruptions_per_hour;  // typical rate used as a default
  Text spot_note;
  std::vector<Program> programs;
  ProviderAccess access;
  // 无卡模式: the instance booted without its GPU, for installing and downloading, per hour in the
  // provider's currency (AutoDL about 0.1 CNY/h). Unset: the provider has no such mode, or it is not known.
  std::optional<double> no_gpu_per_hour;
  // A notebook platform (Colab, Kaggle, Gradient notebooks): a session ends after a fixed wall clock or
  // when idle, GPU hours may be capped per week, and the card type may not be guaranteed. Each fact is
  // unset when no source gave it (shown as unknown); session_note says where they come from and for which
  // tier. A job longer than a session is checkpointed and restarted (spot.hpp simulate_sessions).
  std::optional<bool> session_limited;  // unset (not written) for every platform that is not a notebook
  std::optional<double> session_max_hours;
  std::optional<double> session_idle_minutes;
  std::optional<double> session_weekly_gpu_hours;
  std::optional<bool> session_gpu_guaranteed;
  Text session_note;
  std::string source;
  std::string source_date;
};

struct Offer {
  std::string id;        // "autodl-cn-rtx-3090-x1"
  std::string provider;  // Provider::id
  // Descriptive text ({"Germany host", "德国主机"}) or an identifier kept the same in both languages
  // ({"us-east-1", ""}); JSON holds a plain string when there is no zh, else {"en": ..., "zh": ...}.
  Text region;
  std::string gpu;  // Gpu::id
  int gpu_count = 1;
  Text instance_type;    // like region: {"g4dn.xlarge", ""} or {"container instance", "容器实例"}
  std::string currency;  // "CNY" | "USD"
  double on_demand_per_hour = 0;                 // whole offer (all its cards)
  std::optional<double> on_demand_low_per_hour;  // when the source gives a range
  std::optional<double> on_demand_high_per_hour;
  std::optional<double> spot_per_hour;  // whole offer
  bool price_is_estimate = false;       // "~x" or a range midpoint
  double derate = 1.0;                  // 0.85: a down-clocked cloud variant
  Text derate_note;
  std::string price_date;  // "2026-08" or "2026-08-13"
  std::string source;
  Text notes;
  std::vector<Package> packages;  // prepaid day/week/month prices, when published
  // How the cards talk, from the provider's instance page; empty = unknown (no source). Inside the node:
  // "pcie" or "nvlink" (bridges or NVSwitch), with the per-GPU bandwidth. Between nodes: "none" (one machine
  // only), "infiniband", "roce", "efa" (AWS Elastic Fabric Adapter) or "ethernet" (TCP), with the network
  // bandwidth per GPU. A cluster is N copies of this offer; an offer whose inter-node fabric is "none" or
  // unknown is never offered as one (scaling.hpp).
  std::string intra_node;
  std::optional<double> intra_node_gbs;  // GB/s per GPU, both directions, as NVIDIA prints it (A100 600)
  std::string inter_node;
  std::optional<double> inter_node_gbps_per_gpu;  // Gbit/s per GPU (p5: 3200 Gbit/s over 8 GPUs = 400)
  std::optional<int> max_nodes;                   // the most nodes one cluster may have, when published
  std::string interconnect_source;
  std::string interconnect_date;
};

// A platform students look for that has no offer in the catalog, with the reason (a price not found, ...).
struct UnpricedPlatform {
  std::string id;  // "huaweicloud"
  Text name;
  Text reason;
  std::string checked;  // date the search was made
};

struct Catalog {
  int schema_version = 1;
  std::string catalog_version;  // "2026.11.1"
  std::string catalog_date;     // "2026-11-30"
  double usd_cny = 6.75;        // default exchange rate
  std::string usd_cny_date;
  // Set for the bundled core only: its prose (the fields catalog_fields.cpp marks `prose`: citations, notes,
  // billing and payment notes, programme descriptions, unpriced reasons) is in this file beside it
  // (apply_catalog_notes), so here those may be absent. Empty once they are applied, and in every complete
  // catalog (a user's file, `catalog export`).
  std::string notes_file;
  std::vector<Gpu> gpus;
  std::vector<Provider> providers;
  std::vector<Offer> offers;
  std::vector<UnpricedPlatform> unpriced;  // optional in the JSON

  const Gpu* gpu(std::string_view id) const;
  const Provider* provider(std::string_view id) const;
  const Offer* offer(std::string_view id) const;
};

struct CatalogLoad {
  std::optional<Catalog> catalog;  // set only when problems is empty
  std::vector<Problem> problems;   // every problem, each with its JSON path
};

// The bundled catalog is about 0.2 MB; 64 MiB holds some 100,000 offers with their notes (about 0.4 GB of
// memory while parsing). A larger text is refused unparsed, so a runaway file cannot exhaust memory.
inline constexpr std::size_t kMaxCatalogBytes = 64u << 20;
// Parses and validates catalog JSON text. Never throws.
CatalogLoad load_catalog(std::string_view json_text);
// Applies a notes file (data/README.md, "catalog-notes.json") to the catalog it belongs to: each entry's
// prose goes to the GPU, provider (its access facts, its programmes), offer or unpriced platform with that
// id, and notes_file is cleared. The notes must name the same catalog_version. Either every entry applies or,
// with any problem (each with its JSON path in the notes file), the catalog is left untouched. Never throws.
std::vector<Problem> apply_catalog_notes(Catalog& catalog, std::string_view notes_json);
// Every GPU, provider, payment fact, programme and offer has its `source` ("every fact needs its source") and
// every unpriced platform its reason. Problems are located at the catalog's JSON paths (/offers/12/source).
std::vector<Problem> missing_sources(const Catalog& catalog);
// The catalog compiled into this build, complete: data/catalog.json with data/catalog-notes.json applied and
// every source checked. On the web page the notes file is not compiled in: the app applies it when fetched.
CatalogLoad load_bundled_catalog();
// Catalog versions kept in this build, newest first: today's and data/catalogs/ (catalog_kept.cpp).
std::vector<std::string> kept_catalog_versions();
// A kept catalog by version: today's is load_bundled_catalog(); an older one comes without its citations
// (today's notes belong to today's catalog). A version not kept is one problem naming the kept ones.
CatalogLoad load_kept_catalog(std::string_view version);
// Serializes a catalog back to JSON text that load_catalog accepts (round trip).
std::string catalog_to_json(const Catalog& catalog);

// Loose GPU lookup: "3090", "rtx3090", "RTX 3090" all find rtx-3090.
struct GpuMatch {
  const Gpu* gpu = nullptr;            // set when exactly one matched
  std::vector<const Gpu*> candidates;  // set when ambiguous
};
GpuMatch find_gpu(const Catalog& catalog, std::string_view query);

// Prices that have aged: offers whose price_date is more than `months` months before `today` ("2026-12" or
// "2026-12-04"; the front end passes its own date, the engine reads no clock), oldest first. Age counts whole
// calendar months. Empty when `today` is not a date.
struct StalePrice {
  std::size_t offer_index = 0;  // into Catalog::offers
  int age_months = 0;
};
inline constexpr int kStaleMonths = 6;  // the default, as the catalog's own stale marks use
std::vector<StalePrice> stale_prices(const Catalog& catalog, std::string_view today,
                                     int months = kStaleMonths);
// The age in whole months of a price dated `price_date` on `today`; -1 when either is not a date.
int price_age_months(std::string_view price_date, std::string_view today);

// The source article's value coefficient: FP32 TFLOPS / hourly price x utilization.
double value_coefficient(double fp32_tflops, double price_per_hour, double utilization);

}  // namespace gw
