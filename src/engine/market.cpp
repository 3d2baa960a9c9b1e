#include "engine/market.hpp"

#include <algorithm>
#include <cmath>

#include "engine/cost.hpp"  // format_number

namespace gw {

std::string_view to_string(Market m) {
  switch (m) {
    case Market::auto_:
      return "auto";
    case Market::cn:
      return "cn";
    case Market::any:
      return "any";
  }
  return "auto";
}

bool parse_market(std::string_view s, Market& out) {
  if (s == "auto")
    out = Market::auto_;
  else if (s == "cn")
    out = Market::cn;
  else if (s == "any")
    out = Market::any;
  else
    return false;
  return true;
}

const std::vector<const char*>& payment_methods() {
  static const std::vector<const char*> m = {"alipay", "wechat", "unionpay", "card", "crypto"};
  return m;
}

Market resolve_market(Market m, std::string_view currency, std::optional<Lang> ui_lang) {
  if (m != Market::auto_) return m;
  return currency == "CNY" || (ui_lang && *ui_lang == Lang::zh) ? Market::cn : Market::any;
}

namespace {

const std::optional<bool>& method(const ProviderAccess& a, std::string_view name) {
  if (name == "alipay") return a.alipay;
  if (name == "wechat") return a.wechat;
  if (name == "unionpay") return a.unionpay;
  if (name == "card") return a.card;
  return a.crypto;
}

bool yes(const std::optional<bool>& v) {
  return v && *v;
}

}  // namespace

bool access_allowed(const Provider& p, const Constraints& c) {
  const ProviderAccess& a = p.access;
  if (!c.pay.empty() &&
      std::none_of(c.pay.begin(), c.pay.end(), [&](const std::string& m) { return yes(method(a, m)); }))
    return false;
  if (c.invoice && !yes(a.invoice_general) && !yes(a.invoice_special)) return false;
  if (c.mainland && !yes(a.mainland_reachable)) return false;
  return true;
}

int market_tier(const Provider& p, Market resolved) {
  if (resolved != Market::cn) return 0;
  const Tri pay = mainland_payable(p.access);
  if (pay == Tri::no || mainland_reachable(p.access) == Tri::no) return 2;
  return pay == Tri::yes ? 0 : 1;
}

Text market_note(const Provider& p, int tier) {
  const std::string& en = p.name.en;
  const std::string zh = p.name.in(Lang::zh);
  if (tier == 2) {
    if (p.access.usd_only && *p.access.usd_only)
      return {
          en + " bills in US dollars only (a foreign credit card or crypto), so it is ranked after what you "
               "can pay with Alipay, WeChat Pay or UnionPay.",
          zh + "只收美元（需外币信用卡或加密货币），排在可用支付宝、微信或银联付款的方案之后。"};
    if (mainland_reachable(p.access) == Tri::no)
      return {en + " is not usable from mainland China without extra network tools, so it is ranked later.",
              zh + "在中国大陆不借助额外网络工具无法使用，因此排在后面。"};
    return {
        en + " takes neither Alipay, WeChat Pay nor UnionPay, so it is ranked after what you can pay for.",
        zh + "不支持支付宝、微信或银联，排在你能付款的方案之后。"};
  }
  if (tier == 1)
    return {"No source found says whether " + en +
                " takes Alipay, WeChat Pay or UnionPay: it is ranked after offers that do.",
            "未找到资料说明" + zh + "是否支持支付宝、微信或银联付款：排在确认支持的方案之后。"};
  return {};
}

namespace {

Text yn(const std::optional<bool>& v) {
  if (!v) return {"not known", "未知"};
  return *v ? Text{"yes", "是"} : Text{"no", "否"};
}

// The methods a source confirms, "not known" when none is.
Text pay_text(const ProviderAccess& a) {
  Text pay;
  const std::pair<const std::optional<bool>*, Text> methods[] = {
      {&a.alipay, {"Alipay", "支付宝"}},
      {&a.wechat, {"WeChat Pay", "微信支付"}},
      {&a.unionpay, {"UnionPay", "银联"}},
      {&a.card, {"foreign credit card", "外币信用卡"}},
      {&a.crypto, {"crypto", "加密货币"}}};
  for (const auto& [v, name] : methods)
    if (yes(*v)) {
      pay.en += (pay.en.empty() ? "" : ", ") + name.en;
      pay.zh += (pay.zh.empty() ? "" : "、") + name.zh;
    }
  if (pay.en.empty()) pay = {"not known", "未知"};
  if (yes(a.usd_only)) {
    pay.en += " (US dollars only)";
    pay.zh += "（仅美元）";
  }
  return pay;
}

Text invoice_text(const ProviderAccess& a) {
  if (yes(a.invoice_general) || yes(a.invoice_special))
    return yes(a.invoice_general) && yes(a.invoice_special)
               ? Text{"ordinary and special VAT", "增值税普票和专票"}
           : yes(a.invoice_special) ? Text{"special VAT", "增值税专票"}
                                    : Text{"ordinary VAT", "增值税普票"};
  if (a.invoice_general && a.invoice_special) return {"no", "否"};
  return {"not known", "未知"};
}

}  // namespace

Text access_filter_facts(const Provider& p) {
  const ProviderAccess& a = p.access;
  const Text pay = pay_text(a), invoice = invoice_text(a), reach = yn(a.mainland_reachable);
  return {
      p.name.en + ": pay: " + pay.en + "; VAT invoice: " + invoice.en + "; from mainland China: " + reach.en,
      p.name.in(Lang::zh) + "：支付：" + pay.zh + "；增值税发票：" + invoice.zh + "；大陆直连：" + reach.zh};
}

Text access_summary(const Provider& p) {
  const ProviderAccess& a = p.access;
  const Text pay = pay_text(a), invoice = invoice_text(a);
  const Text reach = yn(a.mainland_reachable), real = yn(a.real_name);
  const std::string topup =
      a.min_topup
          ? format_number(*a.min_topup, *a.min_topup == std::floor(*a.min_topup) ? 0 : 2) + " " + p.currency
          : "";
  Text t;
  t.en = "Pay: " + pay.en + ". From mainland China without extra tools: " + reach.en +
         ". Real-name verification: " + real.en + ". Invoice: " + invoice.en +
         ". Minimum top-up: " + (topup.empty() ? "not known" : topup) +
         ". Data in: " + (a.data_location.en.empty() ? "not known" : a.data_location.en) + ".";
  t.zh = "支付：" + pay.zh + "。大陆直连：" + reach.zh + "。实名认证：" + real.zh + "。发票：" + invoice.zh +
         "。最低充值：" + (topup.empty() ? "未知" : topup) + "。数据位置：" +
         (a.data_location.en.empty() ? "未知" : a.data_location.in(Lang::zh)) + "。";
  if (!a.notes.en.empty()) {
    t.en += " " + a.notes.en;
    t.zh += a.notes.in(Lang::zh);
  }
  if (!a.source.empty()) {
    t.en += " Source: " + a.source + " (" + a.source_date + ").";
    t.zh += "来源：" + a.source + "（" + a.source_date + "）。";
  }
  return t;
}

}  // namespace gw
