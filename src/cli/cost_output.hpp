#pragma once
// Output shared by `recommend` and `cost`: bills, spot results and rows as JSON (every field) and as
// terminal text, in the chosen language.
#include <nlohmann/json.hpp>
#include <string>

#include "engine/cost.hpp"
#include "engine/recommend.hpp"
#include "engine/spot.hpp"

namespace gw::cli {

nlohmann::json range_json(const Range&);
nlohmann::json explain_json(const Explain&, Lang);
nlohmann::json bill_json(const Bill&, Lang);
nlohmann::json spot_json(const SpotResult&, Lang);
nlohmann::json row_json(const Row&, const Report&, Lang);

// "¥12.30-¥15.10" (or one figure when low == high).
std::string money_range(const Range&, const std::string& currency);
std::string hours_range(const Range&, Lang);
// A bill's lines as an aligned block: label, amount range, formula; then total and notes.
std::string bill_text(const Bill&, Lang, bool with_formulas);

// The catalog's cheapest on-demand price per card for a GPU, in `currency`; nullptr when none is listed.
const Offer* cheapest_offer(const Catalog&, const Gpu&, const std::string& currency, double usd_cny,
                            double& per_card_price);
// Same for a loose query ("a100" covers every A100 variant): the cheapest card among the matches.
// Throws Exit(kUsage) naming the flag when nothing matches or no match has an offer.
const Offer& cheapest_offer_matching(const Catalog&, const std::string& flag, const std::string& query,
                                     const std::string& currency, double usd_cny, double& per_card_price);
// Resolves --gpu loosely; throws Exit(kUsage) naming the flag when it matches none or several.
const Gpu& resolve_gpu_flag(const Catalog&, const std::string& flag, const std::string& query);
// A two-column "quantity / value" table plus formula and notes, or JSON of the same.
struct KeyValues {
  std::vector<std::pair<std::string, std::string>> rows;  // label, formatted value
  nlohmann::json json = nlohmann::json::object();
};
std::string render_key_values(const KeyValues&, const Explain&, const std::vector<Text>& notes, Lang,
                              const std::string& format);

}  // namespace gw::cli
