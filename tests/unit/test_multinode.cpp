// Multi-node (issue 18 item 4): the scaling model across nodes, clusters in the recommender, and their bill.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "engine/cost.hpp"
#include "engine/recommend.hpp"
#include "engine/scaling.hpp"
#include "test_recommend_fixtures.hpp"

namespace {

gw::Offer node_offer(const char* inter, double gbps_per_gpu, const char* intra = "nvlink") {
  gw::Offer o;
  o.id = "test-x8";
  o.gpu = "a100-40gb-sxm4";
  o.gpu_count = 8;
  o.intra_node = intra;
  o.intra_node_gbs = 600;
  o.inter_node = inter;
  o.inter_node_gbps_per_gpu = gbps_per_gpu;
  return o;
}

// 16 A100s over two nodes, a 1.5B-parameter model's fp32 gradients (6 GB), 0.5 s of compute per step.
gw::Scaling sixteen(const gw::Gpu& g, const gw::Offer& o) {
  gw::ScalingInputs in;
  in.gpus = 16;
  in.nodes = 2;
  in.node = &o;
  in.step_s = 0.5;
  in.sync_bytes = 6e9;
  return gw::gpu_scaling(g, in);
}

const gw::Gpu& gpu(const char* id) {
  const gw::Gpu* g = gw::test::bundled_catalog().gpu(id);
  REQUIRE(g != nullptr);
  return *g;
}

// A USD provider whose disks cost $0.10 per GB-month, and a 500 GB disk on it.
gw::Provider disk_provider() {
  gw::Provider p;
  p.id = "p";
  p.currency = "USD";
  p.disk_running_per_gb_month = 0.1;
  return p;
}
gw::Constraints disk_constraints() {
  gw::Constraints c;
  c.currency = "USD";
  c.disk_gb = 500;
  return c;
}
// One node at $20 an hour for 10 h, or `nodes` of them (the caller prices every node, recommend.cpp).
gw::BillRequest nodes_for_10h(int nodes) {
  gw::BillRequest r;
  r.run_hours = {10, 10, 10};
  r.price_per_hour = {20.0 * nodes, 20.0 * nodes, 20.0 * nodes};
  r.price_currency = "USD";
  r.nodes = nodes;
  return r;
}

}  // namespace

TEST_CASE("multinode: one node keeps the measured in-node model (two RTX 3090 over PCIe ~1.7x)") {
  CHECK(gw::multi_gpu_speedup(gpu("rtx-3090"), 2) == doctest::Approx(2 / 1.176));
  CHECK(gw::multi_gpu_speedup(gpu("rtx-3090"), 1) == 1);
  // NVLink loses less inside a node than PCIe.
  CHECK(gw::multi_gpu_speedup(gpu("a100-40gb-sxm4"), 8) > gw::multi_gpu_speedup(gpu("l40s"), 8));
  CHECK(gw::multi_gpu_speedup(gpu("l40s"), 8) > gw::multi_gpu_speedup(gpu("rtx-4090"), 8));
}

TEST_CASE("multinode: the ring all-reduce formula, by hand") {
  const gw::Offer ib = node_offer("infiniband", 200);
  gw::ScalingInputs in;
  in.gpus = 16;
  in.nodes = 2;
  in.node = &ib;
  in.step_s = 0.009;
  in.sync_bytes = 1e9;
  const gw::Scaling s = gw::gpu_scaling(gpu("a100-40gb-sxm4"), in);
  // bus = 200 Gbit/s x 8 cards / 8 x 0.85 = 170 GB/s; traffic = 2 x 15/16 x 1 GB = 1.875 GB
  CHECK(s.bus_gbs == doctest::Approx(170));
  CHECK(s.traffic_bytes == doctest::Approx(1.875e9));
  CHECK(s.comm_s == doctest::Approx(1.875e9 / 170e9));
  // hidden behind the backward pass (2/3 of 9 ms); the rest sticks out
  CHECK(s.exposed_s == doctest::Approx(1.875e9 / 170e9 - 0.006));
  CHECK(s.inter_efficiency == doctest::Approx(0.009 / (0.009 + s.exposed_s)));
  CHECK(s.speedup == doctest::Approx(16 * s.intra_efficiency * s.inter_efficiency));
  // ZeRO-3/FSDP moves 1.5x the bytes.
  in.sharded = true;
  CHECK(gw::gpu_scaling(gpu("a100-40gb-sxm4"), in).traffic_bytes == doctest::Approx(1.5 * 1.875e9));
  // Inference synchronises nothing: the nodes scale as the node does.
  in.sync_bytes = 0;
  CHECK(gw::gpu_scaling(gpu("a100-40gb-sxm4"), in).inter_efficiency == 1);
}

