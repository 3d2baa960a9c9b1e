// Money, hours and dates as the engine's sentences print them, and currency conversion.
#include <cmath>
#include <cstdio>
#include <string>

#include "engine/cost.hpp"
#include "engine/input.hpp"

namespace gw {

namespace {
// The one table of line kinds, in enum order.
const CostKindInfo kCostKindTable[kCostKinds] = {
    {CostKind::gpu_run, "gpu_run", BillCategory::gpu, {"GPU time", "GPU 时长"}},
    {CostKind::gpu_package, "gpu_package", BillCategory::gpu, {"GPU on prepaid packages", "GPU 预付套餐"}},
    {CostKind::gpu_setup, "gpu_setup", BillCategory::gpu, {"Setup", "环境配置"}},
    {CostKind::gpu_upload, "gpu_upload", BillCategory::gpu, {"Dataset upload", "数据上传"}},
    {CostKind::gpu_idle, "gpu_idle", BillCategory::gpu, {"Idle tail", "空转"}},
    {CostKind::storage_running,
     "storage_running",
     BillCategory::storage,
     {"Disk while running", "云盘（运行）"}},
    {CostKind::storage_stopped,
     "storage_stopped",
     BillCategory::storage,
     {"Disk while stopped", "云盘（关机）"}},
    {CostKind::extras, "extras", BillCategory::extras, {"Add-ons", "附加项"}},
    {CostKind::ingress, "ingress", BillCategory::transfer, {"Upload traffic", "上传流量"}},
    {CostKind::egress, "egress", BillCategory::transfer, {"Download traffic", "下载流量"}},
    {CostKind::discount, "discount", BillCategory::discount, {"Discounts", "优惠"}},
};

// The one table of bill categories, in enum order; `colour` indexes a front end's palette.
const std::array<BillCategoryInfo, kBillCategories> kBillCategoryTable = {{
    {BillCategory::gpu, "gpu", {"GPU time", "GPU 时长"}, 0, &Bill::gpu},
    {BillCategory::storage, "storage", {"storage", "存储"}, 1, &Bill::storage},
    {BillCategory::extras, "extras", {"add-ons", "附加"}, 2, &Bill::extras},
    {BillCategory::transfer, "transfer", {"transfer", "流量"}, 3, &Bill::transfer},
    {BillCategory::discount, "discount", {"discount", "优惠"}, 4, &Bill::discount},
}};
}  // namespace

const CostKindInfo& cost_kind_info(CostKind k) {
  const auto i = static_cast<std::size_t>(k);
  return kCostKindTable[i < static_cast<std::size_t>(kCostKinds) ? i : 0];
}

std::string_view to_string(CostKind k) {
  return cost_kind_info(k).key;
}

const std::array<BillCategoryInfo, kBillCategories>& bill_categories() {
  return kBillCategoryTable;
}

const BillCategoryInfo& bill_category(BillCategory c) {
  const auto i = static_cast<std::size_t>(c);
  return kBillCategoryTable[i < kBillCategoryTable.size() ? i : 0];
}

std::string_view to_string(Pricing p) {
  return p == Pricing::spot ? "spot" : "on-demand";
}

bool parse_pricing(std::string_view s, Pricing& out) {
  if (s == "spot" || s == "preemptible") {
    out = Pricing::spot;
    return true;
  }
  if (s == "on-demand" || s == "on_demand" || s == "ondemand") {
    out = Pricing::on_demand;
    return true;
  }
  return false;
}

double exchange_rate(const Constraints& c, const Catalog& catalog) {
  if (c.usd_cny && std::isfinite(*c.usd_cny) && *c.usd_cny > 0) return *c.usd_cny;
  return catalog.usd_cny > 0 && std::isfinite(catalog.usd_cny) ? catalog.usd_cny : 1.0;
}

double convert_money(double amount, std::string_view from, std::string_view to, double usd_cny) {
  if (from == to || !(usd_cny > 0)) return amount;
  if (from == "USD" && to == "CNY") return amount * usd_cny;
  if (from == "CNY" && to == "USD") return amount / usd_cny;
  return amount;  // unknown currency codes are rejected by the catalog loader
}

std::string format_number(double v, int decimals) {
  if (!std::isfinite(v)) return kMissingNumber;  // the one rule for a missing value (input.hpp)
  if (decimals < 0) decimals = 0;
  if (decimals > 9) decimals = 9;
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
  std::string s = buf;
  // "-0.00" reads as a negative amount; it is zero.
  bool all_zero = true;
  for (char ch : s)
    if (ch >= '1' && ch <= '9') all_zero = false;
  if (all_zero && !s.empty() && s[0] == '-') s.erase(0, 1);
  return s;
}

namespace {
std::string group_thousands(const std::string& digits) {
  // digits: optional '-', integer part, optional fraction.
  std::size_t start = digits[0] == '-' ? 1 : 0;
  std::size_t dot = digits.find('.');
  std::size_t int_end = dot == std::string::npos ? digits.size() : dot;
  std::string out = digits.substr(0, start);
  for (std::size_t i = start; i < int_end; ++i) {
    out += digits[i];
    std::size_t left = int_end - i - 1;
    if (left > 0 && left % 3 == 0) out += ',';
  }
  out += digits.substr(int_end);
  return out;
}
}  // namespace

std::string format_money(double amount, std::string_view currency) {
  if (!std::isfinite(amount)) amount = 0;
  const double mag = std::fabs(amount);
  const int decimals = mag >= 1000 ? 0 : 2;
  std::string num = group_thousands(format_number(mag, decimals));
  std::string sign = amount < 0 && num.find_first_of("123456789") != std::string::npos ? "-" : "";
  if (currency == "CNY") return sign + "¥" + num;
  if (currency == "USD") return sign + "$" + num;
  return sign + num + " " + std::string(currency);
}

std::string format_hours(double hours, Lang lang) {
  auto unit = [lang](const char* u) { return " " + unit_text(u).in(lang); };
  if (!std::isfinite(hours)) return kMissingNumber;
  if (hours < 0) hours = 0;
  // A checkpoint interval can be seconds long; "0 min" would read as "never".
  if (hours > 0 && hours < 1.0 / 60) return format_number(std::max(hours * 3600, 0.1), 1) + unit("s");
  if (hours < 1.0) return format_number(hours * 60, 0) + unit("min");
  if (hours < 72.0) return format_number(hours, hours < 10 ? 1 : 0) + unit("h");
  return format_number(hours / 24, 1) + unit("d");
}

std::string format_money_per_hour(double amount, std::string_view currency, Lang lang) {
  return format_money(amount, currency) + "/" + unit_text("h").in(lang);
}

}  // namespace gw
