#include "engine/quote.hpp"

namespace gw {

double spot_interruption_rate(const Constraints& c, const Provider& p, bool* assumed) {
  if (assumed) *assumed = !c.interruptions_per_hour && !p.spot_interruptions_per_hour;
  if (c.interruptions_per_hour) return *c.interruptions_per_hour;
  return p.spot_interruptions_per_hour.value_or(kAssumedInterruptionsPerHour);
}

SpotInputs spot_inputs(const Constraints& c, double work_hours, double interruptions_per_hour,
                       double fixed_hours) {
  SpotInputs si;
  si.work_hours = work_hours;
  si.interruptions_per_hour = interruptions_per_hour;
  si.checkpoint_hours = c.checkpoint_write_minutes / 60.0;
  si.interval_hours = c.checkpoint_interval_hours;
  si.restart_hours = c.restart_minutes / 60.0;
  if (c.deadline_hours) si.deadline_hours = *c.deadline_hours - fixed_hours;
  si.seed = c.seed;
  return si;
}

std::optional<SpotResult> session_plan(const Constraints& c, const Provider& p, double work_hours,
                                       double fixed_hours, bool explain) {
  if (!p.session_limited.value_or(false) || !p.session_max_hours || !(*p.session_max_hours > 0))
    return std::nullopt;
  SpotInputs si = spot_inputs(c, work_hours, 0, fixed_hours);
  si.explain = explain;
  return simulate_sessions(si, *p.session_max_hours, p.session_weekly_gpu_hours);
}

Quote price_offer(const Scenario& s, const Catalog& cat, const Offer& offer, Pricing pricing,
                  double job_hours, int spot_trials) {
  Quote q;
  const Provider* provider = cat.provider(offer.provider);
  if (!provider) {
    q.problem = {"offer '" + offer.id + "' names a provider the catalog lacks",
                 "报价 '" + offer.id + "' 引用的平台不在目录中"};
    return q;
  }
  const Constraints& c = s.constraints;
  q.price = offer_price(offer, *provider, pricing, s.price_overrides);
  if (!q.price.available) {
    q.problem = {offer.id + " has no spot price and " + provider->name.en + " no spot discount",
                 offer.id + " 没有竞价价格，" + provider->name.in(Lang::zh) + " 也没有竞价折扣"};
    return q;
  }
  // Not a price derived from the typical discount where the provider lists the card's own (cost.hpp).
  if (q.price.derived)
    if (const Offer* listed = spot_listed_elsewhere(cat, offer)) {
      const std::string price = format_number(*listed->spot_per_hour, 2) + " " + listed->currency;
      q.problem = {offer.id + " lists no spot price, and " + provider->name.en +
                       " lists the spot price of the " + "same card in " + listed->id + ": " + price +
                       "/h (price date " + listed->price_date + "). Price that offer instead.",
                   offer.id + " 没有列出竞价价格，而" + provider->name.in(Lang::zh) + "在报价 " + listed->id +
                       " 中列出了同一显卡的竞价价格：" + price + "/小时（价格日期 " + listed->price_date +
                       "）。请改用该报价。"};
      return q;
    }
  BillRequest req;
  req.run_hours = {job_hours, job_hours, job_hours};
  req.price_per_hour = q.price.per_hour;
  req.price_currency = offer.currency;
  req.price_date = offer.price_date;
  req.pricing = pricing;
  if (pricing == Pricing::on_demand) req.packages = &offer.packages;  // 包日/包周/包月 when cheaper
  if (pricing == Pricing::on_demand) q.sessions = session_plan(c, *provider, job_hours);
  if (q.sessions && q.sessions->practical) {
    req.run_hours = {q.sessions->expected_hours, q.sessions->expected_hours, q.sessions->expected_hours};
    req.sessions = q.sessions->sessions;
  }
  if (pricing == Pricing::spot) {
    SpotInputs si = spot_inputs(c, job_hours, spot_interruption_rate(c, *provider));
    si.trials = spot_trials;
    q.spot = simulate_spot(si);
    req.run_hours = {q.spot->expected_hours, q.spot->expected_hours, q.spot->expected_hours};
    req.sessions = 1 + q.spot->expected_interruptions;
  }
  q.bill = price_bill(*provider, c, exchange_rate(c, cat), req, true);
  q.ok = true;
  return q;
}

}  // namespace gw
