// Serving mode's part of the report (serve.hpp): each row's service numbers, the pick's sentence and the
// report's warnings. recommend.cpp has already dropped what cannot hold the users or meet the targets, and
// billed every row for the period's paid hours, so the ranking by cost is the period's cost.
#include <map>
#include <utility>

#include "engine/recommend_internal.hpp"

namespace gw::rec {

void add_serve_rows(const Context& x, const std::map<std::pair<std::size_t, int>, int>& variant_of,
                    Report& report) {
  for (Row& row : report.rows) {
    const auto v = variant_of.find({row.offer_index, row.cards});
    const Gpu* g = x.catalog.gpu(row.gpu);
    if (v == variant_of.end() || !g || row.offer_index >= x.catalog.offers.size()) continue;
    const Workload& vw = x.variants[static_cast<std::size_t>(v->second)].workload;
    const ServePerf perf =
        serve_perf(vw, *g, x.catalog, row.cards, x.catalog.offers[row.offer_index].derate, row.detailed);
    row.serve_cost = serve_cost(vw, perf, row.cost.likely, report.currency);
    // The batch job's time explanation would describe tokens to generate; a service is judged by these.
    if (row.detailed) row.time_explain = perf.speed_explain;
    row.serve = perf;
  }
  report.warnings.push_back(
      {"Serving: spot offers are left out (an interruption takes the service down); "
       "rows are billed for the period's paid hours and ranked by that bill.",
       "服务模式：不考虑竞价实例（一次中断就会让服务下线）；各方案按在线期间的计费小时"
       "计费，并按该账单排名。"});
  if (report.rows.empty() || !report.rows.front().serve || !report.rows.front().serve_cost) return;
  const Row& pick = report.rows.front();
  const Text line = serve_line(*pick.serve, *pick.serve_cost, report.currency);
  report.summary.en += " " + line.en;
  report.summary.zh += line.zh;
}

}  // namespace gw::rec
