#pragma once
// Energy and CO2e (engine/energy.hpp) in the CLI's outputs: JSON for --format json, and the short text
// `recommend`, `cost` and `estimate` print next to the money.
#include <nlohmann/json.hpp>
#include <string>

#include "engine/energy.hpp"

namespace gw::cli {

// {"known", "kwh", "kg_co2e" (null when unknown), "board_w", "pue" (null when unknown), "grid": {key, area,
// kg_per_kwh, year, gases, source} or null, "explain"}.
nlohmann::json energy_json(const Energy&, Lang);
// "Energy: 12.3 kWh (PUE 1.10); CO2e: 4.56 kg (...)" followed by the formula and its sources.
std::string energy_text(const Energy&, Lang, bool with_explain);

}  // namespace gw::cli