TEST_CASE("multinode: efficiency falls from InfiniBand to EFA to Ethernet") {
  const gw::Gpu& a100 = gpu("a100-40gb-sxm4");
  const gw::Scaling ib = sixteen(a100, node_offer("infiniband", 200));
  const gw::Scaling efa = sixteen(a100, node_offer("efa", 50));
  const gw::Scaling eth = sixteen(a100, node_offer("ethernet", 25.0 / 8));  // 25 Gbit/s for the node
  CHECK(ib.efficiency > efa.efficiency);
  CHECK(efa.efficiency > eth.efficiency);
  CHECK(eth.efficiency < 0.5);  // 6 GB over 25 GbE takes seconds per step
  // and a cluster is never faster per card than one node of it
  CHECK(ib.efficiency <= gw::multi_gpu_speedup(a100, 8) / 8 + 1e-12);
}

TEST_CASE("multinode: who may be a cluster") {
  gw::Text why;
  CHECK(gw::multi_node_ok(node_offer("infiniband", 200), 4));
  gw::Offer unknown = node_offer("", 0);
  unknown.inter_node_gbps_per_gpu.reset();
  CHECK_FALSE(gw::multi_node_ok(unknown, 2, &why));
  CHECK(why.en.find("no source") != std::string::npos);
  CHECK_FALSE(gw::multi_node_ok(node_offer("none", 0), 2, &why));
  CHECK(why.en.find("single machine") != std::string::npos);
  gw::Offer capped = node_offer("roce", 100);
  capped.max_nodes = 2;
  CHECK(gw::multi_node_ok(capped, 2));
  CHECK_FALSE(gw::multi_node_ok(capped, 4, &why));
  CHECK(gw::multi_node_ok(unknown, 1));  // one node needs no network
  CHECK(gw::fabric_text(node_offer("infiniband", 200)).en ==
        "NVLink 600 GB/s; InfiniBand 200 Gbit/s per GPU");
  CHECK(gw::fabric_text(gw::Offer{}).empty());
}

TEST_CASE("multinode: --cards 16 gives clusters of two 8-card nodes, billed for both") {
  gw::Scenario s = gw::test::scenario_for("gpt2-355m-train");
  s.constraints.card_counts = {16, 32};
  s.constraints.currency = "USD";
  s.constraints.spot = gw::SpotPolicy::deny;
  const gw::Catalog& cat = gw::test::bundled_catalog();
  const gw::Report r = gw::recommend(s, cat);
  REQUIRE_FALSE(r.rows.empty());
  bool saw32 = false;
  for (const gw::Row& row : r.rows) {
    const gw::Offer* o = cat.offer(row.offer);
    REQUIRE(o != nullptr);
    CHECK(row.nodes * o->gpu_count == row.cards);
    CHECK(row.nodes >= 2);
    CHECK(gw::multi_node_ok(*o, row.nodes));
    CHECK_FALSE(row.network.empty());
    // Every node's price: the cluster's hourly price is nodes x the offer's (USD offers, USD answer).
    if (o->currency == "USD" && !row.price_edited)
      CHECK(row.price_per_hour == doctest::Approx(o->on_demand_per_hour * row.nodes));
    CHECK(row.scaling_efficiency <
          gw::multi_gpu_speedup(*cat.gpu(row.gpu), o->gpu_count) / o->gpu_count + 1e-9);
    saw32 = saw32 || row.cards == 32;
  }
  CHECK(saw32);
}

TEST_CASE("multinode: an offer with no network between nodes gives no 16-card row, and the answer says why") {
  gw::Scenario s = gw::test::scenario_for("gpt2-355m-train");
  s.constraints.card_counts = {16};
  s.constraints.providers = {"autodl"};
  const gw::Report r = gw::recommend(s, gw::test::bundled_catalog());
  CHECK(r.rows.empty());
  const bool said = std::any_of(r.warnings.begin(), r.warnings.end(), [](const gw::Text& t) {
    return t.en.find("16 cards: no offer has that many in one machine") != std::string::npos &&
           t.zh.find("16 张卡") != std::string::npos;
  });
  CHECK(said);
}

