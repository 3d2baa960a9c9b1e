// The scaling model of scaling.hpp, and multi_gpu_speedup (estimate.hpp) as its one-node case.
#include "engine/scaling.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "engine/estimate.hpp"

namespace gw {

namespace {

// Share of a step lost to the exchange per extra card inside one node (the source article's 2 x RTX 3090 over
// PCIe: ~1.7x, alpha 0.176; datacenter PCIe 0.10; NVLink 0.05).
double node_alpha(const Gpu& gpu) {
  if (gpu.segment == "consumer") return 0.176;
  return gpu.has_nvlink ? 0.05 : 0.10;
}

// The backward pass is about 2/3 of a training step (twice the forward's FLOPs); DDP and FSDP start the
// exchange of a bucket as soon as its gradients are ready, so the exchange can hide behind it.
constexpr double kBackwardShare = 2.0 / 3.0;
// The last bucket (the first layers' gradients, ready only when the backward ends) is never hidden.
constexpr double kTailShare = 0.1;

std::string num(double v, int decimals) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
  return buf;
}

}  // namespace

double fabric_efficiency(const std::string& inter_node) {
  // What nccl-tests' all-reduce bus bandwidth reaches of the line rate: RDMA fabrics most of it, plain TCP
  // sockets about half (the kernel's copies and the CPU in the path).
  if (inter_node == "infiniband") return 0.85;
  if (inter_node == "roce") return 0.8;
  if (inter_node == "efa") return 0.8;
  if (inter_node == "ethernet") return 0.5;
  return 0;
}

double cluster_interruptions_per_hour(double per_node, int nodes) {
  if (!(per_node > 0) || !std::isfinite(per_node)) return 0;
  return per_node * std::max(1, nodes);
}

bool multi_node_ok(const Offer& o, int nodes, Text* why) {
  if (nodes <= 1) return true;
  // The reason is worded only when asked for: recommend() asks this of every offer and card count, and
  // wording every refusal cost ~960 allocations a call.
  auto fail = [&](const char* en, const char* zh) {
    if (why) *why = {en, zh};
    return false;
  };
  if (o.inter_node.empty())
    return fail("no source gives its network between machines, so it is not offered as a cluster",
                "没有来源说明它的机间网络，所以不作为多机集群推荐");
  if (o.inter_node == "none")
    return fail("it is a single machine: the provider links no nodes", "它只是单台机器：平台不提供机间互联");
  if (!o.inter_node_gbps_per_gpu || fabric_efficiency(o.inter_node) <= 0)
    return fail("its network bandwidth is not known", "其机间带宽未知");
  if (o.max_nodes && nodes > *o.max_nodes) {
    if (why)
      *why = {"a cluster of it has at most " + std::to_string(*o.max_nodes) + " nodes",
              "它的集群最多 " + std::to_string(*o.max_nodes) + " 个节点"};
    return false;
  }
  return true;
}

namespace {
const std::pair<const char*, Text> kNetworkNames[] = {{"none", {"single node", "仅单机"}},
                                                      {"infiniband", {"InfiniBand", "InfiniBand"}},
                                                      {"roce", {"RoCE", "RoCE"}},
                                                      {"efa", {"EFA", "EFA"}},
                                                      {"ethernet", {"Ethernet", "以太网"}}};
}  // namespace

Text network_text(const Offer& o) {
  Text t;
  for (const auto& [key, label] : kNetworkNames)
    if (o.inter_node == key) t = label;
  if (!t.empty() && o.inter_node_gbps_per_gpu && o.inter_node != "none") {
    t.en += " " + num(*o.inter_node_gbps_per_gpu, 0) + " Gbit/s";
    t.zh += " " + num(*o.inter_node_gbps_per_gpu, 0) + " Gbit/s";
  }
  return t;
}

Text fabric_text(const Offer& o) {
  Text t;
  if (o.intra_node.empty() && o.inter_node.empty()) return t;
  if (o.intra_node.empty()) {
    t = {"in-node link unknown", "机内互联未知"};
  } else {
    const std::string name = o.intra_node == "nvlink" ? "NVLink" : "PCIe";
    const std::string bw = o.intra_node_gbs ? " " + num(*o.intra_node_gbs, 0) + " GB/s" : "";
    t = {name + bw, name + bw};
  }
  Text inter{"network unknown", "机间网络未知"};
  for (const auto& [key, label] : kNetworkNames)
    if (o.inter_node == key) inter = label;
  if (o.inter_node_gbps_per_gpu && o.inter_node != "none") {
    inter.en += " " + num(*o.inter_node_gbps_per_gpu, 0) + " Gbit/s per GPU";
    inter.zh += " 每卡 " + num(*o.inter_node_gbps_per_gpu, 0) + " Gbit/s";
  }
  t.en += "; " + inter.en;
  t.zh += "；" + inter.zh;
  return t;
}

Scaling gpu_scaling(const Gpu& gpu, const ScalingInputs& in) {
  Scaling s;
  const int n = std::max(1, in.gpus);
  const int nodes = std::clamp(in.nodes, 1, n);
  const double k = static_cast<double>(n) / nodes;  // cards per node
  const double alpha = node_alpha(gpu);
  s.intra_efficiency = 1.0 / (1.0 + alpha * (k - 1.0));
  if (nodes > 1 && in.node) {
    const Offer& o = *in.node;
    const double per_gpu_gbps = o.inter_node_gbps_per_gpu.value_or(0);
    s.bus_gbs = per_gpu_gbps * k / 8.0 * fabric_efficiency(o.inter_node);
    s.traffic_bytes = 2.0 * (n - 1.0) / n * std::max(0.0, in.sync_bytes) * (in.sharded ? 1.5 : 1.0);
    const double step = std::max(in.step_s, 0.0);
    if (s.traffic_bytes > 0 && s.bus_gbs > 0) {
      s.comm_s = s.traffic_bytes / (s.bus_gbs * 1e9);
      s.exposed_s = std::max(s.comm_s - kBackwardShare * step, kTailShare * s.comm_s);
      s.inter_efficiency = step > 0 ? step / (step + s.exposed_s) : 1.0;
    } else if (s.traffic_bytes > 0) {
      s.inter_efficiency = 0;  // no usable network: callers never build such a cluster (multi_node_ok)
    }
  }
  s.speedup = n * s.intra_efficiency * s.inter_efficiency;
  if (!std::isfinite(s.speedup) || s.speedup <= 0) s.speedup = 1;
  s.efficiency = s.speedup / n;
  return s;
}

double multi_gpu_speedup(const Gpu& gpu, int gpu_count) {
  ScalingInputs in;
  in.gpus = gpu_count;
  return gpu_scaling(gpu, in).speedup;
}

}  // namespace gw
