// The validation set's multi-node cases ("kind": "scaling"): a published cluster's throughput on all its
// cards against a baseline run, beside what the scaling model (scaling.hpp) predicts for the same job on
// the same cluster. Scored as a speed ratio in the "scaling" category; the naive baseline is linear scaling.
#include <algorithm>
#include <cmath>
#include <string>
#include <type_traits>

#include "engine/estimate.hpp"
#include "engine/estimate_validation.hpp"
#include "engine/estimate_validation_detail.hpp"
#include "engine/scaling.hpp"

namespace gw::vdetail {

namespace {
// A speed-ratio row's kind, whether ValidationRow::kind is the kind's word or its enum.
template <class K>
K ratio_kind() {
  if constexpr (std::is_same_v<K, std::string>)
    return "ratio";
  else
    return K::ratio;
}
}  // namespace

void score_scaling(const std::string& id, const json& c, const Built& b, const Catalog& catalog,
                   ValidationReport& rep) {
  if (!c.contains("cluster") || !c["cluster"].is_object()) {
    rep.skipped.push_back({id, "a scaling case needs its cluster"});
    return;
  }
  const json& cl = c["cluster"];
  const Gpu* g = validation_gpu(catalog, str(cl, "gpu"));
  if (!g) {
    rep.skipped.push_back({id, "its GPU '" + str(cl, "gpu") + "' is not in the catalog"});
    return;
  }
  const int per_node = std::max(1, static_cast<int>(num(cl, "cards_per_node", 1)));
  const int nodes = std::max(1, static_cast<int>(num(cl, "nodes", 1)));
  const int base = std::max(1, static_cast<int>(num(cl, "baseline_gpus", 1)));
  const int gpus = per_node * nodes;
  // The cluster as an offer: the facts the case states about its links.
  Offer node;
  node.id = id;
  node.gpu = g->id;
  node.gpu_count = per_node;
  node.intra_node = str(cl, "intra_node");
  node.inter_node = str(cl, "inter_node");
  if (num(cl, "inter_node_gbps_per_gpu") > 0)
    node.inter_node_gbps_per_gpu = num(cl, "inter_node_gbps_per_gpu");
  if (nodes > 1 && !multi_node_ok(node, nodes)) {
    rep.skipped.push_back({id, "its network between nodes is not stated"});
    return;
  }
  EstimateOptions one;
  one.gpu_count = base;
  one.explain = false;
  EstimateOptions all = one;
  all.gpu_count = gpus;
  all.nodes = nodes;
  all.node = nodes > 1 ? &node : nullptr;
  const double t1 = estimate(b.w, *g, catalog, one).throughput;
  const double tn = estimate(b.w, *g, catalog, all).throughput;
  const double measured = num(c["measured"], "value");
  if (!(t1 > 0) || !(tn > 0) || !(measured > 0)) {
    rep.skipped.push_back({id, "the model cannot run its job, or it states no measured efficiency"});
    return;
  }
  // Efficiency against the baseline scaled linearly; linear scaling itself is the naive guess.
  const double predicted = tn / (t1 * gpus / base);
  rep.rows.push_back({id, ratio_kind<decltype(ValidationRow::kind)>(),
                      std::to_string(nodes) + "x" + std::to_string(per_node) + " " + g->id, measured,
                      predicted, predicted / measured - 1, 1.0 / measured - 1, "scaling efficiency",
                      std::to_string(gpus) + " GPUs against " + std::to_string(base), "scaling"});
}

}  // namespace gw::vdetail
