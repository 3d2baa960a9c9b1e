// What decides whether a student can rent at all (ProviderAccess), the market a provider sells in, and
// prepaid package periods.
#include "engine/catalog.hpp"
#include "engine/kinds.hpp"

namespace gw {
namespace {

// Indexed by the enums (test_kinds checks the order).
const PackagePeriodInfo kPackagePeriodTable[kPackagePeriods] = {
    {PackagePeriod::day, "day", "days", {"Day package", "包日"}, 24},
    {PackagePeriod::week, "week", "weeks", {"Week package", "包周"}, 24 * 7},
    {PackagePeriod::month, "month", "months", {"Month package", "包月"}, 720},  // the providers' 30 days
};

const ProviderMarketInfo kProviderMarketTable[kProviderMarkets] = {
    {ProviderMarket::cn, "cn", {"China", "国内"}},
    {ProviderMarket::intl, "intl", {"International", "海外"}},
};

}  // namespace

const PackagePeriodInfo& package_period_info(PackagePeriod p) {
  return kind_entry(kPackagePeriodTable, p);
}
std::string_view to_string(PackagePeriod p) {
  return package_period_info(p).key;
}
double package_hours(PackagePeriod p) {
  return package_period_info(p).hours;
}

const ProviderMarketInfo& provider_market_info(ProviderMarket m) {
  return kind_entry(kProviderMarketTable, m);
}
std::string_view to_string(ProviderMarket m) {
  return provider_market_info(m).key;
}

bool ProviderAccess::empty() const {
  return !alipay && !wechat && !unionpay && !card && !crypto && !usd_only && !mainland_reachable &&
         !real_name && !invoice_general && !invoice_special && !min_topup && data_location.en.empty() &&
         data_location.zh.empty() && notes.en.empty() && source.empty() && source_date.empty();
}

Tri mainland_payable(const ProviderAccess& a) {
  if ((a.alipay && *a.alipay) || (a.wechat && *a.wechat) || (a.unionpay && *a.unionpay)) return Tri::yes;
  if (a.usd_only && *a.usd_only) return Tri::no;
  if (a.alipay && a.wechat && a.unionpay) return Tri::no;  // all three known, none accepted
  return Tri::unknown;
}

Tri mainland_reachable(const ProviderAccess& a) {
  if (!a.mainland_reachable) return Tri::unknown;
  return *a.mainland_reachable ? Tri::yes : Tri::no;
}

}  // namespace gw