TEST_CASE("multinode: the bill counts every node's disk and add-ons, the egress once") {
  gw::Provider p = disk_provider();
  p.egress_per_gb = 0.09;
  gw::Constraints c = disk_constraints();
  c.extras_per_month = 30;
  c.egress_gb = 100;
  c.internal_network = false;
  const gw::Bill b1 = gw::price_bill(p, c, 7, nodes_for_10h(1));
  const gw::Bill b2 = gw::price_bill(p, c, 7, nodes_for_10h(2));
  CHECK(b2.storage.likely == doctest::Approx(2 * b1.storage.likely));
  CHECK(b2.extras.likely == doctest::Approx(2 * b1.extras.likely));
  CHECK(b2.gpu.likely == doctest::Approx(2 * b1.gpu.likely));
  CHECK(b2.transfer.likely == doctest::Approx(b1.transfer.likely));
  CHECK(b1.storage.likely > 0);
  CHECK(b1.transfer.likely > 0);
}

TEST_CASE("multinode: a disk kept after the run is billed, and said to be billed, for every node") {
  gw::Constraints c = disk_constraints();
  c.storage_months = 2;  // kept long after the 10 h run
  auto stopped = [&](int nodes) {
    const gw::Bill b = gw::price_bill(disk_provider(), c, 7, nodes_for_10h(nodes));
    const auto it = std::find_if(b.lines.begin(), b.lines.end(), [](const gw::CostLine& l) {
      return l.kind == gw::CostKind::storage_stopped;
    });
    REQUIRE(it != b.lines.end());
    return *it;
  };
  const gw::CostLine l1 = stopped(1), l4 = stopped(4);
  CHECK(l4.amount.likely == doctest::Approx(4 * l1.amount.likely));
  CHECK(l1.label.en == "Disk while stopped (until deleted)");
  CHECK(l4.label.en.find("every node") != std::string::npos);
  CHECK(l4.label.zh.find("每个节点") != std::string::npos);
  CHECK(l4.explain.formula.en.find("nodes") != std::string::npos);
  const bool lists_nodes = std::any_of(l4.explain.inputs.begin(), l4.explain.inputs.end(),
                                       [](const gw::ExplainInput& in) { return in.value == 4; });
  CHECK(lists_nodes);
}

TEST_CASE("multinode: a cluster of N spot nodes is interrupted N times as often as one node") {
  CHECK(gw::cluster_interruptions_per_hour(0.04, 1) == doctest::Approx(0.04));
  CHECK(gw::cluster_interruptions_per_hour(0.04, 4) == doctest::Approx(0.16));
  CHECK(gw::cluster_interruptions_per_hour(0.04, 0) == doctest::Approx(0.04));
  CHECK(gw::cluster_interruptions_per_hour(0, 8) == 0);
  CHECK(gw::cluster_interruptions_per_hour(std::nan(""), 8) == 0);
  // In the recommender: AWS p4d spot as one 8-card node and as a cluster of two. The rate shows in the
  // spot simulation's expected interruptions per hour of wall clock.
  gw::Scenario s = gw::test::scenario_for("gpt2-355m-train");
  s.constraints.card_counts = {8, 16};
  s.constraints.currency = "USD";
  s.constraints.spot = gw::SpotPolicy::only;
  s.constraints.providers = {"aws"};
  const gw::Catalog& cat = gw::test::bundled_catalog();
  const gw::Report r = gw::recommend(s, cat);
  const gw::Row* node = nullptr;
  const gw::Row* pair = nullptr;
  for (const gw::Row& row : r.rows)
    if (row.offer == "aws-us-east-1-a100-40gb-sxm4-x8" && row.spot) (row.nodes == 2 ? pair : node) = &row;
  REQUIRE(node != nullptr);
  REQUIRE(pair != nullptr);
  const double rate1 = node->spot->expected_interruptions / node->spot->expected_hours;
  const double rate2 = pair->spot->expected_interruptions / pair->spot->expected_hours;
  CHECK(rate2 == doctest::Approx(2 * rate1).epsilon(0.05));
}
