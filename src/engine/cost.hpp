#pragma once
// The whole bill for renting one offer for one job: GPU time as the provider rounds it, the setup and
// idle hours students forget, storage at running and stopped rates, add-ons, transfer and discounts.
// Every amount is in the user's currency; each line keeps its formula, inputs and price date.
#include <array>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "catalog.hpp"
#include "estimate.hpp"
#include "scenario.hpp"

namespace gw {

enum class Pricing { on_demand, spot };
std::string_view to_string(Pricing);
bool parse_pricing(std::string_view, Pricing&);

// Billing months are 30 days, as the providers' GB-month prices assume.
inline constexpr double kHoursPerMonth = 720.0;

// CNY per USD for this question: the user's rate when set and positive, else the catalog's.
double exchange_rate(const Constraints&, const Catalog&);
// Converts between "CNY" and "USD" (usd_cny = CNY per USD). Same currency: unchanged.
double convert_money(double amount, std::string_view from, std::string_view to, double usd_cny);

// Plain formatting used in the engine's sentences (and by front ends that want the same look).
std::string format_number(double v, int decimals);  // "12.30", never "-0.00"; "—" when missing or non-finite
std::string format_money(double amount, std::string_view currency);  // "¥12.30", "$4.10", "¥1,234"
std::string format_hours(double hours, Lang lang = Lang::en);        // "36 min", "4.2 h", "3.1 d"
std::string format_money_per_hour(double amount, std::string_view currency,
                                  Lang lang);  // "¥1.32/h", "¥1.32/小时"

// The five parts of a bill that a UI stacks and a report lists (Bill's amounts of the same names).
enum class BillCategory { gpu, storage, extras, transfer, discount };
inline constexpr int kBillCategories = 5;

// What one line of a bill is for; each belongs to one category.
enum class CostKind {
  gpu_run,      // the job itself, hourly
  gpu_package,  // the job on prepaid packages (包日/包周/包月)
  gpu_setup,
  gpu_upload,
  gpu_idle,
  storage_running,
  storage_stopped,
  extras,
  ingress,
  egress,
  discount,
};
inline constexpr int kCostKinds = 11;

struct CostKindInfo {
  CostKind kind;
  const char* key;  // JSON and CSV: "gpu_run"
  BillCategory category;
  Text label;  // generic: "GPU time"; each line also carries its own, more precise label
};
const CostKindInfo& cost_kind_info(CostKind);
std::string_view to_string(CostKind);

// One line of a bill.
struct CostLine {
  CostKind kind = CostKind::gpu_run;  // the gpu_* lines together are the GPU meter
  Text label;
  Range amount;     // user's currency; the discount line is negative
  Explain explain;  // formula and inputs of the likely case
  std::string price_date;
};

// A discount programme that was applied, and how much it saved (likely case, user's currency).
struct AppliedProgram {
  std::string id;
  Text name;
  ProgramKind kind = ProgramKind::coupon;
  double saving = 0;
};

struct Bill {
  std::string currency;         // the user's
  double usd_cny = 0;           // the rate every conversion used
  std::vector<CostLine> lines;  // empty when not requested
  Range total;                  // what the user pays, after discounts
  Range total_before_discount;
  Range gpu;                         // GPU meter before discounts
  Range storage;                     // disks at running and stopped rates
  Range extras;                      // monthly add-ons such as provisioned IOPS
  Range transfer;                    // ingress + egress fees
  Range discount;                    // savings, >= 0
  Range billed_gpu_hours;            // hours the GPU meter runs, after rounding
  double price_per_hour_before = 0;  // whole rental, user's currency, likely price
  double price_per_hour_after = 0;   // after rate discounts (coupons are fixed amounts, not in here)
  double upload_hours = 0;           // the upload (dataset, or a service's weights) at the user's bandwidth
  double storage_hours = 0;          // how long the disk exists
  std::vector<AppliedProgram> programs;
  std::vector<Text> notes;    // missing prices, free allowances, what was not billed and why
  bool on_packages = false;   // the likely case holds the card on prepaid packages (cheaper than hourly)
  bool no_gpu_setup = false;  // the dataset upload billed at the provider's GPU-less rate (无卡模式)
};

// The one table of the categories: the bill, the plots and the CLI all iterate it.
struct BillCategoryInfo {
  BillCategory category;
  const char* key;      // JSON: "gpu", "storage", "extras", "transfer", "discount"
  Text label;           // "GPU time", "storage", "add-ons", "transfer", "discount"
  int colour;           // index into a front end's palette, stable per category
  Range Bill::*amount;  // the Bill field holding it (discount: the saving, >= 0)
};
const std::array<BillCategoryInfo, kBillCategories>& bill_categories();
const BillCategoryInfo& bill_category(BillCategory);

// What to price, as decided by the caller (the recommender, `gpuwise cost`).
struct BillRequest {
  Range run_hours;       // the job itself (spot: expected, incl. checkpoints, rework and restarts)
  Range price_per_hour;  // the whole rental (all cards), offer currency, before discounts
  std::string price_currency;
  std::string price_date;
  Pricing pricing = Pricing::on_demand;
  double sessions = 1;       // separately billed sessions (spot: 1 + expected interruptions); each is rounded
  bool likely_only = false;  // price the likely case only, copied to low and high (screening many offers)
  // The offer's prepaid packages (包日/包周/包月, offer currency), on-demand only: the bill compares them
  // with hourly for the hours the card is held and takes the cheaper. Not owned; may be null.
  const std::vector<Package>* packages = nullptr;
  // Machines rented (a multi-node cluster): price_per_hour is already all of them; each has its own disk
  // and add-ons, so storage and extras scale by it. Upload and egress go once (internal copies are free).
  int nodes = 1;
  // Serving (serve.hpp): run_hours are the period's paid hours. What is uploaded once before going live is
  // the model as served (upload_gb, its weights), not Constraints::dataset_gb; the lines are labelled for a
  // service; and no idle tail is billed: a service stops at the end its user planned (--serve-for), where a
  // batch job's idle tail is the unwatched time between its end and someone noticing it.
  bool service = false;
  std::optional<double> upload_gb;  // decimal GB; absent: Constraints::dataset_gb
};

// The cheapest way to hold a card for `hours` with prepaid packages, the rest (if any) hourly at
// `price_per_hour`: a count per period (day, week, month) and the cost, in the packages' currency. `used`
// is false when no package is part of the cheapest way (hourly alone is cheapest, or there are none).
struct PackagePlan {
  bool used = false;
  int months = 0, weeks = 0, days = 0;
  double hourly_hours = 0;  // left over, billed by the hour
  double cost = 0;
};
PackagePlan best_package_plan(const std::vector<Package>& packages, double hours, double price_per_hour);

// Wall-clock hours of the one upload before the run at the user's bandwidth (Constraints::upload_mbps): what
// the request uploads (BillRequest::upload_gb, else the dataset). The bill bills it; the recommender adds it
// to a row's finish time.
double upload_hours(const BillRequest&, const Constraints&);

// The bill. `with_lines` = false skips the text (the recommender's fast path); numbers are identical.
Bill price_bill(const Provider&, const Constraints&, double usd_cny, const BillRequest&,
                bool with_lines = true);

// On-demand price of an offer after the user's edits (Scenario::price_overrides): the whole offer, offer
// currency, as a range. Spot: the listed spot price, else the provider's typical discount (marked derived).
struct OfferPrice {
  bool available = false;  // false: no spot for this offer
  Range per_hour;
  bool derived = false;   // spot price worked out from the provider's typical discount
  bool edited = false;    // the user overrode the on-demand price
  bool estimate = false;  // the source gave a range or "~x"
};
OfferPrice offer_price(const Offer&, const Provider&, Pricing,
                       const std::map<std::string, double>& overrides);

// A spot price the provider lists for a card beats one worked out from its typical discount: offers of one
// provider, card and card count share the spot price one of them lists, and derive none (12-06: Compshare's
// RTX 4090 was picked at a spot price derived from a list price seven months old, 11% under the spot price
// Compshare lists for the card in another offer). The recommender skips such derived prices; `cost` names
// the offer with the listed one.
using SpotListing = std::tuple<std::string_view, std::string_view, int>;  // provider, gpu, gpu_count
SpotListing spot_listing(const Offer&);
bool lists_spot_price(const Offer&);
// The offer of `offer`'s provider, card and count that lists a spot price when `offer` lists none, or null.
const Offer* spot_listed_elsewhere(const Catalog&, const Offer& offer);

// ---- discounts (discounts.cpp)
// Which programmes apply and what they save. Rate discounts (student, member, percentage coupons) cut
// the GPU price; fixed coupons offset GPU spend above their minimum; credits offset the whole bill.
// Non-stackable programmes are used alone; the best combination wins.
struct DiscountInput {
  double gpu_spend = 0;       // user's currency, before discounts
  double other_spend = 0;     // storage, extras, transfer
  double calendar_hours = 0;  // from first to last billed hour (coupon expiry)
  bool spot = false;          // the GPU runs on spot: programmes with applies_to_spot = false do not apply
};
struct DiscountResult {
  double rate_multiplier = 1;  // on the GPU price, e.g. 0.1 for 90% off
  double saving = 0;           // total, >= 0, never more than the spend
  std::vector<AppliedProgram> applied;
  std::vector<Text> notes;  // programmes that exist but did not apply, and why
};
DiscountResult apply_discounts(const Provider&, const Constraints&, double usd_cny, const DiscountInput&,
                               bool with_notes = true);
// True when the user qualifies for the programme at all (student, new user, credit held).
bool program_eligible(const Program&, const Constraints&);

// ---- credits the user holds (Constraints::credits), one text each:
//   "aws-educate"              a credit programme of the catalog, at its listed amount
//   "aws-educate=80"           the same programme, with the amount the user has left
//   "autodl=50"                a balance or voucher on a provider (the id is the provider's)
//   "my-lab-voucher=200:autodl" a voucher of the user's own naming, on that provider
// Amounts are in the run's currency (Constraints::currency). The CLI, the share link and the web page all
// read credits with these two functions.
struct UserCredit {
  std::string id;
  std::optional<double> amount;  // absent: the programme's own amount
  std::string provider;          // scope; empty for a catalog programme id without one
};
inline constexpr double kMaxCreditAmount = 1e7;
// Syntax only: false (with `error` in both languages) for an empty id, a bad id, a bad amount or scope.
bool parse_credit(std::string_view text, UserCredit& out, Text* error = nullptr);
// Each credit text checked against the catalog: syntax, an unknown id (the message lists the known ones), an
// unknown provider. Problems are at "credits/N".
std::vector<Problem> check_credits(const Constraints&, const Catalog&);
// The credit programmes of the catalog, "provider:programme" style list for messages ("aws-educate, ...").
std::vector<std::string> known_credit_ids(const Catalog&);

}  // namespace gw
