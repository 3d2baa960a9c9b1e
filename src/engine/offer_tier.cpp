// Provider tiers in row labels (offer_tier.hpp).
#include "engine/offer_tier.hpp"

#include <string_view>

namespace gw {
namespace {

struct TierRule {
  std::string_view provider;    // compared by length first: every row's label asks (~700 a call)
  std::string_view region_has;  // text in the offer's English region, as scripts/build_catalog.py writes it
  Text tier;
};

// What the catalog records: RunPod's Community Cloud, Secure Cloud and its "lowest tier" rows (the cheapest
// of the two, usually Community); Vast.ai's medians over verified offers. Every other Vast.ai row is a host
// or a market figure whose verification the source does not state, and the label says so rather than guess.
const TierRule kRules[] = {
    {"runpod", "Community Cloud", {"Community", "社区云"}},
    {"runpod", "Secure Cloud", {"Secure", "安全云"}},
    {"runpod", "lowest tier", {"lowest tier", "最低档"}},
    {"vast", "unverified", {"unverified", "未认证"}},
    {"vast", "verified", {"verified", "已认证"}},
    {"vast", "", {"verification unknown", "认证情况未知"}},
};

}  // namespace

Text offer_tier(const Offer& o) {
  for (const TierRule& r : kRules)
    if (o.provider == r.provider && o.region.en.find(r.region_has) != std::string::npos) return r.tier;
  return {};
}

Text provider_label(const Provider& p, const Offer& o) {
  const Text tier = offer_tier(o);
  if (tier.en.empty()) return p.name;
  return {p.name.en + " " + tier.en, p.name.in(Lang::zh) + " " + tier.zh};
}

}  // namespace gw
