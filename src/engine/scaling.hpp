#pragma once
// How a job scales over cards: one model for 1 to 64 cards, inside one machine and over a cluster of them.
//
// Inside a node the speed-up is n / (1 + alpha (n - 1)), alpha the share of a step lost to the gradient
// exchange, fitted to measured pairs (two RTX 3090 over PCIe give ~1.7x, the source article); NVLink parts
// lose less. Across nodes the data-parallel gradient all-reduce runs as a ring over the network:
//   all-reduce seconds = 2 (N - 1) / N x gradient bytes / bus bandwidth
// (ZeRO-3/FSDP moves 1.5x that: two all-gathers of the weights and a reduce-scatter of the gradients). The
// bus bandwidth is the node's network (per-GPU Gbit/s x cards / 8) times the share a fabric delivers to NCCL.
// The exchange overlaps with the backward pass (2/3 of the step); what sticks out beyond it, and at least the
// last bucket's share, adds to the step.
#include <string>

#include "catalog.hpp"
#include "text.hpp"

namespace gw {

struct ScalingInputs {
  int gpus = 1;                 // in all
  int nodes = 1;                // machines they are spread over
  const Offer* node = nullptr;  // its interconnect, for nodes > 1
  double step_s = 0;            // one optimizer step's compute on one card (all its micro-batches)
  double sync_bytes = 0;        // gradient bytes one step exchanges; 0: nothing to synchronise (inference)
  bool sharded = false;         // ZeRO-3/FSDP
};

struct Scaling {
  double speedup = 1;           // over one card
  double efficiency = 1;        // speedup / gpus
  double intra_efficiency = 1;  // the node's own share
  double inter_efficiency = 1;  // the network's share (1 on one node)
  double bus_gbs = 0;           // all-reduce bus bandwidth between nodes, GB/s
  double traffic_bytes = 0;     // each card sends this much per step
  double comm_s = 0;            // the all-reduce, per step
  double exposed_s = 0;         // of which not hidden behind the backward pass
};

Scaling gpu_scaling(const Gpu&, const ScalingInputs&);

// Can this offer be rented as N nodes of a cluster: its inter-node fabric is sourced and not "none", and N
// is within its max_nodes. `why` (when given) says what is missing, in both languages.
bool multi_node_ok(const Offer&, int nodes, Text* why = nullptr);
// Share of a fabric's line rate an NCCL all-reduce reaches (0 for "none" or unknown).
double fabric_efficiency(const std::string& inter_node);
// "NVLink 600 GB/s; InfiniBand 200 Gbit/s per GPU" / "NVLink 600 GB/s；InfiniBand 每卡 200 Gbit/s"; a piece
// with no source reads "unknown"; empty when the offer has no interconnect fact at all.
Text fabric_text(const Offer&);
// The network between nodes alone, short: "InfiniBand 200 Gbit/s"; empty when unknown.
Text network_text(const Offer&);

// A cluster of N spot nodes stops when any one node is interrupted. Each node's interruptions are a
// Poisson process of the provider's rate; independent ones add, so the cluster's rate is N times it
// (and its mean time between interruptions 1/N of a node's). 0 for a rate that is not a positive number.
double cluster_interruptions_per_hour(double per_node, int nodes);

}  // namespace gw
