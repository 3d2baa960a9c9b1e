// What decides whether a student can rent at all (ProviderAccess) and prepaid package periods.
#include "engine/catalog.hpp"

namespace gw {

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

double package_hours(std::string_view period) {
  if (period == "day") return 24;
  if (period == "week") return 24 * 7;
  if (period == "month") return 720;  // kHoursPerMonth: the providers' 30-day month
  return 0;
}

}  // namespace gw
