// Student programmes, new-user coupons and credits: which apply, how they stack, and what they save.
//
// Model (documented for the UI and the tests):
// - A rate discount (discount_fraction) multiplies the GPU price: 0.05 means the GPU costs 95% of list. Its
//   `cap`, when published, is the most it saves on the order.
// - A fixed coupon (amount) offsets GPU spend. Below its minimum spend, a user can top the order up to the
//   minimum; we use the coupon only when that still costs less than paying without it, so more spend
//   never costs less. Spend after the coupon expires (expiry_days from the start) is not covered.
// - A credit (ProgramKind::credit) offsets the whole bill, but only when the user holds it
// (Constraints::credits):
//   research credits are awarded on a proposal, not for being a student. A user's own voucher
//   ("my-lab-voucher=200:autodl") is a credit of that amount on that provider.
// - A programme that does not cover GPU instances, or not spot ones on a spot bill, never applies.
// - Stackable programmes combine; a non-stackable one is used alone. The combination that saves most wins.
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <list>

#include "engine/cost.hpp"

namespace gw {

namespace {

bool valid_credit_id(std::string_view id) {
  if (id.empty() || id.size() > 64) return false;
  for (char ch : id)
    if (!((ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') || ch == '-' || ch == '_')) return false;
  return true;
}

// The user's hold of catalog programme `id`: nullptr when not held; else the parsed credit (amount may be
// set).
std::optional<UserCredit> held(const Constraints& c, const std::string& id) {
  for (const std::string& text : c.credits) {
    UserCredit u;
    if (parse_credit(text, u) && u.id == id) return u;
  }
  return std::nullopt;
}

bool holds(const Constraints& c, const std::string& id) {
  return held(c, id).has_value();
}

// The programmes to consider for this provider: the catalog's, a held credit at the amount the user has left,
// and the user's own vouchers scoped to the provider (in the run's currency). The catalog's are read in
// place: copying every Program (names, rules, sources) for every priced candidate was a seventh of a
// recommendation.
struct Programs {
  std::vector<const Program*> list;
  std::list<Program> owned;  // changed or added ones; a list keeps `list`'s pointers valid, and an empty
                             // one allocates nothing (a deque allocates its map up front)
};

Programs programs_for(const Provider& provider, const Constraints& c) {
  Programs out;
  out.list.reserve(provider.programs.size());
  for (const Program& p : provider.programs) {
    const auto u = p.kind == ProgramKind::credit ? held(c, p.id) : std::nullopt;
    if (!u || !u->amount) {
      out.list.push_back(&p);
      continue;
    }
    Program& mine = out.owned.emplace_back(p);
    mine.amount = *u->amount;
    mine.currency = c.currency;
    out.list.push_back(&mine);
  }
  for (const std::string& text : c.credits) {
    UserCredit u;
    if (!parse_credit(text, u) || !u.amount) continue;
    const bool is_program = std::any_of(provider.programs.begin(), provider.programs.end(),
                                        [&](const Program& p) { return p.id == u.id; });
    if (is_program) continue;
    const std::string scope = u.provider.empty() ? u.id : u.provider;
    if (scope != provider.id) continue;
    Program& p = out.owned.emplace_back();
    p.id = u.id;
    p.kind = ProgramKind::credit;
    p.name = {u.id == provider.id ? provider.name.en + " balance or voucher (yours)" : u.id + " (yours)",
              u.id == provider.id ? provider.name.in(Lang::zh) + " 余额或代金券（您持有的）"
                                  : u.id + "（您持有的）"};
    p.amount = *u.amount;
    p.currency = c.currency;
    p.stackable = true;
    p.source = "entered by the user";
    out.list.push_back(&p);
  }
  return out;
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
    double saving = before * f;
    if (p->cap) saving = std::min(saving, money(*p->cap, p->currency));
    if (gpu > 0) out.multiplier = (before - saving) / gpu;
    out.applied.push_back({p->id, p->name, p->kind, saving});
  }
  double gpu_left = gpu * out.multiplier;
  double other_left = other;
  for (const Program* p : set) {
    if (p->discount_fraction || !p->amount || p->kind == ProgramKind::credit) continue;
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
    if (p->discount_fraction || !p->amount || p->kind != ProgramKind::credit) continue;
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

Text why_not(const Program& p, const Constraints& c, bool spot) {
  const std::string n_en = p.name.en.empty() ? p.id : p.name.en;
  const std::string n_zh = p.name.in(Lang::zh).empty() ? p.id : p.name.in(Lang::zh);
  if (!p.applies_to_gpu) return {n_en + " does not cover GPU instances.", n_zh + "不适用于 GPU 实例。"};
  if (spot && !p.applies_to_spot)
    return {n_en + " does not cover spot instances.", n_zh + "不适用于抢占式（竞价）实例。"};
  if (p.kind == ProgramKind::credit && !holds(c, p.id))
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
  if (p.kind == ProgramKind::credit) return holds(c, p.id);
  if (p.needs_student && !c.student) return false;
  if (p.new_users_only && !c.new_user) return false;
  return true;
}

DiscountResult apply_discounts(const Provider& provider, const Constraints& c, double usd_cny,
                               const DiscountInput& in, bool with_notes) {
  DiscountResult result;
  // No programme and no credit of the user's: nothing applies and nothing is said (most providers). Without
  // credits and notes, nothing applies either when no programme is open to this user on this bill.
  if (provider.programs.empty() && c.credits.empty()) return result;
  const auto open = [&](const Program& p) {
    return program_eligible(p, c) && !(in.spot && !p.applies_to_spot);
  };
  if (!with_notes && c.credits.empty() &&
      std::none_of(provider.programs.begin(), provider.programs.end(), open))
    return result;
  const Programs programs = programs_for(provider, c);
  std::vector<const Program*> stackable, alone;
  for (const Program* p : programs.list) {
    if (!open(*p)) continue;
    (p->stackable ? stackable : alone).push_back(p);
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
  for (const Program* pp : programs.list) {
    const Program& p = *pp;
    const bool used = std::any_of(result.applied.begin(), result.applied.end(),
                                  [&](const AppliedProgram& a) { return a.id == p.id; });
    if (used) continue;
    if (program_eligible(p, c) && !(in.spot && !p.applies_to_spot) && p.min_spend && !p.discount_fraction) {
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
    result.notes.push_back(why_not(p, c, in.spot));
  }
  return result;
}

bool parse_credit(std::string_view text, UserCredit& out, Text* error) {
  auto fail = [&](const std::string& en, const std::string& zh) {
    if (error) *error = {en, zh};
    return false;
  };
  out = UserCredit{};
  const std::string t(text);
  const std::size_t eq = t.find('=');
  out.id = t.substr(0, eq);
  if (!valid_credit_id(out.id))
    return fail(
        "'" + t +
            "' is not a credit: write ID, ID=AMOUNT or NAME=AMOUNT:PROVIDER (lowercase letters, digits, -)",
        "'" + t + "' 不是有效的额度：应写作 ID、ID=金额 或 名称=金额:服务商（小写字母、数字、-）");
  if (eq == std::string::npos) return true;
  std::string rest = t.substr(eq + 1);
  const std::size_t colon = rest.find(':');
  if (colon != std::string::npos) {
    out.provider = rest.substr(colon + 1);
    rest = rest.substr(0, colon);
    if (!valid_credit_id(out.provider))
      return fail("'" + t + "': the provider after ':' is not an id",
                  "'" + t + "'：':' 后的服务商不是有效 id");
  }
  char* end = nullptr;
  const double v = rest.empty() ? NAN : std::strtod(rest.c_str(), &end);
  if (rest.empty() || end != rest.c_str() + rest.size() || !std::isfinite(v) || v <= 0 ||
      v > kMaxCreditAmount)
    return fail("'" + t + "': the amount must be a number above 0 and at most 1e7",
                "'" + t + "'：金额应为大于 0、不超过 1e7 的数字");
  out.amount = v;
  return true;
}

std::vector<std::string> known_credit_ids(const Catalog& catalog) {
  std::vector<std::string> ids;
  for (const Provider& p : catalog.providers)
    for (const Program& g : p.programs)
      if (g.kind == ProgramKind::credit) ids.push_back(g.id);
  return ids;
}

std::vector<Problem> check_credits(const Constraints& c, const Catalog& catalog) {
  std::vector<Problem> out;
  auto join = [](const std::vector<std::string>& v) {
    std::string s;
    for (const std::string& x : v) s += (s.empty() ? "" : ", ") + x;
    return s;
  };
  std::vector<std::string> providers;
  for (const Provider& p : catalog.providers) providers.push_back(p.id);
  for (std::size_t i = 0; i < c.credits.size(); ++i) {
    const std::string path = "credits/" + std::to_string(i);
    UserCredit u;
    Text err;
    if (!parse_credit(c.credits[i], u, &err)) {
      out.push_back({path, err.en});
      continue;
    }
    bool program = false;
    for (const Provider& p : catalog.providers)
      for (const Program& g : p.programs)
        if (g.id == u.id) program = true;
    const bool provider_id = catalog.provider(u.id) != nullptr;
    if (!u.provider.empty() && !catalog.provider(u.provider)) {
      out.push_back({path, "unknown provider '" + u.provider + "' in '" + c.credits[i] +
                               "'; known providers: " + join(providers)});
      continue;
    }
    if (program && !u.provider.empty()) {
      out.push_back({path, "'" + u.id + "' is a catalog programme; give it without ':PROVIDER'"});
      continue;
    }
    if (program || (u.amount && (provider_id || !u.provider.empty()))) continue;
    if (u.amount)
      out.push_back({path, "'" + c.credits[i] + "' names no provider: write " + u.id + "=" +
                               format_number(*u.amount, 2) +
                               ":PROVIDER (known providers: " + join(providers) + ")"});
    else
      out.push_back({path, "unknown credit '" + u.id +
                               "'; known credits: " + join(known_credit_ids(catalog)) +
                               "; or give an amount you hold: PROVIDER=AMOUNT or NAME=AMOUNT:PROVIDER"});
  }
  return out;
}

}  // namespace gw
