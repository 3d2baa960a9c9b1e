#pragma once
// Everything one question needs: the job, the constraints and the user's price edits.
// A share link encodes exactly this struct.
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "workload.hpp"

namespace gw {

// greenest: the least CO2e within the budget and deadline (energy.hpp); an offer of unknown CO2 ranks after.
enum class Goal { cheapest, fastest, value, greenest };
enum class SpotPolicy { allow, deny, only };
std::string_view to_string(Goal);
std::string_view to_string(SpotPolicy);
bool parse_goal(std::string_view, Goal&);
bool parse_spot_policy(std::string_view, SpotPolicy&);
// Who rents (market.hpp): cn ranks first what a student in mainland China can pay for, any ranks freely,
// auto is cn for CNY (and, at the door, for the Chinese interface: resolve_market).
enum class Market { auto_, cn, any };
std::string_view to_string(Market);
bool parse_market(std::string_view, Market&);

struct Constraints {
  std::optional<double> budget;          // in `currency`
  std::string currency = "CNY";          // "CNY" | "USD": every figure is shown in it
  std::optional<double> deadline_hours;  // wall clock from now
  Goal goal = Goal::cheapest;
  SpotPolicy spot = SpotPolicy::allow;
  bool student = false;
  bool new_user = false;             // apply new-user coupons
  std::vector<std::string> credits;  // Program ids of credits the user holds (AWS Educate, research credits)
  std::vector<std::string> providers;  // only these (empty = all)
  std::vector<std::string> exclude;    // provider or GPU ids to drop
  Market market = Market::auto_;
  std::vector<std::string>
      pay;                // only providers a source says take one of: alipay, wechat, unionpay, card, crypto
  bool invoice = false;   // only providers that issue a VAT invoice (for a lab's reimbursement)
  bool mainland = false;  // only providers usable from mainland China without extra tools
  std::optional<double> usd_cny;  // user's exchange rate (default: catalog's)
  std::vector<int> card_counts = {1, 2, 4, 8};
  // Like for like: recommend never changes the job's precision or quantization (AMP, int8, 4-bit) to
  // make it fit; it may still try 8-bit Adam, a smaller micro-batch and checkpointing.
  bool keep_precision = false;
  // Bill inputs with defaults a student would otherwise forget.
  double setup_hours =
      1.0;  // env install, data download, debugging (billed where billing starts at creation/power-on)
  double idle_tail_hours = 2.0;  // left running after it finished
  double disk_gb = 100;          // working disk for the whole project
  double storage_months = 0;     // 0 = as long as the job runs (rounded up to days)
  double dataset_gb = 20;        // uploaded once
  double upload_mbps = 100;      // the user's uplink
  double egress_gb = 5;          // results downloaded
  // What uploading costs the user per GB (a campus or ISP traffic fee), in `currency`; when set it is billed
  // on the dataset instead of the provider's own ingress price.
  std::optional<double> ingress_per_gb;
  bool internal_network = false;  // transfer stays on the provider's internal network
  double extras_per_month = 0;    // add-ons such as provisioned IOPS, in `currency`
  // Spot inputs (defaults come from the provider when absent).
  std::optional<double> interruptions_per_hour;
  double checkpoint_write_minutes = 2;
  std::optional<double> checkpoint_interval_hours;  // default: Young/Daly optimum
  double restart_minutes = 10;
  std::uint64_t seed = 1;
};

// The accepted range of each constraint: one table for every door (CLI flags refuse values outside it,
// a share link clamps into it with a notice, the recommender refuses what slipped past both).
struct Limit {
  double lo, hi;
  const char* unit;  // for messages: "h", "GB", "" ...
};
namespace limits {
inline constexpr Limit budget{0, 1e9, ""};
inline constexpr Limit deadline_hours{1.0 / 60, 24.0 * 365 * 5, "h"};  // a minute to five years
inline constexpr Limit usd_cny{0.1, 100, ""};
inline constexpr Limit cards{1, 64, ""};
inline constexpr Limit setup_hours{0, 1000, "h"};
inline constexpr Limit idle_tail_hours{0, 1000, "h"};
inline constexpr Limit disk_gb{0, 1e6, "GB"};
inline constexpr Limit storage_months{0, 120, "months"};
inline constexpr Limit dataset_gb{0, 1e6, "GB"};
inline constexpr Limit upload_mbps{0.1, 1e5, "Mbit/s"};
inline constexpr Limit egress_gb{0, 1e6, "GB"};
inline constexpr Limit ingress_per_gb{0, 1e4, "per GB"};
inline constexpr Limit extras_per_month{0, 1e7, ""};
inline constexpr Limit interruptions_per_hour{0, 10, "per hour"};
inline constexpr Limit checkpoint_write_minutes{0, 600, "min"};
inline constexpr Limit checkpoint_interval_hours{1.0 / 60, 1000, "h"};
inline constexpr Limit restart_minutes{0, 600, "min"};
inline constexpr Limit seed{0, 9007199254740992.0, ""};  // 2^53: every integer below is exact in a double
}  // namespace limits
bool within(double v, const Limit& limit);  // finite and inside [lo, hi]
// "between 0 and 1e+06 GB" ("0 到 1e+06 GB"): the wording every door uses.
std::string describe_limit(const Limit& limit, Lang lang = Lang::en);

struct Scenario {
  Workload workload;
  Constraints constraints;
  std::map<std::string, double> price_overrides;  // offer id -> on-demand per hour, offer currency
  std::string catalog_version;                    // of the catalog the scenario was made with
};

}  // namespace gw
