// Energy and CO2e in the CLI's JSON and text.
#include "cli/energy_output.hpp"

#include "cli/cost_output.hpp"

namespace gw::cli {

nlohmann::json energy_json(const Energy& e, Lang lang) {
  using nlohmann::json;
  json grid = nullptr;
  if (e.grid)
    grid = {{"key", std::string(e.grid->key)},
            {"area", e.grid->area.in(lang)},
            {"kg_per_kwh", e.grid->kg_per_kwh},
            {"year", e.grid->year},
            {"gases", e.grid->gases.in(lang)},
            {"source", e.grid->source.in(lang)},
            {"url", "https://" + std::string(e.grid->url)}};
  return {{"known", e.known},
          {"kwh", e.known ? json(e.kwh) : json(nullptr)},
          {"kg_co2e", e.kg_co2e ? json(*e.kg_co2e) : json(nullptr)},
          {"board_w", e.known ? json(e.board_w) : json(nullptr)},
          {"pue", e.pue_known ? json(e.pue) : json(nullptr)},
          {"grid", grid},
          {"explain", explain_json(e.explain, lang)}};
}

std::string energy_text(const Energy& e, Lang lang, bool with_explain) {
  std::string out = energy_line(e).in(lang) + "\n";
  if (with_explain) out += explain_text(e.explain, lang);
  return out;
}

}  // namespace gw::cli
