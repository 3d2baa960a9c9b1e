// Student programmes, new-user coupons and credits: which apply, how they stack, and what they save.
//
// Model (documented for the UI and the tests):
// - A rate discount (discount_fraction) multiplies the GPU price: 0.9 means the GPU costs 10% of list.
// - A fixed coupon (amount) offsets GPU spend. Below its minimum spend, a user can top the order up to the
//   minimum; we use the coupon only when that still costs less than paying without it, so more spend
//   never costs less. Spend after the coupon expires (expiry_days from the start) is not covered.
// - A credit (kind "credit") offsets the whole bill, but only when the user holds it (Constraints::credits):
//   research credits are awarded on a proposal, not for being a student.
// - Stackable programmes combine; a non-stackable one is used alone. The combination that saves most wins.
#include <algorithm>
#include <cmath>

#include "engine/cost.hpp"

namespace gw {

namespace {

bool holds(const std::vector<std::string>& ids, const std::string& id) {
  return std::find(ids.begin(), ids.end(), id) != ids.end();
}

double nonneg(double v) {
  return std::isfinite(v) && v > 0 ? v : 0;
}

struct Outcome {
  double saving = 0;
  double multiplier = 1;
  std::vector<AppliedProgram> applied;
};

Outcome evaluate(const std::vector<const Program*>& set, const Provider& provider, const Constraints& c,
                 double usd_cny, const DiscountInput& in) {
  Outcome out;
  const double gpu = nonneg(in.gpu_spend);
  const double other = nonneg(in.other_spend);
  auto money = [&](double amount, const std::string& cur) {
    return convert_money(nonneg(amount), cur.empty() ? provider.currency : cur, c.currency, usd_cny);
  };
  auto covered_share = [&](const Program& p) {
    if (!p.expiry_days || *p.expiry_days <= 0 || in.calendar_hours <= 0) return 1.0;
    return std::min(1.0, *p.expiry_days * 24.0 / in.calendar_hours);
  };
  // Rates first: they change the price every later coupon is measured against.
  for (const Program* p : set) {
    if (!p->discount_fraction) continue;
    const double f = std::clamp(*p->discount_fraction, 0.0, 1.0);
    const double before = gpu * out.multiplier;
    out.multiplier *= 1 - f;
    out.applied.push_back({p->id, p->name, p->kind, before - gpu * out.multiplier});
  }
  double gpu_left = gpu * out.multiplier;
  double other_left = other;
  for (const Program* p : set) {
    if (p->discount_fraction || !p->amount || p->kind == "credit") continue;
    const double amount = money(*p->amount, p->currency);
    const double min_spend = p->min_spend ? money(*p->min_spend, p->currency) : 0.0;
    const double eligible = gpu_left * covered_share(*p);
    const double with_coupon = std::max(0.0, std::max(eligible, min_spend) - amount);
    const double saving = std::clamp(eligible - with_coupon, 0.0, eligible);
    if (saving <= 0) continue;
    gpu_left -= saving;
    out.applied.push_back({p->id, p->name, p->kind, saving});
  }
  for (const Program* p : set) {
    if (p->discount_fraction || !p->amount || p->kind != "credit") continue;
    const double amount = money(*p->amount, p->currency);
    const double eligible = (gpu_left + other_left) * covered_share(*p);
    const double saving = std::min(amount, eligible);
    if (saving <= 0) continue;
    const double from_gpu = std::min(saving, gpu_left);
    gpu_left -= from_gpu;
    other_left -= saving - from_gpu;
    out.applied.push_back({p->id, p->name, p->kind, saving});
  }
  out.saving = std::clamp(gpu + other - gpu_left - other_left, 0.0, gpu + other);
  return out;
}

Text why_not(const Program& p, const Constraints& c) {
  const std::string n_en = p.name.en.empty() ? p.id : p.name.en;
  const std::string n_zh = p.name.in(Lang::zh).empty() ? p.id : p.name.in(Lang::zh);
  if (!p.applies_to_gpu) return {n_en + " does not cover GPU instances.", n_zh + "不适用于 GPU 实例。"};
  if (p.kind == "credit" && !holds(c.credits, p.id))
    return {n_en + " is a credit you apply for; add it with --credit " + p.id + " once awarded.",
            n_zh + "需申请获批；获批后用 --credit " + p.id + " 计入。"};
  if (!p.discount_fraction && !p.amount)
    return {n_en + ": its amount is not in the catalog, so it is not counted.",
            n_zh + "：目录中没有金额，未计入。"};
  if (p.needs_student && !c.student)
    return {n_en + " needs student verification (--student).", n_zh + "需要学生认证（--student）。"};
  if (p.new_users_only && !c.new_user)
    return {n_en + " is for new users only (--new-user).", n_zh + "仅限新用户（--new-user）。"};
  return {n_en + " was not used: another combination saves more (it does not stack).",
          n_zh + "未使用：不可叠加，其他组合更省。"};
}

}  // namespace

bool program_eligible(const Program& p, const Constraints& c) {
  if (!p.applies_to_gpu) return false;
  if (p.kind == "credit") return holds(c.credits, p.id);
  if (p.needs_student && !c.student) return false;
  if (p.new_users_only && !c.new_user) return false;
  return true;
}

DiscountResult apply_discounts(const Provider& provider, const Constraints& c, double usd_cny,
                               const DiscountInput& in, bool with_notes) {
  DiscountResult result;
  std::vector<const Program*> stackable, alone;
  for (const Program& p : provider.programs) {
    if (!program_eligible(p, c)) continue;
    (p.stackable ? stackable : alone).push_back(&p);
  }
  Outcome best;
  if (!stackable.empty()) best = evaluate(stackable, provider, c, usd_cny, in);
  for (const Program* p : alone) {
    Outcome o = evaluate({p}, provider, c, usd_cny, in);
    // Strictly better only: ties keep the earlier (stackable set, then catalog order), so results are stable.
    if (o.saving > best.saving + 1e-12) best = std::move(o);
  }
  result.rate_multiplier = best.multiplier;
  result.saving = best.saving;
  result.applied = std::move(best.applied);
  if (!with_notes) return result;
  for (const Program& p : provider.programs) {
    const bool used = std::any_of(result.applied.begin(), result.applied.end(),
                                  [&](const AppliedProgram& a) { return a.id == p.id; });
    if (used) continue;
    if (program_eligible(p, c) && p.min_spend && !p.discount_fraction) {
      result.notes.push_back(
          {(p.name.en.empty() ? p.id : p.name.en) + " did not pay off: its minimum spend is " +
               format_money(convert_money(*p.min_spend, p.currency.empty() ? provider.currency : p.currency,
                                          c.currency, usd_cny),
                            c.currency) +
               ".",
           (p.name.in(Lang::zh).empty() ? p.id : p.name.in(Lang::zh)) + "不划算：最低消费 " +
               format_money(convert_money(*p.min_spend, p.currency.empty() ? provider.currency : p.currency,
                                          c.currency, usd_cny),
                            c.currency) +
               "。"});
      continue;
    }
    result.notes.push_back(why_not(p, c));
  }
  return result;
}

}  // namespace gw
