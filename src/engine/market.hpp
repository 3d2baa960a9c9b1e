#pragma once
// Renting from mainland China (issue 16 item 3): the --pay/--invoice/--mainland filters and the market
// preference that ranks first what a mainland student can pay for. One rule for every door: the CLI and the
// page resolve `auto` with their interface language, the engine (a share link) with the currency alone.
#include <optional>
#include <string_view>
#include <vector>

#include "catalog.hpp"
#include "scenario.hpp"
#include "text.hpp"

namespace gw {

// The payment methods --pay accepts, in the order shown.
const std::vector<const char*>& payment_methods();
// Explicit cn/any wins; auto is cn for CNY or a Chinese interface, else any.
Market resolve_market(Market m, std::string_view currency, std::optional<Lang> ui_lang = std::nullopt);
// The user's filters: every method in `pay` must be... one of them confirmed by a source (unknown is not
// confirmed); `invoice` needs a VAT invoice confirmed; `mainland` needs mainland reach confirmed.
bool access_allowed(const Provider&, const Constraints&);
// How far back the cn market ranks a provider: 0 a mainland student can pay (Alipay, WeChat Pay or UnionPay
// confirmed), 1 not known, 2 dollars only or those methods refused, or not reachable from the mainland.
// Always 0 for Market::any.
int market_tier(const Provider&, Market resolved);
// The row note for tiers 1 and 2, both languages; empty for tier 0.
Text market_note(const Provider&, int tier);
// The facts --pay/--invoice/--mainland test, each confirmed, refused or not known ("pay: none confirmed;
// VAT invoice: not known; from mainland China: yes"): why a provider was filtered out.
Text access_filter_facts(const Provider&);
// Every access fact of a provider in one paragraph, unknowns said as such, with the source and its date
// ("Pay: Alipay, WeChat Pay. From mainland China: yes. ..."); the page's catalog panel shows it.
Text access_summary(const Provider&);

}  // namespace gw
