#pragma once
// Energy and CO2 of one job (issue 18 item 5).
//
//   kWh     = board power under load (W) / 1000 x hours x cards x PUE
//   kg CO2e = kWh x grid factor (kg per kWh) of the offer's region
//
// Board power is the GPU's TDP from the catalog (no sourced figure of its draw under a training load beats
// it for every card; a job rarely holds a card at TDP throughout, so this is the top of the range). PUE is
// the data centre's where its operator publishes one (AWS, Google, Microsoft); elsewhere it is unknown and
// the kWh counts the cards alone, without cooling, and says so. The grid factor comes from a small table of
// sourced national (or regional) averages, each with its year; an offer whose region the catalog does not
// pin to one grid (a marketplace, "global hosts", several countries) has no factor: its CO2 is unknown,
// never a guess. The tables are data with citations, in energy.cpp; docs/energy.md lists them.
#include <optional>
#include <string_view>
#include <vector>

#include "catalog.hpp"
#include "estimate.hpp"
#include "text.hpp"

namespace gw {

// The emission factor of one grid.
struct GridFactor {
  std::string_view key;   // "cn", "us", "de"
  Text area;              // {"mainland China", "中国大陆"}
  double kg_per_kwh = 0;  // kg CO2 (or CO2e, see `gases`) per kWh
  int year = 0;           // the year the factor describes
  Text gases;             // what it counts: "CO2, electricity consumed" / "CO2e, lifecycle of generation"
  Text source;            // publisher, title, figure and date, in both languages
  std::string_view url;   // without the scheme ("www.eia.gov/..."): an identifier in either language
};
const std::vector<GridFactor>& grid_factors();
const GridFactor* find_grid_factor(std::string_view key);
// The grid an offer draws from, by its provider and region as the catalog writes them; nullptr when the
// region is not one known grid (or no sourced factor covers it).
const GridFactor* grid_for_offer(const Offer& offer);

// A data centre operator's published fleet-wide PUE.
struct PueFactor {
  std::string_view provider;  // Provider::id
  double pue = 1;
  int year = 0;
  Text source;
  std::string_view url;  // without the scheme
};
const std::vector<PueFactor>& pue_factors();
const PueFactor* pue_for_provider(std::string_view provider_id);

// kWh of `cards` cards drawing `board_w` each for `hours`, times `pue` (1 when unknown). The one formula:
// the recommender, `cost`, `estimate` and `buy` all call it. Never negative, never NaN.
double energy_kwh(double board_w, double hours, int cards, double pue);

struct EnergyInputs {
  std::optional<double> board_w;  // per card, under load (the TDP); unknown: no kWh
  double hours = 0;               // the job's hours the cards run (spot: expected, with rework)
  int cards = 1;
  const PueFactor* pue = nullptr;    // nullptr: unknown, the kWh excludes cooling
  const GridFactor* grid = nullptr;  // nullptr: unknown, no CO2
};

struct Energy {
  bool known = false;             // false: the board power is unknown, so is everything else
  double kwh = 0;                 // the job's energy (meaningful when `known`)
  std::optional<double> kg_co2e;  // set when `known` and the grid is known
  double board_w = 0;
  double pue = 1;  // 1 when unknown
  bool pue_known = false;
  const GridFactor* grid = nullptr;
  Explain explain;  // formula, inputs and sources (when asked for)
};
// Pure; `explain` false skips the text (the ranking computes it for every candidate).
Energy job_energy(const EnergyInputs&, bool explain = true);
// The inputs for one offer of the catalog: board power = its GPU's TDP, PUE by provider, grid by region.
EnergyInputs offer_energy_inputs(const Offer& offer, const Gpu& gpu, double hours);

// "12.3 kWh" / "4.56 kg" for tables and summaries: a few significant digits; "?" / "未知" when unknown.
std::string format_kwh(const Energy&, Lang = Lang::en);
std::string format_kg_co2e(const Energy&, Lang = Lang::en);
// One line for a summary: "Energy: 12.3 kWh (...); CO2e: 4.56 kg (...)".
Text energy_line(const Energy&);

}  // namespace gw
