#pragma once
// Shared by the bill tests (discounts, programmes, packages): a yuan provider, the job alone, a request.
#include <algorithm>
#include <string>
#include <vector>

#include "engine/cost.hpp"

namespace gwcost {

// A provider billing in CNY from the instance's creation, with no programmes of its own.
inline gw::Provider cn_provider() {
  gw::Provider p;
  p.id = "cn";
  p.name = {"CN Cloud", "国内云"};
  p.currency = "CNY";
  p.market = gw::ProviderMarket::cn;
  p.bills_from_creation = true;
  return p;
}

// The job alone: no setup, idle, disk or transfer, so the GPU lines are all there is.
inline gw::Constraints job_only() {
  gw::Constraints c;
  c.setup_hours = 0;
  c.idle_tail_hours = 0;
  c.disk_gb = 0;
  c.dataset_gb = 0;
  c.egress_gb = 0;
  return c;
}

// `h` hours at a flat `price` per hour (low, likely and high alike), optionally with packages.
inline gw::BillRequest hours_at(double h, double price, const char* currency = "CNY",
                                const std::vector<gw::Package>* packages = nullptr) {
  gw::BillRequest r;
  r.run_hours = {h, h, h};
  r.price_per_hour = {price, price, price};
  r.price_currency = currency;
  r.packages = packages;
  return r;
}

inline gw::Program program(const char* id, gw::ProgramKind kind) {
  gw::Program p;
  p.id = id;
  p.kind = kind;
  p.name = {id, id};
  return p;
}

inline bool applied(const gw::Bill& b, const std::string& id) {
  return std::any_of(b.programs.begin(), b.programs.end(),
                     [&](const gw::AppliedProgram& a) { return a.id == id; });
}

}  // namespace gwcost
